use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The audit trail of admins' changes to payments (docs/decisions/0097-payment-audit-log.md): one
/// row per change, kept with the payment; the admin's e-mail stays when their account is deleted.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PaymentAudit {
    Table,
    Id,
    PaymentId,
    At,
    ActorId,
    ActorEmail,
    FromStatus,
    ToStatus,
    Note,
}

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PaymentAudit::Table)
                    .col(id(PaymentAudit::Id))
                    .col(string(PaymentAudit::PaymentId, 36))
                    .col(timestamp(PaymentAudit::At))
                    .col(string_null(PaymentAudit::ActorId, 36))
                    .col(string(PaymentAudit::ActorEmail, 254))
                    .col(string(PaymentAudit::FromStatus, 20))
                    .col(string(PaymentAudit::ToStatus, 20))
                    .col(text_null(PaymentAudit::Note))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payment_audit_payment")
                            .from(PaymentAudit::Table, PaymentAudit::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payment_audit_actor")
                            .from(PaymentAudit::Table, PaymentAudit::ActorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_payment_audit_payment_at")
                    .table(PaymentAudit::Table)
                    .col(PaymentAudit::PaymentId)
                    .col(PaymentAudit::At)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PaymentAudit::Table).to_owned()).await
    }
}

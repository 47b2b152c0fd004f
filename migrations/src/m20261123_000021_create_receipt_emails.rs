use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The receipt e-mails to send (an outbox, ADR 0091). The row for a completed payment is written
/// in the transaction that completes it, under the id `completed:<payment id>`, so a payment gets
/// one however often its completion is reported; an admin's resend adds a row of its own. A sender
/// claims a row with a conditional update (unsent, no unexpired claim) and marks it sent.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ReceiptEmails {
    Table,
    Id,
    PaymentId,
    Reason,
    RequestedBy,
    CreatedAt,
    ClaimedUntil,
    Attempts,
    SentAt,
    LastError,
}

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ReceiptEmails::Table)
                    .col(ColumnDef::new(ReceiptEmails::Id).string_len(100).not_null().primary_key())
                    .col(string(ReceiptEmails::PaymentId, 36))
                    .col(string(ReceiptEmails::Reason, 20))
                    .col(string_null(ReceiptEmails::RequestedBy, 36))
                    .col(timestamp(ReceiptEmails::CreatedAt))
                    .col(timestamp_null(ReceiptEmails::ClaimedUntil))
                    .col(ColumnDef::new(ReceiptEmails::Attempts).integer().not_null().default(0))
                    .col(timestamp_null(ReceiptEmails::SentAt))
                    .col(text_null(ReceiptEmails::LastError))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_receipt_emails_payment")
                            .from(ReceiptEmails::Table, ReceiptEmails::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_receipt_emails_unsent")
                    .table(ReceiptEmails::Table)
                    .col(ReceiptEmails::SentAt)
                    .col(ReceiptEmails::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_receipt_emails_payment").table(ReceiptEmails::Table).col(ReceiptEmails::PaymentId).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ReceiptEmails::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;
use crate::m20261121_000001_create_users_and_gotrams::Users;
use crate::m20261121_000002_create_events::Events;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
    EventId,
    EventName,
    UserId,
    PaymentDate,
    PaymentMethod,
    AmountCents,
    Currency,
    Status,
    Provider,
    TransactionId,
    ClientSecretHash,
    DonationDetails,
    ReceiptUrl,
    ReceiptNumber,
    IdempotencyKey,
    DonorName,
    DonorEmail,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ProcessedWebhookEvents {
    Table,
    Id,
    EventType,
    ProcessedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Payments::Table)
                    .col(id(Payments::Id))
                    .col(string_null(Payments::EventId, 36))
                    .col(string_null(Payments::EventName, 200))
                    .col(string_null(Payments::UserId, 36))
                    .col(timestamp(Payments::PaymentDate))
                    .col(string(Payments::PaymentMethod, 20))
                    .col(ColumnDef::new(Payments::AmountCents).big_integer().not_null())
                    .col(ColumnDef::new(Payments::Currency).string_len(3).not_null().default("usd"))
                    .col(string(Payments::Status, 20))
                    .col(string(Payments::Provider, 20))
                    .col(string_null(Payments::TransactionId, 255).unique_key().take())
                    .col(string_null(Payments::ClientSecretHash, 64))
                    .col(text(Payments::DonationDetails))
                    .col(text_null(Payments::ReceiptUrl))
                    .col(string_null(Payments::ReceiptNumber, 64).unique_key().take())
                    .col(string_null(Payments::IdempotencyKey, 255).unique_key().take())
                    .col(string_null(Payments::DonorName, 200))
                    .col(string_null(Payments::DonorEmail, 254))
                    .col(timestamp(Payments::CreatedAt))
                    .col(timestamp(Payments::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payments_event")
                            .from(Payments::Table, Payments::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payments_user")
                            .from(Payments::Table, Payments::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_payments_event", Payments::EventId),
            ("idx_payments_user", Payments::UserId),
            ("idx_payments_status", Payments::Status),
            ("idx_payments_payment_date", Payments::PaymentDate),
        ] {
            manager.create_index(Index::create().name(name).table(Payments::Table).col(column).to_owned()).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(ProcessedWebhookEvents::Table)
                    .col(ColumnDef::new(ProcessedWebhookEvents::Id).string_len(255).not_null().primary_key())
                    .col(string(ProcessedWebhookEvents::EventType, 100))
                    .col(timestamp(ProcessedWebhookEvents::ProcessedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ProcessedWebhookEvents::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Payments::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Recurring gifts by card (docs/product.md#recurring-gifts, ADR 0136): the gift and its
/// schedule, the saved card's provider ids and what the donor sees of it (brand, last four,
/// expiry; never its number), each charge attempt (a payment of the ledger), and the e-mails the
/// charges owe (an outbox written in the charge's transaction).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RecurringGifts {
    Table,
    Id,
    UserId,
    DonorName,
    DonorEmail,
    AmountCents,
    FundId,
    Frequency,
    AnchorDay,
    StartOn,
    NextChargeOn,
    RetryOn,
    Status,
    PausedBy,
    Failures,
    LastError,
    Receipts,
    Provider,
    CustomerId,
    PaymentMethodId,
    CardBrand,
    CardLast4,
    CardExpMonth,
    CardExpYear,
    SetupIntentId,
    SetupSecretHash,
    IdempotencyKey,
    CreatedAt,
    UpdatedAt,
    PausedAt,
    CanceledAt,
}

#[derive(DeriveIden)]
enum RecurringCharges {
    Table,
    PaymentId,
    GiftId,
    PeriodOn,
    Attempt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum RecurringGiftEmails {
    Table,
    Id,
    GiftId,
    Kind,
    Detail,
    CreatedAt,
    ClaimedUntil,
    Attempts,
    SentAt,
    LastError,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Funds {
    Table,
    Id,
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
                    .table(RecurringGifts::Table)
                    .col(ColumnDef::new(RecurringGifts::Id).string_len(36).not_null().primary_key())
                    .col(string_null(RecurringGifts::UserId, 36))
                    .col(string(RecurringGifts::DonorName, 200))
                    .col(string(RecurringGifts::DonorEmail, 254))
                    .col(ColumnDef::new(RecurringGifts::AmountCents).big_integer().not_null())
                    .col(string(RecurringGifts::FundId, 36))
                    .col(string(RecurringGifts::Frequency, 16))
                    .col(ColumnDef::new(RecurringGifts::AnchorDay).integer().not_null())
                    .col(ColumnDef::new(RecurringGifts::StartOn).date().not_null())
                    .col(ColumnDef::new(RecurringGifts::NextChargeOn).date().not_null())
                    .col(ColumnDef::new(RecurringGifts::RetryOn).date().null())
                    .col(string(RecurringGifts::Status, 16))
                    .col(string_null(RecurringGifts::PausedBy, 16))
                    .col(ColumnDef::new(RecurringGifts::Failures).integer().not_null().default(0))
                    .col(string_null(RecurringGifts::LastError, 300))
                    .col(string(RecurringGifts::Receipts, 16))
                    .col(string(RecurringGifts::Provider, 16))
                    .col(string_null(RecurringGifts::CustomerId, 255))
                    .col(string_null(RecurringGifts::PaymentMethodId, 255))
                    .col(string_null(RecurringGifts::CardBrand, 32))
                    .col(string_null(RecurringGifts::CardLast4, 4))
                    .col(ColumnDef::new(RecurringGifts::CardExpMonth).integer().null())
                    .col(ColumnDef::new(RecurringGifts::CardExpYear).integer().null())
                    .col(string_null(RecurringGifts::SetupIntentId, 255))
                    .col(string_null(RecurringGifts::SetupSecretHash, 64))
                    .col(string_null(RecurringGifts::IdempotencyKey, 300))
                    .col(timestamp(RecurringGifts::CreatedAt))
                    .col(timestamp(RecurringGifts::UpdatedAt))
                    .col(timestamp_null(RecurringGifts::PausedAt))
                    .col(timestamp_null(RecurringGifts::CanceledAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_recurring_gifts_user")
                            .from(RecurringGifts::Table, RecurringGifts::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_recurring_gifts_fund")
                            .from(RecurringGifts::Table, RecurringGifts::FundId)
                            .to(Funds::Table, Funds::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_recurring_gifts_key")
                    .table(RecurringGifts::Table)
                    .col(RecurringGifts::IdempotencyKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_recurring_gifts_user").table(RecurringGifts::Table).col(RecurringGifts::UserId).to_owned(),
            )
            .await?;
        // The charge job's query: active gifts by their next date.
        manager
            .create_index(
                Index::create()
                    .name("idx_recurring_gifts_due")
                    .table(RecurringGifts::Table)
                    .col(RecurringGifts::Status)
                    .col(RecurringGifts::NextChargeOn)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RecurringCharges::Table)
                    .col(ColumnDef::new(RecurringCharges::PaymentId).string_len(36).not_null().primary_key())
                    .col(string(RecurringCharges::GiftId, 36))
                    .col(ColumnDef::new(RecurringCharges::PeriodOn).date().not_null())
                    .col(ColumnDef::new(RecurringCharges::Attempt).integer().not_null())
                    .col(timestamp(RecurringCharges::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_recurring_charges_gift")
                            .from(RecurringCharges::Table, RecurringCharges::GiftId)
                            .to(RecurringGifts::Table, RecurringGifts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_recurring_charges_payment")
                            .from(RecurringCharges::Table, RecurringCharges::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One attempt per period and attempt number: the same step repeated finds its payment.
        manager
            .create_index(
                Index::create()
                    .name("idx_recurring_charges_attempt")
                    .table(RecurringCharges::Table)
                    .col(RecurringCharges::GiftId)
                    .col(RecurringCharges::PeriodOn)
                    .col(RecurringCharges::Attempt)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RecurringGiftEmails::Table)
                    .col(ColumnDef::new(RecurringGiftEmails::Id).string_len(120).not_null().primary_key())
                    .col(string(RecurringGiftEmails::GiftId, 36))
                    .col(string(RecurringGiftEmails::Kind, 16))
                    .col(string_null(RecurringGiftEmails::Detail, 300))
                    .col(timestamp(RecurringGiftEmails::CreatedAt))
                    .col(timestamp_null(RecurringGiftEmails::ClaimedUntil))
                    .col(ColumnDef::new(RecurringGiftEmails::Attempts).integer().not_null().default(0))
                    .col(timestamp_null(RecurringGiftEmails::SentAt))
                    .col(text_null(RecurringGiftEmails::LastError))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_recurring_gift_emails_gift")
                            .from(RecurringGiftEmails::Table, RecurringGiftEmails::GiftId)
                            .to(RecurringGifts::Table, RecurringGifts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_recurring_gift_emails_due")
                    .table(RecurringGiftEmails::Table)
                    .col(RecurringGiftEmails::SentAt)
                    .col(RecurringGiftEmails::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(RecurringGiftEmails::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(RecurringCharges::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(RecurringGifts::Table).to_owned()).await
    }
}

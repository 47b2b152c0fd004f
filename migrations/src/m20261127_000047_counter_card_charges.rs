use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Card at the counter (docs/product.md#card-at-the-counter): the tablet charges the card part of
/// a sale first, through the same provider as online gifts, and the sale then records it as one
/// of its tenders. `counter_card_charges` keeps every such charge from the moment its intent is
/// made, so a charge is used by one sale at most and one that no sale used is refunded, never
/// kept; `payment_tenders.card_intent_id` names the charge a card tender was paid by, unique so
/// no charge pays two sales.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CounterCardCharges {
    Table,
    IntentId,
    SaleKey,
    AmountCents,
    Provider,
    StaffId,
    CreatedAt,
    PaidAt,
    SaleId,
    RefundedAt,
    RefundId,
}

#[derive(DeriveIden)]
enum PaymentTenders {
    Table,
    CardIntentId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CounterCardCharges::Table)
                    .col(string(CounterCardCharges::IntentId, 100).primary_key())
                    .col(string(CounterCardCharges::SaleKey, 100))
                    .col(ColumnDef::new(CounterCardCharges::AmountCents).big_integer().not_null())
                    .col(string(CounterCardCharges::Provider, 20))
                    .col(string_null(CounterCardCharges::StaffId, 36))
                    .col(timestamp(CounterCardCharges::CreatedAt))
                    .col(timestamp_null(CounterCardCharges::PaidAt))
                    .col(string_null(CounterCardCharges::SaleId, 36))
                    .col(timestamp_null(CounterCardCharges::RefundedAt))
                    .col(string_null(CounterCardCharges::RefundId, 100))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_counter_card_charges_key")
                    .table(CounterCardCharges::Table)
                    .col(CounterCardCharges::SaleKey)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(Table::alter().table(PaymentTenders::Table).add_column(string_null(PaymentTenders::CardIntentId, 100)).to_owned())
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_payment_tenders_card_intent")
                    .table(PaymentTenders::Table)
                    .col(PaymentTenders::CardIntentId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_payment_tenders_card_intent").table(PaymentTenders::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(PaymentTenders::Table).drop_column(PaymentTenders::CardIntentId).to_owned()).await?;
        manager.drop_table(Table::drop().table(CounterCardCharges::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Event registrations at the counter (docs/product.md#the-counter): a registration made in a
/// counter sale names the sale's payment (`attendees.payment_id`), so the receipt lists it and a
/// void cancels it, as the sale's seva bookings are. Registrations made online have none.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Attendees {
    Table,
    PaymentId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Attendees::Table).add_column(string_null(Attendees::PaymentId, 36)).to_owned()).await?;
        manager
            .create_index(Index::create().name("idx_attendees_payment").table(Attendees::Table).col(Attendees::PaymentId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_attendees_payment").table(Attendees::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Attendees::Table).drop_column(Attendees::PaymentId).to_owned()).await
    }
}

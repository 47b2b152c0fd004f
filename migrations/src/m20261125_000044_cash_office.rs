use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The cash office (docs/decisions/0130-the-cash-office.md): hundi counts with their two
/// confirmations, the drawer's closes, and bank deposits; each cash tender knows the close that
/// counted it, and each check the deposit that holds it.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PaymentTenders {
    Table,
    DrawerCloseId,
    DepositId,
}

#[derive(DeriveIden)]
enum CollectionBatches {
    Table,
    Id,
    BoxName,
    CountedOn,
    Counts,
    TotalCents,
    DonationTypeId,
    FundName,
    Note,
    Revision,
    CreatedByName,
    CreatedAt,
    UpdatedAt,
    FirstById,
    FirstByName,
    FirstAt,
    SecondById,
    SecondByName,
    SecondAt,
    PaymentId,
    DepositId,
}

#[derive(DeriveIden)]
enum DrawerCloses {
    Table,
    Id,
    IdempotencyKey,
    Day,
    ExpectedCents,
    CountedCents,
    Note,
    SalesCount,
    ClosedById,
    ClosedByName,
    ClosedAt,
    DepositId,
}

#[derive(DeriveIden)]
enum Deposits {
    Table,
    Id,
    Number,
    CashCents,
    ChecksCents,
    CheckCount,
    TotalCents,
    Note,
    CreatedByName,
    CreatedAt,
    ClearedAt,
    ClearedByName,
}

fn cents<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [PaymentTenders::DrawerCloseId, PaymentTenders::DepositId] {
            manager.alter_table(Table::alter().table(PaymentTenders::Table).add_column(string_null(column, 36)).to_owned()).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(CollectionBatches::Table)
                    .col(string(CollectionBatches::Id, 36).primary_key())
                    .col(string(CollectionBatches::BoxName, 100))
                    .col(string(CollectionBatches::CountedOn, 10))
                    .col(ColumnDef::new(CollectionBatches::Counts).text().not_null())
                    .col(cents(CollectionBatches::TotalCents))
                    .col(string_null(CollectionBatches::DonationTypeId, 36))
                    .col(string(CollectionBatches::FundName, 100))
                    .col(string_null(CollectionBatches::Note, 500))
                    .col(ColumnDef::new(CollectionBatches::Revision).integer().not_null().default(1))
                    .col(string(CollectionBatches::CreatedByName, 201))
                    .col(timestamp(CollectionBatches::CreatedAt))
                    .col(timestamp(CollectionBatches::UpdatedAt))
                    .col(string_null(CollectionBatches::FirstById, 36))
                    .col(string_null(CollectionBatches::FirstByName, 201))
                    .col(timestamp_null(CollectionBatches::FirstAt))
                    .col(string_null(CollectionBatches::SecondById, 36))
                    .col(string_null(CollectionBatches::SecondByName, 201))
                    .col(timestamp_null(CollectionBatches::SecondAt))
                    .col(string_null(CollectionBatches::PaymentId, 36))
                    .col(string_null(CollectionBatches::DepositId, 36))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DrawerCloses::Table)
                    .col(string(DrawerCloses::Id, 36).primary_key())
                    .col(string(DrawerCloses::IdempotencyKey, 100))
                    .col(string(DrawerCloses::Day, 10))
                    .col(cents(DrawerCloses::ExpectedCents))
                    .col(cents(DrawerCloses::CountedCents))
                    .col(string_null(DrawerCloses::Note, 500))
                    .col(ColumnDef::new(DrawerCloses::SalesCount).integer().not_null())
                    .col(string_null(DrawerCloses::ClosedById, 36))
                    .col(string(DrawerCloses::ClosedByName, 201))
                    .col(timestamp(DrawerCloses::ClosedAt))
                    .col(string_null(DrawerCloses::DepositId, 36))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_drawer_closes_key")
                    .table(DrawerCloses::Table)
                    .col(DrawerCloses::IdempotencyKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Deposits::Table)
                    .col(string(Deposits::Id, 36).primary_key())
                    .col(string(Deposits::Number, 20))
                    .col(cents(Deposits::CashCents))
                    .col(cents(Deposits::ChecksCents))
                    .col(ColumnDef::new(Deposits::CheckCount).integer().not_null())
                    .col(cents(Deposits::TotalCents))
                    .col(string_null(Deposits::Note, 500))
                    .col(string(Deposits::CreatedByName, 201))
                    .col(timestamp(Deposits::CreatedAt))
                    .col(timestamp_null(Deposits::ClearedAt))
                    .col(string_null(Deposits::ClearedByName, 201))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_deposits_number").table(Deposits::Table).col(Deposits::Number).unique().to_owned())
            .await?;
        for (name, table, column) in [
            ("idx_payment_tenders_drawer", PaymentTenders::Table.into_iden(), PaymentTenders::DrawerCloseId.into_iden()),
            ("idx_payment_tenders_deposit", PaymentTenders::Table.into_iden(), PaymentTenders::DepositId.into_iden()),
            ("idx_collection_batches_deposit", CollectionBatches::Table.into_iden(), CollectionBatches::DepositId.into_iden()),
            ("idx_drawer_closes_deposit", DrawerCloses::Table.into_iden(), DrawerCloses::DepositId.into_iden()),
        ] {
            manager.create_index(Index::create().name(name).table(table).col(column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Deposits::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(DrawerCloses::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(CollectionBatches::Table).to_owned()).await?;
        for (name, column) in
            [("idx_payment_tenders_deposit", PaymentTenders::DepositId), ("idx_payment_tenders_drawer", PaymentTenders::DrawerCloseId)]
        {
            manager.drop_index(Index::drop().name(name).table(PaymentTenders::Table).to_owned()).await?;
            manager.alter_table(Table::alter().table(PaymentTenders::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}

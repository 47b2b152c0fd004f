use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The temple counter (docs/decisions/0129-the-counter.md): every payment's channel
/// (online until now), walk-in donors kept as records, the counter's sales with their idempotency
/// key and void, and how each sale was paid (its tenders: cash with what was handed over, checks
/// with their number, bank and date).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
    Channel,
    DonorId,
}

#[derive(DeriveIden)]
enum Donors {
    Table,
    Id,
    Name,
    Email,
    Phone,
    Address,
    CreatedById,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CounterSales {
    Table,
    Id,
    IdempotencyKey,
    PaymentId,
    StaffId,
    StaffName,
    CreatedAt,
    VoidedAt,
    VoidedByName,
    VoidReason,
}

#[derive(DeriveIden)]
enum PaymentTenders {
    Table,
    Id,
    PaymentId,
    Position,
    Method,
    AmountCents,
    TenderedCents,
    CheckNumber,
    CheckBank,
    CheckDate,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds one at a time.
        manager
            .alter_table(Table::alter().table(Payments::Table).add_column(string(Payments::Channel, 10).default("online")).to_owned())
            .await?;
        manager.alter_table(Table::alter().table(Payments::Table).add_column(string_null(Payments::DonorId, 36)).to_owned()).await?;
        manager
            .create_table(
                Table::create()
                    .table(Donors::Table)
                    .col(string(Donors::Id, 36).primary_key())
                    .col(string(Donors::Name, 200))
                    .col(string_null(Donors::Email, 254))
                    .col(string_null(Donors::Phone, 30))
                    .col(string_null(Donors::Address, 500))
                    .col(string_null(Donors::CreatedById, 36))
                    .col(timestamp(Donors::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CounterSales::Table)
                    .col(string(CounterSales::Id, 36).primary_key())
                    .col(string(CounterSales::IdempotencyKey, 100))
                    .col(string(CounterSales::PaymentId, 36))
                    // No foreign key to users: the sale names who made it even after that account goes.
                    .col(string_null(CounterSales::StaffId, 36))
                    .col(string(CounterSales::StaffName, 201))
                    .col(timestamp(CounterSales::CreatedAt))
                    .col(timestamp_null(CounterSales::VoidedAt))
                    .col(string_null(CounterSales::VoidedByName, 201))
                    .col(string_null(CounterSales::VoidReason, 500))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_counter_sales_payment")
                            .from(CounterSales::Table, CounterSales::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in
            [("idx_counter_sales_key", CounterSales::IdempotencyKey), ("idx_counter_sales_payment", CounterSales::PaymentId)]
        {
            manager.create_index(Index::create().name(name).table(CounterSales::Table).col(column).unique().to_owned()).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(PaymentTenders::Table)
                    .col(string(PaymentTenders::Id, 36).primary_key())
                    .col(string(PaymentTenders::PaymentId, 36))
                    .col(ColumnDef::new(PaymentTenders::Position).integer().not_null())
                    .col(string(PaymentTenders::Method, 20))
                    .col(ColumnDef::new(PaymentTenders::AmountCents).big_integer().not_null())
                    .col(ColumnDef::new(PaymentTenders::TenderedCents).big_integer().null())
                    .col(string_null(PaymentTenders::CheckNumber, 20))
                    .col(string_null(PaymentTenders::CheckBank, 100))
                    .col(string_null(PaymentTenders::CheckDate, 10))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payment_tenders_payment")
                            .from(PaymentTenders::Table, PaymentTenders::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_payment_tenders_payment")
                    .table(PaymentTenders::Table)
                    .col(PaymentTenders::PaymentId)
                    .col(PaymentTenders::Position)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PaymentTenders::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(CounterSales::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Donors::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Payments::Table).drop_column(Payments::DonorId).to_owned()).await?;
        manager.alter_table(Table::alter().table(Payments::Table).drop_column(Payments::Channel).to_owned()).await
    }
}

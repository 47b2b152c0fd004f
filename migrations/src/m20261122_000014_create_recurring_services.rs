use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The temple's recurring services: a rule (frequency with its weekdays, week, day or month), a
/// local time ("HH:MM") and an optional last date, all in the temple's time zone.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RecurringServices {
    Table,
    Id,
    Name,
    Description,
    Frequency,
    Weekdays,
    Week,
    Weekday,
    Day,
    Month,
    Time,
    EndDate,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RecurringServices::Table)
                    .col(id(RecurringServices::Id))
                    .col(string(RecurringServices::Name, 100))
                    .col(text_null(RecurringServices::Description))
                    .col(string(RecurringServices::Frequency, 20))
                    // Weekly: the days, comma-separated ("tuesday,saturday").
                    .col(string_null(RecurringServices::Weekdays, 100))
                    .col(ColumnDef::new(RecurringServices::Week).small_integer().null())
                    .col(string_null(RecurringServices::Weekday, 10))
                    .col(ColumnDef::new(RecurringServices::Day).small_integer().null())
                    .col(ColumnDef::new(RecurringServices::Month).small_integer().null())
                    .col(string(RecurringServices::Time, 5))
                    .col(ColumnDef::new(RecurringServices::EndDate).date().null())
                    .col(timestamp(RecurringServices::CreatedAt))
                    .col(timestamp(RecurringServices::UpdatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(RecurringServices::Table).to_owned()).await
    }
}

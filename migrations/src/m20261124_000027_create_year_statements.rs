use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Year-end statements (docs/decisions/0103-year-end-statements.md): one row per donor and year,
/// keyed `<year>:<e-mail>`, written when an admin asks for the year's statements (a second ask adds
/// nothing for a donor already listed) and claimed by one sender at a time, so no donor gets two
/// statements for a year.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum YearStatements {
    Table,
    Id,
    Year,
    DonorEmail,
    DonorName,
    RequestedBy,
    CreatedAt,
    ClaimedUntil,
    Attempts,
    SentAt,
    LastError,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(YearStatements::Table)
                    .col(ColumnDef::new(YearStatements::Id).string_len(270).not_null().primary_key())
                    .col(ColumnDef::new(YearStatements::Year).integer().not_null())
                    .col(string(YearStatements::DonorEmail, 254))
                    .col(string(YearStatements::DonorName, 200))
                    .col(string_null(YearStatements::RequestedBy, 36))
                    .col(timestamp(YearStatements::CreatedAt))
                    .col(timestamp_null(YearStatements::ClaimedUntil))
                    .col(ColumnDef::new(YearStatements::Attempts).integer().not_null().default(0))
                    .col(timestamp_null(YearStatements::SentAt))
                    .col(text_null(YearStatements::LastError))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_year_statements_year_email")
                    .table(YearStatements::Table)
                    .col(YearStatements::Year)
                    .col(YearStatements::DonorEmail)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_year_statements_unsent")
                    .table(YearStatements::Table)
                    .col(YearStatements::SentAt)
                    .col(YearStatements::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(YearStatements::Table).to_owned()).await
    }
}

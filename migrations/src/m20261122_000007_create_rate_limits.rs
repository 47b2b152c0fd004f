use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Attempt counters shared by every process on the database: one row per limited action,
/// subject (account or client address) and fixed time window.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RateLimits {
    Table,
    Key,
    WindowEnds,
    Count,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RateLimits::Table)
                    .col(ColumnDef::new(RateLimits::Key).string_len(320).not_null().primary_key())
                    .col(timestamp(RateLimits::WindowEnds))
                    .col(ColumnDef::new(RateLimits::Count).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_rate_limits_window_ends").table(RateLimits::Table).col(RateLimits::WindowEnds).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(RateLimits::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The first-run setup's one-time token, as its SHA-256 (at most one row).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SetupTokens {
    Table,
    TokenHash,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SetupTokens::Table)
                    .col(ColumnDef::new(SetupTokens::TokenHash).string_len(64).not_null().primary_key())
                    .col(timestamp(SetupTokens::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SetupTokens::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Session tokens ended by signing out, refused until they expire (their `jti`).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RevokedTokens {
    Table,
    Jti,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RevokedTokens::Table)
                    .col(ColumnDef::new(RevokedTokens::Jti).string_len(64).not_null().primary_key())
                    .col(timestamp(RevokedTokens::ExpiresAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_revoked_tokens_expires_at").table(RevokedTokens::Table).col(RevokedTokens::ExpiresAt).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(RevokedTokens::Table).to_owned()).await
    }
}

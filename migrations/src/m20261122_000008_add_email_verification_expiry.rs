use sea_orm_migration::prelude::*;

use crate::cols::*;

/// When the pending e-mail verification link stops working (48 hours after it was sent). Links
/// sent before this migration have none and are refused: the member asks for a new one.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    EmailVerificationExpires,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).add_column(timestamp_null(Users::EmailVerificationExpires)).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::EmailVerificationExpires).to_owned()).await
    }
}

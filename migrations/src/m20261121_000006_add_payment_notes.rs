use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The donor's optional note ("notes" on the donate form), kept with the payment for the admins.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Payments {
    Table,
    Notes,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Payments::Table).add_column(text_null(Payments::Notes)).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Payments::Table).drop_column(Payments::Notes).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Donor identity: the payment keeps the donor's mailing address and an "in honor / in memory of"
/// line as given at the time (name and e-mail were already kept), and a member's profile gains an
/// optional mailing address. One statement per column, as SQLite adds one column at a time.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Payments {
    Table,
    DonorAddress,
    InHonorOf,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    MailingAddress,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Payments::Table).add_column(text_null(Payments::DonorAddress)).to_owned()).await?;
        manager.alter_table(Table::alter().table(Payments::Table).add_column(text_null(Payments::InHonorOf)).to_owned()).await?;
        manager.alter_table(Table::alter().table(Users::Table).add_column(text_null(Users::MailingAddress)).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::MailingAddress).to_owned()).await?;
        manager.alter_table(Table::alter().table(Payments::Table).drop_column(Payments::InHonorOf).to_owned()).await?;
        manager.alter_table(Table::alter().table(Payments::Table).drop_column(Payments::DonorAddress).to_owned()).await
    }
}

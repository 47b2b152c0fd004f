use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Marks the demo accounts (docs/decisions/0122-demo-accounts-marked-and-locked-out.md):
/// `mandir seed-demo` sets `demo_account`, `mandir create-admin` clears it when it gives the
/// account a password, and a production start locks out a marked account that the published demo
/// password still signs in. The demo admin made before the mark existed is the account at its
/// published address, so that one is marked here; whatever its password is now decides the rest.
#[derive(DeriveMigrationName)]
pub struct Migration;

/// The demo admin's published address (`mandir_server::demo::DEMO_ADMIN_EMAIL`).
const DEMO_ADMIN_EMAIL: &str = "admin@mandir.local";

#[derive(DeriveIden)]
enum Users {
    Table,
    DemoAccount,
    Email,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).add_column(boolean(Users::DemoAccount, false)).to_owned()).await?;
        manager
            .exec_stmt(
                Query::update()
                    .table(Users::Table)
                    .value(Users::DemoAccount, true)
                    .and_where(Expr::col(Users::Email).eq(DEMO_ADMIN_EMAIL))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::DemoAccount).to_owned()).await
    }
}

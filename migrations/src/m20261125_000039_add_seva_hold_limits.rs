use sea_orm_migration::prelude::*;

/// The seva booking settings' limits on unpaid places (a security review, docs/security.md: one member
/// held every place with Zelle "payments" that never came): how long a Zelle booking waits for
/// staff to confirm its payment, and how many unpaid bookings a member may have at once.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SevaSettings {
    Table,
    ZelleHoldHours,
    MaxUnpaidHolds,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds one at a time.
        manager
            .alter_table(
                Table::alter()
                    .table(SevaSettings::Table)
                    .add_column(ColumnDef::new(SevaSettings::ZelleHoldHours).integer().not_null().default(48))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(SevaSettings::Table)
                    .add_column(ColumnDef::new(SevaSettings::MaxUnpaidHolds).integer().not_null().default(3))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(SevaSettings::Table).drop_column(SevaSettings::MaxUnpaidHolds).to_owned()).await?;
        manager.alter_table(Table::alter().table(SevaSettings::Table).drop_column(SevaSettings::ZelleHoldHours).to_owned()).await
    }
}

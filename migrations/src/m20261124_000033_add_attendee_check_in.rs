use sea_orm_migration::prelude::*;

/// When an admin marked the registration's party arrived at the door (null: not yet), ADR 0110.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Attendees {
    Table,
    CheckedInAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Attendees::Table)
                    .add_column(ColumnDef::new(Attendees::CheckedInAt).timestamp_with_time_zone().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Attendees::Table).drop_column(Attendees::CheckedInAt).to_owned()).await
    }
}

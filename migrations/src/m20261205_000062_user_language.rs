use sea_orm_migration::prelude::*;

/// A member's language (issue 32, ADR 0149): `users.language`, the ISO 639-1 code of the language
/// the site and the member's e-mails and texts are in (`en`, `te`, `ta`, `hi`, `kn`); English for
/// every account made before.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Language,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(ColumnDef::new(Users::Language).string_len(8).not_null().default("en"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::Language).to_owned()).await
    }
}

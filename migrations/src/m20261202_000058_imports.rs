use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Imports (issue 31, ADR 0144):
/// - `imports`: one row per import of a file, with its counts, who ran it, and whether it was
///   undone;
/// - `import_records`: every person, household and gift an import wrote (or matched), under the
///   row's stable key. The key is the primary key with its kind, so a second import of the same
///   row finds it and writes nothing; undoing an import deletes its records with what they name;
/// - `import_mappings`: the column mappings admins saved, one per kind and name.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Imports {
    Table,
    Id,
    Kind,
    FileName,
    FileSha256,
    Mapping,
    Rows,
    Created,
    Unchanged,
    Skipped,
    TotalCents,
    ByUserId,
    ByEmail,
    CreatedAt,
    FinishedAt,
    UndoneAt,
    UndoneBy,
}

#[derive(DeriveIden)]
enum ImportRecords {
    Table,
    Kind,
    RowKey,
    ImportId,
    Entity,
    EntityId,
    Line,
    Matched,
}

#[derive(DeriveIden)]
enum ImportMappings {
    Table,
    Id,
    Kind,
    Name,
    Mapping,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Imports::Table)
                    .col(id(Imports::Id))
                    .col(string(Imports::Kind, 20))
                    .col(string(Imports::FileName, 200))
                    .col(string(Imports::FileSha256, 64))
                    .col(text(Imports::Mapping))
                    .col(ColumnDef::new(Imports::Rows).integer().not_null())
                    .col(ColumnDef::new(Imports::Created).integer().not_null().default(0))
                    .col(ColumnDef::new(Imports::Unchanged).integer().not_null().default(0))
                    .col(ColumnDef::new(Imports::Skipped).integer().not_null().default(0))
                    .col(ColumnDef::new(Imports::TotalCents).big_integer().null())
                    .col(string_null(Imports::ByUserId, 36))
                    .col(string(Imports::ByEmail, 254))
                    .col(timestamp(Imports::CreatedAt))
                    .col(timestamp_null(Imports::FinishedAt))
                    .col(timestamp_null(Imports::UndoneAt))
                    .col(string_null(Imports::UndoneBy, 254))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ImportRecords::Table)
                    // `members` (people and households) or `gifts`: the key space of a row.
                    .col(string(ImportRecords::Kind, 20))
                    .col(string(ImportRecords::RowKey, 400))
                    .col(string(ImportRecords::ImportId, 36))
                    // `user`, `family_member`, `household` or `payment`.
                    .col(string(ImportRecords::Entity, 20))
                    .col(string(ImportRecords::EntityId, 36))
                    .col(ColumnDef::new(ImportRecords::Line).integer().not_null())
                    // An existing account the row was matched to: kept when the import is undone.
                    .col(boolean(ImportRecords::Matched, false))
                    .primary_key(Index::create().col(ImportRecords::Kind).col(ImportRecords::RowKey))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_import_records_import")
                            .from(ImportRecords::Table, ImportRecords::ImportId)
                            .to(Imports::Table, Imports::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_import_records_import").table(ImportRecords::Table).col(ImportRecords::ImportId).to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_import_records_entity")
                    .table(ImportRecords::Table)
                    .col(ImportRecords::Entity)
                    .col(ImportRecords::EntityId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ImportMappings::Table)
                    .col(id(ImportMappings::Id))
                    .col(string(ImportMappings::Kind, 20))
                    .col(string(ImportMappings::Name, 100))
                    .col(text(ImportMappings::Mapping))
                    .col(timestamp(ImportMappings::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_import_mappings_name")
                    .table(ImportMappings::Table)
                    .col(ImportMappings::Kind)
                    .col(ImportMappings::Name)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ImportMappings::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(ImportRecords::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(Imports::Table).if_exists().to_owned()).await?;
        Ok(())
    }
}

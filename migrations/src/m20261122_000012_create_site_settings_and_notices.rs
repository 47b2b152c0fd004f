use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The temple's own content: its settings (one row, the fields as JSON text, so a new field needs
/// no schema change) and the notices of the home page.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SiteSettings {
    Table,
    Id,
    Content,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Notices {
    Table,
    Id,
    Title,
    Body,
    Link,
    StartsOn,
    EndsOn,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SiteSettings::Table)
                    .col(ColumnDef::new(SiteSettings::Id).integer().not_null().primary_key())
                    .col(text(SiteSettings::Content))
                    .col(timestamp(SiteSettings::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Notices::Table)
                    .col(id(Notices::Id))
                    .col(string(Notices::Title, 120))
                    .col(text(Notices::Body))
                    .col(string_null(Notices::Link, 300))
                    .col(ColumnDef::new(Notices::StartsOn).date().not_null())
                    .col(ColumnDef::new(Notices::EndsOn).date().not_null())
                    .col(timestamp(Notices::CreatedAt))
                    .col(timestamp(Notices::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_notices_ends_on").table(Notices::Table).col(Notices::EndsOn).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Notices::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SiteSettings::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
pub enum Events {
    Table,
    Id,
    Name,
    Description,
    Location,
    EventDate,
    ImageUrl,
    DonationOptions,
    Capacity,
    CreatedAt,
    UpdatedAt,
    CreatedBy,
    UpdatedBy,
}

#[derive(DeriveIden)]
enum EventImages {
    Table,
    EventId,
    ContentType,
    Bytes,
    Etag,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Events::Table)
                    .col(id(Events::Id))
                    .col(string(Events::Name, 200))
                    .col(text_null(Events::Description))
                    .col(string(Events::Location, 300))
                    .col(timestamp(Events::EventDate))
                    .col(text_null(Events::ImageUrl))
                    .col(text_null(Events::DonationOptions))
                    .col(ColumnDef::new(Events::Capacity).integer().null())
                    .col(timestamp(Events::CreatedAt))
                    .col(timestamp(Events::UpdatedAt))
                    .col(string_null(Events::CreatedBy, 36))
                    .col(string_null(Events::UpdatedBy, 36))
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_events_event_date").table(Events::Table).col(Events::EventDate).to_owned()).await?;
        manager
            .create_table(
                Table::create()
                    .table(EventImages::Table)
                    .col(ColumnDef::new(EventImages::EventId).string_len(36).not_null().primary_key())
                    .col(string(EventImages::ContentType, 50))
                    .col(ColumnDef::new(EventImages::Bytes).blob().not_null())
                    .col(string(EventImages::Etag, 32))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_event_images_event")
                            .from(EventImages::Table, EventImages::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(EventImages::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Events::Table).to_owned()).await
    }
}

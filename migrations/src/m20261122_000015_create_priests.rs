use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The temple's priests in the admins' order, and their photos (bytes served under a
/// content-hashed URL, like event images).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Priests {
    Table,
    Id,
    Name,
    Title,
    Bio,
    Specialties,
    PhotoUrl,
    Position,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PriestPhotos {
    Table,
    PriestId,
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
                    .table(Priests::Table)
                    .col(id(Priests::Id))
                    .col(string(Priests::Name, 100))
                    .col(string_null(Priests::Title, 100))
                    .col(text_null(Priests::Bio))
                    // A JSON array of texts.
                    .col(text(Priests::Specialties))
                    .col(string_null(Priests::PhotoUrl, 200))
                    .col(ColumnDef::new(Priests::Position).integer().not_null())
                    .col(timestamp(Priests::CreatedAt))
                    .col(timestamp(Priests::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PriestPhotos::Table)
                    .col(ColumnDef::new(PriestPhotos::PriestId).string_len(36).not_null().primary_key())
                    .col(string(PriestPhotos::ContentType, 50))
                    .col(ColumnDef::new(PriestPhotos::Bytes).blob().not_null())
                    .col(string(PriestPhotos::Etag, 32))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_priest_photos_priest")
                            .from(PriestPhotos::Table, PriestPhotos::PriestId)
                            .to(Priests::Table, Priests::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PriestPhotos::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Priests::Table).to_owned()).await
    }
}

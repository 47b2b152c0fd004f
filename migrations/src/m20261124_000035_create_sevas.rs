use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The seva catalogue (ADR 0113), the sevas' images (bytes served under a content-hashed URL,
/// like priests' photos) and the temple's booking settings (one row).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Sevas {
    Table,
    Id,
    Name,
    Description,
    Category,
    PriceCents,
    PriceKind,
    DurationMinutes,
    Weekdays,
    Slots,
    DailyCapacity,
    BlackoutDates,
    HorizonDays,
    CutoffHours,
    RequiresAddress,
    IsActive,
    SortOrder,
    ImageUrl,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SevaImages {
    Table,
    SevaId,
    ContentType,
    Bytes,
    Etag,
}

#[derive(DeriveIden)]
enum SevaSettings {
    Table,
    Id,
    ZellePendingConfirms,
    CancellationPolicy,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Sevas::Table)
                    .col(id(Sevas::Id))
                    .col(string(Sevas::Name, 100))
                    .col(text_null(Sevas::Description))
                    .col(string(Sevas::Category, 20))
                    .col(ColumnDef::new(Sevas::PriceCents).big_integer().not_null())
                    .col(string(Sevas::PriceKind, 20))
                    .col(ColumnDef::new(Sevas::DurationMinutes).integer().not_null())
                    // A JSON array of day names.
                    .col(text(Sevas::Weekdays))
                    // A JSON array of {"time": "HH:MM", "capacity": n}; empty with a daily count.
                    .col(text(Sevas::Slots))
                    .col(ColumnDef::new(Sevas::DailyCapacity).integer().null())
                    // A JSON array of "YYYY-MM-DD".
                    .col(text(Sevas::BlackoutDates))
                    .col(ColumnDef::new(Sevas::HorizonDays).integer().not_null())
                    .col(ColumnDef::new(Sevas::CutoffHours).integer().not_null())
                    .col(boolean(Sevas::RequiresAddress, false))
                    .col(boolean(Sevas::IsActive, true))
                    .col(ColumnDef::new(Sevas::SortOrder).integer().not_null().default(0))
                    .col(string_null(Sevas::ImageUrl, 200))
                    .col(timestamp(Sevas::CreatedAt))
                    .col(timestamp(Sevas::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SevaImages::Table)
                    .col(ColumnDef::new(SevaImages::SevaId).string_len(36).not_null().primary_key())
                    .col(string(SevaImages::ContentType, 50))
                    .col(ColumnDef::new(SevaImages::Bytes).blob().not_null())
                    .col(string(SevaImages::Etag, 32))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_seva_images_seva")
                            .from(SevaImages::Table, SevaImages::SevaId)
                            .to(Sevas::Table, Sevas::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SevaSettings::Table)
                    // Always 1: one row.
                    .col(ColumnDef::new(SevaSettings::Id).integer().not_null().primary_key())
                    .col(boolean(SevaSettings::ZellePendingConfirms, false))
                    .col(text_null(SevaSettings::CancellationPolicy))
                    .col(timestamp(SevaSettings::UpdatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SevaSettings::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(SevaImages::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Sevas::Table).to_owned()).await
    }
}

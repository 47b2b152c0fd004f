use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Pledges (docs/product.md#pledges): a member promises an amount to a fund over a period, and
/// their gifts to that fund in the period count toward it.
///
/// `starts_at` and `ends_before` are the period's first instant and the instant after it in the
/// temple's zone, fixed when the pledge is made, so the fulfilment is one SQL sum that joins
/// payments by their date without a time-zone function (SQLite has none).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Pledges {
    Table,
    Id,
    UserId,
    FundId,
    AmountCents,
    StartsOn,
    EndsOn,
    StartsAt,
    EndsBefore,
    Note,
    Status,
    CreatedAt,
    UpdatedAt,
    RemindedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Pledges::Table)
                    .col(id(Pledges::Id))
                    .col(string(Pledges::UserId, 36))
                    .col(string(Pledges::FundId, 36))
                    .col(ColumnDef::new(Pledges::AmountCents).big_integer().not_null())
                    .col(ColumnDef::new(Pledges::StartsOn).date().not_null())
                    .col(ColumnDef::new(Pledges::EndsOn).date().not_null())
                    .col(timestamp(Pledges::StartsAt))
                    .col(timestamp(Pledges::EndsBefore))
                    .col(text_null(Pledges::Note))
                    .col(string(Pledges::Status, 16))
                    .col(timestamp(Pledges::CreatedAt))
                    .col(timestamp(Pledges::UpdatedAt))
                    .col(timestamp_null(Pledges::RemindedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pledges_user")
                            .from(Pledges::Table, Pledges::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_pledges_user").table(Pledges::Table).col(Pledges::UserId).to_owned()).await?;
        manager
            .create_index(
                Index::create().name("idx_pledges_fund").table(Pledges::Table).col(Pledges::FundId).col(Pledges::Status).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Pledges::Table).to_owned()).await
    }
}

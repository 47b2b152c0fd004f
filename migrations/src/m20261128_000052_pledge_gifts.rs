use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Gifts the treasurer counts toward a pledge by hand (docs/product.md#pledges): a gift at the
/// counter that was not recorded under the member's name. A gift counts toward one pledge at most
/// (`payment_id` is the key); it goes with its pledge.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PledgeGifts {
    Table,
    PaymentId,
    PledgeId,
    AssignedBy,
    AssignedAt,
}

#[derive(DeriveIden)]
enum Pledges {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PledgeGifts::Table)
                    .col(ColumnDef::new(PledgeGifts::PaymentId).string_len(36).not_null().primary_key())
                    .col(string(PledgeGifts::PledgeId, 36))
                    .col(string(PledgeGifts::AssignedBy, 36))
                    .col(timestamp(PledgeGifts::AssignedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pledge_gifts_pledge")
                            .from(PledgeGifts::Table, PledgeGifts::PledgeId)
                            .to(Pledges::Table, Pledges::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pledge_gifts_payment")
                            .from(PledgeGifts::Table, PledgeGifts::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_pledge_gifts_pledge").table(PledgeGifts::Table).col(PledgeGifts::PledgeId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PledgeGifts::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;
use crate::m20261121_000001_create_users_and_gotrams::Users;
use crate::m20261121_000002_create_events::Events;

/// The waitlist of a full event (ADR 0109): members (with their family) waiting for spots, in the
/// order they joined (`seq`, numbered per event under the event's write lock). A cancellation
/// promotes the first parties that fit in the same transaction as the delete.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Waitlist {
    Table,
    Id,
    EventId,
    UserId,
    Seq,
    NumberOfFamilyMembers,
    AdditionalNotes,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Waitlist::Table)
                    .col(id(Waitlist::Id))
                    .col(string(Waitlist::EventId, 36))
                    .col(string(Waitlist::UserId, 36))
                    .col(ColumnDef::new(Waitlist::Seq).big_integer().not_null())
                    .col(ColumnDef::new(Waitlist::NumberOfFamilyMembers).integer().not_null().default(0))
                    .col(text_null(Waitlist::AdditionalNotes))
                    .col(timestamp(Waitlist::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_waitlist_event")
                            .from(Waitlist::Table, Waitlist::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_waitlist_user")
                            .from(Waitlist::Table, Waitlist::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_waitlist_event_user")
                    .table(Waitlist::Table)
                    .col(Waitlist::EventId)
                    .col(Waitlist::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_waitlist_event_seq")
                    .table(Waitlist::Table)
                    .col(Waitlist::EventId)
                    .col(Waitlist::Seq)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_waitlist_user").table(Waitlist::Table).col(Waitlist::UserId).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Waitlist::Table).to_owned()).await
    }
}

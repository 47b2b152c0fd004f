use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Door duty granted per event (issue 33, ADR 0141): the members a volunteer coordinator put on an
/// event's door, who may read its door list and check people in for that event only.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum EventDoorStaff {
    Table,
    EventId,
    UserId,
    GrantedAt,
}

#[derive(DeriveIden)]
enum Events {
    Table,
    Id,
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
                    .table(EventDoorStaff::Table)
                    .col(string(EventDoorStaff::EventId, 36))
                    .col(string(EventDoorStaff::UserId, 36))
                    .col(timestamp(EventDoorStaff::GrantedAt))
                    .primary_key(Index::create().col(EventDoorStaff::EventId).col(EventDoorStaff::UserId))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_event_door_staff_event")
                            .from(EventDoorStaff::Table, EventDoorStaff::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_event_door_staff_user")
                            .from(EventDoorStaff::Table, EventDoorStaff::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // A member's door duties (the dashboard's list).
        manager
            .create_index(
                Index::create().name("idx_event_door_staff_user").table(EventDoorStaff::Table).col(EventDoorStaff::UserId).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(EventDoorStaff::Table).to_owned()).await
    }
}

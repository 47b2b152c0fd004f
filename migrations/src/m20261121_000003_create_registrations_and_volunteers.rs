use sea_orm_migration::prelude::*;

use crate::cols::*;
use crate::m20261121_000001_create_users_and_gotrams::Users;
use crate::m20261121_000002_create_events::Events;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Attendees {
    Table,
    Id,
    EventId,
    UserId,
    NumberOfFamilyMembers,
    AdditionalNotes,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Volunteers {
    Table,
    Id,
    EventId,
    UserId,
    Name,
    ContactNumber,
    ContactEmail,
    ContactPreference,
    VolunteerPreference,
    Availability,
    NeedsCertificate,
    AdditionalNotes,
    CreatedAt,
    UpdatedAt,
}

fn event_fk<T: IntoIden>(name: &str, table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(name).from(table, column).to(Events::Table, Events::Id).on_delete(ForeignKeyAction::Restrict).to_owned()
}

fn user_fk<T: IntoIden>(name: &str, table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(name).from(table, column).to(Users::Table, Users::Id).on_delete(ForeignKeyAction::Cascade).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Attendees::Table)
                    .col(id(Attendees::Id))
                    .col(string(Attendees::EventId, 36))
                    .col(string(Attendees::UserId, 36))
                    .col(ColumnDef::new(Attendees::NumberOfFamilyMembers).integer().not_null().default(0))
                    .col(text_null(Attendees::AdditionalNotes))
                    .col(timestamp(Attendees::CreatedAt))
                    .col(timestamp(Attendees::UpdatedAt))
                    .foreign_key(&mut event_fk("fk_attendees_event", Attendees::Table, Attendees::EventId))
                    .foreign_key(&mut user_fk("fk_attendees_user", Attendees::Table, Attendees::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_attendees_event_user")
                    .table(Attendees::Table)
                    .col(Attendees::EventId)
                    .col(Attendees::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_attendees_user").table(Attendees::Table).col(Attendees::UserId).to_owned()).await?;
        manager
            .create_table(
                Table::create()
                    .table(Volunteers::Table)
                    .col(id(Volunteers::Id))
                    .col(string(Volunteers::EventId, 36))
                    .col(string(Volunteers::UserId, 36))
                    .col(string(Volunteers::Name, 100))
                    .col(string(Volunteers::ContactNumber, 32))
                    .col(string(Volunteers::ContactEmail, 254))
                    .col(string(Volunteers::ContactPreference, 20))
                    .col(string(Volunteers::VolunteerPreference, 20))
                    .col(string(Volunteers::Availability, 20))
                    .col(boolean(Volunteers::NeedsCertificate, false))
                    .col(text_null(Volunteers::AdditionalNotes))
                    .col(timestamp(Volunteers::CreatedAt))
                    .col(timestamp(Volunteers::UpdatedAt))
                    .foreign_key(&mut event_fk("fk_volunteers_event", Volunteers::Table, Volunteers::EventId))
                    .foreign_key(&mut user_fk("fk_volunteers_user", Volunteers::Table, Volunteers::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_volunteers_event_user")
                    .table(Volunteers::Table)
                    .col(Volunteers::EventId)
                    .col(Volunteers::UserId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Volunteers::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Attendees::Table).to_owned()).await
    }
}

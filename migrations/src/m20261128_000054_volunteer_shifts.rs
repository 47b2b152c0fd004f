use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Festival volunteering (docs/product.md#volunteer-shifts, ADR 0141): an event's plan (its drop
/// cut-off), its roles, their shifts, and each person's sign-up on a shift (confirmed or
/// waitlisted, with the attendance marked on the day). Everything goes with its event; a sign-up
/// goes with its member or family member.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum VolunteerPlans {
    Table,
    EventId,
    DropCutoffHours,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum VolunteerRoles {
    Table,
    Id,
    EventId,
    Name,
    Description,
    MinAge,
    ReportTo,
    Position,
    CreatedAt,
}

#[derive(DeriveIden)]
enum VolunteerShifts {
    Table,
    Id,
    RoleId,
    EventId,
    StartsAt,
    EndsAt,
    Needed,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ShiftSignups {
    Table,
    Id,
    ShiftId,
    EventId,
    UserId,
    FamilyMemberId,
    /// The person: the member's id, or the family member's.
    PersonKey,
    Name,
    Status,
    Attendance,
    DropRequested,
    CreatedAt,
    UpdatedAt,
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

#[derive(DeriveIden)]
enum FamilyMembers {
    Table,
    Id,
}

fn cascade(name: &str, from: (impl IntoIden, impl IntoIden), to: (impl IntoIden, impl IntoIden)) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(name).from(from.0, from.1).to(to.0, to.1).on_delete(ForeignKeyAction::Cascade).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(VolunteerPlans::Table)
                    .col(ColumnDef::new(VolunteerPlans::EventId).string_len(36).not_null().primary_key())
                    .col(ColumnDef::new(VolunteerPlans::DropCutoffHours).integer().not_null())
                    .col(timestamp(VolunteerPlans::UpdatedAt))
                    .foreign_key(&mut cascade(
                        "fk_volunteer_plans_event",
                        (VolunteerPlans::Table, VolunteerPlans::EventId),
                        (Events::Table, Events::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(VolunteerRoles::Table)
                    .col(ColumnDef::new(VolunteerRoles::Id).string_len(36).not_null().primary_key())
                    .col(string(VolunteerRoles::EventId, 36))
                    .col(string(VolunteerRoles::Name, 80))
                    .col(ColumnDef::new(VolunteerRoles::Description).text().null())
                    .col(ColumnDef::new(VolunteerRoles::MinAge).integer().null())
                    .col(string_null(VolunteerRoles::ReportTo, 200))
                    .col(ColumnDef::new(VolunteerRoles::Position).integer().not_null())
                    .col(timestamp(VolunteerRoles::CreatedAt))
                    .foreign_key(&mut cascade(
                        "fk_volunteer_roles_event",
                        (VolunteerRoles::Table, VolunteerRoles::EventId),
                        (Events::Table, Events::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_volunteer_roles_event").table(VolunteerRoles::Table).col(VolunteerRoles::EventId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(VolunteerShifts::Table)
                    .col(ColumnDef::new(VolunteerShifts::Id).string_len(36).not_null().primary_key())
                    .col(string(VolunteerShifts::RoleId, 36))
                    .col(string(VolunteerShifts::EventId, 36))
                    .col(timestamp(VolunteerShifts::StartsAt))
                    .col(timestamp(VolunteerShifts::EndsAt))
                    .col(ColumnDef::new(VolunteerShifts::Needed).integer().not_null())
                    .col(timestamp(VolunteerShifts::CreatedAt))
                    .foreign_key(&mut cascade(
                        "fk_volunteer_shifts_role",
                        (VolunteerShifts::Table, VolunteerShifts::RoleId),
                        (VolunteerRoles::Table, VolunteerRoles::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_volunteer_shifts_event").table(VolunteerShifts::Table).col(VolunteerShifts::EventId).to_owned(),
            )
            .await?;
        // The reminders' query: shifts starting within the next day.
        manager
            .create_index(
                Index::create().name("idx_volunteer_shifts_starts").table(VolunteerShifts::Table).col(VolunteerShifts::StartsAt).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ShiftSignups::Table)
                    .col(ColumnDef::new(ShiftSignups::Id).string_len(36).not_null().primary_key())
                    .col(string(ShiftSignups::ShiftId, 36))
                    .col(string(ShiftSignups::EventId, 36))
                    .col(string(ShiftSignups::UserId, 36))
                    .col(string_null(ShiftSignups::FamilyMemberId, 36))
                    .col(string(ShiftSignups::PersonKey, 36))
                    .col(string(ShiftSignups::Name, 200))
                    .col(string(ShiftSignups::Status, 16))
                    .col(string_null(ShiftSignups::Attendance, 16))
                    .col(boolean(ShiftSignups::DropRequested, false))
                    .col(timestamp(ShiftSignups::CreatedAt))
                    .col(timestamp(ShiftSignups::UpdatedAt))
                    .foreign_key(&mut cascade(
                        "fk_shift_signups_shift",
                        (ShiftSignups::Table, ShiftSignups::ShiftId),
                        (VolunteerShifts::Table, VolunteerShifts::Id),
                    ))
                    .foreign_key(&mut cascade(
                        "fk_shift_signups_user",
                        (ShiftSignups::Table, ShiftSignups::UserId),
                        (Users::Table, Users::Id),
                    ))
                    .foreign_key(&mut cascade(
                        "fk_shift_signups_family_member",
                        (ShiftSignups::Table, ShiftSignups::FamilyMemberId),
                        (FamilyMembers::Table, FamilyMembers::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        // One place per person per shift.
        manager
            .create_index(
                Index::create()
                    .name("idx_shift_signups_person")
                    .table(ShiftSignups::Table)
                    .col(ShiftSignups::ShiftId)
                    .col(ShiftSignups::PersonKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_shift_signups_user").table(ShiftSignups::Table).col(ShiftSignups::UserId).to_owned())
            .await?;
        manager
            .create_index(Index::create().name("idx_shift_signups_event").table(ShiftSignups::Table).col(ShiftSignups::EventId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ShiftSignups::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(VolunteerShifts::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(VolunteerRoles::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(VolunteerPlans::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};

use crate::cols::*;

/// The one-step "Volunteer for Event" offer becomes a default role with one shift (issue 33,
/// ADR 0141 amended): `volunteer_roles.one_step` marks the role the offers are placed in, and
/// `shift_signups.volunteer_id` ties a place to the offer it came from (taking the offer back
/// takes the place off). The offers made before are placed here: an event with offers and no plan
/// gets the role ("Volunteers", reporting to the front desk) with one shift of 3 hours from the
/// event's start, needing as many as offered, each offer confirmed on it.
#[derive(DeriveMigrationName)]
pub struct Migration;

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
    OneStep,
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
    PersonKey,
    Name,
    Status,
    Attendance,
    DropRequested,
    VolunteerId,
    CreatedAt,
    UpdatedAt,
}

/// The offers of events without a plan, grouped by event.
const OFFERS: &str = "SELECT v.id, v.event_id, v.user_id, v.name, v.created_at, e.name AS event_name, e.event_date \
    FROM volunteers v JOIN events e ON e.id = v.event_id \
    WHERE NOT EXISTS (SELECT 1 FROM volunteer_roles r WHERE r.event_id = v.event_id) \
    ORDER BY v.event_id, v.created_at, v.id";

struct Offer {
    id: String,
    user_id: String,
    name: String,
    created_at: chrono::DateTime<chrono::Utc>,
}

async fn place_offers(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let backend = manager.get_database_backend();
    let mut events: Vec<(String, String, chrono::DateTime<chrono::Utc>, Vec<Offer>)> = Vec::new();
    for row in db.query_all_raw(Statement::from_string(backend, OFFERS)).await? {
        let event_id: String = row.try_get("", "event_id")?;
        let offer = Offer {
            id: row.try_get("", "id")?,
            user_id: row.try_get("", "user_id")?,
            name: row.try_get("", "name")?,
            created_at: row.try_get("", "created_at")?,
        };
        match events.last_mut() {
            Some((id, _, _, offers)) if *id == event_id => offers.push(offer),
            _ => events.push((event_id, row.try_get("", "event_name")?, row.try_get("", "event_date")?, vec![offer])),
        }
    }
    let now = chrono::Utc::now();
    for (event_id, event_name, event_date, offers) in events {
        let role_id = uuid::Uuid::new_v4().to_string();
        let shift_id = uuid::Uuid::new_v4().to_string();
        let role = Query::insert()
            .into_table(VolunteerRoles::Table)
            .columns([
                VolunteerRoles::Id,
                VolunteerRoles::EventId,
                VolunteerRoles::Name,
                VolunteerRoles::Description,
                VolunteerRoles::MinAge,
                VolunteerRoles::ReportTo,
                VolunteerRoles::Position,
                VolunteerRoles::OneStep,
                VolunteerRoles::CreatedAt,
            ])
            .values_panic([
                role_id.clone().into(),
                event_id.clone().into(),
                "Volunteers".into(),
                format!("Help wherever {event_name} needs you on the day.").into(),
                Option::<i32>::None.into(),
                "The front desk".into(),
                0.into(),
                true.into(),
                now.into(),
            ])
            .to_owned();
        manager.exec_stmt(role).await?;
        let needed = std::cmp::max(<i32 as TryFrom<usize>>::try_from(offers.len()).unwrap_or(i32::MAX), 1);
        let shift = Query::insert()
            .into_table(VolunteerShifts::Table)
            .columns([
                VolunteerShifts::Id,
                VolunteerShifts::RoleId,
                VolunteerShifts::EventId,
                VolunteerShifts::StartsAt,
                VolunteerShifts::EndsAt,
                VolunteerShifts::Needed,
                VolunteerShifts::CreatedAt,
            ])
            .values_panic([
                shift_id.clone().into(),
                role_id.into(),
                event_id.clone().into(),
                event_date.into(),
                (event_date + chrono::Duration::hours(3)).into(),
                needed.into(),
                now.into(),
            ])
            .to_owned();
        manager.exec_stmt(shift).await?;
        for offer in offers {
            let signup = Query::insert()
                .into_table(ShiftSignups::Table)
                .columns([
                    ShiftSignups::Id,
                    ShiftSignups::ShiftId,
                    ShiftSignups::EventId,
                    ShiftSignups::UserId,
                    ShiftSignups::FamilyMemberId,
                    ShiftSignups::PersonKey,
                    ShiftSignups::Name,
                    ShiftSignups::Status,
                    ShiftSignups::Attendance,
                    ShiftSignups::DropRequested,
                    ShiftSignups::VolunteerId,
                    ShiftSignups::CreatedAt,
                    ShiftSignups::UpdatedAt,
                ])
                .values_panic([
                    uuid::Uuid::new_v4().to_string().into(),
                    shift_id.clone().into(),
                    event_id.clone().into(),
                    offer.user_id.clone().into(),
                    Option::<String>::None.into(),
                    offer.user_id.into(),
                    offer.name.into(),
                    "confirmed".into(),
                    Option::<String>::None.into(),
                    false.into(),
                    offer.id.into(),
                    offer.created_at.into(),
                    now.into(),
                ])
                .to_owned();
            manager.exec_stmt(signup).await?;
        }
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(VolunteerRoles::Table).add_column(boolean(VolunteerRoles::OneStep, false)).to_owned())
            .await?;
        // No foreign key (SQLite cannot add one to a table): the offer's repository takes the place
        // off with the offer, and both go with their event and member.
        manager
            .alter_table(Table::alter().table(ShiftSignups::Table).add_column(string_null(ShiftSignups::VolunteerId, 36)).to_owned())
            .await?;
        manager
            .create_index(
                Index::create().name("idx_shift_signups_volunteer").table(ShiftSignups::Table).col(ShiftSignups::VolunteerId).to_owned(),
            )
            .await?;
        place_offers(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("DELETE FROM volunteer_roles WHERE one_step").await?;
        manager.drop_index(Index::drop().name("idx_shift_signups_volunteer").table(ShiftSignups::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(ShiftSignups::Table).drop_column(ShiftSignups::VolunteerId).to_owned()).await?;
        manager.alter_table(Table::alter().table(VolunteerRoles::Table).drop_column(VolunteerRoles::OneStep).to_owned()).await?;
        Ok(())
    }
}

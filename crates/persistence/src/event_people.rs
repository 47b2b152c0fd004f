//! An event's row with its people count, and its registrations, as the domain sees them: read by
//! the events, the attendees, the waitlist, the volunteers and the festivals' repositories.

use mandir_domain::event::Event;
use mandir_domain::registration::Attendee;
use sea_orm::sea_query::Expr;
use sea_orm::{DbErr, EntityTrait, FromQueryResult, QueryResult, QuerySelect};

use crate::entities::{attendees, events};

pub(crate) fn event_of(m: events::Model, attendee_count: i64) -> Event {
    Event {
        id: m.id.into(),
        name: m.name,
        description: m.description,
        location: m.location,
        event_date: m.event_date,
        image_url: m.image_url,
        donation_options: m.donation_options.and_then(|text| serde_json::from_str(&text).ok()),
        capacity: m.capacity,
        attendee_count,
        created_at: m.created_at,
        updated_at: m.updated_at,
    }
}

/// People registered for the event of the row: the sum over its registrations of (family members +
/// 1), kept in `events.people` by triggers on `attendees` (migration 000016, ADR 0071), so an event
/// and its count come back in one statement without summing its registrations. A bigint on
/// PostgreSQL, an integer on SQLite: read as i64.
pub(crate) const PEOPLE_SQL: &str = "events.people";

/// The column holding [`PEOPLE_SQL`] in a row.
pub(crate) const PEOPLE: &str = "people";

/// An event row with its people count ([`PEOPLE_SQL`] as [`PEOPLE`]).
pub(crate) struct EventWithPeople(pub events::Model, pub i64);

impl FromQueryResult for EventWithPeople {
    fn from_query_result(row: &QueryResult, pre: &str) -> Result<Self, DbErr> {
        Ok(Self(events::Model::from_query_result(row, pre)?, row.try_get(pre, PEOPLE)?))
    }
}

/// Every event column, with its people count, in one statement.
pub(crate) fn with_people() -> sea_orm::Select<events::Entity> {
    events::Entity::find().expr_as(Expr::cust(PEOPLE_SQL), PEOPLE)
}

pub(crate) fn attendee_of(m: attendees::Model) -> Attendee {
    Attendee {
        id: m.id.into(),
        event_id: m.event_id.into(),
        user_id: m.user_id.into(),
        number_of_family_members: m.number_of_family_members,
        additional_notes: m.additional_notes,
        created_at: m.created_at,
        updated_at: m.updated_at,
        checked_in_at: m.checked_in_at,
        confirmation_code: m.confirmation_code,
    }
}

//! Fixtures shared by the services' unit tests.

use chrono::{DateTime, Duration, TimeZone, Utc};
use mandir_domain::event::Event;

use super::Actor;

/// The fixed "now" of the service tests.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).single().expect("date")
}

pub fn admin() -> Actor {
    Actor { user_id: "admin".into(), email: "admin@example.org".into(), is_admin: true }
}

pub fn member() -> Actor {
    Actor { user_id: "m".into(), email: "m@example.org".into(), is_admin: false }
}

/// An event `days` after [`now`], without capacity or registrations.
pub fn event(id: &str, days: i64) -> Event {
    Event {
        id: id.into(),
        name: "Diwali".into(),
        description: None,
        location: "Main Hall".into(),
        event_date: now() + Duration::days(days),
        image_url: None,
        donation_options: None,
        capacity: None,
        attendee_count: 0,
        created_at: now(),
        updated_at: now(),
    }
}

//! Event registrations (attendees): a member and their family coming to an event (spec sections
//! 3 and 5), and the rules that decide whether a registration may be made or changed.

use chrono::{DateTime, Utc};

use crate::validation::{ValidationErrors, optional_text};

pub const FAMILY_MEMBERS_INVALID: &str = "Number of family members must be 0 or more";
pub const FAMILY_MEMBERS_NOT_WHOLE: &str = "Number of family members must be a whole number";
pub const FAMILY_MEMBERS_TOO_MANY: &str = "Number of family members must be at most 50";
pub const NOTES_TOO_LONG: &str = "Notes must be at most 1000 characters";
pub const MAX_FAMILY_MEMBERS: i32 = 50;
pub const MAX_NOTES: usize = 1000;

/// One member's registration for one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attendee {
    pub id: String,
    pub event_id: String,
    pub user_id: String,
    pub number_of_family_members: i32,
    pub additional_notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Attendee {
    /// The people this registration brings: the member plus their family.
    pub fn people(&self) -> i64 {
        people(self.number_of_family_members)
    }
}

/// A registration with the member's contact details, for the admins' attendee list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttendeeWithContact {
    pub attendee: Attendee,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
}

fn people(family: i32) -> i64 {
    i64::from(family) + 1
}

/// The registration form as submitted. The family count is the JSON number as sent, so that a
/// fraction is refused with a message instead of a parse error.
#[derive(Debug, Clone, Default)]
pub struct RegistrationInput {
    pub number_of_family_members: Option<f64>,
    pub additional_notes: Option<String>,
}

/// A registration form that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidRegistration {
    pub number_of_family_members: i32,
    pub additional_notes: Option<String>,
}

impl ValidRegistration {
    pub fn people(&self) -> i64 {
        people(self.number_of_family_members)
    }
}

fn check_family(value: Option<f64>) -> Result<i32, String> {
    let Some(n) = value else { return Ok(0) };
    if !n.is_finite() || n.fract() != 0.0 {
        Err(FAMILY_MEMBERS_NOT_WHOLE.to_owned())
    } else if n < 0.0 {
        Err(FAMILY_MEMBERS_INVALID.to_owned())
    } else if n > f64::from(MAX_FAMILY_MEMBERS) {
        Err(FAMILY_MEMBERS_TOO_MANY.to_owned())
    } else {
        // A whole number within 0..=50: the conversion is exact.
        Ok(n as i32)
    }
}

impl RegistrationInput {
    pub fn validate(self) -> Result<ValidRegistration, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let family = errors.check("numberOfFamilyMembers", check_family(self.number_of_family_members));
        let notes = errors.check("additionalNotes", optional_text(self.additional_notes.as_deref(), MAX_NOTES, NOTES_TOO_LONG));
        match (family, notes) {
            (Some(number_of_family_members), Some(additional_notes)) if errors.is_empty() => {
                Ok(ValidRegistration { number_of_family_members, additional_notes })
            }
            _ => Err(errors),
        }
    }
}

/// Why a registration cannot be made or changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("This event has already started; registration is closed")]
    Started,
    /// The spots still free, as the event card shows them.
    #[error("{}", full_message(*spots_left))]
    Full { spots_left: i64 },
}

fn full_message(spots_left: i64) -> String {
    match spots_left {
        n if n <= 0 => "This event is full".to_owned(),
        1 => "Only 1 spot left for this event".to_owned(),
        n => format!("Only {n} spots left for this event"),
    }
}

/// An event's state as seen by a registration, read while the event is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occupancy {
    pub event_date: DateTime<Utc>,
    /// Maximum people; `None` for unlimited.
    pub capacity: Option<i32>,
    /// People registered now, the caller's current registration included.
    pub taken: i64,
    /// People of the caller's current registration; 0 for a new one.
    pub own: i64,
}

/// Registrations can change only until the event starts.
pub fn ensure_open(event_date: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), Refusal> {
    if event_date <= now { Err(Refusal::Started) } else { Ok(()) }
}

/// Whether the caller's registration may hold `people` people. Shrinking a registration is
/// always allowed (even when an admin lowered the capacity below the people registered).
pub fn admit(occupancy: &Occupancy, people: i64, now: DateTime<Utc>) -> Result<(), Refusal> {
    ensure_open(occupancy.event_date, now)?;
    let Some(capacity) = occupancy.capacity else { return Ok(()) };
    let others = occupancy.taken - occupancy.own;
    if people <= occupancy.own || others + people <= i64::from(capacity) {
        Ok(())
    } else {
        Err(Refusal::Full { spots_left: (i64::from(capacity) - occupancy.taken).max(0) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).single().expect("date")
    }

    fn later() -> DateTime<Utc> {
        now() + chrono::Duration::days(3)
    }

    #[test]
    fn family_defaults_to_zero_and_notes_are_trimmed() {
        let valid = RegistrationInput { number_of_family_members: None, additional_notes: Some("  vegetarian  ".into()) }
            .validate()
            .expect("valid");
        assert_eq!(valid, ValidRegistration { number_of_family_members: 0, additional_notes: Some("vegetarian".into()) });
        assert_eq!(valid.people(), 1);
        let blank = RegistrationInput { number_of_family_members: Some(3.0), additional_notes: Some("  ".into()) }.validate();
        assert_eq!(blank.expect("valid").additional_notes, None);
    }

    #[test]
    fn family_count_uses_spec_message() {
        let negative = RegistrationInput { number_of_family_members: Some(-1.0), ..RegistrationInput::default() };
        assert_eq!(negative.validate().expect_err("invalid").get("numberOfFamilyMembers"), Some(FAMILY_MEMBERS_INVALID));
        let fraction = RegistrationInput { number_of_family_members: Some(1.5), ..RegistrationInput::default() };
        assert_eq!(fraction.validate().expect_err("invalid").get("numberOfFamilyMembers"), Some(FAMILY_MEMBERS_NOT_WHOLE));
        let many = RegistrationInput { number_of_family_members: Some(51.0), ..RegistrationInput::default() };
        assert_eq!(many.validate().expect_err("invalid").get("numberOfFamilyMembers"), Some(FAMILY_MEMBERS_TOO_MANY));
        let most = RegistrationInput { number_of_family_members: Some(50.0), ..RegistrationInput::default() };
        assert_eq!(most.validate().expect("valid").number_of_family_members, 50);
    }

    #[test]
    fn notes_are_capped() {
        let input = RegistrationInput { number_of_family_members: None, additional_notes: Some("x".repeat(MAX_NOTES + 1)) };
        assert_eq!(input.validate().expect_err("invalid").get("additionalNotes"), Some(NOTES_TOO_LONG));
    }

    #[test]
    fn started_events_are_closed() {
        let occupancy = Occupancy { event_date: now(), capacity: None, taken: 0, own: 0 };
        assert_eq!(admit(&occupancy, 1, now()), Err(Refusal::Started));
        assert_eq!(ensure_open(later(), now()), Ok(()));
    }

    #[test]
    fn capacity_counts_people_and_reports_spots_left() {
        let occupancy = Occupancy { event_date: later(), capacity: Some(10), taken: 7, own: 0 };
        assert_eq!(admit(&occupancy, 3, now()), Ok(()));
        assert_eq!(admit(&occupancy, 4, now()), Err(Refusal::Full { spots_left: 3 }));
        assert_eq!(Refusal::Full { spots_left: 3 }.to_string(), "Only 3 spots left for this event");
        assert_eq!(Refusal::Full { spots_left: 1 }.to_string(), "Only 1 spot left for this event");
        assert_eq!(Refusal::Full { spots_left: 0 }.to_string(), "This event is full");
        let unlimited = Occupancy { capacity: None, taken: 1_000, ..occupancy };
        assert_eq!(admit(&unlimited, 51, now()), Ok(()));
    }

    #[test]
    fn an_update_counts_the_callers_own_people_once() {
        // Capacity 10: the caller holds 2 of the 9 taken, so they may grow to 3, not 4.
        let occupancy = Occupancy { event_date: later(), capacity: Some(10), taken: 9, own: 2 };
        assert_eq!(admit(&occupancy, 3, now()), Ok(()));
        assert_eq!(admit(&occupancy, 4, now()), Err(Refusal::Full { spots_left: 1 }));
        // Over capacity after an admin lowered it: shrinking is still allowed.
        let over = Occupancy { event_date: later(), capacity: Some(5), taken: 8, own: 4 };
        assert_eq!(admit(&over, 2, now()), Ok(()));
        assert_eq!(admit(&over, 5, now()), Err(Refusal::Full { spots_left: 0 }));
    }
}

//! Event registrations (attendees): a member and their family coming to an event, and the rules
//! that decide whether a registration may be made or changed (docs/product.md#validation-rules).

use chrono::{DateTime, Utc};

use crate::id::{AttendeeId, EventId, UserId, WaitlistId};
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
    pub id: AttendeeId,
    pub event_id: EventId,
    pub user_id: UserId,
    pub number_of_family_members: i32,
    pub additional_notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When an admin marked the party arrived at the door; `None` until then.
    pub checked_in_at: Option<DateTime<Utc>>,
    /// The code the member shows at the door, as its QR code (stored form, `ABCD2345`).
    pub confirmation_code: Option<String>,
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

/// A member (with their family) waiting for spots at a full event; `position` is 1 for the next
/// party in line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitlistEntry {
    pub id: WaitlistId,
    pub event_id: EventId,
    pub user_id: UserId,
    pub number_of_family_members: i32,
    pub additional_notes: Option<String>,
    pub position: i64,
    pub created_at: DateTime<Utc>,
}

impl WaitlistEntry {
    pub fn people(&self) -> i64 {
        people(self.number_of_family_members)
    }
}

/// A waitlist entry with the member's contact details, for the admins' list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitlistEntryWithContact {
    pub entry: WaitlistEntry,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
}

/// Which waitlisted parties freed spots promote: in waitlist order, each party that fits in the
/// spots still free (a party too large for them keeps its place, and a smaller one behind it may
/// go first). `free` is the event's free spots after the change (a cancellation, a smaller party,
/// a larger capacity); `parties` the people of each
/// entry in order. Answers the indexes promoted.
pub fn promote(free: Option<i64>, parties: &[i64]) -> Vec<usize> {
    let mut promoted = Vec::new();
    let Some(mut free) = free else {
        // No capacity: everyone fits.
        return (0..parties.len()).collect();
    };
    for (i, party) in parties.iter().enumerate() {
        if free <= 0 {
            break;
        }
        if *party <= free {
            free -= party;
            promoted.push(i);
        }
    }
    promoted
}

/// Why a member cannot join a waitlist (beyond the event being unknown or started).
pub const WAITLIST_HAS_ROOM: &str = "This event has room for your party; please register instead";

/// A party that could never be registered, whatever cancellations come.
pub fn larger_than_capacity_message(capacity: i64) -> String {
    format!("Your party is larger than this event's capacity of {capacity} people")
}

pub const NOT_AT_THE_DOOR: &str = "Only staff on door duty (front desk, volunteer coordinators, admins) and those a coordinator put on this event's door can check people in";

fn people(family: i32) -> i64 {
    i64::from(family) + 1
}

/// The registration form as submitted. The family count is the JSON number as sent, so that a
/// fraction is refused with a message instead of a parse error.
#[derive(Debug, Clone, Default, PartialEq)]
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

    #[test]
    fn a_cancellation_promotes_the_first_parties_that_fit_in_order() {
        assert_eq!(promote(Some(2), &[1, 1, 1]), vec![0, 1]);
        // A party too large keeps its place; a smaller one behind it goes first.
        assert_eq!(promote(Some(2), &[3, 2, 1]), vec![1]);
        assert_eq!(promote(Some(3), &[3, 2, 1]), vec![0]);
        assert_eq!(promote(Some(4), &[3, 2, 1]), vec![0, 2]);
        assert_eq!(promote(Some(0), &[1]), Vec::<usize>::new());
        assert_eq!(promote(Some(-2), &[1]), Vec::<usize>::new());
        assert_eq!(promote(None, &[5, 9]), vec![0, 1]);
    }
}

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::door::{CheckIn, DoorCount, DoorEntry, ValidWalkIn};
use mandir_domain::{AttendeeId, EventId, UserId, WalkInId};

use super::RepoError;

/// A walk-in to add at the door, checked in at `at` by `by`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewWalkIn {
    pub id: WalkInId,
    pub event_id: EventId,
    pub walk_in: ValidWalkIn,
    pub by: UserId,
    pub at: DateTime<Utc>,
}

/// What a check-in changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedIn {
    pub entry: DoorEntry,
    /// The party had been checked in before: nothing changed.
    pub already: bool,
}

/// A party as the desks' search index keeps it: its entry and its phone's digits (searched, never
/// shown: the door sees the last four).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoorRecord {
    pub entry: DoorEntry,
    pub phone_digits: String,
}

/// The door as of a change number: its count, and when the event's registrations last changed (a
/// registration's party, or a new one; a cancelled one lowers the count), which tells the search
/// index whether its copy of them still holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DoorState {
    pub count: DoorCount,
    /// The event's latest change number (`events.door_seq`).
    pub seq: i64,
    /// The latest change to any of the event's registrations (`attendees.updated_at`).
    pub registrations_changed_at: Option<DateTime<Utc>>,
}

/// Why a walk-in was not added.
#[derive(Debug, thiserror::Error)]
pub enum WalkInError {
    #[error("event not found")]
    EventNotFound,
    /// The event's capacity has fewer places left than the party.
    #[error("only {0} places are left")]
    Full(i64),
    /// The member the walk-in's e-mail or phone found is registered for the event already (their
    /// confirmation code, stored form).
    #[error("the member is registered already")]
    MemberRegistered(String),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// The check-in desk's reads and writes (ADR 0142). Every door change happens in a transaction
/// holding the event's row, which numbers it with the event's next change number
/// (`events.door_seq`), so that a desk reads the changes after the last number it saw in order and
/// none is missed; a check-in that finds the party checked in already changes nothing.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait DoorRepository: Send + Sync {
    /// Every registration of the event and every walk-in not taken off, in no order: what the
    /// desks' search index reads.
    async fn book(&self, event_id: &EventId) -> Result<Vec<DoorRecord>, RepoError>;
    /// The door's count, its latest change number and its registrations' latest change; `None`
    /// when there is no such event.
    async fn state(&self, event_id: &EventId) -> Result<Option<DoorState>, RepoError>;
    /// The entries whose last change is numbered after `after` and up to `upto`, in order (at
    /// most `limit`), walk-ins taken off included.
    async fn changes(&self, event_id: &EventId, after: i64, upto: i64, limit: u64) -> Result<Vec<DoorRecord>, RepoError>;
    /// The event's registration with `code` (stored form).
    async fn find_code(&self, event_id: &EventId, code: &str) -> Result<Option<AttendeeId>, RepoError>;
    /// Checks the party in, once: `RepoError::NotFound` when the event has no such registration.
    async fn check_in(&self, event_id: &EventId, check_in: CheckIn) -> Result<CheckedIn, RepoError>;
    /// Undoes a check-in (`already` when it was not checked in): `RepoError::NotFound` as above.
    async fn undo_check_in(&self, event_id: &EventId, attendee_id: &AttendeeId) -> Result<CheckedIn, RepoError>;
    /// Adds a walk-in within the event's capacity, joined to the member whose e-mail or phone it
    /// gives (when exactly one matches).
    async fn add_walk_in(&self, walk_in: NewWalkIn) -> Result<DoorEntry, WalkInError>;
    /// Takes a walk-in off (its people leave the count): `RepoError::NotFound` when the event has
    /// no such walk-in, or it was taken off already.
    async fn remove_walk_in(&self, event_id: &EventId, id: &WalkInId, at: DateTime<Utc>) -> Result<DoorEntry, RepoError>;
}

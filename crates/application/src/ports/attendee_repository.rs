use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::event::Event;
use mandir_domain::registration::{Attendee, AttendeeWithContact, Refusal, ValidRegistration, WaitlistEntry, WaitlistEntryWithContact};
use mandir_domain::{AttendeeId, EventId, UserId, WaitlistId};

use super::RepoError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAttendeeRecord {
    pub id: AttendeeId,
    pub event_id: EventId,
    pub user_id: UserId,
    pub registration: ValidRegistration,
    pub now: DateTime<Utc>,
}

/// A member joining a full event's waitlist with their party.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewWaitlistRecord {
    pub id: WaitlistId,
    pub event_id: EventId,
    pub user_id: UserId,
    pub registration: ValidRegistration,
    pub now: DateTime<Utc>,
}

/// Why a registration was not written.
#[derive(Debug, thiserror::Error)]
pub enum AdmissionError {
    #[error("event not found")]
    EventNotFound,
    #[error("already registered")]
    AlreadyRegistered,
    #[error("not registered")]
    NotRegistered,
    #[error("already on the waitlist")]
    AlreadyWaitlisted,
    #[error("not on the waitlist")]
    NotWaitlisted,
    /// The party fits: the member should register instead of waiting.
    #[error("the event has room")]
    HasRoom,
    /// The party has more people than the event's whole capacity: it could never be registered.
    #[error("the party is larger than the capacity of {0}")]
    LargerThanCapacity(i64),
    /// The domain's rule ([`mandir_domain::registration::admit`]) said no.
    #[error("refused: {0}")]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Registrations. Writes that depend on the event's capacity are race-safe: the adapter reads
/// the event and its people count and applies [`mandir_domain::registration::admit`] in the same
/// transaction as the write, holding the event (a row lock on PostgreSQL, the write lock on
/// SQLite) so that concurrent registrations are decided one after the other.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait AttendeeRepository: Send + Sync {
    /// Adds the member's registration. `EventNotFound`, `AlreadyRegistered` (also when a
    /// concurrent request won the unique constraint), or `Refused`.
    async fn register(&self, record: NewAttendeeRecord) -> Result<Attendee, AdmissionError>;
    /// Replaces the member's family count and notes. `EventNotFound`, `NotRegistered` or `Refused`.
    /// A smaller party frees spots: the waitlisted parties that now fit are promoted in the same
    /// transaction, as on [`AttendeeRepository::delete`].
    async fn update(
        &self,
        event_id: &EventId,
        user_id: &UserId,
        registration: ValidRegistration,
        now: DateTime<Utc>,
    ) -> Result<Attendee, AdmissionError>;
    /// The member's registration for the event, in one statement: `EventNotFound` when there is
    /// no such event, `NotRegistered` when the member has no registration for it.
    async fn find(&self, event_id: &EventId, user_id: &UserId) -> Result<Attendee, AdmissionError>;
    /// Removes the member's registration and, in the same transaction holding the event, moves
    /// the waitlisted parties that now fit onto the attendees in waitlist order
    /// ([`mandir_domain::registration::promote`]). `None` when the member had no registration;
    /// otherwise the promoted registrations (written at `now`; each one's e-mail is queued with
    /// it in the member outbox, as every registration's confirmation is).
    async fn delete(&self, event_id: &EventId, user_id: &UserId, now: DateTime<Utc>) -> Result<Option<Vec<Attendee>>, RepoError>;
    /// Whether a volunteer coordinator put the member on the event's door (door duty for that
    /// event only; the staff roles' `door_duty` covers every event).
    async fn on_door_duty(&self, event_id: &EventId, user_id: &UserId) -> Result<bool, RepoError>;
    /// Puts the member's party on the event's waitlist, last in line, in a transaction holding the
    /// event: `EventNotFound`, `AlreadyRegistered`, `AlreadyWaitlisted`, `Refused(Started)`, or
    /// `HasRoom` when the event has no capacity or room for the party.
    async fn join_waitlist(&self, record: NewWaitlistRecord) -> Result<WaitlistEntry, AdmissionError>;
    /// The member's waitlist entry with its position: `EventNotFound` or `NotWaitlisted`.
    async fn waitlist_entry(&self, event_id: &EventId, user_id: &UserId) -> Result<WaitlistEntry, AdmissionError>;
    /// Takes the member off the waitlist; `false` when they were not on it.
    async fn leave_waitlist(&self, event_id: &EventId, user_id: &UserId) -> Result<bool, RepoError>;
    /// The event's waitlist in order, with the members' contact details.
    async fn waitlist(&self, event_id: &EventId) -> Result<Vec<WaitlistEntryWithContact>, RepoError>;
    /// The event's registrations with each member's contact details, oldest first.
    async fn list_for_event(&self, event_id: &EventId) -> Result<Vec<AttendeeWithContact>, RepoError>;
    /// The member's registrations with their events (and people counts), by event date.
    async fn list_for_user(&self, user_id: &UserId) -> Result<Vec<(Event, Attendee)>, RepoError>;
}

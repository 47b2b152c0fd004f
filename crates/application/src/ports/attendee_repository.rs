use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::event::Event;
use mandir_domain::registration::{Attendee, AttendeeWithContact, Refusal, ValidRegistration};

use super::RepoError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAttendeeRecord {
    pub id: String,
    pub event_id: String,
    pub user_id: String,
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
    async fn update(
        &self,
        event_id: &str,
        user_id: &str,
        registration: ValidRegistration,
        now: DateTime<Utc>,
    ) -> Result<Attendee, AdmissionError>;
    async fn find(&self, event_id: &str, user_id: &str) -> Result<Option<Attendee>, RepoError>;
    /// Removes the member's registration; `false` when there was none.
    async fn delete(&self, event_id: &str, user_id: &str) -> Result<bool, RepoError>;
    /// The event's registrations with each member's contact details, oldest first.
    async fn list_for_event(&self, event_id: &str) -> Result<Vec<AttendeeWithContact>, RepoError>;
    /// The member's registrations with their events (and people counts), by event date.
    async fn list_for_user(&self, user_id: &str) -> Result<Vec<(Event, Attendee)>, RepoError>;
}

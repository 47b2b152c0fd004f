use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::event::Event;
use mandir_domain::volunteer::{ValidVolunteer, Volunteer};
use mandir_domain::{EventId, UserId, VolunteerId};

use super::RepoError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewVolunteerRecord {
    pub id: VolunteerId,
    pub event_id: EventId,
    pub user_id: UserId,
    pub volunteer: ValidVolunteer,
    pub now: DateTime<Utc>,
}

/// Why a one-step offer was not stored.
#[derive(Debug, thiserror::Error)]
pub enum OfferError {
    /// The member already volunteers for the event (the unique constraint decides between
    /// concurrent requests).
    #[error("already volunteering")]
    AlreadyVolunteering,
    /// The event has a volunteer plan of its own: its shifts take the sign-ups.
    #[error("the event has a volunteer plan")]
    HasPlan,
    #[error("event not found")]
    EventNotFound,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait VolunteerRepository: Send + Sync {
    /// Stores the offer and, in the same transaction under the event's row, places the member on
    /// the event's one-step role's shift (made with the role when the event has no plan; it grows
    /// to fit every offer), with the sign-up's e-mail.
    async fn create(&self, record: NewVolunteerRecord) -> Result<Volunteer, OfferError>;
    async fn get(&self, id: &VolunteerId) -> Result<Option<Volunteer>, RepoError>;
    async fn find_for_user(&self, event_id: &EventId, user_id: &UserId) -> Result<Option<Volunteer>, RepoError>;
    /// The event's volunteers, oldest first.
    async fn list_for_event(&self, event_id: &EventId) -> Result<Vec<Volunteer>, RepoError>;
    /// The member's volunteer records with their events (and people counts), by event date.
    async fn list_for_user(&self, user_id: &UserId) -> Result<Vec<(Event, Volunteer)>, RepoError>;
    async fn count_for_event(&self, event_id: &EventId) -> Result<u64, RepoError>;
    /// Takes the offer back with its place on a shift (promoting that shift's waitlist);
    /// `RepoError::NotFound` when it is gone.
    async fn delete(&self, id: &VolunteerId, now: DateTime<Utc>) -> Result<(), RepoError>;
}

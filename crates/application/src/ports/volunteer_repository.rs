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

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait VolunteerRepository: Send + Sync {
    /// `RepoError::Conflict` when the member already volunteers for the event (the unique
    /// constraint decides between concurrent requests), `RepoError::NotFound` when the event is gone.
    async fn create(&self, record: NewVolunteerRecord) -> Result<Volunteer, RepoError>;
    async fn get(&self, id: &VolunteerId) -> Result<Option<Volunteer>, RepoError>;
    async fn find_for_user(&self, event_id: &EventId, user_id: &UserId) -> Result<Option<Volunteer>, RepoError>;
    /// The event's volunteers, oldest first.
    async fn list_for_event(&self, event_id: &EventId) -> Result<Vec<Volunteer>, RepoError>;
    /// The member's volunteer records with their events (and people counts), by event date.
    async fn list_for_user(&self, user_id: &UserId) -> Result<Vec<(Event, Volunteer)>, RepoError>;
    async fn count_for_event(&self, event_id: &EventId) -> Result<u64, RepoError>;
    /// `RepoError::NotFound` when it is gone.
    async fn delete(&self, id: &VolunteerId) -> Result<(), RepoError>;
}

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::volunteer::{ValidVolunteer, Volunteer};

use super::RepoError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewVolunteerRecord {
    pub id: String,
    pub event_id: String,
    pub user_id: String,
    pub volunteer: ValidVolunteer,
    pub now: DateTime<Utc>,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait VolunteerRepository: Send + Sync {
    /// `RepoError::Conflict` when the member already volunteers for the event (the unique
    /// constraint decides between concurrent requests), `RepoError::NotFound` when the event is gone.
    async fn create(&self, record: NewVolunteerRecord) -> Result<Volunteer, RepoError>;
    async fn get(&self, id: &str) -> Result<Option<Volunteer>, RepoError>;
    async fn find_for_user(&self, event_id: &str, user_id: &str) -> Result<Option<Volunteer>, RepoError>;
    /// The event's volunteers, oldest first.
    async fn list_for_event(&self, event_id: &str) -> Result<Vec<Volunteer>, RepoError>;
    async fn count_for_event(&self, event_id: &str) -> Result<u64, RepoError>;
    /// `RepoError::NotFound` when it is gone.
    async fn delete(&self, id: &str) -> Result<(), RepoError>;
}

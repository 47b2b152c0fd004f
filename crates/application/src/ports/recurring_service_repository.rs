use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::RecurringServiceId;
use mandir_domain::recurring_service::{NewRecurringService, RecurringService};

use super::RepoError;

/// The temple's recurring services.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait RecurringServiceRepository: Send + Sync {
    /// Every service, by name.
    async fn list(&self) -> Result<Vec<RecurringService>, RepoError>;
    async fn create(&self, id: RecurringServiceId, service: NewRecurringService, now: DateTime<Utc>)
    -> Result<RecurringService, RepoError>;
    /// Replaces every field. `RepoError::NotFound` when the service is gone.
    async fn update(
        &self,
        id: &RecurringServiceId,
        service: NewRecurringService,
        now: DateTime<Utc>,
    ) -> Result<RecurringService, RepoError>;
    /// `RepoError::NotFound` when the service is gone.
    async fn delete(&self, id: &RecurringServiceId) -> Result<(), RepoError>;
}

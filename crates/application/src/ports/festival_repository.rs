use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::event::{Event, NewEvent};
use mandir_domain::festival::{Festival, NewFestival};
use mandir_domain::{EventId, FestivalRuleId, UserId};

use super::RepoError;

/// One event to make from a festival's rule, for its local date.
#[derive(Debug, Clone, PartialEq)]
pub struct FestivalEvent {
    pub date: NaiveDate,
    pub id: EventId,
    pub event: NewEvent,
}

/// The festivals' rules (the shipped table and the editors' own), and the events made from them.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait FestivalRepository: Send + Sync {
    /// Every rule, by lunar (or solar) month, tithi and name.
    async fn list(&self) -> Result<Vec<Festival>, RepoError>;
    async fn get(&self, id: &FestivalRuleId) -> Result<Option<Festival>, RepoError>;
    async fn create(&self, id: &FestivalRuleId, festival: &NewFestival, now: DateTime<Utc>) -> Result<Festival, RepoError>;
    /// Replaces every field. `RepoError::NotFound` when the rule is gone.
    async fn update(&self, id: &FestivalRuleId, festival: &NewFestival, now: DateTime<Utc>) -> Result<Festival, RepoError>;
    /// Removes the rule; the events made from it stay. `RepoError::NotFound` when it is gone.
    async fn delete(&self, id: &FestivalRuleId) -> Result<(), RepoError>;
    /// The events made from the rule on dates from `from` to `to` that still exist, by date.
    async fn events_of(&self, id: &FestivalRuleId, from: NaiveDate, to: NaiveDate) -> Result<Vec<(NaiveDate, EventId)>, RepoError>;
    /// Makes the events in one transaction, each linked to the rule and its date; a date whose
    /// event has been deleted since may be made again. `RepoError::Conflict` when a date already
    /// has a live event (made by another request meanwhile), and then nothing is made.
    async fn create_events(
        &self,
        id: &FestivalRuleId,
        events: &[FestivalEvent],
        created_by: &UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RepoError>;
}

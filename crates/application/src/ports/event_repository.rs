use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::event::{Event, EventPatch, NewEvent};
use mandir_domain::patch::Patch;
use mandir_domain::{EventId, UserId};

use super::RepoError;

/// An uploaded event image as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    pub content_type: String,
    pub bytes: Vec<u8>,
    /// Short content hash, used in the image URL so caches can keep it forever.
    pub etag: String,
}

/// An event's picture as stored with it: its URL, and the uploaded bytes served there (`None`
/// for a link to a picture elsewhere). The service decides both from the domain's
/// [`ImageSource`](mandir_domain::image::ImageSource), so the repository never reads the
/// `image` of a [`NewEvent`] or [`EventPatch`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventPicture {
    pub url: String,
    pub upload: Option<StoredImage>,
}

/// How many rows refer to an event.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RelatedRecords {
    pub attendees: u64,
    pub volunteers: u64,
    pub payments: u64,
}

impl RelatedRecords {
    pub fn is_empty(&self) -> bool {
        self.attendees == 0 && self.volunteers == 0 && self.payments == 0
    }
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait EventRepository: Send + Sync {
    /// All events with their people counts, by date ascending.
    async fn list(&self) -> Result<Vec<Event>, RepoError>;
    async fn get(&self, id: &EventId) -> Result<Option<Event>, RepoError>;
    /// Stores a validated event, with its picture, as made by `created_by` (`None`: by the system,
    /// as the demo's) at `now`.
    async fn create(
        &self,
        id: &EventId,
        event: &NewEvent,
        picture: Option<EventPicture>,
        created_by: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<Event, RepoError>;
    /// Applies a validated patch, and `picture` (a new URL drops stored bytes it does not bring).
    /// `RepoError::NotFound` when the event is gone.
    async fn update(
        &self,
        id: &EventId,
        patch: &EventPatch,
        picture: Patch<EventPicture>,
        updated_by: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<Event, RepoError>;
    async fn related_records(&self, id: &EventId) -> Result<RelatedRecords, RepoError>;
    /// Deletes an event that nothing refers to. `RepoError::Conflict` when something does,
    /// `RepoError::NotFound` when it is gone.
    async fn delete(&self, id: &EventId) -> Result<(), RepoError>;
    /// In one transaction: removes the event's registrations and volunteers, detaches its payments
    /// (they stay, with the event's name, as the temple's financial record) and removes the event;
    /// everyone who was on it gets a cancellation notice in the member e-mails' outbox.
    async fn force_delete(&self, id: &EventId, now: DateTime<Utc>) -> Result<RelatedRecords, RepoError>;
    async fn image(&self, id: &EventId) -> Result<Option<StoredImage>, RepoError>;
}

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::event::Event;
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

#[derive(Debug, Clone, PartialEq)]
pub struct EventRecord {
    pub id: EventId,
    pub name: String,
    pub description: Option<String>,
    pub location: String,
    pub event_date: DateTime<Utc>,
    pub image_url: Option<String>,
    pub capacity: Option<i32>,
    pub created_by: Option<UserId>,
    pub now: DateTime<Utc>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventChanges {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub location: Option<String>,
    pub event_date: Option<DateTime<Utc>>,
    pub image_url: Patch<String>,
    /// New image bytes; when `image_url` changes without one, stored bytes are dropped.
    pub image_upload: Option<StoredImage>,
    pub capacity: Patch<i32>,
    pub updated_by: Option<UserId>,
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
    async fn create(&self, record: EventRecord, image: Option<StoredImage>) -> Result<Event, RepoError>;
    /// `RepoError::NotFound` when the event is gone.
    async fn update(&self, id: &EventId, changes: EventChanges, now: DateTime<Utc>) -> Result<Event, RepoError>;
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

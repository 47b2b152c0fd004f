//! Temple events: anyone reads them; admins create, edit and delete them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mandir_domain::event::{Event, EventPatchInput, ImageSource, ImageUpload, NewEventInput, Patch};
use mandir_domain::{ErrorKind, Failure, ValidationErrors};
use sha2::{Digest, Sha256};

use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{Clock, EventChanges, EventRecord, EventRepository, RelatedRecords, RepoError, StoredImage};

#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Event not found")]
    NotFound,
    #[error(
        "This event has registrations, volunteers or payments. Force delete removes it with its registrations and volunteers; its payments stay in the temple's records."
    )]
    HasRelatedRecords(RelatedRecords),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

impl Failure for EventError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::Validation(_) => ErrorKind::Invalid,
            Self::Forbidden => ErrorKind::Forbidden,
            Self::NotFound => ErrorKind::NotFound,
            Self::HasRelatedRecords(_) => ErrorKind::Conflict,
            Self::Unexpected(_) => ErrorKind::Unexpected,
        }
    }

    fn field_errors(&self) -> Option<&ValidationErrors> {
        match self {
            Self::Validation(errors) => Some(errors),
            _ => None,
        }
    }
}

super::unexpected_from!(EventError: RepoError);

fn not_found_or(error: RepoError) -> EventError {
    match error {
        RepoError::NotFound => EventError::NotFound,
        other => other.into(),
    }
}

/// The image URL for uploaded bytes: the content hash makes it safe to cache forever.
pub fn image_path(event_id: &str, etag: &str) -> String {
    format!("/api/events/{event_id}/image?v={etag}")
}

fn store(upload: ImageUpload) -> StoredImage {
    let etag = hex::encode(&Sha256::digest(&upload.bytes)[..8]);
    StoredImage { content_type: upload.content_type.to_owned(), bytes: upload.bytes, etag }
}

/// How long this process reuses the events list. The list is the most-read thing on the site and
/// changes rarely; this process's own event writes clear it at once, and registrations made
/// through other processes show within this delay. Nothing here must be shared between processes.
pub const LIST_CACHE_TTL: Duration = Duration::from_secs(1);

#[derive(Default)]
struct ListCache {
    entry: Mutex<Option<(Instant, Arc<Vec<Event>>)>>,
    /// One request reloads an expired list; the others keep answering with it meanwhile.
    refreshing: AtomicBool,
}

/// Clears the refreshing flag however the reload ends (success, error or cancellation).
struct RefreshGuard<'a>(&'a AtomicBool);

impl Drop for RefreshGuard<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

impl ListCache {
    /// The cached list when it is fresh, or when it is stale but another request is reloading it.
    /// `None` means the caller should load it, holding the returned guard when one is given.
    fn lookup(&self) -> (Option<Arc<Vec<Event>>>, Option<RefreshGuard<'_>>) {
        let entry = self.entry.lock().unwrap_or_else(PoisonError::into_inner).clone();
        match entry {
            Some((at, events)) if at.elapsed() < LIST_CACHE_TTL => (Some(events), None),
            Some((_, events)) => {
                if self.refreshing.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                    (None, Some(RefreshGuard(&self.refreshing)))
                } else {
                    (Some(events), None)
                }
            }
            None => (None, None),
        }
    }

    fn store(&self, events: Arc<Vec<Event>>) {
        *self.entry.lock().unwrap_or_else(PoisonError::into_inner) = Some((Instant::now(), events));
    }

    fn clear(&self) {
        *self.entry.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

#[derive(Clone)]
pub struct EventService {
    events: Arc<dyn EventRepository>,
    clock: Arc<dyn Clock>,
    list_cache: Arc<ListCache>,
}

impl EventService {
    pub fn new(events: Arc<dyn EventRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { events, clock, list_cache: Arc::default() }
    }

    /// Forgets the cached list; called after every write that changes what it shows.
    pub fn invalidate_list(&self) {
        self.list_cache.clear();
    }

    fn require_admin(actor: &Actor) -> Result<(), EventError> {
        if actor.is_admin { Ok(()) } else { Err(EventError::Forbidden) }
    }

    /// Every event with its people count, by date (reused for up to [`LIST_CACHE_TTL`]).
    pub async fn list(&self) -> Result<Arc<Vec<Event>>, EventError> {
        let (cached, _refresh_guard) = self.list_cache.lookup();
        if let Some(events) = cached {
            return Ok(events);
        }
        let events = Arc::new(self.events.list().await?);
        self.list_cache.store(events.clone());
        Ok(events)
    }

    pub async fn get(&self, id: &str) -> Result<Event, EventError> {
        self.events.get(id).await?.ok_or(EventError::NotFound)
    }

    pub async fn create(&self, actor: &Actor, input: NewEventInput) -> Result<Event, EventError> {
        Self::require_admin(actor)?;
        let valid = input.validate(self.clock.now()).map_err(EventError::Validation)?;
        let id = new_id();
        let (image_url, image) = match valid.image {
            None => (None, None),
            Some(ImageSource::Url(url)) => (Some(url), None),
            Some(ImageSource::Upload(upload)) => {
                let stored = store(upload);
                (Some(image_path(&id, &stored.etag)), Some(stored))
            }
        };
        let record = EventRecord {
            id,
            name: valid.name,
            description: Some(valid.description),
            location: valid.location,
            event_date: valid.event_date,
            image_url,
            capacity: valid.capacity,
            created_by: Some(actor.user_id.clone()),
            now: self.clock.now(),
        };
        let event = self.events.create(record, image).await?;
        self.invalidate_list();
        Ok(event)
    }

    pub async fn update(&self, actor: &Actor, id: &str, input: EventPatchInput) -> Result<Event, EventError> {
        Self::require_admin(actor)?;
        let patch = input.validate().map_err(EventError::Validation)?;
        let (image_url, image_upload) = match patch.image {
            Patch::Keep => (Patch::Keep, None),
            Patch::Clear => (Patch::Clear, None),
            Patch::Set(ImageSource::Url(url)) => (Patch::Set(url), None),
            Patch::Set(ImageSource::Upload(upload)) => {
                let stored = store(upload);
                (Patch::Set(image_path(id, &stored.etag)), Some(stored))
            }
        };
        let changes = EventChanges {
            name: patch.name,
            description: patch.description,
            location: patch.location,
            event_date: patch.event_date,
            image_url,
            image_upload,
            capacity: patch.capacity,
            updated_by: Some(actor.user_id.clone()),
        };
        let event = self.events.update(id, changes, self.clock.now()).await.map_err(not_found_or)?;
        self.invalidate_list();
        Ok(event)
    }

    /// Deletes an event nothing refers to; otherwise reports what refers to it.
    pub async fn delete(&self, actor: &Actor, id: &str) -> Result<(), EventError> {
        Self::require_admin(actor)?;
        match self.events.delete(id).await {
            Ok(()) => {
                self.invalidate_list();
                Ok(())
            }
            Err(RepoError::Conflict(_)) => {
                let related = self.events.related_records(id).await?;
                Err(EventError::HasRelatedRecords(related))
            }
            Err(other) => Err(not_found_or(other)),
        }
    }

    /// Removes the event with its registrations and volunteers; its payments stay, detached.
    pub async fn force_delete(&self, actor: &Actor, id: &str) -> Result<RelatedRecords, EventError> {
        Self::require_admin(actor)?;
        let related = self.events.force_delete(id).await.map_err(not_found_or)?;
        self.invalidate_list();
        Ok(related)
    }

    pub async fn image(&self, id: &str) -> Result<StoredImage, EventError> {
        self.events.image(id).await?.ok_or(EventError::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::clock::MockClock;
    use crate::ports::event_repository::MockEventRepository;
    use crate::services::test_fixtures::{admin, member, now};

    fn service(events: MockEventRepository) -> EventService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        EventService::new(Arc::new(events), Arc::new(clock))
    }

    fn event(id: &str) -> Event {
        Event {
            id: id.into(),
            name: "Diwali".into(),
            description: Some("Festival of lights".into()),
            location: "Main Hall".into(),
            event_date: now(),
            image_url: None,
            donation_options: None,
            capacity: None,
            attendee_count: 0,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn input() -> NewEventInput {
        NewEventInput {
            name: "Diwali".into(),
            description: "Festival of lights celebration".into(),
            location: "Main Hall".into(),
            event_date: Some("2026-11-08T18:00:00Z".into()),
            image_url: None,
            capacity: None,
        }
    }

    #[tokio::test]
    async fn members_cannot_manage_events() {
        let mut repo = MockEventRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        repo.expect_delete().never();
        repo.expect_force_delete().never();
        let service = service(repo);
        assert!(matches!(service.create(&member(), input()).await, Err(EventError::Forbidden)));
        assert!(matches!(service.update(&member(), "e", EventPatchInput::default()).await, Err(EventError::Forbidden)));
        assert!(matches!(service.delete(&member(), "e").await, Err(EventError::Forbidden)));
        assert!(matches!(service.force_delete(&member(), "e").await, Err(EventError::Forbidden)));
    }

    #[tokio::test]
    async fn admin_creates_with_uploaded_image_under_our_url() {
        use base64::Engine as _;
        let mut repo = MockEventRepository::new();
        repo.expect_create()
            .withf(|record, image| {
                let image = image.as_ref().expect("image stored");
                record.image_url.as_deref() == Some(image_path(&record.id, &image.etag).as_str())
                    && image.content_type == "image/gif"
                    && record.created_by.as_deref() == Some("admin")
            })
            .returning(|record, _| Ok(Event { image_url: record.image_url, ..event(&record.id) }));
        let gif = format!("data:image/gif;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"GIF89a\x01\x00\x01\x00"));
        let created = service(repo).create(&admin(), NewEventInput { image_url: Some(gif), ..input() }).await.expect("created");
        assert!(created.image_url.expect("url").starts_with(&format!("/api/events/{}/image?v=", created.id)));
    }

    #[tokio::test]
    async fn create_validates_with_spec_messages() {
        let service = service(MockEventRepository::new());
        let error = service.create(&admin(), NewEventInput::default()).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("name")), Some("Event name must be at least 3 characters"));
    }

    #[tokio::test]
    async fn update_of_missing_event_is_not_found() {
        let mut repo = MockEventRepository::new();
        repo.expect_update().returning(|_, _, _| Err(RepoError::NotFound));
        let patch = EventPatchInput { name: Some("New name".into()), ..EventPatchInput::default() };
        assert!(matches!(service(repo).update(&admin(), "x", patch).await, Err(EventError::NotFound)));
    }

    #[tokio::test]
    async fn delete_with_related_records_is_a_conflict_with_counts() {
        let mut repo = MockEventRepository::new();
        repo.expect_delete().returning(|_| Err(RepoError::Conflict("attendees".into())));
        repo.expect_related_records().returning(|_| Ok(RelatedRecords { attendees: 2, volunteers: 1, payments: 0 }));
        let error = service(repo).delete(&admin(), "e").await.expect_err("conflict");
        assert_eq!(error.kind(), ErrorKind::Conflict);
        assert!(matches!(error, EventError::HasRelatedRecords(RelatedRecords { attendees: 2, volunteers: 1, payments: 0 })));
    }

    #[tokio::test]
    async fn force_delete_reports_counts() {
        let mut repo = MockEventRepository::new();
        repo.expect_force_delete().returning(|_| Ok(RelatedRecords { attendees: 3, volunteers: 2, payments: 1 }));
        let related = service(repo).force_delete(&admin(), "e").await.expect("deleted");
        assert_eq!(related.attendees, 3);
    }

    #[tokio::test]
    async fn list_is_reused_briefly_and_cleared_by_writes() {
        let mut repo = MockEventRepository::new();
        repo.expect_list().times(2).returning(|| Ok(vec![event("e1")]));
        repo.expect_delete().returning(|_| Ok(()));
        let service = service(repo);
        assert_eq!(service.list().await.expect("list").len(), 1);
        assert_eq!(service.list().await.expect("cached").len(), 1, "second read within the TTL uses the cache");
        service.delete(&admin(), "e1").await.expect("deleted");
        assert_eq!(service.list().await.expect("reloaded").len(), 1, "a write clears the cache");
    }

    #[tokio::test]
    async fn missing_event_and_image_are_not_found() {
        let mut repo = MockEventRepository::new();
        repo.expect_get().returning(|_| Ok(None));
        repo.expect_image().returning(|_| Ok(None));
        let service = service(repo);
        assert!(matches!(service.get("x").await, Err(EventError::NotFound)));
        assert!(matches!(service.image("x").await, Err(EventError::NotFound)));
    }
}

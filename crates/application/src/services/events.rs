//! Temple events: anyone reads them; admins create, edit and delete them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mandir_domain::EventId;
use mandir_domain::ValidationErrors;
use mandir_domain::event::{Event, EventPatchInput, ImageSource, NewEventInput};
use mandir_domain::patch::Patch;
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, images, new_id};
use crate::BoxError;
use crate::ports::{
    ChangeListener, ChangeNotifier, Clock, EventPicture, EventRepository, ImageTranscoder, RelatedRecords, RepoError, StoredImage, Topic,
};

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

mandir_domain::failure!(EventError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::HasRelatedRecords(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(EventError: RepoError);

fn not_found_or(error: RepoError) -> EventError {
    match error {
        RepoError::NotFound => EventError::NotFound,
        other => other.into(),
    }
}

/// The image URL for uploaded bytes: the content hash makes it safe to cache forever.
pub fn image_path(event_id: &EventId, etag: &str) -> String {
    format!("/api/events/{event_id}/image?v={etag}")
}

/// How long this process reuses the events list by default (`MANDIR_EVENTS_CACHE_TTL_MS`). The
/// list is the most-read thing on the site and changes rarely; published changes clear it at once
/// (on PostgreSQL also other processes' copies, through `LISTEN`/`NOTIFY`), and this delay bounds
/// how stale a copy can be if a notice is lost
/// (docs/decisions/0060-change-notifications-across-processes.md).
pub const LIST_CACHE_TTL: Duration = Duration::from_secs(1);

/// How long a list loaded before another process's change may still be served. Under write load
/// on another process (hundreds of registrations a second, each announced), the list is reloaded
/// at most once per interval instead of after every notice; changes made through this process
/// still clear it at once.
pub const ELSEWHERE_COALESCE: Duration = Duration::from_millis(100);

/// The events list kept by this process; cleared by event and registration changes (the list shows
/// people counts).
pub struct EventListCache {
    /// The list and what decides whether it may be served, under one lock (read on every request).
    state: Mutex<ListState>,
    /// One request reloads an expired list; the others keep answering with it meanwhile.
    refreshing: AtomicBool,
    /// Bumped by every clear: a list loaded before a change is not stored after it.
    generation: AtomicU64,
    ttl: Duration,
    coalesce: Duration,
}

#[derive(Default)]
struct ListState {
    /// The list and when its load started (what it can reflect).
    entry: Option<(Instant, Arc<Vec<Event>>)>,
    /// The latest change announced by another process.
    changed_elsewhere: Option<Instant>,
}

impl ListState {
    /// The list, when it may still be served: within `ttl`, and not older than `coalesce` when
    /// another process changed something after its load started.
    fn fresh(&self, ttl: Duration, coalesce: Duration) -> Option<&Arc<Vec<Event>>> {
        let (loaded, events) = self.entry.as_ref()?;
        let age = loaded.elapsed();
        let changed_since = self.changed_elsewhere.is_some_and(|at| at >= *loaded);
        (age < ttl && !(changed_since && age >= coalesce)).then_some(events)
    }
}

impl Default for EventListCache {
    fn default() -> Self {
        Self::with_ttl(LIST_CACHE_TTL)
    }
}

/// Clears the refreshing flag however the reload ends (success, error or cancellation).
struct RefreshGuard<'a>(&'a AtomicBool);

impl Drop for RefreshGuard<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

impl EventListCache {
    pub fn with_ttl(ttl: Duration) -> Self {
        Self {
            state: Mutex::default(),
            refreshing: AtomicBool::new(false),
            generation: AtomicU64::new(0),
            ttl,
            coalesce: ELSEWHERE_COALESCE.min(ttl),
        }
    }

    /// Serves a list for `coalesce` after another process's change instead of
    /// [`ELSEWHERE_COALESCE`] (never longer than the TTL).
    #[must_use]
    pub fn with_coalescing(mut self, coalesce: Duration) -> Self {
        self.coalesce = coalesce.min(self.ttl);
        self
    }

    fn state(&self) -> std::sync::MutexGuard<'_, ListState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The cached list when it is fresh, or when it is stale but another request is reloading it.
    /// `None` means the caller should load it, holding the returned guard when one is given.
    fn lookup(&self) -> (Option<Arc<Vec<Event>>>, Option<RefreshGuard<'_>>) {
        let stale = {
            let state = self.state();
            if let Some(events) = state.fresh(self.ttl, self.coalesce) {
                return (Some(events.clone()), None);
            }
            state.entry.as_ref().map(|(_, events)| events.clone())
        };
        match stale {
            Some(events) => {
                if self.refreshing.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                    (None, Some(RefreshGuard(&self.refreshing)))
                } else {
                    (Some(events), None)
                }
            }
            None => (None, None),
        }
    }

    /// Keeps `events`, whose load started at `loaded` when the generation was `generation`, unless
    /// a change of this process cleared the cache since (the list may predate it).
    fn store(&self, events: Arc<Vec<Event>>, loaded: Instant, generation: u64) {
        let mut state = self.state();
        if self.generation.load(Ordering::Acquire) == generation {
            state.entry = Some((loaded, events));
        }
    }

    fn clear(&self) {
        let mut state = self.state();
        self.generation.fetch_add(1, Ordering::AcqRel);
        state.entry = None;
    }
}

fn shows_in_the_list(topic: Topic) -> bool {
    matches!(topic, Topic::Events | Topic::Registrations)
}

impl ChangeListener for EventListCache {
    fn changed(&self, topic: Topic) {
        if shows_in_the_list(topic) {
            self.clear();
        }
    }

    /// Marks the list stale without dropping it: the first request after [`ELSEWHERE_COALESCE`]
    /// reloads it while the others keep answering with it.
    fn changed_elsewhere(&self, topic: Topic) {
        if shows_in_the_list(topic) {
            self.state().changed_elsewhere = Some(Instant::now());
        }
    }
}

#[derive(Clone)]
pub struct EventService {
    events: Arc<dyn EventRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    pictures: Arc<dyn ImageTranscoder>,
    list_cache: Arc<EventListCache>,
    audit: Recorder,
}

impl EventService {
    /// The list cache is cleared only through `changes`: subscribe [`Self::list_cache`] to it.
    /// Uploaded pictures pass `pictures`' header check before they are stored.
    pub fn new(
        events: Arc<dyn EventRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        pictures: Arc<dyn ImageTranscoder>,
        audit: Recorder,
    ) -> Self {
        Self { events, clock, changes, pictures, list_cache: Arc::default(), audit }
    }

    /// Reuses the events list for `ttl` instead of [`LIST_CACHE_TTL`].
    #[must_use]
    pub fn with_list_ttl(self, ttl: Duration) -> Self {
        self.with_list_cache(EventListCache::with_ttl(ttl))
    }

    /// Keeps the events list in `cache` (before it is subscribed to the change notifier).
    #[must_use]
    pub fn with_list_cache(mut self, cache: EventListCache) -> Self {
        self.list_cache = Arc::new(cache);
        self
    }

    /// The cached events list, to subscribe to the change notifier.
    pub fn list_cache(&self) -> Arc<EventListCache> {
        self.list_cache.clone()
    }

    /// Every event with its people count, by date (reused for up to the list's TTL).
    #[tracing::instrument(skip_all)]
    pub async fn list(&self) -> Result<Arc<Vec<Event>>, EventError> {
        let (cached, _refresh_guard) = self.list_cache.lookup();
        if let Some(events) = cached {
            return Ok(events);
        }
        let (loaded, generation) = (Instant::now(), self.list_cache.generation.load(Ordering::Acquire));
        let events = Arc::new(self.events.list().await?);
        self.list_cache.store(events.clone(), loaded, generation);
        Ok(events)
    }

    /// One event with its people count: from the cached list when it holds it (as fresh as the
    /// list, see [`LIST_CACHE_TTL`]), else read on its own (an event created through another
    /// process within the TTL, or an unknown id).
    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn get(&self, id: &EventId) -> Result<Event, EventError> {
        if let Some(event) = self.list().await?.iter().find(|event| event.id == *id) {
            return Ok(event.clone());
        }
        self.events.get(id).await?.ok_or(EventError::NotFound)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: NewEventInput) -> Result<Event, EventError> {
        actor.require(Permission::EditContent)?;
        let mut valid = input.validate(self.clock.now()).map_err(EventError::Validation)?;
        let id: EventId = new_id();
        let picture = match valid.image.take() {
            None => None,
            Some(image) => Some(self.picture(&id, image).await?),
        };
        let event = self.events.create(&id, &valid, picture, Some(actor.user_id.clone()), self.clock.now()).await?;
        self.changes.publish(Topic::Events).await;
        let summary = format!("Created the event {}", event.name);
        self.audit
            .changed(
                actor,
                Action::new(AuditKind::Events, "event.create", Target::of("event", &event.id)),
                summary,
                None::<&Event>,
                Some(&event),
            )
            .await;
        Ok(event)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(&self, actor: &Actor, id: &EventId, input: EventPatchInput) -> Result<Event, EventError> {
        actor.require(Permission::EditContent)?;
        let mut patch = input.validate().map_err(EventError::Validation)?;
        let picture = match std::mem::replace(&mut patch.image, Patch::Keep) {
            Patch::Keep => Patch::Keep,
            Patch::Clear => Patch::Clear,
            Patch::Set(image) => Patch::Set(self.picture(id, image).await?),
        };
        let before = self.events.get(id).await?.ok_or(EventError::NotFound)?;
        let event = self.events.update(id, &patch, picture, Some(actor.user_id.clone()), self.clock.now()).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Events).await;
        let summary = format!("Changed the event {}", event.name);
        self.audit
            .changed(actor, Action::new(AuditKind::Events, "event.update", Target::of("event", id)), summary, Some(&before), Some(&event))
            .await;
        Ok(event)
    }

    /// Deletes an event nothing refers to; otherwise reports what refers to it.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete(&self, actor: &Actor, id: &EventId) -> Result<(), EventError> {
        actor.require(Permission::EditContent)?;
        let before = self.events.get(id).await?.ok_or(EventError::NotFound)?;
        match self.events.delete(id).await {
            Ok(()) => {
                self.changes.publish(Topic::Events).await;
                let summary = format!("Deleted the event {}", before.name);
                self.audit
                    .changed(
                        actor,
                        Action::new(AuditKind::Events, "event.delete", Target::of("event", id)),
                        summary,
                        Some(&before),
                        None::<&Event>,
                    )
                    .await;
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
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn force_delete(&self, actor: &Actor, id: &EventId) -> Result<RelatedRecords, EventError> {
        actor.require(Permission::EditContent)?;
        let before = self.events.get(id).await?.ok_or(EventError::NotFound)?;
        let related = self.events.force_delete(id, self.clock.now()).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Events).await;
        let summary =
            format!("Deleted the event {} with its {} registrations and {} volunteers", before.name, related.attendees, related.volunteers);
        self.audit
            .changed(
                actor,
                Action::new(AuditKind::Events, "event.force_delete", Target::of("event", id)),
                summary,
                Some(&before),
                None::<&Event>,
            )
            .await;
        Ok(related)
    }

    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn image(&self, id: &EventId) -> Result<StoredImage, EventError> {
        self.events.image(id).await?.ok_or(EventError::NotFound)
    }

    /// The picture stored with event `id`: a link as given, or an upload checked, kept and served
    /// at its own URL.
    async fn picture(&self, id: &EventId, image: ImageSource) -> Result<EventPicture, EventError> {
        match image {
            ImageSource::Url(url) => Ok(EventPicture { url, upload: None }),
            ImageSource::Upload(upload) => {
                let stored = images::store(self.pictures.as_ref(), upload)
                    .await
                    .map_err(|message| EventError::Validation(ValidationErrors::single("imageUrl", &message)))?;
                Ok(EventPicture { url: image_path(id, &stored.etag), upload: Some(stored) })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::LocalChangeBus;

    use crate::ports::event_repository::MockEventRepository;
    use crate::services::test_fixtures::{admin, event, member, pictures};
    use mandir_domain::{ErrorKind, Failure};

    fn service(events: MockEventRepository) -> EventService {
        let clock = crate::services::test_fixtures::fixed_clock();
        let changes = Arc::new(LocalChangeBus::default());
        let service =
            EventService::new(Arc::new(events), Arc::new(clock), changes.clone(), pictures(), crate::services::test_fixtures::recorder().0);
        changes.subscribe(service.list_cache());
        service
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
        assert!(matches!(service.update(&member(), &"e".into(), EventPatchInput::default()).await, Err(EventError::Forbidden)));
        assert!(matches!(service.delete(&member(), &"e".into()).await, Err(EventError::Forbidden)));
        assert!(matches!(service.force_delete(&member(), &"e".into()).await, Err(EventError::Forbidden)));
    }

    #[tokio::test]
    async fn admin_creates_with_uploaded_image_under_our_url() {
        use base64::Engine as _;
        let mut repo = MockEventRepository::new();
        repo.expect_create()
            .withf(|id, event, picture, created_by, _| {
                let picture = picture.as_ref().expect("picture");
                let image = picture.upload.as_ref().expect("image stored");
                picture.url == image_path(id, &image.etag)
                    && image.content_type == "image/gif"
                    && event.image.is_none()
                    && created_by.as_deref() == Some("admin")
            })
            .returning(|id, _, picture, _, _| Ok(Event { image_url: picture.map(|p| p.url), ..event(id, 0) }));
        let gif = format!("data:image/gif;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"GIF89a\x01\x00\x01\x00"));
        let created = service(repo).create(&admin(), NewEventInput { image_url: Some(gif), ..input() }).await.expect("created");
        assert!(created.image_url.expect("url").starts_with(&format!("/api/events/{}/image?v=", created.id)));
    }

    #[tokio::test]
    async fn a_picture_too_large_to_decode_is_refused_before_anything_is_stored() {
        use base64::Engine as _;
        let mut repo = MockEventRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        let mut pictures = crate::ports::image_transcoder::MockImageTranscoder::new();
        pictures.expect_check().times(2).returning(|_| Err(crate::ports::PictureRefusal::TooLarge { max_megapixels: 40 }));
        let clock = crate::services::test_fixtures::fixed_clock();
        let service = EventService::new(
            Arc::new(repo),
            Arc::new(clock),
            Arc::new(LocalChangeBus::default()),
            Arc::new(pictures),
            crate::services::test_fixtures::recorder().0,
        );
        let gif = format!("data:image/gif;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"GIF89a\xFF\xFF\xFF\xFF"));

        let created = service.create(&admin(), NewEventInput { image_url: Some(gif.clone()), ..input() }).await.expect_err("refused");
        assert_eq!(created.field_errors().and_then(|e| e.get("imageUrl")), Some("picture too large: at most 40 megapixels"));
        let patch = EventPatchInput { image_url: Patch::Set(gif), ..EventPatchInput::default() };
        let updated = service.update(&admin(), &"e".into(), patch).await.expect_err("refused");
        assert_eq!(updated.kind(), ErrorKind::Invalid, "a 400");
        assert_eq!(updated.field_errors().and_then(|e| e.get("imageUrl")), Some("picture too large: at most 40 megapixels"));
    }

    #[tokio::test]
    async fn create_validates_with_the_documented_messages() {
        let service = service(MockEventRepository::new());
        let error = service.create(&admin(), NewEventInput::default()).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("name")), Some("Event name must be at least 3 characters"));
    }

    #[tokio::test]
    async fn update_of_missing_event_is_not_found() {
        let mut repo = MockEventRepository::new();
        repo.expect_get().returning(|_| Ok(None));
        repo.expect_update().never();
        let patch = EventPatchInput { name: Some("New name".into()), ..EventPatchInput::default() };
        assert!(matches!(service(repo).update(&admin(), &"x".into(), patch).await, Err(EventError::NotFound)));
    }

    #[tokio::test]
    async fn delete_with_related_records_is_a_conflict_with_counts() {
        let mut repo = MockEventRepository::new();
        repo.expect_get().returning(|id| Ok(Some(event(id, 0))));
        repo.expect_delete().returning(|_| Err(RepoError::Conflict("attendees".into())));
        repo.expect_related_records().returning(|_| Ok(RelatedRecords { attendees: 2, volunteers: 1, payments: 0 }));
        let error = service(repo).delete(&admin(), &"e".into()).await.expect_err("conflict");
        assert_eq!(error.kind(), ErrorKind::Conflict);
        assert!(matches!(error, EventError::HasRelatedRecords(RelatedRecords { attendees: 2, volunteers: 1, payments: 0 })));
    }

    #[tokio::test]
    async fn force_delete_reports_counts() {
        let mut repo = MockEventRepository::new();
        repo.expect_get().returning(|id| Ok(Some(event(id, 0))));
        repo.expect_force_delete().returning(|_, _| Ok(RelatedRecords { attendees: 3, volunteers: 2, payments: 1 }));
        let related = service(repo).force_delete(&admin(), &"e".into()).await.expect("deleted");
        assert_eq!(related.attendees, 3);
    }

    #[tokio::test]
    async fn list_is_reused_briefly_and_cleared_by_writes() {
        let mut repo = MockEventRepository::new();
        repo.expect_list().times(2).returning(|| Ok(vec![event("e1", 0)]));
        repo.expect_get().returning(|id| Ok(Some(event(id, 0))));
        repo.expect_delete().returning(|_| Ok(()));
        let service = service(repo);
        assert_eq!(service.list().await.expect("list").len(), 1);
        assert_eq!(service.list().await.expect("cached").len(), 1, "second read within the TTL uses the cache");
        service.delete(&admin(), &"e1".into()).await.expect("deleted");
        assert_eq!(service.list().await.expect("reloaded").len(), 1, "a write clears the cache");
    }

    #[tokio::test]
    async fn registration_changes_clear_the_list_and_others_do_not() {
        let mut repo = MockEventRepository::new();
        repo.expect_list().times(2).returning(|| Ok(vec![event("e1", 0)]));
        let service = service(repo);
        service.list().await.expect("list");
        service.list_cache().changed(Topic::DonationTypes);
        service.list().await.expect("cached: donation types do not show in the list");
        service.list_cache().changed(Topic::Registrations);
        service.list().await.expect("reloaded");
    }

    #[tokio::test]
    async fn a_list_loaded_before_a_change_is_not_kept_after_it() {
        let cache: Arc<std::sync::OnceLock<Arc<EventListCache>>> = Arc::default();
        let during_load = cache.clone();
        let mut repo = MockEventRepository::new();
        // The first load reads the old list while a registration through this process lands.
        repo.expect_list().times(1).returning(move || {
            during_load.get().expect("cache set").changed(Topic::Registrations);
            Ok(vec![event("e1", 0)])
        });
        repo.expect_list().times(1).returning(|| Ok(vec![Event { attendee_count: 3, ..event("e1", 0) }]));
        let service = service(repo);
        cache.set(service.list_cache()).ok();
        assert_eq!(service.list().await.expect("old list")[0].attendee_count, 0);
        assert_eq!(service.list().await.expect("reloaded")[0].attendee_count, 3, "the old list was not cached");
    }

    #[tokio::test]
    async fn other_processes_changes_are_coalesced_into_one_reload_per_interval() {
        let mut repo = MockEventRepository::new();
        let mut counts = 0..;
        repo.expect_list().times(2).returning(move || Ok(vec![Event { attendee_count: counts.next().expect("count"), ..event("e1", 0) }]));
        let service =
            service(repo).with_list_cache(EventListCache::with_ttl(Duration::from_secs(3600)).with_coalescing(Duration::from_secs(3600)));
        assert_eq!(service.list().await.expect("loaded")[0].attendee_count, 0);
        for _ in 0..500 {
            service.list_cache().changed_elsewhere(Topic::Registrations);
            assert_eq!(service.list().await.expect("served")[0].attendee_count, 0, "within the interval the list is served");
        }
        service.list_cache().changed(Topic::Registrations);
        assert_eq!(service.list().await.expect("reloaded")[0].attendee_count, 1, "this process's own change clears it at once");
    }

    #[tokio::test]
    async fn a_list_older_than_the_interval_is_reloaded_after_another_processes_change() {
        let mut repo = MockEventRepository::new();
        let mut counts = 0..;
        repo.expect_list().times(2).returning(move || Ok(vec![Event { attendee_count: counts.next().expect("count"), ..event("e1", 0) }]));
        let service = service(repo).with_list_cache(EventListCache::with_ttl(Duration::from_secs(3600)).with_coalescing(Duration::ZERO));
        service.list().await.expect("loaded");
        service.list_cache().changed_elsewhere(Topic::DonationTypes);
        assert_eq!(service.list().await.expect("cached")[0].attendee_count, 0, "donation types do not show in the list");
        service.list_cache().changed_elsewhere(Topic::Events);
        assert_eq!(service.list().await.expect("reloaded")[0].attendee_count, 1);
        assert_eq!(service.list().await.expect("cached again")[0].attendee_count, 1, "the change is in the reloaded list");
    }

    #[tokio::test]
    async fn another_processes_change_during_a_load_leaves_that_list_stale() {
        let cache: Arc<std::sync::OnceLock<Arc<EventListCache>>> = Arc::default();
        let during_load = cache.clone();
        let mut repo = MockEventRepository::new();
        repo.expect_list().times(1).returning(move || {
            during_load.get().expect("cache set").changed_elsewhere(Topic::Registrations);
            Ok(vec![event("e1", 0)])
        });
        repo.expect_list().times(1).returning(|| Ok(vec![Event { attendee_count: 3, ..event("e1", 0) }]));
        let service = service(repo).with_list_cache(EventListCache::with_ttl(Duration::from_secs(3600)).with_coalescing(Duration::ZERO));
        cache.set(service.list_cache()).ok();
        assert_eq!(service.list().await.expect("old list")[0].attendee_count, 0);
        assert_eq!(service.list().await.expect("reloaded")[0].attendee_count, 3, "the list may predate the change");
    }

    #[tokio::test]
    async fn the_list_ttl_is_configurable() {
        let mut repo = MockEventRepository::new();
        repo.expect_list().times(2).returning(|| Ok(vec![event("e1", 0)]));
        let clock = crate::services::test_fixtures::fixed_clock();
        let service = EventService::new(
            Arc::new(repo),
            Arc::new(clock),
            Arc::new(LocalChangeBus::default()),
            pictures(),
            crate::services::test_fixtures::recorder().0,
        )
        .with_list_ttl(Duration::ZERO);
        service.list().await.expect("loaded");
        service.list().await.expect("loaded again: a zero TTL keeps nothing");
    }

    #[tokio::test]
    async fn missing_event_and_image_are_not_found() {
        let mut repo = MockEventRepository::new();
        repo.expect_list().returning(|| Ok(vec![crate::services::test_fixtures::event("e", 3)]));
        repo.expect_get().returning(|_| Ok(None));
        repo.expect_image().returning(|_| Ok(None));
        let service = service(repo);
        assert!(matches!(service.get(&"x".into()).await, Err(EventError::NotFound)));
        assert_eq!(service.get(&"e".into()).await.expect("from the cached list").id, "e");
        assert!(matches!(service.image(&"x".into()).await, Err(EventError::NotFound)));
    }
}

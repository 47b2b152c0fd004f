//! The temple's own content: anyone reads the settings and the current notices; admins change
//! the settings and manage the notices. The public read is cached per process and cleared by
//! `Topic::Site` (docs/decisions/0080-site-settings-in-the-database.md).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mandir_domain::NoticeId;
use mandir_domain::ValidationErrors;
use mandir_domain::site::{Notice, NoticeInput, SiteSettings, Tz};
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{ChangeListener, ChangeNotifier, Clock, RepoError, SiteRepository, TempleName, TemplePlace, TempleZone, Topic};

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Notice not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(SiteError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(SiteError: RepoError);

fn not_found_or(error: RepoError) -> SiteError {
    match error {
        RepoError::NotFound => SiteError::NotFound,
        other => other.into(),
    }
}

/// What the public page shows: the settings and the notices current today in the temple's zone.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteView {
    pub settings: SiteSettings,
    /// Current notices, the one starting first first.
    pub notices: Vec<Notice>,
}

/// How long this process reuses the site view; changes published in this process clear it at
/// once, and a notice's first and last day begin and end within this delay.
pub const SITE_CACHE_TTL: Duration = Duration::from_secs(1);

/// The site view kept by this process; cleared by `Topic::Site`.
#[derive(Default)]
pub struct SiteCache(Mutex<Option<(Instant, Arc<SiteView>)>>);

impl SiteCache {
    fn fresh(&self) -> Option<Arc<SiteView>> {
        let entry = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        entry.as_ref().filter(|(at, _)| at.elapsed() < SITE_CACHE_TTL).map(|(_, view)| view.clone())
    }

    fn store(&self, view: Arc<SiteView>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some((Instant::now(), view));
    }

    fn clear(&self) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

impl ChangeListener for SiteCache {
    fn changed(&self, topic: Topic) {
        if topic == Topic::Site {
            self.clear();
        }
    }
}

#[derive(Clone)]
pub struct SiteService {
    site: Arc<dyn SiteRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    /// The settings until some are stored: what the environment says (`MANDIR_TEMPLE_NAME`,
    /// `MANDIR_ZELLE_*`). Stored settings always win.
    seed: Arc<SiteSettings>,
    cache: Arc<SiteCache>,
    audit: Recorder,
}

/// The temple's zone for recurring services and dates: the one of the site settings.
#[async_trait::async_trait]
impl TempleZone for SiteService {
    async fn time_zone(&self) -> Result<Tz, RepoError> {
        Self::time_zone(self).await.map_err(|error| match error {
            SiteError::Unexpected(source) => RepoError::Unexpected(source),
            other => RepoError::Unexpected(other.to_string().into()),
        })
    }
}

/// The temple's place for the panchangam: the one of the site settings.
#[async_trait::async_trait]
impl TemplePlace for SiteService {
    async fn place(&self) -> Result<mandir_domain::panchangam::Place, RepoError> {
        match self.view().await {
            Ok(view) => Ok(view.settings.place()),
            Err(SiteError::Unexpected(source)) => Err(RepoError::Unexpected(source)),
            Err(other) => Err(RepoError::Unexpected(other.to_string().into())),
        }
    }
}

/// The temple's name for e-mails and calendars: the one of the site settings.
#[async_trait::async_trait]
impl TempleName for SiteService {
    async fn temple_name(&self) -> Result<String, RepoError> {
        match self.view().await {
            Ok(view) => Ok(view.settings.temple_name.trim().to_owned()),
            Err(SiteError::Unexpected(source)) => Err(RepoError::Unexpected(source)),
            Err(other) => Err(RepoError::Unexpected(other.to_string().into())),
        }
    }
}

impl SiteService {
    /// The cache is cleared only through `changes`: subscribe [`Self::cache`] to it.
    pub fn new(
        site: Arc<dyn SiteRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        seed: SiteSettings,
        audit: Recorder,
    ) -> Self {
        Self { site, clock, changes, seed: Arc::new(seed), cache: Arc::default(), audit }
    }

    /// The cached view, to subscribe to the change notifier.
    pub fn cache(&self) -> Arc<SiteCache> {
        self.cache.clone()
    }

    /// The settings and today's notices (reused for up to [`SITE_CACHE_TTL`]).
    #[tracing::instrument(skip_all)]
    pub async fn view(&self) -> Result<Arc<SiteView>, SiteError> {
        if let Some(view) = self.cache.fresh() {
            return Ok(view);
        }
        let settings = self.site.settings().await?.unwrap_or_else(|| (*self.seed).clone());
        let today = self.clock.now().with_timezone(&settings.zone()).date_naive();
        let mut notices: Vec<Notice> = self.site.list_notices().await?.into_iter().filter(|n| n.is_current(today)).collect();
        notices.sort_by(|a, b| a.starts_on.cmp(&b.starts_on).then_with(|| a.ends_on.cmp(&b.ends_on)).then_with(|| a.title.cmp(&b.title)));
        let view = Arc::new(SiteView { settings, notices });
        self.cache.store(view.clone());
        Ok(view)
    }

    /// The current settings (stored, else seeded from the environment).
    #[tracing::instrument(skip_all)]
    pub async fn settings(&self) -> Result<SiteSettings, SiteError> {
        Ok(self.view().await?.settings.clone())
    }

    /// The temple's time zone, for recurring events, e-mails and calendars.
    #[tracing::instrument(skip_all)]
    pub async fn time_zone(&self) -> Result<Tz, SiteError> {
        Ok(self.view().await?.settings.zone())
    }

    /// Replaces every setting (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn update(&self, actor: &Actor, settings: SiteSettings) -> Result<SiteSettings, SiteError> {
        actor.require(Permission::EditContent)?;
        let valid = settings.validate().map_err(SiteError::Validation)?;
        let before = self.settings().await?;
        self.site.save_settings(&valid, self.clock.now()).await?;
        self.changes.publish(Topic::Site).await;
        let summary = "Changed the temple's settings".to_owned();
        self.audit
            .changed(
                actor,
                Action::new(AuditKind::Site, "site.update", Target::whole("site_settings")),
                summary,
                Some(&before),
                Some(&valid),
            )
            .await;
        Ok(valid)
    }

    /// Every notice, past, current and future (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list_notices(&self, actor: &Actor) -> Result<Vec<Notice>, SiteError> {
        actor.require(Permission::EditContent)?;
        Ok(self.site.list_notices().await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create_notice(&self, actor: &Actor, input: NoticeInput) -> Result<Notice, SiteError> {
        actor.require(Permission::EditContent)?;
        let fields = input.validate().map_err(SiteError::Validation)?;
        let created = self.site.create_notice(&new_id(), fields, self.clock.now()).await?;
        self.changes.publish(Topic::Site).await;
        let summary = format!("Added the notice {}", created.title);
        self.audit
            .changed(
                actor,
                Action::new(AuditKind::Site, "notice.create", Target::of("notice", &created.id)),
                summary,
                None::<&Notice>,
                Some(&created),
            )
            .await;
        Ok(created)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update_notice(&self, actor: &Actor, id: &NoticeId, input: NoticeInput) -> Result<Notice, SiteError> {
        actor.require(Permission::EditContent)?;
        let fields = input.validate().map_err(SiteError::Validation)?;
        let before = self.notice(id).await?;
        let updated = self.site.update_notice(id, fields, self.clock.now()).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Site).await;
        let summary = format!("Changed the notice {}", updated.title);
        self.audit
            .changed(actor, Action::new(AuditKind::Site, "notice.update", Target::of("notice", id)), summary, Some(&before), Some(&updated))
            .await;
        Ok(updated)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete_notice(&self, actor: &Actor, id: &NoticeId) -> Result<(), SiteError> {
        actor.require(Permission::EditContent)?;
        let before = self.notice(id).await?;
        self.site.delete_notice(id).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Site).await;
        let summary = format!("Deleted the notice {}", before.title);
        self.audit
            .changed(
                actor,
                Action::new(AuditKind::Site, "notice.delete", Target::of("notice", id)),
                summary,
                Some(&before),
                None::<&Notice>,
            )
            .await;
        Ok(())
    }

    /// One notice, for the audit log's before.
    async fn notice(&self, id: &NoticeId) -> Result<Notice, SiteError> {
        self.site.list_notices().await?.into_iter().find(|n| n.id == *id).ok_or(SiteError::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone, Utc};

    use super::*;

    use crate::ports::site_repository::MockSiteRepository;
    use crate::services::test_fixtures::{admin, changes, member, now};
    use mandir_domain::{ErrorKind, Failure};

    fn service_at(site: MockSiteRepository, at: chrono::DateTime<Utc>) -> (SiteService, Arc<crate::ports::LocalChangeBus>) {
        let clock = crate::services::test_fixtures::clock_at(at);
        let bus = changes();
        let service = SiteService::new(Arc::new(site), Arc::new(clock), bus.clone(), seed(), crate::services::test_fixtures::recorder().0);
        bus.subscribe(service.cache());
        (service, bus)
    }

    fn service(site: MockSiteRepository) -> SiteService {
        service_at(site, now()).0
    }

    fn seed() -> SiteSettings {
        SiteSettings { temple_name: "Seeded Temple".into(), zelle_recipient: "seed@example.org".into(), ..SiteSettings::default() }
    }

    fn notice(id: &str, starts: (i32, u32, u32), ends: (i32, u32, u32)) -> Notice {
        let date = |(y, m, d): (i32, u32, u32)| NaiveDate::from_ymd_opt(y, m, d).expect("date");
        Notice {
            id: id.into(),
            title: format!("Notice {id}"),
            body: String::new(),
            link: None,
            starts_on: date(starts),
            ends_on: date(ends),
        }
    }

    fn notice_input() -> NoticeInput {
        NoticeInput {
            title: "Parking change".into(),
            starts_on: "2026-03-01".into(),
            ends_on: "2026-03-31".into(),
            ..NoticeInput::default()
        }
    }

    #[tokio::test]
    async fn members_cannot_change_anything() {
        let mut site = MockSiteRepository::new();
        site.expect_save_settings().never();
        site.expect_list_notices().never();
        site.expect_create_notice().never();
        site.expect_update_notice().never();
        site.expect_delete_notice().never();
        let service = service(site);
        assert!(matches!(service.update(&member(), seed()).await, Err(SiteError::Forbidden)));
        assert!(matches!(service.list_notices(&member()).await, Err(SiteError::Forbidden)));
        assert!(matches!(service.create_notice(&member(), notice_input()).await, Err(SiteError::Forbidden)));
        assert!(matches!(service.update_notice(&member(), &"n".into(), notice_input()).await, Err(SiteError::Forbidden)));
        assert!(matches!(service.delete_notice(&member(), &"n".into()).await, Err(SiteError::Forbidden)));
        assert_eq!(SiteError::Forbidden.kind(), ErrorKind::Forbidden);
    }

    #[tokio::test]
    async fn the_environment_seeds_the_settings_until_some_are_stored() {
        let mut site = MockSiteRepository::new();
        site.expect_settings().times(1).returning(|| Ok(None));
        site.expect_list_notices().returning(|| Ok(vec![]));
        assert_eq!(service(site).settings().await.expect("settings").temple_name, "Seeded Temple");

        let mut site = MockSiteRepository::new();
        let stored = SiteSettings { temple_name: "Stored Temple".into(), zelle_recipient: "db@example.org".into(), ..seed() };
        site.expect_settings().returning(move || Ok(Some(stored.clone())));
        site.expect_list_notices().returning(|| Ok(vec![]));
        let settings = service(site).settings().await.expect("settings");
        assert_eq!((settings.temple_name.as_str(), settings.zelle_recipient.as_str()), ("Stored Temple", "db@example.org"));
    }

    #[tokio::test]
    async fn only_current_notices_are_shown_by_the_temple_date() {
        // 06:00 UTC on 14 March is still 13 March in California (23:00 PDT).
        let at = Utc.with_ymd_and_hms(2026, 3, 14, 6, 0, 0).single().expect("time");
        let mut site = MockSiteRepository::new();
        site.expect_settings().returning(|| Ok(None));
        site.expect_list_notices().returning(|| {
            Ok(vec![
                notice("ended-yesterday", (2026, 3, 1), (2026, 3, 12)),
                notice("last-day", (2026, 3, 10), (2026, 3, 13)),
                notice("today-only", (2026, 3, 13), (2026, 3, 13)),
                notice("tomorrow", (2026, 3, 14), (2026, 3, 20)),
            ])
        });
        let (service, _) = service_at(site, at);
        let ids: Vec<String> = service.view().await.expect("view").notices.iter().map(|n| n.id.to_string()).collect();
        assert_eq!(ids, ["last-day", "today-only"]);
        assert_eq!(service.time_zone().await.expect("zone"), chrono_tz_los_angeles());
    }

    fn chrono_tz_los_angeles() -> Tz {
        mandir_domain::site::parse_time_zone("America/Los_Angeles").expect("zone")
    }

    #[tokio::test]
    async fn reads_are_cached_until_a_change_is_published() {
        let mut site = MockSiteRepository::new();
        site.expect_settings().times(2).returning(|| Ok(None));
        site.expect_list_notices().times(2).returning(|| Ok(vec![]));
        site.expect_save_settings().times(1).returning(|_, _| Ok(()));
        let (service, _) = service_at(site, now());
        service.view().await.expect("first");
        service.view().await.expect("cached");
        service.update(&admin(), seed()).await.expect("saved");
        service.view().await.expect("reloaded");
    }

    #[tokio::test]
    async fn admins_save_validated_settings() {
        let mut site = MockSiteRepository::new();
        site.expect_settings().returning(|| Ok(None));
        site.expect_list_notices().returning(|| Ok(Vec::new()));
        site.expect_save_settings()
            .withf(|s, at| s.temple_name == "Sri Temple" && s.time_zone == "America/Los_Angeles" && *at == now())
            .times(1)
            .returning(|_, _| Ok(()));
        let saved = service(site).update(&admin(), SiteSettings { temple_name: " Sri Temple ".into(), ..SiteSettings::default() }).await;
        assert_eq!(saved.expect("saved").temple_name, "Sri Temple");

        let mut site = MockSiteRepository::new();
        site.expect_save_settings().never();
        let error = service(site).update(&admin(), SiteSettings { time_zone: "Nowhere/Land".into(), ..seed() }).await.expect_err("bad");
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert_eq!(error.field_errors().and_then(|e| e.get("timeZone")), Some(mandir_domain::site::INVALID_TIME_ZONE));
    }

    #[tokio::test]
    async fn admins_manage_notices() {
        let mut site = MockSiteRepository::new();
        site.expect_create_notice().withf(|_, f, at| f.title == "Parking change" && *at == now()).returning(|id, f, _| {
            Ok(Notice { id: id.clone(), title: f.title, body: f.body, link: f.link, starts_on: f.starts_on, ends_on: f.ends_on })
        });
        site.expect_update_notice().returning(|_, _, _| Err(RepoError::NotFound));
        site.expect_delete_notice().withf(|id| id == "n1").returning(|_| Ok(()));
        site.expect_list_notices().returning(|| {
            Ok(vec![Notice {
                id: "n1".into(),
                title: "Old".into(),
                body: String::new(),
                link: None,
                starts_on: NaiveDate::from_ymd_opt(2026, 1, 1).expect("date"),
                ends_on: NaiveDate::from_ymd_opt(2026, 1, 2).expect("date"),
            }])
        });
        let service = service(site);
        assert_eq!(service.create_notice(&admin(), notice_input()).await.expect("created").title, "Parking change");
        assert!(matches!(service.update_notice(&admin(), &"gone".into(), notice_input()).await, Err(SiteError::NotFound)));
        service.delete_notice(&admin(), &"n1".into()).await.expect("deleted");
        let bad = NoticeInput { ends_on: "2026-02-01".into(), ..notice_input() };
        let error = service.create_notice(&admin(), bad).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("endsOn")), Some(mandir_domain::site::NOTICE_END_BEFORE_START));
    }
}

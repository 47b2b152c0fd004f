//! The seva catalogue: anyone reads the active sevas and their availability, computed here in the
//! temple's zone; admins create, edit and delete them (ADR 0113). Images are stored like event
//! images, under a content-hashed URL cached forever (ADR 0086).

use std::sync::Arc;

use chrono_tz::Tz;
use mandir_domain::SevaId;
use mandir_domain::ValidationErrors;
use mandir_domain::image::{IMAGE_INVALID_TYPE, ImageUpload};
use mandir_domain::recurring_service::parse_range;
use mandir_domain::seva::{DayAvailability, ImageInput, NewSeva, Seva, SevaInput, SevaSettings, SevaSettingsInput};
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, images, new_id};
use crate::BoxError;
use crate::ports::{Clock, ImageTranscoder, PhotoChange, RepoError, SevaFields, SevaRepository, StoredImage, TempleZone};

pub const HAS_BOOKINGS: &str = "This seva has bookings; make it inactive instead of deleting it";
/// The longest range of one availability request.
pub const AVAILABILITY_RANGE_TOO_LONG: &str = "The range must be at most 92 days";

#[derive(Debug, thiserror::Error)]
pub enum SevaError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Seva not found")]
    NotFound,
    #[error("{0}")]
    Conflict(&'static str),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(SevaError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(SevaError: RepoError);

fn not_found_or(error: RepoError) -> SevaError {
    match error {
        RepoError::NotFound => SevaError::NotFound,
        other => other.into(),
    }
}

/// The URL of a seva's uploaded image: the content hash makes it safe to cache forever.
pub fn image_path(id: &SevaId, etag: &str) -> String {
    format!("/api/sevas/{id}/image?v={etag}")
}

fn split(seva: NewSeva) -> (SevaFields, ImageInput) {
    let NewSeva { name, description, category, price, price_kind, duration_minutes, rules, requires_address, is_active, sort_order, image } =
        seva;
    (SevaFields { name, description, category, price, price_kind, duration_minutes, rules, requires_address, is_active, sort_order }, image)
}

/// A seva's availability over a range of the temple's local dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Availability {
    pub zone: Tz,
    pub seva: Seva,
    pub days: Vec<DayAvailability>,
}

#[derive(Clone)]
pub struct SevaService {
    sevas: Arc<dyn SevaRepository>,
    zone: Arc<dyn TempleZone>,
    clock: Arc<dyn Clock>,
    pictures: Arc<dyn ImageTranscoder>,
    audit: Recorder,
}

impl SevaService {
    /// Uploaded images pass `pictures`' header check before they are stored.
    pub fn new(
        sevas: Arc<dyn SevaRepository>,
        zone: Arc<dyn TempleZone>,
        clock: Arc<dyn Clock>,
        pictures: Arc<dyn ImageTranscoder>,
        audit: Recorder,
    ) -> Self {
        Self { sevas, zone, clock, pictures, audit }
    }

    async fn stored_with_url(&self, id: &SevaId, upload: ImageUpload) -> Result<(StoredImage, String), SevaError> {
        let stored = images::store(self.pictures.as_ref(), upload)
            .await
            .map_err(|message| SevaError::Validation(ValidationErrors::single("image", &message)))?;
        let url = image_path(id, &stored.etag);
        Ok((stored, url))
    }

    /// The active sevas in the admins' order; every seva for admins with `all`.
    #[tracing::instrument(skip_all)]
    pub async fn list(&self, actor: Option<&Actor>, all: bool) -> Result<Vec<Seva>, SevaError> {
        if all {
            actor.ok_or(SevaError::Forbidden)?.require(Permission::ManageSevas)?;
        }
        Ok(self.sevas.list(all).await?)
    }

    /// An active seva (any seva for admins).
    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn get(&self, actor: Option<&Actor>, id: &SevaId) -> Result<Seva, SevaError> {
        let seva = self.sevas.get(id).await?.ok_or(SevaError::NotFound)?;
        if seva.is_active || actor.is_some_and(|a| a.can(Permission::ManageSevas)) { Ok(seva) } else { Err(SevaError::NotFound) }
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: SevaInput) -> Result<Seva, SevaError> {
        actor.require(Permission::ManageSevas)?;
        let (fields, image) = split(input.validate().map_err(SevaError::Validation)?);
        let id: SevaId = new_id();
        let image = match image {
            ImageInput::None => None,
            ImageInput::Upload(upload) => Some(self.stored_with_url(&id, upload).await?),
            ImageInput::Keep(_) => return Err(SevaError::Validation(ValidationErrors::single("image", IMAGE_INVALID_TYPE))),
        };
        let seva = self.sevas.create(id, fields, image, self.clock.now()).await?;
        let summary = format!("Created the seva {}", seva.name);
        self.audit
            .changed(actor, Action::new(AuditKind::Sevas, "seva.create", Target::of("seva", &seva.id)), summary, None::<&Seva>, Some(&seva))
            .await;
        Ok(seva)
    }

    /// Replaces every field; the image is kept when the form sends its current URL back.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(&self, actor: &Actor, id: &SevaId, input: SevaInput) -> Result<Seva, SevaError> {
        actor.require(Permission::ManageSevas)?;
        let (fields, image) = split(input.validate().map_err(SevaError::Validation)?);
        let current = self.sevas.get(id).await?.ok_or(SevaError::NotFound)?;
        let change = match image {
            ImageInput::None => PhotoChange::Remove,
            ImageInput::Keep(url) if current.image_url.as_deref() == Some(url.as_str()) => PhotoChange::Keep,
            ImageInput::Keep(_) => return Err(SevaError::Validation(ValidationErrors::single("image", IMAGE_INVALID_TYPE))),
            ImageInput::Upload(upload) => {
                let (stored, url) = self.stored_with_url(id, upload).await?;
                PhotoChange::Replace(stored, url)
            }
        };
        let seva = self.sevas.update(id, fields, change, self.clock.now()).await.map_err(not_found_or)?;
        let summary = format!("Changed the seva {}", seva.name);
        self.audit
            .changed(actor, Action::new(AuditKind::Sevas, "seva.update", Target::of("seva", id)), summary, Some(&current), Some(&seva))
            .await;
        Ok(seva)
    }

    /// Deletes a seva nobody booked; one with bookings is refused (make it inactive).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete(&self, actor: &Actor, id: &SevaId) -> Result<(), SevaError> {
        actor.require(Permission::ManageSevas)?;
        let before = self.sevas.get(id).await?.ok_or(SevaError::NotFound)?;
        match self.sevas.delete(id).await {
            Ok(()) => {
                let summary = format!("Deleted the seva {}", before.name);
                self.audit
                    .changed(
                        actor,
                        Action::new(AuditKind::Sevas, "seva.delete", Target::of("seva", id)),
                        summary,
                        Some(&before),
                        None::<&Seva>,
                    )
                    .await;
                Ok(())
            }
            Err(RepoError::Conflict(_)) => Err(SevaError::Conflict(HAS_BOOKINGS)),
            Err(other) => Err(not_found_or(other)),
        }
    }

    /// The booking settings: anyone reads them (the cancellation policy is shown before booking).
    #[tracing::instrument(skip_all)]
    pub async fn settings(&self) -> Result<SevaSettings, SevaError> {
        Ok(self.sevas.settings().await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn save_settings(&self, actor: &Actor, input: SevaSettingsInput) -> Result<SevaSettings, SevaError> {
        actor.require(Permission::ManageSevas)?;
        let current = self.sevas.settings().await?;
        let settings = input.validate(&current).map_err(SevaError::Validation)?;
        self.sevas.save_settings(&settings, self.clock.now()).await?;
        let summary = "Changed the seva booking settings".to_owned();
        self.audit
            .changed(
                actor,
                Action::new(AuditKind::Sevas, "seva_settings.update", Target::whole("seva_settings")),
                summary,
                Some(&current),
                Some(&settings),
            )
            .await;
        Ok(settings)
    }

    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn image(&self, id: &SevaId) -> Result<StoredImage, SevaError> {
        self.sevas.image(id).await?.ok_or(SevaError::NotFound)
    }

    /// The seva's days from `from` to `to` ("YYYY-MM-DD", the temple's local dates, at most 92
    /// days) with their status and, for open days, each slot's places left at this moment.
    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn availability(
        &self,
        actor: Option<&Actor>,
        id: &SevaId,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<Availability, SevaError> {
        let (from, to) = parse_range(from, to).map_err(SevaError::Validation)?;
        if (to - from).num_days() >= 92 {
            return Err(SevaError::Validation(ValidationErrors::single("to", AVAILABILITY_RANGE_TOO_LONG)));
        }
        let seva = self.get(actor, id).await?;
        let zone = self.zone.time_zone().await?;
        let now = self.clock.now();
        let booked = self.sevas.booked_counts(id, from, to, now).await?;
        let days = seva.rules.availability(&zone, now, from, to, &booked);
        Ok(Availability { zone, seva, days })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::seva_repository::MockSevaRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::services::test_fixtures::{admin, member};
    use base64::Engine as _;
    use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
    use mandir_domain::seva::{BookedCounts, DayStatus, NAME_TOO_SHORT, SlotInput, SlotStatus};

    fn now() -> DateTime<Utc> {
        // Thursday 2026-03-12, 8:00 PM in California.
        Utc.with_ymd_and_hms(2026, 3, 13, 3, 0, 0).single().expect("instant")
    }

    fn service(repo: MockSevaRepository) -> SevaService {
        let clock = crate::services::test_fixtures::clock_at(now());
        let mut zone = MockTempleZone::new();
        zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
        SevaService::new(
            Arc::new(repo),
            Arc::new(zone),
            Arc::new(clock),
            crate::services::test_fixtures::pictures(),
            crate::services::test_fixtures::recorder().0,
        )
    }

    fn seva(id: &str, active: bool) -> Seva {
        Seva { id: id.into(), is_active: active, ..mandir_domain::testing::seva() }
    }

    fn input(image: Option<String>) -> SevaInput {
        SevaInput {
            name: "Archana".into(),
            category: "temple".into(),
            price_cents: Some(1100),
            price_kind: "fixed".into(),
            duration_minutes: Some(15),
            weekdays: vec!["saturday".into()],
            capacity_mode: "slots".into(),
            slots: vec![SlotInput { time: "09:00".into(), capacity: Some(3) }],
            horizon_days: Some(30),
            cutoff_hours: Some(12),
            image,
            ..Default::default()
        }
    }

    fn gif() -> String {
        format!("data:image/gif;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"GIF89a\x01\x00\x01\x00"))
    }

    #[tokio::test]
    async fn members_cannot_manage_sevas_or_see_inactive_ones() {
        let mut repo = MockSevaRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        repo.expect_delete().never();
        repo.expect_list().never();
        repo.expect_get().returning(|id| Ok(Some(seva(id, false))));
        let s = service(repo);
        assert!(matches!(s.create(&member(), input(None)).await, Err(SevaError::Forbidden)));
        assert!(matches!(s.update(&member(), &"s".into(), input(None)).await, Err(SevaError::Forbidden)));
        assert!(matches!(s.delete(&member(), &"s".into()).await, Err(SevaError::Forbidden)));
        assert!(matches!(s.list(Some(&member()), true).await, Err(SevaError::Forbidden)));
        assert!(matches!(s.list(None, true).await, Err(SevaError::Forbidden)));
        assert!(matches!(s.get(Some(&member()), &"s".into()).await, Err(SevaError::NotFound)));
        assert!(matches!(s.get(None, &"s".into()).await, Err(SevaError::NotFound)));
        assert!(s.get(Some(&admin()), &"s".into()).await.is_ok());
    }

    #[tokio::test]
    async fn forms_are_checked_and_images_stored_under_a_hashed_url() {
        let mut repo = MockSevaRepository::new();
        repo.expect_create()
            .withf(|id, fields, image, _| {
                let (stored, url) = image.as_ref().expect("image");
                fields.name == "Archana" && stored.content_type == "image/gif" && *url == image_path(id, &stored.etag)
            })
            .times(1)
            .returning(|id, _, image, _| Ok(Seva { image_url: image.map(|(_, url)| url), ..seva(&id, true) }));
        let s = service(repo);
        let created = s.create(&admin(), input(Some(gif()))).await.expect("created");
        assert!(created.image_url.expect("url").starts_with(&format!("/api/sevas/{}/image?v=", created.id)));
        let Err(SevaError::Validation(errors)) = s.create(&admin(), SevaInput { name: "x".into(), ..input(None) }).await else {
            panic!("refused")
        };
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
    }

    #[tokio::test]
    async fn edits_keep_replace_or_remove_the_image() {
        let current = "/api/sevas/s/image?v=abc";
        let mut repo = MockSevaRepository::new();
        repo.expect_get().returning(move |id| Ok(Some(Seva { image_url: Some(current.into()), ..seva(id, true) })));
        repo.expect_update().withf(|_, _, change, _| *change == PhotoChange::Keep).times(1).returning(|id, _, _, _| Ok(seva(id, true)));
        repo.expect_update().withf(|_, _, change, _| *change == PhotoChange::Remove).times(1).returning(|id, _, _, _| Ok(seva(id, true)));
        repo.expect_update()
            .withf(|_, _, change, _| matches!(change, PhotoChange::Replace(_, url) if url.starts_with("/api/sevas/s/image?v=")))
            .times(1)
            .returning(|id, _, _, _| Ok(seva(id, true)));
        let s = service(repo);
        s.update(&admin(), &"s".into(), input(Some(current.into()))).await.expect("kept");
        s.update(&admin(), &"s".into(), input(None)).await.expect("removed");
        s.update(&admin(), &"s".into(), input(Some(gif()))).await.expect("replaced");
        let other = s.update(&admin(), &"s".into(), input(Some("/api/sevas/t/image?v=1".into()))).await;
        assert!(matches!(other, Err(SevaError::Validation(e)) if e.get("image") == Some(IMAGE_INVALID_TYPE)));
    }

    #[tokio::test]
    async fn a_seva_with_bookings_is_not_deleted() {
        let mut repo = MockSevaRepository::new();
        repo.expect_get().returning(|id| Ok((id.as_str() == "booked").then(|| seva(id.as_str(), true))));
        repo.expect_delete()
            .returning(|id| if id.as_str() == "booked" { Err(RepoError::Conflict("fk".into())) } else { Err(RepoError::NotFound) });
        let s = service(repo);
        assert!(matches!(s.delete(&admin(), &"booked".into()).await, Err(SevaError::Conflict(HAS_BOOKINGS))));
        assert!(matches!(s.delete(&admin(), &"gone".into()).await, Err(SevaError::NotFound)));
    }

    #[tokio::test]
    async fn availability_counts_the_places_held_in_the_temples_zone() {
        let mut repo = MockSevaRepository::new();
        repo.expect_get().returning(|id| Ok(Some(seva(id, true))));
        let saturday = NaiveDate::from_ymd_opt(2026, 3, 14).expect("date");
        repo.expect_booked_counts().withf(move |_, from, to, at| *from == saturday && *to == saturday && *at == now()).returning(
            move |_, _, _, _| {
                let mut counts = BookedCounts::new();
                counts.insert((saturday, NaiveTime::from_hms_opt(9, 0, 0)), 2);
                Ok(counts)
            },
        );
        let s = service(repo);
        let availability = s.availability(None, &"s".into(), Some("2026-03-14"), Some("2026-03-14")).await.expect("availability");
        let day = &availability.days[0];
        assert_eq!(day.status, DayStatus::Open);
        assert_eq!((day.slots[0].status, day.slots[0].remaining()), (SlotStatus::Open, 1));
        let Err(SevaError::Validation(errors)) = s.availability(None, &"s".into(), Some("2026-03-01"), Some("2026-06-30")).await else {
            panic!("too long")
        };
        assert_eq!(errors.get("to"), Some(AVAILABILITY_RANGE_TOO_LONG));
    }
}

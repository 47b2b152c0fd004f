//! Priests: anyone reads them in the admins' order; admins add, edit, reorder and remove them.
//! Photos are stored like event images, under a content-hashed URL cached forever (ADR 0004).

use std::sync::Arc;

use mandir_domain::PriestId;
use mandir_domain::ValidationErrors;
use mandir_domain::image::{IMAGE_INVALID_TYPE, ImageUpload};
use mandir_domain::priest::{NewPriest, PhotoInput, Priest, PriestInput, check_order};
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, images, new_id};
use crate::BoxError;
use crate::ports::{ChangeNotifier, Clock, ImageTranscoder, PhotoChange, PriestFields, PriestRepository, RepoError, StoredImage, Topic};

#[derive(Debug, thiserror::Error)]
pub enum PriestError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Priest not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(PriestError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(PriestError: RepoError);

fn not_found_or(error: RepoError) -> PriestError {
    match error {
        RepoError::NotFound => PriestError::NotFound,
        other => other.into(),
    }
}

/// The URL of a priest's uploaded photo: the content hash makes it safe to cache forever.
pub fn photo_path(id: &PriestId, etag: &str) -> String {
    format!("/api/priests/{id}/photo?v={etag}")
}

fn split(priest: NewPriest) -> (PriestFields, PhotoInput) {
    let NewPriest { name, title, bio, specialties, photo } = priest;
    (PriestFields { name, title, bio, specialties }, photo)
}

#[derive(Clone)]
pub struct PriestService {
    priests: Arc<dyn PriestRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    pictures: Arc<dyn ImageTranscoder>,
    audit: Recorder,
}

impl PriestService {
    /// Uploaded photos pass `pictures`' header check before they are stored.
    pub fn new(
        priests: Arc<dyn PriestRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        pictures: Arc<dyn ImageTranscoder>,
        audit: Recorder,
    ) -> Self {
        Self { priests, clock, changes, pictures, audit }
    }

    async fn stored_with_url(&self, id: &PriestId, upload: ImageUpload) -> Result<(StoredImage, String), PriestError> {
        let stored = images::store(self.pictures.as_ref(), upload)
            .await
            .map_err(|message| PriestError::Validation(ValidationErrors::single("photo", &message)))?;
        let url = photo_path(id, &stored.etag);
        Ok((stored, url))
    }

    /// Every priest, in the admins' order.
    #[tracing::instrument(skip_all)]
    pub async fn list(&self) -> Result<Vec<Priest>, PriestError> {
        Ok(self.priests.list().await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: PriestInput) -> Result<Priest, PriestError> {
        actor.require(Permission::EditContent)?;
        let (fields, photo) = split(input.validate().map_err(PriestError::Validation)?);
        let id: PriestId = new_id();
        let photo = match photo {
            PhotoInput::None => None,
            PhotoInput::Upload(upload) => Some(self.stored_with_url(&id, upload).await?),
            // A new priest has no photo of their own to keep.
            PhotoInput::Keep(_) => return Err(PriestError::Validation(ValidationErrors::single("photo", IMAGE_INVALID_TYPE))),
        };
        let created = self.priests.create(id, fields, photo, self.clock.now()).await?;
        self.changes.publish(Topic::Site).await;
        let action = Action::new(AuditKind::Site, "priest.create", Target::of("priest", &created.id));
        self.audit.changed(actor, action, format!("Added the priest {}", created.name), None::<&Priest>, Some(&created)).await;
        Ok(created)
    }

    /// Replaces every field; the photo is kept when the form sends its current URL back.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(&self, actor: &Actor, id: &PriestId, input: PriestInput) -> Result<Priest, PriestError> {
        actor.require(Permission::EditContent)?;
        let (fields, photo) = split(input.validate().map_err(PriestError::Validation)?);
        let current = self.priests.get(id).await?.ok_or(PriestError::NotFound)?;
        let change = match photo {
            PhotoInput::None => PhotoChange::Remove,
            PhotoInput::Keep(url) if current.photo_url.as_deref() == Some(url.as_str()) => PhotoChange::Keep,
            PhotoInput::Keep(_) => return Err(PriestError::Validation(ValidationErrors::single("photo", IMAGE_INVALID_TYPE))),
            PhotoInput::Upload(upload) => {
                let (stored, url) = self.stored_with_url(id, upload).await?;
                PhotoChange::Replace(stored, url)
            }
        };
        let updated = self.priests.update(id, fields, change, self.clock.now()).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Site).await;
        let action = Action::new(AuditKind::Site, "priest.update", Target::of("priest", id));
        self.audit.changed(actor, action, format!("Changed the priest {}", updated.name), Some(&current), Some(&updated)).await;
        Ok(updated)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete(&self, actor: &Actor, id: &PriestId) -> Result<(), PriestError> {
        actor.require(Permission::EditContent)?;
        self.priests.delete(id).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Site).await;
        let action = Action::new(AuditKind::Site, "priest.delete", Target::of("priest", id));
        self.audit.acted(actor, action, "Deleted a priest".to_owned(), Vec::new()).await;
        Ok(())
    }

    /// Puts the priests in this order (every priest exactly once); answers the new list.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn reorder(&self, actor: &Actor, order: Vec<PriestId>) -> Result<Vec<Priest>, PriestError> {
        actor.require(Permission::EditContent)?;
        let current: Vec<PriestId> = self.priests.list().await?.into_iter().map(|p| p.id).collect();
        check_order(&current, &order).map_err(PriestError::Validation)?;
        self.priests.reorder(order).await?;
        self.changes.publish(Topic::Site).await;
        let action = Action::new(AuditKind::Site, "priest.reorder", Target::whole("priests"));
        self.audit.acted(actor, action, "Changed the priests' order".to_owned(), Vec::new()).await;
        Ok(self.priests.list().await?)
    }

    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn photo(&self, id: &PriestId) -> Result<StoredImage, PriestError> {
        self.priests.photo(id).await?.ok_or(PriestError::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::priest_repository::MockPriestRepository;
    use crate::services::test_fixtures::{admin, member};
    use base64::Engine as _;
    use mandir_domain::priest::{NAME_REQUIRED, ORDER_MISMATCH};

    fn service(repo: MockPriestRepository) -> PriestService {
        let clock = crate::services::test_fixtures::fixed_clock();
        PriestService::new(
            Arc::new(repo),
            Arc::new(clock),
            crate::services::test_fixtures::changes(),
            crate::services::test_fixtures::pictures(),
            crate::services::test_fixtures::recorder().0,
        )
    }

    fn priest(id: &str, photo_url: Option<&str>, position: i32) -> Priest {
        Priest { photo_url: photo_url.map(str::to_owned), position, ..mandir_domain::testing::priest(id) }
    }

    fn gif() -> String {
        format!("data:image/gif;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"GIF89a\x01\x00\x01\x00"))
    }

    fn input(photo: Option<String>) -> PriestInput {
        PriestInput { name: "Sri Example".into(), photo, ..Default::default() }
    }

    #[tokio::test]
    async fn members_cannot_manage_priests() {
        let mut repo = MockPriestRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        repo.expect_delete().never();
        repo.expect_reorder().never();
        let s = service(repo);
        assert!(matches!(s.create(&member(), input(None)).await, Err(PriestError::Forbidden)));
        assert!(matches!(s.update(&member(), &"p".into(), input(None)).await, Err(PriestError::Forbidden)));
        assert!(matches!(s.delete(&member(), &"p".into()).await, Err(PriestError::Forbidden)));
        assert!(matches!(s.reorder(&member(), vec![]).await, Err(PriestError::Forbidden)));
    }

    #[tokio::test]
    async fn invalid_forms_are_refused_with_messages() {
        let mut repo = MockPriestRepository::new();
        repo.expect_create().never();
        let Err(PriestError::Validation(errors)) = service(repo).create(&admin(), PriestInput::default()).await else {
            panic!("validation error")
        };
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
    }

    #[tokio::test]
    async fn an_uploaded_photo_is_stored_under_a_hashed_url() {
        let mut repo = MockPriestRepository::new();
        repo.expect_create()
            .withf(|id, fields, photo, _| {
                let (stored, url) = photo.as_ref().expect("photo");
                fields.name == "Sri Example" && stored.content_type == "image/gif" && *url == photo_path(id, &stored.etag)
            })
            .returning(|id, _, photo, _| Ok(Priest { photo_url: photo.map(|(_, url)| url), ..priest(&id, None, 0) }));
        let created = service(repo).create(&admin(), input(Some(gif()))).await.expect("created");
        assert!(created.photo_url.expect("url").starts_with(&format!("/api/priests/{}/photo?v=", created.id)));
    }

    #[tokio::test]
    async fn edits_keep_replace_or_remove_the_photo() {
        let current = "/api/priests/p/photo?v=abc";
        let mut repo = MockPriestRepository::new();
        repo.expect_get().returning(move |_| Ok(Some(priest("p", Some(current), 0))));
        repo.expect_update()
            .withf(|_, _, change, _| *change == PhotoChange::Keep)
            .times(1)
            .returning(|_, _, _, _| Ok(priest("p", Some("/api/priests/p/photo?v=abc"), 0)));
        repo.expect_update()
            .withf(|_, _, change, _| *change == PhotoChange::Remove)
            .times(1)
            .returning(|_, _, _, _| Ok(priest("p", None, 0)));
        repo.expect_update()
            .withf(|_, _, change, _| matches!(change, PhotoChange::Replace(_, url) if url.starts_with("/api/priests/p/photo?v=")))
            .times(1)
            .returning(|_, _, _, _| Ok(priest("p", Some("/api/priests/p/photo?v=new"), 0)));
        let s = service(repo);
        s.update(&admin(), &"p".into(), input(Some(current.into()))).await.expect("kept");
        s.update(&admin(), &"p".into(), input(None)).await.expect("removed");
        s.update(&admin(), &"p".into(), input(Some(gif()))).await.expect("replaced");
        // Another priest's photo URL is not this priest's to keep.
        let other = s.update(&admin(), &"p".into(), input(Some("/api/priests/q/photo?v=1".into()))).await;
        assert!(matches!(other, Err(PriestError::Validation(e)) if e.get("photo") == Some(IMAGE_INVALID_TYPE)));
    }

    #[tokio::test]
    async fn reordering_needs_every_priest_once() {
        let mut repo = MockPriestRepository::new();
        repo.expect_list().returning(|| Ok(vec![priest("a", None, 0), priest("b", None, 1)]));
        repo.expect_reorder().withf(|order| order == &[PriestId::from("b"), PriestId::from("a")]).times(1).returning(|_| Ok(()));
        let s = service(repo);
        s.reorder(&admin(), vec!["b".into(), "a".into()]).await.expect("reordered");
        let Err(PriestError::Validation(errors)) = s.reorder(&admin(), vec!["a".into()]).await else { panic!("refused") };
        assert_eq!(errors.get("ids"), Some(ORDER_MISMATCH));
    }

    #[tokio::test]
    async fn a_missing_priest_or_photo_is_not_found() {
        let mut repo = MockPriestRepository::new();
        repo.expect_get().returning(|_| Ok(None));
        repo.expect_photo().returning(|_| Ok(None));
        repo.expect_delete().returning(|_| Err(RepoError::NotFound));
        let s = service(repo);
        assert!(matches!(s.update(&admin(), &"x".into(), input(None)).await, Err(PriestError::NotFound)));
        assert!(matches!(s.delete(&admin(), &"x".into()).await, Err(PriestError::NotFound)));
        assert!(matches!(s.photo(&"x".into()).await, Err(PriestError::NotFound)));
    }
}

//! Donation types: anyone reads them (donors pick the active ones); admins create, edit and
//! delete them. Payments keep the type's name as text, so a deleted type never breaks a payment.

use std::sync::Arc;

use mandir_domain::donation_type::{DonationType, DonationTypePatchInput, NewDonationTypeInput};
use mandir_domain::{ErrorKind, Failure, ValidationErrors};

use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{Clock, DonationTypeChanges, DonationTypeRecord, DonationTypeRepository, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum DonationTypeError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Donation type not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

impl Failure for DonationTypeError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::Validation(_) => ErrorKind::Invalid,
            Self::Forbidden => ErrorKind::Forbidden,
            Self::NotFound => ErrorKind::NotFound,
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

super::unexpected_from!(DonationTypeError: RepoError);

fn not_found_or(error: RepoError) -> DonationTypeError {
    match error {
        RepoError::NotFound => DonationTypeError::NotFound,
        other => other.into(),
    }
}

#[derive(Clone)]
pub struct DonationTypeService {
    types: Arc<dyn DonationTypeRepository>,
    clock: Arc<dyn Clock>,
}

impl DonationTypeService {
    pub fn new(types: Arc<dyn DonationTypeRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { types, clock }
    }

    fn require_admin(actor: &Actor) -> Result<(), DonationTypeError> {
        if actor.is_admin { Ok(()) } else { Err(DonationTypeError::Forbidden) }
    }

    /// Every type, active or not, by name.
    pub async fn list(&self) -> Result<Vec<DonationType>, DonationTypeError> {
        Ok(self.types.list().await?)
    }

    /// The active types, by name: what donors may choose.
    pub async fn list_active(&self) -> Result<Vec<DonationType>, DonationTypeError> {
        Ok(self.types.list().await?.into_iter().filter(|t| t.is_active).collect())
    }

    pub async fn get(&self, id: &str) -> Result<DonationType, DonationTypeError> {
        self.types.get(id).await?.ok_or(DonationTypeError::NotFound)
    }

    pub async fn create(&self, actor: &Actor, input: NewDonationTypeInput) -> Result<DonationType, DonationTypeError> {
        Self::require_admin(actor)?;
        let valid = input.validate().map_err(DonationTypeError::Validation)?;
        let record = DonationTypeRecord {
            id: new_id(),
            name: valid.name,
            description: valid.description,
            default_amount: valid.default_amount,
            is_active: valid.is_active,
            created_by: Some(actor.user_id.clone()),
            now: self.clock.now(),
        };
        Ok(self.types.create(record).await?)
    }

    pub async fn update(&self, actor: &Actor, id: &str, input: DonationTypePatchInput) -> Result<DonationType, DonationTypeError> {
        Self::require_admin(actor)?;
        let patch = input.validate().map_err(DonationTypeError::Validation)?;
        let changes = DonationTypeChanges {
            name: patch.name,
            description: patch.description,
            default_amount: patch.default_amount,
            is_active: patch.is_active,
            updated_by: Some(actor.user_id.clone()),
        };
        self.types.update(id, changes, self.clock.now()).await.map_err(not_found_or)
    }

    /// Deletes the type. Payments made for it keep its name in their donation details.
    pub async fn delete(&self, actor: &Actor, id: &str) -> Result<(), DonationTypeError> {
        Self::require_admin(actor)?;
        self.types.delete(id).await.map_err(not_found_or)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::clock::MockClock;
    use crate::ports::donation_type_repository::MockDonationTypeRepository;
    use crate::services::test_fixtures::{admin, member, now};
    use mandir_domain::Money;
    use mandir_domain::event::Patch;
    use serde_json::json;

    fn service(types: MockDonationTypeRepository) -> DonationTypeService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        DonationTypeService::new(Arc::new(types), Arc::new(clock))
    }

    fn donation_type(id: &str, name: &str, is_active: bool) -> DonationType {
        DonationType {
            id: id.into(),
            name: name.into(),
            description: None,
            default_amount: Some(Money::from_cents(2500)),
            is_active,
            created_at: now(),
            updated_at: now(),
            created_by: None,
            updated_by: None,
        }
    }

    fn input() -> NewDonationTypeInput {
        NewDonationTypeInput {
            name: "Annadanam".into(),
            description: Some("Meals for devotees".into()),
            default_amount: Some(json!("51.00")),
            is_active: None,
        }
    }

    #[tokio::test]
    async fn members_cannot_manage_donation_types() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        repo.expect_delete().never();
        let service = service(repo);
        assert!(matches!(service.create(&member(), input()).await, Err(DonationTypeError::Forbidden)));
        let patch = DonationTypePatchInput { is_active: Some(false), ..Default::default() };
        assert!(matches!(service.update(&member(), "t", patch).await, Err(DonationTypeError::Forbidden)));
        assert!(matches!(service.delete(&member(), "t").await, Err(DonationTypeError::Forbidden)));
        assert_eq!(DonationTypeError::Forbidden.kind(), ErrorKind::Forbidden);
        assert_eq!(DonationTypeError::Forbidden.to_string(), "Admin access required");
    }

    #[tokio::test]
    async fn admin_creates_in_cents_with_audit_fields() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_create()
            .withf(|r| {
                r.name == "Annadanam"
                    && r.default_amount == Some(Money::from_cents(5100))
                    && r.is_active
                    && r.created_by.as_deref() == Some("admin")
                    && r.now == now()
                    && !r.id.is_empty()
            })
            .returning(|r| {
                Ok(DonationType {
                    default_amount: r.default_amount,
                    created_by: r.created_by.clone(),
                    updated_by: r.created_by,
                    ..donation_type(&r.id, &r.name, r.is_active)
                })
            });
        let created = service(repo).create(&admin(), input()).await.expect("created");
        assert_eq!(created.default_amount, Some(Money::from_cents(5100)));
        assert_eq!(created.updated_by.as_deref(), Some("admin"));
    }

    #[tokio::test]
    async fn create_validates_with_spec_messages() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_create().never();
        let bad = NewDonationTypeInput { name: "A".into(), default_amount: Some(json!("lots")), ..input() };
        let error = service(repo).create(&admin(), bad).await.expect_err("invalid");
        assert_eq!(error.kind(), ErrorKind::Invalid);
        let fields = error.field_errors().expect("fields");
        assert_eq!(fields.get("name"), Some("Name is required"));
        assert_eq!(fields.get("defaultAmount"), Some("Amount must be a valid number"));
    }

    #[tokio::test]
    async fn update_sends_only_the_changes_and_the_editor() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_update()
            .withf(|id, c, at| {
                id == "t"
                    && c.name.is_none()
                    && c.default_amount == Patch::Clear
                    && c.is_active == Some(false)
                    && c.updated_by.as_deref() == Some("admin")
                    && *at == now()
            })
            .returning(|id, _, _| Ok(donation_type(id, "Archana", false)));
        let patch = DonationTypePatchInput { default_amount: Patch::Clear, is_active: Some(false), ..Default::default() };
        let updated = service(repo).update(&admin(), "t", patch).await.expect("updated");
        assert!(!updated.is_active);
    }

    #[tokio::test]
    async fn update_validates_before_touching_the_repository() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_update().never();
        let patch = DonationTypePatchInput { default_amount: Patch::Set(json!(-1)), ..Default::default() };
        let error = service(repo).update(&admin(), "t", patch).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("defaultAmount")), Some("Amount must be 0 or more"));
    }

    #[tokio::test]
    async fn unknown_types_are_not_found() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_get().returning(|_| Ok(None));
        repo.expect_update().returning(|_, _, _| Err(RepoError::NotFound));
        repo.expect_delete().returning(|_| Err(RepoError::NotFound));
        let service = service(repo);
        assert!(matches!(service.get("x").await, Err(DonationTypeError::NotFound)));
        let patch = DonationTypePatchInput { name: Some("Seva".into()), ..Default::default() };
        assert!(matches!(service.update(&admin(), "x", patch).await, Err(DonationTypeError::NotFound)));
        assert!(matches!(service.delete(&admin(), "x").await, Err(DonationTypeError::NotFound)));
        assert_eq!(DonationTypeError::NotFound.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn admin_deletes() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_delete().withf(|id| id == "t").times(1).returning(|_| Ok(()));
        service(repo).delete(&admin(), "t").await.expect("deleted");
    }

    #[tokio::test]
    async fn anyone_lists_and_donors_see_active_ones() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_list().returning(|| Ok(vec![donation_type("a", "Archana", true), donation_type("b", "Building", false)]));
        let service = service(repo);
        assert_eq!(service.list().await.expect("all").len(), 2);
        let active = service.list_active().await.expect("active");
        assert_eq!(active.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(), ["a"]);
    }

    #[tokio::test]
    async fn database_failures_are_unexpected() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_list().returning(|| Err(RepoError::unexpected("down")));
        repo.expect_create().returning(|_| Err(RepoError::unexpected("down")));
        repo.expect_delete().returning(|_| Err(RepoError::unexpected("down")));
        let service = service(repo);
        assert_eq!(service.list().await.expect_err("fails").kind(), ErrorKind::Unexpected);
        assert_eq!(service.create(&admin(), input()).await.expect_err("fails").kind(), ErrorKind::Unexpected);
        assert_eq!(service.delete(&admin(), "t").await.expect_err("fails").kind(), ErrorKind::Unexpected);
    }
}

//! Donation types: anyone reads them (donors pick the active ones); admins create, edit and
//! delete them. Payments keep the type's name as text, so a deleted type never breaks a payment.

use std::sync::Arc;

use mandir_domain::ValidationErrors;
use mandir_domain::donation_type::{DonationType, DonationTypePatchInput, NewDonationTypeInput};
use mandir_domain::fund::FUND_UNKNOWN;
use mandir_domain::patch::Patch;
use mandir_domain::staff::Permission;
use mandir_domain::{DonationTypeId, FundId};

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    ChangeNotifier, Clock, DonationTypeChanges, DonationTypeRecord, DonationTypeRepository, FundRepository, RepoError, Topic,
};

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

mandir_domain::failure!(DonationTypeError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

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
    funds: Arc<dyn FundRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    audit: Recorder,
}

impl DonationTypeService {
    pub fn new(
        types: Arc<dyn DonationTypeRepository>,
        funds: Arc<dyn FundRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        audit: Recorder,
    ) -> Self {
        Self { types, funds, clock, changes, audit }
    }

    /// Refuses a fund that does not exist (`fundId`); none is the General fund.
    async fn check_fund(&self, fund: Option<&FundId>) -> Result<(), DonationTypeError> {
        match fund {
            Some(id) if self.funds.get(id).await?.is_none() => {
                Err(DonationTypeError::Validation(ValidationErrors::single("fundId", FUND_UNKNOWN)))
            }
            _ => Ok(()),
        }
    }

    /// Every type, active or not, by name.
    #[tracing::instrument(skip_all)]
    pub async fn list(&self) -> Result<Vec<DonationType>, DonationTypeError> {
        Ok(self.types.list().await?)
    }

    /// The active types, by name: what donors may choose.
    #[tracing::instrument(skip_all)]
    pub async fn list_active(&self) -> Result<Vec<DonationType>, DonationTypeError> {
        Ok(self.types.list().await?.into_iter().filter(|t| t.is_active).collect())
    }

    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn get(&self, id: &DonationTypeId) -> Result<DonationType, DonationTypeError> {
        self.types.get(id).await?.ok_or(DonationTypeError::NotFound)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: NewDonationTypeInput) -> Result<DonationType, DonationTypeError> {
        actor.require(Permission::ManageFunds)?;
        let valid = input.validate().map_err(DonationTypeError::Validation)?;
        self.check_fund(valid.fund_id.as_ref()).await?;
        let record =
            DonationTypeRecord { id: new_id(), donation_type: valid, created_by: Some(actor.user_id.clone()), now: self.clock.now() };
        let created = self.types.create(record).await?;
        self.changes.publish(Topic::DonationTypes).await;
        let action = Action::new(AuditKind::Money, "donation_type.create", Target::of("donation_type", &created.id));
        self.audit.changed(actor, action, format!("Added the donation type {}", created.name), None::<&DonationType>, Some(&created)).await;
        Ok(created)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(
        &self,
        actor: &Actor,
        id: &DonationTypeId,
        input: DonationTypePatchInput,
    ) -> Result<DonationType, DonationTypeError> {
        actor.require(Permission::ManageFunds)?;
        let patch = input.validate().map_err(DonationTypeError::Validation)?;
        if let Patch::Set(fund) = &patch.fund_id {
            self.check_fund(Some(fund)).await?;
        }
        let changes = DonationTypeChanges { patch, updated_by: Some(actor.user_id.clone()) };
        let updated = self.types.update(id, changes, self.clock.now()).await.map_err(not_found_or)?;
        self.changes.publish(Topic::DonationTypes).await;
        let action = Action::new(AuditKind::Money, "donation_type.update", Target::of("donation_type", id));
        self.audit.acted(actor, action, format!("Changed the donation type {}", updated.name), Vec::new()).await;
        Ok(updated)
    }

    /// Deletes the type. Payments made for it keep its name in their donation details.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete(&self, actor: &Actor, id: &DonationTypeId) -> Result<(), DonationTypeError> {
        actor.require(Permission::ManageFunds)?;
        self.types.delete(id).await.map_err(not_found_or)?;
        self.changes.publish(Topic::DonationTypes).await;
        let action = Action::new(AuditKind::Money, "donation_type.delete", Target::of("donation_type", id));
        self.audit.acted(actor, action, "Deleted a donation type".to_owned(), Vec::new()).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::donation_type_repository::MockDonationTypeRepository;
    use crate::ports::fund_repository::MockFundRepository;
    use crate::services::test_fixtures::{admin, member, now};
    use mandir_domain::Money;
    use mandir_domain::NumberInput;
    use mandir_domain::{ErrorKind, Failure};

    fn service(types: MockDonationTypeRepository) -> DonationTypeService {
        let clock = crate::services::test_fixtures::fixed_clock();
        let mut funds = MockFundRepository::new();
        funds.expect_get().returning(|id| Ok((id.as_str() != "no-such-fund").then(|| crate::services::funds::tests_support::fund(id))));
        DonationTypeService::new(
            Arc::new(types),
            Arc::new(funds),
            Arc::new(clock),
            crate::services::test_fixtures::changes(),
            crate::services::test_fixtures::recorder().0,
        )
    }

    fn donation_type(id: &str, name: &str, is_active: bool) -> DonationType {
        DonationType { default_amount: Some(Money::from_cents(2500)), ..mandir_domain::testing::donation_type(id, name, is_active) }
    }

    fn input() -> NewDonationTypeInput {
        NewDonationTypeInput {
            name: "Annadanam".into(),
            description: Some("Meals for devotees".into()),
            default_amount: NumberInput::text("51.00"),
            fund_id: None,
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
        assert!(matches!(service.update(&member(), &"t".into(), patch).await, Err(DonationTypeError::Forbidden)));
        assert!(matches!(service.delete(&member(), &"t".into()).await, Err(DonationTypeError::Forbidden)));
        assert_eq!(DonationTypeError::Forbidden.kind(), ErrorKind::Forbidden);
        assert_eq!(DonationTypeError::Forbidden.to_string(), "Admin access required");
    }

    #[tokio::test]
    async fn admin_creates_in_cents_with_audit_fields() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_create()
            .withf(|r| {
                r.donation_type.name == "Annadanam"
                    && r.donation_type.default_amount == Some(Money::from_cents(5100))
                    && r.donation_type.is_active
                    && r.created_by.as_deref() == Some("admin")
                    && r.now == now()
                    && !r.id.is_empty()
            })
            .returning(|r| {
                Ok(DonationType {
                    default_amount: r.donation_type.default_amount,
                    created_by: r.created_by.clone().map(String::from),
                    updated_by: r.created_by.map(String::from),
                    ..donation_type(&r.id, &r.donation_type.name, r.donation_type.is_active)
                })
            });
        let created = service(repo).create(&admin(), input()).await.expect("created");
        assert_eq!(created.default_amount, Some(Money::from_cents(5100)));
        assert_eq!(created.updated_by.as_deref(), Some("admin"));
    }

    #[tokio::test]
    async fn create_validates_with_the_documented_messages() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_create().never();
        let bad = NewDonationTypeInput { name: "A".into(), default_amount: NumberInput::text("lots"), ..input() };
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
                    && c.patch.name.is_none()
                    && c.patch.default_amount == Patch::Clear
                    && c.patch.is_active == Some(false)
                    && c.updated_by.as_deref() == Some("admin")
                    && *at == now()
            })
            .returning(|id, _, _| Ok(donation_type(id, "Archana", false)));
        let patch = DonationTypePatchInput { default_amount: Patch::Clear, is_active: Some(false), ..Default::default() };
        let updated = service(repo).update(&admin(), &"t".into(), patch).await.expect("updated");
        assert!(!updated.is_active);
    }

    #[tokio::test]
    async fn a_type_names_a_fund_that_exists() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_create().never();
        repo.expect_update()
            .withf(|_, c, _| c.patch.fund_id == Patch::Set(FundId::new("building")))
            .times(1)
            .returning(|id, _, _| Ok(donation_type(id, "Bricks", true)));
        let service = service(repo);
        let unknown = NewDonationTypeInput { fund_id: Some("no-such-fund".into()), ..input() };
        let error = service.create(&admin(), unknown).await.expect_err("unknown fund");
        assert_eq!(error.field_errors().and_then(|e| e.get("fundId")), Some(FUND_UNKNOWN));
        let patch = DonationTypePatchInput { fund_id: Patch::Set("no-such-fund".into()), ..Default::default() };
        assert!(matches!(service.update(&admin(), &"t".into(), patch).await, Err(DonationTypeError::Validation(_))));
        let patch = DonationTypePatchInput { fund_id: Patch::Set(" building ".into()), ..Default::default() };
        service.update(&admin(), &"t".into(), patch).await.expect("moved to the building fund");
    }

    #[tokio::test]
    async fn update_validates_before_touching_the_repository() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_update().never();
        let patch = DonationTypePatchInput { default_amount: Patch::Set(NumberInput::number(-1)), ..Default::default() };
        let error = service(repo).update(&admin(), &"t".into(), patch).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("defaultAmount")), Some("Amount must be 0 or more"));
    }

    #[tokio::test]
    async fn unknown_types_are_not_found() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_get().returning(|_| Ok(None));
        repo.expect_update().returning(|_, _, _| Err(RepoError::NotFound));
        repo.expect_delete().returning(|_| Err(RepoError::NotFound));
        let service = service(repo);
        assert!(matches!(service.get(&"x".into()).await, Err(DonationTypeError::NotFound)));
        let patch = DonationTypePatchInput { name: Some("Seva".into()), ..Default::default() };
        assert!(matches!(service.update(&admin(), &"x".into(), patch).await, Err(DonationTypeError::NotFound)));
        assert!(matches!(service.delete(&admin(), &"x".into()).await, Err(DonationTypeError::NotFound)));
        assert_eq!(DonationTypeError::NotFound.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn admin_deletes() {
        let mut repo = MockDonationTypeRepository::new();
        repo.expect_delete().withf(|id| id == "t").times(1).returning(|_| Ok(()));
        service(repo).delete(&admin(), &"t".into()).await.expect("deleted");
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
        assert_eq!(service.delete(&admin(), &"t".into()).await.expect_err("fails").kind(), ErrorKind::Unexpected);
    }
}

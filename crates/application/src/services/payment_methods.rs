//! Payment methods: anyone reads the active ones (the donor's choice); admins see them all and
//! create, edit, toggle and delete them. Payments keep the method as text, so a deleted method
//! never breaks a payment.

use std::sync::Arc;

use mandir_domain::PaymentMethodId;
use mandir_domain::ValidationErrors;
use mandir_domain::payment_method::{NewPaymentMethodInput, PaymentMethod, PaymentMethodPatchInput};
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{ChangeNotifier, Clock, PaymentMethodRecord, PaymentMethodRepository, RepoError, Topic};

#[derive(Debug, thiserror::Error)]
pub enum PaymentMethodError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Payment method not found")]
    NotFound,
    #[error("A payment method with this name already exists")]
    DuplicateName,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(PaymentMethodError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::DuplicateName => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(PaymentMethodError: RepoError);

fn classify(error: RepoError) -> PaymentMethodError {
    match error {
        RepoError::NotFound => PaymentMethodError::NotFound,
        // The only unique constraint of the table is the name.
        RepoError::Conflict(_) => PaymentMethodError::DuplicateName,
        other => other.into(),
    }
}

#[derive(Clone)]
pub struct PaymentMethodService {
    methods: Arc<dyn PaymentMethodRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    audit: Recorder,
}

impl PaymentMethodService {
    pub fn new(
        methods: Arc<dyn PaymentMethodRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        audit: Recorder,
    ) -> Self {
        Self { methods, clock, changes, audit }
    }

    /// Every method, active or not, for the admin table.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor) -> Result<Vec<PaymentMethod>, PaymentMethodError> {
        actor.require(Permission::ManageFunds)?;
        Ok(self.methods.list().await?)
    }

    /// The active methods, by sort order: what donors may choose.
    #[tracing::instrument(skip_all)]
    pub async fn list_active(&self) -> Result<Vec<PaymentMethod>, PaymentMethodError> {
        Ok(self.methods.list_active().await?)
    }

    /// The active method with this identifier (matched case-insensitively), if any.
    #[tracing::instrument(skip_all)]
    pub async fn find_active(&self, name: &str) -> Result<Option<PaymentMethod>, PaymentMethodError> {
        let wanted = name.trim().to_lowercase();
        Ok(self.methods.list_active().await?.into_iter().find(|m| m.name == wanted))
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: NewPaymentMethodInput) -> Result<PaymentMethod, PaymentMethodError> {
        actor.require(Permission::ManageFunds)?;
        let valid = input.validate().map_err(PaymentMethodError::Validation)?;
        let record = PaymentMethodRecord { id: new_id(), method: valid, now: self.clock.now() };
        let created = self.methods.create(record).await.map_err(classify)?;
        self.changes.publish(Topic::PaymentMethods).await;
        let action = Action::new(AuditKind::Money, "payment_method.create", Target::of("payment_method", &created.id));
        self.audit
            .changed(actor, action, format!("Added the payment method {}", created.display_name), None::<&PaymentMethod>, Some(&created))
            .await;
        Ok(created)
    }

    /// Changes any field, or only `isActive` for the table's toggle.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(
        &self,
        actor: &Actor,
        id: &PaymentMethodId,
        input: PaymentMethodPatchInput,
    ) -> Result<PaymentMethod, PaymentMethodError> {
        actor.require(Permission::ManageFunds)?;
        let patch = input.validate().map_err(PaymentMethodError::Validation)?;
        let updated = self.methods.update(id, patch, self.clock.now()).await.map_err(classify)?;
        self.changes.publish(Topic::PaymentMethods).await;
        let action = Action::new(AuditKind::Money, "payment_method.update", Target::of("payment_method", id));
        self.audit.acted(actor, action, format!("Changed the payment method {}", updated.display_name), Vec::new()).await;
        Ok(updated)
    }

    /// Deletes the method. Payments made with it keep the method's name.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete(&self, actor: &Actor, id: &PaymentMethodId) -> Result<(), PaymentMethodError> {
        actor.require(Permission::ManageFunds)?;
        self.methods.delete(id).await.map_err(|error| match error {
            RepoError::NotFound => PaymentMethodError::NotFound,
            other => other.into(),
        })?;
        self.changes.publish(Topic::PaymentMethods).await;
        let action = Action::new(AuditKind::Money, "payment_method.delete", Target::of("payment_method", id));
        self.audit.acted(actor, action, "Deleted a payment method".to_owned(), Vec::new()).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::payment_method_repository::MockPaymentMethodRepository;
    use crate::services::test_fixtures::{admin, member, now};
    use mandir_domain::NumberInput;
    use mandir_domain::patch::Patch;
    use mandir_domain::payment_method::{PaymentMethodIcon, PaymentMethodPatch};
    use mandir_domain::{ErrorKind, Failure};

    fn service(methods: MockPaymentMethodRepository) -> PaymentMethodService {
        let clock = crate::services::test_fixtures::fixed_clock();
        PaymentMethodService::new(
            Arc::new(methods),
            Arc::new(clock),
            crate::services::test_fixtures::changes(),
            crate::services::test_fixtures::recorder().0,
        )
    }

    fn method(id: &str, name: &str, is_active: bool, sort_order: i32) -> PaymentMethod {
        PaymentMethod {
            id: id.into(),
            name: name.into(),
            display_name: name.to_uppercase(),
            description: None,
            is_active,
            sort_order,
            icon: None,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn input() -> NewPaymentMethodInput {
        NewPaymentMethodInput {
            name: " PayPal ".into(),
            display_name: "PayPal".into(),
            description: None,
            is_active: None,
            sort_order: NumberInput::number(2),
            icon: Some("dollar".into()),
        }
    }

    #[tokio::test]
    async fn members_cannot_see_all_or_manage_payment_methods() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_list().never();
        repo.expect_create().never();
        repo.expect_update().never();
        repo.expect_delete().never();
        let service = service(repo);
        assert!(matches!(service.list(&member()).await, Err(PaymentMethodError::Forbidden)));
        assert!(matches!(service.create(&member(), input()).await, Err(PaymentMethodError::Forbidden)));
        let toggle = PaymentMethodPatchInput { is_active: Some(false), ..Default::default() };
        assert!(matches!(service.update(&member(), &"p".into(), toggle).await, Err(PaymentMethodError::Forbidden)));
        assert!(matches!(service.delete(&member(), &"p".into()).await, Err(PaymentMethodError::Forbidden)));
        assert_eq!(PaymentMethodError::Forbidden.kind(), ErrorKind::Forbidden);
        assert_eq!(PaymentMethodError::Forbidden.to_string(), "Admin access required");
    }

    #[tokio::test]
    async fn admin_lists_all_and_anyone_lists_active() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_list().returning(|| Ok(vec![method("1", "stripe", true, 0), method("2", "cash", false, 1)]));
        repo.expect_list_active().returning(|| Ok(vec![method("1", "stripe", true, 0)]));
        let service = service(repo);
        assert_eq!(service.list(&admin()).await.expect("all").len(), 2);
        assert_eq!(service.list_active().await.expect("active").len(), 1);
        assert_eq!(service.find_active(" Stripe ").await.expect("found").map(|m| m.id), Some("1".into()));
        assert_eq!(service.find_active("cash").await.expect("looked up"), None);
    }

    #[tokio::test]
    async fn admin_creates_with_a_lower_case_name() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_create()
            .withf(|r| {
                let m = &r.method;
                m.name == "paypal" && m.sort_order == 2 && m.icon == Some(PaymentMethodIcon::Dollar) && m.is_active && r.now == now()
            })
            .returning(|r| Ok(method(&r.id, &r.method.name, r.method.is_active, r.method.sort_order)));
        let created = service(repo).create(&admin(), input()).await.expect("created");
        assert_eq!(created.name, "paypal");
    }

    #[tokio::test]
    async fn duplicate_names_are_conflicts_with_the_message() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_create().returning(|_| Err(RepoError::Conflict("payment_methods.name".into())));
        repo.expect_update().returning(|_, _, _| Err(RepoError::Conflict("payment_methods.name".into())));
        let service = service(repo);
        let error = service.create(&admin(), input()).await.expect_err("duplicate");
        assert!(matches!(error, PaymentMethodError::DuplicateName));
        assert_eq!(error.kind(), ErrorKind::Conflict);
        assert_eq!(error.to_string(), "A payment method with this name already exists");
        let rename = PaymentMethodPatchInput { name: Some("Zelle".into()), ..Default::default() };
        assert!(matches!(service.update(&admin(), &"p".into(), rename).await, Err(PaymentMethodError::DuplicateName)));
    }

    #[tokio::test]
    async fn create_validates_with_the_documented_messages() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_create().never();
        let bad = NewPaymentMethodInput { name: "p".into(), display_name: "".into(), sort_order: NumberInput::number(-3), ..input() };
        let error = service(repo).create(&admin(), bad).await.expect_err("invalid");
        assert_eq!(error.kind(), ErrorKind::Invalid);
        let fields = error.field_errors().expect("fields");
        assert_eq!(fields.get("name"), Some("Name must be at least 2 characters"));
        assert_eq!(fields.get("displayName"), Some("Display name must be at least 2 characters"));
        assert_eq!(fields.get("sortOrder"), Some("Sort order must be a whole number of 0 or more"));
    }

    #[tokio::test]
    async fn toggle_sends_only_the_flag() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_update()
            .withf(|id, c, at| id == "p" && *c == PaymentMethodPatch { is_active: Some(false), ..Default::default() } && *at == now())
            .returning(|id, _, _| Ok(method(id, "zelle", false, 1)));
        let toggle = PaymentMethodPatchInput { is_active: Some(false), ..Default::default() };
        assert!(!service(repo).update(&admin(), &"p".into(), toggle).await.expect("toggled").is_active);
    }

    #[tokio::test]
    async fn update_validates_before_touching_the_repository() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_update().never();
        let patch = PaymentMethodPatchInput { icon: Patch::Set("rocket".into()), ..Default::default() };
        let error = service(repo).update(&admin(), &"p".into(), patch).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("icon")), Some("Choose one of the listed icons"));
    }

    #[tokio::test]
    async fn unknown_methods_are_not_found() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_update().returning(|_, _, _| Err(RepoError::NotFound));
        repo.expect_delete().returning(|_| Err(RepoError::NotFound));
        let service = service(repo);
        let toggle = PaymentMethodPatchInput { is_active: Some(true), ..Default::default() };
        assert!(matches!(service.update(&admin(), &"x".into(), toggle).await, Err(PaymentMethodError::NotFound)));
        assert!(matches!(service.delete(&admin(), &"x".into()).await, Err(PaymentMethodError::NotFound)));
        assert_eq!(PaymentMethodError::NotFound.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn admin_deletes() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_delete().withf(|id| id == "p").times(1).returning(|_| Ok(()));
        service(repo).delete(&admin(), &"p".into()).await.expect("deleted");
    }

    #[tokio::test]
    async fn database_failures_are_unexpected() {
        let mut repo = MockPaymentMethodRepository::new();
        repo.expect_list_active().returning(|| Err(RepoError::unexpected("down")));
        repo.expect_create().returning(|_| Err(RepoError::unexpected("down")));
        repo.expect_delete().returning(|_| Err(RepoError::unexpected("down")));
        let service = service(repo);
        assert_eq!(service.list_active().await.expect_err("fails").kind(), ErrorKind::Unexpected);
        assert_eq!(service.create(&admin(), input()).await.expect_err("fails").kind(), ErrorKind::Unexpected);
        assert_eq!(service.delete(&admin(), &"p".into()).await.expect_err("fails").kind(), ErrorKind::Unexpected);
    }
}

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::PaymentMethodId;
use mandir_domain::payment_method::{NewPaymentMethod, PaymentMethod, PaymentMethodPatch};

use super::RepoError;

/// A new payment method to store: the validated form, under a fresh id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentMethodRecord {
    pub id: PaymentMethodId,
    pub method: NewPaymentMethod,
    pub now: DateTime<Utc>,
}

/// Payment methods. Payments keep the method as text, so deleting a method never touches a
/// payment.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait PaymentMethodRepository: Send + Sync {
    /// Every method, active or not, by sort order then name.
    async fn list(&self) -> Result<Vec<PaymentMethod>, RepoError>;
    /// The active methods, by sort order then name.
    async fn list_active(&self) -> Result<Vec<PaymentMethod>, RepoError>;
    async fn get(&self, id: &PaymentMethodId) -> Result<Option<PaymentMethod>, RepoError>;
    /// `RepoError::Conflict` when another method has the name.
    async fn create(&self, record: PaymentMethodRecord) -> Result<PaymentMethod, RepoError>;
    /// `RepoError::NotFound` when the method is gone, `RepoError::Conflict` when another method
    /// has the new name.
    async fn update(&self, id: &PaymentMethodId, patch: PaymentMethodPatch, now: DateTime<Utc>) -> Result<PaymentMethod, RepoError>;
    /// `RepoError::NotFound` when the method is gone.
    async fn delete(&self, id: &PaymentMethodId) -> Result<(), RepoError>;
}

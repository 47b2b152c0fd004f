use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::event::Patch;
use mandir_domain::payment_method::{PaymentMethod, PaymentMethodIcon};

use super::RepoError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentMethodRecord {
    pub id: String,
    /// Already trimmed and lower-cased.
    pub name: String,
    pub display_name: String,
    pub description: Option<String>,
    pub is_active: bool,
    pub sort_order: i32,
    pub icon: Option<PaymentMethodIcon>,
    pub now: DateTime<Utc>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentMethodChanges {
    pub name: Option<String>,
    pub display_name: Option<String>,
    pub description: Patch<String>,
    pub is_active: Option<bool>,
    pub sort_order: Option<i32>,
    pub icon: Patch<PaymentMethodIcon>,
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
    async fn get(&self, id: &str) -> Result<Option<PaymentMethod>, RepoError>;
    /// `RepoError::Conflict` when another method has the name.
    async fn create(&self, record: PaymentMethodRecord) -> Result<PaymentMethod, RepoError>;
    /// `RepoError::NotFound` when the method is gone, `RepoError::Conflict` when another method
    /// has the new name.
    async fn update(&self, id: &str, changes: PaymentMethodChanges, now: DateTime<Utc>) -> Result<PaymentMethod, RepoError>;
    /// `RepoError::NotFound` when the method is gone.
    async fn delete(&self, id: &str) -> Result<(), RepoError>;
}

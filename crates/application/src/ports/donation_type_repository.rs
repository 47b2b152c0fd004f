use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::Money;
use mandir_domain::donation_type::DonationType;
use mandir_domain::event::Patch;

use super::RepoError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DonationTypeRecord {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    pub default_amount: Option<Money>,
    pub is_active: bool,
    pub created_by: Option<String>,
    pub now: DateTime<Utc>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonationTypeChanges {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub default_amount: Patch<Money>,
    pub is_active: Option<bool>,
    pub updated_by: Option<String>,
}

/// Donation types. Payments keep the type's id and name as text in their donation details, so
/// deleting a type never touches a payment.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait DonationTypeRepository: Send + Sync {
    /// Every type, active or not, by name (case-insensitive).
    async fn list(&self) -> Result<Vec<DonationType>, RepoError>;
    async fn get(&self, id: &str) -> Result<Option<DonationType>, RepoError>;
    async fn create(&self, record: DonationTypeRecord) -> Result<DonationType, RepoError>;
    /// `RepoError::NotFound` when the type is gone.
    async fn update(&self, id: &str, changes: DonationTypeChanges, now: DateTime<Utc>) -> Result<DonationType, RepoError>;
    /// `RepoError::NotFound` when the type is gone.
    async fn delete(&self, id: &str) -> Result<(), RepoError>;
}

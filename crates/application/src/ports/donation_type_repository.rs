use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::donation_type::{DonationType, DonationTypePatch, NewDonationType};
use mandir_domain::{DonationTypeId, UserId};

use super::RepoError;

/// A new donation type to store: the validated form, under a fresh id, with its author.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DonationTypeRecord {
    pub id: DonationTypeId,
    pub donation_type: NewDonationType,
    pub created_by: Option<UserId>,
    pub now: DateTime<Utc>,
}

/// A validated edit with its author.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonationTypeChanges {
    pub patch: DonationTypePatch,
    pub updated_by: Option<UserId>,
}

/// Donation types. Payments keep the type's id and name as text in their donation details, so
/// deleting a type never touches a payment.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait DonationTypeRepository: Send + Sync {
    /// Every type, active or not, by name (case-insensitive).
    async fn list(&self) -> Result<Vec<DonationType>, RepoError>;
    async fn get(&self, id: &DonationTypeId) -> Result<Option<DonationType>, RepoError>;
    async fn create(&self, record: DonationTypeRecord) -> Result<DonationType, RepoError>;
    /// `RepoError::NotFound` when the type is gone.
    async fn update(&self, id: &DonationTypeId, changes: DonationTypeChanges, now: DateTime<Utc>) -> Result<DonationType, RepoError>;
    /// `RepoError::NotFound` when the type is gone.
    async fn delete(&self, id: &DonationTypeId) -> Result<(), RepoError>;
}

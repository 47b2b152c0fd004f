use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::Money;
use mandir_domain::SevaId;
use mandir_domain::seva::{BookedCounts, PriceKind, Seva, SevaCategory, SevaRules, SevaSettings};

use super::{PhotoChange, RepoError, StoredImage};

/// A seva's fields as stored (the image apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SevaFields {
    pub name: String,
    pub description: Option<String>,
    pub category: SevaCategory,
    pub price: Money,
    pub price_kind: PriceKind,
    pub duration_minutes: u32,
    pub rules: SevaRules,
    pub requires_address: bool,
    pub is_active: bool,
    pub sort_order: i32,
}

/// The catalogue of sevas and their images.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait SevaRepository: Send + Sync {
    /// By sort order, then name; inactive sevas only with `include_inactive`.
    async fn list(&self, include_inactive: bool) -> Result<Vec<Seva>, RepoError>;
    async fn get(&self, id: &SevaId) -> Result<Option<Seva>, RepoError>;
    async fn create(
        &self,
        id: SevaId,
        fields: SevaFields,
        image: Option<(StoredImage, String)>,
        now: DateTime<Utc>,
    ) -> Result<Seva, RepoError>;
    /// `RepoError::NotFound` when the seva is gone.
    async fn update(&self, id: &SevaId, fields: SevaFields, image: PhotoChange, now: DateTime<Utc>) -> Result<Seva, RepoError>;
    /// `RepoError::NotFound` when the seva is gone; `RepoError::Conflict` when it has bookings.
    async fn delete(&self, id: &SevaId) -> Result<(), RepoError>;
    async fn image(&self, id: &SevaId) -> Result<Option<StoredImage>, RepoError>;
    /// The bookings holding a place at `now` on the local dates `from` to `to`, by date and slot.
    /// The booking settings (the defaults until an admin saves some).
    async fn settings(&self) -> Result<SevaSettings, RepoError>;
    async fn save_settings(&self, settings: &SevaSettings, now: DateTime<Utc>) -> Result<(), RepoError>;
    async fn booked_counts(&self, id: &SevaId, from: NaiveDate, to: NaiveDate, now: DateTime<Utc>) -> Result<BookedCounts, RepoError>;
}

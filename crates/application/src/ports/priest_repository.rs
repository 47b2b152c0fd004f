use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::priest::Priest;
use mandir_domain::{PriestId, UserId};

use super::{RepoError, StoredImage};

/// A priest's fields as stored (the photo apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriestFields {
    pub name: String,
    pub title: Option<String>,
    pub bio: Option<String>,
    pub specialties: Vec<String>,
}

/// What an edit does to the photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhotoChange {
    Keep,
    Remove,
    /// The new bytes and the URL that serves them.
    Replace(StoredImage, String),
}

/// The temple's priests, in the admins' order.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait PriestRepository: Send + Sync {
    /// Every priest, by position.
    async fn list(&self) -> Result<Vec<Priest>, RepoError>;
    async fn get(&self, id: &PriestId) -> Result<Option<Priest>, RepoError>;
    /// Adds the priest after the others, with its photo if any (its URL and bytes).
    async fn create(
        &self,
        id: PriestId,
        fields: PriestFields,
        photo: Option<(StoredImage, String)>,
        now: DateTime<Utc>,
    ) -> Result<Priest, RepoError>;
    /// `RepoError::NotFound` when the priest is gone.
    async fn update(&self, id: &PriestId, fields: PriestFields, photo: PhotoChange, now: DateTime<Utc>) -> Result<Priest, RepoError>;
    /// Removes the priest and their photo. `RepoError::NotFound` when the priest is gone.
    async fn delete(&self, id: &PriestId) -> Result<(), RepoError>;
    /// Links the priest to the account they sign in with (`None`: unlinks). `RepoError::Conflict`
    /// when another priest is linked to that account; `RepoError::NotFound` for an unknown priest.
    async fn set_account(&self, id: &PriestId, user: Option<UserId>, now: DateTime<Utc>) -> Result<Priest, RepoError>;
    /// Gives the priests the positions of `order` (every priest once, checked by the caller).
    async fn reorder(&self, order: Vec<PriestId>) -> Result<(), RepoError>;
    async fn photo(&self, id: &PriestId) -> Result<Option<StoredImage>, RepoError>;
}

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::NoticeId;
use mandir_domain::site::{Notice, NoticeFields, SiteSettings};

use super::RepoError;

/// The temple's settings (one record) and its notices.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait SiteRepository: Send + Sync {
    /// The stored settings; `None` until an admin (or the first-run setup) saved them.
    async fn settings(&self) -> Result<Option<SiteSettings>, RepoError>;
    /// Replaces the settings.
    async fn save_settings(&self, settings: &SiteSettings, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Every notice, latest start first.
    async fn list_notices(&self) -> Result<Vec<Notice>, RepoError>;
    async fn create_notice(&self, id: &NoticeId, fields: NoticeFields, now: DateTime<Utc>) -> Result<Notice, RepoError>;
    /// `RepoError::NotFound` when the notice is gone.
    async fn update_notice(&self, id: &NoticeId, fields: NoticeFields, now: DateTime<Utc>) -> Result<Notice, RepoError>;
    /// `RepoError::NotFound` when the notice is gone.
    async fn delete_notice(&self, id: &NoticeId) -> Result<(), RepoError>;
}

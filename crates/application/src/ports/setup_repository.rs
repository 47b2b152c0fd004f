use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::site::SiteSettings;
use mandir_domain::user::User;

use super::{NewUserRecord, RepoError};

/// How completing the first-run setup ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupCompletion {
    /// The admin was created, the settings saved and the token used up.
    Done(Box<User>),
    /// No such token (never issued, replaced, or used).
    UnknownToken,
    /// An admin exists: setup is over.
    AdminExists,
    /// An account already has the admin's e-mail.
    EmailTaken,
}

/// The first-run setup's one-time token (stored as its SHA-256) and its completion.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait SetupRepository: Send + Sync {
    /// Forgets every earlier token and keeps this one, unless an admin exists (checked in the
    /// same transaction): then no token is kept and the answer is `false`.
    async fn replace_token(&self, token_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError>;
    /// Whether the token is the current one and no admin exists yet.
    async fn token_is_open(&self, token_hash: &str) -> Result<bool, RepoError>;
    /// In one transaction: uses up the token, checks that no admin exists, creates the admin and
    /// saves the settings. Nothing changes unless the answer is `Done`, except that `AdminExists`
    /// deletes every token (setup is over).
    async fn complete(
        &self,
        token_hash: &str,
        admin: NewUserRecord,
        settings: &SiteSettings,
        now: DateTime<Utc>,
    ) -> Result<SetupCompletion, RepoError>;
}

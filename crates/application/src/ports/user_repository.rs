use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::user::{Email, ProfileUpdate, User};

use super::RepoError;

/// A new account, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUserRecord {
    pub id: String,
    pub username: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    pub custom_gotram: Option<String>,
    pub password_hash: String,
    pub is_admin: bool,
    pub email_verified: bool,
    /// SHA-256 (hex) of the e-mail verification token.
    pub verification_token_hash: Option<String>,
    pub now: DateTime<Utc>,
}

/// A user together with the password hash, for sign-in only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserCredentials {
    pub user: User,
    pub password_hash: String,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// `RepoError::Conflict` when the e-mail is taken.
    async fn create(&self, record: NewUserRecord) -> Result<User, RepoError>;
    async fn find_by_id(&self, id: &str) -> Result<Option<User>, RepoError>;
    async fn find_by_email(&self, email: &Email) -> Result<Option<UserCredentials>, RepoError>;
    /// `RepoError::NotFound` when the user is gone.
    async fn update_profile(&self, id: &str, update: &ProfileUpdate, now: DateTime<Utc>) -> Result<User, RepoError>;
    async fn set_admin(&self, id: &str, is_admin: bool, by: &str, now: DateTime<Utc>) -> Result<User, RepoError>;
    /// Replaces the password hash, keeping the account otherwise; bumps the token version.
    async fn set_password(&self, id: &str, password_hash: &str, now: DateTime<Utc>) -> Result<(), RepoError>;
    async fn store_reset_token(&self, id: &str, token_hash: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Atomically consumes an unexpired reset token: sets the new hash, clears the token and bumps
    /// the token version. `Ok(false)` when no such unexpired token exists (so it works once).
    async fn reset_password_with_token(&self, token_hash: &str, password_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError>;
    /// Marks the e-mail verified and clears the token; `Ok(false)` for an unknown token.
    async fn verify_email(&self, token_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError>;
}

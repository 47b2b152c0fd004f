use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::UserId;
use mandir_domain::audit::AuditEntry;
use mandir_domain::staff::{RoleChange, Roles};
use mandir_domain::user::{Email, ProfileUpdate, User};

use super::RepoError;

/// A new account, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUserRecord {
    pub id: UserId,
    pub username: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    pub custom_gotram: Option<String>,
    pub password_hash: String,
    pub roles: Roles,
    pub email_verified: bool,
    /// SHA-256 (hex) of the e-mail verification token.
    pub verification_token_hash: Option<String>,
    /// When that token stops working.
    pub verification_expires_at: Option<DateTime<Utc>>,
    /// A demo account (`mandir seed-demo`), whose password is published: a production start locks
    /// it out while that password still signs it in.
    pub demo: bool,
    /// The language the account starts in: the one the visitor used the site in (ADR 0149).
    pub language: mandir_domain::language::Language,
    pub now: DateTime<Utc>,
}

/// A user together with the password hash, for sign-in only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserCredentials {
    pub user: User,
    pub password_hash: String,
}

/// How a change that takes admin rights away (removing them, deleting an admin's account) ended.
/// "At least one admin" is checked in the change's own transaction, so two such changes at once
/// cannot both pass it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminRemoval<T> {
    Done(T),
    /// Nothing changed: no admin would remain.
    LastAdmin,
}

/// A change of an account's roles that went through: the roles it held before, and the account now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolesChanged {
    pub before: Roles,
    pub user: User,
}

/// What locking an account out did (see [`UserRepository::lock_out`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockedOut {
    /// Whether its admin rights went (only when another admin remains).
    pub admin_removed: bool,
}

/// A search of the member directory: every word must match the first name, last name or e-mail
/// (any case), or, for a word of digits, the phone number's digits; then one page in name order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MemberSearch {
    pub words: Vec<String>,
    pub offset: u64,
    /// `None`: every match (the CSV export).
    pub limit: Option<u64>,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// `RepoError::Conflict` when the e-mail is taken. An admin's account is created with the
    /// admins' lock held and the first-run setup tokens deleted in the same transaction.
    async fn create(&self, record: NewUserRecord) -> Result<User, RepoError>;
    async fn find_by_id(&self, id: &UserId) -> Result<Option<User>, RepoError>;
    /// The user a session token speaks for, unless the token (`token_id`) was revoked: one
    /// statement, as every authenticated request runs it.
    async fn find_for_session(&self, id: &UserId, token_id: &str) -> Result<Option<User>, RepoError>;
    /// Ends one session: the token id is refused until `expires_at` (then the token is expired
    /// anyway and the row may go). Revoking twice is harmless.
    async fn revoke_token(&self, token_id: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Forgets revocations of tokens that expired before `now`; answers how many went.
    async fn purge_revoked_tokens(&self, now: DateTime<Utc>) -> Result<u64, RepoError>;
    /// Ends every session of the user (bumps the token version). `RepoError::NotFound` when gone.
    async fn end_sessions(&self, id: &UserId, now: DateTime<Utc>) -> Result<(), RepoError>;
    async fn find_by_email(&self, email: &Email) -> Result<Option<UserCredentials>, RepoError>;
    /// Sets the member's language (ADR 0149). `RepoError::NotFound` when the user is gone.
    async fn set_language(&self, id: &UserId, language: mandir_domain::language::Language, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// `RepoError::NotFound` when the user is gone.
    async fn update_profile(&self, id: &UserId, update: &ProfileUpdate, now: DateTime<Utc>) -> Result<User, RepoError>;
    /// Applies `change` to the account's roles, in one transaction in which changes to who is an admin
    /// take turns: refused (`AdminRemoval::LastAdmin`, nothing written) when no admin would
    /// remain; the first-run setup tokens deleted when it makes an admin (setup is over); and
    /// `audit` written with the roles before and after as its change, unless nothing changed.
    /// `RepoError::NotFound` when the user is gone.
    async fn set_roles(&self, id: &UserId, change: RoleChange, audit: AuditEntry) -> Result<AdminRemoval<RolesChanged>, RepoError>;
    /// The accounts holding any staff role, by name.
    async fn staff(&self) -> Result<Vec<User>, RepoError>;
    /// `mandir create-admin` on an existing account, in one transaction: the new password (ending
    /// its sessions), the e-mail marked verified, admin rights, the demo mark cleared (the
    /// published password is no longer its) and the setup tokens deleted. `RepoError::NotFound`
    /// when the user is gone.
    async fn make_admin(&self, id: &UserId, password_hash: &str, now: DateTime<Utc>) -> Result<User, RepoError>;
    /// The demo accounts (made by `mandir seed-demo` and not since given a password by
    /// `create-admin`), with their password hashes.
    async fn demo_accounts(&self) -> Result<Vec<UserCredentials>, RepoError>;
    /// Stops an account from signing in, in one transaction: its password hash is replaced by
    /// `password_hash` (of a secret nobody knows), its sessions end, and its admin rights go when
    /// another admin remains. `RepoError::NotFound` when the user is gone.
    async fn lock_out(&self, id: &UserId, password_hash: &str, now: DateTime<Utc>) -> Result<LockedOut, RepoError>;
    /// Replaces the password hash, keeping the account otherwise; bumps the token version.
    async fn set_password(&self, id: &UserId, password_hash: &str, now: DateTime<Utc>) -> Result<(), RepoError>;
    async fn store_reset_token(&self, id: &UserId, token_hash: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Atomically consumes an unexpired reset token: sets the new hash, clears the token and bumps
    /// the token version. `Ok(false)` when no such unexpired token exists (so it works once).
    async fn reset_password_with_token(&self, token_hash: &str, password_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError>;
    /// Marks the e-mail verified and clears the token; `Ok(false)` for an unknown or expired
    /// token (one without an expiry counts as expired). In the same transaction, the gifts given
    /// without an account under the address become the member's (docs/product.md#households).
    async fn verify_email(&self, token_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError>;
    /// Replaces the pending verification token (a new link; the older one stops working).
    /// `RepoError::NotFound` when the user is gone.
    async fn store_verification_token(&self, id: &UserId, token_hash: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Marks this account's e-mail verified (as if its link had been opened) and clears any
    /// pending verification token, linking the address's gifts given without an account as
    /// [`Self::verify_email`] does. `RepoError::NotFound` when the user is gone.
    async fn mark_email_verified(&self, id: &UserId, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// How many accounts are admins.
    async fn count_admins(&self) -> Result<u64, RepoError>;
    /// The members matching `search` (by last name, first name), and how many match in all.
    async fn search(&self, search: &MemberSearch) -> Result<(Vec<User>, u64), RepoError>;
    /// How many accounts there are and when the latest changed: a new, changed or deleted account
    /// changes it (the counter's search reads the members again only then).
    async fn directory_version(&self) -> Result<(u64, Option<DateTime<Utc>>), RepoError>;
}

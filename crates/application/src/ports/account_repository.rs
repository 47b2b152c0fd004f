use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::UserId;
use mandir_domain::user::Email;
use mandir_domain::volunteer::Volunteer;

use super::{AdminRemoval, RepoError};

/// A member's own settings (ADR 0107).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountSettings {
    /// Whether the day-before reminders are sent (on unless turned off).
    pub reminders_enabled: bool,
    /// When the personal calendar feed's current link was made; `None` without a feed.
    pub calendar_feed_since: Option<DateTime<Utc>>,
    /// A new address waiting for its verification link to be opened.
    pub pending_email: Option<String>,
}

/// An address change that was confirmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailChanged {
    pub user_id: UserId,
    pub old_email: String,
    pub new_email: String,
}

/// The account settings a member manages themself; the account's identity and password stay with
/// [`super::UserRepository`].
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait AccountRepository: Send + Sync {
    /// `RepoError::NotFound` when the account is gone.
    async fn settings(&self, id: &UserId) -> Result<AccountSettings, RepoError>;
    /// `RepoError::NotFound` when the account is gone.
    async fn set_reminders(&self, id: &UserId, enabled: bool, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Replaces the calendar feed's token hash (`None` turns the feed off); the old link stops
    /// working. `RepoError::NotFound` when the account is gone.
    async fn set_calendar_token(&self, id: &UserId, token_hash: Option<String>, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// The member whose feed token hashes to `token_hash`.
    async fn user_for_calendar_token(&self, token_hash: &str) -> Result<Option<UserId>, RepoError>;
    /// Remembers a new address until `expires_at`, under the hash of its verification token
    /// (replacing any earlier request). `RepoError::Conflict` when another account has it.
    async fn request_email_change(
        &self,
        id: &UserId,
        new_email: &Email,
        token_hash: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Makes the pending address of the unexpired token the account's (verified), in one
    /// conditional update; `None` for an unknown or expired token, `RepoError::Conflict` when
    /// another account took the address meanwhile. The new address's gifts given without an
    /// account become the member's in the same transaction (docs/product.md#households).
    async fn confirm_email_change(&self, token_hash: &str, now: DateTime<Utc>) -> Result<Option<EmailChanged>, RepoError>;
    /// The member's volunteer sign-ups, by event date.
    async fn volunteering(&self, id: &UserId) -> Result<Vec<Volunteer>, RepoError>;
    /// Deletes the account: its registrations, volunteering and pending e-mails go with it; its
    /// payments stay (the donor's name and address as given) without the link to the account.
    /// An admin's account is not deleted when no admin would remain, decided in the deletion's
    /// transaction. `RepoError::NotFound` when it is gone.
    async fn delete_account(&self, id: &UserId) -> Result<AdminRemoval<()>, RepoError>;
}

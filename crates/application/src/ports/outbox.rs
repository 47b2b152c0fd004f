//! One outbox shape for everything sent after a commit: receipts (ADR 0091), member e-mails
//! (ADR 0106) and year-end statements (ADR 0103), and whatever is sent next (texts, reminders).
//! Each row is written with the change it tells about; a sender lists the due rows, claims one
//! with a conditional update (only one sender's claim matches, however many processes run), sends
//! it, then marks it sent or failed. A failed or abandoned claim is retried once it expires.
//! `services::outbox::deliver_due` is the one delivery loop over it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::RepoError;

/// The claim-once rows of one kind of message, `Item` being one row as the sender reads it.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait Outbox<Item: Send + Sync + 'static>: Send + Sync {
    /// The ids of unsent rows nobody holds (no claim, or an expired one) with fewer than
    /// `max_attempts` attempts, oldest first, at most `limit`.
    async fn due(&self, now: DateTime<Utc>, max_attempts: i32, limit: u64) -> Result<Vec<String>, RepoError>;
    /// Claims a row until `until` with one conditional update (unsent, unheld) and counts an
    /// attempt; `None` when another sender holds it or it was sent.
    async fn claim(&self, id: &str, now: DateTime<Utc>, until: DateTime<Utc>) -> Result<Option<Item>, RepoError>;
    async fn mark_sent(&self, id: &str, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Records why sending failed (or why it was not needed); the claim stays until it expires
    /// (the retry's delay).
    async fn mark_failed(&self, id: &str, error: &str) -> Result<(), RepoError>;
}

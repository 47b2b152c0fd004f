use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::UserId;

use super::RepoError;

/// One donor's year-end statement to send (or sent) (docs/decisions/0103-year-end-statements.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementSend {
    pub year: i32,
    /// Lowercase: one statement per address and year.
    pub donor_email: String,
    pub donor_name: String,
    pub attempts: i32,
    pub sent_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
}

/// A donor to add to a year's statements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementDonor {
    pub email: String,
    pub name: String,
}

/// How far a year's statements are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StatementCounts {
    pub total: u64,
    pub sent: u64,
    /// Given up after the maximum attempts.
    pub failed: u64,
}

/// The year-end statements to send, shared by every process on the database. A donor is listed
/// once per year (the row's id is `<year>:<lowercase e-mail>`), and they are sent through their
/// [`Outbox`](super::Outbox), which claims a row with one conditional update, so no donor gets
/// two statements for a year.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait StatementStore: Send + Sync {
    /// Lists the donors for `year`; a donor already listed is left as is. Answers how many were added.
    async fn enqueue(&self, year: i32, donors: Vec<StatementDonor>, by: &UserId, now: DateTime<Utc>) -> Result<u64, RepoError>;
    /// The year's counts; `failed` counts unsent rows with `max_attempts` attempts or more.
    async fn counts(&self, year: i32, max_attempts: i32) -> Result<StatementCounts, RepoError>;
}

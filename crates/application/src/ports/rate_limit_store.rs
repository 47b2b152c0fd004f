use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::RepoError;

/// One counted attempt: how many the window holds now, this one included, and when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub count: i64,
    pub window_ends: DateTime<Utc>,
}

/// Attempt counters shared by every process that uses the same store (the database), so that a
/// limit holds however many servers answer.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait RateLimitStore: Send + Sync {
    /// Atomically counts one attempt on `key` at `now`. A key without a window, or whose window
    /// ended at or before `now`, starts a new window ending at `new_window_ends` with this attempt
    /// as its first; otherwise the attempt is added to the running window. Answers the count with
    /// this attempt included and when its window ends.
    async fn hit(&self, key: &str, now: DateTime<Utc>, new_window_ends: DateTime<Utc>) -> Result<Hit, RepoError>;
    /// Takes one attempt back (a sign-in that turned out right does not count against anyone).
    async fn give_back(&self, key: &str) -> Result<(), RepoError>;
    /// Forgets counters whose window ended before `now`.
    async fn purge(&self, now: DateTime<Utc>) -> Result<u64, RepoError>;
}

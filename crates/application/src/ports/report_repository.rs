use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::RepoError;

/// What the reports read besides the ledger (docs/product.md#reports).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ReportRepository: Send + Sync {
    /// The seva bookings confirmed or done on days `from..=to`: (seva, day, amount in cents).
    async fn seva_bookings(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<(String, NaiveDate, i64)>, RepoError>;
    /// The registrations of events held in `from..to`: (the event's time, people in the party).
    async fn registrations(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<(DateTime<Utc>, i64)>, RepoError>;
    /// When each account was made, for those made before `until`.
    async fn member_joins(&self, until: DateTime<Utc>) -> Result<Vec<DateTime<Utc>>, RepoError>;
}

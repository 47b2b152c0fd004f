use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use mandir_domain::reports::{DonorSum, FundSums, SpanGiving};

use super::RepoError;

/// What the reports read (docs/product.md#reports): a few columns of many rows, not whole records.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ReportRepository: Send + Sync {
    /// The completed gifts (tests apart) between the first and last of `bounds`, what was kept of
    /// them added up per span (`bounds[i]..bounds[i + 1]`), channel, method and kind.
    async fn giving_by_span(&self, bounds: &[DateTime<Utc>]) -> Result<Vec<SpanGiving>, RepoError>;
    /// Each donor's completed gifts before `end`, as the gifts name them: how many came before
    /// `start`, and how many and how much in `compare_start..start` and in `start..end`.
    async fn donor_sums(&self, compare_start: DateTime<Utc>, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<Vec<DonorSum>, RepoError>;
    /// The funds' parts of the completed gifts in `start..end` (a gift without parts is all
    /// General's).
    async fn fund_sums(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<FundSums, RepoError>;
    /// The seva bookings confirmed or done on days `from..=to`: (seva, day, amount in cents).
    async fn seva_bookings(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<(String, NaiveDate, i64)>, RepoError>;
    /// The registrations of events held in `from..to`: (the event's time, people in the party).
    async fn registrations(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<(DateTime<Utc>, i64)>, RepoError>;
    /// When each account was made, for those made before `until`.
    async fn member_joins(&self, until: DateTime<Utc>) -> Result<Vec<DateTime<Utc>>, RepoError>;
}

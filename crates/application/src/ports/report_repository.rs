use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::RepoError;

/// A completed gift as the reports read it (tests apart): who, when, what was kept, how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftRow {
    pub payment_id: String,
    pub user_id: Option<String>,
    pub donor_name: Option<String>,
    pub donor_email: Option<String>,
    pub at: DateTime<Utc>,
    /// The amount less what was refunded.
    pub kept_cents: i64,
    pub amount_cents: i64,
    pub channel: String,
    pub method: String,
    /// A recurring gift's charge.
    pub recurring: bool,
}

/// What the reports read (docs/product.md#reports): a few columns of many rows, not whole records.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ReportRepository: Send + Sync {
    /// Every completed gift paid before `until`, tests apart.
    async fn gifts(&self, until: DateTime<Utc>) -> Result<Vec<GiftRow>, RepoError>;
    /// The parts in each fund of these payments: (payment, fund, cents).
    async fn fund_parts(&self, payment_ids: Vec<String>) -> Result<Vec<(String, String, i64)>, RepoError>;
    /// The seva bookings confirmed or done on days `from..=to`: (seva, day, amount in cents).
    async fn seva_bookings(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<(String, NaiveDate, i64)>, RepoError>;
    /// The registrations of events held in `from..to`: (the event's time, people in the party).
    async fn registrations(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<(DateTime<Utc>, i64)>, RepoError>;
    /// When each account was made, for those made before `until`.
    async fn member_joins(&self, until: DateTime<Utc>) -> Result<Vec<DateTime<Utc>>, RepoError>;
}

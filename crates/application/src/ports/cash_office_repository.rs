//! The cash office's records (docs/decisions/0130-the-cash-office.md): hundi counts, the drawer's
//! closes, bank deposits, and what the daily report reads.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::Money;
use mandir_domain::audit::AuditEntry;
use mandir_domain::cash_office::{DrawerCount, HundiCount};
use mandir_domain::counter::{Channel, Tender};
use mandir_domain::payment::Payment;

use super::{NewPayment, RepoError};

/// Who confirmed a count, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    pub by_id: String,
    pub by_name: String,
    pub at: DateTime<Utc>,
}

/// Which deposit holds an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositRef {
    pub id: String,
    pub number: String,
    pub cleared: bool,
}

/// A hundi count as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionRecord {
    pub id: String,
    pub count: HundiCount,
    /// The fund's name as it was when counted ("General Donation" for the general fund).
    pub fund_name: String,
    pub revision: i32,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub first: Option<Confirmation>,
    /// The second confirmation locks the count and records its payment.
    pub second: Option<Confirmation>,
    pub payment_id: Option<String>,
    pub receipt_number: Option<String>,
    pub deposit: Option<DepositRef>,
}

impl CollectionRecord {
    pub const fn locked(&self) -> bool {
        self.second.is_some()
    }
}

/// A new hundi count, with its audit entry.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCollection {
    pub id: String,
    pub count: HundiCount,
    pub fund_name: String,
    pub created_by_name: String,
    pub now: DateTime<Utc>,
    pub audit: AuditEntry,
}

/// A confirmation of a count at `revision`: the first, or the second with the payment it records.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfirmStep {
    First(Confirmation),
    Second(Confirmation, Box<NewPayment>),
}

/// What the drawer holds since its last close.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenDrawer {
    /// The cash part of every completed counter sale not yet closed.
    pub expected: Money,
    pub sales: i64,
    pub last_close: Option<DrawerCloseRecord>,
}

/// A close of the drawer as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawerCloseRecord {
    pub id: String,
    pub day: NaiveDate,
    pub expected: Money,
    pub counted: Money,
    pub note: Option<String>,
    pub sales: i64,
    pub closed_by_name: String,
    pub closed_at: DateTime<Utc>,
    pub deposit: Option<DepositRef>,
}

/// A close to record: it takes the cash of every sale not yet closed, when that adds up to
/// `expected` (what the counter was shown).
#[derive(Debug, Clone, PartialEq)]
pub struct NewDrawerClose {
    pub id: String,
    pub idempotency_key: String,
    pub day: NaiveDate,
    pub expected: Money,
    pub count: DrawerCount,
    pub by_id: String,
    pub by_name: String,
    pub now: DateTime<Utc>,
    pub audit: AuditEntry,
}

/// What closing the drawer did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawerClosed {
    Created(Box<DrawerCloseRecord>),
    /// The key was used before: the close it recorded.
    Existing(Box<DrawerCloseRecord>),
    /// Sales came in (or were voided) since the counter read the drawer: nothing recorded.
    Moved {
        expected: Money,
    },
}

/// A check received (at the counter or by mail), for a deposit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRecord {
    /// The tender's id.
    pub id: String,
    pub payment_id: String,
    pub receipt_number: Option<String>,
    pub donor_name: Option<String>,
    pub channel: Channel,
    pub received_at: DateTime<Utc>,
    pub tender: Tender,
    pub deposit: Option<DepositRef>,
}

/// What is not in a deposit yet.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Undeposited {
    pub drawers: Vec<DrawerCloseRecord>,
    pub collections: Vec<CollectionRecord>,
    pub checks: Vec<CheckRecord>,
}

/// A deposit's totals and state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositSummary {
    pub id: String,
    pub number: String,
    pub cash: Money,
    pub checks: Money,
    pub check_count: i64,
    pub total: Money,
    pub note: Option<String>,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
    pub cleared_at: Option<DateTime<Utc>>,
    pub cleared_by_name: Option<String>,
}

/// A deposit with its items: its slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositRecord {
    pub summary: DepositSummary,
    pub drawers: Vec<DrawerCloseRecord>,
    pub collections: Vec<CollectionRecord>,
    pub checks: Vec<CheckRecord>,
}

/// A deposit to make of the items named; the repository adds them up.
#[derive(Debug, Clone, PartialEq)]
pub struct NewDeposit {
    pub id: String,
    pub number: String,
    pub drawer_close_ids: Vec<String>,
    pub collection_ids: Vec<String>,
    pub check_ids: Vec<String>,
    pub note: Option<String>,
    pub by_name: String,
    pub now: DateTime<Utc>,
    pub audit: AuditEntry,
}

/// Why a deposit could not be made: nothing was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DepositRefused {
    /// An item is already in a deposit.
    AlreadyDeposited { item: String, deposit: String },
    /// An item is not one that can be deposited (unknown, an open count, a voided sale's check).
    NotDepositable(String),
}

/// A seva booked during a day, for the daily report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookedSeva {
    pub seva_name: String,
    pub date: NaiveDate,
    pub amount: Money,
    pub paid: bool,
}

/// What the daily report reads: the day's payments (with their tenders when paid in person) and
/// the sevas booked during it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DayActivity {
    pub payments: Vec<(Payment, Vec<Tender>)>,
    pub bookings: Vec<BookedSeva>,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait CashOfficeRepository: Send + Sync {
    /// The latest counts, newest first.
    async fn collections(&self, limit: u64) -> Result<Vec<CollectionRecord>, RepoError>;
    async fn collection(&self, id: &str) -> Result<Option<CollectionRecord>, RepoError>;
    async fn insert_collection(&self, new: NewCollection) -> Result<CollectionRecord, RepoError>;
    /// Changes an unconfirmed or half-confirmed count at `revision`, clearing its confirmation.
    /// `Conflict` when it is locked or changed meanwhile.
    async fn update_collection(
        &self,
        id: &str,
        revision: i32,
        count: HundiCount,
        fund_name: String,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<CollectionRecord, RepoError>;
    /// `Conflict` when it is locked.
    async fn delete_collection(&self, id: &str, audit: AuditEntry) -> Result<(), RepoError>;
    /// Records a confirmation of `revision`; the second also records the payment, in one
    /// transaction. `Conflict` when the count changed or was confirmed meanwhile.
    async fn confirm_collection(
        &self,
        id: &str,
        revision: i32,
        step: ConfirmStep,
        audit: AuditEntry,
    ) -> Result<CollectionRecord, RepoError>;

    async fn open_drawer(&self) -> Result<OpenDrawer, RepoError>;
    async fn close_drawer(&self, close: NewDrawerClose) -> Result<DrawerClosed, RepoError>;
    async fn drawer_closes(&self, limit: u64) -> Result<Vec<DrawerCloseRecord>, RepoError>;

    async fn undeposited(&self) -> Result<Undeposited, RepoError>;
    /// Makes the deposit in one transaction, or nothing.
    async fn create_deposit(&self, deposit: NewDeposit) -> Result<Result<DepositRecord, DepositRefused>, RepoError>;
    async fn deposits(&self, limit: u64) -> Result<Vec<DepositSummary>, RepoError>;
    async fn deposit(&self, id: &str) -> Result<Option<DepositRecord>, RepoError>;
    /// `Conflict` when it was cleared already.
    async fn clear_deposit(&self, id: &str, at: DateTime<Utc>, by_name: String, audit: AuditEntry) -> Result<DepositRecord, RepoError>;
    /// Takes an uncleared deposit apart: its items are free again. `Conflict` when cleared.
    async fn delete_deposit(&self, id: &str, audit: AuditEntry) -> Result<(), RepoError>;
    /// How many deposits were made on `day` (for the next one's number).
    async fn deposits_on(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<u64, RepoError>;

    /// The payments made in `[from, to)` and the sevas booked in it.
    async fn day_activity(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<DayActivity, RepoError>;
}

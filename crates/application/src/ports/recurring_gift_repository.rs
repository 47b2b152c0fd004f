use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::UserId;
use mandir_domain::payment::{Payment, PaymentStatus};
use mandir_domain::recurring_gift::{CardOnFile, Frequency, GiftStatus, NewGiftTerms, PausedBy, ReceiptChoice, RecurringGift};
use mandir_domain::{FundId, Money, PaymentId};

use super::{NewPayment, RepoError};

/// A gift to store, waiting for its card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRecurringGift {
    pub id: String,
    pub user_id: Option<UserId>,
    pub donor_name: String,
    pub donor_email: String,
    pub terms: NewGiftTerms,
    pub provider: String,
    pub customer_id: String,
    pub setup_intent_id: String,
    pub setup_secret_hash: String,
    /// A retried request with the same key finds this gift.
    pub idempotency_key: Option<String>,
    pub now: DateTime<Utc>,
}

mandir_domain::text_enum!(
    /// What an e-mail about a recurring gift tells.
    GiftEmailKind {
        /// The card is saved and the gift set up (with its link).
        SetUp => "setUp",
        /// A charge was declined: update the card.
        Declined => "declined",
        /// Paused after the set number of failures in a row.
        Paused => "paused",
    }
);

/// An e-mail about a gift, written in the transaction of the change it tells about. Its id makes
/// it once per event (`declined:{gift}:{period}:{attempt}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftEmail {
    pub id: String,
    pub gift_id: String,
    pub kind: GiftEmailKind,
    /// The provider's decline message, for `Declined` and `Paused`.
    pub detail: Option<String>,
    pub created_at: DateTime<Utc>,
    pub attempts: i32,
    pub sent_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
}

/// Columns to set on a gift; `None` keeps a column.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GiftUpdate {
    pub status: Option<GiftStatus>,
    pub paused_by: Option<Option<PausedBy>>,
    pub paused_at: Option<Option<DateTime<Utc>>>,
    pub canceled_at: Option<DateTime<Utc>>,
    pub amount: Option<Money>,
    pub fund_id: Option<FundId>,
    pub frequency: Option<Frequency>,
    pub anchor_day: Option<u32>,
    pub next_charge_on: Option<NaiveDate>,
    pub retry_on: Option<Option<NaiveDate>>,
    pub failures: Option<u32>,
    pub last_error: Option<Option<String>>,
    pub receipts: Option<ReceiptChoice>,
    pub customer_id: Option<String>,
    /// A newly saved card, with its provider id.
    pub card: Option<(String, CardOnFile)>,
    /// A new card form's setup id and its secret's hash.
    pub setup: Option<(String, String)>,
    /// An e-mail to write in the same transaction.
    pub email: Option<GiftEmailNew>,
}

/// An e-mail to add with a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftEmailNew {
    pub id: String,
    pub kind: GiftEmailKind,
    pub detail: Option<String>,
}

/// A charge's outcome to record: the payment's status and what it does to the gift, in one
/// transaction, guarded by the period and failure count the charge was made for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedCharge {
    pub gift_id: String,
    pub payment_id: PaymentId,
    /// The gift's `next_charge_on` and `failures` when the charge was made: the gift changes
    /// only if they still hold (a donor's change meanwhile wins).
    pub period_on: NaiveDate,
    pub failures_before: u32,
    pub transaction_id: Option<String>,
    /// `Completed` or `Failed`; `None` leaves the payment pending (the provider is processing
    /// it, and its webhook completes it).
    pub payment_status: Option<PaymentStatus>,
    /// Whether a completed payment owes its receipt e-mail (not for "statement only").
    pub receipt: bool,
    pub gift: GiftUpdate,
    pub now: DateTime<Utc>,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait RecurringGiftRepository: Send + Sync {
    /// `RepoError::Conflict` when the idempotency key is taken.
    async fn create(&self, gift: NewRecurringGift) -> Result<RecurringGift, RepoError>;
    /// With its fund's name and its recent charges.
    async fn find(&self, id: &str) -> Result<Option<RecurringGift>, RepoError>;
    async fn find_by_key(&self, key: &str) -> Result<Option<RecurringGift>, RepoError>;
    /// A member's gifts with a card saved (a gift still waiting for its card, its form left
    /// unfinished, is not one yet), newest first.
    async fn of_user(&self, user_id: &UserId) -> Result<Vec<RecurringGift>, RepoError>;
    /// Every gift (with `status`, those only), newest first, at most `limit`.
    async fn list(&self, status: Option<GiftStatus>, limit: u64) -> Result<Vec<RecurringGift>, RepoError>;
    /// The ids of active gifts with a card due on or before `today`, after `after`, in id order.
    async fn due(&self, today: NaiveDate, after: Option<String>, limit: u64) -> Result<Vec<String>, RepoError>;
    /// Sets the columns (and writes the e-mail) in one transaction; `NotFound` when it is gone.
    async fn update(&self, id: &str, update: GiftUpdate, now: DateTime<Utc>) -> Result<RecurringGift, RepoError>;
    /// Stores a charge's pending payment with its charge row, in one transaction. A payment with
    /// the same idempotency key answers that payment instead (a repeated step); `Conflict` when
    /// only its receipt number was taken (draw another).
    async fn start_charge(&self, gift_id: &str, payment: NewPayment, period_on: NaiveDate, attempt: u32) -> Result<Payment, RepoError>;
    /// Records a charge's outcome ([`FinishedCharge`]); the gift as it is now.
    async fn finish_charge(&self, finished: FinishedCharge) -> Result<RecurringGift, RepoError>;
    /// The charges of one period, by attempt, each with its attempt number.
    async fn period_charges(&self, gift_id: &str, period_on: NaiveDate) -> Result<Vec<(Payment, u32)>, RepoError>;
    /// The gift a payment was a charge of.
    async fn gift_of_payment(&self, payment_id: &PaymentId) -> Result<Option<String>, RepoError>;
}

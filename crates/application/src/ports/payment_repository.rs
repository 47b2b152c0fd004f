use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::Money;
use mandir_domain::counter::Channel;
use mandir_domain::payment::{DonationDetail, Payment, PaymentMethodKind, PaymentProvider, PaymentStatus};
use mandir_domain::{EventId, PaymentId, UserId};

use super::RepoError;

/// A payment ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPayment {
    pub id: PaymentId,
    pub event_id: Option<EventId>,
    pub event_name: Option<String>,
    pub user_id: Option<UserId>,
    pub method: PaymentMethodKind,
    pub amount: Money,
    pub status: PaymentStatus,
    pub provider: PaymentProvider,
    pub transaction_id: Option<String>,
    pub client_secret_hash: Option<String>,
    pub donation_details: Vec<DonationDetail>,
    pub receipt_number: String,
    pub idempotency_key: Option<String>,
    pub donor_name: Option<String>,
    pub donor_email: Option<String>,
    pub donor_address: Option<String>,
    pub in_honor_of: Option<String>,
    pub notes: Option<String>,
    /// Where the money came in: online for every gift made on the site.
    pub channel: Channel,
    pub now: DateTime<Utc>,
}

/// Which event's payments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventFilter {
    Event(EventId),
    /// Payments not tied to an event.
    Direct,
}

/// Filters of a payment list; all optional. Dates bound `payment_date`, inclusive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentFilter {
    pub status: Option<PaymentStatus>,
    pub method: Option<PaymentMethodKind>,
    pub event: Option<EventFilter>,
    pub user_id: Option<UserId>,
    /// Any of these members' (a joint household's statement).
    pub users: Option<Vec<UserId>>,
    /// A walk-in's donor record (counter sales).
    pub donor_id: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// A guarded status change: applied only when the current status is one of `allowed_from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    pub to: PaymentStatus,
    pub allowed_from: Vec<PaymentStatus>,
}

/// A provider event to record, with what it changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookRecord {
    pub event_id: String,
    pub event_type: String,
    /// The payment it concerns, by its transaction id.
    pub transaction_id: Option<String>,
    pub change: Option<StatusChange>,
    /// The payment's whole refunded amount as the provider reports it: recorded when it is more
    /// than what the payment has (a refund made here, then reported, changes nothing).
    pub refunded: Option<Money>,
    pub now: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// The event id was recorded before: nothing done.
    AlreadyProcessed,
    /// Recorded, and the payment's status changed.
    Applied(Box<Payment>),
    /// Recorded; no payment changed (unknown payment, no change asked, or not allowed from its status).
    Unchanged,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait PaymentRepository: Send + Sync {
    /// `RepoError::Conflict` when a unique value (transaction id, receipt number, idempotency
    /// key) is taken, or the event is gone.
    async fn create(&self, payment: NewPayment) -> Result<Payment, RepoError>;
    async fn find_by_id(&self, id: &PaymentId) -> Result<Option<Payment>, RepoError>;
    async fn find_by_transaction_id(&self, transaction_id: &str) -> Result<Option<Payment>, RepoError>;
    async fn find_by_idempotency_key(&self, key: &str) -> Result<Option<Payment>, RepoError>;
    async fn find_by_receipt_number(&self, receipt_number: &str) -> Result<Option<Payment>, RepoError>;
    /// The phone of the walk-in donor record a counter payment belongs to, when it has one.
    async fn donor_phone(&self, id: &PaymentId) -> Result<Option<String>, RepoError>;
    /// Compare-and-set: `Ok(None)` when the status is not one of `change.allowed_from` (nothing
    /// changed); `RepoError::NotFound` when the payment is gone.
    async fn update_status(&self, id: &PaymentId, change: StatusChange, now: DateTime<Utc>) -> Result<Option<Payment>, RepoError>;
    /// Newest first.
    async fn list(&self, filter: PaymentFilter) -> Result<Vec<Payment>, RepoError>;
    /// In one transaction: records the event id (a replay is `AlreadyProcessed` and changes
    /// nothing) and applies the guarded change to the payment with the transaction id.
    async fn apply_webhook_event(&self, record: WebhookRecord) -> Result<WebhookOutcome, RepoError>;
    /// The ids of card payments (the sandbox's or Stripe's; never Zelle) still pending and created
    /// before `created_before`, after `after` in id order, at most `limit` of them.
    async fn pending_card_payments(
        &self,
        created_before: DateTime<Utc>,
        after: Option<PaymentId>,
        limit: u64,
    ) -> Result<Vec<PaymentId>, RepoError>;
}

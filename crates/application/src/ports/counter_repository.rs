use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::Money;
use mandir_domain::UserId;
use mandir_domain::audit::AuditEntry;
use mandir_domain::counter::{DonorRecord, Tender, WalkIn};
use mandir_domain::payment::{Payment, PaymentProvider};

use super::{DepositRef, NewAttendeeRecord, NewBookingRecord, NewPayment, RepoError};

/// A walk-in kept as a donor record, so their gifts add up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDonor {
    pub id: String,
    pub walk_in: WalkIn,
}

/// The walk-in a sale is for: a new donor record to create, or the one an earlier sale kept (its id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaleDonor {
    New(NewDonor),
    Returning(String),
}

/// A counter sale ready to store: its payment (completed, channel `counter`), how it was paid,
/// the walk-in it creates if any, who sold it, and its audit entry, all written in one
/// transaction.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCounterSale {
    pub id: String,
    /// The counter's key for this sale, held in the browser until the server confirms it.
    pub idempotency_key: String,
    pub payment: NewPayment,
    /// The walk-in it is for (none for a member).
    pub donor: Option<SaleDonor>,
    /// The sevas it books, confirmed and linked to its payment; a full slot refuses the whole sale.
    pub bookings: Vec<NewBookingRecord>,
    /// The member's event registrations it makes, linked to its payment; an event that started
    /// or is full refuses the whole sale.
    pub registrations: Vec<NewAttendeeRecord>,
    pub tenders: Vec<Tender>,
    pub staff_id: UserId,
    pub staff_name: String,
    pub audit: AuditEntry,
}

/// Why and by whom a sale was voided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Voided {
    pub at: DateTime<Utc>,
    pub by: String,
    pub reason: String,
}

/// An event registration a sale made: the event and the people it brings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleRegistration {
    pub event_id: String,
    pub event_name: String,
    pub people: i64,
}

/// A counter sale as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterSaleRecord {
    pub id: String,
    pub payment: Payment,
    /// The walk-in's donor record (none for a member).
    pub donor_id: Option<String>,
    pub tenders: Vec<Tender>,
    /// The event registrations it made (cancelled by a void).
    pub registrations: Vec<SaleRegistration>,
    pub staff_name: String,
    pub created_at: DateTime<Utc>,
    pub voided: Option<Voided>,
    /// The bank deposit that holds its money (a check, or its cash through a closed drawer):
    /// a sale in a deposit is no longer voided.
    pub deposit: Option<DepositRef>,
}

/// What recording a sale did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaleRecorded {
    Created(Box<CounterSaleRecord>),
    /// The key was used before: the sale it recorded, untouched.
    Existing(Box<CounterSaleRecord>),
    /// Nothing was recorded: a seva's slot filled up meanwhile, or the seva is no longer offered.
    SevaFull(String),
    SevaGone(String),
    /// Nothing was recorded: an event of its registrations started, is full, or has the member
    /// already (the event's name, and why).
    EventRefused {
        event: String,
        reason: String,
    },
    /// Nothing was recorded: the card charge its card part names was used by another sale or
    /// refunded meanwhile.
    CardTaken,
}

/// What recording a batch of checks did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchRecorded {
    Created(Vec<CounterSaleRecord>),
    /// The batch's key was used before: the sales it recorded, untouched.
    Existing(Vec<CounterSaleRecord>),
}

/// A void to apply.
#[derive(Debug, Clone, PartialEq)]
pub struct SaleVoid {
    pub voided: Voided,
    pub audit: AuditEntry,
}

/// A card charged on the tablet for a sale (docs/product.md#card-at-the-counter), kept from the
/// moment its intent is made until a sale uses it or it is refunded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardCharge {
    /// The provider's intent (`pi_...`).
    pub intent_id: String,
    /// The key of the sale it was taken for.
    pub sale_key: String,
    pub amount: Money,
    pub provider: PaymentProvider,
    pub staff_id: Option<UserId>,
    pub created_at: DateTime<Utc>,
    /// When the provider said it was paid (the sandbox's confirm step, or Stripe when the sale was recorded).
    pub paid_at: Option<DateTime<Utc>>,
    /// The sale that recorded it.
    pub sale_id: Option<String>,
    pub refunded_at: Option<DateTime<Utc>>,
    pub refund_id: Option<String>,
}

/// A refund of a charge no sale used, with its audit entry.
#[derive(Debug, Clone, PartialEq)]
pub struct CardRefund {
    pub refund_id: String,
    pub at: DateTime<Utc>,
    pub audit: AuditEntry,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait CounterRepository: Send + Sync {
    /// Records the sale with everything it creates in one transaction, or answers the sale its
    /// key recorded before (also when two submissions race).
    async fn record(&self, sale: NewCounterSale) -> Result<SaleRecorded, RepoError>;
    /// Records every sale of a batch in one transaction, all or nothing, or answers the sales the
    /// batch's first key recorded before.
    async fn record_batch(&self, sales: Vec<NewCounterSale>) -> Result<BatchRecorded, RepoError>;
    /// A walk-in's donor record.
    async fn find_donor(&self, id: &str) -> Result<Option<DonorRecord>, RepoError>;
    /// Every walk-in's donor record, in name order, for the counter's search.
    async fn donors(&self) -> Result<Vec<DonorRecord>, RepoError>;
    /// How many donor records there are (they are only ever added).
    async fn donor_count(&self) -> Result<u64, RepoError>;

    async fn find(&self, id: &str) -> Result<Option<CounterSaleRecord>, RepoError>;

    /// Voids the sale: its payment is given back in full (status `refunded`) and the void kept
    /// with its reason. `RepoError::NotFound` for no such sale, `RepoError::Conflict` when it
    /// was voided already.
    async fn void(&self, id: &str, void: SaleVoid) -> Result<CounterSaleRecord, RepoError>;

    /// Keeps a card charge when its intent is made; the same intent again answers the stored one.
    async fn add_card_charge(&self, charge: CardCharge) -> Result<CardCharge, RepoError>;
    async fn find_card_charge(&self, intent_id: &str) -> Result<Option<CardCharge>, RepoError>;
    /// Notes that the provider says the charge is paid (once; later calls keep the first time).
    async fn card_charge_paid(&self, intent_id: &str, at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Notes the refund of a charge no sale used. `RepoError::Conflict` when a sale used it or
    /// it was refunded already.
    async fn card_charge_refunded(&self, intent_id: &str, refund: CardRefund) -> Result<CardCharge, RepoError>;
    /// Charges paid before `before` that no sale used and nobody refunded: the ones to refund.
    async fn unused_card_charges(&self, before: DateTime<Utc>) -> Result<Vec<CardCharge>, RepoError>;
}

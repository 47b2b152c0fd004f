use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::pledge::{NewPledge, Pledge};
use mandir_domain::{FundId, Money, PaymentId, PledgeId, UserId};

use super::RepoError;

/// A new pledge to store: the member's, with its period's instants in the temple's zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PledgeRecord {
    pub id: PledgeId,
    pub user_id: UserId,
    pub pledge: NewPledge,
    /// The first instant of `starts_on` and the first instant after `ends_on`, in the temple's zone.
    pub starts_at: DateTime<Utc>,
    pub ends_before: DateTime<Utc>,
    pub now: DateTime<Utc>,
}

/// A pledge with what was given toward it and whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PledgeView {
    pub pledge: Pledge,
    /// The member's completed gifts to the fund in the period that are not tests, each payment's
    /// part in the fund less its share of a partial refund (as the funds' progress counts them).
    pub given: Money,
    pub member_name: String,
    pub member_email: String,
    /// The gifts the treasurer counted toward it by hand, oldest first.
    pub assigned: Vec<AssignedGift>,
}

/// A gift the treasurer counted toward a pledge (a counter gift not under the member's name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignedGift {
    pub payment_id: PaymentId,
    pub receipt_number: String,
    pub paid_at: DateTime<Utc>,
    /// The whole payment (its part in the pledge's fund is what counts).
    pub amount: Money,
    pub donor_name: String,
}

/// What assigning a gift to a pledge came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Assignment {
    /// It counts toward the pledge (now, or already).
    Done,
    /// No such pledge.
    Gone,
    /// The gift has no part in the pledge's fund: nothing changed.
    NotInFund,
    /// The gift counts toward another pledge: nothing changed.
    Taken,
}

/// The members' pledges.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait PledgeRepository: Send + Sync {
    /// Stores the pledge unless the member has an active pledge to the same fund sharing a day
    /// with it: `RepoError::Conflict` then, and nothing is written. Checked and written under a
    /// lock on the member, so two requests at once cannot both pass.
    async fn create(&self, record: PledgeRecord) -> Result<Pledge, RepoError>;
    async fn get(&self, id: &PledgeId) -> Result<Option<PledgeView>, RepoError>;
    /// The member's pledges, newest first.
    async fn of_member(&self, user_id: &UserId) -> Result<Vec<PledgeView>, RepoError>;
    /// Everyone's pledges (to one fund), active and cancelled.
    async fn all(&self, fund_id: Option<FundId>) -> Result<Vec<PledgeView>, RepoError>;
    /// Cancels an active pledge; `None` when it is not active (or gone).
    async fn cancel(&self, id: &PledgeId, now: DateTime<Utc>) -> Result<Option<Pledge>, RepoError>;
    async fn mark_reminded(&self, ids: &[PledgeId], now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Counts a gift toward a pledge, under a lock on the pledge: refused when the gift has no
    /// part in the pledge's fund or counts toward another pledge.
    async fn assign(&self, pledge: &PledgeId, payment: &PaymentId, by: &UserId, now: DateTime<Utc>) -> Result<Assignment, RepoError>;
    /// Stops counting a gift toward a pledge; answers whether it did.
    async fn unassign(&self, pledge: &PledgeId, payment: &PaymentId) -> Result<bool, RepoError>;
}

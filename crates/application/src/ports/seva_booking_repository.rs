use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use mandir_domain::family_member::Person;
use mandir_domain::seva_booking::{BookingStatus, SevaBooking};
use mandir_domain::{Money, PaymentId, PriestId, SevaBookingId, SevaId, UserId};

use super::RepoError;

/// A booking to hold a place for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBookingRecord {
    pub id: SevaBookingId,
    pub seva_id: SevaId,
    pub seva_name: String,
    /// `None` for a walk-in booked at the counter.
    pub user_id: Option<UserId>,
    pub date: NaiveDate,
    pub slot: Option<NaiveTime>,
    pub starts_at: DateTime<Utc>,
    /// The slot's capacity, checked in the same transaction as the insert.
    pub capacity: u32,
    pub status: BookingStatus,
    pub hold_expires_at: Option<DateTime<Utc>>,
    pub participants: Vec<Person>,
    pub address: Option<String>,
    pub note: Option<String>,
    pub amount: Money,
    /// For a booking to pay: at most this many unpaid bookings of the member (this one included),
    /// counted in the same transaction; `None` for a free one.
    pub max_unpaid: Option<u32>,
    pub now: DateTime<Utc>,
}

/// What a hold answers.
#[derive(Debug)]
pub enum BookingAdmission {
    Admitted(Box<SevaBooking>),
    /// The slot's places are all held.
    Full,
    /// The seva is gone or inactive.
    SevaGone,
    /// The member has `max_unpaid` unpaid bookings already (held, or confirmed with a payment
    /// still pending), whatever the seva.
    TooManyUnpaid(u32),
}

/// Bookings of sevas. Capacity is decided with the insert under the seva's lock (ADR 0114).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait SevaBookingRepository: Send + Sync {
    /// In one transaction holding the seva's row (SQLite: the write lock; PostgreSQL: `FOR
    /// UPDATE`, and the member's row too): counts the bookings holding a place in the slot at
    /// `record.now` and the member's unpaid ones, and inserts the booking when fewer than
    /// `record.capacity` and `record.max_unpaid` do.
    async fn admit(&self, record: NewBookingRecord) -> Result<BookingAdmission, RepoError>;
    async fn get(&self, id: &SevaBookingId) -> Result<Option<SevaBooking>, RepoError>;
    /// A member's bookings, soonest slot first.
    async fn list_for_user(&self, user_id: &UserId) -> Result<Vec<SevaBooking>, RepoError>;
    /// Every booking on the local dates `from` to `to`, in time order (cancelled ones included).
    async fn list_between(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<SevaBooking>, RepoError>;
    /// Compare-and-set of the status: `Ok(None)` when the status is not one of `allowed_from`.
    /// Leaving `held` clears the hold's expiry; `cancelled` and `completed` record their time.
    async fn set_status(
        &self,
        id: &SevaBookingId,
        allowed_from: Vec<BookingStatus>,
        to: BookingStatus,
        now: DateTime<Utc>,
    ) -> Result<Option<SevaBooking>, RepoError>;
    /// `RepoError::NotFound` when the booking is gone.
    async fn set_priest(&self, id: &SevaBookingId, priest: Option<PriestId>, now: DateTime<Utc>) -> Result<SevaBooking, RepoError>;
    /// Links the payment to a booking still `held` and holds its place until `hold_until`;
    /// `Ok(None)` when it is no longer held.
    async fn link_payment(
        &self,
        id: &SevaBookingId,
        payment: &PaymentId,
        hold_until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Option<SevaBooking>, RepoError>;
    /// Held bookings whose hold ended at or before `now`, oldest first, at most `limit`.
    async fn expired_holds(&self, now: DateTime<Utc>, limit: u64) -> Result<Vec<SevaBooking>, RepoError>;
}

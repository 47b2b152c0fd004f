//! Seva bookings. A booking is admitted in one write transaction that first takes the seva's row
//! (SQLite: the write lock of `BEGIN IMMEDIATE`; PostgreSQL: `SELECT ... FOR UPDATE`), then counts
//! the places held in the slot and inserts: two bookings of one seva never count at the same time,
//! so a slot never takes more than its capacity (ADR 0114).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{BookingAdmission, NewBookingRecord, RepoError, SevaBookingRepository};
use mandir_domain::family_member::Person;
use mandir_domain::seva_booking::{BookingStatus, SevaBooking};
use mandir_domain::{Money, PaymentId, PriestId, SevaBookingId, UserId};
use sea_orm::sea_query::Query;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::Database;
use crate::entities::{payments, seva_bookings, sevas, users};
use crate::error::MapDbErr;
use crate::sevas::{date_text, holds_place, parse_date, parse_slot, slot_text};

#[derive(Debug, Clone)]
pub struct SeaOrmSevaBookingRepository {
    db: Database,
}

impl SeaOrmSevaBookingRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(m: seva_bookings::Model) -> Result<SevaBooking, RepoError> {
    let participants: Vec<Person> = serde_json::from_str(&m.participants).map_err(RepoError::unexpected)?;
    Ok(SevaBooking {
        id: m.id.into(),
        seva_id: m.seva_id.into(),
        seva_name: m.seva_name,
        user_id: m.user_id.map(Into::into),
        date: parse_date(&m.date)?,
        slot: parse_slot(&m.slot)?,
        starts_at: m.starts_at,
        status: BookingStatus::parse(&m.status).ok_or_else(|| RepoError::unexpected("a stored booking has an invalid status"))?,
        hold_expires_at: m.hold_expires_at,
        participants,
        address: m.address,
        note: m.note,
        amount: Money::from_cents(m.amount_cents),
        payment_id: m.payment_id.map(Into::into),
        priest_id: m.priest_id.map(Into::into),
        cancelled_at: m.cancelled_at,
        completed_at: m.completed_at,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

fn in_time_order(query: sea_orm::Select<seva_bookings::Entity>) -> sea_orm::Select<seva_bookings::Entity> {
    query
        .order_by_asc(seva_bookings::Column::StartsAt)
        .order_by_asc(seva_bookings::Column::SevaName)
        .order_by_asc(seva_bookings::Column::CreatedAt)
        .order_by_asc(seva_bookings::Column::Id)
}

/// A member's bookings still to be paid at `now`: held (its hold not lapsed), or confirmed on a
/// payment still pending (a Zelle payment the temple lets confirm) for a slot still to come.
fn unpaid(now: DateTime<Utc>) -> Condition {
    let pending = Query::select()
        .column(payments::Column::Id)
        .from(payments::Entity)
        .and_where(payments::Column::Status.eq(mandir_domain::payment::PaymentStatus::Pending.as_str()))
        .to_owned();
    Condition::any()
        .add(Condition::all().add(seva_bookings::Column::Status.eq("held")).add(seva_bookings::Column::HoldExpiresAt.gt(now)))
        .add(
            Condition::all()
                .add(seva_bookings::Column::Status.eq("confirmed"))
                .add(seva_bookings::Column::StartsAt.gt(now))
                .add(seva_bookings::Column::PaymentId.in_subquery(pending)),
        )
}

/// Admits a booking on `conn` (the caller's transaction): the slot's places are counted and the
/// row inserted in it, so two bookings cannot both take the last place. `payment_id` links a
/// booking paid in the same transaction (a counter sale). The caller commits.
pub(crate) async fn admit_on<C: ConnectionTrait>(
    tx: &C,
    record: NewBookingRecord,
    payment_id: Option<String>,
) -> Result<BookingAdmission, RepoError> {
    let seva = sevas::Entity::find_by_id(record.seva_id.to_string()).lock_exclusive().one(tx).await.repo()?;
    if !seva.is_some_and(|s| s.is_active) {
        return Ok(BookingAdmission::SevaGone);
    }
    let slot = slot_text(record.slot);
    let date = date_text(record.date);
    let held = seva_bookings::Entity::find()
        .filter(seva_bookings::Column::SevaId.eq(record.seva_id.as_str()))
        .filter(seva_bookings::Column::Date.eq(date.as_str()))
        .filter(seva_bookings::Column::Slot.eq(slot.as_str()))
        .filter(holds_place(record.now))
        .count(tx)
        .await
        .repo()?;
    if held >= u64::from(record.capacity) {
        return Ok(BookingAdmission::Full);
    }
    if let (Some(max), Some(user_id)) = (record.max_unpaid, &record.user_id) {
        // The member's row taken too: two bookings of different sevas at once count in turn.
        users::Entity::find_by_id(user_id.to_string()).lock_exclusive().one(tx).await.repo()?;
        let unpaid = seva_bookings::Entity::find()
            .filter(seva_bookings::Column::UserId.eq(user_id.as_str()))
            .filter(unpaid(record.now))
            .count(tx)
            .await
            .repo()?;
        if unpaid >= u64::from(max) {
            return Ok(BookingAdmission::TooManyUnpaid(max));
        }
    }
    let model = seva_bookings::ActiveModel {
        id: Set(record.id.to_string()),
        seva_id: Set(record.seva_id.to_string()),
        seva_name: Set(record.seva_name),
        user_id: Set(record.user_id.map(|u| u.to_string())),
        date: Set(date),
        slot: Set(slot),
        starts_at: Set(record.starts_at),
        status: Set(record.status.as_str().to_owned()),
        hold_expires_at: Set(record.hold_expires_at),
        participants: Set(serde_json::to_string(&record.participants).map_err(RepoError::unexpected)?),
        address: Set(record.address),
        note: Set(record.note),
        amount_cents: Set(record.amount.cents()),
        payment_id: Set(payment_id),
        priest_id: Set(None),
        cancelled_at: Set(None),
        completed_at: Set(None),
        created_at: Set(record.now),
        updated_at: Set(record.now),
    };
    let saved = model.insert(tx).await.repo()?;
    Ok(BookingAdmission::Admitted(Box::new(to_domain(saved)?)))
}

#[async_trait]
impl SevaBookingRepository for SeaOrmSevaBookingRepository {
    async fn admit(&self, record: NewBookingRecord) -> Result<BookingAdmission, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let admission = admit_on(&tx, record, None).await?;
        if matches!(admission, BookingAdmission::Admitted(_)) {
            tx.commit().await.repo()?;
        }
        Ok(admission)
    }

    async fn get(&self, id: &SevaBookingId) -> Result<Option<SevaBooking>, RepoError> {
        seva_bookings::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain).transpose()
    }

    async fn list_for_user(&self, user_id: &UserId) -> Result<Vec<SevaBooking>, RepoError> {
        in_time_order(seva_bookings::Entity::find().filter(seva_bookings::Column::UserId.eq(user_id.as_str())))
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn list_between(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<SevaBooking>, RepoError> {
        in_time_order(seva_bookings::Entity::find().filter(seva_bookings::Column::Date.between(date_text(from), date_text(to))))
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn set_status(
        &self,
        id: &SevaBookingId,
        allowed_from: Vec<BookingStatus>,
        to: BookingStatus,
        now: DateTime<Utc>,
    ) -> Result<Option<SevaBooking>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = seva_bookings::Entity::find_by_id(id.to_owned()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        if !allowed_from.iter().any(|s| s.as_str() == existing.status) {
            return Ok(None);
        }
        let mut model: seva_bookings::ActiveModel = existing.into();
        model.status = Set(to.as_str().to_owned());
        if to != BookingStatus::Held {
            model.hold_expires_at = Set(None);
        }
        match to {
            BookingStatus::Cancelled => model.cancelled_at = Set(Some(now)),
            BookingStatus::Completed => model.completed_at = Set(Some(now)),
            BookingStatus::Held | BookingStatus::Confirmed => {}
        }
        model.updated_at = Set(now);
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        to_domain(saved).map(Some)
    }

    async fn set_priest(&self, id: &SevaBookingId, priest: Option<PriestId>, now: DateTime<Utc>) -> Result<SevaBooking, RepoError> {
        let Some(existing) = seva_bookings::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: seva_bookings::ActiveModel = existing.into();
        model.priest_id = Set(priest.map(String::from));
        model.updated_at = Set(now);
        to_domain(model.update(&self.db.conn).await.repo()?)
    }

    async fn link_payment(
        &self,
        id: &SevaBookingId,
        payment: &PaymentId,
        hold_until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Option<SevaBooking>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = seva_bookings::Entity::find_by_id(id.to_owned()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        if existing.status != BookingStatus::Held.as_str() {
            return Ok(None);
        }
        let mut model: seva_bookings::ActiveModel = existing.into();
        model.payment_id = Set(Some(payment.to_string()));
        model.hold_expires_at = Set(Some(hold_until));
        model.updated_at = Set(now);
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        to_domain(saved).map(Some)
    }

    async fn expired_holds(&self, now: DateTime<Utc>, limit: u64) -> Result<Vec<SevaBooking>, RepoError> {
        seva_bookings::Entity::find()
            .filter(seva_bookings::Column::Status.eq(BookingStatus::Held.as_str()))
            .filter(seva_bookings::Column::HoldExpiresAt.lte(now))
            .order_by_asc(seva_bookings::Column::HoldExpiresAt)
            .order_by_asc(seva_bookings::Column::Id)
            .limit(limit)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(to_domain)
            .collect()
    }
}

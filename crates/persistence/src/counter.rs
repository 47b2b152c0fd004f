//! The counter's sales (docs/decisions/0129-the-counter.md): a sale, its payment, its tenders,
//! its walk-in donor, its receipt e-mail and its audit entry are written in one transaction; its
//! key makes a resubmission answer the sale already recorded.

use async_trait::async_trait;
use mandir_application::ports::{
    BatchRecorded, BookingAdmission, CardCharge, CardRefund, CounterRepository, CounterSaleRecord, NewCounterSale, RepoError, SaleDonor,
    SaleRecorded, SaleVoid, Voided,
};
use mandir_domain::Money;
use mandir_domain::counter::{DonorRecord, WalkIn};
use mandir_domain::payment::{PaymentProvider, PaymentStatus};
use mandir_domain::payment_audit::PaymentAuditEntry;
use mandir_domain::seva_booking::BookingStatus;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::Database;
use crate::entities::{counter_card_charges, counter_sales, donors, payment_tenders, payments, seva_bookings};
use crate::error::MapDbErr;
use crate::payments::{insert_payment, to_domain};
use crate::tenders::{tender_of, tender_row};

#[derive(Debug, Clone)]
pub struct SeaOrmCounterRepository {
    db: Database,
}

impl SeaOrmCounterRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn donor_of(row: donors::Model) -> DonorRecord {
    DonorRecord { id: row.id, walk_in: WalkIn { name: row.name, email: row.email, phone: row.phone, address: row.address } }
}

fn corrupt(what: &str) -> RepoError {
    RepoError::unexpected(format!("stored counter sale has an unreadable {what}"))
}

/// The sale of `row` with its payment and tenders, on `conn`.
async fn load<C: ConnectionTrait>(conn: &C, row: counter_sales::Model) -> Result<CounterSaleRecord, RepoError> {
    let payment = payments::Entity::find_by_id(row.payment_id.clone()).one(conn).await.repo()?.ok_or_else(|| corrupt("payment"))?;
    let donor_id = payment.donor_id.clone();
    let payment = to_domain(payment)?;
    let tenders = payment_tenders::Entity::find()
        .filter(payment_tenders::Column::PaymentId.eq(row.payment_id.as_str()))
        .order_by_asc(payment_tenders::Column::Position)
        .all(conn)
        .await
        .repo()?
        .into_iter()
        .map(tender_of)
        .collect::<Result<Vec<_>, _>>()?;
    let voided = match (row.voided_at, row.voided_by_name, row.void_reason) {
        (Some(at), by, reason) => Some(Voided { at, by: by.unwrap_or_default(), reason: reason.unwrap_or_default() }),
        (None, ..) => None,
    };
    let deposit = crate::cash_office::deposit_of_payment(conn, &row.payment_id).await?;
    let registrations = crate::attendees::of_payment(conn, &row.payment_id).await?;
    Ok(CounterSaleRecord {
        id: row.id,
        payment,
        donor_id,
        tenders,
        registrations,
        staff_name: row.staff_name,
        created_at: row.created_at,
        voided,
        deposit,
    })
}

async fn by_key<C: ConnectionTrait>(conn: &C, key: &str) -> Result<Option<CounterSaleRecord>, RepoError> {
    match counter_sales::Entity::find().filter(counter_sales::Column::IdempotencyKey.eq(key)).one(conn).await.repo()? {
        Some(row) => load(conn, row).await.map(Some),
        None => Ok(None),
    }
}

/// The sales recorded under `keys`, in their order (those that exist).
async fn by_keys<C: ConnectionTrait>(conn: &C, keys: &[String]) -> Result<Vec<CounterSaleRecord>, RepoError> {
    let mut found = Vec::with_capacity(keys.len());
    for key in keys {
        found.extend(by_key(conn, key).await?);
    }
    Ok(found)
}

/// Writes the whole sale on `conn` (the caller's transaction); a seva it cannot book answers the
/// refusal, and the caller rolls everything back.
async fn insert_sale<C: ConnectionTrait>(conn: &C, sale: NewCounterSale) -> Result<Result<CounterSaleRecord, SaleRecorded>, RepoError> {
    let now = sale.payment.now;
    let donor_id = match &sale.donor {
        Some(SaleDonor::Returning(id)) => Some(id.clone()),
        Some(SaleDonor::New(donor)) => {
            donors::ActiveModel {
                id: Set(donor.id.clone()),
                name: Set(donor.walk_in.name.clone()),
                email: Set(donor.walk_in.email.clone()),
                phone: Set(donor.walk_in.phone.clone()),
                address: Set(donor.walk_in.address.clone()),
                created_by_id: Set(Some(sale.staff_id.to_string())),
                created_at: Set(now),
            }
            .insert(conn)
            .await
            .repo()?;
            Some(donor.id.clone())
        }
        None => None,
    };
    let payment = insert_payment(conn, sale.payment, donor_id).await?;
    for booking in sale.bookings {
        let name = booking.seva_name.clone();
        match crate::seva_bookings::admit_on(conn, booking, Some(payment.id.to_string())).await? {
            BookingAdmission::Admitted(_) => {}
            BookingAdmission::Full | BookingAdmission::TooManyUnpaid(_) => return Ok(Err(SaleRecorded::SevaFull(name))),
            BookingAdmission::SevaGone => return Ok(Err(SaleRecorded::SevaGone(name))),
        }
    }
    for registration in sale.registrations {
        if let Err(refused) = crate::attendees::admit_on(conn, registration, payment.id.as_str()).await? {
            return Ok(Err(SaleRecorded::EventRefused { event: refused.event, reason: refused.reason }));
        }
    }
    // A card part uses its charge: once, and only while nobody refunded it.
    for intent in sale.tenders.iter().filter_map(|t| t.card_intent()) {
        let used = counter_card_charges::Entity::update_many()
            .col_expr(counter_card_charges::Column::SaleId, Expr::value(sale.id.clone()))
            .col_expr(counter_card_charges::Column::PaidAt, Expr::col(counter_card_charges::Column::PaidAt).if_null(Expr::value(now)))
            .filter(counter_card_charges::Column::IntentId.eq(intent))
            .filter(counter_card_charges::Column::SaleId.is_null())
            .filter(counter_card_charges::Column::RefundedAt.is_null())
            .exec(conn)
            .await
            .repo()?;
        if used.rows_affected != 1 {
            return Ok(Err(SaleRecorded::CardTaken));
        }
    }
    for (position, tender) in sale.tenders.iter().enumerate() {
        tender_row(payment.id.as_str(), position, tender).insert(conn).await.repo()?;
    }
    let row = counter_sales::ActiveModel {
        id: Set(sale.id),
        idempotency_key: Set(sale.idempotency_key),
        payment_id: Set(payment.id.to_string()),
        staff_id: Set(Some(sale.staff_id.to_string())),
        staff_name: Set(sale.staff_name.chars().take(201).collect()),
        created_at: Set(now),
        voided_at: Set(None),
        voided_by_name: Set(None),
        void_reason: Set(None),
    }
    .insert(conn)
    .await
    .repo()?;
    if payment.donor_email.is_some() {
        crate::receipts::enqueue_completed(conn, payment.id.as_str(), now).await?;
    }
    crate::audit::insert_on(conn, sale.audit).await?;
    load(conn, row).await.map(Ok)
}

fn charge_of(row: counter_card_charges::Model) -> Result<CardCharge, RepoError> {
    Ok(CardCharge {
        intent_id: row.intent_id,
        sale_key: row.sale_key,
        amount: Money::from_cents(row.amount_cents),
        provider: PaymentProvider::parse(&row.provider)
            .ok_or_else(|| RepoError::unexpected("stored card charge has an unreadable provider"))?,
        staff_id: row.staff_id.map(mandir_domain::UserId::from),
        created_at: row.created_at,
        paid_at: row.paid_at,
        sale_id: row.sale_id,
        refunded_at: row.refunded_at,
        refund_id: row.refund_id,
    })
}

async fn charge_by_intent<C: ConnectionTrait>(conn: &C, intent_id: &str) -> Result<Option<CardCharge>, RepoError> {
    counter_card_charges::Entity::find_by_id(intent_id.to_owned()).one(conn).await.repo()?.map(charge_of).transpose()
}

#[async_trait]
impl CounterRepository for SeaOrmCounterRepository {
    async fn add_card_charge(&self, charge: CardCharge) -> Result<CardCharge, RepoError> {
        if let Some(stored) = charge_by_intent(&self.db.conn, &charge.intent_id).await? {
            return Ok(stored);
        }
        let row = counter_card_charges::ActiveModel {
            intent_id: Set(charge.intent_id.clone()),
            sale_key: Set(charge.sale_key.clone()),
            amount_cents: Set(charge.amount.cents()),
            provider: Set(charge.provider.as_str().to_owned()),
            staff_id: Set(charge.staff_id.as_ref().map(ToString::to_string)),
            created_at: Set(charge.created_at),
            paid_at: Set(charge.paid_at),
            sale_id: Set(None),
            refunded_at: Set(None),
            refund_id: Set(None),
        };
        match row.insert(&self.db.conn).await.repo() {
            Ok(row) => charge_of(row),
            // The same intent stored by a concurrent request: it is the same charge.
            Err(RepoError::Conflict(detail)) => {
                charge_by_intent(&self.db.conn, &charge.intent_id).await?.ok_or(RepoError::Conflict(detail))
            }
            Err(other) => Err(other),
        }
    }

    async fn find_card_charge(&self, intent_id: &str) -> Result<Option<CardCharge>, RepoError> {
        charge_by_intent(&self.db.conn, intent_id).await
    }

    async fn card_charge_paid(&self, intent_id: &str, at: chrono::DateTime<chrono::Utc>) -> Result<(), RepoError> {
        counter_card_charges::Entity::update_many()
            .col_expr(counter_card_charges::Column::PaidAt, Expr::value(at))
            .filter(counter_card_charges::Column::IntentId.eq(intent_id))
            .filter(counter_card_charges::Column::PaidAt.is_null())
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn card_charge_refunded(&self, intent_id: &str, refund: CardRefund) -> Result<CardCharge, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let done = counter_card_charges::Entity::update_many()
            .col_expr(counter_card_charges::Column::RefundedAt, Expr::value(refund.at))
            .col_expr(counter_card_charges::Column::RefundId, Expr::value(refund.refund_id.clone()))
            .filter(counter_card_charges::Column::IntentId.eq(intent_id))
            .filter(counter_card_charges::Column::SaleId.is_null())
            .filter(counter_card_charges::Column::RefundedAt.is_null())
            .exec(&tx)
            .await
            .repo()?;
        if done.rows_affected != 1 {
            return match charge_by_intent(&tx, intent_id).await? {
                Some(_) => Err(RepoError::Conflict("the card charge was used by a sale or refunded already".into())),
                None => Err(RepoError::NotFound),
            };
        }
        crate::audit::insert_on(&tx, refund.audit).await?;
        let charge = charge_by_intent(&tx, intent_id).await?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        Ok(charge)
    }

    async fn unused_card_charges(&self, before: chrono::DateTime<chrono::Utc>) -> Result<Vec<CardCharge>, RepoError> {
        counter_card_charges::Entity::find()
            .filter(counter_card_charges::Column::PaidAt.lt(before))
            .filter(counter_card_charges::Column::SaleId.is_null())
            .filter(counter_card_charges::Column::RefundedAt.is_null())
            .order_by_asc(counter_card_charges::Column::CreatedAt)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(charge_of)
            .collect()
    }

    async fn record(&self, sale: NewCounterSale) -> Result<SaleRecorded, RepoError> {
        let key = sale.idempotency_key.clone();
        let tx = self.db.begin_write().await.repo()?;
        if let Some(existing) = by_key(&tx, &key).await? {
            return Ok(SaleRecorded::Existing(Box::new(existing)));
        }
        let written = match insert_sale(&tx, sale).await {
            Ok(Ok(written)) => tx.commit().await.repo().map(|()| written),
            // Rolled back: nothing of the sale is kept.
            Ok(Err(refused)) => return Ok(refused),
            Err(error) => {
                // Rolled back, and the write turn handed on, before the sale that won is read.
                drop(tx);
                Err(error)
            }
        };
        match written {
            Ok(sale) => {
                self.db.payments_changed();
                Ok(SaleRecorded::Created(Box::new(sale)))
            }
            // Another counter sent the same key at the same moment (PostgreSQL): its sale won.
            Err(RepoError::Conflict(detail)) => match by_key(&self.db.conn, &key).await? {
                Some(existing) => Ok(SaleRecorded::Existing(Box::new(existing))),
                None => Err(RepoError::Conflict(detail)),
            },
            Err(other) => Err(other),
        }
    }

    async fn record_batch(&self, sales: Vec<NewCounterSale>) -> Result<BatchRecorded, RepoError> {
        let keys: Vec<String> = sales.iter().map(|s| s.idempotency_key.clone()).collect();
        let tx = self.db.begin_write().await.repo()?;
        let Some(first) = sales.first().map(|s| s.idempotency_key.clone()) else { return Ok(BatchRecorded::Created(Vec::new())) };
        if by_key(&tx, &first).await?.is_some() {
            return Ok(BatchRecorded::Existing(by_keys(&tx, &keys).await?));
        }
        let mut written = Vec::with_capacity(sales.len());
        for sale in sales {
            match insert_sale(&tx, sale).await {
                Ok(Ok(sale)) => written.push(sale),
                // A batch books no seva: nothing refuses a sale but the database.
                Ok(Err(_)) => return Err(RepoError::unexpected("a check batch's sale was refused")),
                Err(error) => {
                    drop(tx);
                    return match error {
                        // Another submission of the same batch won the race (PostgreSQL).
                        RepoError::Conflict(detail) if !detail.contains("receipt_number") => {
                            let existing = by_keys(&self.db.conn, &keys).await?;
                            if existing.is_empty() { Err(RepoError::Conflict(detail)) } else { Ok(BatchRecorded::Existing(existing)) }
                        }
                        other => Err(other),
                    };
                }
            }
        }
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(BatchRecorded::Created(written))
    }

    async fn find_donor(&self, id: &str) -> Result<Option<DonorRecord>, RepoError> {
        Ok(donors::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(donor_of))
    }

    async fn donors(&self) -> Result<Vec<DonorRecord>, RepoError> {
        let rows = donors::Entity::find()
            .order_by_asc(donors::Column::Name)
            .order_by_asc(donors::Column::CreatedAt)
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows.into_iter().map(donor_of).collect())
    }

    async fn donor_count(&self) -> Result<u64, RepoError> {
        sea_orm::PaginatorTrait::count(donors::Entity::find(), &self.db.conn).await.repo()
    }

    async fn find(&self, id: &str) -> Result<Option<CounterSaleRecord>, RepoError> {
        match counter_sales::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()? {
            Some(row) => load(&self.db.conn, row).await.map(Some),
            None => Ok(None),
        }
    }

    async fn void(&self, id: &str, void: SaleVoid) -> Result<CounterSaleRecord, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let row = counter_sales::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()?.ok_or(RepoError::NotFound)?;
        // Money in a bank deposit stays: the deposit is taken apart first (or, cleared, is final).
        if crate::cash_office::deposit_of_payment(&tx, &row.payment_id).await?.is_some() {
            return Err(RepoError::Conflict("the sale's money is in a deposit".into()));
        }
        let voided = counter_sales::Entity::update_many()
            .col_expr(counter_sales::Column::VoidedAt, Expr::value(void.voided.at))
            .col_expr(counter_sales::Column::VoidedByName, Expr::value(void.voided.by.clone()))
            .col_expr(counter_sales::Column::VoidReason, Expr::value(void.voided.reason.clone()))
            .filter(counter_sales::Column::Id.eq(id))
            .filter(counter_sales::Column::VoidedAt.is_null())
            .exec(&tx)
            .await
            .repo()?;
        if voided.rows_affected == 0 {
            return Err(RepoError::Conflict("the sale is voided already".into()));
        }
        // The money goes back whole: the payment leaves the totals and statements.
        let before = payments::Entity::find_by_id(row.payment_id.clone()).one(&tx).await.repo()?.map_or(0, |p| p.refunded_cents);
        let refunded = payments::Entity::update_many()
            .col_expr(payments::Column::Status, Expr::value(PaymentStatus::Refunded.as_str()))
            .col_expr(payments::Column::RefundedCents, Expr::col(payments::Column::AmountCents))
            .col_expr(payments::Column::UpdatedAt, Expr::value(void.voided.at))
            .filter(payments::Column::Id.eq(row.payment_id.as_str()))
            .filter(payments::Column::Status.eq(PaymentStatus::Completed.as_str()))
            .exec(&tx)
            .await
            .repo()?;
        if refunded.rows_affected == 0 {
            return Err(RepoError::Conflict("the sale's payment is no longer completed".into()));
        }
        let amount = payments::Entity::find_by_id(row.payment_id.clone()).one(&tx).await.repo()?.map_or(0, |p| p.amount_cents);
        crate::accounting::record_refund(&tx, &row.payment_id, before, amount, void.voided.at).await?;
        // The sevas it booked are cancelled with it: their places free up.
        seva_bookings::Entity::update_many()
            .col_expr(seva_bookings::Column::Status, Expr::value(BookingStatus::Cancelled.as_str()))
            .col_expr(seva_bookings::Column::CancelledAt, Expr::value(Some(void.voided.at)))
            .col_expr(seva_bookings::Column::UpdatedAt, Expr::value(void.voided.at))
            .filter(seva_bookings::Column::PaymentId.eq(row.payment_id.as_str()))
            .filter(seva_bookings::Column::Status.is_in([BookingStatus::Held.as_str(), BookingStatus::Confirmed.as_str()]))
            .exec(&tx)
            .await
            .repo()?;
        // And the event registrations it made: their places go to the waitlists.
        crate::attendees::cancel_of_payment(&tx, &row.payment_id, void.voided.at).await?;
        crate::payment_audit::insert_entry(
            &tx,
            PaymentAuditEntry {
                id: uuid::Uuid::new_v4().to_string(),
                payment_id: row.payment_id.clone().into(),
                at: void.voided.at,
                actor_id: void.audit.actor_id.clone(),
                actor_email: void.audit.actor_email.clone(),
                from: PaymentStatus::Completed,
                to: PaymentStatus::Refunded,
                note: Some(format!("Voided at the counter: {}", void.voided.reason)),
            },
        )
        .await?;
        crate::audit::insert_on(&tx, void.audit).await?;
        let row = counter_sales::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()?.ok_or(RepoError::NotFound)?;
        let sale = load(&tx, row).await?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(sale)
    }
}

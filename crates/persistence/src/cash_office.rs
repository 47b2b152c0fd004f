//! The cash office (docs/decisions/0130-the-cash-office.md): hundi counts and their two
//! confirmations, the drawer's closes, bank deposits (an item is in one deposit at most: each
//! holds its deposit's id, set only where it is empty), and the day's activity for the report.

use std::collections::{BTreeMap, HashMap, HashSet};

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{
    BookedSeva, CashOfficeRepository, CheckRecord, CollectionRecord, ConfirmStep, Confirmation, DayActivity, DepositRecord, DepositRef,
    DepositRefused, DepositSummary, DrawerCloseRecord, DrawerClosed, NewCollection, NewDeposit, NewDrawerClose, OpenDrawer, RepoError,
    Undeposited,
};
use mandir_domain::Money;
use mandir_domain::audit::AuditEntry;
use mandir_domain::cash_office::{Counts, Denomination, HundiCount};
use mandir_domain::counter::{Channel, Tender};
use mandir_domain::payment::PaymentStatus;
use mandir_domain::seva_booking::BookingStatus;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::Database;
use crate::entities::{collection_batches, deposits, drawer_closes, payment_tenders, payments, seva_bookings};
use crate::error::MapDbErr;
use crate::payments::{insert_payment, to_domain};
use crate::tenders::{tender_of, tender_row};

#[derive(Debug, Clone)]
pub struct SeaOrmCashOfficeRepository {
    db: Database,
}

impl SeaOrmCashOfficeRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn corrupt(what: &str) -> RepoError {
    RepoError::unexpected(format!("stored cash office record has an unreadable {what}"))
}

fn day_of(text: &str) -> Result<NaiveDate, RepoError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| corrupt("date"))
}

fn day_text(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

fn counts_json(counts: &Counts) -> String {
    let map: BTreeMap<&str, i64> = counts.pieces().iter().map(|(d, n)| (d.as_str(), *n)).collect();
    serde_json::to_string(&map).unwrap_or_else(|_| "{}".to_owned())
}

fn counts_of(text: &str) -> Result<Counts, RepoError> {
    let map: BTreeMap<String, i64> = serde_json::from_str(text).map_err(|_| corrupt("count"))?;
    let pieces = map
        .into_iter()
        .map(|(key, n)| Denomination::parse(&key).map(|d| (d, n)).ok_or_else(|| corrupt("denomination")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Counts::of(&pieces))
}

/// The deposits named, by id.
async fn deposit_refs<C: ConnectionTrait>(conn: &C, ids: impl Iterator<Item = String>) -> Result<HashMap<String, DepositRef>, RepoError> {
    let ids: HashSet<String> = ids.collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = deposits::Entity::find().filter(deposits::Column::Id.is_in(ids)).all(conn).await.repo()?;
    Ok(rows.into_iter().map(|d| (d.id.clone(), DepositRef { id: d.id, number: d.number, cleared: d.cleared_at.is_some() })).collect())
}

fn confirmation(id: Option<String>, name: Option<String>, at: Option<DateTime<Utc>>) -> Option<Confirmation> {
    match (id, name, at) {
        (Some(by_id), Some(by_name), Some(at)) => Some(Confirmation { by_id, by_name, at }),
        _ => None,
    }
}

async fn collections_of<C: ConnectionTrait>(conn: &C, rows: Vec<collection_batches::Model>) -> Result<Vec<CollectionRecord>, RepoError> {
    let deposits = deposit_refs(conn, rows.iter().filter_map(|r| r.deposit_id.clone())).await?;
    let payment_ids: Vec<String> = rows.iter().filter_map(|r| r.payment_id.clone()).collect();
    let receipts: HashMap<String, Option<String>> = if payment_ids.is_empty() {
        HashMap::new()
    } else {
        payments::Entity::find()
            .filter(payments::Column::Id.is_in(payment_ids))
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|p| (p.id, p.receipt_number))
            .collect()
    };
    rows.into_iter()
        .map(|r| {
            let counts = counts_of(&r.counts)?;
            Ok(CollectionRecord {
                count: HundiCount {
                    box_name: r.box_name,
                    counted_on: day_of(&r.counted_on)?,
                    total: Money::from_cents(r.total_cents),
                    counts,
                    donation_type_id: r.donation_type_id,
                    note: r.note,
                },
                fund_name: r.fund_name,
                revision: r.revision,
                created_by_name: r.created_by_name,
                created_at: r.created_at,
                updated_at: r.updated_at,
                first: confirmation(r.first_by_id, r.first_by_name, r.first_at),
                second: confirmation(r.second_by_id, r.second_by_name, r.second_at),
                receipt_number: r.payment_id.as_ref().and_then(|id| receipts.get(id).cloned().flatten()),
                payment_id: r.payment_id,
                deposit: r.deposit_id.and_then(|id| deposits.get(&id).cloned()),
                id: r.id,
            })
        })
        .collect()
}

async fn one_collection<C: ConnectionTrait>(conn: &C, id: &str) -> Result<Option<CollectionRecord>, RepoError> {
    match collection_batches::Entity::find_by_id(id.to_owned()).one(conn).await.repo()? {
        Some(row) => Ok(collections_of(conn, vec![row]).await?.pop()),
        None => Ok(None),
    }
}

async fn drawers_of<C: ConnectionTrait>(conn: &C, rows: Vec<drawer_closes::Model>) -> Result<Vec<DrawerCloseRecord>, RepoError> {
    let deposits = deposit_refs(conn, rows.iter().filter_map(|r| r.deposit_id.clone())).await?;
    rows.into_iter()
        .map(|r| {
            Ok(DrawerCloseRecord {
                day: day_of(&r.day)?,
                expected: Money::from_cents(r.expected_cents),
                counted: Money::from_cents(r.counted_cents),
                note: r.note,
                sales: i64::from(r.sales_count),
                closed_by_name: r.closed_by_name,
                closed_at: r.closed_at,
                deposit: r.deposit_id.and_then(|id| deposits.get(&id).cloned()),
                id: r.id,
            })
        })
        .collect()
}

async fn checks_of<C: ConnectionTrait>(conn: &C, rows: Vec<payment_tenders::Model>) -> Result<Vec<CheckRecord>, RepoError> {
    let deposits = deposit_refs(conn, rows.iter().filter_map(|r| r.deposit_id.clone())).await?;
    let ids: HashSet<String> = rows.iter().map(|r| r.payment_id.clone()).collect();
    let payments: HashMap<String, payments::Model> = if ids.is_empty() {
        HashMap::new()
    } else {
        payments::Entity::find()
            .filter(payments::Column::Id.is_in(ids))
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|p| (p.id.clone(), p))
            .collect()
    };
    rows.into_iter()
        .map(|r| {
            let payment = payments.get(&r.payment_id).ok_or_else(|| corrupt("check's payment"))?;
            Ok(CheckRecord {
                id: r.id.clone(),
                payment_id: r.payment_id.clone(),
                receipt_number: payment.receipt_number.clone(),
                donor_name: payment.donor_name.clone(),
                channel: Channel::parse(&payment.channel).unwrap_or(Channel::Counter),
                received_at: payment.created_at,
                deposit: r.deposit_id.clone().and_then(|id| deposits.get(&id).cloned()),
                tender: tender_of(r)?,
            })
        })
        .collect()
}

/// The completed payments of `channel`, as a subquery.
fn completed_of(channel: Option<Channel>) -> sea_orm::sea_query::SelectStatement {
    let mut query = Query::select();
    query.column(payments::Column::Id).from(payments::Entity).and_where(payments::Column::Status.eq(PaymentStatus::Completed.as_str()));
    if let Some(channel) = channel {
        query.and_where(payments::Column::Channel.eq(channel.as_str()));
    }
    query
}

/// The cash parts of completed counter sales that no close has counted yet.
async fn unclosed_cash<C: ConnectionTrait>(conn: &C) -> Result<Vec<payment_tenders::Model>, RepoError> {
    payment_tenders::Entity::find()
        .filter(payment_tenders::Column::Method.eq("cash"))
        .filter(payment_tenders::Column::DrawerCloseId.is_null())
        .filter(payment_tenders::Column::PaymentId.in_subquery(completed_of(Some(Channel::Counter))))
        .all(conn)
        .await
        .repo()
}

fn sales_in(tenders: &[payment_tenders::Model]) -> i64 {
    i64::try_from(tenders.iter().map(|t| t.payment_id.as_str()).collect::<HashSet<_>>().len()).unwrap_or(i64::MAX)
}

async fn close_by_key<C: ConnectionTrait>(conn: &C, key: &str) -> Result<Option<DrawerCloseRecord>, RepoError> {
    match drawer_closes::Entity::find().filter(drawer_closes::Column::IdempotencyKey.eq(key)).one(conn).await.repo()? {
        Some(row) => Ok(drawers_of(conn, vec![row]).await?.pop()),
        None => Ok(None),
    }
}

fn summary_of(d: deposits::Model) -> DepositSummary {
    DepositSummary {
        id: d.id,
        number: d.number,
        cash: Money::from_cents(d.cash_cents),
        checks: Money::from_cents(d.checks_cents),
        check_count: i64::from(d.check_count),
        total: Money::from_cents(d.total_cents),
        note: d.note,
        created_by_name: d.created_by_name,
        created_at: d.created_at,
        cleared_at: d.cleared_at,
        cleared_by_name: d.cleared_by_name,
    }
}

async fn deposit_on<C: ConnectionTrait>(conn: &C, id: &str) -> Result<Option<DepositRecord>, RepoError> {
    let Some(row) = deposits::Entity::find_by_id(id.to_owned()).one(conn).await.repo()? else {
        return Ok(None);
    };
    let drawers = drawer_closes::Entity::find()
        .filter(drawer_closes::Column::DepositId.eq(id))
        .order_by_asc(drawer_closes::Column::ClosedAt)
        .all(conn)
        .await
        .repo()?;
    let collections = collection_batches::Entity::find()
        .filter(collection_batches::Column::DepositId.eq(id))
        .order_by_asc(collection_batches::Column::CountedOn)
        .all(conn)
        .await
        .repo()?;
    let checks = payment_tenders::Entity::find()
        .filter(payment_tenders::Column::DepositId.eq(id))
        .order_by_asc(payment_tenders::Column::CheckNumber)
        .all(conn)
        .await
        .repo()?;
    Ok(Some(DepositRecord {
        summary: summary_of(row),
        drawers: drawers_of(conn, drawers).await?,
        collections: collections_of(conn, collections).await?,
        checks: checks_of(conn, checks).await?,
    }))
}

/// Writes the deposit on `conn` (the caller's transaction), or says why not.
async fn insert_deposit<C: ConnectionTrait>(conn: &C, d: NewDeposit) -> Result<Result<(), DepositRefused>, RepoError> {
    let taken = |item: String, deposit: &str| Ok(Err(DepositRefused::AlreadyDeposited { item, deposit: deposit.to_owned() }));
    let drawers =
        drawer_closes::Entity::find().filter(drawer_closes::Column::Id.is_in(d.drawer_close_ids.clone())).all(conn).await.repo()?;
    let collections =
        collection_batches::Entity::find().filter(collection_batches::Column::Id.is_in(d.collection_ids.clone())).all(conn).await.repo()?;
    let checks = payment_tenders::Entity::find()
        .filter(payment_tenders::Column::Id.is_in(d.check_ids.clone()))
        .filter(payment_tenders::Column::Method.eq("check"))
        .filter(payment_tenders::Column::PaymentId.in_subquery(completed_of(None)))
        .all(conn)
        .await
        .repo()?;
    let holding = deposit_refs(
        conn,
        drawers
            .iter()
            .filter_map(|r| r.deposit_id.clone())
            .chain(collections.iter().filter_map(|r| r.deposit_id.clone()))
            .chain(checks.iter().filter_map(|r| r.deposit_id.clone())),
    )
    .await?;
    let number_of = |id: &str| holding.get(id).map_or_else(|| id.to_owned(), |r| r.number.clone());
    for wanted in &d.drawer_close_ids {
        match drawers.iter().find(|r| &r.id == wanted) {
            None => return Ok(Err(DepositRefused::NotDepositable(format!("The drawer close {wanted}")))),
            Some(r) => {
                if let Some(other) = &r.deposit_id {
                    return taken(format!("The drawer closed {}", r.day), &number_of(other));
                }
            }
        }
    }
    for wanted in &d.collection_ids {
        match collections.iter().find(|r| &r.id == wanted) {
            Some(r) if r.second_at.is_none() => {
                return Ok(Err(DepositRefused::NotDepositable(format!(
                    "The count of {} on {} (not confirmed twice yet)",
                    r.box_name, r.counted_on
                ))));
            }
            None => return Ok(Err(DepositRefused::NotDepositable(format!("The hundi count {wanted}")))),
            Some(r) => {
                if let Some(other) = &r.deposit_id {
                    return taken(format!("The count of {} on {}", r.box_name, r.counted_on), &number_of(other));
                }
            }
        }
    }
    for wanted in &d.check_ids {
        match checks.iter().find(|r| &r.id == wanted) {
            None => return Ok(Err(DepositRefused::NotDepositable(format!("The check {wanted} (unknown, or its sale was voided)")))),
            Some(r) => {
                if let Some(other) = &r.deposit_id {
                    return taken(format!("Check {}", r.check_number.as_deref().unwrap_or("")), &number_of(other));
                }
            }
        }
    }
    let cash = drawers.iter().map(|r| r.counted_cents).sum::<i64>() + collections.iter().map(|r| r.total_cents).sum::<i64>();
    let checks_total = checks.iter().map(|r| r.amount_cents).sum::<i64>();
    deposits::ActiveModel {
        id: Set(d.id.clone()),
        number: Set(d.number),
        cash_cents: Set(cash),
        checks_cents: Set(checks_total),
        check_count: Set(i32::try_from(checks.len()).unwrap_or(i32::MAX)),
        total_cents: Set(cash + checks_total),
        note: Set(d.note),
        created_by_name: Set(d.by_name.chars().take(201).collect()),
        created_at: Set(d.now),
        cleared_at: Set(None),
        cleared_by_name: Set(None),
    }
    .insert(conn)
    .await
    .repo()?;
    // Each item is taken only where no deposit holds it: a deposit made meanwhile wins.
    let claimed = [
        drawer_closes::Entity::update_many()
            .col_expr(drawer_closes::Column::DepositId, Expr::value(d.id.clone()))
            .filter(drawer_closes::Column::Id.is_in(d.drawer_close_ids.clone()))
            .filter(drawer_closes::Column::DepositId.is_null())
            .exec(conn)
            .await
            .repo()?
            .rows_affected,
        collection_batches::Entity::update_many()
            .col_expr(collection_batches::Column::DepositId, Expr::value(d.id.clone()))
            .filter(collection_batches::Column::Id.is_in(d.collection_ids.clone()))
            .filter(collection_batches::Column::DepositId.is_null())
            .exec(conn)
            .await
            .repo()?
            .rows_affected,
        payment_tenders::Entity::update_many()
            .col_expr(payment_tenders::Column::DepositId, Expr::value(d.id.clone()))
            .filter(payment_tenders::Column::Id.is_in(d.check_ids.clone()))
            .filter(payment_tenders::Column::DepositId.is_null())
            .exec(conn)
            .await
            .repo()?
            .rows_affected,
    ];
    let wanted = d.drawer_close_ids.len() + d.collection_ids.len() + d.check_ids.len();
    if usize::try_from(claimed.iter().sum::<u64>()).unwrap_or(0) != wanted {
        return Ok(Err(DepositRefused::NotDepositable("An item chosen was just taken by another deposit".to_owned())));
    }
    crate::audit::insert_on(conn, d.audit).await?;
    Ok(Ok(()))
}

fn conflict(message: &str) -> RepoError {
    RepoError::Conflict(message.to_owned())
}

#[async_trait]
impl CashOfficeRepository for SeaOrmCashOfficeRepository {
    async fn collections(&self, limit: u64) -> Result<Vec<CollectionRecord>, RepoError> {
        let rows = collection_batches::Entity::find()
            .order_by_desc(collection_batches::Column::CountedOn)
            .order_by_desc(collection_batches::Column::CreatedAt)
            .limit(limit)
            .all(&self.db.conn)
            .await
            .repo()?;
        collections_of(&self.db.conn, rows).await
    }

    async fn collection(&self, id: &str) -> Result<Option<CollectionRecord>, RepoError> {
        one_collection(&self.db.conn, id).await
    }

    async fn insert_collection(&self, new: NewCollection) -> Result<CollectionRecord, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let c = &new.count;
        collection_batches::ActiveModel {
            id: Set(new.id.clone()),
            box_name: Set(c.box_name.clone()),
            counted_on: Set(day_text(c.counted_on)),
            counts: Set(counts_json(&c.counts)),
            total_cents: Set(c.total.cents()),
            donation_type_id: Set(c.donation_type_id.clone()),
            fund_name: Set(new.fund_name.chars().take(100).collect()),
            note: Set(c.note.clone()),
            revision: Set(1),
            created_by_name: Set(new.created_by_name.chars().take(201).collect()),
            created_at: Set(new.now),
            updated_at: Set(new.now),
            first_by_id: Set(None),
            first_by_name: Set(None),
            first_at: Set(None),
            second_by_id: Set(None),
            second_by_name: Set(None),
            second_at: Set(None),
            payment_id: Set(None),
            deposit_id: Set(None),
        }
        .insert(&tx)
        .await
        .repo()?;
        crate::audit::insert_on(&tx, new.audit).await?;
        let stored = one_collection(&tx, &new.id).await?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        Ok(stored)
    }

    async fn update_collection(
        &self,
        id: &str,
        revision: i32,
        count: HundiCount,
        fund_name: String,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<CollectionRecord, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let none: Option<String> = None;
        let no_time: Option<DateTime<Utc>> = None;
        let changed = collection_batches::Entity::update_many()
            .col_expr(collection_batches::Column::BoxName, Expr::value(count.box_name.clone()))
            .col_expr(collection_batches::Column::CountedOn, Expr::value(day_text(count.counted_on)))
            .col_expr(collection_batches::Column::Counts, Expr::value(counts_json(&count.counts)))
            .col_expr(collection_batches::Column::TotalCents, Expr::value(count.total.cents()))
            .col_expr(collection_batches::Column::DonationTypeId, Expr::value(count.donation_type_id.clone()))
            .col_expr(collection_batches::Column::FundName, Expr::value(fund_name.chars().take(100).collect::<String>()))
            .col_expr(collection_batches::Column::Note, Expr::value(count.note.clone()))
            .col_expr(collection_batches::Column::Revision, Expr::value(revision + 1))
            .col_expr(collection_batches::Column::UpdatedAt, Expr::value(now))
            // A changed count is confirmed afresh.
            .col_expr(collection_batches::Column::FirstById, Expr::value(none.clone()))
            .col_expr(collection_batches::Column::FirstByName, Expr::value(none))
            .col_expr(collection_batches::Column::FirstAt, Expr::value(no_time))
            .filter(collection_batches::Column::Id.eq(id))
            .filter(collection_batches::Column::Revision.eq(revision))
            .filter(collection_batches::Column::SecondAt.is_null())
            .exec(&tx)
            .await
            .repo()?;
        if changed.rows_affected == 0 {
            return Err(match one_collection(&tx, id).await? {
                None => RepoError::NotFound,
                Some(_) => conflict("the count was locked or changed meanwhile"),
            });
        }
        crate::audit::insert_on(&tx, audit).await?;
        let stored = one_collection(&tx, id).await?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(stored)
    }

    async fn delete_collection(&self, id: &str, audit: AuditEntry) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let deleted = collection_batches::Entity::delete_many()
            .filter(collection_batches::Column::Id.eq(id))
            .filter(collection_batches::Column::SecondAt.is_null())
            .exec(&tx)
            .await
            .repo()?;
        if deleted.rows_affected == 0 {
            return Err(match one_collection(&tx, id).await? {
                None => RepoError::NotFound,
                Some(_) => conflict("the count is locked"),
            });
        }
        crate::audit::insert_on(&tx, audit).await?;
        tx.commit().await.repo()
    }

    async fn confirm_collection(
        &self,
        id: &str,
        revision: i32,
        step: ConfirmStep,
        audit: AuditEntry,
    ) -> Result<CollectionRecord, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let update = collection_batches::Entity::update_many()
            .filter(collection_batches::Column::Id.eq(id))
            .filter(collection_batches::Column::Revision.eq(revision))
            .filter(collection_batches::Column::SecondAt.is_null());
        let changed = match step {
            ConfirmStep::First(by) => update
                .col_expr(collection_batches::Column::FirstById, Expr::value(by.by_id))
                .col_expr(collection_batches::Column::FirstByName, Expr::value(by.by_name.chars().take(201).collect::<String>()))
                .col_expr(collection_batches::Column::FirstAt, Expr::value(by.at))
                .filter(collection_batches::Column::FirstAt.is_null())
                .exec(&tx)
                .await
                .repo()?,
            ConfirmStep::Second(by, payment) => {
                let first = update
                    .filter(collection_batches::Column::FirstAt.is_not_null())
                    .filter(collection_batches::Column::FirstById.ne(by.by_id.clone()))
                    .col_expr(collection_batches::Column::SecondById, Expr::value(by.by_id))
                    .col_expr(collection_batches::Column::SecondByName, Expr::value(by.by_name.chars().take(201).collect::<String>()))
                    .col_expr(collection_batches::Column::SecondAt, Expr::value(by.at))
                    .col_expr(collection_batches::Column::PaymentId, Expr::value(payment.id.to_string()))
                    .exec(&tx)
                    .await
                    .repo()?;
                if first.rows_affected == 1 {
                    // The locked count enters the ledger: one anonymous payment, paid in cash.
                    let total = payment.amount;
                    let stored = insert_payment(&tx, *payment, None).await?;
                    tender_row(stored.id.as_str(), 0, &Tender::Cash { amount: total, tendered: total }).insert(&tx).await.repo()?;
                }
                first
            }
        };
        if changed.rows_affected == 0 {
            return Err(match one_collection(&tx, id).await? {
                None => RepoError::NotFound,
                Some(_) => conflict("the count was confirmed or changed meanwhile"),
            });
        }
        crate::audit::insert_on(&tx, audit).await?;
        let stored = one_collection(&tx, id).await?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(stored)
    }

    async fn open_drawer(&self) -> Result<OpenDrawer, RepoError> {
        let cash = unclosed_cash(&self.db.conn).await?;
        let last = drawer_closes::Entity::find().order_by_desc(drawer_closes::Column::ClosedAt).one(&self.db.conn).await.repo()?;
        Ok(OpenDrawer {
            expected: Money::from_cents(cash.iter().map(|t| t.amount_cents).sum()),
            sales: sales_in(&cash),
            last_close: drawers_of(&self.db.conn, last.into_iter().collect()).await?.pop(),
        })
    }

    async fn close_drawer(&self, close: NewDrawerClose) -> Result<DrawerClosed, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        if let Some(existing) = close_by_key(&tx, &close.idempotency_key).await? {
            return Ok(DrawerClosed::Existing(Box::new(existing)));
        }
        let cash = unclosed_cash(&tx).await?;
        let expected = Money::from_cents(cash.iter().map(|t| t.amount_cents).sum());
        if expected != close.expected {
            return Ok(DrawerClosed::Moved { expected });
        }
        drawer_closes::ActiveModel {
            id: Set(close.id.clone()),
            idempotency_key: Set(close.idempotency_key.clone()),
            day: Set(day_text(close.day)),
            expected_cents: Set(expected.cents()),
            counted_cents: Set(close.count.counted.cents()),
            note: Set(close.count.note.clone()),
            sales_count: Set(i32::try_from(sales_in(&cash)).unwrap_or(i32::MAX)),
            closed_by_id: Set(Some(close.by_id.clone())),
            closed_by_name: Set(close.by_name.chars().take(201).collect()),
            closed_at: Set(close.now),
            deposit_id: Set(None),
        }
        .insert(&tx)
        .await
        .repo()?;
        if !cash.is_empty() {
            payment_tenders::Entity::update_many()
                .col_expr(payment_tenders::Column::DrawerCloseId, Expr::value(close.id.clone()))
                .filter(payment_tenders::Column::Id.is_in(cash.iter().map(|t| t.id.clone())))
                .filter(payment_tenders::Column::DrawerCloseId.is_null())
                .exec(&tx)
                .await
                .repo()?;
        }
        crate::audit::insert_on(&tx, close.audit).await?;
        let row = drawer_closes::Entity::find_by_id(close.id).one(&tx).await.repo()?.ok_or(RepoError::NotFound)?;
        let stored = drawers_of(&tx, vec![row]).await?.pop().ok_or(RepoError::NotFound)?;
        match tx.commit().await.repo() {
            Ok(()) => Ok(DrawerClosed::Created(Box::new(stored))),
            // The same close sent twice at once (PostgreSQL): the first one's answer.
            Err(RepoError::Conflict(detail)) => match close_by_key(&self.db.conn, &close.idempotency_key).await? {
                Some(existing) => Ok(DrawerClosed::Existing(Box::new(existing))),
                None => Err(RepoError::Conflict(detail)),
            },
            Err(other) => Err(other),
        }
    }

    async fn drawer_closes(&self, limit: u64) -> Result<Vec<DrawerCloseRecord>, RepoError> {
        let rows =
            drawer_closes::Entity::find().order_by_desc(drawer_closes::Column::ClosedAt).limit(limit).all(&self.db.conn).await.repo()?;
        drawers_of(&self.db.conn, rows).await
    }

    async fn undeposited(&self) -> Result<Undeposited, RepoError> {
        let conn = &self.db.conn;
        let drawers = drawer_closes::Entity::find()
            .filter(drawer_closes::Column::DepositId.is_null())
            .order_by_asc(drawer_closes::Column::ClosedAt)
            .all(conn)
            .await
            .repo()?;
        let collections = collection_batches::Entity::find()
            .filter(collection_batches::Column::DepositId.is_null())
            .filter(collection_batches::Column::SecondAt.is_not_null())
            .order_by_asc(collection_batches::Column::CountedOn)
            .all(conn)
            .await
            .repo()?;
        let checks = payment_tenders::Entity::find()
            .filter(payment_tenders::Column::Method.eq("check"))
            .filter(payment_tenders::Column::DepositId.is_null())
            .filter(payment_tenders::Column::PaymentId.in_subquery(completed_of(None)))
            .all(conn)
            .await
            .repo()?;
        let mut checks = checks_of(conn, checks).await?;
        checks.sort_by_key(|c| c.received_at);
        Ok(Undeposited { drawers: drawers_of(conn, drawers).await?, collections: collections_of(conn, collections).await?, checks })
    }

    async fn create_deposit(&self, deposit: NewDeposit) -> Result<Result<DepositRecord, DepositRefused>, RepoError> {
        let id = deposit.id.clone();
        let tx = self.db.begin_write().await.repo()?;
        match insert_deposit(&tx, deposit).await? {
            Ok(()) => {}
            // Rolled back: nothing of the deposit is kept.
            Err(refused) => return Ok(Err(refused)),
        }
        let stored = deposit_on(&tx, &id).await?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        Ok(Ok(stored))
    }

    async fn deposits(&self, limit: u64) -> Result<Vec<DepositSummary>, RepoError> {
        let rows = deposits::Entity::find().order_by_desc(deposits::Column::CreatedAt).limit(limit).all(&self.db.conn).await.repo()?;
        Ok(rows.into_iter().map(summary_of).collect())
    }

    async fn deposit(&self, id: &str) -> Result<Option<DepositRecord>, RepoError> {
        deposit_on(&self.db.conn, id).await
    }

    async fn clear_deposit(&self, id: &str, at: DateTime<Utc>, by_name: String, audit: AuditEntry) -> Result<DepositRecord, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let cleared = deposits::Entity::update_many()
            .col_expr(deposits::Column::ClearedAt, Expr::value(Some(at)))
            .col_expr(deposits::Column::ClearedByName, Expr::value(Some(by_name.chars().take(201).collect::<String>())))
            .filter(deposits::Column::Id.eq(id))
            .filter(deposits::Column::ClearedAt.is_null())
            .exec(&tx)
            .await
            .repo()?;
        if cleared.rows_affected == 0 {
            return Err(match deposits::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()? {
                None => RepoError::NotFound,
                Some(_) => conflict("the deposit is cleared already"),
            });
        }
        crate::audit::insert_on(&tx, audit).await?;
        let stored = deposit_on(&tx, id).await?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        Ok(stored)
    }

    async fn delete_deposit(&self, id: &str, audit: AuditEntry) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let deleted = deposits::Entity::delete_many()
            .filter(deposits::Column::Id.eq(id))
            .filter(deposits::Column::ClearedAt.is_null())
            .exec(&tx)
            .await
            .repo()?;
        if deleted.rows_affected == 0 {
            return Err(match deposits::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()? {
                None => RepoError::NotFound,
                Some(_) => conflict("the deposit is cleared"),
            });
        }
        let none: Option<String> = None;
        drawer_closes::Entity::update_many()
            .col_expr(drawer_closes::Column::DepositId, Expr::value(none.clone()))
            .filter(drawer_closes::Column::DepositId.eq(id))
            .exec(&tx)
            .await
            .repo()?;
        collection_batches::Entity::update_many()
            .col_expr(collection_batches::Column::DepositId, Expr::value(none.clone()))
            .filter(collection_batches::Column::DepositId.eq(id))
            .exec(&tx)
            .await
            .repo()?;
        payment_tenders::Entity::update_many()
            .col_expr(payment_tenders::Column::DepositId, Expr::value(none))
            .filter(payment_tenders::Column::DepositId.eq(id))
            .exec(&tx)
            .await
            .repo()?;
        crate::audit::insert_on(&tx, audit).await?;
        tx.commit().await.repo()
    }

    async fn deposits_on(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<u64, RepoError> {
        deposits::Entity::find()
            .filter(deposits::Column::CreatedAt.gte(from))
            .filter(deposits::Column::CreatedAt.lt(to))
            .count(&self.db.conn)
            .await
            .repo()
    }

    async fn day_activity(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<DayActivity, RepoError> {
        let conn = &self.db.conn;
        let rows = payments::Entity::find()
            .filter(payments::Column::PaymentDate.gte(from))
            .filter(payments::Column::PaymentDate.lt(to))
            .filter(payments::Column::Status.eq(PaymentStatus::Completed.as_str()))
            .order_by_asc(payments::Column::PaymentDate)
            .all(conn)
            .await
            .repo()?;
        let ids: Vec<String> = rows.iter().map(|p| p.id.clone()).collect();
        let mut tenders: HashMap<String, Vec<Tender>> = HashMap::new();
        for chunk in ids.chunks(500) {
            let found = payment_tenders::Entity::find()
                .filter(payment_tenders::Column::PaymentId.is_in(chunk.to_vec()))
                .order_by_asc(payment_tenders::Column::Position)
                .all(conn)
                .await
                .repo()?;
            for t in found {
                tenders.entry(t.payment_id.clone()).or_default().push(tender_of(t)?);
            }
        }
        let payments = rows
            .into_iter()
            .map(|m| {
                let parts = tenders.remove(&m.id).unwrap_or_default();
                to_domain(m).map(|p| (p, parts))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let bookings = seva_bookings::Entity::find()
            .filter(seva_bookings::Column::CreatedAt.gte(from))
            .filter(seva_bookings::Column::CreatedAt.lt(to))
            .filter(
                Condition::any()
                    .add(seva_bookings::Column::Status.eq(BookingStatus::Confirmed.as_str()))
                    .add(seva_bookings::Column::Status.eq(BookingStatus::Completed.as_str()))
                    .add(seva_bookings::Column::Status.eq(BookingStatus::Held.as_str())),
            )
            .order_by_asc(seva_bookings::Column::SevaName)
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|b| {
                Ok(BookedSeva {
                    seva_name: b.seva_name,
                    date: day_of(&b.date)?,
                    amount: Money::from_cents(b.amount_cents),
                    paid: b.status != BookingStatus::Held.as_str() && (b.payment_id.is_some() || b.amount_cents == 0),
                })
            })
            .collect::<Result<Vec<_>, RepoError>>()?;
        Ok(DayActivity { payments, bookings })
    }
}

/// The deposit that holds a payment's money: one of its checks, its cash through a closed drawer,
/// or the hundi count it records.
pub(crate) async fn deposit_of_payment<C: ConnectionTrait>(conn: &C, payment_id: &str) -> Result<Option<DepositRef>, RepoError> {
    let tenders = payment_tenders::Entity::find().filter(payment_tenders::Column::PaymentId.eq(payment_id)).all(conn).await.repo()?;
    let mut ids: Vec<String> = tenders.iter().filter_map(|t| t.deposit_id.clone()).collect();
    let closes: Vec<String> = tenders.iter().filter_map(|t| t.drawer_close_id.clone()).collect();
    if !closes.is_empty() {
        let rows = drawer_closes::Entity::find().filter(drawer_closes::Column::Id.is_in(closes)).all(conn).await.repo()?;
        ids.extend(rows.into_iter().filter_map(|r| r.deposit_id));
    }
    let batch = collection_batches::Entity::find().filter(collection_batches::Column::PaymentId.eq(payment_id)).one(conn).await.repo()?;
    ids.extend(batch.and_then(|b| b.deposit_id));
    let refs = deposit_refs(conn, ids.iter().cloned()).await?;
    // A cleared deposit first: it is the one that freezes the payment.
    let mut found: Vec<DepositRef> = refs.into_values().collect();
    found.sort_by_key(|r| !r.cleared);
    Ok(found.into_iter().next())
}

//! Recurring gifts (ADR 0136): the gift with its schedule and saved card, each charge attempt
//! (a payment of the ledger, stored with its `recurring_charges` row in one transaction), and the
//! e-mails the gifts owe (`recurring_gift_emails`, sent through the shared outbox mechanics).

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{
    FinishedCharge, GiftEmail, GiftEmailKind, GiftEmailNew, GiftUpdate, NewPayment, NewRecurringGift, RecurringGiftRepository, RepoError,
    StatusChange,
};
use mandir_domain::payment::{Payment, PaymentStatus};
use mandir_domain::recurring_gift::{
    CardOnFile, Frequency, GiftCharge, GiftStatus, PausedBy, RECENT_CHARGES, ReceiptChoice, RecurringGift,
};
use mandir_domain::{FundId, Money, PaymentId, UserId};
use sea_orm::sea_query::{Condition, Expr, OnConflict};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{funds, payments, recurring_charges, recurring_gift_emails, recurring_gifts};
use crate::error::MapDbErr;
use crate::outbox;
use crate::payments::{change_status_owing, find_one, insert_payment};

#[derive(Debug, Clone)]
pub struct SeaOrmRecurringGiftRepository {
    db: Database,
}

impl SeaOrmRecurringGiftRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn bad_row(id: &str, what: &str) -> RepoError {
    RepoError::unexpected(format!("recurring gift {id} has an unreadable {what}"))
}

fn to_domain(m: recurring_gifts::Model, fund_name: String, charges: Vec<GiftCharge>) -> Result<RecurringGift, RepoError> {
    let frequency = Frequency::parse(&m.frequency).ok_or_else(|| bad_row(&m.id, "frequency"))?;
    let status = GiftStatus::parse(&m.status).ok_or_else(|| bad_row(&m.id, "status"))?;
    let receipts = ReceiptChoice::parse(&m.receipts).ok_or_else(|| bad_row(&m.id, "receipt choice"))?;
    let paused_by = m.paused_by.as_deref().map(|p| PausedBy::parse(p).ok_or_else(|| bad_row(&m.id, "pause"))).transpose()?;
    let card = match (m.card_brand, m.card_last4, m.card_exp_month, m.card_exp_year) {
        (Some(brand), Some(last4), Some(month), Some(year)) => {
            Some(CardOnFile { brand, last4, exp_month: u32::try_from(month).unwrap_or_default(), exp_year: year })
        }
        _ => None,
    };
    Ok(RecurringGift {
        user_id: m.user_id.map(UserId::from),
        donor_name: m.donor_name,
        donor_email: m.donor_email,
        amount: Money::from_cents(m.amount_cents),
        fund_id: FundId::new(m.fund_id),
        fund_name,
        frequency,
        anchor_day: u32::try_from(m.anchor_day).unwrap_or(1),
        start_on: m.start_on,
        next_charge_on: m.next_charge_on,
        retry_on: m.retry_on,
        status,
        paused_by,
        failures: u32::try_from(m.failures).unwrap_or_default(),
        last_error: m.last_error,
        receipts,
        provider: m.provider,
        customer_id: m.customer_id,
        payment_method_id: m.payment_method_id,
        card,
        setup_intent_id: m.setup_intent_id,
        setup_secret_hash: m.setup_secret_hash,
        created_at: m.created_at,
        updated_at: m.updated_at,
        paused_at: m.paused_at,
        canceled_at: m.canceled_at,
        charges,
        id: m.id,
    })
}

/// The gifts' views: each with its fund's name and, when `with_charges`, its recent charges.
async fn views<C: ConnectionTrait>(
    conn: &C,
    models: Vec<recurring_gifts::Model>,
    with_charges: bool,
) -> Result<Vec<RecurringGift>, RepoError> {
    if models.is_empty() {
        return Ok(Vec::new());
    }
    let fund_ids: Vec<String> = models.iter().map(|m| m.fund_id.clone()).collect();
    let names: HashMap<String, String> = funds::Entity::find()
        .select_only()
        .column(funds::Column::Id)
        .column(funds::Column::Name)
        .filter(funds::Column::Id.is_in(fund_ids))
        .into_tuple::<(String, String)>()
        .all(conn)
        .await
        .repo()?
        .into_iter()
        .collect();
    let mut charges: HashMap<String, Vec<GiftCharge>> = HashMap::new();
    if with_charges {
        for m in &models {
            charges.insert(m.id.clone(), charges_of(conn, &m.id).await?);
        }
    }
    models
        .into_iter()
        .map(|m| {
            let name = names.get(&m.fund_id).cloned().unwrap_or_else(|| m.fund_id.clone());
            let list = charges.remove(&m.id).unwrap_or_default();
            to_domain(m, name, list)
        })
        .collect()
}

async fn charges_of<C: ConnectionTrait>(conn: &C, gift_id: &str) -> Result<Vec<GiftCharge>, RepoError> {
    let rows = recurring_charges::Entity::find()
        .filter(recurring_charges::Column::GiftId.eq(gift_id))
        .order_by_desc(recurring_charges::Column::CreatedAt)
        .order_by_desc(recurring_charges::Column::Attempt)
        .limit(RECENT_CHARGES)
        .all(conn)
        .await
        .repo()?;
    let ids: Vec<String> = rows.iter().map(|r| r.payment_id.clone()).collect();
    let payments: HashMap<String, payments::Model> = payments::Entity::find()
        .filter(payments::Column::Id.is_in(ids))
        .all(conn)
        .await
        .repo()?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let p = payments.get(&r.payment_id)?;
            Some(GiftCharge {
                payment_id: PaymentId::from(r.payment_id.clone()),
                receipt_number: p.receipt_number.clone().unwrap_or_default(),
                amount: Money::from_cents(p.amount_cents),
                status: p.status.clone(),
                charged_at: p.created_at,
                period_on: r.period_on,
            })
        })
        .collect())
}

async fn find_view<C: ConnectionTrait>(conn: &C, id: &str) -> Result<Option<RecurringGift>, RepoError> {
    let Some(model) = recurring_gifts::Entity::find_by_id(id.to_owned()).one(conn).await.repo()? else {
        return Ok(None);
    };
    Ok(views(conn, vec![model], true).await?.pop())
}

fn to_i32(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

async fn add_email<C: ConnectionTrait>(conn: &C, gift_id: &str, email: GiftEmailNew, now: DateTime<Utc>) -> Result<(), RepoError> {
    let row = recurring_gift_emails::ActiveModel {
        id: Set(email.id),
        gift_id: Set(gift_id.to_owned()),
        kind: Set(email.kind.as_str().to_owned()),
        detail: Set(email.detail.map(|d| d.chars().take(300).collect())),
        created_at: Set(now),
        claimed_until: Set(None),
        attempts: Set(0),
        sent_at: Set(None),
        last_error: Set(None),
    };
    recurring_gift_emails::Entity::insert(row)
        .on_conflict(OnConflict::column(recurring_gift_emails::Column::Id).do_nothing().to_owned())
        .exec_without_returning(conn)
        .await
        .repo()?;
    Ok(())
}

/// Applies `update` to the gift's row (only if `guard` still holds), and writes its e-mail.
/// Whether the row changed.
async fn apply<C: ConnectionTrait>(
    conn: &C,
    id: &str,
    update: GiftUpdate,
    guard: Option<(NaiveDate, u32)>,
    now: DateTime<Utc>,
) -> Result<bool, RepoError> {
    let mut query = recurring_gifts::Entity::update_many().col_expr(recurring_gifts::Column::UpdatedAt, Expr::value(now));
    macro_rules! set {
        ($field:expr, $column:ident, $map:expr) => {
            if let Some(value) = $field {
                query = query.col_expr(recurring_gifts::Column::$column, Expr::value($map(value)));
            }
        };
    }
    set!(update.status, Status, |s: GiftStatus| s.as_str().to_owned());
    set!(update.paused_by, PausedBy, |p: Option<PausedBy>| p.map(|p| p.as_str().to_owned()));
    set!(update.paused_at, PausedAt, |p: Option<DateTime<Utc>>| p);
    set!(update.canceled_at, CanceledAt, Some);
    set!(update.amount, AmountCents, |a: Money| a.cents());
    set!(update.fund_id, FundId, |f: FundId| f.as_str().to_owned());
    set!(update.frequency, Frequency, |f: Frequency| f.as_str().to_owned());
    set!(update.anchor_day, AnchorDay, to_i32);
    set!(update.next_charge_on, NextChargeOn, |d: NaiveDate| d);
    set!(update.retry_on, RetryOn, |d: Option<NaiveDate>| d);
    set!(update.failures, Failures, to_i32);
    set!(update.last_error, LastError, |e: Option<String>| e.map(|e| e.chars().take(300).collect::<String>()));
    set!(update.receipts, Receipts, |r: ReceiptChoice| r.as_str().to_owned());
    set!(update.customer_id, CustomerId, Some);
    if let Some((payment_method, card)) = update.card {
        query = query
            .col_expr(recurring_gifts::Column::PaymentMethodId, Expr::value(Some(payment_method)))
            .col_expr(recurring_gifts::Column::CardBrand, Expr::value(Some(card.brand)))
            .col_expr(recurring_gifts::Column::CardLast4, Expr::value(Some(card.last4)))
            .col_expr(recurring_gifts::Column::CardExpMonth, Expr::value(Some(to_i32(card.exp_month))))
            .col_expr(recurring_gifts::Column::CardExpYear, Expr::value(Some(card.exp_year)));
    }
    if let Some((setup_id, secret_hash)) = update.setup {
        query = query
            .col_expr(recurring_gifts::Column::SetupIntentId, Expr::value(Some(setup_id)))
            .col_expr(recurring_gifts::Column::SetupSecretHash, Expr::value(Some(secret_hash)));
    }
    let mut filter = Condition::all().add(recurring_gifts::Column::Id.eq(id));
    if let Some((period_on, failures)) = guard {
        filter =
            filter.add(recurring_gifts::Column::NextChargeOn.eq(period_on)).add(recurring_gifts::Column::Failures.eq(to_i32(failures)));
    }
    let changed = query.filter(filter).exec(conn).await.repo()?.rows_affected > 0;
    if changed && let Some(email) = update.email {
        add_email(conn, id, email, now).await?;
    }
    Ok(changed)
}

#[async_trait]
impl RecurringGiftRepository for SeaOrmRecurringGiftRepository {
    async fn create(&self, g: NewRecurringGift) -> Result<RecurringGift, RepoError> {
        let model = recurring_gifts::ActiveModel {
            id: Set(g.id.clone()),
            user_id: Set(g.user_id.map(Into::into)),
            donor_name: Set(g.donor_name.chars().take(200).collect()),
            donor_email: Set(g.donor_email),
            amount_cents: Set(g.terms.amount.cents()),
            fund_id: Set(g.terms.fund_id.as_str().to_owned()),
            frequency: Set(g.terms.frequency.as_str().to_owned()),
            anchor_day: Set(to_i32(chrono::Datelike::day(&g.terms.start_on))),
            start_on: Set(g.terms.start_on),
            next_charge_on: Set(g.terms.start_on),
            retry_on: Set(None),
            status: Set(GiftStatus::Setup.as_str().to_owned()),
            paused_by: Set(None),
            failures: Set(0),
            last_error: Set(None),
            receipts: Set(g.terms.receipts.as_str().to_owned()),
            provider: Set(g.provider),
            customer_id: Set(Some(g.customer_id)),
            payment_method_id: Set(None),
            card_brand: Set(None),
            card_last4: Set(None),
            card_exp_month: Set(None),
            card_exp_year: Set(None),
            setup_intent_id: Set(Some(g.setup_intent_id)),
            setup_secret_hash: Set(Some(g.setup_secret_hash)),
            idempotency_key: Set(g.idempotency_key),
            created_at: Set(g.now),
            updated_at: Set(g.now),
            paused_at: Set(None),
            canceled_at: Set(None),
        };
        let tx = self.db.begin_write().await.repo()?;
        model.insert(&tx).await.repo()?;
        tx.commit().await.repo()?;
        find_view(&self.db.conn, &g.id).await?.ok_or(RepoError::NotFound)
    }

    async fn find(&self, id: &str) -> Result<Option<RecurringGift>, RepoError> {
        find_view(&self.db.conn, id).await
    }

    async fn find_by_key(&self, key: &str) -> Result<Option<RecurringGift>, RepoError> {
        let model =
            recurring_gifts::Entity::find().filter(recurring_gifts::Column::IdempotencyKey.eq(key)).one(&self.db.conn).await.repo()?;
        Ok(views(&self.db.conn, model.into_iter().collect(), true).await?.pop())
    }

    async fn of_user(&self, user_id: &UserId) -> Result<Vec<RecurringGift>, RepoError> {
        let models = recurring_gifts::Entity::find()
            .filter(recurring_gifts::Column::UserId.eq(user_id.as_str()))
            .filter(recurring_gifts::Column::Status.ne(GiftStatus::Setup.as_str()))
            .order_by_desc(recurring_gifts::Column::CreatedAt)
            .order_by_desc(recurring_gifts::Column::Id)
            .limit(100)
            .all(&self.db.conn)
            .await
            .repo()?;
        views(&self.db.conn, models, true).await
    }

    async fn list(&self, status: Option<GiftStatus>, limit: u64) -> Result<Vec<RecurringGift>, RepoError> {
        let mut query = recurring_gifts::Entity::find();
        if let Some(status) = status {
            query = query.filter(recurring_gifts::Column::Status.eq(status.as_str()));
        }
        let models = query
            .order_by_desc(recurring_gifts::Column::UpdatedAt)
            .order_by_desc(recurring_gifts::Column::Id)
            .limit(limit)
            .all(&self.db.conn)
            .await
            .repo()?;
        views(&self.db.conn, models, false).await
    }

    async fn due(&self, today: NaiveDate, after: Option<String>, limit: u64) -> Result<Vec<String>, RepoError> {
        let due = Condition::any()
            .add(Condition::all().add(recurring_gifts::Column::RetryOn.is_null()).add(recurring_gifts::Column::NextChargeOn.lte(today)))
            .add(recurring_gifts::Column::RetryOn.lte(today));
        let mut query = recurring_gifts::Entity::find()
            .select_only()
            .column(recurring_gifts::Column::Id)
            .filter(recurring_gifts::Column::Status.eq(GiftStatus::Active.as_str()))
            .filter(recurring_gifts::Column::PaymentMethodId.is_not_null())
            .filter(due);
        if let Some(after) = after {
            query = query.filter(recurring_gifts::Column::Id.gt(after));
        }
        query.order_by_asc(recurring_gifts::Column::Id).limit(limit).into_tuple().all(&self.db.conn).await.repo()
    }

    async fn update(&self, id: &str, update: GiftUpdate, now: DateTime<Utc>) -> Result<RecurringGift, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        if !apply(&tx, id, update, None, now).await? {
            return Err(RepoError::NotFound);
        }
        tx.commit().await.repo()?;
        find_view(&self.db.conn, id).await?.ok_or(RepoError::NotFound)
    }

    async fn start_charge(&self, gift_id: &str, payment: NewPayment, period_on: NaiveDate, attempt: u32) -> Result<Payment, RepoError> {
        let key = payment.idempotency_key.clone().unwrap_or_default();
        let now = payment.now;
        let tx = self.db.begin_write().await.repo()?;
        let stored = match insert_payment(&tx, payment, None).await {
            Ok(stored) => stored,
            Err(RepoError::Conflict(_)) => {
                drop(tx);
                // The key's payment (a repeated step), or a receipt number drawn twice: drawn again.
                return find_one(&self.db.conn, payments::Column::IdempotencyKey, &key)
                    .await?
                    .ok_or_else(|| RepoError::Conflict("receipt number taken".to_owned()));
            }
            Err(other) => return Err(other),
        };
        recurring_charges::ActiveModel {
            payment_id: Set(stored.id.to_string()),
            gift_id: Set(gift_id.to_owned()),
            period_on: Set(period_on),
            attempt: Set(to_i32(attempt)),
            created_at: Set(now),
        }
        .into_active_model()
        .insert(&tx)
        .await
        .repo()?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(stored)
    }

    async fn finish_charge(&self, f: FinishedCharge) -> Result<RecurringGift, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let payment_id = f.payment_id.to_string();
        if let Some(transaction_id) = &f.transaction_id {
            payments::Entity::update_many()
                .col_expr(payments::Column::TransactionId, Expr::value(Some(transaction_id.clone())))
                .filter(payments::Column::Id.eq(payment_id.as_str()))
                .filter(payments::Column::TransactionId.is_null())
                .exec(&tx)
                .await
                .repo()?;
        }
        if let Some(to) = f.payment_status {
            let change = StatusChange { to, allowed_from: vec![PaymentStatus::Pending] };
            change_status_owing(&tx, (payments::Column::Id, &payment_id), &change, f.now, f.receipt).await?;
        }
        let changed = apply(&tx, &f.gift_id, f.gift, Some((f.period_on, f.failures_before)), f.now).await?;
        if !changed {
            tracing::info!(gift = %f.gift_id, "the gift changed while it was charged; its charge is recorded, its schedule kept");
        }
        tx.commit().await.repo()?;
        self.db.payments_changed();
        find_view(&self.db.conn, &f.gift_id).await?.ok_or(RepoError::NotFound)
    }

    async fn period_charges(&self, gift_id: &str, period_on: NaiveDate) -> Result<Vec<(Payment, u32)>, RepoError> {
        let rows = recurring_charges::Entity::find()
            .filter(recurring_charges::Column::GiftId.eq(gift_id))
            .filter(recurring_charges::Column::PeriodOn.eq(period_on))
            .order_by_asc(recurring_charges::Column::Attempt)
            .all(&self.db.conn)
            .await
            .repo()?;
        let mut charges = Vec::with_capacity(rows.len());
        for row in rows {
            if let Some(payment) = find_one(&self.db.conn, payments::Column::Id, &row.payment_id).await? {
                charges.push((payment, u32::try_from(row.attempt).unwrap_or_default()));
            }
        }
        Ok(charges)
    }

    async fn gift_of_payment(&self, payment_id: &PaymentId) -> Result<Option<String>, RepoError> {
        recurring_charges::Entity::find_by_id(payment_id.to_string())
            .select_only()
            .column(recurring_charges::Column::GiftId)
            .into_tuple()
            .one(&self.db.conn)
            .await
            .repo()
    }
}

fn email_to_domain(m: recurring_gift_emails::Model) -> Result<GiftEmail, RepoError> {
    let kind = GiftEmailKind::parse(&m.kind).ok_or_else(|| RepoError::unexpected(format!("gift e-mail {} has an unknown kind", m.id)))?;
    Ok(GiftEmail {
        id: m.id,
        gift_id: m.gift_id,
        kind,
        detail: m.detail,
        created_at: m.created_at,
        attempts: m.attempts,
        sent_at: m.sent_at,
        last_error: m.last_error,
    })
}

outbox::outbox_port!(SeaOrmRecurringGiftRepository, recurring_gift_emails, GiftEmail, email_to_domain);

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{
    EventFilter, NewPayment, PaymentFilter, PaymentRepository, RepoError, StatusChange, WebhookOutcome, WebhookRecord,
};
use mandir_domain::Money;
use mandir_domain::PaymentId;
use mandir_domain::counter::Channel;
use mandir_domain::payment::{self, Payment, PaymentMethodKind, PaymentProvider, PaymentStatus};
use sea_orm::sea_query::{Expr, ExprTrait, Func, Query};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set, TryInsertResult};

use crate::entities::{donors, payments, processed_webhook_events};
use crate::error::MapDbErr;
use crate::{Database, donation_details, funds, receipts};

/// Payments and the provider events already applied to them. Status changes are
/// compare-and-set updates, so two concurrent changes cannot both apply; the change that
/// completes a payment adds its receipt e-mail in the same transaction (ADR 0091).
#[derive(Debug, Clone)]
pub struct SeaOrmPaymentRepository {
    db: Database,
}

impl SeaOrmPaymentRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn corrupt(what: &str, value: &str) -> RepoError {
    RepoError::unexpected(format!("stored payment has an unknown {what} {value:?}"))
}

pub(crate) fn to_domain(m: payments::Model) -> Result<Payment, RepoError> {
    Ok(Payment {
        method: PaymentMethodKind::parse(&m.payment_method).ok_or_else(|| corrupt("method", &m.payment_method))?,
        status: PaymentStatus::parse(&m.status).ok_or_else(|| corrupt("status", &m.status))?,
        provider: PaymentProvider::parse(&m.provider).ok_or_else(|| corrupt("provider", &m.provider))?,
        donation_details: donation_details::from_json(&m.donation_details),
        amount: Money::from_cents(m.amount_cents),
        id: m.id.into(),
        event_id: m.event_id.map(Into::into),
        event_name: m.event_name,
        user_id: m.user_id.map(Into::into),
        payment_date: m.payment_date,
        transaction_id: m.transaction_id,
        client_secret_hash: m.client_secret_hash,
        receipt_url: m.receipt_url,
        receipt_number: m.receipt_number,
        idempotency_key: m.idempotency_key,
        donor_name: m.donor_name,
        donor_email: m.donor_email,
        donor_address: m.donor_address,
        in_honor_of: m.in_honor_of,
        notes: m.notes,
        refunded_amount: Money::from_cents(m.refunded_cents),
        channel: Channel::parse(&m.channel).ok_or_else(|| corrupt("channel", &m.channel))?,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

/// Caps a text to a column's width (in characters).
fn capped(text: Option<String>, max: usize) -> Option<String> {
    text.map(|t| if t.chars().count() > max { t.chars().take(max).collect() } else { t })
}

fn statuses(list: &[PaymentStatus]) -> Vec<&'static str> {
    list.iter().map(|s| s.as_str()).collect()
}

pub(crate) async fn find_one<C: ConnectionTrait>(conn: &C, column: payments::Column, value: &str) -> Result<Option<Payment>, RepoError> {
    payments::Entity::find().filter(column.eq(value)).one(conn).await.repo()?.map(to_domain).transpose()
}

/// Applies a guarded status change to the payments matching `target`; the rows changed.
async fn guarded_update<C: ConnectionTrait>(
    conn: &C,
    target: (payments::Column, &str),
    change: &StatusChange,
    now: DateTime<Utc>,
) -> Result<u64, RepoError> {
    if change.allowed_from.is_empty() {
        return Ok(0);
    }
    let result = payments::Entity::update_many()
        .col_expr(payments::Column::Status, Expr::value(change.to.as_str()))
        .col_expr(payments::Column::UpdatedAt, Expr::value(now))
        .filter(target.0.eq(target.1))
        .filter(payments::Column::Status.is_in(statuses(&change.allowed_from)))
        .exec(conn)
        .await
        .repo()?;
    Ok(result.rows_affected)
}

/// Applies a guarded status change to the payment matching `target` and reads it back, in the
/// caller's transaction: whether it changed, and the payment as it is now. A change to
/// `completed` owes the payment's receipt, written in the same transaction
/// (docs/decisions/0091-receipt-emails-exactly-once.md), whoever made the change.
pub(crate) async fn change_status<C: ConnectionTrait>(
    conn: &C,
    target: (payments::Column, &str),
    change: &StatusChange,
    now: DateTime<Utc>,
) -> Result<(bool, Option<Payment>), RepoError> {
    change_status_owing(conn, target, change, now, true).await
}

/// [`change_status`], with the receipt e-mail only when `receipt` (a recurring gift's charge whose
/// donor chose "statement only" owes none: the year-end statement acknowledges it).
pub(crate) async fn change_status_owing<C: ConnectionTrait>(
    conn: &C,
    target: (payments::Column, &str),
    change: &StatusChange,
    now: DateTime<Utc>,
    receipt: bool,
) -> Result<(bool, Option<Payment>), RepoError> {
    let changed = guarded_update(conn, target, change, now).await? > 0;
    let payment = find_one(conn, target.0, target.1).await?;
    if changed
        && receipt
        && let Some(completed) = payment.as_ref().filter(|p| p.status == PaymentStatus::Completed)
    {
        receipts::enqueue_completed(conn, &completed.id, now).await?;
    }
    Ok((changed, payment))
}

/// Inserts a payment on `conn` (a transaction of the caller's, or the pool); `donor_id` names the
/// walk-in donor record of a counter sale.
/// Each line gets its fund, and `payment_funds` its rows: call it inside a transaction.
pub(crate) async fn insert_payment<C: ConnectionTrait>(
    conn: &C,
    mut p: NewPayment,
    donor_id: Option<String>,
) -> Result<Payment, RepoError> {
    funds::assign_funds(conn, &mut p.donation_details).await?;
    let payment_id = p.id.to_string();
    let model = payments::ActiveModel {
        id: Set(p.id.into()),
        event_id: Set(p.event_id.map(Into::into)),
        event_name: Set(capped(p.event_name, 200)),
        user_id: Set(p.user_id.map(Into::into)),
        payment_date: Set(p.now),
        payment_method: Set(p.method.as_str().to_owned()),
        amount_cents: Set(p.amount.cents()),
        currency: Set(payment::CURRENCY.to_owned()),
        status: Set(p.status.as_str().to_owned()),
        provider: Set(p.provider.as_str().to_owned()),
        transaction_id: Set(p.transaction_id),
        client_secret_hash: Set(p.client_secret_hash),
        donation_details: Set(donation_details::to_json(&p.donation_details)),
        receipt_url: Set(None),
        receipt_number: Set(Some(p.receipt_number)),
        idempotency_key: Set(p.idempotency_key),
        donor_name: Set(capped(p.donor_name, 200)),
        donor_email: Set(capped(p.donor_email, 254)),
        notes: Set(p.notes),
        donor_address: Set(capped(p.donor_address, 500)),
        in_honor_of: Set(capped(p.in_honor_of, 200)),
        refunded_cents: Set(0),
        channel: Set(p.channel.as_str().to_owned()),
        donor_id: Set(donor_id),
        created_at: Set(p.now),
        updated_at: Set(p.now),
    }
    .insert(conn)
    .await
    .repo()?;
    let payment = to_domain(model)?;
    funds::record_payment_funds(conn, &payment_id, payment.amount, &payment.donation_details).await?;
    Ok(payment)
}

#[async_trait]
impl PaymentRepository for SeaOrmPaymentRepository {
    async fn create(&self, p: NewPayment) -> Result<Payment, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let payment = insert_payment(&tx, p, None).await?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(payment)
    }

    async fn find_by_id(&self, id: &PaymentId) -> Result<Option<Payment>, RepoError> {
        find_one(&self.db.conn, payments::Column::Id, id).await
    }

    async fn find_by_transaction_id(&self, transaction_id: &str) -> Result<Option<Payment>, RepoError> {
        find_one(&self.db.conn, payments::Column::TransactionId, transaction_id).await
    }

    async fn find_by_idempotency_key(&self, key: &str) -> Result<Option<Payment>, RepoError> {
        find_one(&self.db.conn, payments::Column::IdempotencyKey, key).await
    }

    async fn find_by_receipt_number(&self, receipt_number: &str) -> Result<Option<Payment>, RepoError> {
        find_one(&self.db.conn, payments::Column::ReceiptNumber, receipt_number).await
    }

    async fn donor_phone(&self, id: &PaymentId) -> Result<Option<String>, RepoError> {
        let phone: Option<Option<String>> = donors::Entity::find()
            .select_only()
            .column(donors::Column::Phone)
            .filter(
                donors::Column::Id.in_subquery(
                    Query::select()
                        .column(payments::Column::DonorId)
                        .from(payments::Entity)
                        .and_where(payments::Column::Id.eq(id.as_str()))
                        .to_owned(),
                ),
            )
            .into_tuple()
            .one(&self.db.conn)
            .await
            .repo()?;
        Ok(phone.flatten())
    }

    async fn update_status(&self, id: &PaymentId, change: StatusChange, now: DateTime<Utc>) -> Result<Option<Payment>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let (changed, current) = change_status(&tx, (payments::Column::Id, id), &change, now).await?;
        let current = current.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(changed.then_some(current))
    }

    async fn list(&self, filter: PaymentFilter) -> Result<Vec<Payment>, RepoError> {
        let mut query = payments::Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(payments::Column::Status.eq(status.as_str()));
        }
        if let Some(method) = filter.method {
            query = query.filter(payments::Column::PaymentMethod.eq(method.as_str()));
        }
        match filter.event {
            None => {}
            Some(EventFilter::Direct) => query = query.filter(payments::Column::EventId.is_null()),
            Some(EventFilter::Event(id)) => query = query.filter(payments::Column::EventId.eq(id.as_str())),
        }
        if let Some(user_id) = filter.user_id {
            query = query.filter(payments::Column::UserId.eq(user_id.as_str()));
        }
        if let Some(users) = filter.users {
            query = query.filter(payments::Column::UserId.is_in(users.iter().map(|u| u.as_str().to_owned())));
        }
        if let Some(donor_id) = filter.donor_id {
            query = query.filter(payments::Column::DonorId.eq(donor_id));
        }
        if let Some(from) = filter.from {
            query = query.filter(payments::Column::PaymentDate.gte(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(payments::Column::PaymentDate.lte(to));
        }
        let rows = query
            .order_by_desc(payments::Column::PaymentDate)
            .order_by_desc(payments::Column::CreatedAt)
            .order_by_asc(payments::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        rows.into_iter().map(to_domain).collect()
    }

    async fn pending_card_payments(
        &self,
        created_before: DateTime<Utc>,
        after: Option<PaymentId>,
        limit: u64,
    ) -> Result<Vec<PaymentId>, RepoError> {
        let card_providers = [PaymentProvider::Sandbox, PaymentProvider::Stripe].map(PaymentProvider::as_str);
        let mut query = payments::Entity::find()
            .filter(payments::Column::Status.eq(PaymentStatus::Pending.as_str()))
            .filter(payments::Column::Provider.is_in(card_providers))
            .filter(payments::Column::CreatedAt.lt(created_before));
        if let Some(after) = after {
            query = query.filter(payments::Column::Id.gt(after.as_str()));
        }
        let rows = query.order_by_asc(payments::Column::Id).limit(limit).all(&self.db.conn).await.repo()?;
        Ok(rows.into_iter().map(|row| PaymentId::from(row.id)).collect())
    }

    async fn apply_webhook_event(&self, record: WebhookRecord) -> Result<WebhookOutcome, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let seen = processed_webhook_events::ActiveModel {
            id: Set(record.event_id.clone()),
            event_type: Set(record.event_type.chars().take(100).collect()),
            processed_at: Set(record.now),
        };
        // A concurrent delivery of the same event waits on the key, then inserts nothing.
        let inserted = processed_webhook_events::Entity::insert(seen).on_conflict_do_nothing().exec_without_returning(&tx).await.repo()?;
        if matches!(inserted, TryInsertResult::Conflicted | TryInsertResult::Empty | TryInsertResult::Inserted(0)) {
            tx.rollback().await.repo()?;
            return Ok(WebhookOutcome::AlreadyProcessed);
        }
        // A refund reported by the provider: its whole refunded amount, recorded when it is more
        // than what the payment has (never more than the payment).
        let refunded = match (&record.transaction_id, record.refunded) {
            (Some(transaction_id), Some(amount)) => {
                // The refunded amount before, for the dated refund the books read.
                let before = payments::Entity::find()
                    .filter(payments::Column::TransactionId.eq(transaction_id.as_str()))
                    .one(&tx)
                    .await
                    .repo()?
                    .map(|p| (p.id, p.refunded_cents));
                let raised = payments::Entity::update_many()
                    .col_expr(payments::Column::RefundedCents, Expr::value(amount.cents()))
                    .col_expr(payments::Column::UpdatedAt, Expr::value(record.now))
                    .filter(payments::Column::TransactionId.eq(transaction_id.as_str()))
                    .filter(payments::Column::Status.is_in(statuses(&[PaymentStatus::Completed, PaymentStatus::Refunded])))
                    .filter(payments::Column::RefundedCents.lt(amount.cents()))
                    .filter(payments::Column::AmountCents.gte(amount.cents()))
                    .exec(&tx)
                    .await
                    .repo()?
                    .rows_affected
                    > 0;
                if let (true, Some((id, before))) = (raised, before) {
                    crate::accounting::record_refund(&tx, &id, before, amount.cents(), record.now).await?;
                }
                raised
            }
            _ => false,
        };
        let changed = match (&record.transaction_id, &record.change) {
            (Some(transaction_id), Some(change)) => {
                change_status(&tx, (payments::Column::TransactionId, transaction_id), change, record.now).await?.0
            }
            _ => false,
        };
        let outcome = match &record.transaction_id {
            Some(transaction_id) if changed || refunded => match find_one(&tx, payments::Column::TransactionId, transaction_id).await? {
                Some(payment) => WebhookOutcome::Applied(Box::new(payment)),
                None => WebhookOutcome::Unchanged,
            },
            _ => WebhookOutcome::Unchanged,
        };
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(outcome)
    }
}

/// Links the gifts given without an account under `email` (in any case) to the member who has
/// just verified that address (docs/product.md#households), so their giving history, statement and
/// pledges are complete. Run in the verification's own transaction; answers how many were linked.
pub(crate) async fn link_guest_gifts(conn: &impl ConnectionTrait, user_id: &str, email: &str) -> Result<u64, RepoError> {
    let linked = payments::Entity::update_many()
        .col_expr(payments::Column::UserId, Expr::value(user_id))
        .filter(payments::Column::UserId.is_null())
        .filter(Expr::expr(Func::lower(Expr::col(payments::Column::DonorEmail))).eq(email.trim().to_lowercase()))
        .exec(conn)
        .await
        .repo()?;
    if linked.rows_affected > 0 {
        tracing::info!(user = %user_id, gifts = linked.rows_affected, "gifts given without an account linked to the member");
    }
    Ok(linked.rows_affected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_database;
    use chrono::TimeZone;
    use mandir_domain::payment::DonationDetail;

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, day, 12, 0, 0).single().expect("date")
    }

    fn new_payment(id: &str, receipt: &str, key: Option<&str>, day: u32) -> NewPayment {
        NewPayment {
            id: id.into(),
            event_id: None,
            event_name: None,
            user_id: None,
            method: PaymentMethodKind::CreditCard,
            amount: Money::from_cents(2550),
            status: PaymentStatus::Pending,
            provider: PaymentProvider::Sandbox,
            transaction_id: Some(format!("pi_{id}")),
            client_secret_hash: Some("hash".into()),
            donation_details: vec![DonationDetail {
                fund_id: None,
                donation_type_id: "custom".into(),
                amount: Money::from_cents(2550),
                name: "Other".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            }],
            receipt_number: receipt.into(),
            idempotency_key: key.map(Into::into),
            donor_name: Some("Asha".into()),
            donor_email: None,
            donor_address: None,
            in_honor_of: None,
            notes: Some("For the temple".into()),
            channel: mandir_domain::counter::Channel::Online,
            now: at(day),
        }
    }

    fn to_completed() -> StatusChange {
        StatusChange { to: PaymentStatus::Completed, allowed_from: vec![PaymentStatus::Pending, PaymentStatus::Failed] }
    }

    #[tokio::test]
    async fn stores_and_reads_payments_with_unique_keys() {
        let repo = SeaOrmPaymentRepository::new(fresh_database().await.expect("db"));
        let created = repo.create(new_payment("p1", "AUTO-1-1", Some("k1"), 1)).await.expect("created");
        assert_eq!(created.amount, Money::from_cents(2550));
        assert_eq!(created.donation_details[0].amount, Money::from_cents(2550));
        assert_eq!(created.notes.as_deref(), Some("For the temple"));
        assert_eq!(repo.find_by_transaction_id("pi_p1").await.expect("read").map(|p| p.id), Some("p1".into()));
        assert_eq!(repo.find_by_idempotency_key("k1").await.expect("read").map(|p| p.id), Some("p1".into()));
        assert_eq!(repo.find_by_receipt_number("AUTO-1-1").await.expect("read").map(|p| p.id), Some("p1".into()));
        assert!(repo.find_by_id(&"nope".into()).await.expect("read").is_none());
        let same_receipt = repo.create(new_payment("p2", "AUTO-1-1", None, 1)).await;
        assert!(matches!(same_receipt, Err(RepoError::Conflict(_))), "{same_receipt:?}");
        let same_key = repo.create(new_payment("p3", "AUTO-1-3", Some("k1"), 1)).await;
        assert!(matches!(same_key, Err(RepoError::Conflict(_))), "{same_key:?}");
        let unknown_event =
            repo.create(NewPayment { event_id: Some("no-such-event".into()), ..new_payment("p4", "AUTO-1-4", None, 1) }).await;
        assert!(matches!(unknown_event, Err(RepoError::Conflict(_))), "{unknown_event:?}");
    }

    #[tokio::test]
    async fn status_changes_are_compare_and_set() {
        let repo = SeaOrmPaymentRepository::new(fresh_database().await.expect("db"));
        repo.create(new_payment("p1", "AUTO-1-1", None, 1)).await.expect("created");
        let done = repo.update_status(&"p1".into(), to_completed(), at(2)).await.expect("updated").expect("changed");
        assert_eq!(done.status, PaymentStatus::Completed);
        assert_eq!(done.updated_at, at(2));
        let failed = StatusChange { to: PaymentStatus::Failed, allowed_from: vec![PaymentStatus::Pending] };
        assert_eq!(repo.update_status(&"p1".into(), failed, at(3)).await.expect("no change"), None);
        assert!(matches!(repo.update_status(&"gone".into(), to_completed(), at(3)).await, Err(RepoError::NotFound)));
    }

    #[tokio::test]
    async fn lists_newest_first_with_filters() {
        let repo = SeaOrmPaymentRepository::new(fresh_database().await.expect("db"));
        repo.create(new_payment("old", "AUTO-1-1", None, 1)).await.expect("created");
        repo.create(NewPayment {
            user_id: None,
            method: PaymentMethodKind::Zelle,
            provider: PaymentProvider::Zelle,
            ..new_payment("mid", "AUTO-1-2", None, 10)
        })
        .await
        .expect("created");
        repo.create(new_payment("new", "AUTO-1-3", None, 20)).await.expect("created");
        repo.update_status(&"new".into(), to_completed(), at(21)).await.expect("updated");
        let ids = |list: Vec<Payment>| list.into_iter().map(|p| p.id).collect::<Vec<_>>();
        assert_eq!(ids(repo.list(PaymentFilter::default()).await.expect("all")), ["new", "mid", "old"]);
        let completed = PaymentFilter { status: Some(PaymentStatus::Completed), ..PaymentFilter::default() };
        assert_eq!(ids(repo.list(completed).await.expect("completed")), ["new"]);
        let zelle = PaymentFilter { method: Some(PaymentMethodKind::Zelle), event: Some(EventFilter::Direct), ..PaymentFilter::default() };
        assert_eq!(ids(repo.list(zelle).await.expect("zelle")), ["mid"]);
        let window = PaymentFilter { from: Some(at(5)), to: Some(at(10)), ..PaymentFilter::default() };
        assert_eq!(ids(repo.list(window).await.expect("window")), ["mid"]);
        let for_event = PaymentFilter { event: Some(EventFilter::Event("e".into())), ..PaymentFilter::default() };
        assert!(repo.list(for_event).await.expect("none").is_empty());
    }

    #[tokio::test]
    async fn webhook_events_apply_once() {
        let repo = SeaOrmPaymentRepository::new(fresh_database().await.expect("db"));
        repo.create(new_payment("p1", "AUTO-1-1", None, 1)).await.expect("created");
        let record = |id: &str, change: Option<StatusChange>| WebhookRecord {
            event_id: id.into(),
            event_type: "payment_intent.succeeded".into(),
            transaction_id: Some("pi_p1".into()),
            change,
            refunded: None,
            now: at(2),
        };
        match repo.apply_webhook_event(record("evt_1", Some(to_completed()))).await.expect("applied") {
            WebhookOutcome::Applied(p) => assert_eq!(p.status, PaymentStatus::Completed),
            other => panic!("expected Applied, got {other:?}"),
        }
        assert_eq!(
            repo.apply_webhook_event(record("evt_1", Some(to_completed()))).await.expect("replay"),
            WebhookOutcome::AlreadyProcessed
        );
        let refund = StatusChange { to: PaymentStatus::Refunded, allowed_from: vec![PaymentStatus::Completed] };
        // Recorded first without a change: a later delivery of the same id must not apply it.
        assert_eq!(repo.apply_webhook_event(record("evt_2", None)).await.expect("recorded"), WebhookOutcome::Unchanged);
        assert_eq!(
            repo.apply_webhook_event(record("evt_2", Some(refund.clone()))).await.expect("replay"),
            WebhookOutcome::AlreadyProcessed
        );
        assert_eq!(repo.find_by_id(&"p1".into()).await.expect("read").expect("p1").status, PaymentStatus::Completed);
        let failed = StatusChange { to: PaymentStatus::Failed, allowed_from: vec![PaymentStatus::Pending] };
        assert_eq!(repo.apply_webhook_event(record("evt_3", Some(failed))).await.expect("not allowed"), WebhookOutcome::Unchanged);
        let unknown = WebhookRecord { transaction_id: Some("pi_unknown".into()), ..record("evt_4", Some(refund.clone())) };
        assert_eq!(repo.apply_webhook_event(unknown).await.expect("unknown"), WebhookOutcome::Unchanged);

        // A partial refund records the refunded part once; a smaller report (an older one) or one
        // larger than the payment changes nothing; the full refund then marks it refunded.
        let partial = WebhookRecord { refunded: Some(Money::from_cents(1000)), ..record("evt_5", None) };
        match repo.apply_webhook_event(partial.clone()).await.expect("partial") {
            WebhookOutcome::Applied(p) => assert_eq!((p.status, p.refunded_amount), (PaymentStatus::Completed, Money::from_cents(1000))),
            other => panic!("expected Applied, got {other:?}"),
        }
        assert_eq!(repo.apply_webhook_event(partial).await.expect("replay"), WebhookOutcome::AlreadyProcessed);
        let older = WebhookRecord { refunded: Some(Money::from_cents(500)), ..record("evt_6", None) };
        assert_eq!(repo.apply_webhook_event(older).await.expect("older"), WebhookOutcome::Unchanged);
        let too_much = WebhookRecord { refunded: Some(Money::from_cents(9999)), ..record("evt_7", None) };
        assert_eq!(repo.apply_webhook_event(too_much).await.expect("too much"), WebhookOutcome::Unchanged);
        let full = WebhookRecord { refunded: Some(Money::from_cents(2550)), ..record("evt_8", Some(refund)) };
        match repo.apply_webhook_event(full).await.expect("full") {
            WebhookOutcome::Applied(p) => assert_eq!((p.status, p.refunded_amount), (PaymentStatus::Refunded, Money::from_cents(2550))),
            other => panic!("expected Applied, got {other:?}"),
        }
    }
}

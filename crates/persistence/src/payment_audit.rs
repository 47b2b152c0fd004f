use async_trait::async_trait;
use mandir_application::ports::{PaymentAuditRepository, RefundChange, RepoError, StatusChange};
use mandir_domain::PaymentId;
use mandir_domain::payment::{Payment, PaymentStatus};
use mandir_domain::payment_audit::PaymentAuditEntry;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::Database;
use crate::entities::{payment_audit, payments};
use crate::error::MapDbErr;
use crate::payments::{change_status, find_one};

/// Admins' payment changes and their audit entries, written in one transaction
/// (docs/decisions/0097-payment-audit-log.md).
#[derive(Debug, Clone)]
pub struct SeaOrmPaymentAuditRepository {
    db: Database,
}

impl SeaOrmPaymentAuditRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn status(text: &str) -> Result<PaymentStatus, RepoError> {
    PaymentStatus::parse(text).ok_or_else(|| RepoError::unexpected(format!("stored audit entry has an unknown status {text:?}")))
}

fn to_domain(m: payment_audit::Model) -> Result<PaymentAuditEntry, RepoError> {
    Ok(PaymentAuditEntry {
        from: status(&m.from_status)?,
        to: status(&m.to_status)?,
        id: m.id,
        payment_id: m.payment_id.into(),
        at: m.at,
        actor_id: m.actor_id.map(Into::into),
        actor_email: m.actor_email,
        note: m.note,
    })
}

pub(crate) async fn insert_entry<C: ConnectionTrait>(conn: &C, entry: PaymentAuditEntry) -> Result<(), RepoError> {
    payment_audit::ActiveModel {
        id: Set(entry.id),
        payment_id: Set(entry.payment_id.to_string()),
        at: Set(entry.at),
        actor_id: Set(entry.actor_id.map(Into::into)),
        actor_email: Set(entry.actor_email.chars().take(254).collect()),
        from_status: Set(entry.from.as_str().to_owned()),
        to_status: Set(entry.to.as_str().to_owned()),
        note: Set(entry.note),
    }
    .insert(conn)
    .await
    .repo()?;
    Ok(())
}

#[async_trait]
impl PaymentAuditRepository for SeaOrmPaymentAuditRepository {
    async fn change_status(&self, change: StatusChange, entry: PaymentAuditEntry) -> Result<Option<Payment>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let id = entry.payment_id.to_string();
        let (changed, current) = change_status(&tx, (payments::Column::Id, &id), &change, entry.at).await?;
        let Some(current) = current else {
            tx.rollback().await.repo()?;
            return Err(RepoError::NotFound);
        };
        if !changed {
            tx.rollback().await.repo()?;
            return Ok(None);
        }
        insert_entry(&tx, entry).await?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(Some(current))
    }

    async fn record_refund(&self, change: RefundChange, entry: PaymentAuditEntry) -> Result<Option<Payment>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let id = entry.payment_id.to_string();
        let to = if change.full { PaymentStatus::Refunded } else { PaymentStatus::Completed };
        let applied = payments::Entity::update_many()
            .col_expr(payments::Column::RefundedCents, Expr::value(change.after.cents()))
            .col_expr(payments::Column::Status, Expr::value(to.as_str()))
            .col_expr(payments::Column::UpdatedAt, Expr::value(entry.at))
            .filter(payments::Column::Id.eq(id.as_str()))
            .filter(payments::Column::Status.eq(PaymentStatus::Completed.as_str()))
            .filter(payments::Column::RefundedCents.eq(change.before.cents()))
            .exec(&tx)
            .await
            .repo()?
            .rows_affected
            > 0;
        let Some(current) = find_one(&tx, payments::Column::Id, &id).await? else {
            tx.rollback().await.repo()?;
            return Err(RepoError::NotFound);
        };
        if !applied {
            tx.rollback().await.repo()?;
            return Ok(None);
        }
        crate::accounting::record_refund(&tx, &id, change.before.cents(), change.after.cents(), entry.at).await?;
        insert_entry(&tx, entry).await?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(Some(current))
    }

    async fn trail(&self, payment_id: &PaymentId) -> Result<Vec<PaymentAuditEntry>, RepoError> {
        let rows = payment_audit::Entity::find()
            .filter(payment_audit::Column::PaymentId.eq(payment_id.as_str()))
            .order_by_asc(payment_audit::Column::At)
            .order_by_asc(payment_audit::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        rows.into_iter().map(to_domain).collect()
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};
    use mandir_application::ports::{NewPayment, PaymentRepository};
    use mandir_domain::Money;
    use mandir_domain::payment::{DonationDetail, PaymentMethodKind, PaymentProvider};

    use super::*;
    use crate::SeaOrmPaymentRepository;
    use crate::test_support::fresh_database;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 12, minute, 0).single().expect("date")
    }

    fn zelle(id: &str) -> NewPayment {
        NewPayment {
            id: id.into(),
            event_id: None,
            event_name: None,
            user_id: None,
            method: PaymentMethodKind::Zelle,
            amount: Money::from_cents(5000),
            status: PaymentStatus::Pending,
            provider: PaymentProvider::Zelle,
            transaction_id: None,
            client_secret_hash: None,
            donation_details: vec![DonationDetail {
                fund_id: None,
                donation_type_id: "custom".into(),
                amount: Money::from_cents(5000),
                name: "Other".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            }],
            receipt_number: format!("AUTO-1-{id}"),
            idempotency_key: None,
            donor_name: None,
            donor_email: None,
            donor_address: None,
            in_honor_of: None,
            notes: None,
            channel: mandir_domain::counter::Channel::Online,
            now: at(0),
        }
    }

    fn entry(n: u32, payment: &str, from: PaymentStatus, to: PaymentStatus, note: Option<&str>) -> PaymentAuditEntry {
        PaymentAuditEntry {
            id: format!("a{n}"),
            payment_id: payment.into(),
            at: at(n),
            actor_id: None,
            actor_email: "treasurer@example.org".into(),
            from,
            to,
            note: note.map(Into::into),
        }
    }

    fn change(from: PaymentStatus, to: PaymentStatus) -> StatusChange {
        StatusChange { to, allowed_from: vec![from] }
    }

    #[tokio::test]
    async fn a_change_and_its_entry_are_written_together_and_read_back_in_order() {
        let db = fresh_database().await.expect("db");
        let payments = SeaOrmPaymentRepository::new(db.clone());
        let audit = SeaOrmPaymentAuditRepository::new(db);
        payments.create(zelle("p1")).await.expect("created");
        payments.create(zelle("p2")).await.expect("created");
        let (pending, failed) = (PaymentStatus::Pending, PaymentStatus::Failed);
        let marked = audit.change_status(change(pending, failed), entry(1, "p1", pending, failed, None)).await.expect("changed");
        assert_eq!(marked.map(|p| (p.status, p.updated_at)), Some((failed, at(1))));
        let reopened =
            audit.change_status(change(failed, pending), entry(2, "p1", failed, pending, Some("By mistake"))).await.expect("changed");
        assert_eq!(reopened.map(|p| p.status), Some(pending));
        let stale = audit.change_status(change(failed, pending), entry(3, "p1", failed, pending, None)).await.expect("no change");
        assert_eq!(stale, None, "the status moved: nothing changes and no entry is written");
        let trail = audit.trail(&"p1".into()).await.expect("trail");
        assert_eq!(trail, vec![entry(1, "p1", pending, failed, None), entry(2, "p1", failed, pending, Some("By mistake"))]);
        assert!(audit.trail(&"p2".into()).await.expect("trail").is_empty());
        let gone = audit.change_status(change(pending, failed), entry(4, "nope", pending, failed, None)).await;
        assert!(matches!(gone, Err(RepoError::NotFound)), "{gone:?}");
    }

    #[tokio::test]
    async fn a_refund_and_its_entry_are_written_together_once() {
        let db = fresh_database().await.expect("db");
        let payments = SeaOrmPaymentRepository::new(db.clone());
        let audit = SeaOrmPaymentAuditRepository::new(db);
        payments.create(zelle("p1")).await.expect("created");
        let (pending, completed, refunded) = (PaymentStatus::Pending, PaymentStatus::Completed, PaymentStatus::Refunded);
        let cents = Money::from_cents;
        let part = RefundChange { before: cents(0), after: cents(1000), full: false };
        let early = audit.record_refund(part, entry(1, "p1", completed, completed, Some("Refunded $10.00"))).await.expect("not completed");
        assert_eq!(early, None, "a pending payment is not refunded");
        payments.update_status(&"p1".into(), change(pending, completed), at(2)).await.expect("completed");
        let done = audit.record_refund(part, entry(3, "p1", completed, completed, Some("Refunded $10.00"))).await.expect("refunded");
        assert_eq!(done.map(|p| (p.status, p.refunded_amount)), Some((completed, cents(1000))));
        let twice = audit.record_refund(part, entry(4, "p1", completed, completed, Some("Refunded $10.00"))).await.expect("stale");
        assert_eq!(twice, None, "the same refund applies once: the refunded amount moved");
        let rest = RefundChange { before: cents(1000), after: cents(5000), full: true };
        let full = audit.record_refund(rest, entry(5, "p1", completed, refunded, Some("Refunded $40.00"))).await.expect("refunded");
        assert_eq!(full.map(|p| (p.status, p.refunded_amount)), Some((refunded, cents(5000))));
        let notes: Vec<_> = audit.trail(&"p1".into()).await.expect("trail").into_iter().map(|e| (e.id, e.to)).collect();
        assert_eq!(notes, vec![("a3".to_owned(), completed), ("a5".to_owned(), refunded)]);
        let gone = audit.record_refund(part, entry(6, "nope", completed, completed, None)).await;
        assert!(matches!(gone, Err(RepoError::NotFound)), "{gone:?}");
    }
}

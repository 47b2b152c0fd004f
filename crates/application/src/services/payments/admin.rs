//! The admin's payment list, Zelle reconciliation (kept in the audit trail) and totals, and
//! members' own payments.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use mandir_domain::PaymentId;
use mandir_domain::ValidationErrors;
use mandir_domain::payment::{self, DonationTarget, Payment, PaymentMethodKind, PaymentStatus, PaymentTotals, StatusChangeBy};
use mandir_domain::payment_audit::{self, PaymentAuditEntry};
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::ledger::Refinement;
use super::{ADMIN_STATUS_INVALID, NOT_ADJUSTABLE, NOT_REOPENABLE, PaymentError, PaymentService, STATUS_CHANGED, invalid};
use crate::ports::{EventFilter, PaymentFilter, RepoError, StatusChange};
use crate::services::audit::{Action, Target};
use crate::services::{Actor, new_id};

/// The admin list's filters as sent in the query string.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentQuery {
    pub status: Option<String>,
    pub method: Option<String>,
    pub event_id: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    /// A donation type's id, or 'custom': payments with an item of that purpose.
    pub purpose: Option<String>,
    /// Words in the donor's name or e-mail, or in the receipt number (case-insensitive).
    pub search: Option<String>,
    /// Expired card intents are hidden unless this is set or `status` is 'expired'.
    pub include_expired: bool,
}

/// An ISO 8601 date-time, or a day (`2026-11-21`: its start for `from`, its end for `to`).
fn parse_bound(raw: &str, end_of_day: bool) -> Option<DateTime<Utc>> {
    if let Ok(at) = DateTime::parse_from_rfc3339(raw) {
        return Some(at.with_timezone(&Utc));
    }
    let day = NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok()?;
    let time = if end_of_day { NaiveTime::from_hms_milli_opt(23, 59, 59, 999)? } else { NaiveTime::MIN };
    Some(day.and_time(time).and_utc())
}

fn blank_to_none(value: Option<String>) -> Option<String> {
    value.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

impl PaymentQuery {
    /// The filters the database applies, and those applied to its rows (docs/decisions/0098-treasurers-ledger.md).
    pub(super) fn into_filter(self) -> Result<(PaymentFilter, Refinement), PaymentError> {
        let mut errors = ValidationErrors::new();
        let mut filter = PaymentFilter::default();
        if let Some(status) = blank_to_none(self.status) {
            filter.status = errors.check("status", PaymentStatus::parse(&status).ok_or_else(|| "Unknown payment status".to_owned()));
        }
        if let Some(method) = blank_to_none(self.method) {
            filter.method = errors.check("method", PaymentMethodKind::parse(&method).ok_or_else(|| "Unknown payment method".to_owned()));
        }
        filter.event = blank_to_none(self.event_id).map(|id| match payment::parse_target(Some(&id)) {
            DonationTarget::Direct => EventFilter::Direct,
            DonationTarget::Event(id) => EventFilter::Event(id),
        });
        if let Some(from) = blank_to_none(self.from) {
            filter.from = errors.check("from", parse_bound(&from, false).ok_or_else(|| "From must be a date".to_owned()));
        }
        if let Some(to) = blank_to_none(self.to) {
            filter.to = errors.check("to", parse_bound(&to, true).ok_or_else(|| "To must be a date".to_owned()));
        }
        let search = blank_to_none(self.search);
        if search.as_ref().is_some_and(|s| s.chars().count() > 200) {
            errors.add("q", "Search must be at most 200 characters");
        }
        errors.into_result().map_err(PaymentError::Validation)?;
        let refinement =
            Refinement { purpose: blank_to_none(self.purpose), search, hide_expired: !self.include_expired && filter.status.is_none() };
        Ok((filter, refinement))
    }
}

/// The statuses an admin may set: mark a pending Zelle payment received (`completed`) or
/// `failed`, or reopen one marked failed by mistake (`pending`).
pub const ADMIN_TARGETS: [PaymentStatus; 3] = [PaymentStatus::Completed, PaymentStatus::Failed, PaymentStatus::Pending];

fn admin_target(status: &str) -> Result<PaymentStatus, PaymentError> {
    PaymentStatus::parse(status.trim()).filter(|to| ADMIN_TARGETS.contains(to)).ok_or_else(|| invalid("status", ADMIN_STATUS_INVALID))
}

impl PaymentService {
    /// Every payment matching the filters, newest first: the ledger's CSV (the treasurer's),
    /// recorded in the audit log.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn export(&self, actor: &Actor, query: PaymentQuery) -> Result<Vec<Payment>, PaymentError> {
        actor.require(Permission::ExportFinances)?;
        let (filter, refinement) = query.into_filter()?;
        let payments = refinement.apply(self.payments.list(filter).await?);
        let summary = format!("Downloaded the ledger ({} payments)", payments.len());
        self.recorder.acted(actor, Action::new(AuditKind::Exports, "export.ledger", Target::whole("payments")), summary, Vec::new()).await;
        Ok(payments)
    }

    /// Every payment matching the filters, newest first (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor, query: PaymentQuery) -> Result<Vec<Payment>, PaymentError> {
        actor.require(Permission::ReadLedger)?;
        let (filter, refinement) = query.into_filter()?;
        Ok(refinement.apply(self.payments.list(filter).await?))
    }

    /// A member's payments, newest first (admins: the member directory's giving).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn of_member(&self, actor: &Actor, user_id: &mandir_domain::UserId) -> Result<Vec<Payment>, PaymentError> {
        actor.require(Permission::ReadLedger)?;
        Ok(self.payments.list(PaymentFilter { user_id: Some(user_id.clone()), ..PaymentFilter::default() }).await?)
    }

    /// The member's own payments, newest first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn mine(&self, actor: &Actor) -> Result<Vec<Payment>, PaymentError> {
        Ok(self.payments.list(PaymentFilter { user_id: Some(actor.user_id.clone()), ..PaymentFilter::default() }).await?)
    }

    /// An admin marks a pending Zelle payment received (`completed`) or `failed`, or reopens a
    /// failed one (`pending`). The change and its audit entry (with the optional note) are
    /// written together.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn set_zelle_status(&self, actor: &Actor, id: &PaymentId, status: &str, note: Option<&str>) -> Result<Payment, PaymentError> {
        actor.require(Permission::ReconcilePayments)?;
        let to = admin_target(status)?;
        let note = payment_audit::parse_note(note).map_err(|message| invalid("note", &message))?;
        let payment = self.payments.find_by_id(id).await?.ok_or(PaymentError::NotFound)?;
        let allowed = payment.method == PaymentMethodKind::Zelle && payment.status.may_become(to, StatusChangeBy::Admin);
        if !allowed {
            return Err(PaymentError::Conflict(if to == PaymentStatus::Pending { NOT_REOPENABLE } else { NOT_ADJUSTABLE }));
        }
        let now = self.clock.now();
        let entry = PaymentAuditEntry {
            id: new_id(),
            payment_id: payment.id.clone(),
            at: now,
            actor_id: Some(actor.user_id.clone()),
            actor_email: actor.email.clone(),
            from: payment.status,
            to,
            note,
        };
        let change = StatusChange { to, allowed_from: vec![payment.status] };
        let updated = match self.audit.change_status(change, entry).await {
            Ok(Some(updated)) => updated,
            Ok(None) => return Err(PaymentError::Conflict(STATUS_CHANGED)),
            Err(RepoError::NotFound) => return Err(PaymentError::NotFound),
            Err(other) => return Err(other.into()),
        };
        tracing::info!(payment = %updated.id, admin = %actor.user_id, from = %payment.status, to = %updated.status, "zelle payment reconciled");
        let summary = format!(
            "Marked the Zelle payment of ${} from {} {}",
            updated.amount,
            updated.donor_name.as_deref().unwrap_or("a donor"),
            updated.status
        );
        self.recorder
            .changed(
                actor,
                Action::new(AuditKind::Money, "payment.status", Target::of("payment", &updated.id)),
                summary,
                Some(&payment),
                Some(&updated),
            )
            .await;
        if updated.status == PaymentStatus::Completed {
            self.receipts.wake();
        }
        Ok(updated)
    }

    /// The admins' changes to a payment, oldest first (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn audit_trail(&self, actor: &Actor, id: &PaymentId) -> Result<Vec<PaymentAuditEntry>, PaymentError> {
        actor.require(Permission::ReadLedger)?;
        self.payments.find_by_id(id).await?.ok_or(PaymentError::NotFound)?;
        Ok(self.audit.trail(id).await?)
    }

    /// Money received (completed payments) per donation type and per event (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn totals(&self, actor: &Actor) -> Result<PaymentTotals, PaymentError> {
        actor.require(Permission::ReadLedger)?;
        let completed = self.payments.list(PaymentFilter { status: Some(PaymentStatus::Completed), ..PaymentFilter::default() }).await?;
        Ok(PaymentTotals::of(&completed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::payments::fixtures::*;
    use crate::services::payments::*;
    use chrono::TimeZone;
    use mandir_domain::Failure;

    #[tokio::test]
    async fn two_concurrent_zelle_completions_complete_and_wake_the_receipts_once() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let zelle = Payment { method: PaymentMethodKind::Zelle, ..payment("p1", PaymentStatus::Pending, PaymentProvider::Zelle) };
        let found = zelle.clone();
        m.payments.expect_find_by_id().times(2).returning(move |_| Ok(Some(found.clone())));
        // The repository's compare-and-set lets the first change through only.
        let applied = std::sync::atomic::AtomicBool::new(false);
        m.audit.expect_change_status().times(2).returning(move |change, _| {
            let first = !applied.swap(true, std::sync::atomic::Ordering::SeqCst);
            Ok(first.then(|| with_status(zelle.clone(), change.to)))
        });
        let wakes = m.wakes.clone();
        let service = m.service();
        let (id, actor): (PaymentId, _) = ("p1".into(), admin());
        let (a, b) = tokio::join!(
            service.set_zelle_status(&actor, &id, "completed", None),
            service.set_zelle_status(&actor, &id, "completed", None)
        );
        assert_eq!([a.is_ok(), b.is_ok()].iter().filter(|ok| **ok).count(), 1);
        assert!(matches!(a.err().or(b.err()), Some(PaymentError::Conflict(_))));
        assert_eq!(wakes.count(), 1);
    }

    #[tokio::test]
    async fn only_admins_list_reconcile_and_total() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_list().never();
        m.payments.expect_update_status().never();
        m.payments.expect_find_by_id().never();
        let service = m.service();
        assert!(matches!(service.list(&member(), PaymentQuery::default()).await, Err(PaymentError::Forbidden)));
        assert!(matches!(service.set_zelle_status(&member(), &"p1".into(), "completed", None).await, Err(PaymentError::Forbidden)));
        assert!(matches!(service.audit_trail(&member(), &"p1".into()).await, Err(PaymentError::Forbidden)));
        assert!(matches!(service.totals(&member()).await, Err(PaymentError::Forbidden)));
    }

    #[tokio::test]
    async fn admin_list_reads_the_filters() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments
            .expect_list()
            .withf(|f| {
                f.status == Some(PaymentStatus::Pending)
                    && f.method == Some(PaymentMethodKind::Zelle)
                    && f.event == Some(EventFilter::Direct)
                    && f.from == Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).single()
                    && f.to == Some(Utc.with_ymd_and_hms(2026, 11, 30, 8, 0, 0).single().expect("date"))
                    && f.user_id.is_none()
            })
            .times(1)
            .returning(|_| Ok(vec![]));
        let service = m.service();
        let query = PaymentQuery {
            status: Some("pending".into()),
            method: Some("zelle".into()),
            event_id: Some("direct-donation".into()),
            from: Some("2026-11-01".into()),
            to: Some("2026-11-30T00:00:00-08:00".into()),
            ..PaymentQuery::default()
        };
        service.list(&admin(), query).await.expect("listed");
        let bad = PaymentQuery { status: Some("done".into()), from: Some("yesterday".into()), ..PaymentQuery::default() };
        let error = service.list(&admin(), bad).await.expect_err("invalid");
        let fields = error.field_errors().expect("fields");
        assert!(fields.get("status").is_some() && fields.get("from").is_some());
    }

    fn zelle(status: PaymentStatus) -> Payment {
        Payment { method: PaymentMethodKind::Zelle, ..card_payment(status, PaymentProvider::Zelle) }
    }

    #[tokio::test]
    async fn admin_marks_only_pending_zelle_payments_and_each_change_is_audited() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_id().withf(|id| id == "zelle-pending").returning(|_| Ok(Some(zelle(PaymentStatus::Pending))));
        m.payments.expect_find_by_id().withf(|id| id == "zelle-done").returning(|_| Ok(Some(zelle(PaymentStatus::Completed))));
        m.payments
            .expect_find_by_id()
            .withf(|id| id == "card")
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments.expect_find_by_id().withf(|id| id == "gone").returning(|_| Ok(None));
        m.audit
            .expect_change_status()
            .withf(|c, e| {
                c.to == PaymentStatus::Completed
                    && c.allowed_from == [PaymentStatus::Pending]
                    && e.from == PaymentStatus::Pending
                    && e.to == PaymentStatus::Completed
                    && e.actor_id.as_ref() == Some(&admin().user_id)
                    && e.actor_email == admin().email
                    && e.note.as_deref() == Some("Seen in the bank statement")
                    && e.at == now()
            })
            .times(1)
            .returning(|c, _| Ok(Some(zelle(c.to))));
        let service = m.service();
        let marked = service
            .set_zelle_status(&admin(), &"zelle-pending".into(), "completed", Some("  Seen in the bank statement "))
            .await
            .expect("marked");
        assert_eq!(marked.status, PaymentStatus::Completed);
        assert!(matches!(
            service.set_zelle_status(&admin(), &"zelle-done".into(), "failed", None).await,
            Err(PaymentError::Conflict(NOT_ADJUSTABLE))
        ));
        assert!(matches!(
            service.set_zelle_status(&admin(), &"card".into(), "completed", None).await,
            Err(PaymentError::Conflict(NOT_ADJUSTABLE))
        ));
        assert!(matches!(
            service.set_zelle_status(&admin(), &"zelle-pending".into(), "pending", None).await,
            Err(PaymentError::Conflict(NOT_REOPENABLE))
        ));
        assert!(matches!(service.set_zelle_status(&admin(), &"gone".into(), "completed", None).await, Err(PaymentError::NotFound)));
        let error = service.set_zelle_status(&admin(), &"zelle-pending".into(), "refunded", None).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("status")), Some(ADMIN_STATUS_INVALID));
        let long = "x".repeat(501);
        let error = service.set_zelle_status(&admin(), &"zelle-pending".into(), "failed", Some(&long)).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("note")), Some(payment_audit::NOTE_TOO_LONG));
    }

    #[tokio::test]
    async fn a_failed_zelle_payment_is_reopened_and_the_trail_keeps_both_changes() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_id().withf(|id| id == "zelle-failed").returning(|_| Ok(Some(zelle(PaymentStatus::Failed))));
        m.payments
            .expect_find_by_id()
            .withf(|id| id == "card-failed")
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Failed, PaymentProvider::Stripe))));
        m.audit
            .expect_change_status()
            .withf(|c, e| c.to == PaymentStatus::Pending && c.allowed_from == [PaymentStatus::Failed] && e.from == PaymentStatus::Failed)
            .times(1)
            .returning(|c, _| Ok(Some(zelle(c.to))));
        let entry = |from, to| PaymentAuditEntry {
            id: "a".into(),
            payment_id: "zelle-failed".into(),
            at: now(),
            actor_id: Some(admin().user_id),
            actor_email: admin().email,
            from,
            to,
            note: None,
        };
        let trail = vec![entry(PaymentStatus::Pending, PaymentStatus::Failed), entry(PaymentStatus::Failed, PaymentStatus::Pending)];
        let answer = trail.clone();
        m.audit.expect_trail().withf(|id| id == "zelle-failed").times(1).returning(move |_| Ok(answer.clone()));
        let service = m.service();
        let reopened = service.set_zelle_status(&admin(), &"zelle-failed".into(), "pending", Some("Marked failed by mistake")).await;
        assert_eq!(reopened.expect("reopened").status, PaymentStatus::Pending);
        assert!(matches!(
            service.set_zelle_status(&admin(), &"card-failed".into(), "pending", None).await,
            Err(PaymentError::Conflict(NOT_REOPENABLE))
        ));
        assert_eq!(service.audit_trail(&admin(), &"zelle-failed".into()).await.expect("trail"), trail);
    }

    #[tokio::test]
    async fn concurrent_admin_change_is_a_conflict() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_id().returning(|_| Ok(Some(zelle(PaymentStatus::Pending))));
        m.audit.expect_change_status().returning(|_, _| Ok(None));
        assert!(matches!(
            m.service().set_zelle_status(&admin(), &"p1".into(), "failed", None).await,
            Err(PaymentError::Conflict(STATUS_CHANGED))
        ));
    }

    #[tokio::test]
    async fn totals_sum_completed_payments_and_members_see_their_own() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments
            .expect_list()
            .withf(|f| f.status == Some(PaymentStatus::Completed) && f.user_id.is_none())
            .returning(|_| Ok(vec![card_payment(PaymentStatus::Completed, PaymentProvider::Stripe)]));
        m.payments
            .expect_list()
            .withf(|f| f.user_id.as_deref() == Some(member().user_id.as_str()) && f.status.is_none())
            .returning(|_| Ok(vec![]));
        let service = m.service();
        let totals = service.totals(&admin()).await.expect("totals");
        assert_eq!(totals.by_donation_type[0].amount, Money::from_cents(2500));
        assert_eq!(totals.by_event[0].count, 1);
        assert!(service.mine(&member()).await.expect("mine").is_empty());
    }

    #[tokio::test]
    async fn totals_leave_sandbox_payments_out_and_sum_them_apart() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let zelle = Payment {
            id: "z1".into(),
            method: PaymentMethodKind::Zelle,
            amount: Money::from_cents(1000),
            donation_details: vec![payment::DonationDetail {
                fund_id: None,
                donation_type_id: "custom".into(),
                amount: Money::from_cents(1000),
                name: "Other".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            }],
            ..payment("z1", PaymentStatus::Completed, PaymentProvider::Zelle)
        };
        let sandbox = card_payment(PaymentStatus::Completed, PaymentProvider::Sandbox);
        m.payments.expect_list().returning(move |_| Ok(vec![sandbox.clone(), zelle.clone()]));
        let totals = m.service().totals(&admin()).await.expect("totals");
        assert_eq!(totals.by_donation_type.len(), 1);
        assert_eq!(totals.by_donation_type[0].amount, Money::from_cents(1000));
        assert_eq!((totals.by_event.len(), totals.by_event[0].amount, totals.by_event[0].count), (1, Money::from_cents(1000), 1));
        assert_eq!(totals.test, payment::TestTotal { amount: Money::from_cents(2500), count: 1 });
    }
}

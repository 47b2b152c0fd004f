//! Refunds of completed card payments by an admin, through the payment provider
//! (docs/decisions/0102-refunds.md).

use mandir_domain::NumberInput;
use mandir_domain::PaymentId;
use mandir_domain::payment::{self, Payment, PaymentMethodKind, PaymentStatus};
use mandir_domain::payment_audit::{self, PaymentAuditEntry};
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::{PaymentError, PaymentService, STATUS_CHANGED, invalid};
use crate::ports::{GatewayError, RefundChange, RepoError};
use crate::services::audit::{Action, Target};
use crate::services::{Actor, new_id};

pub const NOT_REFUNDABLE: &str = "Only a completed card payment can be refunded";
pub const OTHER_PROVIDER: &str = "This payment was made through another payment provider; refund it there";
pub const REFUND_REFUSED: &str = "The payment provider refused the refund; see its dashboard";

/// The idempotency key of a refund: the payment, what was refunded before it and its amount. A
/// retry of the same refund (a double click, a timeout) sends the same key and refunds once.
pub fn refund_key(payment: &Payment, amount: mandir_domain::Money) -> String {
    format!("refund-{}-{}-{}", payment.id, payment.refunded_amount.cents(), amount.cents())
}

impl PaymentService {
    /// An admin gives back part or all of a completed card payment: the provider refunds it,
    /// then the refunded amount (and status `refunded` when nothing is left) and the audit entry
    /// are written together.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn refund(&self, actor: &Actor, id: &PaymentId, amount: &NumberInput, note: Option<&str>) -> Result<Payment, PaymentError> {
        actor.require(Permission::Refund)?;
        let note = payment_audit::parse_note(note).map_err(|message| invalid("note", &message))?;
        let payment = self.payments.find_by_id(id).await?.ok_or(PaymentError::NotFound)?;
        if payment.status != PaymentStatus::Completed || payment.method != PaymentMethodKind::CreditCard {
            return Err(PaymentError::Conflict(NOT_REFUNDABLE));
        }
        let (amount, full) = payment::refund_of(&payment, amount).map_err(|message| invalid("amount", &message))?;
        self.refund_through_gateway(actor, payment, amount, full, note).await
    }

    /// What is left of a completed card payment goes back, with `reason` in its history: a seva
    /// booking's cancellation (ADR 0114). `Ok(None)` when there is nothing to refund (not a
    /// completed card payment, or refunded already).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn refund_rest(&self, actor: &Actor, id: &PaymentId, reason: &str) -> Result<Option<Payment>, PaymentError> {
        let payment = self.payments.find_by_id(id).await?.ok_or(PaymentError::NotFound)?;
        let left = payment.refundable();
        if payment.status != PaymentStatus::Completed || payment.method != PaymentMethodKind::CreditCard || !left.is_positive() {
            return Ok(None);
        }
        self.refund_through_gateway(actor, payment, left, true, Some(reason.to_owned())).await.map(Some)
    }

    /// The provider refunds `amount`, then the refunded amount (and status `refunded` when `full`)
    /// and the audit entry are written together.
    async fn refund_through_gateway(
        &self,
        actor: &Actor,
        payment: Payment,
        amount: mandir_domain::Money,
        full: bool,
        note: Option<String>,
    ) -> Result<Payment, PaymentError> {
        let Some(intent_id) = payment.transaction_id.as_deref().filter(|_| payment.provider == self.gateway.provider()) else {
            return Err(PaymentError::Conflict(OTHER_PROVIDER));
        };
        let refund = match self.gateway.refund(intent_id, amount, &refund_key(&payment, amount)).await {
            Ok(refund) => refund,
            Err(GatewayError::Rejected { kind, code, message }) => {
                tracing::warn!(payment = %payment.id, %kind, ?code, %message, "the provider refused a refund");
                return Err(PaymentError::Conflict(REFUND_REFUSED));
            }
            Err(other) => return Err(other.into()),
        };
        let now = self.clock.now();
        let to = if full { PaymentStatus::Refunded } else { PaymentStatus::Completed };
        let described = format!("Refunded ${amount} ({})", refund.id);
        let entry = PaymentAuditEntry {
            id: new_id(),
            payment_id: payment.id.clone(),
            at: now,
            actor_id: Some(actor.user_id.clone()),
            actor_email: actor.email.clone(),
            from: payment.status,
            to,
            note: Some(match note {
                Some(note) => format!("{described}: {note}"),
                None => described,
            }),
        };
        let after = mandir_domain::Money::from_cents(payment.refunded_amount.cents() + amount.cents());
        let payment_before = payment.clone();
        let change = RefundChange { before: payment.refunded_amount, after, full };
        match self.audit.record_refund(change, entry).await {
            Ok(Some(updated)) => {
                tracing::info!(payment = %updated.id, admin = %actor.user_id, refund = %refund.id, %amount, "payment refunded");
                let summary = format!(
                    "Refunded ${amount} of a ${} payment from {}",
                    updated.amount,
                    updated.donor_name.as_deref().unwrap_or("a donor")
                );
                self.recorder
                    .changed(
                        actor,
                        Action::new(AuditKind::Money, "payment.refund", Target::of("payment", &updated.id)),
                        summary,
                        Some(&payment_before),
                        Some(&updated),
                    )
                    .await;
                Ok(updated)
            }
            // Another refund was recorded meanwhile; the provider's `charge.refunded` webhook
            // brings the refunded total up to date.
            Ok(None) => Err(PaymentError::Conflict(STATUS_CHANGED)),
            Err(RepoError::NotFound) => Err(PaymentError::NotFound),
            Err(other) => Err(other.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::GatewayRefund;
    use crate::services::payments::fixtures::*;
    use mandir_domain::payment::PaymentProvider;
    use mandir_domain::{ErrorKind, Failure, Money};
    use mockall::predicate::eq;

    fn paid(refunded_cents: i64) -> Payment {
        Payment {
            transaction_id: Some("pi_1".into()),
            refunded_amount: Money::from_cents(refunded_cents),
            ..card_payment(PaymentStatus::Completed, PaymentProvider::Stripe)
        }
    }

    fn dollars(text: &str) -> NumberInput {
        NumberInput::Text(text.into())
    }

    #[tokio::test]
    async fn a_partial_then_a_full_refund_go_through_the_gateway_with_their_keys() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        let mut seq = mockall::Sequence::new();
        m.payments.expect_find_by_id().times(1).in_sequence(&mut seq).returning(|_| Ok(Some(paid(0))));
        m.gateway
            .expect_refund()
            .with(eq("pi_1"), eq(Money::from_cents(1000)), eq("refund-p1-0-1000"))
            .times(1)
            .returning(|_, amount, _| Ok(GatewayRefund { id: "re_1".into(), amount, status: "succeeded".into() }));
        m.audit
            .expect_record_refund()
            .withf(|change, entry| {
                *change == RefundChange { before: Money::from_cents(0), after: Money::from_cents(1000), full: false }
                    && entry.to == PaymentStatus::Completed
                    && entry.note.as_deref() == Some("Refunded $10.00 (re_1): Donor asked")
            })
            .times(1)
            .returning(|_, _| Ok(Some(paid(1000))));
        m.payments.expect_find_by_id().times(1).in_sequence(&mut seq).returning(|_| Ok(Some(paid(1000))));
        m.gateway
            .expect_refund()
            .with(eq("pi_1"), eq(Money::from_cents(1500)), eq("refund-p1-1000-1500"))
            .times(1)
            .returning(|_, amount, _| Ok(GatewayRefund { id: "re_2".into(), amount, status: "succeeded".into() }));
        m.audit
            .expect_record_refund()
            .withf(|change, entry| change.full && change.after == Money::from_cents(2500) && entry.to == PaymentStatus::Refunded)
            .times(1)
            .returning(|_, _| Ok(Some(Payment { status: PaymentStatus::Refunded, ..paid(2500) })));
        let service = m.service();
        let admin = admin();
        let part = service.refund(&admin, &"p1".into(), &dollars("10"), Some(" Donor asked ")).await.expect("partial");
        assert_eq!((part.status, part.refunded_amount), (PaymentStatus::Completed, Money::from_cents(1000)));
        let rest = service.refund(&admin, &"p1".into(), &dollars("15.00"), None).await.expect("rest");
        assert_eq!(rest.status, PaymentStatus::Refunded);
    }

    #[tokio::test]
    async fn refunds_are_checked_before_the_gateway_is_asked() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_id().returning(|id| {
            Ok(match id.as_str() {
                "pending" => Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe)),
                "zelle" => Some(Payment { method: PaymentMethodKind::Zelle, ..paid(0) }),
                "sandbox" => Some(Payment { provider: PaymentProvider::Sandbox, ..paid(0) }),
                "half" => Some(paid(1250)),
                _ => None,
            })
        });
        m.gateway.expect_refund().never();
        m.audit.expect_record_refund().never();
        let service = m.service();
        let admin = admin();
        let refund = |id: &'static str, amount: &'static str| {
            let service = service.clone();
            let admin = admin.clone();
            async move { service.refund(&admin, &id.into(), &dollars(amount), None).await.expect_err(id) }
        };
        assert!(matches!(refund("pending", "1").await, PaymentError::Conflict(NOT_REFUNDABLE)));
        assert!(matches!(refund("zelle", "1").await, PaymentError::Conflict(NOT_REFUNDABLE)));
        assert!(matches!(refund("sandbox", "1").await, PaymentError::Conflict(OTHER_PROVIDER)));
        assert!(matches!(refund("gone", "1").await, PaymentError::NotFound));
        let PaymentError::Validation(errors) = refund("half", "12.51").await else { panic!("validation") };
        assert_eq!(errors.get("amount"), Some("Refund amount must be at most $12.50 (what is not yet refunded)"));
        let PaymentError::Validation(errors) = refund("half", "0").await else { panic!("validation") };
        assert_eq!(errors.get("amount"), Some(payment::REFUND_TOO_SMALL));
        let member = member();
        let denied = service.refund(&member, &"half".into(), &dollars("1"), None).await.expect_err("member");
        assert_eq!(denied.kind(), ErrorKind::Forbidden);
    }

    #[tokio::test]
    async fn a_refusal_by_the_provider_is_a_conflict_and_records_nothing() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_id().returning(|_| Ok(Some(paid(0))));
        m.gateway.expect_refund().returning(|_, _, _| {
            Err(GatewayError::Rejected {
                kind: "invalid_request_error".into(),
                code: Some("charge_disputed".into()),
                message: "disputed".into(),
            })
        });
        m.audit.expect_record_refund().never();
        let error = m.service().refund(&admin(), &"p1".into(), &dollars("5"), None).await.expect_err("refused");
        assert!(matches!(error, PaymentError::Conflict(REFUND_REFUSED)));
    }
}

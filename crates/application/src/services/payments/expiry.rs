//! Abandoned card payments: a card intent whose donor never completed it stays `pending` for
//! ever unless something ends it. A background job cancels those older than a day at the provider
//! and marks them `expired` (docs/decisions/0095-abandoned-card-intents-expire.md, which replaces
//! 0062). Zelle payments are left alone: they wait for an admin to reconcile them.

use std::time::Duration;

use mandir_domain::PaymentId;
use mandir_domain::payment::{Payment, PaymentStatus, StatusChangeBy};

use super::{PaymentError, PaymentService};
use crate::ports::{GatewayError, IntentStatus, RepoError, StatusChange};
use crate::services::jobs::Step;

/// Payments looked at per step of the job.
pub const EXPIRY_BATCH: u64 = 200;

/// The idempotency key of the cancel request for a payment: a retried step sends the same one.
pub fn cancel_key(payment: &PaymentId) -> String {
    format!("expire-{payment}")
}

/// What canceling a payment's intent at the provider came to.
enum Canceled {
    /// Canceled now or before, unknown to the provider, or never sent to it: the payment expires.
    Yes,
    /// The provider refused (the donor paid meanwhile, or the payment is processing): it stays
    /// pending and its webhook settles it.
    Refused,
}

impl PaymentService {
    /// One step of the expiry job: cancels at the provider and marks `expired` up to
    /// [`EXPIRY_BATCH`] card payments pending for longer than `max_age` (after `cursor`, a
    /// payment id). The change is guarded by the status, so a payment completed meanwhile is left
    /// as it is. The provider being unreachable fails the step (the job runs again later).
    #[tracing::instrument(skip_all)]
    pub async fn expire_abandoned_card_payments(&self, max_age: Duration, cursor: Option<String>) -> Result<Step, PaymentError> {
        let now = self.clock.now();
        let cutoff = now - chrono::Duration::from_std(max_age).unwrap_or(chrono::Duration::MAX);
        let ids = self.payments.pending_card_payments(cutoff, cursor.map(PaymentId::from), EXPIRY_BATCH).await?;
        let mut expired = 0;
        for id in &ids {
            let Some(payment) = self.payments.find_by_id(id).await? else { continue };
            if payment.status != PaymentStatus::Pending {
                continue;
            }
            if let Canceled::Refused = self.cancel_at_provider(&payment).await? {
                continue;
            }
            let to = PaymentStatus::Expired;
            let change = StatusChange { to, allowed_from: PaymentStatus::sources_of(to, StatusChangeBy::Expiry) };
            match self.payments.update_status(id, change, now).await {
                Ok(Some(_)) => {
                    tracing::info!(payment = %id, "abandoned card payment expired");
                    expired += 1;
                }
                Ok(None) | Err(RepoError::NotFound) => {}
                Err(other) => return Err(other.into()),
            }
        }
        let full = u64::try_from(ids.len()).unwrap_or(u64::MAX) >= EXPIRY_BATCH;
        Ok(Step { processed: expired, next: ids.last().filter(|_| full).map(|id| id.to_string()) })
    }

    /// Cancels the payment's intent through the gateway, when the gateway in use made it.
    async fn cancel_at_provider(&self, payment: &Payment) -> Result<Canceled, PaymentError> {
        let Some(intent_id) = payment.transaction_id.as_deref().filter(|_| payment.provider == self.gateway.provider()) else {
            // An intent of another provider (the sandbox's, after switching to Stripe) or none.
            return Ok(Canceled::Yes);
        };
        match self.gateway.cancel_intent(intent_id, &cancel_key(&payment.id)).await {
            Ok(intent) if intent.status == IntentStatus::Canceled => Ok(Canceled::Yes),
            Ok(intent) => {
                tracing::warn!(payment = %payment.id, status = ?intent.status, "the provider did not cancel the intent; left pending");
                Ok(Canceled::Refused)
            }
            Err(GatewayError::NotFound) => Ok(Canceled::Yes),
            Err(GatewayError::Rejected { kind, code, message }) => {
                tracing::warn!(payment = %payment.id, %kind, ?code, %message, "the provider refused to cancel the intent; left pending");
                Ok(Canceled::Refused)
            }
            Err(other) => Err(PaymentError::Gateway(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use mockall::predicate::eq;

    use super::*;
    use crate::ports::GatewayIntent;
    use crate::services::payments::fixtures::*;

    const DAY: Duration = Duration::from_secs(24 * 60 * 60);

    fn pending_card(id: &str, provider: PaymentProvider) -> Payment {
        Payment { transaction_id: Some(format!("pi_{id}")), ..payment(id, PaymentStatus::Pending, provider) }
    }

    fn answer(id: &str, status: IntentStatus) -> GatewayIntent {
        GatewayIntent { id: id.into(), client_secret: None, status, amount: None, currency: None }
    }

    #[tokio::test]
    async fn abandoned_intents_are_canceled_at_the_provider_then_marked_expired() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments
            .expect_pending_card_payments()
            .with(eq(now() - chrono::Duration::hours(24)), eq(None), eq(EXPIRY_BATCH))
            .times(1)
            .returning(|_, _, _| Ok(vec!["p1".into(), "p2".into(), "p3".into(), "p4".into()]));
        m.payments.expect_find_by_id().withf(|id| id == "p1").returning(|_| Ok(Some(pending_card("p1", PaymentProvider::Stripe))));
        m.payments.expect_find_by_id().withf(|id| id == "p2").returning(|_| Ok(Some(pending_card("p2", PaymentProvider::Stripe))));
        m.payments.expect_find_by_id().withf(|id| id == "p3").returning(|_| Ok(Some(pending_card("p3", PaymentProvider::Sandbox))));
        m.payments
            .expect_find_by_id()
            .withf(|id| id == "p4")
            .returning(|_| Ok(Some(payment("p4", PaymentStatus::Completed, PaymentProvider::Stripe))));
        m.gateway
            .expect_cancel_intent()
            .with(eq("pi_p1"), eq("expire-p1"))
            .times(1)
            .returning(|id, _| Ok(answer(id, IntentStatus::Canceled)));
        m.gateway.expect_cancel_intent().with(eq("pi_p2"), eq("expire-p2")).times(1).returning(|_, _| {
            Err(GatewayError::Rejected {
                kind: "invalid_request_error".into(),
                code: Some("payment_intent_unexpected_state".into()),
                message: "succeeded".into(),
            })
        });
        m.payments
            .expect_update_status()
            .withf(|id, change, at| {
                (id == "p1" || id == "p3")
                    && change.to == PaymentStatus::Expired
                    && change.allowed_from == vec![PaymentStatus::Pending]
                    && *at == now()
            })
            .times(2)
            .returning(|id, _, _| Ok(Some(payment(id, PaymentStatus::Expired, PaymentProvider::Stripe))));
        let step = m.service().expire_abandoned_card_payments(DAY, None).await.expect("step");
        assert_eq!(
            step,
            Step { processed: 2, next: None },
            "p1 canceled and expired; p2 refused by Stripe stays pending; p3 (an old sandbox intent) expires without a call; p4 completed meanwhile"
        );
    }

    #[tokio::test]
    async fn a_payment_completed_between_the_cancel_and_the_update_is_not_counted() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_pending_card_payments().returning(|_, _, _| Ok(vec!["p1".into()]));
        m.payments.expect_find_by_id().returning(|_| Ok(Some(pending_card("p1", PaymentProvider::Sandbox))));
        m.gateway.expect_cancel_intent().times(1).returning(|id, _| Ok(answer(id, IntentStatus::Canceled)));
        m.payments.expect_update_status().times(1).returning(|_, _, _| Ok(None));
        assert_eq!(m.service().expire_abandoned_card_payments(DAY, None).await.expect("step"), Step { processed: 0, next: None });
    }

    #[tokio::test]
    async fn an_unreachable_provider_fails_the_step_and_changes_nothing() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_pending_card_payments().returning(|_, _, _| Ok(vec!["p1".into()]));
        m.payments.expect_find_by_id().returning(|_| Ok(Some(pending_card("p1", PaymentProvider::Stripe))));
        m.gateway.expect_cancel_intent().returning(|_, _| Err(GatewayError::Unavailable("down".into())));
        m.payments.expect_update_status().never();
        assert!(matches!(m.service().expire_abandoned_card_payments(DAY, None).await, Err(PaymentError::Gateway(_))));
    }

    #[tokio::test]
    async fn a_full_batch_answers_a_cursor_and_the_next_step_starts_after_it() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        let ids: Vec<PaymentId> = (101..=100 + EXPIRY_BATCH).map(|n| format!("p{n:04}").into()).collect();
        let last = ids.last().cloned().expect("last");
        m.payments
            .expect_pending_card_payments()
            .with(mockall::predicate::always(), eq(Some(PaymentId::from("p0100".to_owned()))), eq(EXPIRY_BATCH))
            .times(1)
            .returning(move |_, _, _| Ok(ids.clone()));
        m.payments.expect_find_by_id().returning(|id| Ok(Some(pending_card(id, PaymentProvider::Stripe))));
        m.gateway.expect_cancel_intent().returning(|id, _| Ok(answer(id, IntentStatus::Canceled)));
        m.payments.expect_update_status().returning(|id, _, _| Ok(Some(payment(id, PaymentStatus::Expired, PaymentProvider::Stripe))));
        let step = m.service().expire_abandoned_card_payments(DAY, Some("p0100".into())).await.expect("step");
        assert_eq!(step, Step { processed: EXPIRY_BATCH, next: Some(last.to_string()) });
    }
}

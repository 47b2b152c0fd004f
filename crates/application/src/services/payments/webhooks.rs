//! Provider webhooks: signed events, each applied once.

use mandir_domain::payment::{self, PaymentStatus, StatusChangeBy};

use super::{PaymentError, PaymentService};
use crate::ports::{ProviderEventKind, StatusChange, WebhookError, WebhookOutcome, WebhookRecord};

impl PaymentService {
    /// A signed provider event: verified, then applied once (a replay changes nothing).
    #[tracing::instrument(skip_all)]
    pub async fn handle_webhook(&self, payload: &[u8], signature: Option<&str>) -> Result<(), PaymentError> {
        let verifier = self.webhooks.as_ref().ok_or(PaymentError::WebhooksNotConfigured)?;
        let header = signature.ok_or(PaymentError::BadSignature)?;
        let now = self.clock.now();
        let event = verifier.verify(payload, header, now).map_err(|error| match error {
            WebhookError::InvalidSignature => PaymentError::BadSignature,
            WebhookError::Malformed => PaymentError::MalformedEvent,
        })?;
        let guarded = |to| Some(StatusChange { to, allowed_from: PaymentStatus::sources_of(to, StatusChangeBy::Provider) });
        let (transaction_id, change) = match &event.kind {
            ProviderEventKind::IntentSucceeded { intent_id, amount, currency } => {
                let stored = self.payments.find_by_transaction_id(intent_id).await?;
                let mismatch = stored.as_ref().is_some_and(|p| {
                    amount.is_some_and(|a| a != p.amount) || currency.as_deref().is_some_and(|c| !c.eq_ignore_ascii_case(payment::CURRENCY))
                });
                if mismatch {
                    tracing::error!(event = %event.id, intent = %intent_id, ?amount, ?currency, "paid amount differs from the recorded payment; not completing it");
                    (Some(intent_id.clone()), None)
                } else {
                    (Some(intent_id.clone()), guarded(PaymentStatus::Completed))
                }
            }
            ProviderEventKind::IntentFailed { intent_id } => (Some(intent_id.clone()), guarded(PaymentStatus::Failed)),
            ProviderEventKind::ChargeRefunded { intent_id, fully_refunded: true, .. } => {
                (intent_id.clone(), guarded(PaymentStatus::Refunded))
            }
            // A partial refund: the payment stays completed, with the refunded part recorded.
            ProviderEventKind::ChargeRefunded { intent_id, fully_refunded: false, .. } => (intent_id.clone(), None),
            ProviderEventKind::Other => (None, None),
        };
        let refunded = match &event.kind {
            ProviderEventKind::ChargeRefunded { amount_refunded: Some(amount), .. } => Some(*amount),
            // A full refund without an amount: all of the payment.
            ProviderEventKind::ChargeRefunded { intent_id: Some(intent_id), amount_refunded: None, fully_refunded: true } => {
                self.payments.find_by_transaction_id(intent_id).await?.map(|p| p.amount)
            }
            _ => None,
        };
        let record =
            WebhookRecord { event_id: event.id.clone(), event_type: event.event_type.clone(), transaction_id, change, refunded, now };
        match self.payments.apply_webhook_event(record).await? {
            WebhookOutcome::AlreadyProcessed => tracing::info!(event = %event.id, "webhook event already processed"),
            WebhookOutcome::Applied(p) => {
                tracing::info!(event = %event.id, payment = %p.id, status = %p.status, "webhook applied");
                if p.status == PaymentStatus::Completed {
                    self.receipts.wake();
                }
            }
            WebhookOutcome::Unchanged => tracing::info!(event = %event.id, kind = %event.event_type, "webhook acknowledged"),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{ProviderEvent, ProviderEventKind};
    use crate::services::payments::fixtures::*;
    use crate::services::payments::*;
    use mandir_domain::{ErrorKind, Failure};

    fn webhook_mocks(kind: ProviderEventKind) -> Mocks {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        let mut verifier = MockWebhookVerifier::new();
        verifier.expect_verify().returning(move |_, header, _| {
            if header == "good" {
                Ok(ProviderEvent { id: "evt_1".into(), event_type: "some.type".into(), kind: kind.clone() })
            } else {
                Err(WebhookError::InvalidSignature)
            }
        });
        m.webhooks = Some(verifier);
        m
    }

    #[tokio::test]
    async fn webhook_needs_configuration_and_a_valid_signature() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_apply_webhook_event().never();
        assert!(matches!(m.service().handle_webhook(b"{}", Some("good")).await, Err(PaymentError::WebhooksNotConfigured)));
        let mut m = webhook_mocks(ProviderEventKind::Other);
        m.payments.expect_apply_webhook_event().never();
        let service = m.service();
        let error = service.handle_webhook(b"{}", Some("bad")).await.expect_err("bad");
        assert!(matches!(error, PaymentError::BadSignature));
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert!(matches!(service.handle_webhook(b"{}", None).await, Err(PaymentError::BadSignature)));
    }

    #[tokio::test]
    async fn webhook_success_completes_the_payment_once() {
        let mut m = webhook_mocks(ProviderEventKind::IntentSucceeded {
            intent_id: "pi_1".into(),
            amount: Some(Money::from_cents(2500)),
            currency: Some("usd".into()),
        });
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        let mut seq = mockall::Sequence::new();
        m.payments
            .expect_apply_webhook_event()
            .withf(|r| {
                r.event_id == "evt_1"
                    && r.transaction_id.as_deref() == Some("pi_1")
                    && r.change
                        == Some(StatusChange {
                            to: PaymentStatus::Completed,
                            allowed_from: vec![PaymentStatus::Pending, PaymentStatus::Failed],
                        })
            })
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(WebhookOutcome::Applied(Box::new(card_payment(PaymentStatus::Completed, PaymentProvider::Stripe)))));
        m.payments.expect_apply_webhook_event().times(1).in_sequence(&mut seq).returning(|_| Ok(WebhookOutcome::AlreadyProcessed));
        let wakes = m.wakes.clone();
        let service = m.service();
        service.handle_webhook(b"{}", Some("good")).await.expect("applied");
        service.handle_webhook(b"{}", Some("good")).await.expect("replay acknowledged");
        assert_eq!(wakes.count(), 1, "the receipt sender is woken for the completion only, not for the replay");
    }

    #[tokio::test]
    async fn webhook_with_a_different_amount_does_not_complete() {
        let mut m = webhook_mocks(ProviderEventKind::IntentSucceeded {
            intent_id: "pi_1".into(),
            amount: Some(Money::from_cents(100)),
            currency: None,
        });
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        m.payments.expect_apply_webhook_event().withf(|r| r.change.is_none()).times(1).returning(|_| Ok(WebhookOutcome::Unchanged));
        m.service().handle_webhook(b"{}", Some("good")).await.expect("acknowledged");
    }

    #[tokio::test]
    async fn webhook_failure_refund_and_unknown_types() {
        let refund = |cents: Option<i64>, fully_refunded| ProviderEventKind::ChargeRefunded {
            intent_id: Some("pi_1".into()),
            amount_refunded: cents.map(Money::from_cents),
            fully_refunded,
        };
        let to_refunded = Some((PaymentStatus::Refunded, vec![PaymentStatus::Completed]));
        for (kind, expected, refunded) in [
            (
                ProviderEventKind::IntentFailed { intent_id: "pi_1".into() },
                Some((PaymentStatus::Failed, vec![PaymentStatus::Pending])),
                None,
            ),
            (refund(Some(2500), true), to_refunded.clone(), Some(2500)),
            // A full refund reported without an amount: the payment's whole amount.
            (refund(None, true), to_refunded, Some(2500)),
            // A partial refund keeps the payment completed and records the refunded part.
            (refund(Some(1000), false), None, Some(1000)),
            (ProviderEventKind::Other, None, None),
        ] {
            let mut m = webhook_mocks(kind);
            m.payments
                .expect_find_by_transaction_id()
                .returning(|_| Ok(Some(card_payment(PaymentStatus::Completed, PaymentProvider::Stripe))));
            let expected = expected.map(|(to, allowed_from)| StatusChange { to, allowed_from });
            let refunded = refunded.map(Money::from_cents);
            m.payments
                .expect_apply_webhook_event()
                .withf(move |r| r.change == expected && r.refunded == refunded)
                .times(1)
                .returning(|_| Ok(WebhookOutcome::Unchanged));
            m.service().handle_webhook(b"{}", Some("good")).await.expect("acknowledged");
        }
    }
}

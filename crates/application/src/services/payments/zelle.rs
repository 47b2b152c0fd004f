//! Zelle donations: recorded as pending until an admin marks them received.

use mandir_domain::payment::{DonationInput, Payment, PaymentMethodKind, PaymentProvider};

use super::{Inserted, Payer, PaymentError, PaymentService, same_or_conflict};

impl PaymentService {
    /// Records a Zelle donation as pending until an admin marks it received, under a
    /// server-generated receipt number. With an `Idempotency-Key`, a repeat answers the same payment.
    #[tracing::instrument(skip_all)]
    pub async fn confirm_zelle(&self, payer: &Payer, input: DonationInput, idempotency_key: Option<&str>) -> Result<Payment, PaymentError> {
        let method = PaymentMethodKind::Zelle;
        let donor = payer.donor();
        let mut opening = self.open(payer, input, idempotency_key, method).await?;
        if let Some(existing) = opening.existing.take() {
            return Ok(existing);
        }
        let record = opening.pending_payment(donor, method, PaymentProvider::Zelle, self.clock.now());
        match self.insert(record).await? {
            Inserted::New(payment) => {
                tracing::info!(payment = %payment.id, amount = %payment.amount, "zelle payment recorded");
                Ok(payment)
            }
            Inserted::Existing(existing) => same_or_conflict(existing, method, donor, &opening.donation),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::payments::fixtures::*;
    use crate::services::payments::*;
    use mandir_domain::payment;

    #[tokio::test]
    async fn zelle_is_recorded_pending_with_a_server_receipt() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.events.expect_get().returning(|id| Ok(Some(event(id, 0))));
        m.payments
            .expect_create()
            .withf(|r| {
                r.status == PaymentStatus::Pending
                    && r.provider == PaymentProvider::Zelle
                    && r.method == PaymentMethodKind::Zelle
                    && r.transaction_id.is_none()
                    && r.event_name.as_deref() == Some("Diwali")
                    && payment::is_receipt_number(&r.receipt_number)
            })
            .times(1)
            .returning(|r| Ok(stored(r)));
        m.gateway.expect_create_intent().never();
        let payment =
            m.service().confirm_zelle(&member_payer(), input(NumberInput::text("25.00"), Some("e1")), None).await.expect("recorded");
        assert_eq!(payment.status, PaymentStatus::Pending);
        assert_eq!(payment.method, PaymentMethodKind::Zelle);
    }

    #[tokio::test]
    async fn zelle_repeat_with_the_same_key_answers_the_same_payment() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let existing = Payment {
            method: PaymentMethodKind::Zelle,
            provider: PaymentProvider::Zelle,
            ..card_payment(PaymentStatus::Pending, PaymentProvider::Zelle)
        };
        m.payments.expect_find_by_idempotency_key().returning(move |_| Ok(Some(existing.clone())));
        m.payments.expect_create().never();
        let payment = m.service().confirm_zelle(&guest(), input(dollars(25.0), None), Some("key-1")).await.expect("same");
        assert_eq!(payment.id, "p1");
    }
}

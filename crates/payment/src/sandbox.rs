//! The offline provider: intents are made up locally, so the whole card flow runs without keys
//! or a network. The payments table is its record of what happened; the confirm step lives in
//! the application's payment service.

use async_trait::async_trait;
use hmac::{Hmac, Mac};
use mandir_application::ports::{GatewayError, GatewayIntent, GatewayRefund, IntentRequest, IntentStatus, PaymentGateway};
use mandir_domain::Money;
use mandir_domain::payment::PaymentProvider;
use sha2::Sha256;

const PREFIX: &str = "pi_sandbox_";

/// Creates intents `pi_sandbox_<random>` with client secrets `<id>_secret_<random>`. Both are
/// keyed hashes: the id of the idempotency key (so a retry gets the same intent, in any process
/// sharing the key) and the secret of the id (so it can be given again without being stored).
#[derive(Clone)]
pub struct SandboxPaymentGateway {
    key: Vec<u8>,
}

impl std::fmt::Debug for SandboxPaymentGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SandboxPaymentGateway").finish_non_exhaustive()
    }
}

impl SandboxPaymentGateway {
    /// `key` is a server secret (at least 32 bytes recommended).
    pub fn new(key: impl Into<Vec<u8>>) -> Self {
        Self { key: key.into() }
    }

    fn keyed(&self, label: &str, value: &str, chars: usize) -> String {
        // HMAC accepts keys of any length, so this cannot fail.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key).unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
        mac.update(label.as_bytes());
        mac.update(b":");
        mac.update(value.as_bytes());
        let mut text = hex::encode(mac.finalize().into_bytes());
        text.truncate(chars);
        text
    }

    fn client_secret(&self, id: &str) -> String {
        format!("{id}_secret_{}", self.keyed("secret", id, 24))
    }

    fn is_sandbox_id(id: &str) -> bool {
        id.strip_prefix(PREFIX).is_some_and(|rest| rest.len() == 24 && rest.bytes().all(|b| b.is_ascii_hexdigit()))
    }
}

#[async_trait]
impl PaymentGateway for SandboxPaymentGateway {
    fn provider(&self) -> PaymentProvider {
        PaymentProvider::Sandbox
    }

    async fn create_intent(&self, request: IntentRequest) -> Result<GatewayIntent, GatewayError> {
        let id = format!("{PREFIX}{}", self.keyed("intent", &request.idempotency_key, 24));
        Ok(GatewayIntent {
            client_secret: Some(self.client_secret(&id)),
            id,
            status: IntentStatus::RequiresPaymentMethod,
            amount: Some(request.amount),
            currency: Some(request.currency),
        })
    }

    /// The sandbox keeps no intents: it can give the secret back, but not an outcome (its
    /// status always reads `requires_payment_method`; the payments table has the outcome).
    async fn retrieve_intent(&self, id: &str) -> Result<GatewayIntent, GatewayError> {
        if !Self::is_sandbox_id(id) {
            return Err(GatewayError::NotFound);
        }
        Ok(GatewayIntent {
            id: id.to_owned(),
            client_secret: Some(self.client_secret(id)),
            status: IntentStatus::RequiresPaymentMethod,
            amount: None,
            currency: None,
        })
    }

    /// Simulates Stripe's cancel: a sandbox intent answers `canceled` (the payments table keeps
    /// the outcome; the sandbox keeps nothing).
    async fn cancel_intent(&self, id: &str, _idempotency_key: &str) -> Result<GatewayIntent, GatewayError> {
        if !Self::is_sandbox_id(id) {
            return Err(GatewayError::NotFound);
        }
        Ok(GatewayIntent { id: id.to_owned(), client_secret: None, status: IntentStatus::Canceled, amount: None, currency: None })
    }

    /// Simulates Stripe's refund: a sandbox intent's refund succeeds at once, with an id keyed on
    /// the idempotency key (the same key answers the same refund). The payments table keeps the
    /// refunded amount; the application checks it against what is left.
    async fn refund(&self, intent_id: &str, amount: Money, idempotency_key: &str) -> Result<GatewayRefund, GatewayError> {
        if !Self::is_sandbox_id(intent_id) {
            return Err(GatewayError::NotFound);
        }
        Ok(GatewayRefund { id: format!("re_sandbox_{}", self.keyed("refund", idempotency_key, 24)), amount, status: "succeeded".into() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mandir_domain::Money;
    use mandir_domain::payment::DonationTarget;

    fn request(key: &str) -> IntentRequest {
        IntentRequest {
            amount: Money::from_cents(2500),
            currency: "usd".into(),
            target: DonationTarget::Direct,
            donation_details: vec![],
            idempotency_key: key.into(),
            receipt_email: None,
            donor_name: None,
        }
    }

    #[tokio::test]
    async fn intents_look_like_stripe_and_repeat_for_the_same_key() {
        let gateway = SandboxPaymentGateway::new(b"0123456789abcdef0123456789abcdef".to_vec());
        let first = gateway.create_intent(request("k1")).await.expect("intent");
        let again = gateway.create_intent(request("k1")).await.expect("intent");
        let other = gateway.create_intent(request("k2")).await.expect("intent");
        assert!(first.id.starts_with("pi_sandbox_"), "{}", first.id);
        let secret = first.client_secret.clone().expect("secret");
        assert!(secret.starts_with(&format!("{}_secret_", first.id)), "{secret}");
        assert_eq!(first, again);
        assert_ne!(first.id, other.id);
        assert_ne!(first.client_secret, other.client_secret);
        assert_eq!(first.status, IntentStatus::RequiresPaymentMethod);
        assert_eq!(gateway.provider(), PaymentProvider::Sandbox);

        let read = gateway.retrieve_intent(&first.id).await.expect("read back");
        assert_eq!(read.client_secret, first.client_secret);
        assert!(matches!(gateway.retrieve_intent("pi_3Nabc").await, Err(GatewayError::NotFound)));
        let canceled = gateway.cancel_intent(&first.id, "expire").await.expect("canceled");
        assert_eq!((canceled.id, canceled.status), (first.id.clone(), IntentStatus::Canceled));
        assert!(matches!(gateway.cancel_intent("pi_3Nabc", "expire").await, Err(GatewayError::NotFound)));
        let refund = gateway.refund(&first.id, Money::from_cents(1000), "refund-1").await.expect("refunded");
        assert!(refund.id.starts_with("re_sandbox_") && refund.status == "succeeded", "{refund:?}");
        assert_eq!(refund.amount, Money::from_cents(1000));
        assert_eq!(gateway.refund(&first.id, Money::from_cents(1000), "refund-1").await.expect("again").id, refund.id);
        assert!(matches!(gateway.refund("pi_3Nabc", Money::from_cents(1), "k").await, Err(GatewayError::NotFound)));
    }

    #[tokio::test]
    async fn another_key_gives_other_secrets() {
        let a = SandboxPaymentGateway::new(b"key-a".to_vec()).create_intent(request("k")).await.expect("a");
        let b = SandboxPaymentGateway::new(b"key-b".to_vec()).create_intent(request("k")).await.expect("b");
        assert_ne!(a.id, b.id);
    }
}

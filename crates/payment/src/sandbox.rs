//! The offline provider: intents are made up locally, so the whole card flow runs without keys
//! or a network. The payments table is its record of what happened; the confirm step lives in
//! the application's payment service.
//!
//! Saved cards for recurring gifts (docs/decisions/0136-recurring-gifts-charged-by-our-own-job.md)
//! are simulated the same way, with nothing kept: a setup `seti_sandbox_<hex>` on a customer
//! `cus_sandbox_<hex>`, both keyed on the idempotency key; the sandbox's card form hands the card
//! to [`PaymentGateway::save_test_card`], which answers a payment method
//! `pm_sandbox_<last4>_<hex>`. Charging it reads the last four digits back out of the id and,
//! like Stripe's test cards, declines `0341` (`card_declined`), `9995` (`insufficient_funds`) and
//! `3155` (`authentication_required`); any other card succeeds at once.

use async_trait::async_trait;
use hmac::{Hmac, Mac};
use mandir_application::ports::{
    GatewayError, GatewayIntent, GatewayRefund, GatewaySetup, IntentRequest, IntentStatus, PaymentGateway, SavedCard, SavedCharge,
    SetupRequest, TestCard,
};
use mandir_domain::Money;
use mandir_domain::payment::PaymentProvider;
use sha2::Sha256;

const PREFIX: &str = "pi_sandbox_";
const SETUP_PREFIX: &str = "seti_sandbox_";
const CUSTOMER_PREFIX: &str = "cus_sandbox_";
const METHOD_PREFIX: &str = "pm_sandbox_";

/// The test cards whose off-session charge fails, as Stripe's: last four digits, decline code
/// and the message shown.
const DECLINES: [(&str, &str, &str); 3] = [
    ("0341", "card_declined", "Your card was declined."),
    ("9995", "insufficient_funds", "Your card has insufficient funds."),
    ("3155", "authentication_required", "Your bank asks you to confirm this payment."),
];

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
        id.strip_prefix(PREFIX).is_some_and(is_hex24)
    }

    fn is_sandbox_setup(id: &str) -> bool {
        id.strip_prefix(SETUP_PREFIX).is_some_and(is_hex24)
    }

    /// The last four digits of a sandbox payment method (`pm_sandbox_<last4>_<hex>`).
    fn method_last4(id: &str) -> Option<&str> {
        let (last4, hex) = id.strip_prefix(METHOD_PREFIX)?.split_once('_')?;
        (is_last4(last4) && is_hex24(hex)).then_some(last4)
    }
}

fn is_hex24(text: &str) -> bool {
    text.len() == 24 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

fn is_last4(text: &str) -> bool {
    text.len() == 4 && text.bytes().all(|b| b.is_ascii_digit())
}

fn invalid_card(message: &str) -> GatewayError {
    GatewayError::Rejected { kind: "invalid_request_error".into(), code: None, message: message.into() }
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

    /// A setup and customer keyed on the idempotency key (the same key answers the same setup);
    /// a card update keeps the customer it was given.
    async fn create_setup(&self, request: SetupRequest) -> Result<GatewaySetup, GatewayError> {
        let id = format!("{SETUP_PREFIX}{}", self.keyed("setup", &request.idempotency_key, 24));
        let customer_id =
            request.customer_id.unwrap_or_else(|| format!("{CUSTOMER_PREFIX}{}", self.keyed("customer", &request.idempotency_key, 24)));
        Ok(GatewaySetup { client_secret: self.client_secret(&id), id, customer_id })
    }

    /// The sandbox's card form does not talk to the gateway and nothing is kept, so a setup never
    /// reads as saved here: the application saves the form's card with `save_test_card`.
    async fn saved_card(&self, setup_id: &str) -> Result<SavedCard, GatewayError> {
        if !Self::is_sandbox_setup(setup_id) {
            return Err(GatewayError::NotFound);
        }
        Err(GatewayError::Rejected {
            kind: "setup_incomplete".into(),
            code: None,
            message: "The sandbox's card form saves the card itself.".into(),
        })
    }

    /// Saves the form's card as `pm_sandbox_<last4>_<hex>` (keyed on the setup and the digits, so
    /// the same form answers the same method). The brand is always `visa`: the form gives only
    /// the last four digits.
    async fn save_test_card(&self, setup_id: &str, card: TestCard) -> Result<SavedCard, GatewayError> {
        if !Self::is_sandbox_setup(setup_id) {
            return Err(GatewayError::NotFound);
        }
        if !is_last4(&card.last4) {
            return Err(invalid_card("The card's last four digits must be four digits."));
        }
        if !(1..=12).contains(&card.exp_month) {
            return Err(invalid_card("The card's expiry month must be 1 to 12."));
        }
        let hex = self.keyed("method", &format!("{setup_id}:{}", card.last4), 24);
        Ok(SavedCard {
            payment_method_id: format!("{METHOD_PREFIX}{}_{hex}", card.last4),
            brand: "visa".into(),
            last4: card.last4,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        })
    }

    /// Declines Stripe's failing test cards (see the module docs); any other card's charge
    /// succeeds at once, as `pi_sandbox_<hex>` keyed on the idempotency key.
    async fn charge_saved(&self, request: SavedCharge) -> Result<GatewayIntent, GatewayError> {
        let last4 = Self::method_last4(&request.payment_method_id).ok_or(GatewayError::NotFound)?;
        if let Some((_, code, message)) = DECLINES.iter().find(|(digits, _, _)| *digits == last4) {
            return Err(GatewayError::Rejected { kind: "card_error".into(), code: Some((*code).into()), message: (*message).into() });
        }
        Ok(GatewayIntent {
            id: format!("{PREFIX}{}", self.keyed("charge", &request.idempotency_key, 24)),
            client_secret: None,
            status: IntentStatus::Succeeded,
            amount: Some(request.amount),
            currency: Some(request.currency),
        })
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

    fn gateway() -> SandboxPaymentGateway {
        SandboxPaymentGateway::new(b"0123456789abcdef0123456789abcdef".to_vec())
    }

    fn setup_request(key: &str, customer_id: Option<&str>) -> SetupRequest {
        SetupRequest {
            idempotency_key: key.into(),
            email: "ravi@example.org".into(),
            name: "Ravi Kumar".into(),
            customer_id: customer_id.map(str::to_owned),
        }
    }

    fn card(last4: &str) -> TestCard {
        TestCard { last4: last4.into(), exp_month: 12, exp_year: 2028 }
    }

    fn charge(method: &str, key: &str) -> SavedCharge {
        SavedCharge {
            amount: Money::from_cents(2500),
            currency: "usd".into(),
            customer_id: "cus_sandbox_0".into(),
            payment_method_id: method.into(),
            idempotency_key: key.into(),
            receipt_email: Some("ravi@example.org".into()),
            description: "Monthly gift".into(),
            recurring_gift_id: "gift-1".into(),
        }
    }

    #[tokio::test]
    async fn setups_look_like_stripe_and_repeat_for_the_same_key() {
        let gateway = gateway();
        let first = gateway.create_setup(setup_request("s1", None)).await.expect("setup");
        let again = gateway.create_setup(setup_request("s1", None)).await.expect("setup");
        let other = gateway.create_setup(setup_request("s2", None)).await.expect("setup");
        assert_eq!(first, again);
        assert_ne!(first.id, other.id);
        assert_ne!(first.customer_id, other.customer_id);
        assert!(SandboxPaymentGateway::is_sandbox_setup(&first.id), "{}", first.id);
        assert!(first.client_secret.starts_with(&format!("{}_secret_", first.id)), "{}", first.client_secret);
        let rest = first.customer_id.strip_prefix("cus_sandbox_").expect("customer");
        assert!(is_hex24(rest), "{}", first.customer_id);
        let update = gateway.create_setup(setup_request("s3", Some("cus_sandbox_kept"))).await.expect("update");
        assert_eq!(update.customer_id, "cus_sandbox_kept");
    }

    #[tokio::test]
    async fn test_cards_are_saved_on_sandbox_setups_only() {
        let gateway = gateway();
        let setup = gateway.create_setup(setup_request("s1", None)).await.expect("setup");
        let incomplete = gateway.saved_card(&setup.id).await;
        assert!(matches!(&incomplete, Err(GatewayError::Rejected { kind, .. }) if kind == "setup_incomplete"), "{incomplete:?}");
        assert!(matches!(gateway.saved_card("seti_1Abc").await, Err(GatewayError::NotFound)));

        let saved = gateway.save_test_card(&setup.id, card("4242")).await.expect("saved");
        assert_eq!((saved.brand.as_str(), saved.last4.as_str(), saved.exp_month, saved.exp_year), ("visa", "4242", 12, 2028));
        assert!(saved.payment_method_id.starts_with("pm_sandbox_4242_"), "{}", saved.payment_method_id);
        assert_eq!(SandboxPaymentGateway::method_last4(&saved.payment_method_id), Some("4242"));
        assert_eq!(gateway.save_test_card(&setup.id, card("4242")).await.expect("again"), saved);
        let other = gateway.create_setup(setup_request("s2", None)).await.expect("setup");
        assert_ne!(gateway.save_test_card(&other.id, card("4242")).await.expect("other").payment_method_id, saved.payment_method_id);

        assert!(matches!(gateway.save_test_card("seti_1Abc", card("4242")).await, Err(GatewayError::NotFound)));
        for bad in [
            card("424"),
            card("42a2"),
            card("42424"),
            TestCard { exp_month: 13, ..card("4242") },
            TestCard { exp_month: 0, ..card("4242") },
        ] {
            let refused = gateway.save_test_card(&setup.id, bad.clone()).await;
            assert!(
                matches!(&refused, Err(GatewayError::Rejected { kind, .. }) if kind == "invalid_request_error"),
                "{bad:?}: {refused:?}"
            );
        }
    }

    #[tokio::test]
    async fn saved_cards_are_charged_once_per_key() {
        let gateway = gateway();
        let setup = gateway.create_setup(setup_request("s1", None)).await.expect("setup");
        let method = gateway.save_test_card(&setup.id, card("4242")).await.expect("saved").payment_method_id;
        let first = gateway.charge_saved(charge(&method, "recurring:gift-1:2025-01")).await.expect("charged");
        let again = gateway.charge_saved(charge(&method, "recurring:gift-1:2025-01")).await.expect("charged");
        let next = gateway.charge_saved(charge(&method, "recurring:gift-1:2025-02")).await.expect("charged");
        assert_eq!(first, again);
        assert_ne!(first.id, next.id);
        assert!(SandboxPaymentGateway::is_sandbox_id(&first.id), "{}", first.id);
        assert_eq!(first.status, IntentStatus::Succeeded);
        assert_eq!((first.amount, first.currency.as_deref(), first.client_secret), (Some(Money::from_cents(2500)), Some("usd"), None));
        // The charge is a sandbox intent like any other: it can be refunded.
        assert!(gateway.refund(&first.id, Money::from_cents(2500), "refund-1").await.is_ok());
    }

    #[tokio::test]
    async fn stripes_failing_test_cards_decline_off_session() {
        let gateway = gateway();
        let setup = gateway.create_setup(setup_request("s1", None)).await.expect("setup");
        for (last4, expected_code, expected_message) in [
            ("0341", "card_declined", "Your card was declined."),
            ("9995", "insufficient_funds", "Your card has insufficient funds."),
            ("3155", "authentication_required", "Your bank asks you to confirm this payment."),
        ] {
            let method = gateway.save_test_card(&setup.id, card(last4)).await.expect("saves fine").payment_method_id;
            match gateway.charge_saved(charge(&method, "k")).await {
                Err(GatewayError::Rejected { kind, code, message }) => {
                    assert_eq!((kind.as_str(), code.as_deref(), message.as_str()), ("card_error", Some(expected_code), expected_message));
                }
                other => panic!("{last4}: expected a decline, got {other:?}"),
            }
        }
    }

    #[tokio::test]
    async fn charging_a_method_that_is_not_the_sandboxs_is_not_found() {
        let gateway = gateway();
        for method in [
            "pm_1Abc",
            "pm_sandbox_4242",
            "pm_sandbox_42a2_0123456789abcdef01234567",
            "pm_sandbox_4242_0123",
            "pi_sandbox_0123456789abcdef01234567",
        ] {
            assert!(matches!(gateway.charge_saved(charge(method, "k")).await, Err(GatewayError::NotFound)), "{method}");
        }
    }

    #[tokio::test]
    async fn another_key_gives_other_secrets() {
        let a = SandboxPaymentGateway::new(b"key-a".to_vec()).create_intent(request("k")).await.expect("a");
        let b = SandboxPaymentGateway::new(b"key-b".to_vec()).create_intent(request("k")).await.expect("b");
        assert_ne!(a.id, b.id);
    }
}

//! Card payments: the provider's intent (Stripe or the offline sandbox), the sandbox's confirm
//! step, and the confirmation page.

use mandir_domain::payment::{DonationInput, Payment, PaymentMethodKind, PaymentProvider, PaymentStatus, StatusChangeBy};
use subtle::ConstantTimeEq;

use super::{
    ALREADY_CONFIRMED, CONFIRMATION_PATH, IDEMPOTENCY_KEY_REUSED, Inserted, OUTCOME_INVALID, PAYMENT_EXPIRED, Payer, PaymentError,
    PaymentService, SANDBOX_OUTCOMES, invalid, same_or_conflict,
};
use crate::ports::{GatewayError, GatewayIntent, IntentRequest, IntentStatus, NewPayment};
use crate::services::{hash_secret, new_id};

/// A card payment ready for the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedIntent {
    pub payment_intent_id: String,
    pub client_secret: String,
    pub provider: PaymentProvider,
    pub payment: Payment,
}

/// The sandbox's answer to its confirm step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxConfirmation {
    pub redirect_url: String,
    pub payment: Payment,
}

/// Compares a client secret with the stored SHA-256 without revealing where they differ.
fn secret_matches(secret: &str, stored_hash: Option<&str>) -> bool {
    let Some(stored) = stored_hash else { return false };
    let computed = hash_secret(secret);
    computed.as_bytes().ct_eq(stored.as_bytes()).into()
}

/// Percent-encodes a query value (RFC 3986 unreserved characters pass).
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect()
}

/// `/payment-confirmation?payment_intent=..&payment_intent_client_secret=..&redirect_status=..`, as
/// Stripe redirects.
pub fn confirmation_url(intent_id: &str, client_secret: &str, redirect_status: &str) -> String {
    format!(
        "{CONFIRMATION_PATH}?payment_intent={}&payment_intent_client_secret={}&redirect_status={}",
        encode(intent_id),
        encode(client_secret),
        encode(redirect_status)
    )
}

impl PaymentService {
    /// The intent behind a stored card payment, read back from the provider with its secret.
    async fn intent_of(&self, existing: Payment) -> Result<CreatedIntent, PaymentError> {
        let intent_id = existing.transaction_id.clone().ok_or(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED))?;
        let intent = match self.gateway.retrieve_intent(&intent_id).await {
            Ok(intent) => intent,
            Err(GatewayError::NotFound) => return Err(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED)),
            Err(other) => return Err(other.into()),
        };
        self.answer(intent, existing)
    }

    fn answer(&self, intent: GatewayIntent, payment: Payment) -> Result<CreatedIntent, PaymentError> {
        let client_secret =
            intent.client_secret.ok_or_else(|| PaymentError::Unexpected("the provider's intent has no client secret".into()))?;
        if payment.transaction_id.as_deref() != Some(intent.id.as_str())
            || !secret_matches(&client_secret, payment.client_secret_hash.as_deref())
        {
            return Err(PaymentError::Unexpected("the provider's intent does not match the stored payment".into()));
        }
        Ok(CreatedIntent { payment_intent_id: intent.id, client_secret, provider: payment.provider, payment })
    }

    /// Prepares a card payment: creates the provider's intent and records a pending payment.
    /// With an `Idempotency-Key`, a repeated request answers the same intent and stores nothing new.
    #[tracing::instrument(skip_all)]
    pub async fn create_payment_intent(
        &self,
        payer: &Payer,
        input: DonationInput,
        idempotency_key: Option<&str>,
    ) -> Result<CreatedIntent, PaymentError> {
        let method = PaymentMethodKind::CreditCard;
        let donor = payer.donor();
        let mut opening = self.open(payer, input, idempotency_key, method).await?;
        if let Some(existing) = opening.existing.take() {
            return self.intent_of(existing).await;
        }
        // Without a key from the client, one of our own still makes the provider call safe to retry.
        let key = opening.key.get_or_insert_with(new_id).clone();
        let intent = self
            .gateway
            .create_intent(IntentRequest {
                amount: opening.donation.amount,
                currency: mandir_domain::payment::CURRENCY.to_owned(),
                target: opening.donation.target.clone(),
                donation_details: opening.donation.details.clone(),
                idempotency_key: key,
                receipt_email: Some(opening.identity.email.clone()),
                donor_name: Some(opening.identity.name.clone()),
            })
            .await?;
        let client_secret =
            intent.client_secret.clone().ok_or_else(|| PaymentError::Unexpected("the provider's intent has no client secret".into()))?;
        let record = NewPayment {
            transaction_id: Some(intent.id.clone()),
            client_secret_hash: Some(hash_secret(&client_secret)),
            ..opening.pending_payment(donor, method, self.gateway.provider(), self.clock.now())
        };
        match self.insert(record).await? {
            Inserted::New(payment) => {
                tracing::info!(payment = %payment.id, intent = %intent.id, amount = %payment.amount, "card payment started");
                self.answer(intent, payment)
            }
            // A concurrent request with the same key stored its payment first.
            Inserted::Existing(existing) => {
                let existing = same_or_conflict(existing, method, donor, &opening.donation)?;
                if existing.transaction_id.as_deref() == Some(intent.id.as_str()) {
                    self.answer(intent, existing)
                } else {
                    self.intent_of(existing).await
                }
            }
        }
    }

    /// The card payment for an intent, to its holder of the client secret; 404 otherwise.
    async fn payment_with_secret(&self, intent_id: &str, client_secret: &str) -> Result<Payment, PaymentError> {
        let payment = self.payments.find_by_transaction_id(intent_id).await?.ok_or(PaymentError::NotFound)?;
        if secret_matches(client_secret, payment.client_secret_hash.as_deref()) { Ok(payment) } else { Err(PaymentError::NotFound) }
    }

    /// The sandbox's confirm step (only when the sandbox is the provider): applies the chosen
    /// outcome and answers where the browser goes next, as Stripe redirects.
    #[tracing::instrument(skip_all)]
    pub async fn confirm_sandbox(&self, intent_id: &str, client_secret: &str, outcome: &str) -> Result<SandboxConfirmation, PaymentError> {
        if self.gateway.provider() != PaymentProvider::Sandbox {
            return Err(PaymentError::NotFound);
        }
        let Some(&(_, target)) = SANDBOX_OUTCOMES.iter().find(|(text, _)| *text == outcome) else {
            return Err(invalid("outcome", OUTCOME_INVALID));
        };
        let payment = self.payment_with_secret(intent_id, client_secret).await?;
        if payment.provider != PaymentProvider::Sandbox {
            return Err(PaymentError::NotFound);
        }
        // A completed payment cannot be confirmed again; a failed one may be retried.
        if matches!(payment.status, PaymentStatus::Completed | PaymentStatus::Refunded) {
            return Err(PaymentError::Conflict(ALREADY_CONFIRMED));
        }
        if payment.status == PaymentStatus::Expired {
            return Err(PaymentError::Conflict(PAYMENT_EXPIRED));
        }
        let payment = match target {
            // Processing leaves the payment as it is (pending, or failed from an earlier attempt).
            None => payment,
            Some(to) if payment.status == to => payment,
            Some(to) => self.change_status(&payment, to, StatusChangeBy::Provider).await?,
        };
        Ok(SandboxConfirmation { redirect_url: confirmation_url(intent_id, client_secret, outcome), payment })
    }

    /// The card payment behind `/payment-confirmation`, for the holder of its client secret. A
    /// pending Stripe payment is checked with Stripe in case its webhook is late.
    #[tracing::instrument(skip_all)]
    pub async fn payment_for_intent(&self, intent_id: &str, client_secret: &str) -> Result<Payment, PaymentError> {
        let payment = self.payment_with_secret(intent_id, client_secret).await?;
        if payment.status != PaymentStatus::Pending
            || payment.provider != PaymentProvider::Stripe
            || self.gateway.provider() != PaymentProvider::Stripe
        {
            return Ok(payment);
        }
        let intent = match self.gateway.retrieve_intent(intent_id).await {
            Ok(intent) => intent,
            Err(error) => {
                tracing::warn!(%error, intent = intent_id, "could not check the intent with the provider");
                return Ok(payment);
            }
        };
        let to = match intent.status {
            IntentStatus::Succeeded if intent.amount.is_none_or(|a| a == payment.amount) => PaymentStatus::Completed,
            IntentStatus::Canceled => PaymentStatus::Failed,
            _ => return Ok(payment),
        };
        match self.change_status(&payment, to, StatusChangeBy::Provider).await {
            Ok(updated) => Ok(updated),
            // A webhook got there first.
            Err(PaymentError::Conflict(_)) => self.payment_with_secret(intent_id, client_secret).await,
            Err(other) => Err(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::RepoError;
    use crate::services::payments::fixtures::*;
    use crate::services::payments::*;
    use mandir_domain::donation_type::DonationType;
    use mandir_domain::payment::{self, DonationTarget};
    use mandir_domain::{ErrorKind, Failure};

    #[tokio::test]
    async fn guest_direct_donation_creates_intent_and_pending_payment() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let key = crate::services::payments::scoped_key(&guest(), "ravi@example.org", "key-1");
        let stored_key = key.clone();
        m.gateway
            .expect_create_intent()
            .withf(move |r| {
                r.amount == Money::from_cents(2500)
                    && r.currency == "usd"
                    && r.target == DonationTarget::Direct
                    && r.idempotency_key == key
                    && r.receipt_email.as_deref() == Some("ravi@example.org")
                    && r.donor_name.as_deref() == Some("Ravi Kumar")
                    && r.donation_details.len() == 1
            })
            .times(1)
            .returning(|_| Ok(intent("pi_sandbox_1", SECRET)));
        m.payments.expect_find_by_idempotency_key().times(1).returning(|_| Ok(None));
        m.payments
            .expect_create()
            .withf(move |r| {
                r.status == PaymentStatus::Pending
                    && r.method == PaymentMethodKind::CreditCard
                    && r.provider == PaymentProvider::Sandbox
                    && r.transaction_id.as_deref() == Some("pi_sandbox_1")
                    && r.client_secret_hash.as_deref() == Some(hash_secret(SECRET).as_str())
                    && r.user_id.is_none()
                    && r.donor_name.as_deref() == Some("Ravi Kumar")
                    && r.donor_email.as_deref() == Some("ravi@example.org")
                    && r.event_id.is_none()
                    && payment::is_receipt_number(&r.receipt_number)
                    && r.idempotency_key.as_deref() == Some(stored_key.as_str())
            })
            .times(1)
            .returning(|r| Ok(stored(r)));
        let created = m
            .service()
            .create_payment_intent(&guest(), input(dollars(25.0), Some("direct-donation")), Some("key-1"))
            .await
            .expect("created");
        assert_eq!(created.payment_intent_id, "pi_sandbox_1");
        assert_eq!(created.client_secret, SECRET);
        assert_eq!(created.provider, PaymentProvider::Sandbox);
    }

    #[tokio::test]
    async fn event_donation_needs_a_signed_in_member() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        let service = m.service();
        let error = service.create_payment_intent(&guest(), input(dollars(25.0), Some("e1")), None).await.expect_err("guest");
        assert!(matches!(error, PaymentError::Unauthenticated));
        assert_eq!(error.kind(), ErrorKind::Unauthenticated);
        let error = service.confirm_zelle(&guest(), input(dollars(25.0), Some("e1")), None).await.expect_err("guest");
        assert!(matches!(error, PaymentError::Unauthenticated));
    }

    #[tokio::test]
    async fn event_donation_for_unknown_event_is_not_found() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.events.expect_get().returning(|_| Ok(None));
        m.gateway.expect_create_intent().never();
        let error =
            m.service().create_payment_intent(&member_payer(), input(dollars(25.0), Some("nope")), None).await.expect_err("missing");
        assert!(matches!(error, PaymentError::EventNotFound));
        assert_eq!(error.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn member_event_donation_keeps_event_name_and_donor() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.events.expect_get().withf(|id| id == "e1").returning(|id| Ok(Some(event(id, 0))));
        m.gateway
            .expect_create_intent()
            .withf(|r| r.target == DonationTarget::Event("e1".into()) && !r.idempotency_key.is_empty())
            .returning(|_| Ok(intent("pi_1", "pi_1_secret_x")));
        m.payments
            .expect_create()
            .withf(|r| {
                r.event_id.as_deref() == Some("e1")
                    && r.event_name.as_deref() == Some("Diwali")
                    && r.user_id.as_deref() == Some("u1")
                    && r.donor_name.as_deref() == Some("Asha Rao")
                    && r.donor_email.as_deref() == Some("asha@example.org")
                    && r.provider == PaymentProvider::Stripe
            })
            .returning(|r| Ok(stored(r)));
        let created = m.service().create_payment_intent(&member_payer(), input(dollars(25.0), Some("e1")), None).await.expect("created");
        assert_eq!(created.provider, PaymentProvider::Stripe);
        assert_eq!(created.payment.event_name.as_deref(), Some("Diwali"));
    }

    #[tokio::test]
    async fn invalid_amounts_and_details_are_refused_before_the_provider_is_called() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        let service = m.service();
        for (amount, message) in [
            (dollars(0.0), payment::AMOUNT_TOO_SMALL),
            (dollars(0.001), payment::AMOUNT_TOO_SMALL),
            (dollars(-25.0), payment::AMOUNT_TOO_SMALL),
            (dollars(1_000_000.01), payment::AMOUNT_TOO_LARGE),
            (dollars(30.0), payment::DETAILS_DO_NOT_ADD_UP),
        ] {
            let error = service.create_payment_intent(&guest(), input(amount.clone(), None), None).await.expect_err("invalid");
            let fields = error.field_errors().expect("fields");
            assert!(fields.fields().values().any(|m| m == message), "{amount:?}: {fields:?}");
        }
        let error =
            service.create_payment_intent(&guest(), input(dollars(25.0), None), Some("bad key with spaces")).await.expect_err("key");
        assert_eq!(error.field_errors().and_then(|e| e.get("idempotencyKey")), Some(IDEMPOTENCY_KEY_INVALID));
    }

    #[tokio::test]
    async fn idempotency_keys_are_the_payers_own() {
        use crate::services::payments::scoped_key;
        let ravi = scoped_key(&guest(), "Ravi@Example.org ", "k");
        assert_eq!(ravi, scoped_key(&guest(), "ravi@example.org", "k"), "the same guest, however the address is typed");
        assert_ne!(ravi, scoped_key(&guest(), "sita@example.org", "k"), "another guest's key space");
        assert_ne!(ravi, scoped_key(&member_payer(), "ravi@example.org", "k"), "a member's key space");
        let other = Payer::Member(Donor { user_id: "someone-else".into(), ..donor() });
        assert_ne!(scoped_key(&member_payer(), "", "k"), scoped_key(&other, "", "k"));
        assert_eq!(ravi.len(), 64, "fits the column whatever the key's length");

        // Looked up scoped: the same raw key from another guest finds nothing and makes its own.
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let expected = scoped_key(&guest(), "ravi@example.org", "shared-key");
        m.payments.expect_find_by_idempotency_key().withf(move |k| k == expected).times(1).returning(|_| Ok(None));
        m.gateway.expect_create_intent().returning(|_| Ok(intent("pi_sandbox_1", SECRET)));
        m.payments.expect_create().returning(|r| Ok(stored(r)));
        m.service().create_payment_intent(&guest(), input(dollars(25.0), None), Some("shared-key")).await.expect("created");
    }

    #[tokio::test]
    async fn repeated_idempotency_key_answers_the_same_intent_without_a_new_payment() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        m.gateway.expect_retrieve_intent().withf(|id| id == "pi_sandbox_1").returning(|id| Ok(intent(id, SECRET)));
        let again = m.service().create_payment_intent(&guest(), input(dollars(25.0), None), Some("key-1")).await.expect("same");
        assert_eq!(again.payment_intent_id, "pi_sandbox_1");
        assert_eq!(again.client_secret, SECRET);
    }

    #[tokio::test]
    async fn idempotency_key_reused_for_another_payment_is_a_conflict() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.gateway.expect_retrieve_intent().never();
        let details = DonationDetailsInput::Items(vec![DonationItemInput::new("custom", dollars(30.0), "Custom Donation")]);
        let other = DonationInput { donation_details: details, ..input(dollars(30.0), None) };
        let error = m.service().create_payment_intent(&guest(), other, Some("key-1")).await.expect_err("conflict");
        assert!(matches!(error, PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED)));
    }

    #[tokio::test]
    async fn concurrent_request_with_the_same_key_gets_the_stored_intent() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let mut seq = mockall::Sequence::new();
        m.payments.expect_find_by_idempotency_key().times(1).in_sequence(&mut seq).returning(|_| Ok(None));
        m.gateway.expect_create_intent().returning(|_| Ok(intent("pi_sandbox_2", "pi_sandbox_2_secret_zz")));
        m.payments.expect_create().times(1).returning(|_| Err(RepoError::Conflict("idempotency_key".into())));
        m.payments
            .expect_find_by_idempotency_key()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.gateway.expect_retrieve_intent().withf(|id| id == "pi_sandbox_1").returning(|id| Ok(intent(id, SECRET)));
        let created =
            m.service().create_payment_intent(&guest(), input(dollars(25.0), None), Some("key-1")).await.expect("winner's intent");
        assert_eq!(created.payment_intent_id, "pi_sandbox_1");
        assert_eq!(created.payment.id, "p1");
    }

    #[tokio::test]
    async fn receipt_number_collision_draws_another() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(None));
        m.gateway.expect_create_intent().returning(|_| Ok(intent("pi_sandbox_1", SECRET)));
        let mut seq = mockall::Sequence::new();
        m.payments.expect_create().times(1).in_sequence(&mut seq).returning(|_| Err(RepoError::Conflict("receipt_number".into())));
        m.payments
            .expect_find_by_receipt_number()
            .times(1)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments.expect_create().times(1).in_sequence(&mut seq).returning(|r| Ok(stored(r)));
        let created = m.service().create_payment_intent(&guest(), input(dollars(25.0), None), None).await.expect("second receipt");
        assert!(payment::is_receipt_number(created.payment.receipt_number.as_deref().expect("receipt")));
    }

    #[tokio::test]
    async fn busy_idempotency_key_at_the_provider_is_a_conflict() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(None));
        m.gateway.expect_create_intent().returning(|_| Err(GatewayError::IdempotencyConflict("in use".into())));
        let error = m.service().create_payment_intent(&guest(), input(dollars(25.0), None), Some("k")).await.expect_err("busy");
        assert_eq!(error.kind(), ErrorKind::Conflict);
    }

    #[tokio::test]
    async fn provider_failure_is_unexpected_and_stores_nothing() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.gateway.expect_create_intent().returning(|_| Err(GatewayError::Unavailable("timeout".into())));
        m.payments.expect_create().never();
        let error = m.service().create_payment_intent(&guest(), input(dollars(25.0), None), None).await.expect_err("down");
        assert_eq!(error.kind(), ErrorKind::Unexpected);
    }

    // ---- donation items checked against the catalogue ----

    const ANNADANAM: &str = "3f2b8c1e-5d4a-4b6f-9e2d-1a2b3c4d5e6f";

    fn catalogue_type(id: &str, name: &str, is_active: bool) -> DonationType {
        mandir_domain::testing::donation_type(id, name, is_active)
    }

    /// $25 for Annadanam (named "Free food" by the client) and $5 of the donor's own.
    fn catalogue_input() -> DonationInput {
        let details = DonationDetailsInput::Items(vec![
            DonationItemInput::new(ANNADANAM, dollars(20.0), "Free food"),
            DonationItemInput::new("custom", dollars(5.0), "For the roof"),
        ]);
        DonationInput { donation_details: details, ..input(dollars(25.0), None) }
    }

    #[tokio::test]
    async fn item_names_are_taken_from_the_catalogue_and_custom_items_keep_their_label() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.donation_types.expect_get().withf(|id| id == ANNADANAM).times(1).returning(|id| Ok(Some(catalogue_type(id, "Annadanam", true))));
        let named = |details: &[payment::DonationDetail]| {
            details.iter().map(|d| (d.donation_type_id.as_str(), d.name.as_str())).collect::<Vec<_>>()
                == [(ANNADANAM, "Annadanam"), ("custom", "For the roof")]
        };
        m.gateway.expect_create_intent().withf(move |r| named(&r.donation_details)).returning(|_| Ok(intent("pi_sandbox_1", SECRET)));
        m.payments.expect_create().withf(move |r| named(&r.donation_details)).times(1).returning(|r| Ok(stored(r)));
        let created = m.service().create_payment_intent(&guest(), catalogue_input(), None).await.expect("created");
        assert_eq!(created.payment.donation_details[0].name, "Annadanam");
    }

    #[tokio::test]
    async fn unknown_donation_types_are_refused_before_the_provider_is_called() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.donation_types.expect_get().returning(|_| Ok(None));
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        let service = m.service();
        let error = service.create_payment_intent(&guest(), catalogue_input(), None).await.expect_err("unknown");
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert_eq!(error.field_errors().and_then(|e| e.get("donationDetails")), Some(payment::DETAIL_TYPE_UNKNOWN));
        let error = service.confirm_zelle(&guest(), catalogue_input(), None).await.expect_err("unknown");
        assert_eq!(error.field_errors().and_then(|e| e.get("donationDetails")), Some(payment::DETAIL_TYPE_UNKNOWN));
    }

    #[tokio::test]
    async fn inactive_donation_types_are_refused() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.donation_types.expect_get().returning(|id| Ok(Some(catalogue_type(id, "Annadanam", false))));
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        let service = m.service();
        let error = service.create_payment_intent(&guest(), catalogue_input(), None).await.expect_err("inactive");
        assert_eq!(error.field_errors().and_then(|e| e.get("donationDetails")), Some(payment::DETAIL_TYPE_INACTIVE));
        let error = service.confirm_zelle(&guest(), catalogue_input(), None).await.expect_err("inactive");
        assert_eq!(error.field_errors().and_then(|e| e.get("donationDetails")), Some(payment::DETAIL_TYPE_INACTIVE));
    }

    #[tokio::test]
    async fn a_gift_to_a_fund_goes_there_and_a_closed_fund_is_refused() {
        const BUILDING: &str = "6a1f0c2e-8b3d-4e5f-9a7b-0c1d2e3f4a5b";
        let to_fund = || {
            let item = DonationItemInput::Fields {
                donation_type_id: Some("custom".into()),
                amount: dollars(25.0),
                name: Some("Temple Building".into()),
                fund_id: Some(BUILDING.to_uppercase()),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            };
            DonationInput { donation_details: DonationDetailsInput::Items(vec![item]), ..input(dollars(25.0), None) }
        };
        let building =
            |active: bool| mandir_domain::fund::Fund { is_active: active, ..crate::services::funds::tests_support::fund(BUILDING) };
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.funds.expect_get().withf(|id| id == BUILDING).returning(move |_| Ok(Some(building(true))));
        m.gateway.expect_create_intent().returning(|_| Ok(intent("pi_sandbox_1", SECRET)));
        m.payments
            .expect_create()
            .withf(|r| r.donation_details[0].fund_id.as_deref() == Some(BUILDING))
            .times(1)
            .returning(|r| Ok(stored(r)));
        m.service().create_payment_intent(&guest(), to_fund(), None).await.expect("a gift to the fund");

        for found in [Some(building(false)), None] {
            let mut m = Mocks::new(PaymentProvider::Sandbox);
            m.funds.expect_get().returning(move |_| Ok(found.clone()));
            m.gateway.expect_create_intent().never();
            m.payments.expect_create().never();
            let error = m.service().create_payment_intent(&guest(), to_fund(), None).await.expect_err("closed");
            assert_eq!(error.field_errors().and_then(|e| e.get("donationDetails")), Some(payment::DETAIL_FUND_CLOSED));
        }
    }

    #[tokio::test]
    async fn a_retry_after_the_type_was_renamed_answers_the_same_intent() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.donation_types.expect_get().returning(|id| Ok(Some(catalogue_type(id, "Annadanam (renamed)", true))));
        let details = vec![
            payment::DonationDetail {
                fund_id: None,
                donation_type_id: ANNADANAM.into(),
                amount: Money::from_cents(2000),
                name: "Annadanam".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            },
            payment::DonationDetail {
                fund_id: None,
                donation_type_id: "custom".into(),
                amount: Money::from_cents(500),
                name: "For the roof".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            },
        ];
        let earlier = Payment { donation_details: details, ..card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox) };
        m.payments.expect_find_by_idempotency_key().returning(move |_| Ok(Some(earlier.clone())));
        m.gateway.expect_create_intent().never();
        m.gateway.expect_retrieve_intent().returning(|id| Ok(intent(id, SECRET)));
        let again = m.service().create_payment_intent(&guest(), catalogue_input(), Some("key-1")).await.expect("same");
        assert_eq!(again.payment_intent_id, "pi_sandbox_1");
    }

    // ---- sandbox confirm and the confirmation page ----

    #[tokio::test]
    async fn sandbox_confirm_succeeded_completes_the_payment_and_redirects() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments
            .expect_update_status()
            .withf(|id, change, _| {
                id == "p1"
                    && change.to == PaymentStatus::Completed
                    && change.allowed_from == [PaymentStatus::Pending, PaymentStatus::Failed]
            })
            .times(1)
            .returning(|_, c, _| Ok(Some(with_status(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox), c.to))));
        let confirmed = m.service().confirm_sandbox("pi_sandbox_1", SECRET, "succeeded").await.expect("confirmed");
        assert_eq!(
            confirmed.redirect_url,
            format!("/payment-confirmation?payment_intent=pi_sandbox_1&payment_intent_client_secret={SECRET}&redirect_status=succeeded")
        );
        assert_eq!(confirmed.payment.status, PaymentStatus::Completed);
    }

    #[tokio::test]
    async fn sandbox_confirm_checks_the_client_secret() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments.expect_update_status().never();
        let service = m.service();
        assert!(matches!(
            service.confirm_sandbox("pi_sandbox_1", "pi_sandbox_1_secret_wrong", "succeeded").await,
            Err(PaymentError::NotFound)
        ));
        assert!(matches!(service.payment_for_intent("pi_sandbox_1", "").await, Err(PaymentError::NotFound)));
        let error = service.confirm_sandbox("pi_sandbox_1", SECRET, "paid").await.expect_err("bad outcome");
        assert_eq!(error.field_errors().and_then(|e| e.get("outcome")), Some(OUTCOME_INVALID));
    }

    #[tokio::test]
    async fn sandbox_confirm_is_only_for_the_sandbox() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_transaction_id().never();
        assert!(matches!(m.service().confirm_sandbox("pi_1", SECRET, "succeeded").await, Err(PaymentError::NotFound)));
    }

    #[tokio::test]
    async fn sandbox_processing_keeps_pending_and_a_completed_payment_cannot_be_confirmed_again() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let mut seq = mockall::Sequence::new();
        m.payments
            .expect_find_by_transaction_id()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments
            .expect_find_by_transaction_id()
            .times(2)
            .in_sequence(&mut seq)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Completed, PaymentProvider::Sandbox))));
        m.payments.expect_update_status().never();
        let service = m.service();
        let processing = service.confirm_sandbox("pi_sandbox_1", SECRET, "processing").await.expect("processing");
        assert_eq!(processing.payment.status, PaymentStatus::Pending);
        assert!(processing.redirect_url.ends_with("redirect_status=processing"));
        assert!(matches!(
            service.confirm_sandbox("pi_sandbox_1", SECRET, "succeeded").await,
            Err(PaymentError::Conflict(ALREADY_CONFIRMED))
        ));
        assert!(matches!(service.confirm_sandbox("pi_sandbox_1", SECRET, "failed").await, Err(PaymentError::Conflict(ALREADY_CONFIRMED))));
    }

    #[tokio::test]
    async fn failed_sandbox_payment_may_succeed_on_a_later_attempt() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Failed, PaymentProvider::Sandbox))));
        m.payments
            .expect_update_status()
            .times(1)
            .returning(|_, c, _| Ok(Some(with_status(card_payment(PaymentStatus::Failed, PaymentProvider::Sandbox), c.to))));
        let service = m.service();
        // Processing, or failing again, leaves it failed without a write.
        assert_eq!(
            service.confirm_sandbox("pi_sandbox_1", SECRET, "processing").await.expect("processing").payment.status,
            PaymentStatus::Failed
        );
        assert_eq!(
            service.confirm_sandbox("pi_sandbox_1", SECRET, "failed").await.expect("failed again").payment.status,
            PaymentStatus::Failed
        );
        let confirmed = service.confirm_sandbox("pi_sandbox_1", SECRET, "succeeded").await.expect("retried");
        assert_eq!(confirmed.payment.status, PaymentStatus::Completed);
    }

    #[tokio::test]
    async fn confirmation_page_checks_a_pending_stripe_payment_with_stripe() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        m.gateway.expect_retrieve_intent().returning(|id| Ok(GatewayIntent { status: IntentStatus::Succeeded, ..intent(id, SECRET) }));
        m.payments
            .expect_update_status()
            .withf(|_, c, _| c.to == PaymentStatus::Completed)
            .returning(|_, c, _| Ok(Some(with_status(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe), c.to))));
        let payment = m.service().payment_for_intent("pi_sandbox_1", SECRET).await.expect("read");
        assert_eq!(payment.status, PaymentStatus::Completed);
    }

    #[tokio::test]
    async fn confirmation_page_shows_the_record_when_stripe_cannot_be_reached() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        m.gateway.expect_retrieve_intent().returning(|_| Err(GatewayError::Unavailable("timeout".into())));
        m.payments.expect_update_status().never();
        assert_eq!(m.service().payment_for_intent("pi_sandbox_1", SECRET).await.expect("read").status, PaymentStatus::Pending);
    }

    #[test]
    fn confirmation_urls_are_encoded() {
        assert_eq!(
            confirmation_url("pi_1", "a b&c", "failed"),
            "/payment-confirmation?payment_intent=pi_1&payment_intent_client_secret=a%20b%26c&redirect_status=failed"
        );
    }

    #[tokio::test]
    async fn unverified_members_cannot_give_for_an_event() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        let service = m.service();
        let unverified = Payer::Member(Donor { email_verified: false, ..donor() });
        let error = service.create_payment_intent(&unverified, input(dollars(25.0), Some("e1")), None).await.expect_err("unverified");
        assert!(matches!(error, PaymentError::EmailNotVerified));
        assert_eq!((error.kind(), error.code()), (ErrorKind::Forbidden, Some(mandir_domain::EMAIL_NOT_VERIFIED_CODE)));
        let error = service.confirm_zelle(&unverified, input(dollars(25.0), Some("e1")), None).await.expect_err("unverified");
        assert!(matches!(error, PaymentError::EmailNotVerified));
    }

    #[tokio::test]
    async fn guests_are_limited_per_address_and_members_per_account() {
        use crate::services::rate_limits::{Action, Limit};
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let limit = Limit { max: 2, window: chrono::Duration::minutes(60) };
        m.policy = RateLimitPolicy::default()
            .with(Action::GuestPaymentIntent, limit)
            .with(Action::GuestZelleConfirmation, limit)
            .with(Action::MemberPaymentIntent, limit)
            .with(Action::MemberZelleConfirmation, limit);
        m.events.expect_get().returning(|id| Ok(Some(event(id, 0))));
        m.gateway.expect_create_intent().returning(|_| Ok(intent("pi_1", "pi_1_secret")));
        m.payments.expect_create().returning(|r| Ok(stored(r)));
        let service = m.service();
        for _ in 0..2 {
            service.create_payment_intent(&guest(), input(dollars(25.0), None), None).await.expect("allowed");
            service.confirm_zelle(&guest(), input(dollars(25.0), None), None).await.expect("allowed");
        }
        let error = service.create_payment_intent(&guest(), input(dollars(25.0), None), None).await.expect_err("limited");
        assert_eq!(error.kind(), ErrorKind::Throttled);
        assert!(error.retry_after().is_some_and(|seconds| seconds > 0));
        let error = service.confirm_zelle(&guest(), input(dollars(25.0), None), None).await.expect_err("limited");
        assert!(matches!(error, PaymentError::TooManyRequests(_)));
        let elsewhere = Payer::Guest(ClientAddress::new("198.51.100.7"));
        service.confirm_zelle(&elsewhere, input(dollars(25.0), None), None).await.expect("another address");
        for _ in 0..2 {
            service.create_payment_intent(&member_payer(), input(dollars(25.0), None), None).await.expect("allowed");
            service.confirm_zelle(&member_payer(), input(dollars(25.0), None), None).await.expect("allowed");
        }
        let error = service.create_payment_intent(&member_payer(), input(dollars(25.0), None), None).await.expect_err("limited");
        assert_eq!(error.kind(), ErrorKind::Throttled);
        let error = service.confirm_zelle(&member_payer(), input(dollars(25.0), None), None).await.expect_err("limited");
        assert!(matches!(error, PaymentError::TooManyRequests(_)));
        let other = Payer::Member(Donor { user_id: "someone-else".into(), ..donor() });
        service.confirm_zelle(&other, input(dollars(25.0), None), None).await.expect("another member is counted apart");
    }
}

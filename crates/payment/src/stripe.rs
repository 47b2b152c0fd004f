//! Stripe: PaymentIntents over its REST API (form-encoded requests, JSON answers) and its signed
//! webhooks. Recurring gifts (docs/decisions/0136-recurring-gifts-charged-by-our-own-job.md) save
//! a card with a Customer and a SetupIntent (`usage=off_session`), and charge it with an
//! off-session PaymentIntent (`off_session=true, confirm=true`).

use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{
    GatewayError, GatewayIntent, GatewayRefund, GatewaySetup, IntentRequest, IntentStatus, PaymentGateway, ProviderEvent,
    ProviderEventKind, SavedCard, SavedCharge, SetupRequest, TestCard, WebhookError, WebhookVerifier,
};
use mandir_domain::Money;
use mandir_domain::payment::{DonationDetail, DonationTarget, PaymentProvider};
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use crate::signature::{WEBHOOK_TOLERANCE, verify_stripe_signature};

/// How long one call to Stripe may take.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Stripe's limit on a metadata value.
const METADATA_MAX: usize = 500;

/// PaymentIntents over `{api_base}/v1/payment_intents` with the secret key.
#[derive(Clone)]
pub struct StripePaymentGateway {
    pub(crate) client: reqwest::Client,
    pub(crate) api_base: String,
    pub(crate) secret_key: String,
}

impl std::fmt::Debug for StripePaymentGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripePaymentGateway").field("api_base", &self.api_base).finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct IntentBody {
    id: String,
    client_secret: Option<String>,
    status: String,
    amount: Option<i64>,
    currency: Option<String>,
}

impl From<IntentBody> for GatewayIntent {
    fn from(b: IntentBody) -> Self {
        Self {
            id: b.id,
            client_secret: b.client_secret,
            status: IntentStatus::parse(&b.status),
            amount: b.amount.map(Money::from_cents),
            currency: b.currency,
        }
    }
}

#[derive(Deserialize)]
struct RefundBody {
    id: String,
    amount: i64,
    status: Option<String>,
}

#[derive(Deserialize)]
struct CustomerBody {
    id: String,
}

/// A SetupIntent; `customer` and `payment_method` are ids, or objects when expanded.
#[derive(Deserialize)]
struct SetupBody {
    id: String,
    client_secret: Option<String>,
    status: Option<String>,
    customer: Option<Value>,
    payment_method: Option<Value>,
}

#[derive(Deserialize)]
struct PaymentMethodBody {
    id: String,
    card: Option<CardBody>,
}

#[derive(Deserialize)]
struct CardBody {
    brand: String,
    last4: String,
    exp_month: u32,
    exp_year: i32,
}

#[derive(Deserialize)]
struct ErrorEnvelope {
    error: ErrorBody,
}

#[derive(Deserialize)]
struct ErrorBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    code: Option<String>,
    message: Option<String>,
}

/// The `donationDetails` metadata: the items' JSON text, shortened to fit Stripe's 500
/// characters (names dropped, then a count). The same details always give the same text, so a
/// retried request has the same parameters.
pub fn metadata_details(details: &[DonationDetail]) -> String {
    let render = |with_names: bool| {
        let items = details.iter().map(|d| {
            let mut item = serde_json::json!({"donationTypeId": d.donation_type_id, "amount": d.amount.to_string()});
            if with_names {
                item["name"] = Value::from(d.name.as_str());
            }
            item
        });
        Value::Array(items.collect()).to_string()
    };
    for text in [render(true), render(false)] {
        if text.chars().count() <= METADATA_MAX {
            return text;
        }
    }
    format!("{} donation items; see the temple's payment records", details.len())
}

pub(crate) fn transport(error: reqwest::Error) -> GatewayError {
    GatewayError::Unavailable(Box::new(error))
}

/// Stripe's ids are a prefix and letters and digits; anything else cannot be one (and must not
/// reach a URL path).
pub(crate) fn is_stripe_id(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn setup_incomplete() -> GatewayError {
    GatewayError::Rejected { kind: "setup_incomplete".into(), code: None, message: "The card was not saved yet.".into() }
}

/// An id field that may also be an expanded object (`{"id": ...}`).
pub(crate) fn id_of(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(id) => Some(id.clone()),
        Value::Object(object) => object.get("id").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    }
}

impl StripePaymentGateway {
    /// A gateway with the default 10-second timeout. `api_base` is `https://api.stripe.com` in
    /// production (a local mock in tests).
    pub fn new(secret_key: &str, api_base: &str) -> Result<Self, reqwest::Error> {
        Self::with_timeout(secret_key, api_base, DEFAULT_TIMEOUT)
    }

    pub fn with_timeout(secret_key: &str, api_base: &str, timeout: Duration) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder().timeout(timeout).connect_timeout(timeout).user_agent("mandir").build()?;
        Ok(Self { client, api_base: api_base.trim_end_matches('/').to_owned(), secret_key: secret_key.to_owned() })
    }

    /// POSTs a form to `{api_base}{path}` with the secret key and an idempotency key, and reads
    /// the answer's JSON.
    async fn post_form<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        idempotency_key: &str,
        form: &[(&str, String)],
    ) -> Result<T, GatewayError> {
        let response = self
            .client
            .post(format!("{}{path}", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", idempotency_key)
            .form(form)
            .send()
            .await
            .map_err(transport)?;
        Self::read_json(response).await
    }

    /// Reads an intent from a success answer, or Stripe's error body into a gateway error.
    async fn read(response: reqwest::Response) -> Result<GatewayIntent, GatewayError> {
        let body: IntentBody = Self::read_json(response).await?;
        Ok(body.into())
    }

    /// Reads a success answer's JSON, or Stripe's error body into a gateway error.
    pub(crate) async fn read_json<T: serde::de::DeserializeOwned>(response: reqwest::Response) -> Result<T, GatewayError> {
        let status = response.status();
        let text = response.text().await.map_err(transport)?;
        if status.is_success() {
            return serde_json::from_str(&text).map_err(|e| GatewayError::Unavailable(Box::new(e)));
        }
        let error = serde_json::from_str::<ErrorEnvelope>(&text).ok().map(|e| e.error);
        let kind = error.as_ref().and_then(|e| e.kind.clone()).unwrap_or_else(|| "unknown".to_owned());
        let code = error.as_ref().and_then(|e| e.code.clone());
        let message = error.and_then(|e| e.message).unwrap_or_else(|| format!("HTTP {status}"));
        Err(if kind == "idempotency_error" || status == StatusCode::CONFLICT {
            GatewayError::IdempotencyConflict(message)
        } else if status == StatusCode::NOT_FOUND {
            GatewayError::NotFound
        } else if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            GatewayError::Unavailable(format!("Stripe answered {status}: {message}").into())
        } else {
            GatewayError::Rejected { kind, code, message }
        })
    }
}

#[async_trait]
impl PaymentGateway for StripePaymentGateway {
    fn provider(&self) -> PaymentProvider {
        PaymentProvider::Stripe
    }

    async fn create_intent(&self, request: IntentRequest) -> Result<GatewayIntent, GatewayError> {
        let mut form = vec![
            ("amount", request.amount.cents().to_string()),
            ("currency", request.currency.clone()),
            ("automatic_payment_methods[enabled]", "true".to_owned()),
            ("metadata[eventId]", request.target.metadata_value().to_owned()),
            ("metadata[donationDetails]", metadata_details(&request.donation_details)),
        ];
        if let Some(name) = &request.donor_name {
            form.push(("metadata[donorName]", name.chars().take(METADATA_MAX).collect()));
        }
        if let Some(email) = &request.receipt_email {
            form.push(("receipt_email", email.clone()));
        }
        let response = self
            .client
            .post(format!("{}/v1/payment_intents", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", &request.idempotency_key)
            .form(&form)
            .send()
            .await
            .map_err(transport)?;
        Self::read(response).await
    }

    async fn retrieve_intent(&self, id: &str) -> Result<GatewayIntent, GatewayError> {
        if !is_stripe_id(id) {
            return Err(GatewayError::NotFound);
        }
        let response = self
            .client
            .get(format!("{}/v1/payment_intents/{id}", self.api_base))
            .bearer_auth(&self.secret_key)
            .send()
            .await
            .map_err(transport)?;
        Self::read(response).await
    }

    async fn cancel_intent(&self, id: &str, idempotency_key: &str) -> Result<GatewayIntent, GatewayError> {
        if !is_stripe_id(id) {
            return Err(GatewayError::NotFound);
        }
        let response = self
            .client
            .post(format!("{}/v1/payment_intents/{id}/cancel", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", idempotency_key)
            .form(&[("cancellation_reason", "abandoned")])
            .send()
            .await
            .map_err(transport)?;
        Self::read(response).await
    }

    async fn refund(&self, intent_id: &str, amount: Money, idempotency_key: &str) -> Result<GatewayRefund, GatewayError> {
        if !is_stripe_id(intent_id) {
            return Err(GatewayError::NotFound);
        }
        let response = self
            .client
            .post(format!("{}/v1/refunds", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", idempotency_key)
            .form(&[
                ("payment_intent", intent_id.to_owned()),
                ("amount", amount.cents().to_string()),
                ("reason", "requested_by_customer".to_owned()),
            ])
            .send()
            .await
            .map_err(transport)?;
        let body: RefundBody = Self::read_json(response).await?;
        Ok(GatewayRefund { id: body.id, amount: Money::from_cents(body.amount), status: body.status.unwrap_or_default() })
    }

    /// Makes the Customer first when none is given (idempotency key `{key}:customer`, so a retry
    /// finds the same one), then the SetupIntent on it.
    async fn create_setup(&self, request: SetupRequest) -> Result<GatewaySetup, GatewayError> {
        let customer_id = match request.customer_id {
            Some(id) => id,
            None => {
                let form = [("email", request.email.clone()), ("name", request.name.clone())];
                let customer: CustomerBody =
                    self.post_form("/v1/customers", &format!("{}:customer", request.idempotency_key), &form).await?;
                customer.id
            }
        };
        let form = [
            ("customer", customer_id.clone()),
            ("usage", "off_session".to_owned()),
            ("automatic_payment_methods[enabled]", "true".to_owned()),
        ];
        let setup: SetupBody = self.post_form("/v1/setup_intents", &request.idempotency_key, &form).await?;
        let client_secret =
            setup.client_secret.ok_or_else(|| GatewayError::Unavailable("Stripe answered a setup without a client secret".into()))?;
        Ok(GatewaySetup { id: setup.id, client_secret, customer_id: id_of(setup.customer.as_ref()).unwrap_or(customer_id) })
    }

    /// Reads the setup with its payment method expanded. A card is only saved once the setup
    /// `succeeded`; a payment method that is not a card (the Payment Element may offer others)
    /// is refused as `unsupported_payment_method`.
    async fn saved_card(&self, setup_id: &str) -> Result<SavedCard, GatewayError> {
        if !is_stripe_id(setup_id) {
            return Err(GatewayError::NotFound);
        }
        let response = self
            .client
            .get(format!("{}/v1/setup_intents/{setup_id}", self.api_base))
            .bearer_auth(&self.secret_key)
            .query(&[("expand[]", "payment_method")])
            .send()
            .await
            .map_err(transport)?;
        let setup: SetupBody = Self::read_json(response).await?;
        if setup.status.as_deref() != Some("succeeded") {
            return Err(setup_incomplete());
        }
        // We asked for the expansion: a bare id (or nothing) tells us no card details.
        let method = match setup.payment_method {
            Some(method @ Value::Object(_)) => {
                serde_json::from_value::<PaymentMethodBody>(method).map_err(|e| GatewayError::Unavailable(Box::new(e)))?
            }
            _ => return Err(setup_incomplete()),
        };
        let card = method.card.ok_or_else(|| GatewayError::Rejected {
            kind: "unsupported_payment_method".into(),
            code: None,
            message: "Only a card can be saved for a recurring gift.".into(),
        })?;
        Ok(SavedCard {
            payment_method_id: method.id,
            brand: card.brand,
            last4: card.last4,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        })
    }

    /// Stripe's browser form saves the card with Stripe itself.
    async fn save_test_card(&self, _setup_id: &str, _card: TestCard) -> Result<SavedCard, GatewayError> {
        Err(GatewayError::NotFound)
    }

    /// An off-session PaymentIntent, confirmed at once. A decline is HTTP 402 with a
    /// `card_error`, which reads as `Rejected` with Stripe's code.
    async fn charge_saved(&self, request: SavedCharge) -> Result<GatewayIntent, GatewayError> {
        let mut form = vec![
            ("amount", request.amount.cents().to_string()),
            ("currency", request.currency),
            ("customer", request.customer_id),
            ("payment_method", request.payment_method_id),
            ("off_session", "true".to_owned()),
            ("confirm", "true".to_owned()),
            ("description", request.description),
            ("metadata[recurringGiftId]", request.recurring_gift_id.chars().take(METADATA_MAX).collect()),
            ("metadata[eventId]", DonationTarget::Direct.metadata_value().to_owned()),
        ];
        if let Some(email) = request.receipt_email {
            form.push(("receipt_email", email));
        }
        let body: IntentBody = self.post_form("/v1/payment_intents", &request.idempotency_key, &form).await?;
        Ok(body.into())
    }
}

/// Verifies `Stripe-Signature` with the endpoint's signing secret and reads the event.
#[derive(Clone)]
pub struct StripeWebhookVerifier {
    secret: String,
}

impl std::fmt::Debug for StripeWebhookVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeWebhookVerifier").finish_non_exhaustive()
    }
}

impl StripeWebhookVerifier {
    pub fn new(secret: &str) -> Self {
        Self { secret: secret.to_owned() }
    }
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// Reads a Stripe event (`{id, type, data: {object}}`) into what it means for our payments.
fn parse_event(payload: &[u8]) -> Result<ProviderEvent, WebhookError> {
    let event: Value = serde_json::from_slice(payload).map_err(|_| WebhookError::Malformed)?;
    let id = text(&event, "id").filter(|s| !s.is_empty()).ok_or(WebhookError::Malformed)?;
    let event_type = text(&event, "type").ok_or(WebhookError::Malformed)?;
    let object = event.get("data").and_then(|d| d.get("object")).cloned().unwrap_or(Value::Null);
    let kind = match event_type.as_str() {
        "payment_intent.succeeded" => ProviderEventKind::IntentSucceeded {
            intent_id: text(&object, "id").ok_or(WebhookError::Malformed)?,
            amount: object.get("amount_received").or_else(|| object.get("amount")).and_then(Value::as_i64).map(Money::from_cents),
            currency: text(&object, "currency"),
        },
        "payment_intent.payment_failed" => {
            ProviderEventKind::IntentFailed { intent_id: text(&object, "id").ok_or(WebhookError::Malformed)? }
        }
        "charge.refunded" => ProviderEventKind::ChargeRefunded {
            intent_id: text(&object, "payment_intent"),
            amount_refunded: object.get("amount_refunded").and_then(Value::as_i64).map(Money::from_cents),
            fully_refunded: object.get("refunded").and_then(Value::as_bool).unwrap_or(false),
        },
        _ => ProviderEventKind::Other,
    };
    Ok(ProviderEvent { id, event_type, kind })
}

impl WebhookVerifier for StripeWebhookVerifier {
    fn verify(&self, payload: &[u8], signature_header: &str, now: DateTime<Utc>) -> Result<ProviderEvent, WebhookError> {
        verify_stripe_signature(payload, signature_header, &self.secret, WEBHOOK_TOLERANCE, now).map_err(|error| {
            tracing::warn!(%error, "webhook signature refused");
            WebhookError::InvalidSignature
        })?;
        parse_event(payload)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::signature::sign_stripe_payload;
    use mandir_domain::payment::DonationTarget;
    use serde_json::json;
    use wiremock::matchers::{body_string, header, method, path, query_param};
    use wiremock::{Mock, MockServer, Request, ResponseTemplate};

    const KEY: &str = "sk_test_123";
    const TYPE_ID: &str = "3f2b8c1e-5d4a-4b6f-9e2d-1a2b3c4d5e6f";

    /// Every item with its name, as the metadata carries details that fit.
    fn full_details_json(details: &[DonationDetail]) -> String {
        let items = details
            .iter()
            .map(|d| serde_json::json!({"donationTypeId": d.donation_type_id, "amount": d.amount.to_string(), "name": d.name}));
        Value::Array(items.collect()).to_string()
    }

    fn details() -> Vec<DonationDetail> {
        vec![
            DonationDetail {
                fund_id: None,
                donation_type_id: TYPE_ID.into(),
                amount: Money::from_cents(2000),
                name: "Annadanam".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            },
            DonationDetail {
                fund_id: None,
                donation_type_id: "custom".into(),
                amount: Money::from_cents(550),
                name: "Custom Donation".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            },
        ]
    }

    fn request(key: &str) -> IntentRequest {
        IntentRequest {
            amount: Money::from_cents(2550),
            currency: "usd".into(),
            target: DonationTarget::Event("evt-1".into()),
            donation_details: details(),
            idempotency_key: key.into(),
            receipt_email: Some("ravi@example.org".into()),
            donor_name: Some("Ravi Kumar".into()),
        }
    }

    /// The decoded pairs of a form body.
    fn form(request: &Request) -> Vec<(String, String)> {
        form_urlencoded::parse(&request.body).into_owned().collect()
    }

    fn intent_json(id: &str, status: &str) -> Value {
        json!({
            "id": id, "object": "payment_intent", "amount": 2550, "currency": "usd", "status": status,
            "client_secret": format!("{id}_secret_abc"), "metadata": {"eventId": "evt-1"}
        })
    }

    #[tokio::test]
    async fn creates_an_intent_with_the_exact_form_and_idempotency_key() {
        let server = MockServer::start().await;
        let expected = vec![
            ("amount".to_owned(), "2550".to_owned()),
            ("currency".to_owned(), "usd".to_owned()),
            ("automatic_payment_methods[enabled]".to_owned(), "true".to_owned()),
            ("metadata[eventId]".to_owned(), "evt-1".to_owned()),
            ("metadata[donationDetails]".to_owned(), full_details_json(&details())),
            ("metadata[donorName]".to_owned(), "Ravi Kumar".to_owned()),
            ("receipt_email".to_owned(), "ravi@example.org".to_owned()),
        ];
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(header("idempotency-key", "key-42"))
            .and(header("content-type", "application/x-www-form-urlencoded"))
            .and(move |r: &Request| form(r) == expected)
            .respond_with(ResponseTemplate::new(200).set_body_json(intent_json("pi_3Abc", "requires_payment_method")))
            .expect(1)
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let intent = gateway.create_intent(request("key-42")).await.expect("intent");
        assert_eq!(intent.id, "pi_3Abc");
        assert_eq!(intent.client_secret.as_deref(), Some("pi_3Abc_secret_abc"));
        assert_eq!(intent.status, IntentStatus::RequiresPaymentMethod);
        assert_eq!(intent.amount, Some(Money::from_cents(2550)));
        assert_eq!(gateway.provider(), PaymentProvider::Stripe);
    }

    #[tokio::test]
    async fn stripe_error_bodies_become_gateway_errors() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(header("idempotency-key", "declined"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {
                "type": "invalid_request_error", "code": "amount_too_small", "message": "Amount must be at least $0.50 usd", "param": "amount"
            }})))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(header("idempotency-key", "busy"))
            .respond_with(ResponseTemplate::new(409).set_body_json(json!({"error": {
                "type": "idempotency_error", "message": "There is currently another in-progress request using this Idempotent Key"
            }})))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(header("idempotency-key", "down"))
            .respond_with(ResponseTemplate::new(500).set_body_json(json!({"error": {"type": "api_error", "message": "oops"}})))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(header("idempotency-key", "garbage"))
            .respond_with(ResponseTemplate::new(200).set_body_string("<html>not json</html>"))
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        match gateway.create_intent(request("declined")).await {
            Err(GatewayError::Rejected { kind, code, message }) => {
                assert_eq!(kind, "invalid_request_error");
                assert_eq!(code.as_deref(), Some("amount_too_small"));
                assert_eq!(message, "Amount must be at least $0.50 usd");
            }
            other => panic!("expected Rejected, got {other:?}"),
        }
        assert!(matches!(gateway.create_intent(request("busy")).await, Err(GatewayError::IdempotencyConflict(_))));
        assert!(matches!(gateway.create_intent(request("down")).await, Err(GatewayError::Unavailable(_))));
        assert!(matches!(gateway.create_intent(request("garbage")).await, Err(GatewayError::Unavailable(_))));
    }

    #[tokio::test]
    async fn slow_stripe_times_out() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(intent_json("pi_slow", "requires_payment_method"))
                    .set_delay(Duration::from_secs(3)),
            )
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::with_timeout(KEY, &server.uri(), Duration::from_millis(200)).expect("client");
        let started = std::time::Instant::now();
        let result = gateway.create_intent(request("slow")).await;
        assert!(matches!(result, Err(GatewayError::Unavailable(_))), "{result:?}");
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[tokio::test]
    async fn unreachable_stripe_is_unavailable() {
        let gateway = StripePaymentGateway::with_timeout(KEY, "http://127.0.0.1:9", Duration::from_millis(500)).expect("client");
        assert!(matches!(gateway.create_intent(request("k")).await, Err(GatewayError::Unavailable(_))));
    }

    #[tokio::test]
    async fn retrieves_an_intent_and_reports_missing_ones() {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/v1/payment_intents/pi_3Abc"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .respond_with(ResponseTemplate::new(200).set_body_json(intent_json("pi_3Abc", "succeeded")))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/v1/payment_intents/pi_missing"))
            .respond_with(ResponseTemplate::new(404).set_body_json(json!({"error": {
                "type": "invalid_request_error", "code": "resource_missing", "message": "No such payment_intent: 'pi_missing'"
            }})))
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &format!("{}/", server.uri())).expect("client");
        let intent = gateway.retrieve_intent("pi_3Abc").await.expect("intent");
        assert_eq!(intent.status, IntentStatus::Succeeded);
        assert_eq!(intent.client_secret.as_deref(), Some("pi_3Abc_secret_abc"));
        assert!(matches!(gateway.retrieve_intent("pi_missing").await, Err(GatewayError::NotFound)));
        assert!(matches!(gateway.retrieve_intent("../v1/customers").await, Err(GatewayError::NotFound)));
    }

    #[tokio::test]
    async fn refunds_part_of_an_intent_with_its_idempotency_key_and_reports_refusals() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/refunds"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(header("idempotency-key", "refund-p1-0-1000"))
            .and(body_string("payment_intent=pi_3Paid&amount=1000&reason=requested_by_customer"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "re_1", "object": "refund", "amount": 1000, "payment_intent": "pi_3Paid", "status": "succeeded"
            })))
            .expect(1)
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path("/v1/refunds"))
            .and(header("idempotency-key", "refund-p2-0-9999"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {
                "type": "invalid_request_error", "code": "amount_too_large",
                "message": "Refund amount ($99.99) is greater than unrefunded amount on charge ($25.00)"
            }})))
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let refund = gateway.refund("pi_3Paid", Money::from_cents(1000), "refund-p1-0-1000").await.expect("refunded");
        assert_eq!(refund, GatewayRefund { id: "re_1".into(), amount: Money::from_cents(1000), status: "succeeded".into() });
        let refused = gateway.refund("pi_3Other", Money::from_cents(9999), "refund-p2-0-9999").await;
        assert!(
            matches!(refused, Err(GatewayError::Rejected { ref code, .. }) if code.as_deref() == Some("amount_too_large")),
            "{refused:?}"
        );
        assert!(matches!(gateway.refund("../v1/charges", Money::from_cents(1), "k").await, Err(GatewayError::NotFound)));
    }

    #[tokio::test]
    async fn cancels_an_intent_with_its_idempotency_key_and_reports_refusals() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents/pi_3Old/cancel"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(header("idempotency-key", "expire-pi_3Old"))
            .and(body_string("cancellation_reason=abandoned"))
            .respond_with(ResponseTemplate::new(200).set_body_json(intent_json("pi_3Old", "canceled")))
            .expect(1)
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents/pi_3Paid/cancel"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {
                "type": "invalid_request_error", "code": "payment_intent_unexpected_state",
                "message": "You cannot cancel this PaymentIntent because it has a status of succeeded."
            }})))
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let canceled = gateway.cancel_intent("pi_3Old", "expire-pi_3Old").await.expect("canceled");
        assert_eq!((canceled.id.as_str(), canceled.status), ("pi_3Old", IntentStatus::Canceled));
        let refused = gateway.cancel_intent("pi_3Paid", "expire-pi_3Paid").await;
        assert!(
            matches!(&refused, Err(GatewayError::Rejected { code: Some(code), .. }) if code == "payment_intent_unexpected_state"),
            "{refused:?}"
        );
        assert!(matches!(gateway.cancel_intent("../v1/customers", "k").await, Err(GatewayError::NotFound)));
    }

    fn setup_request(key: &str, customer_id: Option<&str>) -> SetupRequest {
        SetupRequest {
            idempotency_key: key.into(),
            email: "ravi@example.org".into(),
            name: "Ravi Kumar".into(),
            customer_id: customer_id.map(str::to_owned),
        }
    }

    fn pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[tokio::test]
    async fn saving_a_card_makes_a_customer_then_an_off_session_setup() {
        let server = MockServer::start().await;
        let customer = pairs(&[("email", "ravi@example.org"), ("name", "Ravi Kumar")]);
        Mock::given(method("POST"))
            .and(path("/v1/customers"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(header("idempotency-key", "save-1:customer"))
            .and(header("content-type", "application/x-www-form-urlencoded"))
            .and(move |r: &Request| form(r) == customer)
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cus_1New", "object": "customer"})))
            .expect(1)
            .mount(&server)
            .await;
        let setup = pairs(&[("customer", "cus_1New"), ("usage", "off_session"), ("automatic_payment_methods[enabled]", "true")]);
        Mock::given(method("POST"))
            .and(path("/v1/setup_intents"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(header("idempotency-key", "save-1"))
            .and(header("content-type", "application/x-www-form-urlencoded"))
            .and(move |r: &Request| form(r) == setup)
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "seti_1Abc", "object": "setup_intent", "client_secret": "seti_1Abc_secret_xyz",
                "customer": "cus_1New", "status": "requires_payment_method", "usage": "off_session"
            })))
            .expect(1)
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let answer = gateway.create_setup(setup_request("save-1", None)).await.expect("setup");
        assert_eq!(
            answer,
            GatewaySetup { id: "seti_1Abc".into(), client_secret: "seti_1Abc_secret_xyz".into(), customer_id: "cus_1New".into() }
        );
    }

    #[tokio::test]
    async fn a_card_update_saves_on_the_given_customer_and_errors_stop_the_setup() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).and(path("/v1/customers")).respond_with(ResponseTemplate::new(500)).expect(0).mount(&server).await;
        let setup = pairs(&[("customer", "cus_1Old"), ("usage", "off_session"), ("automatic_payment_methods[enabled]", "true")]);
        Mock::given(method("POST"))
            .and(path("/v1/setup_intents"))
            .and(header("idempotency-key", "update-1"))
            .and(move |r: &Request| form(r) == setup)
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "seti_1Upd", "client_secret": "seti_1Upd_secret_xyz", "customer": "cus_1Old", "status": "requires_payment_method"
            })))
            .expect(1)
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path("/v1/setup_intents"))
            .and(header("idempotency-key", "update-gone"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {
                "type": "invalid_request_error", "code": "resource_missing", "message": "No such customer: 'cus_gone'", "param": "customer"
            }})))
            .expect(1)
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let answer = gateway.create_setup(setup_request("update-1", Some("cus_1Old"))).await.expect("setup");
        assert_eq!((answer.id.as_str(), answer.customer_id.as_str()), ("seti_1Upd", "cus_1Old"));
        let refused = gateway.create_setup(setup_request("update-gone", Some("cus_gone"))).await;
        assert!(matches!(&refused, Err(GatewayError::Rejected { code: Some(code), .. }) if code == "resource_missing"), "{refused:?}");

        // A customer Stripe refuses to make stops before any setup.
        let other = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/customers"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {
                "type": "invalid_request_error", "code": "email_invalid", "message": "Invalid email address: x"
            }})))
            .expect(1)
            .mount(&other)
            .await;
        Mock::given(method("POST")).and(path("/v1/setup_intents")).respond_with(ResponseTemplate::new(500)).expect(0).mount(&other).await;
        let gateway = StripePaymentGateway::new(KEY, &other.uri()).expect("client");
        let refused = gateway.create_setup(setup_request("save-2", None)).await;
        assert!(matches!(&refused, Err(GatewayError::Rejected { code: Some(code), .. }) if code == "email_invalid"), "{refused:?}");
    }

    fn setup_json(id: &str, status: &str, payment_method: Value) -> Value {
        json!({
            "id": id, "object": "setup_intent", "client_secret": format!("{id}_secret_xyz"), "customer": "cus_1New",
            "status": status, "payment_method": payment_method
        })
    }

    #[tokio::test]
    async fn reads_the_card_a_succeeded_setup_saved() {
        let server = MockServer::start().await;
        let card = json!({
            "id": "pm_1Card", "object": "payment_method", "type": "card",
            "card": {"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2028, "funding": "credit"}
        });
        let cases = [
            ("seti_1Done", setup_json("seti_1Done", "succeeded", card)),
            ("seti_1Open", setup_json("seti_1Open", "requires_payment_method", Value::Null)),
            ("seti_1Bare", setup_json("seti_1Bare", "succeeded", json!("pm_1Card"))),
            ("seti_1Bank", setup_json("seti_1Bank", "succeeded", json!({"id": "pm_1Bank", "type": "us_bank_account"}))),
        ];
        for (id, body) in cases {
            Mock::given(method("GET"))
                .and(path(format!("/v1/setup_intents/{id}")))
                .and(query_param("expand[]", "payment_method"))
                .and(header("authorization", format!("Bearer {KEY}").as_str()))
                .respond_with(ResponseTemplate::new(200).set_body_json(body))
                .expect(1)
                .mount(&server)
                .await;
        }
        Mock::given(method("GET"))
            .and(path("/v1/setup_intents/seti_missing"))
            .respond_with(ResponseTemplate::new(404).set_body_json(json!({"error": {
                "type": "invalid_request_error", "code": "resource_missing", "message": "No such setupintent: 'seti_missing'"
            }})))
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let card = gateway.saved_card("seti_1Done").await.expect("card");
        assert_eq!(
            card,
            SavedCard { payment_method_id: "pm_1Card".into(), brand: "visa".into(), last4: "4242".into(), exp_month: 12, exp_year: 2028 }
        );
        for id in ["seti_1Open", "seti_1Bare"] {
            match gateway.saved_card(id).await {
                Err(GatewayError::Rejected { kind, code, message }) => {
                    assert_eq!((kind.as_str(), code, message.as_str()), ("setup_incomplete", None, "The card was not saved yet."));
                }
                other => panic!("{id}: expected setup_incomplete, got {other:?}"),
            }
        }
        let bank = gateway.saved_card("seti_1Bank").await;
        assert!(matches!(&bank, Err(GatewayError::Rejected { kind, .. }) if kind == "unsupported_payment_method"), "{bank:?}");
        assert!(matches!(gateway.saved_card("seti_missing").await, Err(GatewayError::NotFound)));
        assert!(matches!(gateway.saved_card("../v1/customers").await, Err(GatewayError::NotFound)));
        assert!(matches!(gateway.saved_card("").await, Err(GatewayError::NotFound)));
    }

    #[tokio::test]
    async fn stripe_has_no_test_card_form() {
        let server = MockServer::start().await;
        Mock::given(wiremock::matchers::any()).respond_with(ResponseTemplate::new(500)).expect(0).mount(&server).await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let card = TestCard { last4: "4242".into(), exp_month: 12, exp_year: 2028 };
        assert!(matches!(gateway.save_test_card("seti_1Abc", card).await, Err(GatewayError::NotFound)));
    }

    fn saved_charge(key: &str, receipt_email: Option<&str>) -> SavedCharge {
        SavedCharge {
            amount: Money::from_cents(2500),
            currency: "usd".into(),
            customer_id: "cus_1New".into(),
            payment_method_id: "pm_1Card".into(),
            idempotency_key: key.into(),
            receipt_email: receipt_email.map(str::to_owned),
            description: "Monthly gift to the temple".into(),
            recurring_gift_id: "gift-7".into(),
        }
    }

    #[tokio::test]
    async fn charges_a_saved_card_off_session_with_the_exact_form() {
        let server = MockServer::start().await;
        let base = [
            ("amount", "2500"),
            ("currency", "usd"),
            ("customer", "cus_1New"),
            ("payment_method", "pm_1Card"),
            ("off_session", "true"),
            ("confirm", "true"),
            ("description", "Monthly gift to the temple"),
            ("metadata[recurringGiftId]", "gift-7"),
            ("metadata[eventId]", "direct-donation"),
        ];
        let with_email = pairs(&[base.as_slice(), &[("receipt_email", "ravi@example.org")]].concat());
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(header("idempotency-key", "recurring:gift-7:2025-01"))
            .and(header("content-type", "application/x-www-form-urlencoded"))
            .and(move |r: &Request| form(r) == with_email)
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "pi_3Rec", "object": "payment_intent", "amount": 2500, "currency": "usd", "status": "succeeded",
                "client_secret": "pi_3Rec_secret_abc", "customer": "cus_1New", "payment_method": "pm_1Card"
            })))
            .expect(1)
            .mount(&server)
            .await;
        let without_email = pairs(&base);
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents"))
            .and(header("idempotency-key", "recurring:gift-7:2025-02"))
            .and(move |r: &Request| form(r) == without_email)
            .respond_with(ResponseTemplate::new(200).set_body_json(intent_json("pi_3Rec2", "succeeded")))
            .expect(1)
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        let intent = gateway.charge_saved(saved_charge("recurring:gift-7:2025-01", Some("ravi@example.org"))).await.expect("charged");
        assert_eq!((intent.id.as_str(), intent.status), ("pi_3Rec", IntentStatus::Succeeded));
        assert_eq!((intent.amount, intent.currency.as_deref()), (Some(Money::from_cents(2500)), Some("usd")));
        let next = gateway.charge_saved(saved_charge("recurring:gift-7:2025-02", None)).await.expect("charged");
        assert_eq!(next.id, "pi_3Rec2");
    }

    #[tokio::test]
    async fn off_session_declines_are_card_errors_with_stripes_code() {
        let server = MockServer::start().await;
        for (key, code, message) in [
            ("declined", "card_declined", "Your card was declined."),
            ("auth", "authentication_required", "Your card was declined. This transaction requires authentication."),
        ] {
            Mock::given(method("POST"))
                .and(path("/v1/payment_intents"))
                .and(header("idempotency-key", key))
                .respond_with(ResponseTemplate::new(402).set_body_json(json!({"error": {
                    "type": "card_error", "code": code, "decline_code": code, "message": message,
                    "payment_intent": {"id": "pi_3Dec", "object": "payment_intent", "status": "requires_payment_method"}
                }})))
                .expect(1)
                .mount(&server)
                .await;
        }
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents"))
            .and(header("idempotency-key", "busy"))
            .respond_with(ResponseTemplate::new(409).set_body_json(json!({"error": {
                "type": "idempotency_error", "message": "Keys for idempotent requests can only be used with the same parameters they were first used with."
            }})))
            .mount(&server)
            .await;
        let gateway = StripePaymentGateway::new(KEY, &server.uri()).expect("client");
        match gateway.charge_saved(saved_charge("declined", None)).await {
            Err(GatewayError::Rejected { kind, code, message }) => {
                assert_eq!(
                    (kind.as_str(), code.as_deref(), message.as_str()),
                    ("card_error", Some("card_declined"), "Your card was declined.")
                );
            }
            other => panic!("expected a decline, got {other:?}"),
        }
        let auth = gateway.charge_saved(saved_charge("auth", None)).await;
        assert!(
            matches!(&auth, Err(GatewayError::Rejected { kind, code: Some(code), .. }) if kind == "card_error" && code == "authentication_required"),
            "{auth:?}"
        );
        assert!(matches!(gateway.charge_saved(saved_charge("busy", None)).await, Err(GatewayError::IdempotencyConflict(_))));
    }

    #[test]
    fn long_details_are_shortened_for_metadata() {
        let many: Vec<DonationDetail> = (0..20)
            .map(|i| DonationDetail {
                fund_id: None,
                donation_type_id: TYPE_ID.into(),
                amount: Money::from_cents(100 + i),
                name: "A rather long donation type name".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            })
            .collect();
        let text = metadata_details(&many);
        assert!(text.chars().count() <= 500, "{text}");
        assert_eq!(text, "20 donation items; see the temple's payment records");
        let few = &many[..5];
        let compact = metadata_details(few);
        assert!(compact.len() <= 500 && !compact.contains("long donation"), "{compact}");
        assert_eq!(metadata_details(&details()), full_details_json(&details()));
    }

    #[test]
    fn webhook_events_are_verified_and_read() {
        let verifier = StripeWebhookVerifier::new("whsec_1");
        let now = Utc::now();
        let body = json!({"id": "evt_1", "type": "payment_intent.succeeded", "data": {"object": {"id": "pi_1", "amount": 2550, "amount_received": 2550, "currency": "usd"}}}).to_string();
        let header = format!("t={},v1={}", now.timestamp(), sign_stripe_payload(body.as_bytes(), "whsec_1", now.timestamp()));
        let event = verifier.verify(body.as_bytes(), &header, now).expect("valid");
        assert_eq!(event.id, "evt_1");
        assert_eq!(
            event.kind,
            ProviderEventKind::IntentSucceeded {
                intent_id: "pi_1".into(),
                amount: Some(Money::from_cents(2550)),
                currency: Some("usd".into())
            }
        );
        assert_eq!(verifier.verify(b"{}", &header, now), Err(WebhookError::InvalidSignature));

        let sign = |body: &str| format!("t={},v1={}", now.timestamp(), sign_stripe_payload(body.as_bytes(), "whsec_1", now.timestamp()));
        let refund = json!({"id": "evt_2", "type": "charge.refunded", "data": {"object": {"id": "ch_1", "payment_intent": "pi_1", "refunded": true}}}).to_string();
        assert_eq!(
            verifier.verify(refund.as_bytes(), &sign(&refund), now).expect("refund").kind,
            ProviderEventKind::ChargeRefunded { intent_id: Some("pi_1".into()), amount_refunded: None, fully_refunded: true }
        );
        let partial = json!({"id": "evt_5", "type": "charge.refunded", "data": {"object": {"id": "ch_1", "payment_intent": "pi_1", "refunded": false, "amount_refunded": 1000}}}).to_string();
        assert_eq!(
            verifier.verify(partial.as_bytes(), &sign(&partial), now).expect("partial").kind,
            ProviderEventKind::ChargeRefunded {
                intent_id: Some("pi_1".into()),
                amount_refunded: Some(Money::from_cents(1000)),
                fully_refunded: false
            }
        );
        let failed = json!({"id": "evt_3", "type": "payment_intent.payment_failed", "data": {"object": {"id": "pi_1"}}}).to_string();
        assert_eq!(
            verifier.verify(failed.as_bytes(), &sign(&failed), now).expect("failed").kind,
            ProviderEventKind::IntentFailed { intent_id: "pi_1".into() }
        );
        let other = json!({"id": "evt_4", "type": "customer.created", "data": {"object": {}}}).to_string();
        assert_eq!(verifier.verify(other.as_bytes(), &sign(&other), now).expect("other").kind, ProviderEventKind::Other);
        let broken = "{\"type\": \"payment_intent.succeeded\"}";
        assert_eq!(verifier.verify(broken.as_bytes(), &sign(broken), now), Err(WebhookError::Malformed));
    }
}

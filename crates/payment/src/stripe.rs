//! Stripe: PaymentIntents over its REST API (form-encoded requests, JSON answers) and its signed
//! webhooks.

use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{
    GatewayError, GatewayIntent, GatewayRefund, IntentRequest, IntentStatus, PaymentGateway, ProviderEvent, ProviderEventKind,
    WebhookError, WebhookVerifier,
};
use mandir_domain::Money;
use mandir_domain::payment::{DonationDetail, PaymentProvider};
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
    client: reqwest::Client,
    api_base: String,
    secret_key: String,
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

fn transport(error: reqwest::Error) -> GatewayError {
    GatewayError::Unavailable(Box::new(error))
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

    /// Reads an intent from a success answer, or Stripe's error body into a gateway error.
    async fn read(response: reqwest::Response) -> Result<GatewayIntent, GatewayError> {
        let body: IntentBody = Self::read_json(response).await?;
        Ok(body.into())
    }

    /// Reads a success answer's JSON, or Stripe's error body into a gateway error.
    async fn read_json<T: serde::de::DeserializeOwned>(response: reqwest::Response) -> Result<T, GatewayError> {
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
        // Intent ids are `pi_` plus letters and digits; anything else cannot be one.
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
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
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
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
        if intent_id.is_empty() || !intent_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
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
    use wiremock::matchers::{body_string, header, method, path};
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
        fn decode(s: &str) -> String {
            let bytes = s.replace('+', " ").into_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i] == b'%'
                    && i + 2 < bytes.len()
                    && let Ok(b) = u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16)
                {
                    out.push(b);
                    i += 3;
                    continue;
                }
                out.push(bytes[i]);
                i += 1;
            }
            String::from_utf8(out).expect("utf-8")
        }
        std::str::from_utf8(&request.body)
            .expect("text body")
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, v)| (decode(k), decode(v)))
            .collect()
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

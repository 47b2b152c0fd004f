//! Donations end to end: the sandbox card flow, Zelle with the admin's reconciliation, validation,
//! idempotency, and Stripe (against a local mock of its API) with signed webhooks.

use mandir_server::config::Secret;
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

use crate::helpers::{TestApp, expect_status, spawn_app, spawn_app_with, test_config};

const WEBHOOK_SECRET: &str = "whsec_test_mandir";

/// One custom item of `amount` dollars, as the JSON text the frontend sends.
fn details(amount: f64) -> String {
    json!([{"donationTypeId": "custom", "amount": amount, "name": "Custom Donation"}]).to_string()
}

fn intent_body(amount: Value, event_id: &str, details: &str) -> Value {
    json!({"amount": amount, "metadata": {"eventId": event_id, "donationDetails": details}})
}

async fn create_intent(app: &TestApp, token: Option<&str>, body: Value, key: Option<&str>) -> Response {
    let mut request = app.client.post(app.url("/api/payments/create-payment-intent")).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.expect("request sent")
}

async fn confirm(app: &TestApp, intent: &Value, outcome: &str) -> Response {
    let body = json!({"paymentIntentId": intent["paymentIntentId"], "clientSecret": intent["clientSecret"], "outcome": outcome});
    app.post("/api/payments/sandbox/confirm", None, body).await
}

async fn payment_of(app: &TestApp, intent_id: &str, secret: &str) -> Response {
    let secret: String = secret
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'_' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect();
    app.get(&format!("/api/payments/intent/{intent_id}?clientSecret={secret}"), None).await
}

async fn admin_payments(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    expect_status(app.get(&format!("/api/admin/payments{query}"), Some(token)).await, StatusCode::OK).await
}

#[tokio::test]
async fn sandbox_card_payment_completes_and_is_listed_for_the_admin_and_the_member() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = app.create_event(&admin, "Diwali", 10, None).await;
    let event_id = event["id"].as_str().expect("id");

    let body = intent_body(json!(51.25), event_id, &details(51.25));
    let intent: Value = expect_status(create_intent(&app, Some(&member.token), body, Some("attempt-1")).await, StatusCode::OK).await;
    assert_eq!(intent["provider"], "sandbox");
    let intent_id = intent["paymentIntentId"].as_str().expect("intent id");
    let secret = intent["clientSecret"].as_str().expect("secret");
    assert!(intent_id.starts_with("pi_sandbox_"), "{intent_id}");
    assert!(secret.starts_with(&format!("{intent_id}_secret_")), "{secret}");

    let pending: Value = expect_status(payment_of(&app, intent_id, secret).await, StatusCode::OK).await;
    assert_eq!(pending["status"], "pending");
    assert_eq!(pending["amount"], "51.25");

    let confirmed: Value = expect_status(confirm(&app, &intent, "succeeded").await, StatusCode::OK).await;
    assert_eq!(
        confirmed["redirectUrl"],
        format!("/payment-confirmation?payment_intent={intent_id}&payment_intent_client_secret={secret}&redirect_status=succeeded")
    );
    let done: Value = expect_status(payment_of(&app, intent_id, secret).await, StatusCode::OK).await;
    assert_eq!(done["status"], "completed");
    assert_eq!(done["paymentMethod"], "credit_card");
    assert_eq!(done["provider"], "sandbox");
    assert_eq!(done["eventId"], event_id);
    assert_eq!(done["eventName"], "Diwali");
    assert_eq!(done["userId"], member.id.as_str());
    assert_eq!(done["donorEmail"], member.email.as_str());
    assert_eq!(done["donationDetails"][0]["amount"], 51.25);
    assert!(done["receiptNumber"].as_str().expect("receipt").starts_with("AUTO-"));
    assert!(done.get("clientSecretHash").is_none() && done.get("idempotencyKey").is_none());

    // Confirming again cannot complete it twice.
    expect_status::<Value>(confirm(&app, &intent, "succeeded").await, StatusCode::CONFLICT).await;

    let listed = admin_payments(&app, &admin.token, "").await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["transactionId"], intent_id);
    assert_eq!(listed[0]["status"], "completed");
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["id"], listed[0]["id"]);
    let someone_else = app.member().await;
    let theirs: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&someone_else.token)).await, StatusCode::OK).await;
    assert!(theirs.is_empty());
    expect_status::<Value>(app.get("/api/payments/mine", None).await, StatusCode::UNAUTHORIZED).await;

    let totals: Value = expect_status(app.get("/api/admin/payments/totals", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(totals["byDonationType"][0]["amount"], "51.25");
    assert_eq!(totals["byEvent"][0]["eventName"], "Diwali");
    assert_eq!(totals["byEvent"][0]["count"], 1);
}

#[tokio::test]
async fn guests_give_direct_donations_and_failed_ones_can_be_retried() {
    let app = spawn_app().await;
    let config: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(config["paymentProvider"], "sandbox");
    assert_eq!(config["stripePublishableKey"], Value::Null);

    let body =
        json!({"amount": 101, "metadata": {"eventId": "direct-donation", "donationDetails": details(101.0), "notes": "For Annadanam"}});
    let intent: Value = expect_status(create_intent(&app, None, body, None).await, StatusCode::OK).await;
    let (id, secret) = (intent["paymentIntentId"].as_str().expect("id"), intent["clientSecret"].as_str().expect("secret"));

    let failed: Value = expect_status(confirm(&app, &intent, "failed").await, StatusCode::OK).await;
    assert!(failed["redirectUrl"].as_str().expect("url").ends_with("redirect_status=failed"));
    let record: Value = expect_status(payment_of(&app, id, secret).await, StatusCode::OK).await;
    assert_eq!(record["status"], "failed");
    assert_eq!(record["userId"], Value::Null);
    assert_eq!(record["eventId"], Value::Null);
    assert_eq!(record["notes"], "For Annadanam");

    expect_status::<Value>(confirm(&app, &intent, "processing").await, StatusCode::OK).await;
    let record: Value = expect_status(payment_of(&app, id, secret).await, StatusCode::OK).await;
    assert_eq!(record["status"], "failed");
    expect_status::<Value>(confirm(&app, &intent, "succeeded").await, StatusCode::OK).await;
    let record: Value = expect_status(payment_of(&app, id, secret).await, StatusCode::OK).await;
    assert_eq!(record["status"], "completed");

    // Only the holder of the client secret reads or confirms it.
    expect_status::<Value>(payment_of(&app, id, &format!("{id}_secret_wrong")).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.get(&format!("/api/payments/intent/{id}"), None).await, StatusCode::NOT_FOUND).await;
    let forged = json!({"paymentIntentId": id, "clientSecret": "nope", "outcome": "succeeded"});
    expect_status::<Value>(app.post("/api/payments/sandbox/confirm", None, forged).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn event_donations_need_a_signed_in_member_and_an_existing_event() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = app.create_event(&admin, "Ugadi", 5, None).await;
    let event_id = event["id"].as_str().expect("id");

    let body = intent_body(json!(25), event_id, &details(25.0));
    let denied: Value = expect_status(create_intent(&app, None, body.clone(), None).await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(denied["message"], "Authentication required");
    expect_status::<Value>(create_intent(&app, Some("not-a-token"), body.clone(), None).await, StatusCode::UNAUTHORIZED).await;
    let zelle =
        json!({"amount": 25, "donationDetails": details(25.0), "receiptNumber": "AUTO-1-1", "status": "success", "eventId": event_id});
    expect_status::<Value>(app.post("/api/payments/zelle-confirm", None, zelle).await, StatusCode::UNAUTHORIZED).await;

    let missing = intent_body(json!(25), "6d1c6a0e-0000-4000-8000-000000000000", &details(25.0));
    let not_found: Value = expect_status(create_intent(&app, Some(&member.token), missing, None).await, StatusCode::NOT_FOUND).await;
    assert_eq!(not_found["message"], "Event not found");
    expect_status::<Value>(create_intent(&app, Some(&member.token), body, None).await, StatusCode::OK).await;
    assert!(admin_payments(&app, &admin.token, "").await.len() == 1, "only the member's attempt is recorded");
}

#[tokio::test]
async fn zelle_payments_stay_pending_until_an_admin_marks_them_received() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = app.create_event(&admin, "Navaratri", 7, None).await;
    let event_id = event["id"].as_str().expect("id");

    // As the frontend sends it: the details as JSON text, a client receipt number, status 'success'.
    let body = json!({"amount": 40, "donationDetails": details(40.0), "receiptNumber": "AUTO-1700000000000-12", "status": "success", "eventId": event_id});
    let recorded: Value =
        expect_status(app.post("/api/payments/zelle-confirm", Some(&member.token), body).await, StatusCode::CREATED).await;
    assert_eq!(recorded["message"], "Your Zelle payment has been recorded successfully");
    let receipt = recorded["receiptNumber"].as_str().expect("receipt");
    assert!(receipt.starts_with("AUTO-") && receipt != "AUTO-1700000000000-12", "{receipt}");
    let payment = &recorded["payment"];
    assert_eq!(payment["status"], "pending");
    assert_eq!(payment["provider"], "zelle");
    assert_eq!(payment["paymentMethod"], "zelle");
    assert_eq!(payment["receiptNumber"], receipt);
    let id = payment["id"].as_str().expect("id");

    // A guest's direct Zelle donation, with the details as a list.
    let guest =
        json!({"amount": "10.50", "donationDetails": [{"donationTypeId": "custom", "amount": 10.5, "name": "Other"}], "status": "success"});
    let guest: Value = expect_status(app.post("/api/payments/zelle-confirm", None, guest).await, StatusCode::CREATED).await;
    assert_eq!(guest["payment"]["eventId"], Value::Null);
    assert_ne!(guest["receiptNumber"], recorded["receiptNumber"]);

    let pending = admin_payments(&app, &admin.token, "?status=pending&method=zelle").await;
    assert_eq!(pending.len(), 2);
    let for_event = admin_payments(&app, &admin.token, &format!("?eventId={event_id}")).await;
    assert_eq!(for_event.len(), 1);
    let direct = admin_payments(&app, &admin.token, "?eventId=direct-donation").await;
    assert_eq!(direct.len(), 1);
    let future = admin_payments(&app, &admin.token, "?from=2999-01-01").await;
    assert!(future.is_empty());
    expect_status::<Value>(app.get("/api/admin/payments?status=done", Some(&admin.token)).await, StatusCode::BAD_REQUEST).await;

    let status_path = format!("/api/admin/payments/{id}/status");
    expect_status::<Value>(app.post(&status_path, Some(&member.token), json!({"status": "completed"})).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.post(&status_path, None, json!({"status": "completed"})).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.get("/api/admin/payments", Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.get("/api/admin/payments/totals", Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.post(&status_path, Some(&admin.token), json!({"status": "refunded"})).await, StatusCode::BAD_REQUEST).await;

    let received: Value =
        expect_status(app.post(&status_path, Some(&admin.token), json!({"status": "completed"})).await, StatusCode::OK).await;
    assert_eq!(received["status"], "completed");
    expect_status::<Value>(app.post(&status_path, Some(&admin.token), json!({"status": "failed"})).await, StatusCode::CONFLICT).await;
    expect_status::<Value>(
        app.post("/api/admin/payments/nope/status", Some(&admin.token), json!({"status": "completed"})).await,
        StatusCode::NOT_FOUND,
    )
    .await;

    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine[0]["status"], "completed");
    let totals: Value = expect_status(app.get("/api/admin/payments/totals", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(totals["byEvent"].as_array().expect("list").len(), 1, "pending payments are not counted: {totals}");
    assert_eq!(totals["byEvent"][0]["amount"], "40.00");
}

#[tokio::test]
async fn invalid_amounts_and_details_are_refused() {
    let app = spawn_app().await;
    for (amount, message) in [
        (json!(0), "Amount must be at least 1"),
        (json!(0.001), "Amount must be at least 1"),
        (json!(-5), "Amount must be at least 1"),
        (json!(1_000_000.01), "Amount must be less than 1,000,000"),
        (json!("lots"), "Amount must be a valid number"),
    ] {
        let body = intent_body(amount.clone(), "direct-donation", &details(amount.as_f64().unwrap_or(1.0)));
        let refused: Value = expect_status(create_intent(&app, None, body, None).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(refused["errors"]["amount"], message, "{amount}");
        let zelle = json!({"amount": amount, "donationDetails": details(1.0), "status": "success"});
        let refused: Value = expect_status(app.post("/api/payments/zelle-confirm", None, zelle).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(refused["errors"]["amount"], message, "{amount}");
    }
    let top: Value = expect_status(
        create_intent(&app, None, intent_body(json!(1_000_000), "direct-donation", &details(1_000_000.0)), None).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(top["provider"], "sandbox");

    let not_adding_up = intent_body(json!(50), "direct-donation", &details(40.0));
    let refused: Value = expect_status(create_intent(&app, None, not_adding_up, None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donationDetails"], "The donation items must add up to the amount");
    let none = intent_body(json!(50), "direct-donation", "[]");
    let refused: Value = expect_status(create_intent(&app, None, none, None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donationDetails"], "Please ensure you've selected a donation type and amount.");
    let bad_type = intent_body(json!(5), "direct-donation", r#"[{"donationTypeId":"x","amount":5,"name":"n"}]"#);
    expect_status::<Value>(create_intent(&app, None, bad_type, None).await, StatusCode::BAD_REQUEST).await;

    let admin = app.admin().await;
    assert_eq!(admin_payments(&app, &admin.token, "").await.len(), 1, "nothing recorded for refused donations");
}

#[tokio::test]
async fn a_repeated_idempotency_key_answers_the_same_intent_and_records_one_payment() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = intent_body(json!(25), "direct-donation", &details(25.0));
    let first: Value = expect_status(create_intent(&app, None, body.clone(), Some("same-key")).await, StatusCode::OK).await;
    let second: Value = expect_status(create_intent(&app, None, body.clone(), Some("same-key")).await, StatusCode::OK).await;
    assert_eq!(first["paymentIntentId"], second["paymentIntentId"]);
    assert_eq!(first["clientSecret"], second["clientSecret"]);

    // Concurrent duplicates (a double click) still make one payment.
    let racing = futures::future::join_all((0..4).map(|_| create_intent(&app, None, body.clone(), Some("racing-key")))).await;
    let mut ids = Vec::new();
    for response in racing {
        let answer: Value = expect_status(response, StatusCode::OK).await;
        ids.push(answer["paymentIntentId"].as_str().expect("id").to_owned());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");

    // The same key for a different payment is refused.
    let other = intent_body(json!(30), "direct-donation", &details(30.0));
    expect_status::<Value>(create_intent(&app, None, other, Some("same-key")).await, StatusCode::CONFLICT).await;
    expect_status::<Value>(create_intent(&app, None, body, Some("has spaces")).await, StatusCode::BAD_REQUEST).await;

    assert_eq!(admin_payments(&app, &admin.token, "").await.len(), 2);
}

// ---- Stripe, against a local mock of its API ----

async fn stripe_app(stripe: &MockServer) -> TestApp {
    let mut config = test_config().await;
    config.payment_provider = "stripe".to_owned();
    config.stripe_secret_key = Some(Secret::new("sk_test_mandir"));
    config.stripe_publishable_key = Some("pk_test_mandir".to_owned());
    config.stripe_webhook_secret = Some(Secret::new(WEBHOOK_SECRET));
    config.stripe_api_base = stripe.uri();
    spawn_app_with(config).await
}

fn stripe_intent(id: &str, status: &str, amount: i64) -> Value {
    json!({"id": id, "object": "payment_intent", "amount": amount, "currency": "usd", "status": status, "client_secret": format!("{id}_secret_test")})
}

async fn mount_create(stripe: &MockServer, id: &str, amount: i64) {
    let expected_amount = amount.to_string();
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .and(header("authorization", "Bearer sk_test_mandir"))
        .and(move |r: &Request| {
            let body = String::from_utf8_lossy(&r.body);
            body.contains(&format!("amount={expected_amount}&currency=usd"))
                && body.contains("automatic_payment_methods%5Benabled%5D=true")
                && body.contains("metadata%5BeventId%5D=direct-donation")
                && body.contains("metadata%5BdonationDetails%5D=")
                && r.headers.get("idempotency-key").is_some()
        })
        .respond_with(ResponseTemplate::new(200).set_body_json(stripe_intent(id, "requires_payment_method", amount)))
        .mount(stripe)
        .await;
}

async fn send_webhook(app: &TestApp, payload: &str, signature: Option<String>) -> Response {
    let mut request =
        app.client.post(app.url("/api/payments/stripe-webhook")).header("content-type", "application/json").body(payload.to_owned());
    if let Some(signature) = signature {
        request = request.header("Stripe-Signature", signature);
    }
    request.send().await.expect("request sent")
}

fn signed(payload: &str) -> String {
    let t = chrono::Utc::now().timestamp();
    format!("t={t},v1={}", mandir_payment::sign_stripe_payload(payload.as_bytes(), WEBHOOK_SECRET, t))
}

fn event(id: &str, kind: &str, object: Value) -> String {
    json!({"id": id, "object": "event", "type": kind, "data": {"object": object}}).to_string()
}

#[tokio::test]
async fn stripe_intents_are_created_at_stripe_and_webhooks_move_the_status_once() {
    let stripe = MockServer::start().await;
    mount_create(&stripe, "pi_test_1", 2500).await;
    let app = stripe_app(&stripe).await;
    let admin = app.admin().await;

    let config: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(config["paymentProvider"], "stripe");
    assert_eq!(config["stripePublishableKey"], "pk_test_mandir");

    let body = intent_body(json!(25), "direct-donation", &details(25.0));
    let intent: Value = expect_status(create_intent(&app, None, body, Some("stripe-key-1")).await, StatusCode::OK).await;
    assert_eq!(intent["provider"], "stripe");
    assert_eq!(intent["paymentIntentId"], "pi_test_1");
    assert_eq!(intent["clientSecret"], "pi_test_1_secret_test");
    let sent = stripe.received_requests().await.expect("recorded");
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].headers.get("idempotency-key").and_then(|v| v.to_str().ok()), Some("stripe-key-1"));
    // The sandbox's confirm step does not exist with Stripe.
    expect_status::<Value>(confirm(&app, &intent, "succeeded").await, StatusCode::NOT_FOUND).await;

    let succeeded = event(
        "evt_ok_1",
        "payment_intent.succeeded",
        json!({"id": "pi_test_1", "amount": 2500, "amount_received": 2500, "currency": "usd"}),
    );
    let bad: Value = expect_status(send_webhook(&app, &succeeded, Some("t=1,v1=00".into())).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(bad["message"], "Invalid webhook signature");
    expect_status::<Value>(send_webhook(&app, &succeeded, None).await, StatusCode::BAD_REQUEST).await;
    let tampered = succeeded.replace("2500", "1");
    expect_status::<Value>(send_webhook(&app, &tampered, Some(signed(&succeeded))).await, StatusCode::BAD_REQUEST).await;
    let listed = admin_payments(&app, &admin.token, "").await;
    assert_eq!(listed[0]["status"], "pending", "a refused webhook changes nothing");

    let ok: Value = expect_status(send_webhook(&app, &succeeded, Some(signed(&succeeded))).await, StatusCode::OK).await;
    assert_eq!(ok, json!({"received": true}));
    let after = admin_payments(&app, &admin.token, "").await;
    assert_eq!(after[0]["status"], "completed");

    let refunded = event("evt_refund_1", "charge.refunded", json!({"id": "ch_1", "payment_intent": "pi_test_1", "refunded": true}));
    expect_status::<Value>(send_webhook(&app, &refunded, Some(signed(&refunded))).await, StatusCode::OK).await;
    let after_refund = admin_payments(&app, &admin.token, "").await;
    assert_eq!(after_refund[0]["status"], "refunded");

    // Replays are acknowledged and change nothing.
    expect_status::<Value>(send_webhook(&app, &succeeded, Some(signed(&succeeded))).await, StatusCode::OK).await;
    expect_status::<Value>(send_webhook(&app, &refunded, Some(signed(&refunded))).await, StatusCode::OK).await;
    let replayed = admin_payments(&app, &admin.token, "").await;
    assert_eq!(replayed[0]["status"], "refunded");
    assert_eq!(replayed[0]["updatedAt"], after_refund[0]["updatedAt"]);

    let unknown = event("evt_other", "customer.created", json!({"id": "cus_1"}));
    expect_status::<Value>(send_webhook(&app, &unknown, Some(signed(&unknown))).await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_late_webhook_is_covered_by_asking_stripe_on_the_confirmation_page() {
    let stripe = MockServer::start().await;
    mount_create(&stripe, "pi_test_2", 1000).await;
    Mock::given(method("GET"))
        .and(path("/v1/payment_intents/pi_test_2"))
        .respond_with(ResponseTemplate::new(200).set_body_json(stripe_intent("pi_test_2", "succeeded", 1000)))
        .mount(&stripe)
        .await;
    let app = stripe_app(&stripe).await;
    let body = intent_body(json!(10), "direct-donation", &details(10.0));
    let intent: Value = expect_status(create_intent(&app, None, body.clone(), Some("k2")).await, StatusCode::OK).await;
    let record: Value = expect_status(payment_of(&app, "pi_test_2", "pi_test_2_secret_test").await, StatusCode::OK).await;
    assert_eq!(record["status"], "completed");

    // A retry with the same key answers the same intent (read back from Stripe), no new payment.
    let again: Value = expect_status(create_intent(&app, None, body, Some("k2")).await, StatusCode::OK).await;
    assert_eq!(again["clientSecret"], intent["clientSecret"]);
    let creates = stripe.received_requests().await.expect("recorded").iter().filter(|r| r.method.as_str() == "POST").count();
    assert_eq!(creates, 1);

    // The payment_failed of an earlier attempt, arriving late, cannot undo the success.
    let failed = event("evt_fail_2", "payment_intent.payment_failed", json!({"id": "pi_test_2"}));
    expect_status::<Value>(send_webhook(&app, &failed, Some(signed(&failed))).await, StatusCode::OK).await;
    let record: Value = expect_status(payment_of(&app, "pi_test_2", "pi_test_2_secret_test").await, StatusCode::OK).await;
    assert_eq!(record["status"], "completed");
}

#[tokio::test]
async fn a_stripe_error_is_a_generic_500_and_records_nothing() {
    let stripe = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(
            ResponseTemplate::new(401)
                .set_body_json(json!({"error": {"type": "invalid_request_error", "message": "Invalid API Key provided: sk_test_****"}})),
        )
        .mount(&stripe)
        .await;
    let app = stripe_app(&stripe).await;
    let admin = app.admin().await;
    let body = intent_body(json!(25), "direct-donation", &details(25.0));
    let failed: Value = expect_status(create_intent(&app, None, body, None).await, StatusCode::INTERNAL_SERVER_ERROR).await;
    assert_eq!(failed["message"], "Something went wrong");
    assert!(admin_payments(&app, &admin.token, "").await.is_empty());
}

#[tokio::test]
async fn webhooks_without_a_signing_secret_are_refused() {
    let app = spawn_app().await;
    let payload = event("evt_1", "payment_intent.succeeded", json!({"id": "pi_1"}));
    let refused: Value = expect_status(send_webhook(&app, &payload, Some(signed(&payload))).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["message"], "Stripe webhooks are not configured");
}

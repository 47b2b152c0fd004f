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
pub(crate) fn details(amount: f64) -> String {
    json!([{"donationTypeId": "custom", "amount": amount, "name": "Custom Donation"}]).to_string()
}

/// A guest's name and e-mail (a member's come from the profile and these are ignored).
const GUEST_NAME: &str = "Guest Donor";
const GUEST_EMAIL: &str = "guest@example.org";

pub(crate) fn intent_body(amount: Value, event_id: &str, details: &str) -> Value {
    json!({"amount": amount, "metadata": {"eventId": event_id, "donationDetails": details}, "donorName": GUEST_NAME, "donorEmail": GUEST_EMAIL})
}

/// `body` with the guest's name and e-mail added.
fn as_guest(mut body: Value) -> Value {
    body["donorName"] = json!(GUEST_NAME);
    body["donorEmail"] = json!(GUEST_EMAIL);
    body
}

pub(crate) async fn create_intent(app: &TestApp, token: Option<&str>, body: Value, key: Option<&str>) -> Response {
    let mut request = app.client.post(app.url("/api/payments/create-payment-intent")).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.expect("request sent")
}

pub(crate) async fn confirm(app: &TestApp, intent: &Value, outcome: &str) -> Response {
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

    assert_eq!((done["isTest"].clone(), listed[0]["isTest"].clone(), mine[0]["isTest"].clone()), (json!(true), json!(true), json!(true)));

    // A sandbox payment is a test: never money received, summed apart.
    let totals: Value = expect_status(app.get("/api/admin/payments/totals", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(totals["byDonationType"], json!([]), "{totals}");
    assert_eq!(totals["byEvent"], json!([]), "{totals}");
    assert_eq!(totals["testTotal"], json!({"amount": "51.25", "count": 1}));
}

#[tokio::test]
async fn guests_give_direct_donations_and_failed_ones_can_be_retried() {
    let app = spawn_app().await;
    let config: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(config["paymentProvider"], "sandbox");
    assert_eq!(config["stripePublishableKey"], Value::Null);

    let body = as_guest(
        json!({"amount": 101, "metadata": {"eventId": "direct-donation", "donationDetails": details(101.0), "notes": "For Annadanam"}}),
    );
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
    let guest: Value = expect_status(app.post("/api/payments/zelle-confirm", None, as_guest(guest)).await, StatusCode::CREATED).await;
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
    assert_eq!(mine[0]["isTest"], false, "Zelle is real money");
    let totals: Value = expect_status(app.get("/api/admin/payments/totals", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(totals["byEvent"].as_array().expect("list").len(), 1, "pending payments are not counted: {totals}");
    assert_eq!(totals["byEvent"][0]["amount"], "40.00");
    assert_eq!(totals["testTotal"], json!({"amount": "0.00", "count": 0}));
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
        let refused: Value =
            expect_status(app.post("/api/payments/zelle-confirm", None, as_guest(zelle)).await, StatusCode::BAD_REQUEST).await;
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

#[tokio::test]
async fn an_idempotency_key_is_the_payers_own_and_answers_nothing_of_another_payer() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let body = intent_body(json!(25), "direct-donation", &details(25.0));
    let first: Value = expect_status(create_intent(&app, None, body.clone(), Some("shared-key")).await, StatusCode::OK).await;
    // Another guest (another e-mail) with the same key and donation: their own intent, not the
    // first guest's details or client secret.
    let mut other = body.clone();
    other["donorName"] = json!("Sita Devi");
    other["donorEmail"] = json!("sita-idempotency@example.org");
    let second: Value = expect_status(create_intent(&app, None, other, Some("shared-key")).await, StatusCode::OK).await;
    assert_ne!(first["paymentIntentId"], second["paymentIntentId"]);
    assert_ne!(first["clientSecret"], second["clientSecret"]);
    // A member with the same key: their own too.
    let mine: Value = expect_status(create_intent(&app, Some(&member.token), body.clone(), Some("shared-key")).await, StatusCode::OK).await;
    assert_ne!(mine["paymentIntentId"], first["paymentIntentId"]);
    // The first guest retrying, however the address is typed, gets their own intent back.
    let mut again = body;
    again["donorEmail"] = json!(format!(" {} ", GUEST_EMAIL.to_uppercase()));
    let retried: Value = expect_status(create_intent(&app, None, again, Some("shared-key")).await, StatusCode::OK).await;
    assert_eq!(retried["paymentIntentId"], first["paymentIntentId"]);
    assert_eq!(admin_payments(&app, &admin.token, "").await.len(), 3);
}

// ---- donation items and the catalogue ----

/// The seeded donation type called `name` (the list holds active and inactive types).
async fn donation_type(app: &TestApp, token: &str, name: &str) -> Value {
    let list: Vec<Value> = expect_status(app.get("/api/donation-types", Some(token)).await, StatusCode::OK).await;
    list.into_iter().find(|t| t["name"] == name).unwrap_or_else(|| panic!("no donation type {name}"))
}

#[tokio::test]
async fn donation_items_are_named_from_the_catalogue() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let annadanam = donation_type(&app, &admin.token, "Annadanam").await;
    let id = annadanam["id"].as_str().expect("id");
    let details = json!([
        {"donationTypeId": id, "amount": 20, "name": "Something else entirely"},
        {"donationTypeId": "custom", "amount": 5, "name": "For the roof"}
    ]);

    let intent: Value = expect_status(
        create_intent(&app, None, intent_body(json!(25), "direct-donation", &details.to_string()), None).await,
        StatusCode::OK,
    )
    .await;
    let card: Value = expect_status(
        payment_of(&app, intent["paymentIntentId"].as_str().expect("id"), intent["clientSecret"].as_str().expect("secret")).await,
        StatusCode::OK,
    )
    .await;
    let zelle = json!({"amount": 25, "donationDetails": details, "status": "success"});
    let zelle: Value = expect_status(app.post("/api/payments/zelle-confirm", None, as_guest(zelle)).await, StatusCode::CREATED).await;
    for payment in [&card, &zelle["payment"]] {
        assert_eq!(payment["donationDetails"][0]["name"], "Annadanam", "{payment}");
        assert_eq!(payment["donationDetails"][0]["donationTypeId"], id);
        assert_eq!(payment["donationDetails"][1]["name"], "For the roof", "a custom item keeps the donor's label");
    }
}

#[tokio::test]
async fn unknown_and_inactive_donation_types_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let unknown = json!([{"donationTypeId": "6d1c6a0e-0000-4000-8000-000000000000", "amount": 25, "name": "Annadanam"}]);
    let refused: Value = expect_status(
        create_intent(&app, None, intent_body(json!(25), "direct-donation", &unknown.to_string()), None).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["errors"]["donationDetails"], "A chosen donation type does not exist; please choose another");
    let zelle = json!({"amount": 25, "donationDetails": unknown, "status": "success"});
    let refused: Value = expect_status(app.post("/api/payments/zelle-confirm", None, as_guest(zelle)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donationDetails"], "A chosen donation type does not exist; please choose another");

    let archana = donation_type(&app, &admin.token, "Archana").await;
    let id = archana["id"].as_str().expect("id");
    expect_status::<Value>(
        app.patch(&format!("/api/donation-types/{id}"), Some(&admin.token), json!({"isActive": false})).await,
        StatusCode::OK,
    )
    .await;
    let inactive = json!([{"donationTypeId": id, "amount": 25, "name": "Archana"}]);
    let refused: Value = expect_status(
        create_intent(&app, None, intent_body(json!(25), "direct-donation", &inactive.to_string()), None).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["errors"]["donationDetails"], "A chosen donation type is no longer offered; please choose another");
    let zelle = json!({"amount": 25, "donationDetails": inactive, "status": "success"});
    let refused: Value = expect_status(app.post("/api/payments/zelle-confirm", None, as_guest(zelle)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donationDetails"], "A chosen donation type is no longer offered; please choose another");

    assert!(admin_payments(&app, &admin.token, "").await.is_empty(), "nothing recorded for refused donations");
}

#[tokio::test]
async fn sandbox_payments_are_marked_as_tests_and_left_out_of_the_totals() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let general = donation_type(&app, &admin.token, "General Donation").await;
    let details = json!([{"donationTypeId": general["id"], "amount": 30, "name": "General Donation"}]);

    // A completed sandbox card payment (a test) and a received Zelle payment (real money).
    let body = intent_body(json!(30), "direct-donation", &details.to_string());
    let intent: Value = expect_status(create_intent(&app, Some(&member.token), body, None).await, StatusCode::OK).await;
    expect_status::<Value>(confirm(&app, &intent, "succeeded").await, StatusCode::OK).await;
    let zelle = json!({"amount": 30, "donationDetails": details, "status": "success"});
    let zelle: Value = expect_status(app.post("/api/payments/zelle-confirm", Some(&member.token), zelle).await, StatusCode::CREATED).await;
    assert_eq!(zelle["payment"]["isTest"], false);
    let zelle_id = zelle["payment"]["id"].as_str().expect("id");
    expect_status::<Value>(
        app.post(&format!("/api/admin/payments/{zelle_id}/status"), Some(&admin.token), json!({"status": "completed"})).await,
        StatusCode::OK,
    )
    .await;

    let listed = admin_payments(&app, &admin.token, "").await;
    let is_test =
        |list: &[Value]| list.iter().map(|p| (p["provider"].as_str().map(str::to_owned), p["isTest"].as_bool())).collect::<Vec<_>>();
    let expected = [(Some("zelle".to_owned()), Some(false)), (Some("sandbox".to_owned()), Some(true))];
    let mut admin_view = is_test(&listed);
    admin_view.sort();
    let mut sorted = expected.to_vec();
    sorted.sort();
    assert_eq!(admin_view, sorted);
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    let mut member_view = is_test(&mine);
    member_view.sort();
    assert_eq!(member_view, sorted);
    let card: Value = expect_status(
        payment_of(&app, intent["paymentIntentId"].as_str().expect("id"), intent["clientSecret"].as_str().expect("secret")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(card["isTest"], true);

    let totals: Value = expect_status(app.get("/api/admin/payments/totals", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(totals["byDonationType"].as_array().map(Vec::len), Some(1), "{totals}");
    assert_eq!(totals["byDonationType"][0]["name"], "General Donation");
    assert_eq!(totals["byDonationType"][0]["amount"], "30.00", "only the Zelle payment is money received");
    assert_eq!(totals["byDonationType"][0]["count"], 1);
    assert_eq!(totals["byEvent"], json!([{"eventId": null, "eventName": null, "amount": "30.00", "count": 1}]));
    assert_eq!(totals["testTotal"], json!({"amount": "30.00", "count": 1}));
}

// ---- Stripe, against a local mock of its API ----

pub(crate) async fn stripe_app(stripe: &MockServer) -> TestApp {
    let mut config = test_config().await;
    config.payment_provider = mandir_domain::payment::PaymentProvider::Stripe;
    config.stripe_secret_key = Some(Secret::new("sk_test_mandir"));
    config.stripe_publishable_key = Some("pk_test_mandir".to_owned());
    config.stripe_webhook_secret = Some(Secret::new(WEBHOOK_SECRET));
    config.stripe_api_base = stripe.uri();
    spawn_app_with(config).await
}

fn stripe_intent(id: &str, status: &str, amount: i64) -> Value {
    json!({"id": id, "object": "payment_intent", "amount": amount, "currency": "usd", "status": status, "client_secret": format!("{id}_secret_test")})
}

pub(crate) async fn mount_create(stripe: &MockServer, id: &str, amount: i64) {
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

pub(crate) async fn send_webhook(app: &TestApp, payload: &str, signature: Option<String>) -> Response {
    let mut request =
        app.client.post(app.url("/api/payments/stripe-webhook")).header("content-type", "application/json").body(payload.to_owned());
    if let Some(signature) = signature {
        request = request.header("Stripe-Signature", signature);
    }
    request.send().await.expect("request sent")
}

pub(crate) fn signed(payload: &str) -> String {
    let t = chrono::Utc::now().timestamp();
    format!("t={t},v1={}", mandir_payment::sign_stripe_payload(payload.as_bytes(), WEBHOOK_SECRET, t))
}

pub(crate) fn event(id: &str, kind: &str, object: Value) -> String {
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
    // The payouts job's reads (`GET /v1/payouts`) aside.
    let sent: Vec<_> =
        stripe.received_requests().await.expect("recorded").into_iter().filter(|r| r.url.path() == "/v1/payment_intents").collect();
    assert_eq!(sent.len(), 1);
    // Stripe gets the key as stored: the payer's own (scoped to the guest's e-mail, hashed).
    let guest = mandir_application::services::payments::Payer::Guest(mandir_application::services::rate_limits::ClientAddress::new("x"));
    let scoped = mandir_application::services::payments::scoped_key(&guest, GUEST_EMAIL, "stripe-key-1");
    assert_eq!(sent[0].headers.get("idempotency-key").and_then(|v| v.to_str().ok()), Some(scoped.as_str()));
    let form = String::from_utf8_lossy(&sent[0].body);
    assert!(form.contains("receipt_email=guest%40example.org"), "the receipt goes to the guest: {form}");
    assert!(form.contains("metadata%5BdonorName%5D=Guest+Donor"), "{form}");
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
async fn an_admin_refund_goes_to_stripe_once_and_its_webhook_changes_nothing_more() {
    let stripe = MockServer::start().await;
    mount_create(&stripe, "pi_test_9", 4000).await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .and(header("authorization", "Bearer sk_test_mandir"))
        .and(|r: &Request| String::from_utf8_lossy(&r.body) == "payment_intent=pi_test_9&amount=1500&reason=requested_by_customer")
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"id": "re_9", "object": "refund", "amount": 1500, "status": "succeeded"})),
        )
        .expect(1)
        .mount(&stripe)
        .await;
    let app = stripe_app(&stripe).await;
    let admin = app.admin().await;
    let intent: Value =
        expect_status(create_intent(&app, None, intent_body(json!(40), "direct-donation", &details(40.0)), None).await, StatusCode::OK)
            .await;
    assert_eq!(intent["paymentIntentId"], "pi_test_9");
    let paid = event(
        "evt_paid_9",
        "payment_intent.succeeded",
        json!({"id": "pi_test_9", "amount": 4000, "amount_received": 4000, "currency": "usd"}),
    );
    expect_status::<Value>(send_webhook(&app, &paid, Some(signed(&paid))).await, StatusCode::OK).await;
    let id = admin_payments(&app, &admin.token, "").await[0]["id"].as_str().expect("id").to_owned();

    let refunded: Value = expect_status(
        app.post(&format!("/api/admin/payments/{id}/refund"), Some(&admin.token), json!({"amount": 15})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!((refunded["status"].as_str(), refunded["refundedAmount"].as_str()), (Some("completed"), Some("15.00")));
    let sent = stripe.received_requests().await.expect("recorded");
    let refund_call = sent.iter().find(|r| r.url.path() == "/v1/refunds").expect("refund sent");
    assert_eq!(refund_call.headers.get("idempotency-key").and_then(|v| v.to_str().ok()), Some(format!("refund-{id}-0-1500").as_str()));

    // Stripe's `charge.refunded` for the same refund changes nothing; a later one made in its
    // dashboard raises the refunded total, once; the full refund marks the payment refunded.
    let same = event(
        "evt_ref_1",
        "charge.refunded",
        json!({"id": "ch_9", "payment_intent": "pi_test_9", "refunded": false, "amount_refunded": 1500}),
    );
    expect_status::<Value>(send_webhook(&app, &same, Some(signed(&same))).await, StatusCode::OK).await;
    let listed = admin_payments(&app, &admin.token, "").await;
    assert_eq!((listed[0]["refundedAmount"].as_str(), listed[0]["updatedAt"].clone()), (Some("15.00"), refunded["updatedAt"].clone()));
    let more = event(
        "evt_ref_2",
        "charge.refunded",
        json!({"id": "ch_9", "payment_intent": "pi_test_9", "refunded": false, "amount_refunded": 2500}),
    );
    expect_status::<Value>(send_webhook(&app, &more, Some(signed(&more))).await, StatusCode::OK).await;
    expect_status::<Value>(send_webhook(&app, &more, Some(signed(&more))).await, StatusCode::OK).await;
    let listed = admin_payments(&app, &admin.token, "").await;
    assert_eq!((listed[0]["status"].as_str(), listed[0]["refundedAmount"].as_str()), (Some("completed"), Some("25.00")));
    let all = event(
        "evt_ref_3",
        "charge.refunded",
        json!({"id": "ch_9", "payment_intent": "pi_test_9", "refunded": true, "amount_refunded": 4000}),
    );
    expect_status::<Value>(send_webhook(&app, &all, Some(signed(&all))).await, StatusCode::OK).await;
    let listed = admin_payments(&app, &admin.token, "").await;
    assert_eq!((listed[0]["status"].as_str(), listed[0]["refundedAmount"].as_str()), (Some("refunded"), Some("40.00")));
    let ledger: Value = expect_status(app.get("/api/admin/payments/ledger", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!((ledger["totals"]["received"].as_str(), ledger["totals"]["refunded"].as_str()), (Some("0.00"), Some("40.00")));
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

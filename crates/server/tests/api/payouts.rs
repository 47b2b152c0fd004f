//! Card fees and payouts over HTTP, on SQLite and PostgreSQL (ADR 0146): the sandbox simulates a
//! fee per card payment and a payout per day, matched to the ledger; Stripe's balance
//! transactions and payouts (against a local mock of its API) are recorded once, and a payout
//! that does not add up or carries a charge the ledger lacks is flagged; other roles are refused.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};
use crate::payments::{confirm, create_intent, details, event, intent_body, mount_create, send_webhook, signed, stripe_app};

fn today() -> chrono::NaiveDate {
    Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive()
}

fn period() -> String {
    format!("from={}&to={}", today() - Duration::days(30), today() + Duration::days(1))
}

/// Waits for the payouts job's run at start, so its reads do not race the test's payments.
async fn wait_for_the_first_reconciliation(app: &TestApp, admin: &TestUser) {
    for _ in 0..1200 {
        let jobs: Value = expect_status(app.get("/api/admin/jobs", Some(&admin.token)).await, StatusCode::OK).await;
        let ran = jobs.as_array().expect("jobs").iter().any(|j| j["name"] == "reconcile_payouts" && !j["lastRun"].is_null());
        if ran {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the payouts job did not run at start");
}

async fn reconcile(app: &TestApp, who: &TestUser) -> Value {
    expect_status(app.post("/api/admin/payouts/reconcile", Some(&who.token), json!({})).await, StatusCode::OK).await
}

/// A guest's sandbox card gift of `dollars`, completed.
async fn sandbox_gift(app: &TestApp, dollars: u32, key: &str) -> Value {
    let body = intent_body(json!(dollars), "direct-donation", &details(f64::from(dollars)));
    let intent: Value = expect_status(create_intent(app, None, body, Some(key)).await, StatusCode::OK).await;
    expect_status::<Value>(confirm(app, &intent, "succeeded").await, StatusCode::OK).await;
    intent
}

#[tokio::test]
async fn the_sandbox_simulates_fees_and_a_daily_payout_that_matches_the_ledger() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;
    wait_for_the_first_reconciliation(&app, &admin).await;

    let hundred = sandbox_gift(&app, 100, "payout-gift-1").await;
    let twenty_five = sandbox_gift(&app, 25, "payout-gift-2").await;
    // Paid five days ago: available two days later, so paid out by now.
    let paid = (Utc::now() - Duration::days(5)).to_rfc3339();
    app.db.execute_raw(&format!("UPDATE payments SET payment_date = '{paid}'")).await.expect("backdated");

    let done = reconcile(&app, &treasurer).await;
    assert_eq!(done, json!({"fees": 2, "unsettled": 0, "payouts": 1, "flagged": 0}));
    let list: Value =
        expect_status(app.get(&format!("/api/admin/payouts?{}", period()), Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!(list["provider"], "sandbox");
    let payouts = list["payouts"].as_array().expect("payouts");
    assert_eq!(payouts.len(), 1);
    let payout = &payouts[0];
    // 2.9% + 30¢ each: $3.20 of $100 and $1.03 of $25 (72.5¢ rounded half up).
    assert_eq!(
        (payout["gross"].as_str(), payout["fees"].as_str(), payout["amount"].as_str()),
        (Some("125.00"), Some("4.23"), Some("120.77"))
    );
    assert_eq!((payout["charges"].as_u64(), payout["difference"].as_str(), payout["problems"].clone()), (Some(2), Some("0.00"), json!([])));
    assert_eq!(payout["arrivalDate"], json!((Utc::now() - Duration::days(3)).date_naive().to_string()));

    let id = payout["id"].as_str().expect("id");
    let detail: Value = expect_status(app.get(&format!("/api/admin/payouts/{id}"), Some(&admin.token)).await, StatusCode::OK).await;
    let lines = detail["lines"].as_array().expect("lines");
    let intents: Vec<&str> = lines.iter().filter_map(|l| l["intentId"].as_str()).collect();
    for intent in [&hundred, &twenty_five] {
        assert!(intents.contains(&intent["paymentIntentId"].as_str().expect("intent")), "{intents:?}");
    }
    assert!(lines.iter().all(|l| l["paymentId"].is_string() && l["receiptNumber"].is_string() && l["unmatched"] == false));

    // Reconciling again records nothing twice.
    assert_eq!(reconcile(&app, &admin).await, json!({"fees": 0, "unsettled": 0, "payouts": 0, "flagged": 0}));

    // Other roles are refused; a period backwards is refused.
    for who in [&desk, &member] {
        expect_status::<Value>(app.post("/api/admin/payouts/reconcile", Some(&who.token), json!({})).await, StatusCode::FORBIDDEN).await;
        expect_status::<Value>(app.get(&format!("/api/admin/payouts?{}", period()), Some(&who.token)).await, StatusCode::FORBIDDEN).await;
        expect_status::<Value>(app.get(&format!("/api/admin/payouts/{id}"), Some(&who.token)).await, StatusCode::FORBIDDEN).await;
    }
    let backwards = format!("/api/admin/payouts?from={}&to={}", today(), today() - Duration::days(1));
    expect_status::<Value>(app.get(&backwards, Some(&treasurer.token)).await, StatusCode::BAD_REQUEST).await;
    expect_status::<Value>(app.get("/api/admin/payouts/po_none", Some(&treasurer.token)).await, StatusCode::NOT_FOUND).await;

    // The reconciliation is in the audit log.
    let audit: Value = expect_status(app.get("/api/admin/audit?kind=money", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(audit.to_string().contains("Reconciled card payouts: 2 fees recorded, 1 payouts recorded, 0 flagged"), "{audit}");
}

/// A Stripe card gift: the intent made at the mock, then its signed `payment_intent.succeeded`.
async fn stripe_gift(app: &TestApp, stripe: &MockServer, intent: &str, cents: i64) {
    mount_create(stripe, intent, cents).await;
    let dollars = cents / 100;
    let body = intent_body(json!(dollars), "direct-donation", &details(dollars as f64));
    expect_status::<Value>(create_intent(app, None, body, Some(&format!("key-{intent}"))).await, StatusCode::OK).await;
    let succeeded = event(
        &format!("evt_{intent}"),
        "payment_intent.succeeded",
        json!({"id": intent, "amount": cents, "amount_received": cents, "currency": "usd"}),
    );
    expect_status::<Value>(send_webhook(app, &succeeded, Some(signed(&succeeded))).await, StatusCode::OK).await;
}

async fn mount_settled(stripe: &MockServer, intent: &str, txn: &str, cents: i64, fee: i64) {
    let available = (Utc::now() - Duration::days(1)).timestamp();
    Mock::given(method("GET"))
        .and(path(format!("/v1/payment_intents/{intent}")))
        .and(query_param("expand[]", "latest_charge.balance_transaction"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"id": intent, "latest_charge": {"id": format!("ch_{intent}"), "balance_transaction": {
                "id": txn, "type": "charge", "amount": cents, "fee": fee, "net": cents - fee, "available_on": available
            }}}),
        ))
        .mount(stripe)
        .await;
}

fn txn(id: &str, kind: &str, cents: i64, fee: i64, source: Value) -> Value {
    json!({"id": id, "type": kind, "amount": cents, "fee": fee, "net": cents - fee, "available_on": 1, "source": source})
}

#[tokio::test]
async fn stripes_payouts_are_matched_to_the_ledger_and_one_that_does_not_add_up_is_flagged() {
    let stripe = MockServer::start().await;
    let app = stripe_app(&stripe).await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    wait_for_the_first_reconciliation(&app, &admin).await;
    stripe_gift(&app, &stripe, "pi_gift_1", 10_000).await;
    stripe_gift(&app, &stripe, "pi_gift_2", 5_000).await;
    mount_settled(&stripe, "pi_gift_1", "txn_1", 10_000, 320).await;
    mount_settled(&stripe, "pi_gift_2", "txn_2", 5_000, 175).await;

    let created = (Utc::now() - Duration::days(1)).timestamp();
    let arrival = Utc::now().timestamp();
    let payout = |id: &str, cents: i64, status: &str| json!({"id": id, "object": "payout", "amount": cents, "arrival_date": arrival, "created": created, "status": status});
    Mock::given(method("GET"))
        .and(path("/v1/payouts"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"data": [
            payout("po_wait", 999, "in_transit"), payout("po_odd", 1_990, "paid"), payout("po_ok", 14_005, "paid")
        ], "has_more": false})))
        .mount(&stripe)
        .await;
    let charge = |intent: &str| json!({"id": format!("ch_{intent}"), "object": "charge", "payment_intent": intent});
    Mock::given(method("GET"))
        .and(path("/v1/balance_transactions"))
        .and(query_param("payout", "po_ok"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"data": [
            txn("txn_1", "charge", 10_000, 320, charge("pi_gift_1")),
            txn("txn_2", "charge", 5_000, 175, charge("pi_gift_2")),
            txn("txn_r", "refund", -500, 0, json!({"id": "re_1", "object": "refund", "payment_intent": "pi_gift_1"})),
            txn("txn_po_ok", "payout", -14_005, 0, json!("po_ok")),
        ], "has_more": false})))
        .mount(&stripe)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/balance_transactions"))
        .and(query_param("payout", "po_odd"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"data": [
            txn("txn_3", "charge", 2_100, 100, charge("pi_made_elsewhere")),
        ], "has_more": false})))
        .mount(&stripe)
        .await;

    let done = reconcile(&app, &treasurer).await;
    assert_eq!(done, json!({"fees": 2, "unsettled": 0, "payouts": 2, "flagged": 1}));
    let list: Value =
        expect_status(app.get(&format!("/api/admin/payouts?{}", period()), Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!(list["provider"], "stripe");
    let payouts = list["payouts"].as_array().expect("payouts");
    let find = |id: &str| payouts.iter().find(|p| p["id"] == id).cloned().unwrap_or_else(|| panic!("{id} in {payouts:?}"));
    assert_eq!(payouts.len(), 2, "a payout not paid yet is left for later");
    let ok = find("po_ok");
    assert_eq!((ok["gross"].as_str(), ok["fees"].as_str(), ok["net"].as_str()), (Some("145.00"), Some("4.95"), Some("140.05")));
    assert_eq!((ok["charges"].as_u64(), ok["refunds"].as_u64(), ok["problems"].clone()), (Some(2), Some(1), json!([])));
    let odd = find("po_odd");
    assert_eq!(odd["problems"], json!(["sum_differs", "unmatched_lines"]));
    assert_eq!((odd["difference"].as_str(), odd["unmatched"].as_u64()), (Some("0.10"), Some(1)));

    let detail: Value = expect_status(app.get("/api/admin/payouts/po_ok", Some(&treasurer.token)).await, StatusCode::OK).await;
    let lines = detail["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 3, "the payout's own transaction is left out");
    assert_eq!(lines[2]["kind"], "refund");
    assert_eq!(lines[2]["paymentId"], lines[0]["paymentId"], "the refund is matched to its payment");
    let odd: Value = expect_status(app.get("/api/admin/payouts/po_odd", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!((odd["lines"][0]["unmatched"].as_bool(), odd["lines"][0]["paymentId"].clone()), (Some(true), Value::Null));

    // The books: each payout moves its money from card clearing to the bank, its fees an expense.
    let (from, to) = (today() - Duration::days(2), today() + Duration::days(2));
    let preview: Value =
        expect_status(app.get(&format!("/api/admin/accounting/preview?from={from}&to={to}"), Some(&treasurer.token)).await, StatusCode::OK)
            .await;
    assert_eq!((preview["gifts"].as_u64(), preview["payouts"].as_u64()), (Some(2), Some(2)), "{preview}");
    let export: Value = expect_status(
        app.post("/api/admin/accounting/exports", Some(&treasurer.token), json!({"from": from, "to": to, "format": "gl_csv"})).await,
        StatusCode::CREATED,
    )
    .await;
    let file = app.get(&format!("/api/admin/accounting/exports/{}/file", export["id"].as_str().expect("id")), Some(&treasurer.token)).await;
    let text = file.text().await.expect("csv");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    let payout_rows: Vec<(String, String, String)> = rows
        .iter()
        .filter(|r| &r[10] == "payout" && &r[9] == "po_ok")
        .map(|r| (r[2].to_owned(), r[4].to_owned(), r[5].to_owned()))
        .collect();
    let expected = [("1000", "140.05", ""), ("6100", "4.95", ""), ("1210", "", "145.00")];
    assert_eq!(payout_rows, expected.map(|(a, d, c)| (a.to_owned(), d.to_owned(), c.to_owned())), "{text}");

    // Asked again, Stripe's payouts are recorded once; each fee was asked for once.
    assert_eq!(reconcile(&app, &treasurer).await, json!({"fees": 0, "unsettled": 0, "payouts": 0, "flagged": 0}));
    let asked = stripe.received_requests().await.expect("recorded");
    assert_eq!(asked.iter().filter(|r| r.url.path() == "/v1/payment_intents/pi_gift_1").count(), 1);
    assert_eq!(asked.iter().filter(|r| r.url.query().is_some_and(|q| q.contains("payout=po_ok"))).count(), 1);
}

#[tokio::test]
async fn a_stripe_outage_is_reported_and_nothing_is_half_recorded() {
    let stripe = MockServer::start().await;
    let app = stripe_app(&stripe).await;
    let admin = app.admin().await;
    wait_for_the_first_reconciliation(&app, &admin).await;
    stripe_gift(&app, &stripe, "pi_gift_9", 2_500).await;
    Mock::given(method("GET"))
        .and(path("/v1/payment_intents/pi_gift_9"))
        .respond_with(ResponseTemplate::new(503).set_body_json(json!({"error": {"type": "api_error", "message": "down"}})))
        .mount(&stripe)
        .await;
    expect_status::<Value>(
        app.post("/api/admin/payouts/reconcile", Some(&admin.token), json!({})).await,
        StatusCode::INTERNAL_SERVER_ERROR,
    )
    .await;
    let list: Value = expect_status(app.get(&format!("/api/admin/payouts?{}", period()), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list["payouts"], json!([]));
}

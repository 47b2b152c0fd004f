//! The treasurer's ledger (filters, pages, totals, CSV), the audit trail of admin changes with the
//! reopening of a Zelle payment marked failed, a member's giving history, and abandoned card
//! intents expiring.

use std::time::Duration;

use chrono::{DateTime, Utc};
use mandir_server::config::{Config, JobsConfig};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, spawn_app_with, test_config};

fn item(amount: f64, name: &str) -> Value {
    json!([{"donationTypeId": "custom", "amount": amount, "name": name}])
}

async fn zelle(app: &TestApp, token: Option<&str>, amount: f64, event_id: Option<&str>, name: &str) -> Value {
    let body = json!({"amount": amount, "donationDetails": item(amount, name), "eventId": event_id, "donorName": "Guest Donor", "donorEmail": "guest@example.org"});
    let recorded: Value = expect_status(app.post("/api/payments/zelle-confirm", token, body).await, StatusCode::CREATED).await;
    recorded["payment"].clone()
}

async fn set_status(app: &TestApp, admin: &TestUser, payment: &Value, status: &str, note: Option<&str>) -> Response {
    let id = payment["id"].as_str().expect("id");
    app.post(&format!("/api/admin/payments/{id}/status"), Some(&admin.token), json!({"status": status, "note": note})).await
}

async fn ledger(app: &TestApp, admin: &TestUser, query: &str) -> Value {
    expect_status(app.get(&format!("/api/admin/payments/ledger{query}"), Some(&admin.token)).await, StatusCode::OK).await
}

fn receipts(page: &Value) -> Vec<String> {
    page["items"].as_array().expect("items").iter().map(|p| p["receiptNumber"].as_str().expect("receipt").to_owned()).collect()
}

/// The payment's date as the temple's clock reads it, as the CSV writes it.
fn local_date(payment: &Value) -> String {
    let at: DateTime<Utc> = payment["paymentDate"].as_str().expect("date").parse().expect("rfc 3339");
    at.with_timezone(&chrono_tz::America::Los_Angeles).format("%Y-%m-%d %H:%M").to_string()
}

async fn csv(response: Response, filename: &str) -> String {
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], format!("attachment; filename=\"{filename}\"").as_str());
    response.text().await.expect("body")
}

#[tokio::test]
async fn the_ledger_filters_pages_totals_and_exports_exactly_what_is_filtered() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let asha = app.member().await;
    let ravi = app.member().await;
    // An event name a spreadsheet would run as a formula.
    let event = app.create_event(&admin, "=Diwali+1", 10, None).await;
    let event_id = event["id"].as_str().expect("id");

    let for_event = zelle(&app, Some(&asha.token), 40.0, Some(event_id), "Lamps").await;
    let direct = zelle(&app, Some(&ravi.token), 10.5, None, "Roof, tiles").await;
    let guest = zelle(&app, None, 5.0, None, "Other").await;
    expect_status::<Value>(set_status(&app, &admin, &for_event, "completed", Some("Seen in the bank statement")).await, StatusCode::OK)
        .await;
    expect_status::<Value>(set_status(&app, &admin, &guest, "failed", None).await, StatusCode::OK).await;

    // Newest first, two per page, totals over every match.
    let first = ledger(&app, &admin, "?page=1&pageSize=2").await;
    assert_eq!((first["total"].as_u64(), first["page"].as_u64(), first["pageSize"].as_u64()), (Some(3), Some(1), Some(2)));
    assert_eq!(receipts(&first), [guest["receiptNumber"].as_str().expect("r"), direct["receiptNumber"].as_str().expect("r")]);
    assert_eq!(
        first["totals"],
        json!({"count": 3, "received": "40.00", "receivedCount": 1, "pending": "10.50", "refunded": "0.00", "test": "0.00"})
    );
    let second = ledger(&app, &admin, "?page=2&pageSize=2").await;
    assert_eq!(receipts(&second), [for_event["receiptNumber"].as_str().expect("r")]);
    assert_eq!(second["totals"]["count"], 3);

    // Filters: status, method, event, purpose, donor search, dates.
    assert_eq!(ledger(&app, &admin, "?status=completed&method=zelle").await["total"], 1);
    assert_eq!(ledger(&app, &admin, &format!("?eventId={event_id}")).await["totals"]["received"], "40.00");
    assert_eq!(ledger(&app, &admin, "?eventId=direct-donation").await["total"], 2);
    assert_eq!(ledger(&app, &admin, "?purpose=custom").await["total"], 3);
    assert_eq!(ledger(&app, &admin, "?purpose=6d1c6a0e-0000-4000-8000-000000000000").await["total"], 0);
    let found = ledger(&app, &admin, &format!("?q={}", ravi.email.to_uppercase())).await;
    assert_eq!(receipts(&found), [direct["receiptNumber"].as_str().expect("r")]);
    assert_eq!(found["totals"]["pending"], "10.50");
    assert_eq!(ledger(&app, &admin, "?from=2000-01-01&to=2000-12-31").await["total"], 0);
    let bad: Value =
        expect_status(app.get("/api/admin/payments/ledger?page=0&pageSize=500", Some(&admin.token)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(bad["errors"]["page"], "Page must be a whole number from 1 to 1000000", "{bad}");
    assert_eq!(bad["errors"]["pageSize"], "Page size must be a whole number from 1 to 100", "{bad}");

    // The CSV has exactly the filtered rows, newest first, formulas neutralized.
    let text = csv(app.get("/api/admin/payments.csv?method=zelle&eventId=direct-donation", Some(&admin.token)).await, "payments.csv").await;
    let expected = format!(
        "Date,Receipt,Donor,Email,Amount,Method,Status,Purposes,Event,Refunded,Channel,Funds\r\n\
         {},{},Guest Donor,guest@example.org,5.00,zelle,failed,Other 5.00,Direct donation,0.00,online,General 5.00\r\n\
         {},{},{},{},10.50,zelle,pending,\"Roof, tiles 10.50\",Direct donation,0.00,online,General 10.50\r\n",
        local_date(&guest),
        guest["receiptNumber"].as_str().expect("r"),
        local_date(&direct),
        direct["receiptNumber"].as_str().expect("r"),
        direct["donorName"].as_str().expect("name"),
        ravi.email,
    );
    assert_eq!(text, expected);
    let text = csv(app.get(&format!("/api/admin/payments.csv?eventId={event_id}"), Some(&admin.token)).await, "payments.csv").await;
    let row = text.lines().nth(1).expect("one row");
    assert!(row.ends_with(",40.00,zelle,completed,Lamps 40.00,'=Diwali+1,0.00,online,General 40.00"), "{row}");
    assert_eq!(text.lines().count(), 2);

    // Members and strangers are kept out.
    for path in ["/api/admin/payments/ledger", "/api/admin/payments.csv"] {
        expect_status::<Value>(app.get(path, None).await, StatusCode::UNAUTHORIZED).await;
        expect_status::<Value>(app.get(path, Some(&asha.token)).await, StatusCode::FORBIDDEN).await;
    }
}

#[tokio::test]
async fn a_zelle_payment_marked_failed_by_mistake_is_reopened_and_the_trail_keeps_every_change() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let payment = zelle(&app, Some(&member.token), 25.0, None, "Other").await;
    let id = payment["id"].as_str().expect("id");
    let audit_path = format!("/api/admin/payments/{id}/audit");
    let empty: Vec<Value> = expect_status(app.get(&audit_path, Some(&admin.token)).await, StatusCode::OK).await;
    assert!(empty.is_empty());

    let failed: Value = expect_status(set_status(&app, &admin, &payment, "failed", None).await, StatusCode::OK).await;
    assert_eq!(failed["status"], "failed");
    let reopened: Value =
        expect_status(set_status(&app, &admin, &payment, "pending", Some("Marked failed by mistake")).await, StatusCode::OK).await;
    assert_eq!(reopened["status"], "pending");
    let again: Value = expect_status(set_status(&app, &admin, &payment, "pending", None).await, StatusCode::CONFLICT).await;
    assert_eq!(again["message"], "Only Zelle payments marked failed can be reopened");
    let received: Value = expect_status(set_status(&app, &admin, &payment, "completed", Some("Arrived")).await, StatusCode::OK).await;
    assert_eq!(received["status"], "completed");
    let long = "x".repeat(501);
    let refused: Value = expect_status(set_status(&app, &admin, &payment, "failed", Some(&long)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["note"], "Note must be at most 500 characters");

    let trail: Vec<Value> = expect_status(app.get(&audit_path, Some(&admin.token)).await, StatusCode::OK).await;
    let changes: Vec<(&str, &str, &str, Option<&str>)> = trail
        .iter()
        .map(|e| {
            (e["actorEmail"].as_str().expect("who"), e["from"].as_str().expect("from"), e["to"].as_str().expect("to"), e["note"].as_str())
        })
        .collect();
    assert_eq!(
        changes,
        [
            (admin.email.as_str(), "pending", "failed", None),
            (admin.email.as_str(), "failed", "pending", Some("Marked failed by mistake")),
            (admin.email.as_str(), "pending", "completed", Some("Arrived")),
        ]
    );
    assert!(trail.iter().all(|e| e["actorId"] == admin.id.as_str() && e["at"].is_string()));

    expect_status::<Value>(app.get(&audit_path, None).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.get(&audit_path, Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.get("/api/admin/payments/nope/audit", Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn members_see_only_their_own_gifts_per_year_and_download_them() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let asha = app.member().await;
    let ravi = app.member().await;
    let kept = zelle(&app, Some(&asha.token), 101.0, None, "Annadanam").await;
    let waiting = zelle(&app, Some(&asha.token), 7.25, None, "=cmd").await;
    zelle(&app, Some(&ravi.token), 999.0, None, "Other").await;
    expect_status::<Value>(set_status(&app, &admin, &kept, "completed", None).await, StatusCode::OK).await;

    let year: i32 = local_date(&kept)[..4].parse().expect("year");
    let years: Value = expect_status(app.get("/api/payments/mine/years", Some(&asha.token)).await, StatusCode::OK).await;
    assert_eq!(years, json!([{"year": year, "amount": "101.00", "count": 1, "testAmount": "0.00", "testCount": 0}]));

    let text = csv(app.get("/api/payments/mine.csv", Some(&asha.token)).await, "my-donations.csv").await;
    let expected = format!(
        "Date,Receipt,Amount,Method,Status,Purposes,Event\r\n\
         {},{},7.25,zelle,pending,'=cmd 7.25,Direct donation\r\n\
         {},{},101.00,zelle,completed,Annadanam 101.00,Direct donation\r\n",
        local_date(&waiting),
        waiting["receiptNumber"].as_str().expect("r"),
        local_date(&kept),
        kept["receiptNumber"].as_str().expect("r"),
    );
    assert_eq!(text, expected);
    for path in ["/api/payments/mine/years", "/api/payments/mine.csv"] {
        expect_status::<Value>(app.get(path, None).await, StatusCode::UNAUTHORIZED).await;
    }
}

#[tokio::test]
async fn abandoned_card_intents_expire_and_are_hidden_from_the_admin_list_by_default() {
    let jobs = JobsConfig {
        card_payment_max_age: Duration::ZERO,
        expire_card_payments_every: Duration::from_millis(200),
        ..JobsConfig::default()
    };
    let app = spawn_app_with(Config { jobs, ..test_config().await }).await;
    let admin = app.admin().await;
    let body = json!({"amount": 12, "metadata": {"eventId": "direct-donation", "donationDetails": item(12.0, "Other").to_string()}, "donorName": "Guest Donor", "donorEmail": "guest@example.org"});
    let intent: Value = expect_status(app.post("/api/payments/create-payment-intent", None, body).await, StatusCode::OK).await;

    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let expired = loop {
        let page = ledger(&app, &admin, "?status=expired").await;
        if page["total"] == 1 {
            break page["items"][0].clone();
        }
        assert!(tokio::time::Instant::now() < deadline, "the abandoned intent did not expire: {page}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(expired["transactionId"], intent["paymentIntentId"]);
    assert_eq!(ledger(&app, &admin, "").await["total"], 0, "hidden by default");
    assert_eq!(ledger(&app, &admin, "?includeExpired=true").await["total"], 1);
    let listed: Vec<Value> = expect_status(app.get("/api/admin/payments", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(listed.is_empty());

    let confirm = json!({"paymentIntentId": intent["paymentIntentId"], "clientSecret": intent["clientSecret"], "outcome": "succeeded"});
    let refused: Value = expect_status(app.post("/api/payments/sandbox/confirm", None, confirm).await, StatusCode::CONFLICT).await;
    assert_eq!(refused["message"], "This payment expired after a day without being completed; please start a new donation");
}

#[tokio::test]
async fn an_admin_refunds_a_card_gift_in_parts_and_the_ledger_and_trail_show_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = json!({
        "amount": 30, "metadata": {"eventId": "direct-donation", "donationDetails": item(30.0, "Other").to_string()},
        "donorName": "Meera Iyer", "donorEmail": "meera@example.org",
    });
    let intent: Value = expect_status(app.post("/api/payments/create-payment-intent", None, body).await, StatusCode::OK).await;
    let confirm = json!({"paymentIntentId": intent["paymentIntentId"], "clientSecret": intent["clientSecret"], "outcome": "succeeded"});
    expect_status::<Value>(app.post("/api/payments/sandbox/confirm", None, confirm).await, StatusCode::OK).await;
    let page = ledger(&app, &admin, "").await;
    let payment = page["items"][0].clone();
    assert_eq!((payment["status"].as_str(), payment["refundedAmount"].as_str()), (Some("completed"), Some("0.00")));
    let id = payment["id"].as_str().expect("id");
    let path = format!("/api/admin/payments/{id}/refund");
    let refund = |amount: Value, note: Option<&str>| app.post(&path, Some(&admin.token), json!({"amount": amount, "note": note}));

    // Amounts are checked: more than 0, at most what is left.
    let zero: Value = expect_status(refund(json!(0), None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(zero["errors"]["amount"], "Refund amount must be greater than 0");
    let too_much: Value = expect_status(refund(json!("30.01"), None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(too_much["errors"]["amount"], "Refund amount must be at most $30.00 (what is not yet refunded)");

    // A part, then the rest.
    let part: Value = expect_status(refund(json!("12.50"), Some("Donor asked")).await, StatusCode::OK).await;
    assert_eq!((part["status"].as_str(), part["refundedAmount"].as_str()), (Some("completed"), Some("12.50")));
    let too_much: Value = expect_status(refund(json!(20), None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(too_much["errors"]["amount"], "Refund amount must be at most $17.50 (what is not yet refunded)");
    let rest: Value = expect_status(refund(json!(17.5), None).await, StatusCode::OK).await;
    assert_eq!((rest["status"].as_str(), rest["refundedAmount"].as_str()), (Some("refunded"), Some("30.00")));
    let again: Value = expect_status(refund(json!(1), None).await, StatusCode::CONFLICT).await;
    assert_eq!(again["message"], "Only a completed card payment can be refunded");

    // The trail keeps both refunds with the admin and the note; the CSV has the refunded amount.
    let trail: Vec<Value> =
        expect_status(app.get(&format!("/api/admin/payments/{id}/audit"), Some(&admin.token)).await, StatusCode::OK).await;
    let changes: Vec<(&str, &str)> = trail.iter().map(|e| (e["to"].as_str().expect("to"), e["note"].as_str().expect("note"))).collect();
    assert_eq!(changes.len(), 2, "{trail:?}");
    assert!(
        changes[0].0 == "completed" && changes[0].1.starts_with("Refunded $12.50 (re_sandbox_") && changes[0].1.ends_with("): Donor asked")
    );
    assert!(changes[1].0 == "refunded" && changes[1].1.starts_with("Refunded $17.50 (re_sandbox_"), "{changes:?}");
    assert!(trail.iter().all(|e| e["actorEmail"] == admin.email.as_str()));
    let text = csv(app.get("/api/admin/payments.csv", Some(&admin.token)).await, "payments.csv").await;
    let row = text.lines().nth(1).expect("one row");
    assert!(
        row.contains("Meera Iyer,meera@example.org,30.00,credit_card,refunded,") && row.ends_with(",30.00,online,General 30.00"),
        "{row}"
    );
    // A refunded gift has no receipt page any more.
    let number = payment["receiptNumber"].as_str().expect("number");
    expect_status::<Value>(app.get(&format!("/api/receipts/{number}"), Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
}

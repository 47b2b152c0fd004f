//! Checks entered in bulk over HTTP, on SQLite and PostgreSQL: each check a gift of its own, on
//! its donor's My Donations and ready for a deposit; recorded once per key; one bad entry records
//! nothing.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

async fn enter(app: &TestApp, who: &TestUser, key: &str, body: &Value) -> reqwest::Response {
    app.post_with_key(who, "/api/check-batches", key, body).await
}

fn check(donor: Value, amount: u32, number: &str) -> Value {
    json!({
        "donor": donor,
        "lines": [{"donationTypeId": "custom", "amount": amount, "name": "General donation"}],
        "check": {"amount": amount, "checkNumber": number, "bank": "Golden 1", "checkDate": "2026-11-20"},
    })
}

#[tokio::test]
async fn a_treasurer_enters_the_weeks_mailed_checks_once_each_a_gift_ready_for_a_deposit() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;
    let before = app.ledger_count(&admin).await;
    let batch = json!({
        "channel": "mail",
        "checks": [check(json!({"userId": member.id}), 101, "2417"), check(json!({"name": "Gopal Iyer"}), 51, "1042")],
    });

    assert_eq!(enter(&app, &desk, "batch-http-0001", &batch).await.status(), StatusCode::FORBIDDEN, "the front desk does not");
    let bad = json!({
        "channel": "mail",
        "checks": [check(json!({"name": "Meena Krishnan"}), 25, "3001"), check(json!({"name": "Ravi"}), 30, "not-a-number")],
    });
    let refused: Value = expect_status(enter(&app, &treasurer, "batch-http-0002", &bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["checks[1].tenders"], "Enter the check number (digits, at most 20)", "{refused}");
    assert_eq!(app.ledger_count(&admin).await, before, "one bad check records none of the batch");

    let made: Value = expect_status(enter(&app, &treasurer, "batch-http-0001", &batch).await, StatusCode::CREATED).await;
    assert_eq!(made["total"], "152.00");
    let sales = made["sales"].as_array().expect("sales");
    let summary: Vec<(&str, &str, &str)> = sales
        .iter()
        .map(|s| {
            let p = &s["payment"];
            (p["channel"].as_str().unwrap_or(""), p["paymentMethod"].as_str().unwrap_or(""), p["donorName"].as_str().unwrap_or(""))
        })
        .collect();
    assert_eq!(summary[0].0, "mail");
    assert_eq!((summary[0].1, summary[1]), ("check", ("mail", "check", "Gopal Iyer")));
    assert!(sales[1]["donorId"].is_string() && sales[0]["donorId"].is_null());
    assert_eq!(app.ledger_count(&admin).await, before + 2);

    // Sent again, as after a dropped answer: the same sales, nothing more.
    let again: Value = expect_status(enter(&app, &treasurer, "batch-http-0001", &batch).await, StatusCode::OK).await;
    assert_eq!(again["sales"][1]["id"], sales[1]["id"]);
    assert_eq!(app.ledger_count(&admin).await, before + 2);

    // The member's check is on their My Donations; both wait for a deposit.
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.iter().filter(|p| p["channel"] == "mail").count(), 1);
    let waiting: Value = expect_status(app.get("/api/deposits/undeposited", Some(&treasurer.token)).await, StatusCode::OK).await;
    let numbers: Vec<&str> = waiting["checks"].as_array().expect("checks").iter().filter_map(|c| c["checkNumber"].as_str()).collect();
    assert!(numbers.contains(&"2417") && numbers.contains(&"1042"), "{waiting}");
    let log: Value = expect_status(app.get("/api/admin/audit?kind=money", Some(&admin.token)).await, StatusCode::OK).await;
    let summaries: Vec<&str> = log["items"].as_array().expect("items").iter().filter_map(|e| e["summary"].as_str()).collect();
    assert!(summaries.contains(&"Check of $51.00 by mail from Gopal Iyer"), "{summaries:?}");
}

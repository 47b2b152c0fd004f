//! Year-end statements: an admin sends a year's statements, each donor gets exactly one (asking
//! again sends nothing more), refunds and test payments are left out, progress is visible, and a
//! member opens their own statement.

use chrono::Datelike;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app, unique_email};

const ACKNOWLEDGEMENT: &str = "No goods or services were provided in exchange for this contribution.";

async fn received_zelle(app: &TestApp, admin: &str, token: Option<&str>, email: &str, amount: u32) -> Value {
    let body = json!({
        "amount": amount, "donationDetails": [{"donationTypeId": "custom", "amount": amount, "name": "Annadanam"}],
        "donorName": "Ravi Kumar", "donorEmail": email,
    });
    let recorded: Value = expect_status(app.post("/api/payments/zelle-confirm", token, body).await, StatusCode::CREATED).await;
    let id = recorded["payment"]["id"].as_str().expect("id");
    let done = app.post(&format!("/api/admin/payments/{id}/status"), Some(admin), json!({"status": "completed"})).await;
    expect_status(done, StatusCode::OK).await
}

#[tokio::test]
async fn each_donor_gets_one_statement_for_a_year_however_often_it_is_asked_for() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let year = chrono::Utc::now().year();
    let ravi = unique_email("ravi");
    let asha = unique_email("asha");
    received_zelle(&app, &admin.token, None, &ravi, 300).await;
    received_zelle(&app, &admin.token, None, &ravi.to_uppercase(), 51).await;
    received_zelle(&app, &admin.token, None, &asha, 25).await;
    // Left out: a pending gift and a test (sandbox) one.
    let pending = json!({"amount": 9, "donationDetails": [{"donationTypeId": "custom", "amount": 9, "name": "Other"}], "donorName": "P", "donorEmail": unique_email("pending")});
    expect_status::<Value>(app.post("/api/payments/zelle-confirm", None, pending).await, StatusCode::CREATED).await;

    let path = format!("/api/admin/statements/{year}");
    let started: Value = expect_status(app.post(&path, Some(&admin.token), json!({})).await, StatusCode::OK).await;
    assert_eq!((started["year"].as_i64(), started["total"].as_u64()), (Some(i64::from(year)), Some(2)), "{started}");

    let to_ravi = app.wait_for_emails(&ravi, "giving statement", 1).await;
    app.wait_for_emails(&asha, "giving statement", 1).await;
    let mail = &to_ravi[0];
    assert!(mail.contains(&format!("Your {year} giving statement from")), "{mail}");
    assert!(mail.contains("TEST — not a receipt. This statement comes from a test site"), "a sandbox site's: {mail}");
    assert!(mail.contains(&format!("Total for {year}: $351.00")), "{mail}");
    assert!(mail.contains(ACKNOWLEDGEMENT));
    let mut progress: Value = Value::Null;
    for _ in 0..200 {
        progress = expect_status(app.get(&path, Some(&admin.token)).await, StatusCode::OK).await;
        if progress["sent"] == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(progress, json!({"year": year, "total": 2, "sent": 2, "failed": 0, "remaining": 0}));

    // Asked again (a second click, another admin): nobody is added, nothing is sent again.
    let again: Value = expect_status(app.post(&path, Some(&admin.token), json!({})).await, StatusCode::OK).await;
    assert_eq!((again["total"].as_u64(), again["sent"].as_u64()), (Some(2), Some(2)));
    assert_eq!(app.emails_to(&ravi).iter().filter(|e| e.contains("giving statement")).count(), 1);

    // Years ahead or before 2000 are refused; members are kept out.
    let ahead: Value = expect_status(
        app.post(&format!("/api/admin/statements/{}", year + 1), Some(&admin.token), json!({})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(ahead["errors"]["year"], "Year must be a past or the current year, from 2000");
    let member = app.member().await;
    expect_status::<Value>(app.post(&path, Some(&member.token), json!({})).await, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn a_member_opens_their_own_statement_without_test_payments() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let year = chrono::Utc::now().year();
    received_zelle(&app, &admin.token, Some(&member.token), &member.email, 40).await;
    // A sandbox card gift is a test payment (here partly refunded): statements leave it out.
    let body = json!({"amount": 30, "metadata": {"eventId": "direct-donation", "donationDetails": json!([{"donationTypeId": "custom", "amount": 30, "name": "Flowers"}]).to_string()}});
    let intent: Value =
        expect_status(app.post("/api/payments/create-payment-intent", Some(&member.token), body).await, StatusCode::OK).await;
    let confirm = json!({"paymentIntentId": intent["paymentIntentId"], "clientSecret": intent["clientSecret"], "outcome": "succeeded"});
    expect_status::<Value>(app.post("/api/payments/sandbox/confirm", None, confirm).await, StatusCode::OK).await;
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    let card = mine.iter().find(|p| p["paymentMethod"] == "credit_card").expect("card gift");
    let refund = app
        .post(&format!("/api/admin/payments/{}/refund", card["id"].as_str().expect("id")), Some(&admin.token), json!({"amount": 10}))
        .await;
    expect_status::<Value>(refund, StatusCode::OK).await;

    let statement: Value =
        expect_status(app.get(&format!("/api/payments/mine/statements/{year}"), Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(statement["gifts"].as_array().map(Vec::len), Some(1), "{statement}");
    assert_eq!(statement["total"], "40.00");
    assert_eq!(statement["donorEmail"], member.email.as_str());
    assert_eq!(statement["acknowledgement"], ACKNOWLEDGEMENT);
    expect_status::<Value>(app.get(&format!("/api/payments/mine/statements/{year}"), None).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn statements_print_as_pdf_letters_for_the_member_and_for_the_treasurer_who_mails_them() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let member = app.member().await;
    let year = chrono::Utc::now().year();
    received_zelle(&app, &admin.token, Some(&member.token), &member.email, 1250).await;
    received_zelle(&app, &admin.token, None, &unique_email("guest"), 51).await;

    let mine = app.get(&format!("/api/payments/mine/statements/{year}/pdf"), Some(&member.token)).await;
    assert_eq!(mine.status(), StatusCode::OK);
    let header = |name: &str| mine.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    assert_eq!(header("content-type").as_deref(), Some("application/pdf"));
    assert_eq!(header("content-disposition"), Some(format!("attachment; filename=\"giving-statement-{year}.pdf\"")));
    assert_eq!(header("cache-control").as_deref(), Some("no-store"));
    let pdf = String::from_utf8_lossy(&mine.bytes().await.expect("body")).into_owned();
    assert!(pdf.starts_with("%PDF-"), "a PDF");
    let json: Value =
        expect_status(app.get(&format!("/api/payments/mine/statements/{year}"), Some(&member.token)).await, StatusCode::OK).await;
    let name = format!("({}) Tj", json["donorName"].as_str().expect("name"));
    for shown in [name.as_str(), "($1,250.00) Tj", "(General) Tj", &format!("({year} giving statement) Tj")] {
        assert!(pdf.contains(shown), "{shown} is missing");
    }
    assert!(!pdf.contains("($51.00) Tj"), "only the member's own gifts");
    let bad = app.get("/api/payments/mine/statements/1999/pdf", Some(&member.token)).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.get(&format!("/api/payments/mine/statements/{year}/pdf"), None).await.status(), StatusCode::UNAUTHORIZED);

    // Every donor's letter in one PDF, for the treasurer; the print is in the audit log.
    let path = format!("/api/admin/statements/{year}/pdf");
    assert_eq!(app.get(&path, Some(&member.token)).await.status(), StatusCode::FORBIDDEN);
    let all = app.get(&path, Some(&treasurer.token)).await;
    assert_eq!(all.status(), StatusCode::OK);
    let pdf = String::from_utf8_lossy(&all.bytes().await.expect("body")).into_owned();
    assert!(pdf.contains("($1,250.00) Tj") && pdf.contains("($51.00) Tj"), "both donors' letters");
    assert_eq!(pdf.matches("/Parent").count(), 2, "one page each");
    let log: Value = expect_status(app.get("/api/admin/audit?q=statements", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(log.to_string().contains("statements.print"), "{log}");
}

//! Donor identity and receipts: one receipt e-mail per completed payment (card sandbox confirm,
//! Zelle marked received), however often the completion is reported; the signed receipt page;
//! an admin's resend.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app, unique_email};

const ACKNOWLEDGEMENT: &str = "No goods or services were provided in exchange for this contribution.";

fn details(amount: u32) -> Value {
    json!([{"donationTypeId": "custom", "amount": amount, "name": "Temple building fund"}])
}

fn guest_zelle(email: &str, amount: u32) -> Value {
    json!({
        "amount": amount, "donationDetails": details(amount),
        "donorName": "Ravi Kumar", "donorEmail": email, "donorAddress": "1 Temple Rd\nFolsom, CA 95630",
        "inHonorOf": "In memory of my father"
    })
}

async fn complete_zelle(app: &TestApp, admin: &str, id: &str) -> reqwest::Response {
    app.post(&format!("/api/admin/payments/{id}/status"), Some(admin), json!({"status": "completed"})).await
}

#[tokio::test]
async fn a_guest_zelle_gift_marked_received_is_receipted_once_with_a_signed_page() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let email = unique_email("ravi");
    let payment: Value =
        expect_status(app.post("/api/payments/zelle-confirm", None, guest_zelle(&email, 300)).await, StatusCode::CREATED).await;
    let payment = &payment["payment"];
    assert_eq!(payment["donorName"], "Ravi Kumar");
    assert_eq!(payment["donorEmail"], email.as_str());
    assert_eq!(payment["donorAddress"], "1 Temple Rd\nFolsom, CA 95630");
    assert_eq!(payment["inHonorOf"], "In memory of my father");
    let id = payment["id"].as_str().expect("id");
    let number = payment["receiptNumber"].as_str().expect("receipt number");
    assert!(app.emails_to(&email).is_empty(), "no receipt while the payment is pending");

    expect_status::<Value>(complete_zelle(&app, &admin.token, id).await, StatusCode::OK).await;
    // Reported again: refused, and no second receipt.
    expect_status::<Value>(complete_zelle(&app, &admin.token, id).await, StatusCode::CONFLICT).await;
    let receipts = app.wait_for_emails(&email, "donation receipt", 1).await;
    let receipt = &receipts[0];
    // The tests run a sandbox site: every receipt is marked a test (a real site's is not).
    assert!(receipt.contains(&format!("Subject: TEST — not a receipt: Your donation receipt {number}")), "{receipt}");
    assert!(receipt.contains("TEST — not a receipt. This gift was made on a test site"), "{receipt}");
    assert!(receipt.contains("multipart/alternative"));
    assert!(receipt.contains("Amount: $300.00"));
    assert!(receipt.contains("Method: Zelle"));
    assert!(receipt.contains("In memory of my father"));
    assert!(receipt.contains(ACKNOWLEDGEMENT));

    let link = app.link_in_email(&email, "/receipts/").await;
    let (_, query) = link.split_once('?').expect("signed link");
    let page: Value = expect_status(app.get(&format!("/api/receipts/{number}?{query}"), None).await, StatusCode::OK).await;
    assert_eq!(page["receiptNumber"], number);
    assert_eq!(page["amount"], "300.00");
    assert_eq!(page["test"], true);
    assert_eq!(page["donorName"], "Ravi Kumar");
    assert_eq!(page["acknowledgement"], ACKNOWLEDGEMENT);
    // The same receipt as a printed letter, for the same link.
    let pdf = app.get(&format!("/api/receipts/{number}/pdf?{query}"), None).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert_eq!(pdf.headers()["content-disposition"], format!("attachment; filename=\"receipt-{number}.pdf\"").as_str());
    let bytes = pdf.bytes().await.expect("pdf");
    assert!(bytes.starts_with(b"%PDF-") && String::from_utf8_lossy(&bytes).contains("(Receipt for your gift) Tj"));
    // Without the signature, with another receipt's or a forged one: not found.
    for path in [format!("/api/receipts/{number}"), format!("/api/receipts/{number}?sig=00"), format!("/api/receipts/AUTO-1-1?{query}")] {
        expect_status::<Value>(app.get(&path, None).await, StatusCode::NOT_FOUND).await;
        if let Some((bare, sig)) = path.split_once('?') {
            expect_status::<Value>(app.get(&format!("{bare}/pdf?{sig}"), None).await, StatusCode::NOT_FOUND).await;
        }
    }
    expect_status::<Value>(app.get(&format!("/api/receipts/{number}/pdf"), None).await, StatusCode::NOT_FOUND).await;
    let member = app.member().await;
    expect_status::<Value>(app.get(&format!("/api/receipts/{number}"), Some(&member.token)).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.get(&format!("/api/receipts/{number}"), Some(&admin.token)).await, StatusCode::OK).await;

    // The admin resends it on purpose: a second e-mail, recorded.
    let resend = format!("/api/admin/payments/{id}/receipt");
    expect_status::<Value>(app.post(&resend, Some(&member.token), json!({})).await, StatusCode::FORBIDDEN).await;
    let resent: Value = expect_status(app.post(&resend, Some(&admin.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(resent["reason"], "resend");
    assert!(resent["sentAt"].is_string(), "{resent}");
    let receipts = app.wait_for_emails(&email, "donation receipt", 2).await;
    assert!(receipts[1].contains(&format!("Subject: TEST — not a receipt: Copy of your donation receipt {number}")));
    let history: Value =
        expect_status(app.get(&format!("/api/admin/payments/{id}/receipts"), Some(&admin.token)).await, StatusCode::OK).await;
    let reasons: Vec<&str> = history.as_array().expect("list").iter().map(|r| r["reason"].as_str().expect("reason")).collect();
    assert_eq!(reasons, ["completed", "resend"]);
    assert_eq!(app.wait_for_emails(&email, "donation receipt", 2).await.len(), 2);
}

#[tokio::test]
async fn a_guest_card_gift_confirmed_twice_gets_one_receipt_and_a_member_reads_their_own() {
    let app = spawn_app().await;
    let email = unique_email("card");
    let body = json!({
        "amount": 51, "metadata": {"eventId": "direct-donation", "donationDetails": details(51).to_string()},
        "donorName": "Meera Iyer", "donorEmail": email,
    });
    let intent: Value = expect_status(app.post("/api/payments/create-payment-intent", None, body).await, StatusCode::OK).await;
    let confirm = json!({"paymentIntentId": intent["paymentIntentId"], "clientSecret": intent["clientSecret"], "outcome": "succeeded"});
    expect_status::<Value>(app.post("/api/payments/sandbox/confirm", None, confirm.clone()).await, StatusCode::OK).await;
    expect_status::<Value>(app.post("/api/payments/sandbox/confirm", None, confirm).await, StatusCode::CONFLICT).await;
    let receipts = app.wait_for_emails(&email, "donation receipt", 1).await;
    assert!(receipts[0].contains("Method: Card") && receipts[0].contains("Amount: $51.00"));

    // A member's gift carries the profile's name and e-mail; they open their receipt signed in.
    let member = app.member().await;
    let body = json!({"amount": 25, "metadata": {"eventId": "direct-donation", "donationDetails": details(25).to_string()}, "inHonorOf": "For my parents"});
    let intent: Value =
        expect_status(app.post("/api/payments/create-payment-intent", Some(&member.token), body).await, StatusCode::OK).await;
    let confirm = json!({"paymentIntentId": intent["paymentIntentId"], "clientSecret": intent["clientSecret"], "outcome": "succeeded"});
    expect_status::<Value>(app.post("/api/payments/sandbox/confirm", None, confirm).await, StatusCode::OK).await;
    let mine: Value = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    let mine = &mine.as_array().expect("list")[0];
    assert_eq!(mine["donorEmail"], member.email.as_str());
    assert_eq!(mine["inHonorOf"], "For my parents");
    let number = mine["receiptNumber"].as_str().expect("number");
    app.wait_for_emails(&member.email, "donation receipt", 1).await;
    let page: Value = expect_status(app.get(&format!("/api/receipts/{number}"), Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(page["inHonorOf"], "For my parents");
}

#[tokio::test]
async fn a_guest_must_give_a_name_and_an_email() {
    let app = spawn_app().await;
    let anonymous = json!({"amount": 25, "donationDetails": details(25)});
    let refused: Value = expect_status(app.post("/api/payments/zelle-confirm", None, anonymous).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donorName"], "Please enter your name");
    assert_eq!(refused["errors"]["donorEmail"], "Please enter your email address");
    let card =
        json!({"amount": 25, "metadata": {"eventId": "direct-donation", "donationDetails": details(25).to_string()}, "donorEmail": " "});
    let refused: Value = expect_status(app.post("/api/payments/create-payment-intent", None, card).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donorName"], "Please enter your name");
    assert_eq!(refused["errors"]["donorEmail"], "Please enter your email address");
    let half = json!({"amount": 25, "donationDetails": details(25), "donorName": "Ravi"});
    let refused: Value = expect_status(app.post("/api/payments/zelle-confirm", None, half).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donorEmail"], "Please enter your email address");
    let bad = json!({"amount": 25, "donationDetails": details(25), "donorName": "Ravi", "donorEmail": "not-an-email"});
    let refused: Value = expect_status(app.post("/api/payments/zelle-confirm", None, bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donorEmail"], "Invalid email address");
    let admin = app.admin().await;
    let listed: Vec<Value> = expect_status(app.get("/api/admin/payments", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(listed.is_empty(), "nothing recorded for refused gifts: {listed:?}");
}

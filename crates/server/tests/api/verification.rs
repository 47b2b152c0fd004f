//! Verified members: what needs a verified e-mail (403 with `code: email-not-verified`), new
//! verification links, their expiry, and admin rights only for verified accounts.

use mandir_application::ports::UserRepository;
use mandir_application::services::hash_secret;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, spawn_app_with_real_limits};

const NOT_VERIFIED: &str = "Please verify your email address first. We can send you a new verification link.";

async fn expect_not_verified(response: reqwest::Response) {
    let body: Value = expect_status(response, StatusCode::FORBIDDEN).await;
    assert_eq!(body["message"], NOT_VERIFIED);
    assert_eq!(body["code"], "email-not-verified");
}

fn details() -> String {
    json!([{"donationTypeId": "custom", "amount": 25, "name": "Custom Donation"}]).to_string()
}

fn volunteer_form(event_id: &str) -> Value {
    json!({"eventId": event_id, "name": "Lakshmi Devi", "contactNumber": "(916) 555-0142", "contactEmail": "lakshmi@example.org",
        "contactPreference": "whatsapp", "volunteerPreference": "daily_services", "availability": "evening"})
}

/// Registers, volunteers and donates (card and Zelle) for `event_id`, each expected to answer
/// `expect` (the status, or the not-verified refusal when `None`).
async fn take_part(app: &TestApp, member: &TestUser, event_id: &str, expect: Option<(StatusCode, StatusCode)>) {
    let token = Some(member.token.as_str());
    let register = app.post(&format!("/api/events/{event_id}/register"), token, json!({"numberOfFamilyMembers": 1})).await;
    let volunteer = app.post(&format!("/api/events/{event_id}/volunteers"), token, volunteer_form(event_id)).await;
    let intent = app
        .post(
            "/api/payments/create-payment-intent",
            token,
            json!({"amount": 25, "metadata": {"eventId": event_id, "donationDetails": details()}}),
        )
        .await;
    let zelle =
        app.post("/api/payments/zelle-confirm", token, json!({"amount": 25, "donationDetails": details(), "eventId": event_id})).await;
    match expect {
        None => {
            for response in [register, volunteer, intent, zelle] {
                expect_not_verified(response).await;
            }
        }
        Some((created, ok)) => {
            expect_status::<Value>(register, created).await;
            expect_status::<Value>(volunteer, created).await;
            expect_status::<Value>(intent, ok).await;
            expect_status::<Value>(zelle, created).await;
        }
    }
}

#[tokio::test]
async fn unverified_members_take_part_only_after_opening_the_link() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Diwali", 5, None).await;
    let event_id = event["id"].as_str().expect("id");
    let member = app.unverified_member().await;

    take_part(&app, &member, event_id, None).await;
    let direct = json!({"amount": 25, "donationDetails": details(), "eventId": "direct-donation"});
    expect_status::<Value>(app.post("/api/payments/zelle-confirm", Some(&member.token), direct).await, StatusCode::CREATED).await;

    app.verify_email_of(&member.email).await;
    take_part(&app, &member, event_id, Some((StatusCode::CREATED, StatusCode::OK))).await;
}

#[tokio::test]
async fn resend_verification_sends_a_new_link_and_the_old_one_stops_working() {
    let app = spawn_app().await;
    let member = app.unverified_member().await;
    let first = app.link_in_email(&member.email, "/api/auth/verify-email?token=").await;

    expect_status::<Value>(app.post("/api/auth/resend-verification", None, json!({})).await, StatusCode::UNAUTHORIZED).await;
    let sent: Value = expect_status(app.post("/api/auth/resend-verification", Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(sent["message"], "A new verification link has been sent to your email address. It works for 48 hours.");
    let second = app.wait_for_link_other_than(&member.email, "/api/auth/verify-email?token=", &first).await;

    let old = app.get(first.trim_start_matches("http://temple.test"), None).await;
    assert_eq!(old.headers()["location"], "/sign-in?verified=0", "the older link stops working");
    let new = app.get(second.trim_start_matches("http://temple.test"), None).await;
    assert_eq!(new.headers()["location"], "/sign-in?verified=1");

    let again: Value = expect_status(app.post("/api/auth/resend-verification", Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(again["message"], "Your email address is already verified.");
}

#[tokio::test]
async fn resend_verification_is_limited_per_account() {
    let app = spawn_app_with_real_limits().await;
    let member = app.unverified_member().await;
    for i in 0..5 {
        let response = app.post_from(&format!("203.0.113.{i}"), "/api/auth/resend-verification", Some(&member.token), json!({})).await;
        expect_status::<Value>(response, StatusCode::OK).await;
    }
    let response = app.post_from("203.0.113.99", "/api/auth/resend-verification", Some(&member.token), json!({})).await;
    assert!(response.headers().get("retry-after").is_some());
    expect_status::<Value>(response, StatusCode::TOO_MANY_REQUESTS).await;
}

#[tokio::test]
async fn an_expired_verification_link_is_refused() {
    let app = spawn_app().await;
    let member = app.unverified_member().await;
    // A link whose 48 hours are over.
    let expired = chrono::Utc::now() - chrono::Duration::minutes(1);
    app.built_users.store_verification_token(&member.id.clone().into(), &hash_secret("expired-token"), expired).await.expect("stored");
    let response = app.get("/api/auth/verify-email?token=expired-token", None).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/sign-in?verified=0");
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["emailVerified"], false);
}

#[tokio::test]
async fn only_verified_accounts_can_be_made_admins() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.unverified_member().await;
    let refused: Value =
        expect_status(app.post("/api/admin/set-admin", Some(&admin.token), json!({"email": member.email})).await, StatusCode::CONFLICT)
            .await;
    assert_eq!(refused["message"], "This member has not verified their email address yet; only verified accounts can be given staff roles");
    app.verify_email_of(&member.email).await;
    expect_status::<Value>(app.post("/api/admin/set-admin", Some(&admin.token), json!({"email": member.email})).await, StatusCode::OK)
        .await;
}

//! Abuse limits with the real policy (`spawn_app_with_real_limits`): counted in the database,
//! reserved before the work they guard, answered with 429 and `Retry-After`.

use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app_with_real_limits, unique_email};

/// Asserts a 429 with a positive `Retry-After` (seconds) and a message.
async fn expect_limited(response: Response) -> Value {
    let retry_after = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    let body: Value = expect_status(response, StatusCode::TOO_MANY_REQUESTS).await;
    assert!(retry_after.is_some_and(|seconds| seconds > 0 && seconds <= 24 * 3600), "Retry-After in seconds: {retry_after:?}");
    assert!(body["message"].as_str().is_some_and(|m| m.starts_with("Too many")), "{body}");
    body
}

fn sign_up_body(email: &str) -> Value {
    json!({"firstName": "Test", "lastName": "Member", "email": email, "password": "secret1", "phoneNumber": "9165550100"})
}

async fn sign_in_from(app: &TestApp, from: &str, email: &str, password: &str) -> Response {
    app.post_from(from, "/api/auth/signin", None, json!({"email": email, "password": password})).await
}

#[tokio::test]
async fn fifty_parallel_wrong_sign_ins_from_one_address_check_at_most_five_passwords() {
    let app = spawn_app_with_real_limits().await;
    let victim = app.member().await;
    let guesses = (0..50).map(|i| {
        let (client, url, email) = (app.client.clone(), app.url("/api/auth/signin"), victim.email.clone());
        tokio::spawn(async move {
            client
                .post(url)
                .header("X-Forwarded-For", "198.51.100.9")
                .json(&json!({"email": email, "password": format!("guess-{i}")}))
                .send()
                .await
                .expect("sent")
        })
    });
    let mut checked = 0;
    for guess in guesses {
        let response = guess.await.expect("task");
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            expect_limited(response).await;
        } else {
            // Only a reserved attempt reaches the password check.
            expect_status::<Value>(response, StatusCode::UNAUTHORIZED).await;
            checked += 1;
        }
    }
    assert_eq!(checked, 5, "exactly five attempts were reserved, so at most five passwords were checked");
    let body = expect_limited(sign_in_from(&app, "198.51.100.9", &victim.email, "secret1").await).await;
    assert_eq!(body["message"], "Too many failed sign-in attempts. Please try again in a few minutes.");
    // The security review: anyone could lock anyone out. The owner, elsewhere, still signs in.
    expect_status::<Value>(sign_in_from(&app, "192.0.2.1", &victim.email, "secret1").await, StatusCode::OK).await;
}

#[tokio::test]
async fn past_the_accounts_limit_over_all_addresses_only_an_address_with_no_failures_may_try() {
    let app = spawn_app_with_real_limits().await;
    let victim = app.member().await;
    // 50 failures over ten addresses: the account's limit over all addresses.
    for i in 0..50 {
        let from = format!("203.0.113.{}", i % 10);
        expect_status::<Value>(sign_in_from(&app, &from, &victim.email, "bad-guess").await, StatusCode::UNAUTHORIZED).await;
    }
    expect_limited(sign_in_from(&app, "203.0.113.3", &victim.email, "secret1").await).await;
    expect_status::<Value>(sign_in_from(&app, "203.0.113.99", &victim.email, "secret1").await, StatusCode::OK).await;
    expect_status::<Value>(sign_in_from(&app, "203.0.113.98", &victim.email, "guess").await, StatusCode::UNAUTHORIZED).await;
    expect_limited(sign_in_from(&app, "203.0.113.98", &victim.email, "guess-again").await).await;
}

#[tokio::test]
async fn successful_sign_ins_do_not_count() {
    let app = spawn_app_with_real_limits().await;
    let member = app.member().await;
    for _ in 0..8 {
        expect_status::<Value>(sign_in_from(&app, "203.0.113.5", &member.email, "secret1").await, StatusCode::OK).await;
    }
    for _ in 0..4 {
        expect_status::<Value>(sign_in_from(&app, "203.0.113.5", &member.email, "bad").await, StatusCode::UNAUTHORIZED).await;
    }
    expect_status::<Value>(sign_in_from(&app, "203.0.113.5", &member.email, "secret1").await, StatusCode::OK).await;
}

#[tokio::test]
async fn sign_ins_from_one_address_are_limited_over_all_accounts() {
    let app = spawn_app_with_real_limits().await;
    for i in 0..30 {
        let email = unique_email(&format!("spray{i}"));
        expect_status::<Value>(sign_in_from(&app, "203.0.113.7", &email, "guess").await, StatusCode::UNAUTHORIZED).await;
    }
    expect_limited(sign_in_from(&app, "203.0.113.7", &unique_email("spray"), "guess").await).await;
    expect_status::<Value>(sign_in_from(&app, "203.0.113.8", &unique_email("spray"), "guess").await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn sign_up_is_limited_per_address() {
    let app = spawn_app_with_real_limits().await;
    for _ in 0..10 {
        expect_status::<Value>(
            app.post_from("203.0.113.9", "/api/auth/signup", None, sign_up_body(&unique_email("new"))).await,
            StatusCode::CREATED,
        )
        .await;
    }
    expect_limited(app.post_from("203.0.113.9", "/api/auth/signup", None, sign_up_body(&unique_email("new"))).await).await;
    expect_status::<Value>(
        app.post_from("203.0.113.10", "/api/auth/signup", None, sign_up_body(&unique_email("new"))).await,
        StatusCode::CREATED,
    )
    .await;
}

#[tokio::test]
async fn forgot_password_is_limited_per_address() {
    let app = spawn_app_with_real_limits().await;
    for _ in 0..5 {
        let body = json!({"email": unique_email("ghost")});
        expect_status::<Value>(app.post_from("203.0.113.11", "/api/auth/forgot-password", None, body).await, StatusCode::OK).await;
    }
    let body = json!({"email": unique_email("ghost")});
    expect_limited(app.post_from("203.0.113.11", "/api/auth/forgot-password", None, body.clone()).await).await;
    expect_status::<Value>(app.post_from("203.0.113.12", "/api/auth/forgot-password", None, body).await, StatusCode::OK).await;
}

fn direct_donation() -> Value {
    let details = json!([{"donationTypeId": "custom", "amount": 25, "name": "Custom Donation"}]).to_string();
    json!({
        "amount": 25, "donationDetails": details, "eventId": "direct-donation", "metadata": {"eventId": "direct-donation", "donationDetails": details},
        "donorName": "Guest Donor", "donorEmail": "guest@example.org",
    })
}

#[tokio::test]
async fn guest_payment_intents_are_limited_per_address_and_members_per_account() {
    let app = spawn_app_with_real_limits().await;
    let member = app.member().await;
    for _ in 0..20 {
        expect_status::<Value>(
            app.post_from("203.0.113.13", "/api/payments/create-payment-intent", None, direct_donation()).await,
            StatusCode::OK,
        )
        .await;
    }
    expect_limited(app.post_from("203.0.113.13", "/api/payments/create-payment-intent", None, direct_donation()).await).await;
    // A member is counted apart from the address, per account, from wherever they give.
    for i in 0..20 {
        let from = format!("198.51.100.{i}");
        let signed_in = app.post_from(&from, "/api/payments/create-payment-intent", Some(&member.token), direct_donation()).await;
        expect_status::<Value>(signed_in, StatusCode::OK).await;
    }
    expect_limited(app.post_from("198.51.100.77", "/api/payments/create-payment-intent", Some(&member.token), direct_donation()).await)
        .await;
    let other = app.member().await;
    expect_status::<Value>(
        app.post_from("198.51.100.77", "/api/payments/create-payment-intent", Some(&other.token), direct_donation()).await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn member_zelle_confirmations_are_limited_per_account() {
    let app = spawn_app_with_real_limits().await;
    let member = app.member().await;
    for i in 0..10 {
        let from = format!("198.51.100.{i}");
        expect_status::<Value>(
            app.post_from(&from, "/api/payments/zelle-confirm", Some(&member.token), direct_donation()).await,
            StatusCode::CREATED,
        )
        .await;
    }
    expect_limited(app.post_from("198.51.100.50", "/api/payments/zelle-confirm", Some(&member.token), direct_donation()).await).await;
}

#[tokio::test]
async fn e_mail_changes_need_a_verified_account_the_password_and_a_place_within_the_members_limit() {
    let app = spawn_app_with_real_limits().await;
    let unverified = app.unverified_member().await;
    let change = |password: &str| json!({"newEmail": unique_email("moved"), "currentPassword": password});
    let refused: Value =
        expect_status(app.post("/api/account/email", Some(&unverified.token), change("secret1")).await, StatusCode::FORBIDDEN).await;
    assert_eq!(refused["code"], "email-not-verified");
    let member = app.member().await;
    let wrong: Value =
        expect_status(app.post("/api/account/email", Some(&member.token), change("wrong")).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(wrong["errors"]["currentPassword"], "Your current password is not correct");
    let mut last = String::new();
    for _ in 0..5 {
        last = unique_email("moved");
        let body = json!({"newEmail": last, "currentPassword": "secret1"});
        expect_status::<Value>(app.post("/api/account/email", Some(&member.token), body).await, StatusCode::ACCEPTED).await;
    }
    expect_limited(app.post("/api/account/email", Some(&member.token), change("secret1")).await).await;
    let settings: Value = expect_status(app.get("/api/account", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(settings["pendingEmail"], last.as_str(), "the refused change wrote nothing and sent nothing");
}

#[tokio::test]
async fn household_invitations_are_limited_per_member() {
    let app = spawn_app_with_real_limits().await;
    let member = app.member().await;
    expect_status::<Value>(app.post("/api/household", Some(&member.token), json!({"name": "The Limits"})).await, StatusCode::CREATED).await;
    // Each invitation e-mails an address the member types: 10 a day, even when each is withdrawn.
    let mut sent = Vec::new();
    for _ in 0..10 {
        let email = unique_email("invitee");
        let invited: Value =
            expect_status(app.post("/api/household/invitations", Some(&member.token), json!({"email": email})).await, StatusCode::CREATED)
                .await;
        let id = invited["invitations"][0]["id"].as_str().expect("id").to_owned();
        expect_status::<Value>(app.delete(&format!("/api/household/invitations/{id}"), Some(&member.token)).await, StatusCode::OK).await;
        sent.push(email);
    }
    let one_more = unique_email("invitee");
    expect_limited(app.post("/api/household/invitations", Some(&member.token), json!({"email": one_more})).await).await;
    assert!(app.emails_to(&one_more).is_empty(), "the refused invitation sent nothing");
    assert_eq!(app.wait_for_emails(&sent[9], "invited you to join", 1).await.len(), 1);
}

#[tokio::test]
async fn guest_zelle_confirmations_are_limited_per_address() {
    let app = spawn_app_with_real_limits().await;
    for _ in 0..10 {
        expect_status::<Value>(
            app.post_from("203.0.113.14", "/api/payments/zelle-confirm", None, direct_donation()).await,
            StatusCode::CREATED,
        )
        .await;
    }
    expect_limited(app.post_from("203.0.113.14", "/api/payments/zelle-confirm", None, direct_donation()).await).await;
    expect_status::<Value>(
        app.post_from("203.0.113.15", "/api/payments/zelle-confirm", None, direct_donation()).await,
        StatusCode::CREATED,
    )
    .await;
}

#[tokio::test]
async fn without_a_trusted_proxy_forwarded_addresses_are_ignored() {
    let app = crate::helpers::spawn_app_with(mandir_server::Config {
        rate_limit_scale: 1,
        trust_proxy: false,
        ..crate::helpers::test_config().await
    })
    .await;
    for i in 0..5 {
        let body = json!({"email": unique_email("ghost")});
        expect_status::<Value>(app.post_from(&format!("203.0.113.{i}"), "/api/auth/forgot-password", None, body).await, StatusCode::OK)
            .await;
    }
    let body = json!({"email": unique_email("ghost")});
    expect_limited(app.post_from("203.0.113.200", "/api/auth/forgot-password", None, body).await).await;
}

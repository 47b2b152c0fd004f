use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app, unique_email};

#[tokio::test]
async fn sign_up_creates_an_unverified_member_and_mails_a_verification_link() {
    let app = spawn_app().await;
    let email = unique_email("new");
    let body: Value = expect_status(app.sign_up(&email.to_uppercase(), "secret1").await, StatusCode::CREATED).await;
    assert_eq!(body["message"], "Account created! Please check your email to verify");
    assert_eq!(body["user"]["email"], email);
    assert_eq!(body["user"]["emailVerified"], false);
    assert_eq!(body["user"]["isAdmin"], false);
    assert!(body["user"].get("passwordHash").is_none() && body["user"].get("password").is_none());

    let link = app.link_in_email(&email, "/api/auth/verify-email?token=").await;
    let path = link.trim_start_matches("http://temple.test");
    let response = app.get(path, None).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/sign-in?verified=1");
    // The link works once.
    assert_eq!(app.get(path, None).await.headers()["location"], "/sign-in?verified=0");

    let signed_in: Value = expect_status(app.sign_in(&email, "secret1").await, StatusCode::OK).await;
    assert_eq!(signed_in["user"]["emailVerified"], true);
}

#[tokio::test]
async fn sign_up_validates_with_the_documented_messages() {
    let app = spawn_app().await;
    let body: Value = expect_status(
        app.post(
            "/api/auth/signup",
            None,
            json!({"firstName": "A", "lastName": "", "email": "nope", "password": "123", "phoneNumber": ""}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(body["errors"]["email"], "Invalid email address");
    assert_eq!(body["errors"]["password"], "Password must be at least 6 characters");
    assert_eq!(body["errors"]["phoneNumber"], "Phone number is required");
    assert!(body["message"].is_string());
}

#[tokio::test]
async fn nobody_signs_up_at_the_demo_domain() {
    // The demo admin's published credentials: before, the account was created (201), and a
    // production start then refused to run while it signed in.
    let app = spawn_app().await;
    for email in ["admin@mandir.local", "Admin@MANDIR.local", "treasurer@mandir.local"] {
        let body: Value = expect_status(app.sign_up(email, "mandir-admin").await, StatusCode::BAD_REQUEST).await;
        assert_eq!(body["errors"]["email"], mandir_domain::user::RESERVED_EMAIL, "{email}");
        assert_eq!(body["message"], mandir_domain::user::RESERVED_EMAIL);
    }
    expect_status::<Value>(app.sign_in("admin@mandir.local", "mandir-admin").await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn signing_up_with_a_members_address_answers_as_a_new_account_and_tells_the_owner() {
    let app = spawn_app().await;
    let email = unique_email("dup");
    let first: Value = expect_status(app.sign_up(&email, "secret1").await, StatusCode::CREATED).await;
    app.wait_for_email(&email, "verify-email?token=").await;
    // Case-insensitively the same address, another password: the same answer as a new account.
    let again: Value = expect_status(app.sign_up(&email.to_uppercase(), "someone-else").await, StatusCode::CREATED).await;
    assert_eq!(again["message"], first["message"]);
    let keys = |v: &Value| v["user"].as_object().expect("user").keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&again), keys(&first));
    assert_eq!((again["user"]["email"].as_str(), again["user"]["emailVerified"].as_bool()), (Some(email.as_str()), Some(false)));
    assert_ne!(again["user"]["id"], first["user"]["id"], "nothing of the existing account is told");
    // The owner is told, and nothing changed: the first password still signs in.
    let notice = app.wait_for_email(&email, "You already have").await;
    assert!(notice.contains("/forgot-password"), "{notice}");
    expect_status::<Value>(app.sign_in(&email, "secret1").await, StatusCode::OK).await;
    expect_status::<Value>(app.sign_in(&email, "someone-else").await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(app.emails_to(&email).iter().filter(|e| e.contains("verify-email?token=")).count(), 1, "no second welcome");
}

#[tokio::test]
async fn sign_in_does_not_reveal_whether_the_email_exists() {
    let app = spawn_app().await;
    let member = app.member().await;
    let wrong: Value = expect_status(app.sign_in(&member.email, "wrong-pass").await, StatusCode::UNAUTHORIZED).await;
    let unknown: Value = expect_status(app.sign_in(&unique_email("ghost"), "wrong-pass").await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["message"], "Invalid email or password");
}

#[tokio::test]
async fn me_needs_a_valid_token() {
    let app = spawn_app().await;
    let member = app.member().await;
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["email"], member.email);
    let body: Value = expect_status(app.get("/api/users/me", None).await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(body["message"], "Authentication required");
    expect_status::<Value>(app.get("/api/users/me", Some("garbage")).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn profile_update_with_gotram() {
    let app = spawn_app().await;
    let member = app.member().await;
    let gotrams: Vec<Value> = expect_status(app.get("/api/gotrams", None).await, StatusCode::OK).await;
    let gotram = &gotrams[5];
    let updated: Value = expect_status(
        app.put(
            "/api/users/me",
            Some(&member.token),
            json!({"firstName": "Ravi", "lastName": "Kumar", "phoneNumber": "9165550199", "gotramId": gotram["id"]}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(updated["firstName"], "Ravi");
    assert_eq!(updated["gotram"], *gotram);
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["gotramId"], gotram["id"]);
    assert_eq!(me["mailingAddress"], Value::Null);

    // The optional mailing address: set (trimmed), kept when absent, cleared by blank, and bounded.
    let profile = |address: Value| json!({"firstName": "Ravi", "lastName": "Kumar", "mailingAddress": address});
    let set: Value =
        expect_status(app.put("/api/users/me", Some(&member.token), profile(json!(" 1 Temple Rd \n\n Folsom, CA "))).await, StatusCode::OK)
            .await;
    assert_eq!(set["mailingAddress"], "1 Temple Rd\nFolsom, CA");
    let kept: Value = expect_status(
        app.put("/api/users/me", Some(&member.token), json!({"firstName": "Ravi", "lastName": "Kumar"})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(kept["mailingAddress"], "1 Temple Rd\nFolsom, CA");
    let long: Value =
        expect_status(app.put("/api/users/me", Some(&member.token), profile(json!("x".repeat(501)))).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(long["errors"]["mailingAddress"], "Mailing address must be at most 500 characters");
    let cleared: Value = expect_status(app.put("/api/users/me", Some(&member.token), profile(json!(" "))).await, StatusCode::OK).await;
    assert_eq!(cleared["mailingAddress"], Value::Null);

    let invalid: Value = expect_status(
        app.put("/api/users/me", Some(&member.token), json!({"firstName": "R", "lastName": "K", "gotramId": 999999})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(invalid["errors"]["firstName"], "First name is required");
    assert_eq!(invalid["errors"]["lastName"], "Last name is required");
}

#[tokio::test]
async fn the_custom_gotram_is_editable_and_kept_when_absent() {
    let app = spawn_app().await;
    let member = app.member().await;
    let put = |body: Value| app.put("/api/users/me", Some(&member.token), body);
    let base = json!({"firstName": "Ravi", "lastName": "Kumar"});
    let mut with = base.clone();
    with["customGotram"] = json!("  Kaundinya (family) ");
    let set: Value = expect_status(put(with).await, StatusCode::OK).await;
    assert_eq!(set["customGotram"], "Kaundinya (family)");
    // Absent: kept.
    let kept: Value = expect_status(put(base.clone()).await, StatusCode::OK).await;
    assert_eq!(kept["customGotram"], "Kaundinya (family)");
    let mut long = base.clone();
    long["customGotram"] = json!("x".repeat(101));
    let refused: Value = expect_status(put(long).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["customGotram"], "Gotram must be at most 100 characters");
    // Null clears it.
    let mut clear = base.clone();
    clear["customGotram"] = Value::Null;
    let cleared: Value = expect_status(put(clear).await, StatusCode::OK).await;
    assert_eq!(cleared["customGotram"], Value::Null);
}

#[tokio::test]
async fn password_reset_works_once_and_ends_older_sessions() {
    let app = spawn_app().await;
    let member = app.member().await;
    let unknown: Value =
        expect_status(app.post("/api/auth/forgot-password", None, json!({"email": unique_email("ghost")})).await, StatusCode::OK).await;
    let known: Value =
        expect_status(app.post("/api/auth/forgot-password", None, json!({"email": member.email})).await, StatusCode::OK).await;
    assert_eq!(unknown, known, "the answer must not reveal whether the account exists");

    let link = app.link_in_email(&member.email, "/reset-password?token=").await;
    let token = link.split("token=").nth(1).expect("token").to_owned();
    let short: Value = expect_status(
        app.post("/api/auth/reset-password", None, json!({"token": token, "newPassword": "123"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(short["errors"]["newPassword"], "Password must be at least 6 characters");

    expect_status::<Value>(
        app.post("/api/auth/reset-password", None, json!({"token": token, "newPassword": "brand-new"})).await,
        StatusCode::OK,
    )
    .await;
    let again: Value = expect_status(
        app.post("/api/auth/reset-password", None, json!({"token": token, "newPassword": "another1"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(again["message"], "This reset link is invalid or has expired");

    expect_status::<Value>(app.get("/api/users/me", Some(&member.token)).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.sign_in(&member.email, "secret1").await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.sign_in(&member.email, "brand-new").await, StatusCode::OK).await;
}

#[tokio::test]
async fn malformed_json_is_a_400_not_a_500() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/api/auth/signin"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("sent");
    let body: Value = expect_status(response, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().expect("message").starts_with("Invalid request body"));
}

#[tokio::test]
async fn oversized_bodies_are_refused_with_413() {
    let app = spawn_app().await;
    let huge = "x".repeat(200 * 1024);
    let body: Value =
        expect_status(app.post("/api/auth/signin", None, json!({"email": huge, "password": "x"})).await, StatusCode::PAYLOAD_TOO_LARGE)
            .await;
    assert_eq!(body["message"], "Request body is too large");
}

#[tokio::test]
async fn names_with_a_link_or_a_line_break_are_refused() {
    let app = spawn_app().await;
    let body = json!({"firstName": "Win at https://spam.example", "lastName": "Member", "email": unique_email("spam"),
        "password": "secret1", "phoneNumber": "9165550100"});
    let refused: Value = expect_status(app.post("/api/auth/signup", None, body).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["firstName"], "First name cannot contain a link");

    let member = app.member().await;
    let refused: Value = expect_status(
        app.put("/api/users/me", Some(&member.token), json!({"firstName": "Ravi", "lastName": "Kumar\nDear winner"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["errors"]["lastName"], "Last name must be on one line");
    let refused: Value = expect_status(
        app.put("/api/users/me", Some(&member.token), json!({"firstName": "<a>Ravi</a>", "lastName": "Kumar"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["errors"]["firstName"], "First name cannot contain < or >");
}

#[tokio::test]
async fn sign_out_ends_this_token_while_other_sessions_go_on() {
    let app = spawn_app().await;
    let member = app.member().await;
    let other: Value = expect_status(app.sign_in(&member.email, "secret1").await, StatusCode::OK).await;
    let other = other["token"].as_str().expect("token");

    expect_status::<Value>(app.post("/api/auth/signout", None, json!({})).await, StatusCode::UNAUTHORIZED).await;
    let response = app.post("/api/auth/signout", Some(&member.token), json!({})).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    expect_status::<Value>(app.get("/api/users/me", Some(&member.token)).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.post("/api/auth/signout", Some(&member.token), json!({})).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.get("/api/users/me", Some(other)).await, StatusCode::OK).await;
}

#[tokio::test]
async fn sign_out_everywhere_ends_every_session() {
    let app = spawn_app().await;
    let member = app.member().await;
    let other: Value = expect_status(app.sign_in(&member.email, "secret1").await, StatusCode::OK).await;
    let other = other["token"].as_str().expect("token");

    let response = app.post("/api/auth/signout-everywhere", Some(other), json!({})).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    expect_status::<Value>(app.get("/api/users/me", Some(other)).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.get("/api/users/me", Some(&member.token)).await, StatusCode::UNAUTHORIZED).await;
    let again: Value = expect_status(app.sign_in(&member.email, "secret1").await, StatusCode::OK).await;
    expect_status::<Value>(app.get("/api/users/me", again["token"].as_str()).await, StatusCode::OK).await;
}

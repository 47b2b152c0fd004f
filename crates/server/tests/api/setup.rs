//! First-run setup: the one-time link opened while no admin exists.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app, unique_email};

fn setup_body(token: &str, email: &str) -> Value {
    json!({
        "token": token, "firstName": "Asha", "lastName": "Rao", "email": email, "password": "first-admin",
        "templeName": "Sri Ganesha Temple", "address": "12 Oak Street\nSpringfield, IL 62701", "phone": "217-555-0142",
        "templeEmail": "office@ganesha.example", "timeZone": "America/Chicago"
    })
}

#[tokio::test]
async fn the_first_admin_sets_up_the_site_once() {
    let app = spawn_app().await;
    let token = app.setup_token.clone().expect("no admin at start: a setup link");
    assert_eq!(app.post("/api/setup/check", None, json!({"token": token})).await.status(), StatusCode::NO_CONTENT);

    let email = unique_email("first");
    let invalid = json!({"token": token, "firstName": "A", "email": "x", "password": "1", "templeName": "", "timeZone": "Nowhere"});
    let error: Value = expect_status(app.post("/api/setup", None, invalid).await, StatusCode::BAD_REQUEST).await;
    for field in ["firstName", "lastName", "email", "password", "templeName", "timeZone"] {
        assert!(error["errors"][field].is_string(), "{field}: {error}");
    }

    let done: Value = expect_status(app.post("/api/setup", None, setup_body(&token, &email)).await, StatusCode::CREATED).await;
    assert_eq!(done["email"], email.as_str());

    // The new admin is verified and signs in as an admin; the temple's basics are saved.
    let signed_in: Value = expect_status(app.sign_in(&email, "first-admin").await, StatusCode::OK).await;
    assert_eq!(signed_in["user"]["isAdmin"], true);
    assert_eq!(signed_in["user"]["emailVerified"], true);
    let site: Value = expect_status(app.get("/api/site", None).await, StatusCode::OK).await;
    assert_eq!(site["settings"]["templeName"], "Sri Ganesha Temple");
    assert_eq!(site["settings"]["timeZone"], "America/Chicago");
    assert_eq!(site["settings"]["email"], "office@ganesha.example");
    assert_eq!(site["settings"]["zelleRecipient"], "zelle@temple.test", "what setup does not ask keeps its seed");

    // The link works once.
    assert_eq!(app.post("/api/setup/check", None, json!({"token": token})).await.status(), StatusCode::NOT_FOUND);
    let again = app.post("/api/setup", None, setup_body(&token, &unique_email("second"))).await;
    let error: Value = expect_status(again, StatusCode::NOT_FOUND).await;
    assert!(error["message"].as_str().expect("message").starts_with("This setup link is not valid"));
}

#[tokio::test]
async fn the_link_stops_working_once_any_admin_exists() {
    let app = spawn_app().await;
    let token = app.setup_token.clone().expect("a setup link");
    app.admin().await; // as `mandir create-admin` would
    assert_eq!(app.post("/api/setup/check", None, json!({"token": token})).await.status(), StatusCode::NOT_FOUND);
    let response = app.post("/api/setup", None, setup_body(&token, &unique_email("late"))).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_setup_link_from_before_create_admin_never_works_again() {
    let app = spawn_app().await;
    let token = app.setup_token.clone().expect("no admin at start: a setup link");
    app.admin().await; // `mandir create-admin` makes the first admin
    // Whatever later leaves the site with no admin (a race once could), the old link is gone:
    // it was deleted with the admin's creation, not merely refused while an admin exists.
    app.db.execute_raw("UPDATE users SET roles = ''").await.expect("no admin left");
    assert_eq!(app.post("/api/setup/check", None, json!({"token": token})).await.status(), StatusCode::NOT_FOUND);
    let response = app.post("/api/setup", None, setup_body(&token, &unique_email("intruder"))).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "the temple's settings stay as they are");
    let site: Value = expect_status(app.get("/api/site", None).await, StatusCode::OK).await;
    assert_ne!(site["settings"]["templeName"], "Sri Ganesha Temple");
}

#[tokio::test]
async fn the_first_admin_cannot_take_a_demo_address() {
    let app = spawn_app().await;
    let token = app.setup_token.clone().expect("a setup link");
    let error: Value =
        expect_status(app.post("/api/setup", None, setup_body(&token, "admin@mandir.local")).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["email"], mandir_domain::user::RESERVED_EMAIL);
    assert_eq!(app.post("/api/setup/check", None, json!({"token": token})).await.status(), StatusCode::NO_CONTENT, "still usable");
}

#[tokio::test]
async fn an_unknown_token_is_refused_and_a_taken_email_is_a_conflict() {
    let app = spawn_app().await;
    let token = app.setup_token.clone().expect("a setup link");
    let response = app.post("/api/setup", None, setup_body("0123456789abcdef", &unique_email("guess"))).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    let member = app.member().await;
    let error: Value = expect_status(app.post("/api/setup", None, setup_body(&token, &member.email)).await, StatusCode::CONFLICT).await;
    assert_eq!(error["message"], "An account with this e-mail already exists");
    // Nothing was used up: the link still works.
    assert_eq!(app.post("/api/setup/check", None, json!({"token": token})).await.status(), StatusCode::NO_CONTENT);
}

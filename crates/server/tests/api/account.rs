//! Account Settings (ADR 0107): change password (the other sessions end), change e-mail (the new
//! address verified, the old one told), reminders, download my data, delete my account (payments
//! stay with their donor snapshot).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app};

async fn session(app: &TestApp, email: &str, password: &str) -> String {
    let body: Value = expect_status(app.sign_in(email, password).await, StatusCode::OK).await;
    body["token"].as_str().expect("token").to_owned()
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_the_other_sessions() {
    let app = spawn_app().await;
    let member = app.member().await;
    let other_device = session(&app, &member.email, "secret1").await;

    let wrong = app.post("/api/account/password", Some(&member.token), json!({"currentPassword": "nope", "newPassword": "another1"})).await;
    let wrong: Value = expect_status(wrong, StatusCode::BAD_REQUEST).await;
    assert_eq!(wrong["errors"]["currentPassword"], "Your current password is not correct");
    let short = app.post("/api/account/password", Some(&member.token), json!({"currentPassword": "secret1", "newPassword": "abc"})).await;
    let short: Value = expect_status(short, StatusCode::BAD_REQUEST).await;
    assert_eq!(short["errors"]["newPassword"], "Password must be at least 6 characters");

    let changed =
        app.post("/api/account/password", Some(&member.token), json!({"currentPassword": "secret1", "newPassword": "another1"})).await;
    let changed: Value = expect_status(changed, StatusCode::OK).await;
    let fresh = changed["token"].as_str().expect("token");
    assert_eq!(changed["user"]["email"], member.email.as_str());
    for old in [&member.token, &other_device] {
        expect_status::<Value>(app.get("/api/users/me", Some(old)).await, StatusCode::UNAUTHORIZED).await;
    }
    expect_status::<Value>(app.get("/api/users/me", Some(fresh)).await, StatusCode::OK).await;
    expect_status::<Value>(app.sign_in(&member.email, "secret1").await, StatusCode::UNAUTHORIZED).await;
    session(&app, &member.email, "another1").await;
}

#[tokio::test]
async fn a_new_address_counts_once_its_link_is_opened_and_the_old_one_is_told() {
    let app = spawn_app().await;
    let member = app.member().await;
    let taken = app.member().await;
    let new_email = crate::helpers::unique_email("moved");

    let refused = app.post("/api/account/email", Some(&member.token), json!({"newEmail": taken.email, "currentPassword": "secret1"})).await;
    expect_status::<Value>(refused, StatusCode::CONFLICT).await;
    let demo = json!({"newEmail": "admin@mandir.local", "currentPassword": "secret1"});
    let reserved: Value = expect_status(app.post("/api/account/email", Some(&member.token), demo).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(reserved["errors"]["newEmail"], mandir_domain::user::RESERVED_EMAIL);
    let asked = app.post("/api/account/email", Some(&member.token), json!({"newEmail": new_email, "currentPassword": "secret1"})).await;
    let asked: Value = expect_status(asked, StatusCode::ACCEPTED).await;
    assert!(asked["message"].as_str().expect("message").contains("new address"));
    let settings: Value = expect_status(app.get("/api/account", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(settings["pendingEmail"], new_email.as_str());
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["email"], member.email.as_str(), "unchanged until confirmed");

    let notice = app.wait_for_email(&member.email, "is being changed").await;
    assert!(notice.contains(&new_email), "{notice}");
    let link = app.link_in_email(&new_email, "/api/account/confirm-email?token=").await;
    let path = link.trim_start_matches("http://temple.test");
    let opened = app.get(path, None).await;
    assert_eq!(opened.status(), StatusCode::SEE_OTHER);
    assert_eq!(opened.headers()["location"], "/profile?tab=settings&emailChanged=1");
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["email"], new_email.as_str());
    assert_eq!(me["emailVerified"], true);
    session(&app, &new_email, "secret1").await;
    expect_status::<Value>(app.sign_in(&member.email, "secret1").await, StatusCode::UNAUTHORIZED).await;
    // The link works once.
    assert_eq!(app.get(path, None).await.headers()["location"], "/profile?tab=settings&emailChanged=0");
}

#[tokio::test]
async fn my_data_lists_what_the_temple_keeps_and_deleting_the_account_keeps_the_payments() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = app.create_event(&admin, "Sankranti", 9, Some(50)).await;
    let id = event["id"].as_str().expect("id");
    let register = app.post(&format!("/api/events/{id}/register"), Some(&member.token), json!({"numberOfFamilyMembers": 2})).await;
    expect_status::<Value>(register, StatusCode::CREATED).await;
    let volunteer = json!({
        "name": "Seva Volunteer", "contactNumber": "9165550101", "contactEmail": member.email, "contactPreference": "email",
        "volunteerPreference": "any", "availability": "either", "needsCertificate": false
    });
    expect_status::<Value>(app.post(&format!("/api/events/{id}/volunteers"), Some(&member.token), volunteer).await, StatusCode::CREATED)
        .await;
    let gift = json!({"amount": 51, "donationDetails": [{"donationTypeId": "custom", "amount": 51, "name": "Annadanam"}], "eventId": id});
    let paid: Value = expect_status(app.post("/api/payments/zelle-confirm", Some(&member.token), gift).await, StatusCode::CREATED).await;
    let payment_id = paid["payment"]["id"].as_str().expect("id").to_owned();

    let export = app.get("/api/account/export", Some(&member.token)).await;
    assert_eq!(export.headers()["content-disposition"], "attachment; filename=\"my-data.json\"");
    let data: Value = expect_status(export, StatusCode::OK).await;
    assert_eq!(data["profile"]["email"], member.email.as_str());
    assert_eq!(data["settings"]["remindersEnabled"], true);
    assert_eq!(data["registrations"][0]["event"]["name"], "Sankranti");
    assert_eq!(data["registrations"][0]["attendee"]["numberOfFamilyMembers"], 2);
    assert_eq!(data["volunteering"][0]["eventName"], "Sankranti");
    assert_eq!(data["payments"][0]["id"], payment_id.as_str());
    assert_eq!(data["payments"][0]["amount"], "51.00");

    let wrong = app.call(reqwest::Method::DELETE, "/api/account", Some(&member.token), Some(json!({"currentPassword": "nope"}))).await;
    expect_status::<Value>(wrong, StatusCode::BAD_REQUEST).await;
    let deleted = app.call(reqwest::Method::DELETE, "/api/account", Some(&member.token), Some(json!({"currentPassword": "secret1"}))).await;
    expect_status::<Value>(deleted, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(app.get("/api/users/me", Some(&member.token)).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.sign_in(&member.email, "secret1").await, StatusCode::UNAUTHORIZED).await;

    // The registration (3 people) and the volunteering went; the payment stayed with its donor.
    let event: Value = expect_status(app.get(&format!("/api/events/{id}"), None).await, StatusCode::OK).await;
    assert_eq!(event["attendeeCount"], 0);
    let count: Value = expect_status(app.get(&format!("/api/events/{id}/volunteers/count"), None).await, StatusCode::OK).await;
    assert_eq!(count["count"], 0, "{count}");
    let payments: Vec<Value> = expect_status(app.get("/api/admin/payments", Some(&admin.token)).await, StatusCode::OK).await;
    let kept = payments.iter().find(|p| p["id"] == payment_id.as_str()).expect("the payment stays");
    assert_eq!(kept["userId"], Value::Null);
    assert_eq!(kept["donorName"], "Test Member", "the name as it was when they gave");
    assert_eq!(kept["donorEmail"], member.email.as_str());
    assert_eq!(kept["amount"], "51.00");
}

#[tokio::test]
async fn the_only_admin_cannot_delete_their_account_and_reminders_can_be_turned_off() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let refused =
        app.call(reqwest::Method::DELETE, "/api/account", Some(&admin.token), Some(json!({"currentPassword": "admin-pass"}))).await;
    let refused: Value = expect_status(refused, StatusCode::CONFLICT).await;
    assert!(refused["message"].as_str().expect("message").contains("only admin"));
    expect_status::<Value>(app.get("/api/users/me", Some(&admin.token)).await, StatusCode::OK).await;

    let member = app.member().await;
    let off: Value =
        expect_status(app.put("/api/account/reminders", Some(&member.token), json!({"enabled": false})).await, StatusCode::OK).await;
    assert_eq!(off["remindersEnabled"], false);
    let settings: Value = expect_status(app.get("/api/account", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(settings["remindersEnabled"], false);
}

/// A reset link asked for now, as its token.
async fn reset_token(app: &TestApp, member: &crate::helpers::TestUser, old: &str) -> String {
    expect_status::<Value>(app.post("/api/auth/forgot-password", None, json!({"email": member.email})).await, StatusCode::OK).await;
    let link = app.wait_for_link_other_than(&member.email, "/reset-password?token=", old).await;
    link.split("token=").nth(1).expect("token").to_owned()
}

/// A personal calendar feed made now, as its path.
async fn feed_path(app: &TestApp, token: &str) -> String {
    let feed: Value = expect_status(app.post("/api/account/calendar-feed", Some(token), json!({})).await, StatusCode::OK).await;
    feed["url"].as_str().expect("url").strip_prefix("http://temple.test").expect("on the site").to_owned()
}

#[tokio::test]
async fn every_credential_change_ends_the_reset_links_and_the_calendar_feed_link_issued_before_it() {
    let app = spawn_app().await;
    let member = app.member().await;
    let reset_refused = |token: String| {
        let app = &app;
        async move {
            let refused: Value = expect_status(
                app.post("/api/auth/reset-password", None, json!({"token": token, "newPassword": "taken-over"})).await,
                StatusCode::BAD_REQUEST,
            )
            .await;
            assert_eq!(refused["message"], "This reset link is invalid or has expired");
        }
    };

    // A password change.
    let reset = reset_token(&app, &member, "").await;
    let feed = feed_path(&app, &member.token).await;
    let changed: Value = expect_status(
        app.post("/api/account/password", Some(&member.token), json!({"currentPassword": "secret1", "newPassword": "second-pass"})).await,
        StatusCode::OK,
    )
    .await;
    let token = changed["token"].as_str().expect("a new token for this session").to_owned();
    reset_refused(reset.clone()).await;
    expect_status::<Value>(app.get(&feed, None).await, StatusCode::NOT_FOUND).await;
    let settings: Value = expect_status(app.get("/api/account", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(settings["calendarFeedSince"], Value::Null, "the page offers a new link");

    // "Sign out everywhere".
    let reset_link = format!("/reset-password?token={reset}");
    let reset = reset_token(&app, &member, &app.link_in_email(&member.email, &reset_link).await).await;
    let feed = feed_path(&app, &token).await;
    expect_status::<Value>(app.post("/api/auth/signout-everywhere", Some(&token), json!({})).await, StatusCode::NO_CONTENT).await;
    reset_refused(reset.clone()).await;
    expect_status::<Value>(app.get(&feed, None).await, StatusCode::NOT_FOUND).await;

    // An e-mail change: the reset link went to the old address.
    let token = session(&app, &member.email, "second-pass").await;
    let old_link = app.link_in_email(&member.email, "/reset-password?token=").await;
    let reset = reset_token(&app, &member, &old_link).await;
    let new_email = crate::helpers::unique_email("moved");
    let asked = app.post("/api/account/email", Some(&token), json!({"newEmail": new_email, "currentPassword": "second-pass"})).await;
    expect_status::<Value>(asked, StatusCode::ACCEPTED).await;
    let link = app.link_in_email(&new_email, "/api/account/confirm-email?token=").await;
    assert_eq!(app.get(link.trim_start_matches("http://temple.test"), None).await.status(), StatusCode::SEE_OTHER);
    reset_refused(reset).await;
    session(&app, &new_email, "second-pass").await;
}

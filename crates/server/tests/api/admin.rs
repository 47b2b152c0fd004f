use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app, unique_email};

#[tokio::test]
async fn admin_grants_and_removes_rights_and_they_apply_at_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event_body =
        json!({"name": "Puja day", "description": "A long enough description", "location": "Hall", "eventDate": "2031-01-01T10:00:00Z"});
    expect_status::<Value>(app.post("/api/events", Some(&member.token), event_body.clone()).await, StatusCode::FORBIDDEN).await;

    let granted: Value =
        expect_status(app.post("/api/admin/set-admin", Some(&admin.token), json!({"email": member.email})).await, StatusCode::OK).await;
    assert_eq!(granted["message"], format!("User {} has been granted admin privileges", member.email));
    // The same token now carries admin rights: the flag is read from the database.
    expect_status::<Value>(app.post("/api/events", Some(&member.token), event_body.clone()).await, StatusCode::CREATED).await;

    let removed: Value =
        expect_status(app.post("/api/admin/remove-admin", Some(&admin.token), json!({"email": member.email})).await, StatusCode::OK).await;
    assert_eq!(removed["message"], format!("Admin privileges have been removed from {}", member.email));
    expect_status::<Value>(app.post("/api/events", Some(&member.token), event_body).await, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn admin_rules() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    expect_status::<Value>(
        app.post("/api/admin/set-admin", Some(&member.token), json!({"email": member.email})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    expect_status::<Value>(app.post("/api/admin/set-admin", None, json!({"email": member.email})).await, StatusCode::UNAUTHORIZED).await;
    let unknown: Value = expect_status(
        app.post("/api/admin/set-admin", Some(&admin.token), json!({"email": unique_email("ghost")})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(unknown["message"], "No user found with that email address");
    let invalid: Value =
        expect_status(app.post("/api/admin/remove-admin", Some(&admin.token), json!({"email": "bad"})).await, StatusCode::BAD_REQUEST)
            .await;
    assert_eq!(invalid["errors"]["email"], "Please enter a valid email address");
    let own: Value = expect_status(
        app.post("/api/admin/remove-admin", Some(&admin.token), json!({"email": admin.email})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(own["message"], "You cannot remove your own admin privileges");
}

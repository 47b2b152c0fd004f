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

#[tokio::test]
async fn create_admin_on_an_existing_account_sets_the_password_verifies_and_grants_admin() {
    let app = spawn_app().await;
    let email = unique_email("existing");
    let created: Value = expect_status(app.sign_up(&email, "member-pass").await, StatusCode::CREATED).await;
    assert_eq!(created["user"]["emailVerified"], false);
    let old_session: Value = expect_status(app.sign_in(&email, "member-pass").await, StatusCode::OK).await;

    let outcome = mandir_server::demo::create_admin(app.built_users.as_ref(), app.hasher.as_ref(), &email, "new-admin-pass", "X", "Y")
        .await
        .expect("updated");
    assert_eq!(outcome, mandir_server::demo::AdminOutcome::Updated { was_admin: false });

    expect_status::<Value>(app.sign_in(&email, "member-pass").await, StatusCode::UNAUTHORIZED).await;
    let signed_in: Value = expect_status(app.sign_in(&email, "new-admin-pass").await, StatusCode::OK).await;
    assert_eq!(signed_in["user"]["isAdmin"], true);
    assert_eq!(signed_in["user"]["emailVerified"], true);
    assert_eq!(signed_in["user"]["firstName"], "Test", "the names of an existing account are kept");
    let old_token = old_session["token"].as_str().expect("token");
    expect_status::<Value>(app.get("/api/users/me", Some(old_token)).await, StatusCode::UNAUTHORIZED).await;

    let again = mandir_server::demo::create_admin(app.built_users.as_ref(), app.hasher.as_ref(), &email, "third-pass", "X", "Y")
        .await
        .expect("updated again");
    assert_eq!(again, mandir_server::demo::AdminOutcome::Updated { was_admin: true });
    expect_status::<Value>(app.sign_in(&email, "third-pass").await, StatusCode::OK).await;
}

#[tokio::test]
async fn create_admin_refuses_a_password_the_product_refuses_and_changes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let refused =
        mandir_server::demo::create_admin(app.built_users.as_ref(), app.hasher.as_ref(), &admin.email, "123", "Temple", "Admin").await;
    assert!(refused.is_err());
    expect_status::<Value>(app.sign_in(&admin.email, &admin.password).await, StatusCode::OK).await;
}

#[tokio::test]
async fn seed_demo_creates_the_demo_admin_only_when_there_is_no_admin() {
    use mandir_server::demo::{DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, demo_credentials_sign_in, seed_demo_admin};
    let app = spawn_app().await;
    let (users, hasher) = (app.built_users.as_ref(), app.hasher.as_ref());
    assert!(!demo_credentials_sign_in(users, hasher).await.expect("checked"));
    assert!(seed_demo_admin(users, hasher).await.expect("first run"));
    assert!(demo_credentials_sign_in(users, hasher).await.expect("checked"));
    let demo: Value = expect_status(app.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::OK).await;
    assert_eq!(demo["user"]["isAdmin"], true);

    // The admin changes the demo password; the next `just run` leaves it changed.
    mandir_server::demo::create_admin(users, hasher, DEMO_ADMIN_EMAIL, "a-private-password", "Temple", "Admin").await.expect("changed");
    assert!(!seed_demo_admin(users, hasher).await.expect("second run"), "an admin exists");
    assert!(!demo_credentials_sign_in(users, hasher).await.expect("checked"));
    expect_status::<Value>(app.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn seed_demo_leaves_a_database_with_another_admin_alone() {
    let app = spawn_app().await;
    app.admin().await;
    assert!(!mandir_server::demo::seed_demo_admin(app.built_users.as_ref(), app.hasher.as_ref()).await.expect("seeded"));
    expect_status::<Value>(
        app.sign_in(mandir_server::demo::DEMO_ADMIN_EMAIL, mandir_server::demo::DEMO_ADMIN_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
}

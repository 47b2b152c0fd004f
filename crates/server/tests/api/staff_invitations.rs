//! Inviting staff by e-mail through the real server: a new person makes their account from the
//! link and holds the roles at once; an existing member signs in and gets the roles added; every
//! link works once, a withdrawn or replaced one not at all; each step is in the audit log.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, unique_email};

async fn invite(app: &TestApp, admin: &TestUser, email: &str, roles: &[&str]) -> Value {
    let response = app.post("/api/admin/staff/invitations", Some(&admin.token), json!({"email": email, "roles": roles})).await;
    expect_status(response, StatusCode::CREATED).await
}

/// The token of the newest invitation link e-mailed to `email` other than `old`.
async fn token_for(app: &TestApp, email: &str, old: &str) -> String {
    let link = app.wait_for_link_other_than(email, "/staff-invite?token=", old).await;
    link.split("token=").nth(1).expect("token").to_owned()
}

fn new_account(token: &str) -> Value {
    json!({"token": token, "firstName": "Ravi", "lastName": "Kumar", "phoneNumber": "916-555-0100", "password": "treasury-1"})
}

#[tokio::test]
async fn a_new_person_accepts_once_and_holds_the_roles_at_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let email = unique_email("treasurer");
    let sent = invite(&app, &admin, &email, &["treasurer"]).await;
    assert_eq!(
        (sent["email"].as_str(), sent["roles"].clone(), sent["existingAccount"].clone()),
        (Some(email.as_str()), json!(["treasurer"]), json!(false))
    );
    let token = token_for(&app, &email, "").await;
    let mail = app.wait_for_email(&email, "/staff-invite?token=").await;
    assert!(mail.contains("Temple Admin has invited you"), "{mail}");

    let preview: Value =
        expect_status(app.post("/api/staff-invitations/preview", None, json!({"token": token})).await, StatusCode::OK).await;
    assert_eq!(preview["email"], email.as_str());
    assert_eq!(preview["roles"], json!(["treasurer"]));
    assert_eq!(preview["invitedBy"], "Temple Admin");
    assert_eq!(preview["existingAccount"], false);

    // Missing fields: nothing is made and the link still works.
    let missing: Value =
        expect_status(app.post("/api/staff-invitations/accept", None, json!({"token": token})).await, StatusCode::BAD_REQUEST).await;
    assert!(missing["errors"]["password"].is_string() && missing["errors"]["firstName"].is_string(), "{missing}");

    let accepted: Value = expect_status(app.post("/api/staff-invitations/accept", None, new_account(&token)).await, StatusCode::OK).await;
    assert_eq!(accepted["user"]["roles"], json!(["treasurer"]));
    assert_eq!(accepted["user"]["emailVerified"], true);
    let session = accepted["token"].as_str().expect("signed in");
    expect_status::<Value>(app.get("/api/admin/payments/ledger", Some(session)).await, StatusCode::OK).await;
    expect_status::<Value>(app.get("/api/admin/staff", Some(session)).await, StatusCode::FORBIDDEN).await;
    // The password chosen signs in too.
    expect_status::<Value>(app.sign_in(&email, "treasury-1").await, StatusCode::OK).await;

    // Used once: the same link again changes nothing.
    let again: Value =
        expect_status(app.post("/api/staff-invitations/accept", None, new_account(&token)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(again["message"], mandir_application::services::staff_invites::INVALID_INVITATION);
    let pending: Vec<Value> = expect_status(app.get("/api/admin/staff/invitations", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(pending.iter().all(|i| i["email"] != email.as_str()), "accepted ones are no longer pending");

    let log: Value = expect_status(app.get("/api/admin/audit?kind=roles", Some(&admin.token)).await, StatusCode::OK).await;
    let items = log["items"].as_array().expect("items");
    let accept = items.iter().find(|e| e["action"] == "invitation.accept").expect("accepted is recorded");
    assert_eq!(accept["actorEmail"], email.as_str());
    assert_eq!(accept["changes"], json!([{"field": "roles", "before": [], "after": ["treasurer"]}]));
    let send = items.iter().find(|e| e["action"] == "invitation.send").expect("sending is recorded");
    assert_eq!(send["actorEmail"], admin.email.as_str());
    assert_eq!(send["summary"], format!("Invited {email} as Treasurer"));
}

#[tokio::test]
async fn an_existing_member_signs_in_to_accept_and_keeps_what_they_had() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.staff(&admin, &["volunteer_coordinator"]).await;
    let other = app.member().await;
    let sent = invite(&app, &admin, &member.email, &["editor"]).await;
    assert_eq!(sent["existingAccount"], true);
    let token = token_for(&app, &member.email, "").await;

    let anonymous =
        expect_status::<Value>(app.post("/api/staff-invitations/accept", None, json!({"token": token})).await, StatusCode::UNAUTHORIZED)
            .await;
    assert_eq!(anonymous["message"], mandir_application::services::staff_invites::SIGN_IN_TO_ACCEPT);
    let elsewhere = app.post("/api/staff-invitations/accept", Some(&other.token), json!({"token": token})).await;
    let elsewhere: Value = expect_status(elsewhere, StatusCode::FORBIDDEN).await;
    assert!(elsewhere["message"].as_str().expect("message").contains(&member.email));
    // A new account cannot be made at an address that has one.
    let taken = app.post("/api/staff-invitations/accept", None, new_account(&token)).await;
    expect_status::<Value>(taken, StatusCode::UNAUTHORIZED).await;

    let accepted = app.post("/api/staff-invitations/accept", Some(&member.token), json!({"token": token})).await;
    let accepted: Value = expect_status(accepted, StatusCode::OK).await;
    assert_eq!(accepted["token"], Value::Null, "the member's session goes on");
    assert_eq!(accepted["user"]["roles"], json!(["editor", "volunteer_coordinator"]));
    let site = json!({"templeName": "Sri Ganesha Temple", "weekdayMorning": "9:00 AM - 11:00 AM"});
    expect_status::<Value>(app.put("/api/admin/site", Some(&member.token), site).await, StatusCode::OK).await;

    // Holding every role already: nothing to invite for.
    let again = app.post("/api/admin/staff/invitations", Some(&admin.token), json!({"email": member.email, "roles": ["editor"]})).await;
    let again: Value = expect_status(again, StatusCode::CONFLICT).await;
    assert_eq!(again["message"], mandir_application::services::staff_invites::ALREADY_HOLDS);
}

#[tokio::test]
async fn a_replaced_or_withdrawn_link_stops_working_and_only_admins_invite() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let email = unique_email("priest");
    let refused = app.post("/api/admin/staff/invitations", Some(&treasurer.token), json!({"email": email, "roles": ["priest"]})).await;
    expect_status::<Value>(refused, StatusCode::FORBIDDEN).await;
    let bad = app.post("/api/admin/staff/invitations", Some(&admin.token), json!({"email": "nobody", "roles": []})).await;
    let bad: Value = expect_status(bad, StatusCode::BAD_REQUEST).await;
    assert_eq!(bad["errors"]["roles"], mandir_application::services::staff_invites::ROLES_REQUIRED);
    assert!(bad["errors"]["email"].is_string());

    invite(&app, &admin, &email, &["priest"]).await;
    let first = token_for(&app, &email, "").await;
    let second_sent = invite(&app, &admin, &email, &["priest", "front_desk"]).await;
    let second = token_for(&app, &email, &format!("http://temple.test/staff-invite?token={first}")).await;
    assert_ne!(first, second);
    let old = app.post("/api/staff-invitations/preview", None, json!({"token": first})).await;
    expect_status::<Value>(old, StatusCode::BAD_REQUEST).await;
    let pending: Vec<Value> = expect_status(app.get("/api/admin/staff/invitations", Some(&admin.token)).await, StatusCode::OK).await;
    let mine: Vec<&Value> = pending.iter().filter(|i| i["email"] == email.as_str()).collect();
    assert_eq!(mine.len(), 1, "one pending invitation per address");
    assert_eq!(mine[0]["roles"], json!(["front_desk", "priest"]));
    assert_eq!(mine[0]["expired"], false);

    let id = second_sent["id"].as_str().expect("id");
    let path = format!("/api/admin/staff/invitations/{id}");
    expect_status::<Value>(app.delete(&path, Some(&treasurer.token)).await, StatusCode::FORBIDDEN).await;
    assert_eq!(app.delete(&path, Some(&admin.token)).await.status(), StatusCode::NO_CONTENT);
    expect_status::<Value>(app.delete(&path, Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
    let withdrawn = app.post("/api/staff-invitations/accept", None, new_account(&second)).await;
    expect_status::<Value>(withdrawn, StatusCode::BAD_REQUEST).await;
    let log: Value = expect_status(app.get("/api/admin/audit?kind=roles", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(log["items"][0]["action"], "invitation.withdraw");
}

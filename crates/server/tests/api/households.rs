//! Households over HTTP, on SQLite and PostgreSQL: two members form a household by invitation,
//! their year-end statement becomes one joint statement of both members' gifts (each once, on
//! screen, as a PDF and e-mailed to each), a separate choice splits it again, and leaving ends
//! it. A guest's gifts become the member's once they verify the address.

use chrono::Datelike;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, unique_email};

/// A completed Zelle gift of `amount` dollars, by the member (`who`) or a guest with `email`.
async fn gift(app: &TestApp, admin: &TestUser, who: Option<&TestUser>, email: &str, amount: u32) {
    let body = json!({
        "amount": amount, "donationDetails": [{"donationTypeId": "custom", "amount": amount, "name": "Annadanam"}],
        "donorName": "Household Donor", "donorEmail": email,
    });
    let recorded: Value =
        expect_status(app.post("/api/payments/zelle-confirm", who.map(|w| w.token.as_str()), body).await, StatusCode::CREATED).await;
    let id = recorded["payment"]["id"].as_str().expect("id");
    let done = app.post(&format!("/api/admin/payments/{id}/status"), Some(&admin.token), json!({"status": "completed"})).await;
    expect_status::<Value>(done, StatusCode::OK).await;
}

async fn name(app: &TestApp, member: &TestUser, first: &str) {
    let body = json!({"firstName": first, "lastName": "Rao"});
    expect_status::<Value>(app.put("/api/users/me", Some(&member.token), body).await, StatusCode::OK).await;
}

async fn statement(app: &TestApp, member: &TestUser) -> Value {
    let year = chrono::Utc::now().year();
    expect_status(app.get(&format!("/api/payments/mine/statements/{year}"), Some(&member.token)).await, StatusCode::OK).await
}

#[tokio::test]
async fn two_members_form_a_household_and_get_one_joint_statement() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let lakshmi = app.member().await;
    let ravi = app.member().await;
    let stranger = app.member().await;
    name(&app, &lakshmi, "Lakshmi").await;
    name(&app, &ravi, "Ravi").await;

    // Nothing yet; the fields are checked; a visitor is refused.
    let none: Value = expect_status(app.get("/api/household", Some(&lakshmi.token)).await, StatusCode::OK).await;
    assert_eq!(none, json!({"household": null, "invitations": []}));
    let bad = json!({"name": " ", "statement": "both"});
    let refused: Value = expect_status(app.post("/api/household", Some(&lakshmi.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["name"], mandir_domain::household::NAME_REQUIRED);
    assert_eq!(refused["errors"]["statement"], mandir_domain::household::STATEMENT_INVALID);
    assert_eq!(app.get("/api/household", None).await.status(), StatusCode::UNAUTHORIZED);
    let nobody = app.post("/api/household/invitations", Some(&lakshmi.token), json!({"email": ravi.email})).await;
    assert_eq!(nobody.status(), StatusCode::NOT_FOUND, "no household to invite to");

    // Lakshmi forms the household and invites Ravi; he is e-mailed and accepts.
    let body = json!({"name": "The Rao family", "address": "12 Temple Rd\nFolsom, CA 95630"});
    let made: Value = expect_status(app.post("/api/household", Some(&lakshmi.token), body.clone()).await, StatusCode::CREATED).await;
    assert_eq!((made["statement"].as_str(), made["members"][0]["you"].as_bool()), (Some("joint"), Some(true)));
    let twice: Value = expect_status(app.post("/api/household", Some(&lakshmi.token), body).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(twice["errors"]["name"], mandir_domain::household::ALREADY_IN_ONE);
    let invited: Value = expect_status(
        app.post("/api/household/invitations", Some(&lakshmi.token), json!({"email": ravi.email.to_uppercase()})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(invited["invitations"][0]["email"].as_str(), Some(ravi.email.to_lowercase().as_str()));
    let again: Value = expect_status(
        app.post("/api/household/invitations", Some(&lakshmi.token), json!({"email": ravi.email})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(again["errors"]["email"], mandir_domain::household::INVITED_ALREADY);
    let own: Value = expect_status(
        app.post("/api/household/invitations", Some(&lakshmi.token), json!({"email": lakshmi.email})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(own["errors"]["email"], mandir_domain::household::INVITE_SELF);
    let mail = app.wait_for_email(&ravi.email, "invited you to join").await;
    assert!(mail.contains("/profile?tab=household"), "{mail}");

    let waiting: Value = expect_status(app.get("/api/household", Some(&ravi.token)).await, StatusCode::OK).await;
    assert_eq!(waiting["invitations"][0]["householdName"], "The Rao family");
    assert_eq!(waiting["invitations"][0]["invitedBy"], "Lakshmi Rao");
    let id = waiting["invitations"][0]["id"].as_str().expect("id").to_owned();
    // Only the invited address's owner may answer it.
    let theirs = app.post(&format!("/api/household/invitations/{id}/accept"), Some(&stranger.token), json!({})).await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);
    let joined: Value =
        expect_status(app.post(&format!("/api/household/invitations/{id}/accept"), Some(&ravi.token), json!({})).await, StatusCode::OK)
            .await;
    assert_eq!(joined["jointName"], "Lakshmi Rao and Ravi Rao");
    assert_eq!(joined["members"].as_array().map(Vec::len), Some(2));
    assert_eq!(joined["invitations"], json!([]));

    // Each gives; the stranger's gift stays theirs.
    gift(&app, &admin, Some(&lakshmi), &lakshmi.email, 101).await;
    gift(&app, &admin, Some(&ravi), &ravi.email, 51).await;
    gift(&app, &admin, Some(&stranger), &stranger.email, 7).await;

    // One joint statement, the same for both, each gift once, mailed to the household.
    for member in [&lakshmi, &ravi] {
        let s = statement(&app, member).await;
        assert_eq!(s["donorName"], "Lakshmi Rao and Ravi Rao");
        assert_eq!((s["total"].as_str(), s["gifts"].as_array().map(Vec::len)), (Some("152.00"), Some(2)), "{s}");
        assert_eq!(s["donorAddress"], "12 Temple Rd\nFolsom, CA 95630");
        assert_eq!(s["gifts"][0]["funds"], "General");
    }
    let year = chrono::Utc::now().year();
    let pdf = app.get(&format!("/api/payments/mine/statements/{year}/pdf"), Some(&ravi.token)).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert!(pdf.bytes().await.expect("pdf").starts_with(b"%PDF-"));

    // The year's statements: both members are e-mailed the joint one, the stranger their own.
    let path = format!("/api/admin/statements/{year}");
    let started: Value = expect_status(app.post(&path, Some(&admin.token), json!({})).await, StatusCode::OK).await;
    assert!(started["total"].as_u64().is_some_and(|n| n >= 3), "{started}");
    for member in [&lakshmi, &ravi] {
        let mail = &app.wait_for_emails(&member.email, "giving statement", 1).await[0];
        assert!(mail.contains(&format!("Total for {year}: $152.00")), "{mail}");
    }
    let mail = &app.wait_for_emails(&stranger.email, "giving statement", 1).await[0];
    assert!(mail.contains(&format!("Total for {year}: $7.00")), "{mail}");

    // Separate statements: each member's own again, still mailed to the household.
    let separate = json!({"name": "The Rao family", "address": "12 Temple Rd\nFolsom, CA 95630", "statement": "separate"});
    expect_status::<Value>(app.put("/api/household", Some(&ravi.token), separate).await, StatusCode::OK).await;
    let s = statement(&app, &lakshmi).await;
    assert_eq!((s["total"].as_str(), s["donorAddress"].as_str()), (Some("101.00"), Some("12 Temple Rd\nFolsom, CA 95630")));

    // Leaving: Ravi first, then Lakshmi, and the household is gone.
    assert_eq!(app.post("/api/household/leave", Some(&ravi.token), json!({})).await.status(), StatusCode::NO_CONTENT);
    let left: Value = expect_status(app.get("/api/household", Some(&lakshmi.token)).await, StatusCode::OK).await;
    assert_eq!(left["household"]["members"].as_array().map(Vec::len), Some(1));
    assert_eq!(app.post("/api/household/leave", Some(&lakshmi.token), json!({})).await.status(), StatusCode::NO_CONTENT);
    let gone: Value = expect_status(app.get("/api/household", Some(&lakshmi.token)).await, StatusCode::OK).await;
    assert_eq!(gone["household"], Value::Null);
    assert_eq!(app.post("/api/household/leave", Some(&lakshmi.token), json!({})).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_unverified_member_can_neither_invite_nor_accept_nor_see_invitations() {
    let app = spawn_app().await;
    let verified = app.member().await;
    let unverified = app.unverified_member().await;
    expect_status::<Value>(app.post("/api/household", Some(&unverified.token), json!({"name": "Mine"})).await, StatusCode::CREATED).await;
    let invite = app.post("/api/household/invitations", Some(&unverified.token), json!({"email": unique_email("x")})).await;
    assert_eq!(invite.status(), StatusCode::FORBIDDEN);
    expect_status::<Value>(app.post("/api/household/leave", Some(&unverified.token), json!({})).await, StatusCode::NO_CONTENT).await;

    expect_status::<Value>(app.post("/api/household", Some(&verified.token), json!({"name": "Theirs"})).await, StatusCode::CREATED).await;
    let invited: Value = expect_status(
        app.post("/api/household/invitations", Some(&verified.token), json!({"email": unverified.email})).await,
        StatusCode::CREATED,
    )
    .await;
    let id = invited["invitations"][0]["id"].as_str().expect("id");
    let seen: Value = expect_status(app.get("/api/household", Some(&unverified.token)).await, StatusCode::OK).await;
    assert_eq!(seen["invitations"], json!([]), "an unverified address may not be theirs");
    let accept = app.post(&format!("/api/household/invitations/{id}/accept"), Some(&unverified.token), json!({})).await;
    assert_eq!(accept.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_guests_gifts_become_the_members_once_they_verify_the_address() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let email = unique_email("priya");
    gift(&app, &admin, None, &email, 25).await;
    gift(&app, &admin, None, &email.to_uppercase(), 11).await;
    gift(&app, &admin, None, &unique_email("someone"), 5).await;

    expect_status::<Value>(app.sign_up(&email, "secret1").await, StatusCode::CREATED).await;
    let priya = app.signed_in(email.clone(), "secret1").await;
    let before: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&priya.token)).await, StatusCode::OK).await;
    assert!(before.is_empty(), "not before the address is verified: {before:?}");
    app.verify_email_of(&email).await;
    let after: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&priya.token)).await, StatusCode::OK).await;
    let mut amounts: Vec<&str> = after.iter().filter_map(|p| p["amount"].as_str()).collect();
    amounts.sort_unstable();
    assert_eq!(amounts, ["11.00", "25.00"], "both of the guest's gifts, whatever the case of the address");
    assert_eq!(statement(&app, &priya).await["total"], "36.00");
}

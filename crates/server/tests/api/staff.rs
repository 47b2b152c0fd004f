//! Staff roles and the audit log through the real server: roles count from the next request,
//! every staff action is recorded with who, when, from where and what changed, priests see and
//! complete their own sevas only, and two sevas at once are never assigned to one priest.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

async fn audit(app: &TestApp, admin: &TestUser, query: &str) -> Value {
    expect_status(app.get(&format!("/api/admin/audit{query}"), Some(&admin.token)).await, StatusCode::OK).await
}

#[tokio::test]
async fn roles_count_from_the_next_request_and_every_change_is_recorded() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    expect_status::<Value>(app.get("/api/admin/payments/ledger", Some(&member.token)).await, StatusCode::FORBIDDEN).await;

    app.set_roles(&admin, &member.email, &["treasurer", "front_desk"]).await;
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["roles"], json!(["treasurer", "front_desk"]));
    assert_eq!(me["isAdmin"], false);
    let permissions: Vec<&str> = me["permissions"].as_array().expect("permissions").iter().filter_map(Value::as_str).collect();
    assert!(permissions.contains(&"refund") && permissions.contains(&"door_duty") && !permissions.contains(&"edit_content"));
    // The same token, the next request: the ledger opens, and the site's settings stay closed.
    expect_status::<Value>(app.get("/api/admin/payments/ledger", Some(&member.token)).await, StatusCode::OK).await;
    let site = json!({"templeName": "Not Mine To Change", "weekdayMorning": "9:00 AM - 11:00 AM"});
    expect_status::<Value>(app.put("/api/admin/site", Some(&member.token), site).await, StatusCode::FORBIDDEN).await;

    let staff: Vec<Value> = expect_status(app.get("/api/admin/staff", Some(&admin.token)).await, StatusCode::OK).await;
    let listed = staff.iter().find(|s| s["email"] == member.email.as_str()).expect("listed");
    assert_eq!(listed["roles"], json!(["treasurer", "front_desk"]));

    // Taken away: refused at the next request.
    app.set_roles(&admin, &member.email, &[]).await;
    expect_status::<Value>(app.get("/api/admin/payments/ledger", Some(&member.token)).await, StatusCode::FORBIDDEN).await;

    let log = audit(&app, &admin, "?kind=roles").await;
    let entries = log["items"].as_array().expect("items");
    let changes: Vec<&Value> = entries.iter().filter(|e| e["targetId"] == member.id.as_str()).collect();
    assert_eq!(changes.len(), 2, "{log}");
    assert_eq!(changes[0]["changes"], json!([{"field": "roles", "before": ["treasurer", "front_desk"], "after": []}]));
    assert_eq!(changes[1]["changes"], json!([{"field": "roles", "before": [], "after": ["treasurer", "front_desk"]}]));
    assert_eq!(changes[0]["actorEmail"], admin.email.as_str());
    assert_eq!(changes[0]["address"], "127.0.0.1", "the client's address is recorded");

    // Unknown roles, one's own admin role, unverified accounts.
    let unknown = app.put("/api/admin/staff/roles", Some(&admin.token), json!({"email": member.email, "roles": ["wizard"]})).await;
    let unknown: Value = expect_status(unknown, StatusCode::BAD_REQUEST).await;
    assert_eq!(unknown["errors"]["roles"], mandir_domain::staff::UNKNOWN_ROLE);
    let own = app.put("/api/admin/staff/roles", Some(&admin.token), json!({"email": admin.email, "roles": ["treasurer"]})).await;
    expect_status::<Value>(own, StatusCode::BAD_REQUEST).await;
    let unverified = app.unverified_member().await;
    let refused = app.put("/api/admin/staff/roles", Some(&admin.token), json!({"email": unverified.email, "roles": ["editor"]})).await;
    expect_status::<Value>(refused, StatusCode::CONFLICT).await;
}

#[tokio::test]
async fn staff_actions_and_downloads_are_recorded_and_the_log_cannot_be_rewritten() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let editor = app.staff(&admin, &["editor"]).await;
    let event = app.create_event(&editor, "Ugadi", 10, Some(50)).await;
    let id = event["id"].as_str().expect("id");
    let changed = app.patch(&format!("/api/events/{id}"), Some(&editor.token), json!({"capacity": 80})).await;
    expect_status::<Value>(changed, StatusCode::OK).await;
    let csv = app.get("/api/admin/members.csv", Some(&admin.token)).await;
    assert_eq!(csv.status(), StatusCode::OK);

    let log = audit(&app, &admin, &format!("?actor={}", editor.id)).await;
    let actions: Vec<&str> = log["items"].as_array().expect("items").iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions, ["event.update", "event.create"], "newest first, the editor's own");
    let update = &log["items"][0];
    assert_eq!(update["changes"], json!([{"field": "capacity", "before": 50, "after": 80}]));
    assert_eq!(update["summary"], "Changed the event Ugadi");
    let exports = audit(&app, &admin, "?kind=exports").await;
    assert_eq!(exports["items"][0]["action"], "export.members");

    // The log as CSV, itself recorded; and only admins read it.
    let csv = app.get("/api/admin/audit.csv?kind=events", Some(&admin.token)).await;
    assert_eq!(csv.status(), StatusCode::OK);
    let text = csv.text().await.expect("csv");
    assert!(text.starts_with("When,Who,Address,Kind,Action,Record,Summary,Changes"), "{text}");
    assert!(text.contains("capacity: 50 -> 80"), "{text}");
    assert_eq!(audit(&app, &admin, "?kind=exports").await["items"][0]["action"], "export.audit");
    expect_status::<Value>(app.get("/api/admin/audit", Some(&editor.token)).await, StatusCode::FORBIDDEN).await;
    let bad: Value =
        expect_status(app.get("/api/admin/audit?kind=secrets&from=2026-13-01", Some(&admin.token)).await, StatusCode::BAD_REQUEST).await;
    assert!(bad["errors"]["kind"].is_string() && bad["errors"]["from"].is_string(), "{bad}");

    // No statement changes an entry, whoever sends it.
    let error = app.db.execute_raw("UPDATE audit_log SET summary = 'nothing happened'").await.expect_err("refused");
    assert!(error.to_string().contains("append-only"), "{error}");
    let error = app.db.execute_raw("DELETE FROM audit_log").await.expect_err("refused");
    assert!(error.to_string().contains("append-only"), "{error}");
}

/// A seva every day at 09:00 and 09:30 for 60 minutes, and its id.
async fn seva(app: &TestApp, admin: &TestUser, name: &str) -> String {
    let body = json!({
        "name": name, "category": "temple", "priceCents": 0, "priceKind": "fixed", "durationMinutes": 60,
        "weekdays": ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"], "capacityMode": "slots",
        "slots": [{"time": "09:00", "capacity": 5}, {"time": "09:30", "capacity": 5}, {"time": "11:00", "capacity": 5}],
        "horizonDays": 60, "cutoffHours": 12,
    });
    let seva: Value = expect_status(app.post("/api/sevas", Some(&admin.token), body).await, StatusCode::CREATED).await;
    seva["id"].as_str().expect("id").to_owned()
}

async fn book(app: &TestApp, member: &TestUser, seva: &str, date: &str, slot: &str) -> String {
    let body = json!({"date": date, "slot": slot, "participants": [{"name": "Ravi Rao", "gotram": "Kashyapa", "nakshatram": "Rohini"}]});
    let booking: Value =
        expect_status(app.post(&format!("/api/sevas/{seva}/bookings"), Some(&member.token), body).await, StatusCode::CREATED).await;
    booking["id"].as_str().expect("id").to_owned()
}

#[tokio::test]
async fn priests_see_and_complete_their_own_sevas_and_overlapping_assignments_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let front_desk = app.staff(&admin, &["front_desk"]).await;
    let ramana = app.staff(&admin, &["priest"]).await;
    let other_priest_account = app.staff(&admin, &["priest"]).await;
    let member = app.member().await;
    let priest = |name: &'static str| {
        let app = &app;
        let admin = &admin;
        async move {
            let priest: Value =
                expect_status(app.post("/api/priests", Some(&admin.token), json!({"name": name})).await, StatusCode::CREATED).await;
            priest["id"].as_str().expect("id").to_owned()
        }
    };
    let (p1, p2) = (priest("Sri Ramana Sastry").await, priest("Sri Venkata Sharma").await);

    // Linking: only to an account holding the priest role, one profile per account.
    let link = |priest: String, email: String| {
        let app = &app;
        let admin = &admin;
        async move { app.put(&format!("/api/priests/{priest}/account"), Some(&admin.token), json!({"email": email})).await }
    };
    let refused: Value = expect_status(link(p1.clone(), member.email.clone()).await, StatusCode::CONFLICT).await;
    assert_eq!(refused["message"], mandir_application::services::staff::NOT_A_PRIEST);
    expect_status::<Value>(link(p1.clone(), ramana.email.clone()).await, StatusCode::OK).await;
    let twice: Value = expect_status(link(p2.clone(), ramana.email.clone()).await, StatusCode::CONFLICT).await;
    assert_eq!(twice["message"], mandir_application::services::staff::LINKED_ELSEWHERE);
    expect_status::<Value>(link(p2.clone(), other_priest_account.email.clone()).await, StatusCode::OK).await;
    let staff: Vec<Value> = expect_status(app.get("/api/admin/staff", Some(&admin.token)).await, StatusCode::OK).await;
    let listed = staff.iter().find(|s| s["email"] == ramana.email.as_str()).expect("listed");
    assert_eq!(listed["priest"]["name"], "Sri Ramana Sastry");

    let date = (chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive() + chrono::Duration::days(5))
        .format("%Y-%m-%d")
        .to_string();
    let archana = seva(&app, &admin, "Archana").await;
    let abhishekam = seva(&app, &admin, "Abhishekam").await;
    let at_nine = book(&app, &member, &archana, &date, "09:00").await;
    let at_half_past = book(&app, &member, &abhishekam, &date, "09:30").await;
    let at_eleven = book(&app, &member, &abhishekam, &date, "11:00").await;
    let assign = |booking: String, priest: String| {
        let app = &app;
        let token = front_desk.token.clone();
        async move { app.put(&format!("/api/seva-bookings/{booking}/priest"), Some(&token), json!({"priestId": priest})).await }
    };
    expect_status::<Value>(assign(at_nine.clone(), p1.clone()).await, StatusCode::OK).await;
    let clash: Value = expect_status(assign(at_half_past.clone(), p1.clone()).await, StatusCode::CONFLICT).await;
    assert_eq!(
        clash["message"],
        "Sri Ramana Sastry is already assigned Archana at 9:00 AM, which overlaps this seva; choose another priest or time"
    );
    expect_status::<Value>(assign(at_half_past.clone(), p2.clone()).await, StatusCode::OK).await;
    expect_status::<Value>(assign(at_eleven.clone(), p1.clone()).await, StatusCode::OK).await;

    // The priest's own days: people, gotram and nakshatram; no money, no member contacts.
    let mine: Vec<Value> =
        expect_status(app.get(&format!("/api/seva-bookings/assigned?date={date}"), Some(&ramana.token)).await, StatusCode::OK).await;
    assert_eq!(mine.iter().map(|s| s["sevaName"].as_str().unwrap_or_default()).collect::<Vec<_>>(), ["Archana", "Abhishekam"]);
    assert_eq!(mine[0]["participants"][0]["gotram"], "Kashyapa");
    assert_eq!(mine[0]["participants"][0]["nakshatram"], "Rohini");
    assert!(mine[0].get("amountCents").is_none() && mine[0].get("memberEmail").is_none(), "{}", mine[0]);
    let today: Vec<Value> = expect_status(app.get("/api/seva-bookings/assigned", Some(&ramana.token)).await, StatusCode::OK).await;
    assert!(today.is_empty(), "nothing today");
    let unlinked: Value = expect_status(app.get("/api/seva-bookings/assigned", Some(&admin.token)).await, StatusCode::CONFLICT).await;
    assert_eq!(unlinked["message"], mandir_application::services::seva_bookings::NO_PRIEST_PROFILE);

    // Marking done: their own only.
    expect_status::<Value>(
        app.post(&format!("/api/seva-bookings/{at_half_past}/complete"), Some(&ramana.token), json!({})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let done: Value =
        expect_status(app.post(&format!("/api/seva-bookings/{at_nine}/complete"), Some(&ramana.token), json!({})).await, StatusCode::OK)
            .await;
    assert_eq!(done["status"], "completed");
    // A seva marked done no longer holds its priest.
    expect_status::<Value>(assign(at_half_past, p1).await, StatusCode::OK).await;
    let sevas = audit(&app, &admin, "?kind=sevas").await;
    let actions: Vec<&str> = sevas["items"].as_array().expect("items").iter().filter_map(|e| e["action"].as_str()).collect();
    assert!(actions.contains(&"seva_booking.complete") && actions.contains(&"seva_booking.assign"), "{actions:?}");
    // Priests' profiles and their links are recorded too.
    let site = audit(&app, &admin, "?kind=site").await;
    let created: Vec<&str> = site["items"].as_array().expect("items").iter().filter_map(|e| e["summary"].as_str()).collect();
    assert!(created.contains(&"Added the priest Sri Ramana Sastry"), "{created:?}");
    let roles = audit(&app, &admin, "?kind=roles").await;
    assert!(roles["items"].as_array().expect("items").iter().any(|e| e["action"] == "priest.link"), "{roles}");
}

#[tokio::test]
async fn the_demo_has_one_account_per_role_and_its_priest_is_linked() {
    let app = spawn_app().await;
    let priests = mandir_persistence::SeaOrmPriestRepository::new(app.db.clone());
    mandir_server::demo::seed_demo_priests(&priests).await.expect("priests");
    let made = mandir_server::demo::seed_demo_staff(app.built_users.as_ref(), app.hasher.as_ref(), &priests).await.expect("staff");
    assert_eq!(made, 5);
    for (email, _, _, role) in mandir_server::demo::DEMO_STAFF {
        let session: Value = expect_status(app.sign_in(email, mandir_server::demo::DEMO_ADMIN_PASSWORD).await, StatusCode::OK).await;
        assert_eq!(session["user"]["roles"], json!([role.as_str()]), "{email}");
        if role == mandir_domain::staff::Role::Priest {
            let token = session["token"].as_str().expect("token");
            expect_status::<Value>(app.get("/api/seva-bookings/assigned", Some(token)).await, StatusCode::OK).await;
        }
    }
    assert_eq!(mandir_server::demo::seed_demo_staff(app.built_users.as_ref(), app.hasher.as_ref(), &priests).await.expect("again"), 0);

    // One pending invitation to show on the staff page; resending it mails a working link.
    let invitations = mandir_persistence::SeaOrmStaffInvitationRepository::new(app.db.clone());
    assert!(mandir_server::demo::seed_demo_invitation(app.built_users.as_ref(), &invitations).await.expect("invitation"));
    assert!(!mandir_server::demo::seed_demo_invitation(app.built_users.as_ref(), &invitations).await.expect("again"));
    let admin = app.admin().await;
    let pending: Vec<Value> = expect_status(app.get("/api/admin/staff/invitations", Some(&admin.token)).await, StatusCode::OK).await;
    let (address, role) = mandir_server::demo::DEMO_INVITATION;
    let demo = pending.iter().find(|i| i["email"] == address).expect("the demo invitation");
    assert_eq!((demo["roles"].clone(), demo["invitedBy"].clone()), (json!([role.as_str()]), json!("Demo Admin")));
    let resend = app.post("/api/admin/staff/invitations", Some(&admin.token), json!({"email": address, "roles": [role.as_str()]})).await;
    expect_status::<Value>(resend, StatusCode::CREATED).await;
    let link = app.link_in_email(address, "/staff-invite?token=").await;
    let token = link.split("token=").nth(1).expect("token");
    expect_status::<Value>(app.post("/api/staff-invitations/preview", None, json!({"token": token})).await, StatusCode::OK).await;
}

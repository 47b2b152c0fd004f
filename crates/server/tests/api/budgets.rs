//! Statement budgets (ADR 0070): how many SQL statements the hot requests send, counted by the
//! persistence test support's statement log on the server's own pool. Exact counts, so that a
//! regression (an extra lookup, a query per row) fails here, on SQLite and on PostgreSQL.
//!
//! "Cold" is the first request of a token this process has not authenticated yet (the session
//! lookup runs); "warm" is the next one, answered from the session cache.

use mandir_persistence::DatabaseKind;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, spawn_app_with, test_config};

/// A server whose background jobs (ADR 0061) all run once at start, then not for a day, once
/// those first runs are over: no job's work (a confirmation's delivery reads the user, the
/// registration and the event; releasing lapsed seva holds writes bookings) lands in a measured
/// request, however slow the machine.
async fn spawn_quiet_app(admin: impl FnOnce(&TestApp) -> futures::future::BoxFuture<'_, TestUser>) -> (TestApp, TestUser) {
    let day = std::time::Duration::from_secs(24 * 60 * 60);
    let jobs = mandir_server::config::JobsConfig {
        purge_every: day,
        expire_card_payments_every: day,
        send_receipts_every: day,
        expire_seva_holds_every: day,
        send_member_emails_every: day,
        queue_reminders_every: day,
        send_statements_every: day,
        ..Default::default()
    };
    let app = spawn_app_with(mandir_server::Config { jobs, ..test_config().await }).await;
    let admin = admin(&app).await;
    for _ in 0..600 {
        let jobs: Value = expect_status(app.get("/api/admin/jobs", Some(&admin.token)).await, StatusCode::OK).await;
        let jobs = jobs.as_array().expect("the jobs");
        if !jobs.is_empty() && jobs.iter().all(|j| j["lastRun"]["outcome"] == "succeeded") {
            return (app, admin);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the background jobs did not all run at start");
}

fn id_of(value: &Value) -> String {
    value["id"].as_str().expect("id").to_owned()
}

/// A new session (a token this process never authenticated) for `user`.
async fn new_session(app: &TestApp, user: &TestUser) -> String {
    let body: Value = expect_status(app.sign_in(&user.email, &user.password).await, StatusCode::OK).await;
    body["token"].as_str().expect("token").to_owned()
}

/// The background jobs (ADR 0061) run on their own task from the start, maybe while a request is
/// measured: claiming and recording a run, purging expired rows, expiring abandoned card
/// payments, looking for receipt, member and statement e-mails to send (the sender also wakes
/// whenever events change, here or, on PostgreSQL, heard back through LISTEN a little later).
/// Their statements are not the request's.
fn background_job(sql: &str) -> bool {
    sql.contains("\"jobs\"")
        || sql.contains("\"job_runs\"")
        || sql.starts_with("DELETE FROM \"revoked_tokens\" WHERE \"expires_at\" <")
        || (sql.starts_with("DELETE FROM \"rate_limit") && sql.contains("\"window_ends\" <"))
        || (sql.contains("FROM \"payments\"") && sql.contains("\"provider\" IN"))
        || sql.contains("\"receipt_emails\"")
        || sql.contains("\"member_emails\"")
        || sql.contains("\"year_statements\"")
}

/// On PostgreSQL a write that changes a cached read tells the other processes after it commits
/// (`pg_notify`, ADR 0060): outside the request's own budget, counted apart.
fn is_notify(sql: &str) -> bool {
    sql.starts_with("SELECT pg_notify(")
}

/// The statements one request sends, with its status.
async fn statements_of(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> (StatusCode, Vec<String>) {
    app.db.statements().take();
    let response = app.call(method, path, Some(token), body).await;
    let status = response.status();
    response.bytes().await.expect("body read");
    (status, app.db.statements().take().into_iter().filter(|sql| !background_job(sql)).collect())
}

async fn get_statements(app: &TestApp, path: &str, token: &str) -> (StatusCode, Vec<String>) {
    statements_of(app, Method::GET, path, token, None).await
}

/// Asserts the request answered `status` with exactly `expected` statements, the first being
/// the session lookup when `session_lookup`.
fn assert_budget(
    what: &str,
    (status, sql): &(StatusCode, Vec<String>),
    expected_status: StatusCode,
    expected: usize,
    session_lookup: bool,
) {
    assert_eq!(*status, expected_status, "{what}");
    let sql: Vec<&String> = sql.iter().filter(|s| !is_notify(s)).collect();
    assert_eq!(sql.len(), expected, "{what} sent {} statements, budget {expected}: {sql:#?}", sql.len());
    if session_lookup {
        assert!(sql[0].contains("revoked_tokens"), "{what}: the first statement is the session lookup: {sql:#?}");
    } else {
        assert!(sql.iter().all(|s| !s.contains("revoked_tokens")), "{what}: no session lookup: {sql:#?}");
    }
}

#[tokio::test]
async fn authenticated_reads_send_at_most_two_statements_counting_the_user_lookup() {
    let (app, admin) = spawn_quiet_app(|app| Box::pin(app.admin())).await;
    let member = app.member().await;
    let mut events = Vec::new();
    for (i, days) in [3, 1, 2].into_iter().enumerate() {
        let event = id_of(&app.create_event(&admin, &format!("Utsavam {i}"), days, Some(50)).await);
        expect_status::<Value>(
            app.post(&format!("/api/events/{event}/register"), Some(&member.token), json!({"numberOfFamilyMembers": i})).await,
            StatusCode::CREATED,
        )
        .await;
        events.push(event);
    }
    let unregistered = id_of(&app.create_event(&admin, "Not for me", 4, None).await);
    // Creating that event woke the member e-mails' sender (ADR 0106): wait until it has sent the
    // three confirmations (each marked sent), so nothing of it runs while requests are measured.
    let mut marked = 0;
    for _ in 0..600 {
        marked += app.db.statements().take().iter().filter(|sql| sql.starts_with("UPDATE \"member_emails\" SET \"sent_at\"")).count();
        if marked >= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(marked, 3, "the three confirmations were sent");

    // GET /api/users/me: the session lookup only (the member chose no gotram).
    let token = new_session(&app, &member).await;
    assert_budget("cold GET /api/users/me", &get_statements(&app, "/api/users/me", &token).await, StatusCode::OK, 1, true);
    assert_budget("warm GET /api/users/me", &get_statements(&app, "/api/users/me", &token).await, StatusCode::OK, 0, false);

    // GET /api/users/{id}/events: registrations, events and people counts in one statement.
    let path = format!("/api/users/{}/events", member.id);
    let token = new_session(&app, &member).await;
    let cold = get_statements(&app, &path, &token).await;
    assert_budget("cold GET /api/users/{id}/events", &cold, StatusCode::OK, 2, true);
    assert_budget("warm GET /api/users/{id}/events", &get_statements(&app, &path, &token).await, StatusCode::OK, 1, false);
    let listed: Vec<Value> = expect_status(app.get(&path, Some(&token)).await, StatusCode::OK).await;
    let order: Vec<&str> = listed.iter().map(|pair| pair["event"]["id"].as_str().expect("id")).collect();
    assert_eq!(order, [events[1].as_str(), events[2].as_str(), events[0].as_str()], "by event date");
    let people: Vec<i64> = listed.iter().map(|pair| pair["event"]["attendeeCount"].as_i64().expect("count")).collect();
    assert_eq!(people, [2, 3, 1], "each event's own people count");

    // GET /api/events/{id} as a signed-in member sends it: from the cached events list (the list
    // with its counts is loaded in one statement; the registrations above cleared it).
    let token = new_session(&app, &member).await;
    let path = format!("/api/events/{}", events[0]);
    assert_budget("first GET /api/events/{id}", &get_statements(&app, &path, &token).await, StatusCode::OK, 1, false);
    assert_budget("next GET /api/events/{id}", &get_statements(&app, &path, &token).await, StatusCode::OK, 0, false);
    let missing = get_statements(&app, "/api/events/no-such-event", &token).await;
    assert_budget("GET /api/events/{id}, no such event", &missing, StatusCode::NOT_FOUND, 1, false);

    // GET /api/events/{id}/attendee: registered, not registered, no such event.
    let token = new_session(&app, &member).await;
    let path = format!("/api/events/{}/attendee", events[0]);
    assert_budget("cold GET /api/events/{id}/attendee", &get_statements(&app, &path, &token).await, StatusCode::OK, 2, true);
    assert_budget("warm GET /api/events/{id}/attendee", &get_statements(&app, &path, &token).await, StatusCode::OK, 1, false);
    let path = format!("/api/events/{unregistered}/attendee");
    assert_budget(
        "GET /api/events/{id}/attendee, not registered",
        &get_statements(&app, &path, &token).await,
        StatusCode::NOT_FOUND,
        1,
        false,
    );
    let gone = get_statements(&app, "/api/events/no-such-event/attendee", &token).await;
    assert_budget("GET /api/events/{id}/attendee, no such event", &gone, StatusCode::NOT_FOUND, 1, false);
}

#[tokio::test]
async fn a_registration_is_one_statement_and_still_enforces_capacity() {
    let (app, admin) = spawn_quiet_app(|app| Box::pin(app.admin())).await;
    let (first, second, third) = (app.member().await, app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Small havan", 5, Some(3)).await);
    let path = format!("/api/events/{event}/register");
    // Warm sessions: what is counted is the registration itself.
    for member in [&first, &second, &third] {
        expect_status::<Value>(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    }
    let postgres = app.db.kind() == DatabaseKind::Postgres;
    // The setup's own notices go out within 20 ms (ADR 0060); let them pass first.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    // One INSERT ... SELECT from the event's row when it is open and has room, without an
    // explicit transaction (PostgreSQL locks the event row in it: FOR UPDATE).
    let (status, sql) = statements_of(&app, Method::POST, &path, &first.token, Some(json!({"numberOfFamilyMembers": 1}))).await;
    let writes: Vec<String> = sql.iter().filter(|s| !is_notify(s)).cloned().collect();
    assert_budget("POST /api/events/{id}/register", &(status, writes.clone()), StatusCode::CREATED, 1, false);
    assert!(writes[0].starts_with("INSERT INTO \"attendees\"") && writes[0].contains("SELECT"), "{writes:#?}");
    assert_eq!(writes[0].contains("FOR UPDATE"), postgres, "{writes:#?}");
    // Then, on PostgreSQL only, a notice to the other processes' caches, sent for each burst of
    // changes 20 ms after it (ADR 0060; tests/notifications.rs of the persistence crate counts them).
    let mut notices = sql.iter().filter(|s| is_notify(s)).count();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(if postgres { 5 } else { 1 });
    while (notices == 0 || !postgres) && std::time::Instant::now() < until {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        notices += app.db.statements().take().iter().filter(|s| is_notify(s)).count();
    }
    assert_eq!(notices > 0, postgres, "a pg_notify on PostgreSQL, none on SQLite");

    // A member registered already: the unique index refuses the one statement.
    let again = statements_of(&app, Method::POST, &path, &first.token, Some(json!({"numberOfFamilyMembers": 0}))).await;
    assert_budget("POST /api/events/{id}/register, registered already", &again, StatusCode::CONFLICT, 1, false);
    // Two spots taken of three: two more people insert nothing; the refusal is then explained by
    // the held transaction (PostgreSQL: lock, read; SQLite: read).
    let refusal = if postgres { 3 } else { 2 };
    let full = statements_of(&app, Method::POST, &path, &second.token, Some(json!({"numberOfFamilyMembers": 1}))).await;
    assert_budget("POST /api/events/{id}/register, over capacity", &full, StatusCode::BAD_REQUEST, refusal, false);
    assert!(full.1[1..].iter().all(|s| s.starts_with("SELECT")), "the refusal path only reads: {:#?}", full.1);
    let (status, sql) = statements_of(&app, Method::POST, &path, &second.token, Some(json!({"numberOfFamilyMembers": 0}))).await;
    let writes: Vec<String> = sql.into_iter().filter(|s| !is_notify(s)).collect();
    assert_budget("POST /api/events/{id}/register, last spot", &(status, writes), StatusCode::CREATED, 1, false);
    let full = statements_of(&app, Method::POST, &path, &third.token, Some(json!({"numberOfFamilyMembers": 0}))).await;
    assert_budget("POST /api/events/{id}/register, full", &full, StatusCode::BAD_REQUEST, refusal, false);
    let event: Value = expect_status(app.get(&format!("/api/events/{event}"), None).await, StatusCode::OK).await;
    assert_eq!((event["attendeeCount"].clone(), event["spotsLeft"].clone()), (json!(3), json!(0)));
}

#[tokio::test]
async fn cached_sessions_still_see_access_changes_at_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let other = app.admin().await;
    let member = app.member().await;

    // Revoking admin rights: the next admin request of the cached session is refused.
    let attendees = format!("/api/events/{}/attendees", id_of(&app.create_event(&admin, "Puja", 2, None).await));
    expect_status::<Value>(app.get(&attendees, Some(&other.token)).await, StatusCode::OK).await;
    expect_status::<Value>(app.post("/api/admin/remove-admin", Some(&admin.token), json!({"email": other.email})).await, StatusCode::OK)
        .await;
    expect_status::<Value>(app.get(&attendees, Some(&other.token)).await, StatusCode::FORBIDDEN).await;
    let me: Value = expect_status(app.get("/api/users/me", Some(&other.token)).await, StatusCode::OK).await;
    assert_eq!(me["isAdmin"], false);

    // A profile change shows in the next GET /api/users/me of a cached session.
    let second_session = new_session(&app, &member).await;
    expect_status::<Value>(app.get("/api/users/me", Some(&second_session)).await, StatusCode::OK).await;
    expect_status::<Value>(
        app.put("/api/users/me", Some(&member.token), json!({"firstName": "Ravi", "lastName": "Kumar"})).await,
        StatusCode::OK,
    )
    .await;
    let me: Value = expect_status(app.get("/api/users/me", Some(&second_session)).await, StatusCode::OK).await;
    assert_eq!(me["firstName"], "Ravi");

    // Signing out one cached session, then everywhere.
    expect_status::<Value>(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(app.post("/api/auth/signout", Some(&member.token), json!({})).await.status(), StatusCode::NO_CONTENT);
    expect_status::<Value>(app.get("/api/users/me", Some(&member.token)).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.get("/api/users/me", Some(&second_session)).await, StatusCode::OK).await;
    assert_eq!(app.post("/api/auth/signout-everywhere", Some(&second_session), json!({})).await.status(), StatusCode::NO_CONTENT);
    expect_status::<Value>(app.get("/api/users/me", Some(&second_session)).await, StatusCode::UNAUTHORIZED).await;
}

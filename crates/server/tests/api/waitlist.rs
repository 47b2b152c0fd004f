//! The waitlist of a full event (ADR 0109): joining, positions, the admins' list, and promotion by
//! freed spots (a cancellation, a smaller party, a larger capacity) in the same transaction, also
//! under concurrency.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

fn id_of(value: &Value) -> String {
    value["id"].as_str().expect("id").to_owned()
}

async fn register(app: &TestApp, user: &TestUser, event_id: &str, family: i64) -> reqwest::Response {
    app.post(&format!("/api/events/{event_id}/register"), Some(&user.token), json!({"numberOfFamilyMembers": family})).await
}

async fn join(app: &TestApp, user: &TestUser, event_id: &str, family: i64) -> reqwest::Response {
    app.post(&format!("/api/events/{event_id}/waitlist"), Some(&user.token), json!({"numberOfFamilyMembers": family})).await
}

async fn cancel(app: &TestApp, user: &TestUser, event_id: &str) -> reqwest::Response {
    app.delete(&format!("/api/events/{event_id}/attendee"), Some(&user.token)).await
}

async fn attendee_count(app: &TestApp, event_id: &str) -> i64 {
    let event: Value = expect_status(app.get(&format!("/api/events/{event_id}"), None).await, StatusCode::OK).await;
    event["attendeeCount"].as_i64().expect("count")
}

async fn members(app: &TestApp, n: usize) -> Vec<TestUser> {
    let mut members = Vec::with_capacity(n);
    for _ in 0..n {
        members.push(app.member().await);
    }
    members
}

async fn waitlist_emails(app: &TestApp, admin: &TestUser, event_id: &str) -> Vec<String> {
    let list: Vec<Value> =
        expect_status(app.get(&format!("/api/events/{event_id}/waitlist"), Some(&admin.token)).await, StatusCode::OK).await;
    list.iter().map(|w| w["email"].as_str().expect("email").to_owned()).collect()
}

async fn attendee_emails(app: &TestApp, admin: &TestUser, event_id: &str) -> Vec<String> {
    let list: Vec<Value> =
        expect_status(app.get(&format!("/api/events/{event_id}/attendees"), Some(&admin.token)).await, StatusCode::OK).await;
    let mut emails: Vec<String> = list.iter().map(|a| a["email"].as_str().expect("email").to_owned()).collect();
    emails.sort();
    emails
}

#[tokio::test]
async fn a_full_event_takes_a_waitlist_and_a_cancellation_registers_the_first_party_that_fits() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (one, two) = (app.member().await, app.member().await);
    let (big, small, late) = (app.member().await, app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Kalyanotsavam", 10, Some(3)).await);

    // Room for the party: register instead.
    let room: Value = expect_status(join(&app, &big, &event, 0).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(room["message"], "This event has room for your party; please register instead");

    expect_status::<Value>(register(&app, &one, &event, 0).await, StatusCode::CREATED).await;
    expect_status::<Value>(register(&app, &two, &event, 1).await, StatusCode::CREATED).await;
    let registered: Value = expect_status(join(&app, &one, &event, 0).await, StatusCode::CONFLICT).await;
    assert_eq!(registered["message"], "You are already registered for this event");

    // Full: a party of 3 waits first, then a party of 1, then a party of 2.
    let first: Value = expect_status(join(&app, &big, &event, 2).await, StatusCode::CREATED).await;
    assert_eq!((first["position"].as_i64(), first["numberOfFamilyMembers"].as_i64()), (Some(1), Some(2)));
    assert_eq!(first["userId"], big.id.as_str());
    let second: Value = expect_status(join(&app, &small, &event, 0).await, StatusCode::CREATED).await;
    assert_eq!(second["position"], 2);
    expect_status::<Value>(join(&app, &late, &event, 1).await, StatusCode::CREATED).await;
    // A party larger than the whole capacity could never be registered.
    let huge: Value = expect_status(join(&app, &late, &event, 3).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(huge["message"], "Your party is larger than this event's capacity of 3 people");
    let again: Value = expect_status(join(&app, &small, &event, 0).await, StatusCode::CONFLICT).await;
    assert_eq!(again["message"], "You are already on the waitlist for this event");

    let own: Value = expect_status(app.get(&format!("/api/events/{event}/waitlist/me"), Some(&small.token)).await, StatusCode::OK).await;
    assert_eq!(own["position"], 2);
    let none: Value =
        expect_status(app.get(&format!("/api/events/{event}/waitlist/me"), Some(&one.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(none, json!({"message": "You are not on the waitlist for this event"}));
    assert_eq!(waitlist_emails(&app, &admin, &event).await, [big.email.clone(), small.email.clone(), late.email.clone()]);
    expect_status::<Value>(app.get(&format!("/api/events/{event}/waitlist"), Some(&one.token)).await, StatusCode::FORBIDDEN).await;

    // Two spots free up: the party of 3 does not fit and keeps its place; the party of 1 behind
    // it goes; the party of 2 after that no longer fits.
    expect_status::<Value>(cancel(&app, &two, &event).await, StatusCode::NO_CONTENT).await;
    let mut expected = vec![one.email.clone(), small.email.clone()];
    expected.sort();
    assert_eq!(attendee_emails(&app, &admin, &event).await, expected);
    assert_eq!(attendee_count(&app, &event).await, 2);
    assert_eq!(waitlist_emails(&app, &admin, &event).await, [big.email.clone(), late.email.clone()]);
    let mine: Value = expect_status(app.get(&format!("/api/events/{event}/attendee"), Some(&small.token)).await, StatusCode::OK).await;
    assert_eq!(mine["numberOfFamilyMembers"], 0);
    let moved_up: Value =
        expect_status(app.get(&format!("/api/events/{event}/waitlist/me"), Some(&late.token)).await, StatusCode::OK).await;
    assert_eq!(moved_up["position"], 2);
    // The promoted member is told.
    let link = app.link_in_email(&small.email, &format!("/events/{event}")).await;
    assert!(link.ends_with(&format!("/events/{event}")), "{link}");
    let email = app.wait_for_email(&small.email, "moved from the waitlist").await;
    assert!(email.contains("Subject: You're registered for Kalyanotsavam"), "{email}");
    assert!(email.contains("event.ics"), "the event is attached: {email}");
    assert_eq!(app.emails_to(&small.email).iter().filter(|e| e.contains("Subject: You're registered")).count(), 1, "one e-mail");

    // Leaving the waitlist.
    expect_status::<Value>(app.delete(&format!("/api/events/{event}/waitlist/me"), Some(&late.token)).await, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(app.delete(&format!("/api/events/{event}/waitlist/me"), Some(&late.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(waitlist_emails(&app, &admin, &event).await, [big.email.as_str()]);

    // The party of 3 goes once all 3 spots are free.
    expect_status::<Value>(cancel(&app, &one, &event).await, StatusCode::NO_CONTENT).await;
    assert_eq!(waitlist_emails(&app, &admin, &event).await, [big.email.as_str()]);
    expect_status::<Value>(cancel(&app, &small, &event).await, StatusCode::NO_CONTENT).await;
    assert_eq!(attendee_emails(&app, &admin, &event).await, [big.email.as_str()]);
    assert_eq!(attendee_count(&app, &event).await, 3);
    assert!(waitlist_emails(&app, &admin, &event).await.is_empty());
}

#[tokio::test]
async fn a_smaller_party_or_a_larger_capacity_registers_the_waitlist_with_one_e_mail_each() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (host, first, second) = (app.member().await, app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Ugadi Utsavam", 9, Some(3)).await);
    expect_status::<Value>(register(&app, &host, &event, 2).await, StatusCode::CREATED).await;
    expect_status::<Value>(join(&app, &first, &event, 0).await, StatusCode::CREATED).await;
    expect_status::<Value>(join(&app, &second, &event, 1).await, StatusCode::CREATED).await;

    // The host comes with one person fewer: the party of 1 moves up, the party of 2 waits.
    let smaller = app.put(&format!("/api/events/{event}/attendee"), Some(&host.token), json!({"numberOfFamilyMembers": 1})).await;
    expect_status::<Value>(smaller, StatusCode::OK).await;
    let mut expected = vec![host.email.clone(), first.email.clone()];
    expected.sort();
    assert_eq!(attendee_emails(&app, &admin, &event).await, expected);
    assert_eq!(attendee_count(&app, &event).await, 3);
    assert_eq!(waitlist_emails(&app, &admin, &event).await, [second.email.as_str()]);

    // A larger capacity registers the party of 2.
    expect_status::<Value>(app.patch(&format!("/api/events/{event}"), Some(&admin.token), json!({"capacity": 5})).await, StatusCode::OK)
        .await;
    assert_eq!(attendee_count(&app, &event).await, 5);
    assert!(waitlist_emails(&app, &admin, &event).await.is_empty());

    // Each promoted member gets one e-mail, the promotion's; the host only their confirmation.
    for member in [&first, &second] {
        let email = app.wait_for_email(&member.email, "moved from the waitlist").await;
        assert!(email.contains("Subject: You're registered for Ugadi Utsavam"), "{email}");
        assert_eq!(app.emails_to(&member.email).iter().filter(|e| e.contains("Ugadi Utsavam")).count(), 1, "one e-mail");
    }
    let host_mail = app.wait_for_email(&host.email, "Subject: You're registered: Ugadi Utsavam").await;
    assert!(!host_mail.contains("moved from the waitlist"));
}

#[tokio::test]
async fn unknown_events_started_events_and_visitors() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let unknown = "00000000-0000-4000-8000-000000000000";
    expect_status::<Value>(join(&app, &member, unknown, 0).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.get(&format!("/api/events/{unknown}/waitlist/me"), Some(&member.token)).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.get(&format!("/api/events/{unknown}/waitlist"), Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
    let event = id_of(&app.create_event(&admin, "Ugadi", 3, Some(1)).await);
    expect_status::<Value>(
        app.post(&format!("/api/events/{event}/waitlist"), None, json!({"numberOfFamilyMembers": 0})).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    expect_status::<Value>(register(&app, &admin, &event, 0).await, StatusCode::CREATED).await;
    let past = (chrono::Utc::now() - chrono::Duration::days(1)).to_rfc3339();
    expect_status::<Value>(
        app.patch(&format!("/api/events/{event}"), Some(&admin.token), json!({"eventDate": past})).await,
        StatusCode::OK,
    )
    .await;
    let started: Value = expect_status(join(&app, &member, &event, 0).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(started["message"], "This event has already started; registration is closed");
}

/// 20 members join a full event's waitlist at once, then 10 registered members cancel while 10
/// more join, all at once: the capacity is never exceeded, positions are 1..20, and the cancelled
/// spots go to the first 10 in line, in order.
#[tokio::test]
async fn parallel_joins_and_cancellations_keep_the_capacity_and_the_order() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let capacity = 10;
    let event = id_of(&app.create_event(&admin, "Brahmotsavam", 10, Some(capacity)).await);
    let holders = members(&app, 10).await;
    for holder in &holders {
        expect_status::<Value>(register(&app, holder, &event, 0).await, StatusCode::CREATED).await;
    }
    let waiting = members(&app, 20).await;
    let joined: Vec<Value> =
        join_all(waiting.iter().map(|m| async { expect_status::<Value>(join(&app, m, &event, 0).await, StatusCode::CREATED).await })).await;
    let mut positions: Vec<i64> = joined.iter().map(|j| j["position"].as_i64().expect("position")).collect();
    positions.sort_unstable();
    assert_eq!(positions, (1..=20).collect::<Vec<_>>(), "every joiner gets a distinct place");
    let order = waitlist_emails(&app, &admin, &event).await;
    // The positions answered at joining are the order kept.
    for (member, answer) in waiting.iter().zip(&joined) {
        let position = usize::try_from(answer["position"].as_i64().expect("position")).expect("positive");
        assert_eq!(order[position - 1], member.email);
    }

    let latecomers = members(&app, 10).await;
    let cancels = holders.iter().map(|h| async { cancel(&app, h, &event).await.status() });
    let joins = latecomers.iter().map(|m| async { join(&app, m, &event, 0).await.status() });
    let (cancelled, late_joins) = futures::join!(join_all(cancels), join_all(joins));
    assert!(cancelled.iter().all(|s| *s == StatusCode::NO_CONTENT), "{cancelled:?}");
    assert!(late_joins.iter().all(|s| *s == StatusCode::CREATED), "the event stays full: {late_joins:?}");

    assert_eq!(attendee_count(&app, &event).await, capacity);
    let mut promoted = order[..10].to_vec();
    promoted.sort();
    assert_eq!(attendee_emails(&app, &admin, &event).await, promoted, "the first 10 in line are registered");
    let rest = waitlist_emails(&app, &admin, &event).await;
    assert_eq!(rest.len(), 20);
    assert_eq!(rest[..10], order[10..], "the others keep their order, ahead of the latecomers");
    let mut late: Vec<String> = latecomers.iter().map(|m| m.email.clone()).collect();
    late.sort();
    let mut tail = rest[10..].to_vec();
    tail.sort();
    assert_eq!(tail, late);
}

//! E-mails to members (ADR 0106, 0108): the registration confirmation with the event's `.ics`,
//! notices when an event's date, time or place changes or the event is deleted, and the reminder
//! the day before, once per person per event even with two processes racing.

use std::collections::BTreeSet;
use std::time::Duration;

use mandir_server::Config;
use mandir_server::config::JobsConfig;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, spawn_app_with, test_config};

fn count(app: &TestApp, to: &str, subject: &str) -> usize {
    app.emails_to(to).iter().filter(|e| e.contains(&format!("Subject: {subject}"))).count()
}

async fn register(app: &TestApp, member: &TestUser, event: &str) {
    let response = app.post(&format!("/api/events/{event}/register"), Some(&member.token), json!({"numberOfFamilyMembers": 1})).await;
    expect_status::<Value>(response, StatusCode::CREATED).await;
}

async fn volunteer(app: &TestApp, member: &TestUser, event: &str) {
    let body = json!({
        "name": "Seva Volunteer", "contactNumber": "9165550101", "contactEmail": member.email, "contactPreference": "email",
        "volunteerPreference": "any", "availability": "either", "needsCertificate": false
    });
    expect_status::<Value>(app.post(&format!("/api/events/{event}/volunteers"), Some(&member.token), body).await, StatusCode::CREATED)
        .await;
}

/// A server whose `send-member-emails` job runs every 200 ms (registration confirmations go with it).
async fn spawn_fast_app() -> TestApp {
    let jobs = JobsConfig { send_member_emails_every: Duration::from_millis(200), ..JobsConfig::default() };
    spawn_app_with(Config { jobs, ..test_config().await }).await
}

#[tokio::test]
async fn a_registration_is_confirmed_once_with_the_event_attached() {
    let app = spawn_fast_app().await;
    let admin = app.admin().await;
    let (first, second) = (app.member().await, app.member().await);
    let event = app.create_event(&admin, "Vinayaka Chaturthi", 10, None).await;
    let id = event["id"].as_str().expect("id");
    register(&app, &first, id).await;
    let mail = &app.wait_for_emails(&first.email, "Subject: You're registered: Vinayaka Chaturthi", 1).await[0];
    assert!(mail.contains("multipart/mixed") && mail.contains("multipart/alternative"), "{mail}");
    assert!(mail.contains("filename=\"event.ics\""), "{mail}");
    assert!(mail.contains("Content-Type: text/calendar"), "{mail}");
    assert!(mail.contains("Where: Main Hall"));
    assert!(mail.contains(&format!("http://temple.test/events/{id}")));
    assert!(mail.contains("--\r\nTest Temple\r\n") || mail.contains("--\nTest Temple\n"), "the site settings' name signs it");

    // Later deliveries (another member's confirmation) do not send the first one again.
    register(&app, &second, id).await;
    app.wait_for_emails(&second.email, "Subject: You're registered", 1).await;
    assert_eq!(count(&app, &first.email, "You're registered"), 1);
}

#[tokio::test]
async fn registrants_and_volunteers_hear_of_a_new_time_or_place_and_of_a_deletion() {
    // The default job period: the notices go out on the wake-up after the change.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (attendee, helper) = (app.member().await, app.member().await);
    let event = app.create_event(&admin, "Navaratri Garba", 12, None).await;
    let id = event["id"].as_str().expect("id");
    register(&app, &attendee, id).await;
    volunteer(&app, &helper, id).await;

    // A new description is not news; a new place is.
    let path = format!("/api/events/{id}");
    expect_status::<Value>(
        app.patch(&path, Some(&admin.token), json!({"description": "Dandiya and garba, all welcome"})).await,
        StatusCode::OK,
    )
    .await;
    expect_status::<Value>(app.patch(&path, Some(&admin.token), json!({"location": "Community Center"})).await, StatusCode::OK).await;
    for member in [&attendee, &helper] {
        let notice = &app.wait_for_emails(&member.email, "Subject: Changed: Navaratri Garba", 1).await[0];
        assert!(notice.contains("Where: Community Center (was Main Hall)"), "{notice}");
        assert!(!notice.lines().any(|l| l.starts_with("When:") && l.contains("(was ")), "the time did not change: {notice}");
    }
    let later = (chrono::Utc::now() + chrono::Duration::days(13)).to_rfc3339();
    expect_status::<Value>(app.patch(&path, Some(&admin.token), json!({"eventDate": later})).await, StatusCode::OK).await;
    let notice = &app.wait_for_emails(&attendee.email, "Subject: Changed: Navaratri Garba", 2).await[1];
    assert!(notice.contains("(was "), "the old time is shown: {notice}");
    assert!(notice.contains("filename=\"event.ics\""), "the updated entry for the calendar");

    // Force delete: everyone on the event is told.
    expect_status::<Value>(app.delete(&format!("{path}/force"), Some(&admin.token)).await, StatusCode::OK).await;
    for member in [&attendee, &helper] {
        let cancelled = &app.wait_for_emails(&member.email, "Subject: Cancelled: Navaratri Garba", 1).await[0];
        assert!(cancelled.contains("has been cancelled"), "{cancelled}");
    }
    assert_eq!(count(&app, &attendee.email, "Changed:"), 2, "one notice per change");
}

/// Finished runs of `job` seen so far on `app`, by (holder, start).
async fn runs_of(app: &TestApp, admin: &TestUser, job: &str, seen: &mut BTreeSet<(String, String)>) {
    let jobs: Value = expect_status(app.get("/api/admin/jobs", Some(&admin.token)).await, StatusCode::OK).await;
    let run = jobs.as_array().expect("jobs").iter().find(|j| j["name"] == job).map(|j| j["lastRun"].clone()).unwrap_or(Value::Null);
    if run["outcome"] == "succeeded" {
        seen.insert((run["holder"].as_str().expect("holder").to_owned(), run["startedAt"].as_str().expect("start").to_owned()));
    }
}

#[tokio::test]
async fn the_reminder_goes_once_per_person_even_with_two_processes_and_not_to_who_turned_it_off() {
    let fast = JobsConfig {
        queue_reminders_every: Duration::from_millis(200),
        send_member_emails_every: Duration::from_millis(200),
        ..JobsConfig::default()
    };
    let config = Config { jobs: fast, ..test_config().await };
    let first = spawn_app_with(config.clone()).await;
    let second_outbox = config.mail_outbox.with_file_name("outbox-second");
    let second = spawn_app_with(Config { mail_outbox: second_outbox, ..config }).await;
    let admin = first.admin().await;
    let (keen, quiet) = (first.member().await, first.member().await);
    let settings: Value =
        expect_status(first.put("/api/account/reminders", Some(&quiet.token), json!({"enabled": false})).await, StatusCode::OK).await;
    assert_eq!(settings["remindersEnabled"], false);

    // Tomorrow's reminder window: an event in three hours.
    let soon = (chrono::Utc::now() + chrono::Duration::hours(3)).to_rfc3339();
    let body =
        json!({"name": "Satyanarayana Puja", "description": "Monthly puja with prasadam", "location": "Main Hall", "eventDate": soon});
    let event: Value = expect_status(first.post("/api/events", Some(&admin.token), body).await, StatusCode::CREATED).await;
    let id = event["id"].as_str().expect("id");
    register(&first, &keen, id).await;
    register(&first, &quiet, id).await;

    // Both processes run the job; wait for its first reminder, then for more runs on both.
    let reminders = |to: &str| count(&first, to, "Reminder: Satyanarayana Puja") + count(&second, to, "Reminder: Satyanarayana Puja");
    for _ in 0..400 {
        if reminders(&keen.email) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(reminders(&keen.email), 1, "a reminder arrived");
    let mut seen = BTreeSet::new();
    for _ in 0..400 {
        runs_of(&first, &admin, "queue-reminders", &mut seen).await;
        let holders: BTreeSet<_> = seen.iter().map(|(holder, _)| holder.clone()).collect();
        if seen.len() >= 4 && holders.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let holders: BTreeSet<_> = seen.iter().map(|(holder, _)| holder.clone()).collect();
    assert_eq!(holders.len(), 2, "both processes ran the job: {seen:?}");
    assert_eq!(reminders(&keen.email), 1, "still one reminder after {} more runs", seen.len());
    assert_eq!(reminders(&quiet.email), 0, "reminders off");
    let mail =
        first.emails_to(&keen.email).into_iter().chain(second.emails_to(&keen.email)).find(|m| m.contains("Reminder:")).expect("mail");
    assert!(mail.contains("turn these reminders off"), "{mail}");
}

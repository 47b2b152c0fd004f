//! The SeaORM adapters against a real database: SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server.

use chrono::{Duration, TimeZone, Utc};
use mandir_application::ports::{
    EventChanges, EventRecord, EventRepository, GotramRepository, NewUserRecord, RepoError, StoredImage, UserRepository,
};
use mandir_domain::event::Patch;
use mandir_domain::user::{Email, ProfileUpdate};
use mandir_persistence::test_support::fresh_database;
use mandir_persistence::{Database, SeaOrmEventRepository, SeaOrmGotramRepository, SeaOrmUserRepository};

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).single().expect("date")
}

fn new_user(id: &str, email: &str) -> NewUserRecord {
    NewUserRecord {
        id: id.to_owned(),
        username: None,
        first_name: "Lakshmi".into(),
        last_name: "Rao".into(),
        email: Email::parse(email).expect("email"),
        phone_number: Some("9165550100".into()),
        gotram_id: None,
        custom_gotram: None,
        password_hash: "HASH".into(),
        is_admin: false,
        email_verified: false,
        verification_token_hash: Some("verify-hash".into()),
        now: now(),
    }
}

fn event(id: &str, days: i64) -> EventRecord {
    EventRecord {
        id: id.to_owned(),
        name: format!("Event {id}"),
        description: Some("A temple celebration".into()),
        location: "Main Hall".into(),
        event_date: now() + Duration::days(days),
        image_url: None,
        capacity: Some(10),
        created_by: None,
        now: now(),
    }
}

async fn db() -> Database {
    fresh_database().await.expect("fresh database")
}

#[tokio::test]
async fn users_are_unique_by_email_and_round_trip() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    let created = users.create(new_user("u1", "lakshmi@example.org")).await.expect("created");
    assert_eq!(created.email.as_str(), "lakshmi@example.org");
    assert!(matches!(users.create(new_user("u2", "lakshmi@example.org")).await, Err(RepoError::Conflict(_))));
    let found = users.find_by_email(&Email::parse("LAKSHMI@example.org").expect("email")).await.expect("query").expect("found");
    assert_eq!(found.password_hash, "HASH");
    assert_eq!(users.find_by_id("u1").await.expect("query").map(|u| u.id), Some("u1".into()));
    assert_eq!(users.find_by_id("nobody").await.expect("query"), None);
}

#[tokio::test]
async fn profile_admin_and_verification_updates() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    let gotrams = SeaOrmGotramRepository::new(db.clone());
    users.create(new_user("u1", "a@example.org")).await.expect("created");
    let gotram = gotrams.list().await.expect("list").into_iter().nth(3).expect("seeded");
    let update = ProfileUpdate { first_name: "Ravi".into(), last_name: "Kumar".into(), phone_number: None, gotram_id: Some(gotram.id) };
    let updated = users.update_profile("u1", &update, now()).await.expect("updated");
    assert_eq!((updated.first_name.as_str(), updated.gotram_id, updated.phone_number), ("Ravi", Some(gotram.id), None));
    assert!(matches!(users.update_profile("ghost", &update, now()).await, Err(RepoError::NotFound)));

    assert!(users.set_admin("u1", true, "u1", now()).await.expect("granted").is_admin);
    assert!(!users.set_admin("u1", false, "u1", now()).await.expect("removed").is_admin);

    assert!(users.verify_email("verify-hash", now()).await.expect("verified"));
    assert!(!users.verify_email("verify-hash", now()).await.expect("second use"), "a verification link works once");
    assert!(users.find_by_id("u1").await.expect("query").expect("user").email_verified);
}

#[tokio::test]
async fn reset_tokens_expire_work_once_and_bump_the_token_version() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    users.create(new_user("u1", "a@example.org")).await.expect("created");
    users.store_reset_token("u1", "reset-hash", now() + Duration::hours(1)).await.expect("stored");
    assert!(!users.reset_password_with_token("reset-hash", "NEW", now() + Duration::hours(2)).await.expect("expired"));
    assert!(users.reset_password_with_token("reset-hash", "NEW", now()).await.expect("reset"));
    assert!(!users.reset_password_with_token("reset-hash", "AGAIN", now()).await.expect("used"));
    let credentials = users.find_by_email(&Email::parse("a@example.org").expect("email")).await.expect("query").expect("found");
    assert_eq!(credentials.password_hash, "NEW");
    assert_eq!(credentials.user.token_version, 1);
}

#[tokio::test]
async fn events_with_images_counts_and_patches() {
    let db = db().await;
    let events = SeaOrmEventRepository::new(db.clone());
    let image = StoredImage { content_type: "image/png".into(), bytes: vec![1, 2, 3], etag: "abc".into() };
    events.create(event("e2", 5), None).await.expect("created");
    events.create(event("e1", 2), Some(image.clone())).await.expect("created");
    let listed: Vec<String> = events.list().await.expect("list").into_iter().map(|e| e.id).collect();
    assert_eq!(listed, ["e1", "e2"], "by date ascending");
    assert_eq!(events.image("e1").await.expect("query"), Some(image));
    assert_eq!(events.image("e2").await.expect("query"), None);

    db.execute_raw(
        "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, is_admin, token_version, created_at, updated_at) \
         VALUES ('u1', 'A', 'B', 'a@example.org', 'H', false, false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('u2', 'C', 'D', 'c@example.org', 'H', false, false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("users");
    db.execute_raw(
        "INSERT INTO attendees (id, event_id, user_id, number_of_family_members, created_at, updated_at) \
         VALUES ('a1', 'e1', 'u1', 2, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('a2', 'e1', 'u2', 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("attendees");
    let e1 = events.get("e1").await.expect("query").expect("found");
    assert_eq!(e1.attendee_count, 4, "(2 + 1) + (0 + 1) people");
    assert_eq!(e1.spots_left(), Some(6));

    let changes = EventChanges {
        location: Some("Annex".into()),
        capacity: Patch::Clear,
        image_url: Patch::Set("https://example.org/x.jpg".into()),
        ..EventChanges::default()
    };
    let updated = events.update("e1", changes, now()).await.expect("updated");
    assert_eq!((updated.location.as_str(), updated.capacity, updated.attendee_count), ("Annex", None, 4));
    assert_eq!(events.image("e1").await.expect("query"), None, "a new URL drops the stored bytes");
    assert!(matches!(events.update("ghost", EventChanges::default(), now()).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn delete_refuses_related_rows_and_force_delete_keeps_payments() {
    let db = db().await;
    let events = SeaOrmEventRepository::new(db.clone());
    events.create(event("e1", 2), None).await.expect("created");
    db.execute_raw(
        "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, is_admin, token_version, created_at, updated_at) \
         VALUES ('u1', 'A', 'B', 'a@example.org', 'H', false, false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("user");
    db.execute_raw(
        "INSERT INTO attendees (id, event_id, user_id, number_of_family_members, created_at, updated_at) \
         VALUES ('a1', 'e1', 'u1', 1, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("attendee");
    db.execute_raw(
        "INSERT INTO payments (id, event_id, user_id, payment_date, payment_method, amount_cents, currency, status, provider, donation_details, created_at, updated_at) \
         VALUES ('p1', 'e1', 'u1', '2026-11-21 12:00:00+00:00', 'zelle', 2500, 'usd', 'pending', 'zelle', '[]', '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("payment");

    assert!(matches!(events.delete("e1").await, Err(RepoError::Conflict(_))));
    let related = events.related_records("e1").await.expect("counts");
    assert_eq!((related.attendees, related.volunteers, related.payments), (1, 0, 1));

    let removed = events.force_delete("e1").await.expect("forced");
    assert_eq!((removed.attendees, removed.volunteers, removed.payments), (1, 0, 1));
    assert_eq!(events.get("e1").await.expect("query"), None);
    assert!(matches!(events.force_delete("e1").await, Err(RepoError::NotFound)));
    assert!(matches!(events.delete("e1").await, Err(RepoError::NotFound)));
}

//! The SeaORM adapters against a real database: SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server.

use chrono::{Duration, TimeZone, Utc};
use mandir_application::ports::{
    AdminRemoval, EventPicture, EventRepository, GotramRepository, NewUserRecord, PaymentRepository, RepoError, RolesChanged, StoredImage,
    UserRepository,
};
use mandir_domain::UserId;
use mandir_domain::event::{EventPatch, NewEvent};
use mandir_domain::patch::Patch;
use mandir_domain::staff::{Role, Roles};
use mandir_domain::user::{Email, ProfileUpdate};
use mandir_persistence::test_support::{fresh_database, grant_role, revoke_role};
use mandir_persistence::{
    Database, SeaOrmEventRepository, SeaOrmGotramRepository, SeaOrmPaymentRepository, SeaOrmShiftRepository, SeaOrmUserRepository,
};

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).single().expect("date")
}

fn new_user(id: &str, email: &str) -> NewUserRecord {
    NewUserRecord {
        id: id.into(),
        username: None,
        first_name: "Lakshmi".into(),
        last_name: "Rao".into(),
        email: Email::parse(email).expect("email"),
        phone_number: Some("9165550100".into()),
        gotram_id: None,
        custom_gotram: None,
        password_hash: "HASH".into(),
        roles: Roles::NONE,
        email_verified: false,
        verification_token_hash: Some("verify-hash".into()),
        verification_expires_at: Some(now() + Duration::hours(48)),
        demo: false,
        language: mandir_domain::language::Language::English,
        now: now(),
    }
}

fn event(days: i64) -> NewEvent {
    NewEvent {
        name: format!("Event in {days} days"),
        description: "A temple celebration".into(),
        location: "Main Hall".into(),
        event_date: now() + Duration::days(days),
        image: None,
        capacity: Some(10),
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
    assert_eq!(users.find_by_id(&"u1".into()).await.expect("query").map(|u| u.id), Some("u1".into()));
    assert_eq!(users.find_by_id(&"nobody".into()).await.expect("query"), None);
}

#[tokio::test]
async fn profile_admin_and_verification_updates() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    let gotrams = SeaOrmGotramRepository::new(db.clone());
    users.create(new_user("u1", "a@example.org")).await.expect("created");
    let gotram = gotrams.list().await.expect("list").into_iter().nth(3).expect("seeded");
    let update = ProfileUpdate {
        first_name: "Ravi".into(),
        last_name: "Kumar".into(),
        phone_number: None,
        gotram_id: Some(gotram.id),
        custom_gotram: None,
        mailing_address: Patch::Set("1 Temple Rd\nFolsom, CA".into()),
    };
    let updated = users.update_profile(&"u1".into(), &update, now()).await.expect("updated");
    assert_eq!((updated.first_name.as_str(), updated.gotram_id, updated.phone_number), ("Ravi", Some(gotram.id), None));
    assert_eq!(updated.mailing_address.as_deref(), Some("1 Temple Rd\nFolsom, CA"));
    let kept = users.update_profile(&"u1".into(), &ProfileUpdate { mailing_address: Patch::Keep, ..update.clone() }, now()).await;
    assert_eq!(kept.expect("kept").mailing_address.as_deref(), Some("1 Temple Rd\nFolsom, CA"), "absent keeps the address");
    let cleared = users.update_profile(&"u1".into(), &ProfileUpdate { mailing_address: Patch::Clear, ..update.clone() }, now()).await;
    assert_eq!(cleared.expect("cleared").mailing_address, None);
    assert!(matches!(users.update_profile(&"ghost".into(), &update, now()).await, Err(RepoError::NotFound)));

    let granted = grant_role(&users, "u1", Role::Admin, "u1").await.expect("granted");
    assert!(matches!(granted, AdminRemoval::Done(RolesChanged { before, user }) if before == Roles::NONE && user.is_admin()));
    users.create(NewUserRecord { roles: Roles::of(&[Role::Admin]), ..new_user("u9", "z@example.org") }).await.expect("another admin");
    let removed = revoke_role(&users, "u1", Role::Admin, "u9").await.expect("removed");
    assert!(matches!(removed, AdminRemoval::Done(changed) if !changed.user.is_admin()));

    assert!(users.verify_email("verify-hash", now()).await.expect("verified"));
    assert!(!users.verify_email("verify-hash", now()).await.expect("second use"), "a verification link works once");
    assert!(users.find_by_id(&"u1".into()).await.expect("query").expect("user").email_verified);
}

#[tokio::test]
async fn revoked_tokens_are_refused_until_purged_and_sessions_end_together() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    users.create(new_user("u1", "a@example.org")).await.expect("created");
    let id: UserId = "u1".into();
    assert!(users.find_for_session(&id, "jti-1").await.expect("query").is_some());
    users.revoke_token("jti-1", now() + Duration::days(7)).await.expect("revoked");
    users.revoke_token("jti-1", now() + Duration::days(7)).await.expect("revoking twice is harmless");
    assert!(users.find_for_session(&id, "jti-1").await.expect("query").is_none());
    assert!(users.find_for_session(&id, "jti-2").await.expect("query").is_some(), "other tokens go on");
    assert!(users.find_for_session(&"ghost".into(), "jti-2").await.expect("query").is_none());

    users.revoke_token("jti-old", now() - Duration::minutes(1)).await.expect("revoked");
    assert_eq!(users.purge_revoked_tokens(now()).await.expect("purged"), 1, "only expired tokens' rows go");
    assert!(users.find_for_session(&id, "jti-1").await.expect("query").is_none());

    let before = users.find_by_id(&id).await.expect("query").expect("user").token_version;
    users.end_sessions(&id, now()).await.expect("ended");
    assert_eq!(users.find_by_id(&id).await.expect("query").expect("user").token_version, before + 1);
    assert!(matches!(users.end_sessions(&"ghost".into(), now()).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn verification_links_expire_and_a_new_one_replaces_the_old() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    users.create(new_user("u1", "a@example.org")).await.expect("created");
    let later = now() + Duration::hours(48);
    assert!(!users.verify_email("verify-hash", later).await.expect("query"), "expired at 48 hours");

    users.store_verification_token(&"u1".into(), "new-hash", later + Duration::hours(48)).await.expect("stored");
    assert!(!users.verify_email("verify-hash", now()).await.expect("query"), "the older link stops working");
    assert!(users.verify_email("new-hash", later).await.expect("verified"));
    assert!(users.find_by_id(&"u1".into()).await.expect("query").expect("user").email_verified);
    assert!(matches!(users.store_verification_token(&"ghost".into(), "h", later).await, Err(RepoError::NotFound)));

    users.create(NewUserRecord { verification_expires_at: None, ..new_user("u2", "b@example.org") }).await.expect("created");
    assert!(!users.verify_email("verify-hash", now()).await.expect("query"), "a link without an expiry is refused");
}

#[tokio::test]
async fn an_account_can_be_marked_verified_and_admins_counted() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    assert_eq!(users.count_admins().await.expect("count"), 0);
    users.create(new_user("u1", "a@example.org")).await.expect("created");
    users.create(new_user("u2", "b@example.org")).await.expect("created");
    assert_eq!(users.count_admins().await.expect("count"), 0);

    users.mark_email_verified(&UserId::new("u1"), now()).await.expect("marked");
    assert!(users.find_by_id(&UserId::new("u1")).await.expect("query").expect("user").email_verified);
    assert!(!users.find_by_id(&UserId::new("u2")).await.expect("query").expect("user").email_verified, "only that account");
    assert!(matches!(users.mark_email_verified(&UserId::new("ghost"), now()).await, Err(RepoError::NotFound)));

    grant_role(&users, "u1", Role::Admin, "u1").await.expect("granted");
    grant_role(&users, "u2", Role::Admin, "u1").await.expect("granted");
    assert_eq!(users.count_admins().await.expect("count"), 2);
    revoke_role(&users, "u2", Role::Admin, "u1").await.expect("removed");
    assert_eq!(users.count_admins().await.expect("count"), 1);
}

#[tokio::test]
async fn reset_tokens_expire_work_once_and_bump_the_token_version() {
    let db = db().await;
    let users = SeaOrmUserRepository::new(db.clone());
    users.create(new_user("u1", "a@example.org")).await.expect("created");
    users.store_reset_token(&"u1".into(), "reset-hash", now() + Duration::hours(1)).await.expect("stored");
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
    events.create(&"e2".into(), &event(5), None, None, now()).await.expect("created");
    events
        .create(
            &"e1".into(),
            &event(2),
            Some(EventPicture { url: "/api/events/e1/image?v=abc".into(), upload: Some(image.clone()) }),
            None,
            now(),
        )
        .await
        .expect("created");
    let listed: Vec<String> = events.list().await.expect("list").into_iter().map(|e| e.id.into()).collect();
    assert_eq!(listed, ["e1", "e2"], "by date ascending");
    assert_eq!(events.image(&"e1".into()).await.expect("query"), Some(image));
    assert_eq!(events.image(&"e2".into()).await.expect("query"), None);

    db.execute_raw(
        "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, token_version, created_at, updated_at) \
         VALUES ('u1', 'A', 'B', 'a@example.org', 'H', false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('u2', 'C', 'D', 'c@example.org', 'H', false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
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
    let e1 = events.get(&"e1".into()).await.expect("query").expect("found");
    assert_eq!(e1.attendee_count, 4, "(2 + 1) + (0 + 1) people");
    assert_eq!(e1.spots_left(), Some(6));

    let patch = EventPatch { location: Some("Annex".into()), capacity: Patch::Clear, ..EventPatch::default() };
    let picture = Patch::Set(EventPicture { url: "https://example.org/x.jpg".into(), upload: None });
    let updated = events.update(&"e1".into(), &patch, picture, None, now()).await.expect("updated");
    assert_eq!((updated.location.as_str(), updated.capacity, updated.attendee_count), ("Annex", None, 4));
    assert_eq!(events.image(&"e1".into()).await.expect("query"), None, "a new URL drops the stored bytes");
    assert!(matches!(events.update(&"ghost".into(), &EventPatch::default(), Patch::Keep, None, now()).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn delete_refuses_related_rows_and_force_delete_keeps_payments() {
    let db = db().await;
    let events = SeaOrmEventRepository::new(db.clone());
    events.create(&"e1".into(), &event(2), None, None, now()).await.expect("created");
    db.execute_raw(
        "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, token_version, created_at, updated_at) \
         VALUES ('u1', 'A', 'B', 'a@example.org', 'H', false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
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

    assert!(matches!(events.delete(&"e1".into()).await, Err(RepoError::Conflict(_))));
    let related = events.related_records(&"e1".into()).await.expect("counts");
    assert_eq!((related.attendees, related.volunteers, related.payments), (1, 0, 1));

    let removed = events.force_delete(&"e1".into(), now()).await.expect("forced");
    assert_eq!((removed.attendees, removed.volunteers, removed.payments), (1, 0, 1));
    assert_eq!(events.get(&"e1".into()).await.expect("query"), None);
    assert!(matches!(events.force_delete(&"e1".into(), now()).await, Err(RepoError::NotFound)));
    assert!(matches!(events.delete(&"e1".into()).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn only_old_pending_card_payments_are_candidates_for_expiry() {
    let db = db().await;
    db.execute_raw(
        "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, token_version, created_at, updated_at) \
         VALUES ('u1', 'A', 'B', 'a@example.org', 'H', false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("user");
    // (id, method, status, provider, created): only p1 and p2 are pending card payments older than the cut-off.
    let rows = [
        ("p1", "credit_card", "pending", "sandbox", "2026-11-19 08:00:00+00:00"),
        ("p2", "credit_card", "pending", "stripe", "2026-11-19 09:00:00+00:00"),
        ("p3", "zelle", "pending", "zelle", "2026-11-18 09:00:00+00:00"),
        ("p4", "credit_card", "pending", "stripe", "2026-11-21 11:00:00+00:00"),
        ("p5", "credit_card", "completed", "stripe", "2026-11-18 09:00:00+00:00"),
        ("p6", "credit_card", "failed", "sandbox", "2026-11-18 09:00:00+00:00"),
    ];
    for (id, method, status, provider, created) in rows {
        db.execute_raw(&format!(
            "INSERT INTO payments (id, event_id, user_id, payment_date, payment_method, amount_cents, currency, status, provider, donation_details, created_at, updated_at) \
             VALUES ('{id}', NULL, 'u1', '{created}', '{method}', 2500, 'usd', '{status}', '{provider}', '[]', '{created}', '{created}')"
        ))
        .await
        .expect("payment");
    }
    let payments = SeaOrmPaymentRepository::new(db.clone());
    let cut_off = Utc.with_ymd_and_hms(2026, 11, 20, 12, 0, 0).single().expect("date");
    let ids = |found: Vec<mandir_domain::PaymentId>| found.iter().map(|id| id.as_str().to_owned()).collect::<Vec<_>>();

    assert_eq!(ids(payments.pending_card_payments(cut_off, None, 10).await.expect("query")), ["p1", "p2"]);
    assert_eq!(ids(payments.pending_card_payments(cut_off, None, 1).await.expect("query")), ["p1"]);
    assert_eq!(ids(payments.pending_card_payments(cut_off, Some("p1".into()), 10).await.expect("query")), ["p2"]);
    assert!(payments.pending_card_payments(cut_off, Some("p2".into()), 10).await.expect("query").is_empty());
}

const USER_ROWS: &str = "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, token_version, created_at, updated_at) \
     VALUES ('u1', 'A', 'B', 'a@example.org', 'H', false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
            ('u2', 'C', 'D', 'c@example.org', 'H', false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
            ('u3', 'E', 'F', 'e@example.org', 'H', false, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')";

async fn people(events: &SeaOrmEventRepository, id: &str) -> i64 {
    events.get(&id.into()).await.expect("query").expect("found").attendee_count
}

#[tokio::test]
async fn the_people_count_follows_every_write_to_registrations() {
    // Raw SQL on purpose: the count is kept by the database, whatever writes the rows.
    let db = db().await;
    let events = SeaOrmEventRepository::new(db.clone());
    events.create(&"e1".into(), &event(2), None, None, now()).await.expect("created");
    events.create(&"e2".into(), &event(3), None, None, now()).await.expect("created");
    db.execute_raw(USER_ROWS).await.expect("users");
    assert_eq!(people(&events, "e1").await, 0);

    db.execute_raw(
        "INSERT INTO attendees (id, event_id, user_id, number_of_family_members, created_at, updated_at) \
         VALUES ('a1', 'e1', 'u1', 2, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('a2', 'e1', 'u2', 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('a3', 'e1', 'u3', 4, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('a4', 'e2', 'u1', 1, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("attendees");
    assert_eq!((people(&events, "e1").await, people(&events, "e2").await), (3 + 1 + 5, 2));

    // A family count changed, a notes-only change, a registration moved to another event.
    db.execute_raw("UPDATE attendees SET number_of_family_members = 5 WHERE id = 'a1'").await.expect("update");
    db.execute_raw("UPDATE attendees SET additional_notes = 'Vegetarian' WHERE id = 'a2'").await.expect("notes");
    assert_eq!(people(&events, "e1").await, 6 + 1 + 5);
    db.execute_raw("UPDATE attendees SET event_id = 'e2' WHERE id = 'a3'").await.expect("move");
    assert_eq!((people(&events, "e1").await, people(&events, "e2").await), (6 + 1, 2 + 5));

    // A cancellation, and a member's deletion cascading to their registrations.
    db.execute_raw("DELETE FROM attendees WHERE id = 'a2'").await.expect("cancel");
    assert_eq!(people(&events, "e1").await, 6);
    db.execute_raw("DELETE FROM users WHERE id = 'u1'").await.expect("user deleted");
    assert_eq!((people(&events, "e1").await, people(&events, "e2").await), (0, 5));
    let listed: Vec<i64> = events.list().await.expect("list").into_iter().map(|e| e.attendee_count).collect();
    assert_eq!(listed, [0, 5], "the list reads the same count");

    // Force delete removes the registrations, then the event.
    let removed = events.force_delete(&"e2".into(), now()).await.expect("force deleted");
    assert_eq!(removed.attendees, 1);
    assert_eq!(events.get(&"e2".into()).await.expect("query"), None);
}

#[tokio::test]
async fn the_people_count_migration_counts_existing_registrations() {
    let db = Database::connect(&mandir_persistence::test_support::fresh_database_url().await.expect("url")).await.expect("connect");
    db.migrate_before("m20261123_000016_count_event_people").await.expect("older schema");
    let events = SeaOrmEventRepository::new(db.clone());
    events.create(&"e1".into(), &event(2), None, None, now()).await.expect("created");
    events.create(&"e2".into(), &event(3), None, None, now()).await.expect("created");
    db.execute_raw(USER_ROWS).await.expect("users");
    db.execute_raw(
        "INSERT INTO attendees (id, event_id, user_id, number_of_family_members, created_at, updated_at) \
         VALUES ('a1', 'e1', 'u1', 2, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('a2', 'e1', 'u2', 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("attendees");

    db.migrate().await.expect("migrated");
    assert_eq!((people(&events, "e1").await, people(&events, "e2").await), (4, 0));
    db.execute_raw(
        "INSERT INTO attendees (id, event_id, user_id, number_of_family_members, created_at, updated_at) \
         VALUES ('a3', 'e1', 'u3', 1, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("attendee after the migration");
    assert_eq!(people(&events, "e1").await, 6, "counted from the backfilled figure on");
}

/// A database migrated up to just before `migration`, with member `u1` and seva `s1` written as
/// the older code wrote them, and the timestamp literal used.
async fn before_with_a_member_and_a_seva(migration: &str) -> (Database, &'static str) {
    let db = Database::connect(&mandir_persistence::test_support::fresh_database_url().await.expect("url")).await.expect("connect");
    db.migrate_before(migration).await.expect("older schema");
    let at = "'2026-11-21 12:00:00+00:00'";
    db.execute_raw(&format!(
        "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, token_version, created_at, updated_at) \
         VALUES ('u1', 'Asha', 'Rao', 'asha@example.org', 'H', true, 0, {at}, {at})"
    ))
    .await
    .expect("user");
    db.execute_raw(&format!(
        "INSERT INTO sevas (id, name, category, price_cents, price_kind, duration_minutes, weekdays, slots, blackout_dates, horizon_days, \
         cutoff_hours, requires_address, is_active, sort_order, created_at, updated_at) \
         VALUES ('s1', 'Archana', 'archana', 1100, 'fixed', 15, '[]', '[]', '[]', 30, 2, false, true, 0, {at}, {at})"
    ))
    .await
    .expect("seva");
    (db, at)
}

#[tokio::test]
async fn the_migration_marks_the_lines_of_seva_payments_religious() {
    use mandir_domain::exchange::Exchange;
    let (db, at) = before_with_a_member_and_a_seva("m20261125_000042_seva_payments_are_religious").await;
    // Two payments as the older code wrote them: one paid a seva, the other is a donation.
    for (id, name) in [("p-seva", r#"Seva: Archana, 2026-11-22 9:00 AM \"special\""#), ("p-gift", "Annadanam")] {
        db.execute_raw(&format!(
            "INSERT INTO payments (id, user_id, payment_date, payment_method, amount_cents, currency, status, provider, donation_details, \
             receipt_number, refunded_cents, created_at, updated_at) \
             VALUES ('{id}', 'u1', {at}, 'zelle', 1100, 'usd', 'completed', 'zelle', \
             '[{{\"amount\":\"11.00\",\"donationTypeId\":\"custom\",\"name\":\"{name}\"}}]', 'AUTO-1-{id}', 0, {at}, {at})"
        ))
        .await
        .expect("payment");
    }
    db.execute_raw(&format!(
        "INSERT INTO seva_bookings (id, seva_id, seva_name, user_id, date, slot, starts_at, status, participants, amount_cents, payment_id, \
         created_at, updated_at) VALUES ('b1', 's1', 'Archana', 'u1', '2026-11-22', '09:00', {at}, 'confirmed', '[]', 1100, 'p-seva', {at}, {at})"
    ))
    .await
    .expect("booking");
    db.migrate().await.expect("migrated");
    let payments = SeaOrmPaymentRepository::new(db);
    let seva = payments.find_by_id(&"p-seva".into()).await.expect("query").expect("seva payment");
    assert_eq!(seva.donation_details.len(), 1);
    assert_eq!(seva.donation_details[0].exchange, Exchange::Religious);
    assert_eq!(seva.donation_details[0].name, r#"Seva: Archana, 2026-11-22 9:00 AM "special""#, "the name is untouched");
    let gift = payments.find_by_id(&"p-gift".into()).await.expect("query").expect("gift");
    assert_eq!(gift.donation_details[0].exchange, Exchange::Nothing);
}

#[tokio::test]
async fn the_migration_lets_a_seva_booking_have_no_member_and_keeps_its_rows_indexes_and_keys() {
    use mandir_application::ports::SevaBookingRepository;
    use mandir_persistence::SeaOrmSevaBookingRepository;
    let (db, at) = before_with_a_member_and_a_seva("m20261127_000046_walk_in_seva_bookings").await;
    let booking = |id: &str, user: &str| {
        format!(
            "INSERT INTO seva_bookings (id, seva_id, seva_name, user_id, date, slot, starts_at, status, participants, amount_cents, \
             created_at, updated_at) VALUES ('{id}', 's1', 'Archana', {user}, '2026-11-22', '09:00', {at}, 'confirmed', \
             '[{{\"name\":\"Gopal Iyer\"}}]', 1100, {at}, {at})"
        )
    };
    db.execute_raw(&booking("b1", "'u1'")).await.expect("a member's booking");
    assert!(db.execute_raw(&booking("b0", "NULL")).await.is_err(), "before: every booking has a member");

    db.migrate().await.expect("migrated");
    db.execute_raw(&booking("b2", "NULL")).await.expect("a walk-in's booking");
    let bookings = SeaOrmSevaBookingRepository::new(db.clone());
    let kept = bookings.get(&"b1".into()).await.expect("query").expect("the member's booking is kept");
    assert_eq!(kept.user_id, Some(UserId::from("u1")));
    assert_eq!(bookings.list_for_user(&"u1".into()).await.expect("mine").len(), 1);
    let walk_in = bookings.get(&"b2".into()).await.expect("query").expect("the walk-in's booking");
    assert_eq!((walk_in.user_id, walk_in.participants[0].name.as_str()), (None, "Gopal Iyer"));
    // The foreign keys and the indexes came through the rebuild (SQLite) as they were.
    assert!(db.execute_raw(&booking("b3", "'nobody'")).await.is_err(), "the member must exist");
    for index in ["idx_seva_bookings_slot", "idx_seva_bookings_user", "idx_seva_bookings_date", "idx_seva_bookings_hold"] {
        let again = db.execute_raw(&format!("CREATE INDEX {index} ON seva_bookings (id)")).await;
        assert!(again.is_err(), "{index} is still there");
    }
}

#[tokio::test]
async fn the_one_step_migration_places_earlier_offers_on_a_default_role_with_one_shift() {
    use mandir_application::ports::ShiftRepository;
    let db = Database::connect(&mandir_persistence::test_support::fresh_database_url().await.expect("url")).await.expect("connect");
    db.migrate_before("m20261128_000057_one_step_role").await.expect("older schema");
    let events = SeaOrmEventRepository::new(db.clone());
    events.create(&"e1".into(), &event(2), None, None, now()).await.expect("created");
    events.create(&"e2".into(), &event(3), None, None, now()).await.expect("created");
    events.create(&"e3".into(), &event(4), None, None, now()).await.expect("created");
    db.execute_raw(USER_ROWS).await.expect("users");
    let at = "'2026-11-21 12:00:00+00:00'";
    // e1: two offers and no plan; e2: an offer and a plan of its own; e3: nothing.
    db.execute_raw(&format!(
        "INSERT INTO volunteer_roles (id, event_id, name, position, created_at) VALUES ('r-parking', 'e2', 'Parking', 0, {at})"
    ))
    .await
    .expect("role");
    for (id, event, user, name) in [("v1", "e1", "u1", "Asha Rao"), ("v2", "e1", "u2", "Ravi Iyer"), ("v3", "e2", "u1", "Asha Rao")] {
        db.execute_raw(&format!(
            "INSERT INTO volunteers (id, event_id, user_id, name, contact_number, contact_email, contact_preference, volunteer_preference, \
             availability, needs_certificate, created_at, updated_at) \
             VALUES ('{id}', '{event}', '{user}', '{name}', '9165550142', 'a@example.org', 'email', 'any', 'morning', false, {at}, {at})"
        ))
        .await
        .expect("offer");
    }
    db.migrate().await.expect("migrated");

    let shifts = SeaOrmShiftRepository::new(db.clone());
    let plan = shifts.plan(&"e1".into()).await.expect("plan");
    assert_eq!(plan.roles.len(), 1, "{plan:?}");
    assert!(plan.roles[0].one_step);
    assert_eq!(plan.roles[0].name, "Volunteers");
    assert_eq!(plan.roles[0].report_to.as_deref(), Some("The front desk"));
    assert_eq!(plan.shifts.len(), 1);
    let shift = &plan.shifts[0];
    let starts = events.get(&"e1".into()).await.expect("query").expect("found").event_date;
    assert_eq!((shift.starts_at, shift.ends_at - shift.starts_at), (starts, Duration::hours(3)));
    assert_eq!((shift.needed, shift.filled, shift.waitlisted), (2, 2, 0));
    let names: Vec<String> = shifts.event_signups(&"e1".into()).await.expect("signups").into_iter().map(|s| s.signup.name).collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Asha Rao".to_owned()) && names.contains(&"Ravi Iyer".to_owned()), "{names:?}");
    // An event with a plan keeps it as it was; an event without offers gets nothing.
    let planned = shifts.plan(&"e2".into()).await.expect("plan");
    assert_eq!(planned.roles.iter().map(|r| (r.name.as_str(), r.one_step)).collect::<Vec<_>>(), [("Parking", false)]);
    assert!(shifts.plan(&"e3".into()).await.expect("plan").roles.is_empty());
}

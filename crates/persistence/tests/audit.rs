//! The audit log and staff roles against a real database (SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server): entries are only ever added (the database refuses
//! every change and removal, whoever sends it), a change of roles writes its entry in its own
//! transaction, and role changes at once all count.

use chrono::{DateTime, Duration, TimeZone, Utc};
use mandir_application::ports::{AdminRemoval, AuditLog, AuditSearch, NewUserRecord, UserRepository};
use mandir_domain::audit::{AuditEntry, AuditKind, FieldChange};
use mandir_domain::staff::{Role, RoleChange, Roles};
use mandir_domain::user::Email;
use mandir_persistence::test_support::{fresh_database, grant_role, revoke_role, role_change_entry};
use mandir_persistence::{SeaOrmAuditLog, SeaOrmUserRepository};
use serde_json::json;

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).single().expect("date") + Duration::minutes(minutes)
}

fn entry(id: &str, actor: &str, kind: AuditKind, minutes: i64) -> AuditEntry {
    AuditEntry {
        id: id.into(),
        at: at(minutes),
        actor_id: Some(actor.into()),
        actor_email: format!("{actor}@example.org"),
        address: Some("203.0.113.7".into()),
        kind,
        action: "event.update".into(),
        target_kind: "event".into(),
        target_id: Some("e1".into()),
        summary: format!("Entry {id}"),
        changes: vec![FieldChange { field: "name".into(), before: Some(json!("Diwali")), after: Some(json!("Deepavali")) }],
    }
}

fn account(id: &str, roles: &[Role]) -> NewUserRecord {
    NewUserRecord {
        id: id.into(),
        username: None,
        first_name: "Asha".into(),
        last_name: "Rao".into(),
        email: Email::parse(&format!("{id}@example.org")).expect("email"),
        phone_number: None,
        gotram_id: None,
        custom_gotram: None,
        password_hash: "HASH".into(),
        roles: Roles::of(roles),
        email_verified: true,
        verification_token_hash: None,
        verification_expires_at: None,
        demo: false,
        language: mandir_domain::language::Language::English,
        now: at(0),
    }
}

#[tokio::test]
async fn entries_are_read_back_newest_first_filtered_and_paged() {
    let db = fresh_database().await.expect("database");
    let log = SeaOrmAuditLog::new(db);
    log.record(entry("1", "a", AuditKind::Events, 0)).await.expect("recorded");
    log.record(entry("2", "b", AuditKind::Money, 10)).await.expect("recorded");
    log.record(entry("3", "a", AuditKind::Money, 20)).await.expect("recorded");

    let (all, total) = log.search(&AuditSearch::default()).await.expect("search");
    assert_eq!((all.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), total), (vec!["3", "2", "1"], 3));
    assert_eq!(all[2], entry("1", "a", AuditKind::Events, 0), "every field comes back as written");

    let by_a = AuditSearch { actor_id: Some("a".into()), ..AuditSearch::default() };
    assert_eq!(log.search(&by_a).await.expect("search").1, 2);
    let money = AuditSearch { kind: Some(AuditKind::Money), from: Some(at(5)), before: Some(at(15)), ..AuditSearch::default() };
    let (found, total) = log.search(&money).await.expect("search");
    assert_eq!((found.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), total), (vec!["2"], 1));
    let page = AuditSearch { offset: 1, limit: Some(1), ..AuditSearch::default() };
    let (found, total) = log.search(&page).await.expect("search");
    assert_eq!((found.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), total), (vec!["2"], 3));
}

#[tokio::test]
async fn the_database_refuses_to_change_or_remove_an_entry() {
    let db = fresh_database().await.expect("database");
    let log = SeaOrmAuditLog::new(db.clone());
    log.record(entry("1", "a", AuditKind::Money, 0)).await.expect("recorded");
    for statement in [
        "UPDATE audit_log SET summary = 'nothing happened'",
        "UPDATE audit_log SET actor_email = 'someone@else.org' WHERE id = '1'",
        "DELETE FROM audit_log WHERE id = '1'",
        "DELETE FROM audit_log",
    ] {
        let error = db.execute_raw(statement).await.expect_err(statement);
        assert!(error.to_string().contains("append-only"), "{statement}: {error}");
    }
    if db.kind() == mandir_persistence::DatabaseKind::Postgres {
        let error = db.execute_raw("TRUNCATE audit_log").await.expect_err("truncate");
        assert!(error.to_string().contains("append-only"), "{error}");
    }
    let (kept, _) = log.search(&AuditSearch::default()).await.expect("search");
    assert_eq!(kept, [entry("1", "a", AuditKind::Money, 0)], "the entry is as it was written");
}

#[tokio::test]
async fn a_change_of_roles_writes_its_entry_in_its_transaction_and_a_refused_one_writes_none() {
    let db = fresh_database().await.expect("database");
    let users = SeaOrmUserRepository::new(db.clone());
    let log = SeaOrmAuditLog::new(db);
    users.create(account("admin", &[Role::Admin])).await.expect("admin");
    users.create(account("sita", &[])).await.expect("member");

    let changed = users
        .set_roles(&"sita".into(), RoleChange::Exactly(Roles::of(&[Role::Treasurer, Role::FrontDesk])), role_change_entry("admin"))
        .await
        .expect("changed");
    let AdminRemoval::Done(changed) = changed else { panic!("done") };
    assert_eq!((changed.before, changed.user.roles), (Roles::NONE, Roles::of(&[Role::Treasurer, Role::FrontDesk])));
    let (entries, _) = log.search(&AuditSearch::default()).await.expect("search");
    assert_eq!(entries.len(), 1);
    assert_eq!(
        entries[0].changes,
        [FieldChange { field: "roles".into(), before: Some(json!([])), after: Some(json!(["treasurer", "front_desk"])) }]
    );

    // Nothing changes: nothing is recorded.
    grant_role(&users, "sita", Role::Treasurer, "admin").await.expect("no change");
    // The last admin's role stays, and the refusal leaves no entry.
    assert_eq!(revoke_role(&users, "admin", Role::Admin, "admin").await.expect("refused"), AdminRemoval::LastAdmin);
    assert_eq!(log.search(&AuditSearch::default()).await.expect("search").1, 1);
    assert_eq!(users.staff().await.expect("staff").iter().map(|u| u.id.as_str()).collect::<Vec<_>>(), ["admin", "sita"]);
}

#[tokio::test]
async fn roles_granted_at_once_all_count() {
    let db = fresh_database().await.expect("database");
    let users = SeaOrmUserRepository::new(db);
    users.create(account("admin", &[Role::Admin])).await.expect("admin");
    users.create(account("sita", &[])).await.expect("member");
    for round in 0..10 {
        let (a, b, c) = tokio::join!(
            grant_role(&users, "sita", Role::Treasurer, "admin"),
            grant_role(&users, "sita", Role::Editor, "admin"),
            grant_role(&users, "sita", Role::Priest, "admin"),
        );
        a.expect("treasurer");
        b.expect("editor");
        c.expect("priest");
        let roles = users.find_by_id(&"sita".into()).await.expect("query").expect("sita").roles;
        assert_eq!(roles, Roles::of(&[Role::Treasurer, Role::Editor, Role::Priest]), "round {round}");
        let (a, b) =
            tokio::join!(revoke_role(&users, "sita", Role::Treasurer, "admin"), revoke_role(&users, "sita", Role::Editor, "admin"));
        a.expect("revoked");
        b.expect("revoked");
        let roles = users.find_by_id(&"sita".into()).await.expect("query").expect("sita").roles;
        assert_eq!(roles, Roles::of(&[Role::Priest]), "round {round}");
        revoke_role(&users, "sita", Role::Priest, "admin").await.expect("revoked");
    }
}

//! Who is an admin, against a real database (SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server): at least one admin remains whatever changes run at
//! once, the first-run setup link ends the moment any admin exists, and the demo accounts are
//! marked until `create-admin` gives them a password.

use chrono::{DateTime, TimeZone, Utc};
use mandir_application::ports::{
    AccountRepository, AdminRemoval, LockedOut, NewUserRecord, RepoError, SetupCompletion, SetupRepository, UserRepository,
};
use mandir_domain::UserId;
use mandir_domain::site::SiteSettings;
use mandir_domain::staff::{Role, Roles};
use mandir_domain::user::Email;
use mandir_persistence::test_support::{fresh_database, fresh_database_url, grant_role, revoke_role};
use mandir_persistence::{Database, SeaOrmAccountRepository, SeaOrmSetupRepository, SeaOrmUserRepository};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).single().expect("date")
}

fn account(id: &str, is_admin: bool) -> NewUserRecord {
    let roles = if is_admin { Roles::of(&[Role::Admin]) } else { Roles::NONE };
    NewUserRecord {
        id: id.into(),
        username: None,
        first_name: "Lakshmi".into(),
        last_name: "Rao".into(),
        email: Email::parse(&format!("{id}@example.org")).expect("email"),
        phone_number: None,
        gotram_id: None,
        custom_gotram: None,
        password_hash: "HASH".into(),
        roles,
        email_verified: true,
        verification_token_hash: None,
        verification_expires_at: None,
        demo: false,
        language: mandir_domain::language::Language::English,
        now: now(),
    }
}

struct Repos {
    db: Database,
    users: SeaOrmUserRepository,
    accounts: SeaOrmAccountRepository,
    setup: SeaOrmSetupRepository,
}

async fn repos() -> Repos {
    let db = fresh_database().await.expect("fresh database");
    Repos {
        users: SeaOrmUserRepository::new(db.clone()),
        accounts: SeaOrmAccountRepository::new(db.clone()),
        setup: SeaOrmSetupRepository::new(db.clone()),
        db,
    }
}

fn done<T>(removal: &AdminRemoval<T>) -> bool {
    matches!(removal, AdminRemoval::Done(_))
}

#[tokio::test]
async fn two_admins_removing_each_other_at_once_leave_exactly_one() {
    let r = repos().await;
    let (a, b): (UserId, UserId) = ("a".into(), "b".into());
    r.users.create(account("a", true)).await.expect("a");
    r.users.create(account("b", true)).await.expect("b");
    for round in 0..20 {
        let (a_removes_b, b_removes_a) =
            tokio::join!(revoke_role(&r.users, &b, Role::Admin, &a), revoke_role(&r.users, &a, Role::Admin, &b));
        let (first, second) = (a_removes_b.expect("a removes b"), b_removes_a.expect("b removes a"));
        assert_eq!(
            [done(&first), done(&second)].iter().filter(|d| **d).count(),
            1,
            "round {round}: one change wins, the other finds it would leave no admin"
        );
        assert!(first == AdminRemoval::LastAdmin || second == AdminRemoval::LastAdmin, "round {round}");
        assert_eq!(r.users.count_admins().await.expect("count"), 1, "round {round}");
        let demoted = if done(&first) { &b } else { &a };
        grant_role(&r.users, demoted, Role::Admin, &a).await.expect("granted again");
    }
}

#[tokio::test]
async fn the_last_admin_keeps_rights_and_account_and_members_go_freely() {
    let r = repos().await;
    r.users.create(account("a", true)).await.expect("a");
    r.users.create(account("m", false)).await.expect("member");
    assert_eq!(revoke_role(&r.users, "a", Role::Admin, "a").await.expect("refused"), AdminRemoval::LastAdmin);
    assert_eq!(r.accounts.delete_account(&"a".into()).await.expect("refused"), AdminRemoval::LastAdmin);
    assert!(r.users.find_by_id(&"a".into()).await.expect("query").expect("kept").is_admin(), "nothing changed");
    assert_eq!(r.accounts.delete_account(&"m".into()).await.expect("deleted"), AdminRemoval::Done(()));
    assert!(matches!(r.accounts.delete_account(&"m".into()).await, Err(RepoError::NotFound)));
    assert!(matches!(revoke_role(&r.users, "ghost", Role::Admin, "a").await, Err(RepoError::NotFound)));
    // With no admin at all (a fresh site), a member's rights or account are nobody's last.
    let fresh = repos().await;
    fresh.users.create(account("m", false)).await.expect("member");
    assert!(done(&revoke_role(&fresh.users, "m", Role::Admin, "m").await.expect("no-op")));
    assert_eq!(fresh.accounts.delete_account(&"m".into()).await.expect("deleted"), AdminRemoval::Done(()));
}

#[tokio::test]
async fn two_admins_deleting_their_accounts_at_once_leave_one() {
    let r = repos().await;
    let pair = |round: usize| -> (UserId, UserId) { (format!("a{round}").as_str().into(), format!("b{round}").as_str().into()) };
    for id in [pair(0).0, pair(0).1] {
        r.users.create(account(&id, true)).await.expect("admin");
    }
    for round in 0..10 {
        let (a, b) = pair(round);
        let (first, second) = tokio::join!(r.accounts.delete_account(&a), r.accounts.delete_account(&b));
        let outcomes = [first.expect("a"), second.expect("b")];
        assert_eq!(outcomes.iter().filter(|o| done(o)).count(), 1, "round {round}: {outcomes:?}");
        assert_eq!(r.users.count_admins().await.expect("count"), 1, "round {round}");
        // The next pair becomes the only admins: the survivor may go then.
        let (next_a, next_b) = pair(round + 1);
        for id in [next_a, next_b] {
            r.users.create(account(&id, true)).await.expect("admin");
        }
        let survivor = if done(&outcomes[0]) { b } else { a };
        assert!(done(&r.accounts.delete_account(&survivor).await.expect("deleted")));
    }
}

/// Whether the setup token `hash` is still stored, whatever the admins: they are all demoted
/// behind the repositories' back (as a race once could), then the link is asked about.
async fn token_survives(r: &Repos, hash: &str) -> bool {
    r.db.execute_raw("UPDATE users SET roles = ''").await.expect("demoted");
    r.setup.token_is_open(hash).await.expect("checked")
}

#[tokio::test]
async fn every_way_an_account_becomes_an_admin_deletes_the_setup_tokens() {
    let r = repos().await;
    r.users.create(account("m", false)).await.expect("member");

    assert!(r.setup.replace_token("t1", now()).await.expect("kept"));
    r.users.create(account("made", true)).await.expect("create-admin, new account");
    assert!(!token_survives(&r, "t1").await, "creating an admin");

    assert!(r.setup.replace_token("t2", now()).await.expect("kept"));
    grant_role(&r.users, "m", Role::Admin, "made").await.expect("granted");
    assert!(!token_survives(&r, "t2").await, "granting rights");

    assert!(r.setup.replace_token("t3", now()).await.expect("kept"));
    r.users.make_admin(&"m".into(), "NEW", now()).await.expect("create-admin, existing account");
    assert!(!token_survives(&r, "t3").await, "create-admin on an existing account");

    assert!(r.setup.replace_token("t4", now()).await.expect("kept"));
    r.users.create(account("member", false)).await.expect("a member");
    assert!(token_survives(&r, "t4").await, "a member's sign-up leaves the link alone");
}

#[tokio::test]
async fn no_setup_token_is_kept_while_an_admin_exists() {
    let r = repos().await;
    r.users.create(account("a", true)).await.expect("admin");
    assert!(!r.setup.replace_token("t1", now()).await.expect("refused"));
    assert!(!token_survives(&r, "t1").await);

    // A token left from before (an older version) is used up by the admin's existence.
    assert!(r.setup.replace_token("t2", now()).await.expect("kept: no admin now"));
    r.db.execute_raw("UPDATE users SET roles = 'admin' WHERE id = 'a'").await.expect("admin again");
    let admin = NewUserRecord { email: Email::parse("late@example.org").expect("email"), ..account("late", true) };
    let outcome = r.setup.complete("t2", admin, &SiteSettings::default(), now()).await.expect("answered");
    assert_eq!(outcome, SetupCompletion::AdminExists);
    assert!(!token_survives(&r, "t2").await, "setup is over: the token went");
}

#[tokio::test]
async fn demo_accounts_are_marked_until_create_admin_gives_them_a_password() {
    let r = repos().await;
    let demo = NewUserRecord { demo: true, ..account("demo", true) };
    r.users.create(demo).await.expect("demo admin");
    r.users.create(account("m", false)).await.expect("member");
    let listed = r.users.demo_accounts().await.expect("listed");
    assert_eq!(listed.iter().map(|c| c.user.id.as_str()).collect::<Vec<_>>(), ["demo"]);
    assert_eq!(listed[0].password_hash, "HASH");

    // A password changed in Account Settings leaves the mark: only create-admin clears it.
    r.users.set_password(&"demo".into(), "CHANGED", now()).await.expect("changed");
    assert_eq!(r.users.demo_accounts().await.expect("listed").len(), 1);
    let made = r.users.make_admin(&"demo".into(), "PRIVATE", now()).await.expect("made admin");
    assert!(made.is_admin() && made.email_verified);
    assert!(r.users.demo_accounts().await.expect("listed").is_empty());
}

#[tokio::test]
async fn a_locked_out_account_keeps_its_rights_only_as_the_last_admin() {
    let r = repos().await;
    r.users.create(NewUserRecord { demo: true, ..account("demo", true) }).await.expect("demo admin");
    let before = r.users.find_by_id(&"demo".into()).await.expect("query").expect("user").token_version;

    let locked = r.users.lock_out(&"demo".into(), "UNKNOWN", now()).await.expect("locked out");
    assert_eq!(locked, LockedOut { admin_removed: false }, "the only admin stays one");
    let credentials = r.users.find_by_email(&Email::parse("demo@example.org").expect("email")).await.expect("query").expect("kept");
    assert_eq!(credentials.password_hash, "UNKNOWN");
    assert_eq!(credentials.user.token_version, before + 1, "its sessions ended");
    assert!(credentials.user.is_admin());

    r.users.create(account("real", true)).await.expect("a real admin");
    let locked = r.users.lock_out(&"demo".into(), "UNKNOWN-2", now()).await.expect("locked out");
    assert_eq!(locked, LockedOut { admin_removed: true });
    assert!(!r.users.find_by_id(&"demo".into()).await.expect("query").expect("user").is_admin());
    assert_eq!(r.users.count_admins().await.expect("count"), 1);
    assert!(matches!(r.users.lock_out(&"ghost".into(), "X", now()).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn the_migration_marks_the_demo_admin_made_before_the_mark() {
    let db = Database::connect(&fresh_database_url().await.expect("url")).await.expect("connect");
    db.migrate_before("m20261125_000038_add_demo_account_mark").await.expect("older schema");
    db.execute_raw(
        "INSERT INTO users (id, first_name, last_name, email, password_hash, email_verified, is_admin, token_version, created_at, updated_at) \
         VALUES ('demo', 'Temple', 'Admin', 'admin@mandir.local', 'H', true, true, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00'), \
                ('real', 'Asha', 'Rao', 'asha@example.org', 'H', true, true, 0, '2026-11-21 12:00:00+00:00', '2026-11-21 12:00:00+00:00')",
    )
    .await
    .expect("users");
    db.migrate().await.expect("migrated");
    let users = SeaOrmUserRepository::new(db);
    let marked = users.demo_accounts().await.expect("listed");
    assert_eq!(marked.iter().map(|c| c.user.email.as_str()).collect::<Vec<_>>(), ["admin@mandir.local"]);
}

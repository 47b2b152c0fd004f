//! Staff invitations against a real database (SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server): one pending invitation per address, a link used
//! at once twice makes one account, and nothing is half-written when accepting is refused.

use chrono::{DateTime, Duration, TimeZone, Utc};
use mandir_application::ports::{
    Accepted, Acceptor, AuditLog, AuditSearch, NewUserRecord, StaffInvitation, StaffInvitationRepository, UserRepository,
};
use mandir_domain::audit::{AuditEntry, AuditKind};
use mandir_domain::staff::{Role, Roles};
use mandir_domain::user::Email;
use mandir_persistence::test_support::fresh_database;
use mandir_persistence::{SeaOrmAuditLog, SeaOrmStaffInvitationRepository, SeaOrmUserRepository};

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).single().expect("date") + Duration::minutes(minutes)
}

fn email(name: &str) -> Email {
    Email::parse(&format!("{name}@example.org")).expect("email")
}

fn invitation(id: &str, name: &str, token_hash: &str, roles: &[Role]) -> StaffInvitation {
    StaffInvitation {
        id: id.into(),
        email: email(name),
        roles: Roles::of(roles),
        token_hash: token_hash.into(),
        invited_by_id: Some("admin".into()),
        invited_by_name: Some("Asha Rao".into()),
        created_at: at(0),
        expires_at: at(60),
    }
}

fn entry(id: &str, action: &str) -> AuditEntry {
    AuditEntry {
        id: id.into(),
        at: at(1),
        actor_id: None,
        actor_email: "someone@example.org".into(),
        address: None,
        kind: AuditKind::Roles,
        action: action.into(),
        target_kind: "invitation".into(),
        target_id: None,
        summary: action.into(),
        changes: Vec::new(),
    }
}

fn record(id: &str, name: &str) -> Box<NewUserRecord> {
    Box::new(NewUserRecord {
        id: id.into(),
        username: None,
        first_name: "Ravi".into(),
        last_name: "Kumar".into(),
        email: email(name),
        phone_number: Some("9165550100".into()),
        gotram_id: None,
        custom_gotram: None,
        password_hash: "HASH".into(),
        roles: Roles::NONE,
        email_verified: false,
        verification_token_hash: None,
        verification_expires_at: None,
        demo: false,
        language: mandir_domain::language::Language::English,
        now: at(1),
    })
}

#[tokio::test]
async fn inviting_again_replaces_and_an_expired_link_finds_nothing() {
    let db = fresh_database().await.expect("database");
    let invitations = SeaOrmStaffInvitationRepository::new(db.clone());
    invitations.invite(invitation("i1", "ravi", "h1", &[Role::Priest]), entry("a1", "invitation.send")).await.expect("invited");
    invitations.invite(invitation("i2", "ravi", "h2", &[Role::Editor]), entry("a2", "invitation.send")).await.expect("invited again");
    let pending = invitations.pending().await.expect("pending");
    assert_eq!(pending.iter().map(|i| i.id.as_str()).collect::<Vec<_>>(), ["i2"]);
    assert_eq!(pending[0], invitation("i2", "ravi", "h2", &[Role::Editor]), "every field comes back as written");
    assert!(invitations.find_by_token("h1", at(1)).await.expect("find").is_none(), "the replaced link");
    assert!(invitations.find_by_token("h2", at(59)).await.expect("find").is_some());
    assert!(invitations.find_by_token("h2", at(60)).await.expect("find").is_none(), "expired");
    let accepted = invitations.accept("h2", at(61), Acceptor::NewAccount(record("u1", "ravi")), entry("a3", "invitation.accept"));
    assert_eq!(accepted.await.expect("accept"), Accepted::NoInvitation);
    let log = SeaOrmAuditLog::new(db);
    assert_eq!(log.search(&AuditSearch::default()).await.expect("log").1, 2, "each sending recorded, nothing for the refusal");
}

#[tokio::test]
async fn a_link_used_twice_at_once_makes_one_account() {
    let db = fresh_database().await.expect("database");
    let invitations = SeaOrmStaffInvitationRepository::new(db.clone());
    invitations.invite(invitation("i1", "ravi", "h1", &[Role::Treasurer]), entry("a1", "invitation.send")).await.expect("invited");
    let (a, b) = tokio::join!(
        invitations.accept("h1", at(2), Acceptor::NewAccount(record("u1", "ravi")), entry("a2", "invitation.accept")),
        invitations.accept("h1", at(2), Acceptor::NewAccount(record("u2", "ravi")), entry("a3", "invitation.accept")),
    );
    let outcomes = [a.expect("first"), b.expect("second")];
    let done: Vec<_> = outcomes.iter().filter_map(|o| if let Accepted::Done(user) = o { Some(user.clone()) } else { None }).collect();
    assert_eq!(done.len(), 1, "{outcomes:?}");
    assert!(outcomes.contains(&Accepted::NoInvitation));
    assert!(done[0].email_verified && done[0].roles == Roles::of(&[Role::Treasurer]));
    let log = SeaOrmAuditLog::new(db);
    assert_eq!(log.search(&AuditSearch::default()).await.expect("log").1, 2, "one sending, one acceptance");
}

#[tokio::test]
async fn another_accounts_acceptance_changes_nothing_and_the_owner_keeps_their_roles() {
    let db = fresh_database().await.expect("database");
    let users = SeaOrmUserRepository::new(db.clone());
    let invitations = SeaOrmStaffInvitationRepository::new(db.clone());
    let mut sita = *record("sita", "sita");
    sita.roles = Roles::of(&[Role::VolunteerCoordinator]);
    users.create(sita).await.expect("sita");
    users.create(*record("other", "other")).await.expect("other");
    invitations.invite(invitation("i1", "sita", "h1", &[Role::Editor]), entry("a1", "invitation.send")).await.expect("invited");

    let wrong = invitations.accept("h1", at(2), Acceptor::Account("other".into()), entry("a2", "invitation.accept")).await;
    assert_eq!(wrong.expect("answer"), Accepted::OtherAccount);
    let made = invitations.accept("h1", at(2), Acceptor::NewAccount(record("u9", "sita")), entry("a3", "invitation.accept")).await;
    assert_eq!(made.expect("answer"), Accepted::AccountExists);
    assert_eq!(invitations.pending().await.expect("pending").len(), 1, "still pending after both refusals");

    let Accepted::Done(user) =
        invitations.accept("h1", at(2), Acceptor::Account("sita".into()), entry("a4", "invitation.accept")).await.expect("accepted")
    else {
        panic!("accepted")
    };
    assert_eq!(user.roles, Roles::of(&[Role::Editor, Role::VolunteerCoordinator]));
    assert!(invitations.pending().await.expect("pending").is_empty());
    let log = SeaOrmAuditLog::new(db);
    let (entries, _) = log.search(&AuditSearch::default()).await.expect("log");
    let mut ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(ids, ["a1", "a4"], "the sending and the one acceptance; nothing for the refusals");
    let accepted = entries.iter().find(|e| e.id == "a4").expect("a4");
    assert_eq!(accepted.changes[0].field, "roles");
}

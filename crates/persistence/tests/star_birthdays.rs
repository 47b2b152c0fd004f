//! Star birthdays and their reminders in the members' outbox, on a real database: SQLite by
//! default, PostgreSQL when `MANDIR_TEST_DATABASE_URL` names a server.

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use mandir_application::ports::{
    FamilyMemberRepository, MemberEmailKind, MemberOutbox, NewUserRecord, Outbox, RepoError, StarBirthdayRepository, StarDayNotice,
    UserRepository,
};
use mandir_domain::family_member::{NewFamilyMember, Person};
use mandir_domain::staff::Roles;
use mandir_domain::star_birthday::{Birth, NewStarBirthday};
use mandir_domain::user::Email;
use mandir_domain::{FamilyMemberId, UserId};
use mandir_persistence::test_support::fresh_database;
use mandir_persistence::{SeaOrmFamilyMemberRepository, SeaOrmMemberOutbox, SeaOrmStarBirthdayRepository, SeaOrmUserRepository};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).single().expect("date")
}

fn member(id: &str, verified: bool) -> NewUserRecord {
    NewUserRecord {
        id: id.into(),
        username: None,
        first_name: format!("First {id}"),
        last_name: "Rao".into(),
        email: Email::parse(&format!("{id}@example.org")).expect("email"),
        phone_number: None,
        gotram_id: None,
        custom_gotram: None,
        password_hash: "HASH".into(),
        roles: Roles::NONE,
        email_verified: verified,
        verification_token_hash: None,
        verification_expires_at: None,
        demo: false,
        language: mandir_domain::language::Language::English,
        now: now(),
    }
}

fn star(nakshatra: u8, remind: bool) -> NewStarBirthday {
    NewStarBirthday { nakshatra, birth: None, remind, days_before: 3 }
}

#[tokio::test]
async fn one_star_per_person_replaced_in_place_and_gone_with_the_family_member() {
    let db = fresh_database().await.expect("db");
    let users = SeaOrmUserRepository::new(db.clone());
    let family = SeaOrmFamilyMemberRepository::new(db.clone());
    let stars = SeaOrmStarBirthdayRepository::new(db.clone());
    users.create(member("u1", true)).await.expect("u1");
    users.create(member("u2", false)).await.expect("u2");
    let son =
        NewFamilyMember { person: Person { name: "Anand".into(), ..Person::default() }, relation: Some("Son".into()), birth_date: None };
    let son = family.create("f1".into(), &"u1".into(), son, 30, now()).await.expect("son").expect("added");
    let u1: UserId = "u1".into();

    let birth = Birth {
        date: NaiveDate::from_ymd_opt(1990, 8, 15).expect("date"),
        time: chrono::NaiveTime::from_hms_opt(5, 30, 0),
        zone: Some(chrono_tz::Asia::Kolkata),
    };
    let own = stars.put(&"s1".into(), &u1, None, &NewStarBirthday { birth: Some(birth), ..star(4, true) }, now()).await.expect("own");
    assert_eq!((own.nakshatra, own.birth, own.family_member_id.clone()), (4, Some(birth), None));
    // Again for the same person: the same record, changed.
    let again = stars.put(&"s2".into(), &u1, None, &star(5, false), now() + Duration::hours(1)).await.expect("again");
    assert_eq!((again.id.as_str(), again.nakshatra, again.birth, again.remind), ("s1", 5, None, false));
    let sons = stars.put(&"s3".into(), &u1, Some(son.id.clone()), &star(22, true), now()).await.expect("son's");
    assert_eq!(sons.family_member_id, Some(son.id.clone()));
    // Another member's family member is not theirs to record.
    assert!(matches!(stars.put(&"s4".into(), &"u2".into(), Some(son.id.clone()), &star(1, true), now()).await, Err(RepoError::NotFound)));
    let listed = stars.list(&u1).await.expect("list");
    assert_eq!(listed.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), ["s1", "s3"]);

    // Reminders: only those on, of verified members, with the person's name.
    stars.put(&"s5".into(), &"u2".into(), None, &star(7, true), now()).await.expect("u2's");
    let reminding = stars.reminding().await.expect("reminding");
    assert_eq!(reminding.len(), 1);
    assert_eq!((reminding[0].person.as_str(), reminding[0].own, reminding[0].nakshatra, reminding[0].days_before), ("Anand", false, 22, 3));

    family.delete(&son.id, &u1).await.expect("son removed");
    assert_eq!(stars.list(&u1).await.expect("list").len(), 1, "the son's star went with him");
    stars.delete(&u1, None).await.expect("own removed");
    assert!(matches!(stars.delete(&u1, None).await, Err(RepoError::NotFound)));
    let missing: Option<FamilyMemberId> = Some("nobody".into());
    assert!(matches!(stars.delete(&u1, missing).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn a_star_day_is_queued_once_however_often_it_is_asked() {
    let db = fresh_database().await.expect("db");
    SeaOrmUserRepository::new(db.clone()).create(member("u1", true)).await.expect("u1");
    let outbox = SeaOrmMemberOutbox::new(db.clone());
    let notice = StarDayNotice {
        star_birthday_id: "s1".into(),
        person: "Anand".into(),
        own: false,
        nakshatra: 22,
        date: NaiveDate::from_ymd_opt(2026, 11, 24).expect("date"),
    };
    let due = vec![("u1".into(), notice.clone())];
    assert_eq!(outbox.queue_star_days(&due, now()).await.expect("queued"), 1);
    assert_eq!(outbox.queue_star_days(&due, now()).await.expect("again"), 0);
    let ids = outbox.due(now(), 8, 10).await.expect("due");
    assert_eq!(ids, ["star:s1:2026-11-24"]);
    let claimed = outbox.claim(&ids[0], now(), now() + Duration::minutes(10)).await.expect("claim").expect("claimed");
    assert_eq!((claimed.kind, claimed.star_day, claimed.notice), (MemberEmailKind::StarDay, Some(notice), None));
}

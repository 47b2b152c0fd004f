//! The texts' store (ADR 0148) on SQLite and, with `MANDIR_TEST_DATABASE_URL`, PostgreSQL: a
//! text is queued once per id, claimed once, held without counting an attempt; the month's cap is
//! never passed however many take from it at once; STOP is kept by number.

use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use mandir_application::ports::{NewText, Outbox, SentText, TextRepository};
use mandir_domain::texting::TextKind;
use mandir_persistence::SeaOrmTextRepository;
use mandir_persistence::test_support::fresh_database;

fn text(id: &str) -> NewText {
    NewText {
        id: id.to_owned(),
        user_id: "u1".into(),
        kind: TextKind::Reminders,
        body: "Temple: see you tomorrow. Reply STOP to opt out.".into(),
    }
}

#[tokio::test]
async fn a_text_is_queued_once_claimed_once_and_held_without_an_attempt() {
    let repo = SeaOrmTextRepository::new(fresh_database().await.expect("database"));
    let now = Utc.with_ymd_and_hms(2026, 12, 5, 18, 0, 0).single().expect("time");
    assert!(repo.queue(&text("reminders:r1"), now).await.expect("queue"));
    assert!(!repo.queue(&text("reminders:r1"), now).await.expect("again"), "one per id");
    assert_eq!(repo.due(now, 3, 10).await.expect("due"), ["reminders:r1"]);
    let claimed = repo.claim("reminders:r1", now, now + Duration::minutes(10)).await.expect("claim").expect("claimed");
    assert_eq!((claimed.kind, claimed.attempts), (TextKind::Reminders, 1));
    assert!(repo.claim("reminders:r1", now, now + Duration::minutes(10)).await.expect("claim").is_none(), "held by the first");

    let morning = now + Duration::hours(14);
    repo.hold("reminders:r1", morning).await.expect("hold");
    assert!(repo.due(morning - Duration::minutes(1), 3, 10).await.expect("due").is_empty(), "held until the morning");
    let again = repo.claim("reminders:r1", morning + Duration::seconds(1), morning + Duration::minutes(10)).await.expect("claim");
    assert_eq!(again.map(|t| t.attempts), Some(1), "the held night did not count as an attempt");
    repo.record_delivery("reminders:r1", "+19165550123", "SM123").await.expect("delivery");
    repo.mark_sent("reminders:r1", morning).await.expect("sent");
    let code = SentText {
        id: "code:1".into(),
        user_id: "u1".into(),
        kind: "code".into(),
        body: "Temple: your code is ······.".into(),
        to_phone: "+19165550123".into(),
        provider_id: "SM124".into(),
    };
    repo.record_sent(&code, morning).await.expect("code");
    assert_eq!(repo.sent_to_since("+19165550123", morning - Duration::minutes(5)).await.expect("count"), 2);
    assert_eq!(repo.sent_to_since("+19165550199", morning - Duration::minutes(5)).await.expect("count"), 0);
    let recent = repo.recent(10).await.expect("recent");
    assert_eq!(recent.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), ["code:1", "reminders:r1"]);
    assert_eq!(recent[1].to_phone.as_deref(), Some("+19165550123"));
}

#[tokio::test]
async fn the_months_cap_is_never_passed_by_texts_taken_at_once() {
    let repo = Arc::new(SeaOrmTextRepository::new(fresh_database().await.expect("database")));
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.reserve("2026-12", 7).await.expect("reserve") })
        })
        .collect();
    let mut taken = 0;
    for task in tasks {
        taken += usize::from(task.await.expect("task"));
    }
    assert_eq!(taken, 7);
    assert_eq!(repo.month_count("2026-12").await.expect("count"), 7);
    repo.release("2026-12").await.expect("release");
    assert_eq!(repo.month_count("2026-12").await.expect("count"), 6);
    assert!(repo.reserve("2026-12", 7).await.expect("one more"));
    assert!(!repo.reserve("2026-12", 7).await.expect("full"));
    assert!(repo.reserve("2027-01", 7).await.expect("a new month"));

    assert_eq!(repo.cap().await.expect("cap"), None);
    repo.set_cap(250, Utc::now()).await.expect("set");
    repo.set_cap(300, Utc::now()).await.expect("set again");
    assert_eq!(repo.cap().await.expect("cap"), Some(300));
}

#[tokio::test]
async fn stop_is_kept_by_number_until_start() {
    let repo = SeaOrmTextRepository::new(fresh_database().await.expect("database"));
    let now = Utc::now();
    assert!(!repo.opted_out("+19165550123").await.expect("read"));
    repo.set_opted_out("+19165550123", true, now).await.expect("stop");
    repo.set_opted_out("+19165550123", true, now).await.expect("stop twice");
    assert!(repo.opted_out("+19165550123").await.expect("read"));
    assert!(!repo.opted_out("+19165550124").await.expect("another number"));
    repo.set_opted_out("+19165550123", false, now).await.expect("start");
    assert!(!repo.opted_out("+19165550123").await.expect("read"));
}

//! The `jobs` and `job_runs` tables against a real database: SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server. Claims are atomic: of concurrent claimants exactly
//! one wins; a run left by a dead holder is resumed by the next claimant once the lease expired.

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use mandir_application::ports::{Finish, JobStore, Progress, RunOutcome};
use mandir_persistence::SeaOrmJobStore;
use mandir_persistence::test_support::fresh_database;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).single().expect("date")
}

async fn store() -> Arc<SeaOrmJobStore> {
    Arc::new(SeaOrmJobStore::new(fresh_database().await.expect("database")))
}

fn lease() -> DateTime<Utc> {
    now() + Duration::minutes(5)
}

#[tokio::test]
async fn of_many_concurrent_claimants_exactly_one_wins() {
    let store = store().await;
    store.register("purge", now()).await.expect("registered");
    let claims = (0..8).map(|n| {
        let store = store.clone();
        tokio::spawn(async move { store.claim("purge", &format!("process-{n}"), now(), lease()).await })
    });
    let won: Vec<bool> = futures_results(claims).await;
    assert_eq!(won.iter().filter(|won| **won).count(), 1, "{won:?}");
    let state = store.list().await.expect("listed").remove(0);
    assert!(state.holder.is_some_and(|h| h.starts_with("process-")));
    assert_eq!(state.lease_until, Some(lease()));
}

async fn futures_results(
    handles: impl Iterator<Item = tokio::task::JoinHandle<Result<bool, mandir_application::ports::RepoError>>>,
) -> Vec<bool> {
    let mut won = Vec::new();
    for handle in handles {
        won.push(handle.await.expect("joined").expect("claimed or not"));
    }
    won
}

#[tokio::test]
async fn a_job_is_claimed_only_when_due_and_once_per_period() {
    let store = store().await;
    store.register("purge", now() + Duration::seconds(10)).await.expect("registered");
    assert!(!store.claim("purge", "a", now(), lease()).await.expect("claim"), "not due yet");
    let due = now() + Duration::seconds(10);
    assert!(store.claim("purge", "a", due, due + Duration::minutes(5)).await.expect("claim"));
    assert!(!store.claim("purge", "b", due, due + Duration::minutes(5)).await.expect("claim"), "held");
    let run = store.open_run("purge", "a", due).await.expect("run");
    let finish = Finish {
        outcome: RunOutcome::Succeeded,
        processed: 4,
        error: None,
        finished_at: due + Duration::seconds(1),
        next_due: due + Duration::hours(1),
    };
    assert!(store.finish(&run.id, "a", finish).await.expect("finished"));
    assert!(!store.claim("purge", "b", due + Duration::seconds(2), lease()).await.expect("claim"), "done for this period");
    let next = due + Duration::hours(1);
    assert!(store.claim("purge", "b", next, next + Duration::minutes(5)).await.expect("claim"), "due again next period");

    let state = store.list().await.expect("listed").remove(0);
    let last = state.last_run.expect("a run");
    assert_eq!(last.id, run.id, "the new claim has not opened a run yet");
    assert_eq!((last.outcome, last.processed, last.finished_at), (RunOutcome::Succeeded, 4, Some(due + Duration::seconds(1))));
    assert_eq!(state.next_due, next);
}

#[tokio::test]
async fn registering_again_keeps_the_schedule() {
    let store = store().await;
    store.register("purge", now()).await.expect("registered");
    store.register("purge", now() + Duration::days(1)).await.expect("registered again");
    assert_eq!(store.list().await.expect("listed")[0].next_due, now());
}

#[tokio::test]
async fn a_run_left_by_a_dead_holder_is_resumed_from_its_cursor_after_the_lease_expires() {
    let store = store().await;
    store.register("expire", now()).await.expect("registered");
    assert!(store.claim("expire", "a", now(), lease()).await.expect("claim"));
    let run = store.open_run("expire", "a", now()).await.expect("run");
    let progress = Progress { processed: 200, cursor: Some("p0200".into()), lease_until: lease() };
    assert!(store.save_progress(&run.id, "a", progress).await.expect("saved"));
    // "a" dies here. Before the lease ends nobody may take the job; afterwards "b" may.
    assert!(!store.claim("expire", "b", now() + Duration::minutes(4), lease()).await.expect("claim"));
    let later = lease() + Duration::seconds(1);
    assert!(store.claim("expire", "b", later, later + Duration::minutes(5)).await.expect("claim"));
    let resumed = store.open_run("expire", "b", later).await.expect("resumed");
    assert_eq!((resumed.id.as_str(), resumed.cursor.as_deref(), resumed.processed), (run.id.as_str(), Some("p0200"), 200));
    assert_eq!(resumed.holder, "b");

    // The old holder, should it wake up, can neither save nor finish the run any more.
    let stale = Progress { processed: 400, cursor: Some("p0400".into()), lease_until: later + Duration::minutes(5) };
    assert!(!store.save_progress(&run.id, "a", stale).await.expect("refused"));
    let finish = |processed| Finish {
        outcome: RunOutcome::Succeeded,
        processed,
        error: None,
        finished_at: later,
        next_due: later + Duration::hours(1),
    };
    assert!(!store.finish(&run.id, "a", finish(400)).await.expect("refused"));
    assert!(store.finish(&run.id, "b", finish(250)).await.expect("finished"));
    let state = store.list().await.expect("listed").remove(0);
    assert_eq!((state.holder, state.lease_until), (None, None), "the lease is released");
    assert_eq!(state.last_run.map(|r| (r.outcome, r.processed)), Some((RunOutcome::Succeeded, 250)));
}

#[tokio::test]
async fn a_failed_run_keeps_its_error_and_the_next_run_starts_afresh() {
    let store = store().await;
    store.register("purge", now()).await.expect("registered");
    assert!(store.claim("purge", "a", now(), lease()).await.expect("claim"));
    let run = store.open_run("purge", "a", now()).await.expect("run");
    let failed = Finish {
        outcome: RunOutcome::Failed,
        processed: 0,
        error: Some("database unreachable".into()),
        finished_at: now(),
        next_due: now() + Duration::seconds(1),
    };
    assert!(store.finish(&run.id, "a", failed).await.expect("finished"));
    let later = now() + Duration::seconds(1);
    assert!(store.claim("purge", "a", later, later + Duration::minutes(5)).await.expect("claim"));
    let next = store.open_run("purge", "a", later).await.expect("run");
    assert_ne!(next.id, run.id);
    assert_eq!((next.cursor, next.processed), (None, 0));
    let state = store.list().await.expect("listed").remove(0);
    assert_eq!(state.last_run.map(|r| r.id), Some(next.id), "the newest run is listed");
}

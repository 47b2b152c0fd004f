//! The `rate_limits` table against a real database: SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server.

use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use mandir_application::ports::RateLimitStore;
use mandir_persistence::SeaOrmRateLimitStore;
use mandir_persistence::test_support::fresh_database;

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).single().expect("date")
}

async fn store() -> Arc<SeaOrmRateLimitStore> {
    Arc::new(SeaOrmRateLimitStore::new(fresh_database().await.expect("database")))
}

fn ends() -> chrono::DateTime<Utc> {
    now() + Duration::minutes(15)
}

async fn count(store: &SeaOrmRateLimitStore, key: &str) -> i64 {
    store.hit(key, now(), ends()).await.expect("hit").count
}

#[tokio::test]
async fn hits_count_per_key_and_give_back_takes_one_away() {
    let store = store().await;
    assert_eq!(count(&store, "signin-account:a@b.co").await, 1);
    assert_eq!(count(&store, "signin-account:a@b.co").await, 2);
    assert_eq!(count(&store, "signin-account:c@d.co").await, 1, "keys are counted apart");
    store.give_back("signin-account:a@b.co").await.expect("given back");
    assert_eq!(count(&store, "signin-account:a@b.co").await, 2);
    store.give_back("unknown").await.expect("giving back an unknown key is harmless");
}

#[tokio::test]
async fn give_back_never_goes_below_zero() {
    let store = store().await;
    count(&store, "k").await;
    for _ in 0..3 {
        store.give_back("k").await.expect("given back");
    }
    assert_eq!(count(&store, "k").await, 1);
}

#[tokio::test]
async fn a_window_runs_from_its_first_attempt_and_the_first_after_it_starts_the_next() {
    let store = store().await;
    let first = store.hit("k", now(), ends()).await.expect("hit");
    assert_eq!((first.count, first.window_ends), (1, ends()));
    let later = now() + Duration::minutes(14);
    let second = store.hit("k", later, later + Duration::minutes(15)).await.expect("hit");
    assert_eq!((second.count, second.window_ends), (2, ends()), "the running window keeps its end");
    let after = ends() + Duration::seconds(1);
    let third = store.hit("k", after, after + Duration::minutes(15)).await.expect("hit");
    assert_eq!((third.count, third.window_ends), (1, after + Duration::minutes(15)), "a new window");
    let fourth = store.hit("k", after, after + Duration::minutes(15)).await.expect("hit");
    assert_eq!(fourth.count, 2);
}

#[tokio::test]
async fn fifty_parallel_hits_on_one_key_count_exactly_one_to_fifty() {
    let store = store().await;
    let hits = (0..50).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.hit("signup:203.0.113.9", now(), ends()).await })
    });
    let mut counts = Vec::new();
    for hit in hits {
        counts.push(hit.await.expect("task").expect("hit").count);
    }
    counts.sort_unstable();
    assert_eq!(counts, (1..=50).collect::<Vec<i64>>());
}

#[tokio::test]
async fn purge_forgets_finished_windows_only() {
    let store = store().await;
    let earlier = now() - Duration::minutes(20);
    store.hit("old", earlier, earlier + Duration::minutes(15)).await.expect("hit");
    store.hit("current", now(), ends()).await.expect("hit");
    assert_eq!(store.purge(now()).await.expect("purged"), 1);
    assert_eq!(count(&store, "old").await, 1, "a purged key starts again");
    assert_eq!(count(&store, "current").await, 2);
}

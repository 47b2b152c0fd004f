//! Change notices between processes on PostgreSQL (ADR 0060): a burst of changes is told to the
//! other processes in a few notices, the last of them sent after the last change. Runs when
//! `MANDIR_TEST_DATABASE_URL` names a PostgreSQL server (SQLite serves one process).

use std::sync::Arc;
use std::time::Duration;

use mandir_application::ports::{ChangeNotifier, LocalChangeBus, Topic};
use mandir_persistence::test_support::fresh_database_url;
use mandir_persistence::{Database, PgChangeNotifier};
use sea_orm::sqlx::postgres::PgListener;

#[tokio::test]
async fn a_burst_of_changes_is_told_in_a_few_notices_and_after_the_last() {
    let url = fresh_database_url().await.expect("database");
    if !url.starts_with("postgres") {
        return;
    }
    let db = Database::connect(&url).await.expect("connect");
    let mut listener = PgListener::connect(&url).await.expect("listener");
    listener.listen(Topic::Registrations.channel()).await.expect("listen");
    let notifier = PgChangeNotifier::new(db, Arc::new(LocalChangeBus::default()));

    // 200 registrations at once: NOTIFY commits one at a time across the database, so a notice
    // each would queue every writer behind the others.
    for _ in 0..200 {
        notifier.publish(Topic::Registrations).await;
    }
    let mut notices = 0;
    let until = tokio::time::Instant::now() + Duration::from_secs(1);
    while let Ok(received) = tokio::time::timeout_at(until, listener.recv()).await {
        assert_eq!(received.expect("notice").channel(), Topic::Registrations.channel());
        notices += 1;
    }
    assert!((1..=10).contains(&notices), "{notices} notices for 200 changes");

    // A change after the burst is told as well.
    notifier.publish(Topic::Registrations).await;
    let told = tokio::time::timeout(Duration::from_secs(2), listener.recv()).await.expect("told within 2 s").expect("notice");
    assert_eq!(told.channel(), Topic::Registrations.channel());
}

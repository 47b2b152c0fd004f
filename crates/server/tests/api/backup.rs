//! `mandir backup` under write load and `mandir restore` into a fresh place and over a database
//! (docs/decisions/0066-backup-and-restore.md). SQLite only: on PostgreSQL the commands answer
//! the `pg_dump` / `pg_restore` command to run instead.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use mandir_persistence::backup::{inspect_sqlite_file, sqlite_file};
use mandir_server::maintenance::{BackupOutcome, RestoreOutcome, backup, restore};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app, spawn_app_with};

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mandir-backup-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn zelle(n: usize) -> Value {
    json!({"amount": 10 + n % 50, "donationDetails": [{"donationTypeId": "custom", "amount": 10 + n % 50, "name": format!("Gift {n}")}], "eventId": null,
        "donorName": "Guest Donor", "donorEmail": "guest@example.org"})
}

/// Ids of the Zelle payments the server acknowledged (201), in order.
type Acknowledged = Arc<Mutex<Vec<String>>>;

/// Writers that record guest Zelle payments through the HTTP API until `stop`.
fn start_writers(app: &TestApp, writers: usize, acknowledged: &Acknowledged, stop: &Arc<AtomicBool>) -> Vec<tokio::task::JoinHandle<()>> {
    (0..writers)
        .map(|w| {
            let (client, url, acknowledged, stop) =
                (app.client.clone(), app.url("/api/payments/zelle-confirm"), acknowledged.clone(), stop.clone());
            tokio::spawn(async move {
                let mut n = w * 100_000;
                while !stop.load(Ordering::SeqCst) {
                    n += 1;
                    let response = client.post(&url).json(&zelle(n)).send().await.expect("sent");
                    assert_eq!(response.status(), StatusCode::CREATED, "a write failed during the backup");
                    let body: Value = response.json().await.expect("json");
                    let id = body["payment"]["id"].as_str().expect("id").to_owned();
                    acknowledged.lock().expect("lock").push(id);
                }
            })
        })
        .collect()
}

async fn wait_for(acknowledged: &Acknowledged, at_least: usize) {
    while acknowledged.lock().expect("lock").len() < at_least {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}

/// The ids of the Zelle payments an admin sees on `app`.
async fn zelle_ids(app: &TestApp, token: &str) -> BTreeSet<String> {
    let list: Vec<Value> = expect_status(app.get("/api/admin/payments?method=zelle", Some(token)).await, StatusCode::OK).await;
    list.iter().map(|p| p["id"].as_str().expect("id").to_owned()).collect()
}

fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

#[tokio::test]
async fn a_backup_under_write_load_restores_every_write_acknowledged_before_it_started() {
    let app = spawn_app().await;
    let url = app.config.database_url.clone();
    if sqlite_file(&url).is_none() {
        let target = temp_dir().join("mandir.dump");
        let outcome = backup(&url, &target, false).await.expect("explained");
        assert!(
            matches!(outcome, BackupOutcome::UsePgDump { ref command } if command.starts_with("pg_dump --format=custom")),
            "{outcome:?}"
        );
        assert!(!target.exists());
        return;
    }
    let admin = app.admin().await;
    let dir = temp_dir();
    let file = dir.join("mandir-backup.db");

    let acknowledged: Acknowledged = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writers = start_writers(&app, 4, &acknowledged, &stop);
    wait_for(&acknowledged, 40).await;
    let before: BTreeSet<String> = acknowledged.lock().expect("lock").iter().cloned().collect();
    let outcome = backup(&url, &file, false).await.expect("backup");
    let during = acknowledged.lock().expect("lock").len();
    // The writers carry on after the copy, then stop.
    wait_for(&acknowledged, during + 20).await;
    stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.await.expect("writer");
    }
    let BackupOutcome::Written { path, bytes } = outcome else { panic!("{outcome:?}") };
    assert_eq!(path, file);
    assert!(bytes > 0);
    let facts = inspect_sqlite_file(&file).await.expect("a sound Mandir database");
    assert_eq!(facts.pending, 0);

    // Refused over an existing file, unless forced.
    let again = backup(&url, &file, false).await.expect_err("refused");
    assert!(again.to_string().contains("already exists"), "{again}");

    // Restored into a fresh place (no server there), then served.
    let fresh = dir.join("restored").join("mandir.db");
    std::fs::create_dir_all(fresh.parent().expect("parent")).expect("dir");
    let RestoreOutcome::Restored { database, previous, .. } = restore(&sqlite_url(&fresh), &file).await.expect("restored") else {
        panic!("not restored")
    };
    assert_eq!((database, previous), (fresh.clone(), None));
    assert!(inspect_sqlite_file(&fresh).await.is_ok(), "integrity_check ok");
    let restored = spawn_app_with(mandir_server::Config { database_url: sqlite_url(&fresh), ..app.config.clone() }).await;
    let found = zelle_ids(&restored, &admin.token).await;
    let lost: Vec<&String> = before.difference(&found).collect();
    assert!(lost.is_empty(), "{} of {} acknowledged writes lost: {lost:?}", lost.len(), before.len());
    let all: BTreeSet<String> = acknowledged.lock().expect("lock").iter().cloned().collect();
    assert!(found.is_subset(&all), "the copy holds only acknowledged writes");
    assert!(found.len() < all.len(), "writes after the copy are not in it");
}

#[tokio::test]
async fn restore_refuses_while_the_server_runs_and_keeps_the_replaced_database() {
    let app = spawn_app().await;
    let url = app.config.database_url.clone();
    let Some(db_file) = sqlite_file(&url) else {
        let outcome = restore(&url, Path::new("/backups/mandir.dump")).await.expect("explained");
        assert!(matches!(outcome, RestoreOutcome::UsePgRestore { .. }), "{outcome:?}");
        return;
    };
    let dir = temp_dir();
    let file = dir.join("backup.db");
    let admin = app.admin().await;
    let zelle_before: Value = expect_status(app.post("/api/payments/zelle-confirm", None, zelle(1)).await, StatusCode::CREATED).await;
    assert!(matches!(backup(&url, &file, false).await.expect("backup"), BackupOutcome::Written { .. }));
    let zelle_after: Value = expect_status(app.post("/api/payments/zelle-confirm", None, zelle(2)).await, StatusCode::CREATED).await;

    let refused = restore(&url, &file).await.expect_err("the server runs");
    assert!(refused.to_string().contains("the server seems to be running"), "{refused}");
    assert!(!PathBuf::from(format!("{}.before-restore", db_file.display())).exists());

    // Not a Mandir database, or not a database at all.
    let text = dir.join("notes.txt");
    std::fs::write(&text, "not a database").expect("written");
    assert!(restore(&url, &text).await.is_err());
    let empty = dir.join("empty.db");
    let other = mandir_persistence::Database::connect(&sqlite_url(&empty)).await.expect("other");
    other.execute_raw("CREATE TABLE notes (body TEXT)").await.expect("table");
    other.close().await.ok();
    let error = restore(&url, &empty).await.expect_err("not Mandir").root_cause().to_string();
    assert!(error.contains("not a Mandir database"), "{error}");

    // A copy of the database at this moment, as the stopped server left it (the running
    // server's lock stays with its process): restore over it.
    let stopped = dir.join("stopped").join("mandir.db");
    assert!(matches!(backup(&url, &stopped, false).await.expect("copied"), BackupOutcome::Written { .. }));
    let stopped_url = sqlite_url(&stopped);
    let RestoreOutcome::Restored { previous, .. } = restore(&stopped_url, &file).await.expect("restored") else { panic!("not restored") };
    let previous = previous.expect("the replaced database is kept");
    assert_eq!(previous, PathBuf::from(format!("{}.before-restore", stopped.display())));
    assert!(inspect_sqlite_file(&previous).await.is_ok());

    let restored = spawn_app_with(mandir_server::Config { database_url: stopped_url.clone(), ..app.config.clone() }).await;
    let ids = zelle_ids(&restored, &admin.token).await;
    assert!(ids.contains(zelle_before["payment"]["id"].as_str().expect("id")));
    assert!(!ids.contains(zelle_after["payment"]["id"].as_str().expect("id")));
    // The old database is kept whole: it has the later payment.
    let kept = spawn_app_with(mandir_server::Config { database_url: sqlite_url(&previous), ..app.config.clone() }).await;
    assert!(zelle_ids(&kept, &admin.token).await.contains(zelle_after["payment"]["id"].as_str().expect("id")));
}

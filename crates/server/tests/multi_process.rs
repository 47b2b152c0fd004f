//! Two real `mandir serve` processes on one PostgreSQL database (runs when
//! `MANDIR_TEST_DATABASE_URL` names a PostgreSQL server, as in `just test-rust-postgres`; on SQLite,
//! which serves one process, it returns at once with a note). It proves that a write through one
//! process shows through the other at once (the events list cache lasts 60 s here, so only the
//! `NOTIFY` can explain it), that failed sign-ins over both count as one account's, that a
//! periodic job runs once per period although both run the scheduler, and that killing one
//! process loses no acknowledged write while the other keeps serving.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde_json::{Value, json};

const JWT_SECRET: &str = "a-shared-secret-for-both-processes-0123456789";
const ADMIN_EMAIL: &str = "admin@multi.test";
const ADMIN_PASSWORD: &str = "admin-pass-123";
/// Far longer than any wait below: a fresh read through the other process is the notice's doing.
const EVENTS_CACHE_TTL_MS: &str = "60000";
const JOB_PERIOD: Duration = Duration::from_secs(1);

/// A recorded run: holder, start, finish, outcome.
type Run = (String, chrono::DateTime<chrono::Utc>, Option<chrono::DateTime<chrono::Utc>>, String);

struct Cluster {
    dir: PathBuf,
    database_url: String,
    client: reqwest::Client,
}

/// One running `mandir serve`.
struct Server {
    base: String,
    child: Child,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

impl Cluster {
    fn mandir(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mandir"));
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("MANDIR_") {
                command.env_remove(name);
            }
        }
        command
            .args(args)
            .env("MANDIR_DATABASE_URL", &self.database_url)
            .env("MANDIR_DATA_DIR", &self.dir)
            .env("MANDIR_MAIL_OUTBOX", self.dir.join("outbox"))
            .env("MANDIR_STATIC_DIR", self.dir.join("static"))
            .env("MANDIR_JWT_SECRET", JWT_SECRET)
            .env("MANDIR_BIND", "127.0.0.1:0")
            .env("MANDIR_EVENTS_CACHE_TTL_MS", EVENTS_CACHE_TTL_MS)
            .env("MANDIR_JOB_PURGE_SECONDS", JOB_PERIOD.as_secs().to_string())
            .env("MANDIR_LOG", "warn")
            .stdin(Stdio::null());
        command
    }

    /// Starts `mandir serve` and waits for the line naming its address.
    fn serve(&self) -> Server {
        let mut child = self.mandir(&["serve"]).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("mandir starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        // Killed and waited for when dropped, also if it never says where it listens.
        let mut server = Server { base: String::new(), child };
        let mut line = String::new();
        loop {
            line.clear();
            assert!(stdout.read_line(&mut line).expect("stdout line") > 0, "mandir serve exited before listening");
            if let Some(address) = line.trim().strip_prefix("Mandir is running at ") {
                server.base = address.to_owned();
                // Keep reading its stdout so that it never blocks on a full pipe.
                std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
                return server;
            }
        }
    }

    async fn database(&self) -> sea_orm::DatabaseConnection {
        sea_orm::Database::connect(self.database_url.as_str()).await.expect("database")
    }
}

impl Server {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

async fn json_of(response: reqwest::Response, status: StatusCode) -> Value {
    let got = response.status();
    let body = response.text().await.expect("body");
    assert_eq!(got, status, "{body}");
    serde_json::from_str(&body).unwrap_or(Value::Null)
}

/// Polls `check` until it answers `Some`, for at most `within`.
async fn eventually<T, F: std::future::Future<Output = Option<T>>>(within: Duration, what: &str, mut check: impl FnMut() -> F) -> T {
    let deadline = Instant::now() + within;
    loop {
        if let Some(found) = check().await {
            return found;
        }
        assert!(Instant::now() < deadline, "not within {within:?}: {what}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn attendees_seen_by(cluster: &Cluster, server: &Server, event_id: &str) -> i64 {
    let events = json_of(cluster.client.get(server.url("/api/events")).send().await.expect("sent"), StatusCode::OK).await;
    let event = events.as_array().expect("list").iter().find(|e| e["id"] == event_id).expect("the event is listed");
    event["attendeeCount"].as_i64().expect("count")
}

/// How many parties `server`'s check-in desk finds for `q` at the event.
async fn door_found(cluster: &Cluster, server: &Server, token: &str, event_id: &str, q: &str) -> usize {
    let request = cluster.client.get(server.url(&format!("/api/events/{event_id}/door/search?q={q}"))).bearer_auth(token);
    let found = json_of(request.send().await.expect("sent"), StatusCode::OK).await;
    found["entries"].as_array().map_or(0, Vec::len)
}

fn event_body(name: &str) -> Value {
    json!({
        "name": name, "description": "A wonderful temple celebration", "location": "Main Hall",
        "eventDate": (chrono::Utc::now() + chrono::Duration::days(10)).to_rfc3339(),
    })
}

fn volunteer_body(event_id: &str) -> Value {
    json!({
        "eventId": event_id, "name": "Lakshmi Devi", "contactNumber": "(916) 555-0142", "contactEmail": "lakshmi@example.org",
        "contactPreference": "whatsapp", "volunteerPreference": "daily_services", "availability": "evening",
    })
}

#[tokio::test]
async fn two_processes_on_one_postgresql_database_behave_as_one_site() {
    let Ok(base) = std::env::var("MANDIR_TEST_DATABASE_URL") else {
        println!("note: MANDIR_TEST_DATABASE_URL is not set; the two-process test runs only on PostgreSQL (just test-rust-postgres)");
        return;
    };
    if !base.starts_with("postgres") {
        println!("note: the two-process test runs only on PostgreSQL (just test-rust-postgres)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("mandir-multi-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("data dir");
    let database_url = mandir_persistence::test_support::fresh_database_url().await.expect("fresh database");
    // Idle connections go after a second, before the servers' keep-alive (5 s) closes them under a
    // request (see tests/api/helpers.rs).
    let client = reqwest::Client::builder().pool_idle_timeout(Duration::from_secs(1)).build().expect("client");
    let cluster = Cluster { dir, database_url, client };

    // Migrates the database and creates a verified admin, as an operator would.
    let created =
        cluster.mandir(&["create-admin", "--email", ADMIN_EMAIL]).env("MANDIR_ADMIN_PASSWORD", ADMIN_PASSWORD).output().expect("runs");
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    let a = cluster.serve();
    let b = cluster.serve();
    let client = &cluster.client;

    let signed_in = json_of(
        client.post(a.url("/api/auth/signin")).json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).send().await.expect("sent"),
        StatusCode::OK,
    )
    .await;
    let token = signed_in["token"].as_str().expect("token").to_owned();

    // 1. A registration through A shows in B's events list at once, although B cached the list
    //    for a minute just before.
    let event = json_of(
        client.post(a.url("/api/events")).bearer_auth(&token).json(&event_body("Diwali")).send().await.expect("sent"),
        StatusCode::CREATED,
    )
    .await;
    let event_id = event["id"].as_str().expect("id").to_owned();
    eventually(Duration::from_secs(20), "B lists the event A created", || async {
        let events = json_of(client.get(b.url("/api/events")).send().await.expect("sent"), StatusCode::OK).await;
        events.as_array().expect("list").iter().any(|e| e["id"] == event_id.as_str()).then_some(())
    })
    .await;
    assert_eq!(attendees_seen_by(&cluster, &b, &event_id).await, 0, "B now holds the list in its cache");
    json_of(
        client
            .post(a.url(&format!("/api/events/{event_id}/register")))
            .bearer_auth(&token)
            .json(&json!({"numberOfFamilyMembers": 2}))
            .send()
            .await
            .expect("sent"),
        StatusCode::CREATED,
    )
    .await;
    eventually(Duration::from_secs(20), "B shows A's registration", || async {
        (attendees_seen_by(&cluster, &b, &event_id).await == 3).then_some(())
    })
    .await;

    // 1b. B's check-in desk searches its copy of the event's registrations; a family member the
    //     member adds through A is found there at the next search after A's notice arrives.
    assert_eq!(door_found(&cluster, &b, &token, &event_id, "anjali").await, 0, "B has read the door");
    json_of(
        client
            .post(a.url("/api/users/me/family"))
            .bearer_auth(&token)
            .json(&json!({"name": "Anjali Devi", "relation": "Daughter"}))
            .send()
            .await
            .expect("sent"),
        StatusCode::CREATED,
    )
    .await;
    eventually(Duration::from_secs(20), "B's desk finds the family member added through A", || async {
        (door_found(&cluster, &b, &token, &event_id, "anjali").await == 1).then_some(())
    })
    .await;

    // 2. Failed sign-ins for one account, alternating between A and B, are counted together:
    //    the sixth is refused wherever it lands.
    let victim = "victim@multi.test";
    for attempt in 0..5 {
        let server = if attempt % 2 == 0 { &a } else { &b };
        let response =
            client.post(server.url("/api/auth/signin")).json(&json!({"email": victim, "password": "wrong-1"})).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }
    for server in [&b, &a] {
        let response =
            client.post(server.url("/api/auth/signin")).json(&json!({"email": victim, "password": "wrong-1"})).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(response.headers().contains_key("retry-after"));
    }

    // 3. Both processes run the scheduler; the purge job (every second here) runs once per period.
    let db = cluster.database().await;
    let runs = eventually(Duration::from_secs(30), "four finished runs of the purge job", || async {
        let rows = db
            .query_all_raw(Statement::from_string(
                DbBackend::Postgres,
                "SELECT holder, started_at, finished_at, outcome FROM job_runs WHERE job = 'purge-expired' ORDER BY started_at",
            ))
            .await
            .expect("runs");
        let runs: Vec<Run> = rows
            .iter()
            .map(|row| {
                (
                    row.try_get("", "holder").expect("holder"),
                    row.try_get("", "started_at").expect("start"),
                    row.try_get("", "finished_at").expect("finish"),
                    row.try_get("", "outcome").expect("outcome"),
                )
            })
            .collect();
        (runs.iter().filter(|run| run.2.is_some()).count() >= 4).then_some(runs)
    })
    .await;
    for pair in runs.windows(2) {
        let (earlier, later) = (&pair[0], &pair[1]);
        assert!(later.1 - earlier.1 >= chrono::Duration::from_std(JOB_PERIOD).expect("period"), "two runs in one period: {runs:?}");
        assert!(earlier.2.is_some_and(|finished| finished <= later.1), "runs overlap: {runs:?}");
    }
    assert!(runs.iter().all(|run| run.3 == "succeeded" || run.3 == "running"), "{runs:?}");
    let holders: std::collections::BTreeSet<&str> = runs.iter().map(|run| run.0.as_str()).collect();
    assert!(holders.len() <= 2, "only the two processes ran it: {holders:?}");
    let jobs = json_of(client.get(b.url("/api/admin/jobs")).bearer_auth(&token).send().await.expect("sent"), StatusCode::OK).await;
    let purge = jobs.as_array().expect("jobs").iter().find(|job| job["name"] == "purge-expired").expect("listed").clone();
    assert_eq!(purge["periodSeconds"], 1);
    assert!(purge["lastRun"]["startedAt"].is_string(), "{purge}");

    // 4. Writes through A while it is killed: every acknowledged one is there as B sees it, and
    //    B keeps serving.
    let mut events = Vec::new();
    for n in 0..12 {
        let event = json_of(
            client.post(b.url("/api/events")).bearer_auth(&token).json(&event_body(&format!("Puja {n}"))).send().await.expect("sent"),
            StatusCode::CREATED,
        )
        .await;
        events.push(event["id"].as_str().expect("id").to_owned());
    }
    let (acknowledged, mut acks) = tokio::sync::mpsc::unbounded_channel();
    let mut writes = Vec::new();
    for event_id in &events {
        for (kind, path, body) in [
            ("registration", format!("/api/events/{event_id}/register"), json!({"numberOfFamilyMembers": 0})),
            ("volunteer", format!("/api/events/{event_id}/volunteers"), volunteer_body(event_id)),
        ] {
            let (request, acknowledged, event_id) =
                (client.post(a.url(&path)).bearer_auth(&token).json(&body), acknowledged.clone(), event_id.clone());
            writes.push(tokio::spawn(async move {
                if let Ok(response) = request.send().await
                    && response.status().is_success()
                {
                    acknowledged.send((kind, event_id)).ok();
                }
            }));
        }
    }
    drop(acknowledged);
    // Kill A as soon as the first write is acknowledged: the others are in flight.
    let first = tokio::time::timeout(Duration::from_secs(30), acks.recv()).await.expect("a write acknowledged").expect("ack");
    let mut a = a;
    a.child.kill().expect("SIGKILL");
    a.child.wait().expect("A stopped");
    for write in writes {
        write.await.expect("task");
    }
    let mut confirmed = vec![first];
    while let Ok(ack) = acks.try_recv() {
        confirmed.push(ack);
    }
    for (kind, event_id) in &confirmed {
        let path = match *kind {
            "registration" => format!("/api/events/{event_id}/attendee"),
            _ => format!("/api/events/{event_id}/volunteers/me"),
        };
        let response = client.get(b.url(&path)).bearer_auth(&token).send().await.expect("B answers");
        assert_eq!(response.status(), StatusCode::OK, "the acknowledged {kind} for {event_id} is in the database");
    }
    let health = client.get(b.url("/api/health")).send().await.expect("B answers");
    assert_eq!(health.status(), StatusCode::OK);
    let late = json_of(
        client.post(b.url("/api/events")).bearer_auth(&token).json(&event_body("After the crash")).send().await.expect("sent"),
        StatusCode::CREATED,
    )
    .await;
    assert!(late["id"].is_string(), "B still takes writes");
    println!(
        "{} of {} writes through A were acknowledged before it was killed; all are in the database",
        confirmed.len(),
        events.len() * 2
    );
    drop(b);
    db.close().await.ok();
}

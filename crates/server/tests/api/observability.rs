//! `GET /api/ready` (the database answers and every migration is applied) and `GET /metrics`
//! (off unless a token is configured; Prometheus text for the token's holders).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app, spawn_app_with, test_config};

#[tokio::test]
async fn ready_answers_200_when_the_database_is_migrated_and_503_with_the_reason_otherwise() {
    let app = spawn_app().await;
    let body: Value = expect_status(app.get("/api/ready", None).await, StatusCode::OK).await;
    assert_eq!(body, json!({"status": "ready", "reason": null}));

    // As a newer release's migration not yet applied: the last one is forgotten.
    let db = mandir_persistence::Database::connect(&app.config.database_url).await.expect("database");
    db.execute_raw("DELETE FROM seaql_migrations WHERE version = (SELECT max(version) FROM seaql_migrations)").await.expect("forgotten");
    let body: Value = expect_status(app.get("/api/ready", None).await, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(body["status"], "unavailable");
    assert_eq!(body["reason"], "1 database migration(s) not applied yet");
    // As an older release on a database a newer one migrated: a migration it has no file for.
    db.execute_raw("INSERT INTO seaql_migrations (version, applied_at) VALUES ('m29990101_000001_from_the_future', 0)")
        .await
        .expect("inserted");
    let body: Value = expect_status(app.get("/api/ready", None).await, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(body["reason"], "the database was migrated by a newer version of mandir");
    // Liveness does not look at the database.
    expect_status::<Value>(app.get("/api/health", None).await, StatusCode::OK).await;
    db.close().await.ok();
}

const TOKEN: &str = "metrics-token-for-the-test-0123456789";

async fn with_metrics() -> TestApp {
    spawn_app_with(mandir_server::Config { metrics_token: Some(mandir_server::Secret::new(TOKEN)), ..test_config().await }).await
}

async fn scrape(app: &TestApp, token: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url("/metrics"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("sent")
}

#[tokio::test]
async fn metrics_are_off_without_a_token() {
    let app = spawn_app().await;
    let response = scrape(&app, Some(TOKEN)).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "not the SPA either");
}

#[tokio::test]
async fn metrics_need_the_bearer_token() {
    let app = with_metrics().await;
    let missing = scrape(&app, None).await;
    assert_eq!(missing.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(missing.headers()["www-authenticate"], "Bearer realm=\"metrics\"");
    assert_eq!(scrape(&app, Some("metrics-token-for-the-test-012345678X")).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(scrape(&app, Some("short")).await.status(), StatusCode::UNAUTHORIZED);
    let basic = app.client.get(app.url("/metrics")).basic_auth("prometheus", Some(TOKEN)).send().await.expect("sent");
    assert_eq!(basic.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn metrics_count_requests_by_route_pattern_and_read_pool_and_payments() {
    let app = with_metrics().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Metrics event", 10, None).await;
    let id = event["id"].as_str().expect("id");
    for _ in 0..3 {
        expect_status::<Value>(app.get(&format!("/api/events/{id}"), None).await, StatusCode::OK).await;
    }
    expect_status::<Value>(app.get("/api/events/00000000-0000-4000-8000-000000000000", None).await, StatusCode::NOT_FOUND).await;
    let zelle = json!({"amount": 25, "donationDetails": [{"donationTypeId": "custom", "amount": 25, "name": "Gift"}], "donorName": "Guest Donor", "donorEmail": "guest@example.org"});
    expect_status::<Value>(app.post("/api/payments/zelle-confirm", None, zelle).await, StatusCode::CREATED).await;
    let feed_token = "0123456789abcdef0123456789abcdef";
    expect_status::<Value>(app.get(&format!("/api/calendar/{feed_token}.ics?token=query-secret"), None).await, StatusCode::NOT_FOUND).await;

    let response = scrape(&app, Some(TOKEN)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().expect("type").starts_with("text/plain; version=0.0.4"));
    let text = response.text().await.expect("text");
    let series = |line: &str| text.lines().any(|l| l == line);
    assert!(series(r#"mandir_http_requests_total{method="GET",route="/api/events/{id}",status="200"} 3"#), "{text}");
    assert!(series(r#"mandir_http_requests_total{method="GET",route="/api/events/{id}",status="404"} 1"#), "{text}");
    assert!(!text.contains(id), "raw paths never become labels");
    assert!(series(r#"mandir_http_requests_total{method="GET",route="/api/calendar/{token}.ics",status="404"} 1"#), "{text}");
    assert!(!text.contains(feed_token) && !text.contains("query-secret"), "nor secrets: {text}");
    assert!(series(r#"mandir_http_request_duration_seconds_count{method="GET",route="/api/events/{id}"} 4"#), "{text}");
    assert!(text.contains(r#"mandir_http_request_duration_seconds_bucket{method="GET",route="/api/events/{id}",le="0.005"}"#));
    assert!(series(r#"mandir_payments{provider="zelle",status="pending"} 1"#), "{text}");
    let max = text.lines().find_map(|l| l.strip_prefix("mandir_db_pool_connections_max ")).expect("pool max");
    assert!(max == "8" || max == "16", "{max}");
    let open: i64 = text.lines().find_map(|l| l.strip_prefix("mandir_db_pool_connections_open ")).expect("pool open").parse().expect("n");
    assert!(open >= 1, "{open}");
    assert!(text.contains("mandir_db_pool_connections_idle "));
}

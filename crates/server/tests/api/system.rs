use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{expect_status, spawn_app};

#[tokio::test]
async fn health_answers_ok_once_the_database_is_reachable() {
    let app = spawn_app().await;
    let body: Value = expect_status(app.get("/api/health", None).await, StatusCode::OK).await;
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn every_response_carries_nosniff_and_pages_carry_a_csp() {
    let app = spawn_app().await;
    let api = app.get("/api/health", None).await;
    assert_eq!(api.headers()["x-content-type-options"], "nosniff");
    let page = app.get("/events/some-id", None).await;
    assert_eq!(page.status(), StatusCode::OK);
    let csp = page.headers()["content-security-policy"].to_str().expect("csp").to_owned();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");
}

#[tokio::test]
async fn spa_fallback_serves_index_html_and_assets_are_cached() {
    let mut config = crate::helpers::test_config().await;
    let dir = config.data_dir.join("dist");
    std::fs::create_dir_all(dir.join("assets")).expect("dirs");
    std::fs::write(dir.join("index.html"), "<!doctype html><title>SPA</title>").expect("index");
    std::fs::write(dir.join("assets/app-abc123.js"), "console.log(1)").expect("asset");
    config.static_dir = dir;
    let app = crate::helpers::spawn_app_with(config).await;

    let page = app.get("/dashboard", None).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["cache-control"], "no-cache");
    assert!(page.text().await.expect("text").contains("<title>SPA</title>"));

    let asset = app.get("/assets/app-abc123.js", None).await;
    assert_eq!(asset.status(), StatusCode::OK);
    assert!(asset.headers()["cache-control"].to_str().expect("cc").contains("immutable"));
    assert!(asset.headers()["content-type"].to_str().expect("ct").contains("javascript"));

    assert_eq!(app.get("/assets/missing.js", None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/assets/..%2Findex.html", None).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_api_paths_are_json_404s() {
    let app = spawn_app().await;
    let body: Value = expect_status(app.get("/api/nope", None).await, StatusCode::NOT_FOUND).await;
    assert_eq!(body["message"], "Not found");
}

#[tokio::test]
async fn openapi_document_and_reference_page() {
    let app = spawn_app().await;
    let doc: Value = expect_status(app.get("/api/openapi.json", None).await, StatusCode::OK).await;
    assert!(doc["openapi"].as_str().expect("version").starts_with("3.1"));
    for path in ["/api/auth/signin", "/api/events", "/api/events/{id}/force", "/api/admin/set-admin", "/api/gotrams"] {
        assert!(doc["paths"].get(path).is_some(), "missing {path}");
    }
    let page = app.get("/api/docs", None).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.expect("html").contains("/api/events/{id}/force"));
}

#[tokio::test]
async fn config_tells_the_frontend_about_the_installation() {
    let app = spawn_app().await;
    let body: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(body["templeName"], "Test Temple");
    assert_eq!(body["paymentProvider"], "sandbox");
    assert_eq!(body["zelle"]["memo"], "Temple Donation");
}

#[tokio::test]
async fn gotrams_are_seeded_and_readable() {
    let app = spawn_app().await;
    let list: Vec<Value> = expect_status(app.get("/api/gotrams", None).await, StatusCode::OK).await;
    assert!(list.len() > 100);
    let first = &list[0];
    assert!(first["gotranamalu"].is_string() && first["nakshtram"].is_string() && first["rasi"].is_string());
    let one: Value = expect_status(app.get(&format!("/api/gotrams/{}", first["id"]), None).await, StatusCode::OK).await;
    assert_eq!(&one, first);
    expect_status::<Value>(app.get("/api/gotrams/999999", None).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.get("/api/gotrams/abc", None).await, StatusCode::NOT_FOUND).await;
}

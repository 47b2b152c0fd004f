//! The HTTP contract's general rules (docs/api.md#contract): body shapes, and no 5xx under
//! concurrent updates of one row.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

const STRIPE: &str = "/api/payment-methods/7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d0001";

#[tokio::test]
async fn json_arrays_and_objects_of_only_unknown_fields_are_400() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Shape check", 10, None).await;
    let event_path = format!("/api/events/{}", event["id"].as_str().expect("id"));
    let types: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    let donation_type = format!("/api/donation-types/{}", types[0]["id"].as_str().expect("id"));
    // The public list does not show which admin created or changed a type.
    assert!(types.iter().all(|t| t.get("createdBy").is_none() && t.get("updatedBy").is_none()), "{types:?}");

    for body in [json!([]), json!([null, null]), json!([3, "notes via array"]), json!({"": null}), json!({"number_of_family_members": 2})] {
        let register = app.post(&format!("{event_path}/register"), Some(&admin.token), body.clone()).await;
        let error: Value = expect_status(register, StatusCode::BAD_REQUEST).await;
        assert!(error["message"].as_str().expect("message").starts_with("Invalid request body"), "{body}: {error}");
        for path in [STRIPE, &donation_type, &event_path] {
            let patched = app.patch(path, Some(&admin.token), body.clone()).await;
            assert_eq!(patched.status(), StatusCode::BAD_REQUEST, "PATCH {path} with {body}");
        }
    }
    // Nothing was registered or changed by the refused bodies.
    assert_eq!(app.get(&format!("{event_path}/attendee"), Some(&admin.token)).await.status(), StatusCode::NOT_FOUND);
    let after: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    assert_eq!(after[0]["name"], types[0]["name"]);

    // An empty object is still "change nothing", and known fields next to unknown ones are read.
    expect_status::<Value>(app.patch(STRIPE, Some(&admin.token), json!({})).await, StatusCode::OK).await;
    let toggled: Value =
        expect_status(app.patch(STRIPE, Some(&admin.token), json!({"isActive": false, "x": 1})).await, StatusCode::OK).await;
    assert_eq!(toggled["isActive"], false);
    // Signing in with an array is a 400 too, not a 401 or a success.
    expect_status::<Value>(app.post("/api/auth/signin", None, json!(["a@b.org", "secret1"])).await, StatusCode::BAD_REQUEST).await;
}

type BodyOf = fn(usize) -> Value;

/// Sends `n` PATCHes of one row at once and returns their statuses.
async fn concurrent_patches(
    app: &crate::helpers::TestApp,
    token: &str,
    path: &str,
    n: usize,
    body: impl Fn(usize) -> Value,
) -> Vec<StatusCode> {
    let requests = (0..n).map(|i| app.patch(path, Some(token), body(i)));
    futures::future::join_all(requests).await.into_iter().map(|r| r.status()).collect()
}

#[tokio::test]
async fn twenty_concurrent_patches_of_one_row_all_succeed() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Busy event", 10, Some(100)).await;
    let event_path = format!("/api/events/{}", event["id"].as_str().expect("id"));
    let types: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    let donation_type = format!("/api/donation-types/{}", types[0]["id"].as_str().expect("id"));

    let cases: [(&str, BodyOf); 3] = [
        (&event_path, |i| json!({"description": format!("Edited description number {i}")})),
        (&donation_type, |i| json!({"description": format!("Edit {i}")})),
        (STRIPE, |i| json!({"sortOrder": i})),
    ];
    for (path, body) in cases {
        let statuses = concurrent_patches(&app, &admin.token, path, 20, body).await;
        assert!(statuses.iter().all(|s| *s == StatusCode::OK), "PATCH {path}: {statuses:?}");
    }
}

#[tokio::test]
async fn unsupported_methods_on_api_paths_are_405_with_allow() {
    let app = spawn_app().await;
    let cases = [
        (reqwest::Method::PUT, "/api/events", "GET, POST"),
        (reqwest::Method::POST, "/api/events/some-id", "GET, PATCH, DELETE"),
        (reqwest::Method::POST, "/api/events/some-id/attendee", "GET, PUT, DELETE"),
        (reqwest::Method::DELETE, "/api/auth/signin", "POST"),
        (reqwest::Method::GET, "/api/payments/stripe-webhook", "POST"),
        (reqwest::Method::PATCH, "/api/payment-methods/active", "GET"),
        (reqwest::Method::POST, "/api/gotrams/1", "GET"),
    ];
    for (method, path, allow) in cases {
        let response = app.call(method.clone(), path, None, None).await;
        assert_eq!(response.headers().get("allow").and_then(|v| v.to_str().ok()), Some(allow), "{method} {path}");
        let body: Value = expect_status(response, StatusCode::METHOD_NOT_ALLOWED).await;
        assert!(body["message"].as_str().expect("message").starts_with("Method not allowed"));
    }
    // Unknown API paths stay 404.
    expect_status::<Value>(app.get("/api/no-such-thing", None).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.post("/api/events/x/nothing", None, json!({})).await, StatusCode::NOT_FOUND).await;
}

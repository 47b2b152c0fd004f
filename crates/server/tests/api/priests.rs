//! `/api/priests`: priests in the admins' order, with photos served like event images.

use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

/// A 1x1 PNG.
const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
/// A 1x1 GIF.
const GIF: &str = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

fn priest(name: &str, photo: Option<&str>) -> Value {
    json!({"name": name, "title": "Priest", "bio": "Performs the daily rituals.", "specialties": ["Homams", " ", "Vedic chanting"], "photo": photo})
}

#[tokio::test]
async fn a_photo_is_served_with_immutable_caching_and_kept_or_replaced_on_edit() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let created: Value =
        expect_status(app.post("/api/priests", Some(&admin.token), priest("Sri Example Sharma", Some(PNG))).await, StatusCode::CREATED)
            .await;
    assert_eq!(created["specialties"], json!(["Homams", "Vedic chanting"]));
    let id = created["id"].as_str().expect("id").to_owned();
    let url = created["photoUrl"].as_str().expect("photo url").to_owned();
    assert!(url.starts_with(&format!("/api/priests/{id}/photo?v=")), "{url}");

    let photo = app.get(&url, None).await;
    assert_eq!(photo.status(), StatusCode::OK);
    assert_eq!(photo.headers()["content-type"], "image/png");
    assert_eq!(photo.headers()[CACHE_CONTROL], "public, max-age=31536000, immutable");
    let etag = photo.headers()[ETAG].to_str().expect("etag").to_owned();
    assert!(url.ends_with(etag.trim_matches('"')));
    let again = app.client.get(app.url(&url)).header(IF_NONE_MATCH, &etag).send().await.expect("request");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // Sending the current URL back keeps the photo; a new upload gets a new URL; null removes it.
    let path = format!("/api/priests/{id}");
    let kept: Value =
        expect_status(app.put(&path, Some(&admin.token), priest("Sri Example Sharma", Some(&url))).await, StatusCode::OK).await;
    assert_eq!(kept["photoUrl"], url.as_str());
    let replaced: Value =
        expect_status(app.put(&path, Some(&admin.token), priest("Sri Example Sharma", Some(GIF))).await, StatusCode::OK).await;
    let new_url = replaced["photoUrl"].as_str().expect("url");
    assert_ne!(new_url, url);
    assert_eq!(app.get(new_url, None).await.headers()["content-type"], "image/gif");
    let removed: Value = expect_status(app.put(&path, Some(&admin.token), priest("Sri Example Sharma", None)).await, StatusCode::OK).await;
    assert_eq!(removed["photoUrl"], Value::Null);
    assert_eq!(app.get(&format!("/api/priests/{id}/photo"), None).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn priests_are_listed_in_the_admins_order() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let mut ids = Vec::new();
    for name in ["First Priest", "Second Priest", "Third Priest"] {
        let created: Value =
            expect_status(app.post("/api/priests", Some(&admin.token), priest(name, None)).await, StatusCode::CREATED).await;
        ids.push(created["id"].as_str().expect("id").to_owned());
    }
    let list: Vec<Value> = expect_status(app.get("/api/priests", None).await, StatusCode::OK).await;
    assert_eq!(
        list.iter().map(|p| p["name"].as_str().expect("name")).collect::<Vec<_>>(),
        ["First Priest", "Second Priest", "Third Priest"]
    );

    let order = json!({"ids": [ids[2], ids[0], ids[1]]});
    assert_eq!(app.put("/api/priests/order", Some(&member.token), order.clone()).await.status(), StatusCode::FORBIDDEN);
    let reordered: Vec<Value> = expect_status(app.put("/api/priests/order", Some(&admin.token), order).await, StatusCode::OK).await;
    assert_eq!(
        reordered.iter().map(|p| p["name"].as_str().expect("name")).collect::<Vec<_>>(),
        ["Third Priest", "First Priest", "Second Priest"]
    );
    let list: Vec<Value> = expect_status(app.get("/api/priests", None).await, StatusCode::OK).await;
    assert_eq!(list[0]["name"], "Third Priest");

    let partial = json!({"ids": [ids[0]]});
    let error: Value = expect_status(app.put("/api/priests/order", Some(&admin.token), partial).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["ids"], "The order must list every priest exactly once");

    // A new priest goes last; deleting one leaves the others in order.
    expect_status::<Value>(app.post("/api/priests", Some(&admin.token), priest("Fourth Priest", None)).await, StatusCode::CREATED).await;
    assert_eq!(app.delete(&format!("/api/priests/{}", ids[0]), Some(&admin.token)).await.status(), StatusCode::NO_CONTENT);
    let list: Vec<Value> = expect_status(app.get("/api/priests", None).await, StatusCode::OK).await;
    assert_eq!(
        list.iter().map(|p| p["name"].as_str().expect("name")).collect::<Vec<_>>(),
        ["Third Priest", "Second Priest", "Fourth Priest"]
    );
}

#[tokio::test]
async fn invalid_priests_and_strangers_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let bad = json!({"name": " ", "photo": "https://example.org/p.jpg", "specialties": ["x".repeat(51)]});
    let error: Value = expect_status(app.post("/api/priests", Some(&admin.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["name"], "Name is required");
    assert_eq!(error["errors"]["photo"], "Please select a valid image file (JPEG, PNG, GIF, or WebP)");
    assert_eq!(error["errors"]["specialties"], "Each specialty must be at most 50 characters");
    assert_eq!(app.post("/api/priests", Some(&member.token), priest("Sri A", None)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.post("/api/priests", None, priest("Sri A", None)).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.put("/api/priests/missing", Some(&admin.token), priest("Sri A", None)).await.status(), StatusCode::NOT_FOUND);
}

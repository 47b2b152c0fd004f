//! Uploaded pictures the server must not decode: crafted headers (a huge canvas in a tiny file,
//! sizes that lie about the data, files cut short, a zip bomb) are refused at upload wherever a
//! picture is accepted, and one already stored is sent as it is while the server keeps running.

use base64::Engine as _;
use mandir_application::ports::{EventPicture, EventRepository, StoredImage};
use mandir_domain::event::EventPatch;
use mandir_domain::patch::Patch;
use mandir_imaging::crafted;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

const TOO_LARGE: &str = "picture too large: at most 40 megapixels";
const INVALID: &str = "Please select a valid image file (JPEG, PNG, GIF, or WebP)";

fn data_url(content_type: &str, bytes: &[u8]) -> String {
    format!("data:{content_type};base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
}

fn half(bytes: Vec<u8>) -> Vec<u8> {
    bytes[..bytes.len() / 2].to_vec()
}

/// What each crafted picture is, its type, its bytes and the message it is refused with.
fn crafted_pictures() -> Vec<(&'static str, &'static str, Vec<u8>, &'static str)> {
    vec![
        ("a GIF of 35 bytes with a 65535 x 65535 canvas", "image/gif", crafted::gif_claiming((65_535, 65_535), (1, 1)), TOO_LARGE),
        ("a 1 x 1 GIF with a 65535 x 65535 frame", "image/gif", crafted::gif_claiming((1, 1), (65_535, 65_535)), TOO_LARGE),
        ("a GIF cut short", "image/gif", half(crafted::gif(64, 48)), INVALID),
        (
            "a PNG of a few bytes with a 65535 x 65535 16-bit RGBA canvas",
            "image/png",
            crafted::png_with(65_535, 65_535, 16, 6, &crafted::zlib_zeros(16)),
            TOO_LARGE,
        ),
        (
            "a 64 x 64 PNG whose header says 20000 x 20000",
            "image/png",
            crafted::png_claiming(&crafted::png(64, 64), 20_000, 20_000),
            TOO_LARGE,
        ),
        ("a PNG zip bomb: 300 KB inflating to 49 megapixels", "image/png", crafted::png_bomb(7000, 7000, 8, 0), TOO_LARGE),
        ("a PNG cut short", "image/png", half(crafted::png(64, 48)), INVALID),
        (
            "a tiny JPEG whose header says 65535 x 65535",
            "image/jpeg",
            crafted::jpeg_claiming(&crafted::jpeg(8, 8), 65_535, 65_535),
            TOO_LARGE,
        ),
        (
            "a 64 x 64 JPEG whose header says 20000 x 20000",
            "image/jpeg",
            crafted::jpeg_claiming(&crafted::jpeg(64, 64), 20_000, 20_000),
            TOO_LARGE,
        ),
        ("a JPEG cut short", "image/jpeg", half(crafted::jpeg(64, 48)), INVALID),
        ("a WebP of a few bytes with a 16384 x 16384 bitstream", "image/webp", crafted::webp_claiming(None, (16_384, 16_384)), TOO_LARGE),
        (
            "a 1 x 1 WebP canvas with a 16384 x 16384 bitstream",
            "image/webp",
            crafted::webp_claiming(Some((1, 1)), (16_384, 16_384)),
            TOO_LARGE,
        ),
        ("a 64 x 64 WebP canvas with a 32 x 32 bitstream", "image/webp", crafted::webp_claiming(Some((64, 64)), (32, 32)), INVALID),
        ("a WebP cut short", "image/webp", half(crafted::webp(64, 48)), INVALID),
    ]
}

fn event_body(name: &str, image: &str) -> Value {
    json!({"name": name, "description": "A festival with a picture", "location": "Main Hall", "eventDate": "2031-10-01T18:00:00Z",
           "imageUrl": image})
}

fn priest_body(photo: &str) -> Value {
    json!({"name": "Sri Example Sharma", "photo": photo})
}

fn seva_body(image: &str) -> Value {
    json!({
        "name": "Archana", "category": "temple", "priceCents": 1100, "priceKind": "fixed", "durationMinutes": 15,
        "weekdays": ["saturday"], "capacityMode": "slots", "slots": [{"time": "09:00", "capacity": 3}],
        "horizonDays": 30, "cutoffHours": 12, "image": image,
    })
}

async fn refused(app: &TestApp, response: reqwest::Response, field: &str, message: &str, case: &str) {
    let status = response.status();
    let body: Value = response.json().await.expect("json");
    assert_eq!(status, StatusCode::BAD_REQUEST, "{case}: {body}");
    assert_eq!(body["errors"][field], message, "{case}");
    assert_eq!(body["message"], message, "{case}");
    assert_eq!(app.get("/api/health", None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn crafted_pictures_are_refused_at_upload_by_their_headers() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for (case, content_type, bytes, message) in crafted_pictures() {
        let response = app.post("/api/events", Some(&admin.token), event_body("Crafted", &data_url(content_type, &bytes))).await;
        refused(&app, response, "imageUrl", message, case).await;
    }
    let events: Vec<Value> = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    assert!(events.is_empty(), "nothing was stored: {events:?}");
}

#[tokio::test]
async fn real_pictures_of_every_accepted_format_are_stored() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pictures = [
        ("image/jpeg", crafted::jpeg(640, 480)),
        ("image/png", crafted::png(640, 480)),
        ("image/gif", crafted::gif(64, 48)),
        ("image/webp", crafted::webp(640, 480)),
    ];
    for (content_type, bytes) in pictures {
        let created: Value = expect_status(
            app.post("/api/events", Some(&admin.token), event_body("Real", &data_url(content_type, &bytes))).await,
            StatusCode::CREATED,
        )
        .await;
        let image = app.get(created["imageUrl"].as_str().expect("url"), None).await;
        assert_eq!(image.headers()["content-type"], content_type);
        assert_eq!(image.bytes().await.expect("bytes"), bytes);
    }
}

/// The 35-byte GIF that used to abort the server on its first `?w=` request.
fn huge_gif() -> String {
    data_url("image/gif", &crafted::gif_claiming((65_535, 65_535), (1, 1)))
}

#[tokio::test]
async fn every_place_a_picture_is_accepted_checks_its_header() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Holi", 5, None).await;
    let path = format!("/api/events/{}", event["id"].as_str().expect("id"));
    let response = app.patch(&path, Some(&admin.token), json!({"imageUrl": huge_gif()})).await;
    refused(&app, response, "imageUrl", TOO_LARGE, "an event's new picture").await;

    let response = app.post("/api/priests", Some(&admin.token), priest_body(&huge_gif())).await;
    refused(&app, response, "photo", TOO_LARGE, "a new priest's photo").await;
    let priest: Value = expect_status(app.post("/api/priests", Some(&admin.token), priest_body("")).await, StatusCode::CREATED).await;
    let path = format!("/api/priests/{}", priest["id"].as_str().expect("id"));
    let response = app.put(&path, Some(&admin.token), priest_body(&huge_gif())).await;
    refused(&app, response, "photo", TOO_LARGE, "a priest's new photo").await;

    let response = app.post("/api/sevas", Some(&admin.token), seva_body(&huge_gif())).await;
    refused(&app, response, "image", TOO_LARGE, "a new seva's image").await;
    let seva: Value = expect_status(app.post("/api/sevas", Some(&admin.token), seva_body("")).await, StatusCode::CREATED).await;
    let path = format!("/api/sevas/{}", seva["id"].as_str().expect("id"));
    let response = app.put(&path, Some(&admin.token), seva_body(&data_url("image/png", &half(crafted::png(64, 48))))).await;
    refused(&app, response, "image", INVALID, "a seva's new image cut short").await;

    let priests: Vec<Value> = expect_status(app.get("/api/priests", None).await, StatusCode::OK).await;
    assert_eq!(priests[0]["photoUrl"], Value::Null);
    let sevas: Vec<Value> = expect_status(app.get("/api/sevas", None).await, StatusCode::OK).await;
    assert_eq!(sevas[0]["imageUrl"], Value::Null);
}

/// Stores `bytes` as the event's picture through the repository, below the upload's check, as a
/// picture uploaded before it was would be; answers its URL.
async fn store_below_the_check(app: &TestApp, admin: &TestUser, content_type: &str, bytes: Vec<u8>, etag: &str) -> String {
    let event = app.create_event(admin, "Stored", 5, None).await;
    let id = event["id"].as_str().expect("id").to_owned();
    let url = format!("/api/events/{id}/image?v={etag}");
    let image = StoredImage { content_type: content_type.to_owned(), bytes, etag: etag.to_owned() };
    let picture = Patch::Set(EventPicture { url: url.clone(), upload: Some(image) });
    mandir_persistence::SeaOrmEventRepository::new(app.db.clone())
        .update(&id.into(), &EventPatch::default(), picture, None, chrono::Utc::now())
        .await
        .expect("stored");
    url
}

#[tokio::test]
async fn a_stored_picture_too_large_to_decode_is_sent_as_it_is_and_the_server_keeps_running() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let stored = [
        ("image/gif", crafted::gif_claiming((65_535, 65_535), (1, 1)), "huge-gif"),
        ("image/gif", crafted::gif_claiming((1, 1), (65_535, 65_535)), "huge-frame"),
        // The security review's PNG: 12000 x 12000 16-bit RGBA, 1.15 GB decoded.
        ("image/png", crafted::png_bomb(12_000, 12_000, 16, 6), "png-bomb"),
        ("image/webp", crafted::webp_claiming(Some((1, 1)), (16_384, 16_384)), "huge-webp"),
        ("image/png", half(crafted::png(640, 480)), "cut-png"),
    ];
    for (content_type, bytes, etag) in stored {
        let url = store_below_the_check(&app, &admin, content_type, bytes.clone(), etag).await;
        for width in [480, 960, 1440] {
            let copy = app.get(&format!("{url}&w={width}"), None).await;
            assert_eq!(copy.status(), StatusCode::OK, "{etag} at {width}");
            assert_eq!(copy.headers()["content-type"], content_type, "{etag}: no copy, the picture itself");
            assert_eq!(copy.bytes().await.expect("bytes"), bytes, "{etag}");
        }
        let health = app.get("/api/health", None).await;
        assert_eq!(health.status(), StatusCode::OK, "{etag}: the server keeps running");
    }
}

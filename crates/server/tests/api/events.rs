use base64::Engine as _;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

/// A PNG whose chunks are whole but whose image data (`idat` bytes) does not inflate: its header
/// passes the upload's check, and no WebP copy can be made of it.
fn undecodable_png(idat: usize) -> Vec<u8> {
    mandir_imaging::crafted::png_with(16, 16, 8, 2, &vec![7; idat])
}

fn png_data_url(png: &[u8]) -> String {
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
}

#[tokio::test]
async fn anyone_lists_and_reads_events_admins_create_them() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let later = app.create_event(&admin, "Diwali", 10, Some(50)).await;
    let sooner = app.create_event(&admin, "Ugadi", 3, None).await;
    assert_eq!(later["attendeeCount"], 0);
    assert_eq!(later["spotsLeft"], 50);
    assert_eq!(sooner["spotsLeft"], Value::Null);

    let list: Vec<Value> = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    let names: Vec<&str> = list.iter().map(|e| e["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["Ugadi", "Diwali"], "by date ascending");
    let one: Value =
        expect_status(app.get(&format!("/api/events/{}", later["id"].as_str().expect("id")), None).await, StatusCode::OK).await;
    assert_eq!(one["name"], "Diwali");
    expect_status::<Value>(app.get("/api/events/does-not-exist", None).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn members_and_visitors_cannot_manage_events() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = app.create_event(&admin, "Holi", 5, None).await;
    let id = event["id"].as_str().expect("id");
    let body = json!({"name": "Holi", "description": "Festival of colours", "location": "Grounds", "eventDate": "2030-03-01T10:00:00Z"});
    expect_status::<Value>(app.post("/api/events", None, body.clone()).await, StatusCode::UNAUTHORIZED).await;
    let forbidden: Value = expect_status(app.post("/api/events", Some(&member.token), body).await, StatusCode::FORBIDDEN).await;
    assert_eq!(forbidden["message"], "Admin access required");
    expect_status::<Value>(
        app.patch(&format!("/api/events/{id}"), Some(&member.token), json!({"name": "Hacked"})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    expect_status::<Value>(app.delete(&format!("/api/events/{id}"), Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.delete(&format!("/api/events/{id}/force"), Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.delete(&format!("/api/events/{id}"), None).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn create_validates_with_the_documented_messages() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body: Value = expect_status(
        app.post("/api/events", Some(&admin.token), json!({"name": "ab", "description": "short", "location": "x"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(body["errors"]["name"], "Event name must be at least 3 characters");
    assert_eq!(body["errors"]["description"], "Description must be at least 10 characters");
    assert_eq!(body["errors"]["location"], "Location is required");
    assert_eq!(body["errors"]["eventDate"], "Event date is required");

    let bad_image: Value = expect_status(
        app.post(
            "/api/events",
            Some(&admin.token),
            json!({"name": "Puja", "description": "A long enough description", "location": "Hall", "eventDate": "2031-01-01T10:00:00Z",
                   "imageUrl": "data:image/svg+xml;base64,PHN2Zz4="}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(bad_image["errors"]["imageUrl"], "Please select a valid image file (JPEG, PNG, GIF, or WebP)");
}

#[tokio::test]
async fn uploaded_images_are_served_from_a_short_cacheable_url() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let png = undecodable_png(3 * 1024 * 1024);
    let created: Value = expect_status(
        app.post(
            "/api/events",
            Some(&admin.token),
            json!({"name": "Navaratri", "description": "Nine nights of devotion", "location": "Hall", "eventDate": "2031-10-01T18:00:00Z",
                   "imageUrl": png_data_url(&png)}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let url = created["imageUrl"].as_str().expect("url");
    assert!(url.starts_with(&format!("/api/events/{}/image?v=", created["id"].as_str().expect("id"))), "{url}");
    let list = app.get("/api/events", None).await.text().await.expect("text");
    assert!(list.len() < 4096, "the list carries the short URL, not the image");

    let image = app.get(url, None).await;
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/png");
    assert!(image.headers()["cache-control"].to_str().expect("cc").contains("max-age=31536000"));
    let etag = image.headers()["etag"].to_str().expect("etag").to_owned();
    assert_eq!(image.bytes().await.expect("bytes").len(), png.len());
    let again = app.client.get(app.url(url)).header("if-none-match", &etag).send().await.expect("sent");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    // A PNG whose pixels do not decode has no WebP copy: the picture itself is sent.
    let copy = app.get(&format!("{url}&w=960"), None).await;
    assert_eq!(copy.status(), StatusCode::OK);
    assert_eq!(copy.headers()["content-type"], "image/png");
    assert_eq!(copy.headers()["etag"].to_str().expect("etag"), etag);

    let too_big: Value = expect_status(
        app.post(
            "/api/events",
            Some(&admin.token),
            json!({"name": "Big", "description": "Too big an image here", "location": "Hall", "eventDate": "2031-10-01T18:00:00Z",
                   "imageUrl": png_data_url(&undecodable_png(5 * 1024 * 1024))}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(too_big["errors"]["imageUrl"], "File size exceeds 5MB limit");
}

#[tokio::test]
async fn patch_changes_only_given_fields_and_null_clears() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Ugadi", 7, Some(10)).await;
    let id = event["id"].as_str().expect("id");
    let updated: Value = expect_status(
        app.patch(
            &format!("/api/events/{id}"),
            Some(&admin.token),
            json!({"location": "Annex Hall", "capacity": null, "imageUrl": "https://example.org/u.jpg"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(updated["name"], "Ugadi");
    assert_eq!(updated["location"], "Annex Hall");
    assert_eq!(updated["capacity"], Value::Null);
    assert_eq!(updated["imageUrl"], "https://example.org/u.jpg");
    let invalid: Value = expect_status(
        app.patch(&format!("/api/events/{id}"), Some(&admin.token), json!({"location": "x", "imageUrl": "  "})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(invalid["errors"]["location"], "Event location must be at least 3 characters");
    assert_eq!(invalid["errors"]["imageUrl"], "Please provide an image URL");
    expect_status::<Value>(app.patch("/api/events/missing", Some(&admin.token), json!({"name": "Whatever"})).await, StatusCode::NOT_FOUND)
        .await;
}

#[tokio::test]
async fn delete_and_force_delete() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let empty = app.create_event(&admin, "Quiet day", 4, None).await;
    let id = empty["id"].as_str().expect("id");
    expect_status::<Value>(app.delete(&format!("/api/events/{id}"), Some(&admin.token)).await, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(app.get(&format!("/api/events/{id}"), None).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.delete(&format!("/api/events/{id}"), Some(&admin.token)).await, StatusCode::NOT_FOUND).await;

    let busy = app.create_event(&admin, "Busy day", 4, None).await;
    let id = busy["id"].as_str().expect("id");
    let force: Value = expect_status(app.delete(&format!("/api/events/{id}/force"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(force["relatedRecords"], json!({"attendees": 0, "volunteers": 0, "payments": 0}));
    expect_status::<Value>(app.delete(&format!("/api/events/{id}/force"), Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
}

/// A photo-like PNG (a gradient with detail) of `width` x `height`.
fn photo_png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x ^ y) % 256) as u8]));
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).expect("png");
    out
}

#[tokio::test]
async fn an_uploaded_picture_is_also_served_as_webp_at_the_srcset_widths() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let png = photo_png(1600, 900);
    let created: Value = expect_status(
        app.post(
            "/api/events",
            Some(&admin.token),
            json!({"name": "Karthika Deepam", "description": "Lamps lit around the temple at dusk", "location": "Courtyard", "eventDate": "2031-11-20T18:00:00Z",
                   "imageUrl": format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(&png))}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let url = created["imageUrl"].as_str().expect("url").to_owned();
    let original_etag = app.get(&url, None).await.headers()["etag"].to_str().expect("etag").to_owned();

    let mut etags = vec![original_etag];
    for width in [480_u32, 960, 1440] {
        let copy = app.get(&format!("{url}&w={width}"), None).await;
        assert_eq!(copy.status(), StatusCode::OK, "w={width}");
        assert_eq!(copy.headers()["content-type"], "image/webp");
        assert!(copy.headers()["cache-control"].to_str().expect("cc").contains("immutable"));
        let etag = copy.headers()["etag"].to_str().expect("etag").to_owned();
        let bytes = copy.bytes().await.expect("bytes");
        assert!(bytes.len() < png.len() / 4, "w={width}: {} bytes of {}", bytes.len(), png.len());
        let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::WebP).expect("a WebP");
        assert_eq!((decoded.width(), decoded.height()), (width, width * 9 / 16));
        let again = app.client.get(app.url(&format!("{url}&w={width}"))).header("if-none-match", &etag).send().await.expect("sent");
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        etags.push(etag);
    }
    etags.dedup();
    assert_eq!(etags.len(), 4, "each copy has its own ETag: {etags:?}");

    for bad in ["500", "0", "big"] {
        let refused = app.get(&format!("{url}&w={bad}"), None).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "w={bad}");
    }
    let refused: Value = expect_status(app.get(&format!("{url}&w=500"), None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["message"], "Image width must be 480, 960 or 1440");
}

//! `/api/site` and the admin's settings and notices.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

fn date(days: i64) -> String {
    // A day or more away from today in any zone the test could meet.
    (Utc::now() + Duration::days(days)).date_naive().to_string()
}

#[tokio::test]
async fn the_environment_seeds_the_settings_until_an_admin_saves_them() {
    let app = spawn_app().await;
    let site: Value = expect_status(app.get("/api/site", None).await, StatusCode::OK).await;
    assert_eq!(site["settings"]["templeName"], "Test Temple");
    assert_eq!(site["settings"]["timeZone"], "America/Los_Angeles");
    assert_eq!(site["settings"]["zelleRecipient"], "zelle@temple.test");
    assert_eq!(site["settings"]["phone"], "");
    assert_eq!(site["settings"]["receiptPaper"], "page", "receipts print on A4/Letter until a receipt printer is chosen");
    assert_eq!(site["notices"], json!([]));

    let admin = app.admin().await;
    let body = json!({
        "templeName": " Sri Example Temple ", "phone": "(916) 555-0199", "email": "Office@Example.org", "timeZone": "asia/kolkata",
        "weekdayMorning": "7:00 AM - 12:00 PM", "sayanostavam": "8:30 PM", "videoId": "https://youtu.be/M7lc1UVf-VE",
        "videoStart": 12, "zelleRecipient": "gifts@example.org", "zelleMemo": "Gift", "facebookUrl": "https://facebook.com/example",
        "receiptPaper": "thermal"
    });
    let saved: Value = expect_status(app.put("/api/admin/site", Some(&admin.token), body).await, StatusCode::OK).await;
    assert_eq!(saved["templeName"], "Sri Example Temple");
    assert_eq!(saved["timeZone"], "Asia/Kolkata");
    assert_eq!(saved["videoId"], "M7lc1UVf-VE");
    assert_eq!(saved["email"], "office@example.org");
    assert_eq!(saved["receiptPaper"], "thermal");

    // Seen at once by visitors, and by the installation's config (the database wins over the
    // environment's Zelle details and name).
    let site: Value = expect_status(app.get("/api/site", None).await, StatusCode::OK).await;
    assert_eq!(site["settings"], saved);
    let config: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(config["templeName"], "Sri Example Temple");
    assert_eq!(config["zelle"], json!({"recipient": "gifts@example.org", "memo": "Gift"}));
}

#[tokio::test]
async fn invalid_settings_are_refused_field_by_field() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = json!({"templeName": "x", "timeZone": "Mars/Base", "ein": "12345", "xUrl": "http://x.com/t", "videoStart": 100000, "receiptPaper": "58mm"});
    let response = app.put("/api/admin/site", Some(&admin.token), body).await;
    let error: Value = expect_status(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["templeName"], "Temple name must be 2 to 100 characters");
    assert_eq!(error["errors"]["timeZone"], "Choose a time zone from the list (an IANA name such as America/Los_Angeles)");
    assert_eq!(error["errors"]["ein"], "EIN must look like 12-3456789");
    assert_eq!(error["errors"]["xUrl"], "Enter a full link starting with https://");
    assert_eq!(error["errors"]["videoStart"], "Start must be a whole number of seconds from 0 to 86400");
    assert_eq!(error["errors"]["receiptPaper"], "Choose A4/Letter paper or an 80 mm receipt printer");
    let site: Value = expect_status(app.get("/api/site", None).await, StatusCode::OK).await;
    assert_eq!(site["settings"]["templeName"], "Test Temple", "nothing was saved");
}

#[tokio::test]
async fn members_cannot_change_the_site() {
    let app = spawn_app().await;
    let member = app.member().await;
    let response = app.put("/api/admin/site", Some(&member.token), json!({"templeName": "Taken Over"})).await;
    assert_eq!(expect_status::<Value>(response, StatusCode::FORBIDDEN).await["message"], "Admin access required");
    let response = app.post("/api/admin/notices", None, json!({"title": "Nope", "startsOn": date(0), "endsOn": date(1)})).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn notices_show_while_current_and_disappear_after_their_end() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let create = |title: &str, from: i64, to: i64| json!({"title": title, "body": "Details", "startsOn": date(from), "endsOn": date(to)});
    let current: Value =
        expect_status(app.post("/api/admin/notices", Some(&admin.token), create("Current", -2, 2)).await, StatusCode::CREATED).await;
    for (title, from, to) in [("Expired", -10, -2), ("Future", 2, 10)] {
        expect_status::<Value>(app.post("/api/admin/notices", Some(&admin.token), create(title, from, to)).await, StatusCode::CREATED)
            .await;
    }
    let site: Value = expect_status(app.get("/api/site", None).await, StatusCode::OK).await;
    let titles: Vec<&str> = site["notices"].as_array().expect("notices").iter().map(|n| n["title"].as_str().expect("title")).collect();
    assert_eq!(titles, ["Current"]);
    let all: Value = expect_status(app.get("/api/admin/notices", Some(&admin.token)).await, StatusCode::OK).await;
    let titles: Vec<&str> = all.as_array().expect("all").iter().map(|n| n["title"].as_str().expect("title")).collect();
    assert_eq!(titles, ["Future", "Current", "Expired"], "latest start first");

    // Ending it yesterday takes it off the page at once.
    let id = current["id"].as_str().expect("id");
    let ended = json!({"title": "Current", "link": "https://example.org/info", "startsOn": date(-5), "endsOn": date(-2)});
    let updated: Value = expect_status(app.put(&format!("/api/admin/notices/{id}"), Some(&admin.token), ended).await, StatusCode::OK).await;
    assert_eq!(updated["link"], "https://example.org/info");
    let site: Value = expect_status(app.get("/api/site", None).await, StatusCode::OK).await;
    assert_eq!(site["notices"], json!([]));

    let response = app.delete(&format!("/api/admin/notices/{id}"), Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let response = app.delete(&format!("/api/admin/notices/{id}"), Some(&admin.token)).await;
    assert_eq!(expect_status::<Value>(response, StatusCode::NOT_FOUND).await["message"], "Notice not found");
}

#[tokio::test]
async fn invalid_notices_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = json!({"title": "x", "link": "javascript:alert(1)", "startsOn": "2026-03-14", "endsOn": "2026-03-13"});
    let error: Value = expect_status(app.post("/api/admin/notices", Some(&admin.token), body).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["title"], "Title must be 2 to 120 characters");
    assert_eq!(error["errors"]["link"], "Enter a link starting with https:// or a page of this site starting with /");
    assert_eq!(error["errors"]["endsOn"], "End date must be on or after the start date");
    let body = json!({"title": "Undated", "startsOn": "March 13", "endsOn": ""});
    let error: Value = expect_status(app.post("/api/admin/notices", Some(&admin.token), body).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["startsOn"], "Enter a date as YYYY-MM-DD");
}

#[tokio::test]
async fn links_browsers_would_read_as_another_site_are_refused_field_by_field() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for link in ["/\\evil.example", "//evil.example", "https://temple.example\\@evil.example", "/events\u{0}"] {
        let body = json!({"title": "Parking", "link": link, "startsOn": date(0), "endsOn": date(1)});
        let error: Value = expect_status(app.post("/api/admin/notices", Some(&admin.token), body).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(error["errors"]["link"], "Enter a link starting with https:// or a page of this site starting with /", "{link:?}");
        assert_eq!(error["message"], "Enter a link starting with https:// or a page of this site starting with /");
        let body = json!({"templeName": "Test Temple", "facebookUrl": link});
        let error: Value = expect_status(app.put("/api/admin/site", Some(&admin.token), body).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(error["errors"]["facebookUrl"], "Enter a full link starting with https://", "{link:?}");
    }
    let all: Value = expect_status(app.get("/api/admin/notices", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(all, json!([]), "nothing was saved");
    let body = json!({"title": "Parking", "link": "/events/parking", "startsOn": date(0), "endsOn": date(1)});
    let saved: Value = expect_status(app.post("/api/admin/notices", Some(&admin.token), body).await, StatusCode::CREATED).await;
    assert_eq!(saved["link"], "/events/parking");
}

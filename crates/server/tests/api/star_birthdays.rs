//! Star birthdays over HTTP (docs/product.md#star-birthdays): a member records their own and a
//! family member's birth star, chosen or worked out from the birth, and the reminder e-mail before
//! the star day arrives once, with a link to book the archana that day.

use std::time::Duration;

use mandir_server::Config;
use mandir_server::config::JobsConfig;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app, spawn_app_with, test_config};

#[tokio::test]
async fn a_member_records_their_familys_birth_stars_and_no_one_else_can() {
    let app = spawn_app().await;
    let member = app.member().await;
    let other = app.member().await;
    let son: Value = expect_status(
        app.post("/api/users/me/family", Some(&member.token), json!({"name": "Anand", "relation": "Son"})).await,
        StatusCode::CREATED,
    )
    .await;
    let son_id = son["id"].as_str().expect("id");
    let people: Vec<Value> = expect_status(app.get("/api/users/me/stars", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(people.iter().map(|p| p["person"].as_str().expect("person")).collect::<Vec<_>>(), ["me", son_id]);
    assert!(people.iter().all(|p| p["star"].is_null() && p["nextStarDay"].is_null()));

    // The member's own, chosen; the son's, worked out from his birth in India.
    let own: Value =
        expect_status(app.put("/api/users/me/stars/me", Some(&member.token), json!({"nakshatra": 4})).await, StatusCode::OK).await;
    assert_eq!((own["star"]["nakshatraName"].clone(), own["star"]["remind"].clone()), (json!("Rohini"), json!(false)));
    assert!(own["nextStarDay"].is_string(), "within a month: {own}");
    let birth = json!({"birthDate": "2010-08-15", "birthTime": "05:30", "birthZone": "Asia/Kolkata"});
    let worked: Value = expect_status(app.post("/api/panchangam/birth-star", None, birth.clone()).await, StatusCode::OK).await;
    let mut body = birth.clone();
    body["remind"] = json!(true);
    body["daysBefore"] = json!(3);
    let sons: Value =
        expect_status(app.put(&format!("/api/users/me/stars/{son_id}"), Some(&member.token), body).await, StatusCode::OK).await;
    assert_eq!(sons["star"]["nakshatra"], worked["nakshatra"]);
    assert_eq!(sons["star"]["nakshatraName"], worked["name"]);
    assert_eq!((sons["star"]["birthZone"].clone(), sons["star"]["daysBefore"].clone()), (json!("Asia/Kolkata"), json!(3)));

    // Another member sees none of it and cannot touch it.
    let theirs: Vec<Value> = expect_status(app.get("/api/users/me/stars", Some(&other.token)).await, StatusCode::OK).await;
    assert_eq!(theirs.len(), 1);
    let path = format!("/api/users/me/stars/{son_id}");
    expect_status::<Value>(app.put(&path, Some(&other.token), json!({"nakshatra": 1})).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.delete(&path, Some(&other.token)).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.get("/api/users/me/stars", None).await, StatusCode::UNAUTHORIZED).await;

    // Bad input, field by field.
    let error: Value = expect_status(
        app.put(
            "/api/users/me/stars/me",
            Some(&member.token),
            json!({"birthDate": "2010-08-15", "birthZone": "Mars/Olympus", "daysBefore": 9}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(error["errors"]["birthZone"], "Choose the birthplace's time zone from the list (an IANA name such as Asia/Kolkata)");
    assert_eq!(error["errors"]["daysBefore"], "Remind 1 to 7 days before");
    let error: Value =
        expect_status(app.post("/api/panchangam/birth-star", None, json!({"birthDate": "2010-08-15"})).await, StatusCode::BAD_REQUEST)
            .await;
    assert!(error["errors"]["birthTime"].is_string() && error["errors"]["birthZone"].is_string(), "{error}");

    // Forgotten; removing the son removes his star too.
    expect_status::<Value>(app.delete("/api/users/me/stars/me", Some(&member.token)).await, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(app.delete(&format!("/api/users/me/family/{son_id}"), Some(&member.token)).await, StatusCode::NO_CONTENT).await;
    let people: Vec<Value> = expect_status(app.get("/api/users/me/stars", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(people.len(), 1);
    assert!(people[0]["star"].is_null());
}

#[tokio::test]
async fn the_star_day_reminder_arrives_once_with_a_link_to_book_the_archana() {
    let jobs = JobsConfig {
        queue_star_reminders_every: Duration::from_millis(200),
        send_member_emails_every: Duration::from_millis(200),
        ..JobsConfig::default()
    };
    let app = spawn_app_with(Config { jobs, ..test_config().await }).await;
    let admin = app.admin().await;
    let member = app.member().await;
    let archana = json!({
        "name": "Sahasranama Archana", "category": "temple", "priceCents": 1100, "priceKind": "fixed", "durationMinutes": 15,
        "weekdays": ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"], "capacityMode": "slots",
        "slots": [{"time": "09:00", "capacity": 10}], "horizonDays": 60, "cutoffHours": 1,
    });
    let seva: Value = expect_status(app.post("/api/sevas", Some(&admin.token), archana).await, StatusCode::CREATED).await;
    let seva_id = seva["id"].as_str().expect("id");

    // A star that comes to sunrise within the next three days (a new one that day).
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
    let url = format!("/api/panchangam?from={today}&to={}", today + chrono::Duration::days(3));
    let days: Vec<Value> = expect_status(app.get(&url, None).await, StatusCode::OK).await;
    let star_of = |d: &Value| d["nakshatra"]["number"].as_u64().expect("star");
    let (index, day) = days.iter().enumerate().skip(1).find(|(i, d)| star_of(d) != star_of(&days[i - 1])).expect("a new star");
    assert!(index <= 3);
    let star = star_of(day);
    let date = day["date"].as_str().expect("date");
    let own: Value = expect_status(
        app.put("/api/users/me/stars/me", Some(&member.token), json!({"nakshatra": star, "remind": true, "daysBefore": 3})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(own["nextStarDay"], json!(date));

    let mail = app.wait_for_email(&member.email, "star day").await;
    let name = own["star"]["nakshatraName"].as_str().expect("name");
    assert!(mail.contains(&format!("Your star day, {name}, is on")), "{mail}");
    assert!(mail.contains(&format!("http://temple.test/sevas/{seva_id}?date={date}")), "{mail}");
    assert!(mail.contains("http://temple.test/profile?tab=stars"), "{mail}");
    // More runs of the job: still one.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let count = app.emails_to(&member.email).iter().filter(|m| m.contains("star day")).count();
    assert_eq!(count, 1);
}

//! `/api/panchangam`: the panchangam at the temple's place, its shape, its limits, and that the
//! answer follows the temple's place (docs/product.md#the-panchangam).

use chrono::{DateTime, FixedOffset};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

fn instant(value: &Value) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(value.as_str().expect("an instant")).expect("RFC 3339")
}

#[tokio::test]
async fn a_day_has_every_limb_with_its_end_at_the_temples_offset() {
    let app = spawn_app().await;
    let days: Vec<Value> = expect_status(app.get("/api/panchangam?from=2026-11-25&to=2026-11-25", None).await, StatusCode::OK).await;
    assert_eq!(days.len(), 1);
    let day = &days[0];
    assert_eq!(day["date"], "2026-11-25");
    // Folsom, CA by default; the Swiss Ephemeris says sunrise 14:57:52 UTC, the tithi Krishna
    // Dvitiya until 07:45:4x UTC the next day, the nakshatra Rohini.
    let sunrise = instant(&day["sunrise"]);
    assert_eq!(sunrise.offset().local_minus_utc(), -8 * 3600, "at the temple's offset");
    let oracle = DateTime::parse_from_rfc3339("2026-11-25T14:57:52Z").expect("instant");
    assert!((sunrise - oracle).num_seconds().abs() <= 60, "sunrise {sunrise}");
    assert_eq!(day["tithi"]["number"], 17);
    assert_eq!(day["tithi"]["name"], "Dvitiya");
    assert_eq!(day["tithi"]["paksha"], "krishna");
    assert_eq!(day["tithi"]["vriddhi"], false);
    assert_eq!(day["tithi"]["kshaya"], Value::Null);
    assert!(instant(&day["tithi"]["endsAt"]) > sunrise, "the first end after sunrise");
    assert_eq!(day["nakshatra"]["number"], 4);
    assert_eq!(day["nakshatra"]["name"], "Rohini");
    assert_eq!(day["vara"], json!({"number": 3, "name": "Budhavara"}));
    assert_eq!(day["lunarMonth"], json!({"number": 8, "name": "Kartika", "adhika": false}));
    for limb in ["yoga", "karana"] {
        assert!(day[limb]["name"].as_str().is_some_and(|n| !n.is_empty()), "{limb}");
        assert!(instant(&day[limb]["endsAt"]) > sunrise, "{limb}");
    }
    let sunset = instant(&day["sunset"]);
    for period in ["rahuKalam", "yamagandam", "gulikaKalam"] {
        let (start, end) = (instant(&day[period]["start"]), instant(&day[period]["end"]));
        assert!(sunrise <= start && start < end && end <= sunset, "{period} within the daytime");
        // Shown to the second: an eighth of the daytime within a second.
        assert!(((end - start) * 8 - (sunset - sunrise)).num_seconds().abs() <= 8, "{period} is an eighth of the daytime");
    }
    // Wednesday: Rahu kalam is the fifth eighth.
    let midday = sunrise + (sunset - sunrise) / 2;
    assert!((instant(&day["rahuKalam"]["start"]) - midday).num_seconds().abs() <= 1);
}

#[tokio::test]
async fn a_year_at_most_and_real_dates_only() {
    let app = spawn_app().await;
    let leap: Vec<Value> = expect_status(app.get("/api/panchangam?from=2028-01-01&to=2028-12-31", None).await, StatusCode::OK).await;
    assert_eq!(leap.len(), 366);
    assert_eq!(leap[365]["date"], "2028-12-31");
    let today: Vec<Value> = expect_status(app.get("/api/panchangam", None).await, StatusCode::OK).await;
    assert_eq!(today.len(), 1, "today when nothing is asked");

    for (query, field, message) in [
        ("from=2028-01-01&to=2029-01-01", "to", "Ask for at most 366 days at once"),
        ("from=2028-01-02&to=2028-01-01", "to", "The last day must be on or after the first"),
        ("from=2026-02-30", "from", "Enter a date as YYYY-MM-DD"),
        ("from=2026-11-25&to=tomorrow", "to", "Enter a date as YYYY-MM-DD"),
        ("from=1899-12-31", "from", "Choose dates from 1900-01-01 to 2100-12-31"),
        ("from=2100-12-31&to=2101-01-01", "to", "Choose dates from 1900-01-01 to 2100-12-31"),
    ] {
        let error: Value = expect_status(app.get(&format!("/api/panchangam?{query}"), None).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(error["errors"][field], message, "{query}");
    }
}

#[tokio::test]
async fn moving_the_temple_moves_the_answer() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let ask = "/api/panchangam?from=2026-08-01&to=2026-08-31";
    let folsom: Vec<Value> = expect_status(app.get(ask, None).await, StatusCode::OK).await;
    assert!(folsom[0]["sunrise"].as_str().is_some_and(|s| s.ends_with("-07:00")));

    let mut settings: Value = expect_status::<Value>(app.get("/api/site", None).await, StatusCode::OK).await["settings"].clone();
    assert_eq!((settings["latitude"].as_f64(), settings["longitude"].as_f64()), (Some(38.678), Some(-121.1761)));
    settings["latitude"] = json!(13.0827);
    settings["longitude"] = json!(80.2707);
    settings["timeZone"] = json!("Asia/Kolkata");
    let saved: Value = expect_status(app.put("/api/admin/site", Some(&admin.token), settings.clone()).await, StatusCode::OK).await;
    assert_eq!(saved["latitude"], 13.0827);

    let chennai: Vec<Value> = expect_status(app.get(ask, None).await, StatusCode::OK).await;
    assert_eq!(chennai.len(), 31);
    assert!(chennai[0]["sunrise"].as_str().is_some_and(|s| s.ends_with("+05:30")), "{}", chennai[0]["sunrise"]);
    assert_ne!(chennai[0]["sunrise"], folsom[0]["sunrise"]);
    // Same almanac, another horizon and another day boundary: Chennai's sunrise is 13.5 hours of
    // clock ahead, so some tithis at sunrise differ over a month.
    let differing = folsom.iter().zip(&chennai).filter(|(f, c)| f["tithi"]["number"] != c["tithi"]["number"]).count();
    assert!(differing > 0, "the tithi at sunrise differs on some day of the month");

    // A place off the globe is refused, and nothing changes.
    settings["latitude"] = json!(75.0);
    let error: Value = expect_status(app.put("/api/admin/site", Some(&admin.token), settings).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["latitude"], "Latitude must be a number of degrees from -60 to 60 (north is positive)");
    let again: Vec<Value> = expect_status(app.get(ask, None).await, StatusCode::OK).await;
    assert_eq!(again[0]["sunrise"], chennai[0]["sunrise"]);
}

#[tokio::test]
async fn festivals_fall_on_their_days_and_go_to_calendars() {
    let app = spawn_app().await;
    let festivals: Vec<Value> = expect_status(app.get("/api/festivals?year=2026", None).await, StatusCode::OK).await;
    let on = |name: &str| festivals.iter().find(|f| f["name"] == name).map(|f| f["date"].clone());
    // At Folsom: Diwali's Lakshmi puja on Amavasya at dusk, Janmashtami on Ashtami at midnight.
    assert_eq!(on("Diwali (Lakshmi Puja)"), Some(json!("2026-11-08")));
    assert_eq!(on("Krishna Janmashtami"), Some(json!("2026-09-03")));
    assert_eq!(on("Maha Shivaratri"), Some(json!("2026-02-15")));
    let diwali = festivals.iter().find(|f| f["name"] == "Diwali (Lakshmi Puja)").expect("diwali");
    assert_eq!(
        (diwali["tithi"].clone(), diwali["tithiName"].clone(), diwali["moment"].clone()),
        (json!(30), json!("Amavasya"), json!("pradosha"))
    );
    let dates: Vec<&str> = festivals.iter().map(|f| f["date"].as_str().expect("date")).collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]), "in date order");
    assert!(dates.iter().all(|d| d.starts_with("2026-")));
    let error: Value = expect_status(app.get("/api/festivals?year=1899", None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["year"], "Choose a year from 1900 to 2100");

    let response = app.get("/api/panchangam/festivals.ics", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().expect("type").starts_with("text/calendar"));
    let text = response.text().await.expect("body");
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
    assert!(text.contains("Ekadashi") && text.contains("Pournami") && text.contains("Amavasya"), "special tithis");
    let entries = text.matches("BEGIN:VEVENT").count();
    // A year: about 25 festivals, 24–25 Ekadashis, 12–13 full and 12–13 new moons.
    assert!((60..=90).contains(&entries), "{entries} entries");
    assert!(text.contains("DTSTART;VALUE=DATE:"), "all-day entries");
}

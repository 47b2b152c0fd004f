//! Festivals by the lunar calendar over HTTP (docs/festivals.md): a year's festivals at the temple
//! from the rules in the database, the editors' rules, the preview of a festival's dates and its
//! events made once per date, and recurring services every tithi or nakshatra.

use chrono::Datelike;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

#[tokio::test]
async fn editors_keep_the_rules_and_a_changed_rule_moves_the_festival() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let editor = app.staff(&admin, &["editor"]).await;
    let rules: Vec<Value> = expect_status(app.get("/api/admin/festivals", Some(&editor.token)).await, StatusCode::OK).await;
    assert_eq!(rules.len(), 25, "the shipped table");
    let diwali = rules.iter().find(|r| r["id"] == "diwali").expect("diwali");
    assert_eq!(diwali["rule"], "Ashwin Amavasya, in the evening after sunset (pradosha)");
    assert_eq!((diwali["lunarMonth"].clone(), diwali["tithi"].clone(), diwali["moment"].clone()), (json!(7), json!(30), json!("pradosha")));

    // A rule of one's own: Ratha Saptami, Magha Shukla Saptami at sunrise.
    let body = json!({"name": "Ratha Saptami", "lunarMonth": 11, "tithi": 7, "moment": "sunrise", "source": "Dharma Sindhu"});
    let created: Value = expect_status(app.post("/api/admin/festivals", Some(&editor.token), body).await, StatusCode::CREATED).await;
    assert_eq!(created["rule"], "Magha Shukla Saptami, at sunrise");
    let id = created["id"].as_str().expect("id").to_owned();
    let year: Vec<Value> = expect_status(app.get("/api/festivals?year=2027", None).await, StatusCode::OK).await;
    let on = |list: &[Value], name: &str| list.iter().find(|f| f["name"] == name).map(|f| f["date"].clone());
    let saptami = on(&year, "Ratha Saptami").expect("in 2027");
    assert_eq!(year.iter().find(|f| f["name"] == "Ratha Saptami").expect("it")["ruleId"], json!(id));

    // Changed to Ashtami, it falls a day later (or so); bad input is refused field by field.
    let changed = json!({"name": "Bhishma Ashtami", "lunarMonth": 11, "tithi": 8, "moment": "sunrise"});
    expect_status::<Value>(app.put(&format!("/api/admin/festivals/{id}"), Some(&editor.token), changed).await, StatusCode::OK).await;
    let year: Vec<Value> = expect_status(app.get("/api/festivals?year=2027", None).await, StatusCode::OK).await;
    assert!(on(&year, "Ratha Saptami").is_none());
    assert_ne!(on(&year, "Bhishma Ashtami").expect("in 2027"), saptami);
    let bad = json!({"name": "x", "lunarMonth": 13, "solarMonth": 2, "tithi": 31, "moment": "noon"});
    let error: Value = expect_status(app.post("/api/admin/festivals", Some(&editor.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["name"], "Festival name must be 3 to 100 characters");
    assert_eq!(error["errors"]["solarMonth"], "Choose a lunar month or a solar month, not both");
    assert_eq!(error["errors"]["tithi"], "Choose a tithi from 1 to 30 (1–15 shukla, 16–30 krishna)");
    assert_eq!(error["errors"]["moment"], "Choose when the tithi must run: sunrise, madhyahna, pradosha or nishita");

    // Deleted: gone from the year, and from the audit log's point of view recorded.
    expect_status::<Value>(app.delete(&format!("/api/admin/festivals/{id}"), Some(&editor.token)).await, StatusCode::NO_CONTENT).await;
    let year: Vec<Value> = expect_status(app.get("/api/festivals?year=2027", None).await, StatusCode::OK).await;
    assert!(on(&year, "Bhishma Ashtami").is_none());
    expect_status::<Value>(app.delete(&format!("/api/admin/festivals/{id}"), Some(&editor.token)).await, StatusCode::NOT_FOUND).await;
    let audit: Value = expect_status(app.get("/api/admin/audit?kind=site", Some(&admin.token)).await, StatusCode::OK).await;
    let actions: Vec<&str> = audit["items"].as_array().expect("items").iter().filter_map(|e| e["action"].as_str()).collect();
    for action in ["festival.create", "festival.update", "festival.delete"] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
}

#[tokio::test]
async fn a_festivals_events_are_previewed_then_made_once_for_the_coming_years() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let next_year = chrono::Utc::now().year() + 1;
    let preview = format!("/api/admin/festivals/diwali/events?fromYear={next_year}&years=3");
    let seen: Value = expect_status(app.get(&preview, Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(seen["festival"]["name"], "Diwali (Lakshmi Puja)");
    let days = seen["days"].as_array().expect("days");
    assert_eq!(days.len(), 3, "once a year: {days:?}");
    assert!(days.iter().all(|d| d["eventId"].is_null() && d["past"] == false));
    let dates: Vec<String> = days.iter().map(|d| d["date"].as_str().expect("date").to_owned()).collect();
    assert!(dates.iter().zip(next_year..).all(|(d, y)| d.starts_with(&format!("{y}-1"))), "October or November: {dates:?}");

    let body = json!({"fromYear": next_year, "years": 3, "time": "18:30", "location": "Main hall", "description": "Lakshmi puja, lamps and prasadam", "capacity": 400});
    let url = "/api/admin/festivals/diwali/events";
    let made: Value = expect_status(app.post(url, Some(&admin.token), body.clone()).await, StatusCode::CREATED).await;
    let created = made["created"].as_array().expect("created");
    assert_eq!(created.len(), 3);
    assert!(created.iter().all(|e| e["name"] == "Diwali (Lakshmi Puja)" && e["capacity"] == 400 && e["location"] == "Main hall"));
    // 6:30 PM at the temple, on the festival's date (Los Angeles: UTC-7 or UTC-8).
    let first = created[0]["eventDate"].as_str().expect("date");
    let local = chrono::DateTime::parse_from_rfc3339(first).expect("instant").with_timezone(&chrono_tz::America::Los_Angeles);
    assert_eq!((local.date_naive().to_string(), local.format("%H:%M").to_string()), (dates[0].clone(), "18:30".to_owned()));
    let events: Vec<Value> = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    assert_eq!(events.iter().filter(|e| e["name"] == "Diwali (Lakshmi Puja)").count(), 3);

    // Again: nothing new; the dates are reported as made.
    let again: Value = expect_status(app.post(url, Some(&admin.token), body).await, StatusCode::CREATED).await;
    assert_eq!(again["created"].as_array().expect("created").len(), 0);
    assert_eq!(again["existing"].as_array().expect("existing").len(), 3);
    let seen: Value = expect_status(app.get(&preview, Some(&admin.token)).await, StatusCode::OK).await;
    assert!(seen["days"].as_array().expect("days").iter().all(|d| d["eventId"].is_string()));
    let events: Vec<Value> = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    assert_eq!(events.iter().filter(|e| e["name"] == "Diwali (Lakshmi Puja)").count(), 3);

    // A bad form makes nothing; too many years are refused.
    let bad = json!({"years": 11, "time": "7pm", "location": "", "description": "short"});
    let error: Value = expect_status(app.post(url, Some(&admin.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["years"], "Make the events for 1 to 10 years");
    assert_eq!(error["errors"]["time"], "Time must be a valid time (HH:MM)");
    assert!(error["errors"]["location"].is_string() && error["errors"]["description"].is_string());
    expect_status::<Value>(app.get("/api/admin/festivals/nothing/events", Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn services_every_ekadashi_and_every_month_on_a_nakshatra_fall_on_the_panchangams_days() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let ekadashi = json!({"name": "Ekadashi Vishnu Sahasranamam", "frequency": "tithi", "tithis": [11, 26], "time": "18:30"});
    let created: Value = expect_status(app.post("/api/services", Some(&admin.token), ekadashi).await, StatusCode::CREATED).await;
    assert_eq!(created["schedule"], "Every Ekadashi, 6:30 PM");
    assert_eq!(created["tithis"], json!([11, 26]));
    let star = json!({"name": "Shravanam Satyanarayana", "frequency": "nakshatra", "nakshatra": 22, "time": "10:00"});
    let created: Value = expect_status(app.post("/api/services", Some(&admin.token), star).await, StatusCode::CREATED).await;
    assert_eq!(created["schedule"], "Every month on Shravana, 10:00 AM");
    assert!(created["nextOccurrence"]["date"].is_string(), "a next day within the month: {created}");

    // 2027 at the temple: the occurrences are the days the panchangam gives.
    let (from, to) = ("2027-01-01", "2027-12-31");
    let occurrences: Value =
        expect_status(app.get(&format!("/api/services/occurrences?from={from}&to={to}"), None).await, StatusCode::OK).await;
    let days: Vec<Value> = expect_status(app.get(&format!("/api/panchangam?from={from}&to={to}"), None).await, StatusCode::OK).await;
    let dates_of = |name: &str| -> Vec<String> {
        occurrences["occurrences"]
            .as_array()
            .expect("occurrences")
            .iter()
            .filter(|o| o["name"] == name)
            .map(|o| o["date"].as_str().expect("date").to_owned())
            .collect()
    };
    let ekadashis = dates_of("Ekadashi Vishnu Sahasranamam");
    assert!((24..=26).contains(&ekadashis.len()), "{} Ekadashis", ekadashis.len());
    for date in &ekadashis {
        let day = days.iter().find(|d| d["date"] == json!(date)).expect("day");
        let at_sunrise = day["tithi"]["number"].as_u64().expect("tithi");
        let kshaya = day["tithi"]["kshaya"]["number"].as_u64();
        assert!(matches!(at_sunrise, 11 | 26) || matches!(kshaya, Some(11 | 26)), "{date}: {}", day["tithi"]);
    }
    let shravanams = dates_of("Shravanam Satyanarayana");
    assert!((12..=14).contains(&shravanams.len()), "{} star days", shravanams.len());
    for date in &shravanams {
        let day = days.iter().find(|d| d["date"] == json!(date)).expect("day");
        let star = day["nakshatra"]["number"].as_u64().expect("nakshatra");
        assert!(star == 22 || star == 21, "{date}: {}", day["nakshatra"]);
    }
    let error: Value = expect_status(
        app.post("/api/services", Some(&admin.token), json!({"name": "No tithi", "frequency": "tithi", "tithis": [], "time": "09:00"}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(error["errors"]["tithis"], "Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)");
}

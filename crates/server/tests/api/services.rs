//! `/api/services`: recurring services with their next occurrences computed in the temple's zone.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

fn weekly(name: &str) -> Value {
    json!({"name": name, "description": "Abhishekam for Lord Venkateswara", "frequency": "weekly", "weekdays": ["saturday"], "time": "09:00"})
}

#[tokio::test]
async fn admins_add_services_and_everyone_sees_their_next_occurrence() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let created: Value =
        expect_status(app.post("/api/services", Some(&admin.token), weekly("Abhishekam")).await, StatusCode::CREATED).await;
    assert_eq!(created["schedule"], "Every Saturday, 9:00 AM");
    assert_eq!(created["weekdays"], json!(["saturday"]));
    let next = &created["nextOccurrence"];
    assert_eq!(next["time"], "09:00");
    assert_eq!(next["timeLabel"], "9:00 AM");
    let date = chrono::NaiveDate::parse_from_str(next["date"].as_str().expect("date"), "%Y-%m-%d").expect("a date");
    assert_eq!(chrono::Datelike::weekday(&date), chrono::Weekday::Sat);
    // The instant is 9:00 in Los Angeles that day, whatever the season.
    let starts_at = chrono::DateTime::parse_from_rfc3339(next["startsAt"].as_str().expect("instant")).expect("rfc3339");
    let local = starts_at.with_timezone(&chrono_tz::America::Los_Angeles);
    assert_eq!((local.date_naive(), local.time()), (date, chrono::NaiveTime::from_hms_opt(9, 0, 0).expect("time")));

    let daily = json!({"name": "Suprabhatam", "frequency": "daily", "time": "07:00"});
    expect_status::<Value>(app.post("/api/services", Some(&admin.token), daily).await, StatusCode::CREATED).await;
    let list: Vec<Value> = expect_status(app.get("/api/services", None).await, StatusCode::OK).await;
    assert_eq!(list.len(), 2);
    let starts: Vec<&str> = list.iter().map(|s| s["nextOccurrence"]["startsAt"].as_str().expect("next")).collect();
    let mut sorted = starts.clone();
    sorted.sort_by_key(|s| chrono::DateTime::parse_from_rfc3339(s).expect("rfc3339"));
    assert_eq!(starts, sorted, "soonest first");
}

#[tokio::test]
async fn the_calendar_occurrences_agree_with_the_next_occurrence() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = json!({"name": "Satyanarayana Puja", "frequency": "monthlyWeekday", "week": 5, "weekday": "saturday", "time": "10:00"});
    let created: Value = expect_status(app.post("/api/services", Some(&admin.token), body).await, StatusCode::CREATED).await;
    assert_eq!(created["schedule"], "5th Saturday of the month, 10:00 AM");
    let next_date = created["nextOccurrence"]["date"].as_str().expect("date").to_owned();
    let from = (chrono::Utc::now() - chrono::Duration::days(1)).format("%Y-%m-%d").to_string();
    let to = (chrono::Utc::now() + chrono::Duration::days(360)).format("%Y-%m-%d").to_string();
    let found: Value = expect_status(app.get(&format!("/api/services/occurrences?from={from}&to={to}"), None).await, StatusCode::OK).await;
    assert_eq!(found["timeZone"], "America/Los_Angeles");
    let list = found["occurrences"].as_array().expect("occurrences");
    assert!(list.iter().any(|o| o["date"] == next_date.as_str() && o["startsAt"] == created["nextOccurrence"]["startsAt"]));
    assert!((2..=6).contains(&list.len()), "four or five fifth Saturdays a year: {}", list.len());
    for o in list {
        let date = chrono::NaiveDate::parse_from_str(o["date"].as_str().expect("date"), "%Y-%m-%d").expect("date");
        assert!(chrono::Datelike::day(&date) >= 29 && chrono::Datelike::weekday(&date) == chrono::Weekday::Sat, "{date}");
        assert_eq!(o["name"], "Satyanarayana Puja");
    }
    // 2026: March 14 (2nd Saturday) at 9:00 PDT; the day after the switch to daylight time.
    let second = json!({"name": "Unjal Seva", "frequency": "monthlyWeekday", "week": 2, "weekday": "saturday", "time": "09:00"});
    expect_status::<Value>(app.post("/api/services", Some(&admin.token), second).await, StatusCode::CREATED).await;
    let march: Value = expect_status(app.get("/api/services/occurrences?from=2026-03-01&to=2026-03-31", None).await, StatusCode::OK).await;
    let unjal: Vec<&Value> = march["occurrences"].as_array().expect("list").iter().filter(|o| o["name"] == "Unjal Seva").collect();
    assert_eq!(unjal.len(), 1);
    assert_eq!(unjal[0]["date"], "2026-03-14");
    assert_eq!(unjal[0]["startsAt"], "2026-03-14T16:00:00Z");
}

#[tokio::test]
async fn bad_ranges_and_forms_are_400_with_messages() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let error: Value =
        expect_status(app.get("/api/services/occurrences?from=2026-03-31&to=2026-03-01", None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["to"], "Must be on or after the start date");
    let error: Value = expect_status(app.get("/api/services/occurrences", None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["from"], "Must be a date (YYYY-MM-DD)");

    let bad = json!({"name": "ab", "frequency": "weekly", "weekdays": [], "time": "9 am", "endDate": "soon"});
    let error: Value = expect_status(app.post("/api/services", Some(&admin.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["name"], "Service name must be at least 3 characters");
    assert_eq!(error["errors"]["weekdays"], "Choose at least one day of the week");
    assert_eq!(error["errors"]["time"], "Time must be a valid time (HH:MM)");
    assert_eq!(error["errors"]["endDate"], "End date must be a valid date (YYYY-MM-DD)");
    let yearly = json!({"name": "Founding day", "frequency": "yearly", "month": 4, "day": 31, "time": "10:00"});
    let error: Value = expect_status(app.post("/api/services", Some(&admin.token), yearly).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["day"], "That day does not exist in the chosen month");
}

#[tokio::test]
async fn edits_replace_the_rule_and_ended_services_have_no_next_occurrence() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let created: Value =
        expect_status(app.post("/api/services", Some(&admin.token), weekly("Abhishekam")).await, StatusCode::CREATED).await;
    let path = format!("/api/services/{}", created["id"].as_str().expect("id"));
    let ended = json!({"name": "Old Abhishekam", "frequency": "daily", "time": "18:30", "endDate": "2020-01-31"});
    let updated: Value = expect_status(app.put(&path, Some(&admin.token), ended.clone()).await, StatusCode::OK).await;
    assert_eq!(updated["name"], "Old Abhishekam");
    assert_eq!(updated["frequency"], "daily");
    assert_eq!(updated["weekdays"], json!([]));
    assert_eq!(updated["endDate"], "2020-01-31");
    assert_eq!(updated["nextOccurrence"], Value::Null);
    assert_eq!(updated["schedule"], "Every day, 6:30 PM, until January 31, 2020");

    assert_eq!(app.put(&path, Some(&member.token), ended.clone()).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.put(&path, None, ended.clone()).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.delete(&path, Some(&member.token)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&path, Some(&admin.token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.delete(&path, Some(&admin.token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.put(&path, Some(&admin.token), ended).await.status(), StatusCode::NOT_FOUND);
    let list: Vec<Value> = expect_status(app.get("/api/services", None).await, StatusCode::OK).await;
    assert!(list.is_empty());
}

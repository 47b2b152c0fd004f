//! Calendars (ADR 0105): an event's `.ics`, the temple's feed, a member's personal feed behind a
//! replaceable token; every answer parsed back with a real iCalendar parser.

use chrono::{DateTime, TimeZone, Utc};
use icalendar::{CalendarDateTime, Component, DatePerhapsTime, EventLike};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app};

async fn calendar(app: &TestApp, path: &str) -> (String, icalendar::Calendar) {
    let response = app.get(path, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
    let text = response.text().await.expect("body");
    let parsed = text.parse::<icalendar::Calendar>().unwrap_or_else(|e| panic!("not a calendar ({e}):\n{text}"));
    (text, parsed)
}

fn events(calendar: &icalendar::Calendar) -> Vec<&icalendar::Event> {
    calendar.components.iter().filter_map(|c| c.as_event()).collect()
}

/// The instant of a `DTSTART;TZID=...` in the temple's zone.
fn start_of(event: &icalendar::Event) -> DateTime<Utc> {
    let Some(DatePerhapsTime::DateTime(CalendarDateTime::WithTimezone { date_time, tzid })) = event.get_start() else {
        panic!("a start with a zone: {:?}", event.get_start());
    };
    assert_eq!(tzid, "America/Los_Angeles");
    chrono_tz::America::Los_Angeles.from_local_datetime(&date_time).single().expect("one instant").with_timezone(&Utc)
}

#[tokio::test]
async fn an_event_downloads_as_a_valid_ics_in_the_temple_zone_across_daylight_saving() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    // Two events on either side of a daylight-saving change, at the same local hour.
    let year = Utc::now().format("%Y").to_string().parse::<i32>().expect("year") + 1;
    let mut ids = Vec::new();
    for (month, day) in [(3, 1), (3, 15)] {
        let local = chrono_tz::America::Los_Angeles.with_ymd_and_hms(year, month, day, 10, 30, 0).single().expect("local");
        let body = json!({"name": "Ugadi; Panchanga Sravanam", "description": "New year, with readings", "location": "Main Hall, 1 Temple Rd", "eventDate": local.to_rfc3339()});
        let event: Value = expect_status(app.post("/api/events", Some(&admin.token), body).await, StatusCode::CREATED).await;
        ids.push((event["id"].as_str().expect("id").to_owned(), local.with_timezone(&Utc)));
    }
    for (id, instant) in &ids {
        let response = app.get(&format!("/api/events/{id}/event.ics"), None).await;
        assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"event.ics\"");
        let (text, parsed) = calendar(&app, &format!("/api/events/{id}/event.ics")).await;
        let found = events(&parsed);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].get_uid(), Some(format!("event-{id}@temple.test").as_str()));
        assert_eq!(found[0].get_summary(), Some("Ugadi; Panchanga Sravanam"));
        assert_eq!(found[0].get_location(), Some("Main Hall, 1 Temple Rd"));
        assert!(found[0].get_timestamp().is_some(), "DTSTAMP");
        assert_eq!(start_of(found[0]), *instant);
        assert!(text.contains(&format!("DTSTART;TZID=America/Los_Angeles:{year}03")), "{text}");
        assert!(text.contains("T103000\r\n"), "10:30 local on both sides of the change: {text}");
        assert!(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n"), "{text}");
        assert!(text.contains(&format!("BEGIN:DAYLIGHT\r\nDTSTART:{year}03")), "{text}");
        assert!(text.contains("X-WR-CALNAME:Test Temple"), "the site settings' name: {text}");
    }
    expect_status::<Value>(app.get("/api/events/no-such-event/event.ics", None).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn the_temple_feed_lists_upcoming_events_and_recurring_services() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Deepavali", 5, None).await;
    let service = json!({"name": "Suprabhatam", "frequency": "daily", "time": "06:30"});
    expect_status::<Value>(app.post("/api/services", Some(&admin.token), service).await, StatusCode::CREATED).await;
    let (_, parsed) = calendar(&app, "/api/calendar.ics").await;
    let found = events(&parsed);
    let id = event["id"].as_str().expect("id");
    assert!(found.iter().any(|e| e.get_uid() == Some(format!("event-{id}@temple.test").as_str())));
    let daily: Vec<_> = found.iter().filter(|e| e.get_summary() == Some("Suprabhatam")).collect();
    assert!((90..=91).contains(&daily.len()), "a daily service over 90 days: {}", daily.len());
    let uids: std::collections::BTreeSet<_> = found.iter().map(|e| e.get_uid().expect("uid")).collect();
    assert_eq!(uids.len(), found.len(), "every UID unique");
}

#[tokio::test]
async fn the_personal_feed_works_behind_its_current_token_only() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let mine = app.create_event(&admin, "Sri Rama Navami", 7, None).await;
    let other = app.create_event(&admin, "Hanuman Jayanti", 8, None).await;
    let mine_id = mine["id"].as_str().expect("id");
    let register = app.post(&format!("/api/events/{mine_id}/register"), Some(&member.token), json!({"numberOfFamilyMembers": 1})).await;
    expect_status::<Value>(register, StatusCode::CREATED).await;

    let settings: Value = expect_status(app.get("/api/account", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(settings["calendarFeedSince"], Value::Null);
    let feed: Value = expect_status(app.post("/api/account/calendar-feed", Some(&member.token), json!({})).await, StatusCode::OK).await;
    let url = feed["url"].as_str().expect("url");
    let path = url.strip_prefix("http://temple.test").expect("on the site");
    assert!(path.starts_with("/api/calendar/") && path.ends_with(".ics"), "{path}");
    let (text, parsed) = calendar(&app, path).await;
    let uids: Vec<_> = events(&parsed).iter().map(|e| e.get_uid().expect("uid").to_owned()).collect();
    assert_eq!(uids, [format!("event-{mine_id}@temple.test")], "only the member's registrations");
    assert!(!text.contains(other["id"].as_str().expect("id")));
    let settings: Value = expect_status(app.get("/api/account", Some(&member.token)).await, StatusCode::OK).await;
    assert!(settings["calendarFeedSince"].is_string());

    // A new link: the old one stops working.
    let renewed: Value = expect_status(app.post("/api/account/calendar-feed", Some(&member.token), json!({})).await, StatusCode::OK).await;
    let new_path = renewed["url"].as_str().expect("url").strip_prefix("http://temple.test").expect("on the site").to_owned();
    assert_ne!(new_path, path);
    expect_status::<Value>(app.get(path, None).await, StatusCode::NOT_FOUND).await;
    calendar(&app, &new_path).await;
    // Turned off: no link works.
    expect_status::<Value>(app.delete("/api/account/calendar-feed", Some(&member.token)).await, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(app.get(&new_path, None).await, StatusCode::NOT_FOUND).await;
}

/// Every physical line of `text` is at most 75 octets and ends with CRLF, with no other CR or LF.
fn assert_folded_lines(path: &str, text: &str) {
    assert!(text.ends_with("\r\n"), "{path}: the last line ends with CRLF");
    for line in text.split_terminator("\r\n") {
        assert!(line.len() <= 75, "{path}: {} octets: {line:?}", line.len());
        assert!(!line.contains(['\r', '\n']), "{path}: a stray line break in {line:?}");
    }
}

#[tokio::test]
async fn an_admins_carriage_returns_and_long_texts_stay_inside_their_properties_in_every_calendar() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let telugu = "శ్రీ వేంకటేశ్వర స్వామి కళ్యాణోత్సవం, భక్తులందరికీ స్వాగతం; ప్రసాదం వితరణ ఉంటుంది";
    let description = format!("Abhishekam at 7\r\nArchana at 9\rX-INJECTED:1\nPrasadam, lunch; all welcome \\ {telugu}");
    let date = (Utc::now() + chrono::Duration::days(3)).to_rfc3339();
    let body = json!({"name": "Kalyanotsavam, 2026", "description": description, "location": "Main Hall; 1 Temple Rd", "eventDate": date});
    let event: Value = expect_status(app.post("/api/events", Some(&admin.token), body).await, StatusCode::CREATED).await;
    let id = event["id"].as_str().expect("id");
    let register = app.post(&format!("/api/events/{id}/register"), Some(&member.token), json!({"numberOfFamilyMembers": 0})).await;
    expect_status::<Value>(register, StatusCode::CREATED).await;
    let feed: Value = expect_status(app.post("/api/account/calendar-feed", Some(&member.token), json!({})).await, StatusCode::OK).await;
    let personal = feed["url"].as_str().expect("url").strip_prefix("http://temple.test").expect("on the site").to_owned();

    for path in ["/api/calendar.ics".to_owned(), format!("/api/events/{id}/event.ics"), personal] {
        let (text, parsed) = calendar(&app, &path).await;
        assert_folded_lines(&path, &text);
        assert!(!text.replace("\r\n ", "").split("\r\n").any(|l| l.starts_with("X-INJECTED")), "{path}: {text}");
        let found = events(&parsed);
        let entry = found.iter().find(|e| e.get_summary() == Some("Kalyanotsavam, 2026")).unwrap_or_else(|| panic!("{path}: {text}"));
        let expected = format!("Abhishekam at 7\nArchana at 9\nX-INJECTED:1\nPrasadam, lunch; all welcome \\ {telugu}");
        assert_eq!(entry.get_description(), Some(expected.as_str()), "{path}");
        assert_eq!(entry.get_location(), Some("Main Hall; 1 Temple Rd"), "{path}");
    }
}

//! Running an event day: attendees and volunteers as CSV, and checking attendees in (door duty).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

#[tokio::test]
async fn admins_check_attendees_in_and_out() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = app.create_event(&admin, "Ratha Yatra", 5, Some(40)).await["id"].as_str().expect("id").to_owned();
    let other = app.create_event(&admin, "Other", 5, None).await["id"].as_str().expect("id").to_owned();
    let registered: Value = expect_status(
        app.post(&format!("/api/events/{event}/register"), Some(&member.token), json!({"numberOfFamilyMembers": 3})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(registered["checkedInAt"], Value::Null);
    let attendee = registered["id"].as_str().expect("id");
    let path = format!("/api/events/{event}/attendees/{attendee}/check-in");

    let arrived: Value = expect_status(app.put(&path, Some(&admin.token), json!({"checkedIn": true})).await, StatusCode::OK).await;
    assert!(arrived["entry"]["checkedInAt"].is_string());
    assert_eq!((arrived["already"].as_bool(), arrived["entry"]["arrivedPeople"].as_i64()), (Some(false), Some(4)));
    let list: Vec<Value> =
        expect_status(app.get(&format!("/api/events/{event}/attendees"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list[0]["checkedInAt"], arrived["entry"]["checkedInAt"]);
    let undone: Value = expect_status(app.put(&path, Some(&admin.token), json!({"checkedIn": false})).await, StatusCode::OK).await;
    assert_eq!((undone["entry"]["checkedInAt"].clone(), undone["already"].as_bool()), (Value::Null, Some(false)));

    expect_status::<Value>(app.put(&path, Some(&member.token), json!({"checkedIn": true})).await, StatusCode::FORBIDDEN).await;
    // A registration of another event, or none at all.
    let elsewhere = format!("/api/events/{other}/attendees/{attendee}/check-in");
    let missing: Value =
        expect_status(app.put(&elsewhere, Some(&admin.token), json!({"checkedIn": true})).await, StatusCode::NOT_FOUND).await;
    assert_eq!(missing["message"], "Registration not found");
    let bad: Value = expect_status(app.put(&path, Some(&admin.token), json!({"checkedIn": "yes"})).await, StatusCode::BAD_REQUEST).await;
    assert!(bad["message"].as_str().expect("message").starts_with("Invalid request body"));
}

#[tokio::test]
async fn the_door_list_and_check_in_show_names_and_party_sizes_only_and_volunteering_grants_no_door_duty() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guest, helper) = (app.member().await, app.member().await);
    let event = app.create_event(&admin, "Ratha Yatra", 5, Some(40)).await["id"].as_str().expect("id").to_owned();
    let registered: Value = expect_status(
        app.post(
            &format!("/api/events/{event}/register"),
            Some(&guest.token),
            json!({"numberOfFamilyMembers": 2, "additionalNotes": "Private: wheelchair access"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    // Signing up to volunteer at the event grants no door duty: the security review read the
    // attendee list that way.
    let offer = json!({"name": "Door Helper", "contactNumber": "9165550111", "contactEmail": helper.email, "contactPreference": "text",
        "volunteerPreference": "logistics", "availability": "morning", "needsCertificate": false});
    expect_status::<Value>(app.post(&format!("/api/events/{event}/volunteers"), Some(&helper.token), offer).await, StatusCode::CREATED)
        .await;
    let door = format!("/api/events/{event}/check-in");
    let path = format!("/api/events/{event}/attendees/{}/check-in", registered["id"].as_str().expect("id"));
    for who in [&helper, &guest] {
        let refused: Value = expect_status(app.get(&door, Some(&who.token)).await, StatusCode::FORBIDDEN).await;
        assert_eq!(
            refused["message"],
            "Only staff on door duty (front desk, volunteer coordinators, admins) and those a coordinator put on this event's door can check people in"
        );
        let refused: Value = expect_status(app.put(&path, Some(&who.token), json!({"checkedIn": true})).await, StatusCode::FORBIDDEN).await;
        assert_eq!(
            refused["message"],
            "Only staff on door duty (front desk, volunteer coordinators, admins) and those a coordinator put on this event's door can check people in"
        );
    }
    expect_status::<Value>(app.get(&door, None).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(app.get("/api/events/no-such-event/check-in", Some(&helper.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.get("/api/events/no-such-event/check-in", Some(&admin.token)).await, StatusCode::NOT_FOUND).await;

    // The admin's door list and check-in answer names, party sizes and arrival only.
    let list: Vec<Value> = expect_status(app.get(&door, Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list.len(), 1);
    let keys = |v: &Value| v.as_object().expect("object").keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&list[0]), ["checkedInAt", "firstName", "id", "lastName", "numberOfFamilyMembers"]);
    assert_eq!((list[0]["firstName"].as_str(), list[0]["numberOfFamilyMembers"].as_i64()), (Some("Test"), Some(2)));
    let arrived: Value = expect_status(app.put(&path, Some(&admin.token), json!({"checkedIn": true})).await, StatusCode::OK).await;
    assert_eq!(
        keys(&arrived["entry"]),
        [
            "arrivedPeople",
            "checkedInAt",
            "checkedInBy",
            "confirmationCode",
            "familyNames",
            "firstName",
            "id",
            "joinedToMember",
            "kind",
            "lastName",
            "people",
            "phoneEnding",
            "removed",
            "seq"
        ],
        "no user id, no notes, no e-mail, the phone's last digits only: {arrived}"
    );
    assert_eq!(arrived["entry"]["phoneEnding"], "0100");
    assert!(arrived["entry"]["checkedInAt"].is_string());
    let list: Vec<Value> = expect_status(app.get(&door, Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list[0]["checkedInAt"], arrived["entry"]["checkedInAt"]);
}

#[tokio::test]
async fn attendees_and_volunteers_export_as_csv() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = app.create_event(&admin, "Annakut", 5, None).await["id"].as_str().expect("id").to_owned();
    let registered: Value = expect_status(
        app.post(
            &format!("/api/events/{event}/register"),
            Some(&member.token),
            json!({"numberOfFamilyMembers": 2, "additionalNotes": "=1+1"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let path = format!("/api/events/{event}/attendees/{}/check-in", registered["id"].as_str().expect("id"));
    expect_status::<Value>(app.put(&path, Some(&admin.token), json!({"checkedIn": true})).await, StatusCode::OK).await;
    let volunteer = json!({"name": "Sita Devi", "contactNumber": "9165550111", "contactEmail": "sita@example.org", "contactPreference": "text",
        "volunteerPreference": "logistics", "availability": "morning", "needsCertificate": true});
    expect_status::<Value>(app.post(&format!("/api/events/{event}/volunteers"), Some(&member.token), volunteer).await, StatusCode::CREATED)
        .await;

    let response = app.get(&format!("/api/events/{event}/attendees.csv"), Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"attendees.csv\"");
    let text = response.text().await.expect("body");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Name,Email,Phone,People,Family members,Notes,Registered,Checked in");
    assert_eq!(lines.len(), 2, "{text}");
    let cells: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(cells[..6], ["Test Member", member.email.as_str(), "9165550100", "3", "2", "'=1+1"], "{text}");
    assert_eq!(cells[6].len(), "2026-11-23 14:05".len());
    assert_eq!(cells[7].len(), "2026-11-23 14:05".len(), "checked in: {text}");

    let response = app.get(&format!("/api/events/{event}/volunteers.csv"), Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("body");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Name,Email,Phone,Contact preference,Role,Availability,Certificate,Notes,Signed up");
    assert!(lines[1].starts_with("Sita Devi,sita@example.org,9165550111,text,logistics,morning,yes,,"), "{text}");

    for csv in ["attendees.csv", "volunteers.csv"] {
        expect_status::<Value>(app.get(&format!("/api/events/{event}/{csv}"), Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    }
    expect_status::<Value>(
        app.get("/api/events/00000000-0000-4000-8000-000000000000/attendees.csv", Some(&admin.token)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

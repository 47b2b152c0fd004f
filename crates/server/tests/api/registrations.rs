use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

fn id_of(value: &Value) -> String {
    value["id"].as_str().expect("id").to_owned()
}

async fn register(app: &TestApp, user: &TestUser, event_id: &str, family: i64) -> reqwest::Response {
    app.post(
        &format!("/api/events/{event_id}/register"),
        Some(&user.token),
        json!({"numberOfFamilyMembers": family, "additionalNotes": null}),
    )
    .await
}

async fn event_json(app: &TestApp, event_id: &str) -> Value {
    expect_status(app.get(&format!("/api/events/{event_id}"), None).await, StatusCode::OK).await
}

/// Moves an event into the past (the edit form allows any date; creation does not).
async fn move_to_past(app: &TestApp, admin: &TestUser, event_id: &str) {
    let past = (chrono::Utc::now() - chrono::Duration::days(1)).to_rfc3339();
    expect_status::<Value>(
        app.patch(&format!("/api/events/{event_id}"), Some(&admin.token), json!({"eventDate": past})).await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn members_register_read_update_and_cancel_their_registration() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Diwali", 10, Some(20)).await);

    let created: Value = expect_status(
        app.post(
            &format!("/api/events/{event}/register"),
            Some(&member.token),
            json!({"numberOfFamilyMembers": 2, "additionalNotes": "  Two children  "}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(created["eventId"], event.as_str());
    assert_eq!(created["userId"], member.id.as_str());
    assert_eq!(created["numberOfFamilyMembers"], 2);
    assert_eq!(created["additionalNotes"], "Two children");
    assert!(created["createdAt"].is_string() && created["updatedAt"].is_string());

    let people = event_json(&app, &event).await;
    assert_eq!((people["attendeeCount"].clone(), people["spotsLeft"].clone()), (json!(3), json!(17)));
    let list: Vec<Value> = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    assert_eq!(list.iter().find(|e| e["id"] == event.as_str()).expect("listed")["attendeeCount"], 3);

    let own: Value = expect_status(app.get(&format!("/api/events/{event}/attendee"), Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(own["id"], created["id"]);

    let updated: Value = expect_status(
        app.put(&format!("/api/events/{event}/attendee"), Some(&member.token), json!({"numberOfFamilyMembers": 4, "additionalNotes": ""}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(updated["id"], created["id"]);
    assert_eq!(updated["numberOfFamilyMembers"], 4);
    assert_eq!(updated["additionalNotes"], Value::Null);
    assert_eq!(event_json(&app, &event).await["attendeeCount"], 5);

    expect_status::<Value>(app.delete(&format!("/api/events/{event}/attendee"), Some(&member.token)).await, StatusCode::NO_CONTENT).await;
    let gone: Value =
        expect_status(app.get(&format!("/api/events/{event}/attendee"), Some(&member.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(gone, json!({"message": "You are not registered for this event"}));
    assert_eq!(event_json(&app, &event).await["attendeeCount"], 0);
    let not_registered: Value = expect_status(
        app.put(&format!("/api/events/{event}/attendee"), Some(&member.token), json!({"numberOfFamilyMembers": 1})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(not_registered["message"], "You are not registered for this event");
    expect_status::<Value>(app.delete(&format!("/api/events/{event}/attendee"), Some(&member.token)).await, StatusCode::NOT_FOUND).await;

    // Registering again after cancelling is allowed.
    expect_status::<Value>(register(&app, &member, &event, 0).await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn registration_defaults_and_validates_with_the_documented_messages() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Ugadi", 5, None).await);
    let path = format!("/api/events/{event}/register");

    for (body, message) in [
        (json!({"numberOfFamilyMembers": -1}), "Number of family members must be 0 or more"),
        (json!({"numberOfFamilyMembers": 1.5}), "Number of family members must be a whole number"),
        (json!({"numberOfFamilyMembers": 51}), "Number of family members must be at most 50"),
    ] {
        let error: Value = expect_status(app.post(&path, Some(&member.token), body).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(error["errors"]["numberOfFamilyMembers"], message);
        assert_eq!(error["message"], message);
    }
    let long_notes: Value =
        expect_status(app.post(&path, Some(&member.token), json!({"additionalNotes": "x".repeat(1001)})).await, StatusCode::BAD_REQUEST)
            .await;
    assert_eq!(long_notes["errors"]["additionalNotes"], "Notes must be at most 1000 characters");
    let malformed = app.post(&path, Some(&member.token), json!({"numberOfFamilyMembers": "two"})).await;
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);

    let created: Value = expect_status(app.post(&path, Some(&member.token), json!({})).await, StatusCode::CREATED).await;
    assert_eq!(created["numberOfFamilyMembers"], 0, "defaults to 0");
    assert_eq!(created["additionalNotes"], Value::Null);

    let invalid_update: Value = expect_status(
        app.put(&format!("/api/events/{event}/attendee"), Some(&member.token), json!({"numberOfFamilyMembers": -3})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(invalid_update["errors"]["numberOfFamilyMembers"], "Number of family members must be 0 or more");
}

#[tokio::test]
async fn a_second_registration_is_a_conflict() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Holi", 5, None).await);
    expect_status::<Value>(register(&app, &member, &event, 1).await, StatusCode::CREATED).await;
    let duplicate: Value = expect_status(register(&app, &member, &event, 3).await, StatusCode::CONFLICT).await;
    assert_eq!(duplicate, json!({"message": "You are already registered for this event"}));
    assert_eq!(event_json(&app, &event).await["attendeeCount"], 2, "the first registration stands");
}

#[tokio::test]
async fn visitors_must_sign_in() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = id_of(&app.create_event(&admin, "Holi", 5, None).await);
    let body = json!({"numberOfFamilyMembers": 0});
    for response in [
        app.post(&format!("/api/events/{event}/register"), None, body.clone()).await,
        app.get(&format!("/api/events/{event}/attendee"), None).await,
        app.put(&format!("/api/events/{event}/attendee"), None, body.clone()).await,
        app.delete(&format!("/api/events/{event}/attendee"), None).await,
        app.get(&format!("/api/events/{event}/attendees"), None).await,
        app.get(&format!("/api/users/{}/events", admin.id), None).await,
    ] {
        let error: Value = expect_status(response, StatusCode::UNAUTHORIZED).await;
        assert_eq!(error["message"], "Authentication required");
    }
}

#[tokio::test]
async fn unknown_events_are_not_found() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let body = json!({"numberOfFamilyMembers": 0});
    for response in [
        app.post("/api/events/no-such-event/register", Some(&member.token), body.clone()).await,
        app.get("/api/events/no-such-event/attendee", Some(&member.token)).await,
        app.put("/api/events/no-such-event/attendee", Some(&member.token), body.clone()).await,
        app.delete("/api/events/no-such-event/attendee", Some(&member.token)).await,
        app.get("/api/events/no-such-event/attendees", Some(&admin.token)).await,
    ] {
        let error: Value = expect_status(response, StatusCode::NOT_FOUND).await;
        assert_eq!(error["message"], "Event not found");
    }
}

#[tokio::test]
async fn started_events_refuse_registrations_and_changes() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let early = app.member().await;
    let late = app.member().await;
    let event = id_of(&app.create_event(&admin, "Sankranti", 2, None).await);
    expect_status::<Value>(register(&app, &early, &event, 1).await, StatusCode::CREATED).await;
    move_to_past(&app, &admin, &event).await;

    let closed = "This event has already started; registration is closed";
    let refused: Value = expect_status(register(&app, &late, &event, 0).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused, json!({"message": closed}));
    let update: Value = expect_status(
        app.put(&format!("/api/events/{event}/attendee"), Some(&early.token), json!({"numberOfFamilyMembers": 3})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(update["message"], closed);
    let cancel: Value =
        expect_status(app.delete(&format!("/api/events/{event}/attendee"), Some(&early.token)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(cancel["message"], closed);
    // The registration is still readable, and still counted.
    expect_status::<Value>(app.get(&format!("/api/events/{event}/attendee"), Some(&early.token)).await, StatusCode::OK).await;
    assert_eq!(event_json(&app, &event).await["attendeeCount"], 2);
}

#[tokio::test]
async fn capacity_counts_people_and_reports_spots_left() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (a, b, c) = (app.member().await, app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Satyanarayana Puja", 6, Some(5)).await);

    expect_status::<Value>(register(&app, &a, &event, 2).await, StatusCode::CREATED).await; // 3 people
    let too_many: Value = expect_status(register(&app, &b, &event, 2).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(too_many, json!({"message": "Only 2 spots left for this event"}));
    expect_status::<Value>(register(&app, &b, &event, 0).await, StatusCode::CREATED).await; // 4 people
    let one_left: Value = expect_status(register(&app, &c, &event, 1).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(one_left["message"], "Only 1 spot left for this event");
    expect_status::<Value>(register(&app, &c, &event, 0).await, StatusCode::CREATED).await; // 5 people
    let people = event_json(&app, &event).await;
    assert_eq!((people["attendeeCount"].clone(), people["spotsLeft"].clone()), (json!(5), json!(0)));
    let d = app.member().await;
    let full: Value = expect_status(register(&app, &d, &event, 0).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(full["message"], "This event is full");

    // Updates count the member's own people once: a may shrink, then grow back, but no further.
    let attendee = format!("/api/events/{event}/attendee");
    expect_status::<Value>(app.put(&attendee, Some(&a.token), json!({"numberOfFamilyMembers": 1})).await, StatusCode::OK).await;
    expect_status::<Value>(app.put(&attendee, Some(&a.token), json!({"numberOfFamilyMembers": 2})).await, StatusCode::OK).await;
    let grow: Value =
        expect_status(app.put(&attendee, Some(&a.token), json!({"numberOfFamilyMembers": 3})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(grow["message"], "This event is full");

    // An admin lowering the capacity below the people registered does not block shrinking.
    expect_status::<Value>(app.patch(&format!("/api/events/{event}"), Some(&admin.token), json!({"capacity": 2})).await, StatusCode::OK)
        .await;
    expect_status::<Value>(app.put(&attendee, Some(&a.token), json!({"numberOfFamilyMembers": 0})).await, StatusCode::OK).await;
    assert_eq!(event_json(&app, &event).await["attendeeCount"], 3);
}

#[tokio::test]
async fn twenty_concurrent_duplicate_registrations_make_exactly_one() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Navaratri", 8, Some(100)).await);

    let responses = join_all((0..20).map(|_| register(&app, &member, &event, 1))).await;
    let statuses: Vec<StatusCode> = responses.iter().map(reqwest::Response::status).collect();
    assert!(statuses.iter().all(|s| !s.is_server_error()), "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count(), 19, "{statuses:?}");

    let list: Vec<Value> =
        expect_status(app.get(&format!("/api/events/{event}/attendees"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list.len(), 1);
    assert_eq!(event_json(&app, &event).await["attendeeCount"], 2);
}

#[tokio::test]
async fn concurrent_registrations_never_overfill_an_event() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = id_of(&app.create_event(&admin, "Annakut", 8, Some(5)).await);
    let mut members = Vec::new();
    for _ in 0..10 {
        members.push(app.member().await);
    }

    let responses = join_all(members.iter().map(|m| register(&app, m, &event, 0))).await;
    let statuses: Vec<StatusCode> = responses.iter().map(reqwest::Response::status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::BAD_REQUEST).count(), 5, "{statuses:?}");
    let people = event_json(&app, &event).await;
    assert_eq!((people["attendeeCount"].clone(), people["spotsLeft"].clone()), (json!(5), json!(0)));
}

#[tokio::test]
async fn only_admins_see_attendees_with_contact_details() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Diwali", 10, None).await);
    app.post(
        &format!("/api/events/{event}/register"),
        Some(&member.token),
        json!({"numberOfFamilyMembers": 3, "additionalNotes": "Wheelchair"}),
    )
    .await;

    let forbidden: Value =
        expect_status(app.get(&format!("/api/events/{event}/attendees"), Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    assert_eq!(forbidden["message"], "Admin access required");

    let list: Vec<Value> =
        expect_status(app.get(&format!("/api/events/{event}/attendees"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list.len(), 1);
    let row = &list[0];
    assert_eq!(row["userId"], member.id.as_str());
    assert_eq!(row["eventId"], event.as_str());
    assert_eq!(row["numberOfFamilyMembers"], 3);
    assert_eq!(row["additionalNotes"], "Wheelchair");
    assert_eq!(row["firstName"], "Test");
    assert_eq!(row["lastName"], "Member");
    assert_eq!(row["email"], member.email.as_str());
    assert_eq!(row["phoneNumber"], "9165550100");
    assert!(row.get("passwordHash").is_none() && row.get("password").is_none());
}

#[tokio::test]
async fn a_members_events_are_for_them_and_admins_only() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let other = app.member().await;
    let later = id_of(&app.create_event(&admin, "Later", 20, None).await);
    let sooner = id_of(&app.create_event(&admin, "Sooner", 3, None).await);
    let unregistered = id_of(&app.create_event(&admin, "Elsewhere", 5, None).await);
    expect_status::<Value>(register(&app, &member, &later, 2).await, StatusCode::CREATED).await;
    expect_status::<Value>(register(&app, &member, &sooner, 0).await, StatusCode::CREATED).await;
    expect_status::<Value>(register(&app, &other, &sooner, 1).await, StatusCode::CREATED).await;
    expect_status::<Value>(register(&app, &other, &unregistered, 0).await, StatusCode::CREATED).await;

    let path = format!("/api/users/{}/events", member.id);
    let own: Vec<Value> = expect_status(app.get(&path, Some(&member.token)).await, StatusCode::OK).await;
    let names: Vec<&str> = own.iter().map(|p| p["event"]["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["Sooner", "Later"], "by event date");
    assert_eq!(own[0]["attendee"]["userId"], member.id.as_str());
    assert_eq!(own[0]["attendee"]["eventId"], sooner.as_str());
    assert_eq!(own[0]["event"]["attendeeCount"], 3, "people of every member, not only this one");
    assert_eq!(own[1]["attendee"]["numberOfFamilyMembers"], 2);

    let by_admin: Vec<Value> = expect_status(app.get(&path, Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(by_admin.len(), 2);
    let forbidden: Value = expect_status(app.get(&path, Some(&other.token)).await, StatusCode::FORBIDDEN).await;
    assert_eq!(forbidden["message"], "You can only view your own registrations");
    let none: Vec<Value> =
        expect_status(app.get(&format!("/api/users/{}/events", admin.id), Some(&admin.token)).await, StatusCode::OK).await;
    assert!(none.is_empty());
}

#[tokio::test]
async fn events_with_registrations_need_force_delete() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Busy day", 4, None).await);
    expect_status::<Value>(register(&app, &member, &event, 1).await, StatusCode::CREATED).await;
    expect_status::<Value>(app.delete(&format!("/api/events/{event}"), Some(&admin.token)).await, StatusCode::CONFLICT).await;
    let forced: Value = expect_status(app.delete(&format!("/api/events/{event}/force"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(forced["relatedRecords"]["attendees"], 1);
    let own: Vec<Value> =
        expect_status(app.get(&format!("/api/users/{}/events", member.id), Some(&member.token)).await, StatusCode::OK).await;
    assert!(own.is_empty());
}

#[tokio::test]
async fn openapi_lists_the_registration_paths() {
    let app = spawn_app().await;
    let doc: Value = expect_status(app.get("/api/openapi.json", None).await, StatusCode::OK).await;
    for (path, method) in [
        ("/api/events/{id}/register", "post"),
        ("/api/events/{id}/attendee", "get"),
        ("/api/events/{id}/attendee", "put"),
        ("/api/events/{id}/attendee", "delete"),
        ("/api/events/{id}/attendees", "get"),
        ("/api/users/{userId}/events", "get"),
    ] {
        assert!(doc["paths"][path].get(method).is_some(), "missing {method} {path}");
    }
    for schema in ["AttendeeDto", "AttendeeWithContactDto", "UserEventDto", "RegistrationRequest"] {
        assert!(doc["components"]["schemas"].get(schema).is_some(), "missing schema {schema}");
    }
}

#[tokio::test]
async fn spots_freed_by_a_smaller_family_or_a_cancellation_can_be_taken_again() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (first, second, third) = (app.member().await, app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Satyanarayan puja", 6, Some(4)).await);

    expect_status::<Value>(register(&app, &first, &event, 3).await, StatusCode::CREATED).await;
    let full: Value = expect_status(register(&app, &second, &event, 1).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(full["message"], "This event is full");

    // A smaller family frees two spots.
    expect_status::<Value>(
        app.put(&format!("/api/events/{event}/attendee"), Some(&first.token), json!({"numberOfFamilyMembers": 1})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(event_json(&app, &event).await["spotsLeft"], 2);
    let too_many: Value = expect_status(register(&app, &second, &event, 2).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(too_many["message"], "Only 2 spots left for this event");
    expect_status::<Value>(register(&app, &second, &event, 1).await, StatusCode::CREATED).await;
    let full: Value = expect_status(register(&app, &third, &event, 0).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(full["message"], "This event is full");

    // A cancellation frees the member's people.
    expect_status::<Value>(app.delete(&format!("/api/events/{event}/attendee"), Some(&first.token)).await, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(register(&app, &third, &event, 1).await, StatusCode::CREATED).await;
    let people = event_json(&app, &event).await;
    assert_eq!((people["attendeeCount"].clone(), people["spotsLeft"].clone()), (json!(4), json!(0)));
    let list: Vec<Value> = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    assert_eq!(list.iter().find(|e| e["id"] == event.as_str()).expect("listed")["attendeeCount"], 4);
}

#[tokio::test]
async fn concurrent_cancellations_and_registrations_keep_the_count_exact_and_within_capacity() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = id_of(&app.create_event(&admin, "Navratri garba", 9, Some(6)).await);
    let mut holders = Vec::new();
    for _ in 0..6 {
        let member = app.member().await;
        expect_status::<Value>(register(&app, &member, &event, 0).await, StatusCode::CREATED).await;
        holders.push(member);
    }
    let mut newcomers = Vec::new();
    for _ in 0..12 {
        newcomers.push(app.member().await);
    }

    let attendee_path = format!("/api/events/{event}/attendee");
    let cancels = join_all(holders.iter().take(3).map(|m| app.delete(&attendee_path, Some(&m.token))));
    let registrations = join_all(newcomers.iter().map(|m| register(&app, m, &event, 0)));
    let (cancelled, registered) = futures::join!(cancels, registrations);
    assert!(cancelled.iter().all(|r| r.status() == StatusCode::NO_CONTENT), "every cancellation went through");
    let statuses: Vec<StatusCode> = registered.iter().map(reqwest::Response::status).collect();
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::BAD_REQUEST), "{statuses:?}");
    let admitted = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
    assert!(admitted <= 3, "at most the three freed spots were taken: {statuses:?}");

    // The count shown is the registrations' own sum, within capacity.
    let list: Vec<Value> =
        expect_status(app.get(&format!("/api/events/{event}/attendees"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list.len(), 3 + admitted);
    let people = event_json(&app, &event).await;
    assert_eq!(people["attendeeCount"], json!(3 + admitted));
}

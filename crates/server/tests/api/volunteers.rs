use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

fn id_of(value: &Value) -> String {
    value["id"].as_str().expect("id").to_owned()
}

fn form(event_id: &str) -> Value {
    json!({
        "eventId": event_id,
        "name": "Lakshmi Devi",
        "contactNumber": "(916) 555-0142",
        "contactEmail": "Lakshmi@Example.org",
        "contactPreference": "whatsapp",
        "volunteerPreference": "daily_services",
        "availability": "evening",
        "additionalNotes": "Can bring flowers"
    })
}

async fn volunteer(app: &TestApp, user: &TestUser, event_id: &str) -> reqwest::Response {
    app.post(&format!("/api/events/{event_id}/volunteers"), Some(&user.token), form(event_id)).await
}

async fn count(app: &TestApp, event_id: &str) -> u64 {
    let body: Value = expect_status(app.get(&format!("/api/events/{event_id}/volunteers/count"), None).await, StatusCode::OK).await;
    body["count"].as_u64().expect("count")
}

#[tokio::test]
async fn members_volunteer_see_their_record_and_withdraw() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Diwali", 10, None).await);
    assert_eq!(count(&app, &event).await, 0);

    let created: Value = expect_status(volunteer(&app, &member, &event).await, StatusCode::CREATED).await;
    assert_eq!(created["eventId"], event.as_str());
    assert_eq!(created["userId"], member.id.as_str());
    assert_eq!(created["name"], "Lakshmi Devi");
    assert_eq!(created["contactNumber"], "(916) 555-0142");
    assert_eq!(created["contactEmail"], "lakshmi@example.org");
    assert_eq!(created["contactPreference"], "whatsapp");
    assert_eq!(created["volunteerPreference"], "daily_services");
    assert_eq!(created["availability"], "evening");
    assert_eq!(created["needsCertificate"], false, "defaults to false");
    assert_eq!(created["additionalNotes"], "Can bring flowers");
    assert!(created["createdAt"].is_string());

    let own: Value = expect_status(app.get(&format!("/api/events/{event}/volunteers/me"), Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(own, created);
    assert_eq!(count(&app, &event).await, 1);

    let path = format!("/api/events/{event}/volunteers/{}", id_of(&created));
    expect_status::<Value>(app.delete(&path, Some(&member.token)).await, StatusCode::NO_CONTENT).await;
    let none: Value =
        expect_status(app.get(&format!("/api/events/{event}/volunteers/me"), Some(&member.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(none, json!({"message": "You are not volunteering for this event"}));
    assert_eq!(count(&app, &event).await, 0);
    expect_status::<Value>(app.delete(&path, Some(&member.token)).await, StatusCode::NOT_FOUND).await;

    // Volunteering again after withdrawing is allowed, this time asking for a certificate.
    let mut with_certificate = form(&event);
    with_certificate["needsCertificate"] = json!(true);
    let again: Value = expect_status(
        app.post(&format!("/api/events/{event}/volunteers"), Some(&member.token), with_certificate).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(again["needsCertificate"], true);
}

#[tokio::test]
async fn a_members_volunteering_lists_their_events_for_them_and_admins() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (member, other) = (app.member().await, app.member().await);
    let later = id_of(&app.create_event(&admin, "Diwali", 20, None).await);
    let sooner = id_of(&app.create_event(&admin, "Ugadi", 10, None).await);
    for event in [&later, &sooner] {
        expect_status::<Value>(volunteer(&app, &member, event).await, StatusCode::CREATED).await;
    }
    let path = format!("/api/users/{}/volunteering", member.id);
    let own: Vec<Value> = expect_status(app.get(&path, Some(&member.token)).await, StatusCode::OK).await;
    let names: Vec<&str> = own.iter().map(|p| p["event"]["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["Ugadi", "Diwali"], "by event date");
    assert_eq!(own[0]["volunteer"]["eventId"], sooner.as_str());
    let seen_by_admin: Vec<Value> = expect_status(app.get(&path, Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(seen_by_admin, own);
    let refused: Value = expect_status(app.get(&path, Some(&other.token)).await, StatusCode::FORBIDDEN).await;
    assert_eq!(refused["message"], "You can only view your own volunteering");
    let none: Vec<Value> =
        expect_status(app.get(&format!("/api/users/{}/volunteering", other.id), Some(&other.token)).await, StatusCode::OK).await;
    assert!(none.is_empty());
}

#[tokio::test]
async fn the_form_is_validated_with_the_documented_messages() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Ugadi", 5, None).await);
    let path = format!("/api/events/{event}/volunteers");

    let empty: Value = expect_status(app.post(&path, Some(&member.token), json!({})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(
        empty["errors"],
        json!({
            "name": "Name must be at least 2 characters",
            "contactNumber": "Please enter a valid phone number",
            "contactEmail": "Please enter a valid email address",
            "contactPreference": "Required",
            "volunteerPreference": "Required",
            "availability": "Required",
        })
    );

    let mut bad = form(&event);
    bad["name"] = json!("A");
    bad["contactNumber"] = json!("555-0142");
    bad["contactEmail"] = json!("not-an-email");
    bad["contactPreference"] = json!("pigeon");
    bad["volunteerPreference"] = json!("cooking");
    bad["availability"] = json!("midnight");
    bad["additionalNotes"] = json!("x".repeat(1001));
    let errors: Value = expect_status(app.post(&path, Some(&member.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(errors["errors"]["name"], "Name must be at least 2 characters");
    assert_eq!(errors["errors"]["contactNumber"], "Please enter a valid phone number");
    assert_eq!(errors["errors"]["contactEmail"], "Please enter a valid email address");
    assert_eq!(errors["errors"]["contactPreference"], "Required");
    assert_eq!(errors["errors"]["volunteerPreference"], "Required");
    assert_eq!(errors["errors"]["availability"], "Required");
    assert_eq!(errors["errors"]["additionalNotes"], "Notes must be at most 1000 characters");
    assert_eq!(count(&app, &event).await, 0);
}

#[tokio::test]
async fn one_record_per_member_and_event_even_when_concurrent() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Holi", 5, None).await);

    let responses = join_all((0..10).map(|_| volunteer(&app, &member, &event))).await;
    let statuses: Vec<StatusCode> = responses.iter().map(reqwest::Response::status).collect();
    assert!(statuses.iter().all(|s| !s.is_server_error()), "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert_eq!(count(&app, &event).await, 1);

    let duplicate: Value = expect_status(volunteer(&app, &member, &event).await, StatusCode::CONFLICT).await;
    assert_eq!(duplicate, json!({"message": "You are already volunteering for this event"}));

    // Another event is another record.
    let other = id_of(&app.create_event(&admin, "Rama Navami", 6, None).await);
    expect_status::<Value>(volunteer(&app, &member, &other).await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn only_admins_see_the_full_list() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (a, b) = (app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Diwali", 10, None).await);
    let first: Value = expect_status(volunteer(&app, &a, &event).await, StatusCode::CREATED).await;
    expect_status::<Value>(volunteer(&app, &b, &event).await, StatusCode::CREATED).await;

    let path = format!("/api/events/{event}/volunteers");
    let forbidden: Value = expect_status(app.get(&path, Some(&a.token)).await, StatusCode::FORBIDDEN).await;
    assert_eq!(forbidden["message"], "Admin access required");
    expect_status::<Value>(app.get(&path, None).await, StatusCode::UNAUTHORIZED).await;

    let list: Vec<Value> = expect_status(app.get(&path, Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(list.len(), 2);
    assert_eq!(list[0], first, "oldest first, with contact details");
    assert_eq!(list[1]["userId"], b.id.as_str());
}

#[tokio::test]
async fn withdrawing_is_for_the_owner_or_an_admin() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (owner, other) = (app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Diwali", 10, None).await);
    let second_event = id_of(&app.create_event(&admin, "Holi", 12, None).await);
    let record: Value = expect_status(volunteer(&app, &owner, &event).await, StatusCode::CREATED).await;
    let path = format!("/api/events/{event}/volunteers/{}", id_of(&record));

    expect_status::<Value>(app.delete(&path, None).await, StatusCode::UNAUTHORIZED).await;
    let hidden: Value = expect_status(app.delete(&path, Some(&other.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(hidden["message"], "Volunteer record not found");
    // The record belongs to another event than the one in the path.
    expect_status::<Value>(
        app.delete(&format!("/api/events/{second_event}/volunteers/{}", id_of(&record)), Some(&admin.token)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(count(&app, &event).await, 1);

    expect_status::<Value>(app.delete(&path, Some(&admin.token)).await, StatusCode::NO_CONTENT).await;
    assert_eq!(count(&app, &event).await, 0);
}

#[tokio::test]
async fn started_events_close_volunteering_for_members() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (early, late) = (app.member().await, app.member().await);
    let event = id_of(&app.create_event(&admin, "Sankranti", 2, None).await);
    let record: Value = expect_status(volunteer(&app, &early, &event).await, StatusCode::CREATED).await;
    let past = (chrono::Utc::now() - chrono::Duration::hours(1)).to_rfc3339();
    expect_status::<Value>(
        app.patch(&format!("/api/events/{event}"), Some(&admin.token), json!({"eventDate": past})).await,
        StatusCode::OK,
    )
    .await;

    let closed: Value = expect_status(volunteer(&app, &late, &event).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(closed, json!({"message": "This event has already started; volunteering is closed"}));
    let path = format!("/api/events/{event}/volunteers/{}", id_of(&record));
    expect_status::<Value>(app.delete(&path, Some(&early.token)).await, StatusCode::BAD_REQUEST).await;
    expect_status::<Value>(app.delete(&path, Some(&admin.token)).await, StatusCode::NO_CONTENT).await;
}

#[tokio::test]
async fn unknown_events_are_not_found_and_visitors_must_sign_in() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    for response in [
        app.post("/api/events/nope/volunteers", Some(&member.token), form("nope")).await,
        app.get("/api/events/nope/volunteers/me", Some(&member.token)).await,
        app.get("/api/events/nope/volunteers/count", None).await,
        app.get("/api/events/nope/volunteers", Some(&admin.token)).await,
        app.delete("/api/events/nope/volunteers/some-id", Some(&admin.token)).await,
    ] {
        let error: Value = expect_status(response, StatusCode::NOT_FOUND).await;
        assert_eq!(error["message"], "Event not found");
    }
    let event = id_of(&app.create_event(&admin, "Diwali", 10, None).await);
    for response in [
        app.post(&format!("/api/events/{event}/volunteers"), None, form(&event)).await,
        app.get(&format!("/api/events/{event}/volunteers/me"), None).await,
    ] {
        expect_status::<Value>(response, StatusCode::UNAUTHORIZED).await;
    }
}

#[tokio::test]
async fn force_delete_removes_volunteers_with_the_event() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event = id_of(&app.create_event(&admin, "Busy day", 4, None).await);
    expect_status::<Value>(volunteer(&app, &member, &event).await, StatusCode::CREATED).await;
    expect_status::<Value>(app.delete(&format!("/api/events/{event}"), Some(&admin.token)).await, StatusCode::CONFLICT).await;
    let forced: Value = expect_status(app.delete(&format!("/api/events/{event}/force"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(forced["relatedRecords"]["volunteers"], 1);
    expect_status::<Value>(app.get(&format!("/api/events/{event}/volunteers/count"), None).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn openapi_lists_the_volunteer_paths() {
    let app = spawn_app().await;
    let doc: Value = expect_status(app.get("/api/openapi.json", None).await, StatusCode::OK).await;
    for (path, method) in [
        ("/api/events/{id}/volunteers", "post"),
        ("/api/events/{id}/volunteers", "get"),
        ("/api/events/{id}/volunteers/me", "get"),
        ("/api/events/{id}/volunteers/count", "get"),
        ("/api/events/{id}/volunteers/{volunteerId}", "delete"),
    ] {
        assert!(doc["paths"][path].get(method).is_some(), "missing {method} {path}");
    }
    let availability = &doc["components"]["schemas"]["AvailabilityDto"]["enum"];
    assert_eq!(availability, &json!(["morning", "evening", "either"]));
}

/// The one-step offer is a default role with one shift (issue 33): the first offer makes the role
/// and its shift, every offer has a place (the shift grows), the coordinator's board shows them
/// and marks them present (hours), and taking back the offer or the place takes both; once the
/// coordinator plans roles of their own, the event takes sign-ups by shift.
#[tokio::test]
async fn one_step_offers_are_places_on_a_default_role_with_one_shift() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let coordinator = app.staff(&admin, &["volunteer_coordinator"]).await;
    let event = app.create_event(&admin, "Karthika Deepam", 5, None).await;
    let starts = event["eventDate"].as_str().expect("date").to_owned();
    let event = id_of(&event);
    let (first, second, third) = (app.member().await, app.member().await, app.member().await);
    let first_offer = id_of(&expect_status::<Value>(volunteer(&app, &first, &event).await, StatusCode::CREATED).await);
    expect_status::<Value>(volunteer(&app, &second, &event).await, StatusCode::CREATED).await;

    let plan: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    let roles = plan["roles"].as_array().expect("roles");
    assert_eq!(roles.len(), 1, "{plan}");
    assert_eq!((roles[0]["name"].as_str(), roles[0]["oneStep"].as_bool()), (Some("Volunteers"), Some(true)));
    assert_eq!(roles[0]["reportTo"], "The front desk");
    let shift = &roles[0]["shifts"][0];
    assert_eq!(roles[0]["shifts"].as_array().map(Vec::len), Some(1));
    let at = |value: &Value| chrono::DateTime::parse_from_rfc3339(value.as_str().expect("time")).expect("time");
    assert_eq!(at(&shift["startsAt"]), at(&Value::from(starts.clone())));
    assert_eq!(at(&shift["endsAt"]) - at(&shift["startsAt"]), chrono::Duration::hours(3));
    assert_eq!((shift["filled"].as_i64(), shift["needed"].as_i64()), (Some(2), Some(2)), "the shift grows to fit every offer");
    app.wait_for_email(&first.email, "Thank you for volunteering: Volunteers at Karthika Deepam").await;

    // The board lists both; the member sees their place among their shifts.
    let board: Value =
        expect_status(app.get(&format!("/api/events/{event}/volunteer-board"), Some(&coordinator.token)).await, StatusCode::OK).await;
    let people = board["roles"][0]["shifts"][0]["volunteers"].as_array().expect("volunteers").len();
    assert_eq!(people, 2, "{board}");
    let theirs: Value =
        expect_status(app.get(&format!("/api/account/volunteer-shifts?eventId={event}"), Some(&second.token)).await, StatusCode::OK).await;
    let place = theirs["signups"][0]["id"].as_str().expect("place").to_owned();
    assert_eq!(theirs["signups"][0]["roleName"], "Volunteers", "{theirs}");

    // Taking back the offer takes the place; dropping the place takes back the offer.
    let path = format!("/api/events/{event}/volunteers/{first_offer}");
    expect_status::<Value>(app.delete(&path, Some(&first.token)).await, StatusCode::NO_CONTENT).await;
    assert_eq!(app.delete(&format!("/api/shift-signups/{place}"), Some(&second.token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(count(&app, &event).await, 0);
    let plan: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    assert_eq!(plan["roles"][0]["shifts"][0]["filled"], 0, "{plan}");
    let gone = app.get(&format!("/api/events/{event}/volunteers/me"), Some(&second.token)).await;
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    // The same role and shift take the next offer.
    expect_status::<Value>(volunteer(&app, &first, &event).await, StatusCode::CREATED).await;
    let plan: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    assert_eq!(plan["roles"].as_array().map(Vec::len), Some(1));
    assert_eq!(plan["roles"][0]["shifts"][0]["filled"], 1);

    // A plan of the coordinator's own: sign-ups go by shift.
    let role = json!({"name": "Parking"});
    expect_status::<Value>(
        app.post(&format!("/api/events/{event}/volunteer-roles"), Some(&coordinator.token), role).await,
        StatusCode::CREATED,
    )
    .await;
    let refused: Value = expect_status(volunteer(&app, &third, &event).await, StatusCode::CONFLICT).await;
    assert_eq!(refused["message"], "This event has volunteer shifts: choose one on the event's page");
    assert_eq!(count(&app, &event).await, 1);
}

/// Ten members offering at once to an event without a plan make one role and one shift, with a
/// place each.
#[tokio::test]
async fn concurrent_first_offers_make_one_default_role() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = id_of(&app.create_event(&admin, "Ugadi", 7, None).await);
    let mut members = Vec::new();
    for _ in 0..10 {
        members.push(app.member().await);
    }
    let answers = join_all(members.iter().map(|member| volunteer(&app, member, &event))).await;
    assert!(answers.iter().all(|a| a.status() == StatusCode::CREATED));
    let plan: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    assert_eq!(plan["roles"].as_array().map(Vec::len), Some(1), "{plan}");
    assert_eq!(plan["roles"][0]["shifts"].as_array().map(Vec::len), Some(1));
    assert_eq!((plan["roles"][0]["shifts"][0]["filled"].as_i64(), plan["roles"][0]["shifts"][0]["needed"].as_i64()), (Some(10), Some(10)));
}

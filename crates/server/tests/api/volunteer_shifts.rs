//! Festival volunteering over HTTP, on SQLite and PostgreSQL: a volunteer coordinator builds an
//! event's plan of roles and shifts; members sign up themselves and their teenagers (minimum ages
//! kept, no overlapping shifts), a full shift keeps a waitlist promoted in order and e-mailed; a
//! drop past the cut-off becomes a request the board shows; the coordinator moves volunteers,
//! marks them present, messages a shift and downloads its sign-in sheet; a member's hours add up;
//! a plan copies to a later event at the same times of day; ten members racing for three places
//! get exactly three.

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

async fn created(app: &TestApp, who: &TestUser, path: &str, body: Value) -> Value {
    expect_status(app.post(path, Some(&who.token), body).await, StatusCode::CREATED).await
}

fn id(value: &Value) -> String {
    value["id"].as_str().expect("id").to_owned()
}

fn instant(value: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(value.as_str().expect("time")).expect("time").with_timezone(&Utc)
}

/// An event `days` from now and a role of it with one shift an hour after it starts.
async fn plan(app: &TestApp, coordinator: &TestUser, admin: &TestUser, days: i64, role: Value, needed: i64) -> (String, String, String) {
    let event = app.create_event(admin, "Sri Rama Navami", days, None).await;
    let starts = instant(&event["eventDate"]) + Duration::hours(1);
    let event = id(&event);
    let role = id(&created(app, coordinator, &format!("/api/events/{event}/volunteer-roles"), role).await);
    let shift = created(
        app,
        coordinator,
        &format!("/api/volunteer-roles/{role}/shifts"),
        json!({"startsAt": starts.to_rfc3339(), "endsAt": (starts + Duration::hours(4)).to_rfc3339(), "needed": needed}),
    )
    .await;
    (event, role, id(&shift))
}

async fn sign_up(app: &TestApp, who: &TestUser, shift: &str, family: Option<&str>) -> reqwest::Response {
    app.post(&format!("/api/volunteer-shifts/{shift}/signups"), Some(&who.token), json!({"familyMemberId": family})).await
}

async fn message_of(response: reqwest::Response, status: StatusCode) -> String {
    let body: Value = expect_status(response, status).await;
    body["message"].as_str().expect("message").to_owned()
}

#[tokio::test]
async fn members_and_their_teenagers_sign_up_a_full_shift_waitlists_and_a_drop_promotes_the_next() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let coordinator = app.staff(&admin, &["volunteer_coordinator"]).await;
    let role = json!({"name": "Parking", "description": "Guide cars in the north lot", "minAge": 16, "reportTo": "North gate"});
    let (event, _, shift) = plan(&app, &coordinator, &admin, 10, role, 2).await;

    // Anyone reads the plan.
    let public: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    assert_eq!(public["dropCutoffHours"], 24);
    assert_eq!(public["roles"][0]["name"], "Parking");
    assert_eq!(public["roles"][0]["minAge"], 16);
    assert_eq!(public["roles"][0]["shifts"][0]["needed"], 2);
    assert_eq!(public["roles"][0]["shifts"][0]["filled"], 0);

    // A parent signs up, then their teenagers: one too young for parking, one without a birth date.
    let parent = app.member().await;
    let mine: Value = expect_status(sign_up(&app, &parent, &shift, None).await, StatusCode::CREATED).await;
    assert_eq!(mine["status"], "confirmed");
    assert_eq!(mine["reportTo"], "North gate");
    assert_eq!(mine["canDrop"], true);
    let year = chrono::Datelike::year(&Utc::now());
    let family = |name: &str, birth: Option<String>| json!({"name": name, "relation": "Child", "birthDate": birth});
    let young = id(&created(&app, &parent, "/api/users/me/family", family("Anand Rao", Some(format!("{}-01-15", year - 14)))).await);
    let older = id(&created(&app, &parent, "/api/users/me/family", family("Divya Rao", Some(format!("{}-01-15", year - 17)))).await);
    let unknown = id(&created(&app, &parent, "/api/users/me/family", family("Kiran Rao", None)).await);
    let refused = message_of(sign_up(&app, &parent, &shift, Some(&young)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused, "Parking is for volunteers aged 16 and over");
    let refused = message_of(sign_up(&app, &parent, &shift, Some(&unknown)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused, "Add Kiran Rao's birth date to sign them up");
    let teen: Value = expect_status(sign_up(&app, &parent, &shift, Some(&older)).await, StatusCode::CREATED).await;
    assert_eq!((teen["status"].as_str(), teen["name"].as_str()), (Some("confirmed"), Some("Divya Rao")));
    // Each person once per shift.
    let again = message_of(sign_up(&app, &parent, &shift, Some(&older)).await, StatusCode::CONFLICT).await;
    assert_eq!(again, "Divya Rao is already signed up for this shift");
    // Another member's family member is not theirs to sign up.
    let stranger = app.member().await;
    expect_status::<Value>(sign_up(&app, &stranger, &shift, Some(&older)).await, StatusCode::NOT_FOUND).await;

    // The shift is full: the next member waits.
    let waiting: Value = expect_status(sign_up(&app, &stranger, &shift, None).await, StatusCode::CREATED).await;
    assert_eq!(waiting["status"], "waitlisted");
    let waitlisted = app.wait_for_email(&stranger.email, "On the waitlist: Parking at Sri Rama Navami").await;
    assert!(waitlisted.contains("North gate"), "{waitlisted}");
    let plan: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    assert_eq!(
        (plan["roles"][0]["shifts"][0]["filled"].as_i64(), plan["roles"][0]["shifts"][0]["waitlisted"].as_i64()),
        (Some(2), Some(1))
    );
    let confirmation = app.wait_for_email(&parent.email, "Thank you for volunteering: Parking at Sri Rama Navami").await;
    assert!(confirmation.contains("Guide cars in the north lot"), "{confirmation}");

    // The teenager drops out (before the cut-off): the waiting member is promoted and told.
    let teen_id = id(&teen);
    expect_status::<Value>(app.delete(&format!("/api/shift-signups/{teen_id}"), Some(&stranger.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(app.delete(&format!("/api/shift-signups/{teen_id}"), Some(&parent.token)).await.status(), StatusCode::NO_CONTENT);
    app.wait_for_email(&stranger.email, "A place opened up: Parking at Sri Rama Navami").await;
    let theirs: Value =
        expect_status(app.get(&format!("/api/account/volunteer-shifts?eventId={event}"), Some(&stranger.token)).await, StatusCode::OK)
            .await;
    assert_eq!(theirs["signups"][0]["status"], "confirmed", "{theirs}");
    assert_eq!(theirs["signups"][0]["eventName"], "Sri Rama Navami");
    // The member's own list has only their sign-ups.
    let parents: Value =
        expect_status(app.get(&format!("/api/account/volunteer-shifts?eventId={event}"), Some(&parent.token)).await, StatusCode::OK).await;
    assert_eq!(parents["signups"].as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn overlapping_shifts_are_refused_and_a_drop_past_the_cut_off_goes_to_the_coordinator() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let coordinator = app.staff(&admin, &["volunteer_coordinator"]).await;
    let (event, role, shift) = plan(&app, &coordinator, &admin, 3, json!({"name": "Kitchen"}), 5).await;
    let plan: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    let starts = instant(&plan["roles"][0]["shifts"][0]["startsAt"]);
    let at = |hours: i64| (starts + Duration::hours(hours)).to_rfc3339();
    let overlapping = id(&created(
        &app,
        &coordinator,
        &format!("/api/volunteer-roles/{role}/shifts"),
        json!({"startsAt": at(2), "endsAt": at(6), "needed": 3}),
    )
    .await);
    let later = id(&created(
        &app,
        &coordinator,
        &format!("/api/volunteer-roles/{role}/shifts"),
        json!({"startsAt": at(4), "endsAt": at(8), "needed": 1}),
    )
    .await);

    let member = app.member().await;
    let signup: Value = expect_status(sign_up(&app, &member, &shift, None).await, StatusCode::CREATED).await;
    let refused = message_of(sign_up(&app, &member, &overlapping, None).await, StatusCode::CONFLICT).await;
    assert_eq!(refused, "You are already signed up for a shift at that time");
    // Back to back is fine.
    expect_status::<Value>(sign_up(&app, &member, &later, None).await, StatusCode::CREATED).await;
    // The coordinator may not move a shift onto another shift of someone on it; a new size is fine.
    let moved = app
        .put(&format!("/api/volunteer-shifts/{later}"), Some(&coordinator.token), json!({"startsAt": at(3), "endsAt": at(7), "needed": 2}))
        .await;
    let refused = message_of(moved, StatusCode::CONFLICT).await;
    assert_eq!(refused, "Test Member is on another shift at those times: move them first, or keep this shift's times");
    let bigger = app
        .put(&format!("/api/volunteer-shifts/{later}"), Some(&coordinator.token), json!({"startsAt": at(4), "endsAt": at(9), "needed": 2}))
        .await;
    assert_eq!(expect_status::<Value>(bigger, StatusCode::OK).await["needed"], 2);
    // A shift nobody is on moves freely.
    let empty = app
        .put(
            &format!("/api/volunteer-shifts/{overlapping}"),
            Some(&coordinator.token),
            json!({"startsAt": at(1), "endsAt": at(5), "needed": 3}),
        )
        .await;
    assert_eq!(instant(&expect_status::<Value>(empty, StatusCode::OK).await["startsAt"]), starts + Duration::hours(1));

    // Three days out, with a cut-off of four days: dropping is the coordinator's now.
    let cutoff = app.put(&format!("/api/events/{event}/volunteer-plan"), Some(&coordinator.token), json!({"dropCutoffHours": 96})).await;
    assert_eq!(expect_status::<Value>(cutoff, StatusCode::OK).await["dropCutoffHours"], 96);
    let signup = id(&signup);
    let refused = message_of(app.delete(&format!("/api/shift-signups/{signup}"), Some(&member.token)).await, StatusCode::CONFLICT).await;
    assert_eq!(refused, "It is less than 96 hours before this shift; ask the coordinator to drop it");
    let requested: Value =
        expect_status(app.post(&format!("/api/shift-signups/{signup}/drop-request"), Some(&member.token), json!({})).await, StatusCode::OK)
            .await;
    assert_eq!((requested["dropRequested"].as_bool(), requested["canDrop"].as_bool()), (Some(true), Some(false)));
    let board: Value =
        expect_status(app.get(&format!("/api/events/{event}/volunteer-board"), Some(&coordinator.token)).await, StatusCode::OK).await;
    assert_eq!(board["dropRequests"], 1);
    assert_eq!(board["roles"][0]["shifts"][0]["volunteers"][0]["dropRequested"], true);
    assert_eq!(board["roles"][0]["shifts"][0]["volunteers"][0]["email"], member.email.as_str());
    // Declined: still on the shift, no request left.
    let kept: Value = expect_status(
        app.post(&format!("/api/shift-signups/{signup}/drop-request/decline"), Some(&coordinator.token), json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(kept["dropRequested"], false);
    // The coordinator may take anyone off at any time.
    assert_eq!(app.delete(&format!("/api/shift-signups/{signup}"), Some(&coordinator.token)).await.status(), StatusCode::NO_CONTENT);
    let audit: Value = expect_status(app.get("/api/admin/audit?kind=events", Some(&admin.token)).await, StatusCode::OK).await;
    let text = audit.to_string();
    assert!(text.contains("Took ") && text.contains("off the Kitchen shift of Sri Rama Navami"), "{text}");
    assert!(text.contains("Declined "), "{text}");
}

#[tokio::test]
async fn the_coordinator_moves_marks_messages_and_prints_and_the_member_sees_their_hours() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let coordinator = app.staff(&admin, &["volunteer_coordinator"]).await;
    let (event, role, shift) = plan(&app, &coordinator, &admin, 1, json!({"name": "Prasadam line"}), 1).await;
    let plan: Value = expect_status(app.get(&format!("/api/events/{event}/volunteer-plan"), None).await, StatusCode::OK).await;
    let starts = instant(&plan["roles"][0]["shifts"][0]["startsAt"]);
    let other = id(&created(
        &app,
        &coordinator,
        &format!("/api/volunteer-roles/{role}/shifts"),
        json!({"startsAt": (starts + Duration::hours(5)).to_rfc3339(), "endsAt": (starts + Duration::hours(7)).to_rfc3339(), "needed": 1}),
    )
    .await);
    let (first, second) = (app.member().await, app.member().await);
    let first_signup = id(&expect_status::<Value>(sign_up(&app, &first, &shift, None).await, StatusCode::CREATED).await);
    let second_signup = id(&expect_status::<Value>(sign_up(&app, &second, &shift, None).await, StatusCode::CREATED).await);

    // Moving the first to the other shift frees their place for the second (waitlisted until then).
    let moved = app.put(&format!("/api/shift-signups/{first_signup}/shift"), Some(&coordinator.token), json!({"shiftId": other})).await;
    assert_eq!(expect_status::<Value>(moved, StatusCode::OK).await["status"], "confirmed");
    app.wait_for_email(&second.email, "A place opened up: Prasadam line").await;
    // The other shift is full now.
    let full = app.put(&format!("/api/shift-signups/{second_signup}/shift"), Some(&coordinator.token), json!({"shiftId": other})).await;
    assert_eq!(message_of(full, StatusCode::CONFLICT).await, "That shift is full");

    // A message to the shift reaches its volunteer only.
    let sent = app
        .post(
            &format!("/api/events/{event}/volunteer-messages"),
            Some(&coordinator.token),
            json!({"shiftId": shift, "subject": "Aprons are in the hall", "body": "Please come ten minutes early."}),
        )
        .await;
    assert_eq!(expect_status::<Value>(sent, StatusCode::ACCEPTED).await["queued"], 1);
    let mail = app.wait_for_email(&second.email, "Aprons are in the hall").await;
    assert!(mail.contains("Please come ten minutes early."), "{mail}");
    assert!(app.emails_to(&first.email).iter().all(|m| !m.contains("Aprons are in the hall")));
    let neither = app
        .post(&format!("/api/events/{event}/volunteer-messages"), Some(&coordinator.token), json!({"subject": "Hello", "body": "Hi"}))
        .await;
    assert_eq!(message_of(neither, StatusCode::BAD_REQUEST).await, "Choose one shift or one role to message");

    // The sign-in sheet: the shift's volunteers with blank columns to sign.
    let sheet = app.get(&format!("/api/volunteer-shifts/{shift}/sign-in-sheet"), Some(&coordinator.token)).await;
    assert_eq!(sheet.status(), StatusCode::OK);
    let csv = sheet.text().await.expect("csv");
    let mut lines = csv.lines();
    assert_eq!(lines.next().map(|l| l.trim_start_matches('\u{feff}')), Some("Name,Role,Shift,Phone,E-mail,Signed in,Signed out"));
    let row = lines.next().expect("a row");
    assert!(row.contains(&second.email) && row.contains("Prasadam line"), "{row}");
    assert_eq!(lines.next(), None);

    // Not started yet: no attendance.
    let early = app
        .put(&format!("/api/shift-signups/{second_signup}/attendance"), Some(&coordinator.token), json!({"attendance": "present"}))
        .await;
    assert_eq!(message_of(early, StatusCode::BAD_REQUEST).await, "Attendance can be marked once the shift has started");
    // The coordinator moves the shift to this morning (it ran early); then marks the volunteer.
    let morning = Utc::now() - Duration::hours(3);
    let times = json!({"startsAt": morning.to_rfc3339(), "endsAt": (morning + Duration::minutes(140)).to_rfc3339(), "needed": 1});
    expect_status::<Value>(app.put(&format!("/api/volunteer-shifts/{shift}"), Some(&coordinator.token), times).await, StatusCode::OK).await;
    let marked = app
        .put(&format!("/api/shift-signups/{second_signup}/attendance"), Some(&coordinator.token), json!({"attendance": "present"}))
        .await;
    assert_eq!(expect_status::<Value>(marked, StatusCode::OK).await["attendance"], "present");
    let hours: Value = expect_status(app.get("/api/account/volunteer-shifts", Some(&second.token)).await, StatusCode::OK).await;
    // 2 h 20 min counts 2.3 hours.
    assert_eq!(hours["hours"].as_f64(), Some(2.3), "{hours}");
    assert_eq!(hours["signups"][0]["hours"].as_f64(), Some(2.3));
    assert_eq!(hours["signups"][0]["attendance"], "present");
    let none: Value = expect_status(app.get("/api/account/volunteer-shifts", Some(&first.token)).await, StatusCode::OK).await;
    assert_eq!(none["hours"].as_f64(), Some(0.0));
    // A started shift takes no more sign-ups.
    let late = app.member().await;
    assert_eq!(message_of(sign_up(&app, &late, &shift, None).await, StatusCode::BAD_REQUEST).await, "This shift has already started");
}

#[tokio::test]
async fn a_plan_copies_to_a_later_event_at_the_same_times_of_day_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let coordinator = app.staff(&admin, &["volunteer_coordinator"]).await;
    let (last_year, _, _) =
        plan(&app, &coordinator, &admin, 2, json!({"name": "Shoe rack", "minAge": 13, "reportTo": "Front steps"}), 4).await;
    let cutoff =
        app.put(&format!("/api/events/{last_year}/volunteer-plan"), Some(&coordinator.token), json!({"dropCutoffHours": 48})).await;
    expect_status::<Value>(cutoff, StatusCode::OK).await;
    let source: Value = expect_status(app.get(&format!("/api/events/{last_year}/volunteer-plan"), None).await, StatusCode::OK).await;
    let this_year = id(&app.create_event(&admin, "Sri Rama Navami", 30, None).await);

    let nothing = app.create_event(&admin, "No plan", 5, None).await;
    let empty = app
        .post(&format!("/api/events/{this_year}/volunteer-plan/copy"), Some(&coordinator.token), json!({"fromEventId": id(&nothing)}))
        .await;
    assert_eq!(message_of(empty, StatusCode::BAD_REQUEST).await, "That event has no volunteer plan to copy");

    let copied = app
        .post(&format!("/api/events/{this_year}/volunteer-plan/copy"), Some(&coordinator.token), json!({"fromEventId": last_year}))
        .await;
    let copied: Value = expect_status(copied, StatusCode::CREATED).await;
    assert_eq!(copied["dropCutoffHours"], 48);
    let (from, to) = (&source["roles"][0], &copied["roles"][0]);
    assert_eq!((to["name"].as_str(), to["minAge"].as_i64(), to["reportTo"].as_str()), (Some("Shoe rack"), Some(13), Some("Front steps")));
    assert_ne!(to["id"], from["id"]);
    let zone = chrono_tz::America::Los_Angeles;
    let local = |v: &Value| instant(v).with_timezone(&zone);
    let (before, after) = (local(&from["shifts"][0]["startsAt"]), local(&to["shifts"][0]["startsAt"]));
    assert_eq!(after.time(), before.time(), "same time of day");
    assert_eq!((after.date_naive() - before.date_naive()).num_days(), 28);
    assert_eq!(to["shifts"][0]["needed"], 4);
    assert_eq!(to["shifts"][0]["filled"], 0);

    let twice = app
        .post(&format!("/api/events/{this_year}/volunteer-plan/copy"), Some(&coordinator.token), json!({"fromEventId": last_year}))
        .await;
    assert_eq!(message_of(twice, StatusCode::CONFLICT).await, "This event already has a volunteer plan");
}

#[tokio::test]
async fn ten_members_racing_for_three_places_get_three_and_a_waitlist_in_order() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let coordinator = app.staff(&admin, &["volunteer_coordinator"]).await;
    let (event, _, shift) = plan(&app, &coordinator, &admin, 5, json!({"name": "Queue"}), 3).await;
    let mut members = Vec::new();
    for _ in 0..10 {
        members.push(app.member().await);
    }
    let results = futures::future::join_all(members.iter().map(|m| sign_up(&app, m, &shift, None))).await;
    let mut statuses = Vec::new();
    for response in results {
        let body: Value = expect_status(response, StatusCode::CREATED).await;
        statuses.push(body["status"].as_str().expect("status").to_owned());
    }
    assert_eq!(statuses.iter().filter(|s| *s == "confirmed").count(), 3, "{statuses:?}");
    let board: Value =
        expect_status(app.get(&format!("/api/events/{event}/volunteer-board"), Some(&coordinator.token)).await, StatusCode::OK).await;
    let shift_view = &board["roles"][0]["shifts"][0];
    assert_eq!((shift_view["filled"].as_i64(), shift_view["waitlisted"].as_i64()), (Some(3), Some(7)));
    let volunteers = shift_view["volunteers"].as_array().expect("volunteers");
    assert!(volunteers[..3].iter().all(|v| v["status"] == "confirmed"));
    assert!(volunteers[3..].iter().all(|v| v["status"] == "waitlisted"));
    // Making the shift bigger confirms the waitlist in order.
    let first_waiting = volunteers[3]["id"].clone();
    let times = json!({"startsAt": shift_view["startsAt"], "endsAt": shift_view["endsAt"], "needed": 4});
    let bigger: Value =
        expect_status(app.put(&format!("/api/volunteer-shifts/{shift}"), Some(&coordinator.token), times).await, StatusCode::OK).await;
    assert_eq!((bigger["filled"].as_i64(), bigger["waitlisted"].as_i64()), (Some(4), Some(6)));
    let board: Value =
        expect_status(app.get(&format!("/api/events/{event}/volunteer-board"), Some(&coordinator.token)).await, StatusCode::OK).await;
    let promoted =
        board["roles"][0]["shifts"][0]["volunteers"].as_array().expect("volunteers").iter().find(|v| v["id"] == first_waiting).cloned();
    assert_eq!(promoted.expect("still there")["status"], "confirmed");
    // A shift with people on it stays.
    let refused = app.delete(&format!("/api/volunteer-shifts/{shift}"), Some(&coordinator.token)).await;
    assert_eq!(message_of(refused, StatusCode::CONFLICT).await, "This shift has volunteers; move or remove them first");
}

#[tokio::test]
async fn a_coordinator_puts_a_member_on_one_events_door_and_takes_them_off() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let coordinator = app.staff(&admin, &["volunteer_coordinator"]).await;
    let event = id(&app.create_event(&admin, "Deepavali", 5, None).await);
    let other = id(&app.create_event(&admin, "Ugadi", 6, None).await);
    let (door, guest) = (app.member().await, app.member().await);
    let registered = app.post(&format!("/api/events/{event}/register"), Some(&guest.token), json!({"numberOfFamilyMembers": 2})).await;
    let attendee = id(&expect_status::<Value>(registered, StatusCode::CREATED).await);
    let door_list = |event: String| {
        let (app, token) = (&app, door.token.clone());
        async move { app.get(&format!("/api/events/{event}/check-in"), Some(&token)).await }
    };
    assert_eq!(message_of(door_list(event.clone()).await, StatusCode::FORBIDDEN).await, mandir_domain::registration::NOT_AT_THE_DOOR);

    // Only a verified member's address.
    let staff_path = format!("/api/events/{event}/door-staff");
    let grant = |email: String| app.post(&staff_path, Some(&coordinator.token), json!({"email": email}));

    assert_eq!(message_of(grant("nobody@example.org".into()).await, StatusCode::NOT_FOUND).await, "No member has that e-mail address");
    let unverified = app.unverified_member().await;
    let refused = grant(unverified.email.clone()).await;
    assert_eq!(message_of(refused, StatusCode::CONFLICT).await, "That member has not verified their e-mail address yet");
    let staff: Value = expect_status(grant(door.email.clone()).await, StatusCode::OK).await;
    assert_eq!(staff.as_array().map(Vec::len), Some(1));
    assert_eq!(staff[0]["email"], door.email.as_str());
    // Twice is once.
    let again: Value = expect_status(grant(door.email.clone()).await, StatusCode::OK).await;
    assert_eq!(again.as_array().map(Vec::len), Some(1));

    // This event's door, and no other.
    let list: Value = expect_status(door_list(event.clone()).await, StatusCode::OK).await;
    assert_eq!(list[0]["numberOfFamilyMembers"], 2);
    let arrived =
        app.put(&format!("/api/events/{event}/attendees/{attendee}/check-in"), Some(&door.token), json!({"checkedIn": true})).await;
    assert!(!expect_status::<Value>(arrived, StatusCode::OK).await["entry"]["checkedInAt"].is_null());
    assert_eq!(door_list(other.clone()).await.status(), StatusCode::FORBIDDEN);
    let duties: Value = expect_status(app.get("/api/account/door-duty", Some(&door.token)).await, StatusCode::OK).await;
    assert_eq!((duties.as_array().map(Vec::len), duties[0]["eventId"].as_str()), (Some(1), Some(event.as_str())));

    // Taken off: the door list is closed again.
    let user_id = staff[0]["userId"].as_str().expect("user").to_owned();
    let revoked = app.delete(&format!("/api/events/{event}/door-staff/{user_id}"), Some(&coordinator.token)).await;
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    assert_eq!(door_list(event.clone()).await.status(), StatusCode::FORBIDDEN);
    let audit: Value = expect_status(app.get("/api/admin/audit?kind=events", Some(&admin.token)).await, StatusCode::OK).await;
    let text = audit.to_string();
    assert!(text.contains("on the door of Deepavali") && text.contains("off the door of Deepavali"), "{text}");
}

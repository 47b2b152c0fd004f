//! The check-in desk over HTTP, on SQLite and PostgreSQL: a desk finds a family by name (a family
//! member's too), phone or confirmation code, checks it in by the code its QR code holds, adds
//! walk-ins within the capacity (joined to the member their e-mail finds), and hears the other
//! desks' check-ins through a waiting request; ten desks checking in one family at once count it
//! once.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

async fn register(app: &TestApp, who: &TestUser, event: &str, family: i64) -> Value {
    expect_status(
        app.post(&format!("/api/events/{event}/register"), Some(&who.token), json!({"numberOfFamilyMembers": family})).await,
        StatusCode::CREATED,
    )
    .await
}

async fn search(app: &TestApp, desk: &TestUser, event: &str, q: &str) -> Value {
    let q: String =
        q.bytes().map(|b| if b.is_ascii_alphanumeric() || b == b'-' { char::from(b).to_string() } else { format!("%{b:02X}") }).collect();
    expect_status(app.get(&format!("/api/events/{event}/door/search?q={q}"), Some(&desk.token)).await, StatusCode::OK).await
}

fn names(view: &Value) -> Vec<String> {
    view["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| format!("{} {}", e["firstName"].as_str().unwrap_or(""), e["lastName"].as_str().unwrap_or("")))
        .collect()
}

async fn renamed_member(app: &TestApp, first: &str, last: &str, phone: &str) -> TestUser {
    let member = app.member().await;
    let profile = json!({"firstName": first, "lastName": last, "phoneNumber": phone});
    expect_status::<Value>(app.put("/api/users/me", Some(&member.token), profile).await, StatusCode::OK).await;
    member
}

/// The door's actions in the audit log, newest first.
async fn door_actions(app: &TestApp, admin: &TestUser) -> Vec<String> {
    let log: Value = expect_status(app.get("/api/admin/audit?kind=events&pageSize=100", Some(&admin.token)).await, StatusCode::OK).await;
    let actions = log["items"].as_array().expect("items").iter().filter_map(|e| e["action"].as_str());
    actions.filter(|a| a.starts_with("door.")).map(str::to_owned).collect()
}

#[tokio::test]
async fn a_desk_finds_families_by_name_phone_or_code_and_checks_them_in_by_their_qr_code() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let event = app.create_event(&admin, "Diwali", 5, Some(20)).await["id"].as_str().expect("id").to_owned();
    let priya = renamed_member(&app, "Priya", "Sharma", "(916) 555-0142").await;
    let family = json!({"name": "Anjali Sharma", "relation": "Daughter"});
    expect_status::<Value>(app.post("/api/users/me/family", Some(&priya.token), family).await, StatusCode::CREATED).await;
    let ravi = renamed_member(&app, "Ravi", "Sharman", "916-555-0199").await;
    let registered = register(&app, &priya, &event, 3).await;
    register(&app, &ravi, &event, 0).await;
    let code = registered["confirmationCode"].as_str().expect("code").to_owned();
    assert_eq!((code.len(), &code[4..5]), (9, "-"), "{code}");

    // The member's dashboard has the code and its QR code.
    let mine: Vec<Value> =
        expect_status(app.get(&format!("/api/users/{}/events", priya.id), Some(&priya.token)).await, StatusCode::OK).await;
    assert_eq!(mine[0]["attendee"]["confirmationCode"], code.as_str());
    assert!(mine[0].get("confirmationQr").is_none(), "drawn on demand, not with the list");
    let qr = app.get(&format!("/api/events/{event}/attendee/qr"), Some(&priya.token)).await;
    assert_eq!((qr.status(), qr.headers()["content-type"].to_str().ok()), (StatusCode::OK, Some("image/svg+xml")));
    assert!(qr.text().await.expect("svg").starts_with("<?xml"));
    let not_registered = app.member().await;
    let none = app.get(&format!("/api/events/{event}/attendee/qr"), Some(&not_registered.token)).await;
    assert_eq!(none.status(), StatusCode::NOT_FOUND);

    // By name (every word, any case, a family member's name too), phone digits, or code.
    assert_eq!(names(&search(&app, &desk, &event, "sharma").await), ["Priya Sharma", "Ravi Sharman"]);
    assert_eq!(names(&search(&app, &desk, &event, "PRI shar").await), ["Priya Sharma"]);
    let anjali = search(&app, &desk, &event, "anjali").await;
    assert_eq!(names(&anjali), ["Priya Sharma"]);
    assert_eq!(anjali["entries"][0]["familyNames"], json!(["Anjali Sharma"]));
    assert_eq!(anjali["entries"][0]["phoneEnding"], "0142");
    assert_eq!(anjali["entries"][0]["people"], 4);
    assert_eq!(names(&search(&app, &desk, &event, "555 0199").await), ["Ravi Sharman"]);
    assert_eq!(names(&search(&app, &desk, &event, &code.to_lowercase()).await), ["Priya Sharma"]);
    assert_eq!(names(&search(&app, &desk, &event, "100%").await), Vec::<String>::new(), "LIKE's wildcards are plain text");
    let empty = search(&app, &desk, &event, "").await;
    assert_eq!((names(&empty).len(), &empty["count"]["registeredPeople"], &empty["count"]["checkedInParties"]), (0, &json!(5), &json!(0)));

    // The QR code holds MANDIR:<code>: scanning it checks the family in, with how many came.
    let scan = |code: String, people: Option<i64>| {
        let (app, token, event) = (&app, desk.token.clone(), event.clone());
        async move { app.post(&format!("/api/events/{event}/door/scan"), Some(&token), json!({"code": code, "people": people})).await }
    };
    let first: Value = expect_status(scan(format!("MANDIR:{code}"), Some(3)).await, StatusCode::OK).await;
    assert_eq!((first["already"].as_bool(), first["entry"]["arrivedPeople"].as_i64()), (Some(false), Some(3)));
    assert_eq!(first["entry"]["checkedInBy"], "Test M.", "the desk's name, short");
    let again: Value = expect_status(scan(code.clone(), None).await, StatusCode::OK).await;
    assert_eq!((again["already"].as_bool(), &again["entry"]["checkedInAt"]), (Some(true), &first["entry"]["checkedInAt"]));
    let unknown: Value = expect_status(scan("ZZZZ-ZZZZ".into(), None).await, StatusCode::NOT_FOUND).await;
    assert_eq!(unknown["message"], "No registration for this event has the code ZZZZ-ZZZZ");
    let garbled: Value = expect_status(scan("https://example.org".into(), None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(garbled["message"], "That is not a confirmation code: it has 8 letters and digits, like ABCD-2345");
    let path = format!("/api/events/{event}/attendees/{}/check-in", registered["id"].as_str().expect("id"));
    let too_many: Value =
        expect_status(app.put(&path, Some(&desk.token), json!({"checkedIn": true, "people": 100})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(too_many["message"], "Enter how many people came: 1 to 99");

    // The latest check-ins and the count.
    let latest = search(&app, &desk, &event, "").await;
    assert_eq!(names(&latest), ["Priya Sharma"]);
    assert_eq!((&latest["count"]["checkedInParties"], &latest["count"]["checkedInPeople"]), (&json!(1), &json!(3)));
    assert_eq!((&latest["count"]["capacity"], &latest["count"]["placesLeft"]), (&json!(20), &json!(15)));

    // Audited as the desk's action.
    assert_eq!(door_actions(&app, &admin).await, ["door.check_in"]);
}

#[tokio::test]
async fn the_desks_search_sees_every_change_to_the_events_registrations_at_the_next_keystroke() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let event = app.create_event(&admin, "Karthika Deepam", 5, None).await["id"].as_str().expect("id").to_owned();
    let priya = renamed_member(&app, "Priya", "Sharma", "(916) 555-0142").await;
    register(&app, &priya, &event, 0).await;
    assert_eq!(names(&search(&app, &desk, &event, "sharma").await), ["Priya Sharma"], "the first search reads the door");

    // A new registration, and a changed one (the party's size).
    let ravi = renamed_member(&app, "Ravi", "Sharman", "916-555-0199").await;
    register(&app, &ravi, &event, 1).await;
    assert_eq!(names(&search(&app, &desk, &event, "sharma").await), ["Priya Sharma", "Ravi Sharman"]);
    let edited = app.put(&format!("/api/events/{event}/attendee"), Some(&ravi.token), json!({"numberOfFamilyMembers": 3})).await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!(search(&app, &desk, &event, "ravi").await["entries"][0]["people"], 4);

    // A member's new name and phone, and a family member added, then renamed.
    let profile = json!({"firstName": "Priyanka", "lastName": "Sharma", "phoneNumber": "916-555-0311"});
    expect_status::<Value>(app.put("/api/users/me", Some(&priya.token), profile).await, StatusCode::OK).await;
    assert_eq!(names(&search(&app, &desk, &event, "priyanka").await), ["Priyanka Sharma"]);
    assert_eq!(names(&search(&app, &desk, &event, "5550311").await), ["Priyanka Sharma"]);
    assert_eq!(names(&search(&app, &desk, &event, "5550142").await), Vec::<String>::new());
    let family = json!({"name": "Meera Sharma", "relation": "Daughter"});
    let meera: Value = expect_status(app.post("/api/users/me/family", Some(&priya.token), family).await, StatusCode::CREATED).await;
    assert_eq!(names(&search(&app, &desk, &event, "meera").await), ["Priyanka Sharma"]);
    let renamed = json!({"name": "Meenakshi Sharma", "relation": "Daughter"});
    let path = format!("/api/users/me/family/{}", meera["id"].as_str().expect("id"));
    expect_status::<Value>(app.put(&path, Some(&priya.token), renamed).await, StatusCode::OK).await;
    assert_eq!(names(&search(&app, &desk, &event, "meera").await), Vec::<String>::new());
    assert_eq!(names(&search(&app, &desk, &event, "meenakshi").await), ["Priyanka Sharma"]);

    // Check-ins and walk-ins since the copy was read, in the latest check-ins and the search.
    let attendee = search(&app, &desk, &event, "ravi").await["entries"][0]["id"].as_str().expect("id").to_owned();
    let path = format!("/api/events/{event}/attendees/{attendee}/check-in");
    expect_status::<Value>(app.put(&path, Some(&admin.token), json!({"checkedIn": true})).await, StatusCode::OK).await;
    let walk_in = json!({"firstName": "Kiran", "lastName": "Sharma", "people": 2});
    expect_status::<Value>(app.post(&format!("/api/events/{event}/walk-ins"), Some(&admin.token), walk_in).await, StatusCode::CREATED)
        .await;
    let latest = search(&app, &desk, &event, "").await;
    assert_eq!(names(&latest), ["Kiran Sharma", "Ravi Sharman"], "newest first");
    assert_eq!(latest["entries"][1]["checkedInBy"], "Temple A.", "as the feed has it");
    assert_eq!(names(&search(&app, &desk, &event, "sharma").await), ["Kiran Sharma", "Priyanka Sharma", "Ravi Sharman"]);

    // A cancelled registration leaves.
    let cancelled = app.delete(&format!("/api/events/{event}/attendee"), Some(&ravi.token)).await;
    assert!(cancelled.status().is_success(), "{}", cancelled.status());
    assert_eq!(names(&search(&app, &desk, &event, "sharma").await), ["Kiran Sharma", "Priyanka Sharma"]);
}

#[tokio::test]
async fn walk_ins_count_against_the_capacity_join_a_member_and_can_be_taken_off() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["volunteer_coordinator"]).await;
    let event = app.create_event(&admin, "Sri Rama Navami", 5, Some(6)).await["id"].as_str().expect("id").to_owned();
    let registered = app.member().await;
    register(&app, &registered, &event, 1).await;
    let walk_in = |body: Value| {
        let (app, token, event) = (&app, desk.token.clone(), event.clone());
        async move { app.post(&format!("/api/events/{event}/walk-ins"), Some(&token), body).await }
    };

    // A member who did not register walks in: their e-mail joins the walk-in to their account.
    let member = app.member().await;
    let joined: Value = expect_status(
        walk_in(json!({"firstName": "Lakshmi", "lastName": "Iyer", "email": member.email.to_uppercase(), "people": 3})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        (joined["kind"].as_str(), joined["joinedToMember"].as_bool(), joined["arrivedPeople"].as_i64()),
        (Some("walkIn"), Some(true), Some(3))
    );
    // The registered member is checked in through their registration instead.
    let registered_again: Value = expect_status(
        walk_in(json!({"firstName": "Test", "lastName": "Member", "email": registered.email, "people": 1})).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(registered_again["message"].as_str().expect("message").starts_with("That member is registered for this event (confirmation "));
    // 2 registered + 3 walked in of 6: a party of 2 does not fit, a party of 1 does.
    let full: Value =
        expect_status(walk_in(json!({"firstName": "Ravi", "lastName": "Kumar", "people": 2})).await, StatusCode::CONFLICT).await;
    assert_eq!(full["message"], "The event is nearly full: only 1 place is left");
    let invalid: Value =
        expect_status(walk_in(json!({"firstName": "R", "lastName": "Kumar", "people": 0})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(invalid["errors"]["firstName"], "First name must be at least 2 characters", "{invalid}");
    assert_eq!(invalid["errors"]["people"], "Enter how many people came: 1 to 99");
    let last: Value = expect_status(
        walk_in(json!({"firstName": "Ravi", "lastName": "Kumar", "phoneNumber": "916 555 0177", "people": 1})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(last["joinedToMember"], false);
    // Online registration sees the walk-ins: the event is full.
    let late = app.member().await;
    let refused = app.post(&format!("/api/events/{event}/register"), Some(&late.token), json!({"numberOfFamilyMembers": 0})).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "full");
    assert_eq!(names(&search(&app, &desk, &event, "5550177").await), ["Ravi Kumar"]);

    // Taken off by mistake: its people leave the count, and other desks hear of it.
    let before = search(&app, &desk, &event, "").await;
    assert_eq!(
        (&before["count"]["walkInParties"], &before["count"]["walkInPeople"], &before["count"]["placesLeft"]),
        (&json!(2), &json!(4), &json!(0))
    );
    let seq = before["seq"].as_i64().expect("seq");
    let removed = app.delete(&format!("/api/events/{event}/walk-ins/{}", last["id"].as_str().expect("id")), Some(&desk.token)).await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let again = app.delete(&format!("/api/events/{event}/walk-ins/{}", last["id"].as_str().expect("id")), Some(&desk.token)).await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    let changes: Value =
        expect_status(app.get(&format!("/api/events/{event}/door/changes?after={seq}"), Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!(changes["entries"].as_array().map(Vec::len), Some(1));
    assert_eq!((&changes["entries"][0]["removed"], &changes["count"]["placesLeft"]), (&json!(true), &json!(1)));
    assert_eq!(names(&search(&app, &desk, &event, "kumar").await), Vec::<String>::new());
}

#[tokio::test]
async fn a_waiting_desk_hears_another_desks_check_in_and_ten_desks_count_one_family_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Brahmotsavam", 5, None).await["id"].as_str().expect("id").to_owned();
    let member = app.member().await;
    let registered = register(&app, &member, &event, 4).await;
    let mut desks = Vec::new();
    for _ in 0..10 {
        desks.push(app.staff(&admin, &["front_desk"]).await);
    }
    let seq = search(&app, &desks[0], &event, "").await["seq"].as_i64().expect("seq");

    // One desk waits for a change; ten desks check the same family in at once.
    let waiting = {
        let (client, url, token) =
            (app.client.clone(), app.url(&format!("/api/events/{event}/door/changes?after={seq}&wait=20")), desks[0].token.clone());
        tokio::spawn(async move { client.get(url).bearer_auth(token).send().await.expect("sent").json::<Value>().await.expect("json") })
    };
    let path = format!("/api/events/{event}/attendees/{}/check-in", registered["id"].as_str().expect("id"));
    let answers = futures::future::join_all(desks.iter().map(|desk| {
        let (app, path, token) = (&app, path.clone(), desk.token.clone());
        async move { expect_status::<Value>(app.put(&path, Some(&token), json!({"checkedIn": true})).await, StatusCode::OK).await }
    }))
    .await;
    let fresh: Vec<&Value> = answers.iter().filter(|a| a["already"] == false).collect();
    assert_eq!(fresh.len(), 1, "exactly one desk checked the family in: {answers:?}");
    assert!(answers.iter().all(|a| a["entry"]["checkedInAt"] == fresh[0]["entry"]["checkedInAt"]), "the others see when");

    let heard =
        tokio::time::timeout(std::time::Duration::from_secs(10), waiting).await.expect("woken before its wait ended").expect("task");
    assert_eq!(heard["entries"].as_array().map(Vec::len), Some(1), "{heard}");
    assert_eq!(heard["entries"][0]["id"], registered["id"]);
    assert_eq!((&heard["count"]["checkedInParties"], &heard["count"]["checkedInPeople"]), (&json!(1), &json!(5)));
    let after = heard["seq"].as_i64().expect("seq");
    assert_eq!(after, seq + 1, "one change");
    assert_eq!(door_actions(&app, &admin).await, ["door.check_in"], "one check-in recorded");

    // Nothing new: a desk's wait ends empty.
    let quiet: Value = expect_status(
        app.get(&format!("/api/events/{event}/door/changes?after={after}&wait=1"), Some(&desks[1].token)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!((quiet["entries"].as_array().map(Vec::len), quiet["seq"].as_i64()), (Some(0), Some(after)));
    // A member is not on the door.
    expect_status::<Value>(app.get(&format!("/api/events/{event}/door/changes"), Some(&member.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.get("/api/events/nope/door/search?q=a", Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
}

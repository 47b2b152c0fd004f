use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app, unique_email};

#[tokio::test]
async fn admin_grants_and_removes_rights_and_they_apply_at_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let event_body =
        json!({"name": "Puja day", "description": "A long enough description", "location": "Hall", "eventDate": "2031-01-01T10:00:00Z"});
    expect_status::<Value>(app.post("/api/events", Some(&member.token), event_body.clone()).await, StatusCode::FORBIDDEN).await;

    let granted: Value =
        expect_status(app.post("/api/admin/set-admin", Some(&admin.token), json!({"email": member.email})).await, StatusCode::OK).await;
    assert_eq!(granted["message"], format!("User {} has been granted admin privileges", member.email));
    // The same token now carries admin rights: the flag is read from the database.
    expect_status::<Value>(app.post("/api/events", Some(&member.token), event_body.clone()).await, StatusCode::CREATED).await;

    let removed: Value =
        expect_status(app.post("/api/admin/remove-admin", Some(&admin.token), json!({"email": member.email})).await, StatusCode::OK).await;
    assert_eq!(removed["message"], format!("Admin privileges have been removed from {}", member.email));
    expect_status::<Value>(app.post("/api/events", Some(&member.token), event_body).await, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn admin_rules() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    expect_status::<Value>(
        app.post("/api/admin/set-admin", Some(&member.token), json!({"email": member.email})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    expect_status::<Value>(app.post("/api/admin/set-admin", None, json!({"email": member.email})).await, StatusCode::UNAUTHORIZED).await;
    let unknown: Value = expect_status(
        app.post("/api/admin/set-admin", Some(&admin.token), json!({"email": unique_email("ghost")})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(unknown["message"], "No user found with that email address");
    let invalid: Value =
        expect_status(app.post("/api/admin/remove-admin", Some(&admin.token), json!({"email": "bad"})).await, StatusCode::BAD_REQUEST)
            .await;
    assert_eq!(invalid["errors"]["email"], "Please enter a valid email address");
    let own: Value = expect_status(
        app.post("/api/admin/remove-admin", Some(&admin.token), json!({"email": admin.email})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(own["message"], "You cannot remove your own admin privileges");
}

#[tokio::test]
async fn two_admins_removing_each_other_at_once_leave_exactly_one_admin() {
    use mandir_application::ports::UserRepository;
    let app = spawn_app().await;
    let (a, b) = (app.admin().await, app.admin().await);
    for round in 0..20 {
        let (a_removes_b, b_removes_a) = tokio::join!(
            app.post("/api/admin/remove-admin", Some(&a.token), json!({"email": b.email})),
            app.post("/api/admin/remove-admin", Some(&b.token), json!({"email": a.email})),
        );
        let statuses = [a_removes_b.status(), b_removes_a.status()];
        assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "round {round}: {statuses:?}");
        // The other change found the first one done: it either met the rule (409) or, reading
        // its caller afresh, no longer found an admin (403).
        let (loser, response) = if statuses[0] == StatusCode::OK { (&b, b_removes_a) } else { (&a, a_removes_b) };
        let status = response.status();
        let body: Value = response.json().await.expect("JSON");
        match status {
            StatusCode::CONFLICT => assert_eq!(body["message"], mandir_application::services::staff::LAST_ADMIN),
            StatusCode::FORBIDDEN => {}
            other => panic!("round {round}: {other} {body}"),
        }
        assert_eq!(app.built_users.count_admins().await.expect("count"), 1, "round {round}");
        let winner = if std::ptr::eq(loser, &a) { &b } else { &a };
        expect_status::<Value>(app.post("/api/admin/set-admin", Some(&winner.token), json!({"email": loser.email})).await, StatusCode::OK)
            .await;
    }
}

#[tokio::test]
async fn create_admin_on_an_existing_account_sets_the_password_verifies_and_grants_admin() {
    let app = spawn_app().await;
    let email = unique_email("existing");
    let created: Value = expect_status(app.sign_up(&email, "member-pass").await, StatusCode::CREATED).await;
    assert_eq!(created["user"]["emailVerified"], false);
    let old_session: Value = expect_status(app.sign_in(&email, "member-pass").await, StatusCode::OK).await;

    let outcome = mandir_server::demo::create_admin(app.built_users.as_ref(), app.hasher.as_ref(), &email, "new-admin-pass", "X", "Y")
        .await
        .expect("updated");
    assert_eq!(outcome, mandir_server::demo::AdminOutcome::Updated { was_admin: false });

    expect_status::<Value>(app.sign_in(&email, "member-pass").await, StatusCode::UNAUTHORIZED).await;
    let signed_in: Value = expect_status(app.sign_in(&email, "new-admin-pass").await, StatusCode::OK).await;
    assert_eq!(signed_in["user"]["isAdmin"], true);
    assert_eq!(signed_in["user"]["emailVerified"], true);
    assert_eq!(signed_in["user"]["firstName"], "Test", "the names of an existing account are kept");
    let old_token = old_session["token"].as_str().expect("token");
    expect_status::<Value>(app.get("/api/users/me", Some(old_token)).await, StatusCode::UNAUTHORIZED).await;

    let again = mandir_server::demo::create_admin(app.built_users.as_ref(), app.hasher.as_ref(), &email, "third-pass", "X", "Y")
        .await
        .expect("updated again");
    assert_eq!(again, mandir_server::demo::AdminOutcome::Updated { was_admin: true });
    expect_status::<Value>(app.sign_in(&email, "third-pass").await, StatusCode::OK).await;
}

#[tokio::test]
async fn create_admin_refuses_a_password_the_product_refuses_and_changes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let refused =
        mandir_server::demo::create_admin(app.built_users.as_ref(), app.hasher.as_ref(), &admin.email, "123", "Temple", "Admin").await;
    assert!(refused.is_err());
    expect_status::<Value>(app.sign_in(&admin.email, &admin.password).await, StatusCode::OK).await;
}

#[tokio::test]
async fn seed_demo_creates_the_demo_admin_only_when_there_is_no_admin() {
    use mandir_server::demo::{DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, demo_credentials_sign_in, seed_demo_admin};
    let app = spawn_app().await;
    let (users, hasher) = (app.built_users.as_ref(), app.hasher.as_ref());
    assert!(!demo_credentials_sign_in(users, hasher).await.expect("checked"));
    assert!(seed_demo_admin(users, hasher).await.expect("first run"));
    assert!(demo_credentials_sign_in(users, hasher).await.expect("checked"));
    let demo: Value = expect_status(app.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::OK).await;
    assert_eq!(demo["user"]["isAdmin"], true);

    // The admin changes the demo password; the next `just run` leaves it changed.
    mandir_server::demo::create_admin(users, hasher, DEMO_ADMIN_EMAIL, "a-private-password", "Temple", "Admin").await.expect("changed");
    assert!(!seed_demo_admin(users, hasher).await.expect("second run"), "an admin exists");
    assert!(!demo_credentials_sign_in(users, hasher).await.expect("checked"));
    expect_status::<Value>(app.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn create_admin_refuses_the_published_demo_password() {
    use mandir_server::demo::{DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_PASSWORD_REFUSED, create_admin};
    let app = spawn_app().await;
    let (users, hasher) = (app.built_users.as_ref(), app.hasher.as_ref());
    for email in [DEMO_ADMIN_EMAIL, "treasurer@example.org"] {
        let refused = create_admin(users, hasher, email, DEMO_ADMIN_PASSWORD, "Temple", "Admin").await.expect_err("refused");
        assert_eq!(refused.to_string(), DEMO_PASSWORD_REFUSED);
    }
    expect_status::<Value>(app.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn seed_demo_adds_bookable_sevas_once() {
    use mandir_server::demo::seed_demo_sevas;
    let app = spawn_app().await;
    let sevas = mandir_persistence::SeaOrmSevaRepository::new(app.db.clone());
    assert_eq!(seed_demo_sevas(&sevas).await.expect("seeded"), 4);
    assert_eq!(seed_demo_sevas(&sevas).await.expect("second run"), 0, "sevas exist: none added");

    let list: Vec<Value> = expect_status(app.get("/api/sevas", None).await, StatusCode::OK).await;
    let names: Vec<&str> = list.iter().map(|s| s["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["Archana", "Abhishekam", "Sri Satyanarayana Vratam", "Griha Pravesam Puja at Home"]);
    assert_eq!(list.iter().map(|s| s["priceCents"].as_i64().expect("price")).collect::<Vec<_>>(), [1100, 5100, 10100, 25100]);
    assert_eq!(list[2]["priceKind"], "suggestedDonation");
    let home = &list[3];
    assert_eq!((home["category"].as_str(), home["capacityMode"].as_str()), (Some("home"), Some("daily")));
    assert_eq!(home["requiresAddress"], true);
    for seva in &list {
        assert!(seva["description"].as_str().expect("description").contains("Demo content"), "{seva}");
        // Every demo seva has open places within the next two weeks.
        let (from, to) = (chrono::Utc::now().date_naive(), chrono::Utc::now().date_naive() + chrono::Duration::days(14));
        let url = format!("/api/sevas/{}/availability?from={from}&to={to}", seva["id"].as_str().expect("id"));
        let availability: Value = expect_status(app.get(&url, None).await, StatusCode::OK).await;
        let open = availability["days"]
            .as_array()
            .expect("days")
            .iter()
            .flat_map(|d| d["slots"].as_array().cloned().unwrap_or_default())
            .filter(|slot| slot["status"] == "open")
            .count();
        assert!(open > 0, "{}: no open slot in two weeks", seva["name"]);
    }
}

#[tokio::test]
async fn seed_demo_leaves_a_database_with_another_admin_alone() {
    let app = spawn_app().await;
    app.admin().await;
    assert!(!mandir_server::demo::seed_demo_admin(app.built_users.as_ref(), app.hasher.as_ref()).await.expect("seeded"));
    expect_status::<Value>(
        app.sign_in(mandir_server::demo::DEMO_ADMIN_EMAIL, mandir_server::demo::DEMO_ADMIN_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
}

#[tokio::test]
async fn seed_demo_adds_counter_sales_and_the_cash_office_once_through_their_use_cases() {
    use mandir_server::demo::{seed_demo_admin, seed_demo_cash_office, seed_demo_counter_sales, seed_demo_sevas, seed_demo_staff};
    let app = spawn_app().await;
    let built = mandir_server::build(&app.config).await.expect("built");
    let (users, sevas, counter) = (built.users.as_ref(), built.sevas.as_ref(), &built.state.counter);
    assert_eq!(seed_demo_counter_sales(users, sevas, counter).await.expect("no desk yet"), 0, "nothing without the demo front desk");
    let office = &built.state.cash_office;
    assert_eq!(seed_demo_cash_office(users, office).await.expect("no staff yet"), 0, "nothing without the demo staff");
    assert!(seed_demo_admin(users, built.hasher.as_ref()).await.expect("demo admin"));
    seed_demo_staff(users, built.hasher.as_ref(), built.priests.as_ref()).await.expect("staff");
    seed_demo_sevas(sevas).await.expect("sevas");
    assert_eq!(seed_demo_counter_sales(users, sevas, counter).await.expect("seeded"), 5);
    assert_eq!(seed_demo_counter_sales(users, sevas, counter).await.expect("second run"), 0, "the same keys answer the same sales");
    let admin = app.admin().await;
    let page: Value = expect_status(app.get("/api/admin/payments/ledger", Some(&admin.token)).await, StatusCode::OK).await;
    let items = page["items"].as_array().expect("items");
    let methods: Vec<(&str, &str)> =
        items.iter().map(|p| (p["channel"].as_str().unwrap_or(""), p["paymentMethod"].as_str().unwrap_or(""))).collect();
    assert!(methods.contains(&("counter", "cash")) && methods.contains(&("counter", "split")), "{methods:?}");
    // The gift by card, taken through the sandbox's card form.
    assert!(methods.contains(&("counter", "credit_card")), "{methods:?}");
    // The walk-in's archana is on the seva schedule, for no account.
    let day =
        (chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive() + chrono::Duration::days(2)).format("%Y-%m-%d");
    let schedule: Value =
        expect_status(app.get(&format!("/api/admin/sevas/schedule?from={day}&to={day}"), Some(&admin.token)).await, StatusCode::OK).await;
    let entry = &schedule["entries"][0];
    assert_eq!(
        (entry["memberName"].as_str(), entry["booking"]["sevaName"].as_str()),
        (Some("Ravi Subramanian"), Some("Archana")),
        "{schedule}"
    );
    assert!(entry["booking"]["userId"].is_null());
    // Gopal Iyer came back: both his gifts are on one donor record, and on its statement.
    let found: Vec<Value> = expect_status(app.get("/api/counter/people?q=gopal", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(found.len(), 1, "{found:?}");
    let year = chrono::Datelike::year(&chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles));
    let path = format!("/api/counter/walk-ins/{}/statements/{year}", found[0]["walkIn"]["id"].as_str().expect("donor id"));
    let statement: Value = expect_status(app.get(&path, Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!((statement["total"].as_str(), statement["gifts"].as_array().map(Vec::len)), (Some("82.00"), Some(2)));

    // The mailed checks: once, each a gift of its own.
    assert_eq!(mandir_server::demo::seed_demo_check_batch(users, counter).await.expect("seeded"), 2);
    assert_eq!(mandir_server::demo::seed_demo_check_batch(users, counter).await.expect("second run"), 0);

    // The cash office's demo: once, through its use cases.
    assert_eq!(seed_demo_cash_office(users, office).await.expect("seeded"), 5);
    assert_eq!(seed_demo_cash_office(users, office).await.expect("second run"), 0);
    let counts: Vec<Value> = expect_status(app.get("/api/collections", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(counts.iter().map(|c| c["locked"].as_bool()).collect::<Vec<_>>(), [Some(false), Some(true)]);
    let ready: Value = expect_status(app.get("/api/deposits/undeposited", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!((ready["drawers"].as_array().map(Vec::len), ready["checks"].as_array().map(Vec::len)), (Some(1), Some(3)));
}

#[tokio::test]
async fn seed_demo_adds_funds_their_donation_types_and_the_building_campaigns_checks_once() {
    use mandir_server::demo::{seed_demo_admin, seed_demo_funds, seed_demo_staff};
    let app = spawn_app().await;
    let built = mandir_server::build(&app.config).await.expect("built");
    let (users, state) = (built.users.as_ref(), &built.state);
    let seed = || seed_demo_funds(users, &state.funds, &state.donation_types, &state.counter);
    assert_eq!(seed().await.expect("no treasurer yet"), 0, "nothing without the demo treasurer");
    assert!(seed_demo_admin(users, built.hasher.as_ref()).await.expect("demo admin"));
    seed_demo_staff(users, built.hasher.as_ref(), built.priests.as_ref()).await.expect("staff");
    assert_eq!(seed().await.expect("seeded"), 3);
    assert_eq!(seed().await.expect("second run"), 0, "funds already there by name are left alone");

    let funds: Vec<Value> = expect_status(app.get("/api/funds", None).await, StatusCode::OK).await;
    let names: Vec<&str> = funds.iter().map(|f| f["name"].as_str().unwrap_or("")).collect();
    assert_eq!(names, ["General", "Annadanam", "Priest welfare", "Temple Building"]);
    let building = &funds[3];
    assert_eq!(building["progress"], json!({"raised": "19119.00", "gifts": 5, "donors": 5, "percent": 3}), "the same checks once");
    let types: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    let fund_of = |name: &str| types.iter().find(|t| t["name"] == name).map(|t| t["fundId"].clone()).expect("type");
    assert_eq!(fund_of("Temple Building Fund"), building["id"]);
    assert_eq!(fund_of("Annadanam"), funds[1]["id"]);
    assert_eq!(funds[1]["progress"], json!({"raised": "251.00", "gifts": 1, "donors": 1, "percent": null}));
    assert_eq!(fund_of("Archana"), Value::Null, "General");

    // The demo admin's pledge to the campaign, once.
    let seed_pledge = || mandir_server::demo::seed_demo_pledge(users, &state.funds, &state.pledges);
    assert!(seed_pledge().await.expect("pledged"));
    assert!(!seed_pledge().await.expect("second run"), "once");
    let admin = app.sign_in(mandir_server::demo::DEMO_ADMIN_EMAIL, mandir_server::demo::DEMO_ADMIN_PASSWORD).await;
    let token = expect_status::<Value>(admin, StatusCode::OK).await["token"].as_str().expect("token").to_owned();
    let pledges: Vec<Value> = expect_status(app.get("/api/pledges/mine", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(
        (pledges.len(), pledges[0]["fundName"].as_str(), pledges[0]["amount"].as_str()),
        (1, Some("Temple Building"), Some("5001.00"))
    );

    // The demo admin's household with the demo treasurer, once, with one joint statement.
    let seed_household = || mandir_server::demo::seed_demo_household(users, &state.households);
    assert!(seed_household().await.expect("formed"));
    assert!(!seed_household().await.expect("second run"), "once");
    let mine: Value = expect_status(app.get("/api/household", Some(&token)).await, StatusCode::OK).await;
    assert_eq!((mine["household"]["name"].as_str(), mine["household"]["statement"].as_str()), (Some("The Demo family"), Some("joint")));
    assert_eq!(mine["household"]["members"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn seed_demo_adds_the_lunar_calendars_services_festival_events_and_a_star_birthday_once() {
    use mandir_server::demo::{seed_demo_admin, seed_demo_festival_events, seed_demo_lunar_services, seed_demo_star_birthday};
    let app = spawn_app().await;
    let built = mandir_server::build(&app.config).await.expect("built");
    let users = built.users.as_ref();
    assert_eq!(seed_demo_festival_events(users, &built.state.festivals).await.expect("no admin yet"), 0);
    assert!(seed_demo_admin(users, built.hasher.as_ref()).await.expect("demo admin"));
    assert_eq!(seed_demo_lunar_services(built.recurring_services.as_ref()).await.expect("seeded"), 3);
    assert_eq!(seed_demo_lunar_services(built.recurring_services.as_ref()).await.expect("second run"), 0);
    let services: Vec<Value> = expect_status(app.get("/api/services", None).await, StatusCode::OK).await;
    let schedules: Vec<&str> = services.iter().filter_map(|s| s["schedule"].as_str()).collect();
    for schedule in ["Every Ekadashi, 6:30 PM", "Every Pournami, 6:00 PM", "Every month on Shravana, 10:00 AM"] {
        assert!(schedules.contains(&schedule), "{schedule} in {schedules:?}");
    }
    assert!(services.iter().all(|s| s["nextOccurrence"].is_object()), "each has its next day");

    // Diwali and Maha Shivaratri for this year and the two after, the passed ones left out.
    let made = seed_demo_festival_events(users, &built.state.festivals).await.expect("seeded");
    assert!((4..=6).contains(&made), "{made} events");
    assert_eq!(seed_demo_festival_events(users, &built.state.festivals).await.expect("second run"), 0);
    let events: Vec<Value> = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    assert_eq!(events.iter().filter(|e| e["name"] == "Diwali (Lakshmi Puja)" || e["name"] == "Maha Shivaratri").count(), made);

    assert!(seed_demo_star_birthday(users, &built.state.star_birthdays).await.expect("seeded"));
    assert!(!seed_demo_star_birthday(users, &built.state.star_birthdays).await.expect("second run"));
}

#[tokio::test]
async fn seed_demo_imports_an_old_systems_members_and_their_gifts_once() {
    let app = spawn_app().await;
    let built = mandir_server::build(&app.config).await.expect("built");
    let year = chrono::Datelike::year(&chrono::Utc::now());
    assert_eq!(mandir_server::demo::seed_demo_imports(&built.state.imports, year).await.expect("seeded"), 7 + 6);
    assert_eq!(mandir_server::demo::seed_demo_imports(&built.state.imports, year).await.expect("second run"), 0);
    let admin = app.admin().await;
    let imports: Vec<Value> = expect_status(app.get("/api/admin/imports", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(imports.len(), 2, "{imports:?}");
    assert_eq!(imports.iter().map(|i| i["byEmail"].as_str()).collect::<Vec<_>>(), [Some("mandir (command line)"); 2]);
    let ledger: Value = expect_status(app.get("/api/admin/payments/ledger?q=iyer", Some(&admin.token)).await, StatusCode::OK).await;
    let channels: Vec<&str> = ledger["items"].as_array().expect("items").iter().filter_map(|p| p["channel"].as_str()).collect();
    assert_eq!(channels, ["imported", "imported"], "{ledger}");
}

//! Sevas: the catalogue, availability in the temple's zone (across a daylight-saving change),
//! bookings decided race-safely against the slot's capacity, holds that lapse, payment through the
//! sandbox, cancellation, the admins' day view and CSV, and family members.

use chrono::{Duration, NaiveDate, NaiveTime, Offset, TimeZone, Utc};
use chrono_tz::America::Los_Angeles;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, spawn_app_with, test_config};

const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn today() -> NaiveDate {
    Utc::now().with_timezone(&Los_Angeles).date_naive()
}

fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

fn seva_body(name: &str, capacity: i64, price_cents: i64) -> Value {
    json!({
        "name": name, "description": "Archana in the sanctum", "category": "temple", "priceCents": price_cents, "priceKind": "fixed",
        "durationMinutes": 15, "weekdays": ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
        "capacityMode": "slots", "slots": [{"time": "09:00", "capacity": capacity}, {"time": "18:30", "capacity": 5}],
        "horizonDays": 366, "cutoffHours": 12,
    })
}

async fn create_seva(app: &TestApp, admin: &TestUser, body: Value) -> Value {
    expect_status(app.post("/api/sevas", Some(&admin.token), body).await, StatusCode::CREATED).await
}

fn booking_body(date: NaiveDate, slot: &str) -> Value {
    json!({
        "date": day(date), "slot": slot,
        "participants": [
            {"name": "Ravi Rao", "gotram": "Kashyapa", "nakshatram": "Rohini", "rasi": "Vrishabha"},
            {"name": "Sita Rao", "gotram": "Kashyapa", "nakshatram": "Ashwini"},
        ],
        "note": "For good health",
    })
}

fn id(value: &Value) -> String {
    value["id"].as_str().expect("id").to_owned()
}

#[tokio::test]
async fn admins_manage_the_catalogue_and_everyone_reads_the_active_sevas() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;

    let refused = app.post("/api/sevas", Some(&member.token), seva_body("Archana", 3, 1100)).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let invalid: Value = expect_status(
        app.post("/api/sevas", Some(&admin.token), json!({"name": "A", "capacityMode": "slots", "slots": []})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(invalid["errors"]["name"], "Seva name must be at least 3 characters");
    assert_eq!(invalid["errors"]["slots"], "Add at least one time slot");
    assert_eq!(invalid["errors"]["weekdays"], "Choose at least one day of the week");

    let mut body = seva_body("Archana", 3, 1100);
    body["image"] = json!(PNG);
    let archana = create_seva(&app, &admin, body).await;
    assert_eq!(archana["slots"][1]["timeLabel"], "6:30 PM");
    assert_eq!(archana["capacityMode"], "slots");
    let image_url = archana["imageUrl"].as_str().expect("image").to_owned();
    let image = app.get(&image_url, None).await;
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/png");

    let mut home = seva_body("Gruhapravesam", 1, 25100);
    home["category"] = json!("home");
    home["capacityMode"] = json!("daily");
    home["dailyCapacity"] = json!(2);
    home["isActive"] = json!(false);
    let home = create_seva(&app, &admin, home).await;
    assert_eq!(home["requiresAddress"], true);
    assert_eq!(home["dailyCapacity"], 2);

    let public: Vec<Value> = expect_status(app.get("/api/sevas", None).await, StatusCode::OK).await;
    assert_eq!(public.iter().map(|s| s["name"].as_str().expect("name")).collect::<Vec<_>>(), ["Archana"]);
    assert_eq!(app.get(&format!("/api/sevas/{}", id(&home)), None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/sevas?all=true", Some(&member.token)).await.status(), StatusCode::FORBIDDEN);
    let all: Vec<Value> = expect_status(app.get("/api/sevas?all=true", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(all.len(), 2);

    let mut edit = seva_body("Archana (evening)", 3, 1500);
    edit["image"] = json!(image_url);
    let edited: Value =
        expect_status(app.put(&format!("/api/sevas/{}", id(&archana)), Some(&admin.token), edit).await, StatusCode::OK).await;
    assert_eq!((edited["name"].as_str(), edited["imageUrl"].as_str()), (Some("Archana (evening)"), Some(image_url.as_str())));
    assert_eq!(app.delete(&format!("/api/sevas/{}", id(&home)), Some(&admin.token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.delete(&format!("/api/sevas/{}", id(&home)), Some(&admin.token)).await.status(), StatusCode::NOT_FOUND);
}

/// The next date, within a year, on which the temple's zone changes its offset.
fn next_offset_change() -> NaiveDate {
    let offset = |d: NaiveDate| Los_Angeles.from_utc_datetime(&d.and_hms_opt(20, 0, 0).expect("noon")).offset().fix();
    let start = today() + Duration::days(2);
    start.iter_days().take(366).find(|d| offset(*d) != offset(*d - Duration::days(1))).expect("a change within a year")
}

#[tokio::test]
async fn availability_is_computed_in_the_temples_zone_across_a_daylight_saving_change() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let seva = create_seva(&app, &admin, seva_body("Abhishekam", 3, 5100)).await;
    let change = next_offset_change();
    let (from, to) = (change - Duration::days(1), change + Duration::days(1));
    let url = format!("/api/sevas/{}/availability?from={}&to={}", id(&seva), day(from), day(to));
    let availability: Value = expect_status(app.get(&url, None).await, StatusCode::OK).await;
    assert_eq!(availability["timeZone"], "America/Los_Angeles");
    let days = availability["days"].as_array().expect("days");
    assert_eq!(days.len(), 3);
    for (i, date) in from.iter_days().take(3).enumerate() {
        let expected =
            Los_Angeles.from_local_datetime(&date.and_time(NaiveTime::from_hms_opt(9, 0, 0).expect("9"))).single().expect("9 AM");
        assert_eq!(days[i]["date"], day(date));
        assert_eq!(days[i]["status"], "open");
        let starts: chrono::DateTime<Utc> = serde_json::from_value(days[i]["slots"][0]["startsAt"].clone()).expect("instant");
        assert_eq!(starts, expected.with_timezone(&Utc), "9:00 AM local on {date}");
        assert_eq!(days[i]["slots"][0]["timeLabel"], "9:00 AM");
        assert_eq!(days[i]["slots"][0]["remaining"], 3);
    }
    let before: chrono::DateTime<Utc> = serde_json::from_value(days[0]["slots"][0]["startsAt"].clone()).expect("instant");
    let after: chrono::DateTime<Utc> = serde_json::from_value(days[2]["slots"][0]["startsAt"].clone()).expect("instant");
    assert_ne!((after - before).num_hours(), 48, "the UTC hour of 9:00 AM moves with the clocks");

    let too_long = format!("/api/sevas/{}/availability?from={}&to={}", id(&seva), day(today()), day(today() + Duration::days(100)));
    let refused: Value = expect_status(app.get(&too_long, None).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["to"], "The range must be at most 92 days");
}

#[tokio::test]
async fn twenty_concurrent_bookings_for_three_places_give_exactly_three() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let seva = create_seva(&app, &admin, seva_body("Archana", 3, 1100)).await;
    let members = [app.member().await, app.member().await, app.member().await, app.member().await];
    let date = today() + Duration::days(7);
    let url = format!("/api/sevas/{}/bookings", id(&seva));
    let calls = (0..20).map(|i| {
        let (app, url, token) = (&app, url.clone(), members[i % members.len()].token.clone());
        async move {
            let response = app.post(&url, Some(&token), booking_body(date, "09:00")).await;
            let status = response.status();
            (status, response.text().await.unwrap_or_default())
        }
    });
    let answers = futures::future::join_all(calls).await;
    let created = answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
    let full = answers.iter().filter(|(s, body)| *s == StatusCode::CONFLICT && body.contains("This slot is fully booked")).count();
    assert!(answers.iter().all(|(s, _)| !s.is_server_error()), "{answers:?}");
    assert_eq!((created, full), (3, 17), "{answers:?}");

    let availability: Value = expect_status(
        app.get(&format!("/api/sevas/{}/availability?from={}&to={}", id(&seva), day(date), day(date)), None).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(availability["days"][0]["slots"][0]["status"], "full");
    assert_eq!(availability["days"][0]["slots"][0]["remaining"], 0);
    assert_eq!(availability["days"][0]["slots"][1]["remaining"], 5);
}

#[tokio::test]
async fn a_lapsed_hold_frees_its_slot_and_the_job_cancels_it() {
    let mut config = test_config().await;
    config.jobs.expire_seva_holds_every = std::time::Duration::from_millis(200);
    let app = spawn_app_with(config).await;
    let admin = app.admin().await;
    let member = app.member().await;
    let seva = create_seva(&app, &admin, seva_body("Archana", 1, 1100)).await;
    let date = today() + Duration::days(5);
    let url = format!("/api/sevas/{}/bookings", id(&seva));
    let held: Value = expect_status(app.post(&url, Some(&member.token), booking_body(date, "09:00")).await, StatusCode::CREATED).await;
    assert_eq!(held["status"], "held");
    let expires: chrono::DateTime<Utc> = serde_json::from_value(held["holdExpiresAt"].clone()).expect("hold");
    let created: chrono::DateTime<Utc> = serde_json::from_value(held["createdAt"].clone()).expect("created");
    assert_eq!(expires - created, Duration::minutes(15));
    let full: Value = expect_status(app.post(&url, Some(&member.token), booking_body(date, "09:00")).await, StatusCode::CONFLICT).await;
    assert_eq!(full["message"], "This slot is fully booked; please choose another");

    // Fifteen minutes pass for this hold.
    app.db.execute_raw(&format!("UPDATE seva_bookings SET hold_expires_at = created_at WHERE id = '{}'", id(&held))).await.expect("lapse");
    let next: Value = expect_status(app.post(&url, Some(&member.token), booking_body(date, "09:00")).await, StatusCode::CREATED).await;
    assert_eq!(next["status"], "held");
    let pay = app.post(&format!("/api/seva-bookings/{}/pay", id(&held)), Some(&member.token), json!({"method": "card"})).await;
    // The job may have cancelled it already.
    let pay: Value = expect_status(pay, StatusCode::CONFLICT).await;
    assert!(
        ["Your hold on this slot expired; please book again", "Only a booking waiting for its payment can be paid"]
            .contains(&pay["message"].as_str().unwrap_or_default()),
        "{pay}"
    );

    let mut status = Value::Null;
    for _ in 0..300 {
        let booking: Value =
            expect_status(app.get(&format!("/api/seva-bookings/{}", id(&held)), Some(&member.token)).await, StatusCode::OK).await;
        status = booking["status"].clone();
        if status == "cancelled" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(status, "cancelled", "the expire-seva-holds job released the lapsed hold");
}

#[tokio::test]
async fn blackout_dates_cutoffs_and_the_booking_window_are_refused_with_clear_messages() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let blackout = today() + Duration::days(10);
    let mut body = seva_body("Archana", 3, 1100);
    body["blackoutDates"] = json!([day(blackout)]);
    body["cutoffHours"] = json!(72);
    body["horizonDays"] = json!(30);
    let seva = create_seva(&app, &admin, body).await;
    let url = format!("/api/sevas/{}/bookings", id(&seva));
    let refused = |date: NaiveDate, slot: &'static str| {
        let (app, url, token) = (&app, url.clone(), member.token.clone());
        async move { expect_status::<Value>(app.post(&url, Some(&token), booking_body(date, slot)).await, StatusCode::BAD_REQUEST).await }
    };
    assert_eq!(refused(blackout, "09:00").await["errors"]["date"], "This seva is not available on that date");
    assert_eq!(
        refused(today() + Duration::days(1), "09:00").await["errors"]["slot"],
        "Bookings for this slot close 72 hours before it starts"
    );
    assert_eq!(refused(today() + Duration::days(40), "09:00").await["errors"]["date"], "This seva can be booked at most 30 days ahead");
    assert_eq!(refused(today() + Duration::days(8), "10:00").await["errors"]["slot"], "Choose one of the seva's time slots");
    let unverified = app.unverified_member().await;
    let response = app.post(&url, Some(&unverified.token), booking_body(today() + Duration::days(8), "09:00")).await;
    assert_eq!(expect_status::<Value>(response, StatusCode::FORBIDDEN).await["code"], "email-not-verified");
    assert_eq!(app.post(&url, None, booking_body(today() + Duration::days(8), "09:00")).await.status(), StatusCode::UNAUTHORIZED);

    let availability: Value = expect_status(
        app.get(&format!("/api/sevas/{}/availability?from={}&to={}", id(&seva), day(blackout), day(blackout)), None).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(availability["days"][0]["status"], "blackout");
}

#[tokio::test]
async fn a_member_books_pays_by_card_and_cancels_and_admins_see_the_day() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let other = app.member().await;
    let seva = create_seva(&app, &admin, seva_body("Archana", 3, 1100)).await;
    let date = today() + Duration::days(6);
    let held: Value = expect_status(
        app.post(&format!("/api/sevas/{}/bookings", id(&seva)), Some(&member.token), booking_body(date, "09:00")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(held["participants"][0]["nakshatram"], "Rohini");
    let booking_url = format!("/api/seva-bookings/{}", id(&held));
    assert_eq!(app.get(&booking_url, Some(&other.token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.post(&format!("{booking_url}/pay"), Some(&other.token), json!({"method": "card"})).await.status(),
        StatusCode::NOT_FOUND
    );

    let paid: Value =
        expect_status(app.post(&format!("{booking_url}/pay"), Some(&member.token), json!({"method": "card"})).await, StatusCode::OK).await;
    assert_eq!(paid["payment"]["amount"], "11.00");
    assert_eq!(paid["booking"]["status"], "held");
    let again: Value =
        expect_status(app.post(&format!("{booking_url}/pay"), Some(&member.token), json!({"method": "card"})).await, StatusCode::OK).await;
    assert_eq!(again["payment"]["id"], paid["payment"]["id"], "a repeat answers the same payment");
    let confirm = json!({"paymentIntentId": paid["paymentIntentId"], "clientSecret": paid["clientSecret"], "outcome": "succeeded"});
    expect_status::<Value>(app.post("/api/payments/sandbox/confirm", None, confirm).await, StatusCode::OK).await;
    let confirmed: Value = expect_status(app.get(&booking_url, Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(confirmed["status"], "confirmed");
    assert!(confirmed["holdExpiresAt"].is_null());
    let email = app.link_in_email(&member.email, "/dashboard").await;
    assert!(email.ends_with("/dashboard"));
    let mail = app.wait_for_email(&member.email, "Your Archana booking is confirmed").await;
    assert!(mail.contains("Ravi Rao (Kashyapa, Rohini, Vrishabha)"), "{mail}");
    // A seva is a religious service: its receipt and the member's statement say so.
    let religious = "The only goods or services provided in exchange for this contribution were intangible religious benefits.";
    let number = paid["payment"]["receiptNumber"].as_str().expect("receipt number");
    let receipt: Value = expect_status(app.get(&format!("/api/receipts/{number}"), Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!((receipt["acknowledgement"].as_str(), receipt["lines"][0]["kind"].as_str()), (Some(religious), Some("religious")));
    assert_eq!(receipt["deductible"], "11.00", "intangible religious benefits are not subtracted");
    let receipt_mail = app.wait_for_email(&member.email, "donation receipt").await;
    assert!(receipt_mail.contains(religious) && !receipt_mail.contains("No goods or services"), "{receipt_mail}");

    assert!(mail.contains("filename=\"seva.ics\"") || mail.contains("filename=seva.ics"), "the booking is attached: {mail}");

    // The admins' day view, a priest, the CSV.
    let path = format!("/api/admin/sevas/schedule?date={}", day(date));
    assert_eq!(app.get(&path, Some(&member.token)).await.status(), StatusCode::FORBIDDEN);
    let schedule: Value = expect_status(app.get(&path, Some(&admin.token)).await, StatusCode::OK).await;
    let entries = schedule["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["paid"], "paid");
    assert_eq!(entries[0]["booking"]["participants"][1]["name"], "Sita Rao");
    let priest: Value =
        expect_status(app.post("/api/priests", Some(&admin.token), json!({"name": "Sri Example Sharma"})).await, StatusCode::CREATED).await;
    let assigned: Value = expect_status(
        app.put(&format!("{booking_url}/priest"), Some(&admin.token), json!({"priestId": id(&priest)})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(assigned["priestId"], priest["id"]);
    let unknown: Value = expect_status(
        app.put(&format!("{booking_url}/priest"), Some(&admin.token), json!({"priestId": "nobody"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(unknown["errors"]["priestId"], "Choose one of the temple's priests");
    let csv = app.get(&format!("/api/admin/sevas/schedule.csv?from={}&to={}", day(date), day(date)), Some(&admin.token)).await;
    assert_eq!(csv.status(), StatusCode::OK);
    let csv = csv.text().await.expect("csv");
    assert!(csv.starts_with("Date,Time,Seva,Status,People,Gotram,Nakshatram,Rasi,Address,Note,Member,Email,Payment,Priest\r\n"), "{csv}");
    assert!(csv.contains("9:00 AM,Archana,confirmed,Ravi Rao; Sita Rao,Kashyapa; Kashyapa,Rohini; Ashwini,Vrishabha; -"), "{csv}");
    assert!(csv.contains("Sri Example Sharma"), "{csv}");

    // The member cancels before the cut-off; it leaves the day view.
    let mine: Vec<Value> = expect_status(app.get("/api/seva-bookings/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(app.post(&format!("{booking_url}/cancel"), Some(&other.token), json!({})).await.status(), StatusCode::NOT_FOUND);
    let cancelled: Value =
        expect_status(app.post(&format!("{booking_url}/cancel"), Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(cancelled["status"], "cancelled");
    // The card payment goes back in full, through the provider, with the reason in its history.
    let payment_id = paid["payment"]["id"].as_str().expect("payment id");
    let payments: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    let payment = payments.iter().find(|p| p["id"] == payment_id).expect("the booking's payment");
    assert_eq!((payment["status"].as_str(), payment["refundedAmount"].as_str()), (Some("refunded"), Some("11.00")));
    let history: Vec<Value> =
        expect_status(app.get(&format!("/api/admin/payments/{payment_id}/audit"), Some(&admin.token)).await, StatusCode::OK).await;
    let note = history.iter().filter_map(|e| e["note"].as_str()).find(|n| n.starts_with("Refunded $11.00")).expect("refund entry");
    assert!(note.ends_with(": Seva booking cancelled"), "{note}");
    let again = app.post(&format!("{booking_url}/cancel"), Some(&member.token), json!({})).await;
    assert_eq!(expect_status::<Value>(again, StatusCode::CONFLICT).await["message"], "Only held or confirmed bookings can be cancelled");
    let schedule: Value = expect_status(app.get(&path, Some(&admin.token)).await, StatusCode::OK).await;
    assert!(schedule["entries"].as_array().expect("entries").is_empty());
    let done = app.post(&format!("{booking_url}/complete"), Some(&admin.token), json!({})).await;
    assert_eq!(done.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn zelle_confirms_as_the_temple_decides_and_members_cannot_cancel_after_the_cutoff() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let settings: Value = expect_status(
        app.put(
            "/api/seva-settings",
            Some(&admin.token),
            json!({"zellePendingConfirms": true, "cancellationPolicy": "Full refund up to 2 days before."}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(settings["zellePendingConfirms"], true);
    let public: Value = expect_status(app.get("/api/seva-settings", None).await, StatusCode::OK).await;
    assert_eq!(public["cancellationPolicy"], "Full refund up to 2 days before.");

    let mut body = seva_body("Satyanarayana Vratam", 2, 11600);
    body["cutoffHours"] = json!(0);
    let seva = create_seva(&app, &admin, body).await;
    // Tomorrow's evening slot: bookable now.
    let date = today() + Duration::days(1);
    let held: Value = expect_status(
        app.post(&format!("/api/sevas/{}/bookings", id(&seva)), Some(&member.token), booking_body(date, "18:30")).await,
        StatusCode::CREATED,
    )
    .await;
    let booking_url = format!("/api/seva-bookings/{}", id(&held));
    let paid: Value =
        expect_status(app.post(&format!("{booking_url}/pay"), Some(&member.token), json!({"method": "zelle"})).await, StatusCode::OK).await;
    assert_eq!(paid["booking"]["status"], "confirmed");
    assert_eq!(paid["payment"]["status"], "pending");
    assert_eq!(paid["payment"]["paymentMethod"], "zelle");
    let schedule: Value =
        expect_status(app.get(&format!("/api/admin/sevas/schedule?date={}", day(date)), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(schedule["entries"][0]["paid"], "pending");
    let completed: Value =
        expect_status(app.post(&format!("{booking_url}/complete"), Some(&admin.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(completed["status"], "completed");

    // A seva with a 720-hour cut-off: booked long ahead, then past its cut-off for cancelling.
    let mut body = seva_body("Homam", 2, 0);
    body["cutoffHours"] = json!(24);
    let homam = create_seva(&app, &admin, body).await;
    let soon = today() + Duration::days(2);
    let free: Value = expect_status(
        app.post(&format!("/api/sevas/{}/bookings", id(&homam)), Some(&member.token), booking_body(soon, "09:00")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(free["status"], "confirmed", "nothing to pay: confirmed at once");
    let mut edit = seva_body("Homam", 2, 0);
    edit["cutoffHours"] = json!(720);
    expect_status::<Value>(app.put(&format!("/api/sevas/{}", id(&homam)), Some(&admin.token), edit).await, StatusCode::OK).await;
    let late = app.post(&format!("/api/seva-bookings/{}/cancel", id(&free)), Some(&member.token), json!({})).await;
    assert_eq!(
        expect_status::<Value>(late, StatusCode::CONFLICT).await["message"],
        "Bookings can be cancelled only up to 720 hours before the slot; please call the temple"
    );
    let by_admin = app.post(&format!("/api/seva-bookings/{}/cancel", id(&free)), Some(&admin.token), json!({})).await;
    assert_eq!(expect_status::<Value>(by_admin, StatusCode::OK).await["status"], "cancelled");
    let delete = app.delete(&format!("/api/sevas/{}", id(&homam)), Some(&admin.token)).await;
    assert_eq!(
        expect_status::<Value>(delete, StatusCode::CONFLICT).await["message"],
        "This seva has bookings; make it inactive instead of deleting it"
    );
}

#[tokio::test]
async fn members_keep_their_family_in_the_profile() {
    let app = spawn_app().await;
    let member = app.member().await;
    let other = app.member().await;
    assert_eq!(app.get("/api/users/me/family", None).await.status(), StatusCode::UNAUTHORIZED);
    let body = json!({"name": "Lakshmi Rao", "relation": "Mother", "gotram": "Kashyapa", "nakshatram": "Rohini", "rasi": "Vrishabha", "birthDate": "1960-05-04"});
    let created: Value = expect_status(app.post("/api/users/me/family", Some(&member.token), body).await, StatusCode::CREATED).await;
    assert_eq!(created["birthDate"], "1960-05-04");
    let invalid: Value = expect_status(
        app.post("/api/users/me/family", Some(&member.token), json!({"name": " ", "birthDate": "2999-01-01"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(invalid["errors"]["name"], "Name is required");
    assert_eq!(invalid["errors"]["birthDate"], "Birth date must be a valid past date (YYYY-MM-DD)");
    let url = format!("/api/users/me/family/{}", id(&created));
    assert_eq!(app.put(&url, Some(&other.token), json!({"name": "Taken"})).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&url, Some(&other.token)).await.status(), StatusCode::NOT_FOUND);
    let edited: Value =
        expect_status(app.put(&url, Some(&member.token), json!({"name": "Lakshmi R", "relation": "Mother"})).await, StatusCode::OK).await;
    assert!(edited["gotram"].is_null());
    let theirs: Vec<Value> = expect_status(app.get("/api/users/me/family", Some(&other.token)).await, StatusCode::OK).await;
    assert!(theirs.is_empty());
    assert_eq!(app.delete(&url, Some(&member.token)).await.status(), StatusCode::NO_CONTENT);
    let mine: Vec<Value> = expect_status(app.get("/api/users/me/family", Some(&member.token)).await, StatusCode::OK).await;
    assert!(mine.is_empty());
}

#[tokio::test]
async fn zelle_holds_lapse_unless_staff_confirm_and_a_member_holds_at_most_three_unpaid_places() {
    let mut config = test_config().await;
    config.jobs.expire_seva_holds_every = std::time::Duration::from_millis(200);
    let app = spawn_app_with(config).await;
    let admin = app.admin().await;
    let (member, other) = (app.member().await, app.member().await);
    let settings: Value = expect_status(app.get("/api/seva-settings", None).await, StatusCode::OK).await;
    assert_eq!((settings["zelleHoldHours"].as_i64(), settings["maxUnpaidHolds"].as_i64()), (Some(48), Some(3)), "the defaults");

    let mut body = seva_body("Archana", 5, 1100);
    body["cutoffHours"] = json!(0);
    let seva = create_seva(&app, &admin, body).await;
    let url = format!("/api/sevas/{}/bookings", id(&seva));
    let book = |who: &TestUser, days: i64| {
        let (app, url, token) = (&app, url.clone(), who.token.clone());
        async move { app.post(&url, Some(&token), booking_body(today() + Duration::days(days), "09:00")).await }
    };
    let mut held = Vec::new();
    for days in [10, 11, 12] {
        held.push(expect_status::<Value>(book(&member, days).await, StatusCode::CREATED).await);
    }
    // The security review held fifteen places in seconds; a fourth unpaid one is refused.
    let refused: Value = expect_status(book(&member, 13).await, StatusCode::CONFLICT).await;
    assert_eq!(refused["message"], "You have 3 unpaid seva bookings: pay for or cancel one before booking another");
    expect_status::<Value>(book(&other, 13).await, StatusCode::CREATED).await;

    // "Paid" by Zelle: the place is held for 48 hours, not until the slot, and still counts unpaid.
    let before = Utc::now();
    let zelle = format!("/api/seva-bookings/{}/pay", id(&held[0]));
    let paid: Value = expect_status(app.post(&zelle, Some(&member.token), json!({"method": "zelle"})).await, StatusCode::OK).await;
    assert_eq!((paid["booking"]["status"].as_str(), paid["payment"]["status"].as_str()), (Some("held"), Some("pending")));
    let until: chrono::DateTime<Utc> = serde_json::from_value(paid["booking"]["holdExpiresAt"].clone()).expect("hold");
    assert!(until >= before + Duration::hours(48) && until <= Utc::now() + Duration::hours(48), "{until}");
    expect_status::<Value>(book(&member, 13).await, StatusCode::CONFLICT).await;

    // Tomorrow's slot: a Zelle hold never outlasts the slot's start.
    let soon: Value = expect_status(book(&other, 1).await, StatusCode::CREATED).await;
    let paid: Value = expect_status(
        app.post(&format!("/api/seva-bookings/{}/pay", id(&soon)), Some(&other.token), json!({"method": "zelle"})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(paid["booking"]["holdExpiresAt"], soon["startsAt"]);

    // The admin changes both; wrong values are refused with the fields' messages.
    let wrong: Value = expect_status(
        app.put("/api/seva-settings", Some(&admin.token), json!({"zelleHoldHours": 0, "maxUnpaidHolds": 2.5})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(wrong["errors"]["zelleHoldHours"], "Hours must be a whole number from 1 to 336");
    assert_eq!(wrong["errors"]["maxUnpaidHolds"], "Unpaid bookings must be a whole number from 1 to 20");
    let saved: Value = expect_status(
        app.put("/api/seva-settings", Some(&admin.token), json!({"zelleHoldHours": 24, "maxUnpaidHolds": 4})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!((saved["zelleHoldHours"].as_i64(), saved["maxUnpaidHolds"].as_i64()), (Some(24), Some(4)));
    let kept: Value = expect_status(app.put("/api/seva-settings", Some(&admin.token), json!({})).await, StatusCode::OK).await;
    assert_eq!((kept["zelleHoldHours"].as_i64(), kept["maxUnpaidHolds"].as_i64()), (Some(24), Some(4)), "left out: kept");
    expect_status::<Value>(book(&member, 13).await, StatusCode::CREATED).await;

    // Staff never confirmed: the Zelle hold lapses and the job cancels it; one confirmed stays.
    let confirmed = format!("/api/seva-bookings/{}/pay", id(&held[1]));
    let paid: Value = expect_status(app.post(&confirmed, Some(&member.token), json!({"method": "zelle"})).await, StatusCode::OK).await;
    let payment = paid["payment"]["id"].as_str().expect("payment").to_owned();
    expect_status::<Value>(
        app.post(&format!("/api/admin/payments/{payment}/status"), Some(&admin.token), json!({"status": "completed"})).await,
        StatusCode::OK,
    )
    .await;
    app.db
        .execute_raw(&format!("UPDATE seva_bookings SET hold_expires_at = created_at WHERE id IN ('{}', '{}')", id(&held[0]), id(&held[1])))
        .await
        .expect("48 hours pass");
    let mut statuses = (Value::Null, Value::Null);
    for _ in 0..300 {
        let (first, second) = (format!("/api/seva-bookings/{}", id(&held[0])), format!("/api/seva-bookings/{}", id(&held[1])));
        let lapsed: Value = expect_status(app.get(&first, Some(&member.token)).await, StatusCode::OK).await;
        let kept: Value = expect_status(app.get(&second, Some(&member.token)).await, StatusCode::OK).await;
        statuses = (lapsed["status"].clone(), kept["status"].clone());
        if statuses.0 == "cancelled" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(statuses, (json!("cancelled"), json!("confirmed")), "unconfirmed: lapsed; received by staff: confirmed");
    // The Zelle payment staff received counts on the member's statement as a religious service.
    let year = paid["payment"]["paymentDate"].as_str().expect("date")[..4].to_owned();
    let statement: Value =
        expect_status(app.get(&format!("/api/payments/mine/statements/{year}"), Some(&member.token)).await, StatusCode::OK).await;
    let religious = "The only goods or services provided in exchange for this contribution were intangible religious benefits.";
    assert_eq!(
        (statement["acknowledgement"].as_str(), statement["gifts"][0]["acknowledgement"].as_str()),
        (Some(religious), Some(religious))
    );
    assert_eq!(
        (statement["total"].as_str(), statement["deductibleTotal"].as_str()),
        (statement["gifts"][0]["amount"].as_str(), statement["total"].as_str())
    );
}

//! Text messages (ADR 0148) through the real server: a member verifies a number with the code
//! texted to it and agrees to confirmations; their registration's confirmation is texted once,
//! with how to stop; STOP by the provider's webhook is honoured until START; the quiet hours hold
//! a text until the morning in the member's zone; the admin's monthly cap stops texts while
//! e-mail goes on; two processes send each text once; Twilio's adapter against a local mock,
//! with its signature on replies.

use std::path::PathBuf;
use std::time::Duration;

use chrono::Timelike;
use mandir_server::Config;
use mandir_server::config::{JobsConfig, Secret, TextProvider, TwilioSettings};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app_with, test_config};

/// A server whose member e-mails and texts are sent every 200 ms.
pub(crate) async fn fast_config() -> Config {
    let jobs = JobsConfig {
        send_member_emails_every: Duration::from_millis(200),
        send_texts_every: Duration::from_millis(200),
        ..JobsConfig::default()
    };
    Config { jobs, ..test_config().await }
}

fn texts_dir(app: &TestApp) -> PathBuf {
    match &app.config.texting {
        TextProvider::Folder(dir) => dir.clone(),
        other => panic!("not the folder provider: {other:?}"),
    }
}

/// Every text written to the development folder for `phone`, oldest first.
pub(crate) fn texts_to(app: &TestApp, phone: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(texts_dir(app)) else { return Vec::new() };
    let mut files: Vec<_> =
        entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "txt")).collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter(|t| t.lines().next() == Some(&format!("To: {phone}")))
        .collect()
}

pub(crate) async fn wait_for_text(app: &TestApp, phone: &str, needle: &str) -> String {
    for _ in 0..400 {
        if let Some(text) = texts_to(app, phone).into_iter().find(|t| t.contains(needle)) {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no text to {phone} containing {needle:?}: {:?}", texts_to(app, phone));
}

/// A fixed-offset zone (`Etc/GMT...`) where it is now `hour` o'clock (give or take the minute).
pub(crate) fn zone_at_hour(hour: u32) -> String {
    let now = chrono::Utc::now().hour();
    let mut offset = (i64::from(hour) - i64::from(now)).rem_euclid(24);
    if offset > 14 {
        offset -= 24;
    }
    // IANA's Etc zones have the sign the other way round: Etc/GMT-5 is UTC+5.
    match offset {
        0 => "Etc/GMT".to_owned(),
        o if o > 0 => format!("Etc/GMT-{o}"),
        o => format!("Etc/GMT+{}", -o),
    }
}

/// A fresh US mobile number.
pub(crate) fn phone() -> String {
    format!("+1916555{:04}", rand_digits())
}

fn rand_digits() -> u32 {
    uuid::Uuid::new_v4().as_u128().to_le_bytes().iter().fold(0u32, |a, b| (a * 31 + u32::from(*b)) % 10_000)
}

/// The member verifies `phone` with the code texted to it, agreeing to `kinds`, with quiet hours
/// in `zone`.
pub(crate) async fn verify(app: &TestApp, member: &TestUser, phone: &str, kinds: &[&str], zone: &str) -> Value {
    let sent: Value =
        expect_status(app.post("/api/account/texting/code", Some(&member.token), json!({"phone": phone})).await, StatusCode::OK).await;
    assert_eq!(sent["pendingPhone"], phone);
    let text = wait_for_text(app, phone, "your code is").await;
    let code: String = text.split("your code is ").nth(1).expect("code").chars().take(6).collect();
    let body = json!({"code": code, "kinds": kinds, "timeZone": zone});
    expect_status(app.post("/api/account/texting/verify", Some(&member.token), body).await, StatusCode::OK).await
}

async fn register(app: &TestApp, admin: &TestUser, member: &TestUser, name: &str) {
    let event = app.create_event(admin, name, 10, None).await;
    let path = format!("/api/events/{}/register", event["id"].as_str().expect("id"));
    expect_status::<Value>(app.post(&path, Some(&member.token), json!({"numberOfFamilyMembers": 0})).await, StatusCode::CREATED).await;
}

async fn inbound(app: &TestApp, from: &str, body: &str) -> (StatusCode, String) {
    let response = app
        .client
        .post(app.url("/api/texting/inbound"))
        .form(&[("From", from), ("Body", body), ("To", "+19165550000")])
        .send()
        .await
        .expect("sent");
    (response.status(), response.text().await.expect("body"))
}

/// A free archana with a 9:00 slot every day, booked by `member` for a week from today (the
/// temple's day): the day booked.
pub(crate) async fn book_free_archana(app: &TestApp, admin: &TestUser, member: &TestUser) -> chrono::NaiveDate {
    let seva = json!({
        "name": "Archana", "description": "Archana in the sanctum", "category": "temple", "priceCents": 0, "priceKind": "fixed",
        "durationMinutes": 15, "weekdays": ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
        "capacityMode": "slots", "slots": [{"time": "09:00", "capacity": 3}], "horizonDays": 366, "cutoffHours": 12,
    });
    let seva: Value = expect_status(app.post("/api/sevas", Some(&admin.token), seva).await, StatusCode::CREATED).await;
    let date = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive() + chrono::Duration::days(7);
    let body = json!({"date": date.format("%Y-%m-%d").to_string(), "slot": "09:00", "participants": [{"name": "Lakshmi Rao", "gotram": "Kashyapa"}]});
    let path = format!("/api/sevas/{}/bookings", seva["id"].as_str().expect("id"));
    let booking: Value = expect_status(app.post(&path, Some(&member.token), body).await, StatusCode::CREATED).await;
    assert_eq!(booking["status"], "confirmed");
    date
}

#[tokio::test]
async fn a_member_verifies_a_number_by_its_code_and_gets_one_text_per_confirmation_with_how_to_stop() {
    let app = spawn_app_with(fast_config().await).await;
    let (admin, member) = (app.admin().await, app.member().await);
    let phone = phone();

    let view: Value = expect_status(app.get("/api/account/texting", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!((view["available"].clone(), view["phone"].clone(), view["kinds"].clone()), (json!(true), Value::Null, json!([])));
    let bad = app.post("/api/account/texting/code", Some(&member.token), json!({"phone": "555-0123"})).await;
    let error: Value = expect_status(bad, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["phone"], mandir_domain::texting::PHONE_INVALID);
    let wrong =
        app.post("/api/account/texting/verify", Some(&member.token), json!({"code": "123456", "timeZone": "America/Los_Angeles"})).await;
    expect_status::<Value>(wrong, StatusCode::BAD_REQUEST).await;

    let zone = zone_at_hour(13);
    let view = verify(&app, &member, &phone, &["confirmations"], &zone).await;
    assert_eq!(
        (view["phone"].as_str(), view["kinds"].clone(), view["timeZone"].as_str()),
        (Some(phone.as_str()), json!(["confirmations"]), Some(zone.as_str()))
    );

    register(&app, &admin, &member, "Satyanarayana Puja").await;
    app.wait_for_email(&member.email, "Satyanarayana Puja").await;
    let text = wait_for_text(&app, &phone, "You are registered for Satyanarayana Puja").await;
    assert!(text.starts_with(&format!("To: {phone}\nChannel: sms\n")), "{text}");
    assert!(text.trim_end().ends_with("Reply STOP to opt out."), "{text}");
    assert!(text.contains("Test Temple: "), "names the temple: {text}");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(texts_to(&app, &phone).iter().filter(|t| t.contains("Satyanarayana")).count(), 1, "once");

    // Reminders were not agreed to; turning confirmations off stops those texts too.
    let body = json!({"kinds": [], "timeZone": zone});
    let view: Value = expect_status(app.put("/api/account/texting", Some(&member.token), body).await, StatusCode::OK).await;
    assert_eq!(view["kinds"], json!([]));
    register(&app, &admin, &member, "Ganesh Chaturthi").await;
    app.wait_for_email(&member.email, "Ganesh Chaturthi").await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(!texts_to(&app, &phone).iter().any(|t| t.contains("Ganesh")), "no consent, no text");

    let removed: Value = expect_status(app.delete("/api/account/texting", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(removed["phone"], Value::Null);
}

#[tokio::test]
async fn a_seva_booked_is_texted_to_a_member_who_agreed_to_confirmations() {
    let app = spawn_app_with(fast_config().await).await;
    let (admin, member) = (app.admin().await, app.member().await);
    let phone = phone();
    verify(&app, &member, &phone, &["confirmations"], &zone_at_hour(13)).await;
    let date = book_free_archana(&app, &admin, &member).await;
    let text = wait_for_text(&app, &phone, "Your Archana on").await;
    let when = date.format("%a, %b %-d at 9:00 AM").to_string();
    assert!(text.contains(&format!("Your Archana on {when} is booked.")), "{text}");
    assert!(text.trim_end().ends_with("Reply STOP to opt out."), "{text}");
}

#[tokio::test]
async fn a_counter_sale_to_a_member_texts_its_receipts_link_once() {
    let app = spawn_app_with(fast_config().await).await;
    let (admin, member) = (app.admin().await, app.member().await);
    let desk = app.staff(&admin, &["front_desk"]).await;
    let phone = phone();
    verify(&app, &member, &phone, &["receipts"], &zone_at_hour(13)).await;
    let body = json!({
        "donor": {"userId": member.id},
        "lines": [{"donationTypeId": "custom", "amount": 51, "name": "General donation"}],
        "tenders": [{"method": "cash", "amount": 51}],
    });
    let sold: Value =
        expect_status(app.post_with_key(&desk, "/api/counter/sales", "sale-text-00001", &body).await, StatusCode::CREATED).await;
    let number = sold["payment"]["receiptNumber"].as_str().expect("receipt number").to_owned();
    app.wait_for_email(&member.email, "donation receipt").await;
    let text = wait_for_text(&app, &phone, "Your receipt").await;
    assert!(text.contains(&format!("Thank you. Your receipt {number} for $51.00: http://temple.test/receipts/{number}?sig=")), "{text}");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(texts_to(&app, &phone).iter().filter(|t| t.contains("Your receipt")).count(), 1);
}

#[tokio::test]
async fn stop_by_reply_is_honoured_until_start_and_help_says_who_and_how() {
    let app = spawn_app_with(fast_config().await).await;
    let (admin, member) = (app.admin().await, app.member().await);
    let phone = phone();
    verify(&app, &member, &phone, &["confirmations"], &zone_at_hour(13)).await;

    let (status, reply) = inbound(&app, &phone, "STOP").await;
    assert_eq!(status, StatusCode::OK);
    assert!(reply.contains("<Response><Message>Test Temple: you are unsubscribed"), "{reply}");
    let view: Value = expect_status(app.get("/api/account/texting", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(view["optedOut"], true);
    register(&app, &admin, &member, "Diwali").await;
    app.wait_for_email(&member.email, "Diwali").await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(!texts_to(&app, &phone).iter().any(|t| t.contains("Diwali")), "nothing after STOP");
    let again = app.post("/api/account/texting/code", Some(&member.token), json!({"phone": phone})).await;
    let error: Value = expect_status(again, StatusCode::CONFLICT).await;
    assert!(error["message"].as_str().expect("message").contains("replied STOP"), "{error}");

    let (_, help) = inbound(&app, &phone, "help").await;
    assert!(help.contains("Msg &amp; data rates may apply") && help.contains("Reply STOP"), "{help}");
    let (_, other) = inbound(&app, &phone, "see you there").await;
    assert!(other.ends_with("<Response/>"), "{other}");
    let (_, start) = inbound(&app, &phone, "START").await;
    assert!(start.contains("can get texts again"), "{start}");
    register(&app, &admin, &member, "Navaratri").await;
    wait_for_text(&app, &phone, "Navaratri").await;
}

#[tokio::test]
async fn a_text_waits_through_the_night_in_the_members_zone() {
    let app = spawn_app_with(fast_config().await).await;
    let (admin, member) = (app.admin().await, app.member().await);
    let phone = phone();
    // The code goes at once (the member asked for it), whatever the hour.
    verify(&app, &member, &phone, &["confirmations"], &zone_at_hour(2)).await;
    register(&app, &admin, &member, "Maha Shivaratri").await;
    app.wait_for_email(&member.email, "Maha Shivaratri").await;
    let mut held = Value::Null;
    for _ in 0..100 {
        let overview: Value = expect_status(app.get("/api/admin/texting", Some(&admin.token)).await, StatusCode::OK).await;
        if let Some(row) = overview["recent"].as_array().expect("recent").iter().find(|r| r["kind"] == "confirmations") {
            held = row.clone();
            if row["attempts"] == 0 {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(!texts_to(&app, &phone).iter().any(|t| t.contains("Maha Shivaratri")), "not at 2 AM");
    assert_eq!((held["sentAt"].clone(), held["attempts"].clone()), (Value::Null, json!(0)), "held, not failed: {held}");
}

#[tokio::test]
async fn the_monthly_cap_stops_texts_and_e_mail_goes_on() {
    let app = spawn_app_with(fast_config().await).await;
    let (admin, member) = (app.admin().await, app.member().await);
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    expect_status::<Value>(app.put("/api/admin/texting", Some(&treasurer.token), json!({"monthlyCap": 9})).await, StatusCode::FORBIDDEN)
        .await;
    let bad = app.put("/api/admin/texting", Some(&admin.token), json!({"monthlyCap": -3})).await;
    let error: Value = expect_status(bad, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["monthlyCap"], mandir_domain::texting::CAP_INVALID);
    let overview: Value =
        expect_status(app.put("/api/admin/texting", Some(&admin.token), json!({"monthlyCap": 1})).await, StatusCode::OK).await;
    assert_eq!((overview["monthlyCap"].clone(), overview["provider"].clone()), (json!(1), json!("folder")));

    let phone = phone();
    verify(&app, &member, &phone, &["confirmations"], &zone_at_hour(13)).await;
    register(&app, &admin, &member, "Ugadi").await;
    app.wait_for_email(&member.email, "Ugadi").await;
    let mut overview = Value::Null;
    for _ in 0..100 {
        overview = expect_status(app.get("/api/admin/texting", Some(&admin.token)).await, StatusCode::OK).await;
        if overview["recent"].as_array().expect("recent").iter().any(|r| r["lastError"] == "the month's cap was reached") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(overview["sentThisMonth"], 1, "the code: {overview}");
    assert!(overview["recent"].as_array().expect("recent").iter().any(|r| r["lastError"] == "the month's cap was reached"), "{overview}");
    assert!(!texts_to(&app, &phone).iter().any(|t| t.contains("Ugadi")), "no text past the cap");
    let again = app.post("/api/account/texting/code", Some(&member.token), json!({"phone": phone})).await;
    let error: Value = expect_status(again, StatusCode::CONFLICT).await;
    assert!(error["message"].as_str().expect("message").contains("used up"), "{error}");

    let audit: Value = expect_status(app.get("/api/admin/audit?action=texting.cap", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(audit.to_string().contains("Set the monthly text cap to 1"), "{audit}");
}

#[tokio::test]
async fn each_text_is_sent_once_by_two_processes() {
    let config = fast_config().await;
    let first = spawn_app_with(config.clone()).await;
    let second_outbox = config.mail_outbox.with_file_name("outbox-second");
    let second = spawn_app_with(Config { mail_outbox: second_outbox, ..config }).await;
    let (admin, member) = (first.admin().await, first.member().await);
    let phone = phone();
    verify(&first, &member, &phone, &["confirmations"], &zone_at_hour(13)).await;
    let names = ["Rama Navami", "Hanuman Jayanti", "Krishna Janmashtami"];
    for (i, name) in names.iter().enumerate() {
        // Both processes write registrations and both run the senders.
        let app = if i % 2 == 0 { &first } else { &second };
        register(app, &admin, &member, name).await;
    }
    for name in names {
        wait_for_text(&first, &phone, name).await;
    }
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    for name in names {
        assert_eq!(texts_to(&first, &phone).iter().filter(|t| t.contains(name)).count(), 1, "{name} once");
    }
}

// Twilio's Messaging API, against a local mock of it.

mod twilio {
    use base64::Engine;
    use hmac::{Hmac, Mac};
    use wiremock::matchers::{body_string_contains, header_exists, method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    use super::*;

    const SID: &str = "AC0123456789abcdef0123456789abcdef";
    const TOKEN: &str = "twilio-auth-token-for-tests";

    /// Twilio's signature: HMAC-SHA1 of the URL and the fields sorted by name, each name then value.
    fn signature(url: &str, fields: &[(&str, &str)]) -> String {
        let mut sorted = fields.to_vec();
        sorted.sort();
        let mut data = url.to_owned();
        for (k, v) in sorted {
            data.push_str(k);
            data.push_str(v);
        }
        let mut mac = <Hmac<sha1::Sha1> as Mac>::new_from_slice(TOKEN.as_bytes()).expect("key");
        mac.update(data.as_bytes());
        base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
    }

    #[tokio::test]
    async fn codes_go_through_twilio_and_replies_must_carry_its_signature() {
        let twilio = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path(format!("/2010-04-01/Accounts/{SID}/Messages.json")))
            .and(header_exists("authorization"))
            .and(body_string_contains("your+code+is"))
            .respond_with(ResponseTemplate::new(201).set_body_json(json!({"sid": "SM0001", "status": "queued"})))
            .expect(1)
            .mount(&twilio)
            .await;
        let texting = TextProvider::Twilio(TwilioSettings {
            account_sid: SID.to_owned(),
            auth_token: Secret::new(TOKEN),
            from: "+19165550000".to_owned(),
            whatsapp_from: None,
            api_base: twilio.uri(),
        });
        let app = spawn_app_with(Config { texting, ..test_config().await }).await;
        let member = app.member().await;
        let phone = phone();
        let view: Value =
            expect_status(app.post("/api/account/texting/code", Some(&member.token), json!({"phone": phone})).await, StatusCode::OK).await;
        assert_eq!((view["pendingPhone"].as_str(), view["whatsappAvailable"].clone()), (Some(phone.as_str()), json!(false)));
        let request = &twilio.received_requests().await.expect("requests")[0];
        let form: Vec<(String, String)> = url_pairs(&request.body);
        assert!(
            form.contains(&("To".to_owned(), phone.clone())) && form.contains(&("From".to_owned(), "+19165550000".to_owned())),
            "{form:?}"
        );

        let url = format!("{}/api/texting/inbound", app.config.public_url);
        let fields = [("From", phone.as_str()), ("Body", "STOP"), ("MessageSid", "SM9")];
        let send = |signature: String| {
            app.client.post(app.url("/api/texting/inbound")).header("X-Twilio-Signature", signature).form(&fields).send()
        };
        assert_eq!(send("bm90IGl0".to_owned()).await.expect("sent").status(), StatusCode::FORBIDDEN);
        let forged = signature(&url, &[("From", phone.as_str()), ("Body", "START"), ("MessageSid", "SM9")]);
        assert_eq!(send(forged).await.expect("sent").status(), StatusCode::FORBIDDEN, "signed for other fields");
        let unsigned = app.client.post(app.url("/api/texting/inbound")).form(&fields).send().await.expect("sent");
        assert_eq!(unsigned.status(), StatusCode::FORBIDDEN);
        let signed = send(signature(&url, &fields)).await.expect("sent");
        assert_eq!(signed.status(), StatusCode::OK);
        assert!(signed.text().await.expect("body").contains("unsubscribed"));
        let view: Value = expect_status(app.get("/api/account/texting", Some(&member.token)).await, StatusCode::OK).await;
        assert_eq!(view["optedOut"], false, "the number is not the member's until verified");
        let again = app.post("/api/account/texting/code", Some(&member.token), json!({"phone": phone})).await;
        expect_status::<Value>(again, StatusCode::CONFLICT).await;
    }

    fn url_pairs(body: &[u8]) -> Vec<(String, String)> {
        form_urlencoded::parse(body).map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
    }
}

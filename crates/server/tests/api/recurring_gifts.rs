//! Recurring gifts over HTTP, on SQLite and PostgreSQL, with the sandbox provider: a member's
//! monthly gift is charged when its card is saved (a payment of the ledger in its fund, with a
//! receipt that links to the gift), changed, paused, resumed and canceled; a guest's declined card
//! is e-mailed a signed link, through which the guest saves another card and is charged; after
//! the set number of failures a gift pauses and the treasurer sees it; "statement only" gifts
//! owe no receipt e-mail.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app, spawn_app_with, test_config, unique_email};

/// The temple's today (the test site keeps Pacific time).
fn today() -> String {
    chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive().to_string()
}

fn card(started: &Value, last4: &str) -> Value {
    json!({
        "setupIntentId": started["setupIntentId"], "clientSecret": started["clientSecret"],
        "outcome": "succeeded", "last4": last4, "expMonth": 12, "expYear": 2031,
    })
}

async fn annadanam(app: &TestApp) -> String {
    let admin = app.admin().await;
    let fund: Value = expect_status(
        app.post("/api/funds", Some(&admin.token), json!({"name": format!("Annadanam {}", uuid::Uuid::new_v4().simple())})).await,
        StatusCode::CREATED,
    )
    .await;
    fund["id"].as_str().expect("id").to_owned()
}

/// `POST` without an account, with an `Idempotency-Key`.
async fn post_keyed(app: &TestApp, path: &str, key: &str, body: &Value) -> reqwest::Response {
    app.client.post(app.url(path)).header("Idempotency-Key", key).json(body).send().await.expect("sent")
}

#[tokio::test]
async fn a_member_gives_monthly_and_manages_the_gift() {
    let mut config = test_config().await;
    config.jobs.charge_recurring_gifts_every = std::time::Duration::from_millis(200);
    let app = spawn_app_with(config).await;
    let fund = annadanam(&app).await;
    let member = app.member().await;

    // Checked field by field.
    let bad = json!({"amount": "0.50", "frequency": "weekly", "fundId": fund, "startOn": "2001-01-01", "receipts": "never"});
    let refused: Value = expect_status(app.post("/api/recurring-gifts", Some(&member.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["amount"], mandir_domain::recurring_gift::AMOUNT_TOO_SMALL);
    assert_eq!(refused["errors"]["frequency"], mandir_domain::recurring_gift::FREQUENCY_INVALID);
    assert_eq!(refused["errors"]["startOn"], mandir_domain::recurring_gift::DATE_IN_THE_PAST);
    assert_eq!(refused["errors"]["receipts"], mandir_domain::recurring_gift::RECEIPTS_INVALID);

    let body = json!({"amount": 25, "frequency": "monthly", "fundId": fund, "startOn": today()});
    let started: Value = expect_status(app.post("/api/recurring-gifts", Some(&member.token), body).await, StatusCode::CREATED).await;
    let id = started["gift"]["id"].as_str().expect("id").to_owned();
    assert_eq!((started["gift"]["status"].as_str(), started["setup"]["provider"].as_str()), (Some("setup"), Some("sandbox")));
    assert!(started["manageUrl"].as_str().expect("link").starts_with(&format!("/giving/recurring/{id}?token=")));
    assert_eq!(started["gift"]["member"], true);

    // A declined card form saves nothing; a good one saves the card and charges today's gift.
    let path = format!("/api/recurring-gifts/{id}/card/sandbox");
    let mut refused_card = card(&started["setup"], "4242");
    refused_card["outcome"] = json!("failed");
    let refused: Value = expect_status(app.post(&path, Some(&member.token), refused_card).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["card"], mandir_domain::recurring_gift::CARD_DECLINED);
    let gift: Value = expect_status(app.post(&path, Some(&member.token), card(&started["setup"], "4242")).await, StatusCode::OK).await;
    assert_eq!(gift["status"], "active");
    assert_eq!(gift["card"], json!({"brand": "visa", "last4": "4242", "expMonth": 12, "expYear": 2031}));
    assert_eq!(gift["charges"].as_array().map(Vec::len), Some(1));
    assert_eq!((gift["charges"][0]["status"].as_str(), gift["charges"][0]["amount"].as_str()), (Some("completed"), Some("25.00")));
    assert_ne!(gift["nextChargeOn"].as_str(), Some(today().as_str()), "the next gift is next month");

    // The charge is a payment of the member's, in the fund; its receipt links to the gift.
    let payments: Value = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    let payments = payments.as_array().cloned().or_else(|| payments["payments"].as_array().cloned()).expect("payments");
    let paid = payments.iter().find(|p| p["receiptNumber"] == gift["charges"][0]["receiptNumber"]).expect("the charge is the member's");
    assert_eq!(paid["status"], "completed");
    assert_eq!(paid["provider"], "sandbox");
    // The ledger's export puts it in the fund (sandbox gifts count toward no fund's progress).
    let admin = app.admin().await;
    let csv = app.get("/api/admin/payments.csv", Some(&admin.token)).await.text().await.expect("csv");
    let number = gift["charges"][0]["receiptNumber"].as_str().expect("number");
    let row = csv.lines().find(|l| l.contains(number)).expect("the charge is in the ledger");
    assert!(row.contains("Annadanam") && row.contains("25.00"), "{row}");
    let receipt = app.wait_for_email(&member.email, gift["charges"][0]["receiptNumber"].as_str().expect("number")).await;
    assert!(receipt.contains(&format!("/giving/recurring/{id}?token=")), "{receipt}");
    app.wait_for_email(&member.email, "is set up").await;

    // Listed on My Donations; changed to $51; paused and resumed; canceled.
    let mine: Vec<Value> = expect_status(app.get("/api/recurring-gifts/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.iter().map(|g| g["id"].clone()).collect::<Vec<_>>(), [json!(id)]);
    let gift_path = format!("/api/recurring-gifts/{id}");
    let changed: Value = expect_status(app.patch(&gift_path, Some(&member.token), json!({"amount": "51"})).await, StatusCode::OK).await;
    assert_eq!(changed["amount"], "51.00");
    let nothing: Value = expect_status(app.patch(&gift_path, Some(&member.token), json!({})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(nothing["errors"]["amount"], mandir_domain::recurring_gift::NOTHING_TO_CHANGE);
    // Moved to today, the next gift is charged by the job (which runs every 200 ms here).
    let moved = app.patch(&gift_path, Some(&member.token), json!({"nextChargeOn": today()})).await;
    expect_status::<Value>(moved, StatusCode::OK).await;
    // Up to a minute: on a loaded 2-core machine the job's timer shares the runtime with every
    // other test's server, and the first runs of every job come before it (10 s was not enough).
    let mut charged = Value::Null;
    for _ in 0..1200 {
        charged = expect_status(app.get(&gift_path, Some(&member.token)).await, StatusCode::OK).await;
        // The job stores the charge's payment (pending) before the provider answers.
        if charged["charges"].as_array().map(Vec::len) == Some(2) && charged["charges"][0]["status"] != "pending" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!((charged["charges"][0]["status"].as_str(), charged["charges"][0]["amount"].as_str()), (Some("completed"), Some("51.00")));
    let paused: Value = expect_status(app.post(&format!("{gift_path}/pause"), Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!((paused["status"].as_str(), paused["pausedBy"].as_str()), (Some("paused"), Some("donor")));
    let resumed: Value =
        expect_status(app.post(&format!("{gift_path}/resume"), Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(resumed["status"], "active");
    let other = app.member().await;
    assert_eq!(app.get(&gift_path, Some(&other.token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get(&gift_path, None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("{gift_path}?token=forged"), None).await.status(), StatusCode::NOT_FOUND);
    let canceled: Value =
        expect_status(app.post(&format!("{gift_path}/cancel"), Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!((canceled["status"].as_str(), canceled["nextChargeOn"].as_str()), (Some("canceled"), None));
    let again = app.post(&format!("{gift_path}/cancel"), Some(&member.token), json!({})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_guests_declined_card_is_e_mailed_a_link_to_save_another() {
    let app = spawn_app().await;
    let fund = annadanam(&app).await;
    let email = unique_email("guest-giver");

    // A guest needs a name and an e-mail.
    let body = json!({"amount": "101", "frequency": "quarterly", "fundId": fund, "startOn": today(), "receipts": "statement"});
    let refused: Value = expect_status(app.post("/api/recurring-gifts", None, body.clone()).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["email"], mandir_domain::recurring_gift::EMAIL_REQUIRED);
    let mut body = body;
    body["name"] = json!("Ravi Guest");
    body["email"] = json!(email);
    let key = format!("guest-gift-{}", uuid::Uuid::new_v4().simple());
    let started: Value = expect_status(post_keyed(&app, "/api/recurring-gifts", &key, &body).await, StatusCode::CREATED).await;
    // The same key answers the same gift and card form.
    let repeated: Value = expect_status(post_keyed(&app, "/api/recurring-gifts", &key, &body).await, StatusCode::CREATED).await;
    assert_eq!((repeated["gift"]["id"].clone(), repeated["setup"].clone()), (started["gift"]["id"].clone(), started["setup"].clone()));
    let id = started["gift"]["id"].as_str().expect("id").to_owned();
    let link = started["manageUrl"].as_str().expect("link").to_owned();
    let token = link.split("token=").nth(1).expect("token").to_owned();
    let gift_path = format!("/api/recurring-gifts/{id}");

    // Not without the link.
    assert_eq!(app.post(&format!("{gift_path}/card/sandbox"), None, card(&started["setup"], "0341")).await.status(), StatusCode::NOT_FOUND);
    // Stripe's test card 4000 0000 0000 0341 saves, then every charge is declined.
    let saved = app.post(&format!("{gift_path}/card/sandbox?token={token}"), None, card(&started["setup"], "0341")).await;
    let declined: Value = expect_status(saved, StatusCode::OK).await;
    assert_eq!((declined["status"].as_str(), declined["failures"].as_u64()), (Some("active"), Some(1)));
    assert_eq!(declined["lastError"], "Your card was declined.");
    assert!(declined["retryOn"].is_string());
    assert_eq!(declined["charges"][0]["status"], "failed");
    let mail = app.wait_for_email(&email, "could not be charged").await;
    assert!(mail.contains(&format!("/giving/recurring/{id}?token={token}")), "{mail}");

    // Through the link, the guest saves another card: the failed period is charged at once.
    let setup: Value =
        expect_status(app.post(&format!("{gift_path}/card-setup?token={token}"), None, json!({})).await, StatusCode::OK).await;
    let saved = app.post(&format!("{gift_path}/card/sandbox?token={token}"), None, card(&setup, "4242")).await;
    let paid: Value = expect_status(saved, StatusCode::OK).await;
    assert_eq!((paid["failures"].as_u64(), paid["retryOn"].clone()), (Some(0), Value::Null));
    assert_eq!(paid["charges"][0]["status"], "completed");
    // "Statement only": the charge owes no receipt e-mail.
    let receipt_number = paid["charges"][0]["receiptNumber"].as_str().expect("number").to_owned();
    app.wait_for_email(&email, "is set up").await;
    assert!(app.emails_to(&email).iter().all(|m| !m.contains(&receipt_number)), "no receipt for a statement-only gift");
}

#[tokio::test]
async fn after_the_last_failure_a_gift_pauses_and_the_treasurer_sees_it() {
    let mut config = test_config().await;
    config.jobs.recurring_gift_max_failures = 1;
    let app = spawn_app_with(config).await;
    let fund = annadanam(&app).await;
    let member = app.member().await;
    let body = json!({"amount": 25, "fundId": fund, "startOn": today()});
    let started: Value = expect_status(app.post("/api/recurring-gifts", Some(&member.token), body).await, StatusCode::CREATED).await;
    let gift_path = format!("/api/recurring-gifts/{}", started["gift"]["id"].as_str().expect("id"));
    let saved = app.post(&format!("{gift_path}/card/sandbox"), Some(&member.token), card(&started["setup"], "0341")).await;
    let paused: Value = expect_status(saved, StatusCode::OK).await;
    assert_eq!(
        (paused["status"].as_str(), paused["pausedBy"].as_str(), paused["maxFailures"].as_u64()),
        (Some("paused"), Some("failures"), Some(1))
    );
    app.wait_for_email(&member.email, "is paused").await;

    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let front_desk = app.staff(&admin, &["front_desk"]).await;
    assert_eq!(app.get("/api/recurring-gifts?status=paused", Some(&front_desk.token)).await.status(), StatusCode::FORBIDDEN);
    let bad: Value =
        expect_status(app.get("/api/recurring-gifts?status=lost", Some(&treasurer.token)).await, StatusCode::BAD_REQUEST).await;
    assert!(bad["errors"]["status"].is_string());
    let listed: Vec<Value> =
        expect_status(app.get("/api/recurring-gifts?status=paused", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert!(listed.iter().any(|g| g["id"] == started["gift"]["id"] && g["lastError"] == "Your card was declined."), "{listed:?}");

    // The donor resumes it: from the next scheduled date on or after today, with no failures.
    let resumed: Value =
        expect_status(app.post(&format!("{gift_path}/resume"), Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(
        (resumed["status"].as_str(), resumed["failures"].as_u64(), resumed["pausedBy"].clone()),
        (Some("active"), Some(0), Value::Null)
    );
    let listed: Vec<Value> =
        expect_status(app.get("/api/recurring-gifts?status=paused", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert!(listed.iter().all(|g| g["id"] != started["gift"]["id"]));
}

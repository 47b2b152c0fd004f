//! Pledges over HTTP, on SQLite and PostgreSQL: a member pledges to a campaign fund, their gifts
//! to it count (online or at the counter under their name) and others' do not; the treasurer sees
//! everyone's and sends one polite reminder a day; what may not be done is refused.

use chrono::Datelike;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

/// A cash sale at the counter to `fund` by `donor` (a member's id, or a walk-in's name), answering its payment.
async fn sale(app: &TestApp, desk: &TestUser, key: &str, donor: Value, fund: &str, amount: u32) -> Value {
    let sale = json!({
        "donor": donor,
        "lines": [{"donationTypeId": "custom", "amount": amount, "name": "Building", "fundId": fund}],
        "tenders": [{"method": "cash", "amount": amount}],
    });
    let sold: Value = expect_status(app.post_with_key(desk, "/api/counter/sales", key, &sale).await, StatusCode::CREATED).await;
    sold["payment"].clone()
}

async fn counter_gift(app: &TestApp, desk: &TestUser, key: &str, member: &str, fund: &str, amount: u32) {
    sale(app, desk, key, json!({"userId": member}), fund, amount).await;
}

#[tokio::test]
async fn a_members_gifts_to_the_fund_fulfil_their_pledge_and_the_treasurer_reminds_them_once_a_day() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;
    let other = app.member().await;
    let fund: Value =
        expect_status(app.post("/api/funds", Some(&admin.token), json!({"name": "Temple Building"})).await, StatusCode::CREATED).await;
    let fund = fund["id"].as_str().expect("id").to_owned();
    let year = chrono::Utc::now().year();
    let body = json!({"fundId": fund, "amount": "5001", "startsOn": format!("{year}-01-01"), "endsOn": format!("{year}-12-31"), "note": " Gopuram "});

    // Refused: no fund, a closed fund, a period that ended, and then the same fund twice.
    let refused: Value =
        expect_status(app.post("/api/pledges/mine", Some(&member.token), json!({"amount": 0})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["fundId"], mandir_domain::pledge::FUND_REQUIRED);
    assert_eq!(refused["errors"]["amount"], mandir_domain::pledge::AMOUNT_TOO_SMALL);
    let past = json!({"fundId": fund, "amount": 10, "startsOn": "2020-01-01", "endsOn": "2020-12-31"});
    let refused: Value = expect_status(app.post("/api/pledges/mine", Some(&member.token), past).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["endsOn"], mandir_domain::pledge::ENDS_IN_THE_PAST);
    assert_eq!(app.post("/api/pledges/mine", None, body.clone()).await.status(), StatusCode::UNAUTHORIZED);

    let made: Value = expect_status(app.post("/api/pledges/mine", Some(&member.token), body.clone()).await, StatusCode::CREATED).await;
    assert_eq!(
        (made["fundName"].as_str(), made["amount"].as_str(), made["fulfilled"].as_str(), made["remaining"].as_str(), made["note"].as_str()),
        (Some("Temple Building"), Some("5001.00"), Some("0.00"), Some("5001.00"), Some("Gopuram"))
    );
    let twice: Value = expect_status(app.post("/api/pledges/mine", Some(&member.token), body.clone()).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(twice["errors"]["fundId"], mandir_domain::pledge::OVERLAPS);

    // Counted: the member's counter gift to the fund. Not counted: their gift to General, and
    // another member's gift to the fund.
    counter_gift(&app, &desk, "pledge-gift-0001", &member.id, &fund, 1001).await;
    counter_gift(&app, &desk, "pledge-gift-0002", &member.id, mandir_domain::fund::GENERAL_FUND_ID, 50).await;
    counter_gift(&app, &desk, "pledge-gift-0003", &other.id, &fund, 700).await;
    let mine: Vec<Value> = expect_status(app.get("/api/pledges/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(
        (mine[0]["fulfilled"].as_str(), mine[0]["remaining"].as_str(), mine[0]["percent"].as_u64()),
        (Some("1001.00"), Some("4000.00"), Some(20))
    );
    let none: Vec<Value> = expect_status(app.get("/api/pledges/mine", Some(&other.token)).await, StatusCode::OK).await;
    assert!(none.is_empty(), "a member sees only their own pledges");

    // The treasurer's list and reminders; the member and the front desk may not.
    for who in [&member, &desk] {
        assert_eq!(app.get("/api/pledges", Some(&who.token)).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(app.post("/api/pledges/reminders", Some(&who.token), json!({})).await.status(), StatusCode::FORBIDDEN);
    }
    let all: Vec<Value> =
        expect_status(app.get(&format!("/api/pledges?fundId={fund}"), Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!(all.len(), 1);
    assert_eq!((all[0]["memberEmail"].as_str(), all[0]["remaining"].as_str()), (Some(member.email.as_str()), Some("4000.00")));
    let sent: Value =
        expect_status(app.post("/api/pledges/reminders", Some(&treasurer.token), json!({"fundId": fund})).await, StatusCode::OK).await;
    assert_eq!(sent["queued"], 1);
    let again: Value =
        expect_status(app.post("/api/pledges/reminders", Some(&treasurer.token), json!({"fundId": fund})).await, StatusCode::OK).await;
    assert_eq!(again["queued"], 0, "one reminder per pledge per day");
    let email = app.wait_for_email(&member.email, "Your pledge to the Temple Building fund").await;
    assert!(email.contains("$4,000.00 remains"), "{email}");
    let listed: Vec<Value> = expect_status(app.get("/api/pledges", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert!(listed.iter().any(|p| p["lastRemindedAt"].is_string()));
    let log: Value = expect_status(app.get("/api/admin/audit?q=pledge", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(log.to_string().contains("pledge.remind"), "{log}");

    // Cancelled: only by its member, once; then the same fund may be pledged again.
    let id = made["id"].as_str().expect("id");
    let cancel = format!("/api/pledges/mine/{id}/cancel");
    assert_eq!(app.post(&cancel, Some(&other.token), json!({})).await.status(), StatusCode::NOT_FOUND);
    let cancelled: Value = expect_status(app.post(&cancel, Some(&member.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(app.post(&cancel, Some(&member.token), json!({})).await.status(), StatusCode::BAD_REQUEST);
    let fresh: Value = expect_status(app.post("/api/pledges/mine", Some(&member.token), body).await, StatusCode::CREATED).await;
    assert_eq!(fresh["fulfilled"], "1001.00", "the gifts count toward the new pledge");
}

/// A walk-in's cash sale at the counter, answering its payment (id and receipt number).
async fn walk_in_gift(app: &TestApp, desk: &TestUser, key: &str, fund: &str, amount: u32) -> Value {
    sale(app, desk, key, json!({"name": "Padma (walk-in)"}), fund, amount).await
}

#[tokio::test]
async fn the_treasurer_counts_a_walk_in_gift_at_the_counter_toward_a_members_pledge() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;
    let other = app.member().await;
    let fund: Value =
        expect_status(app.post("/api/funds", Some(&admin.token), json!({"name": "Gopuram"})).await, StatusCode::CREATED).await;
    let fund = fund["id"].as_str().expect("id").to_owned();
    let year = chrono::Utc::now().year();
    let body = json!({"fundId": fund, "amount": "1000", "startsOn": format!("{year}-01-01"), "endsOn": format!("{year}-12-31")});
    let pledge: Value = expect_status(app.post("/api/pledges/mine", Some(&member.token), body.clone()).await, StatusCode::CREATED).await;
    let theirs: Value = expect_status(app.post("/api/pledges/mine", Some(&other.token), body).await, StatusCode::CREATED).await;
    let gifts = format!("/api/pledges/{}/gifts", pledge["id"].as_str().expect("id"));

    // The member gave cash at the counter without giving their name: it does not count by itself.
    let cash = walk_in_gift(&app, &desk, "pledge-walk-in-0001", &fund, 300).await;
    let general = walk_in_gift(&app, &desk, "pledge-walk-in-0002", mandir_domain::fund::GENERAL_FUND_ID, 50).await;
    let receipt = cash["receiptNumber"].as_str().expect("receipt").to_owned();
    let mine: Vec<Value> = expect_status(app.get("/api/pledges/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine[0]["fulfilled"], "0.00");

    // Only treasurers and admins count it; then it counts, once, however often it is sent.
    let ask = json!({"receiptNumber": receipt});
    assert_eq!(app.post(&gifts, Some(&desk.token), ask.clone()).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.post(&gifts, Some(&member.token), ask.clone()).await.status(), StatusCode::FORBIDDEN);
    for _ in 0..2 {
        let counted: Value = expect_status(app.post(&gifts, Some(&treasurer.token), ask.clone()).await, StatusCode::OK).await;
        assert_eq!((counted["fulfilled"].as_str(), counted["remaining"].as_str()), (Some("300.00"), Some("700.00")));
        assert_eq!(counted["assignedGifts"].as_array().map(Vec::len), Some(1));
        assert_eq!(counted["assignedGifts"][0]["receiptNumber"], receipt.as_str());
    }
    let mine: Vec<Value> = expect_status(app.get("/api/pledges/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine[0]["fulfilled"], "300.00", "the member sees it counted");

    // Refused: another pledge, a gift to another fund, an unknown receipt.
    let to_theirs = format!("/api/pledges/{}/gifts", theirs["id"].as_str().expect("id"));
    let refused: Value = expect_status(app.post(&to_theirs, Some(&treasurer.token), ask).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["receiptNumber"], mandir_domain::pledge::GIFT_TAKEN);
    let other_fund = json!({"receiptNumber": general["receiptNumber"]});
    let refused: Value = expect_status(app.post(&gifts, Some(&treasurer.token), other_fund).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["receiptNumber"], mandir_domain::pledge::GIFT_OTHER_FUND);
    let unknown = json!({"receiptNumber": "AUTO-1-1"});
    let refused: Value = expect_status(app.post(&gifts, Some(&treasurer.token), unknown).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["receiptNumber"], mandir_domain::pledge::GIFT_NOT_FOUND);

    // Taken back: it stops counting; the audit log has both.
    let payment = cash["id"].as_str().expect("id");
    let back: Value = expect_status(app.delete(&format!("{gifts}/{payment}"), Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!((back["fulfilled"].as_str(), back["assignedGifts"].as_array().map(Vec::len)), (Some("0.00"), Some(0)));
    assert_eq!(app.delete(&format!("{gifts}/{payment}"), Some(&treasurer.token)).await.status(), StatusCode::NOT_FOUND);
    let log: Value = expect_status(app.get("/api/admin/audit?q=pledge", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(log.to_string().contains("pledge.assign") && log.to_string().contains("pledge.unassign"), "{log}");
}

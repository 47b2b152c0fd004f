//! The cash office over HTTP, on SQLite and PostgreSQL: a hundi count confirmed by two people
//! (and only then in the ledger), the drawer's close with a difference, deposits that never hold
//! a payment twice and are final once cleared, and the daily report.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

async fn with_key(app: &TestApp, who: &TestUser, path: &str, key: &str, body: &Value) -> reqwest::Response {
    app.post_with_key(who, path, key, body).await
}

fn hundi_count() -> Value {
    json!({
        "boxName": "Main hundi",
        "countedOn": "2026-11-22",
        "counts": [
            {"denomination": "bill_20", "pieces": 3},
            {"denomination": "bill_1", "pieces": 12},
            {"denomination": "coin_25", "pieces": 7},
            {"denomination": "coin_1", "pieces": 0}
        ],
    })
}

async fn confirm(app: &TestApp, who: &TestUser, id: &str, revision: i64) -> reqwest::Response {
    app.post(&format!("/api/collections/{id}/confirm"), Some(&who.token), json!({"revision": revision})).await
}

async fn ledger(app: &TestApp, admin: &TestUser) -> Vec<Value> {
    let page: Value = expect_status(app.get("/api/admin/payments/ledger?pageSize=100", Some(&admin.token)).await, StatusCode::OK).await;
    page["items"].as_array().expect("items").clone()
}

#[tokio::test]
async fn a_hundi_count_is_locked_and_enters_the_ledger_only_once_two_people_confirm_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let first = app.staff(&admin, &["treasurer"]).await;
    let second = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;

    assert_eq!(app.post("/api/collections", Some(&desk.token), hundi_count()).await.status(), StatusCode::FORBIDDEN);
    let mut bad = hundi_count();
    bad["counts"] = json!([{"denomination": "bill_20", "pieces": 0}]);
    let refused: Value = expect_status(app.post("/api/collections", Some(&first.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["counts"], "Enter how many of each bill and coin were counted");

    let count: Value = expect_status(app.post("/api/collections", Some(&first.token), hundi_count()).await, StatusCode::CREATED).await;
    let id = count["id"].as_str().expect("id").to_owned();
    assert_eq!((count["total"].as_str(), count["fundName"].as_str()), (Some("73.75"), Some("General fund")));
    assert_eq!(count["counts"].as_array().map(Vec::len), Some(3), "zero pieces are not kept");
    assert_eq!((count["locked"].as_bool(), count["revision"].as_i64()), (Some(false), Some(1)));

    let once: Value = expect_status(confirm(&app, &first, &id, 1).await, StatusCode::OK).await;
    assert_eq!(once["firstConfirmation"]["byId"], first.id.as_str());
    let twice: Value = expect_status(confirm(&app, &first, &id, 1).await, StatusCode::CONFLICT).await;
    assert_eq!(twice["message"], "The second confirmation must come from another person");
    assert!(ledger(&app, &admin).await.iter().all(|p| p["channel"] != "hundi"), "not in the ledger before it is locked");

    // A correction clears the confirmation: the figures confirmed are no longer these.
    let mut corrected = hundi_count();
    corrected["counts"][0]["pieces"] = json!(4);
    let recount: Value =
        expect_status(app.put(&format!("/api/collections/{id}?revision=1"), Some(&second.token), corrected).await, StatusCode::OK).await;
    assert_eq!((recount["total"].as_str(), recount["revision"].as_i64()), (Some("93.75"), Some(2)));
    assert!(recount["firstConfirmation"].is_null());
    let stale: Value = expect_status(confirm(&app, &second, &id, 1).await, StatusCode::CONFLICT).await;
    assert!(stale["message"].as_str().is_some_and(|m| m.starts_with("The count changed")), "{stale}");

    expect_status::<Value>(confirm(&app, &first, &id, 2).await, StatusCode::OK).await;
    let locked: Value = expect_status(confirm(&app, &second, &id, 2).await, StatusCode::OK).await;
    assert_eq!(locked["locked"], true);
    assert_eq!(locked["secondConfirmation"]["byId"], second.id.as_str());
    let payment_id = locked["paymentId"].as_str().expect("payment").to_owned();

    // Locked: it can neither change nor go.
    assert_eq!(confirm(&app, &admin, &id, 2).await.status(), StatusCode::CONFLICT);
    assert_eq!(
        app.put(&format!("/api/collections/{id}?revision=2"), Some(&first.token), hundi_count()).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(app.delete(&format!("/api/collections/{id}"), Some(&first.token)).await.status(), StatusCode::CONFLICT);

    // In the ledger once, anonymous, to the general fund; on nobody's statement.
    let rows = ledger(&app, &admin).await;
    let hundi: Vec<&Value> = rows.iter().filter(|p| p["channel"] == "hundi").collect();
    assert_eq!(hundi.len(), 1, "{rows:?}");
    assert_eq!((hundi[0]["id"].as_str(), hundi[0]["amount"].as_str()), (Some(payment_id.as_str()), Some("93.75")));
    assert_eq!((hundi[0]["userId"].as_str(), hundi[0]["donorEmail"].as_str()), (None, None));
    assert_eq!(hundi[0]["donationDetails"][0]["name"], "General fund");
    let audit: Value = expect_status(app.get("/api/admin/audit?kind=money&pageSize=100", Some(&admin.token)).await, StatusCode::OK).await;
    let actions: Vec<&str> = audit["items"].as_array().expect("items").iter().filter_map(|e| e["action"].as_str()).collect();
    for action in ["hundi.count", "hundi.confirm", "hundi.recount", "hundi.lock"] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }

    // A count entered by mistake goes while it is open.
    let mistake: Value = expect_status(app.post("/api/collections", Some(&first.token), hundi_count()).await, StatusCode::CREATED).await;
    let gone = app.delete(&format!("/api/collections/{}", mistake["id"].as_str().expect("id")), Some(&first.token)).await;
    assert_eq!(gone.status(), StatusCode::NO_CONTENT);
    let left: Vec<Value> = expect_status(app.get("/api/collections", Some(&first.token)).await, StatusCode::OK).await;
    assert_eq!(left.len(), 1);
}

fn cash_sale(amount: i64, tendered: i64) -> Value {
    json!({
        "donor": {"name": "Walk-in Devotee"},
        "lines": [{"donationTypeId": "custom", "amount": amount, "name": "Archana"}],
        "tenders": [{"method": "cash", "amount": amount, "tendered": tendered}],
    })
}

fn split_sale() -> Value {
    json!({
        "donor": {"name": "Check Writer"},
        "lines": [{"donationTypeId": "custom", "amount": 120, "name": "Annadanam"}],
        "tenders": [
            {"method": "cash", "amount": 20, "tendered": 20},
            {"method": "check", "amount": 100, "checkNumber": "1042", "bank": "Golden 1", "checkDate": "2026-11-20"}
        ],
    })
}

#[tokio::test]
async fn the_drawer_closes_with_a_difference_explained_and_once_per_key() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    expect_status::<Value>(with_key(&app, &desk, "/api/counter/sales", "drawer-sale-1", &cash_sale(62, 100)).await, StatusCode::CREATED)
        .await;
    expect_status::<Value>(with_key(&app, &desk, "/api/counter/sales", "drawer-sale-2", &split_sale()).await, StatusCode::CREATED).await;
    let voided: Value =
        expect_status(with_key(&app, &desk, "/api/counter/sales", "drawer-sale-3", &cash_sale(5, 5)).await, StatusCode::CREATED).await;
    let void_path = format!("/api/counter/sales/{}/void", voided["id"].as_str().expect("id"));
    expect_status::<Value>(app.post(&void_path, Some(&admin.token), json!({"reason": "Rang twice"})).await, StatusCode::OK).await;

    // The cash parts of the sales still standing: the change given back is not in the drawer.
    let drawer: Value = expect_status(app.get("/api/counter/drawer", Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!((drawer["expected"].as_str(), drawer["sales"].as_i64()), (Some("82.00"), Some(2)));
    assert!(drawer["lastClose"].is_null());

    let short = json!({"expected": "82.00", "counted": "80"});
    let unexplained: Value =
        expect_status(with_key(&app, &desk, "/api/counter/drawer/close", "close-day-0001", &short).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(unexplained["errors"]["note"], "The count differs from what is expected: say why in a note");
    let noted = json!({"expected": "82.00", "counted": "80", "note": "Gave $2 too much change"});
    let closed: Value =
        expect_status(with_key(&app, &desk, "/api/counter/drawer/close", "close-day-0001", &noted).await, StatusCode::CREATED).await;
    assert_eq!(
        (closed["expected"].as_str(), closed["counted"].as_str(), closed["difference"].as_str(), closed["sales"].as_i64()),
        (Some("82.00"), Some("80.00"), Some("-2.00"), Some(2))
    );
    assert_eq!(closed["note"], "Gave $2 too much change");
    // The answer was lost: the tablet sends the same close again.
    let again: Value =
        expect_status(with_key(&app, &desk, "/api/counter/drawer/close", "close-day-0001", &noted).await, StatusCode::OK).await;
    assert_eq!(again["id"], closed["id"]);

    let drawer: Value = expect_status(app.get("/api/counter/drawer", Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!((drawer["expected"].as_str(), drawer["lastClose"]["id"].as_str()), (Some("0.00"), closed["id"].as_str()));
    // A close against figures that moved records nothing.
    expect_status::<Value>(with_key(&app, &desk, "/api/counter/sales", "drawer-sale-4", &cash_sale(11, 20)).await, StatusCode::CREATED)
        .await;
    let moved = json!({"expected": "0.00", "counted": "0.00"});
    let refused: Value =
        expect_status(with_key(&app, &desk, "/api/counter/drawer/close", "close-day-0002", &moved).await, StatusCode::CONFLICT).await;
    assert!(refused["message"].as_str().is_some_and(|m| m.starts_with("Sales came in")), "{refused}");
    let closes: Vec<Value> = expect_status(app.get("/api/counter/drawer/closes", Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!(closes.len(), 1);
    let members = app.member().await;
    assert_eq!(app.get("/api/counter/drawer", Some(&members.token)).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_deposit_refuses_what_another_holds_and_is_final_once_cleared() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let split: Value =
        expect_status(with_key(&app, &desk, "/api/counter/sales", "deposit-sale-1", &split_sale()).await, StatusCode::CREATED).await;
    let close = json!({"expected": "20.00", "counted": "20.00"});
    let closed: Value =
        expect_status(with_key(&app, &desk, "/api/counter/drawer/close", "deposit-close-1", &close).await, StatusCode::CREATED).await;
    let count: Value = expect_status(app.post("/api/collections", Some(&treasurer.token), hundi_count()).await, StatusCode::CREATED).await;
    let count_id = count["id"].as_str().expect("id").to_owned();

    // An open count cannot be deposited; nothing is written.
    let open = json!({"collectionIds": [count_id], "drawerCloseIds": [closed["id"]]});
    let refused: Value = expect_status(app.post("/api/deposits", Some(&treasurer.token), open).await, StatusCode::CONFLICT).await;
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("not confirmed twice")), "{refused}");
    for who in [&treasurer, &admin] {
        expect_status::<Value>(confirm(&app, who, &count_id, 1).await, StatusCode::OK).await;
    }

    let ready: Value = expect_status(app.get("/api/deposits/undeposited", Some(&treasurer.token)).await, StatusCode::OK).await;
    let checks = ready["checks"].as_array().expect("checks");
    assert_eq!(
        (ready["drawers"].as_array().map(Vec::len), ready["collections"].as_array().map(Vec::len), checks.len()),
        (Some(1), Some(1), 1)
    );
    assert_eq!(
        (checks[0]["checkNumber"].as_str(), checks[0]["amount"].as_str(), checks[0]["donorName"].as_str()),
        (Some("1042"), Some("100.00"), Some("Check Writer"))
    );
    let check_id = checks[0]["id"].as_str().expect("id").to_owned();

    let all = json!({"drawerCloseIds": [closed["id"]], "collectionIds": [count_id], "checkIds": [check_id], "note": "Tuesday's deposit"});
    let made: Value = expect_status(app.post("/api/deposits", Some(&treasurer.token), all.clone()).await, StatusCode::CREATED).await;
    let deposit = &made["deposit"];
    let number = deposit["number"].as_str().expect("number").to_owned();
    assert!(number.starts_with("D-") && number.ends_with("-1"), "{number}");
    assert_eq!(
        (deposit["cash"].as_str(), deposit["checks"].as_str(), deposit["checkCount"].as_i64(), deposit["total"].as_str()),
        (Some("93.75"), Some("100.00"), Some(1), Some("193.75")),
        "the drawer's $20 counted and the hundi's $73.75; the check"
    );
    assert_eq!(made["checks"][0]["bank"], "Golden 1");

    // The same check again: refused whole, naming where it is.
    let twice: Value =
        expect_status(app.post("/api/deposits", Some(&treasurer.token), json!({"checkIds": [check_id]})).await, StatusCode::CONFLICT).await;
    assert_eq!(twice["message"], format!("Check 1042 is already in deposit {number}; nothing was deposited"));
    let deposits: Vec<Value> = expect_status(app.get("/api/deposits", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!(deposits.len(), 1);
    let ready: Value = expect_status(app.get("/api/deposits/undeposited", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!(ready["checks"].as_array().map(Vec::len), Some(0));

    // A sale whose money is deposited is not voided; the deposit is taken apart first.
    let sale_id = split["id"].as_str().expect("id");
    let sale: Value = expect_status(app.get(&format!("/api/counter/sales/{sale_id}"), Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!(sale["deposit"]["number"], number.as_str());
    let void_path = format!("/api/counter/sales/{sale_id}/void");
    let held: Value =
        expect_status(app.post(&void_path, Some(&treasurer.token), json!({"reason": "Bounced"})).await, StatusCode::CONFLICT).await;
    assert!(held["message"].as_str().is_some_and(|m| m.contains("take the deposit apart")), "{held}");
    let deposit_id = deposit["id"].as_str().expect("id").to_owned();
    assert_eq!(app.delete(&format!("/api/deposits/{deposit_id}"), Some(&treasurer.token)).await.status(), StatusCode::NO_CONTENT);
    let made: Value = expect_status(app.post("/api/deposits", Some(&treasurer.token), all).await, StatusCode::CREATED).await;
    let deposit_id = made["deposit"]["id"].as_str().expect("id").to_owned();

    // Cleared: final, and so are its payments.
    let cleared: Value =
        expect_status(app.post(&format!("/api/deposits/{deposit_id}/clear"), Some(&treasurer.token), json!({})).await, StatusCode::OK)
            .await;
    assert!(cleared["deposit"]["clearedAt"].is_string());
    assert_eq!(
        app.post(&format!("/api/deposits/{deposit_id}/clear"), Some(&treasurer.token), json!({})).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(app.delete(&format!("/api/deposits/{deposit_id}"), Some(&treasurer.token)).await.status(), StatusCode::CONFLICT);
    let frozen: Value =
        expect_status(app.post(&void_path, Some(&treasurer.token), json!({"reason": "Bounced"})).await, StatusCode::CONFLICT).await;
    assert_eq!(frozen["message"], "This sale's money is in a cleared bank deposit: it can no longer change");
    assert_eq!(app.get("/api/deposits", Some(&desk.token)).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_daily_report_adds_up_the_day_by_method_channel_and_fund() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    expect_status::<Value>(with_key(&app, &desk, "/api/counter/sales", "report-sale-1", &cash_sale(62, 100)).await, StatusCode::CREATED)
        .await;
    expect_status::<Value>(with_key(&app, &desk, "/api/counter/sales", "report-sale-2", &split_sale()).await, StatusCode::CREATED).await;
    let count: Value = expect_status(app.post("/api/collections", Some(&admin.token), hundi_count()).await, StatusCode::CREATED).await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    for who in [&admin, &treasurer] {
        expect_status::<Value>(confirm(&app, who, count["id"].as_str().expect("id"), 1).await, StatusCode::OK).await;
    }

    let report: Value = expect_status(app.get("/api/reports/daily", Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!((report["total"].as_str(), report["payments"].as_i64()), (Some("255.75"), Some(3)));
    let line = |group: &str, key: &str| {
        report[group].as_array().expect(group).iter().find(|l| l["key"] == key).and_then(|l| l["amount"].as_str()).map(str::to_owned)
    };
    assert_eq!(line("byMethod", "cash").as_deref(), Some("155.75"), "62 + 20 in cash at the counter, 73.75 from the hundi");
    assert_eq!(line("byMethod", "check").as_deref(), Some("100.00"));
    assert_eq!(line("byChannel", "counter").as_deref(), Some("182.00"));
    assert_eq!(line("byChannel", "hundi").as_deref(), Some("73.75"));
    assert_eq!(line("byFund", "Annadanam").as_deref(), Some("120.00"));
    assert_eq!(line("byFund", "General fund").as_deref(), Some("73.75"));

    let empty: Value = expect_status(app.get("/api/reports/daily?date=2020-01-01", Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!((empty["total"].as_str(), empty["byMethod"].as_array().map(Vec::len)), (Some("0.00"), Some(0)));
    assert_eq!(app.get("/api/reports/daily?date=yesterday", Some(&desk.token)).await.status(), StatusCode::BAD_REQUEST);
    // White space is not a day (nor today): the API document allows a day or nothing.
    assert_eq!(app.get("/api/reports/daily?date=%C2%A0", Some(&desk.token)).await.status(), StatusCode::BAD_REQUEST);
    let member = app.member().await;
    assert_eq!(app.get("/api/reports/daily", Some(&member.token)).await.status(), StatusCode::FORBIDDEN);
}

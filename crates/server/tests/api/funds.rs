//! Funds over HTTP, on SQLite and PostgreSQL: a treasurer makes a campaign fund and points a
//! donation type at it; a counter gift of that type shows on the fund's public page and in the
//! ledger's totals by fund; what may not be done is refused and writes nothing.

use mandir_domain::fund::GENERAL_FUND_ID;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

#[tokio::test]
async fn a_gift_of_a_type_in_a_fund_shows_on_the_funds_page_and_in_the_ledger() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;

    let public: Vec<Value> = expect_status(app.get("/api/funds", None).await, StatusCode::OK).await;
    assert_eq!(public[0]["id"], GENERAL_FUND_ID);
    assert_eq!((public[0]["name"].as_str(), public[0]["isGeneral"].as_bool()), (Some("General"), Some(true)));

    let body = json!({"name": " Gopuram ", "description": "A new tower", "goal": 1000, "startsOn": "2027-01-01", "endsOn": "2027-12-31", "restricted": true});
    for who in [&member, &desk] {
        assert_eq!(app.post("/api/funds", Some(&who.token), body.clone()).await.status(), StatusCode::FORBIDDEN);
    }
    let refused: Value = expect_status(
        app.post(
            "/api/funds",
            Some(&treasurer.token),
            json!({"name": "G", "goal": "0.5", "startsOn": "2027-02-01", "endsOn": "2027-01-01"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["errors"]["name"], "Name is required");
    assert_eq!(refused["errors"]["goal"], "Goal must be at least 1");
    assert_eq!(refused["errors"]["endsOn"], "The end date must be on or after the start date");
    let fund: Value = expect_status(app.post("/api/funds", Some(&treasurer.token), body).await, StatusCode::CREATED).await;
    let id = fund["id"].as_str().expect("id").to_owned();
    assert_eq!(
        (fund["name"].as_str(), fund["goal"].as_str(), fund["startsOn"].as_str()),
        (Some("Gopuram"), Some("1000.00"), Some("2027-01-01"))
    );
    assert_eq!(fund["progress"], json!({"raised": "0.00", "gifts": 0, "donors": 0, "percent": 0}));
    let log: Value = expect_status(app.get("/api/admin/audit?q=Gopuram", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(log.to_string().contains("fund.create"), "{log}");

    // A donation type names the fund; a fund that does not exist is refused.
    let unknown = app.post("/api/donation-types", Some(&treasurer.token), json!({"name": "Bricks", "fundId": "no-such-fund"})).await;
    let unknown: Value = expect_status(unknown, StatusCode::BAD_REQUEST).await;
    assert_eq!(unknown["errors"]["fundId"], "Choose a fund that exists");
    let bricks: Value = expect_status(
        app.post("/api/donation-types", Some(&treasurer.token), json!({"name": "Bricks", "fundId": id})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(bricks["fundId"], id.as_str());

    // The counter sells a brick ($500, the fund) and an archana ($11, General).
    let sale = json!({
        "donor": {"userId": member.id},
        "lines": [
            {"donationTypeId": bricks["id"], "amount": 500, "name": "Bricks"},
            {"donationTypeId": "custom", "amount": 11, "name": "Archana"}
        ],
        "tenders": [{"method": "cash", "amount": 511}],
    });
    let sold: Value =
        expect_status(app.post_with_key(&desk, "/api/counter/sales", "fund-sale-0001", &sale).await, StatusCode::CREATED).await;
    let lines = sold["payment"]["donationDetails"].as_array().expect("lines").clone();
    assert_eq!(lines.len(), 2, "{sold}");

    let page: Value = expect_status(app.get(&format!("/api/funds/{id}"), None).await, StatusCode::OK).await;
    assert_eq!(page["progress"], json!({"raised": "500.00", "gifts": 1, "donors": 1, "percent": 50}));
    let totals: Value = expect_status(app.get("/api/admin/payments/totals", Some(&treasurer.token)).await, StatusCode::OK).await;
    let by_fund = totals["byFund"].as_array().expect("by fund");
    let gopuram = by_fund.iter().find(|f| f["fundId"] == id.as_str()).expect("the fund's total");
    assert_eq!(
        (gopuram["name"].as_str(), gopuram["restricted"].as_bool(), gopuram["amount"].as_str()),
        (Some("Gopuram"), Some(true), Some("500.00"))
    );
    let general = by_fund.iter().find(|f| f["fundId"] == GENERAL_FUND_ID).expect("general");
    assert_eq!(general["amount"], "11.00");

    let csv = app.get("/api/admin/payments.csv?method=cash", Some(&treasurer.token)).await.text().await.expect("csv");
    assert!(csv.lines().next().is_some_and(|h| h.ends_with(",Channel,Funds")), "{csv}");
    assert!(csv.contains(",counter,Gopuram 500.00; General 11.00"), "{csv}");

    // Moving the type to General later leaves the gift where it was given.
    let moved = app
        .patch(&format!("/api/donation-types/{}", bricks["id"].as_str().expect("id")), Some(&treasurer.token), json!({"fundId": null}))
        .await;
    assert_eq!(expect_status::<Value>(moved, StatusCode::OK).await["fundId"], Value::Null);
    let page: Value = expect_status(app.get(&format!("/api/funds/{id}"), None).await, StatusCode::OK).await;
    assert_eq!(page["progress"]["raised"], "500.00");

    // An edit keeps the progress in its answer; an inactive fund leaves the public list only.
    let edited: Value = expect_status(
        app.patch(&format!("/api/funds/{id}"), Some(&treasurer.token), json!({"isActive": false, "goal": null})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!((edited["isActive"].as_bool(), edited["goal"].as_str()), (Some(false), None));
    assert_eq!(edited["progress"], json!({"raised": "500.00", "gifts": 1, "donors": 1, "percent": null}));
    let public: Vec<Value> = expect_status(app.get("/api/funds", None).await, StatusCode::OK).await;
    assert!(public.iter().all(|f| f["id"] != id.as_str()));
    let all: Vec<Value> = expect_status(app.get("/api/funds?all=true", None).await, StatusCode::OK).await;
    assert!(all.iter().any(|f| f["id"] == id.as_str()));
    let other: Vec<Value> = expect_status(app.get("/api/funds?all=AAA", None).await, StatusCode::OK).await;
    assert_eq!(other.len(), public.len(), "anything but `true` is the public list");
}

#[tokio::test]
async fn the_general_fund_stays_active_and_unknown_funds_are_not_found() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let general = format!("/api/funds/{GENERAL_FUND_ID}");
    let refused: Value =
        expect_status(app.patch(&general, Some(&admin.token), json!({"isActive": false})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["isActive"], mandir_domain::fund::GENERAL_STAYS_ACTIVE);
    let still: Value = expect_status(app.get(&general, None).await, StatusCode::OK).await;
    assert_eq!(still["isActive"], true);
    let missing: Value = expect_status(app.get("/api/funds/no-such-fund", None).await, StatusCode::NOT_FOUND).await;
    assert_eq!(missing["message"], "Fund not found");
    assert_eq!(app.patch("/api/funds/no-such-fund", Some(&admin.token), json!({"name": "Gone"})).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_gift_can_choose_a_fund_without_a_type_and_the_chart_counts_it_in_this_month() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let fund: Value =
        expect_status(app.post("/api/funds", Some(&admin.token), json!({"name": "Annadanam"})).await, StatusCode::CREATED).await;
    let id = fund["id"].as_str().expect("id").to_owned();

    // Online: a guest's custom item to the fund is stored in it; a fund id on a type's item, an
    // unknown fund and an inactive one are refused, and nothing is written.
    let online = |details: Value| {
        json!({"amount": 25, "metadata": {"eventId": "direct-donation", "donationDetails": details.to_string()},
               "donorName": "Guest Donor", "donorEmail": "guest@example.org"})
    };
    let to_fund = json!([{"donationTypeId": "custom", "amount": 25, "name": "Annadanam", "fundId": id}]);
    expect_status::<Value>(app.post("/api/payments/create-payment-intent", None, online(to_fund)).await, StatusCode::OK).await;
    let csv = app.get("/api/admin/payments.csv", Some(&admin.token)).await.text().await.expect("csv");
    assert!(csv.contains(",Annadanam 25.00"), "{csv}");
    let unknown = json!([{"donationTypeId": "custom", "amount": 25, "name": "x", "fundId": "6a1f0c2e-8b3d-4e5f-9a7b-0c1d2e3f4a5b"}]);
    let refused: Value =
        expect_status(app.post("/api/payments/create-payment-intent", None, online(unknown)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donationDetails"], mandir_domain::fund::FUND_CLOSED);
    let with_type = json!([{"donationTypeId": "6a1f0c2e-8b3d-4e5f-9a7b-0c1d2e3f4a5b", "amount": 25, "name": "x", "fundId": id}]);
    let refused: Value =
        expect_status(app.post("/api/payments/create-payment-intent", None, online(with_type)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donationDetails"], mandir_domain::payment::DETAIL_FUND_WITH_TYPE);

    // At the counter: $101 of cash to the fund shows on its page and in this month of its chart.
    let sale = json!({
        "donor": {"name": "Ravi Kumar"},
        "lines": [{"donationTypeId": "custom", "amount": 101, "name": "Annadanam", "fundId": id}],
        "tenders": [{"method": "cash", "amount": 101}],
    });
    expect_status::<Value>(app.post_with_key(&desk, "/api/counter/sales", "fund-choice-0001", &sale).await, StatusCode::CREATED).await;
    let page: Value = expect_status(app.get(&format!("/api/funds/{id}"), None).await, StatusCode::OK).await;
    assert_eq!(page["progress"]["raised"], "101.00", "the sandbox card gift is a test and does not count");
    let chart: Value = expect_status(app.get(&format!("/api/funds/{id}/months"), None).await, StatusCode::OK).await;
    let months = chart["months"].as_array().expect("months");
    assert_eq!((chart["fundId"].as_str(), months.len()), (Some(id.as_str()), 12), "a fund without dates shows the last year");
    let this_month = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).format("%Y-%m").to_string();
    assert_eq!(months[11], json!({"month": this_month, "raised": "101.00", "gifts": 1}));
    assert!(months[..11].iter().all(|m| m["gifts"] == 0 && m["raised"] == "0.00"), "{chart}");

    let closed = app.patch(&format!("/api/funds/{id}"), Some(&admin.token), json!({"isActive": false})).await;
    expect_status::<Value>(closed, StatusCode::OK).await;
    let again = json!({
        "donor": {"name": "Ravi Kumar"},
        "lines": [{"donationTypeId": "custom", "amount": 5, "name": "Annadanam", "fundId": id}],
        "tenders": [{"method": "cash", "amount": 5}],
    });
    let refused: Value =
        expect_status(app.post_with_key(&desk, "/api/counter/sales", "fund-choice-0002", &again).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["lines"], mandir_domain::fund::FUND_CLOSED);
    assert_eq!(app.get("/api/funds/no-such-fund/months", None).await.status(), StatusCode::NOT_FOUND);
}

//! The reports over HTTP, on SQLite and PostgreSQL: a day of counter sales, a registration and a
//! new member, read back from the giving and activity reports and checked against the ledger's
//! own totals; the CSVs carry the same figures; other roles are refused.

use chrono::Datelike;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

#[tokio::test]
async fn the_reports_add_up_to_the_ledger() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;

    let fund: Value =
        expect_status(app.post("/api/funds", Some(&treasurer.token), json!({"name": "Gopuram"})).await, StatusCode::CREATED).await;
    let bricks: Value = expect_status(
        app.post("/api/donation-types", Some(&treasurer.token), json!({"name": "Bricks", "fundId": fund["id"]})).await,
        StatusCode::CREATED,
    )
    .await;
    let sale = json!({
        "donor": {"userId": member.id},
        "lines": [{"donationTypeId": bricks["id"], "amount": 500, "name": "Bricks"}, {"donationTypeId": "custom", "amount": 11, "name": "Archana"}],
        "tenders": [{"method": "cash", "amount": 511}],
    });
    expect_status::<Value>(app.post_with_key(&desk, "/api/counter/sales", "report-sale-0001", &sale).await, StatusCode::CREATED).await;
    let walk_in = json!({"donor": {"name": "Walk In"}, "lines": [{"donationTypeId": "custom", "amount": 40, "name": "Flowers"}], "tenders": [{"method": "cash", "amount": 40}]});
    expect_status::<Value>(app.post_with_key(&desk, "/api/counter/sales", "report-sale-0002", &walk_in).await, StatusCode::CREATED).await;
    let event = app.create_event(&admin, "Report Puja", 3, None).await;
    let register = json!({"numberOfFamilyMembers": 2, "additionalNotes": null});
    let path = format!("/api/events/{}/register", event["id"].as_str().expect("id"));
    assert!(app.post(&path, Some(&member.token), register).await.status().is_success());

    let year = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).year();
    let period = format!("from={year}-01-01&to={}-12-31", year + 1);
    let giving: Value =
        expect_status(app.get(&format!("/api/admin/reports/giving?{period}"), Some(&treasurer.token)).await, StatusCode::OK).await;
    let ledger: Value = expect_status(app.get("/api/admin/payments/ledger", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!(giving["total"], ledger["totals"]["received"]);
    assert_eq!((giving["total"].as_str(), giving["gifts"].as_u64()), (Some("551.00"), Some(2)));
    assert_eq!(giving["months"].as_array().map(Vec::len), Some(24));
    let by_fund: Vec<(&str, &str)> = giving["byFund"]
        .as_array()
        .expect("funds")
        .iter()
        .map(|f| (f["label"].as_str().unwrap_or(""), f["amount"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(by_fund, [("Gopuram", "500.00"), ("General", "51.00")]);
    assert_eq!(giving["byChannel"][0]["label"], "Counter");
    assert_eq!(giving["byMethod"][0]["label"], "Cash");
    assert_eq!(giving["donors"]["new"].as_array().map(Vec::len), Some(2));
    assert_eq!(giving["donors"]["lapsed"], json!([]));

    let activity: Value =
        expect_status(app.get(&format!("/api/admin/reports/activity?{period}"), Some(&treasurer.token)).await, StatusCode::OK).await;
    let registrations: u64 = activity["attendance"].as_array().expect("months").iter().filter_map(|m| m["count"].as_u64()).sum();
    let people: u64 = activity["attendance"].as_array().expect("months").iter().filter_map(|m| m["total"].as_u64()).sum();
    assert_eq!((registrations, people), (1, 3));
    let new_members: u64 = activity["membership"].as_array().expect("months").iter().filter_map(|m| m["count"].as_u64()).sum();
    assert!(new_members >= 4, "{activity}");
    assert_eq!(activity["sevasByWeekday"].as_array().map(Vec::len), Some(7));

    let csv = app.get(&format!("/api/admin/reports/giving.csv?{period}"), Some(&treasurer.token)).await;
    assert_eq!(csv.status(), StatusCode::OK);
    let text = csv.text().await.expect("csv");
    assert!(text.starts_with("Report,Key,Label,Amount,Count,Compared\r\n"), "{text}");
    assert!(text.contains("Giving by fund,") && text.contains(",Gopuram,500.00,1,"), "{text}");
    let csv = app.get(&format!("/api/admin/reports/activity.csv?{period}"), Some(&treasurer.token)).await;
    assert!(csv.text().await.expect("csv").contains("Attendance (registrations, people)"));

    let long = app.get("/api/admin/reports/giving?from=2019-01-01&to=2026-12-31", Some(&treasurer.token)).await;
    let long: Value = expect_status(long, StatusCode::BAD_REQUEST).await;
    assert_eq!(long["errors"]["to"], mandir_application::services::reports::REPORT_TOO_LONG);
    for who in [&desk, &member] {
        assert_eq!(app.get(&format!("/api/admin/reports/giving?{period}"), Some(&who.token)).await.status(), StatusCode::FORBIDDEN);
    }
}

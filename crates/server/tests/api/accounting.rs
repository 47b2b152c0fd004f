//! The books over HTTP, on SQLite and PostgreSQL: the treasurer keeps the chart of accounts and
//! maps a fund to an income account, the counter sells (a split of cash and a check, and a sale
//! voided the same day), and the day's export parses back in each format with every entry
//! balanced, the voided sale's refund reversing it; a second export of the day warns; other
//! roles are refused.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

fn today() -> String {
    chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive().to_string()
}

fn cents(text: &str) -> i64 {
    if text.is_empty() {
        return 0;
    }
    let negative = text.starts_with('-');
    let (whole, part) = text.trim_start_matches('-').split_once('.').expect("two decimals");
    let value = whole.parse::<i64>().expect("dollars") * 100 + part.parse::<i64>().expect("cents");
    if negative { -value } else { value }
}

async fn download(app: &TestApp, who: &TestUser, id: &str) -> (String, String) {
    let response = app.get(&format!("/api/admin/accounting/exports/{id}/file"), Some(&who.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    (kind, response.text().await.expect("text"))
}

/// Each IIF transaction's lines: (account, cents, memo), checked to open with TRNS and close with ENDTRNS.
fn iif_entries(text: &str) -> Vec<Vec<(String, i64, String)>> {
    let mut entries = Vec::new();
    let mut current: Option<Vec<(String, i64, String)>> = None;
    for line in text.split("\r\n").filter(|l| !l.is_empty() && !l.starts_with('!')) {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[0] {
            "TRNS" => {
                assert!(current.is_none(), "a transaction opened inside another");
                current = Some(vec![(fields[4].to_owned(), cents(fields[6]), fields[8].to_owned())]);
            }
            "SPL" => {
                current.as_mut().expect("SPL inside a transaction").push((fields[4].to_owned(), cents(fields[6]), fields[8].to_owned()))
            }
            "ENDTRNS" => entries.push(current.take().expect("ENDTRNS closes a transaction")),
            other => panic!("unexpected IIF line {other}"),
        }
    }
    assert!(current.is_none(), "a transaction left open");
    entries
}

fn csv_rows(text: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().expect("headers").clone();
    reader.records().map(|r| headers.iter().map(str::to_owned).zip(r.expect("row").iter().map(str::to_owned)).collect()).collect()
}

#[tokio::test]
async fn the_treasurer_maps_the_chart_and_exports_a_balanced_day_for_quickbooks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;

    // The seeded chart.
    let accounts: Vec<Value> = expect_status(app.get("/api/admin/accounting/accounts", Some(&treasurer.token)).await, StatusCode::OK).await;
    let codes: Vec<&str> = accounts.iter().filter_map(|a| a["code"].as_str()).collect();
    assert_eq!(codes, ["1000", "1200", "1210", "4000", "4100", "4200", "6100"]);

    // A new income account, checked field by field; a code taken is a conflict.
    let bad = json!({"code": "40 10", "name": "Income:Bricks", "kind": "revenue"});
    let refused: Value =
        expect_status(app.post("/api/admin/accounting/accounts", Some(&treasurer.token), bad).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["code"], mandir_domain::accounting::CODE_INVALID);
    assert_eq!(refused["errors"]["name"], mandir_domain::accounting::NAME_INVALID);
    assert_eq!(refused["errors"]["kind"], mandir_domain::accounting::KIND_INVALID);
    let body = json!({"code": "4300", "name": "Gopuram Campaign", "kind": "income"});
    let gopuram_account: Value =
        expect_status(app.post("/api/admin/accounting/accounts", Some(&treasurer.token), body).await, StatusCode::CREATED).await;
    let taken = json!({"code": "4300", "name": "Another", "kind": "income"});
    let taken: Value =
        expect_status(app.post("/api/admin/accounting/accounts", Some(&treasurer.token), taken).await, StatusCode::CONFLICT).await;
    assert_eq!(taken["message"], mandir_domain::accounting::DUPLICATE_ACCOUNT);

    // A fund and a type in it; the fund is booked to the new account.
    let fund: Value =
        expect_status(app.post("/api/funds", Some(&treasurer.token), json!({"name": "Gopuram"})).await, StatusCode::CREATED).await;
    let fund_id = fund["id"].as_str().expect("id").to_owned();
    let bricks: Value = expect_status(
        app.post("/api/donation-types", Some(&treasurer.token), json!({"name": "Bricks", "fundId": fund_id})).await,
        StatusCode::CREATED,
    )
    .await;
    let account_id = gopuram_account["id"].as_str().expect("id").to_owned();
    let set = json!({"subject": "fund", "subjectId": fund_id, "accountId": account_id});
    let rows: Value = expect_status(app.put("/api/admin/accounting/mappings", Some(&treasurer.token), set).await, StatusCode::OK).await;
    let row = rows["rows"].as_array().expect("rows").iter().find(|r| r["subjectId"] == fund_id.as_str()).expect("the fund's row").clone();
    assert_eq!((row["accountId"].as_str(), row["label"].as_str()), (Some(account_id.as_str()), Some("Gopuram")));
    // The fund's donation type, mapped to nothing itself, is booked to the fund's account.
    let bricks_row =
        rows["rows"].as_array().expect("rows").iter().find(|r| r["subjectId"] == bricks["id"]).expect("the type's row").clone();
    assert_eq!((bricks_row["accountId"].as_str(), bricks_row["effectiveAccountId"].as_str()), (None, Some(account_id.as_str())));
    // A default cannot be left unset; an account mapped cannot be made inactive.
    let unset = json!({"subject": "default_income", "subjectId": "", "accountId": null});
    let unset: Value =
        expect_status(app.put("/api/admin/accounting/mappings", Some(&treasurer.token), unset).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(unset["errors"]["accountId"], mandir_domain::accounting::DEFAULT_REQUIRED);
    let path = format!("/api/admin/accounting/accounts/{account_id}");
    let mapped: Value =
        expect_status(app.patch(&path, Some(&treasurer.token), json!({"isActive": false})).await, StatusCode::CONFLICT).await;
    assert_eq!(mapped["message"], mandir_domain::accounting::ACCOUNT_MAPPED);
    let renamed: Value =
        expect_status(app.patch(&path, Some(&treasurer.token), json!({"name": "Gopuram Fund"})).await, StatusCode::OK).await;
    assert_eq!(renamed["name"], "Gopuram Fund");

    // The counter: bricks and an archana paid with cash and a check; a gift voided the same day.
    let sale = json!({
        "donor": {"userId": member.id},
        "lines": [
            {"donationTypeId": bricks["id"], "amount": 500, "name": "Bricks"},
            {"donationTypeId": "custom", "amount": 11, "name": "Archana"}
        ],
        "tenders": [
            {"method": "cash", "amount": 300},
            {"method": "check", "amount": 211, "checkNumber": "1042", "bank": "Golden 1", "checkDate": today()}
        ],
    });
    expect_status::<Value>(app.post_with_key(&desk, "/api/counter/sales", "books-sale-0001", &sale).await, StatusCode::CREATED).await;
    let small = json!({"donor": {"name": "Walk In"}, "lines": [{"donationTypeId": "custom", "amount": 25, "name": "Flowers"}], "tenders": [{"method": "cash", "amount": 25}]});
    let voided: Value =
        expect_status(app.post_with_key(&desk, "/api/counter/sales", "books-sale-0002", &small).await, StatusCode::CREATED).await;
    let void = format!("/api/counter/sales/{}/void", voided["id"].as_str().expect("id"));
    expect_status::<Value>(app.post(&void, Some(&treasurer.token), json!({"reason": "Entered twice"})).await, StatusCode::OK).await;

    // The preview: two gifts and a refund.
    let day = today();
    let preview: Value =
        expect_status(app.get(&format!("/api/admin/accounting/preview?from={day}&to={day}"), Some(&treasurer.token)).await, StatusCode::OK)
            .await;
    assert_eq!(
        (preview["entries"].as_u64(), preview["gifts"].as_u64(), preview["refunds"].as_u64(), preview["total"].as_str()),
        (Some(3), Some(2), Some(1), Some("561.00"))
    );
    assert_eq!(preview["earlier"], json!([]));
    let backwards: Value = expect_status(
        app.get("/api/admin/accounting/preview?from=2026-02-01&to=2026-01-01", Some(&treasurer.token)).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(backwards["errors"]["to"], mandir_domain::accounting::TO_INVALID);

    // IIF: every transaction balances; the split's money waits in Undeposited Funds, the bricks
    // go to the fund's account and the archana (a gift line, not a seva booked) to the default
    // income account; the void reverses its gift.
    let export = json!({"from": day, "to": day, "format": "iif"});
    let iif_export: Value =
        expect_status(app.post("/api/admin/accounting/exports", Some(&treasurer.token), export).await, StatusCode::CREATED).await;
    assert_eq!((iif_export["entries"].as_u64(), iif_export["total"].as_str()), (Some(3), Some("561.00")));
    let (kind, iif) = download(&app, &treasurer, iif_export["id"].as_str().expect("id")).await;
    assert!(kind.starts_with("application/x-iif"), "{kind}");
    let entries = iif_entries(&iif);
    assert_eq!(entries.len(), 3);
    for entry in &entries {
        assert_eq!(entry.iter().map(|(_, c, _)| c).sum::<i64>(), 0, "{entry:?}");
    }
    let split = entries.iter().find(|e| e[0].1 == 51_100).expect("the split sale");
    let accounts: Vec<(&str, i64)> = split.iter().map(|(a, c, _)| (a.as_str(), *c)).collect();
    assert_eq!(accounts, [("Undeposited Funds", 51_100), ("Gopuram Fund", -50_000), ("Contributions", -1_100)]);
    let refund = entries.iter().find(|e| e[0].1 == -2_500).expect("the void's refund");
    assert_eq!(refund[1].0, "Contributions");
    assert!(refund[0].2.starts_with("Refund of"), "{:?}", refund[0]);

    // The same day again warns, naming the earlier export; exported again on purpose.
    let again = json!({"from": day, "to": day, "format": "qbo_csv"});
    let warned: Value =
        expect_status(app.post("/api/admin/accounting/exports", Some(&treasurer.token), again.clone()).await, StatusCode::CONFLICT).await;
    assert!(warned["message"].as_str().is_some_and(|m| m.contains("was exported on") && m.contains(&treasurer.email)), "{warned}");
    let mut again = again;
    again["again"] = json!(true);
    let qbo_export: Value =
        expect_status(app.post("/api/admin/accounting/exports", Some(&treasurer.token), again).await, StatusCode::CREATED).await;
    let (kind, qbo) = download(&app, &treasurer, qbo_export["id"].as_str().expect("id")).await;
    assert!(kind.starts_with("text/csv"), "{kind}");
    let rows = csv_rows(&qbo);
    let mut by_entry: BTreeMap<String, i64> = BTreeMap::new();
    for row in &rows {
        *by_entry.entry(row["Journal No."].clone()).or_default() += cents(&row["Debits"]) - cents(&row["Credits"]);
        assert!(row["Journal Date"].contains('/'), "{row:?}");
    }
    assert_eq!(by_entry.len(), 3);
    assert!(by_entry.values().all(|sum| *sum == 0), "{by_entry:?}");

    // The general ledger carries the payments' ids and receipt numbers.
    let gl = json!({"from": day, "to": day, "format": "gl_csv", "again": true});
    let gl_export: Value =
        expect_status(app.post("/api/admin/accounting/exports", Some(&treasurer.token), gl).await, StatusCode::CREATED).await;
    let (_, gl) = download(&app, &treasurer, gl_export["id"].as_str().expect("id")).await;
    let rows = csv_rows(&gl);
    let debits: i64 = rows.iter().map(|r| cents(&r["Debit"])).sum();
    let credits: i64 = rows.iter().map(|r| cents(&r["Credit"])).sum();
    assert_eq!((debits, credits), (56_100, 56_100));
    assert!(rows.iter().all(|r| !r["Payment id"].is_empty() && r["Receipt number"].starts_with("AUTO-")), "{rows:?}");
    assert!(rows.iter().any(|r| r["Kind"] == "refund" && r["Account code"] == "4000"));

    // Past exports, newest first; the preview now names them.
    let listed: Vec<Value> = expect_status(app.get("/api/admin/accounting/exports", Some(&treasurer.token)).await, StatusCode::OK).await;
    assert_eq!(listed.iter().map(|e| e["format"].as_str().unwrap_or_default()).collect::<Vec<_>>(), ["gl_csv", "qbo_csv", "iif"]);
    let preview: Value =
        expect_status(app.get(&format!("/api/admin/accounting/preview?from={day}&to={day}"), Some(&treasurer.token)).await, StatusCode::OK)
            .await;
    assert_eq!(preview["earlier"].as_array().map(Vec::len), Some(3));

    // Audited.
    let log: Value = expect_status(app.get("/api/admin/audit?kind=exports", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(log.to_string().contains("export.accounting"), "{log}");
    let log: Value = expect_status(app.get("/api/admin/audit?kind=money", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(log.to_string().contains("account_mapping.set") && log.to_string().contains("ledger_account.create"), "{log}");

    // Other roles and members are refused, and nothing is written.
    for who in [&desk, &member] {
        assert_eq!(app.get("/api/admin/accounting/accounts", Some(&who.token)).await.status(), StatusCode::FORBIDDEN);
        let export = json!({"from": day, "to": day, "format": "iif", "again": true});
        assert_eq!(app.post("/api/admin/accounting/exports", Some(&who.token), export).await.status(), StatusCode::FORBIDDEN);
        let file = format!("/api/admin/accounting/exports/{}/file", gl_export["id"].as_str().expect("id"));
        assert_eq!(app.get(&file, Some(&who.token)).await.status(), StatusCode::FORBIDDEN);
    }
    assert_eq!(app.get("/api/admin/accounting/exports/no-such-export/file", Some(&treasurer.token)).await.status(), StatusCode::NOT_FOUND);
    let listed: Vec<Value> = expect_status(app.get("/api/admin/accounting/exports", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(listed.len(), 3);
}

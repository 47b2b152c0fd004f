//! Imports over HTTP, on SQLite and PostgreSQL (issue 31, ADR 0144): a messy members file (a BOM,
//! Windows line ends, extra columns, a misspelt gotram) read in a dry run that writes nothing,
//! imported, imported again without change, its members claiming their accounts through "Forgot
//! password"; a gifts file in Excel naming those members, whose gifts reach My Donations and the
//! statement without a receipt e-mail; and undoing, refused once something depends on it.

use base64::Engine;
use chrono::Datelike;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

const MEMBERS: &str = "\u{feff}Member ID,Household,First Name,Last Name,Email,Cell,Street,City,State,Zip,Gothra,Star,Relationship,Notes\r\n\
M-1,H-1,Ravi,Kumar,Ravi.Kumar@Example.org,916-555-0101,12 Main St,Folsom,CA,95630,Kashyapa,Rohini,,likes archana\r\n\
M-2,H-1,Lakshmi,Kumar,lakshmi.kumar@example.org,,,,,,Kashyapa,,Spouse,\r\n\
M-3,H-1,Arjun,Kumar,,,,,,,Kashyapa,Ashwini,Son,\r\n\
\r\n\
M-4,,Sita,Rao,sita.rao@example.org,916-555-0104,,,,,Kashyap,,,\r\n\
M-5,,Gopal,Iyer,not-an-address,,,,,,,,,\r\n";

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn file(kind: &str, name: &str, bytes: &[u8]) -> Value {
    json!({"kind": kind, "fileName": name, "content": b64(bytes)})
}

fn with(mut body: Value, extra: Value) -> Value {
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    body
}

async fn inspect(app: &TestApp, admin: &TestUser, body: &Value) -> Value {
    expect_status(app.post("/api/admin/imports/inspect", Some(&admin.token), body.clone()).await, StatusCode::OK).await
}

fn issue<'a>(report: &'a Value, line: u64, field: &str) -> &'a str {
    report["issues"]
        .as_array()
        .and_then(|issues| issues.iter().find(|i| i["line"] == line && i["field"] == field))
        .and_then(|i| i["message"].as_str())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_members_file_is_checked_imported_once_and_claimed_by_its_members() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let members = file("members", "members.csv", MEMBERS.as_bytes());
    // Only admins import.
    assert_eq!(app.post("/api/admin/imports/inspect", Some(&treasurer.token), members.clone()).await.status(), StatusCode::FORBIDDEN);

    let inspection = inspect(&app, &admin, &members).await;
    assert_eq!(inspection["rows"], 5, "the blank line is no row: {inspection}");
    assert_eq!(inspection["headers"][0], "Member ID", "the BOM is gone");
    let mapping = inspection["suggested"].clone();
    assert_eq!(mapping["gotram"], "Gothra");
    assert_eq!(mapping["nakshatram"], "Star");
    assert_eq!(mapping["householdId"], "Household");
    assert!(mapping.get("notes").is_none(), "an extra column maps to nothing: {mapping}");

    // A mapping naming a column the file lacks, or leaving out a required field.
    let mut broken = mapping.clone();
    broken["firstName"] = json!("Given");
    broken["lastName"] = json!("");
    let refused: Value = expect_status(
        app.post("/api/admin/imports/dry-run", Some(&admin.token), with(members.clone(), json!({"mapping": broken}))).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["errors"]["mapping.firstName"], "The file has no column of that name: \"Given\"");
    assert_eq!(refused["errors"]["mapping.lastName"], "Choose the column that holds this field");

    let check = with(members.clone(), json!({"mapping": mapping}));
    let report: Value =
        expect_status(app.post("/api/admin/imports/dry-run", Some(&admin.token), check.clone()).await, StatusCode::OK).await;
    assert_eq!((report["rows"].as_u64(), report["newRows"].as_u64(), report["failed"].as_u64()), (Some(5), Some(3), Some(2)), "{report}");
    assert_eq!((report["accounts"].as_u64(), report["familyMembers"].as_u64(), report["households"].as_u64()), (Some(2), Some(1), Some(1)));
    assert_eq!(issue(&report, 6, "gotram"), "gotram 'Kashyap' not found, did you mean Kashyapa?");
    assert_eq!(issue(&report, 7, "email"), "Invalid email address");
    // The dry run wrote nothing; its report downloads as CSV.
    let users_before =
        app.get("/api/admin/members?q=kumar", Some(&admin.token)).await.json::<Value>().await.expect("json")["total"].clone();
    assert_eq!(users_before, 0);
    let csv = app.post("/api/admin/imports/report.csv", Some(&admin.token), check.clone()).await;
    assert_eq!(csv.status(), StatusCode::OK);
    let csv = csv.text().await.expect("text");
    assert!(csv.starts_with("Row,Field,Value,Problem,Kind\r\n"), "{csv}");
    assert!(csv.contains("6,Gotram,Kashyap,\"gotram 'Kashyap' not found, did you mean Kashyapa?\",error"), "{csv}");

    // Rows with errors refuse the import unless the admin leaves them out.
    let refused: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), check.clone()).await, StatusCode::CONFLICT).await;
    assert!(refused["message"].as_str().unwrap_or_default().starts_with("Some rows have errors"), "{refused}");
    let run = with(check.clone(), json!({"skipInvalid": true, "saveMappingAs": "Old ChMS"}));
    let done: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), run.clone()).await, StatusCode::CREATED).await;
    assert_eq!((done["import"]["created"].as_u64(), done["import"]["skipped"].as_u64()), (Some(3), Some(2)), "{done}");
    assert_eq!(done["import"]["running"], false);
    let saved: Vec<Value> = expect_status(app.get("/api/admin/import-mappings", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!((saved[0]["name"].as_str(), saved[0]["mapping"]["gotram"].as_str()), (Some("Old ChMS"), Some("Gothra")));

    // The accounts, their household and the family member are there; the member search finds them.
    let found: Value = expect_status(app.get("/api/admin/members?q=kumar", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(found["total"], 2, "{found}");

    // The same file again changes nothing.
    let again: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), run.clone()).await, StatusCode::CREATED).await;
    assert_eq!((again["import"]["created"].as_u64(), again["import"]["unchanged"].as_u64()), (Some(0), Some(3)), "{again}");
    let found: Value = expect_status(app.get("/api/admin/members?q=kumar", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(found["total"], 2);

    // An imported member has no password until they set one through "Forgot password"; the reset
    // proves their address.
    let ravi = "ravi.kumar@example.org";
    assert_eq!(app.sign_in(ravi, "").await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.sign_in(ravi, "anything1").await.status(), StatusCode::UNAUTHORIZED);
    expect_status::<Value>(app.post("/api/auth/forgot-password", None, json!({"email": ravi})).await, StatusCode::OK).await;
    let link = app.link_in_email(ravi, "/reset-password?token=").await;
    let token = link.split("token=").nth(1).expect("token").trim_end_matches(['"', '>', '.']).to_owned();
    expect_status::<Value>(
        app.post("/api/auth/reset-password", None, json!({"token": token, "newPassword": "claimed1"})).await,
        StatusCode::OK,
    )
    .await;
    let claimed = app.signed_in(ravi.to_owned(), "claimed1").await;
    let me: Value = expect_status(app.get("/api/users/me", Some(&claimed.token)).await, StatusCode::OK).await;
    assert_eq!((me["emailVerified"].as_bool(), me["phoneNumber"].as_str()), (Some(true), Some("916-555-0101")), "{me}");
    assert_eq!(me["mailingAddress"], "12 Main St, Folsom, CA 95630");
    assert!(me["gotram"].to_string().contains("Kashyapa"), "{me}");
    let family: Vec<Value> = expect_status(app.get("/api/users/me/family", Some(&claimed.token)).await, StatusCode::OK).await;
    assert_eq!((family[0]["name"].as_str(), family[0]["relation"].as_str()), (Some("Arjun Kumar"), Some("Son")), "{family:?}");
    let household: Value = expect_status(app.get("/api/household", Some(&claimed.token)).await, StatusCode::OK).await;
    assert_eq!(household["household"]["name"], "Kumar family", "{household}");
    assert_eq!(household["household"]["members"].as_array().map(Vec::len), Some(2), "{household}");

    // A claimed account is in use: the import can no longer be undone.
    let imports: Vec<Value> = expect_status(app.get("/api/admin/imports", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(imports.len(), 2);
    let first = imports.iter().find(|i| i["created"] == 3).expect("the first import");
    let undo = format!("/api/admin/imports/{}/undo", first["id"].as_str().expect("id"));
    let refused: Value = expect_status(app.post(&undo, Some(&admin.token), json!({})).await, StatusCode::CONFLICT).await;
    assert_eq!(refused["message"], "This import cannot be undone: 1 imported account have been used since", "{refused}");
    let log: Value = expect_status(app.get("/api/admin/audit", Some(&admin.token)).await, StatusCode::OK).await;
    assert!(log.to_string().contains("import.run") && log.to_string().contains("import.mapping.save"), "{log}");
}

/// A workbook of gifts with the given rows under its header.
fn gifts_workbook(rows: &[[&str; 6]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let date = rust_xlsxwriter::Format::new().set_num_format("mm/dd/yyyy");
    for (col, header) in ["Gift Date", "Amount", "Fund", "Payment Method", "Check No", "Member ID"].iter().enumerate() {
        sheet.write_string(0, u16::try_from(col).expect("col"), *header).expect("header");
    }
    for (r, row) in rows.iter().enumerate() {
        let r = u32::try_from(r + 1).expect("row");
        let day = rust_xlsxwriter::ExcelDateTime::parse_from_str(row[0]).expect("date");
        sheet.write_datetime_with_format(r, 0, &day, &date).expect("date");
        sheet.write_number(r, 1, row[1].parse::<f64>().expect("amount")).expect("amount");
        for (c, text) in row.iter().enumerate().skip(2) {
            sheet.write_string(r, u16::try_from(c).expect("col"), *text).expect("cell");
        }
    }
    book.save_to_buffer().expect("workbook")
}

#[tokio::test]
async fn historical_gifts_from_a_workbook_reach_the_ledger_and_statements_without_receipts_and_undo_whole() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let year = chrono::Utc::now().year() - 1;
    let members = "Member ID,First Name,Last Name,Email\nM-1,Asha,Rao,asha.rao@example.org\n";
    let members = with(
        file("members", "members.csv", members.as_bytes()),
        json!({"mapping": {"sourceId": "Member ID", "firstName": "First Name", "lastName": "Last Name", "email": "Email"}}),
    );
    expect_status::<Value>(app.post("/api/admin/imports", Some(&admin.token), members).await, StatusCode::CREATED).await;

    let (d1, d2) = (format!("{year}-03-05"), format!("{year}-11-20"));
    let book = gifts_workbook(&[
        [&d1, "1001", "General", "Cheque", "1234", "M-1"],
        [&d2, "51.5", "general", "cash", "", "M-1"],
        [&d2, "25", "Genral", "cash", "", "M-1"],
        [&d2, "10", "General", "cash", "", "M-404"],
    ]);
    let gifts = file("gifts", "gifts.xlsx", &book);
    let mapping = inspect(&app, &admin, &gifts).await["suggested"].clone();
    assert_eq!((mapping["date"].as_str(), mapping["memberId"].as_str()), (Some("Gift Date"), Some("Member ID")), "{mapping}");
    let check = with(gifts, json!({"mapping": mapping}));
    let report: Value =
        expect_status(app.post("/api/admin/imports/dry-run", Some(&admin.token), check.clone()).await, StatusCode::OK).await;
    assert_eq!(
        (report["newRows"].as_u64(), report["failed"].as_u64(), report["total"].as_str()),
        (Some(2), Some(2), Some("1052.50")),
        "{report}"
    );
    assert_eq!(issue(&report, 4, "fund"), "fund 'Genral' not found, did you mean General?");
    assert_eq!(issue(&report, 5, "memberId"), "member 'M-404' is not among the imported members: import the members file first");

    let run = with(check, json!({"skipInvalid": true}));
    let done: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), run.clone()).await, StatusCode::CREATED).await;
    assert_eq!((done["import"]["created"].as_u64(), done["import"]["total"].as_str()), (Some(2), Some("1052.50")), "{done}");
    let again: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), run).await, StatusCode::CREATED).await;
    assert_eq!((again["import"]["created"].as_u64(), again["import"]["unchanged"].as_u64()), (Some(0), Some(2)), "{again}");

    // In the ledger, on the channel "imported", with the check's number; no receipt e-mail.
    let ledger: Value = expect_status(app.get("/api/admin/payments/ledger?q=asha", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(ledger["total"], 2, "{ledger}");
    let check_gift =
        ledger["items"].as_array().and_then(|items| items.iter().find(|p| p["amount"] == "1001.00")).expect("the check").clone();
    assert_eq!((check_gift["channel"].as_str(), check_gift["paymentMethod"].as_str()), (Some("imported"), Some("check")), "{check_gift}");
    assert_eq!(check_gift["notes"], "Check no. 1234");
    assert!(app.emails_to("asha.rao@example.org").is_empty(), "imported gifts send no receipts");

    // The member claims the account and finds the gifts in My Donations and on last year's statement.
    expect_status::<Value>(app.post("/api/auth/forgot-password", None, json!({"email": "asha.rao@example.org"})).await, StatusCode::OK)
        .await;
    let link = app.link_in_email("asha.rao@example.org", "/reset-password?token=").await;
    let token = link.split("token=").nth(1).expect("token").trim_end_matches(['"', '>', '.']).to_owned();
    expect_status::<Value>(
        app.post("/api/auth/reset-password", None, json!({"token": token, "newPassword": "claimed1"})).await,
        StatusCode::OK,
    )
    .await;
    let asha = app.signed_in("asha.rao@example.org".to_owned(), "claimed1").await;
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&asha.token)).await, StatusCode::OK).await;
    assert_eq!(mine.len(), 2);
    let statement: Value =
        expect_status(app.get(&format!("/api/payments/mine/statements/{year}"), Some(&asha.token)).await, StatusCode::OK).await;
    assert_eq!((statement["total"].as_str(), statement["gifts"].as_array().map(Vec::len)), (Some("1052.50"), Some(2)), "{statement}");

    // Undoing the gifts removes them; undoing twice is refused; the members' import is in use.
    let imports: Vec<Value> = expect_status(app.get("/api/admin/imports", Some(&admin.token)).await, StatusCode::OK).await;
    let gifts_import = imports.iter().find(|i| i["kind"] == "gifts" && i["created"] == 2).expect("gifts import");
    let undo = format!("/api/admin/imports/{}/undo", gifts_import["id"].as_str().expect("id"));
    let undone: Value = expect_status(app.post(&undo, Some(&admin.token), json!({})).await, StatusCode::OK).await;
    assert!(undone["undoneAt"].is_string(), "{undone}");
    expect_status::<Value>(app.post(&undo, Some(&admin.token), json!({})).await, StatusCode::CONFLICT).await;
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&asha.token)).await, StatusCode::OK).await;
    assert!(mine.is_empty(), "{mine:?}");
    assert_eq!(app.post("/api/admin/imports/no-such-import/undo", Some(&admin.token), json!({})).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_unused_members_import_is_undone_whole_and_can_be_imported_again() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let text = "First Name,Last Name,Email,Household\nMeena,Shah,meena@example.org,S\nKiran,Shah,kiran@example.org,S\nRohan,Shah,,S\n";
    let body = with(
        file("members", "shah.csv", text.as_bytes()),
        json!({"mapping": {"firstName": "First Name", "lastName": "Last Name", "email": "Email", "householdId": "Household"}}),
    );
    let done: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), body.clone()).await, StatusCode::CREATED).await;
    assert_eq!(done["report"]["households"], 1, "{done}");
    let undo = format!("/api/admin/imports/{}/undo", done["import"]["id"].as_str().expect("id"));
    expect_status::<Value>(app.post(&undo, Some(&admin.token), json!({})).await, StatusCode::OK).await;
    let found: Value = expect_status(app.get("/api/admin/members?q=shah", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(found["total"], 0, "{found}");
    // Its rows are free again: a new import writes them anew.
    let again: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), body).await, StatusCode::CREATED).await;
    assert_eq!(again["import"]["created"], 3, "{again}");
    // A file that is not a spreadsheet is refused with what to do.
    let refused: Value = expect_status(
        app.post("/api/admin/imports/inspect", Some(&admin.token), file("members", "old.xls", b"\xD0\xCF\x11\xE0 legacy")).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["message"], "Choose a CSV file (.csv) or an Excel workbook (.xlsx)");
    let refused: Value = expect_status(
        app.post("/api/admin/imports/inspect", Some(&admin.token), json!({"kind": "members", "fileName": "a.csv", "content": "@@"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(refused["errors"]["content"], "The file's content must be base64");
}

#[tokio::test]
async fn the_command_line_checks_a_file_writes_its_report_and_imports_it_once() {
    use mandir_server::imports::{Options, run};
    let app = spawn_app().await;
    let admin = app.admin().await;
    let dir = std::env::temp_dir().join(format!("mandir-import-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("members.csv");
    std::fs::write(&file, MEMBERS).expect("file");
    let report = dir.join("report.csv");
    let count = |found: Value| found["total"].as_u64();
    let members = || async { app.get("/api/admin/members?q=kumar", Some(&admin.token)).await.json::<Value>().await.expect("json") };

    // A dry run writes the report and nothing else.
    run(&app.config, "members", &file, Options { dry_run: true, report: Some(report.clone()), ..Options::default() })
        .await
        .expect("dry run");
    let csv = std::fs::read_to_string(&report).expect("report");
    assert!(csv.contains("gotram 'Kashyap' not found, did you mean Kashyapa?"), "{csv}");
    assert_eq!(count(members().await), Some(0));
    // Rows with errors refuse the import; left out, the others are written once.
    let refused = run(&app.config, "members", &file, Options::default()).await.expect_err("rows with errors");
    assert!(refused.to_string().starts_with("Some rows have errors"), "{refused}");
    run(&app.config, "members", &file, Options { skip_invalid: true, ..Options::default() }).await.expect("imported");
    run(&app.config, "members", &file, Options { skip_invalid: true, ..Options::default() }).await.expect("imported again");
    assert_eq!(count(members().await), Some(2));
    let imports: Vec<Value> = expect_status(app.get("/api/admin/imports", Some(&admin.token)).await, StatusCode::OK).await;
    let written: Vec<u64> = imports.iter().filter_map(|i| i["created"].as_u64()).collect();
    assert_eq!(written, [0, 3], "the second import wrote nothing: {imports:?}");
    assert!(imports.iter().all(|i| i["byEmail"] == "mandir (command line)"));
    // A field mapped by hand, and a saved mapping by name that does not exist.
    let unknown = Options { mapping: Some("No such mapping".into()), ..Options::default() };
    let refused = run(&app.config, "members", &file, unknown).await.expect_err("no such mapping");
    assert_eq!(refused.to_string(), "no saved members mapping is named \"No such mapping\"");
    let wrong = Options { dry_run: true, map: vec!["firstName=Given".into()], ..Options::default() };
    let refused = run(&app.config, "members", &file, wrong).await.expect_err("no such column");
    assert!(refused.to_string().contains("The file has no column of that name"), "{refused}");
    assert!(run(&app.config, "donors", &file, Options::default()).await.is_err());
    std::fs::remove_dir_all(&dir).expect("cleaned");
}

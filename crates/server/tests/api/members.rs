//! The admins' member directory: search by name, e-mail or phone with paging, one member with
//! their registrations, volunteering and giving, and the CSV export.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

async fn named(app: &TestApp, first: &str, last: &str, phone: &str) -> TestUser {
    let member = app.member().await;
    let body = json!({"firstName": first, "lastName": last, "phoneNumber": phone});
    expect_status::<Value>(app.put("/api/users/me", Some(&member.token), body).await, StatusCode::OK).await;
    member
}

async fn search(app: &TestApp, admin: &TestUser, query: &str) -> Value {
    expect_status(app.get(&format!("/api/admin/members?{query}"), Some(&admin.token)).await, StatusCode::OK).await
}

fn emails(page: &Value) -> Vec<String> {
    page["items"].as_array().expect("items").iter().map(|m| m["email"].as_str().expect("email").to_owned()).collect()
}

#[tokio::test]
async fn admins_search_the_directory_by_name_email_or_phone_page_by_page() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let ravi = named(&app, "Ravi", "Zzkumar", "(916) 555-0142").await;
    let priya = named(&app, "Priya", "Zzkumar", "916-555-0199").await;
    let anand = named(&app, "Anand", "Zzrao", "+1 530 555 0100").await;

    // Any case, every word must match; by last name, then first name.
    let page = search(&app, &admin, "q=zzKUMAR").await;
    assert_eq!(emails(&page), [priya.email.clone(), ravi.email.clone()]);
    assert_eq!(page["total"], 2);
    assert_eq!(search(&app, &admin, "q=zzkumar%20ravi").await["total"], 1);
    let by_email = search(&app, &admin, &format!("q={}", ravi.email.to_uppercase())).await;
    assert_eq!(emails(&by_email), [ravi.email.as_str()]);
    // Phone digits match whatever separators were typed.
    assert_eq!(emails(&search(&app, &admin, "q=9165550142").await), [ravi.email.as_str()]);
    assert_eq!(emails(&search(&app, &admin, "q=530-555").await), [anand.email.as_str()]);
    // LIKE's own characters are taken literally.
    assert_eq!(search(&app, &admin, "q=%25").await["total"], 0);
    assert_eq!(search(&app, &admin, "q=zz_").await["total"], 0);

    // Paging.
    let first = search(&app, &admin, "q=zz&pageSize=2").await;
    assert_eq!((first["total"].as_u64(), first["page"].as_u64(), first["pageSize"].as_u64()), (Some(3), Some(1), Some(2)));
    assert_eq!(emails(&first), [priya.email.clone(), ravi.email.clone()]);
    let second = search(&app, &admin, "q=zz&pageSize=2&page=2").await;
    assert_eq!(emails(&second), [anand.email.as_str()]);
    let row = &second["items"][0];
    assert_eq!(
        (row["firstName"].as_str(), row["isAdmin"].as_bool(), row["emailVerified"].as_bool()),
        (Some("Anand"), Some(false), Some(true))
    );
    let bad: Value = expect_status(app.get("/api/admin/members?page=0", Some(&admin.token)).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(bad["errors"]["page"], "Page must be a whole number from 1 to 1000000");

    // Without a search: everyone, admins flagged.
    let everyone = search(&app, &admin, "pageSize=100").await;
    assert!(everyone["total"].as_u64().expect("total") >= 4);
    let me = everyone["items"].as_array().expect("items").iter().find(|m| m["email"] == admin.email.as_str()).expect("admin listed");
    assert_eq!(me["isAdmin"], true);

    expect_status::<Value>(app.get("/api/admin/members", Some(&ravi.token)).await, StatusCode::FORBIDDEN).await;
    expect_status::<Value>(app.get("/api/admin/members", None).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn one_member_with_registrations_volunteering_and_giving() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = named(&app, "Lakshmi", "Devi", "9165550111").await;
    let event = app.create_event(&admin, "Diwali", 10, None).await["id"].as_str().expect("id").to_owned();
    expect_status::<Value>(
        app.post(&format!("/api/events/{event}/register"), Some(&member.token), json!({"numberOfFamilyMembers": 2})).await,
        StatusCode::CREATED,
    )
    .await;
    let volunteer = json!({"name": "Lakshmi", "contactNumber": "9165550111", "contactEmail": member.email, "contactPreference": "email",
        "volunteerPreference": "any", "availability": "either"});
    expect_status::<Value>(app.post(&format!("/api/events/{event}/volunteers"), Some(&member.token), volunteer).await, StatusCode::CREATED)
        .await;
    let zelle = json!({"amount": 51, "donationDetails": [{"donationTypeId": "custom", "amount": 51, "name": "Annadanam"}]});
    expect_status::<Value>(app.post("/api/payments/zelle-confirm", Some(&member.token), zelle).await, StatusCode::CREATED).await;

    let account: Value =
        expect_status(app.get(&format!("/api/admin/members/{}", member.id), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!((account["firstName"].as_str(), account["email"].as_str()), (Some("Lakshmi"), Some(member.email.as_str())));
    let events: Vec<Value> =
        expect_status(app.get(&format!("/api/users/{}/events", member.id), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(events[0]["attendee"]["numberOfFamilyMembers"], 2);
    let volunteering: Vec<Value> =
        expect_status(app.get(&format!("/api/users/{}/volunteering", member.id), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(volunteering[0]["event"]["id"], event.as_str());
    let payments: Vec<Value> =
        expect_status(app.get(&format!("/api/admin/members/{}/payments", member.id), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!((payments.len(), payments[0]["amount"].as_str()), (1, Some("51.00")));

    let unknown = "00000000-0000-4000-8000-000000000000";
    let missing: Value =
        expect_status(app.get(&format!("/api/admin/members/{unknown}"), Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(missing["message"], "Member not found");
    expect_status::<Value>(app.get(&format!("/api/admin/members/{unknown}/payments"), Some(&admin.token)).await, StatusCode::NOT_FOUND)
        .await;
}

#[tokio::test]
async fn the_directory_exports_as_csv_with_the_search_applied() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let gopal = named(&app, "Gopal", "Qqiyer", "9165550123").await;
    named(&app, "=cmd", "Qqnair", "9165550124").await;
    named(&app, "Other", "Person", "9165550125").await;

    let response = app.get("/api/admin/members.csv?q=qq", Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"members.csv\"");
    let text = response.text().await.expect("body");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "First name,Last name,Email,Phone,Admin,Email verified,Member since");
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[1].starts_with(&format!("Gopal,Qqiyer,{},9165550123,no,yes,", gopal.email)), "{text}");
    assert!(lines[2].starts_with("'=cmd,Qqnair,"), "formula cells are neutralized: {text}");
    expect_status::<Value>(app.get("/api/admin/members.csv", Some(&gopal.token)).await, StatusCode::FORBIDDEN).await;
}

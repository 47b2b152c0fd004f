use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

fn names(list: &[Value]) -> Vec<&str> {
    list.iter().map(|t| t["name"].as_str().expect("name")).collect()
}

fn find<'a>(list: &'a [Value], name: &str) -> &'a Value {
    list.iter().find(|t| t["name"] == name).unwrap_or_else(|| panic!("no type {name} in {list:?}"))
}

#[tokio::test]
async fn seeded_types_are_public_and_sorted_by_name() {
    let app = spawn_app().await;
    let list: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    assert_eq!(names(&list), ["Abhishekam Sponsorship", "Annadanam", "Archana", "General Donation", "Temple Building Fund"]);
    let annadanam = find(&list, "Annadanam");
    assert_eq!(annadanam["defaultAmount"], "51.00");
    assert_eq!(annadanam["isActive"], true);
    assert_eq!(annadanam["description"], "Sponsor prasadam and meals for devotees");
    assert_eq!(annadanam["createdBy"], Value::Null);
    assert!(annadanam["createdAt"].as_str().is_some() && annadanam["updatedAt"].as_str().is_some());
    assert_eq!(find(&list, "General Donation")["defaultAmount"], Value::Null);
}

#[tokio::test]
async fn admins_create_edit_and_delete_donation_types() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let other_admin = app.admin().await;

    let created: Value = expect_status(
        app.post(
            "/api/donation-types",
            Some(&admin.token),
            json!({"name": "  Vastra Seva ", "description": "Garments for the deity", "defaultAmount": "25"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(created["name"], "Vastra Seva");
    assert_eq!(created["description"], "Garments for the deity");
    assert_eq!(created["defaultAmount"], "25.00");
    assert_eq!(created["isActive"], true, "active by default");
    assert_eq!(created["createdBy"], admin.id.as_str());
    assert_eq!(created["updatedBy"], admin.id.as_str());

    // A JSON number, an empty amount and an inactive type.
    let number: Value = expect_status(
        app.post("/api/donation-types", Some(&admin.token), json!({"name": "Deepam", "defaultAmount": 19.5, "isActive": false})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(number["defaultAmount"], "19.50");
    assert_eq!(number["isActive"], false);
    assert_eq!(number["description"], Value::Null);
    let empty: Value = expect_status(
        app.post("/api/donation-types", Some(&admin.token), json!({"name": "Hundi", "description": null, "defaultAmount": ""})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(empty["defaultAmount"], Value::Null);

    // The list keeps inactive types (donors' forms filter them) and stays sorted by name.
    let list: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    assert_eq!(list.len(), 8);
    let sorted = {
        let mut n: Vec<String> = names(&list).into_iter().map(str::to_lowercase).collect();
        n.sort();
        n
    };
    assert_eq!(names(&list).into_iter().map(str::to_lowercase).collect::<Vec<_>>(), sorted);
    assert_eq!(find(&list, "Deepam")["isActive"], false);

    // Partial edit: only what is sent changes; the editor is recorded.
    let path = format!("/api/donation-types/{id}");
    let toggled: Value = expect_status(app.patch(&path, Some(&other_admin.token), json!({"isActive": false})).await, StatusCode::OK).await;
    assert_eq!(toggled["isActive"], false);
    assert_eq!(toggled["name"], "Vastra Seva");
    assert_eq!(toggled["defaultAmount"], "25.00");
    assert_eq!(toggled["createdBy"], admin.id.as_str());
    assert_eq!(toggled["updatedBy"], other_admin.id.as_str());

    let edited: Value = expect_status(
        app.patch(&path, Some(&admin.token), json!({"name": "Vastra Samarpanam", "defaultAmount": 101, "isActive": true})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["name"], "Vastra Samarpanam");
    assert_eq!(edited["defaultAmount"], "101.00");
    assert_eq!(edited["description"], "Garments for the deity");
    assert_eq!(edited["isActive"], true);

    let cleared: Value =
        expect_status(app.patch(&path, Some(&admin.token), json!({"defaultAmount": null, "description": null})).await, StatusCode::OK)
            .await;
    assert_eq!(cleared["defaultAmount"], Value::Null);
    assert_eq!(cleared["description"], Value::Null);
    assert_eq!(cleared["name"], "Vastra Samarpanam");

    expect_status::<Value>(app.delete(&path, Some(&admin.token)).await, StatusCode::NO_CONTENT).await;
    let list: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    assert!(list.iter().all(|t| t["id"] != id.as_str()));
    assert_eq!(list.len(), 7);
}

#[tokio::test]
async fn unknown_donation_types_are_not_found() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let missing = "/api/donation-types/00000000-0000-0000-0000-000000000000";
    let body: Value = expect_status(app.patch(missing, Some(&admin.token), json!({"isActive": false})).await, StatusCode::NOT_FOUND).await;
    assert_eq!(body["message"], "Donation type not found");
    expect_status::<Value>(app.delete(missing, Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.delete("/api/donation-types/not-a-uuid", Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn only_admins_manage_donation_types() {
    let app = spawn_app().await;
    let member = app.member().await;
    let seeded = "/api/donation-types/5b0f3b0e-8f5d-4c1e-9a57-1f0d6b2a0002";
    let body = json!({"name": "Seva", "defaultAmount": "10"});

    for response in [
        app.post("/api/donation-types", None, body.clone()).await,
        app.patch(seeded, None, json!({"isActive": false})).await,
        app.delete(seeded, None).await,
    ] {
        let error: Value = expect_status(response, StatusCode::UNAUTHORIZED).await;
        assert_eq!(error["message"], "Authentication required");
    }
    for response in [
        app.post("/api/donation-types", Some(&member.token), body.clone()).await,
        app.patch(seeded, Some(&member.token), json!({"isActive": false})).await,
        app.delete(seeded, Some(&member.token)).await,
    ] {
        let error: Value = expect_status(response, StatusCode::FORBIDDEN).await;
        assert_eq!(error["message"], "Admin access required");
    }
    // Members and visitors can still read them, and nothing changed.
    let list: Vec<Value> = expect_status(app.get("/api/donation-types", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(list.len(), 5);
    assert_eq!(find(&list, "Annadanam")["isActive"], true);
}

#[tokio::test]
async fn invalid_donation_types_get_per_field_messages() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let post = |body: Value| app.post("/api/donation-types", Some(&admin.token), body);

    let error: Value = expect_status(post(json!({"name": "A", "defaultAmount": "abc"})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["name"], "Name is required");
    assert_eq!(error["errors"]["defaultAmount"], "Amount must be a valid number");
    assert!(["Name is required", "Amount must be a valid number"].contains(&error["message"].as_str().expect("message")));

    let error: Value = expect_status(post(json!({"description": "no name"})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["name"], "Name is required");
    assert_eq!(error["message"], "Name is required");

    for (amount, message) in [
        (json!(true), "Amount must be a valid number"),
        (json!("12abc"), "Amount must be a valid number"),
        (json!("-5"), "Amount must be 0 or more"),
        (json!(-1), "Amount must be 0 or more"),
        (json!("1.234"), "Amount must have at most 2 decimal places"),
        (json!("2000000"), "Amount must be less than 1,000,000"),
    ] {
        let error: Value =
            expect_status(post(json!({"name": "Seva", "defaultAmount": amount.clone()})).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(error["errors"]["defaultAmount"], message, "{amount}");
    }

    let seeded = "/api/donation-types/5b0f3b0e-8f5d-4c1e-9a57-1f0d6b2a0003";
    let error: Value =
        expect_status(app.patch(seeded, Some(&admin.token), json!({"name": " ", "defaultAmount": "ten"})).await, StatusCode::BAD_REQUEST)
            .await;
    assert_eq!(error["errors"]["name"], "Name is required");
    assert_eq!(error["errors"]["defaultAmount"], "Amount must be a valid number");
    // Nothing was saved.
    let list: Vec<Value> = expect_status(app.get("/api/donation-types", None).await, StatusCode::OK).await;
    assert_eq!(list.len(), 5);
    assert_eq!(find(&list, "Archana")["defaultAmount"], "11.00");
}

#[tokio::test]
async fn openapi_lists_donation_type_paths() {
    let app = spawn_app().await;
    let doc: Value = expect_status(app.get("/api/openapi.json", None).await, StatusCode::OK).await;
    let paths = &doc["paths"];
    assert!(paths["/api/donation-types"]["get"].is_object());
    assert!(paths["/api/donation-types"]["post"].is_object());
    assert!(paths["/api/donation-types/{id}"]["patch"].is_object());
    let delete = &paths["/api/donation-types/{id}"]["delete"];
    let description = format!("{} {}", delete["summary"].as_str().unwrap_or(""), delete["description"].as_str().unwrap_or(""));
    assert!(description.contains("Payment history is not affected"), "{description}");
    assert!(doc["components"]["schemas"]["DonationTypeDto"].is_object());
}

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{expect_status, spawn_app};

const STRIPE: &str = "/api/payment-methods/7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d0001";
const ZELLE: &str = "/api/payment-methods/7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d0002";

fn names(list: &[Value]) -> Vec<&str> {
    list.iter().map(|m| m["name"].as_str().expect("name")).collect()
}

#[tokio::test]
async fn seeded_methods_are_active_and_public() {
    let app = spawn_app().await;
    let active: Vec<Value> = expect_status(app.get("/api/payment-methods/active", None).await, StatusCode::OK).await;
    assert_eq!(names(&active), ["stripe", "zelle"]);
    assert_eq!(active[0]["displayName"], "Credit/Debit Card");
    assert_eq!(active[0]["icon"], "credit-card");
    assert_eq!(active[0]["sortOrder"], 0);
    assert_eq!(active[0]["isActive"], true);
    assert_eq!(active[1]["displayName"], "Zelle");
    assert_eq!(active[1]["icon"], "bank");
    assert_eq!(active[1]["sortOrder"], 1);
    assert!(active[1]["createdAt"].as_str().is_some() && active[1]["updatedAt"].as_str().is_some());
    assert!(active[1]["description"].as_str().is_some());

    let admin = app.admin().await;
    let all: Vec<Value> = expect_status(app.get("/api/payment-methods", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(all, active);
}

#[tokio::test]
async fn admins_create_toggle_edit_and_delete_payment_methods() {
    let app = spawn_app().await;
    let admin = app.admin().await;

    let paypal: Value = expect_status(
        app.post(
            "/api/payment-methods",
            Some(&admin.token),
            json!({"name": "  PayPal ", "displayName": "PayPal", "description": "Pay with PayPal", "sortOrder": 5, "icon": "dollar"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(paypal["name"], "paypal", "trimmed and lower-cased");
    assert_eq!(paypal["displayName"], "PayPal");
    assert_eq!(paypal["isActive"], true, "active by default");
    assert_eq!(paypal["sortOrder"], 5);
    assert_eq!(paypal["icon"], "dollar");
    let paypal_path = format!("/api/payment-methods/{}", paypal["id"].as_str().expect("id"));

    let cash: Value = expect_status(
        app.post("/api/payment-methods", Some(&admin.token), json!({"name": "cash", "displayName": "Cash at the temple"})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(cash["sortOrder"], 0, "default sort order");
    assert_eq!(cash["icon"], Value::Null);
    assert_eq!(cash["description"], Value::Null);
    let check: Value = expect_status(
        app.post(
            "/api/payment-methods",
            Some(&admin.token),
            json!({"name": "check", "displayName": "Check", "isActive": false, "sortOrder": 2, "icon": "building", "description": ""}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(check["isActive"], false);
    assert_eq!(check["description"], Value::Null);

    // Admin table: every method by sort order, then name; donors see only the active ones.
    let all: Vec<Value> = expect_status(app.get("/api/payment-methods", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(names(&all), ["cash", "stripe", "zelle", "check", "paypal"]);
    let active: Vec<Value> = expect_status(app.get("/api/payment-methods/active", None).await, StatusCode::OK).await;
    assert_eq!(names(&active), ["cash", "stripe", "zelle", "paypal"]);

    // The table's toggle sends only isActive; nothing else changes.
    let toggled: Value = expect_status(app.patch(ZELLE, Some(&admin.token), json!({"isActive": false})).await, StatusCode::OK).await;
    assert_eq!(toggled["isActive"], false);
    assert_eq!(toggled["name"], "zelle");
    assert_eq!(toggled["displayName"], "Zelle");
    assert_eq!(toggled["icon"], "bank");
    assert_eq!(toggled["sortOrder"], 1);
    let active: Vec<Value> = expect_status(app.get("/api/payment-methods/active", None).await, StatusCode::OK).await;
    assert_eq!(names(&active), ["cash", "stripe", "paypal"]);
    let back: Value = expect_status(app.patch(ZELLE, Some(&admin.token), json!({"isActive": true})).await, StatusCode::OK).await;
    assert_eq!(back["isActive"], true);

    // A full edit from the dialog.
    let edited: Value = expect_status(
        app.patch(
            &paypal_path,
            Some(&admin.token),
            json!({"name": "Venmo", "displayName": "Venmo", "description": null, "isActive": true, "sortOrder": 0, "icon": null}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["name"], "venmo");
    assert_eq!(edited["displayName"], "Venmo");
    assert_eq!(edited["description"], Value::Null);
    assert_eq!(edited["icon"], Value::Null);
    assert_eq!(edited["sortOrder"], 0);
    let active: Vec<Value> = expect_status(app.get("/api/payment-methods/active", None).await, StatusCode::OK).await;
    assert_eq!(names(&active), ["cash", "stripe", "venmo", "zelle"]);

    expect_status::<Value>(app.delete(&paypal_path, Some(&admin.token)).await, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(app.delete(&paypal_path, Some(&admin.token)).await, StatusCode::NOT_FOUND).await;
    let body: Value =
        expect_status(app.patch(&paypal_path, Some(&admin.token), json!({"isActive": false})).await, StatusCode::NOT_FOUND).await;
    assert_eq!(body["message"], "Payment method not found");
    let all: Vec<Value> = expect_status(app.get("/api/payment-methods", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(names(&all), ["cash", "stripe", "zelle", "check"]);

    // A deleted name can be used again.
    expect_status::<Value>(
        app.post("/api/payment-methods", Some(&admin.token), json!({"name": "venmo", "displayName": "Venmo"})).await,
        StatusCode::CREATED,
    )
    .await;
}

#[tokio::test]
async fn duplicate_names_are_refused_whatever_their_case() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body: Value = expect_status(
        app.post("/api/payment-methods", Some(&admin.token), json!({"name": " STRIPE ", "displayName": "Another card"})).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body, json!({"message": "A payment method with this name already exists"}));

    let body: Value = expect_status(app.patch(STRIPE, Some(&admin.token), json!({"name": "Zelle"})).await, StatusCode::CONFLICT).await;
    assert_eq!(body["message"], "A payment method with this name already exists");
    // Saving a method under its own name is not a duplicate.
    let same: Value =
        expect_status(app.patch(STRIPE, Some(&admin.token), json!({"name": "Stripe", "displayName": "Card"})).await, StatusCode::OK).await;
    assert_eq!(same["name"], "stripe");
    assert_eq!(same["displayName"], "Card");

    let all: Vec<Value> = expect_status(app.get("/api/payment-methods", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(names(&all), ["stripe", "zelle"]);
}

#[tokio::test]
async fn only_admins_see_all_and_manage_payment_methods() {
    let app = spawn_app().await;
    let member = app.member().await;
    let body = json!({"name": "cash", "displayName": "Cash"});

    for response in [
        app.get("/api/payment-methods", None).await,
        app.post("/api/payment-methods", None, body.clone()).await,
        app.patch(ZELLE, None, json!({"isActive": false})).await,
        app.delete(ZELLE, None).await,
    ] {
        let error: Value = expect_status(response, StatusCode::UNAUTHORIZED).await;
        assert_eq!(error["message"], "Authentication required");
    }
    for response in [
        app.get("/api/payment-methods", Some(&member.token)).await,
        app.post("/api/payment-methods", Some(&member.token), body.clone()).await,
        app.patch(ZELLE, Some(&member.token), json!({"isActive": false})).await,
        app.delete(ZELLE, Some(&member.token)).await,
    ] {
        let error: Value = expect_status(response, StatusCode::FORBIDDEN).await;
        assert_eq!(error["message"], "Admin access required");
    }
    // The active list is public, and nothing changed.
    let active: Vec<Value> = expect_status(app.get("/api/payment-methods/active", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(names(&active), ["stripe", "zelle"]);
}

#[tokio::test]
async fn invalid_payment_methods_get_per_field_messages() {
    let app = spawn_app().await;
    let admin = app.admin().await;

    let error: Value = expect_status(
        app.post("/api/payment-methods", Some(&admin.token), json!({"name": "a", "displayName": " b ", "sortOrder": -1, "icon": "rocket"}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(error["errors"]["name"], "Name must be at least 2 characters");
    assert_eq!(error["errors"]["displayName"], "Display name must be at least 2 characters");
    assert_eq!(error["errors"]["sortOrder"], "Sort order must be a whole number of 0 or more");
    assert_eq!(error["errors"]["icon"], "Choose one of the listed icons");
    let first = error["message"].as_str().expect("message");
    assert!(error["errors"].as_object().expect("errors").values().any(|m| m == first), "{error}");

    let error: Value = expect_status(app.post("/api/payment-methods", Some(&admin.token), json!({})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(error["errors"]["name"], "Name must be at least 2 characters");
    assert_eq!(error["errors"]["displayName"], "Display name must be at least 2 characters");

    for sort_order in [json!("abc"), json!(1.5), json!(true)] {
        let error: Value = expect_status(
            app.post(
                "/api/payment-methods",
                Some(&admin.token),
                json!({"name": "cash", "displayName": "Cash", "sortOrder": sort_order.clone()}),
            )
            .await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(error["errors"]["sortOrder"], "Sort order must be a whole number of 0 or more", "{sort_order}");
    }

    let error: Value = expect_status(
        app.patch(ZELLE, Some(&admin.token), json!({"displayName": "Z", "sortOrder": -3, "icon": "star"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(error["errors"]["displayName"], "Display name must be at least 2 characters");
    assert_eq!(error["errors"]["sortOrder"], "Sort order must be a whole number of 0 or more");
    assert_eq!(error["errors"]["icon"], "Choose one of the listed icons");

    // Nothing was saved.
    let all: Vec<Value> = expect_status(app.get("/api/payment-methods", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(names(&all), ["stripe", "zelle"]);
    assert_eq!(all[1]["displayName"], "Zelle");
}

#[tokio::test]
async fn openapi_lists_payment_method_paths() {
    let app = spawn_app().await;
    let doc: Value = expect_status(app.get("/api/openapi.json", None).await, StatusCode::OK).await;
    let paths = &doc["paths"];
    assert!(paths["/api/payment-methods"]["get"].is_object());
    assert!(paths["/api/payment-methods"]["post"].is_object());
    assert!(paths["/api/payment-methods/active"]["get"].is_object());
    assert!(paths["/api/payment-methods/{id}"]["patch"].is_object());
    let delete = &paths["/api/payment-methods/{id}"]["delete"];
    let description = format!("{} {}", delete["summary"].as_str().unwrap_or(""), delete["description"].as_str().unwrap_or(""));
    assert!(description.contains("Payment history is not affected"), "{description}");
    assert!(paths["/api/payment-methods/{id}"]["post"].is_null());
    assert!(doc["components"]["schemas"]["PaymentMethodDto"].is_object());
}

#[tokio::test]
async fn deleting_a_method_or_a_type_keeps_payment_history() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let member = app.member().await;
    let deepam: Value = expect_status(
        app.post("/api/donation-types", Some(&admin.token), json!({"name": "Deepam", "defaultAmount": "25.00"})).await,
        StatusCode::CREATED,
    )
    .await;
    let type_id = deepam["id"].as_str().expect("id");
    let details = json!([{"donationTypeId": type_id, "amount": 25, "name": "Deepam"}]);
    expect_status::<Value>(
        app.post(
            "/api/payments/zelle-confirm",
            Some(&member.token),
            json!({"amount": 25, "donationDetails": details, "receiptNumber": "AUTO-1-1", "status": "success"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;

    expect_status::<Value>(app.delete(&format!("/api/donation-types/{type_id}"), Some(&admin.token)).await, StatusCode::NO_CONTENT).await;
    expect_status::<Value>(app.delete(ZELLE, Some(&admin.token)).await, StatusCode::NO_CONTENT).await;

    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["paymentMethod"], "zelle");
    assert_eq!(mine[0]["amount"], "25.00");
    assert_eq!(mine[0]["donationDetails"][0]["name"], "Deepam");
    assert_eq!(mine[0]["donationDetails"][0]["donationTypeId"], type_id);
}

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{expect_status, spawn_app};

#[tokio::test]
async fn health_answers_ok_while_the_process_runs() {
    let app = spawn_app().await;
    let body: Value = expect_status(app.get("/api/health", None).await, StatusCode::OK).await;
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn every_response_carries_nosniff_and_pages_carry_a_csp() {
    let app = spawn_app().await;
    let api = app.get("/api/health", None).await;
    assert_eq!(api.headers()["x-content-type-options"], "nosniff");
    let page = app.get("/events/some-id", None).await;
    assert_eq!(page.status(), StatusCode::OK);
    let csp = page.headers()["content-security-policy"].to_str().expect("csp").to_owned();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");
}

#[tokio::test]
async fn spa_fallback_serves_index_html_and_assets_are_cached() {
    let mut config = crate::helpers::test_config().await;
    let dir = config.data_dir.join("dist");
    std::fs::create_dir_all(dir.join("assets")).expect("dirs");
    std::fs::write(dir.join("index.html"), "<!doctype html><title>SPA</title><div id=\"root\">SPA shell</div>").expect("index");
    std::fs::write(dir.join("assets/app-abc123.js"), "console.log(1)").expect("asset");
    config.static_dir = Some(dir);
    let app = crate::helpers::spawn_app_with(config).await;

    let page = app.get("/dashboard", None).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["cache-control"], "no-cache");
    // The shell, its title replaced by the page's own (crates/http/src/page_head/).
    let text = page.text().await.expect("text");
    assert!(text.contains("SPA shell") && text.contains("<title>Test Temple</title>"), "{text}");

    let asset = app.get("/assets/app-abc123.js", None).await;
    assert_eq!(asset.status(), StatusCode::OK);
    assert!(asset.headers()["cache-control"].to_str().expect("cc").contains("immutable"));
    assert!(asset.headers()["content-type"].to_str().expect("ct").contains("javascript"));

    assert_eq!(app.get("/assets/missing.js", None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/assets/..%2Findex.html", None).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_api_paths_are_json_404s() {
    let app = spawn_app().await;
    let body: Value = expect_status(app.get("/api/nope", None).await, StatusCode::NOT_FOUND).await;
    assert_eq!(body["message"], "Not found");
}

#[tokio::test]
async fn openapi_document_and_reference_page() {
    let app = spawn_app().await;
    let doc: Value = expect_status(app.get("/api/openapi.json", None).await, StatusCode::OK).await;
    assert!(doc["openapi"].as_str().expect("version").starts_with("3.1"));
    for path in ["/api/auth/signin", "/api/events", "/api/events/{id}/force", "/api/admin/set-admin", "/api/gotrams"] {
        assert!(doc["paths"].get(path).is_some(), "missing {path}");
    }
    let page = app.get("/api/docs", None).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.expect("html").contains("/api/events/{id}/force"));
}

#[tokio::test]
async fn config_tells_the_frontend_about_the_installation() {
    let app = spawn_app().await;
    let body: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(body["templeName"], "Test Temple");
    assert_eq!(body["paymentProvider"], "sandbox");
    assert_eq!(body["zelle"]["memo"], "Temple Donation");
    assert_eq!(body["environment"], "development");
    assert_eq!(body["staging"], false);
}

#[tokio::test]
async fn config_tells_the_frontend_about_a_staging_site() {
    let app = crate::helpers::spawn_app_with(production_config().await).await;
    let body: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(body["environment"], "production");
    assert_eq!(body["staging"], true);
    assert_eq!(body["paymentProvider"], "sandbox");
}

#[tokio::test]
async fn openapi_describes_the_environment_and_staging_fields() {
    let app = spawn_app().await;
    let doc: Value = expect_status(app.get("/api/openapi.json", None).await, StatusCode::OK).await;
    let schemas = &doc["components"]["schemas"];
    let properties = &schemas["ConfigResponse"]["properties"];
    assert!(properties.get("environment").is_some() && properties.get("staging").is_some(), "{properties}");
    assert_eq!(schemas["Environment"]["enum"], serde_json::json!(["production", "development"]));
}

#[tokio::test]
async fn hsts_is_sent_on_every_response_when_the_public_url_is_https() {
    let mut config = crate::helpers::test_config().await;
    config.public_url = "https://temple.example.org".to_owned();
    let app = crate::helpers::spawn_app_with(config).await;
    for path in ["/api/health", "/api/nope", "/events"] {
        let response = app.get(path, None).await;
        assert_eq!(response.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains", "{path}");
    }
}

#[tokio::test]
async fn no_hsts_when_the_public_url_is_plain_http() {
    let app = spawn_app().await;
    for path in ["/api/health", "/events"] {
        assert!(app.get(path, None).await.headers().get("strict-transport-security").is_none(), "{path}");
    }
}

#[tokio::test]
async fn production_refuses_the_sandbox_and_a_plain_http_public_url_together_before_binding() {
    let mut config = crate::helpers::test_config().await;
    config.production = true;
    let Err(error) = mandir_server::Application::build(&config).await else { panic!("production started") };
    let refusals = error.downcast_ref::<mandir_server::Refusals>().expect("the refusals");
    assert_eq!(refusals.heading, mandir_server::production::SERVE_REFUSED);
    assert_eq!(
        refusals.reasons,
        vec![mandir_server::production::SANDBOX_REFUSED.to_owned(), mandir_server::production::public_url_refused("http://temple.test")]
    );
    for public_url in ["", "https://", "HTTP://temple.example.org"] {
        let config = mandir_server::Config { public_url: public_url.to_owned(), allow_sandbox_payments: true, ..config.clone() };
        let Err(error) = mandir_server::Application::build(&config).await else { panic!("production started with {public_url:?}") };
        let refusals = error.downcast_ref::<mandir_server::Refusals>().expect("the refusals");
        assert_eq!(refusals.reasons, vec![mandir_server::production::public_url_refused(public_url)]);
    }
}

/// A production (staging) configuration that nothing refuses.
async fn production_config() -> mandir_server::Config {
    mandir_server::Config {
        production: true,
        allow_sandbox_payments: true,
        public_url: "https://temple.example.org".to_owned(),
        ..crate::helpers::test_config().await
    }
}

#[tokio::test]
async fn production_locks_out_the_demo_admin_that_still_signs_in_with_the_demo_password_and_starts() {
    use mandir_application::ports::UserRepository;
    use mandir_server::demo::{DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD};
    let config = production_config().await;
    // A first run in development leaves the demo admin behind, signed in.
    let development = crate::helpers::spawn_app_with(mandir_server::Config { production: false, ..config.clone() }).await;
    assert!(mandir_server::demo::seed_demo_admin(development.built_users.as_ref(), development.hasher.as_ref()).await.expect("seeded"));
    let session: Value = expect_status(development.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::OK).await;
    let token = session["token"].as_str().expect("token").to_owned();

    // Before, production refused to start while it signed in: whoever could create such an
    // account could keep the site down. Now the start locks it out and goes on.
    let production = crate::helpers::spawn_app_with(config.clone()).await;
    expect_status::<Value>(production.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::UNAUTHORIZED).await;
    expect_status::<Value>(production.get("/api/users/me", Some(&token)).await, StatusCode::UNAUTHORIZED).await;
    assert!(
        !mandir_server::demo::demo_credentials_sign_in(production.built_users.as_ref(), production.hasher.as_ref()).await.expect("checked")
    );
    assert_eq!(production.built_users.count_admins().await.expect("count"), 1, "the only admin keeps its rights");
    assert_eq!(production.setup_token, None, "an admin exists: no setup link");

    // The fix the warning names gives it a password of its own.
    mandir_server::demo::create_admin(
        production.built_users.as_ref(),
        production.hasher.as_ref(),
        DEMO_ADMIN_EMAIL,
        "a-private-password",
        "Temple",
        "Admin",
    )
    .await
    .expect("password set");
    let private: Value = expect_status(production.sign_in(DEMO_ADMIN_EMAIL, "a-private-password").await, StatusCode::OK).await;
    assert_eq!(private["user"]["isAdmin"], true);
    // A later production start leaves an account with a password of its own alone.
    let again = crate::helpers::spawn_app_with(config).await;
    expect_status::<Value>(again.sign_in(DEMO_ADMIN_EMAIL, "a-private-password").await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_locked_out_demo_admin_loses_its_rights_when_another_admin_remains() {
    use mandir_application::ports::UserRepository;
    use mandir_server::demo::{DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD};
    let config = production_config().await;
    let development = crate::helpers::spawn_app_with(mandir_server::Config { production: false, ..config.clone() }).await;
    let (users, hasher) = (development.built_users.as_ref(), development.hasher.as_ref());
    assert!(mandir_server::demo::seed_demo_admin(users, hasher).await.expect("seeded"));
    let real = development.admin().await;

    let locked = mandir_server::production::lock_out_demo_accounts(&config, users, hasher).await.expect("locked out");
    assert_eq!(locked.len(), 1);
    assert!(locked[0].admin_removed);
    let warning = mandir_server::production::demo_account_locked_out(&locked[0]);
    assert!(warning.contains("mandir create-admin --email admin@mandir.local"), "{warning}");
    assert!(warning.contains("its admin rights were removed"), "{warning}");
    expect_status::<Value>(development.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(users.count_admins().await.expect("count"), 1);
    expect_status::<Value>(development.get("/api/users/me", Some(&real.token)).await, StatusCode::OK).await;
    assert!(
        mandir_server::production::lock_out_demo_accounts(&config, users, hasher).await.expect("checked").is_empty(),
        "locked out once: the demo password no longer signs it in"
    );
    // Outside production the demo admin is the way in: nothing is locked out.
    let development_config = mandir_server::Config { production: false, ..config };
    assert!(mandir_server::production::lock_out_demo_accounts(&development_config, users, hasher).await.expect("checked").is_empty());
}

#[tokio::test]
async fn gotrams_are_seeded_and_readable() {
    let app = spawn_app().await;
    let list: Vec<Value> = expect_status(app.get("/api/gotrams", None).await, StatusCode::OK).await;
    assert!(list.len() > 100);
    let first = &list[0];
    assert!(first["gotranamalu"].is_string() && first["nakshtram"].is_string() && first["rasi"].is_string());
    let one: Value = expect_status(app.get(&format!("/api/gotrams/{}", first["id"]), None).await, StatusCode::OK).await;
    assert_eq!(&one, first);
    expect_status::<Value>(app.get("/api/gotrams/999999", None).await, StatusCode::NOT_FOUND).await;
    expect_status::<Value>(app.get("/api/gotrams/abc", None).await, StatusCode::NOT_FOUND).await;
}

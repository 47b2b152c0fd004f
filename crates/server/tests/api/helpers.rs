//! `spawn_app()`: the real server on a loopback port with a fresh database (SQLite by default,
//! PostgreSQL when `MANDIR_TEST_DATABASE_URL` points at one), a temporary outbox, and cheap
//! password hashing.

use std::path::PathBuf;

use mandir_server::config::{Config, HashingCost, Secret};
use mandir_server::demo;
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

#[allow(dead_code)] // each test binary module uses a different subset
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub outbox: PathBuf,
    pub config: Config,
    pub built_users: std::sync::Arc<mandir_persistence::SeaOrmUserRepository>,
    pub hasher: std::sync::Arc<dyn mandir_application::ports::PasswordHasher>,
}

#[allow(dead_code)]
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: String,
    pub email: String,
    pub password: String,
    pub token: String,
}

pub fn unique_email(prefix: &str) -> String {
    format!("{prefix}-{}@example.org", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

/// A test configuration; `adjust` may change it before the server starts.
pub async fn test_config() -> Config {
    let dir = std::env::temp_dir().join(format!("mandir-app-{}", uuid::Uuid::new_v4().simple()));
    Config {
        production: false,
        database_url: mandir_persistence::test_support::fresh_database_url().await.expect("fresh database"),
        bind: "127.0.0.1:0".to_owned(),
        static_dir: dir.join("static"),
        mail_outbox: dir.join("outbox"),
        mail_from: "Test Temple <noreply@temple.test>".to_owned(),
        data_dir: dir.clone(),
        smtp_url: None,
        jwt_secret: Secret::new(uuid::Uuid::new_v4().simple().to_string() + &uuid::Uuid::new_v4().simple().to_string()),
        payment_provider: "sandbox".to_owned(),
        stripe_secret_key: None,
        stripe_publishable_key: None,
        stripe_webhook_secret: None,
        stripe_api_base: "http://127.0.0.1:9".to_owned(),
        public_url: "http://temple.test".to_owned(),
        temple_name: "Test Temple".to_owned(),
        zelle_recipient: "zelle@temple.test".to_owned(),
        zelle_memo: "Temple Donation".to_owned(),
        hashing: HashingCost::TestOnlyFast,
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(test_config().await).await
}

pub async fn spawn_app_with(config: Config) -> TestApp {
    let built = mandir_server::build(&config).await.expect("build");
    let state = built.state.clone();
    let static_dir = config.static_dir.clone();
    let server = actix_web::HttpServer::new(move || mandir_http::build_app(state.clone(), static_dir.clone()))
        .workers(2)
        .bind(&config.bind)
        .expect("bind");
    let address = format!("http://{}", server.addrs()[0]);
    tokio::spawn(server.run());
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    TestApp { address, client, outbox: config.mail_outbox.clone(), config, built_users: built.users, hasher: built.hasher }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// Sends a request with an optional bearer token and JSON body.
    pub async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request sent")
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Response {
        self.call(Method::POST, path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Response {
        self.call(Method::PUT, path, token, Some(body)).await
    }

    pub async fn patch(&self, path: &str, token: Option<&str>, body: Value) -> Response {
        self.call(Method::PATCH, path, token, Some(body)).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Response {
        self.call(Method::DELETE, path, token, None).await
    }

    pub async fn sign_up(&self, email: &str, password: &str) -> Response {
        self.post(
            "/api/auth/signup",
            None,
            json!({"firstName": "Test", "lastName": "Member", "email": email, "password": password, "phoneNumber": "9165550100"}),
        )
        .await
    }

    pub async fn sign_in(&self, email: &str, password: &str) -> Response {
        self.post("/api/auth/signin", None, json!({"email": email, "password": password})).await
    }

    async fn signed_in(&self, email: String, password: &str) -> TestUser {
        let body: Value = expect_status(self.sign_in(&email, password).await, StatusCode::OK).await;
        TestUser {
            id: body["user"]["id"].as_str().expect("id").to_owned(),
            email,
            password: password.to_owned(),
            token: body["token"].as_str().expect("token").to_owned(),
        }
    }

    /// A new member, signed up and signed in.
    pub async fn member(&self) -> TestUser {
        let email = unique_email("member");
        expect_status::<Value>(self.sign_up(&email, "secret1").await, StatusCode::CREATED).await;
        self.signed_in(email, "secret1").await
    }

    /// A new admin, created as `mandir create-admin` does, signed in.
    pub async fn admin(&self) -> TestUser {
        let email = unique_email("admin");
        demo::create_admin(self.built_users.as_ref(), self.hasher.as_ref(), &email, "admin-pass", "Temple", "Admin")
            .await
            .expect("admin created");
        self.signed_in(email, "admin-pass").await
    }

    /// Creates an event as `admin`, `days` from now, and returns its JSON.
    pub async fn create_event(&self, admin: &TestUser, name: &str, days: i64, capacity: Option<i64>) -> Value {
        let date = (chrono::Utc::now() + chrono::Duration::days(days)).to_rfc3339();
        let body = json!({
            "name": name, "description": "A wonderful temple celebration", "location": "Main Hall",
            "eventDate": date, "capacity": capacity,
        });
        expect_status(self.post("/api/events", Some(&admin.token), body).await, StatusCode::CREATED).await
    }

    /// The texts of every e-mail written to the outbox for `to`, oldest first.
    pub fn emails_to(&self, to: &str) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.outbox) else { return Vec::new() };
        let mut files: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
        files.sort();
        files
            .into_iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .map(|raw| decode_quoted_printable(&raw))
            .filter(|text| text.lines().any(|l| l.eq_ignore_ascii_case(&format!("To: {to}"))))
            .collect()
    }

    /// The first link in the newest e-mail to `to` that contains `needle`.
    pub fn link_in_email(&self, to: &str, needle: &str) -> String {
        let emails = self.emails_to(to);
        let email = emails.last().unwrap_or_else(|| panic!("no e-mail to {to}"));
        email.split_whitespace().find(|word| word.contains(needle)).unwrap_or_else(|| panic!("no link with {needle} in {email}")).to_owned()
    }
}

/// Undoes quoted-printable (soft line breaks and `=XX`), as a mail client would.
fn decode_quoted_printable(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Some(byte) = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Asserts the status and parses the JSON body (or `null` when empty).
pub async fn expect_status<T: serde::de::DeserializeOwned>(response: Response, status: StatusCode) -> T {
    let actual = response.status();
    let text = response.text().await.expect("body");
    assert_eq!(actual, status, "unexpected status; body: {text}");
    serde_json::from_str(if text.is_empty() { "null" } else { &text }).unwrap_or_else(|e| panic!("bad JSON {e}: {text}"))
}

//! `spawn_app()`: the real server on a loopback port with a fresh database (SQLite by default,
//! PostgreSQL when `MANDIR_TEST_DATABASE_URL` points at one), a temporary outbox, cheap password
//! hashing and abuse limits scaled up so that only the limit tests meet them
//! (`spawn_app_with_real_limits()`).

use std::path::PathBuf;

use mandir_domain::payment::PaymentProvider;
use mandir_server::Application;
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
    /// The first-run setup token the server opened at start (no admin existed then).
    pub setup_token: Option<String>,
    /// The server's database pool, whose statement log the budget tests read.
    pub db: mandir_persistence::Database,
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

/// Every abuse limit of the test server is this many times the real one (`MANDIR_RATE_LIMIT_SCALE`).
pub const TEST_RATE_LIMIT_SCALE: u32 = 1000;

/// A test configuration; `adjust` may change it before the server starts.
pub async fn test_config() -> Config {
    let dir = std::env::temp_dir().join(format!("mandir-app-{}", uuid::Uuid::new_v4().simple()));
    Config {
        production: false,
        database_url: mandir_persistence::test_support::fresh_database_url().await.expect("fresh database"),
        bind: "127.0.0.1:0".to_owned(),
        static_dir: Some(dir.join("static")),
        mail_outbox: dir.join("outbox"),
        mail_from: "Test Temple <noreply@temple.test>".to_owned(),
        data_dir: dir.clone(),
        smtp_url: None,
        jwt_secret: Secret::new(uuid::Uuid::new_v4().simple().to_string() + &uuid::Uuid::new_v4().simple().to_string()),
        payment_provider: PaymentProvider::Sandbox,
        allow_sandbox_payments: false,
        stripe_secret_key: None,
        stripe_publishable_key: None,
        stripe_webhook_secret: None,
        stripe_api_base: "http://127.0.0.1:9".to_owned(),
        public_url: "http://temple.test".to_owned(),
        temple_name: "Test Temple".to_owned(),
        temple_time_zone: chrono_tz::America::Los_Angeles,
        zelle_recipient: "zelle@temple.test".to_owned(),
        zelle_memo: "Temple Donation".to_owned(),
        hashing: HashingCost::TestOnlyFast,
        http_workers: Some(2),
        trust_proxy: false,
        render_pages: true,
        rate_limit_scale: TEST_RATE_LIMIT_SCALE,
        events_cache_ttl: mandir_application::services::events::LIST_CACHE_TTL,
        jobs: mandir_server::config::JobsConfig::default(),
        metrics_token: None,
        texting: mandir_server::config::TextProvider::Folder(dir.join("texts")),
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(test_config().await).await
}

/// A server with the real abuse limits, trusting `X-Forwarded-For` so tests can pose as several
/// client addresses.
pub async fn spawn_app_with_real_limits() -> TestApp {
    spawn_app_with(Config { rate_limit_scale: 1, trust_proxy: true, ..test_config().await }).await
}

pub async fn spawn_app_with(config: Config) -> TestApp {
    let application = Application::build(&config).await.expect("build");
    let address = format!("http://{}", application.addresses()[0]);
    let (built_users, hasher, db) = (application.users(), application.hasher(), application.database());
    let setup_token = application.setup_token().map(str::to_owned);
    tokio::spawn(application.run_until_stopped());
    // A pooled connection is dropped after a second idle, well before the server's keep-alive (5 s)
    // closes it: a request sent on a connection the server is closing at that moment fails
    // (`IncompleteMessage`), which a slow machine would otherwise meet between two slow steps.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(std::time::Duration::from_secs(1))
        .build()
        .expect("client");
    TestApp { address, client, outbox: config.mail_outbox.clone(), config, built_users, hasher, setup_token, db }
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

    /// A POST from client address `from` (sent as `X-Forwarded-For`, which the server trusts only
    /// with `trust_proxy`, as in [`spawn_app_with_real_limits`]).
    pub async fn post_from(&self, from: &str, path: &str, token: Option<&str>, body: Value) -> Response {
        let mut request = self.client.post(self.url(path)).header("X-Forwarded-For", format!("10.9.9.9, {from}")).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
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

    pub async fn signed_in(&self, email: String, password: &str) -> TestUser {
        let body: Value = expect_status(self.sign_in(&email, password).await, StatusCode::OK).await;
        TestUser {
            id: body["user"]["id"].as_str().expect("id").to_owned(),
            email,
            password: password.to_owned(),
            token: body["token"].as_str().expect("token").to_owned(),
        }
    }

    /// A new member, signed up, verified through the link in the outbox, and signed in.
    pub async fn member(&self) -> TestUser {
        let member = self.unverified_member().await;
        self.verify_email_of(&member.email).await;
        member
    }

    /// A new member, signed up and signed in, whose e-mail is not verified.
    pub async fn unverified_member(&self) -> TestUser {
        let email = unique_email("member");
        expect_status::<Value>(self.sign_up(&email, "secret1").await, StatusCode::CREATED).await;
        self.signed_in(email, "secret1").await
    }

    /// Opens the newest verification link e-mailed to `email`, as the member would.
    pub async fn verify_email_of(&self, email: &str) {
        let link = self.link_in_email(email, "/api/auth/verify-email?token=").await;
        let response = self.get(link.trim_start_matches("http://temple.test"), None).await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        assert_eq!(response.headers()["location"], "/sign-in?verified=1", "the verification link worked");
    }

    /// A new admin, created as `mandir create-admin` does, signed in.
    pub async fn admin(&self) -> TestUser {
        let email = unique_email("admin");
        demo::create_admin(self.built_users.as_ref(), self.hasher.as_ref(), &email, "admin-pass", "Temple", "Admin")
            .await
            .expect("admin created");
        self.signed_in(email, "admin-pass").await
    }

    /// POST `body` to `path` as `who` with an `Idempotency-Key` (the counter's sales, batches and
    /// drawer closes).
    pub async fn post_with_key(&self, who: &TestUser, path: &str, key: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .bearer_auth(&who.token)
            .header("Idempotency-Key", key)
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    /// How many payments the ledger holds, as `admin` reads it.
    pub async fn ledger_count(&self, admin: &TestUser) -> u64 {
        let page: Value = expect_status(self.get("/api/admin/payments/ledger", Some(&admin.token)).await, StatusCode::OK).await;
        page["total"].as_u64().expect("total")
    }

    /// A new verified member given exactly `roles` by `admin` (Admin → Staff), signed in.
    pub async fn staff(&self, admin: &TestUser, roles: &[&str]) -> TestUser {
        let member = self.member().await;
        self.set_roles(admin, &member.email, roles).await;
        member
    }

    /// Gives the account at `email` exactly `roles`, as `admin`.
    pub async fn set_roles(&self, admin: &TestUser, email: &str, roles: &[&str]) {
        let response = self.put("/api/admin/staff/roles", Some(&admin.token), json!({"email": email, "roles": roles})).await;
        expect_status::<Value>(response, StatusCode::OK).await;
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
        let mut files: Vec<_> =
            entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect();
        files.sort();
        files
            .into_iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .map(|raw| decode_quoted_printable(&decode_encoded_words(&raw)))
            .filter(|text| text.lines().any(|l| l.eq_ignore_ascii_case(&format!("To: {to}"))))
            .collect()
    }

    /// The e-mails to `to` containing `needle`, once at least `count` arrived (mail is sent in
    /// the background, so it may land just after the response).
    pub async fn wait_for_emails(&self, to: &str, needle: &str, count: usize) -> Vec<String> {
        for _ in 0..600 {
            let found: Vec<String> = self.emails_to(to).into_iter().filter(|e| e.contains(needle)).collect();
            if found.len() >= count {
                return found;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("fewer than {count} e-mails to {to} containing {needle:?}");
    }

    /// The first e-mail to `to` containing `needle`, waiting for it to arrive.
    pub async fn wait_for_email(&self, to: &str, needle: &str) -> String {
        self.wait_for_emails(to, needle, 1).await.swap_remove(0)
    }

    /// Waits for an e-mail to `to` with a link containing `needle` other than `old`, and answers it.
    pub async fn wait_for_link_other_than(&self, to: &str, needle: &str, old: &str) -> String {
        for _ in 0..600 {
            let link = self.link_in_email(to, needle).await;
            if link != old {
                return link;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no new e-mail to {to} with a link containing {needle}");
    }

    /// The first link containing `needle` in the newest e-mail to `to` that has one, waiting for
    /// the first such e-mail to arrive.
    pub async fn link_in_email(&self, to: &str, needle: &str) -> String {
        for _ in 0..600 {
            let found = self
                .emails_to(to)
                .iter()
                .rev()
                .find_map(|email| email.split_whitespace().find(|word| word.contains(needle)).map(str::to_owned));
            if let Some(link) = found {
                return link;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no e-mail to {to} with a link containing {needle}");
    }
}

/// Undoes quoted-printable (soft line breaks and `=XX`), as a mail client would.
/// Headers unfolded, and their RFC 2047 encoded words (`=?utf-8?b?...?=`, `=?utf-8?q?...?=`, as a non-ASCII
/// subject is written) decoded in place; the whitespace between two adjacent ones dropped.
fn decode_encoded_words(raw: &str) -> String {
    use base64::Engine as _;
    // The headers unfolded first: a long subject continues on lines starting with a space.
    let end = raw.find("\r\n\r\n").or_else(|| raw.find("\n\n")).unwrap_or(raw.len());
    let unfolded = format!("{}{}", raw[..end].replace("\r\n ", " ").replace("\n ", " "), &raw[end..]);
    let mut out = String::with_capacity(raw.len());
    let mut rest = unfolded.as_str();
    let mut after_word = false;
    while let Some(start) = rest.find("=?") {
        let (before, candidate) = rest.split_at(start);
        let decoded = candidate[2..].splitn(3, '?').collect::<Vec<_>>();
        let word = match decoded.as_slice() {
            [_charset, encoding, tail] => tail.find("?=").and_then(|end| {
                let data = &tail[..end];
                let bytes = match encoding.to_ascii_lowercase().as_str() {
                    "b" => base64::engine::general_purpose::STANDARD.decode(data).ok()?,
                    "q" => decode_quoted_printable(&data.replace('_', " ")).into_bytes(),
                    _ => return None,
                };
                let length = 2 + _charset.len() + 1 + encoding.len() + 1 + end + 2;
                Some((String::from_utf8_lossy(&bytes).into_owned(), length))
            }),
            _ => None,
        };
        match word {
            Some((text, length)) => {
                if !(after_word && before.trim().is_empty()) {
                    out.push_str(before);
                }
                out.push_str(&text);
                rest = &candidate[length..];
                after_word = true;
            }
            None => {
                out.push_str(before);
                out.push_str("=?");
                rest = &candidate[2..];
                after_word = false;
            }
        }
    }
    out.push_str(rest);
    out
}

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

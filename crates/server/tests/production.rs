//! The built `mandir` binary in production (`MANDIR_ENV=production`): what it refuses at start,
//! with which message and exit status, and that it starts once the configuration is safe.
//! Each test has its own data directory and database (SQLite, or PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server); servers bind a free port and are killed at the end.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};

use mandir_application::ports::UserRepository;
use mandir_domain::user::Email;
use mandir_server::HashingCost;
use mandir_server::demo::{DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD};

const JWT_SECRET: &str = "a-production-secret-of-more-than-32-characters";

/// A data directory and a database for one installation.
struct Site {
    dir: PathBuf,
    database_url: String,
}

/// What `mandir serve` did: refused (exited), or started and listens at `address` after
/// printing `log` (its log lines go to standard output).
enum Serve {
    Exited { status: ExitStatus, stderr: String },
    Started { address: String, child: Child, log: String },
}

impl Site {
    async fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("mandir-prod-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).expect("data dir");
        let database_url = mandir_persistence::test_support::fresh_database_url().await.expect("fresh database");
        Self { dir, database_url }
    }

    /// `mandir ARGS` in development, with none of this process's `MANDIR_*` variables.
    fn mandir(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mandir"));
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("MANDIR_") {
                command.env_remove(name);
            }
        }
        command
            .args(args)
            .env("MANDIR_DATA_DIR", &self.dir)
            .env("MANDIR_DATABASE_URL", &self.database_url)
            .env("MANDIR_STATIC_DIR", self.dir.join("static"))
            .env("MANDIR_BIND", "127.0.0.1:0")
            .env("MANDIR_LOG", "warn")
            .stdin(Stdio::null());
        command
    }

    /// `mandir ARGS` in production with a good JWT secret and an https public URL (and nothing
    /// else set).
    fn production(&self, args: &[&str]) -> Command {
        let mut command = self.mandir(args);
        command.env("MANDIR_ENV", "production").env("MANDIR_JWT_SECRET", JWT_SECRET).env("MANDIR_PUBLIC_URL", "https://temple.example.org");
        command
    }

    async fn users(&self) -> mandir_persistence::SeaOrmUserRepository {
        let db = mandir_persistence::Database::connect(&self.database_url).await.expect("database");
        mandir_persistence::SeaOrmUserRepository::new(db)
    }

    /// Whether `password` signs `email` in, read from the database as the server does.
    async fn password_works(&self, email: &str, password: &str) -> bool {
        let users = self.users().await;
        let account = users.find_by_email(&Email::parse(email).expect("email")).await.expect("query").expect("the account exists");
        mandir_server::wiring::hasher_for(HashingCost::Owasp).verify(password.to_owned(), account.password_hash).await.expect("verified")
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

/// Runs a command that exits; answers its status, stdout and stderr.
fn run(mut command: Command) -> (ExitStatus, String, String) {
    let output = command.output().expect("mandir runs");
    (output.status, String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Starts `mandir serve`: waits for the line naming its address, or for it to exit.
fn serve(mut command: Command) -> Serve {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("mandir starts");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    let mut log = String::new();
    while stdout.read_line(&mut line).expect("stdout line") > 0 {
        if let Some(address) = line.strip_prefix("Mandir is running at http://") {
            let address = address.trim().to_owned();
            // Keep reading both pipes while it runs: it prints the setup link after its address,
            // and a pipe nobody reads would fill up or close under it.
            let mut stderr = child.stderr.take().expect("stderr");
            std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
            std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
            return Serve::Started { address, child, log };
        }
        log.push_str(&line);
        line.clear();
    }
    let mut stderr = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr");
    Serve::Exited { status: child.wait().expect("exit status"), stderr }
}

fn expect_refused(command: Command) -> String {
    match serve(command) {
        Serve::Exited { status, stderr } => {
            assert!(!status.success(), "refused with a non-zero status; stderr: {stderr}");
            stderr
        }
        Serve::Started { mut child, .. } => {
            child.kill().ok();
            child.wait().ok();
            panic!("mandir serve started instead of refusing");
        }
    }
}

fn expect_started(command: Command) -> (String, Child) {
    let (address, child, _) = expect_started_with_log(command);
    (address, child)
}

/// Starts `mandir serve`; answers its address, the process and what it logged before listening.
fn expect_started_with_log(command: Command) -> (String, Child, String) {
    match serve(command) {
        Serve::Started { address, child, log } => (address, child, log),
        Serve::Exited { status, stderr } => panic!("mandir serve exited ({status}) instead of starting: {stderr}"),
    }
}

fn stop(mut child: Child) {
    child.kill().expect("killed");
    child.wait().expect("stopped");
}

/// One HTTP/1.1 request with `Connection: close`; answers the status and the body.
fn http(address: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("connected");
    let body = body.unwrap_or("");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("request sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("response read");
    let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("no status in {response}"));
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    (status, body)
}

fn sign_in(address: &str, email: &str, password: &str) -> (u16, String) {
    http(address, "POST", "/api/auth/signin", Some(&serde_json::json!({"email": email, "password": password}).to_string()))
}

#[tokio::test]
async fn production_refuses_the_sandbox_without_the_staging_opt_in() {
    let site = Site::new().await;
    let stderr = expect_refused(site.production(&["serve"]));
    assert!(stderr.contains(mandir_server::production::SERVE_REFUSED), "{stderr}");
    assert!(stderr.contains("card payments would be simulated"), "{stderr}");
    assert!(stderr.contains("MANDIR_ALLOW_SANDBOX_PAYMENTS=1"), "{stderr}");
}

#[tokio::test]
async fn a_staging_site_with_the_opt_in_starts_and_says_so() {
    let site = Site::new().await;
    let mut command = site.production(&["serve"]);
    command.env("MANDIR_ALLOW_SANDBOX_PAYMENTS", "1");
    let (address, child) = expect_started(command);
    let (health, _) = http(&address, "GET", "/api/health", None);
    let (_, config) = http(&address, "GET", "/api/config", None);
    stop(child);
    assert_eq!(health, 200);
    let config: serde_json::Value = serde_json::from_str(&config).expect("config JSON");
    assert_eq!((config["environment"].as_str(), config["staging"].as_bool()), (Some("production"), Some(true)));
}

#[tokio::test]
async fn seed_demo_is_refused_in_production() {
    let site = Site::new().await;
    let (status, stdout, stderr) = run(site.production(&["seed-demo"]));
    assert!(!status.success(), "{stdout}");
    assert!(stderr.contains("seed-demo is refused in production"), "{stderr}");
}

#[tokio::test]
async fn production_locks_out_the_demo_admin_still_signing_in_with_the_demo_password_and_starts() {
    let site = Site::new().await;
    // `just run` in development: the first run creates the demo admin and the demo data, the
    // second leaves them alone.
    let (status, stdout, stderr) = run(site.mandir(&["seed-demo"]));
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("Demo admin created"), "{stdout}");
    assert!(stdout.contains("Demo sevas added: 4."), "{stdout}");
    assert!(stdout.contains("Demo staff, one per role (password mandir-admin): treasurer@mandir.local"), "{stdout}");
    let (status, stdout, stderr) = run(site.mandir(&["seed-demo"]));
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("An admin already exists"), "{stdout}");
    assert!(stdout.contains("Sevas already exist: no demo sevas added."), "{stdout}");

    let staging = |command: &mut Command| {
        command.env("MANDIR_ALLOW_SANDBOX_PAYMENTS", "1");
    };
    // Before, production refused to start here ("still signs in with the demo password"), and
    // anyone who signed up with the demo credentials could keep the site down that way.
    let mut command = site.production(&["serve"]);
    staging(&mut command);
    let (address, child, log) = expect_started_with_log(command);
    let demo = sign_in(&address, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    let demo_priest = sign_in(&address, "priest@mandir.local", DEMO_ADMIN_PASSWORD);
    let (sevas_status, sevas) = http(&address, "GET", "/api/sevas", None);
    stop(child);
    assert_eq!(demo.0, 401, "{}", demo.1);
    assert_eq!(demo_priest.0, 401, "the demo staff are locked out too: {}", demo_priest.1);
    assert!(log.contains("the demo account admin@mandir.local still signed in with the published demo password"), "{log}");
    assert!(log.contains("mandir create-admin --email admin@mandir.local"), "{log}");
    assert_eq!(sevas_status, 200);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&sevas).expect("JSON").as_array().map(Vec::len), Some(4));

    // The fix the warning names, with the password in the environment.
    let mut command = site.production(&["create-admin", "--email", DEMO_ADMIN_EMAIL]);
    command.env("MANDIR_ADMIN_PASSWORD", "a-private-password");
    staging(&mut command);
    let (status, stdout, stderr) = run(command);
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("set the password of the existing admin account"), "{stdout}");

    let mut command = site.production(&["serve"]);
    staging(&mut command);
    let (address, child, log) = expect_started_with_log(command);
    let demo = sign_in(&address, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    let private = sign_in(&address, DEMO_ADMIN_EMAIL, "a-private-password");
    stop(child);
    assert!(!log.contains("demo account"), "nothing to lock out: {log}");
    assert_eq!(demo.0, 401, "{}", demo.1);
    assert_eq!(private.0, 200, "{}", private.1);
    let body: serde_json::Value = serde_json::from_str(&private.1).expect("JSON");
    assert_eq!((body["user"]["isAdmin"].as_bool(), body["user"]["emailVerified"].as_bool()), (Some(true), Some(true)));
}

#[tokio::test]
async fn a_visitor_cannot_take_the_demo_credentials_and_stop_the_next_start() {
    let site = Site::new().await;
    let mut command = site.production(&["serve"]);
    command.env("MANDIR_ALLOW_SANDBOX_PAYMENTS", "1");
    let (address, child) = expect_started(command);
    let body = serde_json::json!({
        "firstName": "Visitor", "lastName": "Example", "email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD,
        "phoneNumber": "9165550100",
    });
    let (status, answer) = http(&address, "POST", "/api/auth/signup", Some(&body.to_string()));
    stop(child);
    assert_eq!(status, 400, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(answer["errors"]["email"], mandir_domain::user::RESERVED_EMAIL);

    let mut command = site.production(&["serve"]);
    command.env("MANDIR_ALLOW_SANDBOX_PAYMENTS", "1");
    let (_, child) = expect_started(command);
    stop(child);
}

#[tokio::test]
async fn production_refuses_a_public_url_that_is_not_https() {
    let site = Site::new().await;
    for public_url in [None, Some("http://temple.example.org")] {
        let mut command = site.production(&["serve"]);
        command.env("MANDIR_ALLOW_SANDBOX_PAYMENTS", "1");
        match public_url {
            Some(url) => command.env("MANDIR_PUBLIC_URL", url),
            None => command.env_remove("MANDIR_PUBLIC_URL"),
        };
        let stderr = expect_refused(command);
        assert!(stderr.contains(mandir_server::production::SERVE_REFUSED), "{stderr}");
        assert!(stderr.contains("the site would be served without HSTS"), "{stderr}");
        assert!(stderr.contains("set MANDIR_PUBLIC_URL to its https:// address"), "{stderr}");
        assert!(!stderr.contains("card payments would be simulated"), "{stderr}");
    }
}

#[tokio::test]
async fn every_refusal_is_listed_at_once() {
    let site = Site::new().await;
    let mut command = site.production(&["serve"]);
    command.env("MANDIR_PUBLIC_URL", "http://temple.example.org");
    let stderr = expect_refused(command);
    assert!(stderr.contains("card payments would be simulated"), "{stderr}");
    assert!(stderr.contains("MANDIR_PUBLIC_URL is \"http://temple.example.org\", not an https:// address"), "{stderr}");
}

#[tokio::test]
async fn production_needs_a_long_jwt_secret_and_lists_every_configuration_problem() {
    let site = Site::new().await;
    let mut command = site.production(&["serve"]);
    command.env_remove("MANDIR_JWT_SECRET").env("MANDIR_PAYMENT_PROVIDER", "stripe");
    let stderr = expect_refused(command);
    assert!(stderr.contains("MANDIR_JWT_SECRET is required in production"), "{stderr}");
    assert!(stderr.contains("MANDIR_PAYMENT_PROVIDER=stripe needs MANDIR_STRIPE_SECRET_KEY"), "{stderr}");

    let mut command = site.production(&["serve"]);
    command.env("MANDIR_JWT_SECRET", "too-short");
    let stderr = expect_refused(command);
    assert!(stderr.contains("MANDIR_JWT_SECRET must be at least 32 characters"), "{stderr}");
}

#[tokio::test]
async fn production_refuses_texts_written_to_files_and_twilio_without_its_settings() {
    let site = Site::new().await;
    let mut command = site.production(&["serve"]);
    command.env("MANDIR_TEXT_PROVIDER", "folder");
    let stderr = expect_refused(command);
    assert!(stderr.contains("MANDIR_TEXT_PROVIDER=folder is for development only"), "{stderr}");

    let mut command = site.production(&["serve"]);
    command.env("MANDIR_TEXT_PROVIDER", "twilio").env("MANDIR_TWILIO_ACCOUNT_SID", "AC123");
    let stderr = expect_refused(command);
    assert!(
        stderr.contains("MANDIR_TEXT_PROVIDER=twilio needs MANDIR_TWILIO_ACCOUNT_SID, MANDIR_TWILIO_AUTH_TOKEN and MANDIR_TWILIO_FROM"),
        "{stderr}"
    );
}

#[tokio::test]
async fn create_admin_reads_the_password_from_standard_input() {
    let site = Site::new().await;
    let email = "priest@example.org";
    let create = |password: &str| {
        let mut child = site
            .mandir(&["create-admin", "--email", email])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mandir starts");
        child.stdin.take().expect("stdin").write_all(format!("{password}\n").as_bytes()).expect("password written");
        let output = child.wait_with_output().expect("mandir runs");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert!(create("first-password").contains("created a new admin account"));
    assert!(site.password_works(email, "first-password").await);
    assert!(create("second password ").contains("set the password of the existing admin account"));
    assert!(site.password_works(email, "second password ").await, "the whole line, spaces included");
    assert!(!site.password_works(email, "first-password").await);

    let (status, _, stderr) = run(site.mandir(&["create-admin", "--email", email]));
    assert!(!status.success());
    assert!(stderr.contains("no password given"), "{stderr}");
}

#[tokio::test]
async fn create_admin_reads_the_password_from_the_environment() {
    let site = Site::new().await;
    let mut command = site.mandir(&["create-admin", "--email", "treasurer@example.org"]);
    command.env("MANDIR_ADMIN_PASSWORD", "env-password");
    let (status, stdout, stderr) = run(command);
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("created a new admin account"), "{stdout}");
    assert!(site.password_works("treasurer@example.org", "env-password").await);
}

#[tokio::test]
async fn grant_role_and_revoke_role_change_an_accounts_roles_from_the_command_line() {
    let site = Site::new().await;
    let (status, _, stderr) = run(site.mandir(&["seed-demo"]));
    assert!(status.success(), "{stderr}");
    let (status, stdout, stderr) = run(site.mandir(&["grant-role", "--email", DEMO_ADMIN_EMAIL, "--role", "priest"]));
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("admin@mandir.local: roles now admin, priest."), "{stdout}");
    let (status, stdout, stderr) = run(site.mandir(&["revoke-role", "--email", DEMO_ADMIN_EMAIL, "--role", "priest"]));
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("admin@mandir.local: roles now admin."), "{stdout}");
    // The site keeps an admin, and the names are the roles' own.
    let (status, _, stderr) = run(site.mandir(&["revoke-role", "--email", DEMO_ADMIN_EMAIL, "--role", "admin"]));
    assert!(!status.success());
    assert!(stderr.contains(mandir_application::services::staff::LAST_ADMIN), "{stderr}");
    let (status, _, stderr) = run(site.mandir(&["grant-role", "--email", DEMO_ADMIN_EMAIL, "--role", "wizard"]));
    assert!(!status.success());
    assert!(stderr.contains(mandir_domain::staff::UNKNOWN_ROLE), "{stderr}");
    let (status, _, stderr) = run(site.mandir(&["grant-role", "--email", "nobody@example.org", "--role", "editor"]));
    assert!(!status.success());
    assert!(stderr.contains("No user found with that email address"), "{stderr}");
}

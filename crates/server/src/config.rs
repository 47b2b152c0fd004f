//! Typed configuration read from `MANDIR_*` environment variables. Development needs none set.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use mandir_domain::payment::PaymentProvider;
use rand::RngCore;

/// A value that must never be printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// How expensive password hashing is: OWASP's argon2id parameters, or cheap ones for tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashingCost {
    Owasp,
    TestOnlyFast,
}

#[derive(Debug, Clone)]
pub struct Config {
    pub production: bool,
    pub database_url: String,
    pub bind: String,
    /// `MANDIR_STATIC_DIR`: the built frontend's folder. `None`: the frontend embedded in the
    /// binary (`just dist`), else `frontend/dist` (see [`Config::static_source`]).
    pub static_dir: Option<PathBuf>,
    pub data_dir: PathBuf,
    pub mail_outbox: PathBuf,
    pub mail_from: String,
    pub smtp_url: Option<Secret>,
    pub jwt_secret: Secret,
    /// Who processes card payments: [`PaymentProvider::Sandbox`] or [`PaymentProvider::Stripe`].
    pub payment_provider: PaymentProvider,
    /// `MANDIR_ALLOW_SANDBOX_PAYMENTS=1`: a production (staging) site may simulate card payments.
    pub allow_sandbox_payments: bool,
    pub stripe_secret_key: Option<Secret>,
    pub stripe_publishable_key: Option<String>,
    pub stripe_webhook_secret: Option<Secret>,
    pub stripe_api_base: String,
    pub public_url: String,
    pub temple_name: String,
    /// `MANDIR_TEMPLE_TIME_ZONE` (IANA name), default `America/Los_Angeles`: recurring services
    /// fall on local dates and times there.
    pub temple_time_zone: chrono_tz::Tz,
    pub zelle_recipient: String,
    pub zelle_memo: String,
    pub hashing: HashingCost,
    /// HTTP worker threads; `None` means one per core.
    pub http_workers: Option<usize>,
    /// `MANDIR_TRUST_PROXY=1`: the client address (for per-address limits) is the right-most
    /// `X-Forwarded-For` entry instead of the peer address. Only behind a proxy that sets it.
    pub trust_proxy: bool,
    /// `MANDIR_RENDER_PAGES=0` turns the page renderer off: public pages are then sent as they
    /// were prerendered at build time, without their data in the markup (ADR 0120). On by default.
    pub render_pages: bool,
    /// `MANDIR_RATE_LIMIT_SCALE`: every abuse limit's maximum is multiplied by it (default 1), for
    /// staging sites and test runs where many browsers share one address.
    pub rate_limit_scale: u32,
    /// `MANDIR_EVENTS_CACHE_TTL_MS`: how long a process reuses the events list (default 1 s).
    pub events_cache_ttl: Duration,
    /// Background jobs' periods and lease.
    pub jobs: JobsConfig,
    /// `MANDIR_METRICS_TOKEN`: `GET /metrics` answers holders of this bearer token; unset, it is
    /// off (404).
    pub metrics_token: Option<Secret>,
    /// Who carries text messages (ADR 0148).
    pub texting: TextProvider,
}

/// Who carries text messages (ADR 0148): `MANDIR_TEXT_PROVIDER` = `folder` (development's
/// default: each text is a file in `MANDIR_TEXT_OUTBOX`, default `data/texts`), `twilio`, or `off`
/// (production's default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextProvider {
    /// Texting is off; why, as the admin area says it.
    Off(String),
    Folder(PathBuf),
    Twilio(TwilioSettings),
}

/// Twilio's Messaging API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwilioSettings {
    /// `MANDIR_TWILIO_ACCOUNT_SID`.
    pub account_sid: String,
    /// `MANDIR_TWILIO_AUTH_TOKEN`: signs the API calls and the inbound webhook.
    pub auth_token: Secret,
    /// `MANDIR_TWILIO_FROM`: the temple's number (E.164) or a Messaging Service SID (`MG...`).
    pub from: String,
    /// `MANDIR_TWILIO_WHATSAPP_FROM`: a WhatsApp sender (E.164); unset, WhatsApp is not offered.
    pub whatsapp_from: Option<String>,
    /// `MANDIR_TWILIO_API_BASE`, default `https://api.twilio.com` (tests point it at a mock).
    pub api_base: String,
}

/// Why texting is off on a production site that names no provider.
pub const TEXTING_OFF_NO_PROVIDER: &str = "No text provider is configured (MANDIR_TEXT_PROVIDER=twilio with MANDIR_TWILIO_ACCOUNT_SID, MANDIR_TWILIO_AUTH_TOKEN and MANDIR_TWILIO_FROM): members are e-mailed only.";

fn text_provider(production: bool, data_dir: &Path, problems: &mut Refusals) -> TextProvider {
    let name = var("MANDIR_TEXT_PROVIDER").map(|v| v.trim().to_ascii_lowercase());
    match name.as_deref() {
        None if production => TextProvider::Off(TEXTING_OFF_NO_PROVIDER.to_owned()),
        Some("off") => TextProvider::Off("MANDIR_TEXT_PROVIDER=off: texting is turned off; members are e-mailed only.".to_owned()),
        None | Some("folder") => {
            if production {
                problems.push("MANDIR_TEXT_PROVIDER=folder is for development only; use `twilio` or `off` in production");
            }
            TextProvider::Folder(PathBuf::from(var("MANDIR_TEXT_OUTBOX").unwrap_or_else(|| data_dir.join("texts").display().to_string())))
        }
        Some("twilio") => {
            let (sid, token, from) = (var("MANDIR_TWILIO_ACCOUNT_SID"), var("MANDIR_TWILIO_AUTH_TOKEN"), var("MANDIR_TWILIO_FROM"));
            match (sid, token, from) {
                (Some(account_sid), Some(auth_token), Some(from)) => TextProvider::Twilio(TwilioSettings {
                    account_sid,
                    auth_token: Secret::new(auth_token),
                    from,
                    whatsapp_from: var("MANDIR_TWILIO_WHATSAPP_FROM"),
                    api_base: var("MANDIR_TWILIO_API_BASE").unwrap_or_else(|| "https://api.twilio.com".to_owned()),
                }),
                _ => {
                    problems.push(
                        "MANDIR_TEXT_PROVIDER=twilio needs MANDIR_TWILIO_ACCOUNT_SID, MANDIR_TWILIO_AUTH_TOKEN and MANDIR_TWILIO_FROM",
                    );
                    TextProvider::Off(TEXTING_OFF_NO_PROVIDER.to_owned())
                }
            }
        }
        Some(other) => {
            problems.push(format!("MANDIR_TEXT_PROVIDER must be `twilio`, `folder` or `off`, not {other:?}"));
            TextProvider::Off(TEXTING_OFF_NO_PROVIDER.to_owned())
        }
    }
}

/// The background jobs' settings (docs/decisions/0061-background-jobs-claimed-once.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobsConfig {
    /// `MANDIR_JOB_PURGE_SECONDS`: how often expired abuse-limit windows and revoked tokens are
    /// forgotten (default one hour).
    pub purge_every: Duration,
    /// `MANDIR_JOB_EXPIRE_CARD_PAYMENTS_SECONDS`: how often abandoned card payments are looked for
    /// (default 15 minutes).
    pub expire_card_payments_every: Duration,
    /// `MANDIR_JOB_SEND_RECEIPTS_SECONDS`: how often receipt e-mails not sent right after their
    /// payment completed are sent (default 5 minutes; ADR 0091).
    pub send_receipts_every: Duration,
    /// `MANDIR_JOB_EXPIRE_SEVA_HOLDS_SECONDS`: how often seva holds whose 15 minutes passed are
    /// released (default 1 minute; a lapsed hold no longer counts against the slot even before).
    pub expire_seva_holds_every: Duration,
    /// `MANDIR_JOB_SEND_MEMBER_EMAILS_SECONDS`: how often member e-mails are sent: registration
    /// confirmations, and event notices a wake-up missed (default one minute; ADR 0106).
    pub send_member_emails_every: Duration,
    /// `MANDIR_JOB_QUEUE_REMINDERS_SECONDS`: how often the reminders of events starting within a
    /// day are added and sent (default 15 minutes; ADR 0108).
    pub queue_reminders_every: Duration,
    /// `MANDIR_JOB_QUEUE_STAR_REMINDERS_SECONDS`: how often the reminders of star days coming up
    /// (star birthdays) are added and sent (default an hour; ADR 0133).
    pub queue_star_reminders_every: Duration,
    /// `MANDIR_JOB_SEND_STATEMENTS_SECONDS`: how often year-end statements an admin asked for and
    /// not sent yet (a crash, a mail outage) are sent (default 5 minutes; ADR 0103).
    pub send_statements_every: Duration,
    /// `MANDIR_JOB_CHARGE_RECURRING_GIFTS_SECONDS`: how often the recurring gifts due today are
    /// charged and their e-mails sent (default 15 minutes; ADR 0136).
    pub charge_recurring_gifts_every: Duration,
    /// `MANDIR_RECURRING_GIFT_MAX_FAILURES`: declined charges in a row after which a recurring
    /// gift pauses (default 3).
    pub recurring_gift_max_failures: u32,
    /// `MANDIR_CARD_PAYMENT_MAX_AGE_HOURS`: how long a card payment may stay pending before it is
    /// canceled at the provider and marked expired (default 24 hours).
    pub card_payment_max_age: Duration,
    /// `MANDIR_JOB_RECONCILE_PAYOUTS_SECONDS`: how often card fees and the card provider's payouts
    /// are recorded and matched to the ledger (default an hour; ADR 0146).
    pub reconcile_payouts_every: Duration,
    /// `MANDIR_JOB_SEND_TEXTS_SECONDS`: how often text messages a wake-up missed, or held for the
    /// quiet hours or a number's hourly limit, are sent (default one minute; ADR 0148).
    pub send_texts_every: Duration,
    /// `MANDIR_JOB_LEASE_SECONDS`: how long a process holds a job without progress before another
    /// may take it over (default 5 minutes).
    pub lease: Duration,
}

impl Default for JobsConfig {
    fn default() -> Self {
        Self {
            purge_every: Duration::from_secs(60 * 60),
            expire_card_payments_every: Duration::from_secs(15 * 60),
            send_receipts_every: Duration::from_secs(5 * 60),
            charge_recurring_gifts_every: Duration::from_secs(15 * 60),
            recurring_gift_max_failures: mandir_domain::recurring_gift::DEFAULT_MAX_FAILURES,
            expire_seva_holds_every: Duration::from_secs(60),
            send_member_emails_every: Duration::from_secs(60),
            queue_reminders_every: Duration::from_secs(15 * 60),
            queue_star_reminders_every: Duration::from_secs(60 * 60),
            send_statements_every: Duration::from_secs(5 * 60),
            reconcile_payouts_every: Duration::from_secs(60 * 60),
            card_payment_max_age: Duration::from_secs(24 * 60 * 60),
            send_texts_every: Duration::from_secs(60),
            lease: Duration::from_secs(5 * 60),
        }
    }
}

/// The frontend's folder when none is set and none is embedded.
pub const DEFAULT_STATIC_DIR: &str = "frontend/dist";
/// The database when `MANDIR_DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/mandir.db?mode=rwc";

/// `MANDIR_DATABASE_URL` or the default, for the commands that need nothing else (`backup`,
/// `restore`).
pub fn database_url_from_env() -> String {
    var("MANDIR_DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned())
}

/// How log lines are written: `MANDIR_LOG_FORMAT=json` (one JSON object per line) or text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

impl LogFormat {
    /// `MANDIR_LOG_FORMAT`: `json`, or `text` (the default); anything else is refused.
    pub fn from_env() -> Result<Self, String> {
        Self::parse(var("MANDIR_LOG_FORMAT").as_deref())
    }

    fn parse(value: Option<&str>) -> Result<Self, String> {
        match value.map(str::to_ascii_lowercase).as_deref() {
            None | Some("text") => Ok(Self::Text),
            Some("json") => Ok(Self::Json),
            Some(other) => Err(format!("MANDIR_LOG_FORMAT must be `text` or `json`, not {other:?}")),
        }
    }
}

pub const DEFAULT_TEMPLE_NAME: &str = "Sri Venkateswara Temple of Folsom";
const MIN_SECRET_BYTES: usize = 32;

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Everything wrong with a configuration or an environment, listed at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusals {
    pub heading: &'static str,
    pub reasons: Vec<String>,
}

impl Refusals {
    pub fn new(heading: &'static str) -> Self {
        Self { heading, reasons: Vec::new() }
    }

    pub fn push(&mut self, reason: impl Into<String>) {
        self.reasons.push(reason.into());
    }

    /// `Err(self)` when there is at least one reason.
    pub fn into_result(self) -> Result<(), Self> {
        if self.reasons.is_empty() { Ok(()) } else { Err(self) }
    }
}

impl std::fmt::Display for Refusals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.heading)?;
        for reason in &self.reasons {
            write!(f, "\n  - {reason}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Refusals {}

/// Whether `MANDIR_ENV=production`.
pub fn production_from_env() -> bool {
    var("MANDIR_ENV").is_some_and(|v| v.eq_ignore_ascii_case("production"))
}

/// A whole number of at least 1 from `name` (or `default` when unset), times `unit`.
fn positive(name: &str, default: Duration, unit: Duration, problems: &mut Refusals) -> Duration {
    match var(name).map(|v| v.parse::<u32>()) {
        None => default,
        Some(Ok(n)) if n >= 1 => unit * n,
        Some(_) => {
            problems.push(format!("{name} must be a whole number of at least 1"));
            default
        }
    }
}

/// Whether a variable is set to a true value (`1`, `true`, `yes`).
fn flag(name: &str) -> bool {
    var(name).is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
}

impl Config {
    /// Reads the environment. In production (`MANDIR_ENV=production`) the JWT secret must be set
    /// and long; in development one is generated once and kept in `data/jwt-secret`. Every
    /// problem is listed at once.
    pub fn from_env() -> Result<Self, Refusals> {
        let mut problems = Refusals::new("the configuration is not usable:");
        let production = production_from_env();
        let data_dir = PathBuf::from(var("MANDIR_DATA_DIR").unwrap_or_else(|| "data".to_owned()));
        let bind = var("MANDIR_BIND").unwrap_or_else(|| "127.0.0.1:8080".to_owned());
        let jwt_secret = match var("MANDIR_JWT_SECRET") {
            Some(secret) if secret.len() >= MIN_SECRET_BYTES => Some(Secret::new(secret)),
            Some(_) => {
                problems.push(format!("MANDIR_JWT_SECRET must be at least {MIN_SECRET_BYTES} characters"));
                None
            }
            None if production => {
                problems.push(format!(
                    "MANDIR_JWT_SECRET is required in production (at least {MIN_SECRET_BYTES} random characters, e.g. `openssl rand -hex 32`)"
                ));
                None
            }
            None => match development_secret(&data_dir) {
                Ok(secret) => Some(secret),
                Err(error) => {
                    problems.push(format!("{error:#}"));
                    None
                }
            },
        };
        let provider_name = var("MANDIR_PAYMENT_PROVIDER").unwrap_or_else(|| "sandbox".to_owned()).to_lowercase();
        let payment_provider = match PaymentProvider::parse(&provider_name) {
            Some(provider @ (PaymentProvider::Sandbox | PaymentProvider::Stripe)) => provider,
            Some(PaymentProvider::Zelle | PaymentProvider::InPerson) | None => {
                problems.push(format!("MANDIR_PAYMENT_PROVIDER must be `sandbox` or `stripe`, not {provider_name:?}"));
                PaymentProvider::Sandbox
            }
        };
        let stripe_secret_key = var("MANDIR_STRIPE_SECRET_KEY").map(Secret::new);
        if payment_provider == PaymentProvider::Stripe && stripe_secret_key.is_none() {
            problems.push("MANDIR_PAYMENT_PROVIDER=stripe needs MANDIR_STRIPE_SECRET_KEY");
        }
        let public_url = var("MANDIR_PUBLIC_URL").unwrap_or_else(|| format!("http://{bind}"));
        let rate_limit_scale = match var("MANDIR_RATE_LIMIT_SCALE").map(|v| v.parse::<u32>()) {
            None => 1,
            Some(Ok(scale)) if scale >= 1 => scale,
            Some(_) => {
                problems.push("MANDIR_RATE_LIMIT_SCALE must be a whole number of at least 1");
                1
            }
        };
        let defaults = JobsConfig::default();
        let (second, hour) = (Duration::from_secs(1), Duration::from_secs(60 * 60));
        let jobs = JobsConfig {
            purge_every: positive("MANDIR_JOB_PURGE_SECONDS", defaults.purge_every, second, &mut problems),
            expire_card_payments_every: positive(
                "MANDIR_JOB_EXPIRE_CARD_PAYMENTS_SECONDS",
                defaults.expire_card_payments_every,
                second,
                &mut problems,
            ),
            send_receipts_every: positive("MANDIR_JOB_SEND_RECEIPTS_SECONDS", defaults.send_receipts_every, second, &mut problems),
            charge_recurring_gifts_every: positive(
                "MANDIR_JOB_CHARGE_RECURRING_GIFTS_SECONDS",
                defaults.charge_recurring_gifts_every,
                second,
                &mut problems,
            ),
            recurring_gift_max_failures: match var("MANDIR_RECURRING_GIFT_MAX_FAILURES").map(|v| v.trim().parse::<u32>()) {
                None => defaults.recurring_gift_max_failures,
                Some(Ok(n)) if (1..=12).contains(&n) => n,
                Some(_) => {
                    problems.push("MANDIR_RECURRING_GIFT_MAX_FAILURES must be a whole number from 1 to 12".to_owned());
                    defaults.recurring_gift_max_failures
                }
            },
            expire_seva_holds_every: positive(
                "MANDIR_JOB_EXPIRE_SEVA_HOLDS_SECONDS",
                defaults.expire_seva_holds_every,
                second,
                &mut problems,
            ),
            send_member_emails_every: positive(
                "MANDIR_JOB_SEND_MEMBER_EMAILS_SECONDS",
                defaults.send_member_emails_every,
                second,
                &mut problems,
            ),
            queue_reminders_every: positive("MANDIR_JOB_QUEUE_REMINDERS_SECONDS", defaults.queue_reminders_every, second, &mut problems),
            queue_star_reminders_every: positive(
                "MANDIR_JOB_QUEUE_STAR_REMINDERS_SECONDS",
                defaults.queue_star_reminders_every,
                second,
                &mut problems,
            ),
            send_statements_every: positive("MANDIR_JOB_SEND_STATEMENTS_SECONDS", defaults.send_statements_every, second, &mut problems),
            reconcile_payouts_every: positive(
                "MANDIR_JOB_RECONCILE_PAYOUTS_SECONDS",
                defaults.reconcile_payouts_every,
                second,
                &mut problems,
            ),
            card_payment_max_age: positive("MANDIR_CARD_PAYMENT_MAX_AGE_HOURS", defaults.card_payment_max_age, hour, &mut problems),
            send_texts_every: positive("MANDIR_JOB_SEND_TEXTS_SECONDS", defaults.send_texts_every, second, &mut problems),
            lease: positive("MANDIR_JOB_LEASE_SECONDS", defaults.lease, second, &mut problems),
        };
        let events_cache_ttl = positive(
            "MANDIR_EVENTS_CACHE_TTL_MS",
            mandir_application::services::events::LIST_CACHE_TTL,
            Duration::from_millis(1),
            &mut problems,
        );
        let temple_time_zone = match var("MANDIR_TEMPLE_TIME_ZONE") {
            None => chrono_tz::America::Los_Angeles,
            Some(name) => name.parse::<chrono_tz::Tz>().unwrap_or_else(|_| {
                problems.push(format!("MANDIR_TEMPLE_TIME_ZONE must be an IANA time zone such as America/Los_Angeles, not {name:?}"));
                chrono_tz::America::Los_Angeles
            }),
        };
        let texting = text_provider(production, &data_dir, &mut problems);
        let Some(jwt_secret) = jwt_secret.filter(|_| problems.reasons.is_empty()) else { return Err(problems) };
        Ok(Self {
            production,
            database_url: database_url_from_env(),
            bind,
            static_dir: var("MANDIR_STATIC_DIR").map(PathBuf::from),
            mail_outbox: PathBuf::from(var("MANDIR_MAIL_OUTBOX").unwrap_or_else(|| data_dir.join("outbox").display().to_string())),
            mail_from: var("MANDIR_MAIL_FROM").unwrap_or_else(|| "Mandir <noreply@mandir.local>".to_owned()),
            smtp_url: var("MANDIR_SMTP_URL").map(Secret::new),
            data_dir,
            jwt_secret,
            payment_provider,
            allow_sandbox_payments: flag("MANDIR_ALLOW_SANDBOX_PAYMENTS"),
            stripe_secret_key,
            stripe_publishable_key: var("MANDIR_STRIPE_PUBLISHABLE_KEY"),
            stripe_webhook_secret: var("MANDIR_STRIPE_WEBHOOK_SECRET").map(Secret::new),
            stripe_api_base: var("MANDIR_STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".to_owned()),
            public_url,
            temple_name: var("MANDIR_TEMPLE_NAME").unwrap_or_else(|| DEFAULT_TEMPLE_NAME.to_owned()),
            temple_time_zone,
            zelle_recipient: var("MANDIR_ZELLE_RECIPIENT").unwrap_or_else(|| "donations@mandir.local".to_owned()),
            zelle_memo: var("MANDIR_ZELLE_MEMO").unwrap_or_else(|| "Temple Donation".to_owned()),
            hashing: HashingCost::Owasp,
            http_workers: None,
            trust_proxy: flag("MANDIR_TRUST_PROXY"),
            render_pages: !var("MANDIR_RENDER_PAGES")
                .is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "0" | "false" | "no" | "off")),
            rate_limit_scale,
            events_cache_ttl,
            jobs,
            metrics_token: var("MANDIR_METRICS_TOKEN").map(Secret::new),
            texting,
        })
    }

    /// Where the frontend is served from: `MANDIR_STATIC_DIR` when set, else the frontend
    /// embedded in the binary when it was built with it (`just dist`), else `frontend/dist`.
    pub fn static_source(&self) -> mandir_http::StaticSource {
        match &self.static_dir {
            Some(dir) => mandir_http::StaticSource::Dir(dir.clone()),
            None => mandir_http::embedded_frontend().unwrap_or_else(|| mandir_http::StaticSource::Dir(PathBuf::from(DEFAULT_STATIC_DIR))),
        }
    }

    /// A production site whose card payments are simulated (the sandbox, opted into with
    /// `MANDIR_ALLOW_SANDBOX_PAYMENTS=1`): a staging site.
    pub fn staging(&self) -> bool {
        self.production && self.payment_provider == PaymentProvider::Sandbox
    }
}

/// Generates a random secret on first start and keeps it, so tokens survive restarts. The file
/// is readable by its owner only (mode 0600 on unix); a looser existing file is tightened.
fn development_secret(data_dir: &Path) -> anyhow::Result<Secret> {
    let path = data_dir.join("jwt-secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim().to_owned();
        if existing.len() >= MIN_SECRET_BYTES {
            owner_only(&path)?;
            return Ok(Secret::new(existing));
        }
    }
    std::fs::create_dir_all(data_dir).with_context(|| format!("creating {}", data_dir.display()))?;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    write_owner_only(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    owner_only(&path)?;
    Ok(Secret::new(secret))
}

#[cfg(unix)]
fn write_owner_only(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    file.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
fn write_owner_only(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}

/// Takes group and other permissions away from the file (an existing file keeps its mode when
/// rewritten, and older versions wrote it world-readable).
#[cfg(unix)]
fn owner_only(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).with_context(|| format!("reading {}", path.display()))?.permissions().mode();
    if mode & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .with_context(|| format!("making {} readable by its owner only", path.display()))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn owner_only(_path: &Path) -> anyhow::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_do_not_print() {
        assert_eq!(format!("{:?}", Secret::new("hunter2")), "Secret(***)");
    }

    #[test]
    fn development_secret_is_generated_once_and_kept() {
        let dir = std::env::temp_dir().join(format!("mandir-cfg-{}", uuid::Uuid::new_v4()));
        let first = development_secret(&dir).expect("generated");
        let second = development_secret(&dir).expect("read back");
        assert_eq!(first, second);
        assert_eq!(first.expose().len(), 64);
        std::fs::remove_dir_all(dir).ok();
    }

    #[cfg(unix)]
    #[test]
    fn development_secret_is_readable_by_its_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("mandir-cfg-{}", uuid::Uuid::new_v4()));
        let path = dir.join("jwt-secret");
        let mode = || std::fs::metadata(&path).expect("metadata").permissions().mode() & 0o777;
        let first = development_secret(&dir).expect("generated");
        assert_eq!(mode(), 0o600);

        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("loosened");
        assert_eq!(development_secret(&dir).expect("read back"), first);
        assert_eq!(mode(), 0o600, "an existing world-readable file is tightened");
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn log_format_is_text_json_or_refused() {
        assert_eq!(LogFormat::parse(None), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some("text")), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some("JSON")), Ok(LogFormat::Json));
        assert!(LogFormat::parse(Some("yaml")).is_err_and(|e| e.contains("MANDIR_LOG_FORMAT")));
    }

    #[test]
    fn refusals_list_every_reason() {
        let mut refusals = Refusals::new("refused:");
        assert_eq!(refusals.clone().into_result(), Ok(()));
        refusals.push("one");
        refusals.push("two");
        assert_eq!(refusals.to_string(), "refused:\n  - one\n  - two");
        assert!(refusals.into_result().is_err());
    }
}

//! Typed configuration read from `MANDIR_*` environment variables. Development needs none set.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
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
    pub static_dir: PathBuf,
    pub data_dir: PathBuf,
    pub mail_outbox: PathBuf,
    pub mail_from: String,
    pub smtp_url: Option<Secret>,
    pub jwt_secret: Secret,
    pub payment_provider: String,
    pub stripe_secret_key: Option<Secret>,
    pub stripe_publishable_key: Option<String>,
    pub stripe_webhook_secret: Option<Secret>,
    pub stripe_api_base: String,
    pub public_url: String,
    pub temple_name: String,
    pub zelle_recipient: String,
    pub zelle_memo: String,
    pub hashing: HashingCost,
}

pub const DEFAULT_TEMPLE_NAME: &str = "Sri Venkateswara Temple of Folsom";
const MIN_SECRET_BYTES: usize = 32;

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

impl Config {
    /// Reads the environment. In production (`MANDIR_ENV=production`) the JWT secret must be set
    /// and long; in development one is generated once and kept in `data/jwt-secret`.
    pub fn from_env() -> anyhow::Result<Self> {
        let production = var("MANDIR_ENV").is_some_and(|v| v.eq_ignore_ascii_case("production"));
        let data_dir = PathBuf::from(var("MANDIR_DATA_DIR").unwrap_or_else(|| "data".to_owned()));
        let bind = var("MANDIR_BIND").unwrap_or_else(|| "127.0.0.1:8080".to_owned());
        let jwt_secret = match var("MANDIR_JWT_SECRET") {
            Some(secret) if secret.len() >= MIN_SECRET_BYTES => Secret::new(secret),
            Some(_) => bail!("MANDIR_JWT_SECRET must be at least {MIN_SECRET_BYTES} characters"),
            None if production => bail!("MANDIR_JWT_SECRET is required in production (at least {MIN_SECRET_BYTES} characters)"),
            None => development_secret(&data_dir)?,
        };
        let payment_provider = var("MANDIR_PAYMENT_PROVIDER").unwrap_or_else(|| "sandbox".to_owned()).to_lowercase();
        if !matches!(payment_provider.as_str(), "sandbox" | "stripe") {
            bail!("MANDIR_PAYMENT_PROVIDER must be `sandbox` or `stripe`, not {payment_provider:?}");
        }
        let stripe_secret_key = var("MANDIR_STRIPE_SECRET_KEY").map(Secret::new);
        if payment_provider == "stripe" && stripe_secret_key.is_none() {
            bail!("MANDIR_PAYMENT_PROVIDER=stripe needs MANDIR_STRIPE_SECRET_KEY");
        }
        let public_url = var("MANDIR_PUBLIC_URL").unwrap_or_else(|| format!("http://{bind}"));
        Ok(Self {
            production,
            database_url: var("MANDIR_DATABASE_URL").unwrap_or_else(|| "sqlite://data/mandir.db?mode=rwc".to_owned()),
            bind,
            static_dir: PathBuf::from(var("MANDIR_STATIC_DIR").unwrap_or_else(|| "frontend/dist".to_owned())),
            mail_outbox: PathBuf::from(var("MANDIR_MAIL_OUTBOX").unwrap_or_else(|| data_dir.join("outbox").display().to_string())),
            mail_from: var("MANDIR_MAIL_FROM").unwrap_or_else(|| "Mandir <noreply@mandir.local>".to_owned()),
            smtp_url: var("MANDIR_SMTP_URL").map(Secret::new),
            data_dir,
            jwt_secret,
            payment_provider,
            stripe_secret_key,
            stripe_publishable_key: var("MANDIR_STRIPE_PUBLISHABLE_KEY"),
            stripe_webhook_secret: var("MANDIR_STRIPE_WEBHOOK_SECRET").map(Secret::new),
            stripe_api_base: var("MANDIR_STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".to_owned()),
            public_url,
            temple_name: var("MANDIR_TEMPLE_NAME").unwrap_or_else(|| DEFAULT_TEMPLE_NAME.to_owned()),
            zelle_recipient: var("MANDIR_ZELLE_RECIPIENT").unwrap_or_else(|| "donations@mandir.local".to_owned()),
            zelle_memo: var("MANDIR_ZELLE_MEMO").unwrap_or_else(|| "Temple Donation".to_owned()),
            hashing: HashingCost::Owasp,
        })
    }
}

/// Generates a random secret on first start and keeps it, so tokens survive restarts.
fn development_secret(data_dir: &Path) -> anyhow::Result<Secret> {
    let path = data_dir.join("jwt-secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim().to_owned();
        if existing.len() >= MIN_SECRET_BYTES {
            return Ok(Secret::new(existing));
        }
    }
    std::fs::create_dir_all(data_dir).with_context(|| format!("creating {}", data_dir.display()))?;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    std::fs::write(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(Secret::new(secret))
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
}

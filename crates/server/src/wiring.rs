//! Builds the adapters from the configuration and hands them to the services. The only place
//! that knows every concrete adapter.

use std::sync::Arc;

use anyhow::Context;
use mandir_application::ports::{Clock, Mailer, PasswordHasher, SystemClock, TokenIssuer};
use mandir_application::services::admin::AdminService;
use mandir_application::services::auth::{AuthDeps, AuthService, AuthSettings};
use mandir_application::services::events::EventService;
use mandir_application::services::gotrams::GotramService;
use mandir_application::services::profile::ProfileService;
use mandir_application::services::throttle::SignInThrottle;
use mandir_http::{AppState, PublicConfig};
use mandir_mail::{OutboxMailer, SmtpMailer};
use mandir_persistence::{Database, SeaOrmEventRepository, SeaOrmGotramRepository, SeaOrmUserRepository};
use mandir_security::{Argon2PasswordHasher, JwtTokenIssuer};

use crate::config::{Config, HashingCost};

/// Everything `serve` and the commands need.
pub struct Built {
    pub state: AppState,
    pub db: Database,
    pub users: Arc<SeaOrmUserRepository>,
    pub events: Arc<SeaOrmEventRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
}

pub fn hasher_for(cost: HashingCost) -> Arc<dyn PasswordHasher> {
    match cost {
        HashingCost::Owasp => Arc::new(Argon2PasswordHasher::owasp()),
        HashingCost::TestOnlyFast => Arc::new(Argon2PasswordHasher::with_params(1024, 1, 1)),
    }
}

/// Connects and migrates the database, then builds the services.
pub async fn build(config: &Config) -> anyhow::Result<Built> {
    let db = Database::connect(&config.database_url).await.context("connecting to the database")?;
    db.migrate().await.context("running migrations")?;

    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let users = Arc::new(SeaOrmUserRepository::new(db.clone()));
    let gotrams = Arc::new(SeaOrmGotramRepository::new(db.clone()));
    let events = Arc::new(SeaOrmEventRepository::new(db.clone()));
    let hasher = hasher_for(config.hashing);
    let tokens: Arc<dyn TokenIssuer> = Arc::new(JwtTokenIssuer::new(config.jwt_secret.expose().as_bytes(), chrono::Duration::days(7)));
    let mailer: Arc<dyn Mailer> = match &config.smtp_url {
        Some(url) => Arc::new(SmtpMailer::new(url.expose(), &config.mail_from).context("MANDIR_SMTP_URL")?),
        None => Arc::new(OutboxMailer::new(&config.mail_outbox, &config.mail_from).context("MANDIR_MAIL_FROM")?),
    };

    let auth = AuthService::new(
        AuthDeps {
            users: users.clone(),
            gotrams: gotrams.clone(),
            hasher: hasher.clone(),
            tokens,
            mailer,
            clock: clock.clone(),
            throttle: Arc::new(SignInThrottle::default()),
        },
        AuthSettings { public_url: config.public_url.clone(), temple_name: config.temple_name.clone() },
    );
    let state = AppState {
        auth,
        profile: ProfileService::new(users.clone(), gotrams.clone(), clock.clone()),
        gotrams: GotramService::new(gotrams),
        events: EventService::new(events.clone(), clock.clone()),
        admin: AdminService::new(users.clone(), clock),
        health: Arc::new(db.clone()),
        config: PublicConfig {
            temple_name: config.temple_name.clone(),
            payment_provider: config.payment_provider.clone(),
            stripe_publishable_key: config.stripe_publishable_key.clone(),
            zelle_recipient: config.zelle_recipient.clone(),
            zelle_memo: config.zelle_memo.clone(),
        },
    };
    Ok(Built { state, db, users, events, hasher })
}

//! Builds the adapters from the configuration and hands them to the services. The only place
//! that knows every concrete adapter.

use std::sync::Arc;

use anyhow::Context;
use mandir_application::ports::{Clock, Mailer, PasswordHasher, SystemClock, TokenIssuer};
use mandir_application::services::admin::AdminService;
use mandir_application::services::auth::{AuthDeps, AuthService, AuthSettings};
use mandir_application::services::donation_types::DonationTypeService;
use mandir_application::services::events::EventService;
use mandir_application::services::gotrams::GotramService;
use mandir_application::services::payment_methods::PaymentMethodService;
use mandir_application::services::payments::{PaymentDeps, PaymentService};
use mandir_application::services::profile::ProfileService;
use mandir_application::services::registrations::RegistrationService;
use mandir_application::services::throttle::SignInThrottle;
use mandir_application::services::volunteers::VolunteerService;
use mandir_http::{AppState, PublicConfig};
use mandir_mail::{OutboxMailer, SmtpMailer};
use mandir_persistence::{
    Database, SeaOrmAttendeeRepository, SeaOrmDonationTypeRepository, SeaOrmEventRepository, SeaOrmGotramRepository,
    SeaOrmPaymentMethodRepository, SeaOrmUserRepository, SeaOrmVolunteerRepository,
};
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
    let payments = payment_service(config, &db, events.clone(), clock.clone())?;
    let state = AppState {
        auth,
        profile: ProfileService::new(users.clone(), gotrams.clone(), clock.clone()),
        gotrams: GotramService::new(gotrams),
        events: EventService::new(events.clone(), clock.clone()),
        registrations: RegistrationService::new(Arc::new(SeaOrmAttendeeRepository::new(db.clone())), events.clone(), clock.clone()),
        volunteers: VolunteerService::new(Arc::new(SeaOrmVolunteerRepository::new(db.clone())), events.clone(), clock.clone()),
        donation_types: DonationTypeService::new(Arc::new(SeaOrmDonationTypeRepository::new(db.clone())), clock.clone()),
        payment_methods: PaymentMethodService::new(Arc::new(SeaOrmPaymentMethodRepository::new(db.clone())), clock.clone()),
        payments,
        admin: AdminService::new(users.clone(), clock),
        health: Arc::new(db.clone()),
        config: PublicConfig {
            temple_name: config.temple_name.clone(),
            payment_provider: config.payment_provider.clone(),
            // The browser loads Stripe only when Stripe is the provider.
            stripe_publishable_key: config.stripe_publishable_key.clone().filter(|_| config.payment_provider == "stripe"),
            zelle_recipient: config.zelle_recipient.clone(),
            zelle_memo: config.zelle_memo.clone(),
        },
        events_json: Arc::default(),
    };
    Ok(Built { state, db, users, events, hasher })
}

/// The card provider from the configuration (the offline sandbox by default, or Stripe), the
/// webhook verifier when a signing secret is set, and the payment service over them.
fn payment_service(
    config: &Config,
    db: &Database,
    events: Arc<SeaOrmEventRepository>,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<PaymentService> {
    use mandir_application::ports::{PaymentGateway, WebhookVerifier};
    use mandir_payment::{SandboxPaymentGateway, StripePaymentGateway, StripeWebhookVerifier};

    let gateway: Arc<dyn PaymentGateway> = if config.payment_provider == "stripe" {
        let key = config.stripe_secret_key.as_ref().context("MANDIR_PAYMENT_PROVIDER=stripe needs MANDIR_STRIPE_SECRET_KEY")?;
        if config.stripe_publishable_key.is_none() {
            tracing::warn!("MANDIR_STRIPE_PUBLISHABLE_KEY is not set: the card form cannot load Stripe");
        }
        if config.stripe_webhook_secret.is_none() {
            tracing::warn!(
                "MANDIR_STRIPE_WEBHOOK_SECRET is not set: card payments complete only when the donor returns to the confirmation page"
            );
        }
        Arc::new(StripePaymentGateway::new(key.expose(), &config.stripe_api_base).context("building the Stripe client")?)
    } else {
        if config.production {
            tracing::warn!(
                "the payment provider is the offline sandbox: card donations are simulated (set MANDIR_PAYMENT_PROVIDER=stripe)"
            );
        }
        // Keyed by the server secret, so every process serving the database agrees on secrets.
        Arc::new(SandboxPaymentGateway::new(format!("mandir-sandbox-payments:{}", config.jwt_secret.expose()).into_bytes()))
    };
    let webhooks = config
        .stripe_webhook_secret
        .as_ref()
        .map(|secret| Arc::new(StripeWebhookVerifier::new(secret.expose())) as Arc<dyn WebhookVerifier>);
    Ok(PaymentService::new(PaymentDeps {
        payments: Arc::new(mandir_persistence::SeaOrmPaymentRepository::new(db.clone())),
        events,
        gateway,
        webhooks,
        clock,
    }))
}

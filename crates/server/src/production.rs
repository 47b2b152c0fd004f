//! What `MANDIR_ENV=production` refuses, so the site is safe on the open internet
//! (docs/decisions/0020-production-refuses-unsafe-configurations.md). Every reason is listed
//! at once, before the port is bound.

use mandir_application::ports::{PasswordHasher, UserRepository};
use mandir_domain::payment::PaymentProvider;

use crate::config::{Config, Refusals};
use crate::demo::{self, DEMO_ADMIN_EMAIL};

/// The first line of the message listing why `mandir serve` refuses to start.
pub const SERVE_REFUSED: &str = "Mandir refuses to start in production (MANDIR_ENV=production):";

/// Why `mandir seed-demo` is refused in production.
pub const SEED_DEMO_REFUSED: &str = "mandir seed-demo is refused in production (MANDIR_ENV=production): it would create the \
demo admin admin@mandir.local, whose password is published. Create the real admin with `mandir create-admin --email E` instead.";

pub const SANDBOX_REFUSED: &str = "card payments would be simulated: the payment provider is the sandbox (the default when \
MANDIR_PAYMENT_PROVIDER is unset). Set MANDIR_PAYMENT_PROVIDER=stripe with MANDIR_STRIPE_SECRET_KEY and \
MANDIR_STRIPE_PUBLISHABLE_KEY (and MANDIR_STRIPE_WEBHOOK_SECRET), or set MANDIR_ALLOW_SANDBOX_PAYMENTS=1 for a staging site";

/// The refusal when the demo credentials still sign in.
pub fn demo_credentials_refused() -> String {
    format!(
        "the account {DEMO_ADMIN_EMAIL} still signs in with the demo password: give it a new password with \
`mandir create-admin --email {DEMO_ADMIN_EMAIL}` (the password is read from MANDIR_ADMIN_PASSWORD or standard input), \
or delete that account"
    )
}

/// The refusals that need no database: the sandbox without the staging opt-in.
pub fn configuration_refusals(config: &Config) -> Vec<String> {
    let mut reasons = Vec::new();
    if config.production && config.payment_provider == PaymentProvider::Sandbox && !config.allow_sandbox_payments {
        reasons.push(SANDBOX_REFUSED.to_owned());
    }
    reasons
}

/// Every reason `mandir serve` refuses to start with this configuration and these accounts;
/// nothing outside production.
pub async fn serve_refusals(config: &Config, users: &dyn UserRepository, hasher: &dyn PasswordHasher) -> anyhow::Result<Refusals> {
    let mut refusals = Refusals::new(SERVE_REFUSED);
    if !config.production {
        return Ok(refusals);
    }
    for reason in configuration_refusals(config) {
        refusals.push(reason);
    }
    if demo::demo_credentials_sign_in(users, hasher).await? {
        refusals.push(demo_credentials_refused());
    }
    Ok(refusals)
}

//! What `MANDIR_ENV=production` refuses, so the site is safe on the open internet
//! (docs/decisions/0020-production-refuses-unsafe-configurations.md). Every reason is listed
//! at once, before the port is bound. The demo accounts are not a reason to refuse: a production
//! start locks out those the published demo password still signs in
//! (docs/decisions/0122-demo-accounts-marked-and-locked-out.md).

use mandir_application::ports::{PasswordHasher, UserRepository};
use mandir_domain::payment::PaymentProvider;

use crate::config::{Config, Refusals};
use crate::demo::{self, LockedOutAccount};

/// The first line of the message listing why `mandir serve` refuses to start.
pub const SERVE_REFUSED: &str = "Mandir refuses to start in production (MANDIR_ENV=production):";

/// Why `mandir seed-demo` is refused in production.
pub const SEED_DEMO_REFUSED: &str = "mandir seed-demo is refused in production (MANDIR_ENV=production): it would create the \
demo admin admin@mandir.local, whose password is published. Create the real admin with `mandir create-admin --email E` instead.";

pub const SANDBOX_REFUSED: &str = "card payments would be simulated: the payment provider is the sandbox (the default when \
MANDIR_PAYMENT_PROVIDER is unset). Set MANDIR_PAYMENT_PROVIDER=stripe with MANDIR_STRIPE_SECRET_KEY and \
MANDIR_STRIPE_PUBLISHABLE_KEY (and MANDIR_STRIPE_WEBHOOK_SECRET), or set MANDIR_ALLOW_SANDBOX_PAYMENTS=1 for a staging site";

/// The refusal when the site's address is not https: browsers would get no
/// Strict-Transport-Security, and e-mailed links (sign-in, password reset) would be plain http.
pub fn public_url_refused(public_url: &str) -> String {
    format!(
        "the site would be served without HSTS: MANDIR_PUBLIC_URL is {public_url:?}, not an https:// address (unset, it is \
http:// and MANDIR_BIND). Serve the site over https behind a proxy that terminates TLS and set MANDIR_PUBLIC_URL to its \
https:// address, e.g. https://temple.example.org"
    )
}

/// The warning logged for a demo account a production start locked out.
pub fn demo_account_locked_out(account: &LockedOutAccount) -> String {
    let email = &account.email;
    let rights = if account.admin_removed {
        ", and its admin rights were removed (another admin remains)"
    } else {
        " (it keeps its admin rights: it is the only admin)"
    };
    format!(
        "the demo account {email} still signed in with the published demo password: it was locked out (no password signs it \
in now, its sessions ended){rights}. Give it a password of your own with `mandir create-admin --email {email}` (the password is \
read from MANDIR_ADMIN_PASSWORD or standard input), or delete that account"
    )
}

/// Whether browsers are told to keep to https: `mandir_http` sends `Strict-Transport-Security`
/// when the public URL starts with `https://`; a host must follow it.
fn served_over_https(public_url: &str) -> bool {
    public_url.get(..8).is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://")) && public_url.len() > 8
}

/// The refusals that need no database: the sandbox without the staging opt-in, a public URL that
/// is not https.
pub fn configuration_refusals(config: &Config) -> Vec<String> {
    let mut reasons = Vec::new();
    if config.production && config.payment_provider == PaymentProvider::Sandbox && !config.allow_sandbox_payments {
        reasons.push(SANDBOX_REFUSED.to_owned());
    }
    if config.production && !served_over_https(&config.public_url) {
        reasons.push(public_url_refused(&config.public_url));
    }
    reasons
}

/// Every reason `mandir serve` refuses to start with this configuration; nothing outside
/// production.
pub fn serve_refusals(config: &Config) -> Refusals {
    let mut refusals = Refusals::new(SERVE_REFUSED);
    for reason in configuration_refusals(config) {
        refusals.push(reason);
    }
    refusals
}

/// In production, locks out the demo accounts the published demo password still signs in and
/// logs a warning for each saying why and how to give it a password; the site then starts.
/// Refusing to start instead would let whoever made such an account keep the site down.
/// Nothing outside production, where the demo admin is the way in.
pub async fn lock_out_demo_accounts(
    config: &Config,
    users: &dyn UserRepository,
    hasher: &dyn PasswordHasher,
) -> anyhow::Result<Vec<LockedOutAccount>> {
    if !config.production {
        return Ok(Vec::new());
    }
    let locked = demo::lock_out_demo_accounts(users, hasher).await?;
    for account in &locked {
        tracing::warn!(email = %account.email, admin_removed = account.admin_removed, "{}", demo_account_locked_out(account));
    }
    Ok(locked)
}

#[cfg(test)]
mod tests {
    use super::served_over_https;

    #[test]
    fn only_an_https_address_with_a_host_is_served_over_https() {
        assert!(served_over_https("https://temple.example.org"));
        assert!(served_over_https("HTTPS://temple.example.org/"));
        for refused in ["http://temple.example.org", "http://127.0.0.1:8080", "https://", "https:", "", "temple.example.org"] {
            assert!(!served_over_https(refused), "{refused}");
        }
    }
}

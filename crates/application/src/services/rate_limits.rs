//! How often one account or one client address may do something. The counts live behind the
//! [`RateLimitStore`] port (a database table), so every process on one database enforces the
//! same limits. Attempts are reserved before the work they guard (a password check, an e-mail),
//! so a burst of parallel requests cannot slip past the limit.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use mandir_domain::RetryAfter;

use crate::ports::{RateLimitStore, RepoError};

/// Where a request comes from: the peer's IP address, or with a trusted proxy the address the
/// proxy saw. Per-address limits count by it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientAddress(String);

impl ClientAddress {
    pub fn new(address: impl Into<String>) -> Self {
        Self(address.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ClientAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What is limited, and per what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Failed sign-ins for one account from one client address: the lockout a wrong password
    /// earns, which never locks the owner out from another address.
    SignInAccountAddress,
    /// Failed sign-ins for one account over all addresses: past it, only an address with no
    /// failures for the account may still try (so a correct password gets through).
    SignInAccount,
    /// Sign-in attempts from one client address, over all accounts.
    SignInAddress,
    /// Current-password checks of a signed-in member (changing the password or e-mail, deleting
    /// the account).
    CurrentPassword,
    /// E-mail changes asked by one member (each sends two e-mails).
    EmailChange,
    SignUp,
    ForgotPassword,
    /// New verification links for one account.
    ResendVerificationAccount,
    /// New verification links asked from one client address.
    ResendVerificationAddress,
    /// Card payment intents created without an account.
    GuestPaymentIntent,
    /// Zelle confirmations recorded without an account.
    GuestZelleConfirmation,
    /// Card payment intents created by one member (each costs the temple a Stripe call).
    MemberPaymentIntent,
    /// Zelle confirmations recorded by one member (each is a pending payment staff must check).
    MemberZelleConfirmation,
    /// Household invitations sent by one member (each e-mails an address they type).
    HouseholdInvite,
    /// Verification codes texted to one member (each is a text the temple pays for).
    TextCode,
}

impl Action {
    pub const ALL: [Self; 15] = [
        Self::SignInAccountAddress,
        Self::SignInAccount,
        Self::SignInAddress,
        Self::CurrentPassword,
        Self::EmailChange,
        Self::SignUp,
        Self::ForgotPassword,
        Self::ResendVerificationAccount,
        Self::ResendVerificationAddress,
        Self::GuestPaymentIntent,
        Self::GuestZelleConfirmation,
        Self::MemberPaymentIntent,
        Self::MemberZelleConfirmation,
        Self::HouseholdInvite,
        Self::TextCode,
    ];

    const fn key(self) -> &'static str {
        match self {
            Self::SignInAccountAddress => "signin-account-address",
            Self::SignInAccount => "signin-account",
            Self::SignInAddress => "signin-address",
            Self::CurrentPassword => "current-password",
            Self::EmailChange => "email-change",
            Self::SignUp => "signup",
            Self::ForgotPassword => "forgot-password",
            Self::ResendVerificationAccount => "resend-verification-account",
            Self::ResendVerificationAddress => "resend-verification-address",
            Self::GuestPaymentIntent => "guest-payment-intent",
            Self::GuestZelleConfirmation => "guest-zelle",
            Self::MemberPaymentIntent => "member-payment-intent",
            Self::MemberZelleConfirmation => "member-zelle",
            Self::HouseholdInvite => "household-invite",
            Self::TextCode => "text-code",
        }
    }
}

/// At most `max` attempts in each window of `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window: Duration,
}

/// The limit of every action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimitPolicy {
    limits: [Limit; Action::ALL.len()],
}

impl Default for RateLimitPolicy {
    fn default() -> Self {
        let per = |max, minutes| Limit { max, window: Duration::minutes(minutes) };
        Self {
            limits: [
                per(5, 15),       // SignInAccountAddress
                per(50, 15),      // SignInAccount
                per(30, 15),      // SignInAddress
                per(5, 15),       // CurrentPassword
                per(5, 24 * 60),  // EmailChange
                per(10, 60),      // SignUp
                per(5, 60),       // ForgotPassword
                per(5, 60),       // ResendVerificationAccount
                per(5, 60),       // ResendVerificationAddress
                per(20, 60),      // GuestPaymentIntent
                per(10, 60),      // GuestZelleConfirmation
                per(20, 60),      // MemberPaymentIntent
                per(10, 60),      // MemberZelleConfirmation
                per(10, 24 * 60), // HouseholdInvite
                per(5, 60),       // TextCode
            ],
        }
    }
}

impl RateLimitPolicy {
    pub fn limit(&self, action: Action) -> Limit {
        self.limits[action as usize]
    }

    /// The same windows with every maximum multiplied by `factor` (at least 1): for staging and
    /// test sites where many people or browsers share one address.
    pub fn scaled(mut self, factor: u32) -> Self {
        for limit in &mut self.limits {
            limit.max = limit.max.saturating_mul(factor.max(1));
        }
        self
    }

    pub fn with(mut self, action: Action, limit: Limit) -> Self {
        self.limits[action as usize] = limit;
        self
    }
}

/// An attempt that was counted; hand it back with [`RateLimiter::give_back`] when it should not
/// count (a sign-in that succeeded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reservation {
    key: String,
    attempts: i64,
}

impl Reservation {
    /// The attempts counted in this window, this one included: 1 for the first.
    pub fn attempts(&self) -> i64 {
        self.attempts
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LimitError {
    /// Over the limit; the window ends in `.0` seconds.
    #[error("too many attempts; retry in {} s", .0.0)]
    Exceeded(RetryAfter),
    #[error("rate limit store failure")]
    Store(#[from] RepoError),
}

#[derive(Clone)]
pub struct RateLimiter {
    store: Arc<dyn RateLimitStore>,
    policy: RateLimitPolicy,
}

impl RateLimiter {
    pub fn new(store: Arc<dyn RateLimitStore>, policy: RateLimitPolicy) -> Self {
        Self { store, policy }
    }

    /// Counts one attempt of `action` by `subject` (an e-mail or a client address) and refuses it
    /// when it is over the limit. A window starts at the first attempt after the previous one
    /// ended, so no clock boundary lets a burst through twice.
    #[tracing::instrument(skip_all)]
    pub async fn reserve(&self, action: Action, subject: &str, now: DateTime<Utc>) -> Result<Reservation, LimitError> {
        let limit = self.policy.limit(action);
        // Hashed: the table holds neither e-mails nor addresses, and keys have a fixed length.
        let subject = super::hash_secret(&subject.trim().to_lowercase());
        let key = format!("{}:{subject}", action.key());
        let hit = self.store.hit(&key, now, now + limit.window).await?;
        if hit.count > i64::from(limit.max) {
            let retry_after = u64::try_from((hit.window_ends - now).num_seconds().max(1)).unwrap_or(1);
            return Err(LimitError::Exceeded(RetryAfter(retry_after)));
        }
        Ok(Reservation { key, attempts: hit.count })
    }

    /// Takes a counted attempt back. A failure is logged: the count then simply stays.
    #[tracing::instrument(skip_all)]
    pub async fn give_back(&self, reservation: Reservation) {
        if let Err(error) = self.store.give_back(&reservation.key).await {
            tracing::warn!(error = ?error, "could not give back a rate-limit attempt");
        }
    }

    /// Forgets finished windows.
    #[tracing::instrument(skip_all)]
    pub async fn purge(&self, now: DateTime<Utc>) -> Result<u64, RepoError> {
        self.store.purge(now).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::test_fixtures::counting_store;

    use chrono::TimeZone;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 1, 12, minute, 0).single().expect("date")
    }

    #[tokio::test]
    async fn refuses_past_the_limit_until_the_window_ends() {
        let limiter = RateLimiter::new(Arc::new(counting_store()), RateLimitPolicy::default());
        for _ in 0..5 {
            limiter.reserve(Action::SignInAccountAddress, "A@b.co", at(1)).await.expect("allowed");
        }
        match limiter.reserve(Action::SignInAccountAddress, "a@b.co", at(2)).await {
            Err(LimitError::Exceeded(RetryAfter(seconds))) => assert_eq!(seconds, 14 * 60, "the window opened at 12:01 ends at 12:16"),
            other => panic!("expected a refusal, got {other:?}"),
        }
        limiter.reserve(Action::SignInAccountAddress, "other@b.co", at(2)).await.expect("other subjects are counted apart");
        limiter.reserve(Action::SignUp, "a@b.co", at(2)).await.expect("other actions are counted apart");
        assert!(limiter.reserve(Action::SignInAccountAddress, "a@b.co", at(15)).await.is_err(), "12:15 is no boundary");
        limiter.reserve(Action::SignInAccountAddress, "a@b.co", at(16)).await.expect("a new window");
    }

    #[tokio::test]
    async fn given_back_attempts_do_not_count() {
        let limiter = RateLimiter::new(Arc::new(counting_store()), RateLimitPolicy::default());
        for _ in 0..20 {
            let reservation = limiter.reserve(Action::SignInAccountAddress, "a@b.co", at(1)).await.expect("allowed");
            limiter.give_back(reservation).await;
        }
    }

    #[test]
    fn scaling_multiplies_every_maximum() {
        let policy = RateLimitPolicy::default().scaled(100);
        assert_eq!(policy.limit(Action::SignInAccountAddress), Limit { max: 500, window: Duration::minutes(15) });
        assert_eq!(RateLimitPolicy::default().scaled(0), RateLimitPolicy::default());
    }
}

use chrono::{DateTime, Utc};
use mandir_domain::UserId;

/// Who a session token speaks for. `version` must match the user's current token version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenSubject {
    pub user_id: UserId,
    pub version: i32,
}

/// A token that passed verification: whom it speaks for, its unique id (`jti`, what signing out
/// revokes) and when it expires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedToken {
    pub subject: TokenSubject,
    pub id: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
#[error("could not issue token")]
pub struct TokenError(#[source] pub crate::BoxError);

/// Issues and checks signed session tokens.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait TokenIssuer: Send + Sync {
    fn issue(&self, subject: &TokenSubject) -> Result<IssuedToken, TokenError>;
    /// `None` for anything not issued by us, expired, or without an id.
    fn verify(&self, token: &str) -> Option<VerifiedToken>;
}

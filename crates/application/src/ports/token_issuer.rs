use chrono::{DateTime, Utc};

/// Who a session token speaks for. `version` must match the user's current token version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenSubject {
    pub user_id: String,
    pub version: i32,
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
    /// `None` for anything not issued by us or expired.
    fn verify(&self, token: &str) -> Option<TokenSubject>;
}

//! The roles the outside world plays. One file per port.

pub mod clock;
pub mod event_repository;
pub mod gotram_repository;
pub mod health;
pub mod mailer;
pub mod password_hasher;
pub mod token_issuer;
pub mod user_repository;

pub use clock::{Clock, SystemClock};
pub use event_repository::{EventChanges, EventRecord, EventRepository, RelatedRecords, StoredImage};
pub use gotram_repository::GotramRepository;
pub use health::HealthProbe;
pub use mailer::{MailError, Mailer, OutgoingEmail};
pub use password_hasher::{HashError, PasswordHasher};
pub use token_issuer::{IssuedToken, TokenError, TokenIssuer, TokenSubject};
pub use user_repository::{NewUserRecord, UserCredentials, UserRepository};

use crate::BoxError;

/// What a repository can answer besides its value.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("record not found")]
    NotFound,
    /// A unique or foreign-key constraint refused the write; the text names it.
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("database failure")]
    Unexpected(#[source] BoxError),
}

impl RepoError {
    pub fn unexpected(error: impl Into<BoxError>) -> Self {
        Self::Unexpected(error.into())
    }
}

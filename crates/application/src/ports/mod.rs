//! The roles the outside world plays. One file per port.

pub mod attendee_repository;
pub mod clock;
pub mod donation_type_repository;
pub mod event_repository;
pub mod gotram_repository;
pub mod health;
pub mod mailer;
pub mod password_hasher;
pub mod payment_gateway;
pub mod payment_method_repository;
pub mod payment_repository;
pub mod token_issuer;
pub mod user_repository;
pub mod volunteer_repository;
pub mod webhook_verifier;

pub use attendee_repository::{AdmissionError, AttendeeRepository, NewAttendeeRecord};
pub use clock::{Clock, SystemClock};
pub use donation_type_repository::{DonationTypeChanges, DonationTypeRecord, DonationTypeRepository};
pub use event_repository::{EventChanges, EventRecord, EventRepository, RelatedRecords, StoredImage};
pub use gotram_repository::GotramRepository;
pub use health::HealthProbe;
pub use mailer::{MailError, Mailer, OutgoingEmail};
pub use password_hasher::{HashError, PasswordHasher};
pub use payment_gateway::{GatewayError, GatewayIntent, IntentRequest, IntentStatus, PaymentGateway};
pub use payment_method_repository::{PaymentMethodChanges, PaymentMethodRecord, PaymentMethodRepository};
pub use payment_repository::{EventFilter, NewPayment, PaymentFilter, PaymentRepository, StatusChange, WebhookOutcome, WebhookRecord};
pub use token_issuer::{IssuedToken, TokenError, TokenIssuer, TokenSubject};
pub use user_repository::{NewUserRecord, UserCredentials, UserRepository};
pub use volunteer_repository::{NewVolunteerRecord, VolunteerRepository};
pub use webhook_verifier::{ProviderEvent, ProviderEventKind, WebhookError, WebhookVerifier};

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

use chrono::{DateTime, Utc};
use mandir_domain::Money;

/// What a provider's event means for our payments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderEventKind {
    /// `payment_intent.succeeded`.
    IntentSucceeded { intent_id: String, amount: Option<Money>, currency: Option<String> },
    /// `payment_intent.payment_failed`.
    IntentFailed { intent_id: String },
    /// `charge.refunded`; `fully_refunded` is false for a partial refund.
    /// `amount_refunded` is the charge's whole refunded amount so far (Stripe's `amount_refunded`).
    ChargeRefunded { intent_id: Option<String>, amount_refunded: Option<Money>, fully_refunded: bool },
    /// Anything else: acknowledged, nothing to do.
    Other,
}

/// A verified provider event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderEvent {
    /// The provider's event id (`evt_...`): each is applied once.
    pub id: String,
    pub event_type: String,
    pub kind: ProviderEventKind,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("invalid webhook signature")]
    InvalidSignature,
    #[error("malformed webhook event")]
    Malformed,
}

/// Checks a webhook's signature and reads the event (Stripe's `Stripe-Signature`).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait WebhookVerifier: Send + Sync {
    fn verify(&self, payload: &[u8], signature_header: &str, now: DateTime<Utc>) -> Result<ProviderEvent, WebhookError>;
}

use async_trait::async_trait;
use mandir_domain::Money;
use mandir_domain::payment::{DonationDetail, DonationTarget, PaymentProvider};

use crate::BoxError;

/// A card payment to prepare at the provider (Stripe's PaymentIntent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntentRequest {
    pub amount: Money,
    /// Always "usd".
    pub currency: String,
    /// Sent as metadata `eventId` (an event id or 'direct-donation').
    pub target: DonationTarget,
    /// Sent as metadata `donationDetails` (JSON text).
    pub donation_details: Vec<DonationDetail>,
    /// The same key gives back the same intent.
    pub idempotency_key: String,
    /// Sent as `receipt_email`: the donor's e-mail (always given since guests must give one).
    pub receipt_email: Option<String>,
    /// Sent as metadata `donorName` (the browser adds it as the card's billing name).
    pub donor_name: Option<String>,
}

/// A payment intent's status, as the provider names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntentStatus {
    RequiresPaymentMethod,
    RequiresConfirmation,
    RequiresAction,
    Processing,
    RequiresCapture,
    Canceled,
    Succeeded,
    Other(String),
}

impl IntentStatus {
    pub fn parse(text: &str) -> Self {
        match text {
            "requires_payment_method" => Self::RequiresPaymentMethod,
            "requires_confirmation" => Self::RequiresConfirmation,
            "requires_action" => Self::RequiresAction,
            "processing" => Self::Processing,
            "requires_capture" => Self::RequiresCapture,
            "canceled" => Self::Canceled,
            "succeeded" => Self::Succeeded,
            other => Self::Other(other.to_owned()),
        }
    }
}

/// A payment intent as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayIntent {
    pub id: String,
    /// What the browser needs to confirm the payment.
    pub client_secret: Option<String>,
    pub status: IntentStatus,
    pub amount: Option<Money>,
    pub currency: Option<String>,
}

/// A refund as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayRefund {
    /// The provider's refund id (`re_...`).
    pub id: String,
    pub amount: Money,
    /// `succeeded`, `pending`, `failed`... as the provider names it.
    pub status: String,
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The provider answered with an error body (`{"error":{"type","code","message"}}`).
    #[error("the payment provider refused the request ({kind}{}): {message}", code.as_deref().map(|c| format!(", {c}")).unwrap_or_default())]
    Rejected { kind: String, code: Option<String>, message: String },
    /// The idempotency key is in use by a concurrent request or was used with other parameters.
    #[error("idempotency conflict: {0}")]
    IdempotencyConflict(String),
    #[error("no such payment intent")]
    NotFound,
    /// Network failure, timeout, 5xx or an answer we cannot read.
    #[error("the payment provider could not be reached")]
    Unavailable(#[source] BoxError),
}

/// The card payment provider: Stripe, or the offline sandbox.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// Which provider this is; recorded on every card payment.
    fn provider(&self) -> PaymentProvider;
    /// Creates a payment intent. The same idempotency key gives back the same intent.
    async fn create_intent(&self, request: IntentRequest) -> Result<GatewayIntent, GatewayError>;
    /// Reads an intent, with its client secret.
    async fn retrieve_intent(&self, id: &str) -> Result<GatewayIntent, GatewayError>;
    /// Cancels an intent nobody completed, so it can no longer be paid. The same idempotency key
    /// makes a retry harmless. `Rejected` when the provider refuses (say, it succeeded meanwhile).
    async fn cancel_intent(&self, id: &str, idempotency_key: &str) -> Result<GatewayIntent, GatewayError>;
    /// Gives `amount` of a succeeded intent back to the donor. The same idempotency key makes a
    /// retry harmless (docs/decisions/0102-refunds.md).
    async fn refund(&self, intent_id: &str, amount: Money, idempotency_key: &str) -> Result<GatewayRefund, GatewayError>;
}

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

/// A card to save for later off-session charges (Stripe: a Customer and a SetupIntent with
/// `usage=off_session`; docs/decisions/0136-recurring-gifts-charged-by-our-own-job.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupRequest {
    /// The same key gives back the same setup (and customer).
    pub idempotency_key: String,
    pub email: String,
    pub name: String,
    /// The provider's customer to add the card to (a card update); `None` makes one.
    pub customer_id: Option<String>,
}

/// A card setup for the browser to confirm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewaySetup {
    /// Stripe's `seti_...`.
    pub id: String,
    pub client_secret: String,
    /// The customer the card is saved on (`cus_...`).
    pub customer_id: String,
}

/// A saved card as the provider reports it: never its number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedCard {
    /// Stripe's `pm_...`.
    pub payment_method_id: String,
    /// `visa`, `mastercard`, `amex`... as the provider names it.
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: i32,
}

/// What the sandbox's card form was given (the sandbox keeps nothing, so the form says it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCard {
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: i32,
}

/// An off-session charge of a saved card (Stripe: a PaymentIntent with `off_session=true,
/// confirm=true`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedCharge {
    pub amount: Money,
    /// Always "usd".
    pub currency: String,
    pub customer_id: String,
    pub payment_method_id: String,
    /// The same key gives back the same charge: a retried step never charges twice.
    pub idempotency_key: String,
    pub receipt_email: Option<String>,
    /// Shown on the donor's card statement and in the provider's dashboard.
    pub description: String,
    /// Sent as metadata `recurringGiftId`.
    pub recurring_gift_id: String,
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
    /// Starts saving a card for off-session charges. The same idempotency key gives back the
    /// same setup.
    async fn create_setup(&self, request: SetupRequest) -> Result<GatewaySetup, GatewayError>;
    /// The card a setup saved, once the browser confirmed it. `Rejected` (kind
    /// `setup_incomplete`) while it has not succeeded; `NotFound` for an unknown setup.
    async fn saved_card(&self, setup_id: &str) -> Result<SavedCard, GatewayError>;
    /// The sandbox's card form: saves the card it was given on a sandbox setup. `NotFound` for
    /// any other provider (Stripe's browser form talks to Stripe itself) or an unknown setup.
    async fn save_test_card(&self, setup_id: &str, card: TestCard) -> Result<SavedCard, GatewayError>;
    /// Charges a saved card off-session. A decline is `Rejected` with kind `card_error` and the
    /// provider's code (`card_declined`, `insufficient_funds`, `authentication_required`...).
    async fn charge_saved(&self, request: SavedCharge) -> Result<GatewayIntent, GatewayError>;
}

//! The payment flow another use case pays through (a seva booking today): card intents, Zelle
//! records and refunds, as the payment service makes them (ADR 0114). A port, so the booking
//! service is tested with a mock in place of the whole payment service.

use async_trait::async_trait;
use mandir_domain::PaymentId;
use mandir_domain::payment::{DonationInput, Payment};

use crate::services::Actor;
use crate::services::payments::{CreatedIntent, Payer, PaymentError};

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait Checkout: Send + Sync {
    async fn card(&self, payer: &Payer, input: DonationInput, idempotency_key: &str) -> Result<CreatedIntent, PaymentError>;
    async fn zelle(&self, payer: &Payer, input: DonationInput, idempotency_key: &str) -> Result<Payment, PaymentError>;
    /// Gives back what is left of a completed card payment, `reason` kept in its history; `None`
    /// when there is nothing to refund.
    async fn refund(&self, actor: &Actor, payment_id: &PaymentId, reason: &str) -> Result<Option<Payment>, PaymentError>;
}

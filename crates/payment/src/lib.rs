//! Payment adapters for the application's `PaymentGateway` and `WebhookVerifier` ports:
//! [`StripePaymentGateway`] (PaymentIntents over Stripe's REST API), [`SandboxPaymentGateway`]
//! (offline, the default) and [`StripeWebhookVerifier`] (the `Stripe-Signature` check); for the
//! `SettlementGateway` port, Stripe's balance transactions and payouts, or [`SandboxSettlements`].

mod sandbox;
mod sandbox_settlements;
mod signature;
mod stripe;
mod stripe_settlements;

pub use sandbox::SandboxPaymentGateway;
pub use sandbox_settlements::SandboxSettlements;
pub use signature::{SignatureError, WEBHOOK_TOLERANCE, sign_stripe_payload, verify_stripe_signature};
pub use stripe::{DEFAULT_TIMEOUT, StripePaymentGateway, StripeWebhookVerifier, metadata_details};

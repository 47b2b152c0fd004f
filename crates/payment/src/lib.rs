//! Payment adapters for the application's `PaymentGateway` and `WebhookVerifier` ports:
//! [`StripePaymentGateway`] (PaymentIntents over Stripe's REST API), [`SandboxPaymentGateway`]
//! (offline, the default) and [`StripeWebhookVerifier`] (the `Stripe-Signature` check).

mod sandbox;
mod signature;
mod stripe;

pub use sandbox::SandboxPaymentGateway;
pub use signature::{SignatureError, WEBHOOK_TOLERANCE, sign_stripe_payload, verify_stripe_signature};
pub use stripe::{DEFAULT_TIMEOUT, StripePaymentGateway, StripeWebhookVerifier, metadata_details};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::{PaymentId, UserId};

use super::RepoError;

mandir_domain::text_enum!(
    /// Why a receipt e-mail is sent.
    ReceiptReason {
        /// The payment became completed (written with the status change, once per payment).
        Completed => "completed",
        /// An admin asked to send it again.
        Resend => "resend",
    }
);

/// One receipt e-mail to send (or sent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceiptEmail {
    pub id: String,
    pub payment_id: PaymentId,
    pub reason: ReceiptReason,
    pub requested_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub attempts: i32,
    pub sent_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
}

/// The receipt e-mails, shared by every process on the database (ADR 0091). The row for a
/// completed payment is written by the `PaymentRepository` in the transaction that completes the
/// payment; they are sent through their [`Outbox`](super::Outbox); this port adds resends and
/// lists a payment's e-mails.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ReceiptOutbox: Send + Sync {
    /// Adds an admin's resend. `RepoError::NotFound` when the payment is gone.
    async fn add_resend(&self, id: &str, payment_id: &PaymentId, by: &UserId, now: DateTime<Utc>) -> Result<ReceiptEmail, RepoError>;
    /// Every receipt e-mail of a payment, oldest first.
    async fn for_payment(&self, payment_id: &PaymentId) -> Result<Vec<ReceiptEmail>, RepoError>;
}

/// Told when e-mails may be waiting in an outbox (receipts, member e-mails, statements), so they
/// go out right after the commit; the periodic jobs pick up whatever this misses.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait OutboxWake: Send + Sync {
    fn wake(&self);
}

/// Signs and checks the receipt links (`/receipts/{number}?sig=...`).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait LinkSigner: Send + Sync {
    fn sign(&self, subject: &str) -> String;
    fn verify(&self, subject: &str, signature: &str) -> bool;
}

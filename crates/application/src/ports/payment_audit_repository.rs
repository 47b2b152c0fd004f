use async_trait::async_trait;
use mandir_domain::payment::Payment;
use mandir_domain::payment_audit::PaymentAuditEntry;
use mandir_domain::{Money, PaymentId};

use super::{RepoError, StatusChange};

/// A refund to record on a completed payment: its refunded amount goes from `before` to `after`,
/// and its status to `refunded` when `full` (docs/decisions/0102-refunds.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundChange {
    pub before: Money,
    pub after: Money,
    pub full: bool,
}

/// Admins' changes to payments, each kept with its audit entry
/// (docs/decisions/0097-payment-audit-log.md).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait PaymentAuditRepository: Send + Sync {
    /// In one transaction: the guarded status change (as `PaymentRepository::update_status`) and,
    /// when it applied, `entry`. `Ok(None)` when the status was not one of `change.allowed_from`
    /// (nothing is written); `RepoError::NotFound` when the payment is gone.
    async fn change_status(&self, change: StatusChange, entry: PaymentAuditEntry) -> Result<Option<Payment>, RepoError>;
    /// In one transaction: the refund, guarded on the payment being `completed` with
    /// `change.before` refunded, and when it applied, `entry`. `Ok(None)` when the payment moved
    /// meanwhile (nothing is written); `RepoError::NotFound` when it is gone.
    async fn record_refund(&self, change: RefundChange, entry: PaymentAuditEntry) -> Result<Option<Payment>, RepoError>;
    /// The payment's entries, oldest first.
    async fn trail(&self, payment_id: &PaymentId) -> Result<Vec<PaymentAuditEntry>, RepoError>;
}

use chrono::NaiveDate;
use mandir_domain::receipt::ReceiptView;
use mandir_domain::statement::StatementView;

/// Prints letters from the temple (a PDF; docs/decisions/0139-statements-as-pdf-letters.md):
/// year-end statements and receipts. Pure computation: no I/O.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait Documents: Send + Sync {
    /// The letters of `statements`, each dated `issued_on`, in their order.
    fn statements(&self, statements: &[StatementView], issued_on: NaiveDate) -> Vec<u8>;
    /// One gift's receipt as a letter dated `issued_on`.
    fn receipt(&self, receipt: &ReceiptView, issued_on: NaiveDate) -> Vec<u8>;
}

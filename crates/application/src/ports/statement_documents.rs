use chrono::NaiveDate;
use mandir_domain::statement::StatementView;

/// Prints year-end statements as letters from the temple, one after another in one document (a
/// PDF; docs/decisions/0139-statements-as-pdf-letters.md). Pure computation: no I/O.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait StatementDocuments: Send + Sync {
    /// The letters of `statements`, each dated `issued_on`, in their order.
    fn statements(&self, statements: &[StatementView], issued_on: NaiveDate) -> Vec<u8>;
}

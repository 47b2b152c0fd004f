use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::accounting::{
    AccountPatch, AccountingExport, BookedGift, BookedRefund, LedgerAccount, MappingSubject, Mappings, NewAccount,
};

use super::RepoError;

/// The books: the chart of accounts, its mappings, the exports made, and the ledger of a period
/// as the journal needs it (docs/decisions/0145-accounting-export.md).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait AccountingRepository: Send + Sync {
    /// Every account, by code.
    async fn accounts(&self) -> Result<Vec<LedgerAccount>, RepoError>;
    /// `RepoError::Conflict` when the code or name is taken.
    async fn create_account(&self, id: String, account: NewAccount, now: DateTime<Utc>) -> Result<LedgerAccount, RepoError>;
    /// `RepoError::Conflict` when the new code or name is taken, or (with the text
    /// [`mandir_domain::accounting::ACCOUNT_MAPPED`]) when an account still mapped would be
    /// made inactive: checked in the change's transaction.
    async fn update_account(&self, id: &str, patch: AccountPatch, now: DateTime<Utc>) -> Result<LedgerAccount, RepoError>;
    async fn mappings(&self) -> Result<Mappings, RepoError>;
    /// Maps the subject to the account (`None`: removes its mapping). `RepoError::Conflict` (with
    /// [`mandir_domain::accounting::ACCOUNT_INACTIVE`]) when the account is inactive or gone at
    /// the time of the write.
    async fn set_mapping(
        &self,
        subject: MappingSubject,
        subject_id: &str,
        account_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// The completed gifts paid in `from..to` and the refunds made in it, tests and imported
    /// gifts apart, each with its lines and tenders.
    async fn period(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<(Vec<BookedGift>, Vec<BookedRefund>), RepoError>;
    /// Every export, newest first.
    async fn exports(&self) -> Result<Vec<AccountingExport>, RepoError>;
    async fn find_export(&self, id: &str) -> Result<Option<AccountingExport>, RepoError>;
    async fn record_export(&self, export: AccountingExport) -> Result<(), RepoError>;
}

//! Imports: what each import wrote (its records, so a second import of the same rows changes
//! nothing and a whole import can be undone), and the saved column mappings (ADR 0144).

use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::audit::AuditEntry;
use mandir_domain::import::{FamilyPlan, ImportKind, Mapping};
use mandir_domain::payment::DonationDetail;
use mandir_domain::payment::PaymentMethodKind;
use mandir_domain::{ImportId, ImportMappingId, Money, UserId};

use super::RepoError;

/// One import as listed: what it read, wrote and left, and whether it was undone.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ImportSummary {
    pub id: ImportId,
    pub kind: ImportKind,
    pub file_name: String,
    /// Rows read from the file.
    pub rows: u32,
    /// People or gifts written by this import.
    pub created: u32,
    /// Rows an earlier import had written already, or existing accounts matched by e-mail.
    pub unchanged: u32,
    /// Rows left out for their errors.
    pub skipped: u32,
    /// The gifts' total (a gifts import).
    pub total: Option<Money>,
    pub by_email: String,
    pub at: DateTime<Utc>,
    /// Still being written (a started import whose process stopped stays so until it is run again
    /// or undone).
    pub running: bool,
    pub undone_at: Option<DateTime<Utc>>,
    pub undone_by: Option<String>,
}

/// An import to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewImport {
    pub id: ImportId,
    pub kind: ImportKind,
    pub file_name: String,
    pub file_sha256: String,
    pub mapping: Mapping,
    pub rows: u32,
    pub skipped: u32,
    pub by: Option<UserId>,
    pub by_email: String,
    pub now: DateTime<Utc>,
}

/// A historical gift ready to be written: its lines carry their funds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedGift {
    pub key: String,
    pub line: usize,
    pub id: String,
    pub at: DateTime<Utc>,
    pub amount: Money,
    pub method: PaymentMethodKind,
    pub lines: Vec<DonationDetail>,
    pub user_id: Option<UserId>,
    pub donor_name: Option<String>,
    pub donor_email: Option<String>,
    pub donor_address: Option<String>,
    pub receipt_number: String,
    pub notes: Option<String>,
}

/// What one batch wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchCounts {
    pub created: u32,
    pub unchanged: u32,
}

/// Why an import cannot be undone: what has come to depend on what it wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undo {
    Undone(ImportSummary),
    /// Undone already.
    AlreadyUndone,
    /// Accounts it made have been used since (signed in, registered, booked, given, or named by
    /// another import's gifts), or gifts it recorded were refunded: the count of each.
    InUse {
        accounts: u32,
        gifts: u32,
    },
}

/// An account as a gift names it: the ledger keeps its name, e-mail and address on the gift.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRef {
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub address: Option<String>,
}

/// A saved mapping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedMapping {
    pub id: ImportMappingId,
    pub kind: ImportKind,
    pub name: String,
    pub mapping: Mapping,
    pub updated_at: DateTime<Utc>,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ImportRepository: Send + Sync {
    /// Of these people's or gifts' row keys, those a live import recorded already.
    async fn known_keys(&self, kind: ImportKind, keys: Vec<String>) -> Result<HashSet<String>, RepoError>;
    /// The accounts of these addresses (lowercase) that exist: address → account.
    async fn accounts_by_email(&self, emails: Vec<String>) -> Result<HashMap<String, MemberRef>, RepoError>;
    /// The accounts imported people's row keys name: key → account.
    async fn members_by_key(&self, keys: Vec<String>) -> Result<HashMap<String, MemberRef>, RepoError>;
    /// Of these receipt numbers, those some payment has.
    async fn receipt_numbers_taken(&self, numbers: Vec<String>) -> Result<HashSet<String>, RepoError>;
    /// Stores the import as running, with the audit entry of its start.
    async fn start(&self, import: NewImport, audit: AuditEntry) -> Result<(), RepoError>;
    /// Writes one batch of families in one transaction: rows a live import recorded are left
    /// alone, an account whose address exists is matched rather than made, and each new row is
    /// recorded under `import`.
    async fn write_families(&self, import: &ImportId, families: Vec<FamilyPlan>, now: DateTime<Utc>) -> Result<BatchCounts, RepoError>;
    /// Writes one batch of gifts in one transaction, likewise.
    async fn write_gifts(&self, import: &ImportId, gifts: Vec<ImportedGift>) -> Result<BatchCounts, RepoError>;
    /// Marks the import finished (each batch added its counts; `already`: rows found recorded
    /// before any batch, which count as unchanged).
    async fn finish(&self, import: &ImportId, already: u32, total: Option<Money>, now: DateTime<Utc>) -> Result<ImportSummary, RepoError>;
    async fn list(&self) -> Result<Vec<ImportSummary>, RepoError>;
    async fn get(&self, id: &ImportId) -> Result<Option<ImportSummary>, RepoError>;
    /// Deletes what the import wrote, in one transaction with the audit entry, unless something
    /// depends on it.
    async fn undo(&self, id: &ImportId, by_email: &str, audit: AuditEntry, now: DateTime<Utc>) -> Result<Option<Undo>, RepoError>;
    async fn mappings(&self) -> Result<Vec<SavedMapping>, RepoError>;
    /// Saves a mapping under its kind and name, replacing one of the same name.
    async fn save_mapping(&self, mapping: SavedMapping) -> Result<SavedMapping, RepoError>;
    /// Answers whether there was one.
    async fn delete_mapping(&self, id: &ImportMappingId) -> Result<bool, RepoError>;
}

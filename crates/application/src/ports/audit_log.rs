use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::UserId;
use mandir_domain::audit::{AuditEntry, AuditKind};

use super::RepoError;

/// A search of the audit log: each filter given must match; newest first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AuditSearch {
    pub actor_id: Option<UserId>,
    pub kind: Option<AuditKind>,
    /// From this instant, inclusive.
    pub from: Option<DateTime<Utc>>,
    /// Before this instant.
    pub before: Option<DateTime<Utc>>,
    pub offset: u64,
    /// `None`: every match (the CSV export).
    pub limit: Option<u64>,
}

/// The audit log: entries are added and read, never changed or removed (the database refuses
/// both, docs/decisions/0127-audit-log.md). Changes with a transaction of their own (roles,
/// payments) write their entry in it, through their own repository; the rest through `record`.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait AuditLog: Send + Sync {
    async fn record(&self, entry: AuditEntry) -> Result<(), RepoError>;
    /// The entries matching `search` and how many match in all.
    async fn search(&self, search: &AuditSearch) -> Result<(Vec<AuditEntry>, u64), RepoError>;
}

//! The audit log (docs/decisions/0127-audit-log.md): only ever inserted into; the database's
//! triggers refuse every UPDATE and DELETE (migration 000040).

use async_trait::async_trait;
use mandir_application::ports::{AuditLog, AuditSearch, RepoError};
use mandir_domain::audit::{AuditEntry, AuditKind, FieldChange};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde_json::Value;

use crate::Database;
use crate::entities::audit_log;
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmAuditLog {
    db: Database,
}

impl SeaOrmAuditLog {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// Adds `entry` on `conn`: the audit log's one insert, also used inside the transactions of the
/// changes it records (roles, payments).
pub(crate) async fn insert_on<C: ConnectionTrait>(conn: &C, entry: AuditEntry) -> Result<(), RepoError> {
    let changes = serde_json::to_string(&entry.changes).map_err(RepoError::unexpected)?;
    audit_log::ActiveModel {
        id: Set(entry.id),
        at: Set(entry.at),
        actor_id: Set(entry.actor_id.map(Into::into)),
        actor_email: Set(entry.actor_email.chars().take(254).collect()),
        address: Set(entry.address.map(|a| a.chars().take(64).collect())),
        kind: Set(entry.kind.as_str().to_owned()),
        action: Set(entry.action.chars().take(64).collect()),
        target_kind: Set(entry.target_kind.chars().take(32).collect()),
        target_id: Set(entry.target_id.map(|id| id.chars().take(64).collect())),
        summary: Set(entry.summary),
        changes: Set(changes),
    }
    .insert(conn)
    .await
    .repo()
    .map(|_| ())
}

#[derive(serde::Deserialize)]
struct StoredChange {
    field: String,
    before: Option<Value>,
    after: Option<Value>,
}

fn to_domain(m: audit_log::Model) -> Result<AuditEntry, RepoError> {
    let kind =
        AuditKind::parse(&m.kind).ok_or_else(|| RepoError::unexpected(format!("stored audit entry has an unknown kind {:?}", m.kind)))?;
    let changes: Vec<StoredChange> = serde_json::from_str(&m.changes).map_err(RepoError::unexpected)?;
    Ok(AuditEntry {
        id: m.id,
        at: m.at,
        actor_id: m.actor_id.map(Into::into),
        actor_email: m.actor_email,
        address: m.address,
        kind,
        action: m.action,
        target_kind: m.target_kind,
        target_id: m.target_id,
        summary: m.summary,
        changes: changes.into_iter().map(|c| FieldChange { field: c.field, before: c.before, after: c.after }).collect(),
    })
}

#[async_trait]
impl AuditLog for SeaOrmAuditLog {
    async fn record(&self, entry: AuditEntry) -> Result<(), RepoError> {
        insert_on(&self.db.conn, entry).await
    }

    async fn search(&self, search: &AuditSearch) -> Result<(Vec<AuditEntry>, u64), RepoError> {
        let mut query = audit_log::Entity::find();
        if let Some(actor) = &search.actor_id {
            query = query.filter(audit_log::Column::ActorId.eq(actor.as_str()));
        }
        if let Some(kind) = search.kind {
            query = query.filter(audit_log::Column::Kind.eq(kind.as_str()));
        }
        if let Some(from) = search.from {
            query = query.filter(audit_log::Column::At.gte(from));
        }
        if let Some(before) = search.before {
            query = query.filter(audit_log::Column::At.lt(before));
        }
        let total = query.clone().count(&self.db.conn).await.repo()?;
        let mut page = query.order_by_desc(audit_log::Column::At).order_by_desc(audit_log::Column::Id);
        // SQLite takes an OFFSET only after a LIMIT.
        if let Some(limit) = search.limit {
            page = page.limit(limit).offset(search.offset);
        }
        let rows = page.all(&self.db.conn).await.repo()?;
        Ok((rows.into_iter().map(to_domain).collect::<Result<_, _>>()?, total))
    }
}

//! The audit log: the one recorder every staff action writes through ([`Recorder`]), and the
//! admins' reading of it, filtered by person, kind and day, and as CSV
//! (docs/decisions/0127-audit-log.md).

use std::sync::Arc;

use chrono::NaiveDate;
use mandir_domain::audit::{AuditEntry, AuditKind, FieldChange, field_changes};
use mandir_domain::staff::Permission;
use mandir_domain::{UserId, ValidationErrors};
use serde::Serialize;

use super::paging::PageQuery;
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{AuditLog, AuditSearch, Clock, RepoError, TempleZone};

pub const AUDIT_KIND_INVALID: &str = "Kind must be one of roles, money, events, sevas, site, exports or members";
pub const AUDIT_DAY_INVALID: &str = "Use a date such as 2026-11-25";
pub const AUDIT_RANGE_INVALID: &str = "The start date must not be after the end date";

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(AuditError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(AuditError: RepoError);

/// Timestamps that change with every write: never listed as a change.
const UNCHANGING: [&str; 4] = ["updated_at", "created_at", "updated_by", "created_by"];

/// What a staff action acted on.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub kind: &'a str,
    pub id: Option<&'a str>,
}

impl<'a> Target<'a> {
    pub const fn of(kind: &'a str, id: &'a str) -> Self {
        Self { kind, id: Some(id) }
    }

    /// A list or a setting with no id of its own (the member list, the site's settings).
    pub const fn whole(kind: &'a str) -> Self {
        Self { kind, id: None }
    }
}

/// What a staff action did, and to what.
#[derive(Debug, Clone, Copy)]
pub struct Action<'a> {
    pub kind: AuditKind,
    /// `event.update`, `payment.refund`, `export.members` ...
    pub name: &'a str,
    pub target: Target<'a>,
}

impl<'a> Action<'a> {
    pub const fn new(kind: AuditKind, name: &'a str, target: Target<'a>) -> Self {
        Self { kind, name, target }
    }
}

/// The one recorder of staff actions. Services call it right after their change is stored;
/// changes that run in a transaction of their own (roles) write the [`entry`](Self::entry) it
/// makes in that transaction instead.
#[derive(Clone)]
pub struct Recorder {
    log: Arc<dyn AuditLog>,
    clock: Arc<dyn Clock>,
}

impl Recorder {
    pub fn new(log: Arc<dyn AuditLog>, clock: Arc<dyn Clock>) -> Self {
        Self { log, clock }
    }

    /// An entry for `actor` doing `action`, now; `None`: the command line (`mandir grant-role`),
    /// which acts as no account.
    pub fn entry(&self, actor: Option<&Actor>, action: Action<'_>, summary: String) -> AuditEntry {
        AuditEntry {
            id: new_id(),
            at: self.clock.now(),
            actor_id: actor.map(|a| a.user_id.clone()),
            actor_email: actor.map_or_else(|| COMMAND_LINE.to_owned(), |a| a.email.clone()),
            address: actor.and_then(|a| a.address.clone()),
            kind: action.kind,
            action: action.name.to_owned(),
            target_kind: action.target.kind.to_owned(),
            target_id: action.target.id.map(str::to_owned),
            summary,
            changes: Vec::new(),
        }
    }

    /// Records a change of a record: its fields before (`None`: created) and after (`None`:
    /// deleted), of which only those that differ are kept.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn changed<B: Serialize, A: Serialize>(
        &self,
        actor: &Actor,
        action: Action<'_>,
        summary: String,
        before: Option<&B>,
        after: Option<&A>,
    ) {
        let json = |value: Option<serde_json::Value>| value.filter(|v| !v.is_null());
        let before = json(before.and_then(|b| serde_json::to_value(b).ok()));
        let after = json(after.and_then(|a| serde_json::to_value(a).ok()));
        let changes = field_changes(before.as_ref(), after.as_ref(), &UNCHANGING);
        self.write(AuditEntry { changes, ..self.entry(Some(actor), action, summary) }).await;
    }

    /// Records an action that changed no record (an export, a send), or whose changes are given.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn acted(&self, actor: &Actor, action: Action<'_>, summary: String, changes: Vec<FieldChange>) {
        self.write(AuditEntry { changes, ..self.entry(Some(actor), action, summary) }).await;
    }

    /// Writes the entry. The change it records is already stored, so a failure here cannot undo
    /// it: it is logged as an error for the operator (an alert), with the entry in full, and the
    /// request still succeeds (ADR 0127).
    async fn write(&self, entry: AuditEntry) {
        if let Err(error) = self.log.record(entry.clone()).await {
            tracing::error!(
                error = %error, action = %entry.action, target = ?entry.target_id, actor = %entry.actor_email,
                summary = %entry.summary, "an audit entry could not be written"
            );
        }
    }
}

/// Who the audit log names for the command line.
pub const COMMAND_LINE: &str = "mandir (command line)";

/// A filter of the audit log as sent in the query string.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditQuery {
    /// An account's id.
    pub actor: Option<String>,
    pub kind: Option<String>,
    /// Days of the temple's time zone, inclusive.
    pub from: Option<String>,
    pub to: Option<String>,
}

/// One page of the audit log, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditPage {
    pub items: Vec<AuditEntry>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
}

#[derive(Clone)]
pub struct AuditService {
    log: Arc<dyn AuditLog>,
    zone: Arc<dyn TempleZone>,
    recorder: Recorder,
}

fn blank(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

impl AuditService {
    pub fn new(log: Arc<dyn AuditLog>, zone: Arc<dyn TempleZone>, recorder: Recorder) -> Self {
        Self { log, zone, recorder }
    }

    async fn search(&self, query: &AuditQuery) -> Result<AuditSearch, AuditError> {
        let mut errors = ValidationErrors::new();
        let kind = match blank(&query.kind) {
            None => None,
            Some(text) => errors.check("kind", AuditKind::parse(text).ok_or_else(|| AUDIT_KIND_INVALID.to_owned())),
        };
        let day =
            |text: &Option<String>| blank(text).map(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").map_err(|_| AUDIT_DAY_INVALID.to_owned()));
        let from = day(&query.from).and_then(|d| errors.check("from", d));
        let to = day(&query.to).and_then(|d| errors.check("to", d));
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            errors.add("to", AUDIT_RANGE_INVALID);
        }
        errors.into_result().map_err(AuditError::Validation)?;
        let zone = self.zone.time_zone().await?;
        let start = |day: NaiveDate| mandir_domain::site::start_of_day(day, zone);
        Ok(AuditSearch {
            actor_id: blank(&query.actor).map(UserId::new),
            kind,
            from: from.and_then(start),
            before: to.and_then(|d| d.succ_opt()).and_then(start),
            offset: 0,
            limit: None,
        })
    }

    /// A page of the entries matching `query`, newest first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn page(&self, actor: &Actor, query: &AuditQuery, page: &PageQuery) -> Result<AuditPage, AuditError> {
        actor.require(Permission::ReadAudit)?;
        let (page, page_size) = page.read().map_err(AuditError::Validation)?;
        let search = AuditSearch { offset: (page - 1).saturating_mul(page_size), limit: Some(page_size), ..self.search(query).await? };
        let (items, total) = self.log.search(&search).await?;
        Ok(AuditPage { items, total, page, page_size })
    }

    /// Every entry matching `query`, newest first (the CSV export, itself recorded).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn export(&self, actor: &Actor, query: &AuditQuery) -> Result<Vec<AuditEntry>, AuditError> {
        actor.require(Permission::ReadAudit)?;
        let (items, _) = self.log.search(&self.search(query).await?).await?;
        let summary = format!("Downloaded the audit log ({} entries)", items.len());
        self.recorder.acted(actor, Action::new(AuditKind::Exports, "export.audit", Target::whole("audit_log")), summary, Vec::new()).await;
        Ok(items)
    }

    /// The temple's time zone, in which the CSV shows times.
    #[tracing::instrument(skip_all)]
    pub async fn temple_zone(&self) -> Result<chrono_tz::Tz, AuditError> {
        Ok(self.zone.time_zone().await?)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};
    use mockall::predicate::always;

    use super::*;
    use crate::ports::FixedTempleZone;
    use crate::ports::audit_log::MockAuditLog;
    use crate::services::test_fixtures::{admin, member};

    fn now() -> DateTime<Utc> {
        "2026-11-25T18:00:00Z".parse().expect("time")
    }

    fn clock() -> Arc<dyn Clock> {
        let clock = crate::services::test_fixtures::clock_at(now());
        Arc::new(clock)
    }

    fn service(log: MockAuditLog) -> AuditService {
        let log: Arc<dyn AuditLog> = Arc::new(log);
        AuditService::new(log.clone(), Arc::new(FixedTempleZone::default()), Recorder::new(log, clock()))
    }

    #[tokio::test]
    async fn only_admins_read_the_log_and_days_are_the_temples() {
        let mut log = MockAuditLog::new();
        log.expect_search()
            .withf(|s| {
                s.kind == Some(AuditKind::Money)
                    && s.from == Some("2026-11-01T07:00:00Z".parse().expect("time"))
                    && s.before == Some("2026-12-01T08:00:00Z".parse().expect("time"))
                    && s.offset == 25
                    && s.limit == Some(25)
            })
            .times(1)
            .returning(|_| Ok((Vec::new(), 30)));
        let service = service(log);
        let query = AuditQuery { kind: Some("money".into()), from: Some("2026-11-01".into()), to: Some("2026-11-30".into()), actor: None };
        let page = PageQuery { page: Some("2".into()), page_size: None };
        let found = service.page(&admin(), &query, &page).await.expect("page");
        assert_eq!((found.total, found.page), (30, 2));
        assert!(matches!(service.page(&member(), &query, &page).await, Err(AuditError::Forbidden)));
    }

    #[tokio::test]
    async fn a_bad_filter_names_its_field() {
        let service = service(MockAuditLog::new());
        let query =
            AuditQuery { kind: Some("secrets".into()), from: Some("2026-12-02".into()), to: Some("2026-12-01".into()), actor: None };
        let Err(AuditError::Validation(errors)) = service.page(&admin(), &query, &PageQuery::default()).await else { panic!("invalid") };
        assert_eq!(errors.get("kind"), Some(AUDIT_KIND_INVALID));
        assert_eq!(errors.get("to"), Some(AUDIT_RANGE_INVALID));
    }

    #[tokio::test]
    async fn a_change_records_only_the_fields_that_differ_and_the_export_is_itself_recorded() {
        #[derive(Serialize)]
        struct Record {
            name: &'static str,
            capacity: i32,
            updated_at: &'static str,
        }
        let mut log = MockAuditLog::new();
        log.expect_record()
            .withf(|e| {
                e.action == "event.update"
                    && e.target_id.as_deref() == Some("e1")
                    && e.changes.len() == 1
                    && e.changes[0].field == "capacity"
                    && e.address.as_deref() == Some("203.0.113.9")
            })
            .times(1)
            .returning(|_| Ok(()));
        log.expect_search().with(always()).times(1).returning(|_| Ok((Vec::new(), 0)));
        log.expect_record().withf(|e| e.action == "export.audit" && e.kind == AuditKind::Exports).times(1).returning(|_| Ok(()));
        let recorder = Recorder::new(Arc::new(log), clock());
        let actor = admin().from_address("203.0.113.9");
        let before = Record { name: "Diwali", capacity: 100, updated_at: "a" };
        let after = Record { name: "Diwali", capacity: 120, updated_at: "b" };
        recorder
            .changed(
                &actor,
                Action::new(AuditKind::Events, "event.update", Target::of("event", "e1")),
                "Changed Diwali".into(),
                Some(&before),
                Some(&after),
            )
            .await;
        let service = AuditService { log: recorder.log.clone(), zone: Arc::new(FixedTempleZone::default()), recorder };
        service.export(&admin(), &AuditQuery::default()).await.expect("export");
    }
}

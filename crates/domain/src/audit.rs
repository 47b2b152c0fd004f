//! The audit log's entries: who did what to which record, when, from where, and the before and
//! after of each field that changed (docs/decisions/0127-audit-log.md). Entries are only ever
//! added.

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::UserId;
use crate::text_enum;

text_enum!(
    /// What an entry is about, for filtering.
    AuditKind {
        Roles => "roles",
        Money => "money",
        Events => "events",
        Sevas => "sevas",
        Site => "site",
        Exports => "exports",
        Members => "members",
    }
);

/// One field's value before and after a change (`None`: the record did not exist or no longer does).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct FieldChange {
    pub field: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// An entry of the audit log.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry {
    pub id: String,
    pub at: DateTime<Utc>,
    /// The account that acted; `None` for the command line.
    pub actor_id: Option<UserId>,
    /// Who acted, as they were known then (`mandir` for the command line).
    pub actor_email: String,
    /// The client's address, when the action came over HTTP.
    pub address: Option<String>,
    pub kind: AuditKind,
    /// What was done: `event.update`, `payment.refund`, `export.members`, `roles.change` ...
    pub action: String,
    /// The kind of record acted on: `event`, `payment`, `user` ...
    pub target_kind: String,
    pub target_id: Option<String>,
    /// One line for people: "Refunded $20.00 of payment 3f2a…".
    pub summary: String,
    pub changes: Vec<FieldChange>,
}

/// A value longer than this is shown by its length only (a picture's data URL).
const LONGEST_SHOWN: usize = 500;

fn shown(value: Value) -> Value {
    match value {
        Value::String(text) if text.len() > LONGEST_SHOWN => Value::String(format!("({} characters)", text.chars().count())),
        other => other,
    }
}

/// The fields that differ between two records written as JSON objects, by field name. `None` for a record that did not exist: every field
/// is listed. Fields named in `ignored` (timestamps that change with every write) are left out.
pub fn field_changes(before: Option<&Value>, after: Option<&Value>, ignored: &[&str]) -> Vec<FieldChange> {
    let empty = serde_json::Map::new();
    let fields = |value: Option<&Value>| value.and_then(Value::as_object).unwrap_or(&empty).clone();
    let (before, after) = (fields(before), fields(after));
    let names: std::collections::BTreeSet<&String> = after.keys().chain(before.keys()).collect();
    let mut changes = Vec::new();
    for name in names {
        if ignored.contains(&name.as_str()) {
            continue;
        }
        let (old, new) = (before.get(name).filter(|v| !v.is_null()), after.get(name).filter(|v| !v.is_null()));
        if old != new {
            changes.push(FieldChange { field: name.clone(), before: old.cloned().map(shown), after: new.cloned().map(shown) });
        }
    }
    changes
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn only_the_fields_that_changed_are_listed_and_long_values_by_their_length() {
        let before = json!({"name": "Diwali", "capacity": 100, "updatedAt": "a", "imageUrl": "x".repeat(600), "notes": null});
        let after = json!({"name": "Deepavali", "capacity": 100, "updatedAt": "b", "imageUrl": "y".repeat(601), "notes": "Bring lamps"});
        let changes = field_changes(Some(&before), Some(&after), &["updatedAt"]);
        assert_eq!(
            changes,
            [
                FieldChange { field: "imageUrl".into(), before: Some(json!("(600 characters)")), after: Some(json!("(601 characters)")) },
                FieldChange { field: "name".into(), before: Some(json!("Diwali")), after: Some(json!("Deepavali")) },
                FieldChange { field: "notes".into(), before: None, after: Some(json!("Bring lamps")) },
            ]
        );
        let created = field_changes(None, Some(&json!({"name": "Ugadi", "capacity": null})), &[]);
        assert_eq!(created, [FieldChange { field: "name".into(), before: None, after: Some(json!("Ugadi")) }]);
        let deleted = field_changes(Some(&json!({"name": "Ugadi"})), None, &[]);
        assert_eq!(deleted, [FieldChange { field: "name".into(), before: Some(json!("Ugadi")), after: None }]);
    }
}

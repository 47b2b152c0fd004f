//! Fresh databases for tests: a new SQLite file, or a new PostgreSQL database on the server named
//! by `MANDIR_TEST_DATABASE_URL` (e.g. `postgres://postgres@127.0.0.1:5432/test`).

use std::sync::{Arc, Mutex, PoisonError};

use sea_orm::{ConnectionTrait, DbErr};

use crate::Database;

/// The URL of a new, empty database (not yet migrated).
pub async fn fresh_database_url() -> Result<String, DbErr> {
    let name = format!("mandir_test_{}", uuid::Uuid::new_v4().simple());
    match std::env::var("MANDIR_TEST_DATABASE_URL") {
        Ok(base) if base.starts_with("postgres") => {
            let admin = sea_orm::Database::connect(base.as_str()).await?;
            admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await?;
            admin.close().await?;
            let (prefix, _) = base.rsplit_once('/').ok_or_else(|| DbErr::Custom(format!("bad URL {base}")))?;
            Ok(format!("{prefix}/{name}"))
        }
        _ => {
            let path = std::env::temp_dir().join(format!("{name}.db"));
            Ok(format!("sqlite://{}?mode=rwc", path.display()))
        }
    }
}

/// A new, migrated database.
pub async fn fresh_database() -> Result<Database, DbErr> {
    let db = Database::connect(&fresh_database_url().await?).await?;
    db.migrate().await?;
    Ok(db)
}

/// The SQL of every statement a [`Database`] ran, in order, recorded through SeaORM's metric
/// callback (installed by [`Database::connect`] in builds with the `test-support` feature). It
/// sees every statement sent through the pool or a transaction, not `BEGIN`/`COMMIT` themselves.
/// The statement budget tests read it around one request.
#[derive(Debug, Clone, Default)]
pub struct StatementLog(Arc<Mutex<Vec<String>>>);

impl StatementLog {
    pub(crate) fn record(&self, sql: &str) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).push(sql.to_owned());
    }

    /// The statements recorded since the last `take`, forgetting them.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// An audit entry for a change of roles made by the account `by` (the repositories write it in
/// the change's transaction).
pub fn role_change_entry(by: &str) -> mandir_domain::audit::AuditEntry {
    mandir_domain::audit::AuditEntry {
        id: uuid::Uuid::new_v4().to_string(),
        at: chrono::Utc::now(),
        actor_id: Some(by.into()),
        actor_email: format!("{by}@example.org"),
        address: Some("127.0.0.1".into()),
        kind: mandir_domain::audit::AuditKind::Roles,
        action: "roles.change".into(),
        target_kind: "user".into(),
        target_id: None,
        summary: "Changed roles".into(),
        changes: Vec::new(),
    }
}

/// Gives `id` the role `role`, as the account `by`.
pub async fn grant_role(
    users: &crate::SeaOrmUserRepository,
    id: &str,
    role: mandir_domain::staff::Role,
    by: &str,
) -> Result<mandir_application::ports::AdminRemoval<mandir_application::ports::RolesChanged>, mandir_application::ports::RepoError> {
    use mandir_application::ports::UserRepository as _;
    users.set_roles(&id.into(), mandir_domain::staff::RoleChange::Grant(role), role_change_entry(by)).await
}

/// Takes the role `role` from `id`, as the account `by`.
pub async fn revoke_role(
    users: &crate::SeaOrmUserRepository,
    id: &str,
    role: mandir_domain::staff::Role,
    by: &str,
) -> Result<mandir_application::ports::AdminRemoval<mandir_application::ports::RolesChanged>, mandir_application::ports::RepoError> {
    use mandir_application::ports::UserRepository as _;
    users.set_roles(&id.into(), mandir_domain::staff::RoleChange::Revoke(role), role_change_entry(by)).await
}

/// A completed card gift paid at `at` with these lines, from "Asha Rao" at `email`, for tests to
/// store and to vary with `..` (provider, status, channel, key).
pub fn completed_gift(
    id: &str,
    email: &str,
    lines: Vec<mandir_domain::payment::DonationDetail>,
    at: chrono::DateTime<chrono::Utc>,
) -> mandir_application::ports::NewPayment {
    use mandir_domain::payment::{PaymentMethodKind, PaymentProvider, PaymentStatus};
    mandir_application::ports::NewPayment {
        id: id.into(),
        event_id: None,
        event_name: None,
        user_id: None,
        method: PaymentMethodKind::CreditCard,
        amount: mandir_domain::Money::from_cents(lines.iter().map(|l| l.amount.cents()).sum()),
        status: PaymentStatus::Completed,
        provider: PaymentProvider::Stripe,
        transaction_id: Some(format!("pi_{id}")),
        client_secret_hash: None,
        donation_details: lines,
        receipt_number: format!("AUTO-{id}"),
        idempotency_key: None,
        donor_name: Some("Asha Rao".into()),
        donor_email: Some(email.into()),
        donor_address: None,
        in_honor_of: None,
        notes: None,
        channel: mandir_domain::counter::Channel::Online,
        now: at,
    }
}

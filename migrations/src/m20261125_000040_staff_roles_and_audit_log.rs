use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

use crate::cols::*;

/// Staff roles and the audit log (docs/decisions/0126-staff-roles.md and
/// 0127-audit-log.md):
/// - `users.roles` holds an account's staff roles, their names separated by spaces (`"admin
///   treasurer"`), in place of `users.is_admin`: each admin keeps `admin`;
/// - `priests.user_id` links a priest's profile to the account they sign in with;
/// - `audit_log` records every staff action. It is append-only: triggers refuse every UPDATE and
///   DELETE (and, on PostgreSQL, TRUNCATE), whoever sends it.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Roles,
    IsAdmin,
}

#[derive(DeriveIden)]
enum Priests {
    Table,
    UserId,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    At,
    ActorId,
    ActorEmail,
    Address,
    Kind,
    Action,
    TargetKind,
    TargetId,
    Summary,
    Changes,
}

const POSTGRES_APPEND_ONLY: &str = r"
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
";

const POSTGRES_DOWN: &str = r"
DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log;
DROP TRIGGER IF EXISTS audit_log_no_change ON audit_log;
DROP FUNCTION IF EXISTS audit_log_append_only();
";

const SQLITE_APPEND_ONLY: [&str; 2] = [
    "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
    "CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
];

const SQLITE_DOWN: [&str; 2] = ["DROP TRIGGER IF EXISTS audit_log_no_update", "DROP TRIGGER IF EXISTS audit_log_no_delete"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Users::Table).add_column(ColumnDef::new(Users::Roles).text().not_null().default("")).to_owned(),
            )
            .await?;
        manager
            .exec_stmt(
                Query::update().table(Users::Table).value(Users::Roles, "admin").and_where(Expr::col(Users::IsAdmin).eq(true)).to_owned(),
            )
            .await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::IsAdmin).to_owned()).await?;

        manager.alter_table(Table::alter().table(Priests::Table).add_column(string_null(Priests::UserId, 36)).to_owned()).await?;
        manager
            .create_index(Index::create().name("idx_priests_user").table(Priests::Table).col(Priests::UserId).unique().to_owned())
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .col(string(AuditLog::Id, 36).primary_key())
                    .col(timestamp(AuditLog::At))
                    // No foreign key: an entry outlives the account that made it, and deleting an
                    // account must not have to change the log.
                    .col(string_null(AuditLog::ActorId, 36))
                    .col(string(AuditLog::ActorEmail, 254))
                    .col(string_null(AuditLog::Address, 64))
                    .col(string(AuditLog::Kind, 32))
                    .col(string(AuditLog::Action, 64))
                    .col(string(AuditLog::TargetKind, 32))
                    .col(string_null(AuditLog::TargetId, 64))
                    .col(text(AuditLog::Summary))
                    .col(text(AuditLog::Changes))
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_audit_log_at").table(AuditLog::Table).col(AuditLog::At).to_owned()).await?;
        manager
            .create_index(
                Index::create().name("idx_audit_log_actor").table(AuditLog::Table).col(AuditLog::ActorId).col(AuditLog::At).to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_audit_log_kind").table(AuditLog::Table).col(AuditLog::Kind).col(AuditLog::At).to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(POSTGRES_APPEND_ONLY).await?;
            }
            _ => {
                for sql in SQLITE_APPEND_ONLY {
                    db.execute_unprepared(sql).await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(POSTGRES_DOWN).await?;
            }
            _ => {
                for sql in SQLITE_DOWN {
                    db.execute_unprepared(sql).await?;
                }
            }
        }
        manager.drop_table(Table::drop().table(AuditLog::Table).to_owned()).await?;
        manager.drop_index(Index::drop().name("idx_priests_user").table(Priests::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Priests::Table).drop_column(Priests::UserId).to_owned()).await?;
        manager.alter_table(Table::alter().table(Users::Table).add_column(boolean(Users::IsAdmin, false)).to_owned()).await?;
        manager
            .exec_stmt(
                Query::update()
                    .table(Users::Table)
                    .value(Users::IsAdmin, true)
                    .and_where(Expr::cust("(' ' || roles || ' ') LIKE '% admin %'"))
                    .to_owned(),
            )
            .await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::Roles).to_owned()).await
    }
}

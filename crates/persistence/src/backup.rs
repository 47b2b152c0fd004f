//! SQLite backups: a consistent copy of a live database (`VACUUM INTO`), the checks a file must
//! pass before it replaces the database, and the checkpoint that folds the write-ahead log into
//! the main file before that file is moved (docs/decisions/0066-backup-and-restore.md).

use std::path::{Path, PathBuf};

use mandir_migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, DbErr, Statement};

use crate::Database;

/// The file of a `sqlite://` URL (`sqlite://data/mandir.db?mode=rwc` -> `data/mandir.db`), or
/// `None` for another database or an in-memory one.
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

/// What [`inspect_sqlite_file`] found in a file that is a Mandir database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseFacts {
    /// Migrations recorded as applied.
    pub applied: usize,
    /// Migrations this build knows that the file lacks (applied at the next start).
    pub pending: usize,
}

/// Why a file cannot be restored.
#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    #[error("{0} does not exist")]
    Missing(PathBuf),
    #[error("{0} is not a SQLite database ({1})")]
    NotSqlite(PathBuf, String),
    #[error("{0} fails SQLite's integrity check: {1}")]
    Corrupt(PathBuf, String),
    #[error("{0} is not a Mandir database: it has no applied migrations (seaql_migrations)")]
    NotMandir(PathBuf),
    #[error("{0} was made by a newer version of mandir: it has migrations this build does not know ({1}); upgrade mandir first")]
    Newer(PathBuf, String),
}

/// Opens `path` read-only and checks it is a SQLite database that passes `PRAGMA integrity_check`
/// and has Mandir's migrations table with only migrations this build knows.
pub async fn inspect_sqlite_file(path: &Path) -> Result<DatabaseFacts, InspectError> {
    if !path.is_file() {
        return Err(InspectError::Missing(path.to_owned()));
    }
    let url = format!("sqlite://{}?mode=ro", path.display());
    let not_sqlite = |e: DbErr| InspectError::NotSqlite(path.to_owned(), e.to_string());
    let conn = sea_orm::Database::connect(url.as_str()).await.map_err(not_sqlite)?;
    let outcome = inspect(&conn, path).await;
    conn.close().await.ok();
    outcome
}

async fn inspect(conn: &sea_orm::DatabaseConnection, path: &Path) -> Result<DatabaseFacts, InspectError> {
    let not_sqlite = |e: DbErr| InspectError::NotSqlite(path.to_owned(), e.to_string());
    let backend = conn.get_database_backend();
    let rows = conn.query_all_raw(Statement::from_string(backend, "PRAGMA integrity_check")).await.map_err(not_sqlite)?;
    let verdicts: Vec<String> = rows.iter().filter_map(|r| r.try_get_by_index::<String>(0).ok()).collect();
    if verdicts != ["ok"] {
        return Err(InspectError::Corrupt(path.to_owned(), verdicts.join("; ")));
    }
    let has_table = conn
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'seaql_migrations'",
        ))
        .await
        .map_err(not_sqlite)?
        .and_then(|r| r.try_get_by_index::<i64>(0).ok())
        .unwrap_or(0);
    if has_table == 0 {
        return Err(InspectError::NotMandir(path.to_owned()));
    }
    let applied: Vec<String> = conn
        .query_all_raw(Statement::from_string(backend, "SELECT version FROM seaql_migrations ORDER BY version"))
        .await
        .map_err(not_sqlite)?
        .iter()
        .filter_map(|r| r.try_get_by_index::<String>(0).ok())
        .collect();
    if applied.is_empty() {
        return Err(InspectError::NotMandir(path.to_owned()));
    }
    let known: Vec<String> = Migrator::migrations().iter().map(|m| m.name().to_owned()).collect();
    let unknown: Vec<&str> = applied.iter().filter(|a| !known.contains(a)).map(String::as_str).collect();
    if !unknown.is_empty() {
        return Err(InspectError::Newer(path.to_owned(), unknown.join(", ")));
    }
    Ok(DatabaseFacts { applied: applied.len(), pending: known.len() - applied.len() })
}

/// Single quotes doubled: a path as an SQL text literal.
fn sql_text(path: &Path) -> Result<String, DbErr> {
    let text = path.to_str().ok_or_else(|| DbErr::Custom(format!("{} is not valid UTF-8", path.display())))?;
    Ok(format!("'{}'", text.replace('\'', "''")))
}

impl Database {
    /// Writes a consistent copy of this SQLite database to `target`, which must not exist:
    /// `VACUUM INTO` reads one snapshot (a read transaction), so writers carry on meanwhile and the
    /// copy holds exactly the transactions committed before it started.
    pub async fn vacuum_into(&self, target: &Path) -> Result<(), DbErr> {
        self.require_sqlite()?;
        self.conn.execute_unprepared(&format!("VACUUM INTO {}", sql_text(target)?)).await.map(|_| ())
    }

    /// Folds the write-ahead log into the main file and empties it, so the main file alone holds
    /// every committed transaction (before that file is moved aside).
    pub async fn checkpoint(&self) -> Result<(), DbErr> {
        self.require_sqlite()?;
        self.conn.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)").await.map(|_| ())
    }

    fn require_sqlite(&self) -> Result<(), DbErr> {
        match self.kind() {
            crate::DatabaseKind::Sqlite => Ok(()),
            crate::DatabaseKind::Postgres => Err(DbErr::Custom("only SQLite databases are copied by mandir; use pg_dump".to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_name_their_file() {
        assert_eq!(sqlite_file("sqlite://data/mandir.db?mode=rwc"), Some(PathBuf::from("data/mandir.db")));
        assert_eq!(sqlite_file("sqlite:///var/lib/mandir/mandir.db"), Some(PathBuf::from("/var/lib/mandir/mandir.db")));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u@h/db"), None);
    }

    #[test]
    fn paths_are_quoted_as_sql_text() {
        assert_eq!(sql_text(Path::new("/tmp/it's.db")).ok().as_deref(), Some("'/tmp/it''s.db'"));
    }
}

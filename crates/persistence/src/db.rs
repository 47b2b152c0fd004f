//! Connecting, tuning and migrating the database.

use std::time::Duration;

use mandir_migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, ConnectionTrait, DatabaseConnection, DbErr};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatabaseKind {
    Sqlite,
    Postgres,
}

/// A pool of connections to the configured database.
#[derive(Debug, Clone)]
pub struct Database {
    pub(crate) conn: DatabaseConnection,
    kind: DatabaseKind,
}

impl Database {
    /// Connects to `sqlite://...` or `postgres://...`. SQLite runs in WAL mode with foreign keys
    /// on and a busy timeout; its parent folder is created when missing.
    pub async fn connect(url: &str) -> Result<Self, DbErr> {
        let kind = if url.starts_with("sqlite:") {
            DatabaseKind::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            DatabaseKind::Postgres
        } else {
            return Err(DbErr::Custom(format!("unsupported database URL scheme in {url:?}: use sqlite:// or postgres://")));
        };
        if kind == DatabaseKind::Sqlite {
            ensure_sqlite_folder(url)?;
        }
        let mut options = ConnectOptions::new(url.to_owned());
        options
            .max_connections(if kind == DatabaseKind::Sqlite { 8 } else { 16 })
            .min_connections(1)
            .connect_timeout(Duration::from_secs(10))
            .acquire_timeout(Duration::from_secs(10))
            .sqlx_logging(false);
        let conn = sea_orm::Database::connect(options).await?;
        if kind == DatabaseKind::Sqlite {
            // WAL persists in the file; foreign keys and the busy timeout are per connection and
            // sqlx sets them on every connection it opens (foreign_keys=ON, busy_timeout=5s).
            conn.execute_unprepared("PRAGMA journal_mode=WAL;").await?;
            conn.execute_unprepared("PRAGMA synchronous=NORMAL;").await?;
        }
        Ok(Self { conn, kind })
    }

    pub fn kind(&self) -> DatabaseKind {
        self.kind
    }

    pub async fn migrate(&self) -> Result<(), DbErr> {
        Migrator::up(&self.conn, None).await
    }

    /// Answers once the database does.
    pub async fn ping(&self) -> Result<(), DbErr> {
        self.conn.ping().await
    }

    /// Runs raw SQL, for tests that need rows no repository writes yet.
    #[cfg(feature = "test-support")]
    pub async fn execute_raw(&self, sql: &str) -> Result<(), DbErr> {
        self.conn.execute_unprepared(sql).await.map(|_| ())
    }

    pub async fn close(self) -> Result<(), DbErr> {
        self.conn.close().await
    }
}

fn ensure_sqlite_folder(url: &str) -> Result<(), DbErr> {
    let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).map_err(|e| DbErr::Custom(format!("cannot create {}: {e}", parent.display())))?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl mandir_application::ports::HealthProbe for Database {
    async fn ready(&self) -> Result<(), mandir_application::BoxError> {
        self.ping().await.map_err(Into::into)
    }
}

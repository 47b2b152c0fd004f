//! Connecting, tuning and migrating the database.

use std::sync::Arc;
use std::time::Duration;

use mandir_application::ports::{NotReady, PaymentCount, PoolUsage};
use mandir_migration::{Migrator, MigratorTrait};
use sea_orm::{
    ConnectOptions, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, ExecResult, QueryResult,
    SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait,
};
use tokio::sync::{Mutex, OwnedMutexGuard};

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
    /// Every statement run through this pool, for the statement budget tests.
    #[cfg(feature = "test-support")]
    statements: crate::test_support::StatementLog,
    max_connections: u32,
    /// SQLite only: the turn to write, taken before a connection is, so this process's writers
    /// queue here, first come first served, instead of polling SQLite's write lock.
    write_turn: Option<Arc<Mutex<()>>>,
    /// Counts this process's committed changes to payments: what a cached sum over payments (the
    /// funds' progress) compares with the count it was made at.
    payments_generation: Arc<std::sync::atomic::AtomicU64>,
}

/// How long a writer waits for its turn: SQLite's busy timeout, so a stuck writer still fails
/// the way it did before the turn existed ("database is locked" after 5 s).
const WRITE_TURN_TIMEOUT: Duration = Duration::from_secs(5);

/// A write transaction (see [`Database::begin_write`]), holding the SQLite write turn until it
/// commits or is dropped (rolled back).
pub(crate) struct WriteTransaction {
    tx: DatabaseTransaction,
    _turn: Option<OwnedMutexGuard<()>>,
}

impl WriteTransaction {
    pub(crate) async fn commit(self) -> Result<(), DbErr> {
        self.tx.commit().await
    }

    pub(crate) async fn rollback(self) -> Result<(), DbErr> {
        self.tx.rollback().await
    }
}

impl std::ops::Deref for WriteTransaction {
    type Target = DatabaseTransaction;

    fn deref(&self) -> &DatabaseTransaction {
        &self.tx
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for WriteTransaction {
    fn get_database_backend(&self) -> DbBackend {
        self.tx.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.tx.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.tx.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.tx.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.tx.query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.tx.support_returning()
    }
}

impl Database {
    /// Connects to `sqlite://...` or `postgres://...`. SQLite runs in WAL mode with foreign keys
    /// on and a busy timeout; its parent folder is created when missing.
    pub async fn connect(url: &str) -> Result<Self, DbErr> {
        let Some(kind) = Self::kind_of(url) else {
            return Err(DbErr::Custom(format!("unsupported database URL scheme in {url:?}: use sqlite:// or postgres://")));
        };
        if kind == DatabaseKind::Sqlite {
            ensure_sqlite_folder(url)?;
        }
        let max_connections = if kind == DatabaseKind::Sqlite { 8 } else { 16 };
        let mut options = ConnectOptions::new(url.to_owned());
        options
            .max_connections(max_connections)
            .min_connections(1)
            .connect_timeout(Duration::from_secs(10))
            .acquire_timeout(Duration::from_secs(10))
            .sqlx_logging(false)
            // Per connection, so on every connection the pool opens (a PRAGMA run through the
            // pool reaches one connection only): in WAL mode NORMAL syncs at checkpoints, not at
            // every commit; a power cut can lose the last commits, never corrupt the file.
            .map_sqlx_sqlite_opts(|opts| opts.synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal));
        #[cfg_attr(not(feature = "test-support"), allow(unused_mut))]
        let mut conn = sea_orm::Database::connect(options).await?;
        #[cfg(feature = "test-support")]
        let statements = crate::test_support::StatementLog::default();
        #[cfg(feature = "test-support")]
        {
            let log = statements.clone();
            conn.set_metric_callback(move |info| log.record(&info.statement.sql));
        }
        if kind == DatabaseKind::Sqlite {
            // WAL persists in the file; foreign keys, the busy timeout and `synchronous` are per
            // connection and sqlx sets them on every connection it opens (foreign_keys=ON,
            // busy_timeout=5s, synchronous=NORMAL above).
            conn.execute_unprepared("PRAGMA journal_mode=WAL;").await?;
        }
        Ok(Self {
            conn,
            kind,
            max_connections,
            write_turn: (kind == DatabaseKind::Sqlite).then(|| Arc::new(Mutex::new(()))),
            payments_generation: Arc::default(),
            #[cfg(feature = "test-support")]
            statements,
        })
    }

    /// The statements this pool ran (test builds only): what the statement budgets count.
    #[cfg(feature = "test-support")]
    pub fn statements(&self) -> &crate::test_support::StatementLog {
        &self.statements
    }

    /// Which database a URL names, by its scheme.
    pub fn kind_of(url: &str) -> Option<DatabaseKind> {
        if url.starts_with("sqlite:") {
            Some(DatabaseKind::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(DatabaseKind::Postgres)
        } else {
            None
        }
    }

    /// Call after committing a change to payments (a new one, a status, a refund).
    pub(crate) fn payments_changed(&self) {
        self.payments_generation.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    /// How many changes to payments this process has committed; read it before a sum over
    /// payments and keep it with the sum.
    pub(crate) fn payments_generation(&self) -> u64 {
        self.payments_generation.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn kind(&self) -> DatabaseKind {
        self.kind
    }

    /// Starts a transaction that will write. On SQLite it starts `IMMEDIATE`, taking the database's
    /// write lock (waiting up to the busy timeout) before it reads anything: a deferred transaction
    /// that reads and then writes fails at once with "database is locked" when another connection
    /// committed in between, without waiting. On PostgreSQL it is a plain transaction; read rows
    /// with `lock_exclusive()` (`SELECT ... FOR UPDATE`) before changing them.
    ///
    /// On SQLite the transaction first takes this process's write turn ([`Self::write_turn`]).
    pub(crate) async fn begin_write(&self) -> Result<WriteTransaction, DbErr> {
        let turn = self.write_turn().await?;
        let options =
            TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..TransactionOptions::default() };
        Ok(WriteTransaction { tx: self.conn.begin_with_options(options).await?, _turn: turn })
    }

    /// On SQLite, waits for this process's turn to write; hold it over a write statement sent
    /// outside [`Self::begin_write`]. SQLite has one writer at a time, and a connection that finds
    /// the write lock taken sleeps in the busy handler (1, 2, 5, 10 ms and longer) however soon
    /// the lock is free again: queued here, the next writer starts the moment the last one ends
    /// (ADR 0118). Writers in other processes still meet the busy handler. `None` on PostgreSQL,
    /// whose row locks let writers to different rows run together.
    pub(crate) async fn write_turn(&self) -> Result<Option<OwnedMutexGuard<()>>, DbErr> {
        let Some(turn) = &self.write_turn else {
            return Ok(None);
        };
        match tokio::time::timeout(WRITE_TURN_TIMEOUT, turn.clone().lock_owned()).await {
            Ok(guard) => Ok(Some(guard)),
            Err(_) => Err(DbErr::Custom("database is locked: no turn to write within 5 s".to_owned())),
        }
    }

    pub async fn migrate(&self) -> Result<(), DbErr> {
        Migrator::up(&self.conn, None).await
    }

    /// Applies the migrations that come before the one named `name` (tests of a migration's
    /// backfill: rows written by the older schema, then `migrate`).
    #[cfg(feature = "test-support")]
    pub async fn migrate_before(&self, name: &str) -> Result<(), DbErr> {
        let steps = Migrator::migrations()
            .iter()
            .position(|m| m.name() == name)
            .ok_or_else(|| DbErr::Custom(format!("no migration named {name}")))?;
        Migrator::up(&self.conn, Some(u32::try_from(steps).map_err(|e| DbErr::Custom(e.to_string()))?)).await
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
    async fn ready(&self) -> Result<(), NotReady> {
        self.ping().await.map_err(|e| NotReady { reason: "the database does not answer".to_owned(), cause: Some(e.into()) })?;
        let pending = Migrator::get_pending_migrations_read_only(&self.conn).await.map_err(|e| {
            // sea-orm-migration refuses a database with applied migrations it has no file for.
            let reason = if e.to_string().contains("file is missing") {
                "the database was migrated by a newer version of mandir"
            } else {
                "the migrations could not be read"
            };
            NotReady { reason: reason.to_owned(), cause: Some(e.into()) }
        })?;
        match pending.len() {
            0 => Ok(()),
            n => Err(NotReady { reason: format!("{n} database migration(s) not applied yet"), cause: None }),
        }
    }

    fn pool_usage(&self) -> PoolUsage {
        let (open, idle) = match self.kind {
            DatabaseKind::Sqlite => {
                let pool = self.conn.get_sqlite_connection_pool();
                (pool.size(), pool.num_idle())
            }
            DatabaseKind::Postgres => {
                let pool = self.conn.get_postgres_connection_pool();
                (pool.size(), pool.num_idle())
            }
        };
        PoolUsage { open, idle: u32::try_from(idle).unwrap_or(u32::MAX), max: self.max_connections }
    }

    async fn payment_counts(&self) -> Result<Vec<PaymentCount>, mandir_application::BoxError> {
        use sea_orm::{EntityTrait, QueryOrder, QuerySelect};

        use crate::entities::payments;

        let rows: Vec<(String, String, i64)> = payments::Entity::find()
            .select_only()
            .column(payments::Column::Status)
            .column(payments::Column::Provider)
            .column_as(
                sea_orm::sea_query::Expr::from(sea_orm::sea_query::Func::count(sea_orm::sea_query::Expr::col(payments::Column::Id))),
                "count",
            )
            .group_by(payments::Column::Status)
            .group_by(payments::Column::Provider)
            .order_by_asc(payments::Column::Status)
            .order_by_asc(payments::Column::Provider)
            .into_tuple()
            .all(&self.conn)
            .await?;
        Ok(rows.into_iter().map(|(status, provider, count)| PaymentCount { status, provider, count }).collect())
    }
}

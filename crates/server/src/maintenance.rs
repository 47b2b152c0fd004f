//! `mandir backup FILE` and `mandir restore FILE` (docs/decisions/0066-backup-and-restore.md).
//!
//! On SQLite a backup is a consistent online copy (`VACUUM INTO`, while the server runs); a
//! restore replaces the database file of a stopped server, keeping the old one as
//! `<db>.before-restore`. Every process that serves or changes the database holds a shared lock on
//! `<db>.lock` ([`InstanceLock`]); a restore takes it exclusively, so it refuses while a server
//! runs. On PostgreSQL both commands print the `pg_dump` / `pg_restore` command instead.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use mandir_persistence::backup::{DatabaseFacts, inspect_sqlite_file, sqlite_file};
use mandir_persistence::{Database, DatabaseKind};

/// A lock on `<db>.lock` next to a SQLite database: shared by the processes using the database,
/// exclusive for a restore. The operating system releases it when the process ends, however it
/// ends.
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
}

fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

fn open_lock_file(db: &Path) -> anyhow::Result<File> {
    let path = lock_path(db);
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))
}

impl InstanceLock {
    /// The shared lock of a process using the database at `database_url`; `None` for PostgreSQL
    /// or an in-memory database. Refused while a restore holds the lock.
    pub fn shared(database_url: &str) -> anyhow::Result<Option<Self>> {
        let Some(db) = sqlite_file(database_url) else { return Ok(None) };
        let file = open_lock_file(&db)?;
        match file.try_lock_shared() {
            Ok(()) => Ok(Some(Self { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => {
                bail!(
                    "{} is being restored (`mandir restore` holds {}); start the server when it is done",
                    db.display(),
                    lock_path(&db).display()
                )
            }
            Err(std::fs::TryLockError::Error(e)) => Err(e).with_context(|| format!("locking {}", lock_path(&db).display())),
        }
    }

    /// The exclusive lock a restore needs: refused while any process holds the shared one.
    pub fn exclusive(db: &Path) -> anyhow::Result<Self> {
        let file = open_lock_file(db)?;
        match file.try_lock() {
            Ok(()) => Ok(Self { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => bail!(
                "the server seems to be running: a mandir process holds {}. Stop every mandir process using {} first (e.g. `systemctl stop mandir`)",
                lock_path(db).display(),
                db.display()
            ),
            Err(std::fs::TryLockError::Error(e)) => Err(e).with_context(|| format!("locking {}", lock_path(db).display())),
        }
    }
}

/// What `mandir backup` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackupOutcome {
    /// The copy was written (and passed the integrity check): its size in bytes.
    Written { path: PathBuf, bytes: u64 },
    /// PostgreSQL: mandir copies nothing; this is the command that does.
    UsePgDump { command: String },
}

/// What `mandir restore` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestoreOutcome {
    Restored { database: PathBuf, previous: Option<PathBuf>, facts: DatabaseFacts },
    UsePgRestore { command: String },
}

/// Copies the live SQLite database to `target` (refusing an existing file unless `overwrite`);
/// for PostgreSQL answers the `pg_dump` command.
pub async fn backup(database_url: &str, target: &Path, overwrite: bool) -> anyhow::Result<BackupOutcome> {
    if is_postgres(database_url) {
        let command = format!(
            "pg_dump --format=custom --file {} {}",
            shell_quote(&target.display().to_string()),
            shell_quote(&without_password(database_url))
        );
        return Ok(BackupOutcome::UsePgDump { command });
    }
    let db_file = sqlite_file(database_url).context("MANDIR_DATABASE_URL names no database file to back up")?;
    if !db_file.is_file() {
        bail!("there is no database at {} (MANDIR_DATABASE_URL)", db_file.display());
    }
    if target.exists() && !overwrite {
        bail!("{} already exists; choose another name, or pass --force to replace it", target.display());
    }
    // Written beside the target, then renamed over it: a crash never leaves half a backup under
    // the final name, and an existing file is replaced only by a complete copy.
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let partial = sibling(target, ".partial");
    std::fs::remove_file(&partial).ok();
    let db = Database::connect(database_url).await.context("opening the database")?;
    let copied = db.vacuum_into(&partial).await.with_context(|| format!("copying the database into {}", partial.display()));
    db.close().await.ok();
    copied?;
    File::open(&partial).and_then(|f| f.sync_all()).with_context(|| format!("syncing {}", partial.display()))?;
    if let Err(error) = inspect_sqlite_file(&partial).await {
        std::fs::remove_file(&partial).ok();
        return Err(error).context("the copy fails its checks");
    }
    std::fs::rename(&partial, target).with_context(|| format!("renaming {} to {}", partial.display(), target.display()))?;
    sync_parent(target);
    let bytes = std::fs::metadata(target).map(|m| m.len()).unwrap_or_default();
    Ok(BackupOutcome::Written { path: target.to_owned(), bytes })
}

/// Replaces the SQLite database of a stopped server with `source` (a backup), keeping the old
/// database as `<db>.before-restore`; for PostgreSQL answers the `pg_restore` command.
pub async fn restore(database_url: &str, source: &Path) -> anyhow::Result<RestoreOutcome> {
    if is_postgres(database_url) {
        let command = format!(
            "pg_restore --clean --if-exists --no-owner --dbname {} {}",
            shell_quote(&without_password(database_url)),
            shell_quote(&source.display().to_string())
        );
        return Ok(RestoreOutcome::UsePgRestore { command });
    }
    let db_file = sqlite_file(database_url).context("MANDIR_DATABASE_URL names no database file to restore into")?;
    let facts = inspect_sqlite_file(source).await.with_context(|| format!("{} cannot be restored", source.display()))?;
    let _lock = InstanceLock::exclusive(&db_file)?;
    let previous = if db_file.exists() {
        let previous = sibling(&db_file, ".before-restore");
        if previous.exists() {
            bail!(
                "{} already exists (an earlier restore's copy of the database); move it somewhere safe, then run the restore again",
                previous.display()
            );
        }
        // The write-ahead log holds committed transactions too: fold it into the main file so the
        // file kept aside is complete, and so no stale log is applied to the restored file.
        let db = Database::connect(database_url).await.context("opening the current database")?;
        let checkpointed = db.checkpoint().await.context("folding the write-ahead log into the current database");
        db.close().await.ok();
        checkpointed?;
        std::fs::rename(&db_file, &previous).with_context(|| format!("moving {} to {}", db_file.display(), previous.display()))?;
        for suffix in ["-wal", "-shm"] {
            let leftover = sibling(&db_file, suffix);
            if leftover.exists() {
                std::fs::rename(&leftover, sibling(&previous, suffix)).with_context(|| format!("moving {} aside", leftover.display()))?;
            }
        }
        Some(previous)
    } else {
        None
    };
    let incoming = sibling(&db_file, ".restoring");
    std::fs::copy(source, &incoming).with_context(|| format!("copying {} to {}", source.display(), incoming.display()))?;
    File::open(&incoming).and_then(|f| f.sync_all()).with_context(|| format!("syncing {}", incoming.display()))?;
    std::fs::rename(&incoming, &db_file).with_context(|| format!("renaming {} to {}", incoming.display(), db_file.display()))?;
    sync_parent(&db_file);
    Ok(RestoreOutcome::Restored { database: db_file, previous, facts })
}

fn is_postgres(url: &str) -> bool {
    matches!(Database::kind_of(url), Some(DatabaseKind::Postgres))
}

/// `path` with `suffix` appended to its file name.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Makes a rename durable (best effort: not every platform can sync a folder).
fn sync_parent(path: &Path) {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        File::open(parent).and_then(|f| f.sync_all()).ok();
    }
}

/// The URL with its password taken out (`postgres://user:secret@host/db` ->
/// `postgres://user@host/db`): commands are printed and land in logs.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split_once(':').map_or(userinfo, |(user, _)| user);
            format!("{scheme}://{user}@{host}{tail}")
        }
        None => url.to_owned(),
    }
}

/// Single-quoted for a POSIX shell.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_the_printed_command() {
        assert_eq!(without_password("postgres://mandir:s3cret@db.example.org:5432/mandir"), "postgres://mandir@db.example.org:5432/mandir");
        assert_eq!(
            without_password("postgres://mandir@localhost/mandir?sslmode=require"),
            "postgres://mandir@localhost/mandir?sslmode=require"
        );
        assert_eq!(without_password("postgres://localhost/mandir"), "postgres://localhost/mandir");
        assert_eq!(without_password("postgres://u:p%40ss@h/db"), "postgres://u@h/db");
    }

    #[test]
    fn shell_quoting_survives_quotes() {
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }

    #[test]
    fn siblings_and_lock_files_sit_next_to_the_database() {
        assert_eq!(
            sibling(Path::new("/var/lib/mandir/mandir.db"), ".before-restore"),
            PathBuf::from("/var/lib/mandir/mandir.db.before-restore")
        );
        assert_eq!(lock_path(Path::new("data/mandir.db")), PathBuf::from("data/mandir.db.lock"));
    }

    #[tokio::test]
    async fn postgres_backups_and_restores_are_explained_not_attempted() {
        let url = "postgres://mandir:hunter2@db.internal:5432/mandir";
        let BackupOutcome::UsePgDump { command } = backup(url, Path::new("/backups/mandir.dump"), false).await.expect("explained") else {
            panic!("not the pg_dump explanation")
        };
        assert_eq!(command, "pg_dump --format=custom --file '/backups/mandir.dump' 'postgres://mandir@db.internal:5432/mandir'");
        let RestoreOutcome::UsePgRestore { command } = restore(url, Path::new("/backups/mandir.dump")).await.expect("explained") else {
            panic!("not the pg_restore explanation")
        };
        assert!(!command.contains("hunter2") && command.starts_with("pg_restore "), "{command}");
    }
}

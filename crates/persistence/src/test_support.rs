//! Fresh databases for tests: a new SQLite file, or a new PostgreSQL database on the server named
//! by `MANDIR_TEST_DATABASE_URL` (e.g. `postgres://postgres@127.0.0.1:5432/test`).

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

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend, Statement};

/// A seva booked at the counter for a walk-in has no member: `seva_bookings.user_id` may be NULL
/// (docs/product.md#the-counter). The walk-in is the sale's donor record, reached through the
/// booking's payment; the booking's participants carry the name the priest reads.
///
/// PostgreSQL drops the NOT NULL. SQLite cannot alter a column, so the table is rebuilt in one
/// transaction as SQLite's documentation describes: the stored `CREATE TABLE` with only the
/// `user_id` column changed, every row copied, the old table dropped, the new one renamed and
/// the indexes made again from their stored text. No table refers to `seva_bookings`, so the
/// foreign keys need not be switched off.
///
/// Down refuses while a walk-in booking exists, rather than drop it.
#[derive(DeriveMigrationName)]
pub struct Migration;

const USER_ID_REQUIRED: &str = r#""user_id" varchar(36) NOT NULL"#;
const USER_ID_OPTIONAL: &str = r#""user_id" varchar(36) NULL"#;

async fn rebuild_sqlite(manager: &SchemaManager<'_>, from: &str, to: &str) -> Result<(), DbErr> {
    let tx = manager.begin().await?;
    let db = tx.get_connection();
    let stored = |kind: &str| {
        Statement::from_sql_and_values(
            DbBackend::Sqlite,
            "SELECT sql FROM sqlite_master WHERE tbl_name = 'seva_bookings' AND type = $1 AND sql IS NOT NULL",
            [kind.into()],
        )
    };
    let table = db.query_one_raw(stored("table")).await?.ok_or_else(|| DbErr::Migration("seva_bookings is missing".into()))?;
    let create: String = table.try_get("", "sql")?;
    if !create.contains(from) {
        return Err(DbErr::Migration(format!("seva_bookings.user_id is not `{from}` as expected: {create}")));
    }
    let create = create.replacen(from, to, 1).replacen("\"seva_bookings\"", "\"seva_bookings_rebuilt\"", 1);
    let mut indexes = Vec::new();
    for row in db.query_all_raw(stored("index")).await? {
        indexes.push(row.try_get::<String>("", "sql")?);
    }
    db.execute_unprepared(&create).await?;
    db.execute_unprepared("INSERT INTO seva_bookings_rebuilt SELECT * FROM seva_bookings").await?;
    db.execute_unprepared("DROP TABLE seva_bookings").await?;
    db.execute_unprepared("ALTER TABLE seva_bookings_rebuilt RENAME TO seva_bookings").await?;
    for index in indexes {
        db.execute_unprepared(&index).await?;
    }
    tx.commit().await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                manager.get_connection().execute_unprepared("ALTER TABLE seva_bookings ALTER COLUMN user_id DROP NOT NULL").await?;
                Ok(())
            }
            _ => rebuild_sqlite(manager, USER_ID_REQUIRED, USER_ID_OPTIONAL).await,
        }
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let walk_ins = db
            .query_one_raw(Statement::from_string(
                manager.get_database_backend(),
                "SELECT count(*) AS n FROM seva_bookings WHERE user_id IS NULL",
            ))
            .await?
            .map(|row| row.try_get::<i64>("", "n"))
            .transpose()?
            .unwrap_or(0);
        if walk_ins > 0 {
            return Err(DbErr::Migration(format!(
                "{walk_ins} seva bookings are for walk-ins without an account: cancel or reassign them first"
            )));
        }
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared("ALTER TABLE seva_bookings ALTER COLUMN user_id SET NOT NULL").await?;
                Ok(())
            }
            _ => rebuild_sqlite(manager, USER_ID_OPTIONAL, USER_ID_REQUIRED).await,
        }
    }
}

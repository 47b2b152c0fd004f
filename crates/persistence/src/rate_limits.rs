//! Attempt counters in the `rate_limits` table: one atomic upsert per attempt, so parallel
//! requests on any number of processes are counted exactly. A key's window starts at its first
//! attempt and is restarted by the first attempt after it ended.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{Hit, RateLimitStore, RepoError};
use sea_orm::ConnectionTrait;
use sea_orm::sea_query::{Alias, CaseStatement, Expr, ExprTrait, OnConflict, Query};

use crate::Database;
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmRateLimitStore {
    db: Database,
}

impl SeaOrmRateLimitStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn table() -> Alias {
    Alias::new("rate_limits")
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

#[async_trait]
impl RateLimitStore for SeaOrmRateLimitStore {
    async fn hit(&self, key: &str, now: DateTime<Utc>, new_window_ends: DateTime<Utc>) -> Result<Hit, RepoError> {
        // Every SET expression reads the row as it was, so both see whether its window had ended.
        let ended = || Expr::col((table(), col("window_ends"))).lte(now);
        let insert = Query::insert()
            .into_table(table())
            .columns([col("key"), col("window_ends"), col("count")])
            .values([key.into(), new_window_ends.into(), 1_i64.into()])
            .map_err(RepoError::unexpected)?
            .on_conflict(
                OnConflict::column(col("key"))
                    .values([
                        (col("count"), CaseStatement::new().case(ended(), 1_i64).finally(Expr::col((table(), col("count"))).add(1)).into()),
                        (
                            col("window_ends"),
                            CaseStatement::new()
                                .case(ended(), Expr::col((Alias::new("excluded"), col("window_ends"))))
                                .finally(Expr::col((table(), col("window_ends"))))
                                .into(),
                        ),
                    ])
                    .to_owned(),
            )
            .returning(Query::returning().columns([col("count"), col("window_ends")]))
            .to_owned();
        let row = self.db.conn.query_one(&insert).await.repo()?.ok_or(RepoError::NotFound)?;
        Ok(Hit { count: row.try_get("", "count").repo()?, window_ends: row.try_get("", "window_ends").repo()? })
    }

    async fn give_back(&self, key: &str) -> Result<(), RepoError> {
        let update = Query::update()
            .table(table())
            .value(col("count"), Expr::col(col("count")).sub(1))
            .and_where(Expr::col(col("key")).eq(key))
            .and_where(Expr::col(col("count")).gt(0))
            .to_owned();
        self.db.conn.execute(&update).await.repo().map(|_| ())
    }

    async fn purge(&self, now: DateTime<Utc>) -> Result<u64, RepoError> {
        let delete = Query::delete().from_table(table()).and_where(Expr::col(col("window_ends")).lt(now)).to_owned();
        self.db.conn.execute(&delete).await.repo().map(|result| result.rows_affected())
    }
}

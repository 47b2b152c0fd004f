//! Background jobs' schedule, leases and runs in the `jobs` and `job_runs` tables. A claim is one
//! conditional `UPDATE` (due, and no unexpired lease), atomic on SQLite and PostgreSQL alike, so
//! exactly one of several processes gets it; every later write is guarded by the holder.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{Finish, JobRun, JobState, JobStore, Progress, RepoError, RunOutcome};
use sea_orm::sea_query::{Alias, Cond, Expr, ExprTrait, OnConflict, Order, Query, SelectStatement};
use sea_orm::{ConnectionTrait, QueryResult};

use crate::Database;
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmJobStore {
    db: Database,
}

impl SeaOrmJobStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn jobs() -> Alias {
    Alias::new("jobs")
}

fn runs() -> Alias {
    Alias::new("job_runs")
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

const RUN_COLUMNS: [&str; 9] = ["id", "job", "holder", "started_at", "finished_at", "outcome", "processed", "cursor", "error"];

fn select_runs() -> SelectStatement {
    Query::select().from(runs()).columns(RUN_COLUMNS.map(col)).to_owned()
}

fn run_of(row: &QueryResult) -> Result<JobRun, RepoError> {
    let outcome: String = row.try_get("", "outcome").repo()?;
    Ok(JobRun {
        id: row.try_get("", "id").repo()?,
        job: row.try_get("", "job").repo()?,
        holder: row.try_get("", "holder").repo()?,
        started_at: row.try_get("", "started_at").repo()?,
        finished_at: row.try_get("", "finished_at").repo()?,
        outcome: RunOutcome::parse(&outcome)
            .ok_or_else(|| RepoError::unexpected(format!("stored run has an unknown outcome {outcome:?}")))?,
        processed: row.try_get("", "processed").repo()?,
        cursor: row.try_get("", "cursor").repo()?,
        error: row.try_get("", "error").repo()?,
    })
}

/// The job's newest run.
fn latest_run(job: &str) -> SelectStatement {
    select_runs().and_where(Expr::col(col("job")).eq(job)).order_by(col("started_at"), Order::Desc).limit(1).to_owned()
}

#[async_trait]
impl JobStore for SeaOrmJobStore {
    async fn register(&self, job: &str, first_due: DateTime<Utc>) -> Result<(), RepoError> {
        let insert = Query::insert()
            .into_table(jobs())
            .columns([col("name"), col("next_due"), col("updated_at")])
            .values([job.into(), first_due.into(), first_due.into()])
            .map_err(RepoError::unexpected)?
            .on_conflict(OnConflict::column(col("name")).do_nothing().to_owned())
            .to_owned();
        self.db.conn.execute(&insert).await.repo().map(|_| ())
    }

    async fn claim(&self, job: &str, holder: &str, now: DateTime<Utc>, lease_until: DateTime<Utc>) -> Result<bool, RepoError> {
        let update = Query::update()
            .table(jobs())
            .values([(col("holder"), holder.into()), (col("lease_until"), lease_until.into()), (col("updated_at"), now.into())])
            .and_where(Expr::col(col("name")).eq(job))
            .and_where(Expr::col(col("next_due")).lte(now))
            .cond_where(Cond::any().add(Expr::col(col("lease_until")).is_null()).add(Expr::col(col("lease_until")).lt(now)))
            .to_owned();
        Ok(self.db.conn.execute(&update).await.repo()?.rows_affected() == 1)
    }

    async fn open_run(&self, job: &str, holder: &str, now: DateTime<Utc>) -> Result<JobRun, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let unfinished = latest_run(job).and_where(Expr::col(col("outcome")).eq(RunOutcome::Running.as_str())).to_owned();
        let run = match tx.query_one(&unfinished).await.repo()? {
            Some(row) => {
                let run = run_of(&row)?;
                let take_over = Query::update()
                    .table(runs())
                    .value(col("holder"), holder)
                    .and_where(Expr::col(col("id")).eq(run.id.as_str()))
                    .to_owned();
                tx.execute(&take_over).await.repo()?;
                JobRun { holder: holder.to_owned(), ..run }
            }
            None => {
                let run = JobRun {
                    id: uuid::Uuid::new_v4().to_string(),
                    job: job.to_owned(),
                    holder: holder.to_owned(),
                    started_at: now,
                    finished_at: None,
                    outcome: RunOutcome::Running,
                    processed: 0,
                    cursor: None,
                    error: None,
                };
                let insert = Query::insert()
                    .into_table(runs())
                    .columns(["id", "job", "holder", "started_at", "outcome", "processed"].map(col))
                    .values([
                        run.id.as_str().into(),
                        job.into(),
                        holder.into(),
                        now.into(),
                        RunOutcome::Running.as_str().into(),
                        0_i64.into(),
                    ])
                    .map_err(RepoError::unexpected)?
                    .to_owned();
                tx.execute(&insert).await.repo()?;
                run
            }
        };
        tx.commit().await.repo()?;
        Ok(run)
    }

    async fn save_progress(&self, run_id: &str, holder: &str, progress: Progress) -> Result<bool, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let saved = Query::update()
            .table(runs())
            .values([(col("processed"), progress.processed.into()), (col("cursor"), progress.cursor.into())])
            .and_where(Expr::col(col("id")).eq(run_id))
            .and_where(Expr::col(col("holder")).eq(holder))
            .and_where(Expr::col(col("outcome")).eq(RunOutcome::Running.as_str()))
            .to_owned();
        let renewed = Query::update()
            .table(jobs())
            .values([(col("lease_until"), progress.lease_until.into())])
            .and_where(Expr::col(col("holder")).eq(holder))
            .and_where(
                Expr::col(col("name"))
                    .in_subquery(Query::select().from(runs()).column(col("job")).and_where(Expr::col(col("id")).eq(run_id)).to_owned()),
            )
            .to_owned();
        if tx.execute(&saved).await.repo()?.rows_affected() != 1 || tx.execute(&renewed).await.repo()?.rows_affected() != 1 {
            tx.rollback().await.repo()?;
            return Ok(false);
        }
        tx.commit().await.repo()?;
        Ok(true)
    }

    async fn finish(&self, run_id: &str, holder: &str, finish: Finish) -> Result<bool, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let finished = Query::update()
            .table(runs())
            .values([
                (col("outcome"), finish.outcome.as_str().into()),
                (col("processed"), finish.processed.into()),
                (col("error"), finish.error.into()),
                (col("finished_at"), finish.finished_at.into()),
            ])
            .and_where(Expr::col(col("id")).eq(run_id))
            .and_where(Expr::col(col("holder")).eq(holder))
            .and_where(Expr::col(col("outcome")).eq(RunOutcome::Running.as_str()))
            .to_owned();
        let released = Query::update()
            .table(jobs())
            .values([
                (col("holder"), Option::<String>::None.into()),
                (col("lease_until"), Option::<DateTime<Utc>>::None.into()),
                (col("next_due"), finish.next_due.into()),
                (col("updated_at"), finish.finished_at.into()),
            ])
            .and_where(Expr::col(col("holder")).eq(holder))
            .and_where(
                Expr::col(col("name"))
                    .in_subquery(Query::select().from(runs()).column(col("job")).and_where(Expr::col(col("id")).eq(run_id)).to_owned()),
            )
            .to_owned();
        if tx.execute(&finished).await.repo()?.rows_affected() != 1 || tx.execute(&released).await.repo()?.rows_affected() != 1 {
            tx.rollback().await.repo()?;
            return Ok(false);
        }
        tx.commit().await.repo()?;
        Ok(true)
    }

    async fn list(&self) -> Result<Vec<JobState>, RepoError> {
        let select = Query::select()
            .from(jobs())
            .columns(["name", "next_due", "holder", "lease_until"].map(col))
            .order_by(col("name"), Order::Asc)
            .to_owned();
        let mut states = Vec::new();
        for row in self.db.conn.query_all(&select).await.repo()? {
            let name: String = row.try_get("", "name").repo()?;
            let last_run = match self.db.conn.query_one(&latest_run(&name)).await.repo()? {
                Some(row) => Some(run_of(&row)?),
                None => None,
            };
            states.push(JobState {
                next_due: row.try_get("", "next_due").repo()?,
                holder: row.try_get("", "holder").repo()?,
                lease_until: row.try_get("", "lease_until").repo()?,
                name,
                last_run,
            });
        }
        Ok(states)
    }
}

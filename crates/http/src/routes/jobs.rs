//! The background jobs as admins see them (docs/decisions/0061-background-jobs-claimed-once.md).

use actix_web::{get, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::JobRun;
use mandir_application::services::jobs::JobView;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(list_jobs), components(schemas(JobDto, JobRunDto)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_jobs);
}

/// A job's latest run.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobRunDto {
    /// The process that ran (or runs) it.
    holder: String,
    started_at: DateTime<Utc>,
    /// `null` while it runs or after its process stopped mid-run.
    finished_at: Option<DateTime<Utc>>,
    /// `running`, `succeeded` or `failed`.
    #[schema(example = "succeeded")]
    outcome: String,
    /// Items processed so far.
    processed: i64,
    /// Where an interrupted run resumes; `null` before its first step ended.
    cursor: Option<String>,
    /// Why it failed.
    error: Option<String>,
}

impl From<JobRun> for JobRunDto {
    fn from(run: JobRun) -> Self {
        Self {
            holder: run.holder,
            started_at: run.started_at,
            finished_at: run.finished_at,
            outcome: run.outcome.as_str().to_owned(),
            processed: run.processed,
            cursor: run.cursor,
            error: run.error,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobDto {
    #[schema(example = "purge-expired")]
    name: String,
    description: String,
    /// How often it runs, in seconds.
    period_seconds: u64,
    /// `idle`, `running` (a process holds it) or `interrupted` (a run was left unfinished; the
    /// next process to claim it resumes it).
    #[schema(example = "idle")]
    status: String,
    /// When a process may next claim it; `null` until a server registered it.
    next_due: Option<DateTime<Utc>>,
    /// The process running it, while its lease lasts.
    holder: Option<String>,
    last_run: Option<JobRunDto>,
}

impl From<JobView> for JobDto {
    fn from(job: JobView) -> Self {
        Self {
            name: job.name,
            description: job.description,
            period_seconds: job.period.as_secs(),
            status: job.status.as_str().to_owned(),
            next_due: job.next_due,
            holder: job.holder,
            last_run: job.last_run.map(Into::into),
        }
    }
}

/// The background jobs with their period, status, progress of the latest run and next due time
/// (admins).
#[utoipa::path(operation_id = "listJobs", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = [JobDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/admin/jobs")]
async fn list_jobs(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<JobDto>>, ApiError> {
    Ok(web::Json(state.jobs.list(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

//! Where background jobs keep their schedule, their lease and the record of their runs, shared by
//! every process on the same store (the database), so that a job runs once per period however
//! many processes run the scheduler (docs/decisions/0061-background-jobs-claimed-once.md).

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::RepoError;

mandir_domain::text_enum!(
    /// How a run ended, or that it has not ended yet.
    RunOutcome {
        /// Started and not finished: in progress, or its holder died and the next claimant resumes it.
        Running => "running",
        Succeeded => "succeeded",
        Failed => "failed",
    }
);

/// One run of a job, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRun {
    pub id: String,
    pub job: String,
    /// The process that holds (or last held) the run.
    pub holder: String,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub outcome: RunOutcome,
    /// Items processed so far (over every holder of the run).
    pub processed: i64,
    /// Where the next step starts; `None` before the first step.
    pub cursor: Option<String>,
    pub error: Option<String>,
}

/// A job's schedule and lease, with its latest run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobState {
    pub name: String,
    /// When the job may next be claimed.
    pub next_due: DateTime<Utc>,
    /// The process holding the lease, while `lease_until` is in the future.
    pub holder: Option<String>,
    pub lease_until: Option<DateTime<Utc>>,
    /// The newest run (running or finished).
    pub last_run: Option<JobRun>,
}

/// What a claimed run's step saves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    pub processed: i64,
    pub cursor: Option<String>,
    /// The lease, renewed.
    pub lease_until: DateTime<Utc>,
}

/// How a run finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    pub outcome: RunOutcome,
    pub processed: i64,
    pub error: Option<String>,
    pub finished_at: DateTime<Utc>,
    /// When the job may next be claimed.
    pub next_due: DateTime<Utc>,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait JobStore: Send + Sync {
    /// Makes the job known, first due at `first_due`; a job already known keeps its schedule.
    async fn register(&self, job: &str, first_due: DateTime<Utc>) -> Result<(), RepoError>;
    /// Atomically takes the job's lease for `holder` until `lease_until` when it is due at `now`
    /// and nobody holds an unexpired lease. `true` when this call got it: exactly one of several
    /// concurrent claimants does.
    async fn claim(&self, job: &str, holder: &str, now: DateTime<Utc>, lease_until: DateTime<Utc>) -> Result<bool, RepoError>;
    /// The job's unfinished run, taken over by `holder` (its holder died: resume from its cursor),
    /// or a new run started at `now`. Only for the lease's holder.
    async fn open_run(&self, job: &str, holder: &str, now: DateTime<Utc>) -> Result<JobRun, RepoError>;
    /// Saves a step's progress and renews the lease. `false` when `holder` no longer holds the
    /// run (its lease expired and another process took it over): the caller stops.
    async fn save_progress(&self, run_id: &str, holder: &str, progress: Progress) -> Result<bool, RepoError>;
    /// Records the end of the run, sets the job's next due time and releases the lease. `false`
    /// when `holder` no longer holds the run.
    async fn finish(&self, run_id: &str, holder: &str, finish: Finish) -> Result<bool, RepoError>;
    /// Every known job with its latest run, by name.
    async fn list(&self) -> Result<Vec<JobState>, RepoError>;
}

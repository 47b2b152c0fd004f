//! Background jobs: periodic work claimed once across every process on the database, done in
//! bounded steps whose progress is saved, so a run whose process dies is resumed by the next
//! claimant once its lease expires (docs/decisions/0061-background-jobs-claimed-once.md).
//!
//! The server drives [`Scheduler::run_due`] from a timer; each process runs the scheduler and the
//! store's lease decides which one does the work.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::Actor;
use super::auth::AuthService;
use super::payments::PaymentService;
use crate::BoxError;
use crate::ports::{Clock, Finish, JobRun, JobStore, Progress, RepoError, RunOutcome};

/// One bounded piece of a job's work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Items this step processed.
    pub processed: u64,
    /// Where the next step starts; `None` when the run is complete.
    pub next: Option<String>,
}

impl Step {
    /// The last step of a run.
    pub fn done(processed: u64) -> Self {
        Self { processed, next: None }
    }
}

/// Work the scheduler runs periodically. A step must be short (it renews the lease when it
/// returns) and safe to repeat: a process may die after doing a step and before saving it.
#[async_trait]
pub trait Job: Send + Sync {
    /// Stable: it names the job's row in the store.
    fn name(&self) -> &'static str;
    fn description(&self) -> &'static str;
    /// Does the work after `cursor` (`None` at the start of a run).
    async fn step(&self, cursor: Option<String>) -> Result<Step, BoxError>;
}

#[derive(Debug, thiserror::Error)]
pub enum JobError {
    #[error("Admin access required")]
    Forbidden,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(JobError, {
    Self::Forbidden => Forbidden,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(JobError: RepoError);

mandir_domain::text_enum!(
    /// Where a job stands, as an admin sees it.
    JobStatus {
        /// No run in progress.
        Idle => "idle",
        /// A process holds the lease and is running it.
        Running => "running",
        /// A run was left unfinished (its process stopped) and its lease expired: the next claimant
        /// resumes it from its cursor.
        Interrupted => "interrupted",
    }
);

/// A job of this process's scheduler with its stored state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobView {
    pub name: String,
    pub description: String,
    pub period: Duration,
    pub status: JobStatus,
    /// When a process may next claim it (`None` until a scheduler registered it).
    pub next_due: Option<DateTime<Utc>>,
    /// The process holding the lease, while it is unexpired.
    pub holder: Option<String>,
    pub last_run: Option<JobRun>,
}

/// What one claimed run came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunReport {
    pub job: &'static str,
    pub outcome: RunOutcome,
    pub processed: i64,
    /// The run was left unfinished by another process and continued here.
    pub resumed: bool,
    /// Another process took the run over (this process's lease expired mid-run): it stopped.
    pub lost: bool,
}

#[derive(Clone)]
struct Scheduled {
    job: Arc<dyn Job>,
    period: Duration,
}

/// Runs the registered jobs when they are due and this process wins their lease.
#[derive(Clone)]
pub struct Scheduler {
    store: Arc<dyn JobStore>,
    clock: Arc<dyn Clock>,
    holder: String,
    lease: Duration,
    jobs: Arc<Vec<Scheduled>>,
}

fn span(duration: Duration) -> chrono::Duration {
    chrono::Duration::from_std(duration).unwrap_or(chrono::Duration::MAX)
}

/// The error with its causes, for the run's record.
fn describe(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl Scheduler {
    /// `holder` names this process in leases and runs (unique per process); `lease` is how long a
    /// claim lasts without a step renewing it.
    pub fn new(store: Arc<dyn JobStore>, clock: Arc<dyn Clock>, holder: impl Into<String>, lease: Duration) -> Self {
        Self { store, clock, holder: holder.into(), lease, jobs: Arc::default() }
    }

    /// Adds `job`, run every `period`.
    #[must_use]
    pub fn with_job(mut self, job: Arc<dyn Job>, period: Duration) -> Self {
        Arc::make_mut(&mut self.jobs).push(Scheduled { job, period });
        self
    }

    pub fn holder(&self) -> &str {
        &self.holder
    }

    /// Makes every job known to the store; a new job is due at once.
    #[tracing::instrument(skip_all)]
    pub async fn register(&self) -> Result<(), RepoError> {
        let now = self.clock.now();
        for scheduled in self.jobs.iter() {
            self.store.register(scheduled.job.name(), now).await?;
        }
        Ok(())
    }

    /// How often the timer should call [`Self::run_due`]: a quarter of the shortest period,
    /// between 50 ms and one minute.
    pub fn poll_interval(&self) -> Duration {
        let shortest = self.jobs.iter().map(|s| s.period).min().unwrap_or(Duration::from_secs(60));
        (shortest / 4).clamp(Duration::from_millis(50), Duration::from_secs(60))
    }

    /// Claims and runs every due job nobody else holds. Store failures are logged and the job is
    /// tried again at the next call.
    #[tracing::instrument(skip_all)]
    pub async fn run_due(&self) -> Vec<RunReport> {
        let mut reports = Vec::new();
        for scheduled in self.jobs.iter() {
            match self.run_if_due(scheduled).await {
                Ok(Some(report)) => {
                    tracing::info!(
                        job = report.job,
                        outcome = report.outcome.as_str(),
                        processed = report.processed,
                        resumed = report.resumed,
                        lost = report.lost,
                        "background job ran"
                    );
                    reports.push(report);
                }
                Ok(None) => {}
                Err(error) => tracing::warn!(job = scheduled.job.name(), error = %describe(&error), "background job store failed"),
            }
        }
        reports
    }

    async fn run_if_due(&self, scheduled: &Scheduled) -> Result<Option<RunReport>, RepoError> {
        let job = scheduled.job.as_ref();
        let claimed_at = self.clock.now();
        if !self.store.claim(job.name(), &self.holder, claimed_at, claimed_at + span(self.lease)).await? {
            return Ok(None);
        }
        let run = self.store.open_run(job.name(), &self.holder, claimed_at).await?;
        let resumed = run.cursor.is_some();
        let mut processed = run.processed;
        let mut cursor = run.cursor;
        let next_due = claimed_at + span(scheduled.period);
        let (outcome, error) = loop {
            match job.step(cursor.clone()).await {
                Ok(step) => {
                    processed = processed.saturating_add(i64::try_from(step.processed).unwrap_or(i64::MAX));
                    let Some(next) = step.next else { break (RunOutcome::Succeeded, None) };
                    cursor = Some(next);
                    let progress = Progress { processed, cursor: cursor.clone(), lease_until: self.clock.now() + span(self.lease) };
                    if !self.store.save_progress(&run.id, &self.holder, progress).await? {
                        return Ok(Some(RunReport { job: job.name(), outcome: RunOutcome::Running, processed, resumed, lost: true }));
                    }
                }
                Err(error) => break (RunOutcome::Failed, Some(describe(error.as_ref()))),
            }
        };
        let finish = Finish { outcome, processed, error, finished_at: self.clock.now(), next_due };
        let held = self.store.finish(&run.id, &self.holder, finish).await?;
        Ok(Some(RunReport { job: job.name(), outcome, processed, resumed, lost: !held }))
    }

    /// This process's jobs with their schedule, lease and latest run (admins only).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor) -> Result<Vec<JobView>, JobError> {
        actor.require(mandir_domain::staff::Permission::RunJobs)?;
        let stored = self.store.list().await?;
        let now = self.clock.now();
        Ok(self
            .jobs
            .iter()
            .map(|scheduled| {
                let state = stored.iter().find(|state| state.name == scheduled.job.name());
                let leased = state.and_then(|s| s.lease_until).is_some_and(|until| until > now);
                let last_run = state.and_then(|s| s.last_run.clone());
                let open = last_run.as_ref().is_some_and(|run| run.outcome == RunOutcome::Running);
                let status = match (open, leased) {
                    (true, true) => JobStatus::Running,
                    (true, false) => JobStatus::Interrupted,
                    (false, _) => JobStatus::Idle,
                };
                JobView {
                    name: scheduled.job.name().to_owned(),
                    description: scheduled.job.description().to_owned(),
                    period: scheduled.period,
                    status,
                    next_due: state.map(|s| s.next_due),
                    holder: state.filter(|_| leased).and_then(|s| s.holder.clone()),
                    last_run,
                }
            })
            .collect())
    }
}

/// Forgets expired rate-limit windows and revoked tokens ([`AuthService::purge_expired`]).
pub struct PurgeExpired(pub AuthService);

#[async_trait]
impl Job for PurgeExpired {
    fn name(&self) -> &'static str {
        "purge-expired"
    }

    fn description(&self) -> &'static str {
        "Forgets expired abuse-limit windows and revoked sign-in tokens"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        Ok(Step::done(self.0.purge_expired().await?))
    }
}

/// Cancels at the provider and marks expired the card payments left pending for longer than `max_age`
/// ([`PaymentService::expire_abandoned_card_payments`]); Zelle payments wait for an admin.
pub struct ExpireAbandonedCardPayments {
    pub payments: PaymentService,
    pub max_age: Duration,
}

#[async_trait]
impl Job for ExpireAbandonedCardPayments {
    fn name(&self) -> &'static str {
        "expire-card-payments"
    }

    fn description(&self) -> &'static str {
        "Cancels card payments abandoned before completion and marks them expired"
    }

    async fn step(&self, cursor: Option<String>) -> Result<Step, BoxError> {
        Ok(self.payments.expire_abandoned_card_payments(self.max_age, cursor).await?)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use mandir_domain::{ErrorKind, Failure};
    use mockall::predicate::eq;

    use super::*;
    use crate::ports::clock::MockClock;
    use crate::ports::job_store::MockJobStore;
    use crate::ports::{JobState, RunOutcome};
    use crate::services::test_fixtures::{admin, member, now};

    const LEASE: Duration = Duration::from_secs(300);
    const PERIOD: Duration = Duration::from_secs(3600);

    /// A job that answers the given steps in order and remembers the cursors it was given.
    struct Scripted {
        steps: Mutex<Vec<Result<Step, String>>>,
        cursors: Mutex<Vec<Option<String>>>,
    }

    impl Scripted {
        fn new(steps: Vec<Result<Step, String>>) -> Arc<Self> {
            Arc::new(Self { steps: Mutex::new(steps.into_iter().rev().collect()), cursors: Mutex::default() })
        }

        fn cursors(&self) -> Vec<Option<String>> {
            self.cursors.lock().expect("lock").clone()
        }
    }

    #[async_trait]
    impl Job for Scripted {
        fn name(&self) -> &'static str {
            "scripted"
        }

        fn description(&self) -> &'static str {
            "A job for tests"
        }

        async fn step(&self, cursor: Option<String>) -> Result<Step, BoxError> {
            self.cursors.lock().expect("lock").push(cursor);
            self.steps.lock().expect("lock").pop().expect("a step left").map_err(Into::into)
        }
    }

    fn clock() -> Arc<MockClock> {
        let clock = crate::services::test_fixtures::fixed_clock();
        Arc::new(clock)
    }

    fn run(cursor: Option<&str>, processed: i64) -> JobRun {
        JobRun {
            id: "run-1".into(),
            job: "scripted".into(),
            holder: "me".into(),
            started_at: now(),
            finished_at: None,
            outcome: RunOutcome::Running,
            processed,
            cursor: cursor.map(str::to_owned),
            error: None,
        }
    }

    fn scheduler(store: MockJobStore, job: Arc<Scripted>) -> Scheduler {
        Scheduler::new(Arc::new(store), clock(), "me", LEASE).with_job(job, PERIOD)
    }

    fn lease_until() -> DateTime<Utc> {
        now() + chrono::Duration::seconds(300)
    }

    #[tokio::test]
    async fn a_job_another_process_holds_or_not_yet_due_is_not_run() {
        let mut store = MockJobStore::new();
        store.expect_claim().with(eq("scripted"), eq("me"), eq(now()), eq(lease_until())).times(1).returning(|_, _, _, _| Ok(false));
        store.expect_open_run().never();
        let job = Scripted::new(vec![]);
        assert!(scheduler(store, job.clone()).run_due().await.is_empty());
        assert!(job.cursors().is_empty(), "no step ran");
    }

    #[tokio::test]
    async fn a_claimed_job_runs_its_steps_saves_progress_and_finishes_with_the_next_due_time() {
        let mut store = MockJobStore::new();
        store.expect_claim().times(1).returning(|_, _, _, _| Ok(true));
        store.expect_open_run().with(eq("scripted"), eq("me"), eq(now())).times(1).returning(|_, _, _| Ok(run(None, 0)));
        store
            .expect_save_progress()
            .with(eq("run-1"), eq("me"), eq(Progress { processed: 2, cursor: Some("b".into()), lease_until: lease_until() }))
            .times(1)
            .returning(|_, _, _| Ok(true));
        let finish = Finish {
            outcome: RunOutcome::Succeeded,
            processed: 3,
            error: None,
            finished_at: now(),
            next_due: now() + chrono::Duration::hours(1),
        };
        store.expect_finish().with(eq("run-1"), eq("me"), eq(finish)).times(1).returning(|_, _, _| Ok(true));
        let job = Scripted::new(vec![Ok(Step { processed: 2, next: Some("b".into()) }), Ok(Step::done(1))]);
        let reports = scheduler(store, job.clone()).run_due().await;
        assert_eq!(reports, vec![RunReport { job: "scripted", outcome: RunOutcome::Succeeded, processed: 3, resumed: false, lost: false }]);
        assert_eq!(job.cursors(), vec![None, Some("b".into())]);
    }

    #[tokio::test]
    async fn an_interrupted_run_is_resumed_from_its_cursor_with_its_count() {
        let mut store = MockJobStore::new();
        store.expect_claim().returning(|_, _, _, _| Ok(true));
        store.expect_open_run().returning(|_, _, _| Ok(run(Some("k"), 40)));
        store
            .expect_finish()
            .withf(|_, _, finish| finish.outcome == RunOutcome::Succeeded && finish.processed == 45)
            .times(1)
            .returning(|_, _, _| Ok(true));
        let job = Scripted::new(vec![Ok(Step::done(5))]);
        let reports = scheduler(store, job.clone()).run_due().await;
        assert_eq!(job.cursors(), vec![Some("k".into())], "the step starts where the dead process stopped");
        assert!(reports[0].resumed);
        assert_eq!(reports[0].processed, 45);
    }

    #[tokio::test]
    async fn a_failing_step_finishes_the_run_failed_with_the_error_and_keeps_the_schedule() {
        let mut store = MockJobStore::new();
        store.expect_claim().returning(|_, _, _, _| Ok(true));
        store.expect_open_run().returning(|_, _, _| Ok(run(None, 0)));
        store.expect_save_progress().returning(|_, _, _| Ok(true));
        store
            .expect_finish()
            .withf(|_, _, finish| {
                finish.outcome == RunOutcome::Failed
                    && finish.processed == 1
                    && finish.error.as_deref() == Some("database unreachable")
                    && finish.next_due == now() + chrono::Duration::hours(1)
            })
            .times(1)
            .returning(|_, _, _| Ok(true));
        let job = Scripted::new(vec![Ok(Step { processed: 1, next: Some("x".into()) }), Err("database unreachable".into())]);
        let reports = scheduler(store, job).run_due().await;
        assert_eq!(reports[0].outcome, RunOutcome::Failed);
    }

    #[tokio::test]
    async fn a_run_taken_over_by_another_process_stops_at_once() {
        let mut store = MockJobStore::new();
        store.expect_claim().returning(|_, _, _, _| Ok(true));
        store.expect_open_run().returning(|_, _, _| Ok(run(None, 0)));
        store.expect_save_progress().times(1).returning(|_, _, _| Ok(false));
        store.expect_finish().never();
        let job = Scripted::new(vec![Ok(Step { processed: 1, next: Some("x".into()) }), Ok(Step::done(1))]);
        let reports = scheduler(store, job.clone()).run_due().await;
        assert!(reports[0].lost);
        assert_eq!(job.cursors().len(), 1, "no step after the lease was lost");
    }

    #[tokio::test]
    async fn a_store_failure_is_logged_and_the_job_tried_again_later() {
        let mut store = MockJobStore::new();
        store.expect_claim().times(2).returning(|_, _, _, _| Err(RepoError::unexpected("connection refused")));
        let scheduler = scheduler(store, Scripted::new(vec![]));
        assert!(scheduler.run_due().await.is_empty());
        assert!(scheduler.run_due().await.is_empty());
    }

    #[tokio::test]
    async fn register_makes_every_job_due_now() {
        let mut store = MockJobStore::new();
        store.expect_register().with(eq("scripted"), eq(now())).times(1).returning(|_, _| Ok(()));
        scheduler(store, Scripted::new(vec![])).register().await.expect("registered");
    }

    #[test]
    fn the_timer_polls_a_quarter_of_the_shortest_period_within_bounds() {
        let store = || Arc::new(MockJobStore::new());
        let with = |period| Scheduler::new(store(), clock(), "me", LEASE).with_job(Scripted::new(vec![]), period);
        assert_eq!(with(Duration::from_secs(2)).poll_interval(), Duration::from_millis(500));
        assert_eq!(with(Duration::from_secs(3600)).poll_interval(), Duration::from_secs(60));
        assert_eq!(with(Duration::from_millis(100)).poll_interval(), Duration::from_millis(50));
    }

    #[tokio::test]
    async fn admins_see_each_job_with_its_status_holder_and_last_run() {
        let mut store = MockJobStore::new();
        let state = |lease_until: Option<DateTime<Utc>>, outcome| JobState {
            name: "scripted".into(),
            next_due: now(),
            holder: Some("other".into()),
            lease_until,
            last_run: Some(JobRun { outcome, ..run(Some("c"), 7) }),
        };
        let mut states = vec![
            vec![state(Some(now() + chrono::Duration::seconds(5)), RunOutcome::Running)],
            vec![state(Some(now() - chrono::Duration::seconds(5)), RunOutcome::Running)],
            vec![state(None, RunOutcome::Succeeded)],
            vec![],
        ]
        .into_iter();
        store.expect_list().times(4).returning(move || Ok(states.next().expect("state")));
        let scheduler = scheduler(store, Scripted::new(vec![]));

        let running = scheduler.list(&admin()).await.expect("listed");
        assert_eq!((running[0].status, running[0].holder.as_deref()), (JobStatus::Running, Some("other")));
        assert_eq!(running[0].period, PERIOD);
        assert_eq!(running[0].last_run.as_ref().map(|r| r.processed), Some(7));
        let interrupted = scheduler.list(&admin()).await.expect("listed");
        assert_eq!((interrupted[0].status, interrupted[0].holder.as_deref()), (JobStatus::Interrupted, None));
        assert_eq!(scheduler.list(&admin()).await.expect("listed")[0].status, JobStatus::Idle);
        let unknown = scheduler.list(&admin()).await.expect("listed");
        assert_eq!((unknown[0].status, unknown[0].next_due, unknown[0].last_run.as_ref()), (JobStatus::Idle, None, None));
    }

    #[tokio::test]
    async fn members_may_not_see_the_jobs() {
        let mut store = MockJobStore::new();
        store.expect_list().never();
        let refused = scheduler(store, Scripted::new(vec![])).list(&member()).await.expect_err("refused");
        assert_eq!(refused.kind(), ErrorKind::Forbidden);
    }
}

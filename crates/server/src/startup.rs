//! One startup for `mandir serve` and the API tests: build the services, bind the listener, and
//! run the HTTP server until it stops.

use std::net::SocketAddr;
use std::sync::Arc;

use actix_web::HttpServer;
use actix_web::dev::Server;
use anyhow::Context;
use mandir_application::ports::PasswordHasher;
use mandir_application::services::jobs::Scheduler;
use mandir_http::{Metrics, Serving};
use mandir_persistence::{ChangeRelay, Database, SeaOrmUserRepository};

use crate::config::Config;
use crate::maintenance::InstanceLock;
use crate::production;
use crate::wiring::{Built, EmailSender, build};

/// The server, bound and ready to run.
pub struct Application {
    addresses: Vec<SocketAddr>,
    server: Server,
    db: Database,
    users: Arc<SeaOrmUserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    scheduler: Scheduler,
    email_sender: EmailSender,
    /// On PostgreSQL: relays other processes' changes into this process's caches.
    relay: Option<ChangeRelay>,
    setup_token: Option<String>,
    /// Held while serving a SQLite database, so `mandir restore` refuses meanwhile.
    lock: Option<InstanceLock>,
}

/// How long a stopping server waits for a background job's step in progress.
const JOBS_STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

impl Application {
    /// Connects and migrates the database, builds the services, checks what production refuses
    /// (every reason at once, see `production::serve_refusals`), locks out in production the demo
    /// accounts still signing in with the published password (`production::lock_out_demo_accounts`)
    /// and binds `config.bind` (port 0 picks a free port). Nothing is served until
    /// [`Self::run_until_stopped`].
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        let lock = InstanceLock::shared(&config.database_url)?;
        let Built { state, db, users, hasher, pg_notifier, scheduler, email_sender, .. } = build(config).await?;
        if let Err(refusals) = production::serve_refusals(config).into_result() {
            db.close().await.ok();
            return Err(refusals.into());
        }
        production::lock_out_demo_accounts(config, users.as_ref(), hasher.as_ref()).await?;
        // Listening before serving: a change another process makes from now on reaches this one.
        let relay = match &pg_notifier {
            Some(notifier) => Some(notifier.start_relay(&config.database_url).await),
            None => None,
        };
        // While no admin exists, a one-time link lets the first one set the site up.
        let setup_token = state.setup.open().await.context("opening the first-run setup")?;
        let serving = Serving {
            static_files: config.static_source(),
            metrics: Arc::new(Metrics::new(config.metrics_token.as_ref().map(|t| t.expose().to_owned()))),
        };
        let mut server = HttpServer::new(move || mandir_http::build_app(state.clone(), serving.clone()));
        if let Some(workers) = config.http_workers {
            server = server.workers(workers);
        }
        let server = server.bind(&config.bind).with_context(|| format!("binding {}", config.bind))?;
        let addresses = server.addrs();
        Ok(Self { addresses, server: server.run(), db, users, hasher, scheduler, email_sender, relay, setup_token, lock })
    }

    /// The addresses the server listens on.
    pub fn addresses(&self) -> &[SocketAddr] {
        &self.addresses
    }

    /// The port of the first address (the one picked when the configuration asked for port 0).
    pub fn port(&self) -> u16 {
        self.addresses.first().map_or(0, SocketAddr::port)
    }

    /// The first-run setup token (for `/setup?token=...`) when the database had no admin at
    /// start; each start replaces the previous one.
    pub fn setup_token(&self) -> Option<&str> {
        self.setup_token.as_deref()
    }

    /// The accounts repository, for commands and tests that create admins.
    pub fn users(&self) -> Arc<SeaOrmUserRepository> {
        self.users.clone()
    }

    /// The database pool the server uses (tests read its statement log).
    pub fn database(&self) -> Database {
        self.db.clone()
    }

    pub fn hasher(&self) -> Arc<dyn PasswordHasher> {
        self.hasher.clone()
    }

    /// Serves until the server is stopped (a signal), then stops the background jobs (a step in
    /// progress may finish) and the change relay, and closes the database. Meanwhile the
    /// scheduler runs the jobs that are due and that this process wins.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let scheduler = self.scheduler;
        let mut emails = tokio::spawn(self.email_sender.run(stopped.clone()));
        let mut jobs = tokio::spawn(async move {
            let every = scheduler.poll_interval();
            let mut registered = false;
            loop {
                if !registered {
                    match scheduler.register().await {
                        Ok(()) => registered = true,
                        Err(error) => tracing::warn!(error = ?error, "registering the background jobs failed; retried at the next tick"),
                    }
                }
                scheduler.run_due().await;
                tokio::select! {
                    _ = stopped.wait_for(|stop| *stop) => return,
                    () = tokio::time::sleep(every) => {}
                }
            }
        });
        let served = self.server.await;
        let _ = stop.send(true);
        if tokio::time::timeout(JOBS_STOP_GRACE, &mut jobs).await.is_err() {
            jobs.abort();
        }
        if tokio::time::timeout(JOBS_STOP_GRACE, &mut emails).await.is_err() {
            emails.abort();
        }
        if let Some(relay) = self.relay {
            relay.stop().await;
        }
        self.db.close().await.ok();
        drop(self.lock);
        Ok(served?)
    }
}

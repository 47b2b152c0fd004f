//! Change notifications between processes on one PostgreSQL database
//! (docs/decisions/0060-change-notifications-across-processes.md): `publish` hands the change to
//! this process's listeners at once and sends `pg_notify(channel, sender)` within 20 ms, one for
//! each burst of a topic's changes; a relay task per
//! process holds one dedicated connection that `LISTEN`s on every topic's channel and hands other
//! processes' notices to the local bus (as changes made elsewhere, which a cache may coalesce). After
//! (re)connecting it delivers every topic once, as changes to forget at once, since notices sent
//! while it was not listening are lost.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use mandir_application::ports::{ChangeNotifier, LocalChangeBus, Topic};
use sea_orm::sqlx::postgres::PgListener;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::Database;

/// The longest wait between two reconnection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(10);
const FIRST_BACKOFF: Duration = Duration::from_millis(100);

/// How long a change waits for more of its topic before one notice tells the other processes of
/// them all. `NOTIFY` commits one at a time across the whole database, so a notice per
/// registration held every writer in that queue (ADR 0060).
const COALESCE: Duration = Duration::from_millis(20);

/// Publishes to this process's bus at once and to every other process listening on the database
/// within [`COALESCE`].
pub struct PgChangeNotifier {
    db: Database,
    local: Arc<LocalChangeBus>,
    /// This process's name in its notices' payload, so its relay skips them.
    sender: String,
    /// The topics whose notice is on its way.
    pending: Arc<std::sync::Mutex<HashSet<Topic>>>,
}

impl PgChangeNotifier {
    pub fn new(db: Database, local: Arc<LocalChangeBus>) -> Self {
        Self { db, local, sender: uuid::Uuid::new_v4().simple().to_string(), pending: Arc::default() }
    }

    /// Starts the relay of other processes' notices into the local bus; answers once the first
    /// attempt to listen ended (so a server that starts serving afterwards already hears changes,
    /// unless the database was unreachable: the relay then keeps retrying).
    pub async fn start_relay(&self, database_url: &str) -> ChangeRelay {
        let (stop, stopped) = watch::channel(false);
        let (ready, mut is_ready) = watch::channel(false);
        let task = tokio::spawn(relay(database_url.to_owned(), self.local.clone(), self.sender.clone(), stopped, ready));
        // Ends when the first attempt reports, or when the task ends (the sender is dropped).
        let _ = is_ready.wait_for(|ready| *ready).await;
        ChangeRelay { stop, task }
    }
}

#[async_trait]
impl ChangeNotifier for PgChangeNotifier {
    async fn publish(&self, topic: Topic) {
        self.local.deliver(topic);
        if !self.pending.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(topic) {
            // A notice for this topic is on its way and is sent after this change was committed.
            return;
        }
        let (db, sender, pending) = (self.db.clone(), self.sender.clone(), self.pending.clone());
        tokio::spawn(async move {
            tokio::time::sleep(COALESCE).await;
            // Cleared before sending: a change after this point sends a notice of its own.
            pending.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&topic);
            let notify =
                Statement::from_sql_and_values(DbBackend::Postgres, "SELECT pg_notify($1, $2)", [topic.channel().into(), sender.into()]);
            if let Err(error) = db.conn.execute_raw(notify).await {
                tracing::warn!(topic = topic.channel(), %error, "could not notify other processes of a change; their copies expire on their own");
            }
        });
    }
}

/// The running relay task; [`Self::stop`] ends it.
pub struct ChangeRelay {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl ChangeRelay {
    /// Stops listening and waits for the task to end (it closes its connection).
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        if let Err(error) = self.task.await {
            tracing::warn!(%error, "the change relay task ended abnormally");
        }
    }
}

async fn relay(url: String, local: Arc<LocalChangeBus>, sender: String, mut stopped: watch::Receiver<bool>, ready: watch::Sender<bool>) {
    let mut backoff = FIRST_BACKOFF;
    loop {
        let listening = async {
            let mut listener = PgListener::connect(&url).await?;
            listener.listen_all(Topic::ALL.map(Topic::channel)).await?;
            Ok::<_, sea_orm::sqlx::Error>(listener)
        };
        let attempt = tokio::select! {
            _ = stopped.wait_for(|stop| *stop) => return,
            attempt = listening => attempt,
        };
        let _ = ready.send(true);
        let mut listener = match attempt {
            Ok(listener) => listener,
            Err(error) => {
                tracing::warn!(%error, retry_in_ms = backoff.as_millis(), "cannot listen for other processes' changes");
                tokio::select! {
                    _ = stopped.wait_for(|stop| *stop) => return,
                    () = tokio::time::sleep(backoff) => {}
                }
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        backoff = FIRST_BACKOFF;
        // Whatever changed while nobody listened: every copy is suspect.
        Topic::ALL.into_iter().for_each(|topic| local.deliver(topic));
        tracing::debug!("listening for other processes' changes");
        loop {
            let received = tokio::select! {
                _ = stopped.wait_for(|stop| *stop) => return,
                received = listener.try_recv() => received,
            };
            match received {
                Ok(Some(notice)) if notice.payload() != sender => {
                    if let Some(topic) = Topic::of_channel(notice.channel()) {
                        local.relay(topic);
                    }
                }
                Ok(Some(_own)) => {}
                Ok(None) | Err(_) => {
                    tracing::warn!("lost the connection listening for other processes' changes; reconnecting");
                    break;
                }
            }
        }
    }
}

//! Sums over payments kept at a count of payment changes (`Database::payments_generation`,
//! ADR 0137), shared by the funds' progress and charts and the treasurer's reports.
//!
//! A sum made at the current count is answered at once while fresh. After this process commits a
//! payment change, the next answer must show it: the requests wait for one new sum and share it.
//! When a sum is only old (another server on the same PostgreSQL may have written, which this
//! process cannot count), one request sums again while the others answer with what is kept, so
//! another process's gifts show within `fresh_for` and nobody waits for them.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::time::{Duration, Instant};

use mandir_application::ports::RepoError;
use tokio::sync::Mutex;

use crate::Database;

#[derive(Debug)]
pub(crate) struct Kept<K, V> {
    /// Each key's sum with the count and time it was made at; read and replaced under a short lock.
    sums: std::sync::Mutex<HashMap<K, (u64, Instant, V)>>,
    /// Held by the one request summing.
    summing: Mutex<()>,
    fresh_for: Duration,
    /// How many keys are kept; the oldest sum goes first.
    capacity: usize,
}

impl<K: Eq + Hash + Clone, V: Clone> Kept<K, V> {
    pub(crate) fn new(fresh_for: Duration, capacity: usize) -> Self {
        Self { sums: std::sync::Mutex::default(), summing: Mutex::new(()), fresh_for, capacity: capacity.max(1) }
    }

    /// `key`'s sum made at `generation`, with its time.
    fn at(&self, key: &K, generation: u64) -> Option<(Instant, V)> {
        let sums = self.sums.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        sums.get(key).filter(|(made_at, ..)| *made_at == generation).map(|(_, at, value)| (*at, value.clone()))
    }

    /// `key`'s kept sum, or `sum`'s, kept; `db`'s count is read before any sum, so a change
    /// committed during a sum makes the next request sum again.
    pub(crate) async fn get_or_sum<F, Fut>(&self, db: &Database, key: K, sum: F) -> Result<V, RepoError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, RepoError>>,
    {
        let generation = db.payments_generation();
        if let Some((at, value)) = self.at(&key, generation) {
            if at.elapsed() < self.fresh_for {
                return Ok(value);
            }
            return match self.summing.try_lock() {
                Ok(_summing) => self.keep(key, generation, sum().await?),
                Err(_) => Ok(value),
            };
        }
        let _summing = self.summing.lock().await;
        if let Some((_, value)) = self.at(&key, generation).filter(|(at, _)| at.elapsed() < self.fresh_for) {
            return Ok(value);
        }
        self.keep(key, generation, sum().await?)
    }

    fn keep(&self, key: K, generation: u64, value: V) -> Result<V, RepoError> {
        let mut sums = self.sums.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        sums.retain(|_, (made_at, ..)| *made_at == generation);
        if sums.len() >= self.capacity
            && !sums.contains_key(&key)
            && let Some(oldest) = sums.iter().min_by_key(|(_, (_, at, _))| *at).map(|(k, _)| k.clone())
        {
            sums.remove(&oldest);
        }
        sums.insert(key, (generation, Instant::now(), value.clone()));
        Ok(value)
    }
}

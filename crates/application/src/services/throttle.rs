//! Throttles repeated failed sign-ins per account. Counters live in this process: with several
//! `mandir` processes each keeps its own (documented in README), which still bounds guessing.

use std::collections::HashMap;
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    last: DateTime<Utc>,
}

#[derive(Debug)]
pub struct SignInThrottle {
    max_failures: u32,
    window: Duration,
    entries: Mutex<HashMap<String, Failures>>,
}

const MAX_TRACKED: usize = 50_000;

impl Default for SignInThrottle {
    /// Five failures, then the account waits fifteen minutes from the last failure.
    fn default() -> Self {
        Self::new(5, Duration::minutes(15))
    }
}

impl SignInThrottle {
    pub fn new(max_failures: u32, window: Duration) -> Self {
        Self { max_failures, window, entries: Mutex::new(HashMap::new()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Failures>> {
        self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether `account` may try now.
    pub fn allows(&self, account: &str, now: DateTime<Utc>) -> bool {
        match self.lock().get(account) {
            Some(f) => f.count < self.max_failures || now - f.last >= self.window,
            None => true,
        }
    }

    pub fn record_failure(&self, account: &str, now: DateTime<Utc>) {
        let mut entries = self.lock();
        if entries.len() >= MAX_TRACKED {
            let window = self.window;
            entries.retain(|_, f| now - f.last < window);
        }
        let entry = entries.entry(account.to_owned()).or_insert(Failures { count: 0, last: now });
        if now - entry.last >= self.window {
            entry.count = 0;
        }
        entry.count += 1;
        entry.last = now;
    }

    pub fn record_success(&self, account: &str) {
        self.lock().remove(account);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn blocks_after_max_failures_until_window_passes() {
        let throttle = SignInThrottle::new(3, Duration::minutes(15));
        let t0 = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).single().expect("date");
        for i in 0..3 {
            assert!(throttle.allows("a@b.co", t0), "attempt {i}");
            throttle.record_failure("a@b.co", t0);
        }
        assert!(!throttle.allows("a@b.co", t0 + Duration::minutes(14)));
        assert!(throttle.allows("other@b.co", t0), "other accounts are not affected");
        assert!(throttle.allows("a@b.co", t0 + Duration::minutes(15)));
    }

    #[test]
    fn success_clears_the_count() {
        let throttle = SignInThrottle::new(2, Duration::minutes(15));
        let t0 = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).single().expect("date");
        throttle.record_failure("a@b.co", t0);
        throttle.record_success("a@b.co");
        throttle.record_failure("a@b.co", t0);
        assert!(throttle.allows("a@b.co", t0));
    }
}

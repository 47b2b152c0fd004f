//! The users that session tokens speak for, kept by this process for a moment so that an
//! authenticated request usually needs no statement of its own (ADR 0070).
//!
//! Entries are keyed by the token's id (`jti`), so a revoked token never reads another session's
//! entry. Every change to a member's access data (admin flag, password, token version, e-mail
//! verification, profile) and every sign-out publishes [`Topic::Users`]; the cache forgets
//! everything when it hears it, before the write's response is sent. A lookup that started before
//! such a change does not store its (possibly stale) answer.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use mandir_domain::user::User;

use crate::ports::{ChangeListener, Topic};

/// How long this process reuses a session's user. Changes published in this process (or relayed
/// to it from other processes by the change notifier) clear the cache at once; a change that
/// reaches this process by no notifier shows within this delay.
pub const SESSION_CACHE_TTL: Duration = Duration::from_secs(2);

/// At most this many sessions are kept; beyond it, expired entries go, then everything.
pub const SESSION_CACHE_CAPACITY: usize = 10_000;

#[derive(Default)]
struct Entries {
    by_token: HashMap<String, (Instant, User)>,
    /// Bumped by every clear: a lookup that began under an older generation stores nothing.
    generation: u64,
}

/// The per-process session cache; subscribe it to the change notifier.
#[derive(Default)]
pub struct SessionCache {
    entries: Mutex<Entries>,
}

/// Where a lookup began, to store its answer only when nothing changed meanwhile.
#[derive(Debug, Clone, Copy)]
pub struct Generation(u64);

impl SessionCache {
    fn entries(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The fresh user of token `token_id`, or the generation to store a fresh read under.
    pub fn lookup(&self, token_id: &str) -> Result<User, Generation> {
        let entries = self.entries();
        match entries.by_token.get(token_id) {
            Some((at, user)) if at.elapsed() < SESSION_CACHE_TTL => Ok(user.clone()),
            _ => Err(Generation(entries.generation)),
        }
    }

    /// Keeps `user` for `token_id`, unless the cache was cleared since `since` was handed out.
    pub fn store(&self, since: Generation, token_id: &str, user: User) {
        let mut entries = self.entries();
        if entries.generation != since.0 {
            return;
        }
        if entries.by_token.len() >= SESSION_CACHE_CAPACITY {
            entries.by_token.retain(|_, (at, _)| at.elapsed() < SESSION_CACHE_TTL);
            if entries.by_token.len() >= SESSION_CACHE_CAPACITY {
                entries.by_token.clear();
            }
        }
        entries.by_token.insert(token_id.to_owned(), (Instant::now(), user));
    }

    /// Forgets every session.
    pub fn clear(&self) {
        let mut entries = self.entries();
        entries.by_token.clear();
        entries.generation = entries.generation.wrapping_add(1);
    }

    /// How many sessions are kept (expired ones included until they are swept).
    pub fn len(&self) -> usize {
        self.entries().by_token.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl ChangeListener for SessionCache {
    fn changed(&self, topic: Topic) {
        if topic == Topic::Users {
            self.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::test_fixtures::user;

    #[test]
    fn keeps_a_user_per_token_until_users_change() {
        let cache = SessionCache::default();
        let since = cache.lookup("t1").expect_err("empty");
        cache.store(since, "t1", user("u1"));
        assert_eq!(cache.lookup("t1").expect("cached").id, "u1");
        assert!(cache.lookup("t2").is_err(), "another token of the same member is not this entry");

        cache.changed(Topic::Events);
        assert!(cache.lookup("t1").is_ok(), "other topics keep it");
        cache.changed(Topic::Users);
        assert!(cache.lookup("t1").is_err(), "a change to users forgets it at once");
    }

    #[test]
    fn a_read_that_raced_a_change_is_not_kept() {
        let cache = SessionCache::default();
        let since = cache.lookup("t1").expect_err("empty");
        cache.changed(Topic::Users);
        cache.store(since, "t1", user("u1"));
        assert!(cache.lookup("t1").is_err());
        assert!(cache.is_empty());
    }

    #[test]
    fn stays_within_its_capacity() {
        let cache = SessionCache::default();
        for i in 0..=SESSION_CACHE_CAPACITY {
            let since = cache.lookup("x").expect_err("not kept");
            cache.store(since, &format!("t{i}"), user("u"));
        }
        assert!(cache.len() <= SESSION_CACHE_CAPACITY);
        assert!(cache.lookup(&format!("t{SESSION_CACHE_CAPACITY}")).is_ok(), "the newest is kept");
    }
}

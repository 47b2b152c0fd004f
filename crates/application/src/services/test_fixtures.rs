//! Fixtures shared by the services' unit tests.

pub use mandir_domain::testing::{event, now, payment, user};

use mandir_domain::staff::{Role, Roles};

use super::Actor;

/// A clock that always reads [`now`].
pub fn fixed_clock() -> crate::ports::clock::MockClock {
    clock_at(now())
}

/// A clock that always reads `at`.
pub fn clock_at(at: chrono::DateTime<chrono::Utc>) -> crate::ports::clock::MockClock {
    let mut clock = crate::ports::clock::MockClock::new();
    clock.expect_now().returning(move || at);
    clock
}

/// A change notifier nobody listens to.
pub fn changes() -> std::sync::Arc<crate::ports::LocalChangeBus> {
    std::sync::Arc::default()
}

pub fn admin() -> Actor {
    staff(&[Role::Admin])
}

pub fn member() -> Actor {
    Actor { user_id: "m".into(), email: "m@example.org".into(), roles: Roles::NONE, email_verified: true, address: None }
}

/// A staff account holding `roles`.
pub fn staff(roles: &[Role]) -> Actor {
    Actor { user_id: "admin".into(), email: "admin@example.org".into(), roles: Roles::of(roles), email_verified: true, address: None }
}

/// A recorder whose log keeps every entry, and the entries.
pub fn recorder() -> (super::audit::Recorder, std::sync::Arc<std::sync::Mutex<Vec<mandir_domain::audit::AuditEntry>>>) {
    use std::sync::{Arc, Mutex};
    let entries = Arc::new(Mutex::new(Vec::new()));
    let kept = entries.clone();
    let mut log = crate::ports::audit_log::MockAuditLog::new();
    log.expect_record().returning(move |entry| {
        kept.lock().expect("lock").push(entry);
        Ok(())
    });
    (super::audit::Recorder::new(Arc::new(log), Arc::new(fixed_clock())), entries)
}

/// A rate-limit store that counts in memory, as the database table does.
pub fn counting_store() -> crate::ports::rate_limit_store::MockRateLimitStore {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};

    use crate::ports::Hit;
    let windows = Arc::new(Mutex::new(HashMap::<String, Hit>::new()));
    let mut store = crate::ports::rate_limit_store::MockRateLimitStore::new();
    let hits = windows.clone();
    store.expect_hit().returning(move |key, now, new_window_ends| {
        let mut windows = hits.lock().expect("lock");
        let window = windows.entry(key.to_owned()).or_insert(Hit { count: 0, window_ends: new_window_ends });
        if window.window_ends <= now {
            *window = Hit { count: 0, window_ends: new_window_ends };
        }
        window.count += 1;
        Ok(*window)
    });
    store.expect_give_back().returning(move |key| {
        if let Some(window) = windows.lock().expect("lock").get_mut(key) {
            window.count = (window.count - 1).max(0);
        }
        Ok(())
    });
    store
}

/// A limiter over [`counting_store`] with `policy`.
pub fn limiter(policy: super::rate_limits::RateLimitPolicy) -> super::rate_limits::RateLimiter {
    super::rate_limits::RateLimiter::new(std::sync::Arc::new(counting_store()), policy)
}

/// The site settings' temple name, as the e-mails read it.
pub fn temple_name(name: &'static str) -> std::sync::Arc<crate::ports::temple_zone::MockTempleName> {
    let mut temple = crate::ports::temple_zone::MockTempleName::new();
    temple.expect_temple_name().returning(move || Ok(name.to_owned()));
    std::sync::Arc::new(temple)
}

/// A picture adapter whose header check accepts every upload.
pub fn pictures() -> std::sync::Arc<crate::ports::image_transcoder::MockImageTranscoder> {
    let mut pictures = crate::ports::image_transcoder::MockImageTranscoder::new();
    pictures.expect_check().returning(|_| Ok(()));
    std::sync::Arc::new(pictures)
}

/// The panchangam service over mocks: the temple at Folsom in Los Angeles' zone, and days whose
/// tithi and nakshatra at sunrise simply count on from 2026-01-01 (tithi 1, nakshatra 1 that day;
/// `n` days later tithi `n % 30 + 1` and nakshatra `n % 27 + 1`), so tests can tell which days a
/// lunar rule falls on.
pub fn panchangam() -> super::panchangam::PanchangamService {
    use mandir_domain::panchangam::{DEFAULT_LATITUDE, DEFAULT_LONGITUDE, Place};
    let mut place = crate::ports::temple_zone::MockTemplePlace::new();
    place
        .expect_place()
        .returning(|| Ok(Place { latitude: DEFAULT_LATITUDE, longitude: DEFAULT_LONGITUDE, zone: chrono_tz::America::Los_Angeles }));
    let mut almanac = crate::ports::almanac::MockAlmanac::new();
    almanac.expect_days().returning(|_, from, to| Ok(counted_days(from, to)));
    almanac.expect_nakshatra_at().returning(|at| u8::try_from(at.timestamp().rem_euclid(27)).unwrap_or(0) + 1);
    super::panchangam::PanchangamService::new(std::sync::Arc::new(place), std::sync::Arc::new(almanac), std::sync::Arc::new(fixed_clock()))
}

/// The days of [`panchangam`] from `from` to `to`.
pub fn counted_days(from: chrono::NaiveDate, to: chrono::NaiveDate) -> Vec<mandir_domain::panchangam::PanchangamDay> {
    let anchor = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap_or_default();
    let count = usize::try_from((to - from).num_days() + 1).unwrap_or(0);
    let mut days = mandir_domain::testing::panchangam_days(from, &vec![1; count]);
    for day in &mut days {
        let n = (day.date - anchor).num_days();
        day.tithi.number = u8::try_from(n.rem_euclid(30) + 1).unwrap_or(1);
        day.nakshatra.number = u8::try_from(n.rem_euclid(27) + 1).unwrap_or(1);
    }
    days
}

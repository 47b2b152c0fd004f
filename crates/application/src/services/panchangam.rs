//! The panchangam at the temple's place (docs/product.md#the-panchangam): the days asked for, worked out by the
//! `Almanac` adapter and kept per day and place. A change of the temple's place (Admin → Temple)
//! empties the cache on the next request.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::ValidationErrors;
use mandir_domain::panchangam::{FIRST_YEAR, LAST_YEAR, PanchangamDay, Place, day_range};

use crate::BoxError;
use crate::ports::{Almanac, AlmanacError, Clock, RepoError, TemplePlace};

#[derive(Debug, thiserror::Error)]
pub enum PanchangamError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(PanchangamError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(PanchangamError: RepoError, AlmanacError);

/// The days asked for, at the place they were worked out for.
#[derive(Debug, Clone, PartialEq)]
pub struct Panchangam {
    pub place: Place,
    pub days: Vec<PanchangamDay>,
}

/// How many days the cache keeps (ten years at one place); past that it starts again.
const CACHED_DAYS: usize = 3_660;

/// Days already worked out, for one place: a request for another place empties it.
#[derive(Default)]
struct DayCache {
    place: Option<Place>,
    days: BTreeMap<NaiveDate, PanchangamDay>,
}

impl DayCache {
    fn get(&mut self, place: &Place, from: NaiveDate, to: NaiveDate) -> Option<Vec<PanchangamDay>> {
        if self.place.as_ref() != Some(place) {
            self.place = Some(*place);
            self.days.clear();
            return None;
        }
        let days: Vec<PanchangamDay> = self.days.range(from..=to).map(|(_, day)| day.clone()).collect();
        let wanted = usize::try_from((to - from).num_days() + 1).unwrap_or(usize::MAX);
        (days.len() == wanted).then_some(days)
    }

    fn put(&mut self, place: &Place, days: &[PanchangamDay]) {
        if self.place.as_ref() != Some(place) {
            self.place = Some(*place);
            self.days.clear();
        }
        if self.days.len() + days.len() > CACHED_DAYS {
            self.days.clear();
        }
        self.days.extend(days.iter().map(|day| (day.date, day.clone())));
    }
}

#[derive(Clone)]
pub struct PanchangamService {
    place: Arc<dyn TemplePlace>,
    almanac: Arc<dyn Almanac>,
    clock: Arc<dyn Clock>,
    cache: Arc<Mutex<DayCache>>,
}

impl PanchangamService {
    pub fn new(place: Arc<dyn TemplePlace>, almanac: Arc<dyn Almanac>, clock: Arc<dyn Clock>) -> Self {
        Self { place, almanac, clock, cache: Arc::default() }
    }

    /// Days from `from` to `to` at the place, from the cache or worked out (no length limit:
    /// the callers bound it).
    async fn span(&self, place: &Place, from: NaiveDate, to: NaiveDate) -> Result<Vec<PanchangamDay>, PanchangamError> {
        if let Some(days) = self.cached(place, from, to) {
            return Ok(days);
        }
        let days = self.almanac.days(place, from, to).await?;
        self.cache.lock().unwrap_or_else(PoisonError::into_inner).put(place, &days);
        Ok(days)
    }

    /// The temple's place and its today there.
    #[tracing::instrument(skip_all)]
    pub async fn place_and_today(&self) -> Result<(Place, NaiveDate), PanchangamError> {
        let place = self.place.place().await?;
        Ok((place, self.clock.now().with_timezone(&place.zone).date_naive()))
    }

    /// The days from `from` to `to` at the temple, within the years the engine answers for
    /// (1900–2100; days outside them are left out). For the services and festivals that follow
    /// the lunar calendar; callers bound the length.
    #[tracing::instrument(skip_all, fields(from = %from, to = %to))]
    pub async fn temple_days(&self, from: NaiveDate, to: NaiveDate) -> Result<(Place, Vec<PanchangamDay>), PanchangamError> {
        let place = self.place.place().await?;
        let first = NaiveDate::from_ymd_opt(FIRST_YEAR, 1, 1).map_or(from, |f| from.max(f));
        let last = NaiveDate::from_ymd_opt(LAST_YEAR, 12, 31).map_or(to, |l| to.min(l));
        if last < first {
            return Ok((place, Vec::new()));
        }
        Ok((place, self.span(&place, first, last).await?))
    }

    /// The nakshatra (1–27) at an instant: a birth star.
    pub fn nakshatra_at(&self, at: DateTime<Utc>) -> u8 {
        self.almanac.nakshatra_at(at)
    }

    /// The panchangam of each local day from `from` to `to` (`YYYY-MM-DD`; today and `from` when
    /// absent), at most [`mandir_domain::panchangam::MAX_DAYS`] days.
    #[tracing::instrument(skip(self))]
    pub async fn days(&self, from: Option<&str>, to: Option<&str>) -> Result<Panchangam, PanchangamError> {
        let place = self.place.place().await?;
        let today = self.clock.now().with_timezone(&place.zone).date_naive();
        let (from, to) = day_range(from, to, today).map_err(PanchangamError::Validation)?;
        let days = self.span(&place, from, to).await?;
        Ok(Panchangam { place, days })
    }

    /// Today's panchangam at the temple.
    #[tracing::instrument(skip_all)]
    pub async fn today(&self) -> Result<Panchangam, PanchangamError> {
        self.days(None, None).await
    }

    fn cached(&self, place: &Place, from: NaiveDate, to: NaiveDate) -> Option<Vec<PanchangamDay>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner).get(place, from, to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::almanac::MockAlmanac;
    use crate::ports::clock::MockClock;
    use crate::ports::temple_zone::MockTemplePlace;
    use chrono::{TimeZone, Utc};
    use mandir_domain::panchangam::{Limb, LunarMonth, RANGE_TOO_LONG, Span};

    fn place(latitude: f64) -> Place {
        Place { latitude, longitude: -121.0, zone: chrono_tz::America::Los_Angeles }
    }

    fn day(date: NaiveDate) -> PanchangamDay {
        let at = date.and_hms_opt(14, 0, 0).unwrap_or_default().and_utc();
        let limb = Limb { number: 1, ends_at: at };
        let span = Span { start: at, end: at };
        PanchangamDay {
            date,
            sunrise: at,
            sunset: at,
            tithi: limb,
            vriddhi: false,
            kshaya: None,
            nakshatra: limb,
            yoga: limb,
            karana: limb,
            lunar_month: LunarMonth { number: 1, adhika: false },
            sun_sign: 0,
            rahu_kalam: span,
            yamagandam: span,
            gulika_kalam: span,
        }
    }

    fn dates(from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = NaiveDate> {
        std::iter::successors(Some(from), |day| day.checked_add_days(chrono::Days::new(1))).take_while(move |day| *day <= to)
    }

    fn clock() -> Arc<MockClock> {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 25, 20, 0, 0).single().expect("valid"));
        Arc::new(clock)
    }

    fn service(places: MockTemplePlace, almanac: MockAlmanac) -> PanchangamService {
        PanchangamService::new(Arc::new(places), Arc::new(almanac), clock())
    }

    fn almanac(times: usize) -> MockAlmanac {
        let mut almanac = MockAlmanac::new();
        almanac.expect_days().times(times).returning(|_, from, to| Ok(dates(from, to).map(day).collect()));
        almanac
    }

    #[tokio::test]
    async fn days_are_worked_out_once_per_place() {
        let mut places = MockTemplePlace::new();
        let mut answers = vec![place(38.0), place(38.0), place(38.0), place(13.0)].into_iter();
        places.expect_place().times(4).returning(move || Ok(answers.next().unwrap_or(place(0.0))));
        let service = service(places, almanac(2));
        let month = service.days(Some("2026-11-01"), Some("2026-11-30")).await.expect("valid");
        assert_eq!(month.days.len(), 30);
        // Within the month: from the cache.
        let week = service.days(Some("2026-11-02"), Some("2026-11-08")).await.expect("valid");
        assert_eq!(week.days.first().map(|d| d.date), NaiveDate::from_ymd_opt(2026, 11, 2));
        // Today in the temple's zone, from the cache.
        assert_eq!(service.today().await.expect("valid").days[0].date, NaiveDate::from_ymd_opt(2026, 11, 25).expect("valid"));
        // The place changed: worked out again.
        let moved = service.days(Some("2026-11-25"), None).await.expect("valid");
        assert_eq!(moved.place.latitude, 13.0);
    }

    #[tokio::test]
    async fn a_range_past_a_leap_year_is_refused_before_any_work() {
        let mut places = MockTemplePlace::new();
        places.expect_place().returning(|| Ok(place(38.0)));
        let service = service(places, almanac(0));
        let Err(PanchangamError::Validation(errors)) = service.days(Some("2026-01-01"), Some("2027-01-02")).await else {
            panic!("refused")
        };
        assert_eq!(errors.get("to"), Some(RANGE_TOO_LONG));
    }
}

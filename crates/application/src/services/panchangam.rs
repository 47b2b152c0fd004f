//! The panchangam at the temple's place (issue 29): the days asked for, worked out by the
//! `Almanac` adapter and kept per day and place. A change of the temple's place (Admin → Temple)
//! empties the cache on the next request.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{Datelike, Duration, NaiveDate, NaiveTime};
use mandir_domain::ValidationErrors;
use mandir_domain::festival::{FESTIVALS, FestivalRule, dates_of};
use mandir_domain::panchangam::{FIRST_YEAR, LAST_YEAR, PanchangamDay, Place, day_range, lunar_month_name, tithi_name};

use crate::BoxError;
use crate::calendar::{CalendarEntry, calendar_text};
use crate::ports::{Almanac, AlmanacError, Clock, RepoError, TempleName, TemplePlace};
use crate::services::calendar::CalendarFile;

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

/// A festival's day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FestivalDate {
    pub name: String,
    pub date: NaiveDate,
    pub rule: FestivalRule,
}

pub const YEAR_INVALID: &str = "Choose a year from 1900 to 2100";

/// How far before and after a Gregorian year a festival's lunar month may begin or end.
const MARGIN_DAYS: i64 = 40;

#[derive(Clone)]
pub struct PanchangamService {
    place: Arc<dyn TemplePlace>,
    name: Arc<dyn TempleName>,
    almanac: Arc<dyn Almanac>,
    clock: Arc<dyn Clock>,
    /// The site's address, for the calendar's stable `UID`s.
    public_url: String,
    cache: Arc<Mutex<DayCache>>,
}

impl PanchangamService {
    pub fn new(
        place: Arc<dyn TemplePlace>,
        name: Arc<dyn TempleName>,
        almanac: Arc<dyn Almanac>,
        clock: Arc<dyn Clock>,
        public_url: String,
    ) -> Self {
        Self { place, name, almanac, clock, public_url, cache: Arc::default() }
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

    /// The festivals of the shipped table (docs/festivals.md) on their days at the temple, from
    /// `from` to `to` inclusive, in date order.
    async fn festivals_between(&self, place: &Place, from: NaiveDate, to: NaiveDate) -> Result<Vec<FestivalDate>, PanchangamError> {
        let first = (from - Duration::days(MARGIN_DAYS)).max(NaiveDate::from_ymd_opt(FIRST_YEAR, 1, 1).unwrap_or(from));
        let last = (to + Duration::days(2)).min(NaiveDate::from_ymd_opt(LAST_YEAR, 12, 31).unwrap_or(to));
        let days = self.span(place, first, last).await?;
        let mut found: Vec<FestivalDate> = FESTIVALS
            .iter()
            .flat_map(|festival| {
                dates_of(&festival.rule, &days).into_iter().filter(|date| (from..=to).contains(date)).map(|date| FestivalDate {
                    name: festival.name.to_owned(),
                    date,
                    rule: festival.rule,
                })
            })
            .collect();
        found.sort_by(|a, b| a.date.cmp(&b.date).then_with(|| a.name.cmp(&b.name)));
        Ok(found)
    }

    /// The festivals of a Gregorian year (`YYYY`; this year at the temple when absent) on their
    /// days at the temple.
    #[tracing::instrument(skip(self))]
    pub async fn festivals(&self, year: Option<&str>) -> Result<(Place, Vec<FestivalDate>), PanchangamError> {
        let place = self.place.place().await?;
        let year = match year.map(str::trim).filter(|y| !y.is_empty()) {
            None => self.clock.now().with_timezone(&place.zone).year(),
            Some(text) => text
                .parse::<i32>()
                .ok()
                .filter(|y| (FIRST_YEAR..=LAST_YEAR).contains(y))
                .ok_or_else(|| PanchangamError::Validation(ValidationErrors::single("year", YEAR_INVALID)))?,
        };
        let (Some(from), Some(to)) = (NaiveDate::from_ymd_opt(year, 1, 1), NaiveDate::from_ymd_opt(year, 12, 31)) else {
            return Err(PanchangamError::Validation(ValidationErrors::single("year", YEAR_INVALID)));
        };
        Ok((place, self.festivals_between(&place, from, to).await?))
    }

    /// The coming year's festivals and special tithis (Ekadashi, Pournami, Amavasya) as an
    /// iCalendar file of all-day entries, to download or subscribe to.
    #[tracing::instrument(skip(self))]
    pub async fn calendar(&self) -> Result<CalendarFile, PanchangamError> {
        let place = self.place.place().await?;
        let now = self.clock.now();
        let today = now.with_timezone(&place.zone).date_naive();
        let end = (today + Duration::days(365)).min(NaiveDate::from_ymd_opt(LAST_YEAR, 12, 31).unwrap_or(today));
        let festivals = self.festivals_between(&place, today, end).await?;
        let days = self.span(&place, today, end).await?;
        let host = crate::services::calendar::host_of(&self.public_url).to_owned();
        let base = self.public_url.trim_end_matches('/').to_owned();
        let noon = |date: NaiveDate| date.and_time(NaiveTime::MIN).and_utc();
        let entry = |uid: String, summary: String, description: Option<String>, date: NaiveDate| CalendarEntry {
            uid,
            summary,
            description,
            location: None,
            starts_at: noon(date),
            ends_at: noon(date) + Duration::days(1),
            url: Some(format!("{base}/panchangam?month={}", date.format("%Y-%m"))),
            updated_at: noon(today),
            day: Some(date),
        };
        let mut entries: Vec<CalendarEntry> = festivals
            .iter()
            .map(|f| {
                let slug: String = f.name.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
                entry(format!("festival-{slug}-{}@{host}", f.date.format("%Y%m%d")), f.name.clone(), None, f.date)
            })
            .collect();
        for day in &days {
            let tithis = std::iter::once(day.tithi.number).chain(day.kshaya.map(|k| k.number));
            for number in tithis.filter(|n| matches!(n, 11 | 15 | 26 | 30)) {
                let name = special_tithi(day, number);
                let description = format!("{} at sunrise on {}", tithi_name(day.tithi.number), day.date.format("%B %-d, %Y"));
                entries.push(entry(format!("tithi-{number}-{}@{host}", day.date.format("%Y%m%d")), name, Some(description), day.date));
            }
        }
        entries.sort_by(|a, b| a.day.cmp(&b.day).then_with(|| a.uid.cmp(&b.uid)));
        let temple = self.name.temple_name().await?;
        let title =
            if temple.is_empty() { "Festivals and special tithis".to_owned() } else { format!("{temple}: festivals and special tithis") };
        Ok(CalendarFile { filename: "festivals.ics".to_owned(), text: calendar_text(&title, place.zone, &entries, now) })
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
    pub async fn today(&self) -> Result<Panchangam, PanchangamError> {
        self.days(None, None).await
    }

    fn cached(&self, place: &Place, from: NaiveDate, to: NaiveDate) -> Option<Vec<PanchangamDay>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner).get(place, from, to)
    }
}

/// "Kartika Shukla Ekadashi", "Kartika Pournami", "Kartika Amavasya".
fn special_tithi(day: &PanchangamDay, number: u8) -> String {
    let month = lunar_month_name(day.lunar_month.number);
    let month = if day.lunar_month.adhika { format!("Adhika {month}") } else { month.to_owned() };
    match number {
        11 => format!("{month} Shukla Ekadashi"),
        26 => format!("{month} Krishna Ekadashi"),
        _ => format!("{month} {}", tithi_name(number)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::almanac::MockAlmanac;
    use crate::ports::clock::MockClock;
    use crate::ports::temple_zone::{MockTempleName, MockTemplePlace};
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
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 25, 20, 0, 0).unwrap());
        Arc::new(clock)
    }

    fn service(places: MockTemplePlace, almanac: MockAlmanac) -> PanchangamService {
        let mut name = MockTempleName::new();
        name.expect_temple_name().returning(|| Ok("Sri Test Temple".to_owned()));
        PanchangamService::new(Arc::new(places), Arc::new(name), Arc::new(almanac), clock(), "https://temple.example".into())
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
        let month = service.days(Some("2026-11-01"), Some("2026-11-30")).await.unwrap();
        assert_eq!(month.days.len(), 30);
        // Within the month: from the cache.
        let week = service.days(Some("2026-11-02"), Some("2026-11-08")).await.unwrap();
        assert_eq!(week.days.first().map(|d| d.date), NaiveDate::from_ymd_opt(2026, 11, 2));
        // Today in the temple's zone, from the cache.
        assert_eq!(service.today().await.unwrap().days[0].date, NaiveDate::from_ymd_opt(2026, 11, 25).unwrap());
        // The place changed: worked out again.
        let moved = service.days(Some("2026-11-25"), None).await.unwrap();
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

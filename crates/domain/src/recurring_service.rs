//! Recurring services (daily Suprabhatam, weekly Abhishekam, monthly Satyanarayana Puja, ...):
//! their rules, and the dates and instants they fall on in the temple's time zone
//! (docs/product.md#recurring-services, ADR 0085).
//!
//! Everything is computed on local calendar dates in the temple's zone and only then turned into
//! instants, so a 7:00 AM service stays at 7:00 AM local time across daylight-saving changes. The
//! zone is any `chrono::TimeZone` (the server passes a `chrono_tz::Tz`), so this module needs no
//! time-zone database of its own.

use std::collections::BTreeSet;

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveTime, Offset, TimeZone, Utc, Weekday};

use crate::festival::{nakshatra_days, tithi_days};
use crate::id::RecurringServiceId;
use crate::panchangam::{PanchangamDay, nakshatra_name, tithi_name};
use crate::text_enum;
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_TOO_SHORT: &str = "Service name must be at least 3 characters";
pub const NAME_TOO_LONG: &str = "Service name must be at most 100 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 1000 characters";
pub const FREQUENCY_INVALID: &str = "Choose how often the service repeats";
pub const WEEKDAYS_REQUIRED: &str = "Choose at least one day of the week";
pub const WEEKDAY_REQUIRED: &str = "Choose a day of the week";
pub const WEEK_INVALID: &str = "Choose the week of the month (1st to 5th)";
pub const DAY_INVALID: &str = "Day of the month must be between 1 and 31";
pub const MONTH_INVALID: &str = "Choose a month";
pub const DATE_NOT_IN_MONTH: &str = "That day does not exist in the chosen month";
pub const TIME_INVALID: &str = "Time must be a valid time (HH:MM)";
pub const END_DATE_INVALID: &str = "End date must be a valid date (YYYY-MM-DD)";
pub const TITHIS_REQUIRED: &str = "Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)";
pub const NAKSHATRA_INVALID: &str = "Choose a nakshatra (1 = Ashwini … 27 = Revati)";

/// How many days ahead the next occurrence of a service by the lunar calendar is looked for: a
/// tithi comes back within a lunar month, a nakshatra within a sidereal one, and a month of a
/// vriddhi or kshaya day at most shifts that by a day or two.
pub const LUNAR_SEARCH_DAYS: i64 = 35;

/// How far ahead the next occurrence is looked for: a yearly service on February 29 can wait
/// eight years (2096 to 2104).
const SEARCH_DAYS: i64 = 366 * 9;

text_enum!(
    /// How often a service repeats.
    Frequency {
        Daily => "daily",
        Weekly => "weekly",
        MonthlyWeekday => "monthlyWeekday",
        MonthlyDate => "monthlyDate",
        Yearly => "yearly",
        // By the lunar calendar: on chosen tithis ("every Ekadashi": 11 and 26).
        Tithi => "tithi",
        // By the lunar calendar: on the day of a nakshatra, every month.
        Nakshatra => "nakshatra",
    }
);

text_enum!(
    /// A day of the week as sent and stored.
    DayOfWeek {
        Sunday => "sunday",
        Monday => "monday",
        Tuesday => "tuesday",
        Wednesday => "wednesday",
        Thursday => "thursday",
        Friday => "friday",
        Saturday => "saturday",
    }
);

impl DayOfWeek {
    pub fn weekday(self) -> Weekday {
        match self {
            Self::Sunday => Weekday::Sun,
            Self::Monday => Weekday::Mon,
            Self::Tuesday => Weekday::Tue,
            Self::Wednesday => Weekday::Wed,
            Self::Thursday => Weekday::Thu,
            Self::Friday => Weekday::Fri,
            Self::Saturday => Weekday::Sat,
        }
    }

    pub fn of(weekday: Weekday) -> Self {
        Self::ALL[weekday.num_days_from_sunday() as usize]
    }

    /// "Saturday".
    pub fn label(self) -> &'static str {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][self as usize]
    }
}

const MONTHS: [&str; 12] =
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/// The rule of the days a service falls on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Recurrence {
    Daily,
    /// On these days of every week (sorted Sunday first, no repeats, at least one).
    Weekly(Vec<DayOfWeek>),
    /// The n-th (1 to 5) given weekday of every month; months without a fifth one are skipped.
    MonthlyWeekday {
        week: u8,
        day: DayOfWeek,
    },
    /// This day (1 to 31) of every month; months without it are skipped.
    MonthlyDate(u8),
    /// Every year on this month (1 to 12) and day; February 29 only in leap years.
    Yearly {
        month: u8,
        day: u8,
    },
    /// On the days of these tithis (1–30, sorted, no repeats, at least one) at the temple, by the
    /// tithi at sunrise (docs/product.md#recurring-services).
    Tithi(Vec<u8>),
    /// On the day of this nakshatra (1–27) every month, by the nakshatra at sunrise.
    Nakshatra(u8),
}

impl Recurrence {
    pub fn frequency(&self) -> Frequency {
        match self {
            Self::Daily => Frequency::Daily,
            Self::Weekly(_) => Frequency::Weekly,
            Self::MonthlyWeekday { .. } => Frequency::MonthlyWeekday,
            Self::MonthlyDate(_) => Frequency::MonthlyDate,
            Self::Yearly { .. } => Frequency::Yearly,
            Self::Tithi(_) => Frequency::Tithi,
            Self::Nakshatra(_) => Frequency::Nakshatra,
        }
    }

    /// Whether the rule follows the lunar calendar, so its dates need the panchangam.
    pub fn is_lunar(&self) -> bool {
        matches!(self, Self::Tithi(_) | Self::Nakshatra(_))
    }

    /// The dates of a rule by the lunar calendar among the panchangam's `days` (consecutive, from a
    /// day before the first date wanted); empty for the others.
    pub fn lunar_dates(&self, days: &[PanchangamDay]) -> BTreeSet<NaiveDate> {
        match self {
            Self::Tithi(tithis) => tithis.iter().flat_map(|t| tithi_days(*t, days)).collect(),
            Self::Nakshatra(star) => nakshatra_days(*star, days).into_iter().collect(),
            _ => BTreeSet::new(),
        }
    }

    /// Whether the rule falls on this local date (end dates aside). A rule by the lunar calendar
    /// falls on the dates of `lunar` (see [`Recurrence::lunar_dates`]).
    pub fn falls_on(&self, date: NaiveDate, lunar: &BTreeSet<NaiveDate>) -> bool {
        match self {
            Self::Tithi(_) | Self::Nakshatra(_) => lunar.contains(&date),
            Self::Daily => true,
            Self::Weekly(days) => days.contains(&DayOfWeek::of(date.weekday())),
            Self::MonthlyWeekday { week, day } => date.weekday() == day.weekday() && (date.day() - 1) / 7 + 1 == u32::from(*week),
            Self::MonthlyDate(day) => date.day() == u32::from(*day),
            Self::Yearly { month, day } => date.month() == u32::from(*month) && date.day() == u32::from(*day),
        }
    }
}

/// When a service happens: its rule, its local time of day, and the last date it may fall on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Schedule {
    pub recurrence: Recurrence,
    pub time: NaiveTime,
    /// Inclusive, a local date in the temple's zone.
    pub end_date: Option<NaiveDate>,
}

/// One occurrence: its local date and time in the temple's zone and the instant it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    pub date: NaiveDate,
    /// The local wall time; the service's time unless that time does not exist that day (the
    /// hour skipped when clocks go forward), when it is the same moment read after the change.
    pub time: NaiveTime,
    pub starts_at: DateTime<Utc>,
}

/// The instant of a local date and time in `zone`. A time repeated when clocks go back is its first
/// (earlier) instant; a time skipped when clocks go forward is read with the offset in force before
/// the change (2:30 AM becomes 3:30 AM daylight time), as iCalendar (RFC 5545) does.
pub fn local_instant<Tz: TimeZone>(zone: &Tz, date: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
    let local = date.and_time(time);
    match zone.from_local_datetime(&local) {
        LocalResult::Single(at) | LocalResult::Ambiguous(at, _) => at.with_timezone(&Utc),
        LocalResult::None => {
            // Gaps last at most a few hours; the offset of four hours before is the one before it.
            let before = zone.offset_from_utc_datetime(&(local - Duration::hours(4))).fix();
            Utc.from_utc_datetime(&(local - Duration::seconds(i64::from(before.local_minus_utc()))))
        }
    }
}

impl Schedule {
    pub fn falls_on(&self, date: NaiveDate, lunar: &BTreeSet<NaiveDate>) -> bool {
        self.end_date.is_none_or(|end| date <= end) && self.recurrence.falls_on(date, lunar)
    }

    fn occurrence_on<Tz: TimeZone>(&self, zone: &Tz, date: NaiveDate) -> Occurrence {
        let starts_at = local_instant(zone, date, self.time);
        Occurrence { date, time: starts_at.with_timezone(zone).time(), starts_at }
    }

    /// Every occurrence on the local dates `from` to `to` (both included), in order. `days` is the
    /// panchangam from the day before `from` to `to` for a rule by the lunar calendar (see
    /// [`Recurrence::lunar_dates`]); other rules do not read it.
    pub fn occurrences<Tz: TimeZone>(&self, zone: &Tz, from: NaiveDate, to: NaiveDate, days: &[PanchangamDay]) -> Vec<Occurrence> {
        let lunar = self.recurrence.lunar_dates(days);
        let last = self.end_date.map_or(to, |end| end.min(to));
        from.iter_days().take_while(|d| *d <= last).filter(|d| self.falls_on(*d, &lunar)).map(|d| self.occurrence_on(zone, d)).collect()
    }

    /// The first occurrence starting strictly after `now` (one starting this very instant has
    /// begun); `None` once the end date has passed. A rule by the lunar calendar looks among the
    /// dates of `days`, the panchangam from two days before `now` to [`LUNAR_SEARCH_DAYS`] after.
    pub fn next_after<Tz: TimeZone>(&self, zone: &Tz, now: DateTime<Utc>, days: &[PanchangamDay]) -> Option<Occurrence> {
        let lunar = self.recurrence.lunar_dates(days);
        // Yesterday too: an instant late in a local day can be early the next day in UTC, and
        // starting a day early costs nothing since earlier occurrences are skipped.
        let today = now.with_timezone(zone).date_naive();
        today
            .pred_opt()
            .unwrap_or(today)
            .iter_days()
            .take(usize::try_from(if self.recurrence.is_lunar() { LUNAR_SEARCH_DAYS + 2 } else { SEARCH_DAYS }).unwrap_or(usize::MAX))
            .take_while(|d| self.end_date.is_none_or(|end| *d <= end))
            .filter(|d| self.falls_on(*d, &lunar))
            .map(|d| self.occurrence_on(zone, d))
            .find(|o| o.starts_at > now)
    }

    /// The schedule in words: "Every Saturday, 9:00 AM", "2nd Saturday of the month, 10:00 AM".
    pub fn describe(&self) -> String {
        let time = time_label(self.time);
        let rule = match &self.recurrence {
            Recurrence::Daily => "Every day".to_owned(),
            Recurrence::Weekly(days) if days.len() == 7 => "Every day".to_owned(),
            Recurrence::Weekly(days) => format!("Every {}", join_and(&days.iter().map(|d| d.label()).collect::<Vec<_>>())),
            Recurrence::MonthlyWeekday { week, day } => format!("{} {} of the month", ordinal(u32::from(*week)), day.label()),
            Recurrence::MonthlyDate(day) => format!("Monthly on the {}", ordinal(u32::from(*day))),
            Recurrence::Yearly { month, day } => format!("Every year on {} {day}", MONTHS[usize::from(*month - 1)]),
            Recurrence::Tithi(tithis) => {
                format!("Every {}", join_and(&tithi_labels(tithis).iter().map(String::as_str).collect::<Vec<_>>()))
            }
            Recurrence::Nakshatra(star) => format!("Every month on {}", nakshatra_name(*star)),
        };
        match self.end_date {
            Some(end) => format!("{rule}, {time}, until {} {}, {}", MONTHS[end.month0() as usize], end.day(), end.year()),
            None => format!("{rule}, {time}"),
        }
    }
}

/// The tithis of a rule in words: both Ekadashis are "Ekadashi", Pournami and Amavasya name
/// themselves, others carry their paksha ("Shukla Chaturthi").
fn tithi_labels(tithis: &[u8]) -> Vec<String> {
    let mut labels = Vec::new();
    for &t in tithis {
        let twin = if t <= 15 { t + 15 } else { t - 15 };
        let both = t != 15 && t != 30 && tithis.contains(&twin);
        let label = match t {
            15 | 30 => tithi_name(t).to_owned(),
            _ if both => tithi_name(t).to_owned(),
            1..=14 => format!("Shukla {}", tithi_name(t)),
            _ => format!("Krishna {}", tithi_name(t)),
        };
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    labels
}

/// "7:00 AM", "12:30 PM".
pub fn time_label(time: NaiveTime) -> String {
    time.format("%-I:%M %p").to_string()
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn join_and(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RecurringService {
    pub id: RecurringServiceId,
    pub name: String,
    pub description: Option<String>,
    pub schedule: Schedule,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The form as submitted (create and full edit). Fields another frequency does not use are ignored.
#[derive(Debug, Clone, Default)]
pub struct RecurringServiceInput {
    pub name: String,
    pub description: Option<String>,
    pub frequency: String,
    /// Weekly: the days.
    pub weekdays: Vec<String>,
    /// Monthly on a weekday: which one (1 to 5) ...
    pub week: Option<i64>,
    /// ... and its day.
    pub weekday: Option<String>,
    /// Monthly on a date, yearly: the day of the month.
    pub day: Option<i64>,
    /// Yearly: the month, 1 to 12.
    pub month: Option<i64>,
    /// By tithi: the tithis, 1 to 30.
    pub tithis: Vec<i64>,
    /// By nakshatra: the nakshatra, 1 to 27.
    pub nakshatra: Option<i64>,
    /// "HH:MM", 24-hour, local to the temple.
    pub time: String,
    /// "YYYY-MM-DD"; blank for none.
    pub end_date: Option<String>,
}

/// A checked form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRecurringService {
    pub name: String,
    pub description: Option<String>,
    pub schedule: Schedule,
}

fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 3, NAME_TOO_SHORT)?;
    if name.chars().count() > 100 {
        return Err(NAME_TOO_LONG.to_owned());
    }
    Ok(name)
}

fn check_day_of_week(value: Option<&str>) -> Result<DayOfWeek, String> {
    value.and_then(|v| DayOfWeek::parse(v.trim())).ok_or_else(|| WEEKDAY_REQUIRED.to_owned())
}

fn in_range(value: Option<i64>, range: std::ops::RangeInclusive<i64>, message: &str) -> Result<u8, String> {
    value.filter(|v| range.contains(v)).and_then(|v| u8::try_from(v).ok()).ok_or_else(|| message.to_owned())
}

/// "07:00" or "7:00" (24-hour); seconds are not taken.
pub fn parse_time(raw: &str) -> Result<NaiveTime, String> {
    NaiveTime::parse_from_str(raw.trim(), "%H:%M").map_err(|_| TIME_INVALID.to_owned())
}

/// "YYYY-MM-DD"; blank is none.
pub fn parse_end_date(raw: Option<&str>) -> Result<Option<NaiveDate>, String> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d").map(Some).map_err(|_| END_DATE_INVALID.to_owned()),
    }
}

/// The days in a month of a leap year: what a yearly date may use.
fn max_day_of_month(month: u8) -> u8 {
    match month {
        2 => 29,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl RecurringServiceInput {
    pub fn validate(self) -> Result<NewRecurringService, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let description = errors.check("description", optional_text(self.description.as_deref(), 1000, DESCRIPTION_TOO_LONG));
        let time = errors.check("time", parse_time(&self.time));
        let end_date = errors.check("endDate", parse_end_date(self.end_date.as_deref()));
        let recurrence = match Frequency::parse(self.frequency.trim()) {
            None => {
                errors.add("frequency", FREQUENCY_INVALID);
                None
            }
            Some(Frequency::Daily) => Some(Recurrence::Daily),
            Some(Frequency::Weekly) => {
                let mut days = Vec::new();
                for raw in &self.weekdays {
                    match DayOfWeek::parse(raw.trim()) {
                        Some(day) => days.push(day),
                        None => errors.add("weekdays", WEEKDAYS_REQUIRED),
                    }
                }
                days.sort();
                days.dedup();
                if days.is_empty() {
                    errors.add("weekdays", WEEKDAYS_REQUIRED);
                }
                Some(Recurrence::Weekly(days))
            }
            Some(Frequency::MonthlyWeekday) => {
                let week = errors.check("week", in_range(self.week, 1..=5, WEEK_INVALID));
                let day = errors.check("weekday", check_day_of_week(self.weekday.as_deref()));
                week.zip(day).map(|(week, day)| Recurrence::MonthlyWeekday { week, day })
            }
            Some(Frequency::MonthlyDate) => errors.check("day", in_range(self.day, 1..=31, DAY_INVALID)).map(Recurrence::MonthlyDate),
            Some(Frequency::Yearly) => {
                let month = errors.check("month", in_range(self.month, 1..=12, MONTH_INVALID));
                let day = errors.check("day", in_range(self.day, 1..=31, DAY_INVALID));
                match (month, day) {
                    (Some(month), Some(day)) if day > max_day_of_month(month) => {
                        errors.add("day", DATE_NOT_IN_MONTH);
                        None
                    }
                    (Some(month), Some(day)) => Some(Recurrence::Yearly { month, day }),
                    _ => None,
                }
            }
            Some(Frequency::Tithi) => {
                let mut tithis = Vec::new();
                for raw in &self.tithis {
                    match in_range(Some(*raw), 1..=30, TITHIS_REQUIRED) {
                        Ok(t) => tithis.push(t),
                        Err(message) => errors.add("tithis", &message),
                    }
                }
                tithis.sort_unstable();
                tithis.dedup();
                if tithis.is_empty() {
                    errors.add("tithis", TITHIS_REQUIRED);
                }
                Some(Recurrence::Tithi(tithis))
            }
            Some(Frequency::Nakshatra) => {
                errors.check("nakshatra", in_range(self.nakshatra, 1..=27, NAKSHATRA_INVALID)).map(Recurrence::Nakshatra)
            }
        };
        match (name, description, time, end_date, recurrence) {
            (Some(name), Some(description), Some(time), Some(end_date), Some(recurrence)) if errors.is_empty() => {
                Ok(NewRecurringService { name, description, schedule: Schedule { recurrence, time, end_date } })
            }
            _ => Err(errors),
        }
    }
}

pub const RANGE_DATE_INVALID: &str = "Must be a date (YYYY-MM-DD)";
pub const RANGE_REVERSED: &str = "Must be on or after the start date";
pub const RANGE_TOO_LONG: &str = "The range must be at most 366 days";

/// The local dates `from` to `to` (both included, "YYYY-MM-DD") of an occurrences query: at most
/// 366 days.
pub fn parse_range(from: Option<&str>, to: Option<&str>) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let parse = |raw: Option<&str>| {
        raw.and_then(|r| NaiveDate::parse_from_str(r.trim(), "%Y-%m-%d").ok()).ok_or_else(|| RANGE_DATE_INVALID.to_owned())
    };
    let from = errors.check("from", parse(from));
    let to = errors.check("to", parse(to));
    match (from, to) {
        (Some(from), Some(to)) if to < from => errors.add("to", RANGE_REVERSED),
        (Some(from), Some(to)) if (to - from).num_days() >= 366 => errors.add("to", RANGE_TOO_LONG),
        (Some(from), Some(to)) => return Ok((from, to)),
        _ => {}
    }
    Err(errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Timelike;
    use chrono_tz::America::Los_Angeles;
    use chrono_tz::Asia::Kolkata;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn hm(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).expect("time")
    }

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).single().expect("instant")
    }

    fn schedule(recurrence: Recurrence, time: NaiveTime) -> Schedule {
        Schedule { recurrence, time, end_date: None }
    }

    #[test]
    fn a_daily_seven_am_service_stays_at_seven_local_across_both_dst_changes() {
        let s = schedule(Recurrence::Daily, hm(7, 0));
        // 2026: clocks go forward on Sunday March 8 and back on Sunday November 1 in Los Angeles.
        let march = s.occurrences(&Los_Angeles, date(2026, 3, 7), date(2026, 3, 9), &[]);
        let utc_hours: Vec<u32> = march.iter().map(|o| o.starts_at.time().hour()).collect();
        assert_eq!(utc_hours, [15, 14, 14], "7:00 PST is 15:00 UTC, 7:00 PDT is 14:00 UTC");
        assert!(march.iter().all(|o| o.time == hm(7, 0)));
        let november = s.occurrences(&Los_Angeles, date(2026, 10, 31), date(2026, 11, 2), &[]);
        let utc_hours: Vec<u32> = november.iter().map(|o| o.starts_at.time().hour()).collect();
        assert_eq!(utc_hours, [14, 15, 15]);
        assert!(november.iter().all(|o| o.time == hm(7, 0) && o.starts_at.with_timezone(&Los_Angeles).time() == hm(7, 0)));
        assert_eq!(november.iter().map(|o| o.date).collect::<Vec<_>>(), [date(2026, 10, 31), date(2026, 11, 1), date(2026, 11, 2)]);
    }

    #[test]
    fn skipped_and_repeated_local_times_resolve_like_icalendar() {
        // 2:30 AM does not exist on March 8, 2026 in Los Angeles: read with PST it is 3:30 AM PDT.
        let s = schedule(Recurrence::Daily, hm(2, 30));
        let [o] = s.occurrences(&Los_Angeles, date(2026, 3, 8), date(2026, 3, 8), &[])[..] else { panic!("one occurrence") };
        assert_eq!(o.starts_at, utc(2026, 3, 8, 10, 30));
        assert_eq!(o.time, hm(3, 30));
        // 1:30 AM happens twice on November 1, 2026: the first one (PDT) counts.
        let s = schedule(Recurrence::Daily, hm(1, 30));
        let [o] = s.occurrences(&Los_Angeles, date(2026, 11, 1), date(2026, 11, 1), &[])[..] else { panic!("one occurrence") };
        assert_eq!(o.starts_at, utc(2026, 11, 1, 8, 30));
        assert_eq!(o.time, hm(1, 30));
    }

    #[test]
    fn the_fifth_weekday_skips_months_without_one() {
        let s = schedule(Recurrence::MonthlyWeekday { week: 5, day: DayOfWeek::Saturday }, hm(10, 0));
        let dates: Vec<NaiveDate> = s.occurrences(&Los_Angeles, date(2026, 1, 1), date(2026, 12, 31), &[]).iter().map(|o| o.date).collect();
        // 2026 has a fifth Saturday in January, May, August and October only.
        assert_eq!(dates, [date(2026, 1, 31), date(2026, 5, 30), date(2026, 8, 29), date(2026, 10, 31)]);
        // From June, the next one is in August.
        let next = s.next_after(&Los_Angeles, utc(2026, 6, 1, 0, 0), &[]).expect("next");
        assert_eq!(next.date, date(2026, 8, 29));
        assert_eq!(next.starts_at, utc(2026, 8, 29, 17, 0));
    }

    #[test]
    fn nth_weekdays_dates_and_weekly_days() {
        let second_saturday = schedule(Recurrence::MonthlyWeekday { week: 2, day: DayOfWeek::Saturday }, hm(10, 0));
        let dates: Vec<_> =
            second_saturday.occurrences(&Los_Angeles, date(2026, 3, 1), date(2026, 5, 31), &[]).iter().map(|o| o.date).collect();
        assert_eq!(dates, [date(2026, 3, 14), date(2026, 4, 11), date(2026, 5, 9)]);

        let the_31st = schedule(Recurrence::MonthlyDate(31), hm(18, 0));
        let dates: Vec<_> = the_31st.occurrences(&Los_Angeles, date(2026, 1, 1), date(2026, 6, 30), &[]).iter().map(|o| o.date).collect();
        assert_eq!(dates, [date(2026, 1, 31), date(2026, 3, 31), date(2026, 5, 31)]);

        let tue_sat = schedule(Recurrence::Weekly(vec![DayOfWeek::Tuesday, DayOfWeek::Saturday]), hm(18, 30));
        let dates: Vec<_> = tue_sat.occurrences(&Los_Angeles, date(2026, 3, 1), date(2026, 3, 10), &[]).iter().map(|o| o.date).collect();
        assert_eq!(dates, [date(2026, 3, 3), date(2026, 3, 7), date(2026, 3, 10)]);
    }

    #[test]
    fn yearly_services_fall_once_a_year_and_february_29_waits_for_leap_years() {
        let diwali_like = schedule(Recurrence::Yearly { month: 11, day: 8 }, hm(18, 0));
        let next = diwali_like.next_after(&Los_Angeles, utc(2026, 11, 9, 3, 0), &[]).expect("7 PM PST on the 8th: next year");
        assert_eq!(next.date, date(2027, 11, 8));
        let leap = schedule(Recurrence::Yearly { month: 2, day: 29 }, hm(9, 0));
        assert_eq!(leap.next_after(&Los_Angeles, utc(2026, 1, 1, 0, 0), &[]).expect("next").date, date(2028, 2, 29));
        assert_eq!(leap.next_after(&Los_Angeles, utc(2097, 1, 1, 0, 0), &[]).expect("next").date, date(2104, 2, 29));
    }

    #[test]
    fn end_dates_are_inclusive_and_stop_the_service() {
        let s = Schedule { recurrence: Recurrence::Daily, time: hm(19, 0), end_date: Some(date(2026, 3, 10)) };
        let dates: Vec<_> = s.occurrences(&Los_Angeles, date(2026, 3, 9), date(2026, 3, 31), &[]).iter().map(|o| o.date).collect();
        assert_eq!(dates, [date(2026, 3, 9), date(2026, 3, 10)]);
        // 6 PM on the last day: that evening's occurrence is the last.
        let last = s.next_after(&Los_Angeles, utc(2026, 3, 11, 1, 0), &[]).expect("the 10th at 7 PM PDT");
        assert_eq!(last.starts_at, utc(2026, 3, 11, 2, 0));
        assert_eq!(s.next_after(&Los_Angeles, utc(2026, 3, 11, 2, 0), &[]), None, "once it has started, nothing is left");
    }

    #[test]
    fn the_next_occurrence_is_strictly_later_and_computed_in_the_temples_zone() {
        let s = schedule(Recurrence::Daily, hm(7, 0));
        // 7:00 AM PDT on March 10 is 14:00 UTC: at that instant, the next one is the 11th.
        assert_eq!(s.next_after(&Los_Angeles, utc(2026, 3, 10, 14, 0), &[]).expect("next").date, date(2026, 3, 11));
        assert_eq!(s.next_after(&Los_Angeles, utc(2026, 3, 10, 13, 59), &[]).expect("next").date, date(2026, 3, 10));
        // 23:30 UTC on March 10 is 5:00 AM on March 11 in India: the next 7:00 AM there is that morning.
        let india = s.next_after(&Kolkata, utc(2026, 3, 10, 23, 30), &[]).expect("next");
        assert_eq!(india.date, date(2026, 3, 11));
        assert_eq!(india.starts_at, utc(2026, 3, 11, 1, 30));
        // Late evening in Los Angeles is the next day in UTC: the local date still decides.
        let evening = schedule(Recurrence::Weekly(vec![DayOfWeek::Tuesday]), hm(18, 30));
        let next = evening.next_after(&Los_Angeles, utc(2026, 3, 11, 0, 0), &[]).expect("next");
        assert_eq!(next.date, date(2026, 3, 10), "Tuesday 5 PM local: this evening's 6:30 PM is next");
        assert_eq!(next.starts_at, utc(2026, 3, 11, 1, 30));
    }

    #[test]
    fn schedules_read_in_words() {
        let t = hm(9, 0);
        assert_eq!(schedule(Recurrence::Daily, hm(7, 0)).describe(), "Every day, 7:00 AM");
        assert_eq!(schedule(Recurrence::Weekly(vec![DayOfWeek::Saturday]), t).describe(), "Every Saturday, 9:00 AM");
        let three = Recurrence::Weekly(vec![DayOfWeek::Monday, DayOfWeek::Wednesday, DayOfWeek::Friday]);
        assert_eq!(schedule(three, hm(18, 30)).describe(), "Every Monday, Wednesday and Friday, 6:30 PM");
        assert_eq!(
            schedule(Recurrence::MonthlyWeekday { week: 2, day: DayOfWeek::Saturday }, hm(10, 0)).describe(),
            "2nd Saturday of the month, 10:00 AM"
        );
        assert_eq!(schedule(Recurrence::MonthlyDate(23), hm(12, 0)).describe(), "Monthly on the 23rd, 12:00 PM");
        assert_eq!(schedule(Recurrence::MonthlyDate(11), hm(12, 0)).describe(), "Monthly on the 11th, 12:00 PM");
        let yearly = Schedule { recurrence: Recurrence::Yearly { month: 11, day: 8 }, time: hm(18, 0), end_date: Some(date(2030, 1, 2)) };
        assert_eq!(yearly.describe(), "Every year on November 8, 6:00 PM, until January 2, 2030");
    }

    #[test]
    fn occurrence_ranges_are_dates_in_order_of_at_most_366_days() {
        assert_eq!(parse_range(Some("2026-03-01"), Some("2026-03-31")), Ok((date(2026, 3, 1), date(2026, 3, 31))));
        assert!(parse_range(Some("2026-01-01"), Some("2026-12-31")).is_ok());
        assert_eq!(parse_range(Some("2026-03-01"), None).expect_err("missing").get("to"), Some(RANGE_DATE_INVALID));
        assert_eq!(parse_range(Some("03/01/2026"), Some("2026-03-31")).expect_err("format").get("from"), Some(RANGE_DATE_INVALID));
        assert_eq!(parse_range(Some("2026-03-02"), Some("2026-03-01")).expect_err("reversed").get("to"), Some(RANGE_REVERSED));
        assert_eq!(parse_range(Some("2026-01-01"), Some("2027-01-02")).expect_err("367 days").get("to"), Some(RANGE_TOO_LONG));
    }

    fn input(frequency: &str) -> RecurringServiceInput {
        RecurringServiceInput { name: "Suprabhatam".into(), frequency: frequency.into(), time: "07:00".into(), ..Default::default() }
    }

    #[test]
    fn forms_are_checked_with_the_products_messages() {
        let valid = input("daily").validate().expect("valid");
        assert_eq!(valid.schedule, Schedule { recurrence: Recurrence::Daily, time: hm(7, 0), end_date: None });

        let errors =
            RecurringServiceInput { name: "ab".into(), time: "25:00".into(), end_date: Some("2026-02-30".into()), ..input("often") }
                .validate()
                .expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
        assert_eq!(errors.get("time"), Some(TIME_INVALID));
        assert_eq!(errors.get("endDate"), Some(END_DATE_INVALID));
        assert_eq!(errors.get("frequency"), Some(FREQUENCY_INVALID));

        assert_eq!(input("weekly").validate().expect_err("no days").get("weekdays"), Some(WEEKDAYS_REQUIRED));
        let weekly = RecurringServiceInput { weekdays: vec!["saturday".into(), "tuesday".into(), "saturday".into()], ..input("weekly") };
        assert_eq!(
            weekly.validate().expect("valid").schedule.recurrence,
            Recurrence::Weekly(vec![DayOfWeek::Tuesday, DayOfWeek::Saturday])
        );

        let errors = RecurringServiceInput { week: Some(6), ..input("monthlyWeekday") }.validate().expect_err("invalid");
        assert_eq!(errors.get("week"), Some(WEEK_INVALID));
        assert_eq!(errors.get("weekday"), Some(WEEKDAY_REQUIRED));
        assert_eq!(
            RecurringServiceInput { day: Some(0), ..input("monthlyDate") }.validate().expect_err("day").get("day"),
            Some(DAY_INVALID)
        );
        let april_31 = RecurringServiceInput { month: Some(4), day: Some(31), ..input("yearly") };
        assert_eq!(april_31.validate().expect_err("no April 31").get("day"), Some(DATE_NOT_IN_MONTH));
        let leap_day = RecurringServiceInput { month: Some(2), day: Some(29), ..input("yearly") };
        assert_eq!(leap_day.validate().expect("valid").schedule.recurrence, Recurrence::Yearly { month: 2, day: 29 });
        assert_eq!(
            RecurringServiceInput { month: Some(13), day: Some(1), ..input("yearly") }.validate().expect_err("month").get("month"),
            Some(MONTH_INVALID)
        );
    }

    #[test]
    fn services_by_the_lunar_calendar_fall_on_the_panchangams_days_and_read_in_words() {
        let ekadashi = RecurringServiceInput { tithis: vec![26, 11, 26], ..input("tithi") }.validate().expect("valid");
        assert_eq!(ekadashi.schedule.recurrence, Recurrence::Tithi(vec![11, 26]));
        assert_eq!(ekadashi.schedule.describe(), "Every Ekadashi, 7:00 AM");
        assert_eq!(schedule(Recurrence::Tithi(vec![15]), hm(18, 30)).describe(), "Every Pournami, 6:30 PM");
        assert_eq!(schedule(Recurrence::Tithi(vec![4, 30]), hm(18, 30)).describe(), "Every Shukla Chaturthi and Amavasya, 6:30 PM");
        assert_eq!(schedule(Recurrence::Nakshatra(22), hm(9, 0)).describe(), "Every month on Shravana, 9:00 AM");
        assert_eq!(input("tithi").validate().expect_err("none").get("tithis"), Some(TITHIS_REQUIRED));
        assert_eq!(
            RecurringServiceInput { tithis: vec![31], ..input("tithi") }.validate().expect_err("31").get("tithis"),
            Some(TITHIS_REQUIRED)
        );
        assert_eq!(
            RecurringServiceInput { nakshatra: Some(28), ..input("nakshatra") }.validate().expect_err("28").get("nakshatra"),
            Some(NAKSHATRA_INVALID)
        );

        // Without the panchangam a lunar rule falls nowhere; with it, on its days.
        let s = schedule(Recurrence::Tithi(vec![11]), hm(18, 30));
        assert!(s.occurrences(&Los_Angeles, date(2026, 3, 1), date(2026, 3, 31), &[]).is_empty());
        let days = crate::testing::panchangam_days(date(2026, 3, 1), &[9, 10, 11, 11, 12, 13]);
        let found: Vec<NaiveDate> = s.occurrences(&Los_Angeles, date(2026, 3, 2), date(2026, 3, 6), &days).iter().map(|o| o.date).collect();
        assert_eq!(found, [date(2026, 3, 3)], "the first of two sunrises");
        let next = s.next_after(&Los_Angeles, utc(2026, 3, 1, 12, 0), &days).expect("next");
        assert_eq!((next.date, next.time), (date(2026, 3, 3), hm(18, 30)));
    }
}

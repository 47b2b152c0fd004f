//! Festivals by the lunar calendar (docs/festivals.md, ADR 0133): their rules (the shipped table
//! and the editors' own), the days they fall on at the temple in a year, the coming year's
//! festivals and special tithis as an iCalendar file, and the festival's events made for the
//! coming years in one action, after seeing their dates.

use std::sync::Arc;

use chrono::{Datelike, Duration, NaiveDate, NaiveTime};
use mandir_domain::audit::AuditKind;
use mandir_domain::event::{Event, NewEventInput};
use mandir_domain::festival::{Festival, FestivalInput, FestivalRule, dates_of};
use mandir_domain::panchangam::{LAST_YEAR, PanchangamDay, Place, lunar_month_name, tithi_name};
use mandir_domain::recurring_service::{local_instant, parse_time};
use mandir_domain::staff::Permission;
use mandir_domain::{EventId, FestivalRuleId, ValidationErrors};

use super::audit::{Action, Recorder, Target};
use super::calendar::{CalendarFile, host_of};
use super::panchangam::{PanchangamError, PanchangamService};
use super::{Actor, new_id};
use crate::BoxError;
use crate::calendar::{CalendarEntry, calendar_text};
use crate::ports::{ChangeNotifier, Clock, FestivalEvent, FestivalRepository, RepoError, TempleName, Topic};

pub const YEAR_INVALID: &str = "Choose a year from 1900 to 2100";
pub const FROM_YEAR_INVALID: &str = "Choose a year from this year to 2100";
pub const YEARS_INVALID: &str = "Make the events for 1 to 10 years";
/// The events of these dates were made by someone else meanwhile.
pub const EVENTS_RACED: &str = "Some of these events were just made by someone else; look at the dates again";

/// At most this many years of a festival's events in one action.
pub const MAX_YEARS: i64 = 10;

/// How far before and after a Gregorian year a festival's lunar month may begin or end.
const MARGIN_DAYS: i64 = 40;

#[derive(Debug, thiserror::Error)]
pub enum FestivalError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Editor access required")]
    Forbidden,
    #[error("Festival not found")]
    NotFound,
    #[error("{EVENTS_RACED}")]
    Raced,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(FestivalError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Raced => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(FestivalError: RepoError);

impl From<PanchangamError> for FestivalError {
    fn from(error: PanchangamError) -> Self {
        match error {
            PanchangamError::Validation(errors) => Self::Validation(errors),
            PanchangamError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

fn not_found_or(error: RepoError) -> FestivalError {
    match error {
        RepoError::NotFound => FestivalError::NotFound,
        other => other.into(),
    }
}

/// A festival on its day at the temple.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FestivalDate {
    pub id: FestivalRuleId,
    pub name: String,
    pub date: NaiveDate,
    pub rule: FestivalRule,
}

/// One date of a festival in the years asked for, and the event already made for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FestivalDay {
    pub date: NaiveDate,
    /// The event made from the rule for this date, if any.
    pub event_id: Option<EventId>,
    /// The festival's day (or the event's time on it) has passed: no event is made for it.
    pub past: bool,
}

/// What making a festival's events asks for.
#[derive(Debug, Clone, Default)]
pub struct FestivalEventsInput {
    /// The first Gregorian year; this year at the temple when absent.
    pub from_year: Option<i64>,
    /// How many years, 1 to 10 (default 1).
    pub years: Option<i64>,
    /// "HH:MM", the temple's local time the events start.
    pub time: String,
    pub location: String,
    pub description: String,
    pub capacity: Option<i64>,
}

/// What making a festival's events did.
#[derive(Debug, Clone, PartialEq)]
pub struct FestivalEventsMade {
    pub created: Vec<Event>,
    /// Dates that already had their event: left as they are.
    pub existing: Vec<FestivalDay>,
    /// Dates whose festival (or the events' time on it) has passed.
    pub past: Vec<NaiveDate>,
}

#[derive(Clone)]
pub struct FestivalService {
    rules: Arc<dyn FestivalRepository>,
    panchangam: PanchangamService,
    name: Arc<dyn TempleName>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    audit: Recorder,
    /// The site's address, for the calendar's links and stable `UID`s.
    public_url: String,
}

/// The years asked for: `from_year` (this year at the temple by default) and `years` (1 by
/// default), within this year to 2100 and at most [`MAX_YEARS`].
fn years_of(from_year: Option<i64>, years: Option<i64>, this_year: i32) -> Result<(i32, i32), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let first = errors.check(
        "fromYear",
        match from_year {
            None => Ok(this_year),
            Some(y) => i32::try_from(y).ok().filter(|y| (this_year..=LAST_YEAR).contains(y)).ok_or_else(|| FROM_YEAR_INVALID.to_owned()),
        },
    );
    let count = errors.check(
        "years",
        match years {
            None => Ok(1),
            Some(n) => i32::try_from(n).ok().filter(|n| (1..=MAX_YEARS).contains(&i64::from(*n))).ok_or_else(|| YEARS_INVALID.to_owned()),
        },
    );
    match (first, count) {
        (Some(first), Some(count)) => Ok((first, (first + count - 1).min(LAST_YEAR))),
        _ => Err(errors),
    }
}

impl FestivalService {
    pub fn new(
        rules: Arc<dyn FestivalRepository>,
        panchangam: PanchangamService,
        name: Arc<dyn TempleName>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        audit: Recorder,
        public_url: String,
    ) -> Self {
        Self { rules, panchangam, name, clock, changes, audit, public_url }
    }

    /// The days of `festivals` at the temple from `from` to `to` inclusive, in date order, with the
    /// days they were worked out from.
    async fn between(
        &self,
        festivals: &[Festival],
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<(Place, Vec<PanchangamDay>, Vec<FestivalDate>), FestivalError> {
        let (place, days) = self.panchangam.temple_days(from - Duration::days(MARGIN_DAYS), to + Duration::days(2)).await?;
        let mut found: Vec<FestivalDate> = festivals
            .iter()
            .flat_map(|festival| {
                dates_of(&festival.rule, &days).into_iter().filter(|date| (from..=to).contains(date)).map(|date| FestivalDate {
                    id: festival.id.clone(),
                    name: festival.name.clone(),
                    date,
                    rule: festival.rule,
                })
            })
            .collect();
        found.sort_by(|a, b| a.date.cmp(&b.date).then_with(|| a.name.cmp(&b.name)));
        Ok((place, days, found))
    }

    /// The festivals of a Gregorian year (`YYYY`; this year at the temple when absent) on their
    /// days at the temple.
    #[tracing::instrument(skip(self))]
    pub async fn festivals(&self, year: Option<&str>) -> Result<Vec<FestivalDate>, FestivalError> {
        let (_, today) = self.panchangam.place_and_today().await?;
        let year = match year.filter(|y| !y.is_empty()) {
            None => today.year(),
            Some(text) => text
                .parse::<i32>()
                .ok()
                .filter(|y| (mandir_domain::panchangam::FIRST_YEAR..=LAST_YEAR).contains(y))
                .ok_or_else(|| FestivalError::Validation(ValidationErrors::single("year", YEAR_INVALID)))?,
        };
        let (Some(from), Some(to)) = (NaiveDate::from_ymd_opt(year, 1, 1), NaiveDate::from_ymd_opt(year, 12, 31)) else {
            return Err(FestivalError::Validation(ValidationErrors::single("year", YEAR_INVALID)));
        };
        let festivals = self.rules.list().await?;
        Ok(self.between(&festivals, from, to).await?.2)
    }

    /// The coming year's festivals and special tithis (Ekadashi, Pournami, Amavasya) as an
    /// iCalendar file of all-day entries, to download or subscribe to.
    #[tracing::instrument(skip(self))]
    pub async fn calendar(&self) -> Result<CalendarFile, FestivalError> {
        let (place, today) = self.panchangam.place_and_today().await?;
        let end = (today + Duration::days(365)).min(NaiveDate::from_ymd_opt(LAST_YEAR, 12, 31).unwrap_or(today));
        let festivals = self.rules.list().await?;
        let (_, days, found) = self.between(&festivals, today, end).await?;
        let host = host_of(&self.public_url).to_owned();
        let base = self.public_url.trim_end_matches('/').to_owned();
        let midnight = |date: NaiveDate| date.and_time(NaiveTime::MIN).and_utc();
        let entry = |uid: String, summary: String, description: Option<String>, date: NaiveDate| CalendarEntry {
            uid,
            summary,
            description,
            location: None,
            starts_at: midnight(date),
            ends_at: midnight(date) + Duration::days(1),
            url: Some(format!("{base}/panchangam?month={}", date.format("%Y-%m"))),
            updated_at: midnight(today),
            day: Some(date),
        };
        let mut entries: Vec<CalendarEntry> = found
            .iter()
            .map(|f| {
                entry(format!("festival-{}-{}@{host}", f.id, f.date.format("%Y%m%d")), f.name.clone(), Some(f.rule.describe()), f.date)
            })
            .collect();
        for day in days.iter().filter(|d| (today..=end).contains(&d.date)) {
            let tithis = std::iter::once(day.tithi.number).chain(day.kshaya.map(|k| k.number));
            for number in tithis.filter(|n| matches!(n, 11 | 15 | 26 | 30)) {
                let description = format!("{} at sunrise on {}", tithi_name(day.tithi.number), day.date.format("%B %-d, %Y"));
                let uid = format!("tithi-{number}-{}@{host}", day.date.format("%Y%m%d"));
                entries.push(entry(uid, special_tithi(day, number), Some(description), day.date));
            }
        }
        entries.sort_by(|a, b| a.day.cmp(&b.day).then_with(|| a.uid.cmp(&b.uid)));
        let temple = self.name.temple_name().await?;
        let title =
            if temple.is_empty() { "Festivals and special tithis".to_owned() } else { format!("{temple}: festivals and special tithis") };
        Ok(CalendarFile { filename: "festivals.ics".to_owned(), text: calendar_text(&title, place.zone, &entries, self.clock.now()) })
    }

    /// Every rule, for the editors.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn rules(&self, actor: &Actor) -> Result<Vec<Festival>, FestivalError> {
        actor.require(Permission::EditContent)?;
        Ok(self.rules.list().await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create_rule(&self, actor: &Actor, input: FestivalInput) -> Result<Festival, FestivalError> {
        actor.require(Permission::EditContent)?;
        let valid = input.validate().map_err(FestivalError::Validation)?;
        let id: FestivalRuleId = new_id();
        let created = self.rules.create(&id, &valid, self.clock.now()).await?;
        let action = Action::new(AuditKind::Site, "festival.create", Target::of("festival", &created.id));
        let summary = format!("Added the festival {} ({})", created.name, created.rule.describe());
        self.audit.changed(actor, action, summary, None::<&Festival>, Some(&created)).await;
        Ok(created)
    }

    /// Replaces every field of the rule; the events made from it stay as they are.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update_rule(&self, actor: &Actor, id: &FestivalRuleId, input: FestivalInput) -> Result<Festival, FestivalError> {
        actor.require(Permission::EditContent)?;
        let valid = input.validate().map_err(FestivalError::Validation)?;
        let before = self.rules.get(id).await?.ok_or(FestivalError::NotFound)?;
        let updated = self.rules.update(id, &valid, self.clock.now()).await.map_err(not_found_or)?;
        let action = Action::new(AuditKind::Site, "festival.update", Target::of("festival", id));
        let summary = format!("Changed the festival {} ({})", updated.name, updated.rule.describe());
        self.audit.changed(actor, action, summary, Some(&before), Some(&updated)).await;
        Ok(updated)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete_rule(&self, actor: &Actor, id: &FestivalRuleId) -> Result<(), FestivalError> {
        actor.require(Permission::EditContent)?;
        let before = self.rules.get(id).await?.ok_or(FestivalError::NotFound)?;
        self.rules.delete(id).await.map_err(not_found_or)?;
        let action = Action::new(AuditKind::Site, "festival.delete", Target::of("festival", id));
        self.audit.changed(actor, action, format!("Deleted the festival {}", before.name), Some(&before), None::<&Festival>).await;
        Ok(())
    }

    /// The festival's dates in the years asked for, each with the event already made for it and
    /// whether it has passed; what [`Self::create_events`] would make, before it is made.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn preview(
        &self,
        actor: &Actor,
        id: &FestivalRuleId,
        from_year: Option<i64>,
        years: Option<i64>,
    ) -> Result<(Festival, Vec<FestivalDay>), FestivalError> {
        actor.require(Permission::EditContent)?;
        let festival = self.rules.get(id).await?.ok_or(FestivalError::NotFound)?;
        let (_, today) = self.panchangam.place_and_today().await?;
        let (first, last) = years_of(from_year, years, today.year()).map_err(FestivalError::Validation)?;
        let days = self.days_of(&festival, first, last, |date| date < today).await?;
        Ok((festival, days))
    }

    /// The festival's dates from January of `first` to December of `last`, with their events.
    async fn days_of(
        &self,
        festival: &Festival,
        first: i32,
        last: i32,
        passed: impl Fn(NaiveDate) -> bool,
    ) -> Result<Vec<FestivalDay>, FestivalError> {
        let (Some(from), Some(to)) = (NaiveDate::from_ymd_opt(first, 1, 1), NaiveDate::from_ymd_opt(last, 12, 31)) else {
            return Err(FestivalError::Validation(ValidationErrors::single("fromYear", FROM_YEAR_INVALID)));
        };
        let (_, _, found) = self.between(std::slice::from_ref(festival), from, to).await?;
        let made = self.rules.events_of(&festival.id, from, to).await?;
        Ok(found
            .into_iter()
            .map(|f| FestivalDay {
                date: f.date,
                event_id: made.iter().find(|(date, _)| *date == f.date).map(|(_, id)| id.clone()),
                past: passed(f.date),
            })
            .collect())
    }

    /// Makes the festival's events for the years asked for, one per date, each with the rule's
    /// name, the time, place and description given, in one transaction; dates that already have
    /// their event, and dates passed, are left out (and reported).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn create_events(
        &self,
        actor: &Actor,
        id: &FestivalRuleId,
        input: FestivalEventsInput,
    ) -> Result<FestivalEventsMade, FestivalError> {
        actor.require(Permission::EditContent)?;
        let festival = self.rules.get(id).await?.ok_or(FestivalError::NotFound)?;
        let (place, today) = self.panchangam.place_and_today().await?;
        let now = self.clock.now();
        let years = years_of(input.from_year, input.years, today.year());
        let time = parse_time(&input.time);
        // The event's own rules (name, place, description, capacity) with their messages, on an
        // event a day ahead; the real dates are checked one by one below.
        let base = event_input(&festival, &input);
        let sample = NewEventInput { event_date: Some((now + Duration::days(1)).to_rfc3339()), ..base.clone() };
        let mut errors = match sample.validate(now) {
            Ok(_) => ValidationErrors::new(),
            Err(errors) => errors,
        };
        let (first, last) = match years {
            Ok(years) => years,
            Err(year_errors) => {
                for (field, message) in year_errors.fields() {
                    errors.add(field, message);
                }
                (0, 0)
            }
        };
        let time = errors.check("time", time);
        let Some(time) = time.filter(|_| errors.is_empty()) else { return Err(FestivalError::Validation(errors)) };
        let starts = |date: NaiveDate| local_instant(&place.zone, date, time);
        let days = self.days_of(&festival, first, last, |date| starts(date) <= now).await?;
        let mut to_make = Vec::new();
        let mut existing = Vec::new();
        let mut past = Vec::new();
        for day in days {
            if day.event_id.is_some() {
                existing.push(day);
            } else if day.past {
                past.push(day.date);
            } else {
                let event = NewEventInput { event_date: Some(starts(day.date).to_rfc3339()), ..base.clone() }
                    .validate(now)
                    .map_err(FestivalError::Validation)?;
                to_make.push(FestivalEvent { date: day.date, id: new_id(), event });
            }
        }
        let created = if to_make.is_empty() {
            Vec::new()
        } else {
            self.rules.create_events(id, &to_make, &actor.user_id, now).await.map_err(|error| match error {
                RepoError::Conflict(_) => FestivalError::Raced,
                RepoError::NotFound => FestivalError::NotFound,
                other => other.into(),
            })?
        };
        if !created.is_empty() {
            self.changes.publish(Topic::Events).await;
            let dates: Vec<String> = to_make.iter().map(|e| e.date.to_string()).collect();
            let action = Action::new(AuditKind::Events, "festival.events", Target::of("festival", id));
            let summary = format!("Made {} event(s) of {}: {}", created.len(), festival.name, dates.join(", "));
            self.audit.acted(actor, action, summary, Vec::new()).await;
        }
        Ok(FestivalEventsMade { created, existing, past })
    }
}

/// The fields every event of the festival shares.
fn event_input(festival: &Festival, input: &FestivalEventsInput) -> NewEventInput {
    NewEventInput {
        name: festival.name.clone(),
        description: input.description.clone(),
        location: input.location.clone(),
        event_date: None,
        image_url: None,
        capacity: input.capacity,
    }
}

/// "Kartika Shukla Ekadashi", "Kartika Pournami", "Adhika Jyeshtha Amavasya".
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
    use crate::ports::festival_repository::MockFestivalRepository;
    use crate::services::test_fixtures::{admin, changes, fixed_clock, member, now, panchangam, recorder, staff, temple_name};
    use mandir_domain::festival::{FestivalMonth, Moment, TwoDays};
    use mandir_domain::staff::Role;
    use std::sync::Mutex;

    /// Tithi 11 at sunrise: with the test panchangam (tithi `n % 30 + 1` on day `n` of 2026), every
    /// 30 days from January 11, 2026.
    fn ekadashi() -> Festival {
        Festival {
            id: "ekadashi".into(),
            name: "Test Ekadashi".into(),
            description: Some("A day of fasting and prayer".into()),
            rule: FestivalRule {
                month: FestivalMonth::Lunar(1),
                tithi: 11,
                moment: Moment::Sunrise,
                two_days: TwoDays::First,
                in_adhika: false,
            },
            source: None,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn service(repo: MockFestivalRepository) -> (FestivalService, Arc<Mutex<Vec<mandir_domain::audit::AuditEntry>>>) {
        let (audit, entries) = recorder();
        let s = FestivalService::new(
            Arc::new(repo),
            panchangam(),
            temple_name("Sri Test Temple"),
            Arc::new(fixed_clock()),
            changes(),
            audit,
            "https://temple.example/".into(),
        );
        (s, entries)
    }

    fn input() -> FestivalEventsInput {
        FestivalEventsInput {
            from_year: Some(2026),
            years: Some(1),
            time: "18:00".into(),
            location: "Main hall".into(),
            description: "Puja, bhajans and prasadam for all".into(),
            capacity: None,
        }
    }

    #[tokio::test]
    async fn only_editors_manage_festivals_and_make_their_events() {
        let mut repo = MockFestivalRepository::new();
        repo.expect_list().never();
        repo.expect_create().never();
        repo.expect_create_events().never();
        let (s, _) = service(repo);
        assert!(matches!(s.rules(&member()).await, Err(FestivalError::Forbidden)));
        assert!(matches!(s.rules(&staff(&[Role::Treasurer])).await, Err(FestivalError::Forbidden)));
        assert!(matches!(s.create_rule(&member(), FestivalInput::default()).await, Err(FestivalError::Forbidden)));
        assert!(matches!(s.preview(&member(), &"x".into(), None, None).await, Err(FestivalError::Forbidden)));
        assert!(matches!(s.create_events(&member(), &"x".into(), input()).await, Err(FestivalError::Forbidden)));
    }

    #[tokio::test]
    async fn a_year_of_dates_is_previewed_with_the_events_made_and_the_days_passed() {
        let mut repo = MockFestivalRepository::new();
        repo.expect_get().returning(|_| Ok(Some(ekadashi())));
        let made = NaiveDate::from_ymd_opt(2026, 12, 7).expect("valid");
        repo.expect_events_of().returning(move |_, _, _| Ok(vec![(made, "e1".into())]));
        let (s, _) = service(repo);
        let (festival, days) = s.preview(&staff(&[Role::Editor]), &"ekadashi".into(), Some(2026), Some(1)).await.expect("preview");
        assert_eq!(festival.name, "Test Ekadashi");
        // Day n of 2026 has tithi n % 30 + 1: tithi 11 on days 10, 40, … (January 11, February 10, …).
        let dates: Vec<String> = days.iter().map(|d| d.date.to_string()).collect();
        assert_eq!(dates.first().map(String::as_str), Some("2026-01-11"));
        assert_eq!(dates.len(), 12);
        // now() is 2026-11-01: the earlier ones have passed; December 7 has its event.
        assert!(days.iter().filter(|d| d.date < NaiveDate::from_ymd_opt(2026, 11, 1).expect("valid")).all(|d| d.past));
        let december = days.iter().find(|d| d.date == made).expect("december 7");
        assert_eq!((december.event_id.clone(), december.past), (Some("e1".into()), false));
        let Err(FestivalError::Validation(errors)) = s.preview(&admin(), &"ekadashi".into(), Some(2025), Some(11)).await else {
            panic!("refused")
        };
        assert_eq!((errors.get("fromYear"), errors.get("years")), (Some(FROM_YEAR_INVALID), Some(YEARS_INVALID)));
    }

    #[tokio::test]
    async fn making_the_events_skips_the_dates_made_and_passed_and_audits_once() {
        let mut repo = MockFestivalRepository::new();
        repo.expect_get().returning(|_| Ok(Some(ekadashi())));
        let made = NaiveDate::from_ymd_opt(2026, 12, 7).expect("valid");
        repo.expect_events_of().returning(move |_, _, _| Ok(vec![(made, "e1".into())]));
        repo.expect_create_events()
            .withf(|id, events, by, _| {
                id.as_str() == "ekadashi"
                    && by.as_str() == "admin"
                    && events.len() == 1
                    && events[0].date == NaiveDate::from_ymd_opt(2026, 11, 7).expect("valid")
                    && events[0].event.name == "Test Ekadashi"
                    // 6:00 PM in Los Angeles on November 7 (PST) is 02:00 UTC the next day.
                    && events[0].event.event_date.to_rfc3339() == "2026-11-08T02:00:00+00:00"
            })
            .returning(|_, events, _, at| {
                Ok(events
                    .iter()
                    .map(|e| mandir_domain::testing::event(e.id.as_str(), 6))
                    .map(|ev| Event { updated_at: at, ..ev })
                    .collect())
            });
        let (s, entries) = service(repo);
        let result = s.create_events(&admin(), &"ekadashi".into(), input()).await.expect("made");
        assert_eq!(result.created.len(), 1);
        assert_eq!(result.existing.iter().map(|d| d.date).collect::<Vec<_>>(), [made]);
        assert_eq!(result.past.len(), 10);
        let entries = entries.lock().expect("valid");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].action, "festival.events");
        assert!(entries[0].summary.contains("2026-11-07"), "{}", entries[0].summary);
    }

    #[tokio::test]
    async fn the_events_form_is_checked_before_anything_is_made() {
        let mut repo = MockFestivalRepository::new();
        repo.expect_get().returning(|_| Ok(Some(ekadashi())));
        repo.expect_create_events().never();
        let (s, _) = service(repo);
        let bad = FestivalEventsInput { time: "6pm".into(), location: "x".into(), description: "short".into(), years: Some(0), ..input() };
        let Err(FestivalError::Validation(errors)) = s.create_events(&admin(), &"ekadashi".into(), bad).await else { panic!("refused") };
        assert!(errors.get("time").is_some() && errors.get("location").is_some() && errors.get("description").is_some());
        assert_eq!(errors.get("years"), Some(YEARS_INVALID));
    }

    #[tokio::test]
    async fn a_race_for_the_same_dates_is_a_conflict() {
        let mut repo = MockFestivalRepository::new();
        repo.expect_get().returning(|_| Ok(Some(ekadashi())));
        repo.expect_events_of().returning(|_, _, _| Ok(Vec::new()));
        repo.expect_create_events().returning(|_, _, _, _| Err(RepoError::Conflict("raced".into())));
        let (s, entries) = service(repo);
        assert!(matches!(s.create_events(&admin(), &"ekadashi".into(), input()).await, Err(FestivalError::Raced)));
        assert!(entries.lock().expect("valid").is_empty());
    }

    #[tokio::test]
    async fn the_festivals_of_a_year_and_the_calendar_come_from_the_rules() {
        let mut repo = MockFestivalRepository::new();
        repo.expect_list().returning(|| Ok(vec![ekadashi()]));
        let (s, _) = service(repo);
        let found = s.festivals(Some("2026")).await.expect("festivals");
        assert_eq!(found.len(), 12);
        assert!(found.iter().all(|f| f.name == "Test Ekadashi" && f.date.year() == 2026));
        let Err(FestivalError::Validation(errors)) = s.festivals(Some("1899")).await else { panic!("refused") };
        assert_eq!(errors.get("year"), Some(YEAR_INVALID));

        let file = s.calendar().await.expect("calendar");
        assert_eq!(file.filename, "festivals.ics");
        assert!(file.text.contains("SUMMARY:Test Ekadashi"));
        assert!(file.text.contains("Sri Test Temple: festivals and special tithis"));
        assert!(file.text.contains("UID:festival-ekadashi-20261207@temple.example"));
    }
}

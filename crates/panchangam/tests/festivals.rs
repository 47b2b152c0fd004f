//! The shipped festival table (migrations/src/seed.rs, docs/festivals.md) applied to the engine's
//! days and to the Swiss Ephemeris fixture tables of 2026–2030 at Folsom and Chennai: the same
//! dates, and a festival that falls on different Gregorian dates at the two places.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use mandir_domain::festival::{FestivalMonth, FestivalRule, Moment, TwoDays, dates_of};
use mandir_domain::panchangam::{Limb, LunarMonth, PanchangamDay, Place, Span};
use mandir_migration::seed::{FESTIVALS, ShippedFestival};
use serde::Deserialize;

/// A decision this close to a tithi's change may honestly go either way.
const CLOSE_CALL_SECONDS: i64 = 120;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    name: String,
    latitude: f64,
    longitude: f64,
    time_zone: String,
}

#[derive(Deserialize)]
struct Month {
    number: u8,
    adhika: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Day {
    location: String,
    date: NaiveDate,
    sunrise: DateTime<Utc>,
    sunset: DateTime<Utc>,
    tithi: u8,
    lunar_month: Month,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TithiStart {
    starts_at: DateTime<Utc>,
}

#[derive(Deserialize)]
struct Sankranti {
    rashi: u8,
    at: DateTime<Utc>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FestivalYears {
    locations: Vec<Location>,
    days: Vec<Day>,
    tithi_starts: Vec<TithiStart>,
    sankrantis: Vec<Sankranti>,
}

/// A shipped festival's rule, as the migration seeds it.
fn rule(f: &ShippedFestival) -> FestivalRule {
    let month = match (f.lunar_month, f.solar_month) {
        (Some(month), None) => FestivalMonth::Lunar(month),
        (None, Some(sign)) => FestivalMonth::Solar(sign),
        _ => panic!("{}: one month", f.name),
    };
    FestivalRule { month, tithi: f.tithi, moment: Moment::parse(f.moment).expect("moment"), two_days: TwoDays::First, in_adhika: false }
}

fn fixture() -> FestivalYears {
    let path = format!("{}/tests/fixtures/festival-years.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The oracle's days as panchangam days: the tithi at sunrise from the table, its end and any
/// kshaya tithi from the oracle's list of tithi beginnings. Only what festivals read is filled.
fn oracle_days(days: &[&Day], starts: &[DateTime<Utc>], sankrantis: &[Sankranti]) -> Vec<PanchangamDay> {
    days.windows(2)
        .map(|pair| {
            let (day, next) = (pair[0], pair[1]);
            let after = starts.partition_point(|s| *s <= day.sunrise);
            let ends = starts[after];
            let following = starts[after + 1];
            let limb = Limb { number: day.tithi, ends_at: ends };
            let span = Span { start: day.sunrise, end: day.sunrise };
            let entered = sankrantis.partition_point(|s| s.at <= day.sunrise);
            PanchangamDay {
                date: day.date,
                sunrise: day.sunrise,
                sunset: day.sunset,
                tithi: limb,
                vriddhi: ends > next.sunrise,
                kshaya: (following < next.sunrise).then_some(Limb { number: day.tithi % 30 + 1, ends_at: following }),
                nakshatra: limb,
                yoga: limb,
                karana: limb,
                lunar_month: LunarMonth { number: day.lunar_month.number, adhika: day.lunar_month.adhika },
                sun_sign: sankrantis[entered - 1].rashi,
                rahu_kalam: span,
                yamagandam: span,
                gulika_kalam: span,
            }
        })
        .collect()
}

/// Whether the festival's moment on `date` or the days around it is within the close-call
/// distance of a tithi's change.
fn close_call(rule: &FestivalRule, days: &[PanchangamDay], date: NaiveDate, starts: &[DateTime<Utc>]) -> bool {
    let Some(index) = days.iter().position(|d| d.date == date) else { return true };
    (index.saturating_sub(1)..=(index + 1).min(days.len() - 2)).any(|i| {
        let moment = rule.moment.on(&days[i], days[i + 1].sunrise);
        starts.iter().any(|s| (*s - moment).num_seconds().abs() <= CLOSE_CALL_SECONDS)
    })
}

#[test]
fn the_shipped_festivals_fall_on_the_days_the_swiss_ephemeris_gives() {
    let fixture = fixture();
    let starts: Vec<DateTime<Utc>> = fixture.tithi_starts.iter().map(|s| s.starts_at).collect();
    let mut by_place: BTreeMap<String, BTreeMap<&str, BTreeSet<NaiveDate>>> = BTreeMap::new();
    let mut compared = 0;
    let mut tolerated = Vec::new();
    for location in &fixture.locations {
        let place = Place { latitude: location.latitude, longitude: location.longitude, zone: location.time_zone.parse::<Tz>().unwrap() };
        let days: Vec<&Day> = fixture.days.iter().filter(|d| d.location == location.name).collect();
        let oracle = oracle_days(&days, &starts, &fixture.sankrantis);
        let (first, last) = (oracle[0].date, oracle[oracle.len() - 1].date);
        let ours = mandir_panchangam::days(&place, first, last).unwrap();
        for festival in &FESTIVALS {
            let rule = rule(festival);
            let expected: BTreeSet<NaiveDate> = dates_of(&rule, &oracle).into_iter().collect();
            let found: BTreeSet<NaiveDate> = dates_of(&rule, &ours).into_iter().collect();
            // Every lunar festival falls four or five times in five Gregorian years; one defined by a
            // solar month (Vaikuntha Ekadashi in Dhanu masa) skips a year now and then.
            let least = if festival.solar_month.is_some() { 2 } else { 4 };
            assert!(expected.len() >= least, "{}: {} falls every year: {expected:?}", location.name, festival.name);
            for date in expected.symmetric_difference(&found) {
                assert!(
                    close_call(&rule, &oracle, *date, &starts),
                    "{} at {}: the oracle says {expected:?}, the engine {found:?}",
                    festival.name,
                    location.name
                );
                tolerated.push(format!("{} {} {date}", location.name, festival.name));
            }
            compared += expected.len();
            by_place.entry(location.name.clone()).or_default().insert(festival.name, expected);
        }
    }
    println!("{compared} festival days compared; close calls: {tolerated:?}");
    assert!(compared >= 2 * 24 * 5 - 10, "every festival every year at both places");

    // The same festival, another Gregorian date: a tithi that changes in the Indian daytime but
    // during the Californian night is at a different sunrise at each place.
    let (folsom, chennai) = (&by_place["Folsom, CA"], &by_place["Chennai, India"]);
    let differing: Vec<&str> = FESTIVALS.iter().map(|f| f.name).filter(|name| folsom[name] != chennai[name]).collect();
    println!("festivals on other dates in Folsom than in Chennai: {differing:?}");
    assert!(!differing.is_empty());
}

//! iCalendar (RFC 5545) output, written in one place (ADR 0105): a single event's `.ics`, the
//! temple's feed (`/api/calendar.ics`), a member's personal feed and the registration
//! confirmation's attachment all come from [`calendar_text`], built with the `icalendar` crate.
//!
//! Times are written in the temple's zone (`DTSTART;TZID=America/Los_Angeles:20261121T100000`)
//! with a `VTIMEZONE` describing that zone's offsets over the years the entries span, computed
//! from the IANA database compiled into `chrono-tz`, so calendar programs show the right hour
//! across daylight-saving changes whatever zone the reader is in.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, OffsetName, Tz};
use icalendar::{Calendar, CalendarDateTime, Component, EventLike, Property};

/// How long an event is shown in calendars: events have a start only.
pub const EVENT_DURATION_MINUTES: i64 = 120;
/// How long a recurring service is shown in calendars.
pub const SERVICE_DURATION_MINUTES: i64 = 60;

/// One `VEVENT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarEntry {
    /// Stable across downloads, so a calendar program updates the entry instead of adding one.
    pub uid: String,
    pub summary: String,
    pub description: Option<String>,
    pub location: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub url: Option<String>,
    /// `LAST-MODIFIED`, and the `SEQUENCE` is derived from it so a changed event supersedes
    /// the copy a calendar already has.
    pub updated_at: DateTime<Utc>,
    /// An all-day entry on this local date instead of `starts_at`..`ends_at` (a seva booked for a
    /// day rather than a time slot).
    pub day: Option<NaiveDate>,
}

/// A change of the zone's offset.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Transition {
    at: DateTime<Utc>,
    from_seconds: i32,
    to_seconds: i32,
    name: String,
    daylight: bool,
}

fn offset_seconds(zone: Tz, at: DateTime<Utc>) -> i32 {
    zone.offset_from_utc_datetime(&at.naive_utc()).fix().local_minus_utc()
}

fn zone_name(zone: Tz, at: DateTime<Utc>) -> (String, bool) {
    let offset = zone.offset_from_utc_datetime(&at.naive_utc());
    let name = offset.abbreviation().map(str::to_owned).unwrap_or_else(|| format_offset(offset.fix().local_minus_utc()));
    (name, !offset.dst_offset().is_zero())
}

/// Every change of `zone`'s offset between `from` and `to`: days are scanned, then the instant
/// is found to the second by bisection.
fn transitions(zone: Tz, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Transition> {
    let mut found = Vec::new();
    let mut day = from;
    while day < to {
        let next = day + Duration::days(1);
        let (before, after) = (offset_seconds(zone, day), offset_seconds(zone, next));
        if before != after {
            // Whole seconds: the first second with the new offset.
            let (mut low, mut high) = (day.timestamp(), next.timestamp());
            while high - low > 1 {
                let middle = low + (high - low) / 2;
                if offset_seconds(zone, DateTime::from_timestamp(middle, 0).unwrap_or(day)) == before {
                    low = middle;
                } else {
                    high = middle;
                }
            }
            let high = DateTime::from_timestamp(high, 0).unwrap_or(next);
            let (name, daylight) = zone_name(zone, high);
            found.push(Transition { at: high, from_seconds: before, to_seconds: after, name, daylight });
        }
        day = next;
    }
    found
}

/// `-0800`, or `+053000` when there are seconds.
fn format_offset(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let s = seconds.unsigned_abs();
    if s.is_multiple_of(60) {
        format!("{sign}{:02}{:02}", s / 3600, s / 60 % 60)
    } else {
        format!("{sign}{:02}{:02}{:02}", s / 3600, s / 60 % 60, s % 60)
    }
}

fn local_text(date_time: NaiveDateTime) -> String {
    date_time.format("%Y%m%dT%H%M%S").to_string()
}

fn observance(out: &mut String, daylight: bool, start: NaiveDateTime, from: i32, to: i32, name: &str) {
    let kind = if daylight { "DAYLIGHT" } else { "STANDARD" };
    let (start, from, to) = (local_text(start), format_offset(from), format_offset(to));
    out.push_str(&format!("BEGIN:{kind}\r\nDTSTART:{start}\r\nTZOFFSETFROM:{from}\r\nTZOFFSETTO:{to}\r\nTZNAME:{name}\r\nEND:{kind}\r\n"));
}

/// The `VTIMEZONE` of `zone` covering the years from `first` to `last`: one `STANDARD` or
/// `DAYLIGHT` observance per change of offset from the year before `first` to the end of `last`
/// (the first of them is in force when `first` begins), or one observance for a zone without
/// changes. Written here rather than by the crate, whose writer adds `DTSTAMP` and `UID` to every
/// component, which RFC 5545 does not allow in a `VTIMEZONE`; every line is short, and the values
/// (a zone name, times, offsets, abbreviations) need no escaping.
fn vtimezone(zone: Tz, first: i32, last: i32) -> String {
    let start = Utc.with_ymd_and_hms(first - 1, 1, 1, 0, 0, 0).single().unwrap_or(DateTime::<Utc>::MIN_UTC);
    let end = Utc.with_ymd_and_hms(last + 1, 1, 2, 0, 0, 0).single().unwrap_or(DateTime::<Utc>::MAX_UTC);
    let changes = transitions(zone, start, end);
    let mut out = format!("BEGIN:VTIMEZONE\r\nTZID:{}\r\n", zone.name());
    if changes.is_empty() {
        let seconds = offset_seconds(zone, start);
        let (name, daylight) = zone_name(zone, start);
        let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
        observance(&mut out, daylight, epoch, seconds, seconds, &name);
    }
    for change in changes {
        // DTSTART of an observance is the local time of the change, read with the offset before it.
        let local = change.at.naive_utc() + Duration::seconds(i64::from(change.from_seconds));
        observance(&mut out, change.daylight, local, change.from_seconds, change.to_seconds, &change.name);
    }
    out.push_str("END:VTIMEZONE\r\n");
    out
}

fn in_zone(zone: Tz, at: DateTime<Utc>) -> CalendarDateTime {
    CalendarDateTime::WithTimezone { date_time: at.with_timezone(&zone).naive_local(), tzid: zone.name().to_owned() }
}

/// The calendar `name` with `entries`, times in `zone`, stamped `now` (`DTSTAMP`).
pub fn calendar_text(name: &str, zone: Tz, entries: &[CalendarEntry], now: DateTime<Utc>) -> String {
    let mut calendar = Calendar::new();
    calendar.name(name).timezone(zone.name());
    calendar.append_property(Property::new("METHOD", "PUBLISH"));
    let years = entries.iter().flat_map(|e| [e.starts_at, e.ends_at]).map(|at| at.with_timezone(&zone).year());
    let (first, last) = years.fold((now.year(), now.year()), |(lo, hi), y| (lo.min(y), hi.max(y)));
    for entry in entries {
        let mut event = icalendar::Event::new();
        match entry.day {
            // DTEND of a date is exclusive: the next day.
            Some(day) => event.starts(day).ends(day.succ_opt().unwrap_or(day)),
            None => event.starts(in_zone(zone, entry.starts_at)).ends(in_zone(zone, entry.ends_at)),
        };
        event
            .uid(&entry.uid)
            .timestamp(now)
            .summary(&entry.summary)
            .last_modified(entry.updated_at)
            .sequence(u32::try_from(entry.updated_at.timestamp().max(0) / 60 % i64::from(i32::MAX)).unwrap_or(0));
        if let Some(description) = &entry.description {
            event.description(description);
        }
        if let Some(location) = &entry.location {
            event.location(location);
        }
        if let Some(url) = &entry.url {
            event.url(url);
        }
        calendar.push(event.done());
    }
    let text = calendar.done().to_string();
    // The zone goes before the first event (or the end), after the calendar's own properties.
    let at = text.find("BEGIN:VEVENT\r\n").or_else(|| text.find("END:VCALENDAR")).unwrap_or(text.len());
    let mut out = String::with_capacity(text.len() + 1024);
    out.push_str(&text[..at]);
    out.push_str(&vtimezone(zone, first, last));
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Los_Angeles;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).expect("time").with_timezone(&Utc)
    }

    fn entry(uid: &str, start: &str) -> CalendarEntry {
        let starts_at = at(start);
        CalendarEntry {
            uid: uid.into(),
            summary: "Diwali; Lakshmi Puja, evening".into(),
            description: Some("Lamps, prayers\nand sweets".into()),
            location: Some("Main hall, 1 Temple Rd".into()),
            starts_at,
            ends_at: starts_at + Duration::minutes(EVENT_DURATION_MINUTES),
            url: Some("http://temple.test/events/e1".into()),
            updated_at: at("2026-10-01T12:00:00Z"),
            day: None,
        }
    }

    #[test]
    fn los_angeles_changes_twice_a_year_at_two_in_the_morning() {
        let changes = transitions(Los_Angeles, at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"));
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[0].at, at("2026-03-08T10:00:00Z"));
        assert_eq!((changes[0].from_seconds, changes[0].to_seconds, changes[0].daylight), (-8 * 3600, -7 * 3600, true));
        assert_eq!(changes[0].name, "PDT");
        assert_eq!(changes[1].at, at("2026-11-01T09:00:00Z"));
        assert_eq!(changes[1].name, "PST");
        assert!(!changes[1].daylight);
        assert_eq!(format_offset(-8 * 3600), "-0800");
        assert_eq!(format_offset(19800), "+0530");
    }

    #[test]
    fn parsed_back_the_calendar_has_its_zone_and_local_times_across_daylight_saving() {
        let summer = entry("event-e1@temple.test", "2026-10-31T17:30:00Z"); // 10:30 AM PDT
        let winter = entry("event-e2@temple.test", "2026-11-02T18:30:00Z"); // 10:30 AM PST
        let text = calendar_text("Test Temple", Los_Angeles, &[summer, winter], at("2026-10-20T08:00:00Z"));
        assert!(text.contains("\r\n"), "CRLF line ends");
        assert!(text.lines().all(|line| line.len() <= 75), "folded lines:\n{text}");
        let parsed: icalendar::Calendar = text.parse().expect("a valid calendar");
        let events: Vec<&icalendar::Event> = parsed.components.iter().filter_map(|c| c.as_event()).collect();
        assert_eq!(events.len(), 2);
        assert_eq!(events[0].get_uid(), Some("event-e1@temple.test"));
        assert_eq!(events[0].get_summary(), Some("Diwali; Lakshmi Puja, evening"));
        assert_eq!(events[0].get_description(), Some("Lamps, prayers\nand sweets"));
        assert_eq!(events[0].get_location(), Some("Main hall, 1 Temple Rd"));
        assert_eq!(events[0].get_timestamp(), Some(at("2026-10-20T08:00:00Z")));
        for (event, utc) in events.iter().zip(["2026-10-31T17:30:00Z", "2026-11-02T18:30:00Z"]) {
            let Some(icalendar::DatePerhapsTime::DateTime(CalendarDateTime::WithTimezone { date_time, tzid })) = event.get_start() else {
                panic!("a start with its zone: {:?}", event.get_start());
            };
            assert_eq!(tzid, "America/Los_Angeles");
            assert_eq!(date_time.format("%H:%M").to_string(), "10:30", "same local hour on both sides of the change");
            assert_eq!(Los_Angeles.from_local_datetime(&date_time).single().expect("one instant").with_timezone(&Utc), at(utc));
        }
        // The zone is described for the readers that do not know its name.
        assert!(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n"), "{text}");
        assert!(
            text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0800\r\nTZOFFSETTO:-0700\r\nTZNAME:PDT\r\n"),
            "{text}"
        );
        assert!(
            text.contains("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0800\r\nTZNAME:PST\r\n"),
            "{text}"
        );
    }

    #[test]
    fn a_zone_without_changes_has_one_observance() {
        let text = calendar_text("T", chrono_tz::Asia::Kolkata, &[entry("u@t", "2026-06-01T04:30:00Z")], at("2026-05-01T00:00:00Z"));
        assert!(
            text.contains("BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nTZNAME:IST\r\n"),
            "{text}"
        );
        assert!(text.contains("DTSTART;TZID=Asia/Kolkata:20260601T100000"), "{text}");
    }
}

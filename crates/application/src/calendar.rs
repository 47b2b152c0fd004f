//! iCalendar (RFC 5545) output, written in one place (ADR 0105): a single event's `.ics`, the
//! temple's feed (`/api/calendar.ics`), a member's personal feed and the confirmations'
//! attachments all come from [`calendar_text`], and every content line of it goes through
//! `ContentLines`: TEXT values escaped by `escape_text` (section 3.3.11: `\`, `;`, `,`, line
//! breaks as `\n`, no other control character), lines folded at 75 octets by `fold` (section
//! 3.1). Admins' texts (event names, descriptions, places, the temple's name) can therefore never
//! end a line or start a property of their own.
//!
//! Times are written in the temple's zone (`DTSTART;TZID=America/Los_Angeles:20261121T100000`)
//! with a `VTIMEZONE` describing that zone's offsets over the years the entries span, computed
//! from the IANA database compiled into `chrono-tz`, so calendar programs show the right hour
//! across daylight-saving changes whatever zone the reader is in.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, OffsetName, Tz};

/// The calendars' `PRODID`.
const PRODUCT_ID: &str = "-//Mandir//Temple calendar//EN";
/// The longest a physical line may be, in octets, without its CRLF (RFC 5545 section 3.1).
const LINE_OCTETS: usize = 75;

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

fn utc_text(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value as written in a content line (RFC 5545 section 3.3.11): backslash, semicolon and
/// comma escaped; a line break (CRLF, a lone CR or LF) written `\n`; a tab as a space; any other
/// control character dropped.
fn escape_text(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 8);
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Appends `line` folded (RFC 5545 section 3.1): physical lines of at most [`LINE_OCTETS`]
/// octets, each ended by CRLF, a continuation starting with one space; a fold never falls inside a
/// UTF-8 character.
fn fold(out: &mut String, line: &str) {
    let mut rest = line;
    let mut room = LINE_OCTETS;
    while rest.len() > room {
        // A character is at most 4 octets, so a boundary is at most 3 octets back.
        let cut = (0..=room).rev().find(|&i| rest.is_char_boundary(i)).unwrap_or(0);
        out.push_str(&rest[..cut]);
        out.push_str("\r\n ");
        rest = &rest[cut..];
        room = LINE_OCTETS - 1;
    }
    out.push_str(rest);
    out.push_str("\r\n");
}

/// The content lines of a calendar, each written folded and without control characters.
#[derive(Default)]
struct ContentLines {
    out: String,
}

impl ContentLines {
    /// A property whose value is written as it is: a name, a date, a number, a URI. Control
    /// characters are dropped, so no value can end the line.
    fn line(&mut self, name: &str, value: &str) {
        let line: String = format!("{name}:{value}").chars().filter(|c| !c.is_control()).collect();
        fold(&mut self.out, &line);
    }

    /// A TEXT property (a summary, a description, a place, a name): escaped by [`escape_text`].
    fn text(&mut self, name: &str, value: &str) {
        self.line(name, &escape_text(value));
    }

    fn done(self) -> String {
        self.out
    }
}

fn observance(ics: &mut ContentLines, daylight: bool, start: NaiveDateTime, from: i32, to: i32, name: &str) {
    let kind = if daylight { "DAYLIGHT" } else { "STANDARD" };
    ics.line("BEGIN", kind);
    ics.line("DTSTART", &local_text(start));
    ics.line("TZOFFSETFROM", &format_offset(from));
    ics.line("TZOFFSETTO", &format_offset(to));
    ics.text("TZNAME", name);
    ics.line("END", kind);
}

/// The `VTIMEZONE` of `zone` covering the years from `first` to `last`: one `STANDARD` or
/// `DAYLIGHT` observance per change of offset from the year before `first` to the end of `last`
/// (the first of them is in force when `first` begins), or one observance for a zone without
/// changes. Explicit observances rather than `RRULE`s, so no rule can drift from the database.
fn vtimezone(ics: &mut ContentLines, zone: Tz, first: i32, last: i32) {
    let start = Utc.with_ymd_and_hms(first - 1, 1, 1, 0, 0, 0).single().unwrap_or(DateTime::<Utc>::MIN_UTC);
    let end = Utc.with_ymd_and_hms(last + 1, 1, 2, 0, 0, 0).single().unwrap_or(DateTime::<Utc>::MAX_UTC);
    let changes = transitions(zone, start, end);
    ics.line("BEGIN", "VTIMEZONE");
    ics.line("TZID", zone.name());
    if changes.is_empty() {
        let seconds = offset_seconds(zone, start);
        let (name, daylight) = zone_name(zone, start);
        let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
        observance(ics, daylight, epoch, seconds, seconds, &name);
    }
    for change in changes {
        // DTSTART of an observance is the local time of the change, read with the offset before it.
        let local = change.at.naive_utc() + Duration::seconds(i64::from(change.from_seconds));
        observance(ics, change.daylight, local, change.from_seconds, change.to_seconds, &change.name);
    }
    ics.line("END", "VTIMEZONE");
}

fn event(ics: &mut ContentLines, zone: Tz, entry: &CalendarEntry, now: DateTime<Utc>) {
    ics.line("BEGIN", "VEVENT");
    ics.text("UID", &entry.uid);
    ics.line("DTSTAMP", &utc_text(now));
    match entry.day {
        Some(day) => {
            // DTEND of a date is exclusive: the next day.
            ics.line("DTSTART;VALUE=DATE", &day.format("%Y%m%d").to_string());
            ics.line("DTEND;VALUE=DATE", &day.succ_opt().unwrap_or(day).format("%Y%m%d").to_string());
        }
        None => {
            let local = |at: DateTime<Utc>| local_text(at.with_timezone(&zone).naive_local());
            ics.line(&format!("DTSTART;TZID={}", zone.name()), &local(entry.starts_at));
            ics.line(&format!("DTEND;TZID={}", zone.name()), &local(entry.ends_at));
        }
    }
    ics.line("LAST-MODIFIED", &utc_text(entry.updated_at));
    let sequence = u32::try_from(entry.updated_at.timestamp().max(0) / 60 % i64::from(i32::MAX)).unwrap_or(0);
    ics.line("SEQUENCE", &sequence.to_string());
    ics.text("SUMMARY", &entry.summary);
    if let Some(description) = &entry.description {
        ics.text("DESCRIPTION", description);
    }
    if let Some(location) = &entry.location {
        ics.text("LOCATION", location);
    }
    if let Some(url) = &entry.url {
        ics.line("URL", url);
    }
    ics.line("END", "VEVENT");
}

/// The calendar `name` with `entries`, times in `zone`, stamped `now` (`DTSTAMP`).
pub fn calendar_text(name: &str, zone: Tz, entries: &[CalendarEntry], now: DateTime<Utc>) -> String {
    let years = entries.iter().flat_map(|e| [e.starts_at, e.ends_at]).map(|at| at.with_timezone(&zone).year());
    let (first, last) = years.fold((now.year(), now.year()), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let mut ics = ContentLines::default();
    ics.line("BEGIN", "VCALENDAR");
    ics.line("VERSION", "2.0");
    ics.line("PRODID", PRODUCT_ID);
    ics.line("CALSCALE", "GREGORIAN");
    ics.line("METHOD", "PUBLISH");
    ics.text("NAME", name);
    ics.text("X-WR-CALNAME", name);
    ics.line("X-WR-TIMEZONE", zone.name());
    vtimezone(&mut ics, zone, first, last);
    for entry in entries {
        event(&mut ics, zone, entry, now);
    }
    ics.line("END", "VCALENDAR");
    ics.done()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Los_Angeles;
    use icalendar::{CalendarDateTime, Component, EventLike};

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

    #[test]
    fn text_values_escape_backslashes_semicolons_commas_and_line_breaks() {
        assert_eq!(escape_text(r"C:\temple; puja, prasadam"), r"C:\\temple\; puja\, prasadam");
        assert_eq!(escape_text("one\r\ntwo\rthree\nfour"), r"one\ntwo\nthree\nfour");
        assert_eq!(escape_text("\r\n\r\n\n\r"), r"\n\n\n\n");
        assert_eq!(escape_text("tab\there\u{0}\u{7}\u{1b}\u{7f}\u{85}\u{9b}!"), "tab here!");
        assert_eq!(escape_text("శ్రీ వేంకటేశ్వర: \"ok\""), "శ్రీ వేంకటేశ్వర: \"ok\"");
    }

    #[test]
    fn lines_fold_at_75_octets_on_character_boundaries() {
        let folded = |line: &str| {
            let mut out = String::new();
            fold(&mut out, line);
            out
        };
        assert_eq!(folded(&"a".repeat(75)), format!("{}\r\n", "a".repeat(75)));
        assert_eq!(folded(&"a".repeat(76)), format!("{}\r\n a\r\n", "a".repeat(75)));
        assert_eq!(folded(&"a".repeat(150)), format!("{}\r\n {}\r\n a\r\n", "a".repeat(75), "a".repeat(74)));
        // 3-octet Telugu letters after "X:": 24 letters make 74 octets, a 25th would end at 77.
        let line = format!("X:{}", "క".repeat(60));
        let out = folded(&line);
        let lengths: Vec<usize> = out.split_terminator("\r\n").map(str::len).collect();
        assert_eq!(lengths, [74, 73, 37], "{out:?}");
        assert_eq!(out.trim_end_matches("\r\n").replace("\r\n ", ""), line, "unfolding gives the line back");
        // A 4-octet character straddling the limit moves to the next line whole.
        let line = format!("{}\u{1F64F}", "a".repeat(73));
        assert_eq!(folded(&line), format!("{}\r\n \u{1F64F}\r\n", "a".repeat(73)));
    }

    /// The physical lines of `text`, checked to be at most 75 octets, each ended by CRLF, with no
    /// other CR or LF and no control character.
    fn physical_lines(text: &str) -> Vec<&str> {
        let lines: Vec<&str> = text.split_inclusive("\r\n").collect();
        for line in &lines {
            let content = line.strip_suffix("\r\n").unwrap_or_else(|| panic!("ends with CRLF: {line:?}"));
            assert!(content.len() <= 75, "{} octets: {content:?}", content.len());
            assert!(!content.contains(char::is_control), "a control character in {content:?}");
        }
        lines.iter().map(|line| line.trim_end_matches("\r\n")).collect()
    }

    /// The logical lines: physical lines unfolded (a CRLF followed by one space removed).
    fn unfolded(text: &str) -> Vec<String> {
        text.replace("\r\n ", "").split("\r\n").filter(|l| !l.is_empty()).map(str::to_owned).collect()
    }

    #[test]
    fn text_values_are_escaped_and_carriage_returns_and_control_characters_never_reach_the_file() {
        let mut e = entry("event-e1@temple.test", "2026-10-31T17:30:00Z");
        e.summary = "Vratam; puja, prasadam \\ lunch\rdinner".into();
        e.description = Some("Line one\r\nLine two\rLine three\nLine four\u{0}\u{7}\u{1b}[31m\u{7f}\u{85}\tend".into());
        e.location = Some("Hall\r\nX-INJECTED:1".into());
        let text = calendar_text("Temple, Inc.;\r\nX-INJECTED:2", Los_Angeles, &[e], at("2026-10-20T08:00:00Z"));
        physical_lines(&text);
        let logical = unfolded(&text);
        assert!(!logical.iter().any(|l| l.starts_with("X-INJECTED")), "{text}");
        for line in [
            r"SUMMARY:Vratam\; puja\, prasadam \\ lunch\ndinner",
            r"DESCRIPTION:Line one\nLine two\nLine three\nLine four[31m end",
            r"LOCATION:Hall\nX-INJECTED:1",
            r"X-WR-CALNAME:Temple\, Inc.\;\nX-INJECTED:2",
        ] {
            assert!(logical.iter().any(|l| l == line), "{line} in {logical:#?}");
        }
        let parsed: icalendar::Calendar = text.parse().expect("a valid calendar");
        let event = parsed.components.iter().find_map(|c| c.as_event()).expect("an event");
        assert_eq!(event.get_summary(), Some("Vratam; puja, prasadam \\ lunch\ndinner"));
        assert_eq!(event.get_description(), Some("Line one\nLine two\nLine three\nLine four[31m end"));
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        // Telugu letters are 3 octets each in UTF-8.
        let telugu = "శ్రీ వేంకటేశ్వర స్వామి కళ్యాణోత్సవం, భక్తులందరికీ స్వాగతం; ప్రసాదం వితరణ ఉంటుంది.";
        let mut e = entry("event-e1@temple.test", "2026-10-31T17:30:00Z");
        e.summary = telugu.into();
        e.description = Some(format!("{telugu}\n{}", "A".repeat(200)));
        e.location = Some("x".repeat(74));
        let text = calendar_text("Test Temple", Los_Angeles, &[e], at("2026-10-20T08:00:00Z"));
        let lines = physical_lines(&text);
        assert!(lines.iter().any(|l| l.len() == 75), "full lines of ASCII use all 75 octets:\n{text}");
        let summary: Vec<&str> = lines.iter().skip_while(|l| !l.starts_with("SUMMARY:")).take(3).copied().collect();
        // The 75th octet falls inside a letter: the first line ends before it, at 74.
        assert_eq!(summary[0].len(), 74, "{summary:?}");
        assert!(summary[1].starts_with(' ') && !summary[1].starts_with("  "), "one space starts a continuation: {summary:?}");
        assert!(summary[1].len() <= 75);
        let parsed: icalendar::Calendar = text.parse().expect("a valid calendar");
        let event = parsed.components.iter().find_map(|c| c.as_event()).expect("an event");
        assert_eq!(event.get_summary(), Some(telugu));
        assert_eq!(event.get_description(), Some(format!("{telugu}\n{}", "A".repeat(200)).as_str()));
        assert_eq!(event.get_location(), Some("x".repeat(74).as_str()));
    }
}

//! The treasurer's reports (docs/product.md#reports): giving by month against the year before, by
//! fund, channel and method; donors new, returning and lapsed; seva bookings by seva and weekday;
//! event attendance and membership by month. Pure sums over what the adapters read.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use chrono_tz::Tz;

use crate::accounting::allocate;

/// One gift as the reports count it: what the temple kept of it (net of refunds), when, from whom,
/// through which channel and method, and its lines' funds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftFact {
    /// Who gave, the same across gifts: the member's id, else the e-mail, else the name.
    pub donor_key: String,
    pub donor_name: String,
    pub donor_email: Option<String>,
    pub at: DateTime<Utc>,
    pub kept_cents: i64,
    /// online, counter, hundi, mail, recurring or imported.
    pub channel: String,
    pub method: String,
    /// (fund id, cents of the line).
    pub lines: Vec<(String, i64)>,
}

/// A month's giving: this period's and the same month a year before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthGiving {
    /// "2026-03".
    pub month: String,
    pub cents: i64,
    pub gifts: u32,
    pub last_year_cents: i64,
}

/// A sum under a key (a fund, a channel, a method, a seva, a weekday).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    pub key: String,
    pub cents: i64,
    pub count: u32,
}

/// A donor of the period (or of the year before, for the lapsed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DonorLine {
    pub name: String,
    pub email: Option<String>,
    /// Given in the period (0 for the lapsed).
    pub cents: i64,
    /// Given in the year before the period.
    pub before_cents: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Donors {
    /// Gave in the period and never before it.
    pub new: Vec<DonorLine>,
    /// Gave in the period and before it.
    pub returning: Vec<DonorLine>,
    /// Gave in the year before the period, not in it.
    pub lapsed: Vec<DonorLine>,
}

fn month_of(at: DateTime<Utc>, zone: Tz) -> String {
    let day = at.with_timezone(&zone).date_naive();
    format!("{:04}-{:02}", day.year(), day.month())
}

/// The months from `from`'s to `to`'s, as "YYYY-MM".
pub fn months(from: NaiveDate, to: NaiveDate) -> Vec<String> {
    let mut out = Vec::new();
    let mut day = from.with_day(1).unwrap_or(from);
    while day <= to {
        out.push(format!("{:04}-{:02}", day.year(), day.month()));
        day = day.checked_add_months(Months::new(1)).unwrap_or(NaiveDate::MAX);
    }
    out
}

/// The period's months with their giving and the same months a year before.
pub fn by_month(period: &[GiftFact], year_before: &[GiftFact], from: NaiveDate, to: NaiveDate, zone: Tz) -> Vec<MonthGiving> {
    let mut now: HashMap<String, (i64, u32)> = HashMap::new();
    for g in period {
        let entry = now.entry(month_of(g.at, zone)).or_default();
        entry.0 += g.kept_cents;
        entry.1 += 1;
    }
    let mut before: HashMap<String, i64> = HashMap::new();
    for g in year_before {
        let day = g.at.with_timezone(&zone).date_naive();
        *before.entry(format!("{:04}-{:02}", day.year() + 1, day.month())).or_default() += g.kept_cents;
    }
    months(from, to)
        .into_iter()
        .map(|month| {
            let (cents, gifts) = now.get(&month).copied().unwrap_or_default();
            let last_year_cents = before.get(&month).copied().unwrap_or_default();
            MonthGiving { month, cents, gifts, last_year_cents }
        })
        .collect()
}

fn shares(items: impl IntoIterator<Item = (String, i64)>) -> Vec<Share> {
    let mut sums: BTreeMap<String, (i64, u32)> = BTreeMap::new();
    for (key, cents) in items {
        let entry = sums.entry(key).or_default();
        entry.0 += cents;
        entry.1 += 1;
    }
    let mut out: Vec<Share> = sums.into_iter().map(|(key, (cents, count))| Share { key, cents, count }).collect();
    out.sort_by(|a, b| b.cents.cmp(&a.cents).then(b.count.cmp(&a.count)).then(a.key.cmp(&b.key)));
    out
}

/// Giving by fund: each gift's kept amount split over its lines' funds.
pub fn by_fund(period: &[GiftFact]) -> Vec<Share> {
    shares(period.iter().flat_map(|g| {
        let weights: Vec<i64> = g.lines.iter().map(|(_, c)| *c).collect();
        let parts = if weights.is_empty() { Vec::new() } else { allocate(g.kept_cents, &weights) };
        g.lines.iter().map(|(fund, _)| fund.clone()).zip(parts).collect::<Vec<_>>()
    }))
}

pub fn by_channel(period: &[GiftFact]) -> Vec<Share> {
    shares(period.iter().map(|g| (g.channel.clone(), g.kept_cents)))
}

pub fn by_method(period: &[GiftFact]) -> Vec<Share> {
    shares(period.iter().map(|g| (g.method.clone(), g.kept_cents)))
}

/// Donors new (never before the period), returning (before too) and lapsed (in the year before,
/// not in the period); `ever_before` holds the keys of everyone who gave before the period.
pub fn donors(period: &[GiftFact], year_before: &[GiftFact], ever_before: &std::collections::HashSet<String>) -> Donors {
    let mut now: BTreeMap<String, DonorLine> = BTreeMap::new();
    for g in period {
        let line = now.entry(g.donor_key.clone()).or_insert_with(|| DonorLine {
            name: g.donor_name.clone(),
            email: g.donor_email.clone(),
            cents: 0,
            before_cents: 0,
        });
        line.cents += g.kept_cents;
    }
    let mut before: BTreeMap<String, DonorLine> = BTreeMap::new();
    for g in year_before {
        let line = before.entry(g.donor_key.clone()).or_insert_with(|| DonorLine {
            name: g.donor_name.clone(),
            email: g.donor_email.clone(),
            cents: 0,
            before_cents: 0,
        });
        line.before_cents += g.kept_cents;
    }
    let mut out = Donors::default();
    for (key, mut line) in now {
        line.before_cents = before.get(&key).map_or(0, |b| b.before_cents);
        if ever_before.contains(&key) { out.returning.push(line) } else { out.new.push(line) }
    }
    let given: std::collections::HashSet<&String> = period.iter().map(|g| &g.donor_key).collect();
    out.lapsed = before.into_iter().filter(|(key, _)| !given.contains(key)).map(|(_, line)| line).collect();
    for list in [&mut out.new, &mut out.returning, &mut out.lapsed] {
        list.sort_by(|a, b| (b.cents + b.before_cents).cmp(&(a.cents + a.before_cents)).then(a.name.cmp(&b.name)));
    }
    out
}

/// Seva bookings by seva (its name) and by weekday of the seva's day (Monday first).
pub fn sevas(bookings: &[(String, NaiveDate, i64)]) -> (Vec<Share>, Vec<Share>) {
    let by_seva = shares(bookings.iter().map(|(name, _, cents)| (name.clone(), *cents)));
    let mut weekdays: Vec<Share> = WEEKDAYS.iter().map(|d| Share { key: (*d).to_owned(), cents: 0, count: 0 }).collect();
    for (_, day, cents) in bookings {
        let i = day.weekday().num_days_from_monday() as usize;
        weekdays[i].count += 1;
        weekdays[i].cents += cents;
    }
    (by_seva, weekdays)
}

pub const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// A month's count and running total (membership) or count and people (attendance).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthCount {
    pub month: String,
    pub count: u32,
    /// Attendance: the people registered; membership: the members by the month's end.
    pub total: u64,
}

/// Event registrations by the month of their event: registrations and people.
pub fn attendance(registrations: &[(DateTime<Utc>, i64)], from: NaiveDate, to: NaiveDate, zone: Tz) -> Vec<MonthCount> {
    let mut sums: HashMap<String, (u32, u64)> = HashMap::new();
    for (at, people) in registrations {
        let entry = sums.entry(month_of(*at, zone)).or_default();
        entry.0 += 1;
        entry.1 += u64::try_from(*people).unwrap_or(0);
    }
    months(from, to)
        .into_iter()
        .map(|month| {
            let (count, total) = sums.get(&month).copied().unwrap_or_default();
            MonthCount { month, count, total }
        })
        .collect()
}

/// New members each month and the members by each month's end (`joined` is every member's
/// joining time up to the period's end).
pub fn membership(joined: &[DateTime<Utc>], from: NaiveDate, to: NaiveDate, zone: Tz) -> Vec<MonthCount> {
    let mut per: HashMap<String, u32> = HashMap::new();
    let first = format!("{:04}-{:02}", from.year(), from.month());
    let mut before = 0u64;
    for at in joined {
        let month = month_of(*at, zone);
        if month < first {
            before += 1;
        } else {
            *per.entry(month).or_default() += 1;
        }
    }
    let mut total = before;
    months(from, to)
        .into_iter()
        .map(|month| {
            let count = per.get(&month).copied().unwrap_or_default();
            total += u64::from(count);
            MonthCount { month, count, total }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).expect("time").with_timezone(&Utc)
    }

    fn gift(donor: &str, when: &str, cents: i64, channel: &str, lines: &[(&str, i64)]) -> GiftFact {
        GiftFact {
            donor_key: donor.to_owned(),
            donor_name: donor.to_uppercase(),
            donor_email: None,
            at: at(when),
            kept_cents: cents,
            channel: channel.to_owned(),
            method: "cash".to_owned(),
            lines: lines.iter().map(|(f, c)| ((*f).to_owned(), *c)).collect(),
        }
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().expect("day")
    }

    const LA: Tz = chrono_tz::America::Los_Angeles;

    #[test]
    fn months_are_the_temples_and_compared_with_the_year_before() {
        // 11 pm on Jan 31 in Folsom is Feb 1 in UTC: January's.
        let period = [gift("a", "2026-02-01T07:00:00Z", 1000, "online", &[]), gift("b", "2026-02-10T20:00:00Z", 500, "counter", &[])];
        let before = [gift("a", "2025-02-10T20:00:00Z", 700, "online", &[])];
        let months = by_month(&period, &before, day("2026-01-01"), day("2026-03-31"), LA);
        let got: Vec<(&str, i64, u32, i64)> = months.iter().map(|m| (m.month.as_str(), m.cents, m.gifts, m.last_year_cents)).collect();
        assert_eq!(got, [("2026-01", 1000, 1, 0), ("2026-02", 500, 1, 700), ("2026-03", 0, 0, 0)]);
    }

    #[test]
    fn funds_share_each_gift_and_channels_sum_it() {
        let period = [
            gift("a", "2026-02-10T20:00:00Z", 1000, "online", &[("general", 500), ("building", 500)]),
            gift("b", "2026-02-11T20:00:00Z", 300, "hundi", &[("general", 300)]),
        ];
        let funds = by_fund(&period);
        assert_eq!(
            funds.iter().map(|s| (s.key.as_str(), s.cents, s.count)).collect::<Vec<_>>(),
            [("general", 800, 2), ("building", 500, 1)]
        );
        assert_eq!(by_channel(&period).iter().map(|s| (s.key.as_str(), s.cents)).collect::<Vec<_>>(), [("online", 1000), ("hundi", 300)]);
    }

    #[test]
    fn donors_are_new_returning_or_lapsed() {
        let period = [gift("a", "2026-02-10T20:00:00Z", 100, "online", &[]), gift("b", "2026-02-10T20:00:00Z", 200, "online", &[])];
        let year_before = [gift("b", "2025-06-10T20:00:00Z", 50, "online", &[]), gift("c", "2025-07-10T20:00:00Z", 70, "online", &[])];
        let ever: std::collections::HashSet<String> = ["b", "c", "d"].iter().map(|s| (*s).to_owned()).collect();
        let d = donors(&period, &year_before, &ever);
        assert_eq!(d.new.iter().map(|l| (l.name.as_str(), l.cents)).collect::<Vec<_>>(), [("A", 100)]);
        assert_eq!(d.returning.iter().map(|l| (l.name.as_str(), l.cents, l.before_cents)).collect::<Vec<_>>(), [("B", 200, 50)]);
        assert_eq!(d.lapsed.iter().map(|l| (l.name.as_str(), l.before_cents)).collect::<Vec<_>>(), [("C", 70)]);
    }

    #[test]
    fn sevas_attendance_and_membership_count_by_their_days() {
        let (by_seva, weekdays) = sevas(&[
            ("Archana".into(), day("2026-12-06"), 1100),
            ("Archana".into(), day("2026-12-07"), 1100),
            ("Homam".into(), day("2026-12-06"), 5000),
        ]);
        assert_eq!(by_seva.iter().map(|s| (s.key.as_str(), s.count)).collect::<Vec<_>>(), [("Homam", 1), ("Archana", 2)]);
        assert_eq!((weekdays[6].key.as_str(), weekdays[6].count, weekdays[0].count), ("Sunday", 2, 1));
        let seen =
            attendance(&[(at("2026-03-10T18:00:00Z"), 4), (at("2026-03-20T18:00:00Z"), 2)], day("2026-03-01"), day("2026-04-30"), LA);
        assert_eq!(seen.iter().map(|m| (m.count, m.total)).collect::<Vec<_>>(), [(2, 6), (0, 0)]);
        let members = membership(
            &[at("2025-01-01T20:00:00Z"), at("2026-03-05T20:00:00Z"), at("2026-04-05T20:00:00Z")],
            day("2026-03-01"),
            day("2026-04-30"),
            LA,
        );
        assert_eq!(
            members.iter().map(|m| (m.month.as_str(), m.count, m.total)).collect::<Vec<_>>(),
            [("2026-03", 1, 2), ("2026-04", 1, 3)]
        );
    }
}

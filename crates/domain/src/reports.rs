//! The treasurer's reports (docs/product.md#reports): giving by month against the year before, by
//! fund, channel and method; donors new, returning and lapsed; seva bookings by seva and weekday;
//! event attendance and membership by month. Pure sums over what the adapters read.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use chrono_tz::Tz;

use crate::accounting::allocate;
use crate::site::start_of;

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

/// The same day a year earlier (Feb 29 gives Feb 28).
pub fn year_earlier(day: NaiveDate) -> NaiveDate {
    day.checked_sub_months(Months::new(12)).unwrap_or(day)
}

/// What a giving report reads, in instants: the period `start..end` (its days in the temple's
/// zone), the same days a year earlier `compare_start..compare_end`, and the bounds that cut
/// `compare_start..end` into spans that each lie in one month and wholly inside or outside both
/// ranges, so the adapters add the gifts up per span and nothing is read gift by gift.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivingSpan {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub compare_start: DateTime<Utc>,
    pub compare_end: DateTime<Utc>,
    /// Sorted and distinct; span `i` is `bounds[i]..bounds[i + 1]`.
    pub bounds: Vec<DateTime<Utc>>,
}

impl GivingSpan {
    pub fn new(from: NaiveDate, to: NaiveDate, zone: Tz) -> Self {
        let after = |day: NaiveDate| day.succ_opt().unwrap_or(day);
        let (compare_from, compare_to) = (year_earlier(from), year_earlier(to));
        let (start, end) = (start_of(from, zone), start_of(after(to), zone));
        let (compare_start, compare_end) = (start_of(compare_from, zone), start_of(after(compare_to), zone));
        let mut bounds = vec![start, end, compare_start, compare_end];
        let mut month = compare_from.with_day(1).unwrap_or(compare_from);
        while month <= to {
            bounds.push(start_of(month, zone));
            month = month.checked_add_months(Months::new(1)).unwrap_or(NaiveDate::MAX);
        }
        bounds.retain(|b| *b >= compare_start && *b <= end);
        bounds.sort_unstable();
        bounds.dedup();
        Self { from, to, start, end, compare_start, compare_end, bounds }
    }

    fn in_period(&self, span: usize) -> bool {
        self.bounds.get(span).is_some_and(|b| *b >= self.start && *b < self.end)
    }

    fn compared(&self, span: usize) -> bool {
        self.bounds.get(span).is_some_and(|b| *b >= self.compare_start && *b < self.compare_end)
    }
}

/// The completed gifts of one span with one channel, method and kind, added up by the adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpanGiving {
    /// The span's index in [`GivingSpan::bounds`].
    pub span: usize,
    /// online, counter, hundi, mail or imported.
    pub channel: String,
    pub method: String,
    /// A recurring gift's charges, counted under "recurring" whatever their channel.
    pub recurring: bool,
    /// What the temple kept (net of refunds).
    pub cents: i64,
    pub gifts: u32,
}

/// The period's giving by month (against the same months a year before), channel and method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivingSums {
    pub total_cents: i64,
    pub gifts: u32,
    pub months: Vec<MonthGiving>,
    pub by_channel: Vec<Share>,
    pub by_method: Vec<Share>,
}

pub fn giving(span: &GivingSpan, sums: &[SpanGiving], zone: Tz) -> GivingSums {
    let mut now: HashMap<String, (i64, u32)> = HashMap::new();
    let mut before: HashMap<String, i64> = HashMap::new();
    let (mut channels, mut methods) = (Vec::new(), Vec::new());
    let (mut total_cents, mut gifts) = (0, 0);
    for s in sums {
        let Some(first) = span.bounds.get(s.span) else { continue };
        if span.in_period(s.span) {
            let entry = now.entry(month_of(*first, zone)).or_default();
            entry.0 += s.cents;
            entry.1 += s.gifts;
            total_cents += s.cents;
            gifts += s.gifts;
            let channel = if s.recurring { "recurring" } else { s.channel.as_str() };
            channels.push((channel.to_owned(), s.cents, s.gifts));
            methods.push((s.method.clone(), s.cents, s.gifts));
        }
        if span.compared(s.span) {
            let day = first.with_timezone(&zone).date_naive();
            *before.entry(format!("{:04}-{:02}", day.year() + 1, day.month())).or_default() += s.cents;
        }
    }
    let months = months(span.from, span.to)
        .into_iter()
        .map(|month| {
            let (cents, gifts) = now.get(&month).copied().unwrap_or_default();
            let last_year_cents = before.get(&month).copied().unwrap_or_default();
            MonthGiving { month, cents, gifts, last_year_cents }
        })
        .collect();
    GivingSums { total_cents, gifts, months, by_channel: shares(channels), by_method: shares(methods) }
}

/// Sums of (key, cents, count), largest first.
fn shares(items: impl IntoIterator<Item = (String, i64, u32)>) -> Vec<Share> {
    let mut sums: BTreeMap<String, (i64, u32)> = BTreeMap::new();
    for (key, cents, count) in items {
        let entry = sums.entry(key).or_default();
        entry.0 += cents;
        entry.1 += count;
    }
    let mut out: Vec<Share> = sums.into_iter().map(|(key, (cents, count))| Share { key, cents, count }).collect();
    out.sort_by(|a, b| b.cents.cmp(&a.cents).then(b.count.cmp(&a.count)).then(a.key.cmp(&b.key)));
    out
}

/// The funds' parts of a period's gifts: nothing refunded from a gift keeps each line whole, so
/// those are added up per fund by the adapter; a gift with a refund is split here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FundSums {
    /// (fund id, cents, lines) of the gifts nothing was refunded from.
    pub whole: Vec<(String, i64, u32)>,
    pub refunded: Vec<RefundedGift>,
}

/// A gift with a refund: what was kept, and its lines (fund id, cents).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundedGift {
    pub kept_cents: i64,
    pub lines: Vec<(String, i64)>,
}

/// Giving by fund: each refunded gift's kept amount split over its lines' funds with the books'
/// rounding ([`allocate`]).
pub fn by_fund(sums: &FundSums) -> Vec<Share> {
    let split = sums.refunded.iter().flat_map(|g| {
        let weights: Vec<i64> = g.lines.iter().map(|(_, c)| *c).collect();
        let parts = if weights.is_empty() { Vec::new() } else { allocate(g.kept_cents, &weights) };
        g.lines.iter().map(|(fund, _)| fund.clone()).zip(parts).map(|(fund, cents)| (fund, cents, 1)).collect::<Vec<_>>()
    });
    shares(sums.whole.iter().cloned().chain(split))
}

/// One donor as the gifts name them (member, e-mail and name as given), added up by the adapter.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DonorSum {
    pub user_id: Option<String>,
    pub email: Option<String>,
    pub name: Option<String>,
    /// Gifts before the period.
    pub earlier_gifts: u32,
    /// Gifts and what was kept of them in the year before the period.
    pub before_gifts: u32,
    pub before_cents: i64,
    /// In the period.
    pub gifts: u32,
    pub cents: i64,
}

impl DonorSum {
    /// Who gave, the same across gifts: the member, else the e-mail in any case, else the name.
    fn key(&self) -> String {
        let email = self.email.as_deref().filter(|e| !e.is_empty());
        match (&self.user_id, email) {
            (Some(user), _) => format!("user:{user}"),
            (None, Some(email)) => format!("email:{}", email.to_lowercase()),
            (None, None) => format!("name:{}", self.name.as_deref().unwrap_or_default().to_lowercase()),
        }
    }
}

/// Donors new (never before the period), returning (before too) and lapsed (in the year before,
/// not in the period). A donor named differently on different gifts is shown as on most of them.
pub fn donors(sums: &[DonorSum]) -> Donors {
    let mut by_key: BTreeMap<String, Vec<&DonorSum>> = BTreeMap::new();
    for s in sums {
        by_key.entry(s.key()).or_default().push(s);
    }
    let mut out = Donors::default();
    for group in by_key.into_values() {
        let total = |f: fn(&DonorSum) -> i64| group.iter().map(|s| f(s)).sum::<i64>();
        let (gifts, before_gifts, earlier) =
            (total(|s| i64::from(s.gifts)), total(|s| i64::from(s.before_gifts)), total(|s| i64::from(s.earlier_gifts)));
        let Some(named) =
            group.iter().max_by(|a, b| (a.gifts + a.before_gifts).cmp(&(b.gifts + b.before_gifts)).then_with(|| b.name.cmp(&a.name)))
        else {
            continue;
        };
        let email = named.email.clone().filter(|e| !e.is_empty());
        let line = DonorLine {
            name: named.name.clone().filter(|n| !n.is_empty()).or_else(|| email.clone()).unwrap_or_else(|| "Anonymous".to_owned()),
            email,
            cents: total(|s| s.cents),
            before_cents: total(|s| s.before_cents),
        };
        match (gifts > 0, earlier > 0) {
            (true, true) => out.returning.push(line),
            (true, false) => out.new.push(line),
            (false, _) if before_gifts > 0 => out.lapsed.push(line),
            (false, _) => {}
        }
    }
    for list in [&mut out.new, &mut out.returning, &mut out.lapsed] {
        list.sort_by(|a, b| (b.cents + b.before_cents).cmp(&(a.cents + a.before_cents)).then(a.name.cmp(&b.name)));
    }
    out
}

/// Seva bookings by seva (its name) and by weekday of the seva's day (Monday first).
pub fn sevas(bookings: &[(String, NaiveDate, i64)]) -> (Vec<Share>, Vec<Share>) {
    let by_seva = shares(bookings.iter().map(|(name, _, cents)| (name.clone(), *cents, 1)));
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

    fn day(text: &str) -> NaiveDate {
        text.parse().expect("day")
    }

    const LA: Tz = chrono_tz::America::Los_Angeles;

    fn spent(span: usize, channel: &str, recurring: bool, cents: i64, gifts: u32) -> SpanGiving {
        SpanGiving { span, channel: channel.to_owned(), method: "cash".to_owned(), recurring, cents, gifts }
    }

    #[test]
    fn a_span_cuts_the_period_and_the_year_before_at_the_temples_months() {
        let span = GivingSpan::new(day("2026-01-15"), day("2026-03-31"), LA);
        // Midnight in Folsom (8 am UTC in winter, 7 am in summer).
        assert_eq!(span.start, at("2026-01-15T08:00:00Z"));
        assert_eq!(span.end, at("2026-04-01T07:00:00Z"));
        assert_eq!((span.compare_start, span.compare_end), (at("2025-01-15T08:00:00Z"), at("2025-04-01T07:00:00Z")));
        assert_eq!(span.bounds.first(), Some(&span.compare_start));
        assert_eq!(span.bounds.last(), Some(&span.end));
        assert!(span.bounds.windows(2).all(|w| w[0] < w[1]));
        // Every month start between, and the edges of both ranges.
        for bound in
            ["2025-02-01T08:00:00Z", "2025-04-01T07:00:00Z", "2025-12-01T08:00:00Z", "2026-01-01T08:00:00Z", "2026-03-01T08:00:00Z"]
        {
            assert!(span.bounds.contains(&at(bound)), "{bound}");
        }
        // A five-year period overlaps its own year before.
        let long = GivingSpan::new(day("2021-01-01"), day("2025-12-31"), LA);
        let both = (0..long.bounds.len()).filter(|i| long.in_period(*i) && long.compared(*i)).count();
        assert_eq!(both, 48);
    }

    #[test]
    fn months_are_the_temples_and_compared_with_the_year_before() {
        let span = GivingSpan::new(day("2026-01-01"), day("2026-03-31"), LA);
        let index = |t: &str| span.bounds.iter().position(|b| *b == at(t)).expect("bound");
        let sums = [
            spent(index("2026-01-01T08:00:00Z"), "online", false, 1000, 1),
            spent(index("2026-02-01T08:00:00Z"), "counter", false, 500, 1),
            spent(index("2026-02-01T08:00:00Z"), "online", true, 2500, 2),
            spent(index("2025-02-01T08:00:00Z"), "online", false, 700, 1),
        ];
        let g = giving(&span, &sums, LA);
        let got: Vec<(&str, i64, u32, i64)> = g.months.iter().map(|m| (m.month.as_str(), m.cents, m.gifts, m.last_year_cents)).collect();
        assert_eq!(got, [("2026-01", 1000, 1, 0), ("2026-02", 3000, 3, 700), ("2026-03", 0, 0, 0)]);
        assert_eq!((g.total_cents, g.gifts), (4000, 4));
        let channels: Vec<(&str, i64, u32)> = g.by_channel.iter().map(|s| (s.key.as_str(), s.cents, s.count)).collect();
        assert_eq!(channels, [("recurring", 2500, 2), ("online", 1000, 1), ("counter", 500, 1)]);
        assert_eq!(g.by_method.iter().map(|s| (s.key.as_str(), s.cents)).collect::<Vec<_>>(), [("cash", 4000)]);
    }

    #[test]
    fn funds_add_whole_gifts_and_split_refunded_ones() {
        let sums = FundSums {
            whole: vec![("general".into(), 800, 2), ("building".into(), 500, 1)],
            // $10 over two funds, $3.01 refunded: $6.99 kept, the odd cent to the larger part.
            refunded: vec![RefundedGift { kept_cents: 699, lines: vec![("building".into(), 600), ("general".into(), 400)] }],
        };
        let funds = by_fund(&sums);
        assert_eq!(
            funds.iter().map(|s| (s.key.as_str(), s.cents, s.count)).collect::<Vec<_>>(),
            [("general", 1079, 3), ("building", 920, 2)]
        );
    }

    #[test]
    fn donors_are_new_returning_or_lapsed() {
        let donor = |user: Option<&str>, email: Option<&str>, name: &str| DonorSum {
            user_id: user.map(str::to_owned),
            email: email.map(str::to_owned),
            name: Some(name.to_owned()),
            ..DonorSum::default()
        };
        let sums = [
            DonorSum { gifts: 1, cents: 100, ..donor(None, Some("a@example.org"), "A") },
            // One e-mail in two cases is one donor.
            DonorSum { gifts: 1, cents: 200, ..donor(None, Some("B@example.org"), "B") },
            DonorSum { earlier_gifts: 1, before_gifts: 1, before_cents: 50, ..donor(None, Some("b@example.org"), "B") },
            DonorSum { earlier_gifts: 2, before_gifts: 1, before_cents: 70, ..donor(Some("u-c"), None, "C") },
            // Gave long ago only: neither.
            DonorSum { earlier_gifts: 1, ..donor(None, None, "D") },
        ];
        let d = donors(&sums);
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

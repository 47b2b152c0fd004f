//! Festivals by the lunar calendar (issue 29): a festival is a tithi of a lunar month, kept on the
//! local day on which that tithi runs at the moment its tradition looks at: sunrise for most,
//! midday (madhyahna) for Sri Rama Navami, the evening after sunset (pradosha) for Diwali's
//! Lakshmi puja, midnight (nishita) for Krishna Janmashtami and Maha Shivaratri. Given a run of
//! panchangam days, [`dates_of`] says on which days a rule falls. docs/festivals.md lists the
//! shipped table with the sources of its rules.

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::panchangam::PanchangamDay;

/// The moment of the day at which the tithi must be running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// Sunrise (udaya): most festivals and vratas.
    Sunrise,
    /// The middle of the daytime (madhyahna).
    Madhyahna,
    /// The evening after sunset (pradosha): the middle of the first fifth of the night.
    Pradosha,
    /// The middle of the night (nishita), halfway from sunset to the next sunrise.
    Nishita,
}

impl Moment {
    pub const ALL: [Self; 4] = [Self::Sunrise, Self::Madhyahna, Self::Pradosha, Self::Nishita];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sunrise => "sunrise",
            Self::Madhyahna => "madhyahna",
            Self::Pradosha => "pradosha",
            Self::Nishita => "nishita",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.as_str() == text)
    }

    /// The instant of this moment on a day, given the next day's sunrise.
    pub fn on(self, day: &PanchangamDay, next_sunrise: DateTime<Utc>) -> DateTime<Utc> {
        let night = next_sunrise - day.sunset;
        match self {
            Self::Sunrise => day.sunrise,
            Self::Madhyahna => day.sunrise + (day.sunset - day.sunrise) / 2,
            Self::Pradosha => day.sunset + night / 10,
            Self::Nishita => day.sunset + night / 2,
        }
    }
}

/// When the tithi runs at the moment on two days running (a vriddhi tithi), which day keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TwoDays {
    First,
    Second,
}

impl TwoDays {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::First, Self::Second].into_iter().find(|m| m.as_str() == text)
    }
}

/// A festival's rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FestivalRule {
    /// The amanta lunar month, 1 = Chaitra … 12 = Phalguna.
    pub lunar_month: u8,
    /// Instead of the lunar month, the solar month (the Sun's sidereal sign at sunrise, 0 = Mesha
    /// … 11 = Meena): Vaikuntha Ekadashi is the shukla Ekadashi of Dhanu masa, whichever lunar
    /// month that is.
    pub solar_month: Option<u8>,
    /// 1–30: 1–15 shukla, 16–30 krishna (30 Amavasya).
    pub tithi: u8,
    pub moment: Moment,
    pub two_days: TwoDays,
    /// Kept in an adhika month of that name too. Most festivals are kept only in the nija
    /// (regular) month when the year has an adhika one.
    pub in_adhika: bool,
}

/// A festival of the shipped table.
#[derive(Debug, Clone, Copy)]
pub struct Festival {
    pub name: &'static str,
    pub rule: FestivalRule,
    /// Where the rule comes from (docs/festivals.md).
    pub source: &'static str,
}

const fn rule(lunar_month: u8, tithi: u8, moment: Moment) -> FestivalRule {
    FestivalRule { lunar_month, solar_month: None, tithi, moment, two_days: TwoDays::First, in_adhika: false }
}

const NIRNAYA: &str = "Nirnaya Sindhu (Kamalakara Bhatta, 1612)";
const DHARMA: &str = "Dharma Sindhu (Kashinath Upadhyaya, 1790)";

/// The major festivals a temple starts with: about 25, each with the tithi, month and moment that
/// decide its day. Admins may add and change rules.
pub const FESTIVALS: [Festival; 25] = [
    Festival { name: "Ugadi / Gudi Padwa", rule: rule(1, 1, Moment::Sunrise), source: DHARMA },
    Festival { name: "Sri Rama Navami", rule: rule(1, 9, Moment::Madhyahna), source: NIRNAYA },
    Festival { name: "Hanuman Jayanti (Chaitra Pournami)", rule: rule(1, 15, Moment::Sunrise), source: DHARMA },
    Festival { name: "Akshaya Tritiya", rule: rule(2, 3, Moment::Sunrise), source: NIRNAYA },
    Festival { name: "Narasimha Jayanti", rule: rule(2, 14, Moment::Pradosha), source: NIRNAYA },
    Festival { name: "Jagannatha Ratha Yatra", rule: rule(4, 2, Moment::Sunrise), source: DHARMA },
    Festival { name: "Guru Purnima", rule: rule(4, 15, Moment::Sunrise), source: DHARMA },
    Festival { name: "Naga Panchami", rule: rule(5, 5, Moment::Sunrise), source: NIRNAYA },
    Festival { name: "Raksha Bandhan", rule: rule(5, 15, Moment::Sunrise), source: NIRNAYA },
    Festival { name: "Krishna Janmashtami", rule: rule(5, 23, Moment::Nishita), source: NIRNAYA },
    Festival { name: "Vinayaka Chaturthi", rule: rule(6, 4, Moment::Madhyahna), source: NIRNAYA },
    Festival { name: "Anant Chaturdashi", rule: rule(6, 14, Moment::Sunrise), source: DHARMA },
    Festival { name: "Navaratri begins", rule: rule(7, 1, Moment::Sunrise), source: NIRNAYA },
    Festival { name: "Durga Ashtami", rule: rule(7, 8, Moment::Sunrise), source: NIRNAYA },
    Festival { name: "Vijaya Dashami", rule: rule(7, 10, Moment::Sunrise), source: NIRNAYA },
    Festival { name: "Dhanteras", rule: rule(7, 28, Moment::Pradosha), source: DHARMA },
    Festival { name: "Naraka Chaturdashi", rule: rule(7, 29, Moment::Sunrise), source: DHARMA },
    Festival { name: "Diwali (Lakshmi Puja)", rule: rule(7, 30, Moment::Pradosha), source: NIRNAYA },
    Festival { name: "Govardhan Puja / Bali Pratipada", rule: rule(8, 1, Moment::Sunrise), source: DHARMA },
    Festival { name: "Kartika Purnima", rule: rule(8, 15, Moment::Sunrise), source: DHARMA },
    Festival { name: "Gita Jayanti (Mokshada Ekadashi)", rule: rule(9, 11, Moment::Sunrise), source: DHARMA },
    Festival {
        name: "Vaikuntha Ekadashi",
        rule: FestivalRule { solar_month: Some(8), ..rule(10, 11, Moment::Sunrise) },
        source: "Vaikhanasa and Pancharatra agamas: the shukla Ekadashi of Dhanu masa",
    },
    Festival { name: "Vasant Panchami", rule: rule(11, 5, Moment::Sunrise), source: NIRNAYA },
    Festival { name: "Maha Shivaratri", rule: rule(11, 29, Moment::Nishita), source: NIRNAYA },
    Festival { name: "Holika Dahan", rule: rule(12, 15, Moment::Pradosha), source: NIRNAYA },
];

impl PanchangamDay {
    /// The tithi running at an instant from this day's sunrise to the next (the tithi at sunrise,
    /// then the kshaya one if any, then the one after).
    pub fn tithi_at(&self, at: DateTime<Utc>) -> u8 {
        let next = |t: u8| t % 30 + 1;
        if at < self.tithi.ends_at {
            return self.tithi.number;
        }
        match self.kshaya {
            Some(kshaya) if at < kshaya.ends_at => kshaya.number,
            Some(kshaya) => next(kshaya.number),
            None => next(self.tithi.number),
        }
    }
}

/// The local days of `days` (consecutive, in order) on which the rule falls:
/// - the days of the rule's month (lunar: nija, or adhika too when the rule says so; or solar)
///   on which its tithi runs at its moment; of two days running, the first or the second as the
///   rule says;
/// - where a tithi runs at no day's moment (it begins and ends between two), the day whose moment
///   comes before it.
///
/// A Pratipada that begins after sunrise belongs to the month the new moon opened, not to the
/// month of that sunrise: the month is the one at the tithi. The last day's next sunrise is taken
/// as a day after its own.
pub fn dates_of(rule: &FestivalRule, days: &[PanchangamDay]) -> Vec<NaiveDate> {
    // The tithi at each day's moment.
    let tithis: Vec<u8> = days
        .iter()
        .enumerate()
        .map(|(i, day)| {
            let next_sunrise = days.get(i + 1).map_or(day.sunrise + Duration::days(1), |d| d.sunrise);
            day.tithi_at(rule.moment.on(day, next_sunrise))
        })
        .collect();
    // Whether the rule's month holds on day `i` for a tithi `t` of that day: a tithi of the new
    // month's start seen from a sunrise of the old month takes the next day's month.
    let month_holds = |i: usize, t: u8| {
        let day = &days[i];
        let day = if day.tithi.number >= 29 && t <= 2 { days.get(i + 1).unwrap_or(day) } else { day };
        match rule.solar_month {
            Some(sign) => day.sun_sign == sign,
            None => day.lunar_month.number == rule.lunar_month && (rule.in_adhika || !day.lunar_month.adhika),
        }
    };
    let before = if rule.tithi == 1 { 30 } else { rule.tithi - 1 };
    let after = rule.tithi % 30 + 1;
    let mut dates = Vec::new();
    let mut i = 0;
    while i < days.len() {
        if tithis[i] == rule.tithi && month_holds(i, rule.tithi) {
            let second = i + 1 < days.len() && tithis[i + 1] == rule.tithi && month_holds(i + 1, rule.tithi);
            dates.push(if second && rule.two_days == TwoDays::Second { days[i + 1].date } else { days[i].date });
            i += if second { 2 } else { 1 };
            continue;
        }
        if tithis[i] == before && tithis.get(i + 1) == Some(&after) && month_holds(i, if rule.tithi == 1 { 1 } else { before }) {
            dates.push(days[i].date);
        }
        i += 1;
    }
    dates
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panchangam::{Limb, LunarMonth, Span};
    use chrono::TimeZone;

    /// Days with sunrise 06:00 and sunset 18:00 UTC, and tithis that end at the given hours after
    /// each sunrise.
    fn days(month: u8, tithis: &[(u8, i64, Option<(u8, i64)>)]) -> Vec<PanchangamDay> {
        tithis
            .iter()
            .enumerate()
            .map(|(i, &(number, ends_after, kshaya))| {
                let date = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap() + Duration::days(i as i64);
                let sunrise = Utc.from_utc_datetime(&date.and_hms_opt(6, 0, 0).unwrap());
                let limb = |n: u8, hours: i64| Limb { number: n, ends_at: sunrise + Duration::hours(hours) };
                let span = Span { start: sunrise, end: sunrise };
                PanchangamDay {
                    date,
                    sunrise,
                    sunset: sunrise + Duration::hours(12),
                    tithi: limb(number, ends_after),
                    vriddhi: ends_after > 24,
                    kshaya: kshaya.map(|(n, h)| limb(n, h)),
                    nakshatra: limb(1, 1),
                    yoga: limb(1, 1),
                    karana: limb(1, 1),
                    lunar_month: LunarMonth { number: month, adhika: false },
                    sun_sign: 8,
                    rahu_kalam: span,
                    yamagandam: span,
                    gulika_kalam: span,
                }
            })
            .collect()
    }

    fn date(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, day).unwrap()
    }

    #[test]
    fn the_moment_decides_the_day() {
        // Navami begins at 08:00 on the 2nd (two hours after sunrise) and ends at 10:00 on the 3rd.
        let run = days(1, &[(7, 20, None), (8, 2, None), (9, 4, None), (10, 20, None)]);
        // At sunrise: the 3rd. At midday: the 2nd (Navami runs at noon on the 2nd and not the 3rd).
        assert_eq!(dates_of(&rule(1, 9, Moment::Sunrise), &run), vec![date(3)]);
        assert_eq!(dates_of(&rule(1, 9, Moment::Madhyahna), &run), vec![date(2)]);
        // Another month: nothing.
        assert!(dates_of(&rule(2, 9, Moment::Sunrise), &run).is_empty());
    }

    #[test]
    fn kshaya_and_vriddhi_tithis() {
        // Tritiya (3) begins at 10:00 on the 2nd and ends at 04:00 next morning: kshaya at sunrise.
        let run = days(1, &[(1, 20, None), (2, 4, Some((3, 22))), (4, 30, None), (4, 2, None), (5, 20, None)]);
        assert_eq!(dates_of(&rule(1, 3, Moment::Sunrise), &run), vec![date(2)]);
        // Chaturthi (4) at two sunrises: the first, or the second when the rule says so.
        assert_eq!(dates_of(&rule(1, 4, Moment::Sunrise), &run), vec![date(3)]);
        let second = FestivalRule { two_days: TwoDays::Second, ..rule(1, 4, Moment::Sunrise) };
        assert_eq!(dates_of(&second, &run), vec![date(4)]);
    }

    #[test]
    fn an_adhika_month_is_skipped_unless_the_rule_keeps_it() {
        let mut run = days(3, &[(10, 20, None), (11, 20, None), (12, 20, None)]);
        for day in &mut run {
            day.lunar_month.adhika = true;
        }
        assert!(dates_of(&rule(3, 11, Moment::Sunrise), &run).is_empty());
        let both = FestivalRule { in_adhika: true, ..rule(3, 11, Moment::Sunrise) };
        assert_eq!(dates_of(&both, &run), vec![date(2)]);
    }

    #[test]
    fn the_tithi_at_an_instant_walks_through_a_kshaya_one() {
        let run = days(1, &[(2, 4, Some((3, 22)))]);
        let day = &run[0];
        assert_eq!(day.tithi_at(day.sunrise + Duration::hours(1)), 2);
        assert_eq!(day.tithi_at(day.sunrise + Duration::hours(12)), 3);
        assert_eq!(day.tithi_at(day.sunrise + Duration::hours(23)), 4);
        assert_eq!(Moment::parse("nishita"), Some(Moment::Nishita));
        assert_eq!(FESTIVALS.len(), 25);
    }
}

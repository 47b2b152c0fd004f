//! Festivals and days by the lunar calendar (docs/festivals.md, docs/product.md#festivals).
//!
//! A festival is a tithi of a lunar month (or, for a few, of a solar month), kept on the local day
//! on which that tithi runs at the moment its tradition looks at: sunrise for most, midday
//! (madhyahna) for Sri Rama Navami, the evening after sunset (pradosha) for Diwali's Lakshmi puja,
//! midnight (nishita) for Krishna Janmashtami and Maha Shivaratri. Given a run of panchangam days,
//! [`dates_of`] says on which days a rule falls; [`tithi_days`] and [`nakshatra_days`] say the same
//! of a tithi or a nakshatra in every month (recurring services, star birthdays).

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::id::FestivalRuleId;
use crate::panchangam::{PanchangamDay, RASHI_NAMES, lunar_month_name, tithi_name};
use crate::text_enum;
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_INVALID: &str = "Festival name must be 3 to 100 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 1000 characters";
pub const SOURCE_TOO_LONG: &str = "Source must be at most 200 characters";
pub const MONTH_REQUIRED: &str = "Choose a lunar month (1 = Chaitra … 12 = Phalguna) or a solar month (0 = Mesha … 11 = Meena)";
pub const MONTH_BOTH: &str = "Choose a lunar month or a solar month, not both";
pub const LUNAR_MONTH_INVALID: &str = "Lunar month must be 1 (Chaitra) to 12 (Phalguna)";
pub const SOLAR_MONTH_INVALID: &str = "Solar month must be 0 (Mesha) to 11 (Meena)";
pub const TITHI_INVALID: &str = "Choose a tithi from 1 to 30 (1–15 shukla, 16–30 krishna)";
pub const MOMENT_INVALID: &str = "Choose when the tithi must run: sunrise, madhyahna, pradosha or nishita";
pub const TWO_DAYS_INVALID: &str = "Choose which of two days keeps the festival: first or second";

text_enum!(
    /// The moment of the day at which the tithi must be running.
    Moment {
        // Sunrise (udaya): most festivals and vratas.
        Sunrise => "sunrise",
        // The middle of the daytime (madhyahna).
        Madhyahna => "madhyahna",
        // The evening after sunset (pradosha): the middle of the first fifth of the night.
        Pradosha => "pradosha",
        // The middle of the night (nishita), halfway from sunset to the next sunrise.
        Nishita => "nishita",
    }
);

impl Moment {
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

    /// "at sunrise", "at midday (madhyahna)".
    pub fn label(self) -> &'static str {
        match self {
            Self::Sunrise => "at sunrise",
            Self::Madhyahna => "at midday (madhyahna)",
            Self::Pradosha => "in the evening after sunset (pradosha)",
            Self::Nishita => "at midnight (nishita)",
        }
    }
}

text_enum!(
    /// When the tithi runs at the moment on two days running (a vriddhi tithi), which day keeps it.
    TwoDays {
        First => "first",
        Second => "second",
    }
);

/// The month a festival's tithi must be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum FestivalMonth {
    /// The amanta lunar month, 1 = Chaitra … 12 = Phalguna.
    Lunar(u8),
    /// The solar month: the Sun's sidereal sign at sunrise, 0 = Mesha … 11 = Meena. Vaikuntha
    /// Ekadashi is the shukla Ekadashi of Dhanu masa, whichever lunar month that is.
    Solar(u8),
}

/// A festival's rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct FestivalRule {
    pub month: FestivalMonth,
    /// 1–30: 1–15 shukla, 16–30 krishna (30 Amavasya).
    pub tithi: u8,
    #[serde(serialize_with = "as_text")]
    pub moment: Moment,
    #[serde(serialize_with = "as_text")]
    pub two_days: TwoDays,
    /// Kept in an adhika month of that name too. Most festivals are kept only in the nija
    /// (regular) month when the year has an adhika one.
    pub in_adhika: bool,
}

fn as_text<T: std::fmt::Display, S: serde::Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

impl FestivalRule {
    pub fn lunar_month(&self) -> Option<u8> {
        match self.month {
            FestivalMonth::Lunar(month) => Some(month),
            FestivalMonth::Solar(_) => None,
        }
    }

    pub fn solar_month(&self) -> Option<u8> {
        match self.month {
            FestivalMonth::Solar(sign) => Some(sign),
            FestivalMonth::Lunar(_) => None,
        }
    }

    /// "Ashwin Amavasya, in the evening after sunset (pradosha)"; "Shukla Ekadashi of Dhanu (the
    /// solar month), at sunrise".
    pub fn describe(&self) -> String {
        let paksha = if self.tithi <= 15 { "Shukla" } else { "Krishna" };
        let tithi = match self.tithi {
            15 | 30 => tithi_name(self.tithi).to_owned(),
            _ => format!("{paksha} {}", tithi_name(self.tithi)),
        };
        let day = match self.month {
            FestivalMonth::Lunar(month) => format!("{} {tithi}", lunar_month_name(month)),
            FestivalMonth::Solar(sign) => {
                format!("{tithi} of {} (the solar month)", RASHI_NAMES.get(usize::from(sign)).copied().unwrap_or(""))
            }
        };
        format!("{day}, {}", self.moment.label())
    }
}

/// A festival: a rule of the shipped table (docs/festivals.md) or one an editor added.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Festival {
    pub id: FestivalRuleId,
    pub name: String,
    pub description: Option<String>,
    pub rule: FestivalRule,
    /// Where the rule comes from (a text such as "Nirnaya Sindhu").
    pub source: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The form as submitted (create and full edit).
#[derive(Debug, Clone, Default)]
pub struct FestivalInput {
    pub name: String,
    pub description: Option<String>,
    pub lunar_month: Option<i64>,
    pub solar_month: Option<i64>,
    pub tithi: Option<i64>,
    pub moment: String,
    /// `first` when absent.
    pub two_days: Option<String>,
    pub in_adhika: bool,
    pub source: Option<String>,
}

/// A checked form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFestival {
    pub name: String,
    pub description: Option<String>,
    pub rule: FestivalRule,
    pub source: Option<String>,
}

fn small(value: Option<i64>, range: std::ops::RangeInclusive<i64>, message: &str) -> Result<u8, String> {
    value.filter(|v| range.contains(v)).and_then(|v| u8::try_from(v).ok()).ok_or_else(|| message.to_owned())
}

impl FestivalInput {
    pub fn validate(self) -> Result<NewFestival, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check(
            "name",
            min_chars(&self.name, 3, NAME_INVALID).and_then(|n| if n.chars().count() > 100 { Err(NAME_INVALID.to_owned()) } else { Ok(n) }),
        );
        let description = errors.check("description", optional_text(self.description.as_deref(), 1000, DESCRIPTION_TOO_LONG));
        let source = errors.check("source", optional_text(self.source.as_deref(), 200, SOURCE_TOO_LONG));
        let month = match (self.lunar_month, self.solar_month) {
            (Some(_), Some(_)) => {
                errors.add("solarMonth", MONTH_BOTH);
                None
            }
            (None, None) => {
                errors.add("lunarMonth", MONTH_REQUIRED);
                None
            }
            (Some(month), None) => errors.check("lunarMonth", small(Some(month), 1..=12, LUNAR_MONTH_INVALID)).map(FestivalMonth::Lunar),
            (None, Some(sign)) => errors.check("solarMonth", small(Some(sign), 0..=11, SOLAR_MONTH_INVALID)).map(FestivalMonth::Solar),
        };
        let tithi = errors.check("tithi", small(self.tithi, 1..=30, TITHI_INVALID));
        let moment = errors.check("moment", Moment::parse(self.moment.trim()).ok_or_else(|| MOMENT_INVALID.to_owned()));
        let two_days = errors.check(
            "twoDays",
            match self.two_days.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                None => Ok(TwoDays::First),
                Some(text) => TwoDays::parse(text).ok_or_else(|| TWO_DAYS_INVALID.to_owned()),
            },
        );
        match (name, description, source, month, tithi, moment, two_days) {
            (Some(name), Some(description), Some(source), Some(month), Some(tithi), Some(moment), Some(two_days)) if errors.is_empty() => {
                Ok(NewFestival {
                    name,
                    description,
                    rule: FestivalRule { month, tithi, moment, two_days, in_adhika: self.in_adhika },
                    source,
                })
            }
            _ => Err(errors),
        }
    }
}

impl PanchangamDay {
    /// The tithi running at an instant from this day's sunrise to the next (the tithi at sunrise,
    /// then the kshaya one if any, then the one after).
    pub fn tithi_at(&self, at: DateTime<Utc>) -> u8 {
        if at < self.tithi.ends_at {
            return self.tithi.number;
        }
        match self.kshaya {
            Some(kshaya) if at < kshaya.ends_at => kshaya.number,
            Some(kshaya) => next_tithi(kshaya.number),
            None => next_tithi(self.tithi.number),
        }
    }
}

fn next_tithi(t: u8) -> u8 {
    t % 30 + 1
}

fn previous_tithi(t: u8) -> u8 {
    if t == 1 { 30 } else { t - 1 }
}

/// The local days of `days` (consecutive, in order) on which a tithi runs at a moment, in the
/// days `month_holds` accepts:
/// - the days on which the tithi runs at the moment; of two days running, the first or the second
///   as `two_days` says;
/// - where the tithi runs at no day's moment (it begins and ends between two), the day whose moment
///   comes before it.
///
/// `month_holds(i, t)` says whether day `i` is in the wanted month for tithi `t`. The last day's
/// next sunrise is taken as a day after its own.
fn falls(days: &[PanchangamDay], tithi: u8, moment: Moment, two_days: TwoDays, month_holds: impl Fn(usize, u8) -> bool) -> Vec<NaiveDate> {
    // The tithi at each day's moment.
    let tithis: Vec<u8> = days
        .iter()
        .enumerate()
        .map(|(i, day)| {
            let next_sunrise = days.get(i + 1).map_or(day.sunrise + Duration::days(1), |d| d.sunrise);
            day.tithi_at(moment.on(day, next_sunrise))
        })
        .collect();
    let (before, after) = (previous_tithi(tithi), next_tithi(tithi));
    let mut dates = Vec::new();
    let mut i = 0;
    while i < days.len() {
        if tithis[i] == tithi && month_holds(i, tithi) {
            let second = i + 1 < days.len() && tithis[i + 1] == tithi && month_holds(i + 1, tithi);
            dates.push(if second && two_days == TwoDays::Second { days[i + 1].date } else { days[i].date });
            i += if second { 2 } else { 1 };
            continue;
        }
        if tithis[i] == before && tithis.get(i + 1) == Some(&after) && month_holds(i, if tithi == 1 { 1 } else { before }) {
            dates.push(days[i].date);
        }
        i += 1;
    }
    dates
}

/// The local days of `days` (consecutive, in order) on which the rule falls (see [`falls`]).
///
/// A Pratipada that begins after sunrise belongs to the month the new moon opened, not to the
/// month of that sunrise: the month is the one at the tithi.
pub fn dates_of(rule: &FestivalRule, days: &[PanchangamDay]) -> Vec<NaiveDate> {
    // Whether the rule's month holds on day `i` for a tithi `t` of that day: a tithi of the new
    // month's start seen from a sunrise of the old month takes the next day's month.
    let month_holds = |i: usize, t: u8| {
        let day = &days[i];
        let day = if day.tithi.number >= 29 && t <= 2 { days.get(i + 1).unwrap_or(day) } else { day };
        match rule.month {
            FestivalMonth::Solar(sign) => day.sun_sign == sign,
            FestivalMonth::Lunar(month) => day.lunar_month.number == month && (rule.in_adhika || !day.lunar_month.adhika),
        }
    };
    falls(days, rule.tithi, rule.moment, rule.two_days, month_holds)
}

/// The days of `days` on which a tithi falls in every month, by the tithi at sunrise: the first of
/// two days when it runs at both sunrises, and the day on which it runs when it is kshaya. "Every
/// Ekadashi" is `tithi_days(11)` and `tithi_days(26)`.
pub fn tithi_days(tithi: u8, days: &[PanchangamDay]) -> Vec<NaiveDate> {
    falls(days, tithi, Moment::Sunrise, TwoDays::First, |_, _| true)
}

fn next_star(n: u8) -> u8 {
    n % 27 + 1
}

/// The days of `days` on which a nakshatra falls, by the nakshatra at sunrise (a person's star day,
/// "every month on Shravanam"): the first of two days when it runs at both sunrises, and the day on
/// which it runs when it begins and ends between two sunrises. The first day of `days` counts as a
/// first, so callers start a day before the range they want.
pub fn nakshatra_days(star: u8, days: &[PanchangamDay]) -> Vec<NaiveDate> {
    let mut dates = Vec::new();
    for (i, day) in days.iter().enumerate() {
        let at_sunrise = day.nakshatra.number;
        if at_sunrise == star && (i == 0 || days[i - 1].nakshatra.number != star) {
            dates.push(day.date);
        } else if let Some(next) = days.get(i + 1) {
            // The star after this sunrise's ends before the next sunrise: no sunrise sees it.
            let skipped = next_star(at_sunrise);
            if skipped == star && next.nakshatra.number == next_star(skipped) {
                dates.push(day.date);
            }
        }
    }
    dates
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panchangam::{Limb, LunarMonth, Span};
    use chrono::TimeZone;

    /// A day's tithi at sunrise, the hours after sunrise it ends, and a kshaya tithi with its end.
    type TestDay = (u8, i64, Option<(u8, i64)>);

    /// Days with sunrise 06:00 and sunset 18:00 UTC, and tithis that end at the given hours after
    /// each sunrise.
    fn days(month: u8, tithis: &[TestDay]) -> Vec<PanchangamDay> {
        tithis
            .iter()
            .enumerate()
            .map(|(i, &(number, ends_after, kshaya))| {
                let date = NaiveDate::from_ymd_opt(2026, 3, 1).expect("valid") + Duration::days(i as i64);
                let sunrise = Utc.from_utc_datetime(&date.and_hms_opt(6, 0, 0).expect("valid"));
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
        NaiveDate::from_ymd_opt(2026, 3, day).expect("valid")
    }

    fn rule(lunar_month: u8, tithi: u8, moment: Moment) -> FestivalRule {
        FestivalRule { month: FestivalMonth::Lunar(lunar_month), tithi, moment, two_days: TwoDays::First, in_adhika: false }
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
        // Every month: the same as the sunrise rule.
        assert_eq!(tithi_days(9, &run), vec![date(3)]);
    }

    #[test]
    fn kshaya_and_vriddhi_tithis() {
        // Tritiya (3) begins at 10:00 on the 2nd and ends at 04:00 next morning: kshaya at sunrise.
        let run = days(1, &[(1, 20, None), (2, 4, Some((3, 22))), (4, 30, None), (4, 2, None), (5, 20, None)]);
        assert_eq!(dates_of(&rule(1, 3, Moment::Sunrise), &run), vec![date(2)]);
        assert_eq!(tithi_days(3, &run), vec![date(2)]);
        // Chaturthi (4) at two sunrises: the first, or the second when the rule says so.
        assert_eq!(dates_of(&rule(1, 4, Moment::Sunrise), &run), vec![date(3)]);
        assert_eq!(tithi_days(4, &run), vec![date(3)]);
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
        // By the solar month: the sun's sign, whatever the lunar month.
        let solar = FestivalRule { month: FestivalMonth::Solar(8), ..rule(3, 11, Moment::Sunrise) };
        assert_eq!(dates_of(&solar, &run), vec![date(2)]);
        assert!(dates_of(&FestivalRule { month: FestivalMonth::Solar(9), ..solar }, &run).is_empty());
    }

    #[test]
    fn the_tithi_at_an_instant_walks_through_a_kshaya_one() {
        let run = days(1, &[(2, 4, Some((3, 22)))]);
        let day = &run[0];
        assert_eq!(day.tithi_at(day.sunrise + Duration::hours(1)), 2);
        assert_eq!(day.tithi_at(day.sunrise + Duration::hours(12)), 3);
        assert_eq!(day.tithi_at(day.sunrise + Duration::hours(23)), 4);
        assert_eq!(Moment::parse("nishita"), Some(Moment::Nishita));
    }

    #[test]
    fn a_star_day_is_the_first_sunrise_of_the_star_or_the_day_it_is_skipped() {
        let mut run = days(1, &[(1, 20, None); 6]);
        for (day, star) in run.iter_mut().zip([4, 5, 5, 6, 8, 9]) {
            day.nakshatra.number = star;
        }
        // Mrigashira (5) at two sunrises: the first. Punarvasu (7) at none: the day of Ardra (6).
        assert_eq!(nakshatra_days(5, &run), vec![date(2)]);
        assert_eq!(nakshatra_days(7, &run), vec![date(4)]);
        assert_eq!(nakshatra_days(4, &run), vec![date(1)]);
        assert!(nakshatra_days(20, &run).is_empty());
        // Revati (27) is followed by Ashwini (1).
        for (day, star) in run.iter_mut().zip([26, 1, 2, 2, 3, 3]) {
            day.nakshatra.number = star;
        }
        assert_eq!(nakshatra_days(27, &run), vec![date(1)]);
    }

    #[test]
    fn a_form_is_checked_field_by_field() {
        let ok = FestivalInput {
            name: " Ratha Saptami ".into(),
            lunar_month: Some(11),
            tithi: Some(7),
            moment: "sunrise".into(),
            ..FestivalInput::default()
        };
        let valid = ok.clone().validate().expect("valid");
        assert_eq!(valid.name, "Ratha Saptami");
        assert_eq!(valid.rule, rule(11, 7, Moment::Sunrise));
        assert_eq!(valid.rule.describe(), "Magha Shukla Saptami, at sunrise");
        let errors = FestivalInput {
            name: "x".into(),
            lunar_month: Some(13),
            tithi: Some(31),
            moment: "noon".into(),
            two_days: Some("third".into()),
            ..ok.clone()
        }
        .validate()
        .expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_INVALID));
        assert_eq!(errors.get("lunarMonth"), Some(LUNAR_MONTH_INVALID));
        assert_eq!(errors.get("tithi"), Some(TITHI_INVALID));
        assert_eq!(errors.get("moment"), Some(MOMENT_INVALID));
        assert_eq!(errors.get("twoDays"), Some(TWO_DAYS_INVALID));
        let both = FestivalInput { solar_month: Some(8), ..ok.clone() }.validate().expect_err("both");
        assert_eq!(both.get("solarMonth"), Some(MONTH_BOTH));
        let none = FestivalInput { lunar_month: None, ..ok.clone() }.validate().expect_err("none");
        assert_eq!(none.get("lunarMonth"), Some(MONTH_REQUIRED));
        let solar = FestivalInput { lunar_month: None, solar_month: Some(8), tithi: Some(11), ..ok }.validate().expect("solar");
        assert_eq!(solar.rule.describe(), "Shukla Ekadashi of Dhanu (the solar month), at sunrise");
    }
}

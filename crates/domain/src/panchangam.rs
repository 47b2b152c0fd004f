//! The panchangam: the five limbs of the Hindu day (tithi, vara, nakshatra, yoga, karana), the
//! lunar month, and the inauspicious periods of the daytime, for one local day at one place. The
//! astronomy that produces a [`PanchangamDay`] is an adapter's (crate `mandir-panchangam`, behind
//! the `Almanac` port); this module holds what a day is, its names, and the rules that need no
//! astronomy (which eighth of the daytime is Rahu kalam, which tithis are special).

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use chrono_tz::Tz;

use crate::ValidationErrors;

/// Where the panchangam is worked out: the temple's place and its time zone (local days run from
/// local midnight, and every instant is shown at the zone's offset).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    /// Degrees north (negative south), within ±[`MAX_LATITUDE`].
    pub latitude: f64,
    /// Degrees east (negative west), within ±180.
    pub longitude: f64,
    pub zone: Tz,
}

/// The sun rises and sets every day up to about 65°; past 60° the daytime periods stop meaning
/// much, and no temple this serves is there.
pub const MAX_LATITUDE: f64 = 60.0;

/// Folsom, California: the default place, the temple this was first built for.
pub const DEFAULT_LATITUDE: f64 = 38.678;
pub const DEFAULT_LONGITUDE: f64 = -121.1761;

/// The most days one request may ask for (a leap year).
pub const MAX_DAYS: i64 = 366;

/// The years the engine is checked over (within two minutes of the Swiss Ephemeris: docs/product.md#the-panchangam).
pub const FIRST_YEAR: i32 = 1900;
pub const LAST_YEAR: i32 = 2100;

pub const DATE_INVALID: &str = "Enter a date as YYYY-MM-DD";
pub const DATE_OUT_OF_RANGE: &str = "Choose dates from 1900-01-01 to 2100-12-31";
pub const RANGE_BACKWARDS: &str = "The last day must be on or after the first";
pub const RANGE_TOO_LONG: &str = "Ask for at most 366 days at once";

/// The days asked for: `from` and `to` as sent (`YYYY-MM-DD`, empty or absent for none). An
/// absent `from` is `today`; an absent `to` is `from`.
pub fn day_range(from: Option<&str>, to: Option<&str>, today: NaiveDate) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let mut parse = |field: &str, text: Option<&str>| -> Option<Option<NaiveDate>> {
        match text.filter(|t| !t.is_empty()) {
            None => Some(None),
            Some(text) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                Ok(day) if (FIRST_YEAR..=LAST_YEAR).contains(&day.year()) => Some(Some(day)),
                Ok(_) => {
                    errors.add(field, DATE_OUT_OF_RANGE);
                    None
                }
                Err(_) => {
                    errors.add(field, DATE_INVALID);
                    None
                }
            },
        }
    };
    let (from, to) = (parse("from", from), parse("to", to));
    let (Some(from), Some(to)) = (from, to) else { return Err(errors) };
    let from = from.unwrap_or(today);
    let to = to.unwrap_or(from);
    if to < from {
        return Err(ValidationErrors::single("to", RANGE_BACKWARDS));
    }
    if (to - from).num_days() >= MAX_DAYS {
        return Err(ValidationErrors::single("to", RANGE_TOO_LONG));
    }
    Ok((from, to))
}

/// The Sun does not rise on this date at the place (only possible past the polar circles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the sun does not rise on {date} at this place")]
pub struct NoSunrise {
    pub date: NaiveDate,
}

/// One of the limbs that change during the day: its number at sunrise and when it ends (the first
/// end after sunrise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limb {
    pub number: u8,
    pub ends_at: DateTime<Utc>,
}

/// A stretch of the daytime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// The amanta lunar month (new moon to new moon) at sunrise: 1 = Chaitra … 12 = Phalguna. A month
/// in which the sun enters no sign is adhika (leap) and carries the name of the month after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LunarMonth {
    pub number: u8,
    pub adhika: bool,
}

/// One local day's panchangam.
#[derive(Debug, Clone, PartialEq)]
pub struct PanchangamDay {
    pub date: NaiveDate,
    pub sunrise: DateTime<Utc>,
    pub sunset: DateTime<Utc>,
    /// The tithi at sunrise (1–30).
    pub tithi: Limb,
    /// The same tithi is still running at the next sunrise (it spans two sunrises).
    pub vriddhi: bool,
    /// A tithi that begins and ends between this sunrise and the next, so no sunrise sees it.
    pub kshaya: Option<Limb>,
    pub nakshatra: Limb,
    pub yoga: Limb,
    /// The karana at sunrise (1–60 within the lunar month).
    pub karana: Limb,
    pub lunar_month: LunarMonth,
    /// The Sun's sidereal sign at sunrise, 0 = Mesha … 11 = Meena: the solar month.
    pub sun_sign: u8,
    pub rahu_kalam: Span,
    pub yamagandam: Span,
    pub gulika_kalam: Span,
}

impl PanchangamDay {
    /// 0 = Sunday (Ravivara) … 6 = Saturday.
    pub fn vara(&self) -> u8 {
        vara_of(self.date)
    }

    pub fn paksha(&self) -> Paksha {
        Paksha::of(self.tithi.number)
    }
}

pub fn vara_of(date: NaiveDate) -> u8 {
    // At most 6: fits.
    u8::try_from(date.weekday().num_days_from_sunday()).unwrap_or(0)
}

/// The bright and the dark fortnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paksha {
    Shukla,
    Krishna,
}

impl Paksha {
    pub fn of(tithi: u8) -> Self {
        if tithi <= 15 { Self::Shukla } else { Self::Krishna }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Shukla => "Shukla",
            Self::Krishna => "Krishna",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Shukla => "shukla",
            Self::Krishna => "krishna",
        }
    }
}

pub const TITHI_NAMES: [&str; 15] = [
    "Pratipada",
    "Dvitiya",
    "Tritiya",
    "Chaturthi",
    "Panchami",
    "Shashthi",
    "Saptami",
    "Ashtami",
    "Navami",
    "Dashami",
    "Ekadashi",
    "Dvadashi",
    "Trayodashi",
    "Chaturdashi",
    "Pournami",
];

pub const NAKSHATRA_NAMES: [&str; 27] = [
    "Ashwini",
    "Bharani",
    "Krittika",
    "Rohini",
    "Mrigashira",
    "Ardra",
    "Punarvasu",
    "Pushya",
    "Ashlesha",
    "Magha",
    "Purva Phalguni",
    "Uttara Phalguni",
    "Hasta",
    "Chitra",
    "Swati",
    "Vishakha",
    "Anuradha",
    "Jyeshtha",
    "Mula",
    "Purva Ashadha",
    "Uttara Ashadha",
    "Shravana",
    "Dhanishta",
    "Shatabhisha",
    "Purva Bhadrapada",
    "Uttara Bhadrapada",
    "Revati",
];

pub const YOGA_NAMES: [&str; 27] = [
    "Vishkambha",
    "Priti",
    "Ayushman",
    "Saubhagya",
    "Shobhana",
    "Atiganda",
    "Sukarma",
    "Dhriti",
    "Shula",
    "Ganda",
    "Vriddhi",
    "Dhruva",
    "Vyaghata",
    "Harshana",
    "Vajra",
    "Siddhi",
    "Vyatipata",
    "Variyana",
    "Parigha",
    "Shiva",
    "Siddha",
    "Sadhya",
    "Shubha",
    "Shukla",
    "Brahma",
    "Indra",
    "Vaidhriti",
];

/// The seven movable karanas, repeated eight times from the second half of Shukla Pratipada.
const MOVABLE_KARANAS: [&str; 7] = ["Bava", "Balava", "Kaulava", "Taitila", "Garaja", "Vanija", "Vishti"];

pub const LUNAR_MONTH_NAMES: [&str; 12] = [
    "Chaitra",
    "Vaishakha",
    "Jyeshtha",
    "Ashadha",
    "Shravana",
    "Bhadrapada",
    "Ashwin",
    "Kartika",
    "Margashirsha",
    "Pausha",
    "Magha",
    "Phalguna",
];

/// The solar months (the Sun's sidereal signs, rashis), 0 = Mesha … 11 = Meena.
pub const RASHI_NAMES: [&str; 12] =
    ["Mesha", "Vrishabha", "Mithuna", "Karka", "Simha", "Kanya", "Tula", "Vrishchika", "Dhanu", "Makara", "Kumbha", "Meena"];

pub const VARA_NAMES: [&str; 7] = ["Ravivara", "Somavara", "Mangalavara", "Budhavara", "Guruvara", "Shukravara", "Shanivara"];

fn pick(names: &[&'static str], number: u8) -> &'static str {
    names.get(usize::from(number).wrapping_sub(1)).copied().unwrap_or("")
}

/// Pratipada … Pournami in the bright fortnight, Pratipada … Chaturdashi then Amavasya in the dark.
pub fn tithi_name(number: u8) -> &'static str {
    match number {
        30 => "Amavasya",
        16..=29 => pick(&TITHI_NAMES, number - 15),
        _ => pick(&TITHI_NAMES, number),
    }
}

pub fn nakshatra_name(number: u8) -> &'static str {
    pick(&NAKSHATRA_NAMES, number)
}

pub fn yoga_name(number: u8) -> &'static str {
    pick(&YOGA_NAMES, number)
}

/// Karana 1 is Kimstughna; 2–57 run through the seven movable ones; 58–60 are Shakuni,
/// Chatushpada and Naga.
pub fn karana_name(number: u8) -> &'static str {
    match number {
        1 => "Kimstughna",
        2..=57 => MOVABLE_KARANAS[usize::from(number - 2) % 7],
        58 => "Shakuni",
        59 => "Chatushpada",
        60 => "Naga",
        _ => "",
    }
}

pub fn lunar_month_name(number: u8) -> &'static str {
    pick(&LUNAR_MONTH_NAMES, number)
}

pub fn vara_name(number: u8) -> &'static str {
    VARA_NAMES.get(usize::from(number)).copied().unwrap_or("")
}

/// The daytime (sunrise to sunset) in eight equal parts; Rahu kalam, Yamagandam and Gulika kalam
/// each take one, by the weekday. Index 0 = Sunday; parts count from 1.
const RAHU_PART: [u8; 7] = [8, 2, 7, 5, 6, 4, 3];
const YAMAGANDAM_PART: [u8; 7] = [5, 4, 3, 2, 1, 7, 6];
const GULIKA_PART: [u8; 7] = [7, 6, 5, 4, 3, 2, 1];

/// Rahu kalam, Yamagandam and Gulika kalam of a day with this sunrise, sunset and weekday.
pub fn daytime_periods(sunrise: DateTime<Utc>, sunset: DateTime<Utc>, vara: u8) -> [Span; 3] {
    let eighth = (sunset - sunrise) / 8;
    let part = |table: &[u8; 7]| {
        let index = table.get(usize::from(vara)).copied().unwrap_or(1);
        let start = sunrise + eighth * i32::from(index - 1);
        Span { start, end: start + eighth }
    };
    [part(&RAHU_PART), part(&YAMAGANDAM_PART), part(&GULIKA_PART)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn names_follow_the_usual_transliterations() {
        assert_eq!(tithi_name(1), "Pratipada");
        assert_eq!(tithi_name(15), "Pournami");
        assert_eq!(tithi_name(16), "Pratipada");
        assert_eq!(tithi_name(26), "Ekadashi");
        assert_eq!(tithi_name(30), "Amavasya");
        assert_eq!(nakshatra_name(1), "Ashwini");
        assert_eq!(nakshatra_name(27), "Revati");
        assert_eq!(yoga_name(27), "Vaidhriti");
        assert_eq!(karana_name(1), "Kimstughna");
        assert_eq!(karana_name(2), "Bava");
        assert_eq!(karana_name(8), "Vishti");
        assert_eq!(karana_name(57), "Vishti");
        assert_eq!(karana_name(60), "Naga");
        assert_eq!(lunar_month_name(9), "Margashirsha");
        assert_eq!(vara_name(0), "Ravivara");
        assert_eq!(tithi_name(0), "");
        assert_eq!(nakshatra_name(28), "");
    }

    #[test]
    fn the_daytime_is_cut_in_eighths_by_weekday() {
        let rise = Utc.with_ymd_and_hms(2026, 11, 25, 14, 0, 0).single().expect("valid");
        let set = rise + chrono::Duration::hours(8);
        // A Wednesday (3): Rahu kalam is the fifth eighth, Yamagandam the second, Gulika the fourth.
        let [rahu, yama, gulika] = daytime_periods(rise, set, 3);
        assert_eq!(rahu.start, rise + chrono::Duration::hours(4));
        assert_eq!(rahu.end, rise + chrono::Duration::hours(5));
        assert_eq!(yama.start, rise + chrono::Duration::hours(1));
        assert_eq!(gulika.start, rise + chrono::Duration::hours(3));
        // Sunday's Rahu kalam is the last eighth, ending at sunset.
        assert_eq!(daytime_periods(rise, set, 0)[0].end, set);
    }

    #[test]
    fn a_range_is_at_most_a_leap_year_of_real_dates() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).expect("valid");
        assert_eq!(day_range(None, None, today), Ok((today, today)));
        assert_eq!(day_range(Some(""), Some(""), today), Ok((today, today)));
        // Only the empty text is "none": white space is not a date (the document's `date` or "").
        assert_eq!(day_range(Some("\u{c}"), None, today).expect_err("invalid").get("from"), Some(DATE_INVALID));
        let jan1 = NaiveDate::from_ymd_opt(2028, 1, 1).expect("valid");
        let dec31 = NaiveDate::from_ymd_opt(2028, 12, 31).expect("valid");
        assert_eq!(day_range(Some("2028-01-01"), Some("2028-12-31"), today), Ok((jan1, dec31)));
        assert_eq!(day_range(Some("2028-01-01"), Some("2029-01-01"), today).expect_err("invalid").get("to"), Some(RANGE_TOO_LONG));
        assert_eq!(day_range(Some("2028-01-02"), Some("2028-01-01"), today).expect_err("invalid").get("to"), Some(RANGE_BACKWARDS));
        let bad = day_range(Some("2028-02-30"), Some("2101-01-01"), today).expect_err("invalid");
        assert_eq!(bad.get("from"), Some(DATE_INVALID));
        assert_eq!(bad.get("to"), Some(DATE_OUT_OF_RANGE));
        assert_eq!(day_range(Some("1899-12-31"), None, today).expect_err("invalid").get("from"), Some(DATE_OUT_OF_RANGE));
    }

    #[test]
    fn the_fortnight_follows_the_tithi() {
        assert_eq!(Paksha::of(15), Paksha::Shukla);
        assert_eq!(Paksha::of(16), Paksha::Krishna);
        assert_eq!(vara_of(NaiveDate::from_ymd_opt(2026, 11, 25).expect("valid")), 3);
    }
}

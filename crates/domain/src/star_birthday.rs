//! Star birthdays: a person's birth star (janma nakshatra), recorded by a member for themself and
//! for each family member, and the reminder before each monthly star day, when the person's
//! nakshatra is at sunrise at the temple (docs/product.md#star-birthdays).

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;

use crate::id::{FamilyMemberId, StarBirthdayId, UserId};
use crate::recurring_service::local_instant;
use crate::validation::ValidationErrors;

pub const NAKSHATRA_REQUIRED: &str = "Choose the birth star, or give the birth date, time and place to work it out";
pub const NAKSHATRA_INVALID: &str = "Birth star must be a nakshatra from 1 (Ashwini) to 27 (Revati)";
pub const BIRTH_DATE_INVALID: &str = "Birth date must be a past date from 1900 on (YYYY-MM-DD)";
pub const BIRTH_TIME_INVALID: &str = "Birth time must be a time (HH:MM)";
pub const BIRTH_ZONE_INVALID: &str = "Choose the birthplace's time zone from the list (an IANA name such as Asia/Kolkata)";
pub const BIRTH_INCOMPLETE: &str = "To work out the birth star, give the birth date, the time and the birthplace's time zone";
pub const DAYS_BEFORE_INVALID: &str = "Remind 1 to 7 days before";

/// Days before a star day its reminder goes out, by default.
pub const DEFAULT_DAYS_BEFORE: u8 = 2;

/// When and where a person was born, as far as it is known: the date, and for working out the
/// birth star, the local time and the birthplace's time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Birth {
    pub date: NaiveDate,
    pub time: Option<NaiveTime>,
    pub zone: Option<Tz>,
}

impl Birth {
    /// The instant of the birth, when its time and zone are known.
    pub fn instant(&self) -> Option<DateTime<Utc>> {
        Some(local_instant(&self.zone?, self.date, self.time?))
    }
}

/// A person's birth star as a member recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarBirthday {
    pub id: StarBirthdayId,
    pub user_id: UserId,
    /// The family member it is for; the member themself when none.
    pub family_member_id: Option<FamilyMemberId>,
    /// 1 = Ashwini … 27 = Revati.
    pub nakshatra: u8,
    pub birth: Option<Birth>,
    /// Whether to e-mail the member before each star day.
    pub remind: bool,
    /// How many days before (1–7).
    pub days_before: u8,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The form as submitted.
#[derive(Debug, Clone, Default)]
pub struct StarBirthdayInput {
    pub nakshatra: Option<i64>,
    /// "YYYY-MM-DD"; blank for none.
    pub birth_date: Option<String>,
    /// "HH:MM"; blank for none.
    pub birth_time: Option<String>,
    /// An IANA zone name; blank for none.
    pub birth_zone: Option<String>,
    pub remind: bool,
    pub days_before: Option<i64>,
}

/// A checked form: the birth star, or the birth it is worked out from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewStarBirthday {
    pub nakshatra: u8,
    pub birth: Option<Birth>,
    pub remind: bool,
    pub days_before: u8,
}

fn blank(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

impl StarBirthdayInput {
    /// Checks the form on the member's `today`. Without a star, `work_out` gives the nakshatra at
    /// the birth's instant (which needs its date, time and zone).
    pub fn validate(self, today: NaiveDate, work_out: impl Fn(DateTime<Utc>) -> u8) -> Result<NewStarBirthday, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let date = errors.check(
            "birthDate",
            blank(self.birth_date.as_deref())
                .map(|text| {
                    NaiveDate::parse_from_str(text, "%Y-%m-%d")
                        .ok()
                        .filter(|d| d.year() >= 1900 && *d <= today)
                        .ok_or_else(|| BIRTH_DATE_INVALID.to_owned())
                })
                .transpose(),
        );
        let time = errors.check(
            "birthTime",
            blank(self.birth_time.as_deref())
                .map(|text| NaiveTime::parse_from_str(text, "%H:%M").map_err(|_| BIRTH_TIME_INVALID.to_owned()))
                .transpose(),
        );
        let zone = errors.check(
            "birthZone",
            blank(self.birth_zone.as_deref()).map(|text| text.parse::<Tz>().map_err(|_| BIRTH_ZONE_INVALID.to_owned())).transpose(),
        );
        let days_before = errors.check(
            "daysBefore",
            match self.days_before {
                None => Ok(DEFAULT_DAYS_BEFORE),
                Some(days) => u8::try_from(days).ok().filter(|d| (1..=7).contains(d)).ok_or_else(|| DAYS_BEFORE_INVALID.to_owned()),
            },
        );
        let (Some(date), Some(time), Some(zone), Some(days_before)) = (date, time, zone, days_before) else { return Err(errors) };
        let birth = match date {
            Some(date) => Some(Birth { date, time, zone }),
            None if time.is_some() || zone.is_some() => {
                errors.add("birthDate", BIRTH_INCOMPLETE);
                return Err(errors);
            }
            None => None,
        };
        let nakshatra = match self.nakshatra {
            Some(star) => match u8::try_from(star).ok().filter(|s| (1..=27).contains(s)) {
                Some(star) => star,
                None => return Err(ValidationErrors::single("nakshatra", NAKSHATRA_INVALID)),
            },
            None => match birth.and_then(|b| b.instant()) {
                Some(at) => work_out(at),
                None if birth.is_some() => return Err(ValidationErrors::single("nakshatra", BIRTH_INCOMPLETE)),
                None => return Err(ValidationErrors::single("nakshatra", NAKSHATRA_REQUIRED)),
            },
        };
        Ok(NewStarBirthday { nakshatra, birth, remind: self.remind, days_before })
    }
}

/// A stored birth: its date, and its time and zone when known (a zone this build does not know is
/// left out).
pub fn birth_of(date: Option<NaiveDate>, time: Option<NaiveTime>, zone: Option<&str>) -> Option<Birth> {
    Some(Birth { date: date?, time, zone: zone.and_then(|z| z.parse::<Tz>().ok()) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 26).expect("valid")
    }

    fn never(_: DateTime<Utc>) -> u8 {
        panic!("not worked out")
    }

    #[test]
    fn a_chosen_star_is_kept_and_a_birth_works_one_out() {
        let chosen = StarBirthdayInput { nakshatra: Some(4), remind: true, ..Default::default() }.validate(today(), never).expect("valid");
        assert_eq!(chosen, NewStarBirthday { nakshatra: 4, birth: None, remind: true, days_before: 2 });

        let input = StarBirthdayInput {
            birth_date: Some("1990-08-15".into()),
            birth_time: Some("05:30".into()),
            birth_zone: Some("Asia/Kolkata".into()),
            days_before: Some(3),
            ..Default::default()
        };
        let worked = input.clone().validate(today(), |at| {
            // 05:30 in India is midnight UTC.
            assert_eq!(at, Utc.with_ymd_and_hms(1990, 8, 15, 0, 0, 0).single().expect("valid"));
            22
        });
        let worked = worked.expect("valid");
        assert_eq!((worked.nakshatra, worked.days_before), (22, 3));
        assert_eq!(worked.birth.and_then(|b| b.instant()), Some(Utc.with_ymd_and_hms(1990, 8, 15, 0, 0, 0).single().expect("valid")));

        // A chosen star wins over the birth.
        assert_eq!(StarBirthdayInput { nakshatra: Some(1), ..input }.validate(today(), never).expect("valid").nakshatra, 1);
    }

    #[test]
    fn each_field_says_what_is_wrong() {
        let errors = StarBirthdayInput {
            birth_date: Some("2030-01-01".into()),
            birth_time: Some("25:00".into()),
            birth_zone: Some("Mars/Olympus".into()),
            days_before: Some(9),
            ..Default::default()
        }
        .validate(today(), never)
        .expect_err("invalid");
        assert_eq!(errors.get("birthDate"), Some(BIRTH_DATE_INVALID));
        assert_eq!(errors.get("birthTime"), Some(BIRTH_TIME_INVALID));
        assert_eq!(errors.get("birthZone"), Some(BIRTH_ZONE_INVALID));
        assert_eq!(errors.get("daysBefore"), Some(DAYS_BEFORE_INVALID));
        let none = StarBirthdayInput::default().validate(today(), never).expect_err("none");
        assert_eq!(none.get("nakshatra"), Some(NAKSHATRA_REQUIRED));
        let bad = StarBirthdayInput { nakshatra: Some(28), ..Default::default() }.validate(today(), never).expect_err("28");
        assert_eq!(bad.get("nakshatra"), Some(NAKSHATRA_INVALID));
        let no_time = StarBirthdayInput { birth_date: Some("1990-08-15".into()), ..Default::default() }.validate(today(), never);
        assert_eq!(no_time.expect_err("no time").get("nakshatra"), Some(BIRTH_INCOMPLETE));
        let no_date =
            StarBirthdayInput { nakshatra: Some(2), birth_time: Some("05:30".into()), ..Default::default() }.validate(today(), never);
        assert_eq!(no_date.expect_err("no date").get("birthDate"), Some(BIRTH_INCOMPLETE));
    }
}

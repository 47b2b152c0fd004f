//! Festival volunteering (docs/product.md#volunteer-shifts, ADR 0141): an event's volunteer plan
//! is roles (Parking, Kitchen...) with shifts, each needing a number of people. A member signs up
//! themselves or a family member for shifts that do not overlap; a full shift keeps a waitlist,
//! promoted in order. A sign-up may be dropped until the plan's cut-off before its shift, and
//! only by asking the coordinator after it. Attendance marked on the day gives each volunteer
//! their hours.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

use crate::id::{EventId, FamilyMemberId, ShiftId, ShiftSignupId, UserId, VolunteerRoleId};
use crate::text_enum;
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const ROLE_NAME_INVALID: &str = "Name must be 2 to 80 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 1000 characters";
pub const REPORT_TO_TOO_LONG: &str = "Where to report must be at most 200 characters";
pub const MIN_AGE_INVALID: &str = "Minimum age must be a whole number from 0 to 99";
pub const NEEDED_INVALID: &str = "Volunteers needed must be a whole number from 1 to 500";
pub const STARTS_REQUIRED: &str = "Start is required";
pub const ENDS_REQUIRED: &str = "End is required";
pub const STARTS_INVALID: &str = "Start must be a date and time";
pub const ENDS_INVALID: &str = "End must be a date and time";
pub const ENDS_BEFORE_START: &str = "A shift must end after it starts";
pub const SHIFT_TOO_LONG: &str = "A shift can last at most 16 hours";
pub const SHIFT_OUTSIDE_EVENT: &str = "A shift must start within a week before and two weeks after the event";
pub const CUTOFF_INVALID: &str = "The drop cut-off must be a whole number of hours from 0 to 336";
pub const SUBJECT_INVALID: &str = "Subject must be 3 to 150 characters";
pub const BODY_INVALID: &str = "Message must be 1 to 5000 characters";
pub const MESSAGE_TARGET: &str = "Choose one shift or one role to message";

/// The youngest a family member may volunteer, whatever the role.
pub const MIN_VOLUNTEER_AGE: u32 = 13;
/// The drop cut-off of a plan no one has set: a day before the shift.
pub const DEFAULT_DROP_CUTOFF_HOURS: i32 = 24;
pub const MAX_DROP_CUTOFF_HOURS: i64 = 336;
pub const MAX_SHIFT_HOURS: i64 = 16;
pub const MAX_NEEDED: i64 = 500;

text_enum!(
    /// A sign-up's place: on the shift, or waiting for one.
    ShiftStatus { Confirmed => "confirmed", Waitlisted => "waitlisted" }
);
text_enum!(
    /// What the coordinator marked on the day.
    Attendance { Present => "present", NoShow => "no_show" }
);

/// A role of an event's plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VolunteerRole {
    pub id: VolunteerRoleId,
    pub event_id: EventId,
    pub name: String,
    pub description: Option<String>,
    pub min_age: Option<i32>,
    pub report_to: Option<String>,
    /// The order roles are shown in: the order they were added.
    pub position: i32,
    /// The role the one-step "Volunteer for Event" offers are placed in, made with its one shift
    /// by the first offer on an event without a plan (`one_step_role`).
    pub one_step: bool,
}

/// A shift of a role, with how many it has and needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shift {
    pub id: ShiftId,
    pub role_id: VolunteerRoleId,
    pub event_id: EventId,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub needed: i32,
    /// Confirmed sign-ups.
    pub filled: i32,
    pub waitlisted: i32,
}

/// One person's place on a shift: the member themselves (`family_member_id` none) or one of
/// their family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftSignup {
    pub id: ShiftSignupId,
    pub shift_id: ShiftId,
    pub event_id: EventId,
    pub user_id: UserId,
    pub family_member_id: Option<FamilyMemberId>,
    /// The volunteer's full name as it was when they signed up.
    pub name: String,
    pub status: ShiftStatus,
    pub attendance: Option<Attendance>,
    pub drop_requested: bool,
    pub created_at: DateTime<Utc>,
}

/// How long the one-step offers' shift lasts from the event's start (events have no end time);
/// the coordinator may change it on the board.
pub const ONE_STEP_SHIFT_HOURS: i64 = 3;
/// The one-step offers' role's name and where its volunteers report.
pub const ONE_STEP_ROLE_NAME: &str = "Volunteers";
pub const ONE_STEP_REPORT_TO: &str = "The front desk";

/// The role and its one shift that the one-step "Volunteer for Event" offers of an event are
/// placed in (docs/product.md#volunteer-shifts): every offer gets a place, so the shift needs as
/// many as have offered.
pub fn one_step_role(event_name: &str, event_date: DateTime<Utc>) -> (ValidRole, ValidShift) {
    let role = ValidRole {
        name: ONE_STEP_ROLE_NAME.to_owned(),
        description: Some(format!("Help wherever {event_name} needs you on the day.")),
        min_age: None,
        report_to: Some(ONE_STEP_REPORT_TO.to_owned()),
    };
    let shift = ValidShift { starts_at: event_date, ends_at: event_date + Duration::hours(ONE_STEP_SHIFT_HOURS), needed: 1 };
    (role, shift)
}

/// Whether the one-step offer is open on an event whose roles are `roles`: with no plan, or with
/// only the one-step role; an event with a plan of its own takes sign-ups for its shifts.
pub fn one_step_open<'a>(mut roles: impl Iterator<Item = &'a VolunteerRole>) -> bool {
    roles.all(|role| role.one_step)
}

/// The role form as submitted.
#[derive(Debug, Clone, Default)]
pub struct RoleInput {
    pub name: String,
    pub description: Option<String>,
    pub min_age: Option<i64>,
    pub report_to: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidRole {
    pub name: String,
    pub description: Option<String>,
    pub min_age: Option<i32>,
    pub report_to: Option<String>,
}

impl RoleInput {
    pub fn validate(self) -> Result<ValidRole, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check(
            "name",
            min_chars(&self.name, 2, ROLE_NAME_INVALID)
                .and_then(|name| if name.chars().count() > 80 { Err(ROLE_NAME_INVALID.to_owned()) } else { Ok(name) }),
        );
        let description = errors.check("description", optional_text(self.description.as_deref(), 1000, DESCRIPTION_TOO_LONG));
        let report_to = errors.check("reportTo", optional_text(self.report_to.as_deref(), 200, REPORT_TO_TOO_LONG));
        let min_age = errors.check(
            "minAge",
            match self.min_age {
                None => Ok(None),
                Some(age) if (0..=99).contains(&age) => Ok(i32::try_from(age).ok()),
                Some(_) => Err(MIN_AGE_INVALID.to_owned()),
            },
        );
        match (name, description, report_to, min_age) {
            (Some(name), Some(description), Some(report_to), Some(min_age)) if errors.is_empty() => {
                Ok(ValidRole { name, description, min_age, report_to })
            }
            _ => Err(errors),
        }
    }
}

/// The shift form as submitted: its times as RFC 3339 texts with an offset.
#[derive(Debug, Clone, Default)]
pub struct ShiftInput {
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub needed: Option<i64>,
}

/// A time of the form: required, then an RFC 3339 instant.
fn instant(raw: Option<&str>, required: &str, invalid: &str) -> Result<DateTime<Utc>, String> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| required.to_owned())?;
    DateTime::parse_from_rfc3339(raw).map(|d| d.with_timezone(&Utc)).map_err(|_| invalid.to_owned())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValidShift {
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub needed: i32,
}

impl ShiftInput {
    /// A shift lasts at most [`MAX_SHIFT_HOURS`] and starts within a week before and two weeks
    /// after its event's start (setting up the day before, cleaning up after a many-day festival).
    pub fn validate(self, event_date: DateTime<Utc>) -> Result<ValidShift, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let needed = errors.check(
            "needed",
            self.needed
                .filter(|n| (1..=MAX_NEEDED).contains(n))
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| NEEDED_INVALID.to_owned()),
        );
        let starts_at = errors.check(
            "startsAt",
            instant(self.starts_at.as_deref(), STARTS_REQUIRED, STARTS_INVALID).and_then(|at| {
                if at < event_date - Duration::days(7) || at > event_date + Duration::days(14) {
                    Err(SHIFT_OUTSIDE_EVENT.to_owned())
                } else {
                    Ok(at)
                }
            }),
        );
        let ends_at = errors.check("endsAt", instant(self.ends_at.as_deref(), ENDS_REQUIRED, ENDS_INVALID));
        if let (Some(start), Some(end)) = (starts_at, ends_at) {
            if end <= start {
                errors.add("endsAt", ENDS_BEFORE_START);
            } else if end - start > Duration::hours(MAX_SHIFT_HOURS) {
                errors.add("endsAt", SHIFT_TOO_LONG);
            }
        }
        match (starts_at, ends_at, needed) {
            (Some(starts_at), Some(ends_at), Some(needed)) if errors.is_empty() => Ok(ValidShift { starts_at, ends_at, needed }),
            _ => Err(errors),
        }
    }
}

/// The plan's drop cut-off, in whole hours from 0 to two weeks.
pub fn check_drop_cutoff(hours: i64) -> Result<i32, ValidationErrors> {
    Some(hours)
        .filter(|h| (0..=MAX_DROP_CUTOFF_HOURS).contains(h))
        .and_then(|h| i32::try_from(h).ok())
        .ok_or_else(|| ValidationErrors::single("dropCutoffHours", CUTOFF_INVALID))
}

/// A message from the coordinator to a shift's or a role's volunteers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VolunteerMessage {
    pub subject: String,
    pub body: String,
}

pub fn check_message(subject: &str, body: &str) -> Result<VolunteerMessage, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let subject = subject.trim();
    if !(3..=150).contains(&subject.chars().count()) {
        errors.add("subject", SUBJECT_INVALID);
    }
    let body = body.trim();
    if !(1..=5000).contains(&body.chars().count()) {
        errors.add("body", BODY_INVALID);
    }
    errors.into_result().map(|()| VolunteerMessage { subject: subject.to_owned(), body: body.to_owned() })
}

/// Whether two shifts' times overlap (one ending as the other starts does not).
pub fn overlaps(a: (DateTime<Utc>, DateTime<Utc>), b: (DateTime<Utc>, DateTime<Utc>)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

/// Why a shift's new times were refused: `names`, on the shift, have another shift at those times.
pub fn new_times_overlap(names: &[String]) -> String {
    let (who, verb) = match names {
        [] => ("Someone on this shift".to_owned(), "is"),
        [one] => (one.clone(), "is"),
        [rest @ .., last] => (format!("{} and {last}", rest.join(", ")), "are"),
    };
    format!("{who} {verb} on another shift at those times: move them first, or keep this shift's times")
}

/// Age in whole years on `day`.
pub fn age_on(birth: NaiveDate, day: NaiveDate) -> u32 {
    let mut age = day.year() - birth.year();
    if (day.month(), day.day()) < (birth.month(), birth.day()) {
        age -= 1;
    }
    u32::try_from(age).unwrap_or(0)
}

/// Why a person may not take a role's shift because of their age.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AgeRefusal {
    /// A family member without a birth date: their age cannot be checked.
    NoBirthDate,
    /// Younger than the role's minimum (or than [`MIN_VOLUNTEER_AGE`]): the minimum.
    TooYoung(u32),
}

/// Checks a family member's age on the shift's (temple) day against the role's minimum and
/// [`MIN_VOLUNTEER_AGE`]. A member signing up themselves is an adult account holder: not checked.
pub fn check_age(birth: Option<NaiveDate>, day: NaiveDate, role_min_age: Option<i32>) -> Result<(), AgeRefusal> {
    let minimum = role_min_age.and_then(|a| u32::try_from(a).ok()).unwrap_or(0).max(MIN_VOLUNTEER_AGE);
    let birth = birth.ok_or(AgeRefusal::NoBirthDate)?;
    if age_on(birth, day) < minimum { Err(AgeRefusal::TooYoung(minimum)) } else { Ok(()) }
}

/// Whether a sign-up may still be dropped by its member: until `cutoff_hours` before the shift.
pub fn can_drop(starts_at: DateTime<Utc>, now: DateTime<Utc>, cutoff_hours: i32) -> bool {
    now + Duration::hours(i64::from(cutoff_hours)) <= starts_at
}

/// The hours a shift counts for a volunteer marked present, to a tenth of an hour (rounded half
/// up on whole minutes: 7h20m counts 7.3). Anyone else counts none.
pub fn hours(starts_at: DateTime<Utc>, ends_at: DateTime<Utc>, attendance: Option<Attendance>) -> f64 {
    if attendance != Some(Attendance::Present) {
        return 0.0;
    }
    let minutes = (ends_at - starts_at).num_minutes().max(0);
    // Tenths of an hour are 6 minutes: round to the nearest tenth, halves up.
    let tenths = (minutes + 3) / 6;
    #[allow(clippy::cast_precision_loss)] // at most 160 tenths
    let hours = tenths as f64 / 10.0;
    hours
}

/// A shift copied to another event: the same time of day, `days` later (or earlier), in the
/// temple's time zone (a shift at 6 am stays at 6 am across a daylight-saving change).
pub fn moved_by_days(at: DateTime<Utc>, days: i64, zone: chrono_tz::Tz) -> DateTime<Utc> {
    use chrono::TimeZone;
    let local = at.with_timezone(&zone).naive_local() + Duration::days(days);
    zone.from_local_datetime(&local).earliest().map_or(at + Duration::days(days), |t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 8, h, m, 0).single().expect("time")
    }

    #[test]
    fn a_shift_moved_onto_its_peoples_other_shifts_names_them() {
        assert_eq!(
            new_times_overlap(&["Ravi Kumar".into()]),
            "Ravi Kumar is on another shift at those times: move them first, or keep this shift's times"
        );
        let three = ["Ravi Kumar".into(), "Anand Rao".into(), "Sita Iyer".into()];
        assert!(new_times_overlap(&three).starts_with("Ravi Kumar, Anand Rao and Sita Iyer are on another shift"));
    }

    #[test]
    fn overlapping_shifts_share_time_but_back_to_back_ones_do_not() {
        assert!(overlaps((at(14, 0), at(18, 0)), (at(17, 0), at(20, 0))));
        assert!(overlaps((at(14, 0), at(18, 0)), (at(15, 0), at(16, 0))));
        assert!(!overlaps((at(14, 0), at(18, 0)), (at(18, 0), at(20, 0))));
        assert!(!overlaps((at(18, 0), at(20, 0)), (at(14, 0), at(18, 0))));
    }

    #[test]
    fn age_counts_whole_years_to_the_birthday() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 8).expect("date");
        assert_eq!(age_on(NaiveDate::from_ymd_opt(2010, 11, 8).expect("date"), day), 16);
        assert_eq!(age_on(NaiveDate::from_ymd_opt(2010, 11, 9).expect("date"), day), 15);
        assert_eq!(check_age(NaiveDate::from_ymd_opt(2010, 11, 9), day, Some(16)), Err(AgeRefusal::TooYoung(16)));
        assert_eq!(check_age(NaiveDate::from_ymd_opt(2010, 11, 8), day, Some(16)), Ok(()));
        assert_eq!(check_age(None, day, None), Err(AgeRefusal::NoBirthDate));
        // No role minimum: still at least 13.
        assert_eq!(check_age(NaiveDate::from_ymd_opt(2015, 1, 1), day, None), Err(AgeRefusal::TooYoung(MIN_VOLUNTEER_AGE)));
        assert_eq!(check_age(NaiveDate::from_ymd_opt(2013, 1, 1), day, Some(0)), Ok(()));
    }

    #[test]
    fn a_sign_up_can_be_dropped_until_the_cut_off() {
        let start = at(14, 0);
        assert!(can_drop(start, start - Duration::hours(24), 24));
        assert!(!can_drop(start, start - Duration::hours(24) + Duration::seconds(1), 24));
        assert!(can_drop(start, start, 0));
        assert!(!can_drop(start, start + Duration::seconds(1), 0));
    }

    #[test]
    fn hours_count_only_for_those_present_in_tenths() {
        assert!((hours(at(6, 0), at(13, 20), Some(Attendance::Present)) - 7.3).abs() < 1e-9);
        assert!((hours(at(6, 0), at(6, 3), Some(Attendance::Present)) - 0.1).abs() < 1e-9);
        assert!((hours(at(6, 0), at(6, 2), Some(Attendance::Present))).abs() < 1e-9);
        assert!((hours(at(6, 0), at(10, 0), Some(Attendance::NoShow))).abs() < 1e-9);
        assert!((hours(at(6, 0), at(10, 0), None)).abs() < 1e-9);
    }

    #[test]
    fn a_shift_must_end_after_it_starts_last_16_hours_and_sit_near_its_event() {
        let event = at(18, 0);
        let t = |at: DateTime<Utc>| Some(at.to_rfc3339());
        let ok = ShiftInput { starts_at: t(at(6, 0)), ends_at: t(at(10, 0)), needed: Some(4) }.validate(event).expect("valid");
        assert_eq!(ok.needed, 4);
        let errors = ShiftInput { starts_at: t(at(10, 0)), ends_at: t(at(10, 0)), needed: Some(0) }.validate(event).expect_err("bad");
        assert_eq!(errors.get("endsAt"), Some(ENDS_BEFORE_START));
        assert_eq!(errors.get("needed"), Some(NEEDED_INVALID));
        let long = ShiftInput { starts_at: t(at(0, 0)), ends_at: t(at(17, 0)), needed: Some(1) }.validate(event).expect_err("long");
        assert_eq!(long.get("endsAt"), Some(SHIFT_TOO_LONG));
        let far = ShiftInput {
            starts_at: t(event + Duration::days(15)),
            ends_at: t(event + Duration::days(15) + Duration::hours(1)),
            needed: Some(1),
        };
        assert_eq!(far.validate(event).expect_err("far").get("startsAt"), Some(SHIFT_OUTSIDE_EVENT));
        let missing = ShiftInput::default().validate(event).expect_err("missing");
        assert_eq!(missing.get("startsAt"), Some(STARTS_REQUIRED));
        assert_eq!(missing.get("endsAt"), Some(ENDS_REQUIRED));
        let unreadable = ShiftInput { starts_at: Some("tomorrow".into()), ends_at: Some("2026-11-08 10:00".into()), needed: Some(1) };
        let errors = unreadable.validate(event).expect_err("unreadable");
        assert_eq!((errors.get("startsAt"), errors.get("endsAt")), (Some(STARTS_INVALID), Some(ENDS_INVALID)));
    }

    #[test]
    fn a_role_needs_a_name_and_a_sensible_minimum_age() {
        let role =
            RoleInput { name: "  Parking ".into(), description: Some(" ".into()), min_age: Some(16), report_to: Some("North lot".into()) }
                .validate()
                .expect("valid");
        assert_eq!(role, ValidRole { name: "Parking".into(), description: None, min_age: Some(16), report_to: Some("North lot".into()) });
        let errors = RoleInput { name: "P".into(), min_age: Some(120), ..RoleInput::default() }.validate().expect_err("bad");
        assert_eq!(errors.get("name"), Some(ROLE_NAME_INVALID));
        assert_eq!(errors.get("minAge"), Some(MIN_AGE_INVALID));
    }

    #[test]
    fn a_copied_shift_keeps_its_local_time_across_daylight_saving() {
        let zone = chrono_tz::America::Los_Angeles;
        // 6 am PDT on October 20, 2026 is 13:00 UTC; 6 am PST on November 8, 2026 is 14:00 UTC.
        let before = Utc.with_ymd_and_hms(2026, 10, 20, 13, 0, 0).single().expect("time");
        assert_eq!(moved_by_days(before, 19, zone), Utc.with_ymd_and_hms(2026, 11, 8, 14, 0, 0).single().expect("time"));
    }

    #[test]
    fn the_drop_cut_off_and_messages_are_checked() {
        assert_eq!(check_drop_cutoff(48), Ok(48));
        assert!(check_drop_cutoff(337).is_err());
        assert!(check_drop_cutoff(-1).is_err());
        assert_eq!(check_message(" Parking at 6 ", " Bring a vest ").expect("ok").subject, "Parking at 6");
        let errors = check_message("Hi", "").expect_err("bad");
        assert_eq!(errors.get("subject"), Some(SUBJECT_INVALID));
        assert_eq!(errors.get("body"), Some(BODY_INVALID));
    }
}

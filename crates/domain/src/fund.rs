//! Funds: what a gift is for in the temple's books (General, Building, Annadanam, Priest welfare
//! ...). Every line of every payment belongs to one fund, whatever its channel; a donation type
//! names its fund, and a line without one (a custom amount, a type without a fund) belongs to the
//! General fund (docs/product.md#funds).

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};

use crate::donation_type::check_name;
use crate::id::FundId;
use crate::input::NumberInput;
use crate::money::{Money, MoneyError};
use crate::patch::Patch;
use crate::validation::{ValidationErrors, optional_text};

/// The General fund's fixed id: made by the migration that brought funds, never deleted, and the
/// fund of every line that names no other.
pub const GENERAL_FUND_ID: &str = "00000000-0000-4000-8000-00000000f00d";

pub use crate::donation_type::{NAME_REQUIRED, NAME_TOO_LONG};
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 2000 characters";
pub const GOAL_INVALID: &str = "Goal must be an amount in dollars, like 500000 or 500000.00";
pub const GOAL_TOO_SMALL: &str = "Goal must be at least 1";
pub const GOAL_TOO_LARGE: &str = "Goal must be at most 100,000,000";
pub const DATE_INVALID: &str = "Enter a date as YYYY-MM-DD";
pub const ENDS_BEFORE_START: &str = "The end date must be on or after the start date";
pub const GENERAL_STAYS_ACTIVE: &str = "The General fund receives every gift without a fund of its own, so it stays active";
/// A donation type's fund that does not exist.
pub const FUND_UNKNOWN: &str = "Choose a fund that exists";

pub const MAX_GOAL: Money = Money::from_dollars(100_000_000);

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Fund {
    pub id: FundId,
    pub name: String,
    pub description: Option<String>,
    /// A campaign's target; none for a fund that simply receives gifts.
    pub goal: Option<Money>,
    /// A campaign's dates, in the temple's calendar; gifts outside them still count.
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    /// Given for a purpose the temple may spend it on and nothing else: reported apart.
    pub restricted: bool,
    /// Inactive funds are kept with their gifts but are not offered to donation types or shown
    /// among the public funds.
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Fund {
    pub fn is_general(&self) -> bool {
        self.id.as_str() == GENERAL_FUND_ID
    }
}

/// Money a fund has received: completed gifts that are not tests, net of refunds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct FundProgress {
    pub raised: Money,
    /// Payments with a line in the fund.
    pub gifts: u64,
    /// Different donors among them: a member, a walk-in's record, or a guest's e-mail address.
    pub donors: u64,
}

impl FundProgress {
    /// How much of `goal` is raised, in whole percent, at most 100 (for a progress bar).
    pub fn percent_of(&self, goal: Money) -> u8 {
        if goal.cents() <= 0 {
            return 0;
        }
        let percent = self.raised.cents().max(0).saturating_mul(100) / goal.cents();
        u8::try_from(percent.min(100)).unwrap_or(100)
    }
}

/// The most months a fund's chart shows: the latest three years of a long campaign.
pub const CHART_MONTHS_MAX: usize = 36;
/// The months a fund without a start date shows: the last year.
pub const CHART_MONTHS_DEFAULT: usize = 12;
/// A fund's custom gift line naming a fund that no longer receives gifts (or never existed).
pub const FUND_CLOSED: &str = "That fund no longer receives gifts; choose another purpose";

/// What a fund received in one month of the temple's calendar (the chart of gifts over time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FundMonth {
    /// The month's first day.
    pub month: NaiveDate,
    pub raised: Money,
    pub gifts: u64,
}

fn first_of_month(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

impl Fund {
    /// The months the fund's chart shows, each as its first day, oldest first: from the
    /// campaign's start (or a year back without one) to its end when it is over, else to
    /// `today`'s month; at most the latest [`CHART_MONTHS_MAX`]. A campaign that starts later
    /// shows its first month.
    pub fn chart_months(&self, today: NaiveDate) -> Vec<NaiveDate> {
        let this_month = first_of_month(today);
        let last = self.ends_on.map_or(this_month, |end| first_of_month(end).min(this_month));
        let back = |n: usize| last.checked_sub_months(Months::new(u32::try_from(n).unwrap_or(0))).unwrap_or(last);
        let first = match self.starts_on {
            Some(start) => first_of_month(start).max(back(CHART_MONTHS_MAX - 1)),
            None => back(CHART_MONTHS_DEFAULT - 1),
        };
        if first > last {
            return vec![first];
        }
        let mut months = Vec::new();
        let mut month = first;
        while month <= last {
            months.push(month);
            month = month.checked_add_months(Months::new(1)).unwrap_or(NaiveDate::MAX);
        }
        months
    }
}

fn check_description(value: Option<&str>) -> Result<Option<String>, String> {
    optional_text(value, 2000, DESCRIPTION_TOO_LONG)
}

/// A goal as sent: a decimal text or a number of dollars; blank for none.
pub fn parse_goal(value: &NumberInput) -> Result<Option<Money>, String> {
    let parsed = match value {
        NumberInput::Missing => return Ok(None),
        NumberInput::Text(text) if text.trim().is_empty() => return Ok(None),
        NumberInput::Text(text) => Money::parse_decimal(text),
        NumberInput::Number(number) => Money::from_number_text(number),
        NumberInput::Other => Err(MoneyError::NotANumber),
    };
    let goal = parsed.map_err(|error| match error {
        MoneyError::OutOfRange => GOAL_TOO_LARGE.to_owned(),
        MoneyError::NotANumber | MoneyError::TooPrecise => GOAL_INVALID.to_owned(),
    })?;
    if goal < Money::from_dollars(1) {
        Err(GOAL_TOO_SMALL.to_owned())
    } else if goal > MAX_GOAL {
        Err(GOAL_TOO_LARGE.to_owned())
    } else {
        Ok(Some(goal))
    }
}

/// A date as sent (`2027-01-01`); blank for none.
pub fn parse_date(value: Option<&str>) -> Result<Option<NaiveDate>, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d").map(Some).map_err(|_| DATE_INVALID.to_owned()),
    }
}

/// The create form as submitted.
#[derive(Debug, Clone, Default)]
pub struct NewFundInput {
    pub name: String,
    pub description: Option<String>,
    pub goal: NumberInput,
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    pub restricted: Option<bool>,
    /// Absent means active.
    pub is_active: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFund {
    pub name: String,
    pub description: Option<String>,
    pub goal: Option<Money>,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub restricted: bool,
    pub is_active: bool,
}

fn check_order(errors: &mut ValidationErrors, starts_on: Option<NaiveDate>, ends_on: Option<NaiveDate>) {
    if let (Some(start), Some(end)) = (starts_on, ends_on)
        && end < start
    {
        errors.add("endsOn", ENDS_BEFORE_START);
    }
}

impl NewFundInput {
    pub fn validate(self) -> Result<NewFund, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let description = errors.check("description", check_description(self.description.as_deref()));
        let goal = errors.check("goal", parse_goal(&self.goal));
        let starts_on = errors.check("startsOn", parse_date(self.starts_on.as_deref()));
        let ends_on = errors.check("endsOn", parse_date(self.ends_on.as_deref()));
        check_order(&mut errors, starts_on.flatten(), ends_on.flatten());
        match (name, description, goal, starts_on, ends_on) {
            (Some(name), Some(description), Some(goal), Some(starts_on), Some(ends_on)) if errors.is_empty() => Ok(NewFund {
                name,
                description,
                goal,
                starts_on,
                ends_on,
                restricted: self.restricted.unwrap_or(false),
                is_active: self.is_active.unwrap_or(true),
            }),
            _ => Err(errors),
        }
    }
}

/// The edit form as submitted: every field optional; null clears description, goal and dates.
#[derive(Debug, Clone, Default)]
pub struct FundPatchInput {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub goal: Patch<NumberInput>,
    pub starts_on: Patch<String>,
    pub ends_on: Patch<String>,
    pub restricted: Option<bool>,
    pub is_active: Option<bool>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FundPatch {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub goal: Patch<Money>,
    pub starts_on: Patch<NaiveDate>,
    pub ends_on: Patch<NaiveDate>,
    pub restricted: Option<bool>,
    pub is_active: Option<bool>,
}

impl FundPatchInput {
    pub fn validate(self) -> Result<FundPatch, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut patch = FundPatch { restricted: self.restricted, is_active: self.is_active, ..FundPatch::default() };
        if let Some(name) = self.name {
            patch.name = errors.check("name", check_name(&name));
        }
        patch.description = self.description.check(&mut errors, "description", |text| check_description(Some(&text)));
        patch.goal = self.goal.check(&mut errors, "goal", |value| parse_goal(&value));
        patch.starts_on = self.starts_on.check(&mut errors, "startsOn", |text| parse_date(Some(&text)));
        patch.ends_on = self.ends_on.check(&mut errors, "endsOn", |text| parse_date(Some(&text)));
        errors.into_result().map(|()| patch)
    }
}

impl FundPatch {
    /// Checks the patch against the fund it changes: dates in order once applied, and the
    /// General fund kept active.
    pub fn check_against(&self, fund: &Fund) -> Result<(), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let applied = |patch: &Patch<NaiveDate>, current: Option<NaiveDate>| match patch {
            Patch::Keep => current,
            Patch::Clear => None,
            Patch::Set(date) => Some(*date),
        };
        check_order(&mut errors, applied(&self.starts_on, fund.starts_on), applied(&self.ends_on, fund.ends_on));
        if fund.is_general() && self.is_active == Some(false) {
            errors.add("isActive", GENERAL_STAYS_ACTIVE);
        }
        errors.into_result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fund(id: &str) -> Fund {
        let at = DateTime::<Utc>::from_timestamp(1_800_000_000, 0).expect("time");
        Fund {
            id: FundId::new(id),
            name: "Building".into(),
            description: None,
            goal: None,
            starts_on: NaiveDate::from_ymd_opt(2027, 1, 1),
            ends_on: None,
            restricted: true,
            is_active: true,
            created_at: at,
            updated_at: at,
        }
    }

    #[test]
    fn create_reads_goal_dates_and_defaults() {
        let input = NewFundInput {
            name: "  Building fund ".into(),
            goal: NumberInput::text("500000"),
            starts_on: Some("2027-01-01".into()),
            ends_on: Some(" ".into()),
            ..NewFundInput::default()
        };
        let valid = input.validate().expect("valid");
        assert_eq!(valid.name, "Building fund");
        assert_eq!(valid.goal, Some(Money::from_dollars(500_000)));
        assert_eq!(valid.starts_on, NaiveDate::from_ymd_opt(2027, 1, 1));
        assert_eq!(valid.ends_on, None);
        assert!(valid.is_active && !valid.restricted);
    }

    #[test]
    fn create_reports_each_field() {
        let input = NewFundInput {
            name: "x".into(),
            description: Some("d".repeat(2001)),
            goal: NumberInput::text("0.5"),
            starts_on: Some("2027-02-30".into()),
            ends_on: Some("soon".into()),
            ..NewFundInput::default()
        };
        let errors = input.validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
        assert_eq!(errors.get("description"), Some(DESCRIPTION_TOO_LONG));
        assert_eq!(errors.get("goal"), Some(GOAL_TOO_SMALL));
        assert_eq!(errors.get("startsOn"), Some(DATE_INVALID));
        assert_eq!(errors.get("endsOn"), Some(DATE_INVALID));
        let reversed = NewFundInput {
            name: "Gopuram".into(),
            starts_on: Some("2027-12-31".into()),
            ends_on: Some("2027-01-01".into()),
            ..NewFundInput::default()
        };
        assert_eq!(reversed.validate().expect_err("reversed").get("endsOn"), Some(ENDS_BEFORE_START));
        assert_eq!(parse_goal(&NumberInput::text("100000000.01")), Err(GOAL_TOO_LARGE.to_owned()));
        assert_eq!(parse_goal(&NumberInput::text("12.345")), Err(GOAL_INVALID.to_owned()));
        assert_eq!(parse_goal(&NumberInput::number("2500")), Ok(Some(Money::from_dollars(2500))));
    }

    #[test]
    fn a_patch_is_checked_against_the_fund_it_changes() {
        let patch = FundPatchInput { ends_on: Patch::Set("2026-12-31".into()), ..FundPatchInput::default() }.validate().expect("valid");
        assert_eq!(patch.check_against(&fund("f1")).expect_err("before start").get("endsOn"), Some(ENDS_BEFORE_START));
        let cleared = FundPatch { starts_on: Patch::Clear, ..patch };
        assert!(cleared.check_against(&fund("f1")).is_ok());
        let deactivate = FundPatch { is_active: Some(false), ..FundPatch::default() };
        assert!(deactivate.check_against(&fund("f1")).is_ok());
        assert_eq!(deactivate.check_against(&fund(GENERAL_FUND_ID)).expect_err("general").get("isActive"), Some(GENERAL_STAYS_ACTIVE));
    }

    #[test]
    fn progress_is_a_whole_percent_capped_at_100() {
        let progress = FundProgress { raised: Money::from_cents(18_240_000), gifts: 300, donors: 214 };
        assert_eq!(progress.percent_of(Money::from_dollars(500_000)), 36);
        assert_eq!(progress.percent_of(Money::from_dollars(100_000)), 100);
        assert_eq!(progress.percent_of(Money::from_cents(0)), 0);
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("day")
    }

    #[test]
    fn the_chart_shows_a_campaigns_months_or_the_last_year() {
        let campaign = Fund { starts_on: Some(day(2026, 3, 15)), ends_on: Some(day(2027, 12, 31)), ..fund("b") };
        let months = campaign.chart_months(day(2026, 11, 28));
        assert_eq!(months.first(), Some(&day(2026, 3, 1)));
        assert_eq!(months.last(), Some(&day(2026, 11, 1)));
        assert_eq!(months.len(), 9);

        let ended = Fund { ends_on: Some(day(2026, 6, 30)), ..campaign.clone() };
        assert_eq!(ended.chart_months(day(2026, 11, 28)).len(), 4);

        let open = Fund { starts_on: None, ends_on: None, ..fund("g") };
        let year = open.chart_months(day(2026, 1, 10));
        assert_eq!((year[0], year[11], year.len()), (day(2025, 2, 1), day(2026, 1, 1), 12));

        let long = Fund { starts_on: Some(day(2019, 1, 1)), ends_on: None, ..fund("l") };
        let latest = long.chart_months(day(2026, 11, 28));
        assert_eq!((latest.len(), latest[0]), (CHART_MONTHS_MAX, day(2023, 12, 1)));

        let later = Fund { starts_on: Some(day(2027, 1, 1)), ends_on: None, ..fund("f") };
        assert_eq!(later.chart_months(day(2026, 11, 28)), vec![day(2027, 1, 1)]);
    }
}

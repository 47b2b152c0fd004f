//! Pledges (docs/product.md#pledges): a member promises an amount to a fund over a period of the
//! temple's calendar ("$5,001 to the building fund, over 2027"). Their completed gifts to that
//! fund in the period count toward it, net of refunds, whatever the channel (online or at the
//! counter under their name).

use chrono::{DateTime, NaiveDate, Utc};

use crate::id::{FundId, PledgeId, UserId};
use crate::input::NumberInput;
use crate::money::Money;
use crate::validation::{ValidationErrors, optional_text};

pub const FUND_REQUIRED: &str = "Choose a fund";
pub const FUND_CLOSED: &str = "Choose a fund that receives gifts";
pub const AMOUNT_INVALID: &str = "Amount must be an amount in dollars, like 5001 or 5001.00";
pub const AMOUNT_TOO_SMALL: &str = "Amount must be at least 1";
pub const AMOUNT_TOO_LARGE: &str = "Amount must be at most 10,000,000";
pub const START_REQUIRED: &str = "Enter the first day of the pledge as YYYY-MM-DD";
pub const END_REQUIRED: &str = "Enter the last day of the pledge as YYYY-MM-DD";
pub const ENDS_BEFORE_START: &str = "The end date must be on or after the start date";
pub const ENDS_IN_THE_PAST: &str = "A pledge ends today or later";
pub const TOO_LONG: &str = "A pledge covers at most 5 years";
pub const NOTE_TOO_LONG: &str = "Note must be at most 500 characters";
pub const OVERLAPS: &str = "You already pledged to this fund for part of these dates; cancel that pledge first";
pub const ALREADY_CANCELLED: &str = "This pledge is already cancelled";
pub const GIFT_NOT_FOUND: &str = "No completed gift has that receipt number";
pub const GIFT_COUNTS_ALREADY: &str = "That gift was given under the member's account and counts already";
pub const GIFT_OUTSIDE_PERIOD: &str = "That gift was given outside the pledge's dates";
pub const GIFT_OTHER_FUND: &str = "That gift has no part in the pledge's fund";
pub const GIFT_TAKEN: &str = "That gift already counts toward another pledge";

pub const MAX_AMOUNT: Money = Money::from_dollars(10_000_000);
/// The longest period, in days (five years and a leap day).
const MAX_DAYS: i64 = 5 * 365 + 1;

crate::text_enum!(
    /// Whether a pledge still stands.
    PledgeStatus {
        Active => "active",
        /// Cancelled by the member; kept, with the gifts it counted, for the treasurer's records.
        Cancelled => "cancelled",
    }
);

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Pledge {
    pub id: PledgeId,
    pub user_id: UserId,
    pub fund_id: FundId,
    pub amount: Money,
    /// The period, in the temple's calendar, both days included.
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub note: Option<String>,
    pub status: PledgeStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When the treasurer last sent its reminder.
    pub reminded_at: Option<DateTime<Utc>>,
}

/// How far a pledge is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fulfilment {
    /// Given to the fund in the period, net of refunds; may be more than pledged.
    pub given: Money,
    /// What is left to give: never below zero.
    pub remaining: Money,
    /// Whole percent given, at most 100.
    pub percent: u8,
}

impl Pledge {
    /// The pledge against what was `given` toward it.
    pub fn fulfilment(&self, given: Money) -> Fulfilment {
        let remaining = Money::from_cents((self.amount.cents() - given.cents().max(0)).max(0));
        let percent = if self.amount.cents() <= 0 {
            100
        } else {
            u8::try_from((given.cents().max(0).saturating_mul(100) / self.amount.cents()).min(100)).unwrap_or(100)
        };
        Fulfilment { given, remaining, percent }
    }

    pub fn is_active(&self) -> bool {
        self.status == PledgeStatus::Active
    }

    /// Whether the period covers `day`.
    pub fn covers(&self, day: NaiveDate) -> bool {
        self.starts_on <= day && day <= self.ends_on
    }

    /// Whether the period shares a day with `from..=to`.
    pub fn overlaps(&self, from: NaiveDate, to: NaiveDate) -> bool {
        self.starts_on <= to && from <= self.ends_on
    }
}

/// A pledge as a member sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewPledgeInput {
    pub fund_id: Option<String>,
    pub amount: NumberInput,
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    pub note: Option<String>,
}

/// A checked pledge, not yet checked against the funds, the member's other pledges and today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPledge {
    pub fund_id: FundId,
    pub amount: Money,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub note: Option<String>,
}

fn parse_amount(value: &NumberInput) -> Result<Money, String> {
    let amount = value.money().ok_or_else(|| AMOUNT_INVALID.to_owned())?;
    if amount < Money::from_dollars(1) {
        Err(AMOUNT_TOO_SMALL.to_owned())
    } else if amount > MAX_AMOUNT {
        Err(AMOUNT_TOO_LARGE.to_owned())
    } else {
        Ok(amount)
    }
}

fn parse_day(value: Option<&str>, message: &str) -> Result<NaiveDate, String> {
    let text = value.map(str::trim).unwrap_or_default();
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| message.to_owned())
}

impl NewPledgeInput {
    pub fn validate(self) -> Result<NewPledge, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let fund_id = self.fund_id.as_deref().map(str::trim).filter(|f| !f.is_empty()).map(|f| FundId::new(f.to_ascii_lowercase()));
        if fund_id.is_none() {
            errors.add("fundId", FUND_REQUIRED);
        }
        let amount = errors.check("amount", parse_amount(&self.amount));
        let starts_on = errors.check("startsOn", parse_day(self.starts_on.as_deref(), START_REQUIRED));
        let ends_on = errors.check("endsOn", parse_day(self.ends_on.as_deref(), END_REQUIRED));
        if let (Some(start), Some(end)) = (starts_on, ends_on) {
            if end < start {
                errors.add("endsOn", ENDS_BEFORE_START);
            } else if (end - start).num_days() >= MAX_DAYS {
                errors.add("endsOn", TOO_LONG);
            }
        }
        let note = errors.check("note", optional_text(self.note.as_deref(), 500, NOTE_TOO_LONG));
        match (fund_id, amount, starts_on, ends_on, note) {
            (Some(fund_id), Some(amount), Some(starts_on), Some(ends_on), Some(note)) if errors.is_empty() => {
                Ok(NewPledge { fund_id, amount, starts_on, ends_on, note })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("day")
    }

    fn pledge(cents: i64) -> Pledge {
        let at = DateTime::<Utc>::from_timestamp(1_800_000_000, 0).expect("time");
        Pledge {
            id: PledgeId::new("p"),
            user_id: UserId::new("u"),
            fund_id: FundId::new("building"),
            amount: Money::from_cents(cents),
            starts_on: day(2027, 1, 1),
            ends_on: day(2027, 12, 31),
            note: None,
            status: PledgeStatus::Active,
            created_at: at,
            updated_at: at,
            reminded_at: None,
        }
    }

    #[test]
    fn the_arithmetic_of_a_pledge() {
        let p = pledge(500_100);
        assert_eq!(p.fulfilment(Money::from_cents(0)), Fulfilment { given: Money::from_cents(0), remaining: p.amount, percent: 0 });
        let part = p.fulfilment(Money::from_cents(120_000));
        assert_eq!((part.remaining, part.percent), (Money::from_cents(380_100), 23), "1200 of 5001 is 23.99%: whole percent down");
        let more = p.fulfilment(Money::from_cents(600_000));
        assert_eq!((more.given, more.remaining, more.percent), (Money::from_cents(600_000), Money::from_cents(0), 100));
        let refunded = p.fulfilment(Money::from_cents(-500));
        assert_eq!((refunded.remaining, refunded.percent), (p.amount, 0), "a refund larger than the gifts leaves all to give");
        assert!(p.covers(day(2027, 1, 1)) && p.covers(day(2027, 12, 31)) && !p.covers(day(2028, 1, 1)));
        assert!(p.overlaps(day(2027, 12, 31), day(2028, 6, 30)) && !p.overlaps(day(2028, 1, 1), day(2028, 6, 30)));
    }

    #[test]
    fn a_new_pledge_is_checked_field_by_field() {
        let input = NewPledgeInput {
            fund_id: Some(" BUILDING ".into()),
            amount: NumberInput::text("5001"),
            starts_on: Some("2027-01-01".into()),
            ends_on: Some("2027-12-31".into()),
            note: Some("  For the gopuram ".into()),
        };
        let valid = input.validate().expect("valid");
        assert_eq!(
            (valid.fund_id.as_str(), valid.amount, valid.note.as_deref()),
            ("building", Money::from_dollars(5001), Some("For the gopuram"))
        );

        let errors = NewPledgeInput { amount: NumberInput::text("0.5"), starts_on: Some("soon".into()), ..NewPledgeInput::default() }
            .validate()
            .expect_err("invalid");
        assert_eq!(errors.get("fundId"), Some(FUND_REQUIRED));
        assert_eq!(errors.get("amount"), Some(AMOUNT_TOO_SMALL));
        assert_eq!(errors.get("startsOn"), Some(START_REQUIRED));
        assert_eq!(errors.get("endsOn"), Some(END_REQUIRED));
        let backwards = NewPledgeInput {
            fund_id: Some("b".into()),
            amount: NumberInput::number(10_000_001),
            starts_on: Some("2027-02-01".into()),
            ends_on: Some("2027-01-01".into()),
            note: Some("x".repeat(501)),
        };
        let errors = backwards.validate().expect_err("invalid");
        assert_eq!(errors.get("amount"), Some(AMOUNT_TOO_LARGE));
        assert_eq!(errors.get("endsOn"), Some(ENDS_BEFORE_START));
        assert_eq!(errors.get("note"), Some(NOTE_TOO_LONG));
        let long = NewPledgeInput {
            fund_id: Some("b".into()),
            amount: NumberInput::text("1"),
            starts_on: Some("2027-01-01".into()),
            ends_on: Some("2032-01-02".into()),
            note: None,
        };
        assert_eq!(long.validate().expect_err("too long").get("endsOn"), Some(TOO_LONG));
    }
}

//! The cash office (docs/product.md#the-cash-office): the hundi's counts by denomination, the
//! drawer's daily close, and the bank deposits made of them and of checks.
//!
//! Nothing here performs I/O: these are the counts and their rules.

use chrono::NaiveDate;

use crate::input::NumberInput;
use crate::money::Money;
use crate::payment::MAX_AMOUNT;
use crate::text_enum;
use crate::validation::{ValidationErrors, optional_text};

text_enum!(
    /// A US bill or coin, as a count sheet lists them.
    Denomination {
        Bill100 => "bill_100",
        Bill50 => "bill_50",
        Bill20 => "bill_20",
        Bill10 => "bill_10",
        Bill5 => "bill_5",
        Bill2 => "bill_2",
        Bill1 => "bill_1",
        Coin100 => "coin_100",
        Coin50 => "coin_50",
        Coin25 => "coin_25",
        Coin10 => "coin_10",
        Coin5 => "coin_5",
        Coin1 => "coin_1",
    }
);

impl Denomination {
    /// What one piece is worth, in cents.
    pub const fn cents(self) -> i64 {
        match self {
            Self::Bill100 => 10_000,
            Self::Bill50 => 5_000,
            Self::Bill20 => 2_000,
            Self::Bill10 => 1_000,
            Self::Bill5 => 500,
            Self::Bill2 => 200,
            Self::Bill1 | Self::Coin100 => 100,
            Self::Coin50 => 50,
            Self::Coin25 => 25,
            Self::Coin10 => 10,
            Self::Coin5 => 5,
            Self::Coin1 => 1,
        }
    }
}

pub const BOX_REQUIRED: &str = "Name the box that was counted (at most 100 characters)";
pub const COUNTED_ON_INVALID: &str = "Enter the counting date as YYYY-MM-DD, today or earlier";
pub const COUNT_INVALID: &str = "Each count is a whole number of pieces from 0 to 1,000,000";
pub const DENOMINATION_UNKNOWN: &str = "Unknown bill or coin";
pub const NOTHING_COUNTED: &str = "Enter how many of each bill and coin were counted";
pub const COUNT_TOO_LARGE: &str = "A count's total must be less than 1,000,000";
pub const NOTE_TOO_LONG: &str = "A note must be at most 500 characters";
pub const COUNTED_CASH_INVALID: &str = "Enter the cash counted in the drawer, 0 or more with at most 2 decimal places";
pub const DIFFERENCE_NEEDS_A_NOTE: &str = "The count differs from what is expected: say why in a note";
pub const DEPOSIT_EMPTY: &str = "Choose at least one closed drawer, hundi count or check";
pub const DEPOSIT_TOO_LARGE: &str = "A deposit holds at most 500 items";

const MAX_BOX: usize = 100;
const MAX_NOTE: usize = 500;
const MAX_PIECES: i64 = 1_000_000;
const MAX_DEPOSIT_ITEMS: usize = 500;

/// A count by denomination, as entered: each bill or coin's key and how many.
pub type CountsInput = Vec<(String, NumberInput)>;

/// How many of each bill and coin, in [`Denomination::ALL`]'s order, none zero.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts(Vec<(Denomination, i64)>);

impl Counts {
    pub fn of(pieces: &[(Denomination, i64)]) -> Self {
        let mut counts: Vec<(Denomination, i64)> = pieces.iter().copied().filter(|(_, n)| *n > 0).collect();
        counts.sort_by_key(|(d, _)| *d);
        Self(counts)
    }

    pub fn pieces(&self) -> &[(Denomination, i64)] {
        &self.0
    }

    /// What the count adds up to (each piece's value times how many).
    pub fn total(&self) -> Money {
        Money::from_cents(self.0.iter().map(|(d, n)| d.cents() * n).sum())
    }

    /// Reads counts as entered: known denominations, whole numbers from 0 to 1,000,000.
    pub fn parse(input: &CountsInput) -> Result<Self, String> {
        let mut pieces = Vec::new();
        for (key, count) in input {
            let denomination = Denomination::parse(key.trim()).ok_or_else(|| DENOMINATION_UNKNOWN.to_owned())?;
            let n = match count {
                NumberInput::Number(text) | NumberInput::Text(text) => text.trim().parse::<i64>().ok(),
                NumberInput::Missing => Some(0),
                NumberInput::Other => None,
            }
            .filter(|n| (0..=MAX_PIECES).contains(n))
            .ok_or_else(|| COUNT_INVALID.to_owned())?;
            if pieces.iter().any(|(d, _)| *d == denomination) {
                return Err(DENOMINATION_UNKNOWN.to_owned());
            }
            pieces.push((denomination, n));
        }
        Ok(Self::of(&pieces))
    }
}

/// A hundi count as entered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HundiCountInput {
    pub box_name: Option<String>,
    /// "YYYY-MM-DD".
    pub counted_on: Option<String>,
    pub counts: CountsInput,
    /// The fund it goes to; none for the general fund.
    pub donation_type_id: Option<String>,
    pub note: Option<String>,
}

/// A valid hundi count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HundiCount {
    pub box_name: String,
    pub counted_on: NaiveDate,
    pub counts: Counts,
    pub total: Money,
    pub donation_type_id: Option<String>,
    pub note: Option<String>,
}

fn note(raw: Option<&str>) -> Result<Option<String>, String> {
    optional_text(raw, MAX_NOTE, NOTE_TOO_LONG)
}

impl HundiCountInput {
    /// Checks the count made on or before `today` (the temple's date).
    pub fn validate(&self, today: NaiveDate) -> Result<HundiCount, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let box_name = errors.check(
            "boxName",
            match self.box_name.as_deref().map(str::trim) {
                Some(name) if !name.is_empty() && name.chars().count() <= MAX_BOX => Ok(name.to_owned()),
                _ => Err(BOX_REQUIRED.to_owned()),
            },
        );
        let counted_on = errors.check(
            "countedOn",
            self.counted_on
                .as_deref()
                .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok())
                .filter(|d| *d <= today)
                .ok_or_else(|| COUNTED_ON_INVALID.to_owned()),
        );
        let counts = errors.check(
            "counts",
            Counts::parse(&self.counts).and_then(|c| match c.total() {
                t if !t.is_positive() => Err(NOTHING_COUNTED.to_owned()),
                t if t >= MAX_AMOUNT => Err(COUNT_TOO_LARGE.to_owned()),
                _ => Ok(c),
            }),
        );
        let note = errors.check("note", note(self.note.as_deref()));
        let fund = self.donation_type_id.as_deref().map(str::trim).filter(|id| !id.is_empty() && *id != "custom").map(str::to_owned);
        match (box_name, counted_on, counts, note) {
            (Some(box_name), Some(counted_on), Some(counts), Some(note)) if errors.is_empty() => {
                Ok(HundiCount { box_name, counted_on, total: counts.total(), counts, donation_type_id: fund, note })
            }
            _ => Err(errors),
        }
    }
}

/// The drawer's count at its close: the cash counted, and why it differs from what the day's
/// sales say when it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawerCount {
    pub counted: Money,
    pub note: Option<String>,
}

impl DrawerCount {
    /// Checks the cash counted against `expected`: a difference needs a note.
    pub fn validate(counted: &NumberInput, note_text: Option<&str>, expected: Money) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let counted = errors.check(
            "counted",
            match counted {
                NumberInput::Number(text) => Money::from_number_text(text).ok(),
                NumberInput::Text(text) => Money::parse_decimal(text).ok(),
                NumberInput::Missing | NumberInput::Other => None,
            }
            .filter(|m| m.cents() >= 0 && *m < MAX_AMOUNT)
            .ok_or_else(|| COUNTED_CASH_INVALID.to_owned()),
        );
        let note = errors.check("note", note(note_text));
        match (counted, note) {
            (Some(counted), Some(None)) if counted != expected => Err(ValidationErrors::single("note", DIFFERENCE_NEEDS_A_NOTE)),
            (Some(counted), Some(note)) if errors.is_empty() => Ok(Self { counted, note }),
            _ => Err(errors),
        }
    }

    /// Counted less expected: negative when cash is missing.
    pub fn difference(&self, expected: Money) -> Money {
        Money::from_cents(self.counted.cents() - expected.cents())
    }
}

/// What a deposit is made of: closed drawers, hundi counts and checks, each by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DepositSelection {
    pub drawer_close_ids: Vec<String>,
    pub collection_ids: Vec<String>,
    pub check_ids: Vec<String>,
    pub note: Option<String>,
}

impl DepositSelection {
    /// At least one item, at most 500, each named once; the note at most 500 characters.
    pub fn validate(mut self) -> Result<Self, ValidationErrors> {
        for ids in [&mut self.drawer_close_ids, &mut self.collection_ids, &mut self.check_ids] {
            ids.iter_mut().for_each(|id| *id = id.trim().to_owned());
            ids.retain(|id| !id.is_empty());
            ids.sort();
            ids.dedup();
        }
        let items = self.drawer_close_ids.len() + self.collection_ids.len() + self.check_ids.len();
        let mut errors = ValidationErrors::new();
        if items == 0 {
            errors.add("items", DEPOSIT_EMPTY);
        } else if items > MAX_DEPOSIT_ITEMS {
            errors.add("items", DEPOSIT_TOO_LARGE);
        }
        let note = errors.check("note", note(self.note.as_deref()));
        match note {
            Some(note) if errors.is_empty() => Ok(Self { note, ..self }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> NumberInput {
        NumberInput::Text(text.into())
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 25).expect("date")
    }

    fn count(counts: &[(&str, &str)]) -> HundiCountInput {
        HundiCountInput {
            box_name: Some(" Main hundi ".into()),
            counted_on: Some("2026-11-24".into()),
            counts: counts.iter().map(|(k, v)| ((*k).to_owned(), n(v))).collect(),
            donation_type_id: None,
            note: None,
        }
    }

    #[test]
    fn a_count_adds_up_every_bill_and_coin() {
        let checked = count(&[("bill_20", "3"), ("bill_1", "12"), ("coin_25", "7"), ("coin_1", "4"), ("bill_100", "0")])
            .validate(today())
            .expect("valid");
        assert_eq!(checked.total, Money::from_cents(6_000 + 1_200 + 175 + 4));
        assert_eq!(checked.box_name, "Main hundi");
        assert_eq!(checked.counts.pieces().len(), 4, "zero counts are dropped");
        assert_eq!(checked.counts.pieces()[0], (Denomination::Bill20, 3), "bills first, largest first");
        assert_eq!(checked.donation_type_id, None, "the general fund");
    }

    #[test]
    fn a_count_is_refused_with_a_message_per_field() {
        let mut bad = count(&[("bill_3", "1")]);
        bad.box_name = Some(" ".into());
        bad.counted_on = Some("2026-11-26".into());
        let errors = bad.validate(today()).expect_err("invalid");
        assert_eq!(errors.get("boxName"), Some(BOX_REQUIRED));
        assert_eq!(errors.get("countedOn"), Some(COUNTED_ON_INVALID), "not in the future");
        assert_eq!(errors.get("counts"), Some(DENOMINATION_UNKNOWN));
        for (pieces, message) in [("-1", COUNT_INVALID), ("1.5", COUNT_INVALID), ("0", NOTHING_COUNTED), ("1000000", COUNT_TOO_LARGE)] {
            let errors = count(&[("bill_100", pieces)]).validate(today()).expect_err(pieces);
            assert_eq!(errors.get("counts"), Some(message), "{pieces}");
        }
    }

    #[test]
    fn a_drawer_that_differs_needs_a_note() {
        let expected = Money::from_cents(6_200);
        let exact = DrawerCount::validate(&n("62.00"), None, expected).expect("exact");
        assert_eq!(exact.difference(expected), Money::from_cents(0));
        let errors = DrawerCount::validate(&n("60"), Some("  "), expected).expect_err("short, no note");
        assert_eq!(errors.get("note"), Some(DIFFERENCE_NEEDS_A_NOTE));
        let short = DrawerCount::validate(&n("60"), Some("Gave $2 too much change"), expected).expect("noted");
        assert_eq!(short.difference(expected), Money::from_cents(-200));
        let errors = DrawerCount::validate(&n("-1"), None, expected).expect_err("negative");
        assert_eq!(errors.get("counted"), Some(COUNTED_CASH_INVALID));
    }

    #[test]
    fn a_deposit_needs_items_each_once() {
        let empty = DepositSelection { check_ids: vec![" ".into()], ..DepositSelection::default() };
        assert_eq!(empty.validate().expect_err("empty").get("items"), Some(DEPOSIT_EMPTY));
        let twice = DepositSelection { check_ids: vec!["a".into(), " a ".into()], ..DepositSelection::default() };
        assert_eq!(twice.validate().expect("valid").check_ids, vec!["a".to_owned()]);
    }
}

//! Donation types: the purposes donors choose from (General Donation, Annadanam, ...), each with an
//! optional default amount, managed by admins (docs/product.md#validation-rules).

use chrono::{DateTime, Utc};

use crate::id::{DonationTypeId, FundId};
use crate::input::NumberInput;
use crate::money::{Money, MoneyError};
use crate::patch::Patch;
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_REQUIRED: &str = "Name is required";
pub const NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 1000 characters";
pub const AMOUNT_INVALID: &str = "Amount must be a valid number";
pub const AMOUNT_NEGATIVE: &str = "Amount must be 0 or more";
pub const AMOUNT_TOO_PRECISE: &str = "Amount must have at most 2 decimal places";
pub const AMOUNT_TOO_LARGE: &str = "Amount must be less than 1,000,000";

/// The largest default amount: the donate form's own ceiling (1,000,000 dollars).
pub const MAX_DEFAULT_AMOUNT: Money = Money::from_dollars(1_000_000);

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DonationType {
    pub id: DonationTypeId,
    pub name: String,
    pub description: Option<String>,
    /// Prefilled for donors who choose this type; none when they type their own.
    pub default_amount: Option<Money>,
    /// The fund its gifts go to; none for the General fund.
    pub fund_id: Option<FundId>,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_by: Option<String>,
}

/// A catalogue name (a donation type's, a fund's): 2 to 100 characters after trimming.
pub(crate) fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 2, NAME_REQUIRED)?;
    if name.chars().count() > 100 {
        return Err(NAME_TOO_LONG.to_owned());
    }
    Ok(name)
}

fn check_description(value: Option<&str>) -> Result<Option<String>, String> {
    optional_text(value, 1000, DESCRIPTION_TOO_LONG)
}

/// Checks a default amount as sent: a decimal text (`"25.00"`), a number, or nothing / an empty
/// text for none. At most two decimals, not negative, at most 1,000,000.
pub fn parse_default_amount(value: &NumberInput) -> Result<Option<Money>, String> {
    let parsed = match value {
        NumberInput::Missing => return Ok(None),
        NumberInput::Text(text) if text.trim().is_empty() => return Ok(None),
        NumberInput::Text(text) => Money::parse_decimal(text),
        NumberInput::Number(number) => Money::from_number_text(number),
        NumberInput::Other => Err(MoneyError::NotANumber),
    };
    let amount = parsed.map_err(|error| match error {
        MoneyError::NotANumber => AMOUNT_INVALID,
        MoneyError::TooPrecise => AMOUNT_TOO_PRECISE,
        MoneyError::OutOfRange => AMOUNT_TOO_LARGE,
    })?;
    if amount.cents() < 0 {
        return Err(AMOUNT_NEGATIVE.to_owned());
    }
    if amount > MAX_DEFAULT_AMOUNT {
        return Err(AMOUNT_TOO_LARGE.to_owned());
    }
    Ok(Some(amount))
}

/// The create form as submitted.
#[derive(Debug, Clone, Default)]
pub struct NewDonationTypeInput {
    pub name: String,
    pub description: Option<String>,
    /// As sent: a text, a number, or missing for none.
    pub default_amount: NumberInput,
    /// The fund's id; absent or blank for the General fund.
    pub fund_id: Option<String>,
    /// Absent means active.
    pub is_active: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDonationType {
    pub name: String,
    pub description: Option<String>,
    pub default_amount: Option<Money>,
    /// Checked to exist by the use case.
    pub fund_id: Option<FundId>,
    pub is_active: bool,
}

fn fund_of(text: &str) -> Option<FundId> {
    let trimmed = text.trim();
    (!trimmed.is_empty()).then(|| FundId::new(trimmed))
}

impl NewDonationTypeInput {
    pub fn validate(self) -> Result<NewDonationType, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let description = errors.check("description", check_description(self.description.as_deref()));
        let default_amount = errors.check("defaultAmount", parse_default_amount(&self.default_amount));
        match (name, description, default_amount) {
            (Some(name), Some(description), Some(default_amount)) if errors.is_empty() => Ok(NewDonationType {
                name,
                description,
                default_amount,
                fund_id: self.fund_id.as_deref().and_then(fund_of),
                is_active: self.is_active.unwrap_or(true),
            }),
            _ => Err(errors),
        }
    }
}

/// The edit form as submitted: every field optional; null clears description and default amount.
#[derive(Debug, Clone, Default)]
pub struct DonationTypePatchInput {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub default_amount: Patch<NumberInput>,
    /// null or blank: the General fund.
    pub fund_id: Patch<String>,
    pub is_active: Option<bool>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonationTypePatch {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub default_amount: Patch<Money>,
    /// Checked to exist by the use case.
    pub fund_id: Patch<FundId>,
    pub is_active: Option<bool>,
}

impl DonationTypePatchInput {
    pub fn validate(self) -> Result<DonationTypePatch, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut patch = DonationTypePatch { is_active: self.is_active, ..DonationTypePatch::default() };
        if let Some(name) = self.name {
            patch.name = errors.check("name", check_name(&name));
        }
        patch.description = self.description.check(&mut errors, "description", |text| check_description(Some(&text)));
        patch.default_amount = self.default_amount.check(&mut errors, "defaultAmount", |value| parse_default_amount(&value));
        patch.fund_id = self.fund_id.check(&mut errors, "fundId", |text| Ok(fund_of(&text)));
        errors.into_result().map(|()| patch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> NumberInput {
        NumberInput::number(text)
    }

    fn t(text: &str) -> NumberInput {
        NumberInput::text(text)
    }

    #[test]
    fn create_reports_the_documented_messages() {
        let input = NewDonationTypeInput { name: " a ".into(), default_amount: t("abc"), ..NewDonationTypeInput::default() };
        let errors = input.validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
        assert_eq!(errors.get("defaultAmount"), Some(AMOUNT_INVALID));
    }

    #[test]
    fn create_defaults_to_active_without_amount() {
        let input = NewDonationTypeInput { name: "  Annadanam ".into(), description: Some("  ".into()), ..NewDonationTypeInput::default() };
        let valid = input.validate().expect("valid");
        assert_eq!(
            valid,
            NewDonationType { name: "Annadanam".into(), description: None, default_amount: None, fund_id: None, is_active: true }
        );
    }

    #[test]
    fn amounts_are_strings_or_numbers_in_cents() {
        assert_eq!(parse_default_amount(&t("25.00")), Ok(Some(Money::from_cents(2500))));
        assert_eq!(parse_default_amount(&t(" 25.5 ")), Ok(Some(Money::from_cents(2550))));
        assert_eq!(parse_default_amount(&n("19.99")), Ok(Some(Money::from_cents(1999))));
        assert_eq!(parse_default_amount(&n("101")), Ok(Some(Money::from_cents(10100))));
        assert_eq!(parse_default_amount(&t("0")), Ok(Some(Money::from_cents(0))));
        assert_eq!(parse_default_amount(&NumberInput::Missing), Ok(None));
        assert_eq!(parse_default_amount(&t("  ")), Ok(None));
    }

    #[test]
    fn amounts_refuse_text_negatives_fractions_of_cents_and_huge_values() {
        assert_eq!(parse_default_amount(&t("ten")), Err(AMOUNT_INVALID.to_owned()));
        assert_eq!(parse_default_amount(&NumberInput::Other), Err(AMOUNT_INVALID.to_owned()));
        assert_eq!(parse_default_amount(&t("-5")), Err(AMOUNT_NEGATIVE.to_owned()));
        assert_eq!(parse_default_amount(&n("-0.5")), Err(AMOUNT_NEGATIVE.to_owned()));
        assert_eq!(parse_default_amount(&t("1.234")), Err(AMOUNT_TOO_PRECISE.to_owned()));
        assert_eq!(parse_default_amount(&t("1000000.01")), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(parse_default_amount(&t("99999999999999")), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(parse_default_amount(&n("1e20")), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(parse_default_amount(&t("1000000")), Ok(Some(MAX_DEFAULT_AMOUNT)));
    }

    #[test]
    fn patch_validates_only_what_is_sent() {
        let patch = DonationTypePatchInput { is_active: Some(false), ..DonationTypePatchInput::default() }.validate().expect("valid");
        assert_eq!(patch, DonationTypePatch { is_active: Some(false), ..DonationTypePatch::default() });

        let errors = DonationTypePatchInput { name: Some("x".into()), default_amount: Patch::Set(t("1.5.0")), ..Default::default() }
            .validate()
            .expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
        assert_eq!(errors.get("defaultAmount"), Some(AMOUNT_INVALID));
    }

    #[test]
    fn patch_blank_values_clear() {
        let input = DonationTypePatchInput {
            description: Patch::Set(" ".into()),
            default_amount: Patch::Set(t("")),
            ..DonationTypePatchInput::default()
        };
        let patch = input.validate().expect("valid");
        assert_eq!(patch.description, Patch::Clear);
        assert_eq!(patch.default_amount, Patch::Clear);
        let patch = DonationTypePatchInput { default_amount: Patch::Set(n("51")), ..Default::default() }.validate().expect("valid");
        assert_eq!(patch.default_amount, Patch::Set(Money::from_cents(5100)));
    }
}

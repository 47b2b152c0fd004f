//! Payment methods: the ways donors can pay (card, Zelle, ...), listed by sort order and switched
//! on and off by admins (docs/product.md#entities-and-enumerations, docs/product.md#validation-rules).

use chrono::{DateTime, Utc};

use crate::id::PaymentMethodId;
use crate::input::NumberInput;
use crate::patch::Patch;
use crate::text_enum;
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_TOO_SHORT: &str = "Name must be at least 2 characters";
pub const NAME_TOO_LONG: &str = "Name must be at most 50 characters";
pub const DISPLAY_NAME_TOO_SHORT: &str = "Display name must be at least 2 characters";
pub const DISPLAY_NAME_TOO_LONG: &str = "Display name must be at most 100 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 1000 characters";
pub const SORT_ORDER_INVALID: &str = "Sort order must be a whole number of 0 or more";
pub const ICON_INVALID: &str = "Choose one of the listed icons";

text_enum!(
    /// The icons the admin can choose for a method.
    PaymentMethodIcon { CreditCard => "credit-card", Dollar => "dollar", Cash => "cash", Bank => "bank", Building => "building" }
);

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PaymentMethod {
    pub id: PaymentMethodId,
    /// The internal identifier, lower-case and unique: `stripe`, `zelle`, ...
    pub name: String,
    pub display_name: String,
    pub description: Option<String>,
    pub is_active: bool,
    pub sort_order: i32,
    pub icon: Option<PaymentMethodIcon>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Trims and lower-cases the identifier; the "no spaces" hint of the form is not enforced.
fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 2, NAME_TOO_SHORT)?.to_lowercase();
    if name.chars().count() > 50 {
        return Err(NAME_TOO_LONG.to_owned());
    }
    Ok(name)
}

fn check_display_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 2, DISPLAY_NAME_TOO_SHORT)?;
    if name.chars().count() > 100 {
        return Err(DISPLAY_NAME_TOO_LONG.to_owned());
    }
    Ok(name)
}

fn check_description(value: Option<&str>) -> Result<Option<String>, String> {
    optional_text(value, 1000, DESCRIPTION_TOO_LONG)
}

/// A whole number of 0 or more, sent as a number (or its text); missing or blank means 0.
pub fn parse_sort_order(value: &NumberInput) -> Result<i32, String> {
    let number = match value {
        NumberInput::Missing => return Ok(0),
        NumberInput::Text(text) if text.trim().is_empty() => return Ok(0),
        NumberInput::Text(text) => text.trim().parse::<i64>().ok(),
        NumberInput::Number(number) => number.parse::<i64>().ok(),
        NumberInput::Other => None,
    };
    number.filter(|n| *n >= 0).and_then(|n| i32::try_from(n).ok()).ok_or_else(|| SORT_ORDER_INVALID.to_owned())
}

/// One of the listed icons; null or blank means none.
pub fn parse_icon(value: Option<&str>) -> Result<Option<PaymentMethodIcon>, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => PaymentMethodIcon::parse(text).map(Some).ok_or_else(|| ICON_INVALID.to_owned()),
    }
}

/// The create form as submitted.
#[derive(Debug, Clone, Default)]
pub struct NewPaymentMethodInput {
    pub name: String,
    pub display_name: String,
    pub description: Option<String>,
    /// Absent means active.
    pub is_active: Option<bool>,
    /// Missing means 0.
    pub sort_order: NumberInput,
    pub icon: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPaymentMethod {
    pub name: String,
    pub display_name: String,
    pub description: Option<String>,
    pub is_active: bool,
    pub sort_order: i32,
    pub icon: Option<PaymentMethodIcon>,
}

impl NewPaymentMethodInput {
    pub fn validate(self) -> Result<NewPaymentMethod, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let display_name = errors.check("displayName", check_display_name(&self.display_name));
        let description = errors.check("description", check_description(self.description.as_deref()));
        let sort_order = errors.check("sortOrder", parse_sort_order(&self.sort_order));
        let icon = errors.check("icon", parse_icon(self.icon.as_deref()));
        match (name, display_name, description, sort_order, icon) {
            (Some(name), Some(display_name), Some(description), Some(sort_order), Some(icon)) if errors.is_empty() => {
                Ok(NewPaymentMethod { name, display_name, description, is_active: self.is_active.unwrap_or(true), sort_order, icon })
            }
            _ => Err(errors),
        }
    }
}

/// The edit form as submitted, or only `{isActive}` for the table's toggle.
#[derive(Debug, Clone, Default)]
pub struct PaymentMethodPatchInput {
    pub name: Option<String>,
    pub display_name: Option<String>,
    pub description: Patch<String>,
    pub is_active: Option<bool>,
    /// `None` keeps it; `Some(NumberInput::Missing)` (null) resets it to 0.
    pub sort_order: Option<NumberInput>,
    pub icon: Patch<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentMethodPatch {
    pub name: Option<String>,
    pub display_name: Option<String>,
    pub description: Patch<String>,
    pub is_active: Option<bool>,
    pub sort_order: Option<i32>,
    pub icon: Patch<PaymentMethodIcon>,
}

impl PaymentMethodPatchInput {
    pub fn validate(self) -> Result<PaymentMethodPatch, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut patch = PaymentMethodPatch { is_active: self.is_active, ..PaymentMethodPatch::default() };
        if let Some(name) = self.name {
            patch.name = errors.check("name", check_name(&name));
        }
        if let Some(display_name) = self.display_name {
            patch.display_name = errors.check("displayName", check_display_name(&display_name));
        }
        patch.description = self.description.check(&mut errors, "description", |text| check_description(Some(&text)));
        if let Some(sort_order) = self.sort_order {
            patch.sort_order = errors.check("sortOrder", parse_sort_order(&sort_order));
        }
        patch.icon = self.icon.check(&mut errors, "icon", |text| parse_icon(Some(&text)));
        errors.into_result().map(|()| patch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_reports_the_documented_messages() {
        let input = NewPaymentMethodInput {
            name: " x ".into(),
            display_name: "Y".into(),
            sort_order: NumberInput::number(-1),
            icon: Some("rocket".into()),
            ..NewPaymentMethodInput::default()
        };
        let errors = input.validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
        assert_eq!(errors.get("displayName"), Some(DISPLAY_NAME_TOO_SHORT));
        assert_eq!(errors.get("sortOrder"), Some(SORT_ORDER_INVALID));
        assert_eq!(errors.get("icon"), Some(ICON_INVALID));
    }

    #[test]
    fn create_trims_and_lower_cases_the_name_with_defaults() {
        let input = NewPaymentMethodInput {
            name: "  PayPal ".into(),
            display_name: " PayPal ".into(),
            description: Some("".into()),
            ..NewPaymentMethodInput::default()
        };
        let valid = input.validate().expect("valid");
        assert_eq!(
            valid,
            NewPaymentMethod {
                name: "paypal".into(),
                display_name: "PayPal".into(),
                description: None,
                is_active: true,
                sort_order: 0,
                icon: None
            }
        );
    }

    #[test]
    fn sort_order_is_a_whole_number_of_zero_or_more() {
        assert_eq!(parse_sort_order(&NumberInput::number(3)), Ok(3));
        assert_eq!(parse_sort_order(&NumberInput::text(" 4 ")), Ok(4));
        assert_eq!(parse_sort_order(&NumberInput::Missing), Ok(0));
        assert_eq!(parse_sort_order(&NumberInput::text("")), Ok(0));
        for bad in [
            NumberInput::number(-1),
            NumberInput::number(1.5),
            NumberInput::text("abc"),
            NumberInput::Other,
            NumberInput::number(3_000_000_000_i64),
            NumberInput::number("1e3"),
        ] {
            assert_eq!(parse_sort_order(&bad), Err(SORT_ORDER_INVALID.to_owned()), "{bad:?}");
        }
    }

    #[test]
    fn icons_are_the_listed_ones() {
        for icon in PaymentMethodIcon::ALL {
            assert_eq!(parse_icon(Some(icon.as_str())), Ok(Some(*icon)));
        }
        assert_eq!(parse_icon(Some(" ")), Ok(None));
        assert_eq!(parse_icon(None), Ok(None));
        assert_eq!(parse_icon(Some("paypal")), Err(ICON_INVALID.to_owned()));
    }

    #[test]
    fn toggle_patch_only_changes_the_flag() {
        let patch = PaymentMethodPatchInput { is_active: Some(false), ..Default::default() }.validate().expect("valid");
        assert_eq!(patch, PaymentMethodPatch { is_active: Some(false), ..PaymentMethodPatch::default() });
    }

    #[test]
    fn patch_checks_what_is_sent() {
        let errors = PaymentMethodPatchInput {
            name: Some("a".into()),
            display_name: Some(" ".into()),
            sort_order: Some(NumberInput::text("-2")),
            icon: Patch::Set("star".into()),
            ..Default::default()
        }
        .validate()
        .expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
        assert_eq!(errors.get("displayName"), Some(DISPLAY_NAME_TOO_SHORT));
        assert_eq!(errors.get("sortOrder"), Some(SORT_ORDER_INVALID));
        assert_eq!(errors.get("icon"), Some(ICON_INVALID));

        let patch = PaymentMethodPatchInput {
            name: Some(" Venmo ".into()),
            description: Patch::Set("".into()),
            sort_order: Some(NumberInput::Missing),
            icon: Patch::Set("dollar".into()),
            ..Default::default()
        }
        .validate()
        .expect("valid");
        assert_eq!(patch.name.as_deref(), Some("venmo"));
        assert_eq!(patch.description, Patch::Clear);
        assert_eq!(patch.sort_order, Some(0));
        assert_eq!(patch.icon, Patch::Set(PaymentMethodIcon::Dollar));
    }

    #[test]
    fn long_names_are_refused() {
        let input = NewPaymentMethodInput { name: "a".repeat(51), display_name: "b".repeat(101), ..Default::default() };
        let errors = input.validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_LONG));
        assert_eq!(errors.get("displayName"), Some(DISPLAY_NAME_TOO_LONG));
    }
}

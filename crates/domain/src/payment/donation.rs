//! What a donation is made of: its amount, the details it is split into and its target (an event
//! or a direct donation), as sent and as validated.

use crate::donation_type::DonationType;
use crate::exchange::Exchange;
use crate::id::{DonationTypeId, EventId, FundId};
use crate::input::NumberInput;
use crate::money::{Money, MoneyError};
use crate::validation::ValidationErrors;

pub const AMOUNT_TOO_SMALL: &str = "Amount must be at least 1";
pub const AMOUNT_TOO_LARGE: &str = "Amount must be less than 1,000,000";
pub const AMOUNT_INVALID: &str = "Amount must be a valid number";
pub const AMOUNT_TOO_PRECISE: &str = "Amount must have at most 2 decimal places";
/// The 'Invalid Payment Details' text (docs/product.md#error-texts).
pub const DETAILS_MISSING: &str = "Please ensure you've selected a donation type and amount.";
pub const DETAILS_INVALID: &str = "Donation details must be a list of {donationTypeId, amount, name}";
pub const DETAILS_TOO_MANY: &str = "At most 20 donation items can be given at once";
pub const DETAIL_TYPE_INVALID: &str = "Each donation item needs a donation type id or 'custom'";
pub const DETAIL_AMOUNT_INVALID: &str = "Each donation item's amount must be greater than 0 with at most 2 decimal places";
pub const DETAIL_NAME_INVALID: &str = "Each donation item needs a name of at most 200 characters";
pub const DETAIL_TYPE_UNKNOWN: &str = "A chosen donation type does not exist; please choose another";
pub const DETAIL_TYPE_INACTIVE: &str = "A chosen donation type is no longer offered; please choose another";
/// A fund chosen on an item of a donation type (the type's fund is the item's).
pub const DETAIL_FUND_WITH_TYPE: &str = "Only a custom donation item chooses its fund; a donation type's item goes to the type's fund";
pub use crate::fund::FUND_CLOSED as DETAIL_FUND_CLOSED;
pub const DETAILS_DO_NOT_ADD_UP: &str = "The donation items must add up to the amount";
pub const NOTES_TOO_LONG: &str = "Notes must be at most 1000 characters";

/// The event id the UI sends for a donation not tied to an event (docs/product.md#api-calls).
pub const DIRECT_DONATION: &str = "direct-donation";
/// The `donationTypeId` of an amount not tied to a donation type.
pub const CUSTOM_DONATION_TYPE: &str = "custom";
pub const MIN_AMOUNT: Money = Money::from_dollars(1);
pub const MAX_AMOUNT: Money = Money::from_dollars(1_000_000);
pub const MAX_DETAILS: usize = 20;
const MAX_DETAIL_NAME: usize = 200;
const MAX_NOTES: usize = 1000;

/// One part of a donation: a donation type (or 'custom'), its amount and its name.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DonationDetail {
    /// A donation type's id, or [`CUSTOM_DONATION_TYPE`].
    pub donation_type_id: String,
    pub amount: Money,
    /// The donation type's name from the catalogue, or the donor's own label for a custom item.
    pub name: String,
    /// What the donor received for it (nothing, for a donation).
    pub exchange: Exchange,
    /// The fund the line belongs to, fixed when the payment is stored: the donation type's fund
    /// then, or the General fund. `None` only before the payment is stored.
    pub fund_id: Option<FundId>,
}

impl DonationDetail {
    /// An amount not tied to a donation type, labelled by the donor.
    pub fn is_custom(&self) -> bool {
        self.donation_type_id == CUSTOM_DONATION_TYPE
    }

    /// The same item as `other`: the same type and amount, and for a custom item the same label
    /// and fund (none is the General fund). A catalogue type's name and fund are not compared: an
    /// admin may change them between two attempts.
    pub fn same_item(&self, other: &Self) -> bool {
        let fund = |d: &Self| d.fund_id.as_ref().map_or(crate::fund::GENERAL_FUND_ID, |f| f.as_str()).to_owned();
        self.donation_type_id.eq_ignore_ascii_case(&other.donation_type_id)
            && self.amount == other.amount
            && (!self.is_custom() || (self.name == other.name && fund(self) == fund(other)))
            && self.exchange == other.exchange
    }
}

/// What a donation is for.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum DonationTarget {
    /// A general donation (`eventId` 'direct-donation' or omitted).
    Direct,
    /// A donation for the event with this id.
    Event(EventId),
}

impl DonationTarget {
    pub fn event_id(&self) -> Option<&EventId> {
        match self {
            Self::Direct => None,
            Self::Event(id) => Some(id),
        }
    }

    /// The `eventId` metadata value: the event's id or 'direct-donation'.
    pub fn metadata_value(&self) -> &str {
        self.event_id().map_or(DIRECT_DONATION, EventId::as_str)
    }
}

fn classify_imprecise(value: Option<f64>) -> &'static str {
    // Only used to pick the clearest message for an amount we refuse anyway; never for money.
    match value {
        Some(v) if v < 1.0 => AMOUNT_TOO_SMALL,
        Some(v) if v > 1_000_000.0 => AMOUNT_TOO_LARGE,
        Some(_) => AMOUNT_TOO_PRECISE,
        None => AMOUNT_INVALID,
    }
}

/// Reads an amount sent as a number or a decimal text, exactly.
pub(super) fn money_of(value: &NumberInput) -> Result<Money, (MoneyError, Option<f64>)> {
    match value {
        NumberInput::Number(n) => Money::from_number_text(n).map_err(|e| (e, n.trim().parse::<f64>().ok())),
        NumberInput::Text(s) => Money::parse_decimal(s).map_err(|e| (e, s.trim().parse::<f64>().ok())),
        NumberInput::Missing | NumberInput::Other => Err((MoneyError::NotANumber, None)),
    }
}

/// The total of a donation: at least 1 and at most 1,000,000 USD, with at most two decimals.
pub fn parse_amount(value: &NumberInput) -> Result<Money, String> {
    let amount = match money_of(value) {
        Ok(amount) => amount,
        Err((MoneyError::NotANumber, _)) => return Err(AMOUNT_INVALID.to_owned()),
        Err((MoneyError::TooPrecise, rough)) => return Err(classify_imprecise(rough).to_owned()),
        Err((MoneyError::OutOfRange, rough)) => {
            return Err(if rough.is_some_and(|v| v < 0.0) { AMOUNT_TOO_SMALL } else { AMOUNT_TOO_LARGE }.to_owned());
        }
    };
    if amount < MIN_AMOUNT {
        Err(AMOUNT_TOO_SMALL.to_owned())
    } else if amount > MAX_AMOUNT {
        Err(AMOUNT_TOO_LARGE.to_owned())
    } else {
        Ok(amount)
    }
}

fn is_uuid(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 36
        && bytes.iter().enumerate().all(|(i, b)| if matches!(i, 8 | 13 | 18 | 23) { *b == b'-' } else { b.is_ascii_hexdigit() })
}

/// `donationDetails` as sent, before validation: how the list arrived (a list, or the JSON text
/// of one) is the adapter's business.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum DonationDetailsInput {
    /// Absent, null or blank.
    #[default]
    Missing,
    /// Something that is not a list of items (nor the text of one).
    NotAList,
    Items(Vec<DonationItemInput>),
}

/// One item of `donationDetails` as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DonationItemInput {
    /// An item with its fields; a field that is absent or not a text is `None` (or
    /// [`NumberInput::Missing`]).
    /// The exchange is never read from a donor's request: it is set by the use case that sells
    /// something (a seva booking, the counter).
    /// `fund_id` chooses the fund of a custom item (a gift to a fund without a donation type).
    Fields { donation_type_id: Option<String>, amount: NumberInput, name: Option<String>, fund_id: Option<String>, exchange: Exchange },
    /// Something that is not an item (a number, a text, a list...).
    NotAnItem,
}

impl DonationItemInput {
    /// An item with every field given.
    pub fn new(donation_type_id: &str, amount: NumberInput, name: &str) -> Self {
        Self::Fields {
            donation_type_id: Some(donation_type_id.to_owned()),
            amount,
            name: Some(name.to_owned()),
            fund_id: None,
            exchange: Exchange::Nothing,
        }
    }

    /// The same item with what the donor receives for it.
    #[must_use]
    pub fn with_exchange(mut self, given: Exchange) -> Self {
        if let Self::Fields { exchange, .. } = &mut self {
            *exchange = given;
        }
        self
    }
}

fn parse_detail(item: &DonationItemInput) -> Result<DonationDetail, String> {
    let DonationItemInput::Fields { donation_type_id, amount, name, fund_id, exchange } = item else {
        return Err(DETAILS_INVALID.to_owned());
    };
    let type_id = donation_type_id.as_deref().map(str::trim).unwrap_or_default();
    if type_id != CUSTOM_DONATION_TYPE && !is_uuid(type_id) {
        return Err(DETAIL_TYPE_INVALID.to_owned());
    }
    let amount = money_of(amount).ok().filter(|m| m.is_positive() && *m <= MAX_AMOUNT).ok_or_else(|| DETAIL_AMOUNT_INVALID.to_owned())?;
    let name = name.as_deref().map(str::trim).unwrap_or_default();
    if name.is_empty() || name.chars().count() > MAX_DETAIL_NAME {
        return Err(DETAIL_NAME_INVALID.to_owned());
    }
    let fund_id = match fund_id.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        None => None,
        Some(_) if type_id != CUSTOM_DONATION_TYPE => return Err(DETAIL_FUND_WITH_TYPE.to_owned()),
        Some(fund) if is_uuid(fund) => Some(FundId::new(fund.to_ascii_lowercase())),
        Some(_) => return Err(DETAIL_FUND_CLOSED.to_owned()),
    };
    Ok(DonationDetail { fund_id, donation_type_id: type_id.to_ascii_lowercase(), amount, name: name.to_owned(), exchange: *exchange })
}

/// Checks `donationDetails`: at least one and at most 20 items, each with a donation type id (or
/// 'custom'), a positive amount and a name.
pub fn parse_donation_details(value: &DonationDetailsInput) -> Result<Vec<DonationDetail>, String> {
    let items = match value {
        DonationDetailsInput::Missing => return Err(DETAILS_MISSING.to_owned()),
        DonationDetailsInput::NotAList => return Err(DETAILS_INVALID.to_owned()),
        DonationDetailsInput::Items(items) => items,
    };
    if items.is_empty() {
        return Err(DETAILS_MISSING.to_owned());
    }
    if items.len() > MAX_DETAILS {
        return Err(DETAILS_TOO_MANY.to_owned());
    }
    items.iter().map(parse_detail).collect()
}

/// The sum of the items' amounts; `None` on overflow.
pub fn details_total(details: &[DonationDetail]) -> Option<Money> {
    details.iter().try_fold(Money::from_cents(0), |sum, d| sum.checked_add(d.amount))
}

/// Reads `eventId`: omitted, blank or 'direct-donation' is a direct donation.
pub fn parse_target(event_id: Option<&str>) -> DonationTarget {
    match event_id.map(str::trim) {
        None | Some("") | Some(DIRECT_DONATION) => DonationTarget::Direct,
        Some(id) => DonationTarget::Event(id.into()),
    }
}

/// A donation as submitted (create-payment-intent or zelle-confirm).
#[derive(Debug, Clone, Default)]
pub struct DonationInput {
    pub amount: NumberInput,
    pub donation_details: DonationDetailsInput,
    pub event_id: Option<String>,
    pub notes: Option<String>,
    /// The guest's identity (a member's comes from the profile) and the in-honor line.
    pub donor: crate::donor::DonorInput,
}

/// A valid donation: the amount equals the sum of its items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Donation {
    pub amount: Money,
    pub details: Vec<DonationDetail>,
    pub target: DonationTarget,
    pub notes: Option<String>,
}

impl Donation {
    /// The donation types its items name (every item but the custom ones), each once.
    pub fn catalogue_type_ids(&self) -> Vec<DonationTypeId> {
        let mut ids: Vec<DonationTypeId> = Vec::new();
        for detail in self.details.iter().filter(|d| !d.is_custom()) {
            if !ids.iter().any(|id| id.eq_ignore_ascii_case(&detail.donation_type_id)) {
                ids.push(detail.donation_type_id.as_str().into());
            }
        }
        ids
    }

    /// The funds the custom items choose, each once.
    pub fn chosen_fund_ids(&self) -> Vec<FundId> {
        let mut ids: Vec<FundId> = Vec::new();
        for fund in self.details.iter().filter_map(|d| d.fund_id.as_ref()) {
            if !ids.contains(fund) {
                ids.push(fund.clone());
            }
        }
        ids
    }

    /// Refuses items that choose a fund missing from `funds` (those found for
    /// [`Donation::chosen_fund_ids`]) or no longer active.
    pub fn check_chosen_funds(&self, funds: &[crate::fund::Fund]) -> Result<(), ValidationErrors> {
        let open = |id: &FundId| funds.iter().any(|f| &f.id == id && f.is_active);
        if self.chosen_fund_ids().iter().all(open) { Ok(()) } else { Err(ValidationErrors::single("donationDetails", DETAIL_FUND_CLOSED)) }
    }

    /// Names each item after its donation type in `catalogue` (the types found for
    /// [`Donation::catalogue_type_ids`]); the names the client sent are not kept. A type missing
    /// from the catalogue or no longer active is refused; custom items keep the donor's label.
    pub fn named_from_catalogue(mut self, catalogue: &[DonationType]) -> Result<Self, ValidationErrors> {
        for detail in self.details.iter_mut().filter(|d| !d.is_custom()) {
            let found = catalogue.iter().find(|t| t.id.eq_ignore_ascii_case(&detail.donation_type_id));
            match found {
                None => return Err(ValidationErrors::single("donationDetails", DETAIL_TYPE_UNKNOWN)),
                Some(kind) if !kind.is_active => return Err(ValidationErrors::single("donationDetails", DETAIL_TYPE_INACTIVE)),
                Some(kind) => detail.name.clone_from(&kind.name),
            }
        }
        Ok(self)
    }
}

impl DonationInput {
    pub fn validate(self) -> Result<Donation, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let amount = errors.check("amount", parse_amount(&self.amount));
        let details = errors.check("donationDetails", parse_donation_details(&self.donation_details));
        let notes = errors.check("notes", crate::validation::optional_text(self.notes.as_deref(), MAX_NOTES, NOTES_TOO_LONG));
        if let (Some(amount), Some(details)) = (amount, details.as_ref())
            && details_total(details) != Some(amount)
        {
            errors.add("donationDetails", DETAILS_DO_NOT_ADD_UP);
        }
        match (amount, details, notes) {
            (Some(amount), Some(details), Some(notes)) if errors.is_empty() => {
                Ok(Donation { amount, details, target: parse_target(self.event_id.as_deref()), notes })
            }
            _ => Err(errors),
        }
    }
}

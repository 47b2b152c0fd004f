//! Donations and their payments (docs/product.md#donations-and-payments): amounts, the donation details they
//! are split into, the target (an event or a direct donation), receipt numbers, and which status
//! changes are allowed.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::donation_type::DonationType;
use crate::exchange::Exchange;
use crate::id::{DonationTypeId, EventId, PaymentId, UserId};
use crate::input::NumberInput;
use crate::money::{Money, MoneyError};
use crate::text_enum::text_enum;
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
pub const DETAILS_DO_NOT_ADD_UP: &str = "The donation items must add up to the amount";
pub const NOTES_TOO_LONG: &str = "Notes must be at most 1000 characters";
pub const REFUND_TOO_SMALL: &str = "Refund amount must be greater than 0";
pub const REFUND_INVALID: &str = "Refund amount must be a number with at most 2 decimal places";

/// The event id the UI sends for a donation not tied to an event (docs/product.md#api-calls).
pub const DIRECT_DONATION: &str = "direct-donation";
/// The `donationTypeId` of an amount not tied to a donation type.
pub const CUSTOM_DONATION_TYPE: &str = "custom";
/// Donations are in US dollars.
pub const CURRENCY: &str = "usd";
pub const MIN_AMOUNT: Money = Money::from_dollars(1);
pub const MAX_AMOUNT: Money = Money::from_dollars(1_000_000);
pub const MAX_DETAILS: usize = 20;
const MAX_DETAIL_NAME: usize = 200;
const MAX_NOTES: usize = 1000;

text_enum!(
    /// Where a payment stands (docs/product.md#entities-and-enumerations).
    PaymentStatus { Pending => "pending", Completed => "completed", Failed => "failed", Refunded => "refunded", Expired => "expired" }
);

text_enum!(
    /// How the donor paid (the paymentMethod enumeration in docs/product.md#entities-and-enumerations).
    PaymentMethodKind { CreditCard => "credit_card", Paypal => "paypal", Zelle => "zelle", Cash => "cash", Check => "check", Split => "split" }
);

text_enum!(
    /// Who processed the payment: the offline sandbox, Stripe, Zelle (recorded by hand), or staff
    /// in person (the counter, the hundi).
    PaymentProvider { Sandbox => "sandbox", Stripe => "stripe", Zelle => "zelle", InPerson => "in_person" }
);

impl PaymentProvider {
    /// Whether its payments are tests (the offline sandbox): never money received
    /// (docs/decisions/0051-sandbox-payments-are-test-payments.md).
    pub const fn is_test(self) -> bool {
        matches!(self, Self::Sandbox)
    }
}

/// Who asks for a status change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusChangeBy {
    /// The payment provider reported it (a webhook, or the sandbox's confirm step).
    Provider,
    /// An admin reconciling a Zelle payment by hand.
    Admin,
    /// The abandoned-intent job, after canceling the intent at the provider
    /// (docs/decisions/0095-abandoned-card-intents-expire.md).
    Expiry,
}

impl PaymentStatus {
    /// The allowed transitions: pending → completed | failed (by the provider or an admin);
    /// completed → refunded (by the provider); failed → completed only when the provider reports a
    /// later success; failed → pending when an admin reopens a Zelle payment marked failed by
    /// mistake; pending → expired by the abandoned-intent job only. Expired is final: the intent
    /// was canceled at the provider and can no longer be paid.
    pub fn may_become(self, to: Self, by: StatusChangeBy) -> bool {
        match (self, to) {
            (Self::Pending, Self::Completed | Self::Failed) => by != StatusChangeBy::Expiry,
            (Self::Completed, Self::Refunded) | (Self::Failed, Self::Completed) => by == StatusChangeBy::Provider,
            (Self::Failed, Self::Pending) => by == StatusChangeBy::Admin,
            (Self::Pending, Self::Expired) => by == StatusChangeBy::Expiry,
            _ => false,
        }
    }

    /// The statuses from which `to` may be reached by `by`: the guard of a compare-and-set update.
    pub fn sources_of(to: Self, by: StatusChangeBy) -> Vec<Self> {
        Self::ALL.iter().copied().filter(|from| from.may_become(to, by)).collect()
    }
}

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
}

impl DonationDetail {
    /// An amount not tied to a donation type, labelled by the donor.
    pub fn is_custom(&self) -> bool {
        self.donation_type_id == CUSTOM_DONATION_TYPE
    }

    /// The same item as `other`: the same type and amount, and for a custom item the same label.
    /// A catalogue type's name is not compared: an admin may rename it between two attempts.
    pub fn same_item(&self, other: &Self) -> bool {
        self.donation_type_id.eq_ignore_ascii_case(&other.donation_type_id)
            && self.amount == other.amount
            && (!self.is_custom() || self.name == other.name)
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

/// A payment as recorded.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Payment {
    pub id: PaymentId,
    pub event_id: Option<EventId>,
    /// The event's name when the donation was made; kept when the event is deleted.
    pub event_name: Option<String>,
    pub user_id: Option<UserId>,
    pub payment_date: DateTime<Utc>,
    pub method: PaymentMethodKind,
    pub amount: Money,
    pub status: PaymentStatus,
    pub provider: PaymentProvider,
    /// The provider's id (a payment intent id for card payments).
    pub transaction_id: Option<String>,
    /// SHA-256 (hex) of the intent's client secret; never shown.
    pub client_secret_hash: Option<String>,
    pub donation_details: Vec<DonationDetail>,
    pub receipt_url: Option<String>,
    pub receipt_number: Option<String>,
    /// The `Idempotency-Key` the payment was created with; never shown.
    pub idempotency_key: Option<String>,
    pub donor_name: Option<String>,
    pub donor_email: Option<String>,
    /// The donor's mailing address at the time (lines separated by newlines).
    pub donor_address: Option<String>,
    /// "In honor / in memory of ..." as the donor wrote it.
    pub in_honor_of: Option<String>,
    pub notes: Option<String>,
    /// The part given back to the donor so far (all of it when the status is `refunded`).
    pub refunded_amount: Money,
    /// Where the money came in (online, counter, hundi, mail).
    pub channel: crate::counter::Channel,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Payment {
    /// What the donor may still get back: the amount less what was refunded already.
    pub fn refundable(&self) -> Money {
        Money::from_cents(self.amount.cents().saturating_sub(self.refunded_amount.cents()).max(0))
    }

    /// What the temple keeps of a completed gift: its amount net of refunds (zero otherwise).
    pub fn kept(&self) -> Money {
        match self.status {
            PaymentStatus::Completed => self.refundable(),
            _ => Money::from_cents(0),
        }
    }
}

/// A refund an admin asks for: more than 0, with at most two decimals, and at most what is still
/// refundable (docs/decisions/0102-refunds.md). Answers the amount, and whether it refunds the
/// payment fully.
pub fn refund_of(payment: &Payment, requested: &NumberInput) -> Result<(Money, bool), String> {
    let amount = money_of(requested).map_err(|_| REFUND_INVALID.to_owned())?;
    if !amount.is_positive() {
        return Err(REFUND_TOO_SMALL.to_owned());
    }
    let refundable = payment.refundable();
    if amount > refundable {
        return Err(format!("Refund amount must be at most ${refundable} (what is not yet refunded)"));
    }
    Ok((amount, amount == refundable))
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
fn money_of(value: &NumberInput) -> Result<Money, (MoneyError, Option<f64>)> {
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
    Fields { donation_type_id: Option<String>, amount: NumberInput, name: Option<String>, exchange: Exchange },
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
    let DonationItemInput::Fields { donation_type_id, amount, name, exchange } = item else {
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
    Ok(DonationDetail { donation_type_id: type_id.to_ascii_lowercase(), amount, name: name.to_owned(), exchange: *exchange })
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

/// `AUTO-{unix milliseconds}-{0..9999}` (docs/product.md#receipt-numbers).
pub fn receipt_number(now: DateTime<Utc>, random: u16) -> String {
    format!("AUTO-{}-{}", now.timestamp_millis(), random % 10_000)
}

/// Whether `text` has the receipt number format.
pub fn is_receipt_number(text: &str) -> bool {
    let mut parts = text.splitn(3, '-');
    let digits = |s: &str, max: usize| !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit());
    matches!((parts.next(), parts.next(), parts.next()), (Some("AUTO"), Some(ms), Some(n)) if digits(ms, 16) && digits(n, 4))
}

/// Money received per donation type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DonationTypeTotal {
    pub donation_type_id: String,
    /// The newest name seen for the type.
    pub name: String,
    pub amount: Money,
    /// How many donation items.
    pub count: u64,
}

/// Money received per event (`event_id` none: direct donations, or a deleted event's payments
/// under the name they kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTotal {
    pub event_id: Option<EventId>,
    pub event_name: Option<String>,
    pub amount: Money,
    /// How many payments.
    pub count: u64,
}

/// Completed test payments (the sandbox's): shown apart, never counted as money received.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TestTotal {
    pub amount: Money,
    /// How many payments.
    pub count: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentTotals {
    /// Money received: completed payments that are not tests.
    pub by_donation_type: Vec<DonationTypeTotal>,
    pub by_event: Vec<EventTotal>,
    /// Completed test payments, summed apart.
    pub test: TestTotal,
}

impl Payment {
    /// A test payment (made through the sandbox): listed as such, never counted as money received.
    pub const fn is_test(&self) -> bool {
        self.provider.is_test()
    }
}

impl PaymentTotals {
    /// Sums the completed payments among `payments`, largest totals first; test payments are
    /// summed apart in `test`. Expects the payments newest first, so the newest names are kept.
    pub fn of(payments: &[Payment]) -> Self {
        let mut types: BTreeMap<String, DonationTypeTotal> = BTreeMap::new();
        let mut events: BTreeMap<(Option<EventId>, Option<String>), EventTotal> = BTreeMap::new();
        let mut test = TestTotal::default();
        for payment in payments.iter().filter(|p| p.status == PaymentStatus::Completed) {
            if payment.is_test() {
                test.amount = Money::from_cents(test.amount.cents().saturating_add(payment.amount.cents()));
                test.count += 1;
                continue;
            }
            for detail in &payment.donation_details {
                let entry = types.entry(detail.donation_type_id.clone()).or_insert_with(|| DonationTypeTotal {
                    donation_type_id: detail.donation_type_id.clone(),
                    name: detail.name.clone(),
                    amount: Money::from_cents(0),
                    count: 0,
                });
                entry.amount = Money::from_cents(entry.amount.cents().saturating_add(detail.amount.cents()));
                entry.count += 1;
            }
            // A deleted event's payments keep its name; direct donations have neither.
            let key = match &payment.event_id {
                Some(id) => (Some(id.clone()), None),
                None => (None, payment.event_name.clone()),
            };
            let entry = events.entry(key).or_insert_with(|| EventTotal {
                event_id: payment.event_id.clone(),
                event_name: payment.event_name.clone(),
                amount: Money::from_cents(0),
                count: 0,
            });
            entry.amount = Money::from_cents(entry.amount.cents().saturating_add(payment.amount.cents()));
            entry.count += 1;
        }
        let mut by_donation_type: Vec<_> = types.into_values().collect();
        by_donation_type.sort_by(|a, b| b.amount.cmp(&a.amount).then_with(|| a.name.cmp(&b.name)));
        let mut by_event: Vec<_> = events.into_values().collect();
        by_event.sort_by(|a, b| b.amount.cmp(&a.amount).then_with(|| a.event_name.cmp(&b.event_name)));
        Self { by_donation_type, by_event, test }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    const TYPE_ID: &str = "3f2b8c1e-5d4a-4b6f-9e2d-1a2b3c4d5e6f";

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).single().expect("date")
    }

    fn n(text: &str) -> NumberInput {
        NumberInput::number(text)
    }

    fn t(text: &str) -> NumberInput {
        NumberInput::text(text)
    }

    fn items(list: &[(&str, NumberInput, &str)]) -> DonationDetailsInput {
        DonationDetailsInput::Items(list.iter().map(|(id, amount, name)| DonationItemInput::new(id, amount.clone(), name)).collect())
    }

    fn amount(v: NumberInput) -> Result<i64, String> {
        parse_amount(&v).map(Money::cents)
    }

    #[test]
    fn amounts_between_1_and_1_000_000_with_two_decimals() {
        assert_eq!(amount(n("1")), Ok(100));
        assert_eq!(amount(n("25.5")), Ok(2550));
        assert_eq!(amount(t("19.99")), Ok(1999));
        assert_eq!(amount(t(" 19.99 ")), Ok(1999));
        assert_eq!(amount(n("1000000")), Ok(100_000_000));
        assert_eq!(amount(n("0")), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(n("0.99")), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(n("-5")), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(n("0.001")), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(n("1000000.01")), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(n("1000000.001")), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(n("1e+300")), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(n("-1e+300")), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(n("10.005")), Err(AMOUNT_TOO_PRECISE.to_owned()));
        assert_eq!(amount(t("10.005")), Err(AMOUNT_TOO_PRECISE.to_owned()));
        assert_eq!(amount(t("ten")), Err(AMOUNT_INVALID.to_owned()));
        assert_eq!(amount(t("1e5")), Err(AMOUNT_INVALID.to_owned()), "a typed text has no exponent");
        assert_eq!(amount(NumberInput::Missing), Err(AMOUNT_INVALID.to_owned()));
        assert_eq!(amount(NumberInput::Other), Err(AMOUNT_INVALID.to_owned()));
    }

    #[test]
    fn details_are_read_item_by_item() {
        let details = parse_donation_details(&items(&[(TYPE_ID, n("20"), "Annadanam"), (" CUSTOM ", t("5.50"), " Other ")]));
        assert_eq!(details, Err(DETAIL_TYPE_INVALID.to_owned()), "'custom' is exact; only uuids are compared without regard to case");
        let details =
            parse_donation_details(&items(&[(&TYPE_ID.to_ascii_uppercase(), n("20"), "Annadanam"), ("custom", t("5.50"), " Other ")]))
                .expect("valid");
        assert_eq!(details[0].donation_type_id, TYPE_ID);
        assert_eq!(
            details[1],
            DonationDetail {
                donation_type_id: "custom".into(),
                amount: Money::from_cents(550),
                name: "Other".into(),
                exchange: Exchange::Nothing
            }
        );
        assert_eq!(details_total(&details), Some(Money::from_cents(2550)));
    }

    #[test]
    fn details_are_checked_item_by_item() {
        let check = |v: DonationDetailsInput| parse_donation_details(&v);
        assert_eq!(check(DonationDetailsInput::Missing), Err(DETAILS_MISSING.to_owned()));
        assert_eq!(check(DonationDetailsInput::Items(vec![])), Err(DETAILS_MISSING.to_owned()));
        assert_eq!(check(DonationDetailsInput::NotAList), Err(DETAILS_INVALID.to_owned()));
        assert_eq!(check(DonationDetailsInput::Items(vec![DonationItemInput::NotAnItem])), Err(DETAILS_INVALID.to_owned()));
        assert_eq!(check(items(&[("abc", n("1"), "x")])), Err(DETAIL_TYPE_INVALID.to_owned()));
        let no_type =
            DonationItemInput::Fields { donation_type_id: None, amount: n("1"), name: Some("x".into()), exchange: Exchange::Nothing };
        assert_eq!(check(DonationDetailsInput::Items(vec![no_type])), Err(DETAIL_TYPE_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("0"), "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("-1"), "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("0.001"), "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", NumberInput::Missing, "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", NumberInput::Other, "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("1"), " ")])), Err(DETAIL_NAME_INVALID.to_owned()));
        let no_name =
            DonationItemInput::Fields { donation_type_id: Some("custom".into()), amount: n("1"), name: None, exchange: Exchange::Nothing };
        assert_eq!(check(DonationDetailsInput::Items(vec![no_name])), Err(DETAIL_NAME_INVALID.to_owned()));
        let many = vec![DonationItemInput::new("custom", n("1"), "x"); 21];
        assert_eq!(check(DonationDetailsInput::Items(many)), Err(DETAILS_TOO_MANY.to_owned()));
    }

    #[test]
    fn donation_items_must_add_up_to_the_amount() {
        let input = |total: NumberInput| DonationInput {
            amount: total,
            donation_details: items(&[("custom", n("10"), "Other"), (TYPE_ID, n("15.25"), "Puja")]),
            event_id: None,
            notes: Some("  In memory of my father ".into()),
            donor: crate::donor::DonorInput::default(),
        };
        let valid = input(n("25.25")).validate().expect("adds up");
        assert_eq!(valid.amount, Money::from_cents(2525));
        assert_eq!(valid.target, DonationTarget::Direct);
        assert_eq!(valid.notes.as_deref(), Some("In memory of my father"));
        let errors = input(n("30")).validate().expect_err("does not add up");
        assert_eq!(errors.get("donationDetails"), Some(DETAILS_DO_NOT_ADD_UP));
        let errors = input(n("0")).validate().expect_err("too small");
        assert_eq!(errors.get("amount"), Some(AMOUNT_TOO_SMALL));
        assert_eq!(errors.get("donationDetails"), None);
    }

    #[test]
    fn direct_donation_has_no_event() {
        assert_eq!(parse_target(Some("direct-donation")), DonationTarget::Direct);
        assert_eq!(parse_target(None), DonationTarget::Direct);
        assert_eq!(parse_target(Some(" ")), DonationTarget::Direct);
        assert_eq!(parse_target(Some("e-1")), DonationTarget::Event("e-1".into()));
        assert_eq!(DonationTarget::Direct.metadata_value(), "direct-donation");
    }

    #[test]
    fn receipt_numbers_have_the_spec_format() {
        let receipt = receipt_number(now(), 42);
        assert_eq!(receipt, format!("AUTO-{}-42", now().timestamp_millis()));
        assert!(is_receipt_number(&receipt));
        assert!(is_receipt_number(&receipt_number(now(), 9999)));
        assert_eq!(receipt_number(now(), 10_000), format!("AUTO-{}-0", now().timestamp_millis()));
        assert!(!is_receipt_number("AUTO-1-12345"));
        assert!(!is_receipt_number("AUTO--1"));
        assert!(!is_receipt_number("RCPT-1-1"));
    }

    #[test]
    fn status_transitions() {
        use PaymentStatus::*;
        use StatusChangeBy::*;
        assert!(Pending.may_become(Completed, Admin));
        assert!(Pending.may_become(Failed, Admin));
        assert!(Pending.may_become(Completed, Provider));
        assert!(Completed.may_become(Refunded, Provider));
        assert!(!Completed.may_become(Refunded, Admin));
        assert!(Failed.may_become(Completed, Provider));
        assert!(!Failed.may_become(Completed, Admin));
        assert!(!Completed.may_become(Failed, Provider));
        assert!(!Completed.may_become(Pending, Provider));
        assert!(!Refunded.may_become(Completed, Provider));
        assert!(!Pending.may_become(Pending, Provider));
        assert!(!Pending.may_become(Refunded, Provider));
        assert_eq!(PaymentStatus::sources_of(Completed, Provider), vec![Pending, Failed]);
        assert_eq!(PaymentStatus::sources_of(Completed, Admin), vec![Pending]);
        assert_eq!(PaymentStatus::sources_of(Refunded, Provider), vec![Completed]);
        assert!(Failed.may_become(Pending, Admin), "an admin reopens a failed payment");
        assert!(!Failed.may_become(Pending, Provider));
        assert!(Pending.may_become(Expired, Expiry));
        assert!(!Pending.may_become(Expired, Admin) && !Pending.may_become(Expired, Provider));
        assert!(!Pending.may_become(Failed, Expiry));
        for to in PaymentStatus::ALL {
            for by in [Provider, Admin, Expiry] {
                assert!(!Expired.may_become(*to, by), "expired is final");
            }
        }
        assert_eq!(PaymentStatus::sources_of(Pending, Admin), vec![Failed]);
        assert_eq!(PaymentStatus::sources_of(Expired, Expiry), vec![Pending]);
    }

    #[test]
    fn enums_round_trip_their_wire_text() {
        for s in PaymentStatus::ALL {
            assert_eq!(PaymentStatus::parse(s.as_str()), Some(*s));
        }
        assert_eq!(PaymentMethodKind::parse("credit_card"), Some(PaymentMethodKind::CreditCard));
        assert_eq!(PaymentProvider::parse("stripe"), Some(PaymentProvider::Stripe));
        assert_eq!(PaymentStatus::parse("done"), None);
    }

    fn payment(event: Option<&str>, name: Option<&str>, cents: i64, status: PaymentStatus, details: Vec<(&str, &str, i64)>) -> Payment {
        Payment {
            event_id: event.map(Into::into),
            event_name: name.map(Into::into),
            amount: Money::from_cents(cents),
            donation_details: details
                .into_iter()
                .map(|(id, n, c)| DonationDetail {
                    donation_type_id: id.into(),
                    name: n.into(),
                    amount: Money::from_cents(c),
                    exchange: Exchange::Nothing,
                })
                .collect(),
            receipt_number: None,
            ..crate::testing::payment("p", status, PaymentProvider::Stripe)
        }
    }

    fn sandbox(payment: Payment) -> Payment {
        Payment { provider: PaymentProvider::Sandbox, ..payment }
    }

    fn catalogue_type(id: &str, name: &str, is_active: bool) -> DonationType {
        DonationType {
            id: id.into(),
            name: name.into(),
            description: None,
            default_amount: None,
            is_active,
            created_at: now(),
            updated_at: now(),
            created_by: None,
            updated_by: None,
        }
    }

    fn donation(details: DonationDetailsInput) -> Donation {
        DonationInput { amount: n("30"), donation_details: details, event_id: None, notes: None, donor: Default::default() }
            .validate()
            .expect("valid")
    }

    #[test]
    fn items_are_named_from_the_catalogue_and_custom_items_keep_their_label() {
        let upper = TYPE_ID.to_ascii_uppercase();
        let given = donation(items(&[
            (TYPE_ID, n("10"), "Whatever the client says"),
            (&upper, n("5"), "Again"),
            ("custom", n("15"), "For the roof"),
        ]));
        assert_eq!(given.catalogue_type_ids(), vec![DonationTypeId::from(TYPE_ID)]);
        let named = given.named_from_catalogue(&[catalogue_type(TYPE_ID, "Annadanam", true)]).expect("offered");
        let names: Vec<&str> = named.details.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["Annadanam", "Annadanam", "For the roof"]);
        assert_eq!(named.amount, Money::from_cents(3000));
    }

    #[test]
    fn unknown_and_inactive_types_are_refused() {
        let given = donation(items(&[(TYPE_ID, n("30"), "Annadanam")]));
        let errors = given.clone().named_from_catalogue(&[]).expect_err("unknown");
        assert_eq!(errors.get("donationDetails"), Some(DETAIL_TYPE_UNKNOWN));
        let errors = given.named_from_catalogue(&[catalogue_type(TYPE_ID, "Annadanam", false)]).expect_err("inactive");
        assert_eq!(errors.get("donationDetails"), Some(DETAIL_TYPE_INACTIVE));
        let custom = donation(items(&[("custom", n("30"), "Other")]));
        assert!(custom.catalogue_type_ids().is_empty());
        assert_eq!(custom.clone().named_from_catalogue(&[]), Ok(custom));
    }

    #[test]
    fn the_same_item_ignores_a_renamed_type_but_not_a_custom_label() {
        let item = |id: &str, cents: i64, name: &str| DonationDetail {
            donation_type_id: id.into(),
            amount: Money::from_cents(cents),
            name: name.into(),
            exchange: Exchange::Nothing,
        };
        assert!(item(TYPE_ID, 500, "Annadanam").same_item(&item(TYPE_ID, 500, "Annadanam (renamed)")));
        assert!(!item(TYPE_ID, 500, "Annadanam").same_item(&item(TYPE_ID, 600, "Annadanam")));
        assert!(item("custom", 500, "Roof").same_item(&item("custom", 500, "Roof")));
        assert!(!item("custom", 500, "Roof").same_item(&item("custom", 500, "Floor")));
        let seva = DonationDetail { exchange: Exchange::Religious, ..item("custom", 500, "Roof") };
        assert!(!seva.same_item(&item("custom", 500, "Roof")));
    }

    #[test]
    fn only_the_sandbox_makes_test_payments() {
        assert!(PaymentProvider::Sandbox.is_test());
        assert!(!PaymentProvider::Stripe.is_test() && !PaymentProvider::Zelle.is_test());
    }

    #[test]
    fn totals_count_completed_payments_per_type_and_event_and_test_payments_apart() {
        let payments = vec![
            payment(
                Some("e1"),
                Some("Diwali"),
                3000,
                PaymentStatus::Completed,
                vec![(TYPE_ID, "Annadanam (new)", 2000), ("custom", "Other", 1000)],
            ),
            payment(Some("e1"), Some("Diwali"), 500, PaymentStatus::Completed, vec![(TYPE_ID, "Annadanam", 500)]),
            payment(None, None, 10_000, PaymentStatus::Completed, vec![("custom", "Custom Donation", 10_000)]),
            payment(None, Some("Deleted puja"), 700, PaymentStatus::Completed, vec![("custom", "Other", 700)]),
            payment(Some("e1"), Some("Diwali"), 9999, PaymentStatus::Pending, vec![("custom", "Other", 9999)]),
            payment(None, None, 9999, PaymentStatus::Failed, vec![("custom", "Other", 9999)]),
            sandbox(payment(Some("e1"), Some("Diwali"), 4200, PaymentStatus::Completed, vec![(TYPE_ID, "Annadanam", 4200)])),
            sandbox(payment(None, None, 800, PaymentStatus::Completed, vec![("custom", "Test", 800)])),
            sandbox(payment(None, None, 100, PaymentStatus::Pending, vec![("custom", "Test", 100)])),
        ];
        let totals = PaymentTotals::of(&payments);
        assert_eq!(totals.test, TestTotal { amount: Money::from_cents(5000), count: 2 });
        assert_eq!(totals.by_donation_type.len(), 2);
        assert_eq!(totals.by_donation_type[0].donation_type_id, "custom");
        assert_eq!(totals.by_donation_type[0].amount, Money::from_cents(11_700));
        assert_eq!(totals.by_donation_type[0].count, 3);
        assert_eq!(totals.by_donation_type[1].name, "Annadanam (new)");
        assert_eq!(totals.by_donation_type[1].amount, Money::from_cents(2500));
        assert_eq!(totals.by_event.len(), 3);
        assert_eq!((totals.by_event[0].event_id.as_deref(), totals.by_event[0].amount.cents()), (None, 10_000));
        assert_eq!(
            (totals.by_event[1].event_id.as_deref(), totals.by_event[1].amount.cents(), totals.by_event[1].count),
            (Some("e1"), 3500, 2)
        );
        assert_eq!(totals.by_event[2].event_name.as_deref(), Some("Deleted puja"));
    }

    #[test]
    fn refunds_are_positive_and_at_most_what_is_left() {
        let mut paid = crate::testing::payment("p1", PaymentStatus::Completed, PaymentProvider::Stripe);
        let text = |t: &str| NumberInput::Text(t.into());
        assert_eq!(refund_of(&paid, &text("10")), Ok((Money::from_cents(1000), false)));
        assert_eq!(refund_of(&paid, &text("25.00")), Ok((Money::from_cents(2500), true)));
        for (bad, message) in [("0", REFUND_TOO_SMALL), ("-5", REFUND_TOO_SMALL), ("1.234", REFUND_INVALID), ("lots", REFUND_INVALID)] {
            assert_eq!(refund_of(&paid, &text(bad)), Err(message.to_owned()), "{bad}");
        }
        assert_eq!(refund_of(&paid, &NumberInput::Missing), Err(REFUND_INVALID.to_owned()));
        paid.refunded_amount = Money::from_cents(1000);
        assert_eq!(paid.refundable(), Money::from_cents(1500));
        assert_eq!(paid.kept(), Money::from_cents(1500));
        assert_eq!(refund_of(&paid, &text("15.01")), Err("Refund amount must be at most $15.00 (what is not yet refunded)".to_owned()));
        assert_eq!(refund_of(&paid, &text("15")), Ok((Money::from_cents(1500), true)));
        paid.status = PaymentStatus::Refunded;
        paid.refunded_amount = paid.amount;
        assert_eq!((paid.refundable(), paid.kept()), (Money::from_cents(0), Money::from_cents(0)));
    }
}

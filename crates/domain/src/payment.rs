//! Donations and their payments (spec sections 3, 4, 5 and 9): amounts, the donation details they
//! are split into, the target (an event or a direct donation), receipt numbers, and which status
//! changes are allowed.

use std::collections::BTreeMap;
use std::fmt;

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::money::{Money, MoneyError};
use crate::validation::ValidationErrors;

pub const AMOUNT_TOO_SMALL: &str = "Amount must be at least 1";
pub const AMOUNT_TOO_LARGE: &str = "Amount must be less than 1,000,000";
pub const AMOUNT_INVALID: &str = "Amount must be a valid number";
pub const AMOUNT_TOO_PRECISE: &str = "Amount must have at most 2 decimal places";
/// The spec's 'Invalid Payment Details' text.
pub const DETAILS_MISSING: &str = "Please ensure you've selected a donation type and amount.";
pub const DETAILS_INVALID: &str = "Donation details must be a list of {donationTypeId, amount, name}";
pub const DETAILS_TOO_MANY: &str = "At most 20 donation items can be given at once";
pub const DETAIL_TYPE_INVALID: &str = "Each donation item needs a donation type id or 'custom'";
pub const DETAIL_AMOUNT_INVALID: &str = "Each donation item's amount must be greater than 0 with at most 2 decimal places";
pub const DETAIL_NAME_INVALID: &str = "Each donation item needs a name of at most 200 characters";
pub const DETAILS_DO_NOT_ADD_UP: &str = "The donation items must add up to the amount";
pub const NOTES_TOO_LONG: &str = "Notes must be at most 1000 characters";

/// The event id the UI sends for a donation not tied to an event (spec section 7).
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

macro_rules! text_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }

            /// The value for its wire text; `None` for anything else.
            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

text_enum!(
    /// Where a payment stands (spec section 3).
    PaymentStatus { Pending => "pending", Completed => "completed", Failed => "failed", Refunded => "refunded" }
);

text_enum!(
    /// How the donor paid (spec section 3's payment method enum).
    PaymentMethodKind { CreditCard => "credit_card", Paypal => "paypal", Zelle => "zelle", Cash => "cash", Check => "check" }
);

text_enum!(
    /// Who processed the payment: the offline sandbox, Stripe, or Zelle (recorded by hand).
    PaymentProvider { Sandbox => "sandbox", Stripe => "stripe", Zelle => "zelle" }
);

/// Who asks for a status change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusChangeBy {
    /// The payment provider reported it (a webhook, or the sandbox's confirm step).
    Provider,
    /// An admin reconciling a Zelle payment by hand.
    Admin,
}

impl PaymentStatus {
    /// The allowed transitions: pending → completed | failed; completed → refunded (by the
    /// provider); failed → completed only when the provider reports a later success.
    pub fn may_become(self, to: Self, by: StatusChangeBy) -> bool {
        match (self, to) {
            (Self::Pending, Self::Completed | Self::Failed) => true,
            (Self::Completed, Self::Refunded) | (Self::Failed, Self::Completed) => by == StatusChangeBy::Provider,
            _ => false,
        }
    }

    /// The statuses from which `to` may be reached by `by`: the guard of a compare-and-set update.
    pub fn sources_of(to: Self, by: StatusChangeBy) -> Vec<Self> {
        Self::ALL.iter().copied().filter(|from| from.may_become(to, by)).collect()
    }
}

/// One part of a donation: a donation type (or 'custom'), its amount and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DonationDetail {
    /// A donation type's id, or [`CUSTOM_DONATION_TYPE`].
    pub donation_type_id: String,
    pub amount: Money,
    pub name: String,
}

/// What a donation is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DonationTarget {
    /// A general donation (`eventId` 'direct-donation' or omitted).
    Direct,
    /// A donation for the event with this id.
    Event(String),
}

impl DonationTarget {
    pub fn event_id(&self) -> Option<&str> {
        match self {
            Self::Direct => None,
            Self::Event(id) => Some(id),
        }
    }

    /// The `eventId` metadata value: the event's id or 'direct-donation'.
    pub fn metadata_value(&self) -> &str {
        self.event_id().unwrap_or(DIRECT_DONATION)
    }
}

/// A payment as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub id: String,
    pub event_id: Option<String>,
    /// The event's name when the donation was made; kept when the event is deleted.
    pub event_name: Option<String>,
    pub user_id: Option<String>,
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
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
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

/// Reads an amount sent as a JSON number or a decimal string, exactly.
fn money_of(value: &Value) -> Result<Money, (MoneyError, Option<f64>)> {
    match value {
        Value::Number(n) => Money::from_json_number(n).map_err(|e| (e, n.as_f64())),
        Value::String(s) => Money::parse_decimal(s).map_err(|e| (e, s.trim().parse::<f64>().ok())),
        _ => Err((MoneyError::NotANumber, None)),
    }
}

/// The total of a donation: at least 1 and at most 1,000,000 USD, with at most two decimals.
pub fn parse_amount(value: &Value) -> Result<Money, String> {
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

fn parse_detail(item: &Value) -> Result<DonationDetail, String> {
    let object = item.as_object().ok_or_else(|| DETAILS_INVALID.to_owned())?;
    let type_id = object.get("donationTypeId").and_then(Value::as_str).map(str::trim).unwrap_or_default();
    if type_id != CUSTOM_DONATION_TYPE && !is_uuid(type_id) {
        return Err(DETAIL_TYPE_INVALID.to_owned());
    }
    let amount = object.get("amount").ok_or_else(|| DETAIL_AMOUNT_INVALID.to_owned())?;
    let amount = money_of(amount).ok().filter(|m| m.is_positive() && *m <= MAX_AMOUNT).ok_or_else(|| DETAIL_AMOUNT_INVALID.to_owned())?;
    let name = object.get("name").and_then(Value::as_str).map(str::trim).unwrap_or_default();
    if name.is_empty() || name.chars().count() > MAX_DETAIL_NAME {
        return Err(DETAIL_NAME_INVALID.to_owned());
    }
    Ok(DonationDetail { donation_type_id: type_id.to_ascii_lowercase(), amount, name: name.to_owned() })
}

/// Reads `donationDetails`: a JSON list, or the JSON text of one (as create-payment-intent sends
/// it). At least one and at most 20 items, each with a positive amount.
pub fn parse_donation_details(value: &Value) -> Result<Vec<DonationDetail>, String> {
    let parsed;
    let list = match value {
        Value::Null => return Err(DETAILS_MISSING.to_owned()),
        Value::String(text) if text.trim().is_empty() => return Err(DETAILS_MISSING.to_owned()),
        Value::String(text) => {
            parsed = serde_json::from_str::<Value>(text).map_err(|_| DETAILS_INVALID.to_owned())?;
            &parsed
        }
        other => other,
    };
    let items = list.as_array().ok_or_else(|| DETAILS_INVALID.to_owned())?;
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
        Some(id) => DonationTarget::Event(id.to_owned()),
    }
}

/// A donation as submitted (create-payment-intent or zelle-confirm).
#[derive(Debug, Clone, Default)]
pub struct DonationInput {
    pub amount: Value,
    pub donation_details: Value,
    pub event_id: Option<String>,
    pub notes: Option<String>,
}

/// A valid donation: the amount equals the sum of its items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Donation {
    pub amount: Money,
    pub details: Vec<DonationDetail>,
    pub target: DonationTarget,
    pub notes: Option<String>,
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

/// `AUTO-{unix milliseconds}-{0..9999}` (spec section 9).
pub fn receipt_number(now: DateTime<Utc>, random: u16) -> String {
    format!("AUTO-{}-{}", now.timestamp_millis(), random % 10_000)
}

/// Whether `text` has the receipt number format.
pub fn is_receipt_number(text: &str) -> bool {
    let mut parts = text.splitn(3, '-');
    let digits = |s: &str, max: usize| !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit());
    matches!((parts.next(), parts.next(), parts.next()), (Some("AUTO"), Some(ms), Some(n)) if digits(ms, 16) && digits(n, 4))
}

/// The JSON text stored for donation details: amounts as exact decimal strings ("25.00").
pub fn details_to_json(details: &[DonationDetail]) -> String {
    let list: Vec<Value> = details
        .iter()
        .map(|d| serde_json::json!({"donationTypeId": d.donation_type_id, "amount": d.amount.to_string(), "name": d.name}))
        .collect();
    Value::Array(list).to_string()
}

/// Reads stored donation details back; items that cannot be read are skipped.
pub fn details_from_json(text: &str) -> Vec<DonationDetail> {
    let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) else { return Vec::new() };
    items
        .iter()
        .filter_map(|item| {
            let object = item.as_object()?;
            Some(DonationDetail {
                donation_type_id: object.get("donationTypeId")?.as_str()?.to_owned(),
                amount: money_of(object.get("amount")?).ok()?,
                name: object.get("name").and_then(Value::as_str).unwrap_or_default().to_owned(),
            })
        })
        .collect()
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
    pub event_id: Option<String>,
    pub event_name: Option<String>,
    pub amount: Money,
    /// How many payments.
    pub count: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentTotals {
    pub by_donation_type: Vec<DonationTypeTotal>,
    pub by_event: Vec<EventTotal>,
}

impl PaymentTotals {
    /// Sums the completed payments among `payments`, largest totals first. Expects the payments
    /// newest first, so the newest names are kept.
    pub fn of(payments: &[Payment]) -> Self {
        let mut types: BTreeMap<String, DonationTypeTotal> = BTreeMap::new();
        let mut events: BTreeMap<(Option<String>, Option<String>), EventTotal> = BTreeMap::new();
        for payment in payments.iter().filter(|p| p.status == PaymentStatus::Completed) {
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
        Self { by_donation_type, by_event }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use serde_json::json;

    const TYPE_ID: &str = "3f2b8c1e-5d4a-4b6f-9e2d-1a2b3c4d5e6f";

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).single().expect("date")
    }

    fn amount(v: Value) -> Result<i64, String> {
        parse_amount(&v).map(Money::cents)
    }

    #[test]
    fn amounts_between_1_and_1_000_000_with_two_decimals() {
        assert_eq!(amount(json!(1)), Ok(100));
        assert_eq!(amount(json!(25.5)), Ok(2550));
        assert_eq!(amount(json!("19.99")), Ok(1999));
        assert_eq!(amount(json!(1_000_000)), Ok(100_000_000));
        assert_eq!(amount(json!(0)), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(0.99)), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(-5)), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(0.001)), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(1_000_000.01)), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(json!(1_000_000.001)), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(json!(1e300)), Err(AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(json!(-1e300)), Err(AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(10.005)), Err(AMOUNT_TOO_PRECISE.to_owned()));
        assert_eq!(amount(json!("ten")), Err(AMOUNT_INVALID.to_owned()));
        assert_eq!(amount(json!(null)), Err(AMOUNT_INVALID.to_owned()));
        assert_eq!(amount(json!(true)), Err(AMOUNT_INVALID.to_owned()));
    }

    #[test]
    fn details_are_read_from_a_list_or_its_json_text() {
        let list = json!([{"donationTypeId": TYPE_ID, "amount": 20, "name": "Annadanam"}, {"donationTypeId": "custom", "amount": "5.50", "name": "Other"}]);
        let from_list = parse_donation_details(&list).expect("list");
        let from_text = parse_donation_details(&Value::String(list.to_string())).expect("text");
        assert_eq!(from_list, from_text);
        assert_eq!(
            from_list[1],
            DonationDetail { donation_type_id: "custom".into(), amount: Money::from_cents(550), name: "Other".into() }
        );
        assert_eq!(details_total(&from_list), Some(Money::from_cents(2550)));
    }

    #[test]
    fn details_are_checked_item_by_item() {
        let check = |v: Value| parse_donation_details(&v);
        assert_eq!(check(json!(null)), Err(DETAILS_MISSING.to_owned()));
        assert_eq!(check(json!("")), Err(DETAILS_MISSING.to_owned()));
        assert_eq!(check(json!([])), Err(DETAILS_MISSING.to_owned()));
        assert_eq!(check(json!("not json")), Err(DETAILS_INVALID.to_owned()));
        assert_eq!(check(json!({"a": 1})), Err(DETAILS_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "abc", "amount": 1, "name": "x"}])), Err(DETAIL_TYPE_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": 0, "name": "x"}])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": -1, "name": "x"}])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": 0.001, "name": "x"}])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": 1, "name": " "}])), Err(DETAIL_NAME_INVALID.to_owned()));
        let many: Vec<Value> = (0..21).map(|_| json!({"donationTypeId": "custom", "amount": 1, "name": "x"})).collect();
        assert_eq!(check(Value::Array(many)), Err(DETAILS_TOO_MANY.to_owned()));
    }

    #[test]
    fn donation_items_must_add_up_to_the_amount() {
        let input = |total: Value| DonationInput {
            amount: total,
            donation_details: json!([{"donationTypeId": "custom", "amount": 10, "name": "Other"}, {"donationTypeId": TYPE_ID, "amount": 15.25, "name": "Puja"}]),
            event_id: None,
            notes: Some("  In memory of my father ".into()),
        };
        let valid = input(json!(25.25)).validate().expect("adds up");
        assert_eq!(valid.amount, Money::from_cents(2525));
        assert_eq!(valid.target, DonationTarget::Direct);
        assert_eq!(valid.notes.as_deref(), Some("In memory of my father"));
        let errors = input(json!(30)).validate().expect_err("does not add up");
        assert_eq!(errors.get("donationDetails"), Some(DETAILS_DO_NOT_ADD_UP));
        let errors = input(json!(0)).validate().expect_err("too small");
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

    #[test]
    fn stored_details_keep_exact_amounts() {
        let details = vec![DonationDetail { donation_type_id: "custom".into(), amount: Money::from_cents(1999), name: "Other".into() }];
        let text = details_to_json(&details);
        assert!(text.contains("\"19.99\""), "{text}");
        assert_eq!(details_from_json(&text), details);
        assert_eq!(details_from_json("garbage"), Vec::new());
    }

    fn payment(event: Option<&str>, name: Option<&str>, cents: i64, status: PaymentStatus, details: Vec<(&str, &str, i64)>) -> Payment {
        Payment {
            id: "p".into(),
            event_id: event.map(Into::into),
            event_name: name.map(Into::into),
            user_id: None,
            payment_date: now(),
            method: PaymentMethodKind::CreditCard,
            amount: Money::from_cents(cents),
            status,
            provider: PaymentProvider::Sandbox,
            transaction_id: None,
            client_secret_hash: None,
            donation_details: details
                .into_iter()
                .map(|(id, n, c)| DonationDetail { donation_type_id: id.into(), name: n.into(), amount: Money::from_cents(c) })
                .collect(),
            receipt_url: None,
            receipt_number: None,
            idempotency_key: None,
            donor_name: None,
            donor_email: None,
            notes: None,
            created_at: now(),
            updated_at: now(),
        }
    }

    #[test]
    fn totals_count_completed_payments_per_type_and_event() {
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
        ];
        let totals = PaymentTotals::of(&payments);
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
}

//! The temple counter (docs/product.md#the-counter): a sale at the front desk, its lines and how
//! it was paid, in cash (with the change), by check, by card (taken first on the tablet), or split
//! across them.
//!
//! A sale is one payment (one receipt, one gift on a statement) with `channel` `counter`; how it
//! was paid is kept as its tenders, one per method used.

use chrono::NaiveDate;

use crate::donor::{in_honor_of, mailing_address};
use crate::input::NumberInput;
use crate::money::Money;
use crate::payment::{
    DonationDetail, DonationDetailsInput, MAX_AMOUNT, MIN_AMOUNT, PaymentMethodKind, details_total, parse_donation_details,
};
use crate::user::Email;
use crate::validation::{ValidationErrors, optional_text};

pub use crate::payment::Channel;

pub const TENDERS_MISSING: &str = "Add how the sale was paid";
pub const TENDERS_TOO_MANY: &str = "A sale can be paid in at most 4 parts";
pub const TENDER_METHOD_INVALID: &str = "Each payment part is cash, check or card";
pub const CARD_INTENT_INVALID: &str = "Take the card payment on the tablet before finishing the sale";
pub const ONE_CARD_TENDER: &str = "Take the card as one payment part";
pub const TENDER_AMOUNT_INVALID: &str = "Each payment part needs an amount greater than 0 with at most 2 decimal places";
pub const TENDERS_DO_NOT_ADD_UP: &str = "The payment parts must add up to the sale's total";
pub const ONE_CASH_TENDER: &str = "Take cash as one payment part";
pub const TENDERED_TOO_LITTLE: &str = "The cash received must be at least the cash part of the sale";
pub const TENDERED_INVALID: &str = "The cash received must be an amount with at most 2 decimal places";
pub const CHECK_NUMBER_INVALID: &str = "Enter the check number (digits, at most 20)";
pub const CHECK_BANK_INVALID: &str = "Enter the check's bank (at most 100 characters)";
pub const CHECK_DATE_INVALID: &str = "Enter the check's date as YYYY-MM-DD";
pub const TOTAL_OUT_OF_RANGE: &str = "A sale's total must be at least 1 and less than 1,000,000";
pub const WALK_IN_NAME_REQUIRED: &str = "Enter the walk-in's name";
pub const WALK_IN_NAME_TOO_LONG: &str = "Name must be at most 200 characters";
pub const WALK_IN_PHONE_INVALID: &str = "Phone must be at most 30 characters of digits, spaces and + - ( )";
pub const VOID_REASON_REQUIRED: &str = "Say why the sale is voided (at most 500 characters)";
pub const SEVA_NOT_OFFERED: &str = "This seva is not offered; choose another";
pub const TOO_MANY_SEVAS: &str = "At most 10 sevas can be booked in one sale";
pub const NOTHING_SOLD: &str = "Add a seva or a donation line";
pub const TOO_MANY_REGISTRATIONS: &str = "At most 5 event registrations can be made in one sale";
pub const REGISTRATION_TWICE: &str = "Register for each event once";
pub const REGISTRATION_EVENT_MISSING: &str = "Choose the event to register for";
pub const BATCH_EMPTY: &str = "Add at least one check";
pub const BATCH_TOO_LARGE: &str = "A batch holds at most 100 checks";
pub const BATCH_ONE_CHECK: &str = "Each entry of a batch is paid by one check";
pub const BATCH_CHANNEL_INVALID: &str = "Say where the checks came from: counter (at the temple) or mail";

const MAX_TENDERS: usize = 4;
const MAX_CHECK_NUMBER: usize = 20;
const MAX_BANK: usize = 100;
const MAX_NAME: usize = 200;
const MAX_PHONE: usize = 30;
const MAX_VOID_REASON: usize = 500;
const MAX_INTENT_ID: usize = 100;
pub const MAX_SEVAS: usize = 10;
pub const MAX_REGISTRATIONS: usize = 5;
pub const MAX_BATCH_CHECKS: usize = 100;

/// One part of a sale's payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tender {
    /// Cash: the part of the sale it pays, and what the person handed over (the rest is change).
    Cash { amount: Money, tendered: Money },
    /// A check, with what identifies it on the deposit slip.
    Check { amount: Money, number: String, bank: String, date: NaiveDate },
    /// A card, charged on the tablet before the sale by the provider's intent `intent_id`.
    Card { amount: Money, intent_id: String },
}

impl Tender {
    pub const fn amount(&self) -> Money {
        match self {
            Self::Cash { amount, .. } | Self::Check { amount, .. } | Self::Card { amount, .. } => *amount,
        }
    }

    pub const fn method(&self) -> PaymentMethodKind {
        match self {
            Self::Cash { .. } => PaymentMethodKind::Cash,
            Self::Check { .. } => PaymentMethodKind::Check,
            Self::Card { .. } => PaymentMethodKind::CreditCard,
        }
    }

    /// The change given back: what was handed over beyond the cash part.
    pub fn change(&self) -> Money {
        match self {
            Self::Cash { amount, tendered } => Money::from_cents(tendered.cents() - amount.cents()),
            Self::Check { .. } | Self::Card { .. } => Money::from_cents(0),
        }
    }

    /// The card intent this part was charged by, for a card part.
    pub fn card_intent(&self) -> Option<&str> {
        match self {
            Self::Card { intent_id, .. } => Some(intent_id),
            _ => None,
        }
    }
}

/// One part of the payment as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TenderInput {
    pub method: Option<String>,
    pub amount: NumberInput,
    /// Cash: what was handed over; missing means exactly the amount.
    pub tendered: NumberInput,
    pub check_number: Option<String>,
    pub bank: Option<String>,
    pub check_date: Option<String>,
    /// Card: the intent the tablet charged (`POST /api/counter/card-charges`).
    pub payment_intent_id: Option<String>,
}

impl TenderInput {
    /// Cash: `amount` of the sale, `tendered` handed over.
    pub fn cash(amount: &str, tendered: &str) -> Self {
        Self { method: Some("cash".into()), amount: NumberInput::text(amount), tendered: NumberInput::text(tendered), ..Self::default() }
    }

    /// A check of `amount` with its number, bank and date ("YYYY-MM-DD").
    pub fn check(amount: &str, number: &str, bank: &str, date: &str) -> Self {
        Self {
            method: Some("check".into()),
            amount: NumberInput::text(amount),
            check_number: Some(number.into()),
            bank: Some(bank.into()),
            check_date: Some(date.into()),
            ..Self::default()
        }
    }

    /// A card part of `amount` charged by the intent `intent_id`.
    pub fn card(amount: &str, intent_id: &str) -> Self {
        Self {
            method: Some("card".into()),
            amount: NumberInput::text(amount),
            payment_intent_id: Some(intent_id.into()),
            ..Self::default()
        }
    }
}

/// Who is giving: a member found by the search, a walk-in found by the search (the donor record
/// of an earlier sale, by its id), or a new walk-in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CounterDonorInput {
    Member(crate::UserId),
    Returning(String),
    WalkIn { name: Option<String>, email: Option<String>, phone: Option<String>, address: Option<String> },
}

/// A walk-in as recorded: a donor record so their gifts add up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkIn {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
}

/// Who is giving, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CounterDonor {
    Member(crate::UserId),
    /// A walk-in who gave before: their donor record's id.
    Returning(String),
    WalkIn(WalkIn),
}

/// A walk-in's donor record as stored, found again when they come back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DonorRecord {
    pub id: String,
    pub walk_in: WalkIn,
}

/// A seva to book in the sale: which, for which day and slot (the seva's own rules apply), and
/// for a suggested-donation seva what is given (its suggestion when missing).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CounterSevaInput {
    pub seva_id: String,
    /// "YYYY-MM-DD", the temple's local date.
    pub date: String,
    /// "HH:MM" of one of its slots; blank for a daily count.
    pub slot: Option<String>,
    pub amount: NumberInput,
}

/// An event registration in the sale, for the member: the event, and the party as the event's
/// own registration form takes it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CounterRegistrationInput {
    pub event_id: String,
    pub registration: crate::registration::RegistrationInput,
}

/// A registration of the sale, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterRegistration {
    pub event_id: crate::EventId,
    pub registration: crate::registration::ValidRegistration,
}

/// A sale as the counter sends it.
#[derive(Debug, Clone, PartialEq)]
pub struct CounterSaleInput {
    pub donor: CounterDonorInput,
    pub sevas: Vec<CounterSevaInput>,
    /// Event registrations for the member, made with the sale (at most 5).
    pub registrations: Vec<CounterRegistrationInput>,
    pub lines: DonationDetailsInput,
    pub tenders: Vec<TenderInput>,
    pub in_honor_of: Option<String>,
}

/// A valid sale: its lines, their total, and tenders adding up to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterSale {
    pub donor: CounterDonor,
    pub registrations: Vec<CounterRegistration>,
    pub lines: Vec<DonationDetail>,
    pub total: Money,
    pub tenders: Vec<Tender>,
    pub in_honor_of: Option<String>,
}

impl CounterSale {
    /// The payment's method: the one method used, or `split`.
    pub fn method(&self) -> PaymentMethodKind {
        match self.tenders.as_slice() {
            [one] => one.method(),
            _ => PaymentMethodKind::Split,
        }
    }

    /// The change given back in cash.
    pub fn change(&self) -> Money {
        Money::from_cents(self.tenders.iter().map(|t| t.change().cents()).sum())
    }
}

fn required_text(value: Option<&str>, max: usize, valid: impl Fn(&str) -> bool, message: &str) -> Result<String, String> {
    match value.map(str::trim) {
        Some(text) if !text.is_empty() && text.chars().count() <= max && valid(text) => Ok(text.to_owned()),
        _ => Err(message.to_owned()),
    }
}

fn tender(input: &TenderInput) -> Result<Tender, String> {
    let amount = input.amount.money().filter(|m| m.is_positive() && *m <= MAX_AMOUNT).ok_or_else(|| TENDER_AMOUNT_INVALID.to_owned())?;
    match input.method.as_deref().map(str::trim) {
        Some("cash") => {
            let tendered = match &input.tendered {
                NumberInput::Missing => amount,
                given => given.money().filter(|m| *m <= MAX_AMOUNT).ok_or_else(|| TENDERED_INVALID.to_owned())?,
            };
            if tendered < amount {
                return Err(TENDERED_TOO_LITTLE.to_owned());
            }
            Ok(Tender::Cash { amount, tendered })
        }
        Some("check") => {
            let number = required_text(
                input.check_number.as_deref(),
                MAX_CHECK_NUMBER,
                |t| t.bytes().all(|b| b.is_ascii_digit()),
                CHECK_NUMBER_INVALID,
            )?;
            let bank = required_text(input.bank.as_deref(), MAX_BANK, |_| true, CHECK_BANK_INVALID)?;
            let date = input
                .check_date
                .as_deref()
                .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok())
                .ok_or_else(|| CHECK_DATE_INVALID.to_owned())?;
            Ok(Tender::Check { amount, number, bank, date })
        }
        Some("card") => {
            let intent_id = required_text(
                input.payment_intent_id.as_deref(),
                MAX_INTENT_ID,
                |t| t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'),
                CARD_INTENT_INVALID,
            )?;
            Ok(Tender::Card { amount, intent_id })
        }
        _ => Err(TENDER_METHOD_INVALID.to_owned()),
    }
}

fn tenders(inputs: &[TenderInput], total: Option<Money>) -> Result<Vec<Tender>, String> {
    if inputs.is_empty() {
        return Err(TENDERS_MISSING.to_owned());
    }
    if inputs.len() > MAX_TENDERS {
        return Err(TENDERS_TOO_MANY.to_owned());
    }
    let tenders = inputs.iter().map(tender).collect::<Result<Vec<_>, _>>()?;
    if tenders.iter().filter(|t| matches!(t, Tender::Cash { .. })).count() > 1 {
        return Err(ONE_CASH_TENDER.to_owned());
    }
    if tenders.iter().filter(|t| matches!(t, Tender::Card { .. })).count() > 1 {
        return Err(ONE_CARD_TENDER.to_owned());
    }
    let paid = tenders.iter().try_fold(Money::from_cents(0), |sum, t| sum.checked_add(t.amount()));
    if total.is_some() && paid != total {
        return Err(TENDERS_DO_NOT_ADD_UP.to_owned());
    }
    Ok(tenders)
}

fn walk_in(
    name: Option<&str>,
    email: Option<&str>,
    phone: Option<&str>,
    address: Option<&str>,
    errors: &mut ValidationErrors,
) -> Option<WalkIn> {
    let name = errors.check(
        "donor.name",
        match name.map(str::trim) {
            None | Some("") => Err(WALK_IN_NAME_REQUIRED.to_owned()),
            Some(n) if n.chars().count() > MAX_NAME => Err(WALK_IN_NAME_TOO_LONG.to_owned()),
            Some(n) => Ok(n.to_owned()),
        },
    );
    let email = errors.check(
        "donor.email",
        match email.map(str::trim) {
            None | Some("") => Ok(None),
            Some(e) => Email::parse(e).map(|e| Some(e.as_str().to_owned())),
        },
    );
    let phone = errors.check(
        "donor.phone",
        optional_text(phone, MAX_PHONE, WALK_IN_PHONE_INVALID).and_then(|p| match p {
            Some(p) if !p.chars().all(|c| c.is_ascii_digit() || " +-()".contains(c)) => Err(WALK_IN_PHONE_INVALID.to_owned()),
            other => Ok(other),
        }),
    );
    let address = errors.check("donor.address", mailing_address(address));
    Some(WalkIn { name: name?, email: email?, phone: phone?, address: address? })
}

/// The sale's event registrations: at most 5, each event once, each party as the event's form
/// checks it (errors under `registrations[i].…`).
fn registrations(inputs: &[CounterRegistrationInput], errors: &mut ValidationErrors) -> Vec<CounterRegistration> {
    if inputs.len() > MAX_REGISTRATIONS {
        errors.add("registrations", TOO_MANY_REGISTRATIONS);
        return Vec::new();
    }
    let mut seen = std::collections::HashSet::new();
    let mut valid = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.iter().enumerate() {
        let event_id = input.event_id.trim();
        if event_id.is_empty() {
            errors.add(&format!("registrations[{i}].eventId"), REGISTRATION_EVENT_MISSING);
            continue;
        }
        if !seen.insert(event_id.to_owned()) {
            errors.add("registrations", REGISTRATION_TWICE);
            continue;
        }
        match input.registration.clone().validate() {
            Ok(registration) => valid.push(CounterRegistration { event_id: event_id.into(), registration }),
            Err(found) => {
                for (field, message) in found.fields() {
                    errors.add(&format!("registrations[{i}].{field}"), message);
                }
            }
        }
    }
    valid
}

impl CounterSaleInput {
    /// Checks the sale whose sevas were priced as `seva_lines` (first on the receipt): the donation
    /// lines may then be left out, and the payment parts add up to every line.
    pub fn validate(&self, seva_lines: Vec<DonationDetail>) -> Result<CounterSale, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let donor = match &self.donor {
            CounterDonorInput::Member(id) => Some(CounterDonor::Member(id.clone())),
            CounterDonorInput::Returning(id) => Some(CounterDonor::Returning(id.clone())),
            CounterDonorInput::WalkIn { name, email, phone, address } => {
                walk_in(name.as_deref(), email.as_deref(), phone.as_deref(), address.as_deref(), &mut errors).map(CounterDonor::WalkIn)
            }
        };
        let lines = match (&self.lines, seva_lines.is_empty()) {
            (DonationDetailsInput::Missing, false) => Some(seva_lines),
            (DonationDetailsInput::Items(items), false) if items.is_empty() => Some(seva_lines),
            (DonationDetailsInput::Missing, true) => errors.check("lines", Err(NOTHING_SOLD.to_owned())),
            (given, _) => errors.check("lines", parse_donation_details(given)).map(|donations| [seva_lines, donations].concat()),
        };
        let total = lines.as_deref().and_then(details_total);
        if lines.is_some() && !total.is_some_and(|t| t >= MIN_AMOUNT && t <= MAX_AMOUNT) {
            errors.add("lines", TOTAL_OUT_OF_RANGE);
        }
        let tenders = errors.check("tenders", tenders(&self.tenders, total));
        let honor = errors.check("inHonorOf", in_honor_of(self.in_honor_of.as_deref()));
        let registrations = registrations(&self.registrations, &mut errors);
        match (donor, lines, total, tenders, honor) {
            (Some(donor), Some(lines), Some(total), Some(tenders), Some(in_honor_of)) if errors.is_empty() => {
                Ok(CounterSale { donor, registrations, lines, total, tenders, in_honor_of })
            }
            _ => Err(errors),
        }
    }
}

/// Checks entered together, such as a festival table's or the week's mail: each one a gift of its
/// own (a sale paid by that one check), for a member, a walk-in who gave before, or a new walk-in.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckBatchInput {
    /// `counter` (collected at the temple) or `mail`.
    pub channel: Option<String>,
    pub checks: Vec<CounterSaleInput>,
}

impl CheckBatchInput {
    /// The batch's channel and its shape: 1 to 100 entries, each paid by one check and booking no
    /// seva (each entry's own lines and check are checked as a sale's).
    pub fn check_shape(&self) -> Result<Channel, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let channel = match self.channel.as_deref().map(str::trim) {
            Some("counter") => Some(Channel::Counter),
            Some("mail") => Some(Channel::Mail),
            _ => {
                errors.add("channel", BATCH_CHANNEL_INVALID);
                None
            }
        };
        if self.checks.is_empty() {
            errors.add("checks", BATCH_EMPTY);
        } else if self.checks.len() > MAX_BATCH_CHECKS {
            errors.add("checks", BATCH_TOO_LARGE);
        }
        for (i, entry) in self.checks.iter().enumerate() {
            let one_check = matches!(entry.tenders.as_slice(), [only] if only.method.as_deref().map(str::trim) == Some("check"));
            if !one_check || !entry.sevas.is_empty() {
                errors.add(&format!("checks[{i}].tenders"), BATCH_ONE_CHECK);
            }
        }
        match channel {
            Some(channel) if errors.is_empty() => Ok(channel),
            _ => Err(errors),
        }
    }
}

/// The reason a treasurer gives for voiding a sale: required, at most 500 characters.
pub fn void_reason(raw: Option<&str>) -> Result<String, ValidationErrors> {
    required_text(raw, MAX_VOID_REASON, |_| true, VOID_REASON_REQUIRED).map_err(|m| ValidationErrors::single("reason", &m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payment::DonationItemInput;

    fn n(text: &str) -> NumberInput {
        NumberInput::Text(text.into())
    }

    fn lines(amounts: &[&str]) -> DonationDetailsInput {
        DonationDetailsInput::Items(amounts.iter().map(|a| DonationItemInput::new("custom", n(a), "General donation")).collect())
    }

    fn cash(amount: &str, tendered: &str) -> TenderInput {
        TenderInput::cash(amount, tendered)
    }

    fn check(amount: &str) -> TenderInput {
        TenderInput::check(amount, " 1042 ", "Golden 1", "2026-11-24")
    }

    fn sale(tenders: Vec<TenderInput>) -> CounterSaleInput {
        CounterSaleInput {
            donor: CounterDonorInput::Member("u1".into()),
            sevas: Vec::new(),
            registrations: Vec::new(),
            lines: lines(&["11", "51"]),
            tenders,
            in_honor_of: None,
        }
    }

    #[test]
    fn cash_over_the_total_gives_change() {
        let sale = sale(vec![cash("62", "100")]).validate(Vec::new()).expect("valid");
        assert_eq!((sale.total, sale.change(), sale.method()), (Money::from_dollars(62), Money::from_dollars(38), PaymentMethodKind::Cash));
    }

    #[test]
    fn a_split_sale_adds_up_to_its_total() {
        let sale = sale(vec![cash("12", "20"), check("50")]).validate(Vec::new()).expect("valid");
        assert_eq!((sale.method(), sale.change()), (PaymentMethodKind::Split, Money::from_dollars(8)));
        assert_eq!(
            sale.tenders[1],
            Tender::Check {
                amount: Money::from_dollars(50),
                number: "1042".into(),
                bank: "Golden 1".into(),
                date: NaiveDate::from_ymd_opt(2026, 11, 24).expect("date")
            }
        );
        let card = self::sale(vec![cash("12", "12"), TenderInput::card("50", "pi_sandbox_1")]).validate(Vec::new()).expect("card");
        assert_eq!((card.method(), card.change()), (PaymentMethodKind::Split, Money::from_cents(0)));
        assert_eq!(card.tenders[1].card_intent(), Some("pi_sandbox_1"));
        assert_eq!(card.tenders[1].method(), PaymentMethodKind::CreditCard);
        let short = self::sale(vec![cash("12", "20"), check("40")]).validate(Vec::new()).expect_err("short");
        assert_eq!(short.get("tenders"), Some(TENDERS_DO_NOT_ADD_UP));
    }

    #[test]
    fn every_part_is_checked_with_a_clear_message() {
        let cases = [
            (vec![], TENDERS_MISSING),
            (vec![cash("62", "50")], TENDERED_TOO_LITTLE),
            (vec![cash("30", "30"), cash("32", "32")], ONE_CASH_TENDER),
            (vec![TenderInput { method: Some("coupon".into()), amount: n("62"), ..TenderInput::default() }], TENDER_METHOD_INVALID),
            (vec![TenderInput { method: Some("card".into()), amount: n("62"), ..TenderInput::default() }], CARD_INTENT_INVALID),
            (vec![TenderInput::card("62", "pi_1 OR 1=1")], CARD_INTENT_INVALID),
            (vec![TenderInput::card("30", "pi_a"), TenderInput::card("32", "pi_b")], ONE_CARD_TENDER),
            (vec![cash("0", "0")], TENDER_AMOUNT_INVALID),
            (vec![TenderInput { check_number: Some("12a".into()), ..check("62") }], CHECK_NUMBER_INVALID),
            (vec![TenderInput { bank: None, ..check("62") }], CHECK_BANK_INVALID),
            (vec![TenderInput { check_date: Some("11/24/2026".into()), ..check("62") }], CHECK_DATE_INVALID),
            (vec![check("10"), check("10"), check("10"), check("10"), check("22")], TENDERS_TOO_MANY),
        ];
        for (tenders, message) in cases {
            assert_eq!(sale(tenders).validate(Vec::new()).expect_err(message).get("tenders"), Some(message));
        }
        let exact = TenderInput { tendered: NumberInput::Missing, ..cash("62", "0") };
        assert_eq!(sale(vec![exact]).validate(Vec::new()).expect("exact cash").change(), Money::from_cents(0));
    }

    #[test]
    fn a_walk_in_needs_a_name_and_valid_details() {
        let walk_in = |name: Option<&str>, email: Option<&str>, phone: Option<&str>| CounterSaleInput {
            donor: CounterDonorInput::WalkIn {
                name: name.map(Into::into),
                email: email.map(Into::into),
                phone: phone.map(Into::into),
                address: None,
            },
            ..sale(vec![cash("62", "62")])
        };
        let errors = walk_in(None, Some("nope"), Some("call me")).validate(Vec::new()).expect_err("bad");
        assert_eq!(errors.get("donor.name"), Some(WALK_IN_NAME_REQUIRED));
        assert_eq!(errors.get("donor.email"), Some(crate::user::INVALID_EMAIL));
        assert_eq!(errors.get("donor.phone"), Some(WALK_IN_PHONE_INVALID));
        let ok = walk_in(Some(" Gopal Iyer "), Some(""), Some("(916) 555-0100")).validate(Vec::new()).expect("valid");
        assert_eq!(
            ok.donor,
            CounterDonor::WalkIn(WalkIn { name: "Gopal Iyer".into(), email: None, phone: Some("(916) 555-0100".into()), address: None })
        );
    }

    #[test]
    fn seva_lines_come_first_and_donation_lines_may_be_left_out() {
        let archana = DonationDetail {
            fund_id: None,
            donation_type_id: "custom".into(),
            amount: Money::from_dollars(11),
            name: "Seva: Archana".into(),
            exchange: crate::exchange::Exchange::Religious,
        };
        let with_gift = sale(vec![cash("62", "100")]).validate(vec![archana.clone()]);
        assert!(with_gift.is_err(), "11 + 62 is not 62");
        let both =
            CounterSaleInput { lines: lines(&["51"]), ..sale(vec![cash("62", "100")]) }.validate(vec![archana.clone()]).expect("valid");
        assert_eq!((both.lines.len(), both.lines[0].name.as_str(), both.total), (2, "Seva: Archana", Money::from_dollars(62)));
        let seva_only = CounterSaleInput { lines: DonationDetailsInput::Missing, ..sale(vec![cash("11", "20")]) };
        assert_eq!(seva_only.validate(vec![archana]).expect("valid").lines.len(), 1);
        let nothing = CounterSaleInput { lines: DonationDetailsInput::Missing, ..sale(vec![cash("11", "20")]) };
        assert_eq!(nothing.validate(Vec::new()).expect_err("empty").get("lines"), Some(NOTHING_SOLD));
    }

    #[test]
    fn event_registrations_are_checked_as_the_events_form_checks_them() {
        let with = |registrations: Vec<CounterRegistrationInput>| CounterSaleInput { registrations, ..sale(vec![cash("62", "62")]) };
        let reg = |event: &str, family: Option<f64>| CounterRegistrationInput {
            event_id: event.into(),
            registration: crate::registration::RegistrationInput { number_of_family_members: family, additional_notes: None },
        };
        let valid = with(vec![reg("e1", Some(2.0)), reg("e2", None)]).validate(Vec::new()).expect("valid");
        assert_eq!(valid.registrations.iter().map(|r| r.registration.people()).collect::<Vec<_>>(), [3, 1]);
        let twice = with(vec![reg("e1", None), reg(" e1 ", None)]).validate(Vec::new()).expect_err("twice");
        assert_eq!(twice.get("registrations"), Some(REGISTRATION_TWICE));
        let many = with((0..6).map(|i| reg(&format!("e{i}"), None)).collect()).validate(Vec::new()).expect_err("many");
        assert_eq!(many.get("registrations"), Some(TOO_MANY_REGISTRATIONS));
        let bad = with(vec![reg("", None), reg("e2", Some(1.5))]).validate(Vec::new()).expect_err("bad");
        assert_eq!(bad.get("registrations[0].eventId"), Some(REGISTRATION_EVENT_MISSING));
        assert!(bad.get("registrations[1].numberOfFamilyMembers").is_some(), "{bad:?}");
    }

    #[test]
    fn a_void_needs_a_reason() {
        assert_eq!(void_reason(Some("  Entered twice ")), Ok("Entered twice".into()));
        assert_eq!(void_reason(Some(" ")).expect_err("blank").get("reason"), Some(VOID_REASON_REQUIRED));
        assert!(void_reason(Some(&"x".repeat(501))).is_err());
    }

    #[test]
    fn a_check_batch_is_one_to_a_hundred_entries_each_paid_by_one_check() {
        let entry = |tenders: Vec<TenderInput>| CounterSaleInput {
            donor: CounterDonorInput::WalkIn { name: Some("Gopal Iyer".into()), email: None, phone: None, address: None },
            sevas: Vec::new(),
            registrations: Vec::new(),
            lines: lines(&["51"]),
            tenders,
            in_honor_of: None,
        };
        let check = || TenderInput::check("51", "1042", "Golden 1", "2026-11-24");
        let batch = |channel: &str, checks| CheckBatchInput { channel: Some(channel.into()), checks };
        assert_eq!(batch("mail", vec![entry(vec![check()])]).check_shape(), Ok(Channel::Mail));
        assert_eq!(batch(" counter ", vec![entry(vec![check()])]).check_shape(), Ok(Channel::Counter));
        let bad = batch("online", vec![entry(vec![check()]), entry(vec![cash("51", "51")]), entry(vec![check(), check()])])
            .check_shape()
            .expect_err("refused");
        assert_eq!(bad.get("channel"), Some(BATCH_CHANNEL_INVALID));
        assert_eq!((bad.get("checks[0].tenders"), bad.get("checks[1].tenders")), (None, Some(BATCH_ONE_CHECK)));
        assert_eq!(bad.get("checks[2].tenders"), Some(BATCH_ONE_CHECK));
        assert_eq!(batch("mail", Vec::new()).check_shape().expect_err("empty").get("checks"), Some(BATCH_EMPTY));
        let many = (0..101).map(|_| entry(vec![check()])).collect();
        assert_eq!(batch("mail", many).check_shape().expect_err("too many").get("checks"), Some(BATCH_TOO_LARGE));
    }
}

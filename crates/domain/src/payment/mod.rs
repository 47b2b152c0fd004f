//! Payments (docs/product.md#donations-and-payments): a payment as recorded, its status and the
//! changes allowed, how and where it was paid, refunds and receipt numbers. What a donation is
//! made of (amounts, details, target) is in `donation`; the admin's sums in `totals`.

use chrono::{DateTime, Utc};

use crate::id::{EventId, PaymentId, UserId};
use crate::input::NumberInput;
use crate::money::Money;
use crate::text_enum;

mod donation;
mod totals;

pub use donation::*;
pub use totals::*;

pub const REFUND_TOO_SMALL: &str = "Refund amount must be greater than 0";
pub const REFUND_INVALID: &str = "Refund amount must be a number with at most 2 decimal places";

/// Donations are in US dollars.
pub const CURRENCY: &str = "usd";

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

text_enum!(
    /// How money reached the temple: the ledger's channel of every payment.
    Channel { Online => "online", Counter => "counter", Hundi => "hundi", Mail => "mail", Imported => "imported" }
);

impl PaymentProvider {
    /// The providers a card payment goes through: the offline sandbox or Stripe.
    pub const CARD: [Self; 2] = [Self::Sandbox, Self::Stripe];

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
    pub channel: Channel,
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

impl Payment {
    /// A test payment (made through the sandbox): listed as such, never counted as money received.
    pub const fn is_test(&self) -> bool {
        self.provider.is_test()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::donation_type::DonationType;
    use crate::exchange::Exchange;
    use crate::id::DonationTypeId;
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
                fund_id: None,
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
        let no_type = DonationItemInput::Fields {
            donation_type_id: None,
            amount: n("1"),
            name: Some("x".into()),
            fund_id: None,
            exchange: Exchange::Nothing,
        };
        assert_eq!(check(DonationDetailsInput::Items(vec![no_type])), Err(DETAIL_TYPE_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("0"), "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("-1"), "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("0.001"), "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", NumberInput::Missing, "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", NumberInput::Other, "x")])), Err(DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(items(&[("custom", n("1"), " ")])), Err(DETAIL_NAME_INVALID.to_owned()));
        let no_name = DonationItemInput::Fields {
            donation_type_id: Some("custom".into()),
            amount: n("1"),
            name: None,
            fund_id: None,
            exchange: Exchange::Nothing,
        };
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
                    fund_id: None,
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
        crate::testing::donation_type(id, name, is_active)
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
            fund_id: None,
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

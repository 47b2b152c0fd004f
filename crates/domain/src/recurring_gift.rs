//! Recurring gifts by card (docs/product.md#recurring-gifts, ADR 0136): a donor gives an amount
//! to a fund every month, quarter or year from a start date, on a card saved with the provider.
//! Our own job charges each period; a failed charge is retried, and after a set number of
//! failures in a row the gift pauses until the donor updates the card or resumes it.
//!
//! The schedule keeps the day of the month of the start date (its anchor): a gift started on the
//! 31st is charged on the last day of shorter months and on the 31st again when there is one.

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};

use crate::id::{FundId, PaymentId, UserId};
use crate::input::NumberInput;
use crate::money::Money;
use crate::validation::ValidationErrors;

pub const AMOUNT_INVALID: &str = "Amount must be an amount in dollars, like 25 or 25.00";
pub const AMOUNT_TOO_SMALL: &str = "Amount must be at least 1";
pub const AMOUNT_TOO_LARGE: &str = "Amount must be at most 100,000";
pub const FREQUENCY_INVALID: &str = "Choose monthly, quarterly or yearly";
pub const FUND_REQUIRED: &str = "Choose a fund";
pub const FUND_CLOSED: &str = "Choose a fund that receives gifts";
pub const DATE_INVALID: &str = "Enter a date as YYYY-MM-DD";
pub const DATE_IN_THE_PAST: &str = "Choose today or a later date";
pub const DATE_TOO_FAR: &str = "Choose a date within a year";
pub const RECEIPTS_INVALID: &str = "Choose a receipt for each gift or the year-end statement only";
pub const NAME_REQUIRED: &str = "Enter your name";
pub const NAME_TOO_LONG: &str = "Name must be at most 200 characters";
pub const EMAIL_REQUIRED: &str = "Enter your e-mail address, for your receipts and this gift's link";
pub const NOTHING_TO_CHANGE: &str = "Nothing to change";
pub const CANCELED: &str = "This gift was canceled; start a new one instead";
pub const NO_CARD_YET: &str = "Save a card for this gift first";
pub const NOT_PAUSED: &str = "This gift is not paused";
pub const ALREADY_PAUSED: &str = "This gift is already paused";
pub const SETUP_MISMATCH: &str = "This card form is out of date; start again";
pub const CARD_DECLINED: &str = "Your card was declined. Try another card.";
pub const CARD_NOT_SAVED: &str = "The card was not saved yet; finish the card form first";
/// Why a charge failed, as the donor is told when the provider gives no reason of its own.
pub const CHARGE_DECLINED: &str = "Your card was declined.";
pub const CHARGE_NEEDS_CONFIRMATION: &str = "Your bank asks you to confirm this payment.";
pub const CARD_GONE: &str = "The saved card is no longer available.";

pub const MAX_AMOUNT: Money = Money::from_dollars(100_000);
/// How far ahead a gift may start (or its next date be moved).
pub const MAX_DAYS_AHEAD: i64 = 366;
/// Failures in a row before a gift pauses, unless the temple sets another number.
pub const DEFAULT_MAX_FAILURES: u32 = 3;
/// Days after the n-th failure in a row before the next try (the last applies from then on).
pub const RETRY_AFTER_DAYS: [i64; 2] = [3, 7];

crate::text_enum!(
    /// How often a gift is charged.
    Frequency {
        Monthly => "monthly",
        Quarterly => "quarterly",
        Yearly => "yearly",
    }
);

impl Frequency {
    pub const fn months(self) -> u32 {
        match self {
            Self::Monthly => 1,
            Self::Quarterly => 3,
            Self::Yearly => 12,
        }
    }

    /// "month", "quarter", "year".
    pub const fn period(self) -> &'static str {
        match self {
            Self::Monthly => "month",
            Self::Quarterly => "quarter",
            Self::Yearly => "year",
        }
    }
}

crate::text_enum!(
    /// Where a gift stands.
    GiftStatus {
        /// Made, waiting for its card to be saved; never charged.
        Setup => "setup",
        Active => "active",
        /// Not charged until resumed (by the donor, or by saving a new card after failures).
        Paused => "paused",
        /// Ended by the donor; kept with its charges.
        Canceled => "canceled",
    }
);

crate::text_enum!(
    /// Who paused a gift.
    PausedBy {
        Donor => "donor",
        /// Its charges failed the set number of times in a row.
        Failures => "failures",
    }
);

crate::text_enum!(
    /// Whether each charge gets its own receipt e-mail, or only appears in the year-end statement.
    ReceiptChoice {
        Each => "each",
        Statement => "statement",
    }
);

/// The saved card as the donor sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardOnFile {
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: i32,
}

/// One charge attempt of a gift: a payment of the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCharge {
    pub payment_id: PaymentId,
    pub receipt_number: String,
    pub amount: Money,
    /// The payment's status (`completed`, `failed`, `pending`...).
    pub status: String,
    pub charged_at: DateTime<Utc>,
    /// The period it pays for (its scheduled date).
    pub period_on: NaiveDate,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringGift {
    pub id: String,
    pub user_id: Option<UserId>,
    pub donor_name: String,
    pub donor_email: String,
    pub amount: Money,
    pub fund_id: FundId,
    pub fund_name: String,
    pub frequency: Frequency,
    /// The day of the month the schedule keeps (1-31).
    pub anchor_day: u32,
    pub start_on: NaiveDate,
    /// The scheduled date of the next period to charge.
    pub next_charge_on: NaiveDate,
    /// After a failure: when the period is tried again.
    pub retry_on: Option<NaiveDate>,
    pub status: GiftStatus,
    pub paused_by: Option<PausedBy>,
    /// Failed charges in a row.
    pub failures: u32,
    pub last_error: Option<String>,
    pub receipts: ReceiptChoice,
    pub provider: String,
    pub customer_id: Option<String>,
    pub payment_method_id: Option<String>,
    pub card: Option<CardOnFile>,
    pub setup_intent_id: Option<String>,
    pub setup_secret_hash: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub paused_at: Option<DateTime<Utc>>,
    pub canceled_at: Option<DateTime<Utc>>,
    /// Newest first (at most [`RECENT_CHARGES`] when read for a view).
    pub charges: Vec<GiftCharge>,
}

/// How many charges a gift's view lists.
pub const RECENT_CHARGES: u64 = 24;

impl RecurringGift {
    /// The date the job charges it next: the retry date after a failure, else the period's.
    pub fn due_on(&self) -> NaiveDate {
        self.retry_on.unwrap_or(self.next_charge_on)
    }

    pub fn is_due(&self, today: NaiveDate) -> bool {
        self.status == GiftStatus::Active && self.payment_method_id.is_some() && self.due_on() <= today
    }

    /// The idempotency key of the charge of its current period and attempt: a repeated step
    /// finds the same payment, and the provider answers the same charge.
    pub fn charge_key(&self) -> String {
        format!("recurring:{}:{}:{}", self.id, self.next_charge_on, self.failures)
    }
}

/// The `anchor` day of `year`/`month`, or the month's last day when it is shorter.
pub fn day_in_month(year: i32, month: u32, anchor: u32) -> NaiveDate {
    let first = NaiveDate::from_ymd_opt(year, month, 1).unwrap_or(NaiveDate::MIN);
    let last = first.checked_add_months(Months::new(1)).and_then(|d| d.pred_opt()).unwrap_or(first);
    NaiveDate::from_ymd_opt(year, month, anchor.clamp(1, 31).min(last.day())).unwrap_or(last)
}

/// The period after the one scheduled on `on`.
pub fn next_period(on: NaiveDate, frequency: Frequency, anchor: u32) -> NaiveDate {
    let first = NaiveDate::from_ymd_opt(on.year(), on.month(), 1).unwrap_or(on);
    let next = first.checked_add_months(Months::new(frequency.months())).unwrap_or(first);
    day_in_month(next.year(), next.month(), anchor)
}

/// The first period on or after `today`, counting from `on` (a gift resumed after a pause skips
/// the periods it missed: a pause is not a debt).
pub fn first_period_from(on: NaiveDate, frequency: Frequency, anchor: u32, today: NaiveDate) -> NaiveDate {
    let mut date = on;
    while date < today {
        date = next_period(date, frequency, anchor);
    }
    date
}

/// The retry date after the `failures`-th failure in a row, failing on `today`.
pub fn retry_date(today: NaiveDate, failures: u32) -> NaiveDate {
    let index = usize::try_from(failures.saturating_sub(1)).unwrap_or(usize::MAX).min(RETRY_AFTER_DAYS.len() - 1);
    today + Duration::days(RETRY_AFTER_DAYS[index])
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

fn parse_frequency(value: Option<&str>) -> Result<Frequency, String> {
    value.map(str::trim).and_then(Frequency::parse).ok_or_else(|| FREQUENCY_INVALID.to_owned())
}

fn parse_receipts(value: Option<&str>) -> Result<ReceiptChoice, String> {
    value.map(str::trim).and_then(ReceiptChoice::parse).ok_or_else(|| RECEIPTS_INVALID.to_owned())
}

fn parse_fund(value: Option<&str>) -> Result<FundId, String> {
    value.map(str::trim).filter(|f| !f.is_empty()).map(|f| FundId::new(f.to_ascii_lowercase())).ok_or_else(|| FUND_REQUIRED.to_owned())
}

/// A date from today up to [`MAX_DAYS_AHEAD`] days on.
fn parse_date(value: Option<&str>, today: NaiveDate) -> Result<NaiveDate, String> {
    let day = NaiveDate::parse_from_str(value.map(str::trim).unwrap_or_default(), "%Y-%m-%d").map_err(|_| DATE_INVALID.to_owned())?;
    if day < today {
        Err(DATE_IN_THE_PAST.to_owned())
    } else if day > today + Duration::days(MAX_DAYS_AHEAD) {
        Err(DATE_TOO_FAR.to_owned())
    } else {
        Ok(day)
    }
}

/// A recurring gift as a donor sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecurringGiftInput {
    pub amount: NumberInput,
    pub frequency: Option<String>,
    pub fund_id: Option<String>,
    pub start_on: Option<String>,
    /// Defaults to a receipt for each gift.
    pub receipts: Option<String>,
}

/// A checked gift, not yet checked against the funds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGiftTerms {
    pub amount: Money,
    pub frequency: Frequency,
    pub fund_id: FundId,
    pub start_on: NaiveDate,
    pub receipts: ReceiptChoice,
}

impl RecurringGiftInput {
    /// Checks every field, `today` being the temple's date.
    pub fn validate(self, today: NaiveDate) -> Result<NewGiftTerms, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let amount = errors.check("amount", parse_amount(&self.amount));
        let frequency = errors.check("frequency", parse_frequency(self.frequency.as_deref().or(Some("monthly"))));
        let fund_id = errors.check("fundId", parse_fund(self.fund_id.as_deref()));
        let start_on = errors.check("startOn", parse_date(self.start_on.as_deref(), today));
        let receipts = errors.check("receipts", parse_receipts(self.receipts.as_deref().or(Some("each"))));
        match (amount, frequency, fund_id, start_on, receipts) {
            (Some(amount), Some(frequency), Some(fund_id), Some(start_on), Some(receipts)) if errors.is_empty() => {
                Ok(NewGiftTerms { amount, frequency, fund_id, start_on, receipts })
            }
            _ => Err(errors),
        }
    }
}

/// A donor's change to a gift: any of these.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GiftChangeInput {
    pub amount: Option<NumberInput>,
    pub fund_id: Option<String>,
    pub frequency: Option<String>,
    pub next_charge_on: Option<String>,
    pub receipts: Option<String>,
}

/// A checked change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GiftChange {
    pub amount: Option<Money>,
    pub fund_id: Option<FundId>,
    pub frequency: Option<Frequency>,
    /// A new next date also becomes the schedule's day of the month.
    pub next_charge_on: Option<NaiveDate>,
    pub receipts: Option<ReceiptChoice>,
}

impl GiftChangeInput {
    pub fn validate(self, today: NaiveDate) -> Result<GiftChange, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let change = GiftChange {
            amount: self.amount.as_ref().and_then(|a| errors.check("amount", parse_amount(a))),
            fund_id: self.fund_id.as_deref().and_then(|f| errors.check("fundId", parse_fund(Some(f)))),
            frequency: self.frequency.as_deref().and_then(|f| errors.check("frequency", parse_frequency(Some(f)))),
            next_charge_on: self.next_charge_on.as_deref().and_then(|d| errors.check("nextChargeOn", parse_date(Some(d), today))),
            receipts: self.receipts.as_deref().and_then(|r| errors.check("receipts", parse_receipts(Some(r)))),
        };
        errors.into_result()?;
        if change == GiftChange::default() {
            return Err(ValidationErrors::single("amount", NOTHING_TO_CHANGE));
        }
        Ok(change)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn a_schedule_keeps_its_day_and_uses_the_last_day_of_shorter_months() {
        let mut on = day("2027-01-31");
        let mut seen = vec![];
        for _ in 0..4 {
            on = next_period(on, Frequency::Monthly, 31);
            seen.push(on.to_string());
        }
        assert_eq!(seen, ["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
        assert_eq!(next_period(day("2027-11-30"), Frequency::Quarterly, 30), day("2028-02-29"));
        assert_eq!(next_period(day("2028-02-29"), Frequency::Yearly, 29), day("2029-02-28"));
        assert_eq!(next_period(day("2027-12-15"), Frequency::Monthly, 15), day("2028-01-15"));
    }

    #[test]
    fn a_resumed_gift_skips_the_periods_it_missed() {
        assert_eq!(first_period_from(day("2027-01-10"), Frequency::Monthly, 10, day("2027-04-02")), day("2027-04-10"));
        assert_eq!(first_period_from(day("2027-01-10"), Frequency::Monthly, 10, day("2027-04-10")), day("2027-04-10"));
        assert_eq!(first_period_from(day("2027-05-01"), Frequency::Yearly, 1, day("2027-04-02")), day("2027-05-01"));
    }

    #[test]
    fn retries_come_three_then_seven_days_after_a_failure() {
        assert_eq!(retry_date(day("2027-01-01"), 1), day("2027-01-04"));
        assert_eq!(retry_date(day("2027-01-04"), 2), day("2027-01-11"));
        assert_eq!(retry_date(day("2027-01-11"), 5), day("2027-01-18"));
    }

    #[test]
    fn a_new_gift_is_checked_field_by_field() {
        let today = day("2027-03-01");
        let ok = RecurringGiftInput {
            amount: NumberInput::text("25"),
            frequency: None,
            fund_id: Some(" Annadanam ".into()),
            start_on: Some("2027-03-01".into()),
            receipts: None,
        }
        .validate(today)
        .expect("valid");
        assert_eq!(
            (ok.amount, ok.frequency, ok.fund_id.as_str(), ok.receipts),
            (Money::from_dollars(25), Frequency::Monthly, "annadanam", ReceiptChoice::Each)
        );
        let errors = RecurringGiftInput {
            amount: NumberInput::text("0.5"),
            frequency: Some("weekly".into()),
            fund_id: None,
            start_on: Some("2027-02-28".into()),
            receipts: Some("never".into()),
        }
        .validate(today)
        .expect_err("invalid");
        assert_eq!(errors.get("amount"), Some(AMOUNT_TOO_SMALL));
        assert_eq!(errors.get("frequency"), Some(FREQUENCY_INVALID));
        assert_eq!(errors.get("fundId"), Some(FUND_REQUIRED));
        assert_eq!(errors.get("startOn"), Some(DATE_IN_THE_PAST));
        assert_eq!(errors.get("receipts"), Some(RECEIPTS_INVALID));
        let far =
            RecurringGiftInput { start_on: Some("2028-03-05".into()), ..RecurringGiftInput::default() }.validate(today).expect_err("far");
        assert_eq!(far.get("startOn"), Some(DATE_TOO_FAR));
    }

    #[test]
    fn a_change_names_something_valid_to_change() {
        let today = day("2027-03-01");
        assert_eq!(GiftChangeInput::default().validate(today).expect_err("empty").get("amount"), Some(NOTHING_TO_CHANGE));
        let change = GiftChangeInput { amount: Some(NumberInput::text("51")), ..GiftChangeInput::default() }.validate(today).expect("ok");
        assert_eq!(change.amount, Some(Money::from_dollars(51)));
        let bad = GiftChangeInput {
            amount: Some(NumberInput::text("x")),
            next_charge_on: Some("2027-02-01".into()),
            ..GiftChangeInput::default()
        }
        .validate(today)
        .expect_err("bad");
        assert_eq!((bad.get("amount"), bad.get("nextChargeOn")), (Some(AMOUNT_INVALID), Some(DATE_IN_THE_PAST)));
    }
}

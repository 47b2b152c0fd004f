//! Card settlements (docs/decisions/0146-stripe-fees-and-payouts.md): what the card provider kept
//! of each card payment (its fee) and what it paid into the temple's bank (its payouts), each
//! payout with the charges and refunds it carries, checked against the ledger.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use crate::Money;
use crate::payment::PaymentProvider;

crate::text_enum!(
    /// What a payout's line is: a card charge, a refund, or anything else the provider moved
    /// (an adjustment, a dispute, its own fees).
    PayoutLineKind { Charge => "charge", Refund => "refund", Other => "other" }
);

crate::text_enum!(
    /// Why a payout is flagged for the treasurer.
    PayoutProblem {
        /// The lines' net amounts do not add up to what reached the bank.
        SumDiffers => "sum_differs",
        /// A charge or refund names no payment of the ledger.
        UnmatchedLines => "unmatched_lines",
        /// A charge's amount is not its payment's amount.
        AmountDiffers => "amount_differs",
    }
);

/// A card payment's settlement as the provider reports it: its balance transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settlement {
    /// Stripe's `txn_...`.
    pub balance_transaction_id: String,
    pub gross: Money,
    pub fee: Money,
    pub net: Money,
    /// The day the money becomes available for a payout.
    pub available_on: NaiveDate,
}

/// A card payment's recorded fee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CardFee {
    pub payment_id: String,
    pub balance_transaction_id: String,
    pub gross: Money,
    pub fee: Money,
    pub net: Money,
    pub available_on: NaiveDate,
    pub recorded_at: DateTime<Utc>,
}

impl CardFee {
    pub fn of(payment_id: &str, settlement: Settlement, now: DateTime<Utc>) -> Self {
        Self {
            payment_id: payment_id.to_owned(),
            balance_transaction_id: settlement.balance_transaction_id,
            gross: settlement.gross,
            fee: settlement.fee,
            net: settlement.net,
            available_on: settlement.available_on,
            recorded_at: now,
        }
    }
}

/// A payout as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderPayout {
    /// Stripe's `po_...`.
    pub id: String,
    /// What reached the bank.
    pub amount: Money,
    /// The day it is expected in the bank.
    pub arrival_date: NaiveDate,
    pub created: DateTime<Utc>,
    /// `paid`, `pending`, `in_transit`, `failed` or `canceled`, as the provider names it.
    pub status: String,
}

/// One balance transaction of a payout, as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderPayoutLine {
    pub balance_transaction_id: String,
    pub kind: PayoutLineKind,
    /// Negative for a refund.
    pub gross: Money,
    pub fee: Money,
    pub net: Money,
    /// The payment intent a charge or refund belongs to.
    pub intent_id: Option<String>,
    pub description: Option<String>,
}

/// A payment of the ledger that a payout's line names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerCharge {
    pub payment_id: String,
    pub intent_id: String,
    pub amount: Money,
    pub receipt_number: Option<String>,
    pub donor: Option<String>,
}

/// A payout's line, matched to the ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PayoutLine {
    pub balance_transaction_id: String,
    pub kind: PayoutLineKind,
    pub gross: Money,
    pub fee: Money,
    pub net: Money,
    pub intent_id: Option<String>,
    pub description: Option<String>,
    /// The ledger's payment, when one matched.
    pub payment_id: Option<String>,
    pub receipt_number: Option<String>,
    pub donor: Option<String>,
    /// The ledger's amount of that payment.
    pub ledger_amount: Option<Money>,
}

impl PayoutLine {
    /// A charge or refund that names no payment of the ledger.
    pub fn is_unmatched(&self) -> bool {
        self.kind != PayoutLineKind::Other && self.payment_id.is_none()
    }

    /// A charge whose amount is not its payment's.
    pub fn amount_differs(&self) -> bool {
        self.kind == PayoutLineKind::Charge && self.ledger_amount.is_some_and(|amount| amount != self.gross)
    }
}

/// A recorded payout with its totals and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Payout {
    pub id: String,
    pub provider: PaymentProvider,
    pub amount: Money,
    pub arrival_date: NaiveDate,
    pub status: String,
    pub created: DateTime<Utc>,
    /// The lines' gross (charges less refunds), fees and net.
    pub gross: Money,
    pub fees: Money,
    pub net: Money,
    pub charges: u32,
    pub refunds: u32,
    pub unmatched: u32,
    pub problems: Vec<PayoutProblem>,
    pub recorded_at: DateTime<Utc>,
}

impl Payout {
    /// The lines' net less what reached the bank: zero when the payout adds up.
    pub fn difference(&self) -> Money {
        Money::from_cents(self.net.cents() - self.amount.cents())
    }

    /// Problems as stored: their texts separated by spaces.
    pub fn stored_problems(&self) -> String {
        self.problems.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(" ")
    }

    pub fn problems_from_stored(text: &str) -> Vec<PayoutProblem> {
        text.split_whitespace().filter_map(PayoutProblem::parse).collect()
    }
}

/// Matches a payout's lines to the ledger's payments (by payment intent) and totals it; a payout
/// whose lines do not add up to its amount, that carries a charge or refund of no payment, or a
/// charge of another amount than its payment's, is flagged.
pub fn reconcile(
    provider: PaymentProvider,
    payout: &ProviderPayout,
    lines: Vec<ProviderPayoutLine>,
    ledger: &[LedgerCharge],
    now: DateTime<Utc>,
) -> (Payout, Vec<PayoutLine>) {
    let matched: Vec<PayoutLine> = lines
        .into_iter()
        .map(|line| {
            let payment = match line.kind {
                PayoutLineKind::Other => None,
                _ => line.intent_id.as_deref().and_then(|intent| ledger.iter().find(|c| c.intent_id == intent)),
            };
            PayoutLine {
                payment_id: payment.map(|p| p.payment_id.clone()),
                receipt_number: payment.and_then(|p| p.receipt_number.clone()),
                donor: payment.and_then(|p| p.donor.clone()),
                ledger_amount: payment.map(|p| p.amount),
                balance_transaction_id: line.balance_transaction_id,
                kind: line.kind,
                gross: line.gross,
                fee: line.fee,
                net: line.net,
                intent_id: line.intent_id,
                description: line.description,
            }
        })
        .collect();
    let sum = |f: fn(&PayoutLine) -> Money| Money::from_cents(matched.iter().map(|l| f(l).cents()).sum());
    let count = |f: fn(&PayoutLine) -> bool| u32::try_from(matched.iter().filter(|l| f(l)).count()).unwrap_or(u32::MAX);
    let (gross, fees, net) = (sum(|l| l.gross), sum(|l| l.fee), sum(|l| l.net));
    let unmatched = count(PayoutLine::is_unmatched);
    let mut problems = Vec::new();
    if net != payout.amount {
        problems.push(PayoutProblem::SumDiffers);
    }
    if unmatched > 0 {
        problems.push(PayoutProblem::UnmatchedLines);
    }
    if matched.iter().any(PayoutLine::amount_differs) {
        problems.push(PayoutProblem::AmountDiffers);
    }
    let recorded = Payout {
        id: payout.id.clone(),
        provider,
        amount: payout.amount,
        arrival_date: payout.arrival_date,
        status: payout.status.clone(),
        created: payout.created,
        gross,
        fees,
        net,
        charges: count(|l| l.kind == PayoutLineKind::Charge),
        refunds: count(|l| l.kind == PayoutLineKind::Refund),
        unmatched,
        problems,
        recorded_at: now,
    };
    (recorded, matched)
}

/// The sandbox's fee: Stripe's US list price for cards, 2.9% + 30¢, the percentage rounded half
/// up to the cent as Stripe rounds it, and never more than the charge.
pub fn sandbox_fee(gross: Money) -> Money {
    let cents = gross.cents().max(0);
    let percent = (cents * 29 + 500) / 1000;
    Money::from_cents((percent + 30).min(cents))
}

/// How many days after a charge the sandbox makes its money available, as Stripe's standard US
/// payout schedule does (two business days; the sandbox counts calendar days).
pub const SANDBOX_SETTLEMENT_DAYS: i64 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: &str) -> DateTime<Utc> {
        format!("{day}T12:00:00Z").parse().expect("a time")
    }

    fn line(id: &str, kind: PayoutLineKind, gross: i64, fee: i64, intent: Option<&str>) -> ProviderPayoutLine {
        ProviderPayoutLine {
            balance_transaction_id: id.into(),
            kind,
            gross: Money::from_cents(gross),
            fee: Money::from_cents(fee),
            net: Money::from_cents(gross - fee),
            intent_id: intent.map(Into::into),
            description: None,
        }
    }

    fn charge(payment: &str, intent: &str, cents: i64) -> LedgerCharge {
        LedgerCharge {
            payment_id: payment.into(),
            intent_id: intent.into(),
            amount: Money::from_cents(cents),
            receipt_number: Some(format!("R-{payment}")),
            donor: Some("Lakshmi".into()),
        }
    }

    fn payout(amount: i64) -> ProviderPayout {
        ProviderPayout {
            id: "po_1".into(),
            amount: Money::from_cents(amount),
            arrival_date: "2026-12-03".parse().expect("a day"),
            created: at("2026-12-01"),
            status: "paid".into(),
        }
    }

    #[test]
    fn a_payout_that_adds_up_is_not_flagged() {
        let lines = vec![
            line("txn_1", PayoutLineKind::Charge, 10_000, 320, Some("pi_1")),
            line("txn_2", PayoutLineKind::Charge, 5_000, 175, Some("pi_2")),
            line("txn_3", PayoutLineKind::Refund, -2_000, 0, Some("pi_1")),
        ];
        let ledger = [charge("p1", "pi_1", 10_000), charge("p2", "pi_2", 5_000)];
        let (recorded, lines) = reconcile(PaymentProvider::Stripe, &payout(12_505), lines, &ledger, at("2026-12-04"));
        assert_eq!(recorded.problems, vec![]);
        assert_eq!((recorded.gross.cents(), recorded.fees.cents(), recorded.net.cents()), (13_000, 495, 12_505));
        assert_eq!((recorded.charges, recorded.refunds, recorded.unmatched), (2, 1, 0));
        assert_eq!(recorded.difference(), Money::from_cents(0));
        assert_eq!(lines[2].payment_id.as_deref(), Some("p1"));
        assert_eq!(lines[0].receipt_number.as_deref(), Some("R-p1"));
    }

    #[test]
    fn a_payout_is_flagged_for_each_thing_wrong_with_it() {
        let lines = vec![
            line("txn_1", PayoutLineKind::Charge, 10_000, 320, Some("pi_1")),
            line("txn_2", PayoutLineKind::Charge, 5_000, 175, Some("pi_unknown")),
            line("txn_3", PayoutLineKind::Other, -1_500, 0, None),
        ];
        let ledger = [charge("p1", "pi_1", 9_000)];
        let (recorded, lines) = reconcile(PaymentProvider::Stripe, &payout(14_505), lines, &ledger, at("2026-12-04"));
        assert_eq!(recorded.problems, vec![PayoutProblem::SumDiffers, PayoutProblem::UnmatchedLines, PayoutProblem::AmountDiffers]);
        assert_eq!(recorded.net.cents(), 13_005);
        assert_eq!(recorded.difference(), Money::from_cents(-1_500));
        assert_eq!(recorded.unmatched, 1, "an adjustment is not a charge of the ledger");
        assert!(lines[1].is_unmatched() && !lines[2].is_unmatched() && lines[0].amount_differs());
        assert_eq!(Payout::problems_from_stored(&recorded.stored_problems()), recorded.problems);
    }

    #[test]
    fn the_sandbox_charges_stripes_list_price_rounded_half_up() {
        assert_eq!(sandbox_fee(Money::from_cents(10_000)), Money::from_cents(320));
        // 2.9% of $25.00 is 72.5¢: rounded up to 73¢.
        assert_eq!(sandbox_fee(Money::from_cents(2_500)), Money::from_cents(103));
        assert_eq!(sandbox_fee(Money::from_cents(2_499)), Money::from_cents(102));
        assert_eq!(sandbox_fee(Money::from_cents(20)), Money::from_cents(20), "never more than the charge");
    }
}

//! Money received, per donation type and per event, with test payments summed apart.

use std::collections::BTreeMap;

use super::{Payment, PaymentStatus};
use crate::fund::GENERAL_FUND_ID;
use crate::id::{EventId, FundId};
use crate::money::Money;

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

/// Money received per fund, net of refunds (each line less its share of the payment's refund).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundTotal {
    pub fund_id: FundId,
    pub amount: Money,
    /// How many payments have a part in the fund.
    pub count: u64,
}

/// A line's amount less its share of a partial refund: `line × refunded ÷ total`, rounded toward
/// zero, so the fund keeps at most a cent more than its exact share (docs/product.md#funds). The
/// fund pages sum the same in SQL.
pub fn net_of_refund(line: Money, refunded: Money, total: Money) -> Money {
    if refunded.cents() <= 0 || total.cents() <= 0 {
        return line;
    }
    let share = i128::from(line.cents()) * i128::from(refunded.cents()) / i128::from(total.cents());
    Money::from_cents(line.cents() - i64::try_from(share).unwrap_or(line.cents()))
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
    /// Money received per fund, net of refunds, largest first.
    pub by_fund: Vec<FundTotal>,
    /// Completed test payments, summed apart.
    pub test: TestTotal,
}

impl PaymentTotals {
    /// Sums the completed payments among `payments`, largest totals first; test payments are
    /// summed apart in `test`. Expects the payments newest first, so the newest names are kept.
    pub fn of(payments: &[Payment]) -> Self {
        let mut types: BTreeMap<String, DonationTypeTotal> = BTreeMap::new();
        let mut events: BTreeMap<(Option<EventId>, Option<String>), EventTotal> = BTreeMap::new();
        let mut funds: BTreeMap<FundId, FundTotal> = BTreeMap::new();
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
            let mut in_funds: BTreeMap<FundId, Money> = BTreeMap::new();
            for detail in &payment.donation_details {
                let fund = detail.fund_id.clone().unwrap_or_else(|| FundId::new(GENERAL_FUND_ID));
                let net = net_of_refund(detail.amount, payment.refunded_amount, payment.amount);
                let sum = in_funds.entry(fund).or_insert(Money::from_cents(0));
                *sum = Money::from_cents(sum.cents().saturating_add(net.cents()));
            }
            for (fund_id, amount) in in_funds {
                let entry = funds.entry(fund_id.clone()).or_insert_with(|| FundTotal { fund_id, amount: Money::from_cents(0), count: 0 });
                entry.amount = Money::from_cents(entry.amount.cents().saturating_add(amount.cents()));
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
        let mut by_fund: Vec<_> = funds.into_values().collect();
        by_fund.sort_by(|a, b| b.amount.cmp(&a.amount).then_with(|| a.fund_id.cmp(&b.fund_id)));
        Self { by_donation_type, by_event, by_fund, test }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payment::{DonationDetail, PaymentProvider};
    use crate::testing::payment;

    fn line(fund: Option<&str>, cents: i64) -> DonationDetail {
        DonationDetail {
            fund_id: fund.map(FundId::new),
            amount: Money::from_cents(cents),
            ..payment("x", PaymentStatus::Completed, PaymentProvider::Stripe).donation_details[0].clone()
        }
    }

    #[test]
    fn a_refund_is_shared_between_the_funds_rounding_toward_zero() {
        assert_eq!(net_of_refund(Money::from_cents(1000), Money::from_cents(0), Money::from_cents(3000)), Money::from_cents(1000));
        // $10 of a $30 payment, $10 of it refunded: the line gives back 333.33 cents, kept as 333.
        assert_eq!(net_of_refund(Money::from_cents(1000), Money::from_cents(1000), Money::from_cents(3000)), Money::from_cents(667));
        assert_eq!(net_of_refund(Money::from_cents(3000), Money::from_cents(3000), Money::from_cents(3000)), Money::from_cents(0));
    }

    #[test]
    fn totals_per_fund_count_each_payment_once_per_fund_net_of_refunds() {
        let split = Payment {
            amount: Money::from_cents(3000),
            refunded_amount: Money::from_cents(1000),
            donation_details: vec![line(Some("building"), 1000), line(Some("building"), 1000), line(None, 1000)],
            ..payment("a", PaymentStatus::Completed, PaymentProvider::Stripe)
        };
        let plain = Payment {
            donation_details: vec![line(Some("building"), 2500)],
            ..payment("b", PaymentStatus::Completed, PaymentProvider::Stripe)
        };
        let test = Payment {
            donation_details: vec![line(Some("building"), 2500)],
            ..payment("c", PaymentStatus::Completed, PaymentProvider::Sandbox)
        };
        let refunded = Payment {
            donation_details: vec![line(Some("building"), 2500)],
            ..payment("d", PaymentStatus::Refunded, PaymentProvider::Stripe)
        };
        let totals = PaymentTotals::of(&[split, plain, test, refunded]);
        let building = FundTotal { fund_id: FundId::new("building"), amount: Money::from_cents(667 + 667 + 2500), count: 2 };
        let general = FundTotal { fund_id: FundId::new(GENERAL_FUND_ID), amount: Money::from_cents(667), count: 1 };
        assert_eq!(totals.by_fund, vec![building, general]);
    }
}

//! Money received, per donation type and per event, with test payments summed apart.

use std::collections::BTreeMap;

use super::{Payment, PaymentStatus};
use crate::id::EventId;
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

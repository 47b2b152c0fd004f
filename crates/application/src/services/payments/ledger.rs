//! The treasurer's ledger and the member's giving history
//! (docs/decisions/0098-treasurers-ledger.md): the filters the database cannot apply (purpose,
//! donor search, expired rows), pages, totals for the filter, and a member's totals per year.

use std::collections::BTreeMap;

use chrono::Datelike;
use mandir_domain::Money;
use mandir_domain::payment::{Payment, PaymentStatus};
use mandir_domain::staff::Permission;

use super::{PaymentError, PaymentQuery, PaymentService};
use crate::services::Actor;
use crate::services::paging::PageQuery;

/// The donor as the ledger shows and searches them. Every reader of a payment's donor goes
/// through [`donor_of`], so where the name comes from is decided in one place.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonorShown {
    /// Empty for a guest.
    pub name: String,
    /// Empty for a guest.
    pub email: String,
}

/// The donor of a payment: the name and e-mail the payment keeps as they were when the donor gave
/// (from the member's profile or the guest's form); empty for a guest gift recorded before donors were asked.
pub fn donor_of(payment: &Payment) -> DonorShown {
    DonorShown { name: payment.donor_name.clone().unwrap_or_default(), email: payment.donor_email.clone().unwrap_or_default() }
}

/// The ledger's filters applied to the rows the database found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Refinement {
    /// A donation type id or 'custom'.
    pub purpose: Option<String>,
    pub search: Option<String>,
    pub hide_expired: bool,
}

impl Refinement {
    fn keeps(&self, payment: &Payment, words: &[String]) -> bool {
        if self.hide_expired && payment.status == PaymentStatus::Expired {
            return false;
        }
        if let Some(purpose) = &self.purpose
            && !payment.donation_details.iter().any(|d| d.donation_type_id.eq_ignore_ascii_case(purpose))
        {
            return false;
        }
        if words.is_empty() {
            return true;
        }
        let donor = donor_of(payment);
        let haystack = format!("{} {} {}", donor.name, donor.email, payment.receipt_number.as_deref().unwrap_or_default()).to_lowercase();
        words.iter().all(|word| haystack.contains(word.as_str()))
    }

    /// The payments kept, in the same order.
    pub fn apply(&self, payments: Vec<Payment>) -> Vec<Payment> {
        let words: Vec<String> = self.search.iter().flat_map(|s| s.split_whitespace()).map(str::to_lowercase).collect();
        payments.into_iter().filter(|p| self.keeps(p, &words)).collect()
    }
}

/// Sums over every payment matching the filter (not only the page shown).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LedgerTotals {
    /// Payments matching.
    pub count: u64,
    /// Money received and kept: completed payments net of their partial refunds, test payments
    /// left out.
    pub received: Money,
    /// Completed payments counted in `received`.
    pub received_count: u64,
    /// Pending payments, not tests.
    pub pending: Money,
    /// Money given back: every refunded part, of partly and fully refunded payments, tests left out.
    pub refunded: Money,
    /// Completed test payments (the sandbox): never money received.
    pub test: Money,
}

impl LedgerTotals {
    pub fn of(payments: &[Payment]) -> Self {
        let mut totals = Self::default();
        for p in payments {
            totals.count += 1;
            let plus = |sum: Money, amount: Money| sum.checked_add(amount).unwrap_or(sum);
            match (p.status, p.provider.is_test()) {
                (PaymentStatus::Completed, true) => totals.test = plus(totals.test, p.kept()),
                (PaymentStatus::Completed, false) => {
                    totals.received = plus(totals.received, p.kept());
                    totals.received_count += 1;
                }
                (PaymentStatus::Pending, false) => totals.pending = plus(totals.pending, p.amount),
                _ => {}
            }
            if !p.provider.is_test() {
                totals.refunded = plus(totals.refunded, refunded_amount(p));
            }
        }
        totals
    }
}

/// The refunded part of a payment, as the ledger's CSV shows it.
pub fn refunded_amount(payment: &Payment) -> Money {
    match payment.status {
        PaymentStatus::Completed | PaymentStatus::Refunded => payment.refunded_amount,
        _ => Money::from_cents(0),
    }
}

impl PageQuery {
    fn parse(&self) -> Result<(u64, u64), PaymentError> {
        self.read().map_err(PaymentError::Validation)
    }
}

/// One page of the ledger and the totals of everything the filter matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerPage {
    pub items: Vec<Payment>,
    /// Payments matching the filter (every page).
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
    pub totals: LedgerTotals,
}

/// A member's giving in one calendar year of the temple's time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YearTotal {
    pub year: i32,
    /// Completed gifts net of refunds, test payments left out.
    pub amount: Money,
    pub count: u64,
    /// Completed test payments (the sandbox).
    pub test_amount: Money,
    pub test_count: u64,
}

/// Completed gifts per year of the temple's zone, the latest year first.
pub fn totals_per_year(payments: &[Payment], zone: chrono_tz::Tz) -> Vec<YearTotal> {
    let mut years: BTreeMap<i32, YearTotal> = BTreeMap::new();
    for p in payments.iter().filter(|p| p.status == PaymentStatus::Completed) {
        let year = p.payment_date.with_timezone(&zone).year();
        let entry = years.entry(year).or_insert(YearTotal {
            year,
            amount: Money::from_cents(0),
            count: 0,
            test_amount: Money::from_cents(0),
            test_count: 0,
        });
        if p.provider.is_test() {
            entry.test_amount = entry.test_amount.checked_add(p.kept()).unwrap_or(entry.test_amount);
            entry.test_count += 1;
        } else {
            entry.amount = entry.amount.checked_add(p.kept()).unwrap_or(entry.amount);
            entry.count += 1;
        }
    }
    years.into_values().rev().collect()
}

impl PaymentService {
    /// One page of the payments matching the filters, newest first, with the totals of all of
    /// them (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn ledger(&self, actor: &Actor, query: PaymentQuery, page: PageQuery) -> Result<LedgerPage, PaymentError> {
        actor.require(Permission::ReadLedger)?;
        let (page, page_size) = page.parse()?;
        let matching = self.list(actor, query).await?;
        let totals = LedgerTotals::of(&matching);
        let skip = usize::try_from((page - 1).saturating_mul(page_size)).unwrap_or(usize::MAX);
        let take = usize::try_from(page_size).unwrap_or(usize::MAX);
        let items = matching.into_iter().skip(skip).take(take).collect();
        Ok(LedgerPage { items, total: totals.count, page, page_size, totals })
    }

    /// The temple's time zone, in which exports show dates.
    #[tracing::instrument(skip_all)]
    pub async fn temple_zone(&self) -> Result<chrono_tz::Tz, PaymentError> {
        Ok(self.zone.time_zone().await?)
    }

    /// The member's completed gifts per year of the temple's time zone, the latest first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn my_totals_per_year(&self, actor: &Actor) -> Result<Vec<YearTotal>, PaymentError> {
        let mine = self.mine(actor).await?;
        let zone = self.zone.time_zone().await?;
        Ok(totals_per_year(&mine, zone))
    }
}

#[cfg(test)]
mod tests {
    use crate::services::paging::{DEFAULT_PAGE_SIZE, PAGE_INVALID, PAGE_SIZE_INVALID};
    use chrono::{TimeZone, Utc};
    use mandir_domain::payment::{DonationDetail, PaymentProvider};

    use super::*;
    use crate::services::payments::fixtures::*;

    fn gift(id: &str, status: PaymentStatus, provider: PaymentProvider, cents: i64) -> Payment {
        Payment { amount: Money::from_cents(cents), receipt_number: Some(format!("AUTO-1-{id}")), ..payment(id, status, provider) }
    }

    fn named(p: Payment, name: &str, email: &str) -> Payment {
        Payment { donor_name: Some(name.into()), donor_email: Some(email.into()), ..p }
    }

    fn ids(list: &[Payment]) -> Vec<&str> {
        list.iter().map(|p| p.id.as_str()).collect()
    }

    #[test]
    fn refinement_hides_expired_and_matches_purpose_and_donor_words() {
        let annadanam = DonationDetail {
            fund_id: None,
            donation_type_id: "ABC".into(),
            amount: Money::from_cents(2500),
            name: "Annadanam".into(),
            exchange: mandir_domain::exchange::Exchange::Nothing,
        };
        let rows = vec![
            named(gift("1", PaymentStatus::Completed, PaymentProvider::Stripe, 2500), "Asha Rao", "asha@example.org"),
            Payment {
                donation_details: vec![annadanam],
                ..named(gift("2", PaymentStatus::Pending, PaymentProvider::Zelle, 2500), "Ravi Iyer", "ravi@example.org")
            },
            gift("3", PaymentStatus::Expired, PaymentProvider::Stripe, 2500),
            gift("4", PaymentStatus::Completed, PaymentProvider::Stripe, 2500),
        ];
        let apply = |r: Refinement| ids(&r.apply(rows.clone())).join(",");
        assert_eq!(apply(Refinement { hide_expired: true, ..Refinement::default() }), "1,2,4");
        assert_eq!(apply(Refinement::default()), "1,2,3,4");
        assert_eq!(apply(Refinement { purpose: Some("abc".into()), ..Refinement::default() }), "2");
        assert_eq!(apply(Refinement { purpose: Some("custom".into()), ..Refinement::default() }), "1,3,4");
        assert_eq!(apply(Refinement { search: Some("RAO  asha".into()), ..Refinement::default() }), "1");
        assert_eq!(apply(Refinement { search: Some("example.org".into()), ..Refinement::default() }), "1,2");
        assert_eq!(apply(Refinement { search: Some("auto-1-4".into()), ..Refinement::default() }), "4");
        assert_eq!(apply(Refinement { search: Some("asha ravi".into()), ..Refinement::default() }), "");
    }

    #[test]
    fn totals_separate_received_pending_refunded_and_test_money() {
        let refunded = |p: Payment, cents| Payment { refunded_amount: Money::from_cents(cents), ..p };
        let rows = vec![
            // $25 given, $5 of it refunded: $20 received.
            refunded(gift("1", PaymentStatus::Completed, PaymentProvider::Stripe, 2500), 500),
            gift("2", PaymentStatus::Completed, PaymentProvider::Zelle, 1000),
            gift("3", PaymentStatus::Completed, PaymentProvider::Sandbox, 700),
            gift("4", PaymentStatus::Pending, PaymentProvider::Zelle, 300),
            refunded(gift("5", PaymentStatus::Refunded, PaymentProvider::Stripe, 200), 200),
            gift("6", PaymentStatus::Failed, PaymentProvider::Stripe, 100),
        ];
        let totals = LedgerTotals::of(&rows);
        assert_eq!(
            totals,
            LedgerTotals {
                count: 6,
                received: Money::from_cents(3000),
                received_count: 2,
                pending: Money::from_cents(300),
                refunded: Money::from_cents(700),
                test: Money::from_cents(700),
            }
        );
        assert_eq!(refunded_amount(&rows[4]), Money::from_cents(200));
        assert_eq!(refunded_amount(&rows[0]), Money::from_cents(500));
        assert_eq!(refunded_amount(&rows[1]), Money::from_cents(0));
    }

    #[test]
    fn years_follow_the_temples_zone() {
        let at = |y, mo, d, h| Utc.with_ymd_and_hms(y, mo, d, h, 0, 0).single().expect("date");
        let on = |p: Payment, date| Payment { payment_date: date, ..p };
        let rows = vec![
            // 2027-01-01 05:00 UTC is still New Year's Eve 2026 in Folsom.
            // $25 given, $5 refunded: $20 counts.
            on(
                Payment { refunded_amount: Money::from_cents(500), ..gift("1", PaymentStatus::Completed, PaymentProvider::Stripe, 2500) },
                at(2027, 1, 1, 5),
            ),
            on(gift("2", PaymentStatus::Completed, PaymentProvider::Zelle, 1000), at(2027, 1, 2, 12)),
            on(gift("3", PaymentStatus::Completed, PaymentProvider::Sandbox, 700), at(2026, 6, 1, 12)),
            on(gift("4", PaymentStatus::Pending, PaymentProvider::Zelle, 9999), at(2026, 6, 1, 12)),
        ];
        let years = totals_per_year(&rows, chrono_tz::America::Los_Angeles);
        assert_eq!(
            years,
            vec![
                YearTotal { year: 2027, amount: Money::from_cents(1000), count: 1, test_amount: Money::from_cents(0), test_count: 0 },
                YearTotal { year: 2026, amount: Money::from_cents(2000), count: 1, test_amount: Money::from_cents(700), test_count: 1 },
            ]
        );
    }

    #[tokio::test]
    async fn the_ledger_pages_the_filtered_rows_and_totals_all_of_them() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments
            .expect_list()
            .returning(|_| Ok((1..=7).map(|n| gift(&n.to_string(), PaymentStatus::Completed, PaymentProvider::Zelle, 100)).collect()));
        let service = m.service();
        let page = |p: &str, s: &str| PageQuery { page: Some(p.into()), page_size: Some(s.into()) };
        let second = service.ledger(&admin(), PaymentQuery::default(), page("2", "3")).await.expect("page");
        assert_eq!((ids(&second.items), second.total, second.page, second.page_size), (vec!["4", "5", "6"], 7, 2, 3));
        assert_eq!(second.totals.received, Money::from_cents(700));
        let past_the_end = service.ledger(&admin(), PaymentQuery::default(), page("9", "3")).await.expect("page");
        assert!(past_the_end.items.is_empty() && past_the_end.total == 7);
        let first = service.ledger(&admin(), PaymentQuery::default(), PageQuery::default()).await.expect("page");
        assert_eq!((first.items.len(), first.page_size), (7, DEFAULT_PAGE_SIZE));
        let error = service.ledger(&admin(), PaymentQuery::default(), page("0", "101")).await.expect_err("invalid");
        let fields = mandir_domain::Failure::field_errors(&error).expect("fields");
        assert_eq!((fields.get("page"), fields.get("pageSize")), (Some(PAGE_INVALID), Some(PAGE_SIZE_INVALID)));
        assert!(matches!(service.ledger(&member(), PaymentQuery::default(), PageQuery::default()).await, Err(PaymentError::Forbidden)));
    }
}

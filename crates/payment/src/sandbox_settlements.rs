//! The sandbox's card settlements (docs/decisions/0146-stripe-fees-and-payouts.md), so the
//! treasurer's screens have data without Stripe. Like the sandbox's payments, it keeps nothing of
//! its own: the ledger is its record. A charge settles at Stripe's US list price (2.9% + 30¢) and
//! becomes available two days after it was paid; each day's available charges no payout carries
//! yet are paid out that day as `po_sandbox_<yyyymmdd>`.

use std::collections::BTreeMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Days, NaiveDate, Utc};
use mandir_application::ports::{Clock, GatewayError, SettlementGateway, SettlementRepository, UnsettledCharge};
use mandir_domain::Money;
use mandir_domain::payment::PaymentProvider;
use mandir_domain::payout::{self, PayoutLineKind, ProviderPayout, ProviderPayoutLine, SANDBOX_SETTLEMENT_DAYS, Settlement};

const PAYOUT_PREFIX: &str = "po_sandbox_";

#[derive(Clone)]
pub struct SandboxSettlements {
    store: Arc<dyn SettlementRepository>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for SandboxSettlements {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SandboxSettlements").finish_non_exhaustive()
    }
}

fn unavailable(error: mandir_application::ports::RepoError) -> GatewayError {
    GatewayError::Unavailable(Box::new(error))
}

impl SandboxSettlements {
    pub fn new(store: Arc<dyn SettlementRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { store, clock }
    }

    fn payout_id(day: NaiveDate) -> String {
        format!("{PAYOUT_PREFIX}{}", day.format("%Y%m%d"))
    }

    fn payout_day(id: &str) -> Option<NaiveDate> {
        NaiveDate::parse_from_str(id.strip_prefix(PAYOUT_PREFIX)?, "%Y%m%d").ok()
    }

    /// The lines of every day up to today that no payout carries yet, by day.
    async fn days(&self) -> Result<BTreeMap<NaiveDate, Vec<ProviderPayoutLine>>, GatewayError> {
        let today = self.clock.now().date_naive();
        let mut days: BTreeMap<NaiveDate, Vec<ProviderPayoutLine>> = BTreeMap::new();
        for (fee, intent) in self.store.fees_not_paid_out(PaymentProvider::Sandbox, today).await.map_err(unavailable)? {
            days.entry(fee.available_on).or_default().push(ProviderPayoutLine {
                balance_transaction_id: fee.balance_transaction_id,
                kind: PayoutLineKind::Charge,
                gross: fee.gross,
                fee: fee.fee,
                net: fee.net,
                intent_id: Some(intent),
                description: Some("Sandbox card payment".to_owned()),
            });
        }
        Ok(days)
    }
}

#[async_trait]
impl SettlementGateway for SandboxSettlements {
    fn provider(&self) -> PaymentProvider {
        PaymentProvider::Sandbox
    }

    async fn settlement(&self, charge: &UnsettledCharge) -> Result<Option<Settlement>, GatewayError> {
        let fee = payout::sandbox_fee(charge.amount);
        let available_on = charge.paid_at.date_naive() + Days::new(SANDBOX_SETTLEMENT_DAYS.unsigned_abs());
        let suffix = charge.intent_id.rsplit('_').next().unwrap_or(&charge.intent_id);
        Ok(Some(Settlement {
            balance_transaction_id: format!("txn_sandbox_{suffix}"),
            gross: charge.amount,
            fee,
            net: Money::from_cents(charge.amount.cents() - fee.cents()),
            available_on,
        }))
    }

    async fn payouts(&self, since: DateTime<Utc>) -> Result<Vec<ProviderPayout>, GatewayError> {
        Ok(self
            .days()
            .await?
            .into_iter()
            .map(|(day, lines)| ProviderPayout {
                id: Self::payout_id(day),
                amount: Money::from_cents(lines.iter().map(|l| l.net.cents()).sum()),
                arrival_date: day,
                created: day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc(),
                status: "paid".to_owned(),
            })
            .filter(|p| p.created >= since.date_naive().and_hms_opt(0, 0, 0).unwrap_or_default().and_utc())
            .collect())
    }

    async fn payout_lines(&self, payout_id: &str) -> Result<Vec<ProviderPayoutLine>, GatewayError> {
        let day = Self::payout_day(payout_id).ok_or(GatewayError::NotFound)?;
        Ok(self.days().await?.remove(&day).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use mandir_application::ports::SystemClock;
    use mandir_application::ports::settlements::MockSettlementRepository;
    use mandir_domain::payout::CardFee;

    use super::*;

    #[tokio::test]
    async fn each_days_unpaid_charges_are_one_payout_of_their_net() {
        let mut store = MockSettlementRepository::new();
        store.expect_fees_not_paid_out().returning(|_, _| {
            let fee = |payment: &str, cents: i64, day: &str| {
                let fee = payout::sandbox_fee(Money::from_cents(cents));
                (
                    CardFee {
                        payment_id: payment.into(),
                        balance_transaction_id: format!("txn_sandbox_{payment}"),
                        gross: Money::from_cents(cents),
                        fee,
                        net: Money::from_cents(cents - fee.cents()),
                        available_on: day.parse().expect("test value"),
                        recorded_at: Utc::now(),
                    },
                    format!("pi_sandbox_{payment}"),
                )
            };
            Ok(vec![fee("a", 10_000, "2026-12-01"), fee("b", 2_500, "2026-12-01"), fee("c", 5_000, "2026-12-02")])
        });
        let sandbox = SandboxSettlements::new(Arc::new(store), Arc::new(SystemClock));
        let payouts = sandbox.payouts(Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).single().expect("test value")).await.expect("test value");
        assert_eq!(
            payouts.iter().map(|p| (p.id.as_str(), p.amount.cents())).collect::<Vec<_>>(),
            [("po_sandbox_20261201", 9_680 + 2_397), ("po_sandbox_20261202", 5_000 - 175)]
        );
        let lines = sandbox.payout_lines("po_sandbox_20261201").await.expect("test value");
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].intent_id.as_deref(), Some("pi_sandbox_a"));
        assert!(matches!(sandbox.payout_lines("po_1").await, Err(GatewayError::NotFound)));
    }

    #[tokio::test]
    async fn a_charge_settles_two_days_after_it_was_paid() {
        let sandbox = SandboxSettlements::new(Arc::new(MockSettlementRepository::new()), Arc::new(SystemClock));
        let charge = UnsettledCharge {
            payment_id: "p".into(),
            intent_id: "pi_sandbox_abc".into(),
            amount: Money::from_cents(10_000),
            paid_at: Utc.with_ymd_and_hms(2026, 12, 4, 23, 0, 0).single().expect("test value"),
        };
        let settled = sandbox.settlement(&charge).await.expect("test value").expect("test value");
        assert_eq!((settled.fee.cents(), settled.net.cents()), (320, 9_680));
        assert_eq!(settled.available_on, "2026-12-06".parse::<NaiveDate>().expect("test value"));
        assert_eq!(settled.balance_transaction_id, "txn_sandbox_abc");
    }
}

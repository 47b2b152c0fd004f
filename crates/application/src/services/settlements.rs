//! Card fees and payouts (docs/decisions/0146-stripe-fees-and-payouts.md). A claim-once job (and
//! the treasurer's "Reconcile now") asks the card provider for each card payment's balance
//! transaction (its fee and net) and for the payouts made since the last one recorded, each with
//! the charges and refunds it carries; every payout is matched to the ledger and flagged when its
//! lines do not add up, name no payment, or differ from their payment. Treasurers read payouts
//! with their payments (`read_ledger`) and reconcile on demand (`reconcile_payments`, audited).

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use mandir_domain::ValidationErrors;
use mandir_domain::accounting::period_within;
use mandir_domain::audit::AuditKind;
use mandir_domain::payout::{self, CardFee, Payout, PayoutLine};
use mandir_domain::staff::Permission;

use super::audit::{Action, Recorder, Target};
use super::jobs::{Job, Step};
use super::{Actor, PermissionRequired};
use crate::BoxError;
use crate::ports::{Clock, GatewayError, RepoError, SettlementGateway, SettlementRepository};

/// Card payments asked about per step.
pub const FEE_BATCH: u64 = 100;
/// Steps of fees one "Reconcile now" takes at most (the job continues the rest).
const FEE_BATCHES_AT_ONCE: usize = 5;
/// How far back the first reconciliation looks for payouts.
pub const FIRST_LOOK_BACK_DAYS: i64 = 90;
/// How far before the newest recorded payout later ones are looked for: a payout is recorded
/// once it is paid, and one created earlier may be paid later.
pub const LOOK_BACK_OVERLAP_DAYS: i64 = 14;
/// The longest period of payouts listed at once.
pub const MAX_PAYOUT_DAYS: i64 = 366;
pub const PAYOUT_NOT_FOUND: &str = "Payout not found";
const PERIOD_TOO_LONG: &str = "Show at most 366 days of payouts at once.";

#[derive(Debug, thiserror::Error)]
pub enum SettlementError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Treasurer access required")]
    Forbidden,
    #[error("{0}")]
    NotFound(&'static str),
    /// The provider could not be reached or refused: reconciling again later is safe.
    #[error("the card provider could not be reached")]
    Provider(#[source] GatewayError),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(SettlementError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound(_) => NotFound,
    Self::Provider(_) => Unexpected,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(SettlementError: RepoError);

impl From<PermissionRequired> for SettlementError {
    fn from(_: PermissionRequired) -> Self {
        Self::Forbidden
    }
}

/// What a reconciliation did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reconciled {
    /// Card payments whose fee was recorded.
    pub fees: u32,
    /// Card payments the provider has not settled yet (asked again next time).
    pub unsettled: u32,
    /// Payouts recorded.
    pub payouts: u32,
    /// Of those, the payouts flagged.
    pub flagged: u32,
}

#[derive(Clone)]
pub struct SettlementService {
    gateway: Arc<dyn SettlementGateway>,
    store: Arc<dyn SettlementRepository>,
    clock: Arc<dyn Clock>,
    audit: Recorder,
}

impl SettlementService {
    pub fn new(gateway: Arc<dyn SettlementGateway>, store: Arc<dyn SettlementRepository>, clock: Arc<dyn Clock>, audit: Recorder) -> Self {
        Self { gateway, store, clock, audit }
    }

    /// Records the fees of up to [`FEE_BATCH`] card payments; `true` when more may be waiting.
    async fn record_fees(&self, done: &mut Reconciled) -> Result<bool, SettlementError> {
        let charges = self.store.unsettled_charges(self.gateway.provider(), FEE_BATCH).await?;
        let full = charges.len() as u64 == FEE_BATCH;
        let mut recorded = 0;
        for charge in &charges {
            match self.gateway.settlement(charge).await {
                Ok(Some(settlement)) => {
                    self.store.record_fee(CardFee::of(&charge.payment_id, settlement, self.clock.now())).await?;
                    recorded += 1;
                }
                // Not settled yet, or a payment the provider does not know (a test made
                // elsewhere): asked again next time.
                Ok(None) | Err(GatewayError::NotFound) => done.unsettled += 1,
                Err(error) => return Err(SettlementError::Provider(error)),
            }
        }
        done.fees += recorded;
        // The batch's unsettled payments come first again next time: continue only while this
        // batch recorded something.
        Ok(full && recorded > 0)
    }

    /// Records the payouts made since the newest recorded one (less an overlap), paid ones only
    /// (their contents are final), each with its lines matched to the ledger.
    async fn record_payouts(&self, done: &mut Reconciled) -> Result<(), SettlementError> {
        let provider = self.gateway.provider();
        let now = self.clock.now();
        let since = match self.store.latest_payout(provider).await? {
            Some(latest) => latest - Duration::days(LOOK_BACK_OVERLAP_DAYS),
            None => now - Duration::days(FIRST_LOOK_BACK_DAYS),
        };
        for found in self.gateway.payouts(since).await.map_err(SettlementError::Provider)? {
            if found.status != "paid" || self.store.payout_recorded(&found.id).await? {
                continue;
            }
            let lines = self.gateway.payout_lines(&found.id).await.map_err(SettlementError::Provider)?;
            let intents: Vec<String> = lines.iter().filter_map(|l| l.intent_id.clone()).collect();
            let ledger = self.store.charges_by_intent(&intents).await?;
            let (recorded, lines) = payout::reconcile(provider, &found, lines, &ledger, now);
            let problems = recorded.stored_problems();
            let difference = recorded.difference();
            if self.store.record_payout(recorded, lines).await? {
                done.payouts += 1;
                if !problems.is_empty() {
                    done.flagged += 1;
                    tracing::warn!(payout = %found.id, %problems, %difference, "a payout does not match the ledger");
                }
            }
        }
        Ok(())
    }

    /// Everything at once, as the treasurer's button does: a few batches of fees, then payouts.
    async fn reconcile_all(&self) -> Result<Reconciled, SettlementError> {
        let mut done = Reconciled::default();
        for _ in 0..FEE_BATCHES_AT_ONCE {
            if !self.record_fees(&mut done).await? {
                break;
            }
        }
        self.record_payouts(&mut done).await?;
        Ok(done)
    }

    /// Asks the provider for fees and payouts now (treasurers; audited).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn reconcile(&self, actor: &Actor) -> Result<Reconciled, SettlementError> {
        actor.require(Permission::ReconcilePayments)?;
        let done = self.reconcile_all().await?;
        let action = Action::new(AuditKind::Money, "payouts.reconcile", Target::of("payouts", self.gateway.provider().as_str()));
        let summary =
            format!("Reconciled card payouts: {} fees recorded, {} payouts recorded, {} flagged", done.fees, done.payouts, done.flagged);
        self.audit.acted(actor, action, summary, Vec::new()).await;
        Ok(done)
    }

    /// The payouts arriving in `from..=to`, newest first (treasurers).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn payouts(&self, actor: &Actor, from: &str, to: &str) -> Result<Vec<Payout>, SettlementError> {
        actor.require(Permission::ReadLedger)?;
        let (from, to): (NaiveDate, NaiveDate) =
            period_within(from, to, MAX_PAYOUT_DAYS, PERIOD_TOO_LONG).map_err(SettlementError::Validation)?;
        Ok(self.store.payouts(from, to).await?)
    }

    /// A payout with its lines and the payments they matched (treasurers).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn payout(&self, actor: &Actor, id: &str) -> Result<(Payout, Vec<PayoutLine>), SettlementError> {
        actor.require(Permission::ReadLedger)?;
        self.store.payout(id).await?.ok_or(SettlementError::NotFound(PAYOUT_NOT_FOUND))
    }

    /// The provider whose payouts are reconciled.
    pub fn provider(&self) -> mandir_domain::payment::PaymentProvider {
        self.gateway.provider()
    }

    /// When the newest payout was made at the provider, for the page's "as of".
    #[tracing::instrument(skip_all, fields(provider = %self.gateway.provider()))]
    pub async fn newest(&self) -> Result<Option<DateTime<Utc>>, SettlementError> {
        Ok(self.store.latest_payout(self.gateway.provider()).await?)
    }
}

/// The background job: fees in batches (each a step, so a long backlog is resumed where it
/// stopped), then payouts.
pub struct ReconcilePayouts(pub SettlementService);

const PAYOUTS_STEP: &str = "payouts";

#[async_trait]
impl Job for ReconcilePayouts {
    fn name(&self) -> &'static str {
        "reconcile_payouts"
    }

    fn description(&self) -> &'static str {
        "Records card fees and the provider's payouts, each matched to the ledger"
    }

    async fn step(&self, cursor: Option<String>) -> Result<Step, BoxError> {
        let mut done = Reconciled::default();
        if cursor.as_deref() == Some(PAYOUTS_STEP) {
            self.0.record_payouts(&mut done).await?;
            return Ok(Step::done(u64::from(done.payouts)));
        }
        let more = self.0.record_fees(&mut done).await?;
        Ok(Step { processed: u64::from(done.fees), next: Some(if more { "fees" } else { PAYOUTS_STEP }.to_owned()) })
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use mandir_domain::Money;
    use mandir_domain::payment::PaymentProvider;
    use mandir_domain::payout::{LedgerCharge, PayoutLineKind, PayoutProblem, ProviderPayout, ProviderPayoutLine, Settlement};

    use super::*;
    use crate::ports::UnsettledCharge;
    use crate::ports::settlements::{MockSettlementGateway, MockSettlementRepository};
    use crate::services::test_fixtures::{clock_at, recorder, staff};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 4, 18, 0, 0).single().expect("test value")
    }

    fn charge(n: u32) -> UnsettledCharge {
        UnsettledCharge { payment_id: format!("p{n}"), intent_id: format!("pi_{n}"), amount: Money::from_cents(10_000), paid_at: now() }
    }

    fn service(gateway: MockSettlementGateway, store: MockSettlementRepository) -> SettlementService {
        SettlementService::new(Arc::new(gateway), Arc::new(store), Arc::new(clock_at(now())), recorder().0)
    }

    fn gateway() -> MockSettlementGateway {
        let mut gateway = MockSettlementGateway::new();
        gateway.expect_provider().return_const(PaymentProvider::Stripe);
        gateway
    }

    #[tokio::test]
    async fn fees_are_recorded_and_unsettled_charges_are_left_for_next_time() {
        let mut gateway = gateway();
        gateway.expect_settlement().returning(|c| {
            Ok((c.payment_id == "p1").then(|| Settlement {
                balance_transaction_id: "txn_1".into(),
                gross: c.amount,
                fee: Money::from_cents(320),
                net: Money::from_cents(9_680),
                available_on: "2026-12-06".parse().expect("test value"),
            }))
        });
        gateway.expect_payouts().returning(|_| Ok(vec![]));
        let mut store = MockSettlementRepository::new();
        store.expect_unsettled_charges().times(1).returning(|_, _| Ok(vec![charge(1), charge(2)]));
        store.expect_record_fee().times(1).withf(|f| f.payment_id == "p1" && f.fee.cents() == 320).returning(|_| Ok(()));
        store.expect_latest_payout().returning(|_| Ok(None));
        let done = service(gateway, store).reconcile(&staff(&[mandir_domain::staff::Role::Treasurer])).await.expect("test value");
        assert_eq!(done, Reconciled { fees: 1, unsettled: 1, payouts: 0, flagged: 0 });
    }

    #[tokio::test]
    async fn a_payout_is_matched_flagged_and_recorded_once() {
        let mut gateway = gateway();
        gateway.expect_payouts().withf(|since| *since == now() - Duration::days(FIRST_LOOK_BACK_DAYS)).returning(|_| {
            let payout = |id: &str, status: &str| ProviderPayout {
                id: id.into(),
                amount: Money::from_cents(9_000),
                arrival_date: "2026-12-03".parse().expect("test value"),
                created: now(),
                status: status.into(),
            };
            Ok(vec![payout("po_1", "paid"), payout("po_2", "in_transit"), payout("po_0", "paid")])
        });
        gateway.expect_payout_lines().withf(|id| id == "po_1").times(1).returning(|_| {
            Ok(vec![ProviderPayoutLine {
                balance_transaction_id: "txn_1".into(),
                kind: PayoutLineKind::Charge,
                gross: Money::from_cents(10_000),
                fee: Money::from_cents(320),
                net: Money::from_cents(9_680),
                intent_id: Some("pi_1".into()),
                description: None,
            }])
        });
        let mut store = MockSettlementRepository::new();
        store.expect_unsettled_charges().returning(|_, _| Ok(vec![]));
        store.expect_latest_payout().returning(|_| Ok(None));
        store.expect_payout_recorded().returning(|id| Ok(id == "po_0"));
        store.expect_charges_by_intent().returning(|_| {
            Ok(vec![LedgerCharge {
                payment_id: "p1".into(),
                intent_id: "pi_1".into(),
                amount: Money::from_cents(10_000),
                receipt_number: None,
                donor: None,
            }])
        });
        store
            .expect_record_payout()
            .times(1)
            .withf(|p, lines| {
                p.id == "po_1" && p.problems == vec![PayoutProblem::SumDiffers] && lines[0].payment_id.as_deref() == Some("p1")
            })
            .returning(|_, _| Ok(true));
        let done = service(gateway, store).reconcile(&staff(&[mandir_domain::staff::Role::Treasurer])).await.expect("test value");
        assert_eq!(done, Reconciled { fees: 0, unsettled: 0, payouts: 1, flagged: 1 });
    }

    #[tokio::test]
    async fn only_treasurers_and_admins_reconcile_or_read_payouts() {
        let service = service(gateway(), MockSettlementRepository::new());
        let desk = staff(&[mandir_domain::staff::Role::FrontDesk]);
        assert!(matches!(service.reconcile(&desk).await, Err(SettlementError::Forbidden)));
        assert!(matches!(service.payouts(&desk, "2026-12-01", "2026-12-31").await, Err(SettlementError::Forbidden)));
        assert!(matches!(service.payout(&desk, "po_1").await, Err(SettlementError::Forbidden)));
    }

    #[tokio::test]
    async fn an_unreachable_provider_stops_the_reconciliation_without_recording() {
        let mut gateway = gateway();
        gateway.expect_settlement().returning(|_| Err(GatewayError::Unavailable("down".into())));
        let mut store = MockSettlementRepository::new();
        store.expect_unsettled_charges().returning(|_, _| Ok(vec![charge(1)]));
        store.expect_record_fee().never();
        let result = service(gateway, store).reconcile(&staff(&[mandir_domain::staff::Role::Treasurer])).await;
        assert!(matches!(result, Err(SettlementError::Provider(GatewayError::Unavailable(_)))));
    }
}

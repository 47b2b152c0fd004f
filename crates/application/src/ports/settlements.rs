//! Card settlements (docs/decisions/0146-stripe-fees-and-payouts.md): the provider's side (fees
//! and payouts, from Stripe's balance transactions or simulated by the sandbox) and what the
//! temple records of them.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::Money;
use mandir_domain::payment::PaymentProvider;
use mandir_domain::payout::{CardFee, LedgerCharge, Payout, PayoutLine, ProviderPayout, ProviderPayoutLine, Settlement};

use super::{GatewayError, RepoError};

/// A card payment whose fee is not recorded yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsettledCharge {
    pub payment_id: String,
    pub intent_id: String,
    pub amount: Money,
    pub paid_at: DateTime<Utc>,
}

/// The card provider's settlements: each charge's balance transaction, and its payouts with the
/// balance transactions each carries (Stripe's payout reconciliation: `GET
/// /v1/balance_transactions?payout=`).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait SettlementGateway: Send + Sync {
    /// Whose payments it settles.
    fn provider(&self) -> PaymentProvider;
    /// A charge's settlement; `None` while the provider has none yet (the charge is still being
    /// processed). The sandbox makes one up from the amount and the day it was paid.
    async fn settlement(&self, charge: &UnsettledCharge) -> Result<Option<Settlement>, GatewayError>;
    /// The payouts created since `since`, oldest first.
    async fn payouts(&self, since: DateTime<Utc>) -> Result<Vec<ProviderPayout>, GatewayError>;
    /// Every balance transaction a payout carries, the payout's own left out.
    async fn payout_lines(&self, payout_id: &str) -> Result<Vec<ProviderPayoutLine>, GatewayError>;
}

/// What the temple records of its card settlements.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait SettlementRepository: Send + Sync {
    /// Card payments of `provider` received (completed or refunded since, imported history apart)
    /// with no fee recorded, oldest first, at most `limit`.
    async fn unsettled_charges(&self, provider: PaymentProvider, limit: u64) -> Result<Vec<UnsettledCharge>, RepoError>;
    /// Records a fee; a fee recorded before for the payment is kept as it is.
    async fn record_fee(&self, fee: CardFee) -> Result<(), RepoError>;
    /// The fees of `provider`'s payments available by `until` that no payout carries yet, with
    /// each payment's intent (what the sandbox pays out).
    async fn fees_not_paid_out(&self, provider: PaymentProvider, until: NaiveDate) -> Result<Vec<(CardFee, String)>, RepoError>;
    /// The ledger's payments of these payment intents.
    async fn charges_by_intent(&self, intent_ids: &[String]) -> Result<Vec<LedgerCharge>, RepoError>;
    /// When the newest recorded payout of `provider` was created.
    async fn latest_payout(&self, provider: PaymentProvider) -> Result<Option<DateTime<Utc>>, RepoError>;
    async fn payout_recorded(&self, id: &str) -> Result<bool, RepoError>;
    /// Records a payout with its lines in one transaction; `false` (and nothing written) when it
    /// was recorded before.
    async fn record_payout(&self, payout: Payout, lines: Vec<PayoutLine>) -> Result<bool, RepoError>;
    /// The payouts arriving in `from..=to`, newest first.
    async fn payouts(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<Payout>, RepoError>;
    async fn payout(&self, id: &str) -> Result<Option<(Payout, Vec<PayoutLine>)>, RepoError>;
}

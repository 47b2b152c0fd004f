use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::fund::{Fund, FundPatch, FundProgress, NewFund};
use mandir_domain::{FundId, Money};

use super::RepoError;

/// A new fund to store, under a fresh id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundRecord {
    pub id: FundId,
    pub fund: NewFund,
    pub now: DateTime<Utc>,
}

/// The temple's funds, and what each has received.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait FundRepository: Send + Sync {
    /// Every fund, active or not: General first, then by name (case-insensitive).
    async fn list(&self) -> Result<Vec<Fund>, RepoError>;
    async fn get(&self, id: &FundId) -> Result<Option<Fund>, RepoError>;
    async fn create(&self, record: FundRecord) -> Result<Fund, RepoError>;
    /// `RepoError::NotFound` when the fund is gone.
    async fn update(&self, id: &FundId, patch: FundPatch, now: DateTime<Utc>) -> Result<Fund, RepoError>;
    /// What each fund has received: completed payments that are not tests, each payment's amount
    /// in the fund less its share of any partial refund. A fund without gifts is absent.
    async fn progress(&self) -> Result<HashMap<FundId, FundProgress>, RepoError>;
    /// One fund's progress (zero when it has no gifts).
    async fn progress_of(&self, id: &FundId) -> Result<FundProgress, RepoError>;
    /// What the fund received between consecutive `bounds` (ascending instants; one sum and count
    /// per span, `bounds.len() - 1` of them), counted as [`FundRepository::progress`] counts and
    /// dated by the payment's date.
    async fn received_between(&self, id: &FundId, bounds: &[DateTime<Utc>]) -> Result<Vec<(Money, u64)>, RepoError>;
}

//! Funds: anyone reads them with their progress (a fund's public page); treasurers and admins
//! create and change them (`manage_funds`). A fund is never deleted, since payments belong to it;
//! an inactive one is kept with its gifts and hidden from the public list.

use std::sync::Arc;

use mandir_domain::FundId;
use mandir_domain::ValidationErrors;
use mandir_domain::audit::AuditKind;
use mandir_domain::fund::{Fund, FundMonth, FundPatchInput, FundProgress, NewFundInput};
use mandir_domain::payment::Donation;
use mandir_domain::site::start_of_day;
use mandir_domain::staff::Permission;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{Clock, FundRecord, FundRepository, RepoError, TempleZone};

#[derive(Debug, thiserror::Error)]
pub enum FundError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Fund not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(FundError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(FundError: RepoError);

/// A fund with what it has received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundWithProgress {
    pub fund: Fund,
    pub progress: FundProgress,
}

/// Checks the funds a donation's custom items choose (a gift to a fund on the donate page, a line
/// at the counter): each must exist and be active. The outer error is the repository's.
pub async fn check_chosen_funds(funds: &dyn FundRepository, donation: &Donation) -> Result<Result<(), ValidationErrors>, RepoError> {
    let mut found = Vec::new();
    for id in donation.chosen_fund_ids() {
        if let Some(fund) = funds.get(&id).await? {
            found.push(fund);
        }
    }
    Ok(donation.check_chosen_funds(&found))
}

#[derive(Clone)]
pub struct FundService {
    funds: Arc<dyn FundRepository>,
    zone: Arc<dyn TempleZone>,
    clock: Arc<dyn Clock>,
    audit: Recorder,
}

impl FundService {
    pub fn new(funds: Arc<dyn FundRepository>, zone: Arc<dyn TempleZone>, clock: Arc<dyn Clock>, audit: Recorder) -> Self {
        Self { funds, zone, clock, audit }
    }

    /// What the fund received in each month of its chart (`Fund::chart_months`), months in the
    /// temple's zone. Public, as the fund's page is.
    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn months(&self, id: &FundId) -> Result<Vec<FundMonth>, FundError> {
        let fund = self.funds.get(id).await?.ok_or(FundError::NotFound)?;
        let zone = self.zone.time_zone().await?;
        let today = self.clock.now().with_timezone(&zone).date_naive();
        let months = fund.chart_months(today);
        let Some(after) = months.last().and_then(|m| m.checked_add_months(chrono::Months::new(1))) else {
            return Err(FundError::Unexpected("a chart month past the calendar".into()));
        };
        let bounds = months
            .iter()
            .chain(std::iter::once(&after))
            .map(|day| start_of_day(*day, zone))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| FundError::Unexpected("a month without a start in the temple's zone".into()))?;
        let sums = self.funds.received_between(id, &bounds).await?;
        Ok(months
            .into_iter()
            .zip(sums.into_iter().chain(std::iter::repeat((mandir_domain::Money::from_cents(0), 0))))
            .map(|(month, (raised, gifts))| FundMonth { month, raised, gifts })
            .collect())
    }

    /// Every fund with its progress: General first, then by name. `active_only` leaves out the
    /// inactive ones (the public list).
    #[tracing::instrument(skip_all)]
    pub async fn list(&self, active_only: bool) -> Result<Vec<FundWithProgress>, FundError> {
        let mut progress = self.funds.progress().await?;
        Ok(self
            .funds
            .list()
            .await?
            .into_iter()
            .filter(|fund| fund.is_active || !active_only)
            .map(|fund| FundWithProgress { progress: progress.remove(&fund.id).unwrap_or_default(), fund })
            .collect())
    }

    /// Every fund, active or not, without their progress: for the places that only name them (the
    /// ledger's totals and CSV, the sitemap), which need not wait for a sum.
    #[tracing::instrument(skip_all)]
    pub async fn funds(&self) -> Result<Vec<Fund>, FundError> {
        Ok(self.funds.list().await?)
    }

    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn get(&self, id: &FundId) -> Result<FundWithProgress, FundError> {
        let fund = self.funds.get(id).await?.ok_or(FundError::NotFound)?;
        let progress = self.funds.progress_of(id).await?;
        Ok(FundWithProgress { fund, progress })
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    /// A new fund has received nothing yet.
    pub async fn create(&self, actor: &Actor, input: NewFundInput) -> Result<FundWithProgress, FundError> {
        actor.require(Permission::ManageFunds)?;
        let fund = input.validate().map_err(FundError::Validation)?;
        let created = self.funds.create(FundRecord { id: new_id(), fund, now: self.clock.now() }).await?;
        let action = Action::new(AuditKind::Money, "fund.create", Target::of("fund", &created.id));
        self.audit.changed(actor, action, format!("Added the fund {}", created.name), None::<&Fund>, Some(&created)).await;
        Ok(FundWithProgress { fund: created, progress: FundProgress::default() })
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(&self, actor: &Actor, id: &FundId, input: FundPatchInput) -> Result<FundWithProgress, FundError> {
        actor.require(Permission::ManageFunds)?;
        let patch = input.validate().map_err(FundError::Validation)?;
        let before = self.funds.get(id).await?.ok_or(FundError::NotFound)?;
        patch.check_against(&before).map_err(FundError::Validation)?;
        let updated = self.funds.update(id, patch, self.clock.now()).await.map_err(|error| match error {
            RepoError::NotFound => FundError::NotFound,
            other => other.into(),
        })?;
        let action = Action::new(AuditKind::Money, "fund.update", Target::of("fund", id));
        self.audit.changed(actor, action, format!("Changed the fund {}", updated.name), Some(&before), Some(&updated)).await;
        let progress = self.funds.progress_of(id).await?;
        Ok(FundWithProgress { fund: updated, progress })
    }
}

#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    /// A plain active fund under `id`.
    pub(crate) fn fund(id: &str) -> Fund {
        let at = crate::services::test_fixtures::now();
        Fund {
            id: FundId::new(id),
            name: "Building".into(),
            description: None,
            goal: None,
            starts_on: None,
            ends_on: None,
            restricted: false,
            is_active: true,
            created_at: at,
            updated_at: at,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::ports::fund_repository::MockFundRepository;
    use crate::services::test_fixtures::{admin, fixed_clock, member, now, recorder, staff};
    use chrono::{Datelike, NaiveDate};
    use mandir_domain::fund::{GENERAL_FUND_ID, GENERAL_STAYS_ACTIVE, NAME_REQUIRED};
    use mandir_domain::patch::Patch;
    use mandir_domain::staff::Role;
    use mandir_domain::{ErrorKind, Failure, Money, NumberInput};

    fn fund(id: &str, name: &str, is_active: bool) -> Fund {
        Fund { name: name.into(), is_active, ..super::tests_support::fund(id) }
    }

    fn service(funds: MockFundRepository) -> (FundService, std::sync::Arc<std::sync::Mutex<Vec<mandir_domain::audit::AuditEntry>>>) {
        let (audit, entries) = recorder();
        (FundService::new(Arc::new(funds), Arc::new(crate::ports::FixedTempleZone::default()), Arc::new(fixed_clock()), audit), entries)
    }

    #[tokio::test]
    async fn the_public_list_has_active_funds_with_their_progress() {
        let mut repo = MockFundRepository::new();
        repo.expect_list()
            .returning(|| Ok(vec![fund(GENERAL_FUND_ID, "General", true), fund("b", "Building", true), fund("o", "Old roof", false)]));
        repo.expect_progress().returning(|| {
            let raised = FundProgress { raised: Money::from_dollars(182_400), gifts: 300, donors: 214 };
            Ok(HashMap::from([(FundId::new("b"), raised)]))
        });
        let (service, _) = service(repo);
        let public = service.list(true).await.expect("list");
        assert_eq!(public.iter().map(|f| f.fund.name.as_str()).collect::<Vec<_>>(), ["General", "Building"]);
        assert_eq!(public[0].progress, FundProgress::default());
        assert_eq!(public[1].progress.donors, 214);
        assert_eq!(service.list(false).await.expect("all").len(), 3);
    }

    #[tokio::test]
    async fn treasurers_create_funds_and_the_log_records_it() {
        let mut repo = MockFundRepository::new();
        repo.expect_create()
            .withf(|r| r.fund.name == "Building" && r.fund.goal == Some(Money::from_dollars(500_000)) && r.now == now())
            .returning(|r| Ok(Fund { goal: r.fund.goal, ..fund(&r.id, &r.fund.name, true) }));
        let (service, entries) = service(repo);
        let input = NewFundInput { name: "Building".into(), goal: NumberInput::text("500000"), ..NewFundInput::default() };
        let created = service.create(&staff(&[Role::Treasurer]), input).await.expect("created");
        assert_eq!(created.fund.goal, Some(Money::from_dollars(500_000)));
        let log = entries.lock().expect("log");
        assert_eq!(log.len(), 1);
        assert_eq!(log[0].action, "fund.create");
    }

    #[tokio::test]
    async fn members_and_the_front_desk_cannot_manage_funds() {
        let mut repo = MockFundRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        let (service, entries) = service(repo);
        for actor in [member(), staff(&[Role::FrontDesk])] {
            let input = NewFundInput { name: "Building".into(), ..NewFundInput::default() };
            assert!(matches!(service.create(&actor, input).await, Err(FundError::Forbidden)));
            let patch = FundPatchInput { name: Some("Gopuram".into()), ..FundPatchInput::default() };
            assert!(matches!(service.update(&actor, &FundId::new("b"), patch).await, Err(FundError::Forbidden)));
        }
        assert!(entries.lock().expect("log").is_empty());
    }

    #[tokio::test]
    async fn edits_are_checked_against_the_fund_and_general_stays_active() {
        let mut repo = MockFundRepository::new();
        repo.expect_get().returning(|id| Ok((id.as_str() != "gone").then(|| fund(id, "General", true))));
        repo.expect_update().never();
        let (service, _) = service(repo);
        let off = FundPatchInput { is_active: Some(false), ..FundPatchInput::default() };
        let error = service.update(&admin(), &FundId::new(GENERAL_FUND_ID), off.clone()).await.expect_err("general");
        assert_eq!(error.field_errors().and_then(|e| e.get("isActive")), Some(GENERAL_STAYS_ACTIVE));
        let blank = FundPatchInput { name: Some(" ".into()), ..FundPatchInput::default() };
        let error = service.update(&admin(), &FundId::new("b"), blank).await.expect_err("name");
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert_eq!(error.field_errors().and_then(|e| e.get("name")), Some(NAME_REQUIRED));
        assert!(matches!(service.update(&admin(), &FundId::new("gone"), off).await, Err(FundError::NotFound)));
    }

    #[tokio::test]
    async fn an_edit_is_recorded_with_before_and_after() {
        let mut repo = MockFundRepository::new();
        repo.expect_get().returning(|id| Ok(Some(fund(id, "Building", true))));
        repo.expect_update()
            .withf(|id, patch, _| id == "b" && patch.goal == Patch::Set(Money::from_dollars(1000)))
            .returning(|id, _, _| Ok(Fund { goal: Some(Money::from_dollars(1000)), ..fund(id, "Building", true) }));
        repo.expect_progress_of().returning(|_| Ok(FundProgress { raised: Money::from_dollars(250), gifts: 2, donors: 1 }));
        let (service, entries) = service(repo);
        let patch = FundPatchInput { goal: Patch::Set(NumberInput::text("1000")), ..FundPatchInput::default() };
        let updated = service.update(&admin(), &FundId::new("b"), patch).await.expect("updated");
        assert_eq!(updated.progress.raised, Money::from_dollars(250), "the answer shows what the fund has received");
        assert_eq!(entries.lock().expect("log")[0].action, "fund.update");
    }

    #[tokio::test]
    async fn the_chart_sums_months_of_the_temples_zone_and_fills_empty_ones() {
        let mut repo = MockFundRepository::new();
        let campaign = |id: &FundId| Fund { starts_on: NaiveDate::from_ymd_opt(2026, 3, 10), ..fund(id, "Building", true) };
        repo.expect_get().returning(move |id| Ok((id.as_str() == "b").then(|| campaign(id))));
        repo.expect_received_between()
            .withf(|id, bounds| {
                // March 1 in Los Angeles is 08:00 UTC (standard time); April 1 is 07:00 (daylight).
                let at = |s: &str| chrono::DateTime::parse_from_rfc3339(s).expect("instant").with_timezone(&chrono::Utc);
                id == "b" && bounds.first() == Some(&at("2026-03-01T08:00:00Z")) && bounds.get(1) == Some(&at("2026-04-01T07:00:00Z"))
            })
            .returning(|_, _| Ok(vec![(Money::from_dollars(500), 2), (Money::from_cents(0), 0)]));
        let (service, _) = service(repo);
        let months = service.months(&FundId::new("b")).await.expect("months");
        let today = now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
        assert_eq!(
            months.first().map(|m| (m.month, m.raised, m.gifts)),
            Some((NaiveDate::from_ymd_opt(2026, 3, 1).expect("day"), Money::from_dollars(500), 2))
        );
        assert_eq!(months.last().map(|m| m.month), today.with_day(1));
        assert!(months[1..].iter().all(|m| m.gifts == 0 && m.raised == Money::from_cents(0)), "months without a sum are zero");
        assert!(matches!(service.months(&FundId::new("gone")).await, Err(FundError::NotFound)));
    }
}

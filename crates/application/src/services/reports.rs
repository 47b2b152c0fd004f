//! The treasurer's reports (docs/product.md#reports): giving by month against the year before,
//! by fund, channel and method; donors new, returning and lapsed; seva bookings by seva and
//! weekday; event attendance and membership by month. Treasurers and admins (`read_ledger`).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;
use mandir_domain::ValidationErrors;
use mandir_domain::accounting::period_within;
use mandir_domain::reports::{self, Donors, GivingSpan, MonthCount, MonthGiving, Share};
use mandir_domain::staff::Permission;

use super::accounting::start_of;
use super::{Actor, PermissionRequired};
use crate::BoxError;
use crate::ports::{FundRepository, RepoError, ReportRepository, TempleZone};

/// The longest period a report covers: five years.
pub const MAX_REPORT_DAYS: i64 = 5 * 366;
pub const REPORT_TOO_LONG: &str = "Report at most five years at a time";

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Treasurer access required")]
    Forbidden,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(ReportError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(ReportError: RepoError);

impl From<PermissionRequired> for ReportError {
    fn from(_: PermissionRequired) -> Self {
        Self::Forbidden
    }
}

/// A sum with its label ("Annadanam", "Counter").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labelled {
    pub key: String,
    pub label: String,
    pub cents: i64,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivingReport {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub total_cents: i64,
    pub gifts: u32,
    pub months: Vec<MonthGiving>,
    pub by_fund: Vec<Labelled>,
    pub by_channel: Vec<Labelled>,
    pub by_method: Vec<Labelled>,
    pub donors: Donors,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityReport {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub sevas_by_seva: Vec<Share>,
    pub sevas_by_weekday: Vec<Share>,
    pub attendance: Vec<MonthCount>,
    pub membership: Vec<MonthCount>,
}

#[derive(Clone)]
pub struct ReportService {
    reads: Arc<dyn ReportRepository>,
    funds: Arc<dyn FundRepository>,
    zone: Arc<dyn TempleZone>,
}

pub fn channel_label(key: &str) -> String {
    match key {
        "online" => "Online",
        "counter" => "Counter",
        "hundi" => "Hundi",
        "mail" => "Mail",
        "recurring" => "Recurring",
        "imported" => "Imported",
        other => other,
    }
    .to_owned()
}

pub fn method_label(key: &str) -> String {
    match key {
        "credit_card" => "Card",
        "cash" => "Cash",
        "check" => "Check",
        "zelle" => "Zelle",
        "paypal" => "PayPal",
        "split" => "Split",
        other => other,
    }
    .to_owned()
}

fn labelled(shares: Vec<Share>, label: impl Fn(&str) -> String) -> Vec<Labelled> {
    shares.into_iter().map(|s| Labelled { label: label(&s.key), key: s.key, cents: s.cents, count: s.count }).collect()
}

impl ReportService {
    pub fn new(reads: Arc<dyn ReportRepository>, funds: Arc<dyn FundRepository>, zone: Arc<dyn TempleZone>) -> Self {
        Self { reads, funds, zone }
    }

    fn period(from: &str, to: &str) -> Result<(NaiveDate, NaiveDate), ReportError> {
        period_within(from, to, MAX_REPORT_DAYS, REPORT_TOO_LONG).map_err(ReportError::Validation)
    }

    /// Giving in `from..=to` (days of the temple's calendar), compared with the year before.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn giving(&self, actor: &Actor, from: &str, to: &str) -> Result<GivingReport, ReportError> {
        actor.require(Permission::ReadLedger)?;
        let (from, to) = Self::period(from, to)?;
        let zone = self.zone.time_zone().await?;
        // Added up by the database: per span of a month, per donor and per fund (50,000 gifts
        // read one by one took a second; docs/product.md#reports).
        let span = GivingSpan::new(from, to, zone);
        let (spent, donor_sums, fund_sums, funds) = tokio::try_join!(
            self.reads.giving_by_span(&span.bounds),
            self.reads.donor_sums(span.compare_start, span.start, span.end),
            self.reads.fund_sums(span.start, span.end),
            self.funds.list(),
        )?;
        let names: HashMap<String, String> = funds.into_iter().map(|f| (f.id.to_string(), f.name)).collect();
        let sums = reports::giving(&span, &spent, zone);
        Ok(GivingReport {
            from,
            to,
            total_cents: sums.total_cents,
            gifts: sums.gifts,
            months: sums.months,
            by_fund: labelled(reports::by_fund(&fund_sums), |k| names.get(k).cloned().unwrap_or_else(|| k.to_owned())),
            by_channel: labelled(sums.by_channel, channel_label),
            by_method: labelled(sums.by_method, method_label),
            donors: reports::donors(&donor_sums),
        })
    }

    /// Seva bookings, event attendance and membership in `from..=to`.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn activity(&self, actor: &Actor, from: &str, to: &str) -> Result<ActivityReport, ReportError> {
        actor.require(Permission::ReadLedger)?;
        let (from, to) = Self::period(from, to)?;
        let zone = self.zone.time_zone().await?;
        let end = start_of(to.succ_opt().unwrap_or(to), zone);
        let bookings = self.reads.seva_bookings(from, to).await?;
        let (sevas_by_seva, sevas_by_weekday) = reports::sevas(&bookings);
        let registrations = self.reads.registrations(start_of(from, zone), end).await?;
        let joins = self.reads.member_joins(end).await?;
        Ok(ActivityReport {
            from,
            to,
            sevas_by_seva,
            sevas_by_weekday,
            attendance: reports::attendance(&registrations, from, to, zone),
            membership: reports::membership(&joins, from, to, zone),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::fund_repository::MockFundRepository;
    use crate::ports::report_repository::MockReportRepository;
    use crate::services::test_fixtures::{member, staff};
    use mandir_domain::staff::Role;

    fn service(reads: MockReportRepository) -> ReportService {
        let mut funds = MockFundRepository::new();
        funds.expect_list().returning(|| Ok(Vec::new()));
        ReportService::new(Arc::new(reads), Arc::new(funds), Arc::new(crate::ports::FixedTempleZone::default()))
    }

    #[tokio::test]
    async fn only_treasurers_and_admins_read_reports() {
        let mut reads = MockReportRepository::new();
        reads.expect_giving_by_span().never();
        reads.expect_seva_bookings().never();
        let service = service(reads);
        for actor in [member(), staff(&[Role::FrontDesk])] {
            assert!(matches!(service.giving(&actor, "2026-01-01", "2026-12-31").await, Err(ReportError::Forbidden)));
            assert!(matches!(service.activity(&actor, "2026-01-01", "2026-12-31").await, Err(ReportError::Forbidden)));
        }
    }

    #[tokio::test]
    async fn giving_reads_sums_for_the_temples_months_and_labels_them() {
        use mandir_domain::reports::{DonorSum, FundSums, SpanGiving};
        let mut reads = MockReportRepository::new();
        // 2026 and 2025 in Folsom: twelve months each, cut at their first days.
        reads.expect_giving_by_span().withf(|bounds| bounds.len() == 25).returning(|bounds| {
            let march = bounds.iter().position(|b| b.to_rfc3339() == "2026-03-01T08:00:00+00:00").expect("March");
            let spent = |channel: &str, recurring: bool| SpanGiving {
                span: march,
                channel: channel.into(),
                method: "credit_card".into(),
                recurring,
                cents: 2500,
                gifts: 1,
            };
            Ok(vec![spent("online", true), spent("counter", false)])
        });
        reads.expect_donor_sums().returning(|_, start, _| {
            assert_eq!(start.to_rfc3339(), "2026-01-01T08:00:00+00:00");
            Ok(vec![DonorSum {
                user_id: Some("u1".into()),
                name: Some("Asha".into()),
                earlier_gifts: 1,
                gifts: 2,
                cents: 5000,
                ..DonorSum::default()
            }])
        });
        reads.expect_fund_sums().returning(|_, _| {
            Ok(FundSums { whole: vec![("building".into(), 2000, 1), ("general".into(), 3000, 2)], refunded: Vec::new() })
        });
        let service = service(reads);
        let report = service.giving(&staff(&[Role::Treasurer]), "2026-01-01", "2026-12-31").await.expect("report");
        assert_eq!((report.gifts, report.total_cents), (2, 5000));
        assert_eq!(report.by_channel.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(), ["Counter", "Recurring"]);
        assert_eq!(report.by_method.iter().map(|s| (s.label.as_str(), s.cents)).collect::<Vec<_>>(), [("Card", 5000)]);
        assert_eq!(report.by_fund.iter().map(|s| (s.key.as_str(), s.cents)).collect::<Vec<_>>(), [("general", 3000), ("building", 2000)]);
        assert_eq!(report.months.len(), 12);
        assert_eq!((report.months[2].month.as_str(), report.months[2].cents), ("2026-03", 5000));
        assert_eq!((report.donors.new.len(), report.donors.returning.len()), (0, 1));
    }

    #[tokio::test]
    async fn a_period_longer_than_five_years_is_refused() {
        let service = service(MockReportRepository::new());
        match service.activity(&staff(&[Role::Treasurer]), "2020-01-01", "2026-12-31").await {
            Err(ReportError::Validation(errors)) => assert_eq!(errors.get("to"), Some(REPORT_TOO_LONG)),
            other => panic!("{other:?}"),
        }
    }
}

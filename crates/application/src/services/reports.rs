//! The treasurer's reports (docs/product.md#reports): giving by month against the year before,
//! by fund, channel and method; donors new, returning and lapsed; seva bookings by seva and
//! weekday; event attendance and membership by month. Treasurers and admins (`read_ledger`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{DateTime, Months, NaiveDate, Utc};
use mandir_domain::ValidationErrors;
use mandir_domain::accounting::period_within;
use mandir_domain::payment::{Payment, PaymentStatus};
use mandir_domain::reports::{self, Donors, GiftFact, MonthCount, MonthGiving, Share};
use mandir_domain::staff::Permission;

use super::accounting::start_of;
use super::{Actor, PermissionRequired};
use crate::BoxError;
use crate::ports::{FundRepository, PaymentFilter, PaymentRepository, RepoError, ReportRepository, TempleZone};

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
    payments: Arc<dyn PaymentRepository>,
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

/// A gift as the reports count it: completed, not a test, what was kept of it.
fn fact(p: &Payment) -> Option<GiftFact> {
    if p.status != PaymentStatus::Completed || p.provider.is_test() {
        return None;
    }
    let email = p.donor_email.clone().filter(|e| !e.is_empty());
    let donor_key = p
        .user_id
        .as_ref()
        .map(|u| format!("user:{u}"))
        .or_else(|| email.as_ref().map(|e| format!("email:{}", e.to_lowercase())))
        .unwrap_or_else(|| format!("name:{}", p.donor_name.clone().unwrap_or_default().to_lowercase()));
    let recurring = p.idempotency_key.as_deref().is_some_and(|k| k.starts_with("recurring:"));
    Some(GiftFact {
        donor_key,
        donor_name: p.donor_name.clone().filter(|n| !n.is_empty()).or_else(|| email.clone()).unwrap_or_else(|| "Anonymous".to_owned()),
        donor_email: email,
        at: p.payment_date,
        kept_cents: p.kept().cents(),
        channel: if recurring { "recurring".to_owned() } else { p.channel.as_str().to_owned() },
        method: p.method.as_str().to_owned(),
        lines: p
            .donation_details
            .iter()
            .map(|l| {
                (l.fund_id.as_ref().map_or_else(|| mandir_domain::fund::GENERAL_FUND_ID.to_owned(), ToString::to_string), l.amount.cents())
            })
            .collect(),
    })
}

fn labelled(shares: Vec<Share>, label: impl Fn(&str) -> String) -> Vec<Labelled> {
    shares.into_iter().map(|s| Labelled { label: label(&s.key), key: s.key, cents: s.cents, count: s.count }).collect()
}

fn year_earlier(day: NaiveDate) -> NaiveDate {
    day.checked_sub_months(Months::new(12)).unwrap_or(day)
}

impl ReportService {
    pub fn new(
        payments: Arc<dyn PaymentRepository>,
        reads: Arc<dyn ReportRepository>,
        funds: Arc<dyn FundRepository>,
        zone: Arc<dyn TempleZone>,
    ) -> Self {
        Self { payments, reads, funds, zone }
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
        let start = start_of(from, zone);
        let end = start_of(to.succ_opt().unwrap_or(to), zone);
        let (compare_start, compare_end) = (start_of(year_earlier(from), zone), start_of(year_earlier(to).succ_opt().unwrap_or(to), zone));
        // Every gift up to the period's end: the donors' history is all of it.
        let filter = PaymentFilter {
            status: Some(PaymentStatus::Completed),
            to: Some(end - chrono::Duration::microseconds(1)),
            ..PaymentFilter::default()
        };
        let facts: Vec<GiftFact> = self.payments.list(filter).await?.iter().filter_map(fact).collect();
        let within = |f: &GiftFact, a: DateTime<Utc>, b: DateTime<Utc>| f.at >= a && f.at < b;
        let period: Vec<GiftFact> = facts.iter().filter(|f| within(f, start, end)).cloned().collect();
        let compared: Vec<GiftFact> = facts.iter().filter(|f| within(f, compare_start, compare_end)).cloned().collect();
        let year_before: Vec<GiftFact> = facts.iter().filter(|f| within(f, compare_start, start)).cloned().collect();
        let ever_before: HashSet<String> = facts.iter().filter(|f| f.at < start).map(|f| f.donor_key.clone()).collect();
        let names: HashMap<String, String> = self.funds.list().await?.into_iter().map(|f| (f.id.to_string(), f.name)).collect();
        Ok(GivingReport {
            from,
            to,
            total_cents: period.iter().map(|f| f.kept_cents).sum(),
            gifts: u32::try_from(period.len()).unwrap_or(u32::MAX),
            months: reports::by_month(&period, &compared, from, to, zone),
            by_fund: labelled(reports::by_fund(&period), |k| names.get(k).cloned().unwrap_or_else(|| k.to_owned())),
            by_channel: labelled(reports::by_channel(&period), channel_label),
            by_method: labelled(reports::by_method(&period), method_label),
            donors: reports::donors(&period, &year_before, &ever_before),
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
    use crate::ports::payment_repository::MockPaymentRepository;
    use crate::ports::report_repository::MockReportRepository;
    use crate::services::test_fixtures::{member, payment, staff};
    use mandir_domain::Money;
    use mandir_domain::staff::Role;

    fn service(payments: MockPaymentRepository, reads: MockReportRepository) -> ReportService {
        let mut funds = MockFundRepository::new();
        funds.expect_list().returning(|| Ok(Vec::new()));
        ReportService::new(Arc::new(payments), Arc::new(reads), Arc::new(funds), Arc::new(crate::ports::FixedTempleZone::default()))
    }

    #[tokio::test]
    async fn only_treasurers_and_admins_read_reports() {
        let mut payments = MockPaymentRepository::new();
        payments.expect_list().never();
        let service = service(payments, MockReportRepository::new());
        for actor in [member(), staff(&[Role::FrontDesk])] {
            assert!(matches!(service.giving(&actor, "2026-01-01", "2026-12-31").await, Err(ReportError::Forbidden)));
            assert!(matches!(service.activity(&actor, "2026-01-01", "2026-12-31").await, Err(ReportError::Forbidden)));
        }
    }

    #[tokio::test]
    async fn giving_counts_completed_real_gifts_and_calls_a_recurring_charge_recurring() {
        let mut payments = MockPaymentRepository::new();
        payments.expect_list().returning(|_| {
            let mut recurring = payment("p1", PaymentStatus::Completed, mandir_domain::payment::PaymentProvider::Stripe);
            recurring.amount = Money::from_cents(2500);
            recurring.payment_date = DateTime::parse_from_rfc3339("2026-03-10T20:00:00Z").expect("time").with_timezone(&Utc);
            recurring.idempotency_key = Some("recurring:g1:2026-03-10:0".into());
            let mut test = recurring.clone();
            test.provider = mandir_domain::payment::PaymentProvider::Sandbox;
            Ok(vec![recurring, test])
        });
        let service = service(payments, MockReportRepository::new());
        let report = service.giving(&staff(&[Role::Treasurer]), "2026-01-01", "2026-12-31").await.expect("report");
        assert_eq!((report.gifts, report.total_cents), (1, 2500));
        assert_eq!(report.by_channel.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(), ["Recurring"]);
        assert_eq!(report.months.len(), 12);
        assert_eq!(report.donors.new.len(), 1);
    }

    #[tokio::test]
    async fn a_period_longer_than_five_years_is_refused() {
        let service = service(MockPaymentRepository::new(), MockReportRepository::new());
        match service.activity(&staff(&[Role::Treasurer]), "2020-01-01", "2026-12-31").await {
            Err(ReportError::Validation(errors)) => assert_eq!(errors.get("to"), Some(REPORT_TOO_LONG)),
            other => panic!("{other:?}"),
        }
    }
}

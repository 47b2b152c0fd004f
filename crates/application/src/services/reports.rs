//! The treasurer's reports (docs/product.md#reports): giving by month against the year before,
//! by fund, channel and method; donors new, returning and lapsed; seva bookings by seva and
//! weekday; event attendance and membership by month. Treasurers and admins (`read_ledger`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{DateTime, Months, NaiveDate, Utc};
use mandir_domain::ValidationErrors;
use mandir_domain::accounting::period_within;
use mandir_domain::reports::{self, Donors, GiftFact, MonthCount, MonthGiving, Share};
use mandir_domain::staff::Permission;

use super::accounting::start_of;
use super::{Actor, PermissionRequired};
use crate::BoxError;
use crate::ports::{FundRepository, GiftRow, RepoError, ReportRepository, TempleZone};

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

/// A gift as the reports count it, with its parts in each fund (else all of it in General).
fn fact(g: &GiftRow, parts: &HashMap<String, Vec<(String, i64)>>) -> GiftFact {
    let email = g.donor_email.clone().filter(|e| !e.is_empty());
    let donor_key = g
        .user_id
        .as_ref()
        .map(|u| format!("user:{u}"))
        .or_else(|| email.as_ref().map(|e| format!("email:{}", e.to_lowercase())))
        .unwrap_or_else(|| format!("name:{}", g.donor_name.clone().unwrap_or_default().to_lowercase()));
    GiftFact {
        donor_key,
        donor_name: g.donor_name.clone().filter(|n| !n.is_empty()).or_else(|| email.clone()).unwrap_or_else(|| "Anonymous".to_owned()),
        donor_email: email,
        at: g.at,
        kept_cents: g.kept_cents,
        channel: if g.recurring { "recurring".to_owned() } else { g.channel.clone() },
        method: g.method.clone(),
        lines: parts.get(&g.payment_id).cloned().unwrap_or_else(|| vec![(mandir_domain::fund::GENERAL_FUND_ID.to_owned(), g.amount_cents)]),
    }
}

fn labelled(shares: Vec<Share>, label: impl Fn(&str) -> String) -> Vec<Labelled> {
    shares.into_iter().map(|s| Labelled { label: label(&s.key), key: s.key, cents: s.cents, count: s.count }).collect()
}

fn year_earlier(day: NaiveDate) -> NaiveDate {
    day.checked_sub_months(Months::new(12)).unwrap_or(day)
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
        let start = start_of(from, zone);
        let end = start_of(to.succ_opt().unwrap_or(to), zone);
        let (compare_start, compare_end) = (start_of(year_earlier(from), zone), start_of(year_earlier(to).succ_opt().unwrap_or(to), zone));
        // Every gift up to the period's end (the donors' history is all of it), a few columns each;
        // the funds' parts of the period's gifts only.
        let rows = self.reads.gifts(end).await?;
        let in_period: Vec<String> = rows.iter().filter(|g| g.at >= start).map(|g| g.payment_id.clone()).collect();
        let mut parts: HashMap<String, Vec<(String, i64)>> = HashMap::new();
        for (payment, fund, cents) in self.reads.fund_parts(in_period).await? {
            parts.entry(payment).or_default().push((fund, cents));
        }
        let facts: Vec<GiftFact> = rows.iter().map(|g| fact(g, &parts)).collect();
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
        reads.expect_gifts().never();
        reads.expect_seva_bookings().never();
        let service = service(reads);
        for actor in [member(), staff(&[Role::FrontDesk])] {
            assert!(matches!(service.giving(&actor, "2026-01-01", "2026-12-31").await, Err(ReportError::Forbidden)));
            assert!(matches!(service.activity(&actor, "2026-01-01", "2026-12-31").await, Err(ReportError::Forbidden)));
        }
    }

    #[tokio::test]
    async fn giving_calls_a_recurring_charge_recurring_and_splits_gifts_by_their_funds() {
        let mut reads = MockReportRepository::new();
        reads.expect_gifts().returning(|_| {
            let at = |t: &str| DateTime::parse_from_rfc3339(t).expect("time").with_timezone(&Utc);
            let gift = |id: &str, when: &str, recurring: bool| GiftRow {
                payment_id: id.into(),
                user_id: Some("u1".into()),
                donor_name: Some("Asha".into()),
                donor_email: None,
                at: at(when),
                kept_cents: 2500,
                amount_cents: 2500,
                channel: "online".into(),
                method: "credit_card".into(),
                recurring,
            };
            Ok(vec![gift("old", "2025-06-10T20:00:00Z", false), gift("p1", "2026-03-10T20:00:00Z", true)])
        });
        reads
            .expect_fund_parts()
            .withf(|ids| ids == &["p1".to_owned()])
            .returning(|_| Ok(vec![("p1".into(), "building".into(), 2000), ("p1".into(), "general".into(), 500)]));
        let service = service(reads);
        let report = service.giving(&staff(&[Role::Treasurer]), "2026-01-01", "2026-12-31").await.expect("report");
        assert_eq!((report.gifts, report.total_cents), (1, 2500));
        assert_eq!(report.by_channel.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(), ["Recurring"]);
        assert_eq!(report.by_fund.iter().map(|s| (s.key.as_str(), s.cents)).collect::<Vec<_>>(), [("building", 2000), ("general", 500)]);
        assert_eq!(report.months.len(), 12);
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

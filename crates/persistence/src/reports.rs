//! What the reports read besides the ledger: seva bookings, registrations by their event's time,
//! and when accounts were made (docs/product.md#reports).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use mandir_application::ports::{RepoError, ReportRepository};
use mandir_domain::fund::GENERAL_FUND_ID;
use mandir_domain::reports::{DonorSum, FundSums, RefundedGift, SpanGiving};
use mandir_domain::seva_booking::BookingStatus;
use sea_orm::sea_query::{Alias, CaseStatement, Expr, ExprTrait, Func, JoinType, Query, SelectStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::Database;
use crate::entities::{attendees, events, payment_funds, payments, seva_bookings, users};
use crate::error::MapDbErr;
use crate::gift_sql::{completed_gifts, span_of};
use crate::kept::Kept;

/// What the temple kept of a gift: its amount less what was refunded, never below zero.
const KEPT: &str = "CASE WHEN amount_cents > refunded_cents THEN amount_cents - refunded_cents ELSE 0 END";
const KEPT_OF_P: &str = "CASE WHEN p.amount_cents > p.refunded_cents THEN p.amount_cents - p.refunded_cents ELSE 0 END";
/// A recurring gift's charge (its key names the gift and the period).
const RECURRING: &str = "CASE WHEN idempotency_key LIKE 'recurring:%' THEN 1 ELSE 0 END";

fn date() -> Expr {
    Expr::col(payments::Column::PaymentDate)
}

/// A sum as a 64-bit integer on both databases (PostgreSQL sums big integers as numerics).
fn total(expr: Expr) -> Expr {
    Func::cast_as(Func::coalesce([Func::sum(expr).into(), Expr::val(0_i64)]), Alias::new("BIGINT")).into()
}

fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// How long a report's sums are kept when this process has changed no payment: the bound on how
/// late another process's gifts show in the reports (as on the fund pages, ADR 0137).
const SUMS_KEPT: Duration = Duration::from_secs(10);
/// How many periods' sums are kept (a treasurer moves between a few).
const PERIODS_KEPT: usize = 16;

/// The reports' reads. The giving report's sums scan every gift of the period (and each donor's
/// whole history), about 0.1 s at 50,000 gifts on SQLite; they are kept per period until a
/// payment changes ([`Kept`]), so a treasurer moving between tabs and charts reads them once.
#[derive(Debug, Clone)]
pub struct SeaOrmReportRepository {
    db: Database,
    spans: Arc<Kept<Vec<DateTime<Utc>>, Vec<SpanGiving>>>,
    donors: Arc<Kept<[DateTime<Utc>; 3], Vec<DonorSum>>>,
    funds: Arc<Kept<[DateTime<Utc>; 2], FundSums>>,
}

impl SeaOrmReportRepository {
    pub fn new(db: Database) -> Self {
        Self {
            db,
            spans: Arc::new(Kept::new(SUMS_KEPT, PERIODS_KEPT)),
            donors: Arc::new(Kept::new(SUMS_KEPT, PERIODS_KEPT)),
            funds: Arc::new(Kept::new(SUMS_KEPT, PERIODS_KEPT)),
        }
    }
}

#[async_trait]
impl ReportRepository for SeaOrmReportRepository {
    async fn giving_by_span(&self, bounds: &[DateTime<Utc>]) -> Result<Vec<SpanGiving>, RepoError> {
        self.spans.get_or_sum(&self.db, bounds.to_vec(), || self.sum_spans(bounds)).await
    }

    async fn donor_sums(&self, compare_start: DateTime<Utc>, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<Vec<DonorSum>, RepoError> {
        self.donors.get_or_sum(&self.db, [compare_start, start, end], || self.sum_donors(compare_start, start, end)).await
    }

    async fn fund_sums(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<FundSums, RepoError> {
        self.funds.get_or_sum(&self.db, [start, end], || self.sum_funds(start, end)).await
    }

    async fn seva_bookings(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<(String, NaiveDate, i64)>, RepoError> {
        let rows: Vec<(String, String, i64)> = seva_bookings::Entity::find()
            .select_only()
            .column(seva_bookings::Column::SevaName)
            .column(seva_bookings::Column::Date)
            .column(seva_bookings::Column::AmountCents)
            .filter(seva_bookings::Column::Date.gte(from.format("%Y-%m-%d").to_string()))
            .filter(seva_bookings::Column::Date.lte(to.format("%Y-%m-%d").to_string()))
            .filter(seva_bookings::Column::Status.is_in([BookingStatus::Confirmed.as_str(), BookingStatus::Completed.as_str()]))
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows
            .into_iter()
            .filter_map(|(name, day, cents)| NaiveDate::parse_from_str(&day, "%Y-%m-%d").ok().map(|d| (name, d, cents)))
            .collect())
    }

    async fn registrations(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<(DateTime<Utc>, i64)>, RepoError> {
        let held: Vec<(String, DateTime<Utc>)> = events::Entity::find()
            .select_only()
            .column(events::Column::Id)
            .column(events::Column::EventDate)
            .filter(events::Column::EventDate.gte(from))
            .filter(events::Column::EventDate.lt(to))
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()?;
        let when: std::collections::HashMap<String, DateTime<Utc>> = held.into_iter().collect();
        let ids: Vec<String> = when.keys().cloned().collect();
        let mut out = Vec::new();
        for chunk in ids.chunks(500) {
            let rows: Vec<(String, i32)> = attendees::Entity::find()
                .select_only()
                .column(attendees::Column::EventId)
                .column(attendees::Column::NumberOfFamilyMembers)
                .filter(attendees::Column::EventId.is_in(chunk.to_vec()))
                .into_tuple()
                .all(&self.db.conn)
                .await
                .repo()?;
            // The member and their family members.
            out.extend(rows.into_iter().filter_map(|(event, family)| when.get(&event).map(|at| (*at, i64::from(family) + 1))));
        }
        Ok(out)
    }

    async fn member_joins(&self, until: DateTime<Utc>) -> Result<Vec<DateTime<Utc>>, RepoError> {
        users::Entity::find()
            .select_only()
            .column(users::Column::CreatedAt)
            .filter(users::Column::CreatedAt.lt(until))
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()
    }
}

impl SeaOrmReportRepository {
    async fn sum_spans(&self, bounds: &[DateTime<Utc>]) -> Result<Vec<SpanGiving>, RepoError> {
        let (Some(first), Some(last)) = (bounds.first(), bounds.last()) else {
            return Ok(Vec::new());
        };
        let mut select = Query::select();
        select
            .expr_as(span_of(&date(), bounds), Alias::new("span"))
            .column(payments::Column::Channel)
            .column(payments::Column::PaymentMethod)
            .expr_as(Expr::cust(RECURRING), Alias::new("recurring"))
            .expr_as(total(Expr::cust(KEPT)), Alias::new("kept"))
            .expr_as(Expr::cust("COUNT(*)"), Alias::new("gifts"))
            .from(payments::Entity)
            .and_where(date().gte(*first))
            .and_where(date().lt(*last))
            .group_by_col(Alias::new("span"))
            .group_by_col(payments::Column::Channel)
            .group_by_col(payments::Column::PaymentMethod)
            .group_by_col(Alias::new("recurring"));
        completed_gifts(&mut select, None);
        let mut out = Vec::new();
        for row in self.db.conn.query_all(&select).await.repo()? {
            let span: i64 = row.try_get("", "span").repo()?;
            out.push(SpanGiving {
                span: usize::try_from(span).unwrap_or(usize::MAX),
                channel: row.try_get("", "channel").repo()?,
                method: row.try_get("", "payment_method").repo()?,
                recurring: row.try_get::<i32>("", "recurring").repo()? == 1,
                cents: row.try_get("", "kept").repo()?,
                gifts: count(row.try_get("", "gifts").repo()?),
            });
        }
        Ok(out)
    }

    async fn sum_donors(&self, compare_start: DateTime<Utc>, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<Vec<DonorSum>, RepoError> {
        let earlier = || date().lt(start);
        let year_before = || date().gte(compare_start).and(date().lt(start));
        let within = || date().gte(start);
        let one_if = |when: Expr| total(CaseStatement::new().case(when, Expr::val(1_i64)).finally(Expr::val(0_i64)).into());
        let kept_if = |when: Expr| total(CaseStatement::new().case(when, Expr::cust(KEPT)).finally(Expr::val(0_i64)).into());
        let mut select = Query::select();
        select
            .columns([payments::Column::UserId, payments::Column::DonorEmail, payments::Column::DonorName])
            .expr_as(one_if(earlier()), Alias::new("earlier_gifts"))
            .expr_as(one_if(year_before()), Alias::new("before_gifts"))
            .expr_as(kept_if(year_before()), Alias::new("before_cents"))
            .expr_as(one_if(within()), Alias::new("gifts"))
            .expr_as(kept_if(within()), Alias::new("cents"))
            .from(payments::Entity)
            .and_where(date().lt(end))
            .group_by_columns([payments::Column::UserId, payments::Column::DonorEmail, payments::Column::DonorName]);
        completed_gifts(&mut select, None);
        let mut out = Vec::new();
        for row in self.db.conn.query_all(&select).await.repo()? {
            out.push(DonorSum {
                user_id: row.try_get("", "user_id").repo()?,
                email: row.try_get("", "donor_email").repo()?,
                name: row.try_get("", "donor_name").repo()?,
                earlier_gifts: count(row.try_get("", "earlier_gifts").repo()?),
                before_gifts: count(row.try_get("", "before_gifts").repo()?),
                before_cents: row.try_get("", "before_cents").repo()?,
                gifts: count(row.try_get("", "gifts").repo()?),
                cents: row.try_get("", "cents").repo()?,
            });
        }
        Ok(out)
    }

    async fn sum_funds(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<FundSums, RepoError> {
        let (p, pf) = (Alias::new("p"), Alias::new("pf"));
        // A payment without parts is General's whole (as the funds count it).
        let fund = || Expr::from(Func::coalesce([Expr::col((pf.clone(), payment_funds::Column::FundId)), Expr::val(GENERAL_FUND_ID)]));
        let line = || Expr::cust("COALESCE(pf.amount_cents, p.amount_cents)");
        let gifts = |select: &mut SelectStatement| {
            select
                .from_as(payments::Entity, p.clone())
                .join_as(
                    JoinType::LeftJoin,
                    payment_funds::Entity,
                    pf.clone(),
                    Expr::col((pf.clone(), payment_funds::Column::PaymentId)).equals((p.clone(), payments::Column::Id)),
                )
                .and_where(Expr::col((p.clone(), payments::Column::PaymentDate)).gte(start))
                .and_where(Expr::col((p.clone(), payments::Column::PaymentDate)).lt(end));
            completed_gifts(select, Some(p.clone()));
        };
        // Nothing refunded: each line whole, added up per fund.
        let mut whole = Query::select();
        whole
            .expr_as(fund(), Alias::new("fund"))
            .expr_as(total(line()), Alias::new("cents"))
            .expr_as(Expr::cust("COUNT(*)"), Alias::new("lines"))
            .and_where(Expr::col((p.clone(), payments::Column::RefundedCents)).eq(0))
            .group_by_col(Alias::new("fund"));
        gifts(&mut whole);
        let mut sums = FundSums::default();
        for row in self.db.conn.query_all(&whole).await.repo()? {
            sums.whole.push((row.try_get("", "fund").repo()?, row.try_get("", "cents").repo()?, count(row.try_get("", "lines").repo()?)));
        }
        // Refunded (few): each gift's lines, split by the domain.
        let mut refunded = Query::select();
        refunded
            .expr_as(Expr::col((p.clone(), payments::Column::Id)), Alias::new("payment"))
            .expr_as(Expr::cust(KEPT_OF_P), Alias::new("kept"))
            .expr_as(fund(), Alias::new("fund"))
            .expr_as(line(), Alias::new("cents"))
            .and_where(Expr::col((p.clone(), payments::Column::RefundedCents)).gt(0));
        gifts(&mut refunded);
        let mut split: BTreeMap<String, RefundedGift> = BTreeMap::new();
        for row in self.db.conn.query_all(&refunded).await.repo()? {
            let gift = split.entry(row.try_get("", "payment").repo()?).or_insert_with(|| RefundedGift { kept_cents: 0, lines: Vec::new() });
            gift.kept_cents = row.try_get("", "kept").repo()?;
            gift.lines.push((row.try_get("", "fund").repo()?, row.try_get("", "cents").repo()?));
        }
        sums.refunded = split.into_values().collect();
        Ok(sums)
    }
}

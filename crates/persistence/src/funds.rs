//! Funds, and each payment's amount per fund (`payment_funds`), written with the payment.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{FundRecord, FundRepository, RepoError};
use mandir_domain::fund::{Fund, FundPatch, FundProgress, GENERAL_FUND_ID};
use mandir_domain::payment::{DonationDetail, PaymentProvider, PaymentStatus};
use mandir_domain::{FundId, Money};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, JoinType, Query};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set, Statement};

use crate::Database;
use crate::entities::{donation_types, funds, payment_funds, payments};
use crate::error::MapDbErr;
use crate::gift_sql::{completed_gifts, span_of};
use crate::kept::Kept;
use crate::patch::set_patch;

/// How long the funds' progress is kept when this process has changed no payment: the bound on
/// how late another process's gifts (a second server on PostgreSQL) show on the fund pages.
const PROGRESS_KEPT: Duration = Duration::from_secs(10);

/// The funds, and their progress summed once for all funds and kept until a payment changes:
/// summing every gift of a fund joins each with its payment (0.3 s on SQLite with 100,000), and
/// a fund's public page must answer within 20 ms (ADR 0137).
#[derive(Debug, Clone)]
pub struct SeaOrmFundRepository {
    db: Database,
    /// Every fund's progress, one sum for all.
    progress: Arc<Kept<(), HashMap<FundId, FundProgress>>>,
    /// Charted funds' monthly sums, by fund and range.
    months: Arc<Kept<MonthsKey, Vec<(Money, u64)>>>,
}

/// A charted fund and its range's first and last bound.
type MonthsKey = (FundId, DateTime<Utc>, DateTime<Utc>);

impl SeaOrmFundRepository {
    pub fn new(db: Database) -> Self {
        Self { db, progress: Arc::new(Kept::new(PROGRESS_KEPT, 1)), months: Arc::new(Kept::new(PROGRESS_KEPT, 32)) }
    }

    async fn sum_all(&self) -> Result<HashMap<FundId, FundProgress>, RepoError> {
        let backend = self.db.conn.get_database_backend();
        let rows = self.db.conn.query_all_raw(Statement::from_string(backend, progress_sql())).await.repo()?;
        rows.iter().map(read_progress).collect()
    }
}

fn to_domain(m: funds::Model) -> Fund {
    Fund {
        id: m.id.into(),
        name: m.name,
        description: m.description,
        goal: m.goal_cents.map(Money::from_cents),
        starts_on: m.starts_on,
        ends_on: m.ends_on,
        restricted: m.restricted,
        is_active: m.is_active,
        created_at: m.created_at,
        updated_at: m.updated_at,
    }
}

/// Gives each line its fund (its donation type's, or General) and writes the payment's amount
/// per fund, on the caller's transaction: the lines are then stored with their `fundId`.
pub(crate) async fn assign_funds<C: ConnectionTrait>(conn: &C, details: &mut [DonationDetail]) -> Result<(), RepoError> {
    let type_ids: Vec<String> = details.iter().filter(|d| !d.is_custom()).map(|d| d.donation_type_id.clone()).collect();
    let of_type: HashMap<String, String> = if type_ids.is_empty() {
        HashMap::new()
    } else {
        donation_types::Entity::find()
            .select_only()
            .column(donation_types::Column::Id)
            .column(donation_types::Column::FundId)
            .filter(donation_types::Column::Id.is_in(type_ids))
            .into_tuple::<(String, Option<String>)>()
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .filter_map(|(id, fund)| fund.map(|fund| (id.to_ascii_lowercase(), fund)))
            .collect()
    };
    for detail in details.iter_mut() {
        if detail.fund_id.is_none() {
            let fund = of_type.get(&detail.donation_type_id.to_ascii_lowercase()).map_or(GENERAL_FUND_ID, String::as_str);
            detail.fund_id = Some(FundId::new(fund));
        }
    }
    Ok(())
}

/// Writes `payment_funds` for a payment whose lines have their funds. A payment without lines is
/// the General fund's whole, as the migration counted older ones.
pub(crate) async fn record_payment_funds<C: ConnectionTrait>(
    conn: &C,
    payment_id: &str,
    amount: Money,
    details: &[DonationDetail],
) -> Result<(), RepoError> {
    let mut per_fund: BTreeMap<&str, i64> = BTreeMap::new();
    for detail in details {
        let fund = detail.fund_id.as_deref().unwrap_or(GENERAL_FUND_ID);
        *per_fund.entry(fund).or_default() += detail.amount.cents();
    }
    if per_fund.is_empty() {
        per_fund.insert(GENERAL_FUND_ID, amount.cents());
    }
    let rows = per_fund.into_iter().map(|(fund, cents)| payment_funds::ActiveModel {
        payment_id: Set(payment_id.to_owned()),
        fund_id: Set(fund.to_owned()),
        amount_cents: Set(cents),
    });
    payment_funds::Entity::insert_many(rows).exec(conn).await.repo()?;
    Ok(())
}

/// A fund's part of its payments (`pf` joined with `p`) less its share of partial refunds.
pub(crate) const RAISED: &str = "CAST(COALESCE(SUM(pf.amount_cents - CASE WHEN p.refunded_cents > 0 AND p.amount_cents > 0 \
     THEN pf.amount_cents * p.refunded_cents / p.amount_cents ELSE 0 END), 0) AS BIGINT)";

/// The sums behind [`FundRepository::progress`]: a payment's amount in a fund less the fund's
/// share of a partial refund (`amount × refunded ÷ total`, rounded toward zero, so a fund keeps
/// at most a cent more than its exact share; docs/product.md#funds).
fn progress_sql() -> String {
    format!(
        "SELECT pf.fund_id, {RAISED} AS raised, \
           COUNT(*) AS gifts, \
           COUNT(DISTINCT COALESCE(p.user_id, p.donor_id, LOWER(p.donor_email), p.id)) AS donors \
         FROM payment_funds pf JOIN payments p ON p.id = pf.payment_id \
         WHERE p.status = '{completed}' AND p.provider <> '{sandbox}' \
         GROUP BY pf.fund_id",
        completed = PaymentStatus::Completed.as_str(),
        sandbox = PaymentProvider::Sandbox.as_str(),
    )
}

fn read_progress(row: &sea_orm::QueryResult) -> Result<(FundId, FundProgress), RepoError> {
    let fund: String = row.try_get("", "fund_id").repo()?;
    let raised: i64 = row.try_get("", "raised").repo()?;
    let gifts: i64 = row.try_get("", "gifts").repo()?;
    let donors: i64 = row.try_get("", "donors").repo()?;
    let count = |n: i64| u64::try_from(n).unwrap_or(0);
    Ok((FundId::new(fund), FundProgress { raised: Money::from_cents(raised), gifts: count(gifts), donors: count(donors) }))
}

#[async_trait]
impl FundRepository for SeaOrmFundRepository {
    async fn list(&self) -> Result<Vec<Fund>, RepoError> {
        let rows = funds::Entity::find().all(&self.db.conn).await.repo()?;
        let mut list: Vec<Fund> = rows.into_iter().map(to_domain).collect();
        // Sorted here: SQLite and PostgreSQL collate text differently, and funds are few.
        list.sort_by(|a, b| {
            b.is_general()
                .cmp(&a.is_general())
                .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                .then_with(|| a.id.cmp(&b.id))
        });
        Ok(list)
    }

    async fn get(&self, id: &FundId) -> Result<Option<Fund>, RepoError> {
        Ok(funds::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()?.map(to_domain))
    }

    async fn create(&self, r: FundRecord) -> Result<Fund, RepoError> {
        let model = funds::ActiveModel {
            id: Set(r.id.into()),
            name: Set(r.fund.name),
            description: Set(r.fund.description),
            goal_cents: Set(r.fund.goal.map(Money::cents)),
            starts_on: Set(r.fund.starts_on),
            ends_on: Set(r.fund.ends_on),
            restricted: Set(r.fund.restricted),
            is_active: Set(r.fund.is_active),
            created_at: Set(r.now),
            updated_at: Set(r.now),
        }
        .insert(&self.db.conn)
        .await
        .repo()?;
        Ok(to_domain(model))
    }

    async fn update(&self, id: &FundId, patch: FundPatch, now: DateTime<Utc>) -> Result<Fund, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = funds::Entity::find_by_id(id.to_string()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: funds::ActiveModel = existing.into();
        if let Some(name) = patch.name {
            model.name = Set(name);
        }
        set_patch(&mut model.description, patch.description);
        set_patch(&mut model.goal_cents, patch.goal.map(Money::cents));
        set_patch(&mut model.starts_on, patch.starts_on);
        set_patch(&mut model.ends_on, patch.ends_on);
        if let Some(restricted) = patch.restricted {
            model.restricted = Set(restricted);
        }
        if let Some(is_active) = patch.is_active {
            model.is_active = Set(is_active);
        }
        model.updated_at = Set(now);
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(to_domain(saved))
    }

    async fn progress(&self) -> Result<HashMap<FundId, FundProgress>, RepoError> {
        self.progress.get_or_sum(&self.db, (), || self.sum_all()).await
    }

    async fn progress_of(&self, id: &FundId) -> Result<FundProgress, RepoError> {
        Ok(self.progress().await?.remove(id).unwrap_or_default())
    }

    async fn received_between(&self, id: &FundId, bounds: &[DateTime<Utc>]) -> Result<Vec<(Money, u64)>, RepoError> {
        let (Some(first), Some(last)) = (bounds.first(), bounds.last()) else {
            return Ok(Vec::new());
        };
        self.months.get_or_sum(&self.db, (id.clone(), *first, *last), || self.sum_months(id, bounds)).await
    }
}

impl SeaOrmFundRepository {
    async fn sum_months(&self, id: &FundId, bounds: &[DateTime<Utc>]) -> Result<Vec<(Money, u64)>, RepoError> {
        let (Some(first), Some(last)) = (bounds.first(), bounds.last()) else {
            return Ok(Vec::new());
        };
        let spans = bounds.len() - 1;
        let (pf, p) = (Alias::new("pf"), Alias::new("p"));
        let date = || Expr::col((p.clone(), payments::Column::PaymentDate));
        let mut select = Query::select();
        select
            .expr_as(span_of(&date(), bounds), Alias::new("span"))
            .expr_as(Expr::cust(RAISED), Alias::new("raised"))
            .expr_as(Expr::cust("COUNT(*)"), Alias::new("gifts"))
            .from_as(payment_funds::Entity, pf.clone())
            .join_as(
                JoinType::InnerJoin,
                payments::Entity,
                p.clone(),
                Expr::col((p.clone(), payments::Column::Id)).equals((pf.clone(), payment_funds::Column::PaymentId)),
            )
            .and_where(Expr::col((pf, payment_funds::Column::FundId)).eq(id.as_str()))
            .and_where(date().gte(*first))
            .and_where(date().lt(*last))
            .group_by_col(Alias::new("span"));
        completed_gifts(&mut select, Some(p.clone()));
        let mut sums = vec![(Money::from_cents(0), 0_u64); spans];
        for row in self.db.conn.query_all(&select).await.repo()? {
            let index: i64 = row.try_get("", "span").repo()?;
            let raised: i64 = row.try_get("", "raised").repo()?;
            let gifts: i64 = row.try_get("", "gifts").repo()?;
            if let Some(slot) = usize::try_from(index).ok().and_then(|i| sums.get_mut(i)) {
                *slot = (Money::from_cents(raised), u64::try_from(gifts).unwrap_or(0));
            }
        }
        Ok(sums)
    }
}

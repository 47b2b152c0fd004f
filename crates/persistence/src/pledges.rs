//! The members' pledges, each read with what was given toward it: one SQL sum joining the
//! member's completed gifts to the fund in the period (`payments` by their date against the
//! pledge's `starts_at`/`ends_before`, and `payment_funds` for the fund's part), counted as the
//! funds' progress counts them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{AssignedGift, Assignment, PledgeRecord, PledgeRepository, PledgeView, RepoError};
use mandir_domain::payment::{PaymentProvider, PaymentStatus};
use mandir_domain::pledge::{Pledge, PledgeStatus};
use mandir_domain::{FundId, Money, PaymentId, PledgeId, UserId};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, JoinType, Query, SelectStatement};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set};

use crate::Database;
use crate::entities::{payment_funds, payments, pledge_gifts, pledges, users};
use crate::error::MapDbErr;
use crate::funds::RAISED;

#[derive(Debug, Clone)]
pub struct SeaOrmPledgeRepository {
    db: Database,
}

impl SeaOrmPledgeRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn bad_row(id: &str, what: &str) -> RepoError {
    RepoError::unexpected(format!("pledge {id} has an unreadable {what}"))
}

fn to_domain(m: pledges::Model) -> Result<Pledge, RepoError> {
    let status = PledgeStatus::parse(&m.status).ok_or_else(|| bad_row(&m.id, "status"))?;
    Ok(Pledge {
        id: m.id.into(),
        user_id: m.user_id.into(),
        fund_id: FundId::new(m.fund_id),
        amount: Money::from_cents(m.amount_cents),
        starts_on: m.starts_on,
        ends_on: m.ends_on,
        note: m.note,
        status,
        created_at: m.created_at,
        updated_at: m.updated_at,
        reminded_at: m.reminded_at,
    })
}

/// Whose gifts a sum counts toward a pledge.
#[derive(Clone, Copy)]
enum Counted {
    /// The member's own: under their account.
    Own,
    /// The gifts the treasurer assigned to it (not the member's own, which count already).
    Assigned,
}

/// What each pledge matching `filter` was given, by `counted` gifts: `(pledge id, cents)`, for
/// the pledges with such gifts.
fn given_select(counted: Counted, filter: impl FnOnce(&mut SelectStatement)) -> SelectStatement {
    let (pl, p, pf, pg) = (Alias::new("pl"), Alias::new("p"), Alias::new("pf"), Alias::new("pg"));
    let in_period = Expr::col((p.clone(), payments::Column::PaymentDate))
        .gte(Expr::col((pl.clone(), pledges::Column::StartsAt)))
        .and(Expr::col((p.clone(), payments::Column::PaymentDate)).lt(Expr::col((pl.clone(), pledges::Column::EndsBefore))));
    let mut select = Query::select();
    select.column((pl.clone(), pledges::Column::Id)).expr_as(Expr::cust(RAISED), Alias::new("given")).from_as(pledges::Entity, pl.clone());
    match counted {
        Counted::Own => {
            let own = Expr::col((p.clone(), payments::Column::UserId)).equals((pl.clone(), pledges::Column::UserId));
            select.join_as(JoinType::InnerJoin, payments::Entity, p.clone(), own.and(in_period));
        }
        Counted::Assigned => {
            select.join_as(
                JoinType::InnerJoin,
                pledge_gifts::Entity,
                pg.clone(),
                Expr::col((pg.clone(), pledge_gifts::Column::PledgeId)).equals((pl.clone(), pledges::Column::Id)),
            );
            let not_own = Expr::col((p.clone(), payments::Column::UserId))
                .is_null()
                .or(Expr::col((p.clone(), payments::Column::UserId)).ne(Expr::col((pl.clone(), pledges::Column::UserId))));
            let assigned = Expr::col((p.clone(), payments::Column::Id)).equals((pg, pledge_gifts::Column::PaymentId));
            select.join_as(JoinType::InnerJoin, payments::Entity, p.clone(), assigned.and(in_period).and(not_own));
        }
    }
    select
        .join_as(
            JoinType::InnerJoin,
            payment_funds::Entity,
            pf.clone(),
            Expr::col((pf.clone(), payment_funds::Column::PaymentId))
                .equals((p.clone(), payments::Column::Id))
                .and(Expr::col((pf, payment_funds::Column::FundId)).equals((pl.clone(), pledges::Column::FundId))),
        )
        .and_where(Expr::col((p.clone(), payments::Column::Status)).eq(PaymentStatus::Completed.as_str()))
        .and_where(Expr::col((p, payments::Column::Provider)).ne(PaymentProvider::Sandbox.as_str()))
        .group_by_col((pl, pledges::Column::Id));
    filter(&mut select);
    select.to_owned()
}

impl SeaOrmPledgeRepository {
    /// The gifts assigned to the pledges of `rows`, by pledge, oldest first.
    async fn assigned(&self, rows: &[pledges::Model]) -> Result<std::collections::HashMap<String, Vec<AssignedGift>>, RepoError> {
        let links = pledge_gifts::Entity::find()
            .filter(pledge_gifts::Column::PledgeId.is_in(rows.iter().map(|r| r.id.clone())))
            .all(&self.db.conn)
            .await
            .repo()?;
        if links.is_empty() {
            return Ok(std::collections::HashMap::new());
        }
        let payments: std::collections::HashMap<String, payments::Model> = payments::Entity::find()
            .filter(payments::Column::Id.is_in(links.iter().map(|l| l.payment_id.clone())))
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(|p| (p.id.clone(), p))
            .collect();
        let mut by_pledge: std::collections::HashMap<String, Vec<AssignedGift>> = std::collections::HashMap::new();
        for link in links {
            let Some(p) = payments.get(&link.payment_id) else { continue };
            by_pledge.entry(link.pledge_id).or_default().push(AssignedGift {
                payment_id: PaymentId::new(p.id.clone()),
                receipt_number: p.receipt_number.clone().unwrap_or_default(),
                paid_at: p.payment_date,
                amount: Money::from_cents(p.amount_cents),
                donor_name: p.donor_name.clone().unwrap_or_default(),
            });
        }
        for gifts in by_pledge.values_mut() {
            gifts.sort_by(|a, b| a.paid_at.cmp(&b.paid_at).then_with(|| a.payment_id.cmp(&b.payment_id)));
        }
        Ok(by_pledge)
    }

    /// The pledges of `rows` with what each was given and whose it is.
    async fn views(&self, rows: Vec<pledges::Model>, filter: impl Fn(&mut SelectStatement)) -> Result<Vec<PledgeView>, RepoError> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let mut given: std::collections::HashMap<String, i64> = std::collections::HashMap::new();
        for counted in [Counted::Own, Counted::Assigned] {
            for row in self.db.conn.query_all(&given_select(counted, &filter)).await.repo()? {
                *given.entry(row.try_get::<String>("", "id").repo()?).or_default() += row.try_get::<i64>("", "given").repo()?;
            }
        }
        let assigned = self.assigned(&rows).await?;
        let user_ids: Vec<String> = rows.iter().map(|r| r.user_id.clone()).collect();
        let people: std::collections::HashMap<String, (String, String)> = users::Entity::find()
            .select_only()
            .column(users::Column::Id)
            .column(users::Column::FirstName)
            .column(users::Column::LastName)
            .column(users::Column::Email)
            .filter(users::Column::Id.is_in(user_ids))
            .into_tuple::<(String, String, String, String)>()
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(|(id, first, last, email)| (id, (format!("{first} {last}").trim().to_owned(), email)))
            .collect();
        rows.into_iter()
            .map(|row| {
                let given = Money::from_cents(given.get(&row.id).copied().unwrap_or(0));
                let (member_name, member_email) = people.get(&row.user_id).cloned().unwrap_or_default();
                let gifts = assigned.get(&row.id).cloned().unwrap_or_default();
                Ok(PledgeView { pledge: to_domain(row)?, given, member_name, member_email, assigned: gifts })
            })
            .collect()
    }
}

#[async_trait]
impl PledgeRepository for SeaOrmPledgeRepository {
    async fn create(&self, r: PledgeRecord) -> Result<Pledge, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        // The member's row, locked: two pledges by one member are checked one after the other.
        users::Entity::find_by_id(r.user_id.to_string()).lock_exclusive().one(&tx).await.repo()?.ok_or(RepoError::NotFound)?;
        let overlapping = pledges::Entity::find()
            .filter(pledges::Column::UserId.eq(r.user_id.to_string()))
            .filter(pledges::Column::FundId.eq(r.pledge.fund_id.to_string()))
            .filter(pledges::Column::Status.eq(PledgeStatus::Active.as_str()))
            .filter(pledges::Column::StartsOn.lte(r.pledge.ends_on))
            .filter(pledges::Column::EndsOn.gte(r.pledge.starts_on))
            .one(&tx)
            .await
            .repo()?;
        if overlapping.is_some() {
            return Err(RepoError::Conflict("an active pledge to this fund shares these days".into()));
        }
        let model = pledges::ActiveModel {
            id: Set(r.id.to_string()),
            user_id: Set(r.user_id.to_string()),
            fund_id: Set(r.pledge.fund_id.to_string()),
            amount_cents: Set(r.pledge.amount.cents()),
            starts_on: Set(r.pledge.starts_on),
            ends_on: Set(r.pledge.ends_on),
            starts_at: Set(r.starts_at),
            ends_before: Set(r.ends_before),
            note: Set(r.pledge.note),
            status: Set(PledgeStatus::Active.as_str().to_owned()),
            created_at: Set(r.now),
            updated_at: Set(r.now),
            reminded_at: Set(None),
        }
        .insert(&tx)
        .await
        .repo()?;
        tx.commit().await.repo()?;
        to_domain(model)
    }

    async fn get(&self, id: &PledgeId) -> Result<Option<PledgeView>, RepoError> {
        let Some(row) = pledges::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()? else {
            return Ok(None);
        };
        let only = id.to_string();
        let views = self.views(vec![row], |s| {
            s.and_where(Expr::col((Alias::new("pl"), pledges::Column::Id)).eq(only.clone()));
        });
        Ok(views.await?.pop())
    }

    async fn of_member(&self, user_id: &UserId) -> Result<Vec<PledgeView>, RepoError> {
        let rows = pledges::Entity::find().filter(pledges::Column::UserId.eq(user_id.to_string())).all(&self.db.conn).await.repo()?;
        let member = user_id.to_string();
        let mut views = self
            .views(rows, |s| {
                s.and_where(Expr::col((Alias::new("pl"), pledges::Column::UserId)).eq(member.clone()));
            })
            .await?;
        // Sorted here: newest first, then by id for equal times.
        views.sort_by(|a, b| b.pledge.created_at.cmp(&a.pledge.created_at).then_with(|| a.pledge.id.cmp(&b.pledge.id)));
        Ok(views)
    }

    async fn all(&self, fund_id: Option<FundId>) -> Result<Vec<PledgeView>, RepoError> {
        let mut query = pledges::Entity::find();
        if let Some(fund) = &fund_id {
            query = query.filter(pledges::Column::FundId.eq(fund.to_string()));
        }
        let rows = query.all(&self.db.conn).await.repo()?;
        self.views(rows, |s| {
            if let Some(fund) = &fund_id {
                s.and_where(Expr::col((Alias::new("pl"), pledges::Column::FundId)).eq(fund.to_string()));
            }
        })
        .await
    }

    async fn cancel(&self, id: &PledgeId, now: DateTime<Utc>) -> Result<Option<Pledge>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(row) = pledges::Entity::find_by_id(id.to_string()).lock_exclusive().one(&tx).await.repo()? else {
            return Ok(None);
        };
        if row.status != PledgeStatus::Active.as_str() {
            return Ok(None);
        }
        let mut model: pledges::ActiveModel = row.into();
        model.status = Set(PledgeStatus::Cancelled.as_str().to_owned());
        model.updated_at = Set(now);
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        to_domain(saved).map(Some)
    }

    async fn assign(&self, pledge: &PledgeId, payment: &PaymentId, by: &UserId, now: DateTime<Utc>) -> Result<Assignment, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        // The pledge's row, locked: its gifts change one at a time.
        let Some(row) = pledges::Entity::find_by_id(pledge.to_string()).lock_exclusive().one(&tx).await.repo()? else {
            return Ok(Assignment::Gone);
        };
        let in_fund = payment_funds::Entity::find()
            .filter(payment_funds::Column::PaymentId.eq(payment.as_str()))
            .filter(payment_funds::Column::FundId.eq(row.fund_id.clone()))
            .count(&tx)
            .await
            .repo()?;
        if in_fund == 0 {
            return Ok(Assignment::NotInFund);
        }
        if let Some(taken) = pledge_gifts::Entity::find_by_id(payment.to_string()).one(&tx).await.repo()? {
            return Ok(if taken.pledge_id == row.id { Assignment::Done } else { Assignment::Taken });
        }
        pledge_gifts::ActiveModel {
            payment_id: Set(payment.to_string()),
            pledge_id: Set(row.id),
            assigned_by: Set(by.to_string()),
            assigned_at: Set(now),
        }
        .insert(&tx)
        .await
        .repo()?;
        tx.commit().await.repo()?;
        Ok(Assignment::Done)
    }

    async fn unassign(&self, pledge: &PledgeId, payment: &PaymentId) -> Result<bool, RepoError> {
        let gone = pledge_gifts::Entity::delete_many()
            .filter(pledge_gifts::Column::PaymentId.eq(payment.as_str()))
            .filter(pledge_gifts::Column::PledgeId.eq(pledge.as_str()))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(gone.rows_affected > 0)
    }

    async fn mark_reminded(&self, ids: &[PledgeId], now: DateTime<Utc>) -> Result<(), RepoError> {
        if ids.is_empty() {
            return Ok(());
        }
        let tx = self.db.begin_write().await.repo()?;
        pledges::Entity::update_many()
            .col_expr(pledges::Column::RemindedAt, Expr::val(now))
            .filter(pledges::Column::Id.is_in(ids.iter().map(ToString::to_string)))
            .exec(&tx)
            .await
            .repo()?;
        tx.commit().await.repo()?;
        Ok(())
    }
}

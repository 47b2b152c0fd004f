//! The e-mails to members (ADR 0106), shaped like the receipts' outbox (ADR 0091): rows are
//! written with the change they tell about (a trigger on `attendees` for the confirmation,
//! [`enqueue_event_notices`] inside the event repository's transactions, one `INSERT ... SELECT`
//! for the reminders), each under an id naming what it is for, and claimed by one sender at a
//! time with a conditional update.

use std::collections::BTreeSet;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{
    EventNotice, MemberEmail, MemberEmailKind, MemberOutbox, PledgeNotice, RepoError, ShiftNotice, StarDayNotice,
};
use mandir_domain::UserId;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, JoinType, OnConflict, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::Database;
use crate::entities::{attendees, member_emails, volunteers};
use crate::error::MapDbErr;
use crate::outbox;

/// Adds a notice about an event for everyone registered or volunteering for it, on the caller's
/// connection (its transaction). `key` makes the ids (`<kind>:<key>:<user id>`); a row that
/// exists is kept. Answers how many people are told.
pub(crate) async fn enqueue_event_notices<C: ConnectionTrait>(
    conn: &C,
    event_id: &str,
    kind: MemberEmailKind,
    key: &str,
    notice: &EventNotice,
    now: DateTime<Utc>,
) -> Result<usize, RepoError> {
    let registered: Vec<String> = attendees::Entity::find()
        .select_only()
        .column(attendees::Column::UserId)
        .filter(attendees::Column::EventId.eq(event_id))
        .into_tuple()
        .all(conn)
        .await
        .repo()?;
    let volunteering: Vec<String> = volunteers::Entity::find()
        .select_only()
        .column(volunteers::Column::UserId)
        .filter(volunteers::Column::EventId.eq(event_id))
        .into_tuple()
        .all(conn)
        .await
        .repo()?;
    let people: BTreeSet<String> = registered.into_iter().chain(volunteering).collect();
    if people.is_empty() {
        return Ok(0);
    }
    let payload = serde_json::to_string(notice).map_err(RepoError::unexpected)?;
    let rows = people.iter().map(|user_id| member_emails::ActiveModel {
        id: Set(format!("{}:{key}:{user_id}", kind.as_str())),
        kind: Set(kind.as_str().to_owned()),
        user_id: Set(user_id.clone()),
        event_id: Set(Some(event_id.to_owned())),
        payload: Set(Some(payload.clone())),
        created_at: Set(now),
        claimed_until: Set(None),
        attempts: Set(0),
        sent_at: Set(None),
        last_error: Set(None),
    });
    member_emails::Entity::insert_many(rows)
        .on_conflict(OnConflict::column(member_emails::Column::Id).do_nothing().to_owned())
        .exec_without_returning(conn)
        .await
        .repo()?;
    Ok(people.len())
}

fn to_domain(m: member_emails::Model) -> Result<MemberEmail, RepoError> {
    let kind = MemberEmailKind::parse(&m.kind)
        .ok_or_else(|| RepoError::unexpected(format!("stored member e-mail has an unknown kind {:?}", m.kind)))?;
    // The payload is the event as it was told about, or for a star day, the star day.
    let (mut notice, mut star_day, mut pledge, mut shift) = (None, None, None, None);
    let payload = m.payload.as_deref();
    match kind {
        MemberEmailKind::StarDay => {
            star_day = payload.map(serde_json::from_str::<StarDayNotice>).transpose().map_err(RepoError::unexpected)?;
        }
        MemberEmailKind::PledgeReminder => {
            pledge = payload.map(serde_json::from_str::<PledgeNotice>).transpose().map_err(RepoError::unexpected)?;
        }
        MemberEmailKind::ShiftSignedUp
        | MemberEmailKind::ShiftPromoted
        | MemberEmailKind::ShiftReminder
        | MemberEmailKind::ShiftMessage => {
            shift = payload.map(serde_json::from_str::<ShiftNotice>).transpose().map_err(RepoError::unexpected)?;
        }
        _ => notice = payload.map(serde_json::from_str).transpose().map_err(RepoError::unexpected)?,
    }
    Ok(MemberEmail {
        kind,
        notice,
        star_day,
        pledge,
        shift,
        id: m.id,
        user_id: m.user_id.into(),
        event_id: m.event_id.map(Into::into),
        created_at: m.created_at,
        attempts: m.attempts,
        sent_at: m.sent_at,
    })
}

#[derive(Debug, Clone)]
pub struct SeaOrmMemberOutbox {
    db: Database,
}

impl SeaOrmMemberOutbox {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

outbox::outbox_port!(SeaOrmMemberOutbox, member_emails, MemberEmail, to_domain);

#[async_trait]
impl MemberOutbox for SeaOrmMemberOutbox {
    async fn queue_reminders(&self, from: DateTime<Utc>, to: DateTime<Utc>, now: DateTime<Utc>) -> Result<u64, RepoError> {
        let (a, e, u) = (Alias::new("a"), Alias::new("e"), Alias::new("u"));
        let select = Query::select()
            .expr(Expr::cust("'reminder:' || a.event_id || ':' || a.user_id"))
            .expr(Expr::val(MemberEmailKind::Reminder.as_str()))
            .column((a.clone(), Alias::new("user_id")))
            .column((a.clone(), Alias::new("event_id")))
            .expr(Expr::val(now))
            .expr(Expr::val(0))
            .from_as(Alias::new("attendees"), a.clone())
            .join_as(
                JoinType::InnerJoin,
                Alias::new("events"),
                e.clone(),
                Expr::col((e.clone(), Alias::new("id"))).equals((a.clone(), Alias::new("event_id"))),
            )
            .join_as(
                JoinType::InnerJoin,
                Alias::new("users"),
                u.clone(),
                Expr::col((u.clone(), Alias::new("id"))).equals((a.clone(), Alias::new("user_id"))),
            )
            .and_where(Expr::col((e.clone(), Alias::new("event_date"))).gt(from))
            .and_where(Expr::col((e, Alias::new("event_date"))).lte(to))
            .and_where(Expr::col((u, Alias::new("reminders_enabled"))).eq(true))
            .to_owned();
        let insert = Query::insert()
            .into_table(Alias::new("member_emails"))
            .columns(["id", "kind", "user_id", "event_id", "created_at", "attempts"].map(Alias::new))
            .select_from(select)
            .map_err(RepoError::unexpected)?
            .on_conflict(OnConflict::column(Alias::new("id")).do_nothing().to_owned())
            .to_owned();
        Ok(self.db.conn.execute(&insert).await.repo()?.rows_affected())
    }

    async fn queue_star_days(&self, reminders: &[(UserId, StarDayNotice)], now: DateTime<Utc>) -> Result<u64, RepoError> {
        let mut rows = Vec::with_capacity(reminders.len());
        for (user_id, notice) in reminders {
            let id = format!("star:{}:{}", notice.star_birthday_id, notice.date);
            rows.push((id, user_id.clone(), serde_json::to_string(notice).map_err(RepoError::unexpected)?));
        }
        self.insert_new(MemberEmailKind::StarDay, rows, now).await
    }

    async fn queue_pledge_reminders(&self, reminders: &[(UserId, PledgeNotice)], now: DateTime<Utc>) -> Result<u64, RepoError> {
        let mut rows = Vec::with_capacity(reminders.len());
        for (user_id, notice) in reminders {
            let id = format!("pledge:{}:{}", notice.pledge_id, notice.asked_on);
            rows.push((id, user_id.clone(), serde_json::to_string(notice).map_err(RepoError::unexpected)?));
        }
        self.insert_new(MemberEmailKind::PledgeReminder, rows, now).await
    }

    async fn queue_shift_emails(
        &self,
        kind: MemberEmailKind,
        emails: &[(String, UserId, ShiftNotice)],
        now: DateTime<Utc>,
    ) -> Result<u64, RepoError> {
        let mut rows = Vec::with_capacity(emails.len());
        for (id, user_id, notice) in emails {
            rows.push((id.clone(), user_id.clone(), serde_json::to_string(notice).map_err(RepoError::unexpected)?));
        }
        self.insert_new(kind, rows, now).await
    }
}

impl SeaOrmMemberOutbox {
    /// Adds e-mails of one kind, each `(id, member, payload)`, in one transaction; a row whose id
    /// exists is kept. Answers how many were added.
    async fn insert_new(&self, kind: MemberEmailKind, rows: Vec<(String, UserId, String)>, now: DateTime<Utc>) -> Result<u64, RepoError> {
        if rows.is_empty() {
            return Ok(0);
        }
        let models = rows.into_iter().map(|(id, user_id, payload)| member_emails::ActiveModel {
            id: Set(id),
            kind: Set(kind.as_str().to_owned()),
            user_id: Set(user_id.to_string()),
            event_id: Set(None),
            payload: Set(Some(payload)),
            created_at: Set(now),
            claimed_until: Set(None),
            attempts: Set(0),
            sent_at: Set(None),
            last_error: Set(None),
        });
        let turn = self.db.begin_write().await.repo()?;
        let added = member_emails::Entity::insert_many(models)
            .on_conflict(OnConflict::column(member_emails::Column::Id).do_nothing().to_owned())
            .exec_without_returning(&turn)
            .await
            .repo()?;
        turn.commit().await.repo()?;
        Ok(added)
    }
}

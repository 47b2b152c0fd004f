//! Texts to members (ADR 0148): each member's number and consent, numbers that replied STOP, the
//! texts as a claim-once outbox shaped like the e-mails' (ADR 0091), and each month's count
//! against the admin's cap, taken with one conditional update so that processes together never
//! pass it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{NewText, RepoError, SentText, TextMessage, TextRecord, TextRepository, TextSettings};
use mandir_domain::UserId;
use mandir_domain::texting::{TextChannel, TextKind};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{text_config, text_messages, text_months, text_opt_outs, text_settings};
use crate::error::MapDbErr;
use crate::outbox;

/// The one row of `text_config`.
const CONFIG_ID: i32 = 1;

pub struct SeaOrmTextRepository {
    db: Database,
}

impl SeaOrmTextRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn settings_of(m: text_settings::Model) -> TextSettings {
    TextSettings {
        user_id: m.user_id.into(),
        phone: m.phone,
        verified_at: m.verified_at,
        channel: TextChannel::parse(&m.channel).unwrap_or(TextChannel::Sms),
        kinds: m.kinds.split_whitespace().filter_map(TextKind::parse).collect(),
        time_zone: m.time_zone,
        pending_phone: m.pending_phone,
        code_hash: m.code_hash,
        code_expires_at: m.code_expires_at,
        code_attempts: m.code_attempts,
        updated_at: m.updated_at,
    }
}

fn message_of(m: text_messages::Model) -> Result<TextMessage, RepoError> {
    let kind = TextKind::parse(&m.kind).ok_or_else(|| RepoError::unexpected(format!("text {} has kind {:?}", m.id, m.kind)))?;
    Ok(TextMessage {
        id: m.id,
        user_id: UserId::from(m.user_id),
        kind,
        body: m.body,
        created_at: m.created_at,
        attempts: m.attempts,
        sent_at: m.sent_at,
    })
}

outbox::outbox_port!(SeaOrmTextRepository, text_messages, TextMessage, message_of);

#[async_trait]
impl TextRepository for SeaOrmTextRepository {
    async fn settings(&self, user: &UserId) -> Result<Option<TextSettings>, RepoError> {
        Ok(text_settings::Entity::find_by_id(user.as_str()).one(&self.db.conn).await.repo()?.map(settings_of))
    }

    async fn save_settings(&self, s: &TextSettings) -> Result<(), RepoError> {
        let kinds: Vec<&str> = s.kinds.iter().map(|k| k.as_str()).collect();
        let model = text_settings::ActiveModel {
            user_id: Set(s.user_id.to_string()),
            phone: Set(s.phone.clone()),
            verified_at: Set(s.verified_at),
            channel: Set(s.channel.as_str().to_owned()),
            kinds: Set(kinds.join(" ")),
            time_zone: Set(s.time_zone.clone()),
            pending_phone: Set(s.pending_phone.clone()),
            code_hash: Set(s.code_hash.clone()),
            code_expires_at: Set(s.code_expires_at),
            code_attempts: Set(s.code_attempts),
            updated_at: Set(s.updated_at),
        };
        use text_settings::Column as C;
        text_settings::Entity::insert(model)
            .on_conflict(
                OnConflict::column(C::UserId)
                    .update_columns([
                        C::Phone,
                        C::VerifiedAt,
                        C::Channel,
                        C::Kinds,
                        C::TimeZone,
                        C::PendingPhone,
                        C::CodeHash,
                        C::CodeExpiresAt,
                        C::CodeAttempts,
                        C::UpdatedAt,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn opted_out(&self, phone: &str) -> Result<bool, RepoError> {
        Ok(text_opt_outs::Entity::find_by_id(phone).count(&self.db.conn).await.repo()? > 0)
    }

    async fn set_opted_out(&self, phone: &str, opted_out: bool, now: DateTime<Utc>) -> Result<(), RepoError> {
        if opted_out {
            let model = text_opt_outs::ActiveModel { phone: Set(phone.to_owned()), opted_out_at: Set(now) };
            text_opt_outs::Entity::insert(model)
                .on_conflict(OnConflict::column(text_opt_outs::Column::Phone).do_nothing().to_owned())
                .exec_without_returning(&self.db.conn)
                .await
                .repo()?;
        } else {
            text_opt_outs::Entity::delete_by_id(phone).exec(&self.db.conn).await.repo()?;
        }
        Ok(())
    }

    async fn queue(&self, text: &NewText, now: DateTime<Utc>) -> Result<bool, RepoError> {
        let model = text_messages::ActiveModel {
            id: Set(text.id.clone()),
            kind: Set(text.kind.as_str().to_owned()),
            user_id: Set(text.user_id.to_string()),
            body: Set(text.body.clone()),
            created_at: Set(now),
            claimed_until: Set(None),
            attempts: Set(0),
            sent_at: Set(None),
            last_error: Set(None),
            to_phone: Set(None),
            provider_id: Set(None),
        };
        let added = text_messages::Entity::insert(model)
            .on_conflict(OnConflict::column(text_messages::Column::Id).do_nothing().to_owned())
            .exec_without_returning(&self.db.conn)
            .await
            .repo()?;
        Ok(added > 0)
    }

    async fn hold(&self, id: &str, until: DateTime<Utc>) -> Result<(), RepoError> {
        use text_messages::Column as C;
        text_messages::Entity::update_many()
            .col_expr(C::ClaimedUntil, Expr::value(until))
            .col_expr(C::Attempts, Expr::col(C::Attempts).sub(1))
            .filter(C::Id.eq(id))
            .filter(C::SentAt.is_null())
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn record_delivery(&self, id: &str, to_phone: &str, provider_id: &str) -> Result<(), RepoError> {
        use text_messages::Column as C;
        text_messages::Entity::update_many()
            .col_expr(C::ToPhone, Expr::value(to_phone))
            .col_expr(C::ProviderId, Expr::value(provider_id.chars().take(64).collect::<String>()))
            .filter(C::Id.eq(id))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn record_sent(&self, sent: &SentText, now: DateTime<Utc>) -> Result<(), RepoError> {
        let model = text_messages::ActiveModel {
            id: Set(sent.id.clone()),
            kind: Set(sent.kind.clone()),
            user_id: Set(sent.user_id.to_string()),
            body: Set(sent.body.clone()),
            created_at: Set(now),
            claimed_until: Set(None),
            attempts: Set(1),
            sent_at: Set(Some(now)),
            last_error: Set(None),
            to_phone: Set(Some(sent.to_phone.clone())),
            provider_id: Set(Some(sent.provider_id.chars().take(64).collect())),
        };
        text_messages::Entity::insert(model).exec_without_returning(&self.db.conn).await.repo()?;
        Ok(())
    }

    async fn sent_to_since(&self, phone: &str, since: DateTime<Utc>) -> Result<u64, RepoError> {
        use text_messages::Column as C;
        text_messages::Entity::find().filter(C::ToPhone.eq(phone)).filter(C::SentAt.gte(since)).count(&self.db.conn).await.repo()
    }

    async fn reserve(&self, month: &str, cap: i32) -> Result<bool, RepoError> {
        use text_months::Column as C;
        let row = text_months::ActiveModel { month: Set(month.to_owned()), sent: Set(0) };
        text_months::Entity::insert(row)
            .on_conflict(OnConflict::column(C::Month).do_nothing().to_owned())
            .exec_without_returning(&self.db.conn)
            .await
            .repo()?;
        let taken = text_months::Entity::update_many()
            .col_expr(C::Sent, Expr::col(C::Sent).add(1))
            .filter(C::Month.eq(month))
            .filter(C::Sent.lt(i64::from(cap)))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(taken.rows_affected == 1)
    }

    async fn release(&self, month: &str) -> Result<(), RepoError> {
        use text_months::Column as C;
        text_months::Entity::update_many()
            .col_expr(C::Sent, Expr::col(C::Sent).sub(1))
            .filter(C::Month.eq(month))
            .filter(C::Sent.gt(0))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn month_count(&self, month: &str) -> Result<i64, RepoError> {
        Ok(text_months::Entity::find_by_id(month).one(&self.db.conn).await.repo()?.map_or(0, |m| m.sent))
    }

    async fn cap(&self) -> Result<Option<i32>, RepoError> {
        Ok(text_config::Entity::find_by_id(CONFIG_ID).one(&self.db.conn).await.repo()?.map(|c| c.monthly_cap))
    }

    async fn set_cap(&self, cap: i32, now: DateTime<Utc>) -> Result<(), RepoError> {
        use text_config::Column as C;
        let model = text_config::ActiveModel { id: Set(CONFIG_ID), monthly_cap: Set(cap), updated_at: Set(now) };
        text_config::Entity::insert(model)
            .on_conflict(OnConflict::column(C::Id).update_columns([C::MonthlyCap, C::UpdatedAt]).to_owned())
            .exec_without_returning(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn recent(&self, limit: u64) -> Result<Vec<TextRecord>, RepoError> {
        use text_messages::Column as C;
        let rows =
            text_messages::Entity::find().order_by_desc(C::CreatedAt).order_by_desc(C::Id).limit(limit).all(&self.db.conn).await.repo()?;
        Ok(rows
            .into_iter()
            .map(|m| TextRecord {
                id: m.id,
                kind: m.kind,
                to_phone: m.to_phone,
                created_at: m.created_at,
                sent_at: m.sent_at,
                attempts: m.attempts,
                last_error: m.last_error,
            })
            .collect())
    }
}

//! A member's own settings (ADR 0107): reminders, the personal calendar feed's token hash, a
//! pending change of address, the account's deletion.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{AccountRepository, AccountSettings, AdminRemoval, EmailChanged, RepoError};
use mandir_domain::UserId;
use mandir_domain::user::Email;
use mandir_domain::volunteer::Volunteer;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::Database;
use crate::entities::{account_settings, users, volunteers};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmAccountRepository {
    db: Database,
}

impl SeaOrmAccountRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    async fn update(&self, id: &UserId, update: sea_orm::UpdateMany<account_settings::Entity>) -> Result<(), RepoError> {
        let result = update.filter(account_settings::Column::Id.eq(id.as_str())).exec(&self.db.conn).await.repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

#[async_trait]
impl AccountRepository for SeaOrmAccountRepository {
    async fn settings(&self, id: &UserId) -> Result<AccountSettings, RepoError> {
        let row = account_settings::Entity::find_by_id(id.as_str()).one(&self.db.conn).await.repo()?.ok_or(RepoError::NotFound)?;
        Ok(AccountSettings {
            reminders_enabled: row.reminders_enabled,
            calendar_feed_since: row.calendar_token_hash.as_ref().and(row.calendar_token_created_at),
            pending_email: row.pending_email,
        })
    }

    async fn set_reminders(&self, id: &UserId, enabled: bool, now: DateTime<Utc>) -> Result<(), RepoError> {
        self.update(
            id,
            account_settings::Entity::update_many()
                .col_expr(account_settings::Column::RemindersEnabled, Expr::value(enabled))
                .col_expr(account_settings::Column::UpdatedAt, Expr::value(now)),
        )
        .await
    }

    async fn set_calendar_token(&self, id: &UserId, token_hash: Option<String>, now: DateTime<Utc>) -> Result<(), RepoError> {
        self.update(
            id,
            account_settings::Entity::update_many()
                .col_expr(account_settings::Column::CalendarTokenHash, Expr::value(token_hash.clone()))
                .col_expr(account_settings::Column::CalendarTokenCreatedAt, Expr::value(token_hash.as_ref().map(|_| now))),
        )
        .await
    }

    async fn user_for_calendar_token(&self, token_hash: &str) -> Result<Option<UserId>, RepoError> {
        let row = account_settings::Entity::find()
            .filter(account_settings::Column::CalendarTokenHash.eq(token_hash))
            .one(&self.db.conn)
            .await
            .repo()?;
        Ok(row.map(|r| r.id.into()))
    }

    async fn request_email_change(
        &self,
        id: &UserId,
        new_email: &Email,
        token_hash: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let taken = users::Entity::find().filter(users::Column::Email.eq(new_email.as_str())).one(&self.db.conn).await.repo()?;
        if taken.is_some_and(|u| u.id != id.as_str()) {
            return Err(RepoError::Conflict("users.email".to_owned()));
        }
        self.update(
            id,
            account_settings::Entity::update_many()
                .col_expr(account_settings::Column::PendingEmail, Expr::value(Some(new_email.as_str().to_owned())))
                .col_expr(account_settings::Column::PendingEmailTokenHash, Expr::value(Some(token_hash.to_owned())))
                .col_expr(account_settings::Column::PendingEmailExpires, Expr::value(Some(expires_at))),
        )
        .await
    }

    async fn confirm_email_change(&self, token_hash: &str, now: DateTime<Utc>) -> Result<Option<EmailChanged>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(row) = account_settings::Entity::find()
            .filter(account_settings::Column::PendingEmailTokenHash.eq(token_hash))
            .filter(account_settings::Column::PendingEmailExpires.gt(now))
            .one(&tx)
            .await
            .repo()?
        else {
            return Ok(None);
        };
        let Some(new_email) = row.pending_email.clone() else {
            return Ok(None);
        };
        // The unique index on `email` refuses an address another account took meanwhile.
        let result = account_settings::Entity::update_many()
            .col_expr(account_settings::Column::Email, Expr::value(new_email.clone()))
            .col_expr(account_settings::Column::EmailVerified, Expr::value(true))
            .col_expr(account_settings::Column::PendingEmail, Expr::value(Option::<String>::None))
            .col_expr(account_settings::Column::PendingEmailTokenHash, Expr::value(Option::<String>::None))
            .col_expr(account_settings::Column::PendingEmailExpires, Expr::value(Option::<DateTime<Utc>>::None))
            // A reset link went to the old address: it ends with the change.
            .col_expr(users::Column::ResetPasswordToken, Expr::value(Option::<String>::None))
            .col_expr(users::Column::ResetPasswordExpires, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(account_settings::Column::UpdatedAt, Expr::value(now))
            .filter(account_settings::Column::Id.eq(row.id.as_str()))
            .filter(account_settings::Column::PendingEmailTokenHash.eq(token_hash))
            .exec(&tx)
            .await
            .repo()?;
        if result.rows_affected == 1 {
            crate::payments::link_guest_gifts(&tx, &row.id, &new_email).await?;
        }
        tx.commit().await.repo()?;
        Ok((result.rows_affected == 1).then(|| EmailChanged { user_id: row.id.into(), old_email: row.email, new_email }))
    }

    async fn volunteering(&self, id: &UserId) -> Result<Vec<Volunteer>, RepoError> {
        let rows = volunteers::Entity::find()
            .filter(volunteers::Column::UserId.eq(id.as_str()))
            .order_by_asc(volunteers::Column::CreatedAt)
            .all(&self.db.conn)
            .await
            .repo()?;
        rows.into_iter().map(crate::volunteers::to_domain).collect()
    }

    async fn delete_account(&self, id: &UserId) -> Result<AdminRemoval<()>, RepoError> {
        // An admin's account may be the last admin's: decided with the other admin changes
        // waiting their turn, by counting what is left before the deletion commits.
        let tx = self.db.begin_write().await.repo()?;
        crate::users::take_admins_turn(&tx).await.repo()?;
        let was_admin = crate::users::roles_on(&tx, id).await?.has(mandir_domain::staff::Role::Admin);
        // One statement: the foreign keys remove the registrations (the events' people counts
        // follow through their trigger), the volunteering and the pending e-mails, and unlink the
        // payments, which keep their donor name, e-mail and address.
        users::Entity::delete_by_id(id.as_str()).exec(&tx).await.repo()?;
        if was_admin && crate::users::count_admins_on(&tx).await? == 0 {
            tx.rollback().await.repo()?;
            return Ok(AdminRemoval::LastAdmin);
        }
        tx.commit().await.repo()?;
        Ok(AdminRemoval::Done(()))
    }
}

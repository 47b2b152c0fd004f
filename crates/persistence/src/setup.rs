//! The first-run setup's token and its completion in one transaction.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{NewUserRecord, RepoError, SetupCompletion, SetupRepository};
use mandir_domain::site::SiteSettings;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set, TransactionTrait};

use crate::Database;
use crate::entities::{setup_tokens, users};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmSetupRepository {
    db: Database,
}

impl SeaOrmSetupRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl SetupRepository for SeaOrmSetupRepository {
    async fn replace_token(&self, token_hash: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
        let tx = self.db.conn.begin().await.repo()?;
        setup_tokens::Entity::delete_many().exec(&tx).await.repo()?;
        setup_tokens::ActiveModel { token_hash: Set(token_hash.to_owned()), created_at: Set(now) }.insert(&tx).await.repo()?;
        tx.commit().await.repo()
    }

    async fn token_is_open(&self, token_hash: &str) -> Result<bool, RepoError> {
        if setup_tokens::Entity::find_by_id(token_hash.to_owned()).one(&self.db.conn).await.repo()?.is_none() {
            return Ok(false);
        }
        Ok(users::Entity::find().filter(users::Column::IsAdmin.eq(true)).count(&self.db.conn).await.repo()? == 0)
    }

    async fn complete(
        &self,
        token_hash: &str,
        admin: NewUserRecord,
        settings: &SiteSettings,
        now: DateTime<Utc>,
    ) -> Result<SetupCompletion, RepoError> {
        // Takes the write lock first (SQLite) and removes the token before anything else, so two
        // pages sent at once cannot both create an admin.
        let tx = self.db.begin_write().await.repo()?;
        let used = setup_tokens::Entity::delete_by_id(token_hash.to_owned()).exec(&tx).await.repo()?;
        if used.rows_affected == 0 {
            return Ok(SetupCompletion::UnknownToken);
        }
        if users::Entity::find().filter(users::Column::IsAdmin.eq(true)).count(&tx).await.repo()? > 0 {
            return Ok(SetupCompletion::AdminExists);
        }
        if users::Entity::find().filter(users::Column::Email.eq(admin.email.as_str())).count(&tx).await.repo()? > 0 {
            return Ok(SetupCompletion::EmailTaken);
        }
        let user = crate::users::new_user_model(admin).insert(&tx).await.repo()?;
        crate::site::save_settings_on(&tx, settings, now).await?;
        // Every other token goes too: setup is over.
        setup_tokens::Entity::delete_many().exec(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(SetupCompletion::Done(Box::new(crate::users::to_domain(user))))
    }
}

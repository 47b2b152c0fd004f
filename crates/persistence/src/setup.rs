//! The first-run setup's token and its completion in one transaction.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{NewUserRecord, RepoError, SetupCompletion, SetupRepository};
use mandir_domain::site::SiteSettings;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use crate::Database;
use crate::entities::{setup_tokens, users};
use crate::error::MapDbErr;
use crate::users::{count_admins_on, delete_setup_tokens_on, take_admins_turn};

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
    async fn replace_token(&self, token_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError> {
        // With the admin changes waiting their turn: an admin made before this commits has
        // deleted the tokens already, one made after deletes this one.
        let tx = self.db.begin_write().await.repo()?;
        take_admins_turn(&tx).await.repo()?;
        delete_setup_tokens_on(&tx).await?;
        let open = count_admins_on(&tx).await? == 0;
        if open {
            setup_tokens::ActiveModel { token_hash: Set(token_hash.to_owned()), created_at: Set(now) }.insert(&tx).await.repo()?;
        }
        tx.commit().await.repo()?;
        Ok(open)
    }

    async fn token_is_open(&self, token_hash: &str) -> Result<bool, RepoError> {
        if setup_tokens::Entity::find_by_id(token_hash.to_owned()).one(&self.db.conn).await.repo()?.is_none() {
            return Ok(false);
        }
        Ok(users::Entity::find().filter(crate::users::holds_admin()).count(&self.db.conn).await.repo()? == 0)
    }

    async fn complete(
        &self,
        token_hash: &str,
        admin: NewUserRecord,
        settings: &SiteSettings,
        now: DateTime<Utc>,
    ) -> Result<SetupCompletion, RepoError> {
        // Takes the write lock (SQLite) or the admins' turn (PostgreSQL) first and removes the
        // token before anything else, so two pages sent at once cannot both create an admin, and
        // an admin made meanwhile by another path is counted below.
        let tx = self.db.begin_write().await.repo()?;
        take_admins_turn(&tx).await.repo()?;
        let used = setup_tokens::Entity::delete_by_id(token_hash.to_owned()).exec(&tx).await.repo()?;
        if used.rows_affected == 0 {
            return Ok(SetupCompletion::UnknownToken);
        }
        if count_admins_on(&tx).await? > 0 {
            // Setup is over: no token may outlive it.
            delete_setup_tokens_on(&tx).await?;
            tx.commit().await.repo()?;
            return Ok(SetupCompletion::AdminExists);
        }
        if users::Entity::find().filter(users::Column::Email.eq(admin.email.as_str())).count(&tx).await.repo()? > 0 {
            return Ok(SetupCompletion::EmailTaken);
        }
        let user = crate::users::new_user_model(admin).insert(&tx).await.repo()?;
        crate::site::save_settings_on(&tx, settings, now).await?;
        // Every other token goes too: setup is over.
        delete_setup_tokens_on(&tx).await?;
        tx.commit().await.repo()?;
        Ok(SetupCompletion::Done(Box::new(crate::users::to_domain(user))))
    }
}

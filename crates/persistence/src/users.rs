use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{NewUserRecord, RepoError, UserCredentials, UserRepository};
use mandir_domain::user::{Email, ProfileUpdate, User};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::Database;
use crate::entities::users;
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmUserRepository {
    db: Database,
}

impl SeaOrmUserRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    async fn reload(&self, id: &str) -> Result<User, RepoError> {
        users::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain).ok_or(RepoError::NotFound)
    }
}

fn to_domain(m: users::Model) -> User {
    User {
        id: m.id,
        username: m.username,
        first_name: m.first_name,
        last_name: m.last_name,
        email: Email::from_trusted(m.email),
        phone_number: m.phone_number,
        gotram_id: m.gotram_id,
        custom_gotram: m.custom_gotram,
        email_verified: m.email_verified,
        is_admin: m.is_admin,
        token_version: m.token_version,
        created_at: m.created_at,
        updated_at: m.updated_at,
    }
}

#[async_trait]
impl UserRepository for SeaOrmUserRepository {
    async fn create(&self, r: NewUserRecord) -> Result<User, RepoError> {
        let model = users::ActiveModel {
            id: Set(r.id),
            username: Set(r.username),
            first_name: Set(r.first_name),
            last_name: Set(r.last_name),
            email: Set(r.email.as_str().to_owned()),
            phone_number: Set(r.phone_number),
            gotram_id: Set(r.gotram_id),
            custom_gotram: Set(r.custom_gotram),
            password_hash: Set(r.password_hash),
            email_verified: Set(r.email_verified),
            email_verification_token: Set(r.verification_token_hash),
            reset_password_token: Set(None),
            reset_password_expires: Set(None),
            is_admin: Set(r.is_admin),
            token_version: Set(0),
            created_at: Set(r.now),
            updated_at: Set(r.now),
            created_by: Set(None),
            updated_by: Set(None),
        };
        Ok(to_domain(model.insert(&self.db.conn).await.repo()?))
    }

    async fn find_by_id(&self, id: &str) -> Result<Option<User>, RepoError> {
        Ok(users::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain))
    }

    async fn find_by_email(&self, email: &Email) -> Result<Option<UserCredentials>, RepoError> {
        let found = users::Entity::find().filter(users::Column::Email.eq(email.as_str())).one(&self.db.conn).await.repo()?;
        Ok(found.map(|m| {
            let password_hash = m.password_hash.clone();
            UserCredentials { user: to_domain(m), password_hash }
        }))
    }

    async fn update_profile(&self, id: &str, update: &ProfileUpdate, now: DateTime<Utc>) -> Result<User, RepoError> {
        let result = users::Entity::update_many()
            .col_expr(users::Column::FirstName, Expr::value(update.first_name.clone()))
            .col_expr(users::Column::LastName, Expr::value(update.last_name.clone()))
            .col_expr(users::Column::PhoneNumber, Expr::value(update.phone_number.clone()))
            .col_expr(users::Column::GotramId, Expr::value(update.gotram_id))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .col_expr(users::Column::UpdatedBy, Expr::value(Some(id.to_owned())))
            .filter(users::Column::Id.eq(id))
            .exec(&self.db.conn)
            .await
            .repo()?;
        if result.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        self.reload(id).await
    }

    async fn set_admin(&self, id: &str, is_admin: bool, by: &str, now: DateTime<Utc>) -> Result<User, RepoError> {
        let result = users::Entity::update_many()
            .col_expr(users::Column::IsAdmin, Expr::value(is_admin))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .col_expr(users::Column::UpdatedBy, Expr::value(Some(by.to_owned())))
            .filter(users::Column::Id.eq(id))
            .exec(&self.db.conn)
            .await
            .repo()?;
        if result.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        self.reload(id).await
    }

    async fn set_password(&self, id: &str, password_hash: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
        let result = users::Entity::update_many()
            .col_expr(users::Column::PasswordHash, Expr::value(password_hash.to_owned()))
            .col_expr(users::Column::TokenVersion, Expr::col(users::Column::TokenVersion).add(1))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id))
            .exec(&self.db.conn)
            .await
            .repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }

    async fn store_reset_token(&self, id: &str, token_hash: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError> {
        users::Entity::update_many()
            .col_expr(users::Column::ResetPasswordToken, Expr::value(Some(token_hash.to_owned())))
            .col_expr(users::Column::ResetPasswordExpires, Expr::value(Some(expires_at)))
            .filter(users::Column::Id.eq(id))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn reset_password_with_token(&self, token_hash: &str, password_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError> {
        let Some(user) = users::Entity::find().filter(users::Column::ResetPasswordToken.eq(token_hash)).one(&self.db.conn).await.repo()?
        else {
            return Ok(false);
        };
        if user.reset_password_expires.is_none_or(|expires| expires <= now) {
            return Ok(false);
        }
        // Conditional on the token still being there: of two concurrent uses, one wins.
        let result = users::Entity::update_many()
            .col_expr(users::Column::PasswordHash, Expr::value(password_hash.to_owned()))
            .col_expr(users::Column::ResetPasswordToken, Expr::value(Option::<String>::None))
            .col_expr(users::Column::ResetPasswordExpires, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(users::Column::TokenVersion, Expr::col(users::Column::TokenVersion).add(1))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(user.id))
            .filter(users::Column::ResetPasswordToken.eq(token_hash))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(result.rows_affected == 1)
    }

    async fn verify_email(&self, token_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError> {
        let result = users::Entity::update_many()
            .col_expr(users::Column::EmailVerified, Expr::value(true))
            .col_expr(users::Column::EmailVerificationToken, Expr::value(Option::<String>::None))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::EmailVerificationToken.eq(token_hash))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(result.rows_affected > 0)
    }
}

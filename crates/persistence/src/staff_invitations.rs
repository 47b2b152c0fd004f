//! Pending staff invitations (docs/decisions/0128-staff-invitations.md). Sending, withdrawing
//! and accepting each write their audit entry in their own transaction; accepting also creates
//! the account or gives it the roles, in the admins' turn when the roles include `admin`.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{Accepted, Acceptor, RepoError, StaffInvitation, StaffInvitationRepository};
use mandir_domain::audit::{AuditEntry, FieldChange};
use mandir_domain::staff::{Role, Roles};
use mandir_domain::user::Email;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::Database;
use crate::db::WriteTransaction;
use crate::entities::{staff_invitations, users};
use crate::error::MapDbErr;
use crate::users::{delete_setup_tokens_on, new_user_model, roles_on, roles_value, take_admins_turn, to_domain, write_roles_on};

#[derive(Debug, Clone)]
pub struct SeaOrmStaffInvitationRepository {
    db: Database,
}

impl SeaOrmStaffInvitationRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_invitation(m: staff_invitations::Model) -> StaffInvitation {
    StaffInvitation {
        id: m.id,
        email: Email::from_trusted(m.email),
        roles: Roles::from_stored(&m.roles),
        token_hash: m.token_hash,
        invited_by_id: m.invited_by_id.map(Into::into),
        invited_by_name: m.invited_by_name,
        created_at: m.created_at,
        expires_at: m.expires_at,
    }
}

fn roles_change(before: Roles, after: Roles) -> FieldChange {
    FieldChange { field: "roles".into(), before: Some(roles_value(before)), after: Some(roles_value(after)) }
}

/// Gives an existing account the invitation's roles besides its own, and marks its address
/// verified (the link reached it). `None` when the account's address is not the invitation's.
async fn grant_on(
    tx: &WriteTransaction,
    invitation: &StaffInvitation,
    id: &mandir_domain::UserId,
    now: DateTime<Utc>,
) -> Result<Option<(Roles, Roles)>, RepoError> {
    let Some(account) = users::Entity::find_by_id(id.to_string()).one(tx).await.repo()? else {
        return Err(RepoError::NotFound);
    };
    if account.email != invitation.email.as_str() {
        return Ok(None);
    }
    let before = roles_on(tx, id.as_str()).await?;
    let after = before.union(invitation.roles);
    write_roles_on(tx, id, after, Some(id), now).await?;
    users::Entity::update_many()
        .col_expr(users::Column::EmailVerified, Expr::value(true))
        .col_expr(users::Column::EmailVerificationToken, Expr::value(Option::<String>::None))
        .col_expr(users::Column::EmailVerificationExpires, Expr::value(Option::<DateTime<Utc>>::None))
        .filter(users::Column::Id.eq(id.as_str()))
        .exec(tx)
        .await
        .repo()?;
    Ok(Some((before, after)))
}

#[async_trait]
impl StaffInvitationRepository for SeaOrmStaffInvitationRepository {
    async fn invite(&self, invitation: StaffInvitation, audit: AuditEntry) -> Result<StaffInvitation, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        staff_invitations::Entity::delete_many()
            .filter(staff_invitations::Column::Email.eq(invitation.email.as_str()))
            .exec(&tx)
            .await
            .repo()?;
        let row = staff_invitations::ActiveModel {
            id: Set(invitation.id.clone()),
            email: Set(invitation.email.as_str().to_owned()),
            roles: Set(invitation.roles.stored()),
            token_hash: Set(invitation.token_hash.clone()),
            invited_by_id: Set(invitation.invited_by_id.as_ref().map(ToString::to_string)),
            invited_by_name: Set(invitation.invited_by_name.clone()),
            created_at: Set(invitation.created_at),
            expires_at: Set(invitation.expires_at),
        }
        .insert(&tx)
        .await
        .repo()?;
        crate::audit::insert_on(&tx, audit).await?;
        tx.commit().await.repo()?;
        Ok(to_invitation(row))
    }

    async fn pending(&self) -> Result<Vec<StaffInvitation>, RepoError> {
        let rows = staff_invitations::Entity::find()
            .order_by_desc(staff_invitations::Column::CreatedAt)
            .order_by_asc(staff_invitations::Column::Email)
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows.into_iter().map(to_invitation).collect())
    }

    async fn find_by_token(&self, token_hash: &str, now: DateTime<Utc>) -> Result<Option<StaffInvitation>, RepoError> {
        let row = staff_invitations::Entity::find()
            .filter(staff_invitations::Column::TokenHash.eq(token_hash))
            .filter(staff_invitations::Column::ExpiresAt.gt(now))
            .one(&self.db.conn)
            .await
            .repo()?;
        Ok(row.map(to_invitation))
    }

    async fn withdraw(&self, id: &str, audit: AuditEntry) -> Result<Option<StaffInvitation>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(row) = staff_invitations::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()? else {
            return Ok(None);
        };
        staff_invitations::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        crate::audit::insert_on(&tx, audit).await?;
        tx.commit().await.repo()?;
        Ok(Some(to_invitation(row)))
    }

    async fn accept(&self, token_hash: &str, now: DateTime<Utc>, acceptor: Acceptor, audit: AuditEntry) -> Result<Accepted, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        // Before anything is read: the roles may include `admin` (ADR 0126).
        take_admins_turn(&tx).await.repo()?;
        let Some(row) = staff_invitations::Entity::find()
            .filter(staff_invitations::Column::TokenHash.eq(token_hash))
            .filter(staff_invitations::Column::ExpiresAt.gt(now))
            .one(&tx)
            .await
            .repo()?
        else {
            return Ok(Accepted::NoInvitation);
        };
        let invitation = to_invitation(row);
        // Deleted first and by its id: a second use of the link finds nothing.
        let deleted = staff_invitations::Entity::delete_by_id(invitation.id.clone()).exec(&tx).await.repo()?;
        if deleted.rows_affected != 1 {
            return Ok(Accepted::NoInvitation);
        }
        let (user_id, before, after) = match acceptor {
            Acceptor::NewAccount(record) => {
                if record.email != invitation.email {
                    return Ok(Accepted::OtherAccount);
                }
                let taken = users::Entity::find().filter(users::Column::Email.eq(invitation.email.as_str())).one(&tx).await.repo()?;
                if taken.is_some() {
                    return Ok(Accepted::AccountExists);
                }
                let record = mandir_application::ports::NewUserRecord { roles: invitation.roles, email_verified: true, ..*record };
                let id = record.id.clone();
                match new_user_model(record).insert(&tx).await.repo() {
                    Ok(_) => {}
                    Err(RepoError::Conflict(_)) => return Ok(Accepted::AccountExists),
                    Err(other) => return Err(other),
                }
                (id, Roles::NONE, invitation.roles)
            }
            Acceptor::Account(id) => match grant_on(&tx, &invitation, &id, now).await? {
                Some((before, after)) => (id, before, after),
                None => return Ok(Accepted::OtherAccount),
            },
        };
        if after.has(Role::Admin) {
            delete_setup_tokens_on(&tx).await?;
        }
        crate::audit::insert_on(&tx, AuditEntry { changes: vec![roles_change(before, after)], ..audit }).await?;
        let user = users::Entity::find_by_id(user_id.to_string()).one(&tx).await.repo()?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        Ok(Accepted::Done(Box::new(to_domain(user))))
    }
}

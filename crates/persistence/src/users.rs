use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{
    AdminRemoval, LockedOut, MemberSearch, NewUserRecord, RepoError, RolesChanged, UserCredentials, UserRepository,
};
use mandir_domain::UserId;
use mandir_domain::audit::{AuditEntry, FieldChange};
use mandir_domain::language::Language;
use mandir_domain::staff::{Role, RoleChange, Roles};
use mandir_domain::user::{Email, ProfileUpdate, User};
use sea_orm::sea_query::{Alias, Condition, Expr, ExprTrait, Func, LikeExpr, OnConflict, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, UpdateMany,
};

use crate::Database;
use crate::db::WriteTransaction;
use crate::entities::{account_settings, setup_tokens, users};
use crate::error::MapDbErr;

/// The key of the PostgreSQL advisory lock under which changes to who is an admin take turns
/// ("mandir admins"; no other lock uses it).
const ADMINS_LOCK: i64 = 0x6d61_6e64_6972_0001;

/// Makes this transaction's change to the admins wait for its turn. "At least one admin" and
/// "no setup link once an admin exists" are decided by counting the admins inside the change's
/// transaction; two changes at once must not both count before either commits (two admins
/// removing each other would each see the other still there). On SQLite the write transaction
/// (`BEGIN IMMEDIATE`) already excludes every other writer; on PostgreSQL a transaction-level
/// advisory lock does, released at commit or rollback. Take it before reading anything.
pub(crate) async fn take_admins_turn(tx: &WriteTransaction) -> Result<(), DbErr> {
    if tx.get_database_backend() == DbBackend::Postgres {
        tx.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({ADMINS_LOCK})")).await?;
    }
    Ok(())
}

/// Accounts holding the admin role (`roles` is a space-separated list of names).
pub(crate) fn holds_admin() -> Expr {
    Expr::cust(format!("(' ' || roles || ' ') LIKE '% {} %'", Role::Admin.as_str()))
}

/// How many admins there are, as this transaction sees them.
pub(crate) async fn count_admins_on(tx: &WriteTransaction) -> Result<u64, RepoError> {
    users::Entity::find().filter(holds_admin()).count(tx).await.repo()
}

/// An admin exists from now on: the first-run setup links stop working (ADR 0081), in the
/// transaction that made the admin.
pub(crate) async fn delete_setup_tokens_on(tx: &WriteTransaction) -> Result<(), RepoError> {
    setup_tokens::Entity::delete_many().exec(tx).await.repo().map(|_| ())
}

/// This user's roles, as this transaction sees them; `RepoError::NotFound` when gone.
pub(crate) async fn roles_on(tx: &WriteTransaction, id: &str) -> Result<Roles, RepoError> {
    let found = users::Entity::find_by_id(id.to_owned()).one(tx).await.repo()?;
    found.map(|user| Roles::from_stored(&user.roles)).ok_or(RepoError::NotFound)
}

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

    /// Applies `update` to this user's row; `RepoError::NotFound` when there is none.
    async fn update_row(&self, id: &UserId, update: UpdateMany<users::Entity>) -> Result<(), RepoError> {
        let result = update.filter(users::Column::Id.eq(id.as_str())).exec(&self.db.conn).await.repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

/// What ends with a member's sessions: a password change or reset, "sign out everywhere",
/// `create-admin` and a demo account's lockout. Every token (the version moves on), every
/// password-reset link and the personal calendar feed's link end together, so nothing issued
/// before outlives the change (a reset link or a feed link once survived it; docs/security.md).
pub(crate) trait EndingSessions {
    fn ending_sessions(self) -> Self;
}

impl EndingSessions for UpdateMany<users::Entity> {
    fn ending_sessions(self) -> Self {
        self.col_expr(users::Column::TokenVersion, Expr::col(users::Column::TokenVersion).add(1))
            .col_expr(users::Column::ResetPasswordToken, Expr::value(Option::<String>::None))
            .col_expr(users::Column::ResetPasswordExpires, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(account_settings::Column::CalendarTokenHash, Expr::value(Option::<String>::None))
            .col_expr(account_settings::Column::CalendarTokenCreatedAt, Expr::value(Option::<DateTime<Utc>>::None))
    }
}

/// Gives the account `roles` in `tx` (by `by`, when an account acted).
pub(crate) async fn write_roles_on(
    tx: &WriteTransaction,
    id: &UserId,
    roles: Roles,
    by: Option<&UserId>,
    now: DateTime<Utc>,
) -> Result<(), RepoError> {
    let mut update = users::Entity::update_many()
        .col_expr(users::Column::Roles, Expr::value(roles.stored()))
        .col_expr(users::Column::UpdatedAt, Expr::value(now))
        .filter(users::Column::Id.eq(id.as_str()));
    if let Some(by) = by {
        update = update.col_expr(users::Column::UpdatedBy, Expr::value(Some(by.to_string())));
    }
    if update.exec(tx).await.repo()?.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
}

/// The roles as the audit log shows them: their names.
pub(crate) fn roles_value(roles: Roles) -> serde_json::Value {
    serde_json::Value::from(roles.iter().map(Role::as_str).collect::<Vec<_>>())
}

/// Ended session tokens (`jti`, `expires_at`); written and read with sea-query only.
fn revoked_tokens() -> Alias {
    Alias::new("revoked_tokens")
}

/// `%word%` for LIKE, with LIKE's own characters escaped by `\\`.
fn contains_pattern(word: &str) -> LikeExpr {
    let escaped: String = word.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
    LikeExpr::new(format!("%{escaped}%")).escape('\\')
}

/// The phone number with its usual separators removed (`REPLACE` on both databases), so
/// `9165550142` finds `(916) 555-0142`.
fn phone_digits() -> Expr {
    let phone = Func::coalesce([Expr::col((users::Entity, users::Column::PhoneNumber)), Expr::val("")]);
    [" ", "-", "(", ")", ".", "+"]
        .into_iter()
        .fold(Expr::expr(phone), |inner, separator| Expr::expr(Func::cust(Alias::new("REPLACE")).arg(inner).arg(separator).arg("")))
}

/// One word of a directory search: in the first name, last name or e-mail (any case), or, when
/// the word is a phone number (digits and separators, at least 3 digits), in the phone's digits.
fn word_condition(word: &str) -> Condition {
    let lowered = word.to_lowercase();
    let mut any = Condition::any();
    for column in [users::Column::FirstName, users::Column::LastName, users::Column::Email] {
        any = any.add(Expr::expr(Func::lower(Expr::col((users::Entity, column)))).like(contains_pattern(&lowered)));
    }
    let digits: String = word.chars().filter(char::is_ascii_digit).collect();
    if digits.len() >= 3 && word.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')' | '.' | '+')) {
        any = any.add(phone_digits().like(contains_pattern(&digits)));
    }
    any
}

pub(crate) fn to_domain(m: users::Model) -> User {
    User {
        id: m.id.into(),
        username: m.username,
        first_name: m.first_name,
        last_name: m.last_name,
        email: Email::from_trusted(m.email),
        phone_number: m.phone_number,
        gotram_id: m.gotram_id,
        custom_gotram: m.custom_gotram,
        mailing_address: m.mailing_address,
        email_verified: m.email_verified,
        roles: Roles::from_stored(&m.roles),
        token_version: m.token_version,
        language: Language::parse(&m.language).unwrap_or_default(),
        created_at: m.created_at,
        updated_at: m.updated_at,
    }
}

/// The row of a new account (also used by the first-run setup's transaction).
pub(crate) fn new_user_model(r: NewUserRecord) -> users::ActiveModel {
    users::ActiveModel {
        id: Set(r.id.into()),
        username: Set(r.username),
        first_name: Set(r.first_name),
        last_name: Set(r.last_name),
        email: Set(r.email.as_str().to_owned()),
        phone_number: Set(r.phone_number),
        gotram_id: Set(r.gotram_id),
        custom_gotram: Set(r.custom_gotram),
        mailing_address: Set(None),
        password_hash: Set(r.password_hash),
        email_verified: Set(r.email_verified),
        email_verification_token: Set(r.verification_token_hash),
        email_verification_expires: Set(r.verification_expires_at),
        reset_password_token: Set(None),
        reset_password_expires: Set(None),
        roles: Set(r.roles.stored()),
        token_version: Set(0),
        demo_account: Set(r.demo),
        language: Set(r.language.as_str().to_owned()),
        created_at: Set(r.now),
        updated_at: Set(r.now),
        created_by: Set(None),
        updated_by: Set(None),
    }
}

#[async_trait]
impl UserRepository for SeaOrmUserRepository {
    async fn create(&self, r: NewUserRecord) -> Result<User, RepoError> {
        if !r.roles.has(Role::Admin) {
            return Ok(to_domain(new_user_model(r).insert(&self.db.conn).await.repo()?));
        }
        let tx = self.db.begin_write().await.repo()?;
        take_admins_turn(&tx).await.repo()?;
        let user = new_user_model(r).insert(&tx).await.repo()?;
        delete_setup_tokens_on(&tx).await?;
        tx.commit().await.repo()?;
        Ok(to_domain(user))
    }

    async fn find_by_id(&self, id: &UserId) -> Result<Option<User>, RepoError> {
        Ok(users::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain))
    }

    async fn find_for_session(&self, id: &UserId, token_id: &str) -> Result<Option<User>, RepoError> {
        let revoked = Query::select()
            .expr(Expr::val(1))
            .from(revoked_tokens())
            .and_where(Expr::col((revoked_tokens(), Alias::new("jti"))).eq(token_id))
            .to_owned();
        let found = users::Entity::find_by_id(id.to_owned()).filter(Expr::exists(revoked).not()).one(&self.db.conn).await.repo()?;
        Ok(found.map(to_domain))
    }

    async fn revoke_token(&self, token_id: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError> {
        let insert = Query::insert()
            .into_table(revoked_tokens())
            .columns([Alias::new("jti"), Alias::new("expires_at")])
            .values([token_id.into(), expires_at.into()])
            .map_err(RepoError::unexpected)?
            .on_conflict(OnConflict::column(Alias::new("jti")).do_nothing().to_owned())
            .to_owned();
        self.db.conn.execute(&insert).await.repo().map(|_| ())
    }

    async fn purge_revoked_tokens(&self, now: DateTime<Utc>) -> Result<u64, RepoError> {
        let delete = Query::delete().from_table(revoked_tokens()).and_where(Expr::col(Alias::new("expires_at")).lt(now)).to_owned();
        self.db.conn.execute(&delete).await.repo().map(|result| result.rows_affected())
    }

    async fn end_sessions(&self, id: &UserId, now: DateTime<Utc>) -> Result<(), RepoError> {
        self.update_row(id, users::Entity::update_many().ending_sessions().col_expr(users::Column::UpdatedAt, Expr::value(now))).await
    }

    async fn find_by_email(&self, email: &Email) -> Result<Option<UserCredentials>, RepoError> {
        let found = users::Entity::find().filter(users::Column::Email.eq(email.as_str())).one(&self.db.conn).await.repo()?;
        Ok(found.map(|m| {
            let password_hash = m.password_hash.clone();
            UserCredentials { user: to_domain(m), password_hash }
        }))
    }

    async fn set_language(&self, id: &UserId, language: Language, now: DateTime<Utc>) -> Result<(), RepoError> {
        let query = users::Entity::update_many()
            .col_expr(users::Column::Language, Expr::value(language.as_str()))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .col_expr(users::Column::UpdatedBy, Expr::value(Some(id.to_string())));
        self.update_row(id, query).await
    }

    async fn update_profile(&self, id: &UserId, update: &ProfileUpdate, now: DateTime<Utc>) -> Result<User, RepoError> {
        let mut query = users::Entity::update_many()
            .col_expr(users::Column::FirstName, Expr::value(update.first_name.clone()))
            .col_expr(users::Column::LastName, Expr::value(update.last_name.clone()))
            .col_expr(users::Column::PhoneNumber, Expr::value(update.phone_number.clone()))
            .col_expr(users::Column::GotramId, Expr::value(update.gotram_id))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .col_expr(users::Column::UpdatedBy, Expr::value(Some(id.to_string())));
        if let Some(custom_gotram) = &update.custom_gotram {
            query = query.col_expr(users::Column::CustomGotram, Expr::value(custom_gotram.clone()));
        }
        if let Some(address) = update.mailing_address.clone().into_change() {
            query = query.col_expr(users::Column::MailingAddress, Expr::value(address));
        }
        self.update_row(id, query).await?;
        self.reload(id).await
    }

    async fn set_roles(&self, id: &UserId, change: RoleChange, audit: AuditEntry) -> Result<AdminRemoval<RolesChanged>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        take_admins_turn(&tx).await.repo()?;
        let before = roles_on(&tx, id).await?;
        let roles = change.apply(before);
        if before != roles {
            write_roles_on(&tx, id, roles, audit.actor_id.as_ref(), audit.at).await?;
            if before.has(Role::Admin) && !roles.has(Role::Admin) && count_admins_on(&tx).await? == 0 {
                tx.rollback().await.repo()?;
                return Ok(AdminRemoval::LastAdmin);
            }
            if roles.has(Role::Admin) {
                delete_setup_tokens_on(&tx).await?;
            }
            let change = FieldChange { field: "roles".into(), before: Some(roles_value(before)), after: Some(roles_value(roles)) };
            crate::audit::insert_on(&tx, AuditEntry { changes: vec![change], ..audit }).await?;
        }
        tx.commit().await.repo()?;
        Ok(AdminRemoval::Done(RolesChanged { before, user: self.reload(id).await? }))
    }

    async fn staff(&self) -> Result<Vec<User>, RepoError> {
        let rows = users::Entity::find()
            .filter(users::Column::Roles.ne(""))
            .order_by_asc(users::Column::LastName)
            .order_by_asc(users::Column::FirstName)
            .order_by_asc(users::Column::Email)
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows.into_iter().map(to_domain).collect())
    }

    async fn make_admin(&self, id: &UserId, password_hash: &str, now: DateTime<Utc>) -> Result<User, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        take_admins_turn(&tx).await.repo()?;
        let roles = roles_on(&tx, id).await?.with(Role::Admin);
        let updated = users::Entity::update_many()
            .col_expr(users::Column::PasswordHash, Expr::value(password_hash.to_owned()))
            .ending_sessions()
            .col_expr(users::Column::EmailVerified, Expr::value(true))
            .col_expr(users::Column::EmailVerificationToken, Expr::value(Option::<String>::None))
            .col_expr(users::Column::EmailVerificationExpires, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(users::Column::Roles, Expr::value(roles.stored()))
            .col_expr(users::Column::DemoAccount, Expr::value(false))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.as_str()))
            .exec(&tx)
            .await
            .repo()?;
        if updated.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        delete_setup_tokens_on(&tx).await?;
        tx.commit().await.repo()?;
        self.reload(id).await
    }

    async fn demo_accounts(&self) -> Result<Vec<UserCredentials>, RepoError> {
        let rows = users::Entity::find()
            .filter(users::Column::DemoAccount.eq(true))
            .order_by_asc(users::Column::Email)
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows
            .into_iter()
            .map(|m| {
                let password_hash = m.password_hash.clone();
                UserCredentials { user: to_domain(m), password_hash }
            })
            .collect())
    }

    async fn lock_out(&self, id: &UserId, password_hash: &str, now: DateTime<Utc>) -> Result<LockedOut, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        take_admins_turn(&tx).await.repo()?;
        let was_admin = roles_on(&tx, id).await?.has(Role::Admin);
        // The site keeps an admin even when that is this one: `create-admin` gives it a password.
        // Every other role goes: nobody can sign in to the account any more.
        let admin_removed = was_admin && count_admins_on(&tx).await? > 1;
        let kept = if was_admin && !admin_removed { Roles::of(&[Role::Admin]) } else { Roles::NONE };
        users::Entity::update_many()
            .col_expr(users::Column::PasswordHash, Expr::value(password_hash.to_owned()))
            .ending_sessions()
            .col_expr(users::Column::Roles, Expr::value(kept.stored()))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.as_str()))
            .exec(&tx)
            .await
            .repo()?;
        tx.commit().await.repo()?;
        Ok(LockedOut { admin_removed })
    }

    async fn set_password(&self, id: &UserId, password_hash: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
        self.update_row(
            id,
            users::Entity::update_many()
                .col_expr(users::Column::PasswordHash, Expr::value(password_hash.to_owned()))
                .ending_sessions()
                .col_expr(users::Column::UpdatedAt, Expr::value(now)),
        )
        .await
    }

    async fn store_reset_token(&self, id: &UserId, token_hash: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError> {
        users::Entity::update_many()
            .col_expr(users::Column::ResetPasswordToken, Expr::value(Some(token_hash.to_owned())))
            .col_expr(users::Column::ResetPasswordExpires, Expr::value(Some(expires_at)))
            .filter(users::Column::Id.eq(id.as_str()))
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
        // Conditional on the token still being there: of two concurrent uses, one wins. The link
        // came to the account's address, so the address is proven: verified, and the gifts given
        // under it without an account become the member's (an imported member claiming their
        // account, ADR 0144).
        let tx = self.db.begin_write().await.repo()?;
        let result = users::Entity::update_many()
            .col_expr(users::Column::PasswordHash, Expr::value(password_hash.to_owned()))
            .ending_sessions()
            .col_expr(users::Column::EmailVerified, Expr::value(true))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(user.id.as_str()))
            .filter(users::Column::ResetPasswordToken.eq(token_hash))
            .exec(&*tx)
            .await
            .repo()?;
        if result.rows_affected != 1 {
            return Ok(false);
        }
        if !user.email_verified {
            crate::payments::link_guest_gifts(&*tx, &user.id, &user.email).await?;
        }
        tx.commit().await.repo()?;
        Ok(true)
    }

    async fn verify_email(&self, token_hash: &str, now: DateTime<Utc>) -> Result<bool, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let verified = users::Entity::find()
            .filter(users::Column::EmailVerificationToken.eq(token_hash))
            .filter(users::Column::EmailVerificationExpires.gt(now))
            .all(&tx)
            .await
            .repo()?;
        if verified.is_empty() {
            return Ok(false);
        }
        users::Entity::update_many()
            .col_expr(users::Column::EmailVerified, Expr::value(true))
            .col_expr(users::Column::EmailVerificationToken, Expr::value(Option::<String>::None))
            .col_expr(users::Column::EmailVerificationExpires, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.is_in(verified.iter().map(|u| u.id.clone())))
            .exec(&tx)
            .await
            .repo()?;
        for user in &verified {
            crate::payments::link_guest_gifts(&tx, &user.id, &user.email).await?;
        }
        tx.commit().await.repo()?;
        Ok(true)
    }

    async fn store_verification_token(&self, id: &UserId, token_hash: &str, expires_at: DateTime<Utc>) -> Result<(), RepoError> {
        self.update_row(
            id,
            users::Entity::update_many()
                .col_expr(users::Column::EmailVerificationToken, Expr::value(Some(token_hash.to_owned())))
                .col_expr(users::Column::EmailVerificationExpires, Expr::value(Some(expires_at))),
        )
        .await
    }

    async fn mark_email_verified(&self, id: &UserId, now: DateTime<Utc>) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let user = users::Entity::find_by_id(id.as_str()).one(&tx).await.repo()?.ok_or(RepoError::NotFound)?;
        users::Entity::update_many()
            .col_expr(users::Column::EmailVerified, Expr::value(true))
            .col_expr(users::Column::EmailVerificationToken, Expr::value(Option::<String>::None))
            .col_expr(users::Column::EmailVerificationExpires, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.as_str()))
            .exec(&tx)
            .await
            .repo()?;
        crate::payments::link_guest_gifts(&tx, &user.id, &user.email).await?;
        tx.commit().await.repo()?;
        Ok(())
    }

    async fn directory_version(&self) -> Result<(u64, Option<DateTime<Utc>>), RepoError> {
        let (count, latest) = users::Entity::find()
            .select_only()
            .expr(Expr::col(users::Column::Id).count())
            .expr(Expr::col(users::Column::UpdatedAt).max())
            .into_tuple::<(i64, Option<DateTime<Utc>>)>()
            .one(&self.db.conn)
            .await
            .repo()?
            .unwrap_or((0, None));
        Ok((u64::try_from(count).unwrap_or(0), latest))
    }

    async fn search(&self, search: &MemberSearch) -> Result<(Vec<User>, u64), RepoError> {
        let condition = search.words.iter().fold(Condition::all(), |all, word| all.add(word_condition(word)));
        let total = users::Entity::find().filter(condition.clone()).count(&self.db.conn).await.repo()?;
        let mut query = users::Entity::find()
            .filter(condition)
            .order_by(Expr::expr(Func::lower(Expr::col((users::Entity, users::Column::LastName)))), Order::Asc)
            .order_by(Expr::expr(Func::lower(Expr::col((users::Entity, users::Column::FirstName)))), Order::Asc)
            .order_by_asc(users::Column::Id);
        // SQLite takes OFFSET only after a LIMIT.
        if let Some(limit) = search.limit {
            query = query.limit(limit).offset(search.offset);
        }
        let users = query.all(&self.db.conn).await.repo()?;
        Ok((users.into_iter().map(to_domain).collect(), total))
    }

    async fn count_admins(&self) -> Result<u64, RepoError> {
        users::Entity::find().filter(crate::users::holds_admin()).count(&self.db.conn).await.repo()
    }
}

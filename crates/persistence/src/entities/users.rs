use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub username: Option<String>,
    pub first_name: String,
    pub last_name: String,
    #[sea_orm(unique)]
    pub email: String,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    pub custom_gotram: Option<String>,
    /// Migration 000020.
    pub mailing_address: Option<String>,
    pub password_hash: String,
    pub email_verified: bool,
    pub email_verification_token: Option<String>,
    pub email_verification_expires: Option<DateTimeUtc>,
    pub reset_password_token: Option<String>,
    pub reset_password_expires: Option<DateTimeUtc>,
    /// Staff role names separated by spaces (migration 000040; `mandir_domain::staff::Roles`).
    pub roles: String,
    pub token_version: i32,
    /// Made by `mandir seed-demo` with the published password (migration 000038).
    pub demo_account: bool,
    /// The member's language, `en`, `te`, `ta`, `hi` or `kn` (migration 000062).
    pub language: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub created_by: Option<String>,
    pub updated_by: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

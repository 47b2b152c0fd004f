use sea_orm::entity::prelude::*;

/// The account-settings columns of `users` (migration 000029, ADR 0107), read and written apart
/// from the identity columns of [`super::users`]: new accounts get the columns' defaults.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub email: String,
    pub email_verified: bool,
    pub reminders_enabled: bool,
    pub calendar_token_hash: Option<String>,
    pub calendar_token_created_at: Option<DateTimeUtc>,
    pub pending_email: Option<String>,
    pub pending_email_token_hash: Option<String>,
    pub pending_email_expires: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// Each member's number and texting consent (migration 000061, ADR 0148).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "text_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: String,
    pub phone: Option<String>,
    pub verified_at: Option<DateTimeUtc>,
    pub channel: String,
    /// The kinds agreed to, separated by spaces.
    pub kinds: String,
    pub time_zone: String,
    pub pending_phone: Option<String>,
    pub code_hash: Option<String>,
    pub code_expires_at: Option<DateTimeUtc>,
    pub code_attempts: i32,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

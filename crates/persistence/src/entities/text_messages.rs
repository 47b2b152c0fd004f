use sea_orm::entity::prelude::*;

/// Texts: the claim-once outbox and the record of each text sent (migration 000061, ADR 0148).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "text_messages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// A `TextKind`, or `code` for a verification code.
    pub kind: String,
    pub user_id: String,
    pub body: String,
    pub created_at: DateTimeUtc,
    pub claimed_until: Option<DateTimeUtc>,
    pub attempts: i32,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    pub to_phone: Option<String>,
    pub provider_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

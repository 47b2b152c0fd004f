use sea_orm::entity::prelude::*;

/// E-mails about recurring gifts to send (migration 000053): written with the change they tell
/// about, sent through the shared outbox mechanics.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recurring_gift_emails")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub gift_id: String,
    pub kind: String,
    pub detail: Option<String>,
    pub created_at: DateTimeUtc,
    pub claimed_until: Option<DateTimeUtc>,
    pub attempts: i32,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

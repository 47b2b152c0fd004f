use sea_orm::entity::prelude::*;

/// Receipt e-mails to send (migration 000021, ADR 0091).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "receipt_emails")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub payment_id: String,
    pub reason: String,
    pub requested_by: Option<String>,
    pub created_at: DateTimeUtc,
    pub claimed_until: Option<DateTimeUtc>,
    pub attempts: i32,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "seva_bookings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub seva_id: String,
    pub seva_name: String,
    pub user_id: Option<String>,
    /// "YYYY-MM-DD", the temple's local date.
    pub date: String,
    /// "HH:MM"; empty for a daily count.
    pub slot: String,
    pub starts_at: DateTimeUtc,
    pub status: String,
    pub hold_expires_at: Option<DateTimeUtc>,
    /// A JSON array of people.
    pub participants: String,
    pub address: Option<String>,
    pub note: Option<String>,
    pub amount_cents: i64,
    pub payment_id: Option<String>,
    pub priest_id: Option<String>,
    pub cancelled_at: Option<DateTimeUtc>,
    pub completed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payments")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub event_id: Option<String>,
    pub event_name: Option<String>,
    pub user_id: Option<String>,
    pub payment_date: DateTimeUtc,
    pub payment_method: String,
    pub amount_cents: i64,
    pub currency: String,
    pub status: String,
    pub provider: String,
    #[sea_orm(unique)]
    pub transaction_id: Option<String>,
    pub client_secret_hash: Option<String>,
    /// JSON text: the list of donation detail items.
    pub donation_details: String,
    pub receipt_url: Option<String>,
    #[sea_orm(unique)]
    pub receipt_number: Option<String>,
    #[sea_orm(unique)]
    pub idempotency_key: Option<String>,
    pub donor_name: Option<String>,
    pub donor_email: Option<String>,
    /// The donor's note (migration 000006).
    pub notes: Option<String>,
    /// Migration 000020.
    pub donor_address: Option<String>,
    pub in_honor_of: Option<String>,
    /// The part refunded so far, in cents (migration 000026).
    pub refunded_cents: i64,
    /// online, counter, hundi or mail (migration 000043).
    pub channel: String,
    /// The walk-in donor record of a counter sale (migration 000043).
    pub donor_id: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

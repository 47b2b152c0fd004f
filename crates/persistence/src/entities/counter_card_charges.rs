use sea_orm::entity::prelude::*;

/// A card charged at the counter for a sale (migration 000047): its intent, the sale's key and
/// amount, when it was paid, the sale that used it, and its refund when none did.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "counter_card_charges")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub intent_id: String,
    pub sale_key: String,
    pub amount_cents: i64,
    /// `stripe` or `sandbox`.
    pub provider: String,
    pub staff_id: Option<String>,
    pub created_at: DateTimeUtc,
    pub paid_at: Option<DateTimeUtc>,
    pub sale_id: Option<String>,
    pub refunded_at: Option<DateTimeUtc>,
    pub refund_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// A hundi count (migration 000044): the box, the day, the count by denomination (JSON), its
/// total and fund, and the two confirmations that lock it and record its payment.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "collection_batches")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub box_name: String,
    /// "YYYY-MM-DD".
    pub counted_on: String,
    /// `{"bill_20": 3, ...}`.
    pub counts: String,
    pub total_cents: i64,
    pub donation_type_id: Option<String>,
    pub fund_name: String,
    pub note: Option<String>,
    /// Raised by each change of the count; a confirmation names the revision it confirms.
    pub revision: i32,
    pub created_by_name: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub first_by_id: Option<String>,
    pub first_by_name: Option<String>,
    pub first_at: Option<DateTimeUtc>,
    pub second_by_id: Option<String>,
    pub second_by_name: Option<String>,
    pub second_at: Option<DateTimeUtc>,
    pub payment_id: Option<String>,
    pub deposit_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

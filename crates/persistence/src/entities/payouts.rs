use sea_orm::entity::prelude::*;

/// A payout of the card provider to the temple's bank, with its lines' totals (migration 000060).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payouts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub provider: String,
    pub amount_cents: i64,
    pub arrival_date: Date,
    pub status: String,
    pub provider_created_at: DateTimeUtc,
    pub gross_cents: i64,
    pub fees_cents: i64,
    pub net_cents: i64,
    pub charges: i32,
    pub refunds: i32,
    pub unmatched: i32,
    /// The problems' names separated by spaces.
    pub problems: String,
    pub recorded_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

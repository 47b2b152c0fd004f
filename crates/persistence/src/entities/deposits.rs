use sea_orm::entity::prelude::*;

/// A bank deposit (migration 000044): its totals, who made it, and when the bank cleared it. Its
/// items point at it (`drawer_closes`, `collection_batches`, `payment_tenders` for checks).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "deposits")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// "D-20261125-1", as the slip shows it.
    pub number: String,
    pub cash_cents: i64,
    pub checks_cents: i64,
    pub check_count: i32,
    pub total_cents: i64,
    pub note: Option<String>,
    pub created_by_name: String,
    pub created_at: DateTimeUtc,
    pub cleared_at: Option<DateTimeUtc>,
    pub cleared_by_name: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

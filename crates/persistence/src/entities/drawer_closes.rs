use sea_orm::entity::prelude::*;

/// A close of the counter's drawer (migration 000044): the cash the day's sales say, the cash
/// counted, why they differ, and the deposit that took it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "drawer_closes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub idempotency_key: String,
    /// The temple's date of the close, "YYYY-MM-DD".
    pub day: String,
    pub expected_cents: i64,
    pub counted_cents: i64,
    pub note: Option<String>,
    pub sales_count: i32,
    pub closed_by_id: Option<String>,
    pub closed_by_name: String,
    pub closed_at: DateTimeUtc,
    pub deposit_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

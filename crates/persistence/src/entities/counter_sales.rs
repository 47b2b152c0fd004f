use sea_orm::entity::prelude::*;

/// A sale at the counter (migration 000043): its key, its payment, who sold it, and its void.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "counter_sales")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub idempotency_key: String,
    pub payment_id: String,
    pub staff_id: Option<String>,
    pub staff_name: String,
    pub created_at: DateTimeUtc,
    pub voided_at: Option<DateTimeUtc>,
    pub voided_by_name: Option<String>,
    pub void_reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// Each charge attempt of a recurring gift: a payment of the ledger (migration 000053).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recurring_charges")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub payment_id: String,
    pub gift_id: String,
    pub period_on: Date,
    pub attempt: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

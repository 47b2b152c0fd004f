use sea_orm::entity::prelude::*;

/// A payment's amount in one fund: the sum of its lines in that fund, written with the payment.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_funds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub payment_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub fund_id: String,
    pub amount_cents: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// A balance transaction a payout carries, with the payment it matched (migration 000060).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payout_lines")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub balance_transaction_id: String,
    pub payout_id: String,
    pub position: i32,
    pub kind: String,
    pub gross_cents: i64,
    pub fee_cents: i64,
    pub net_cents: i64,
    pub intent_id: Option<String>,
    pub description: Option<String>,
    pub payment_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// A card payment's settlement at the provider: gross, fee and net (migration 000060).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "card_fees")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub payment_id: String,
    pub balance_transaction_id: String,
    pub gross_cents: i64,
    pub fee_cents: i64,
    pub net_cents: i64,
    pub available_on: Date,
    pub recorded_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

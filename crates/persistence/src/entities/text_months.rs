use sea_orm::entity::prelude::*;

/// Texts taken from each month's cap (migration 000061, ADR 0148).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "text_months")]
pub struct Model {
    /// `2026-12`, in the temple's zone.
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: String,
    pub sent: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

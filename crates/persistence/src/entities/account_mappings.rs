use sea_orm::entity::prelude::*;

/// Which account a subject is booked to (migration 000059).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "account_mappings")]
pub struct Model {
    /// default_income, default_deposit, fund, donation_type, line_kind or method
    #[sea_orm(primary_key, auto_increment = false)]
    pub subject: String,
    /// Empty for a default.
    #[sea_orm(primary_key, auto_increment = false)]
    pub subject_id: String,
    pub account_id: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

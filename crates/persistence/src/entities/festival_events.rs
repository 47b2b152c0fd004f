use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "festival_events")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub rule_id: String,
    /// "YYYY-MM-DD", the temple's local date.
    #[sea_orm(primary_key, auto_increment = false)]
    pub date: String,
    pub event_id: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

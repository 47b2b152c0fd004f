use sea_orm::entity::prelude::*;

/// An export of a period's journal entries (migration 000059).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accounting_exports")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub from_date: Date,
    pub to_date: Date,
    pub format: String,
    pub entries: i32,
    pub total_cents: i64,
    pub by_user_id: Option<String>,
    pub by_name: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

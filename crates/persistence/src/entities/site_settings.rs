use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "site_settings")]
pub struct Model {
    /// Always 1: one row.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i32,
    /// The settings as JSON text (`crate::site`).
    pub content: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

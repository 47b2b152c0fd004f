use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pledge_gifts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub payment_id: String,
    pub pledge_id: String,
    pub assigned_by: String,
    pub assigned_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

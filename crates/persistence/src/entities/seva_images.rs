use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "seva_images")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub seva_id: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
    pub etag: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

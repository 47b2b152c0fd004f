use sea_orm::entity::prelude::*;

/// A shift of a volunteer role (migration 000054).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "volunteer_shifts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub role_id: String,
    pub event_id: String,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub needed: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

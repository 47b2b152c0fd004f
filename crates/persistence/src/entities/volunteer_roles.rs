use sea_orm::entity::prelude::*;

/// A role of an event's volunteer plan (migration 000054).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "volunteer_roles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub event_id: String,
    pub name: String,
    pub description: Option<String>,
    pub min_age: Option<i32>,
    pub report_to: Option<String>,
    pub position: i32,
    /// The role the one-step offers are placed in (migration 000057).
    pub one_step: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

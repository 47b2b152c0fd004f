use sea_orm::entity::prelude::*;

/// One person's place on a volunteer shift (migration 000054).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "shift_signups")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub shift_id: String,
    pub event_id: String,
    pub user_id: String,
    pub family_member_id: Option<String>,
    /// The member's id, or the family member's: one place per person per shift.
    pub person_key: String,
    pub name: String,
    pub status: String,
    pub attendance: Option<String>,
    pub drop_requested: bool,
    /// The one-step offer this place came from (migration 000057).
    pub volunteer_id: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "star_birthdays")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    /// `None` for the member's own.
    pub family_member_id: Option<String>,
    pub nakshatra: i16,
    /// "YYYY-MM-DD".
    pub birth_date: Option<String>,
    /// "HH:MM".
    pub birth_time: Option<String>,
    pub birth_zone: Option<String>,
    pub remind: bool,
    pub days_before: i16,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

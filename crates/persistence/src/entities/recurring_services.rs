use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recurring_services")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    pub frequency: String,
    /// Comma-separated day names (weekly).
    pub weekdays: Option<String>,
    pub week: Option<i16>,
    pub weekday: Option<String>,
    pub day: Option<i16>,
    pub month: Option<i16>,
    /// "HH:MM".
    pub time: String,
    pub end_date: Option<Date>,
    /// Comma-separated tithis, 1–30 (by tithi).
    pub tithis: Option<String>,
    /// 1–27 (by nakshatra).
    pub nakshatra: Option<i16>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

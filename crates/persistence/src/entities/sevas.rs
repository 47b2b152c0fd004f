use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sevas")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    pub category: String,
    pub price_cents: i64,
    pub price_kind: String,
    pub duration_minutes: i32,
    /// A JSON array of day names.
    pub weekdays: String,
    /// A JSON array of {"time": "HH:MM", "capacity": n}.
    pub slots: String,
    pub daily_capacity: Option<i32>,
    /// A JSON array of "YYYY-MM-DD".
    pub blackout_dates: String,
    pub horizon_days: i32,
    pub cutoff_hours: i32,
    pub requires_address: bool,
    pub is_active: bool,
    pub sort_order: i32,
    pub image_url: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

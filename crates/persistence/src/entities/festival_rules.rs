use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "festival_rules")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// 1 = Chaitra … 12 = Phalguna; or a solar month instead.
    pub lunar_month: Option<i16>,
    /// 0 = Mesha … 11 = Meena.
    pub solar_month: Option<i16>,
    pub tithi: i16,
    pub moment: String,
    pub two_days: String,
    pub in_adhika: bool,
    pub source: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

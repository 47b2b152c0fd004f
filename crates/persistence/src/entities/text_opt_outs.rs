use sea_orm::entity::prelude::*;

/// Numbers that replied STOP (migration 000061, ADR 0148).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "text_opt_outs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub phone: String,
    pub opted_out_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// One admin change to a payment (docs/decisions/0097-payment-audit-log.md).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_audit")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub payment_id: String,
    pub at: DateTimeUtc,
    pub actor_id: Option<String>,
    pub actor_email: String,
    pub from_status: String,
    pub to_status: String,
    pub note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

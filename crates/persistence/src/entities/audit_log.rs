use sea_orm::entity::prelude::*;

/// Append-only (migration 000040): only ever inserted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub at: DateTimeUtc,
    pub actor_id: Option<String>,
    pub actor_email: String,
    pub address: Option<String>,
    pub kind: String,
    pub action: String,
    pub target_kind: String,
    pub target_id: Option<String>,
    pub summary: String,
    /// A JSON array of `{"field", "before", "after"}`.
    pub changes: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

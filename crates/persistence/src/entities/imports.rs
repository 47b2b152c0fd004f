use sea_orm::entity::prelude::*;

/// One import of a file (migration 000058).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "imports")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// `members` or `gifts`.
    pub kind: String,
    pub file_name: String,
    pub file_sha256: String,
    /// JSON text: field key → the column's header.
    pub mapping: String,
    pub rows: i32,
    pub created: i32,
    pub unchanged: i32,
    pub skipped: i32,
    pub total_cents: Option<i64>,
    pub by_user_id: Option<String>,
    pub by_email: String,
    pub created_at: DateTimeUtc,
    /// None while it is being written.
    pub finished_at: Option<DateTimeUtc>,
    pub undone_at: Option<DateTimeUtc>,
    pub undone_by: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

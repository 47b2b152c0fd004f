use sea_orm::entity::prelude::*;

/// What one row of an import wrote or matched, under the row's stable key (migration 000058).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "import_records")]
pub struct Model {
    /// `members` or `gifts`: the key space.
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub row_key: String,
    pub import_id: String,
    /// `user`, `family_member`, `household` or `payment`.
    pub entity: String,
    pub entity_id: String,
    pub line: i32,
    /// An account that existed before: kept when the import is undone.
    pub matched: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

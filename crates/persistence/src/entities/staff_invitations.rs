use sea_orm::entity::prelude::*;

/// A pending staff invitation (migration 000041); the row goes when it is accepted or withdrawn.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_invitations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub email: String,
    /// Role names separated by spaces, as `users.roles`.
    pub roles: String,
    /// SHA-256 (hex) of the link's token.
    pub token_hash: String,
    pub invited_by_id: Option<String>,
    pub invited_by_name: Option<String>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

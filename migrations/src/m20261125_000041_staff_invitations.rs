use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Staff invitations (docs/decisions/0128-staff-invitations.md): an admin invites an
/// e-mail address with roles; the link's token is kept as its SHA-256 only. One pending
/// invitation per address (inviting again replaces it); accepting or withdrawing one deletes its
/// row, and the audit log keeps what happened.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum StaffInvitations {
    Table,
    Id,
    Email,
    Roles,
    TokenHash,
    InvitedById,
    InvitedByName,
    CreatedAt,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(StaffInvitations::Table)
                    .col(string(StaffInvitations::Id, 36).primary_key())
                    .col(string(StaffInvitations::Email, 254))
                    .col(string(StaffInvitations::Roles, 200))
                    .col(string(StaffInvitations::TokenHash, 64))
                    // No foreign key: the invitation names who sent it even after that account goes.
                    .col(string_null(StaffInvitations::InvitedById, 36))
                    .col(string_null(StaffInvitations::InvitedByName, 201))
                    .col(timestamp(StaffInvitations::CreatedAt))
                    .col(timestamp(StaffInvitations::ExpiresAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_staff_invitations_email")
                    .table(StaffInvitations::Table)
                    .col(StaffInvitations::Email)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_staff_invitations_token")
                    .table(StaffInvitations::Table)
                    .col(StaffInvitations::TokenHash)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(StaffInvitations::Table).to_owned()).await
    }
}

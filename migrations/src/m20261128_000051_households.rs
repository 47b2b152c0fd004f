use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Households (docs/product.md#households): members at one address with one mailing address and
/// one giving record, and the invitations that bring members in. A member belongs to at most one
/// household (`household_members.user_id` is the key); an address is invited to a household once.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Households {
    Table,
    Id,
    Name,
    Address,
    Statement,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum HouseholdMembers {
    Table,
    UserId,
    HouseholdId,
    JoinedAt,
}

#[derive(DeriveIden)]
enum HouseholdInvitations {
    Table,
    Id,
    HouseholdId,
    Email,
    InvitedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Households::Table)
                    .col(id(Households::Id))
                    .col(string(Households::Name, 100))
                    .col(text_null(Households::Address))
                    .col(string(Households::Statement, 16))
                    .col(timestamp(Households::CreatedAt))
                    .col(timestamp(Households::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(HouseholdMembers::Table)
                    .col(ColumnDef::new(HouseholdMembers::UserId).string_len(36).not_null().primary_key())
                    .col(string(HouseholdMembers::HouseholdId, 36))
                    .col(timestamp(HouseholdMembers::JoinedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_household_members_user")
                            .from(HouseholdMembers::Table, HouseholdMembers::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_household_members_household")
                            .from(HouseholdMembers::Table, HouseholdMembers::HouseholdId)
                            .to(Households::Table, Households::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_household_members_household")
                    .table(HouseholdMembers::Table)
                    .col(HouseholdMembers::HouseholdId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(HouseholdInvitations::Table)
                    .col(id(HouseholdInvitations::Id))
                    .col(string(HouseholdInvitations::HouseholdId, 36))
                    .col(string(HouseholdInvitations::Email, 254))
                    .col(string(HouseholdInvitations::InvitedBy, 36))
                    .col(timestamp(HouseholdInvitations::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_household_invitations_household")
                            .from(HouseholdInvitations::Table, HouseholdInvitations::HouseholdId)
                            .to(Households::Table, Households::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_household_invitations_once")
                    .table(HouseholdInvitations::Table)
                    .col(HouseholdInvitations::HouseholdId)
                    .col(HouseholdInvitations::Email)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_household_invitations_email")
                    .table(HouseholdInvitations::Table)
                    .col(HouseholdInvitations::Email)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(HouseholdInvitations::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(HouseholdMembers::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Households::Table).to_owned()).await
    }
}

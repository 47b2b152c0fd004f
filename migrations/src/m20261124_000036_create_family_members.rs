use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Family members saved in members' profiles, picked as the people of a seva's sankalpam.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum FamilyMembers {
    Table,
    Id,
    UserId,
    Name,
    Relation,
    Gotram,
    Nakshatram,
    Rasi,
    BirthDate,
    CreatedAt,
    UpdatedAt,
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
                    .table(FamilyMembers::Table)
                    .col(id(FamilyMembers::Id))
                    .col(string(FamilyMembers::UserId, 36))
                    .col(string(FamilyMembers::Name, 100))
                    .col(string_null(FamilyMembers::Relation, 50))
                    .col(string_null(FamilyMembers::Gotram, 100))
                    .col(string_null(FamilyMembers::Nakshatram, 50))
                    .col(string_null(FamilyMembers::Rasi, 50))
                    // "YYYY-MM-DD".
                    .col(string_null(FamilyMembers::BirthDate, 10))
                    .col(timestamp(FamilyMembers::CreatedAt))
                    .col(timestamp(FamilyMembers::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_family_members_user")
                            .from(FamilyMembers::Table, FamilyMembers::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_family_members_user").table(FamilyMembers::Table).col(FamilyMembers::UserId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(FamilyMembers::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;
use crate::seed;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
pub enum Gotrams {
    Table,
    Id,
    Gotranamalu,
    Nakshtram,
    Rasi,
}

#[derive(DeriveIden)]
pub enum Users {
    Table,
    Id,
    Username,
    FirstName,
    LastName,
    Email,
    PhoneNumber,
    GotramId,
    CustomGotram,
    PasswordHash,
    EmailVerified,
    EmailVerificationToken,
    ResetPasswordToken,
    ResetPasswordExpires,
    IsAdmin,
    TokenVersion,
    CreatedAt,
    UpdatedAt,
    CreatedBy,
    UpdatedBy,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Gotrams::Table)
                    .col(ColumnDef::new(Gotrams::Id).integer().not_null().primary_key())
                    .col(string(Gotrams::Gotranamalu, 100))
                    .col(string(Gotrams::Nakshtram, 100))
                    .col(string(Gotrams::Rasi, 100))
                    .to_owned(),
            )
            .await?;
        let mut insert = Query::insert()
            .into_table(Gotrams::Table)
            .columns([Gotrams::Id, Gotrams::Gotranamalu, Gotrams::Nakshtram, Gotrams::Rasi])
            .to_owned();
        for (id, (gotra, nakshatra, rasi)) in seed::gotrams().into_iter().enumerate() {
            let id = <i32 as std::convert::TryFrom<usize>>::try_from(id + 1).map_err(|e| DbErr::Custom(e.to_string()))?;
            insert.values_panic([id.into(), gotra.into(), nakshatra.into(), rasi.into()]);
        }
        manager.exec_stmt(insert).await?;

        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(id(Users::Id))
                    .col(string_null(Users::Username, 50))
                    .col(string(Users::FirstName, 100))
                    .col(string(Users::LastName, 100))
                    .col(string(Users::Email, 254).unique_key().take())
                    .col(string_null(Users::PhoneNumber, 32))
                    .col(ColumnDef::new(Users::GotramId).integer().null())
                    .col(string_null(Users::CustomGotram, 100))
                    .col(text(Users::PasswordHash))
                    .col(boolean(Users::EmailVerified, false))
                    .col(string_null(Users::EmailVerificationToken, 64))
                    .col(string_null(Users::ResetPasswordToken, 64))
                    .col(timestamp_null(Users::ResetPasswordExpires))
                    .col(boolean(Users::IsAdmin, false))
                    .col(ColumnDef::new(Users::TokenVersion).integer().not_null().default(0))
                    .col(timestamp(Users::CreatedAt))
                    .col(timestamp(Users::UpdatedAt))
                    .col(string_null(Users::CreatedBy, 36))
                    .col(string_null(Users::UpdatedBy, 36))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_users_gotram")
                            .from(Users::Table, Users::GotramId)
                            .to(Gotrams::Table, Gotrams::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_users_email_verification_token", Users::EmailVerificationToken),
            ("idx_users_reset_password_token", Users::ResetPasswordToken),
        ] {
            manager.create_index(Index::create().name(name).table(Users::Table).col(column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Users::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Gotrams::Table).to_owned()).await
    }
}

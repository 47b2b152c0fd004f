use sea_orm_migration::prelude::*;

use crate::cols::*;

/// A member's own settings (ADR 0107): whether they get event reminders, the personal calendar
/// feed (the SHA-256 of its token, unique, so a feed URL finds its member in one lookup), and a
/// change of e-mail address waiting for the new address to be verified.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    RemindersEnabled,
    CalendarTokenHash,
    CalendarTokenCreatedAt,
    PendingEmail,
    PendingEmailTokenHash,
    PendingEmailExpires,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        for column in [
            boolean(Users::RemindersEnabled, true),
            string_null(Users::CalendarTokenHash, 64),
            timestamp_null(Users::CalendarTokenCreatedAt),
            string_null(Users::PendingEmail, 255),
            string_null(Users::PendingEmailTokenHash, 64),
            timestamp_null(Users::PendingEmailExpires),
        ] {
            manager.alter_table(Table::alter().table(Users::Table).add_column(column).to_owned()).await?;
        }
        manager
            .create_index(
                Index::create().name("idx_users_calendar_token").table(Users::Table).col(Users::CalendarTokenHash).unique().to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_users_pending_email_token")
                    .table(Users::Table)
                    .col(Users::PendingEmailTokenHash)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_users_pending_email_token").table(Users::Table).to_owned()).await?;
        manager.drop_index(Index::drop().name("idx_users_calendar_token").table(Users::Table).to_owned()).await?;
        for column in [
            Users::PendingEmailExpires,
            Users::PendingEmailTokenHash,
            Users::PendingEmail,
            Users::CalendarTokenCreatedAt,
            Users::CalendarTokenHash,
            Users::RemindersEnabled,
        ] {
            manager.alter_table(Table::alter().table(Users::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}

use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Text messages (issue 32, ADR 0148):
/// - `text_settings`: each member's verified number, channel, quiet-hours zone and the kinds they
///   agreed to (with when), and a code being verified (its hash only);
/// - `text_opt_outs`: numbers that replied STOP (kept by number, whoever has it);
/// - `text_messages`: the claim-once outbox of texts, also the record of every text sent (codes
///   included), which the per-number limit reads;
/// - `text_months`: texts taken from each month's cap (one conditional update per text);
/// - `text_config`: the admin's monthly cap (one row).
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TextSettings {
    Table,
    UserId,
    Phone,
    VerifiedAt,
    Channel,
    Kinds,
    TimeZone,
    PendingPhone,
    CodeHash,
    CodeExpiresAt,
    CodeAttempts,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TextOptOuts {
    Table,
    Phone,
    OptedOutAt,
}

#[derive(DeriveIden)]
enum TextMessages {
    Table,
    Id,
    Kind,
    UserId,
    Body,
    CreatedAt,
    ClaimedUntil,
    Attempts,
    SentAt,
    LastError,
    ToPhone,
    ProviderId,
}

#[derive(DeriveIden)]
enum TextMonths {
    Table,
    Month,
    Sent,
}

#[derive(DeriveIden)]
enum TextConfig {
    Table,
    Id,
    MonthlyCap,
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
                    .table(TextSettings::Table)
                    .col(ColumnDef::new(TextSettings::UserId).string_len(36).not_null().primary_key())
                    .col(string_null(TextSettings::Phone, 16))
                    .col(timestamp_null(TextSettings::VerifiedAt))
                    .col(string(TextSettings::Channel, 10))
                    // the kinds agreed to, separated by spaces
                    .col(string(TextSettings::Kinds, 100))
                    .col(string(TextSettings::TimeZone, 64))
                    .col(string_null(TextSettings::PendingPhone, 16))
                    .col(string_null(TextSettings::CodeHash, 200))
                    .col(timestamp_null(TextSettings::CodeExpiresAt))
                    .col(ColumnDef::new(TextSettings::CodeAttempts).integer().not_null().default(0))
                    .col(timestamp(TextSettings::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_text_settings_user")
                            .from(TextSettings::Table, TextSettings::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(TextOptOuts::Table)
                    .col(ColumnDef::new(TextOptOuts::Phone).string_len(16).not_null().primary_key())
                    .col(timestamp(TextOptOuts::OptedOutAt))
                    .to_owned(),
            )
            .await?;
        // Texts outlive their account's deletion only as counts: the user id is kept without a
        // foreign key, and the body is cleared by nothing (it holds no code, see ADR 0148).
        manager
            .create_table(
                Table::create()
                    .table(TextMessages::Table)
                    .col(ColumnDef::new(TextMessages::Id).string_len(200).not_null().primary_key())
                    .col(string(TextMessages::Kind, 20))
                    .col(string(TextMessages::UserId, 36))
                    .col(ColumnDef::new(TextMessages::Body).text().not_null())
                    .col(timestamp(TextMessages::CreatedAt))
                    .col(timestamp_null(TextMessages::ClaimedUntil))
                    .col(ColumnDef::new(TextMessages::Attempts).integer().not_null().default(0))
                    .col(timestamp_null(TextMessages::SentAt))
                    .col(string_null(TextMessages::LastError, 500))
                    .col(string_null(TextMessages::ToPhone, 16))
                    .col(string_null(TextMessages::ProviderId, 64))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_text_messages_due")
                    .table(TextMessages::Table)
                    .col(TextMessages::SentAt)
                    .col(TextMessages::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_text_messages_to")
                    .table(TextMessages::Table)
                    .col(TextMessages::ToPhone)
                    .col(TextMessages::SentAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(TextMonths::Table)
                    .col(ColumnDef::new(TextMonths::Month).string_len(7).not_null().primary_key())
                    .col(ColumnDef::new(TextMonths::Sent).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(TextConfig::Table)
                    .col(ColumnDef::new(TextConfig::Id).integer().not_null().primary_key())
                    .col(ColumnDef::new(TextConfig::MonthlyCap).integer().not_null())
                    .col(timestamp(TextConfig::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            TextConfig::Table.into_iden(),
            TextMonths::Table.into_iden(),
            TextMessages::Table.into_iden(),
            TextOptOuts::Table.into_iden(),
            TextSettings::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).if_exists().to_owned()).await?;
        }
        Ok(())
    }
}

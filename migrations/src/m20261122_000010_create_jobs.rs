use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Background jobs shared by every process on the database: one row per job with its schedule and
/// lease (claimed by an atomic conditional update), and one row per run with its progress, so a
/// run left unfinished by a dead process is resumed from its cursor.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    Name,
    NextDue,
    Holder,
    LeaseUntil,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum JobRuns {
    Table,
    Id,
    Job,
    Holder,
    StartedAt,
    FinishedAt,
    Outcome,
    Processed,
    Cursor,
    Error,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Jobs::Table)
                    .col(ColumnDef::new(Jobs::Name).string_len(100).not_null().primary_key())
                    .col(timestamp(Jobs::NextDue))
                    .col(string_null(Jobs::Holder, 200))
                    .col(timestamp_null(Jobs::LeaseUntil))
                    .col(timestamp(Jobs::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(JobRuns::Table)
                    .col(id(JobRuns::Id))
                    .col(string(JobRuns::Job, 100))
                    .col(string(JobRuns::Holder, 200))
                    .col(timestamp(JobRuns::StartedAt))
                    .col(timestamp_null(JobRuns::FinishedAt))
                    .col(string(JobRuns::Outcome, 20))
                    .col(ColumnDef::new(JobRuns::Processed).big_integer().not_null().default(0))
                    .col(text_null(JobRuns::Cursor))
                    .col(text_null(JobRuns::Error))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_job_runs_job")
                            .from(JobRuns::Table, JobRuns::Job)
                            .to(Jobs::Table, Jobs::Name)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_job_runs_job_started").table(JobRuns::Table).col(JobRuns::Job).col(JobRuns::StartedAt).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(JobRuns::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Jobs::Table).to_owned()).await
    }
}

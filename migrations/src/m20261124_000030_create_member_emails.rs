use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

use crate::cols::*;

/// The e-mails to members (an outbox, ADR 0106), shaped like `receipt_emails` (ADR 0091): each
/// row is written in the transaction of the change it tells about, under an id that names what it
/// is for, so a change is told once however often it is retried:
/// - `registered:<attendee id>`: the registration confirmation, written by a trigger on
///   `attendees` in the statement that registers (a registration stays one statement, ADR 0071);
/// - `changed:<change id>:<user id>` and `cancelled:<event id>:<user id>`: an event's date, time
///   or place changed, or the event was deleted, written by the event repository with the change
///   (with the event as it was and as it is in `payload`, since a deleted event is gone);
/// - `reminder:<event id>:<user id>`: the day-before reminder, once per person per event.
///
/// A sender claims a row with a conditional update (unsent, no unexpired claim) and marks it sent.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MemberEmails {
    Table,
    Id,
    Kind,
    UserId,
    EventId,
    Payload,
    CreatedAt,
    ClaimedUntil,
    Attempts,
    SentAt,
    LastError,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

const POSTGRES_UP: &str = r"
CREATE FUNCTION attendees_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO member_emails (id, kind, user_id, event_id, payload, created_at, attempts)
        VALUES ('registered:' || NEW.id, 'registered', NEW.user_id, NEW.event_id, NULL, NEW.created_at, 0)
        ON CONFLICT (id) DO NOTHING;
    RETURN NULL;
END
$$;
CREATE TRIGGER attendees_confirmation AFTER INSERT ON attendees
    FOR EACH ROW EXECUTE FUNCTION attendees_confirmation();
";

const POSTGRES_DOWN: &str = r"
DROP TRIGGER IF EXISTS attendees_confirmation ON attendees;
DROP FUNCTION IF EXISTS attendees_confirmation();
";

const SQLITE_UP: &str = "CREATE TRIGGER attendees_confirmation AFTER INSERT ON attendees BEGIN \
    INSERT OR IGNORE INTO member_emails (id, kind, user_id, event_id, payload, created_at, attempts) \
        VALUES ('registered:' || NEW.id, 'registered', NEW.user_id, NEW.event_id, NULL, NEW.created_at, 0); \
END";

const SQLITE_DOWN: &str = "DROP TRIGGER IF EXISTS attendees_confirmation";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MemberEmails::Table)
                    .col(ColumnDef::new(MemberEmails::Id).string_len(120).not_null().primary_key())
                    .col(string(MemberEmails::Kind, 20))
                    .col(string(MemberEmails::UserId, 36))
                    .col(string_null(MemberEmails::EventId, 36))
                    .col(text_null(MemberEmails::Payload))
                    .col(timestamp(MemberEmails::CreatedAt))
                    .col(timestamp_null(MemberEmails::ClaimedUntil))
                    .col(ColumnDef::new(MemberEmails::Attempts).integer().not_null().default(0))
                    .col(timestamp_null(MemberEmails::SentAt))
                    .col(text_null(MemberEmails::LastError))
                    // A deleted account's pending e-mails go with it.
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_member_emails_user")
                            .from(MemberEmails::Table, MemberEmails::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_member_emails_unsent")
                    .table(MemberEmails::Table)
                    .col(MemberEmails::SentAt)
                    .col(MemberEmails::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_member_emails_user").table(MemberEmails::Table).col(MemberEmails::UserId).to_owned())
            .await?;
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => db.execute_unprepared(POSTGRES_UP).await?,
            _ => db.execute_unprepared(SQLITE_UP).await?,
        };
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => db.execute_unprepared(POSTGRES_DOWN).await?,
            _ => db.execute_unprepared(SQLITE_DOWN).await?,
        };
        manager.drop_table(Table::drop().table(MemberEmails::Table).to_owned()).await
    }
}

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

use crate::cols::*;

/// The check-in desk for a crowd (issue 33, ADR 0142):
/// - each registration gets a confirmation code (its QR code), the people who came, and who
///   checked it in;
/// - walk-ins added at the door, counted in `events.people` (so against capacity) by triggers as
///   registrations are (migration 000016), and taken off again by marking them removed;
/// - a change number per event (`events.door_seq`), written on every door change under the
///   event's row lock, so that a desk asks for what changed after the number it last saw.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Attendees {
    Table,
    EventId,
    ConfirmationCode,
    ArrivedPeople,
    CheckedInBy,
    DoorSeq,
}

#[derive(DeriveIden)]
enum Events {
    Table,
    Id,
    DoorSeq,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum WalkIns {
    Table,
    Id,
    EventId,
    FirstName,
    LastName,
    PhoneNumber,
    PhoneDigits,
    Email,
    People,
    UserId,
    CheckedInAt,
    CheckedInBy,
    RemovedAt,
    DoorSeq,
}

/// Codes for the registrations made before: 8 hexadecimal digits (a subset of the Crockford
/// alphabet new codes use), random.
const BACKFILL_POSTGRES: &str = "UPDATE attendees SET confirmation_code = upper(substr(md5(random()::text || id), 1, 8))";
const BACKFILL_SQLITE: &str = "UPDATE attendees SET confirmation_code = upper(hex(randomblob(4)))";

const POSTGRES_UP: &str = r"
CREATE FUNCTION walk_ins_count_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND NEW.removed_at IS NULL THEN
        UPDATE events SET people = people + NEW.people WHERE id = NEW.event_id;
    ELSIF TG_OP = 'UPDATE' AND OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL THEN
        UPDATE events SET people = people - OLD.people WHERE id = OLD.event_id;
    ELSIF TG_OP = 'DELETE' AND OLD.removed_at IS NULL THEN
        UPDATE events SET people = people - OLD.people WHERE id = OLD.event_id;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER walk_ins_count_people
    AFTER INSERT OR DELETE OR UPDATE OF removed_at ON walk_ins
    FOR EACH ROW EXECUTE FUNCTION walk_ins_count_people();
";

const POSTGRES_DOWN: &str = r"
DROP TRIGGER IF EXISTS walk_ins_count_people ON walk_ins;
DROP FUNCTION IF EXISTS walk_ins_count_people();
";

const SQLITE_UP: [&str; 3] = [
    "CREATE TRIGGER walk_ins_people_insert AFTER INSERT ON walk_ins WHEN NEW.removed_at IS NULL BEGIN \
        UPDATE events SET people = people + NEW.people WHERE id = NEW.event_id; \
    END",
    "CREATE TRIGGER walk_ins_people_remove AFTER UPDATE OF removed_at ON walk_ins \
        WHEN OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL BEGIN \
        UPDATE events SET people = people - OLD.people WHERE id = OLD.event_id; \
    END",
    "CREATE TRIGGER walk_ins_people_delete AFTER DELETE ON walk_ins WHEN OLD.removed_at IS NULL BEGIN \
        UPDATE events SET people = people - OLD.people WHERE id = OLD.event_id; \
    END",
];

const SQLITE_DOWN: [&str; 3] = [
    "DROP TRIGGER IF EXISTS walk_ins_people_insert",
    "DROP TRIGGER IF EXISTS walk_ins_people_remove",
    "DROP TRIGGER IF EXISTS walk_ins_people_delete",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let attendee_columns = [
            string_null(Attendees::ConfirmationCode, 8),
            ColumnDef::new(Attendees::ArrivedPeople).integer().null().to_owned(),
            string_null(Attendees::CheckedInBy, 36),
            ColumnDef::new(Attendees::DoorSeq).big_integer().not_null().default(0).to_owned(),
        ];
        for mut column in attendee_columns {
            manager.alter_table(Table::alter().table(Attendees::Table).add_column(&mut column).to_owned()).await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Events::Table)
                    .add_column(ColumnDef::new(Events::DoorSeq).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let backend = manager.get_database_backend();
        db.execute_unprepared(if backend == DbBackend::Postgres { BACKFILL_POSTGRES } else { BACKFILL_SQLITE }).await?;
        // A scanned or typed code is looked up within its event.
        manager
            .create_index(
                Index::create()
                    .name("idx_attendees_code")
                    .table(Attendees::Table)
                    .col(Attendees::EventId)
                    .col(Attendees::ConfirmationCode)
                    .to_owned(),
            )
            .await?;
        // What changed at an event's door after a desk's last change number.
        manager
            .create_index(
                Index::create()
                    .name("idx_attendees_door_seq")
                    .table(Attendees::Table)
                    .col(Attendees::EventId)
                    .col(Attendees::DoorSeq)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WalkIns::Table)
                    .col(id(WalkIns::Id))
                    .col(string(WalkIns::EventId, 36))
                    .col(string(WalkIns::FirstName, 100))
                    .col(string(WalkIns::LastName, 100))
                    .col(string_null(WalkIns::PhoneNumber, 40))
                    .col(string_null(WalkIns::PhoneDigits, 40))
                    .col(string_null(WalkIns::Email, 254))
                    .col(ColumnDef::new(WalkIns::People).integer().not_null())
                    .col(string_null(WalkIns::UserId, 36))
                    .col(timestamp(WalkIns::CheckedInAt))
                    .col(string_null(WalkIns::CheckedInBy, 36))
                    .col(timestamp_null(WalkIns::RemovedAt))
                    .col(ColumnDef::new(WalkIns::DoorSeq).big_integer().not_null().default(0))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_walk_ins_event")
                            .from(WalkIns::Table, WalkIns::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_walk_ins_user")
                            .from(WalkIns::Table, WalkIns::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_walk_ins_door_seq").table(WalkIns::Table).col(WalkIns::EventId).col(WalkIns::DoorSeq).to_owned(),
            )
            .await?;
        if backend == DbBackend::Postgres {
            db.execute_unprepared(POSTGRES_UP).await?;
        } else {
            for sql in SQLITE_UP {
                db.execute_unprepared(sql).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if manager.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared(POSTGRES_DOWN).await?;
        } else {
            for sql in SQLITE_DOWN {
                db.execute_unprepared(sql).await?;
            }
        }
        manager.drop_table(Table::drop().table(WalkIns::Table).to_owned()).await?;
        for index in ["idx_attendees_code", "idx_attendees_door_seq"] {
            manager.drop_index(Index::drop().name(index).table(Attendees::Table).to_owned()).await?;
        }
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::DoorSeq).to_owned()).await?;
        for column in [Attendees::DoorSeq, Attendees::CheckedInBy, Attendees::ArrivedPeople, Attendees::ConfirmationCode] {
            manager.alter_table(Table::alter().table(Attendees::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}

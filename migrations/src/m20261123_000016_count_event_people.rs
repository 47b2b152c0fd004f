use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

/// Each event keeps the people registered for it (the sum over its registrations of family
/// members + 1) in `events.people`, maintained by triggers on `attendees` for every insert, delete
/// (also a member's deletion cascading to their registrations) and change of family count, so no
/// writer can forget it (ADR 0071). Registrations decide capacity on this column in the statement
/// that inserts; the events list reads it instead of summing the registrations.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    People,
}

const BACKFILL: &str = "UPDATE events SET people = \
    (SELECT COALESCE(SUM(a.number_of_family_members + 1), 0) FROM attendees a WHERE a.event_id = events.id)";

const POSTGRES_UP: &str = r"
CREATE FUNCTION attendees_count_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.event_id = NEW.event_id THEN
        IF NEW.number_of_family_members <> OLD.number_of_family_members THEN
            UPDATE events SET people = people + NEW.number_of_family_members - OLD.number_of_family_members
                WHERE id = NEW.event_id;
        END IF;
        RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE events SET people = people - OLD.number_of_family_members - 1 WHERE id = OLD.event_id;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        UPDATE events SET people = people + NEW.number_of_family_members + 1 WHERE id = NEW.event_id;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER attendees_count_people
    AFTER INSERT OR DELETE OR UPDATE OF event_id, number_of_family_members ON attendees
    FOR EACH ROW EXECUTE FUNCTION attendees_count_people();
";

const POSTGRES_DOWN: &str = r"
DROP TRIGGER IF EXISTS attendees_count_people ON attendees;
DROP FUNCTION IF EXISTS attendees_count_people();
";

const SQLITE_UP: [&str; 3] = [
    "CREATE TRIGGER attendees_people_insert AFTER INSERT ON attendees BEGIN \
        UPDATE events SET people = people + NEW.number_of_family_members + 1 WHERE id = NEW.event_id; \
    END",
    "CREATE TRIGGER attendees_people_delete AFTER DELETE ON attendees BEGIN \
        UPDATE events SET people = people - OLD.number_of_family_members - 1 WHERE id = OLD.event_id; \
    END",
    "CREATE TRIGGER attendees_people_update AFTER UPDATE OF event_id, number_of_family_members ON attendees BEGIN \
        UPDATE events SET people = people - OLD.number_of_family_members - 1 WHERE id = OLD.event_id; \
        UPDATE events SET people = people + NEW.number_of_family_members + 1 WHERE id = NEW.event_id; \
    END",
];

const SQLITE_DOWN: [&str; 3] = [
    "DROP TRIGGER IF EXISTS attendees_people_insert",
    "DROP TRIGGER IF EXISTS attendees_people_delete",
    "DROP TRIGGER IF EXISTS attendees_people_update",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Events::Table)
                    .add_column(ColumnDef::new(Events::People).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        db.execute_unprepared(BACKFILL).await?;
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(POSTGRES_UP).await?;
            }
            _ => {
                for sql in SQLITE_UP {
                    db.execute_unprepared(sql).await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(POSTGRES_DOWN).await?;
            }
            _ => {
                for sql in SQLITE_DOWN {
                    db.execute_unprepared(sql).await?;
                }
            }
        }
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::People).to_owned()).await
    }
}

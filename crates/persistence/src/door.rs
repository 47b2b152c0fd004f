//! The check-in desk's reads and writes (ADR 0142). Every door change runs in a write transaction
//! holding the event's row and takes the event's next change number (`events.door_seq`), which
//! the changed registration or walk-in keeps: a desk reads what changed after the number it last
//! saw, in order, and nothing committed is skipped, since numbers are taken one at a time under
//! the event's lock and committed with their change.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{CheckedIn, DoorRecord, DoorRepository, DoorState, NewWalkIn, RepoError, WalkInError};
use mandir_domain::door::{CheckIn, DoorCount, DoorEntry, DoorEntryKind, new_code, phone_digits, phone_ending, short_name};
use mandir_domain::{AttendeeId, EventId, WalkInId};
use sea_orm::{ConnectionTrait, DbBackend, QueryResult, Statement, Value};

use crate::Database;
use crate::error::MapDbErr;

/// A new confirmation code: 40 random bits in Crockford's base 32.
pub(crate) fn fresh_code() -> String {
    let bytes = uuid::Uuid::new_v4().into_bytes();
    new_code([bytes[0], bytes[1], bytes[2], bytes[3], bytes[4]])
}

pub struct SeaOrmDoorRepository {
    db: Database,
}

impl SeaOrmDoorRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// `sql` with `?` placeholders, numbered (`$1`...) on PostgreSQL. The statements here hold no
/// other question mark.
fn statement(backend: DbBackend, sql: &str, values: Vec<Value>) -> Statement {
    let sql = if backend == DbBackend::Postgres {
        let mut numbered = String::with_capacity(sql.len() + 8);
        let mut n = 0;
        for c in sql.chars() {
            if c == '?' {
                n += 1;
                numbered.push_str(&format!("${n}"));
            } else {
                numbered.push(c);
            }
        }
        numbered
    } else {
        sql.to_owned()
    };
    Statement::from_sql_and_values(backend, sql, values)
}

async fn rows(conn: &impl ConnectionTrait, sql: &str, values: Vec<Value>) -> Result<Vec<QueryResult>, RepoError> {
    conn.query_all_raw(statement(conn.get_database_backend(), sql, values)).await.repo()
}

async fn row(conn: &impl ConnectionTrait, sql: &str, values: Vec<Value>) -> Result<Option<QueryResult>, RepoError> {
    conn.query_one_raw(statement(conn.get_database_backend(), sql, values)).await.repo()
}

fn get<T: sea_orm::TryGetable>(row: &QueryResult, column: &str) -> Result<T, RepoError> {
    row.try_get("", column).repo()
}

/// A LIKE pattern finding `text` anywhere (with `ESCAPE '\'`).
fn contains(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// A column's digits, as [`phone_digits`] reads them, in SQL.
fn digits_of(column: &str) -> String {
    ["-", " ", "(", ")", "+", "."].iter().fold(format!("COALESCE({column}, '')"), |expr, sign| format!("REPLACE({expr}, '{sign}', '')"))
}

/// A registration's door entry; the callers add their filter and limit, and [`registrations`]
/// joins who checked each found one in around it (joining every member first for that name cost
/// a read half its time on PostgreSQL). The rows come in no order: callers sort what they need.
const REGISTRATIONS: &str = "SELECT a.id, a.user_id, a.confirmation_code, CAST(a.number_of_family_members + 1 AS BIGINT) AS people, \
    CAST(a.arrived_people AS BIGINT) AS arrived_people, a.checked_in_at, a.checked_in_by, a.door_seq, u.first_name, u.last_name, \
    u.phone_number FROM attendees a JOIN users u ON u.id = a.user_id WHERE a.event_id = ?";

/// A walk-in's door entry, as [`REGISTRATIONS`].
const WALK_INS: &str = "SELECT w.id, w.user_id, w.first_name, w.last_name, w.phone_number, CAST(w.people AS BIGINT) AS people, \
    w.checked_in_at, w.checked_in_by, w.removed_at, w.door_seq FROM walk_ins w WHERE w.event_id = ?";

/// `sql`'s rows with the name of the person who checked each in.
fn with_checked_in_by(sql: &str) -> String {
    format!(
        "SELECT found.*, b.first_name AS by_first, b.last_name AS by_last FROM ({sql}) found LEFT JOIN users b ON b.id = found.checked_in_by"
    )
}

fn by_of(row: &QueryResult) -> Result<Option<String>, RepoError> {
    let first: Option<String> = get(row, "by_first")?;
    let last: Option<String> = get(row, "by_last")?;
    Ok(first.map(|first| short_name(&first, last.as_deref().unwrap_or_default())))
}

/// A party's record: its entry, and its phone's digits.
fn record(entry: DoorEntry, phone: Option<&str>) -> DoorRecord {
    DoorRecord { entry, phone_digits: phone.map(phone_digits).unwrap_or_default() }
}

fn registration_of(row: &QueryResult, families: &HashMap<String, Vec<String>>) -> Result<DoorRecord, RepoError> {
    let user_id: String = get(row, "user_id")?;
    let phone: Option<String> = get(row, "phone_number")?;
    let entry = DoorEntry {
        kind: DoorEntryKind::Registration,
        id: get(row, "id")?,
        first_name: get(row, "first_name")?,
        last_name: get(row, "last_name")?,
        family_names: families.get(&user_id).cloned().unwrap_or_default(),
        phone_ending: phone_ending(phone.as_deref()),
        confirmation_code: get(row, "confirmation_code")?,
        people: get(row, "people")?,
        arrived_people: get(row, "arrived_people")?,
        checked_in_at: get(row, "checked_in_at")?,
        checked_in_by: by_of(row)?,
        joined_to_member: false,
        removed: false,
        seq: get(row, "door_seq")?,
    };
    Ok(record(entry, phone.as_deref()))
}

fn walk_in_of(row: &QueryResult) -> Result<DoorRecord, RepoError> {
    let phone: Option<String> = get(row, "phone_number")?;
    let removed_at: Option<DateTime<Utc>> = get(row, "removed_at")?;
    let user_id: Option<String> = get(row, "user_id")?;
    let people: i64 = get(row, "people")?;
    let removed = removed_at.is_some();
    let entry = DoorEntry {
        kind: DoorEntryKind::WalkIn,
        id: get(row, "id")?,
        first_name: get(row, "first_name")?,
        last_name: get(row, "last_name")?,
        family_names: Vec::new(),
        phone_ending: phone_ending(phone.as_deref()),
        confirmation_code: None,
        people,
        arrived_people: (!removed).then_some(people),
        checked_in_at: if removed { None } else { get(row, "checked_in_at")? },
        checked_in_by: by_of(row)?,
        joined_to_member: user_id.is_some(),
        removed,
        seq: get(row, "door_seq")?,
    };
    Ok(record(entry, phone.as_deref()))
}

/// Which family members' names a read of registrations joins.
enum Families<'a> {
    /// Of the members registered for this event (the whole book).
    OfEvent(&'a EventId),
    /// Of the members the registrations found name.
    OfFound,
}

/// The registrations of `sql` (which starts with [`REGISTRATIONS`]) with their family names.
async fn registrations(conn: &impl ConnectionTrait, sql: &str, values: Vec<Value>, of: Families<'_>) -> Result<Vec<DoorRecord>, RepoError> {
    let found = rows(conn, &with_checked_in_by(sql), values).await?;
    let family_rows = match of {
        Families::OfEvent(event_id) => {
            let sql = "SELECT user_id, name FROM family_members \
                WHERE user_id IN (SELECT a.user_id FROM attendees a WHERE a.event_id = ?) ORDER BY created_at, id";
            rows(conn, sql, vec![event_id.as_str().into()]).await?
        }
        Families::OfFound if found.is_empty() => Vec::new(),
        Families::OfFound => {
            let users: Vec<String> = found.iter().map(|r| get::<String>(r, "user_id")).collect::<Result<_, _>>()?;
            let marks = vec!["?"; users.len()].join(", ");
            let sql = format!("SELECT user_id, name FROM family_members WHERE user_id IN ({marks}) ORDER BY created_at, id");
            rows(conn, &sql, users.into_iter().map(Value::from).collect()).await?
        }
    };
    let mut families: HashMap<String, Vec<String>> = HashMap::new();
    for row in family_rows {
        families.entry(get(&row, "user_id")?).or_default().push(get(&row, "name")?);
    }
    found.iter().map(|row| registration_of(row, &families)).collect()
}

/// The one registration with `attendee_id` (stored form).
async fn registration(conn: &impl ConnectionTrait, event_id: &EventId, attendee_id: &str) -> Result<DoorEntry, RepoError> {
    let sql = format!("{REGISTRATIONS} AND a.id = ?");
    let found = registrations(conn, &sql, vec![event_id.as_str().into(), attendee_id.into()], Families::OfFound).await?;
    found.into_iter().next().map(|r| r.entry).ok_or(RepoError::NotFound)
}

/// The walk-ins of `sql` (which starts with [`WALK_INS`]).
async fn walk_ins(conn: &impl ConnectionTrait, sql: &str, values: Vec<Value>) -> Result<Vec<DoorRecord>, RepoError> {
    rows(conn, &with_checked_in_by(sql), values).await?.iter().map(walk_in_of).collect()
}

/// The one walk-in with `id`.
async fn walk_in(conn: &impl ConnectionTrait, event_id: &EventId, id: &str) -> Result<DoorEntry, RepoError> {
    let sql = format!("{WALK_INS} AND w.id = ?");
    let found = walk_ins(conn, &sql, vec![event_id.as_str().into(), id.into()]).await?;
    found.into_iter().next().map(|r| r.entry).ok_or(RepoError::NotFound)
}

/// Holds the event's row for a door change: `None` when there is no such event; its capacity and
/// people count otherwise.
async fn hold_event(conn: &impl ConnectionTrait, event_id: &EventId) -> Result<Option<(Option<i64>, i64)>, RepoError> {
    let lock = if conn.get_database_backend() == DbBackend::Postgres { " FOR UPDATE" } else { "" };
    let sql = format!("SELECT CAST(capacity AS BIGINT) AS capacity, CAST(people AS BIGINT) AS people FROM events WHERE id = ?{lock}");
    let Some(found) = row(conn, &sql, vec![event_id.as_str().into()]).await? else { return Ok(None) };
    Ok(Some((get(&found, "capacity")?, get(&found, "people")?)))
}

/// The event's next change number (taken under its row's lock).
async fn next_seq(conn: &impl ConnectionTrait, event_id: &EventId) -> Result<i64, RepoError> {
    let found = row(conn, "UPDATE events SET door_seq = door_seq + 1 WHERE id = ? RETURNING door_seq", vec![event_id.as_str().into()])
        .await?
        .ok_or(RepoError::NotFound)?;
    get(&found, "door_seq")
}

/// The member a walk-in's e-mail or phone finds: their e-mail, or else the one member whose
/// phone's last ten digits are the walk-in's.
async fn member_of(conn: &impl ConnectionTrait, email: Option<&str>, digits: Option<&str>) -> Result<Option<String>, RepoError> {
    if let Some(email) = email
        && let Some(found) = row(conn, "SELECT id FROM users WHERE LOWER(email) = ?", vec![email.to_lowercase().into()]).await?
    {
        return Ok(Some(get(&found, "id")?));
    }
    let Some(digits) = digits.filter(|d| d.len() >= 7) else { return Ok(None) };
    let tail = |d: &str| d[d.len().saturating_sub(10)..].to_owned();
    let last4 = &digits[digits.len() - 4..];
    let sql = format!("SELECT id, phone_number FROM users WHERE {} LIKE ? ESCAPE '\\'", digits_of("phone_number"));
    let mut matches = Vec::new();
    for found in rows(conn, &sql, vec![contains(last4).into()]).await? {
        let phone: Option<String> = get(&found, "phone_number")?;
        if phone.map(|p| tail(&phone_digits(&p))) == Some(tail(digits)) {
            matches.push(get::<String>(&found, "id")?);
        }
    }
    Ok(if matches.len() == 1 { matches.pop() } else { None })
}

#[async_trait]
impl DoorRepository for SeaOrmDoorRepository {
    async fn book(&self, event_id: &EventId) -> Result<Vec<DoorRecord>, RepoError> {
        let conn = &self.db.conn;
        let id = || vec![Value::from(event_id.as_str())];
        let mut book = registrations(conn, REGISTRATIONS, id(), Families::OfEvent(event_id)).await?;
        book.extend(walk_ins(conn, &format!("{WALK_INS} AND w.removed_at IS NULL"), id()).await?);
        Ok(book)
    }

    async fn state(&self, event_id: &EventId) -> Result<Option<DoorState>, RepoError> {
        let sql = "SELECT CAST(e.capacity AS BIGINT) AS capacity, e.door_seq, \
            (SELECT MAX(a.updated_at) FROM attendees a WHERE a.event_id = e.id) AS registrations_changed_at, \
            (SELECT COUNT(*) FROM attendees a WHERE a.event_id = e.id) AS registered_parties, \
            (SELECT CAST(COALESCE(SUM(a.number_of_family_members + 1), 0) AS BIGINT) FROM attendees a WHERE a.event_id = e.id) AS registered_people, \
            (SELECT COUNT(*) FROM attendees a WHERE a.event_id = e.id AND a.checked_in_at IS NOT NULL) AS arrived_parties, \
            (SELECT CAST(COALESCE(SUM(COALESCE(a.arrived_people, a.number_of_family_members + 1)), 0) AS BIGINT) FROM attendees a \
                WHERE a.event_id = e.id AND a.checked_in_at IS NOT NULL) AS arrived_people, \
            (SELECT COUNT(*) FROM walk_ins w WHERE w.event_id = e.id AND w.removed_at IS NULL) AS walk_in_parties, \
            (SELECT CAST(COALESCE(SUM(w.people), 0) AS BIGINT) FROM walk_ins w WHERE w.event_id = e.id AND w.removed_at IS NULL) AS walk_in_people \
            FROM events e WHERE e.id = ?";
        let Some(found) = row(&self.db.conn, sql, vec![event_id.as_str().into()]).await? else { return Ok(None) };
        let walk_in_parties: i64 = get(&found, "walk_in_parties")?;
        let walk_in_people: i64 = get(&found, "walk_in_people")?;
        let count = DoorCount {
            capacity: get(&found, "capacity")?,
            registered_parties: get(&found, "registered_parties")?,
            registered_people: get(&found, "registered_people")?,
            walk_in_parties,
            walk_in_people,
            checked_in_parties: get::<i64>(&found, "arrived_parties")? + walk_in_parties,
            checked_in_people: get::<i64>(&found, "arrived_people")? + walk_in_people,
        };
        Ok(Some(DoorState { count, seq: get(&found, "door_seq")?, registrations_changed_at: get(&found, "registrations_changed_at")? }))
    }

    async fn changes(&self, event_id: &EventId, after: i64, upto: i64, limit: u64) -> Result<Vec<DoorRecord>, RepoError> {
        let conn = &self.db.conn;
        let values = || vec![Value::from(event_id.as_str()), after.into(), upto.into()];
        let mut found = registrations(
            conn,
            &format!("{REGISTRATIONS} AND a.door_seq > ? AND a.door_seq <= ? ORDER BY a.door_seq LIMIT {limit}"),
            values(),
            Families::OfFound,
        )
        .await?;
        found.extend(
            walk_ins(conn, &format!("{WALK_INS} AND w.door_seq > ? AND w.door_seq <= ? ORDER BY w.door_seq LIMIT {limit}"), values())
                .await?,
        );
        // Registrations and walk-ins in the order of their changes, the first `limit`.
        found.sort_by_key(|r| r.entry.seq);
        found.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        Ok(found)
    }

    async fn find_code(&self, event_id: &EventId, code: &str) -> Result<Option<AttendeeId>, RepoError> {
        let sql = "SELECT id FROM attendees WHERE event_id = ? AND confirmation_code = ? ORDER BY created_at LIMIT 1";
        let found = row(&self.db.conn, sql, vec![event_id.as_str().into(), code.into()]).await?;
        found.map(|r| get::<String>(&r, "id").map(AttendeeId::from)).transpose()
    }

    async fn check_in(&self, event_id: &EventId, check_in: CheckIn) -> Result<CheckedIn, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        hold_event(&*turn, event_id).await?.ok_or(RepoError::NotFound)?;
        let before = registration(&*turn, event_id, check_in.attendee_id.as_str()).await?;
        if before.checked_in_at.is_some() {
            turn.commit().await.repo()?;
            return Ok(CheckedIn { entry: before, already: true });
        }
        let seq = next_seq(&*turn, event_id).await?;
        let people = check_in.people.map_or(before.people, i64::from);
        let sql = "UPDATE attendees SET checked_in_at = ?, arrived_people = ?, checked_in_by = ?, door_seq = ? WHERE id = ?";
        let values = vec![check_in.at.into(), people.into(), check_in.by.as_str().into(), seq.into(), check_in.attendee_id.as_str().into()];
        turn.execute_raw(statement(turn.get_database_backend(), sql, values)).await.repo()?;
        let entry = registration(&*turn, event_id, check_in.attendee_id.as_str()).await?;
        turn.commit().await.repo()?;
        Ok(CheckedIn { entry, already: false })
    }

    async fn undo_check_in(&self, event_id: &EventId, attendee_id: &AttendeeId) -> Result<CheckedIn, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        hold_event(&*turn, event_id).await?.ok_or(RepoError::NotFound)?;
        let before = registration(&*turn, event_id, attendee_id.as_str()).await?;
        if before.checked_in_at.is_none() {
            turn.commit().await.repo()?;
            return Ok(CheckedIn { entry: before, already: true });
        }
        let seq = next_seq(&*turn, event_id).await?;
        let sql = "UPDATE attendees SET checked_in_at = NULL, arrived_people = NULL, checked_in_by = NULL, door_seq = ? WHERE id = ?";
        turn.execute_raw(statement(turn.get_database_backend(), sql, vec![seq.into(), attendee_id.as_str().into()])).await.repo()?;
        let entry = registration(&*turn, event_id, attendee_id.as_str()).await?;
        turn.commit().await.repo()?;
        Ok(CheckedIn { entry, already: false })
    }

    async fn add_walk_in(&self, r: NewWalkIn) -> Result<DoorEntry, WalkInError> {
        let turn = self.db.begin_write().await.repo()?;
        let (capacity, taken) = hold_event(&*turn, &r.event_id).await?.ok_or(WalkInError::EventNotFound)?;
        let member = member_of(&*turn, r.walk_in.email.as_deref(), r.walk_in.phone_digits.as_deref()).await?;
        if let Some(member) = &member {
            let sql = "SELECT confirmation_code FROM attendees WHERE event_id = ? AND user_id = ?";
            if let Some(found) = row(&*turn, sql, vec![r.event_id.as_str().into(), member.as_str().into()]).await? {
                let code: Option<String> = get(&found, "confirmation_code")?;
                return Err(WalkInError::MemberRegistered(code.unwrap_or_default()));
            }
        }
        let people = i64::from(r.walk_in.people);
        if let Some(capacity) = capacity.filter(|&c| taken + people > c) {
            return Err(WalkInError::Full((capacity - taken).max(0)));
        }
        let seq = next_seq(&*turn, &r.event_id).await?;
        let w = &r.walk_in;
        let sql = "INSERT INTO walk_ins (id, event_id, first_name, last_name, phone_number, phone_digits, email, people, user_id, \
            checked_in_at, checked_in_by, door_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
        let values = vec![
            r.id.as_str().into(),
            r.event_id.as_str().into(),
            w.first_name.as_str().into(),
            w.last_name.as_str().into(),
            w.phone_number.clone().into(),
            w.phone_digits.clone().into(),
            w.email.clone().into(),
            w.people.into(),
            member.into(),
            r.at.into(),
            r.by.as_str().into(),
            seq.into(),
        ];
        turn.execute_raw(statement(turn.get_database_backend(), sql, values)).await.repo()?;
        let entry = walk_in(&*turn, &r.event_id, r.id.as_str()).await?;
        turn.commit().await.repo()?;
        Ok(entry)
    }

    async fn remove_walk_in(&self, event_id: &EventId, id: &WalkInId, at: DateTime<Utc>) -> Result<DoorEntry, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        hold_event(&*turn, event_id).await?.ok_or(RepoError::NotFound)?;
        let before = walk_in(&*turn, event_id, id.as_str()).await?;
        if before.removed {
            return Err(RepoError::NotFound);
        }
        let seq = next_seq(&*turn, event_id).await?;
        let sql = "UPDATE walk_ins SET removed_at = ?, door_seq = ? WHERE id = ?";
        turn.execute_raw(statement(turn.get_database_backend(), sql, vec![at.into(), seq.into(), id.as_str().into()])).await.repo()?;
        let entry = walk_in(&*turn, event_id, id.as_str()).await?;
        turn.commit().await.repo()?;
        Ok(entry)
    }
}

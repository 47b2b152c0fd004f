use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{AdmissionError, AttendeeRepository, NewAttendeeRecord, NewWaitlistRecord, RepoError};
use mandir_domain::event::Event;
use mandir_domain::registration::{
    Attendee, AttendeeWithContact, Occupancy, Refusal, ValidRegistration, WaitlistEntry, WaitlistEntryWithContact, admit, ensure_open,
};
use mandir_domain::{EventId, UserId};
use sea_orm::sea_query::{Alias, Condition, Expr, ExprTrait, JoinType, Order, Query, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, IdenStatic, Iterable, PaginatorTrait, QueryFilter,
    QueryOrder, QueryResult, QuerySelect, Set,
};

use crate::db::WriteTransaction;
use crate::entities::{attendees, events, users, waitlist};
use crate::error::{MapDbErr, map};
use crate::event_people::{EventWithPeople, PEOPLE, PEOPLE_SQL, attendee_of, event_of, with_people};
use crate::waitlist::{already_waitlisted_or, position_of, promote_waitlist, waitlist_entry};
use crate::{Database, DatabaseKind};

/// The event held by a registration write, with its people count and whether the member is
/// registered already.
struct HeldEvent {
    event: events::Model,
    taken: i64,
    registered: bool,
}

impl FromQueryResult for HeldEvent {
    fn from_query_result(row: &QueryResult, pre: &str) -> Result<Self, DbErr> {
        let EventWithPeople(event, taken) = EventWithPeople::from_query_result(row, pre)?;
        Ok(Self { event, taken, registered: row.try_get(pre, "registered")? })
    }
}

/// Adds every attendee column of the table aliased `table` to `query`, each named `{prefix}{column}`.
fn attendee_columns(query: &mut SelectStatement, table: &str, prefix: &str) {
    for column in attendees::Column::iter() {
        query.expr_as(Expr::col((Alias::new(table), column)), Alias::new(format!("{prefix}{}", column.as_str())));
    }
}

#[derive(Debug, Clone)]
pub struct SeaOrmAttendeeRepository {
    db: Database,
}

impl SeaOrmAttendeeRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Starts a write transaction holding the event, so that registrations for one event are
    /// decided one after the other, and reads the event, its people count and whether `user_id`
    /// is registered already.
    ///
    /// SQLite has no row locks: the transaction starts `IMMEDIATE`, taking the database's write
    /// lock before it reads anything (a deferred one could read, then fail to upgrade), and one
    /// statement reads everything. PostgreSQL locks the event row first (`SELECT ... FOR
    /// UPDATE`), then reads in a second statement: a statement that waited for the lock still
    /// evaluates its subqueries against the snapshot taken before it waited (READ COMMITTED), so
    /// the count must come from a statement that starts after the lock is held (ADR 0070).
    async fn hold_event(&self, event_id: &EventId, user_id: &UserId) -> Result<(WriteTransaction, HeldEvent), AdmissionError> {
        let tx = self.db.begin_write().await.repo()?;
        if !self.lock_event(&tx, event_id).await? {
            return Err(AdmissionError::EventNotFound);
        }
        let own = Alias::new("o");
        let registered = Expr::exists(
            Query::select()
                .expr(Expr::val(1))
                .from_as(attendees::Entity, own.clone())
                .and_where(Expr::col((own.clone(), attendees::Column::EventId)).equals((events::Entity, events::Column::Id)))
                .and_where(Expr::col((own, attendees::Column::UserId)).eq(user_id.as_str()))
                .to_owned(),
        );
        let held = with_people()
            .expr_as(registered, "registered")
            .filter(events::Column::Id.eq(event_id.as_str()))
            .into_model::<HeldEvent>()
            .one(&tx)
            .await
            .repo()?;
        match held {
            Some(held) => Ok((tx, held)),
            None => Err(AdmissionError::EventNotFound),
        }
    }

    /// On PostgreSQL, locks the event's row for the rest of `tx` (`SELECT ... FOR UPDATE`);
    /// `false` when there is no such event. SQLite's write transaction holds the whole database
    /// already: always `true` there (callers that need the event read it).
    async fn lock_event(&self, tx: &WriteTransaction, event_id: &EventId) -> Result<bool, RepoError> {
        if self.db.kind() != DatabaseKind::Postgres {
            return Ok(true);
        }
        let locked: Option<String> = events::Entity::find_by_id(event_id.to_owned())
            .select_only()
            .column(events::Column::Id)
            .lock_exclusive()
            .into_tuple()
            .one(tx)
            .await
            .repo()?;
        Ok(locked.is_some())
    }

    /// The registration in one statement without an explicit transaction (ADR 0071): the member's
    /// row is inserted from the event's row only when the event has not started and has room
    /// for `people` more (`events.people`, kept by triggers, + people <= capacity), which is
    /// [`admit`] for a new registration. The statement is atomic: SQLite takes the database's
    /// write lock before the statement reads; PostgreSQL locks the event row (`FOR UPDATE`) and,
    /// having waited for it, re-checks the conditions on the newest version of the row (a
    /// condition on the locked row itself, not a subquery, so READ COMMITTED's old snapshot does
    /// not apply); the trigger then adds the people under that lock. A second registration of the
    /// member fails the unique index. `None` when no row was inserted: no such event, started,
    /// or full.
    async fn insert_if_admitted(&self, r: &NewAttendeeRecord) -> Result<Option<attendees::Model>, AdmissionError> {
        let event = |column: events::Column| Expr::col((events::Entity, column));
        let mut from_event = Query::select();
        from_event
            .expr(Expr::val(r.id.as_str()))
            .expr(event(events::Column::Id))
            .expr(Expr::val(r.user_id.as_str()))
            .expr(Expr::val(r.registration.number_of_family_members))
            .expr(Expr::val(r.registration.additional_notes.clone()))
            .expr(Expr::val(r.now))
            .expr(Expr::val(r.now))
            .expr(Expr::val(crate::door::fresh_code()))
            .from(events::Entity)
            .and_where(event(events::Column::Id).eq(r.event_id.as_str()))
            .and_where(event(events::Column::EventDate).gt(r.now))
            .cond_where(
                Condition::any()
                    .add(event(events::Column::Capacity).is_null())
                    .add(Expr::col((events::Entity, Alias::new(PEOPLE))).add(r.registration.people()).lte(event(events::Column::Capacity))),
            );
        if self.db.kind() == DatabaseKind::Postgres {
            from_event.lock_exclusive();
        }
        let insert = Query::insert()
            .into_table(attendees::Entity)
            .columns([
                attendees::Column::Id,
                attendees::Column::EventId,
                attendees::Column::UserId,
                attendees::Column::NumberOfFamilyMembers,
                attendees::Column::AdditionalNotes,
                attendees::Column::CreatedAt,
                attendees::Column::UpdatedAt,
                attendees::Column::ConfirmationCode,
            ])
            .select_from(from_event)
            .map_err(|e| AdmissionError::Repo(RepoError::Unexpected(e.into())))?
            .returning_all()
            .to_owned();
        let turn = self.db.write_turn().await.repo()?;
        let row = self.db.conn.query_one(&insert).await.map_err(already_registered_or)?;
        drop(turn);
        row.map(|row| attendees::Model::from_query_result(&row, "")).transpose().repo().map_err(Into::into)
    }

    /// A registration decided in a transaction holding the event: the event, its people count and
    /// the member's registration are read, [`admit`] decides, then the insert. The path of
    /// refusals, which it explains.
    async fn register_held(&self, r: NewAttendeeRecord) -> Result<Attendee, AdmissionError> {
        let (tx, held) = self.hold_event(&r.event_id, &r.user_id).await?;
        if held.registered {
            return Err(AdmissionError::AlreadyRegistered);
        }
        admit(&occupancy(&held.event, held.taken, 0), r.registration.people(), r.now)?;
        let model = attendee_row(r, None).insert(&tx).await.map_err(already_registered_or)?;
        tx.commit().await.map_err(already_registered_or)?;
        Ok(attendee_of(model))
    }
}

async fn find_own<C: ConnectionTrait>(conn: &C, event_id: &str, user_id: &str) -> Result<Option<attendees::Model>, RepoError> {
    attendees::Entity::find()
        .filter(attendees::Column::EventId.eq(event_id))
        .filter(attendees::Column::UserId.eq(user_id))
        .one(conn)
        .await
        .repo()
}

async fn members_by_id<C: ConnectionTrait>(conn: &C, ids: Vec<String>) -> Result<HashMap<String, users::Model>, RepoError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(users::Entity::find().filter(users::Column::Id.is_in(ids)).all(conn).await.repo()?.into_iter().map(|u| (u.id.clone(), u)).collect())
}

fn occupancy(event: &events::Model, taken: i64, own: i64) -> Occupancy {
    Occupancy { event_date: event.event_date, capacity: event.capacity, taken, own }
}

/// A unique violation here means a concurrent request registered the same member first.
fn already_registered_or(error: sea_orm::DbErr) -> AdmissionError {
    match map(error) {
        RepoError::Conflict(_) => AdmissionError::AlreadyRegistered,
        other => other.into(),
    }
}

#[async_trait]
impl AttendeeRepository for SeaOrmAttendeeRepository {
    async fn register(&self, r: NewAttendeeRecord) -> Result<Attendee, AdmissionError> {
        if let Some(model) = self.insert_if_admitted(&r).await? {
            return Ok(attendee_of(model));
        }
        // Refused (or the event changed between the two): the held transaction decides again
        // with the domain's rule and says why.
        self.register_held(r).await
    }

    async fn update(
        &self,
        event_id: &EventId,
        user_id: &UserId,
        registration: ValidRegistration,
        now: DateTime<Utc>,
    ) -> Result<Attendee, AdmissionError> {
        let (tx, held) = self.hold_event(event_id, user_id).await?;
        if !held.registered {
            return Err(AdmissionError::NotRegistered);
        }
        let existing = find_own(&tx, event_id, user_id).await?.ok_or(AdmissionError::NotRegistered)?;
        let own = i64::from(existing.number_of_family_members) + 1;
        let people = registration.people();
        admit(&occupancy(&held.event, held.taken, own), people, now)?;
        let mut model: attendees::ActiveModel = existing.into();
        model.number_of_family_members = Set(registration.number_of_family_members);
        model.additional_notes = Set(registration.additional_notes);
        model.updated_at = Set(now);
        let saved = model.update(&tx).await.repo()?;
        if people < own {
            promote_waitlist(&tx, event_id, now).await?;
        }
        tx.commit().await.repo()?;
        Ok(attendee_of(saved))
    }

    async fn find(&self, event_id: &EventId, user_id: &UserId) -> Result<Attendee, AdmissionError> {
        // The event LEFT JOIN the member's registration: no row means no event, a row without
        // an attendee id means not registered.
        let mut query = Query::select();
        query.column((events::Entity, events::Column::Id)).from(events::Entity).join_as(
            JoinType::LeftJoin,
            attendees::Entity,
            Alias::new("o"),
            Condition::all()
                .add(Expr::col((Alias::new("o"), attendees::Column::EventId)).equals((events::Entity, events::Column::Id)))
                .add(Expr::col((Alias::new("o"), attendees::Column::UserId)).eq(user_id.as_str())),
        );
        attendee_columns(&mut query, "o", "o_");
        query.and_where(Expr::col((events::Entity, events::Column::Id)).eq(event_id.as_str()));
        let row = self.db.conn.query_one(&query).await.repo()?.ok_or(AdmissionError::EventNotFound)?;
        if row.try_get::<Option<String>>("", "o_id").repo()?.is_none() {
            return Err(AdmissionError::NotRegistered);
        }
        Ok(attendee_of(attendees::Model::from_query_result(&row, "o_").repo()?))
    }

    async fn delete(&self, event_id: &EventId, user_id: &UserId, now: DateTime<Utc>) -> Result<Option<Vec<Attendee>>, RepoError> {
        // One transaction holding the event (the write lock on SQLite, the event's row on
        // PostgreSQL, as registrations do): the delete, its trigger's count and the promotions are
        // decided together, so a concurrent registration or cancellation never sees the freed
        // spots before the waitlist had them (ADR 0109).
        let tx = self.db.begin_write().await.repo()?;
        if !self.lock_event(&tx, event_id).await? {
            return Ok(None);
        }
        let result = attendees::Entity::delete_many()
            .filter(attendees::Column::EventId.eq(event_id.as_str()))
            .filter(attendees::Column::UserId.eq(user_id.as_str()))
            .exec(&tx)
            .await
            .repo()?;
        if result.rows_affected == 0 {
            return Ok(None);
        }
        let promoted = promote_waitlist(&tx, event_id, now).await?;
        tx.commit().await.repo()?;
        Ok(Some(promoted))
    }

    async fn on_door_duty(&self, event_id: &EventId, user_id: &UserId) -> Result<bool, RepoError> {
        let found = crate::entities::event_door_staff::Entity::find_by_id((event_id.to_string(), user_id.to_string()))
            .one(&self.db.conn)
            .await
            .repo()?;
        Ok(found.is_some())
    }

    async fn join_waitlist(&self, r: NewWaitlistRecord) -> Result<WaitlistEntry, AdmissionError> {
        let (tx, held) = self.hold_event(&r.event_id, &r.user_id).await?;
        if held.registered {
            return Err(AdmissionError::AlreadyRegistered);
        }
        ensure_open(held.event.event_date, r.now)?;
        // Only a party that does not fit waits; one that fits registers.
        match admit(&occupancy(&held.event, held.taken, 0), r.registration.people(), r.now) {
            Ok(()) => return Err(AdmissionError::HasRoom),
            Err(Refusal::Started) => return Err(Refusal::Started.into()),
            Err(Refusal::Full { .. }) => {}
        }
        if let Some(capacity) = held.event.capacity.map(i64::from).filter(|&c| r.registration.people() > c) {
            return Err(AdmissionError::LargerThanCapacity(capacity));
        }
        let last: Option<Option<i64>> = waitlist::Entity::find()
            .select_only()
            .expr(Expr::col(waitlist::Column::Seq).max())
            .filter(waitlist::Column::EventId.eq(r.event_id.as_str()))
            .into_tuple()
            .one(&tx)
            .await
            .repo()?;
        let seq = last.flatten().unwrap_or(0) + 1;
        let model = waitlist::ActiveModel {
            id: Set(r.id.into()),
            event_id: Set(r.event_id.into()),
            user_id: Set(r.user_id.into()),
            seq: Set(seq),
            number_of_family_members: Set(r.registration.number_of_family_members),
            additional_notes: Set(r.registration.additional_notes),
            created_at: Set(r.now),
        }
        .insert(&tx)
        .await
        .map_err(already_waitlisted_or)?;
        let position = position_of(&tx, &model).await?;
        tx.commit().await.map_err(already_waitlisted_or)?;
        Ok(waitlist_entry(model, position))
    }

    async fn waitlist_entry(&self, event_id: &EventId, user_id: &UserId) -> Result<WaitlistEntry, AdmissionError> {
        let entry = waitlist::Entity::find()
            .filter(waitlist::Column::EventId.eq(event_id.as_str()))
            .filter(waitlist::Column::UserId.eq(user_id.as_str()))
            .one(&self.db.conn)
            .await
            .repo()?;
        let Some(entry) = entry else {
            let exists = events::Entity::find_by_id(event_id.to_owned()).count(&self.db.conn).await.repo()? > 0;
            return Err(if exists { AdmissionError::NotWaitlisted } else { AdmissionError::EventNotFound });
        };
        let position = position_of(&self.db.conn, &entry).await?;
        Ok(waitlist_entry(entry, position))
    }

    async fn leave_waitlist(&self, event_id: &EventId, user_id: &UserId) -> Result<bool, RepoError> {
        let result = waitlist::Entity::delete_many()
            .filter(waitlist::Column::EventId.eq(event_id.as_str()))
            .filter(waitlist::Column::UserId.eq(user_id.as_str()))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(result.rows_affected > 0)
    }

    async fn waitlist(&self, event_id: &EventId) -> Result<Vec<WaitlistEntryWithContact>, RepoError> {
        let entries = waitlist::Entity::find()
            .filter(waitlist::Column::EventId.eq(event_id.as_str()))
            .order_by_asc(waitlist::Column::Seq)
            .all(&self.db.conn)
            .await
            .repo()?;
        let members = members_by_id(&self.db.conn, entries.iter().map(|w| w.user_id.clone()).collect()).await?;
        Ok(entries
            .into_iter()
            .enumerate()
            .filter_map(|(i, w)| {
                let member = members.get(&w.user_id)?;
                Some(WaitlistEntryWithContact {
                    first_name: member.first_name.clone(),
                    last_name: member.last_name.clone(),
                    email: member.email.clone(),
                    phone_number: member.phone_number.clone(),
                    entry: waitlist_entry(w, i64::try_from(i).unwrap_or(i64::MAX - 1) + 1),
                })
            })
            .collect())
    }

    async fn list_for_event(&self, event_id: &EventId) -> Result<Vec<AttendeeWithContact>, RepoError> {
        let rows = attendees::Entity::find()
            .filter(attendees::Column::EventId.eq(event_id.as_str()))
            .order_by_asc(attendees::Column::CreatedAt)
            .order_by_asc(attendees::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        let user_ids: Vec<String> = rows.iter().map(|a| a.user_id.clone()).collect();
        let members: HashMap<String, users::Model> = if user_ids.is_empty() {
            HashMap::new()
        } else {
            users::Entity::find()
                .filter(users::Column::Id.is_in(user_ids))
                .all(&self.db.conn)
                .await
                .repo()?
                .into_iter()
                .map(|u| (u.id.clone(), u))
                .collect()
        };
        // Users cascade to their registrations, so every registration has its member.
        Ok(rows
            .into_iter()
            .filter_map(|a| {
                let member = members.get(&a.user_id)?;
                Some(AttendeeWithContact {
                    first_name: member.first_name.clone(),
                    last_name: member.last_name.clone(),
                    email: member.email.clone(),
                    phone_number: member.phone_number.clone(),
                    attendee: attendee_of(a),
                })
            })
            .collect())
    }

    async fn list_for_user(&self, user_id: &UserId) -> Result<Vec<(Event, Attendee)>, RepoError> {
        // One statement: the member's registrations joined to their events, each event with its
        // people count.
        let mut query = Query::select();
        query
            .columns(events::Column::iter().map(|column| (events::Entity, column)))
            .expr_as(Expr::cust(PEOPLE_SQL), Alias::new(PEOPLE))
            .from(events::Entity)
            .join_as(
                JoinType::InnerJoin,
                attendees::Entity,
                Alias::new("a"),
                Expr::col((Alias::new("a"), attendees::Column::EventId)).equals((events::Entity, events::Column::Id)),
            )
            .and_where(Expr::col((Alias::new("a"), attendees::Column::UserId)).eq(user_id.as_str()))
            .order_by((events::Entity, events::Column::EventDate), Order::Asc)
            .order_by((events::Entity, events::Column::Id), Order::Asc);
        attendee_columns(&mut query, "a", "a_");
        let rows = self.db.conn.query_all(&query).await.repo()?;
        rows.iter()
            .map(|row| {
                let EventWithPeople(event, people) = EventWithPeople::from_query_result(row, "")?;
                Ok((event_of(event, people), attendee_of(attendees::Model::from_query_result(row, "a_")?)))
            })
            .collect::<Result<_, DbErr>>()
            .repo()
    }
}

/// Why a counter sale's registration was refused.
pub(crate) struct RegistrationRefused {
    pub event: String,
    pub reason: String,
}

/// Registers the member of `record` for its event inside the caller's transaction (a counter
/// sale's), linked to `payment_id`: the event's row is locked first (PostgreSQL; SQLite's write
/// transaction holds the whole database), then its people are counted and the domain's rule
/// decides. A refusal answers why, and the caller rolls the sale back.
pub(crate) async fn admit_on<C: ConnectionTrait>(
    conn: &C,
    record: NewAttendeeRecord,
    payment_id: &str,
) -> Result<Result<(), RegistrationRefused>, RepoError> {
    let Some(event) = events::Entity::find_by_id(record.event_id.to_string()).lock_exclusive().one(conn).await.repo()? else {
        return Ok(Err(RegistrationRefused { event: "The event".into(), reason: "This event no longer exists".into() }));
    };
    let taken: i64 = attendees::Entity::find()
        .filter(attendees::Column::EventId.eq(record.event_id.as_str()))
        .all(conn)
        .await
        .repo()?
        .iter()
        .map(|a| i64::from(a.number_of_family_members) + 1)
        .sum();
    let registered = attendees::Entity::find()
        .filter(attendees::Column::EventId.eq(record.event_id.as_str()))
        .filter(attendees::Column::UserId.eq(record.user_id.as_str()))
        .count(conn)
        .await
        .repo()?
        > 0;
    if registered {
        return Ok(Err(RegistrationRefused { event: event.name, reason: "This member is already registered for this event".into() }));
    }
    if let Err(refusal) = admit(&occupancy(&event, taken, 0), record.registration.people(), record.now) {
        return Ok(Err(RegistrationRefused { event: event.name, reason: refusal.to_string() }));
    }
    attendee_row(record, Some(payment_id.to_owned())).insert(conn).await.repo()?;
    Ok(Ok(()))
}

/// Inside a counter sale's void: deletes the registrations its payment made, each while holding
/// its event as a cancellation does, and registers the waitlisted parties that now fit for the
/// events not yet started (ADR 0109; their e-mails are queued by the trigger).
pub(crate) async fn cancel_of_payment(tx: &WriteTransaction, payment_id: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
    let rows = attendees::Entity::find().filter(attendees::Column::PaymentId.eq(payment_id)).all(tx).await.repo()?;
    for row in rows {
        let event = events::Entity::find_by_id(row.event_id.clone()).lock_exclusive().one(tx).await.repo()?;
        attendees::Entity::delete_by_id(row.id).exec(tx).await.repo()?;
        if event.is_some_and(|e| ensure_open(e.event_date, now).is_ok()) {
            promote_waitlist(tx, &EventId::new(row.event_id), now).await?;
        }
    }
    Ok(())
}

/// The row of a new registration; `payment_id` names the counter sale that made it.
fn attendee_row(r: NewAttendeeRecord, payment_id: Option<String>) -> attendees::ActiveModel {
    attendees::ActiveModel {
        id: Set(r.id.into()),
        event_id: Set(r.event_id.into()),
        user_id: Set(r.user_id.into()),
        number_of_family_members: Set(r.registration.number_of_family_members),
        additional_notes: Set(r.registration.additional_notes),
        created_at: Set(r.now),
        updated_at: Set(r.now),
        checked_in_at: Set(None),
        payment_id: Set(payment_id),
        confirmation_code: Set(Some(crate::door::fresh_code())),
        arrived_people: Set(None),
        checked_in_by: Set(None),
        door_seq: Set(0),
    }
}

/// The registrations a counter sale's payment made, with their events' names.
pub(crate) async fn of_payment<C: ConnectionTrait>(
    conn: &C,
    payment_id: &str,
) -> Result<Vec<mandir_application::ports::SaleRegistration>, RepoError> {
    let rows = attendees::Entity::find()
        .filter(attendees::Column::PaymentId.eq(payment_id))
        .order_by_asc(attendees::Column::CreatedAt)
        .all(conn)
        .await
        .repo()?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let name = events::Entity::find_by_id(row.event_id.clone()).one(conn).await.repo()?.map(|e| e.name).unwrap_or_default();
        out.push(mandir_application::ports::SaleRegistration {
            event_id: row.event_id,
            event_name: name,
            people: i64::from(row.number_of_family_members) + 1,
        });
    }
    Ok(out)
}

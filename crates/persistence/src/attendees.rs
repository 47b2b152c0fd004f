use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{AdmissionError, AttendeeRepository, NewAttendeeRecord, RepoError};
use mandir_domain::event::Event;
use mandir_domain::registration::{Attendee, AttendeeWithContact, Occupancy, ValidRegistration, admit};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};

use crate::Database;
use crate::entities::{attendees, events, users};
use crate::error::{MapDbErr, map};

#[derive(Debug, Clone)]
pub struct SeaOrmAttendeeRepository {
    db: Database,
}

impl SeaOrmAttendeeRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Starts a write transaction holding the event, so that registrations for one event are
    /// decided one after the other. PostgreSQL locks the event row (`SELECT ... FOR UPDATE`);
    /// SQLite has no row locks, so the transaction starts `IMMEDIATE`, taking the database's write
    /// lock before it reads anything (a deferred one could read, then fail to upgrade).
    async fn hold_event(&self, event_id: &str) -> Result<(DatabaseTransaction, events::Model), AdmissionError> {
        let options =
            TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..TransactionOptions::default() };
        let tx = self.db.conn.begin_with_options(options).await.repo()?;
        let event = events::Entity::find_by_id(event_id.to_owned()).lock_exclusive().one(&tx).await.repo()?;
        match event {
            Some(event) => Ok((tx, event)),
            None => Err(AdmissionError::EventNotFound),
        }
    }
}

fn to_domain(m: attendees::Model) -> Attendee {
    Attendee {
        id: m.id,
        event_id: m.event_id,
        user_id: m.user_id,
        number_of_family_members: m.number_of_family_members,
        additional_notes: m.additional_notes,
        created_at: m.created_at,
        updated_at: m.updated_at,
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

/// People per event for the given events: the sum over registrations of (family members + 1).
async fn people_for<C: ConnectionTrait>(conn: &C, event_ids: &[String]) -> Result<HashMap<String, i64>, RepoError> {
    if event_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let people = Expr::col(attendees::Column::NumberOfFamilyMembers).add(1).sum();
    // SUM is a bigint on PostgreSQL and an integer on SQLite: read as i64.
    let rows: Vec<(String, Option<i64>)> = attendees::Entity::find()
        .select_only()
        .column(attendees::Column::EventId)
        .column_as(people, "people")
        .filter(attendees::Column::EventId.is_in(event_ids.iter().cloned()))
        .group_by(attendees::Column::EventId)
        .into_tuple()
        .all(conn)
        .await
        .repo()?;
    Ok(rows.into_iter().map(|(id, n)| (id, n.unwrap_or(0))).collect())
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
        let (tx, event) = self.hold_event(&r.event_id).await?;
        if find_own(&tx, &r.event_id, &r.user_id).await?.is_some() {
            return Err(AdmissionError::AlreadyRegistered);
        }
        let taken = people_for(&tx, std::slice::from_ref(&r.event_id)).await?.get(&r.event_id).copied().unwrap_or(0);
        admit(&occupancy(&event, taken, 0), r.registration.people(), r.now)?;
        let model = attendees::ActiveModel {
            id: Set(r.id),
            event_id: Set(r.event_id),
            user_id: Set(r.user_id),
            number_of_family_members: Set(r.registration.number_of_family_members),
            additional_notes: Set(r.registration.additional_notes),
            created_at: Set(r.now),
            updated_at: Set(r.now),
        }
        .insert(&tx)
        .await
        .map_err(already_registered_or)?;
        tx.commit().await.map_err(already_registered_or)?;
        Ok(to_domain(model))
    }

    async fn update(
        &self,
        event_id: &str,
        user_id: &str,
        registration: ValidRegistration,
        now: DateTime<Utc>,
    ) -> Result<Attendee, AdmissionError> {
        let (tx, event) = self.hold_event(event_id).await?;
        let existing = find_own(&tx, event_id, user_id).await?.ok_or(AdmissionError::NotRegistered)?;
        let own = i64::from(existing.number_of_family_members) + 1;
        let taken = people_for(&tx, &[event_id.to_owned()]).await?.get(event_id).copied().unwrap_or(0);
        admit(&occupancy(&event, taken, own), registration.people(), now)?;
        let mut model: attendees::ActiveModel = existing.into();
        model.number_of_family_members = Set(registration.number_of_family_members);
        model.additional_notes = Set(registration.additional_notes);
        model.updated_at = Set(now);
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(to_domain(saved))
    }

    async fn find(&self, event_id: &str, user_id: &str) -> Result<Option<Attendee>, RepoError> {
        Ok(find_own(&self.db.conn, event_id, user_id).await?.map(to_domain))
    }

    async fn delete(&self, event_id: &str, user_id: &str) -> Result<bool, RepoError> {
        let result = attendees::Entity::delete_many()
            .filter(attendees::Column::EventId.eq(event_id))
            .filter(attendees::Column::UserId.eq(user_id))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(result.rows_affected > 0)
    }

    async fn list_for_event(&self, event_id: &str) -> Result<Vec<AttendeeWithContact>, RepoError> {
        let rows = attendees::Entity::find()
            .filter(attendees::Column::EventId.eq(event_id))
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
                    attendee: to_domain(a),
                })
            })
            .collect())
    }

    async fn list_for_user(&self, user_id: &str) -> Result<Vec<(Event, Attendee)>, RepoError> {
        let rows = attendees::Entity::find().filter(attendees::Column::UserId.eq(user_id)).all(&self.db.conn).await.repo()?;
        let event_ids: Vec<String> = rows.iter().map(|a| a.event_id.clone()).collect();
        if event_ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut events: HashMap<String, events::Model> = events::Entity::find()
            .filter(events::Column::Id.is_in(event_ids.iter().cloned()))
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(|e| (e.id.clone(), e))
            .collect();
        let counts = people_for(&self.db.conn, &event_ids).await?;
        let mut pairs: Vec<(Event, Attendee)> = rows
            .into_iter()
            .filter_map(|a| {
                let event = events.remove(&a.event_id)?;
                let people = counts.get(&event.id).copied().unwrap_or(0);
                Some((crate::events::to_domain(event, people), to_domain(a)))
            })
            .collect();
        pairs.sort_by(|(a, _), (b, _)| a.event_date.cmp(&b.event_date).then_with(|| a.id.cmp(&b.id)));
        Ok(pairs)
    }
}

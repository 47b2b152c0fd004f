use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{EventChanges, EventRecord, EventRepository, RelatedRecords, RepoError, StoredImage};
use mandir_domain::event::{Event, Patch};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};

use crate::Database;
use crate::entities::{attendees, event_images, events, payments, volunteers};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmEventRepository {
    db: Database,
}

impl SeaOrmEventRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

pub(crate) fn to_domain(m: events::Model, attendee_count: i64) -> Event {
    Event {
        id: m.id,
        name: m.name,
        description: m.description,
        location: m.location,
        event_date: m.event_date,
        image_url: m.image_url,
        donation_options: m.donation_options.and_then(|text| serde_json::from_str(&text).ok()),
        capacity: m.capacity,
        attendee_count,
        created_at: m.created_at,
        updated_at: m.updated_at,
    }
}

/// People per event: the sum over registrations of (family members + 1).
async fn people_counts<C: ConnectionTrait>(conn: &C, event_id: Option<&str>) -> Result<HashMap<String, i64>, RepoError> {
    let people = Expr::col(attendees::Column::NumberOfFamilyMembers).add(1).sum();
    let mut query = attendees::Entity::find()
        .select_only()
        .column(attendees::Column::EventId)
        .column_as(people, "people")
        .group_by(attendees::Column::EventId);
    if let Some(id) = event_id {
        query = query.filter(attendees::Column::EventId.eq(id));
    }
    // SUM is a bigint on PostgreSQL (numeric for bigint input) and an integer on SQLite: read as i64.
    let rows: Vec<(String, Option<i64>)> = query.into_tuple().all(conn).await.repo()?;
    Ok(rows.into_iter().map(|(id, n)| (id, n.unwrap_or(0))).collect())
}

async fn related<C: ConnectionTrait>(conn: &C, id: &str) -> Result<RelatedRecords, RepoError> {
    let attendees = attendees::Entity::find().filter(attendees::Column::EventId.eq(id)).count(conn).await.repo()?;
    let volunteers = volunteers::Entity::find().filter(volunteers::Column::EventId.eq(id)).count(conn).await.repo()?;
    let payments = payments::Entity::find().filter(payments::Column::EventId.eq(id)).count(conn).await.repo()?;
    Ok(RelatedRecords { attendees, volunteers, payments })
}

fn set_patch<T: Clone>(patch: &Patch<T>) -> Option<Option<T>> {
    match patch {
        Patch::Keep => None,
        Patch::Clear => Some(None),
        Patch::Set(v) => Some(Some(v.clone())),
    }
}

#[async_trait]
impl EventRepository for SeaOrmEventRepository {
    async fn list(&self) -> Result<Vec<Event>, RepoError> {
        let rows = events::Entity::find()
            .order_by_asc(events::Column::EventDate)
            .order_by_asc(events::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        let counts = people_counts(&self.db.conn, None).await?;
        Ok(rows
            .into_iter()
            .map(|m| {
                let n = counts.get(&m.id).copied().unwrap_or(0);
                to_domain(m, n)
            })
            .collect())
    }

    async fn get(&self, id: &str) -> Result<Option<Event>, RepoError> {
        let Some(model) = events::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()? else {
            return Ok(None);
        };
        let counts = people_counts(&self.db.conn, Some(id)).await?;
        let n = counts.get(id).copied().unwrap_or(0);
        Ok(Some(to_domain(model, n)))
    }

    async fn create(&self, r: EventRecord, image: Option<StoredImage>) -> Result<Event, RepoError> {
        let tx = self.db.conn.begin().await.repo()?;
        let model = events::ActiveModel {
            id: Set(r.id.clone()),
            name: Set(r.name),
            description: Set(r.description),
            location: Set(r.location),
            event_date: Set(r.event_date),
            image_url: Set(r.image_url),
            donation_options: Set(None),
            capacity: Set(r.capacity),
            created_at: Set(r.now),
            updated_at: Set(r.now),
            created_by: Set(r.created_by.clone()),
            updated_by: Set(r.created_by),
        }
        .insert(&tx)
        .await
        .repo()?;
        if let Some(image) = image {
            event_images::ActiveModel {
                event_id: Set(r.id),
                content_type: Set(image.content_type),
                bytes: Set(image.bytes),
                etag: Set(image.etag),
            }
            .insert(&tx)
            .await
            .repo()?;
        }
        tx.commit().await.repo()?;
        Ok(to_domain(model, 0))
    }

    async fn update(&self, id: &str, changes: EventChanges, now: DateTime<Utc>) -> Result<Event, RepoError> {
        let tx = self.db.conn.begin().await.repo()?;
        let Some(existing) = events::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: events::ActiveModel = existing.into();
        if let Some(name) = changes.name {
            model.name = Set(name);
        }
        if let Some(location) = changes.location {
            model.location = Set(location);
        }
        if let Some(date) = changes.event_date {
            model.event_date = Set(date);
        }
        if let Some(description) = set_patch(&changes.description) {
            model.description = Set(description);
        }
        if let Some(capacity) = set_patch(&changes.capacity) {
            model.capacity = Set(capacity);
        }
        if let Some(image_url) = set_patch(&changes.image_url) {
            model.image_url = Set(image_url);
            event_images::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
            if let Some(image) = changes.image_upload {
                event_images::ActiveModel {
                    event_id: Set(id.to_owned()),
                    content_type: Set(image.content_type),
                    bytes: Set(image.bytes),
                    etag: Set(image.etag),
                }
                .insert(&tx)
                .await
                .repo()?;
            }
        }
        model.updated_at = Set(now);
        model.updated_by = Set(changes.updated_by);
        let saved = model.update(&tx).await.repo()?;
        let counts = people_counts(&tx, Some(id)).await?;
        tx.commit().await.repo()?;
        let n = counts.get(id).copied().unwrap_or(0);
        Ok(to_domain(saved, n))
    }

    async fn related_records(&self, id: &str) -> Result<RelatedRecords, RepoError> {
        related(&self.db.conn, id).await
    }

    async fn delete(&self, id: &str) -> Result<(), RepoError> {
        let tx = self.db.conn.begin().await.repo()?;
        if events::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()?.is_none() {
            return Err(RepoError::NotFound);
        }
        if !related(&tx, id).await?.is_empty() {
            return Err(RepoError::Conflict("event has related records".to_owned()));
        }
        // A registration racing in after the check is refused by the foreign key.
        events::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        tx.commit().await.repo()
    }

    async fn force_delete(&self, id: &str) -> Result<RelatedRecords, RepoError> {
        let tx = self.db.conn.begin().await.repo()?;
        let Some(event) = events::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let attendees = attendees::Entity::delete_many().filter(attendees::Column::EventId.eq(id)).exec(&tx).await.repo()?;
        let volunteers = volunteers::Entity::delete_many().filter(volunteers::Column::EventId.eq(id)).exec(&tx).await.repo()?;
        // Payments are the temple's financial record: keep them, with the event's name.
        let payments = payments::Entity::update_many()
            .col_expr(payments::Column::EventName, Expr::value(Some(event.name.clone())))
            .col_expr(payments::Column::EventId, Expr::value(Option::<String>::None))
            .filter(payments::Column::EventId.eq(id))
            .exec(&tx)
            .await
            .repo()?;
        events::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(RelatedRecords { attendees: attendees.rows_affected, volunteers: volunteers.rows_affected, payments: payments.rows_affected })
    }

    async fn image(&self, id: &str) -> Result<Option<StoredImage>, RepoError> {
        let found = event_images::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?;
        Ok(found.map(|m| StoredImage { content_type: m.content_type, bytes: m.bytes, etag: m.etag }))
    }
}

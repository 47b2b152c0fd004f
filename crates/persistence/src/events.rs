use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{EventNotice, EventPicture, EventRepository, MemberEmailKind, RelatedRecords, RepoError, StoredImage};
use mandir_domain::event::{Event, EventPatch, NewEvent};
use mandir_domain::patch::Patch;
use mandir_domain::{EventId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{attendees, event_images, events, payments, volunteers};
use crate::error::MapDbErr;
use crate::event_people::{EventWithPeople, event_of, with_people};
use crate::member_emails::enqueue_event_notices;
use crate::patch::set_patch;
use crate::waitlist::promote_waitlist;

#[derive(Debug, Clone)]
pub struct SeaOrmEventRepository {
    db: Database,
}

impl SeaOrmEventRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

async fn related<C: ConnectionTrait>(conn: &C, id: &str) -> Result<RelatedRecords, RepoError> {
    let attendees = attendees::Entity::find().filter(attendees::Column::EventId.eq(id)).count(conn).await.repo()?;
    let volunteers = volunteers::Entity::find().filter(volunteers::Column::EventId.eq(id)).count(conn).await.repo()?;
    let payments = payments::Entity::find().filter(payments::Column::EventId.eq(id)).count(conn).await.repo()?;
    Ok(RelatedRecords { attendees, volunteers, payments })
}

/// Keeps an uploaded picture's bytes for event `id`.
async fn store_image<C: ConnectionTrait>(conn: &C, id: &EventId, image: StoredImage) -> Result<(), RepoError> {
    event_images::ActiveModel {
        event_id: Set(id.to_string()),
        content_type: Set(image.content_type),
        bytes: Set(image.bytes),
        etag: Set(image.etag),
    }
    .insert(conn)
    .await
    .repo()?;
    Ok(())
}

#[async_trait]
impl EventRepository for SeaOrmEventRepository {
    async fn list(&self) -> Result<Vec<Event>, RepoError> {
        let rows = with_people()
            .order_by_asc(events::Column::EventDate)
            .order_by_asc(events::Column::Id)
            .into_model::<EventWithPeople>()
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows.into_iter().map(|EventWithPeople(m, n)| event_of(m, n)).collect())
    }

    async fn get(&self, id: &EventId) -> Result<Option<Event>, RepoError> {
        let found =
            with_people().filter(events::Column::Id.eq(id.as_str())).into_model::<EventWithPeople>().one(&self.db.conn).await.repo()?;
        Ok(found.map(|EventWithPeople(m, n)| event_of(m, n)))
    }

    async fn create(
        &self,
        id: &EventId,
        event: &NewEvent,
        picture: Option<EventPicture>,
        created_by: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<Event, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let (image_url, upload) = picture.map_or((None, None), |p| (Some(p.url), p.upload));
        let model = events::ActiveModel {
            id: Set(id.to_string()),
            name: Set(event.name.clone()),
            description: Set(Some(event.description.clone())),
            location: Set(event.location.clone()),
            event_date: Set(event.event_date),
            image_url: Set(image_url),
            donation_options: Set(None),
            capacity: Set(event.capacity),
            created_at: Set(now),
            updated_at: Set(now),
            created_by: Set(created_by.clone().map(Into::into)),
            updated_by: Set(created_by.map(Into::into)),
        }
        .insert(&tx)
        .await
        .repo()?;
        if let Some(image) = upload {
            store_image(&tx, id, image).await?;
        }
        tx.commit().await.repo()?;
        Ok(event_of(model, 0))
    }

    async fn update(
        &self,
        id: &EventId,
        patch: &EventPatch,
        picture: Patch<EventPicture>,
        updated_by: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<Event, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = events::Entity::find_by_id(id.to_owned()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let (was_date, was_location, was_capacity) = (existing.event_date, existing.location.clone(), existing.capacity);
        let mut model: events::ActiveModel = existing.into();
        if let Some(name) = &patch.name {
            model.name = Set(name.clone());
        }
        if let Some(location) = &patch.location {
            model.location = Set(location.clone());
        }
        if let Some(date) = patch.event_date {
            model.event_date = Set(date);
        }
        set_patch(&mut model.description, patch.description.clone());
        set_patch(&mut model.capacity, patch.capacity.clone());
        let (image_url, upload) = match picture {
            Patch::Keep => (Patch::Keep, None),
            Patch::Clear => (Patch::Clear, None),
            Patch::Set(EventPicture { url, upload }) => (Patch::Set(url), upload),
        };
        if set_patch(&mut model.image_url, image_url) {
            event_images::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
            if let Some(image) = upload {
                store_image(&tx, id, image).await?;
            }
        }
        model.updated_at = Set(now);
        model.updated_by = Set(updated_by.map(Into::into));
        let updated = model.update(&tx).await.repo()?;
        // A larger capacity (or none) frees spots for the waitlist, in this transaction.
        if updated.capacity.map_or(was_capacity.is_some(), |c| was_capacity.is_some_and(|was| c > was)) {
            promote_waitlist(&tx, id, now).await?;
        }
        let saved = with_people().filter(events::Column::Id.eq(id.as_str())).into_model::<EventWithPeople>().one(&tx).await.repo()?;
        let EventWithPeople(saved, n) = saved.ok_or(RepoError::NotFound)?;
        // Registrants and volunteers are told of a new date, time or place, with the change (ADR 0106).
        if saved.event_date != was_date || saved.location != was_location {
            let notice = EventNotice {
                name: saved.name.clone(),
                starts_at: saved.event_date,
                location: saved.location.clone(),
                previous_starts_at: Some(was_date),
                previous_location: Some(was_location),
            };
            let key = format!("{}:{}", id.as_str(), now.timestamp_millis());
            enqueue_event_notices(&tx, id.as_str(), MemberEmailKind::EventChanged, &key, &notice, now).await?;
        }
        tx.commit().await.repo()?;
        Ok(event_of(saved, n))
    }

    async fn related_records(&self, id: &EventId) -> Result<RelatedRecords, RepoError> {
        related(&self.db.conn, id).await
    }

    async fn delete(&self, id: &EventId) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
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

    async fn force_delete(&self, id: &EventId, now: DateTime<Utc>) -> Result<RelatedRecords, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(event) = events::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        // Everyone on the event is told it is cancelled, with the removal (ADR 0106).
        let notice = EventNotice {
            name: event.name.clone(),
            starts_at: event.event_date,
            location: event.location.clone(),
            previous_starts_at: None,
            previous_location: None,
        };
        enqueue_event_notices(&tx, id.as_str(), MemberEmailKind::EventCancelled, id.as_str(), &notice, now).await?;
        let attendees = attendees::Entity::delete_many().filter(attendees::Column::EventId.eq(id.as_str())).exec(&tx).await.repo()?;
        let volunteers = volunteers::Entity::delete_many().filter(volunteers::Column::EventId.eq(id.as_str())).exec(&tx).await.repo()?;
        // Payments are the temple's financial record: keep them, with the event's name.
        let payments = payments::Entity::update_many()
            .col_expr(payments::Column::EventName, Expr::value(Some(event.name.clone())))
            .col_expr(payments::Column::EventId, Expr::value(Option::<String>::None))
            .filter(payments::Column::EventId.eq(id.as_str()))
            .exec(&tx)
            .await
            .repo()?;
        events::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(RelatedRecords { attendees: attendees.rows_affected, volunteers: volunteers.rows_affected, payments: payments.rows_affected })
    }

    async fn image(&self, id: &EventId) -> Result<Option<StoredImage>, RepoError> {
        let found = event_images::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?;
        Ok(found.map(|m| StoredImage { content_type: m.content_type, bytes: m.bytes, etag: m.etag }))
    }
}

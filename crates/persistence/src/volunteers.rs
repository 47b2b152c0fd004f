use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{NewVolunteerRecord, OfferError, RepoError, VolunteerRepository};
use mandir_domain::event::Event;
use mandir_domain::user::Email;
use mandir_domain::volunteer::{Availability, ContactPreference, Volunteer, VolunteerPreference};
use mandir_domain::{EventId, UserId, VolunteerId};
use sea_orm::{ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, SqlErr};

use crate::Database;
use crate::entities::{events, volunteers};
use crate::error::{MapDbErr, map};
use crate::event_people::{EventWithPeople, with_people};

#[derive(Debug, Clone)]
pub struct SeaOrmVolunteerRepository {
    db: Database,
}

impl SeaOrmVolunteerRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn stored<T>(value: &str, parse: fn(&str) -> Option<T>) -> Result<T, RepoError> {
    parse(value).ok_or_else(|| RepoError::unexpected(format!("unknown stored value {value:?} in volunteers")))
}

pub(crate) fn to_domain(m: volunteers::Model) -> Result<Volunteer, RepoError> {
    Ok(Volunteer {
        contact_preference: stored(&m.contact_preference, ContactPreference::parse)?,
        volunteer_preference: stored(&m.volunteer_preference, VolunteerPreference::parse)?,
        availability: stored(&m.availability, Availability::parse)?,
        id: m.id.into(),
        event_id: m.event_id.into(),
        user_id: m.user_id.into(),
        name: m.name,
        contact_number: m.contact_number,
        contact_email: Email::from_trusted(m.contact_email),
        needs_certificate: m.needs_certificate,
        additional_notes: m.additional_notes,
        created_at: m.created_at,
    })
}

/// The unique (event, user) constraint is a second record; the event's foreign key means the
/// event was removed meanwhile.
fn create_error(error: DbErr) -> RepoError {
    match error.sql_err() {
        Some(SqlErr::ForeignKeyConstraintViolation(_)) => RepoError::NotFound,
        _ => map(error),
    }
}

#[async_trait]
impl VolunteerRepository for SeaOrmVolunteerRepository {
    async fn create(&self, r: NewVolunteerRecord) -> Result<Volunteer, OfferError> {
        let turn = self.db.begin_write().await.repo()?;
        // The event's row: two offers to an event without a plan take turns making its role.
        let event = events::Entity::find_by_id(r.event_id.to_string())
            .lock_exclusive()
            .one(&*turn)
            .await
            .repo()?
            .ok_or(OfferError::EventNotFound)?;
        let v = r.volunteer;
        let model = volunteers::ActiveModel {
            id: Set(r.id.into()),
            event_id: Set(r.event_id.into()),
            user_id: Set(r.user_id.into()),
            name: Set(v.name),
            contact_number: Set(v.contact_number),
            contact_email: Set(v.contact_email.as_str().to_owned()),
            contact_preference: Set(v.contact_preference.as_str().to_owned()),
            volunteer_preference: Set(v.volunteer_preference.as_str().to_owned()),
            availability: Set(v.availability.as_str().to_owned()),
            needs_certificate: Set(v.needs_certificate),
            additional_notes: Set(v.additional_notes),
            created_at: Set(r.now),
            updated_at: Set(r.now),
        }
        .insert(&*turn)
        .await
        .map_err(|error| match create_error(error) {
            RepoError::Conflict(_) => OfferError::AlreadyVolunteering,
            RepoError::NotFound => OfferError::EventNotFound,
            other => other.into(),
        })?;
        crate::shifts::place_one_step(&*turn, &event, &model, r.now).await?;
        turn.commit().await.repo()?;
        Ok(to_domain(model)?)
    }

    async fn get(&self, id: &VolunteerId) -> Result<Option<Volunteer>, RepoError> {
        volunteers::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain).transpose()
    }

    async fn find_for_user(&self, event_id: &EventId, user_id: &UserId) -> Result<Option<Volunteer>, RepoError> {
        volunteers::Entity::find()
            .filter(volunteers::Column::EventId.eq(event_id.as_str()))
            .filter(volunteers::Column::UserId.eq(user_id.as_str()))
            .one(&self.db.conn)
            .await
            .repo()?
            .map(to_domain)
            .transpose()
    }

    async fn list_for_event(&self, event_id: &EventId) -> Result<Vec<Volunteer>, RepoError> {
        volunteers::Entity::find()
            .filter(volunteers::Column::EventId.eq(event_id.as_str()))
            .order_by_asc(volunteers::Column::CreatedAt)
            .order_by_asc(volunteers::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn list_for_user(&self, user_id: &UserId) -> Result<Vec<(Event, Volunteer)>, RepoError> {
        let records = volunteers::Entity::find().filter(volunteers::Column::UserId.eq(user_id.as_str())).all(&self.db.conn).await.repo()?;
        if records.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<String> = records.iter().map(|v| v.event_id.clone()).collect();
        let events: std::collections::HashMap<String, Event> = with_people()
            .filter(events::Column::Id.is_in(ids))
            .into_model::<EventWithPeople>()
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(|EventWithPeople(event, people)| (event.id.clone(), crate::event_people::event_of(event, people)))
            .collect();
        // Events cascade to their volunteers, so every record has its event.
        let mut pairs = records
            .into_iter()
            .filter_map(|v| Some((events.get(&v.event_id)?.clone(), v)))
            .map(|(event, v)| Ok((event, to_domain(v)?)))
            .collect::<Result<Vec<_>, RepoError>>()?;
        pairs.sort_by(|(a, _), (b, _)| a.event_date.cmp(&b.event_date).then_with(|| a.id.cmp(&b.id)));
        Ok(pairs)
    }

    async fn count_for_event(&self, event_id: &EventId) -> Result<u64, RepoError> {
        volunteers::Entity::find().filter(volunteers::Column::EventId.eq(event_id.as_str())).count(&self.db.conn).await.repo()
    }

    async fn delete(&self, id: &VolunteerId, now: DateTime<Utc>) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        crate::shifts::take_off_offer(&*turn, id.as_str(), now).await?;
        let result = volunteers::Entity::delete_by_id(id.to_owned()).exec(&*turn).await.repo()?;
        if result.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        turn.commit().await.repo()
    }
}

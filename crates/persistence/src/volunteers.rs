use async_trait::async_trait;
use mandir_application::ports::{NewVolunteerRecord, RepoError, VolunteerRepository};
use mandir_domain::user::Email;
use mandir_domain::volunteer::{Availability, ContactPreference, Volunteer, VolunteerPreference};
use sea_orm::{ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set, SqlErr};

use crate::Database;
use crate::entities::volunteers;
use crate::error::{MapDbErr, map};

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

fn to_domain(m: volunteers::Model) -> Result<Volunteer, RepoError> {
    Ok(Volunteer {
        contact_preference: stored(&m.contact_preference, ContactPreference::parse)?,
        volunteer_preference: stored(&m.volunteer_preference, VolunteerPreference::parse)?,
        availability: stored(&m.availability, Availability::parse)?,
        id: m.id,
        event_id: m.event_id,
        user_id: m.user_id,
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
    async fn create(&self, r: NewVolunteerRecord) -> Result<Volunteer, RepoError> {
        let v = r.volunteer;
        let model = volunteers::ActiveModel {
            id: Set(r.id),
            event_id: Set(r.event_id),
            user_id: Set(r.user_id),
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
        .insert(&self.db.conn)
        .await
        .map_err(create_error)?;
        to_domain(model)
    }

    async fn get(&self, id: &str) -> Result<Option<Volunteer>, RepoError> {
        volunteers::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain).transpose()
    }

    async fn find_for_user(&self, event_id: &str, user_id: &str) -> Result<Option<Volunteer>, RepoError> {
        volunteers::Entity::find()
            .filter(volunteers::Column::EventId.eq(event_id))
            .filter(volunteers::Column::UserId.eq(user_id))
            .one(&self.db.conn)
            .await
            .repo()?
            .map(to_domain)
            .transpose()
    }

    async fn list_for_event(&self, event_id: &str) -> Result<Vec<Volunteer>, RepoError> {
        volunteers::Entity::find()
            .filter(volunteers::Column::EventId.eq(event_id))
            .order_by_asc(volunteers::Column::CreatedAt)
            .order_by_asc(volunteers::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn count_for_event(&self, event_id: &str) -> Result<u64, RepoError> {
        volunteers::Entity::find().filter(volunteers::Column::EventId.eq(event_id)).count(&self.db.conn).await.repo()
    }

    async fn delete(&self, id: &str) -> Result<(), RepoError> {
        let result = volunteers::Entity::delete_by_id(id.to_owned()).exec(&self.db.conn).await.repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

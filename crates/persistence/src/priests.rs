use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{PhotoChange, PriestFields, PriestRepository, RepoError, StoredImage};
use mandir_domain::priest::Priest;
use mandir_domain::{PriestId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{priest_photos, priests};
use crate::error::MapDbErr;

/// Priests by position, their specialties as a JSON array, their photos in `priest_photos`.
#[derive(Debug, Clone)]
pub struct SeaOrmPriestRepository {
    db: Database,
}

impl SeaOrmPriestRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(m: priests::Model) -> Result<Priest, RepoError> {
    let specialties: Vec<String> = serde_json::from_str(&m.specialties).map_err(RepoError::unexpected)?;
    Ok(Priest {
        id: m.id.into(),
        name: m.name,
        title: m.title,
        bio: m.bio,
        specialties,
        photo_url: m.photo_url,
        position: m.position,
        user_id: m.user_id.map(Into::into),
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

fn fill(model: &mut priests::ActiveModel, fields: PriestFields, now: DateTime<Utc>) -> Result<(), RepoError> {
    model.name = Set(fields.name);
    model.title = Set(fields.title);
    model.bio = Set(fields.bio);
    model.specialties = Set(serde_json::to_string(&fields.specialties).map_err(RepoError::unexpected)?);
    model.updated_at = Set(now);
    Ok(())
}

async fn insert_photo(conn: &impl ConnectionTrait, id: &str, image: StoredImage) -> Result<(), RepoError> {
    priest_photos::ActiveModel {
        priest_id: Set(id.to_owned()),
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
impl PriestRepository for SeaOrmPriestRepository {
    async fn list(&self) -> Result<Vec<Priest>, RepoError> {
        let rows = priests::Entity::find()
            .order_by_asc(priests::Column::Position)
            .order_by_asc(priests::Column::CreatedAt)
            .order_by_asc(priests::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        rows.into_iter().map(to_domain).collect()
    }

    async fn get(&self, id: &PriestId) -> Result<Option<Priest>, RepoError> {
        priests::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain).transpose()
    }

    async fn create(
        &self,
        id: PriestId,
        fields: PriestFields,
        photo: Option<(StoredImage, String)>,
        now: DateTime<Utc>,
    ) -> Result<Priest, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let last: Option<Option<i32>> =
            priests::Entity::find().select_only().column_as(priests::Column::Position.max(), "max").into_tuple().one(&tx).await.repo()?;
        let position = last.flatten().map_or(0, |p| p + 1);
        let (image, url) = match photo {
            Some((image, url)) => (Some(image), Some(url)),
            None => (None, None),
        };
        let mut model = priests::ActiveModel {
            id: Set(id.to_string()),
            photo_url: Set(url),
            position: Set(position),
            created_at: Set(now),
            ..Default::default()
        };
        fill(&mut model, fields, now)?;
        let saved = model.insert(&tx).await.repo()?;
        if let Some(image) = image {
            insert_photo(&tx, &saved.id, image).await?;
        }
        tx.commit().await.repo()?;
        to_domain(saved)
    }

    async fn update(&self, id: &PriestId, fields: PriestFields, photo: PhotoChange, now: DateTime<Utc>) -> Result<Priest, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = priests::Entity::find_by_id(id.to_owned()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: priests::ActiveModel = existing.into();
        fill(&mut model, fields, now)?;
        match photo {
            PhotoChange::Keep => {}
            PhotoChange::Remove => {
                priest_photos::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
                model.photo_url = Set(None);
            }
            PhotoChange::Replace(image, url) => {
                priest_photos::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
                insert_photo(&tx, id, image).await?;
                model.photo_url = Set(Some(url));
            }
        }
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        to_domain(saved)
    }

    async fn set_account(&self, id: &PriestId, user: Option<UserId>, now: DateTime<Utc>) -> Result<Priest, RepoError> {
        let updated = priests::Entity::update_many()
            .col_expr(priests::Column::UserId, Expr::value(user.map(UserId::into_string)))
            .col_expr(priests::Column::UpdatedAt, Expr::value(now))
            .filter(priests::Column::Id.eq(id.as_str()))
            .exec(&self.db.conn)
            .await
            .repo()?;
        if updated.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        self.get(id).await?.ok_or(RepoError::NotFound)
    }

    async fn delete(&self, id: &PriestId) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        priest_photos::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        let result = priests::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        if result.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        tx.commit().await.repo()?;
        Ok(())
    }

    async fn reorder(&self, order: Vec<PriestId>) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        for (position, id) in order.iter().enumerate() {
            priests::Entity::update_many()
                .col_expr(priests::Column::Position, Expr::value(i32::try_from(position).map_err(RepoError::unexpected)?))
                .filter(priests::Column::Id.eq(id.as_str()))
                .exec(&tx)
                .await
                .repo()?;
        }
        tx.commit().await.repo()
    }

    async fn photo(&self, id: &PriestId) -> Result<Option<StoredImage>, RepoError> {
        let found = priest_photos::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?;
        Ok(found.map(|m| StoredImage { content_type: m.content_type, bytes: m.bytes, etag: m.etag }))
    }
}

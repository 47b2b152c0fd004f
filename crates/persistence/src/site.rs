//! The temple's settings (one row holding the fields as JSON text) and its notices.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{RepoError, SiteRepository};
use mandir_domain::NoticeId;
use mandir_domain::site::{Notice, NoticeFields, SiteSettings};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

use crate::Database;
use crate::entities::{notices, site_settings};
use crate::error::MapDbErr;

/// The settings row's key: there is one row.
const SETTINGS_ROW: i32 = 1;

#[derive(Debug, Clone)]
pub struct SeaOrmSiteRepository {
    db: Database,
}

impl SeaOrmSiteRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// Writes the settings row (inserted or replaced), inside the caller's transaction if any.
pub(crate) async fn save_settings_on(conn: &impl ConnectionTrait, settings: &SiteSettings, now: DateTime<Utc>) -> Result<(), RepoError> {
    let content = serde_json::to_string(settings).map_err(RepoError::unexpected)?;
    let row = site_settings::ActiveModel { id: Set(SETTINGS_ROW), content: Set(content), updated_at: Set(now) };
    site_settings::Entity::insert(row)
        .on_conflict(
            OnConflict::column(site_settings::Column::Id)
                .update_columns([site_settings::Column::Content, site_settings::Column::UpdatedAt])
                .to_owned(),
        )
        .exec(conn)
        .await
        .repo()?;
    Ok(())
}

fn to_domain(m: notices::Model) -> Notice {
    Notice { id: m.id.into(), title: m.title, body: m.body, link: m.link, starts_on: m.starts_on, ends_on: m.ends_on }
}

#[async_trait]
impl SiteRepository for SeaOrmSiteRepository {
    async fn settings(&self) -> Result<Option<SiteSettings>, RepoError> {
        let Some(row) = site_settings::Entity::find_by_id(SETTINGS_ROW).one(&self.db.conn).await.repo()? else {
            return Ok(None);
        };
        // Fields added later read as empty (`#[serde(default)]`).
        serde_json::from_str(&row.content).map(Some).map_err(RepoError::unexpected)
    }

    async fn save_settings(&self, settings: &SiteSettings, now: DateTime<Utc>) -> Result<(), RepoError> {
        save_settings_on(&self.db.conn, settings, now).await
    }

    async fn list_notices(&self) -> Result<Vec<Notice>, RepoError> {
        let mut notices: Vec<Notice> = notices::Entity::find().all(&self.db.conn).await.repo()?.into_iter().map(to_domain).collect();
        notices.sort_by(|a, b| b.starts_on.cmp(&a.starts_on).then_with(|| b.ends_on.cmp(&a.ends_on)).then_with(|| a.id.cmp(&b.id)));
        Ok(notices)
    }

    async fn create_notice(&self, id: &NoticeId, f: NoticeFields, now: DateTime<Utc>) -> Result<Notice, RepoError> {
        let model = notices::ActiveModel {
            id: Set(id.to_string()),
            title: Set(f.title),
            body: Set(f.body),
            link: Set(f.link),
            starts_on: Set(f.starts_on),
            ends_on: Set(f.ends_on),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&self.db.conn)
        .await
        .repo()?;
        Ok(to_domain(model))
    }

    async fn update_notice(&self, id: &NoticeId, f: NoticeFields, now: DateTime<Utc>) -> Result<Notice, RepoError> {
        let Some(existing) = notices::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: notices::ActiveModel = existing.into();
        model.title = Set(f.title);
        model.body = Set(f.body);
        model.link = Set(f.link);
        model.starts_on = Set(f.starts_on);
        model.ends_on = Set(f.ends_on);
        model.updated_at = Set(now);
        Ok(to_domain(model.update(&self.db.conn).await.repo()?))
    }

    async fn delete_notice(&self, id: &NoticeId) -> Result<(), RepoError> {
        let result = notices::Entity::delete_by_id(id.to_string()).exec(&self.db.conn).await.repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

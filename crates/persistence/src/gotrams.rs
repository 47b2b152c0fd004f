use async_trait::async_trait;
use mandir_application::ports::{GotramRepository, RepoError};
use mandir_domain::gotram::Gotram;
use sea_orm::{EntityTrait, QueryOrder};

use crate::Database;
use crate::entities::gotrams;
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmGotramRepository {
    db: Database,
}

impl SeaOrmGotramRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(model: gotrams::Model) -> Gotram {
    Gotram { id: model.id, gotranamalu: model.gotranamalu, nakshtram: model.nakshtram, rasi: model.rasi }
}

#[async_trait]
impl GotramRepository for SeaOrmGotramRepository {
    async fn list(&self) -> Result<Vec<Gotram>, RepoError> {
        let rows = gotrams::Entity::find().order_by_asc(gotrams::Column::Id).all(&self.db.conn).await.repo()?;
        Ok(rows.into_iter().map(to_domain).collect())
    }

    async fn get(&self, id: i32) -> Result<Option<Gotram>, RepoError> {
        Ok(gotrams::Entity::find_by_id(id).one(&self.db.conn).await.repo()?.map(to_domain))
    }
}

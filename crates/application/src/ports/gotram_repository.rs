use async_trait::async_trait;
use mandir_domain::gotram::Gotram;

use super::RepoError;

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait GotramRepository: Send + Sync {
    async fn list(&self) -> Result<Vec<Gotram>, RepoError>;
    async fn get(&self, id: i32) -> Result<Option<Gotram>, RepoError>;
}

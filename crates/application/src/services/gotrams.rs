use std::sync::Arc;

use mandir_domain::gotram::Gotram;

use crate::BoxError;
use crate::ports::{GotramRepository, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum GotramError {
    #[error("Gotram not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(GotramError, {
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(GotramError: RepoError);

#[derive(Clone)]
pub struct GotramService {
    gotrams: Arc<dyn GotramRepository>,
}

impl GotramService {
    pub fn new(gotrams: Arc<dyn GotramRepository>) -> Self {
        Self { gotrams }
    }

    #[tracing::instrument(skip_all)]
    pub async fn list(&self) -> Result<Vec<Gotram>, GotramError> {
        Ok(self.gotrams.list().await?)
    }

    #[tracing::instrument(skip_all)]
    pub async fn get(&self, id: i32) -> Result<Gotram, GotramError> {
        self.gotrams.get(id).await?.ok_or(GotramError::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::gotram_repository::MockGotramRepository;
    use mandir_domain::{ErrorKind, Failure};

    #[tokio::test]
    async fn unknown_gotram_is_not_found() {
        let mut repo = MockGotramRepository::new();
        repo.expect_get().returning(|_| Ok(None));
        let service = GotramService::new(Arc::new(repo));
        assert!(matches!(service.get(7).await, Err(GotramError::NotFound)));
    }

    #[tokio::test]
    async fn database_failure_is_unexpected() {
        let mut repo = MockGotramRepository::new();
        repo.expect_list().returning(|| Err(RepoError::unexpected("down")));
        let service = GotramService::new(Arc::new(repo));
        let error = service.list().await.expect_err("fails");
        assert_eq!(error.kind(), ErrorKind::Unexpected);
    }
}

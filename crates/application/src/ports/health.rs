use async_trait::async_trait;

/// Whether the service can answer: the database is reachable.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait HealthProbe: Send + Sync {
    async fn ready(&self) -> Result<(), crate::BoxError>;
}

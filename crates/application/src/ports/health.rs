use async_trait::async_trait;

/// Why the service cannot take traffic: a short reason safe to show anyone (`GET /api/ready`
/// answers it), and the underlying error for the log.
#[derive(Debug, thiserror::Error)]
#[error("{reason}")]
pub struct NotReady {
    pub reason: String,
    #[source]
    pub cause: Option<crate::BoxError>,
}

/// How the database's connection pool is used right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PoolUsage {
    /// Connections open (idle or in use).
    pub open: u32,
    /// Open connections waiting for work.
    pub idle: u32,
    /// The most the pool opens.
    pub max: u32,
}

/// How many payments have one status with one provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentCount {
    pub status: String,
    pub provider: String,
    pub count: i64,
}

/// Whether the service can take traffic, and what the operators' metrics read from the
/// database (docs/decisions/0067-health-readiness-metrics-logs.md).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait HealthProbe: Send + Sync {
    /// The database answers and every migration this build knows is applied.
    async fn ready(&self) -> Result<(), NotReady>;

    /// The connection pool's use.
    fn pool_usage(&self) -> PoolUsage;

    /// Payments counted by status and provider.
    async fn payment_counts(&self) -> Result<Vec<PaymentCount>, crate::BoxError>;
}

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed")]
pub struct HashError(#[source] pub crate::BoxError);

/// Hashes and verifies passwords. Implementations must keep the work off the async workers.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: String) -> Result<String, HashError>;
    /// `Ok(false)` for a wrong password; `Err` only when the stored hash is unreadable.
    async fn verify(&self, password: String, hash: String) -> Result<bool, HashError>;
}

use std::sync::Arc;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use mandir_application::ports::{HashError, PasswordHasher};
use tokio::sync::Semaphore;

/// argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane), run on the blocking pool so
/// the async workers keep serving. A semaphore sized to the cores bounds how many hashes run at
/// once, so a sign-in flood queues instead of exhausting memory and threads: at most cores x 19
/// MiB, which the allocator gives back afterwards (ADR 0124).
#[derive(Clone)]
pub struct Argon2PasswordHasher {
    params: Params,
    permits: Arc<Semaphore>,
}

impl Argon2PasswordHasher {
    pub fn owasp() -> Self {
        Self::with_params(19 * 1024, 2, 1)
    }

    /// Cheaper parameters, for tests only.
    pub fn with_params(memory_kib: u32, iterations: u32, lanes: u32) -> Self {
        #[allow(clippy::expect_used)]
        let params = Params::new(memory_kib, iterations, lanes, None).expect("valid argon2 parameters");
        // One hash per core: more at once only queue for the cores while holding their memory.
        let concurrency = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        Self { params, permits: Arc::new(Semaphore::new(concurrency)) }
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }

    async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(Argon2<'static>) -> Result<T, HashError> + Send + 'static,
    ) -> Result<T, HashError> {
        let _permit = self.permits.acquire().await.map_err(|e| HashError(e.into()))?;
        let argon2 = self.argon2();
        tokio::task::spawn_blocking(move || job(argon2)).await.map_err(|e| HashError(e.into()))?
    }
}

#[async_trait]
impl PasswordHasher for Argon2PasswordHasher {
    async fn hash(&self, password: String) -> Result<String, HashError> {
        self.run(move |argon2| {
            let salt = SaltString::generate(&mut OsRng);
            argon2.hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| HashError(e.to_string().into()))
        })
        .await
    }

    async fn verify(&self, password: String, hash: String) -> Result<bool, HashError> {
        // An account made by an import has no password until its owner sets one (ADR 0144).
        if hash.is_empty() {
            return Ok(false);
        }
        self.run(move |argon2| {
            let parsed = PasswordHash::new(&hash).map_err(|e| HashError(e.to_string().into()))?;
            Ok(argon2.verify_password(password.as_bytes(), &parsed).is_ok())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_differ_by_salt() {
        let hasher = Argon2PasswordHasher::with_params(1024, 1, 1);
        let a = hasher.hash("secret1".into()).await.expect("hash");
        let b = hasher.hash("secret1".into()).await.expect("hash");
        assert_ne!(a, b);
        assert!(a.starts_with("$argon2id$"));
        assert!(hasher.verify("secret1".into(), a.clone()).await.expect("verify"));
        assert!(!hasher.verify("wrong".into(), a).await.expect("verify"));
        assert!(hasher.verify("x".into(), "garbage".into()).await.is_err());
    }

    #[test]
    fn owasp_parameters() {
        let hasher = Argon2PasswordHasher::owasp();
        assert_eq!(hasher.params.m_cost(), 19 * 1024);
        assert_eq!(hasher.params.t_cost(), 2);
        assert_eq!(hasher.params.p_cost(), 1);
    }
}

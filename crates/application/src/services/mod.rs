//! Use cases, one file per area. Each area has its own error enum implementing
//! [`mandir_domain::Failure`], so the HTTP adapter maps them all in one place.

pub mod admin;
pub mod auth;
pub mod donation_types;
pub mod events;
pub mod gotrams;
pub mod payment_methods;
pub mod payments;
pub mod profile;
pub mod registrations;
#[cfg(test)]
mod test_fixtures;
pub mod throttle;
pub mod volunteers;

use mandir_domain::user::User;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// The signed-in member making a request, read from the database on every request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: String,
    pub email: String,
    pub is_admin: bool,
}

impl Actor {
    pub fn of(user: &User) -> Self {
        Self { user_id: user.id.clone(), email: user.email.as_str().to_owned(), is_admin: user.is_admin }
    }
}

/// A fresh random secret for links (32 bytes, hex) and its SHA-256, which is what we store.
pub fn new_secret() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    let hash = hash_secret(&secret);
    (secret, hash)
}

pub fn hash_secret(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Shared `Unexpected` conversion: every area error has a variant holding the cause.
macro_rules! unexpected_from {
    ($error:ident: $($source:ty),+) => {
        $(impl From<$source> for $error {
            fn from(source: $source) -> Self {
                Self::Unexpected(source.into())
            }
        })+
    };
}
pub(crate) use unexpected_from;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_random_and_hashed() {
        let (a, hash_a) = new_secret();
        let (b, _) = new_secret();
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(hash_secret(&a), hash_a);
        assert_ne!(a, hash_a);
    }
}

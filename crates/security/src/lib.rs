//! Adapters for the password hasher (argon2id) and the session token issuer (JWT, HS256).

mod jwt;
mod link;
mod password;

pub use jwt::JwtTokenIssuer;
pub use link::HmacLinkSigner;
pub use password::Argon2PasswordHasher;

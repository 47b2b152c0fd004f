//! SeaORM adapters for the application's repository ports, on SQLite and PostgreSQL.
//! SeaORM types stay inside this crate: the ports speak domain types only.

pub mod db;
mod entities;
mod error;
pub mod events;
pub mod gotrams;
#[cfg(feature = "test-support")]
pub mod test_support;
pub mod users;

pub use db::{Database, DatabaseKind};
pub use events::SeaOrmEventRepository;
pub use gotrams::SeaOrmGotramRepository;
pub use users::SeaOrmUserRepository;

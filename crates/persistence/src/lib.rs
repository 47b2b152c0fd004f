//! SeaORM adapters for the application's repository ports, on SQLite and PostgreSQL.
//! SeaORM types stay inside this crate: the ports speak domain types only.

pub mod attendees;
pub mod db;
pub mod donation_types;
mod entities;
mod error;
pub mod events;
pub mod gotrams;
pub mod payment_methods;
pub mod payments;
#[cfg(feature = "test-support")]
pub mod test_support;
pub mod users;
pub mod volunteers;

pub use attendees::SeaOrmAttendeeRepository;
pub use db::{Database, DatabaseKind};
pub use donation_types::SeaOrmDonationTypeRepository;
pub use events::SeaOrmEventRepository;
pub use gotrams::SeaOrmGotramRepository;
pub use payment_methods::SeaOrmPaymentMethodRepository;
pub use payments::SeaOrmPaymentRepository;
pub use users::SeaOrmUserRepository;
pub use volunteers::SeaOrmVolunteerRepository;

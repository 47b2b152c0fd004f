//! Mandir's domain: entities, value objects and the rules the spec sets (section 5), with its
//! messages. Nothing here performs I/O.

pub mod donation_type;
pub mod error;
pub mod event;
pub mod gotram;
pub mod money;
pub mod payment;
pub mod payment_method;
pub mod registration;
pub mod user;
pub mod validation;
pub mod volunteer;

pub use error::{ErrorKind, Failure};
pub use money::Money;
pub use validation::ValidationErrors;

//! SeaORM entities: the tables as the database sees them. They never leave this crate.

pub mod attendees;
pub mod event_images;
pub mod events;
pub mod gotrams;
pub mod payments;
pub mod users;
pub mod volunteers;

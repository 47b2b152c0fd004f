//! SeaORM entities: the tables as the database sees them. They never leave this crate.

pub mod attendees;
pub mod donation_types;
pub mod event_images;
pub mod events;
pub mod gotrams;
pub mod payment_methods;
pub mod payments;
pub mod processed_webhook_events;
pub mod users;
pub mod volunteers;

//! SeaORM adapters for the application's repository ports, on SQLite and PostgreSQL.
//! SeaORM types stay inside this crate: the ports speak domain types only.

pub mod account;
pub mod attendees;
pub mod backup;
pub mod db;
mod donation_details;
pub mod donation_types;
mod entities;
mod error;
pub mod events;
pub mod family_members;
pub mod gotrams;
pub mod jobs;
pub mod member_emails;
pub mod notifications;
mod patch;
pub mod payment_audit;
pub mod payment_methods;
pub mod payments;
pub mod priests;
pub mod rate_limits;
pub mod receipts;
pub mod recurring_services;
pub mod setup;
pub mod seva_bookings;
pub mod sevas;
pub mod site;
pub mod statements;
#[cfg(feature = "test-support")]
pub mod test_support;
pub mod users;
pub mod volunteers;

pub use account::SeaOrmAccountRepository;
pub use attendees::SeaOrmAttendeeRepository;
pub use db::{Database, DatabaseKind};
pub use donation_types::SeaOrmDonationTypeRepository;
pub use events::SeaOrmEventRepository;
pub use family_members::SeaOrmFamilyMemberRepository;
pub use gotrams::SeaOrmGotramRepository;
pub use jobs::SeaOrmJobStore;
pub use member_emails::SeaOrmMemberOutbox;
pub use notifications::{ChangeRelay, PgChangeNotifier};
pub use payment_audit::SeaOrmPaymentAuditRepository;
pub use payment_methods::SeaOrmPaymentMethodRepository;
pub use payments::SeaOrmPaymentRepository;
pub use priests::SeaOrmPriestRepository;
pub use rate_limits::SeaOrmRateLimitStore;
pub use receipts::SeaOrmReceiptOutbox;
pub use recurring_services::SeaOrmRecurringServiceRepository;
pub use setup::SeaOrmSetupRepository;
pub use seva_bookings::SeaOrmSevaBookingRepository;
pub use sevas::SeaOrmSevaRepository;
pub use site::SeaOrmSiteRepository;
pub use statements::SeaOrmStatementStore;
pub use users::SeaOrmUserRepository;
pub use volunteers::SeaOrmVolunteerRepository;

//! HTTP end-to-end tests: the real server on a loopback port, a fresh database per test.
//! Run on SQLite by default and on PostgreSQL with `MANDIR_TEST_DATABASE_URL=postgres://...`.

mod admin;
mod auth;
mod donation_types;
mod events;
mod helpers;
mod payment_methods;
mod payments;
mod registrations;
mod system;
mod volunteers;

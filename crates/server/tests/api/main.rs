//! HTTP end-to-end tests: the real server on a loopback port, a fresh database per test.
//! Run on SQLite by default and on PostgreSQL with `MANDIR_TEST_DATABASE_URL=postgres://...`.

mod admin;
mod auth;
mod events;
mod helpers;
mod system;

//! HTTP end-to-end tests: the real server on a loopback port, a fresh database per test.
//! Run on SQLite by default and on PostgreSQL with `MANDIR_TEST_DATABASE_URL=postgres://...`.

mod account;
mod admin;
mod auth;
mod authorization;
mod backup;
mod budgets;
mod calendar;
mod contract;
mod donation_types;
mod event_operations;
mod events;
mod helpers;
mod ledger;
mod limits;
mod member_emails;
mod members;
mod observability;
mod pages;
mod payment_methods;
mod payments;
mod pictures;
mod priests;
mod receipts;
mod registrations;
mod services;
mod setup;
mod sevas;
mod site;
mod staff;
mod staff_invitations;
mod statements;
mod system;
mod verification;
mod volunteers;
mod waitlist;

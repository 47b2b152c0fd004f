//! The `mandir` server: configuration from `MANDIR_*` variables, the wiring of adapters into
//! services, and the commands (`serve`, `migrate`, `create-admin`, `seed-demo`).

pub mod config;
pub mod demo;
pub mod imports;
pub mod maintenance;
pub mod production;
pub mod startup;
pub mod wiring;

pub use config::{Config, HashingCost, Refusals, Secret};
pub use startup::Application;
pub use wiring::{Built, build};

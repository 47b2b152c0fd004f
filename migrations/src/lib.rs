//! Mandir's schema, one migration per step, run at start-up (`mandir migrate` runs them alone).
//! The same migrations serve SQLite and PostgreSQL.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_users_and_gotrams;
mod m20261121_000002_create_events;
mod m20261121_000003_create_registrations_and_volunteers;
mod m20261121_000004_create_donation_catalogues;
mod m20261121_000005_create_payments;
mod m20261121_000006_add_payment_notes;
mod seed;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_create_users_and_gotrams::Migration),
            Box::new(m20261121_000002_create_events::Migration),
            Box::new(m20261121_000003_create_registrations_and_volunteers::Migration),
            Box::new(m20261121_000004_create_donation_catalogues::Migration),
            Box::new(m20261121_000005_create_payments::Migration),
            Box::new(m20261121_000006_add_payment_notes::Migration),
        ]
    }
}

/// Column helpers shared by the migrations.
pub(crate) mod cols {
    use sea_orm_migration::prelude::*;

    pub fn id<T: IntoIden>(name: T) -> ColumnDef {
        ColumnDef::new(name).string_len(36).not_null().primary_key().take()
    }

    pub fn text<T: IntoIden>(name: T) -> ColumnDef {
        ColumnDef::new(name).text().not_null().take()
    }

    pub fn text_null<T: IntoIden>(name: T) -> ColumnDef {
        ColumnDef::new(name).text().null().take()
    }

    pub fn string<T: IntoIden>(name: T, len: u32) -> ColumnDef {
        ColumnDef::new(name).string_len(len).not_null().take()
    }

    pub fn string_null<T: IntoIden>(name: T, len: u32) -> ColumnDef {
        ColumnDef::new(name).string_len(len).null().take()
    }

    pub fn timestamp<T: IntoIden>(name: T) -> ColumnDef {
        ColumnDef::new(name).timestamp_with_time_zone().not_null().take()
    }

    pub fn timestamp_null<T: IntoIden>(name: T) -> ColumnDef {
        ColumnDef::new(name).timestamp_with_time_zone().null().take()
    }

    pub fn boolean<T: IntoIden>(name: T, default: bool) -> ColumnDef {
        ColumnDef::new(name).boolean().not_null().default(default).take()
    }
}

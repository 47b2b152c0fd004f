//! Mandir's schema, one migration per step, run at start-up (`mandir migrate` runs them alone).
//! The same migrations serve SQLite and PostgreSQL.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_users_and_gotrams;
mod m20261121_000002_create_events;
mod m20261121_000003_create_registrations_and_volunteers;
mod m20261121_000004_create_donation_catalogues;
mod m20261121_000005_create_payments;
mod m20261121_000006_add_payment_notes;
mod m20261122_000007_create_rate_limits;
mod m20261122_000008_add_email_verification_expiry;
mod m20261122_000009_create_revoked_tokens;
mod m20261122_000010_create_jobs;
mod m20261122_000012_create_site_settings_and_notices;
mod m20261122_000013_create_setup_tokens;
mod m20261122_000014_create_recurring_services;
mod m20261122_000015_create_priests;
mod m20261123_000016_count_event_people;
mod m20261123_000020_add_donor_identity;
mod m20261123_000021_create_receipt_emails;
mod m20261123_000025_create_payment_audit;
mod m20261124_000026_add_refunded_amount;
mod m20261124_000027_create_year_statements;
mod m20261124_000029_add_account_settings;
mod m20261124_000030_create_member_emails;
mod m20261124_000032_create_waitlist;
mod m20261124_000033_add_attendee_check_in;
mod m20261124_000035_create_sevas;
mod m20261124_000036_create_family_members;
mod m20261124_000037_create_seva_bookings;
mod m20261125_000038_add_demo_account_mark;
mod m20261125_000039_add_seva_hold_limits;
mod m20261125_000040_staff_roles_and_audit_log;
mod m20261125_000041_staff_invitations;
mod m20261125_000042_seva_payments_are_religious;
mod m20261125_000043_counter_sales;
mod m20261125_000044_cash_office;
mod m20261126_000045_lunar_calendar;
mod m20261127_000046_walk_in_seva_bookings;
mod m20261127_000047_counter_card_charges;
mod m20261127_000048_counter_registrations;
mod m20261128_000049_funds;
mod m20261128_000050_pledges;
mod m20261128_000051_households;
mod m20261128_000052_pledge_gifts;
mod m20261128_000053_recurring_gifts;
mod m20261128_000054_volunteer_shifts;
mod m20261128_000055_event_door_staff;
mod m20261128_000056_door_desk;
mod m20261128_000057_one_step_role;
mod m20261202_000058_imports;
mod m20261205_000059_accounting;
mod m20261205_000060_card_settlements;
mod m20261205_000061_texting;
mod m20261205_000062_user_language;
pub mod seed;

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
            Box::new(m20261122_000007_create_rate_limits::Migration),
            Box::new(m20261122_000008_add_email_verification_expiry::Migration),
            Box::new(m20261122_000009_create_revoked_tokens::Migration),
            Box::new(m20261122_000010_create_jobs::Migration),
            Box::new(m20261122_000012_create_site_settings_and_notices::Migration),
            Box::new(m20261122_000013_create_setup_tokens::Migration),
            Box::new(m20261122_000014_create_recurring_services::Migration),
            Box::new(m20261122_000015_create_priests::Migration),
            Box::new(m20261123_000016_count_event_people::Migration),
            Box::new(m20261123_000020_add_donor_identity::Migration),
            Box::new(m20261123_000021_create_receipt_emails::Migration),
            Box::new(m20261123_000025_create_payment_audit::Migration),
            Box::new(m20261124_000026_add_refunded_amount::Migration),
            Box::new(m20261124_000027_create_year_statements::Migration),
            Box::new(m20261124_000029_add_account_settings::Migration),
            Box::new(m20261124_000030_create_member_emails::Migration),
            Box::new(m20261124_000032_create_waitlist::Migration),
            Box::new(m20261124_000033_add_attendee_check_in::Migration),
            Box::new(m20261124_000035_create_sevas::Migration),
            Box::new(m20261124_000036_create_family_members::Migration),
            Box::new(m20261124_000037_create_seva_bookings::Migration),
            Box::new(m20261125_000038_add_demo_account_mark::Migration),
            Box::new(m20261125_000039_add_seva_hold_limits::Migration),
            Box::new(m20261125_000040_staff_roles_and_audit_log::Migration),
            Box::new(m20261125_000041_staff_invitations::Migration),
            Box::new(m20261125_000042_seva_payments_are_religious::Migration),
            Box::new(m20261125_000043_counter_sales::Migration),
            Box::new(m20261125_000044_cash_office::Migration),
            Box::new(m20261126_000045_lunar_calendar::Migration),
            Box::new(m20261127_000046_walk_in_seva_bookings::Migration),
            Box::new(m20261127_000047_counter_card_charges::Migration),
            Box::new(m20261127_000048_counter_registrations::Migration),
            Box::new(m20261128_000049_funds::Migration),
            Box::new(m20261128_000050_pledges::Migration),
            Box::new(m20261128_000051_households::Migration),
            Box::new(m20261128_000052_pledge_gifts::Migration),
            Box::new(m20261128_000053_recurring_gifts::Migration),
            Box::new(m20261128_000054_volunteer_shifts::Migration),
            Box::new(m20261128_000055_event_door_staff::Migration),
            Box::new(m20261128_000056_door_desk::Migration),
            Box::new(m20261128_000057_one_step_role::Migration),
            Box::new(m20261202_000058_imports::Migration),
            Box::new(m20261205_000059_accounting::Migration),
            Box::new(m20261205_000060_card_settlements::Migration),
            Box::new(m20261205_000061_texting::Migration),
            Box::new(m20261205_000062_user_language::Migration),
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

//! Fixtures for tests of this crate and the crates above it (feature `testing`): a fixed "now"
//! and plain users, events and payments built around it. Tests change what they need with struct
//! update syntax.

use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::Money;
use crate::event::Event;
use crate::payment::{CUSTOM_DONATION_TYPE, DonationDetail, Payment, PaymentMethodKind, PaymentProvider, PaymentStatus};
use crate::user::{Email, User};

/// The fixed "now" of the tests.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).single().expect("a valid date")
}

/// A verified member (not an admin) with the e-mail `{id}@example.org`.
pub fn user(id: &str) -> User {
    User {
        id: id.into(),
        username: None,
        first_name: "Lakshmi".into(),
        last_name: "Rao".into(),
        email: Email::parse(&format!("{id}@example.org")).expect("a valid e-mail"),
        phone_number: Some("9165550100".into()),
        gotram_id: None,
        custom_gotram: None,
        mailing_address: None,
        email_verified: true,
        roles: crate::staff::Roles::NONE,
        token_version: 0,
        created_at: now(),
        updated_at: now(),
    }
}

/// An event `days` after [`now`], without capacity or registrations.
pub fn event(id: &str, days: i64) -> Event {
    Event {
        id: id.into(),
        name: "Diwali".into(),
        description: None,
        location: "Main Hall".into(),
        event_date: now() + Duration::days(days),
        image_url: None,
        donation_options: None,
        capacity: None,
        attendee_count: 0,
        created_at: now(),
        updated_at: now(),
    }
}

/// A guest's direct donation of $25 (one custom item), paid by card through `provider`.
pub fn payment(id: &str, status: PaymentStatus, provider: PaymentProvider) -> Payment {
    Payment {
        id: id.into(),
        event_id: None,
        event_name: None,
        user_id: None,
        payment_date: now(),
        method: PaymentMethodKind::CreditCard,
        amount: Money::from_cents(2500),
        status,
        provider,
        transaction_id: None,
        client_secret_hash: None,
        donation_details: vec![DonationDetail {
            donation_type_id: CUSTOM_DONATION_TYPE.into(),
            amount: Money::from_cents(2500),
            name: "Custom Donation".into(),
            exchange: crate::exchange::Exchange::Nothing,
        }],
        receipt_url: None,
        receipt_number: Some("AUTO-1-1".into()),
        idempotency_key: None,
        donor_name: None,
        donor_email: None,
        donor_address: None,
        in_honor_of: None,
        notes: None,
        refunded_amount: Money::from_cents(0),
        channel: crate::counter::Channel::Online,
        created_at: now(),
        updated_at: now(),
    }
}

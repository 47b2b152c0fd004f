//! Fixtures for tests of this crate and the crates above it (feature `testing`): a fixed "now"
//! and plain users, events, payments, sevas, donation types and priests built around it. Tests change what they need with struct
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
        language: crate::language::Language::English,
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
            fund_id: None,
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

/// Consecutive panchangam days from `first`, with these tithis at sunrise (06:00 UTC, sunset
/// 18:00) and, to tell them apart, the same numbers as their nakshatras (27 at most); every limb
/// ends 20 hours after its sunrise.
pub fn panchangam_days(first: chrono::NaiveDate, tithis: &[u8]) -> Vec<crate::panchangam::PanchangamDay> {
    use crate::panchangam::{Limb, LunarMonth, PanchangamDay, Span};
    tithis
        .iter()
        .enumerate()
        .map(|(i, &tithi)| {
            let date = first + Duration::days(i64::try_from(i).unwrap_or_default());
            let sunrise = date.and_hms_opt(6, 0, 0).unwrap_or_default().and_utc();
            let limb = |number: u8| Limb { number, ends_at: sunrise + Duration::hours(20) };
            let span = Span { start: sunrise, end: sunrise };
            PanchangamDay {
                date,
                sunrise,
                sunset: sunrise + Duration::hours(12),
                tithi: limb(tithi),
                vriddhi: false,
                kshaya: None,
                nakshatra: limb((tithi - 1) % 27 + 1),
                yoga: limb(1),
                karana: limb(1),
                lunar_month: LunarMonth { number: 1, adhika: false },
                sun_sign: 0,
                rahu_kalam: span,
                yamagandam: span,
                gulika_kalam: span,
            }
        })
        .collect()
}

/// An active $11.00 archana at the temple on Saturdays, one 9:00 AM slot for 3, bookable 30 days
/// ahead until 12 hours before, with the id `archana`.
pub fn seva() -> crate::seva::Seva {
    use crate::recurring_service::DayOfWeek;
    use crate::seva::{Capacity, PriceKind, Seva, SevaCategory, SevaRules, Slot};
    Seva {
        id: "archana".into(),
        name: "Archana".into(),
        description: None,
        category: SevaCategory::Temple,
        price: Money::from_cents(1100),
        price_kind: PriceKind::Fixed,
        duration_minutes: 15,
        rules: SevaRules {
            weekdays: vec![DayOfWeek::Saturday],
            capacity: Capacity::Slots(vec![Slot { time: chrono::NaiveTime::from_hms_opt(9, 0, 0).unwrap_or_default(), capacity: 3 }]),
            blackout_dates: vec![],
            horizon_days: 30,
            cutoff_hours: 12,
        },
        requires_address: false,
        is_active: true,
        sort_order: 0,
        image_url: None,
        created_at: now(),
        updated_at: now(),
    }
}

/// A catalogue donation type (no description or default amount) with the id `id`.
pub fn donation_type(id: &str, name: &str, is_active: bool) -> crate::donation_type::DonationType {
    crate::donation_type::DonationType {
        id: id.into(),
        name: name.into(),
        description: None,
        default_amount: None,
        fund_id: None,
        is_active,
        created_at: now(),
        updated_at: now(),
        created_by: None,
        updated_by: None,
    }
}

/// A priest's profile named "Priest {id}", first in order, with no photo and no account.
pub fn priest(id: &str) -> crate::priest::Priest {
    crate::priest::Priest {
        id: id.into(),
        name: format!("Priest {id}"),
        title: None,
        bio: None,
        specialties: vec![],
        photo_url: None,
        position: 0,
        user_id: None,
        created_at: now(),
        updated_at: now(),
    }
}

/// An active, unrestricted fund with no goal or dates, named "Fund {id}".
pub fn fund(id: &str) -> crate::fund::Fund {
    crate::fund::Fund {
        id: crate::FundId::new(id),
        name: format!("Fund {id}"),
        description: None,
        goal: None,
        starts_on: None,
        ends_on: None,
        restricted: false,
        is_active: true,
        created_at: now(),
        updated_at: now(),
    }
}

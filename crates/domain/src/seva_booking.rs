//! A member's booking of a seva: the slot, the people the sankalpam is done for, the address of a
//! home service, and its state (`held` -> `confirmed` -> `completed` or `cancelled`;
//! docs/product.md#sevas, ADR 0114).

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};

use crate::family_member::{Person, PersonInput};
use crate::id::{PaymentId, PriestId, SevaBookingId, SevaId, UserId};
use crate::money::Money;
use crate::text_enum;
use crate::validation::{ValidationErrors, optional_text};

pub const PARTICIPANTS_REQUIRED: &str = "Add at least one person for the sankalpam";
pub const TOO_MANY_PARTICIPANTS: &str = "At most 12 people per booking";
pub const ADDRESS_REQUIRED: &str = "Address is required for a home service";
pub const ADDRESS_TOO_LONG: &str = "Address must be at most 500 characters";
pub const NOTE_TOO_LONG: &str = "Note must be at most 1000 characters";
pub const AMOUNT_INVALID: &str = "Amount must be between 1.00 and 100,000.00";

/// How long a slot is held while a card is being paid.
pub const HOLD_MINUTES: i64 = 15;
pub const MAX_PARTICIPANTS: usize = 12;

text_enum!(
    /// Where a booking stands.
    BookingStatus {
        Held => "held",
        Confirmed => "confirmed",
        Completed => "completed",
        Cancelled => "cancelled",
    }
);

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SevaBooking {
    pub id: SevaBookingId,
    pub seva_id: SevaId,
    /// The seva's name when booked.
    pub seva_name: String,
    /// The member who booked, or for whom the counter booked; `None` for a walk-in without an
    /// account, who is the donor of the booking's payment.
    pub user_id: Option<UserId>,
    /// The temple's local date.
    pub date: NaiveDate,
    /// `None` for a seva with a daily count.
    pub slot: Option<NaiveTime>,
    pub starts_at: DateTime<Utc>,
    pub status: BookingStatus,
    /// While `held`: when the hold ends unless the payment completes.
    pub hold_expires_at: Option<DateTime<Utc>>,
    pub participants: Vec<Person>,
    pub address: Option<String>,
    pub note: Option<String>,
    pub amount: Money,
    pub payment_id: Option<PaymentId>,
    pub priest_id: Option<PriestId>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl SevaBooking {
    /// Whether `user` is the member the booking is for.
    pub fn is_for(&self, user: &UserId) -> bool {
        self.user_id.as_ref() == Some(user)
    }

    /// Whether the booking holds a place at `now`.
    pub fn holds_place(&self, now: DateTime<Utc>) -> bool {
        match self.status {
            BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Held => self.hold_expires_at.is_some_and(|at| at > now),
            BookingStatus::Cancelled => false,
        }
    }
}

/// The booking form as submitted.
#[derive(Debug, Clone, Default)]
pub struct BookingInput {
    /// "YYYY-MM-DD", the temple's local date.
    pub date: String,
    /// "HH:MM" of one of the seva's slots; blank for a daily count.
    pub slot: Option<String>,
    pub participants: Vec<PersonInput>,
    pub address: Option<String>,
    pub note: Option<String>,
    /// For a suggested donation: what the member gives, in cents (the suggestion when absent).
    pub amount_cents: Option<i64>,
}

/// The people, address, note and amount of a booking, checked (the slot is checked by the seva's
/// rules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingDetails {
    pub participants: Vec<Person>,
    pub address: Option<String>,
    pub note: Option<String>,
    pub amount: Money,
}

impl BookingInput {
    /// `requires_address`: a home service; `price`: the seva's price, which a suggested donation
    /// (`suggested`) lets the member change.
    pub fn details(&self, requires_address: bool, price: Money, suggested: bool) -> Result<BookingDetails, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        if self.participants.is_empty() {
            errors.add("participants", PARTICIPANTS_REQUIRED);
        } else if self.participants.len() > MAX_PARTICIPANTS {
            errors.add("participants", TOO_MANY_PARTICIPANTS);
        }
        let participants: Vec<Option<Person>> =
            self.participants.iter().enumerate().map(|(i, p)| p.check(&mut errors, &format!("participants[{i}]."))).collect();
        let address = errors.check("address", optional_text(self.address.as_deref(), 500, ADDRESS_TOO_LONG));
        if requires_address && address == Some(None) {
            errors.add("address", ADDRESS_REQUIRED);
        }
        let note = errors.check("note", optional_text(self.note.as_deref(), 1000, NOTE_TOO_LONG));
        let amount = match (suggested, self.amount_cents) {
            (true, Some(cents)) if (100..=10_000_000).contains(&cents) => Some(Money::from_cents(cents)),
            (true, Some(_)) => {
                errors.add("amountCents", AMOUNT_INVALID);
                None
            }
            _ => Some(price),
        };
        match (address, note, amount) {
            (Some(address), Some(note), Some(amount)) if errors.is_empty() => Ok(BookingDetails {
                participants: participants.into_iter().flatten().collect(),
                address: if requires_address { address } else { None },
                note,
                amount,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(name: &str) -> PersonInput {
        PersonInput { name: name.into(), gotram: Some("Kashyapa".into()), nakshatram: Some("Rohini".into()), rasi: None }
    }

    #[test]
    fn details_need_people_and_an_address_for_home_services() {
        let input = BookingInput { participants: vec![person(" Ravi "), person("Sita")], address: Some("  ".into()), ..Default::default() };
        let details = input.details(false, Money::from_cents(1100), false).expect("valid");
        assert_eq!(details.participants.len(), 2);
        assert_eq!(details.participants[0].name, "Ravi");
        assert_eq!(details.amount, Money::from_cents(1100));
        assert_eq!(input.details(true, Money::from_cents(1100), false).expect_err("address").get("address"), Some(ADDRESS_REQUIRED));

        let empty = BookingInput::default().details(false, Money::from_cents(0), false).expect_err("nobody");
        assert_eq!(empty.get("participants"), Some(PARTICIPANTS_REQUIRED));
        let unnamed = BookingInput { participants: vec![person("A"), person(" ")], ..Default::default() };
        assert_eq!(
            unnamed.details(false, Money::from_cents(0), false).expect_err("unnamed").get("participants[1].name"),
            Some(crate::family_member::NAME_REQUIRED)
        );
        let crowd = BookingInput { participants: vec![person("A"); 13], ..Default::default() };
        assert_eq!(crowd.details(false, Money::from_cents(0), false).expect_err("crowd").get("participants"), Some(TOO_MANY_PARTICIPANTS));
    }

    #[test]
    fn a_suggested_donation_takes_the_members_amount() {
        let input = BookingInput { participants: vec![person("A")], amount_cents: Some(5000), ..Default::default() };
        assert_eq!(input.details(false, Money::from_cents(2100), true).expect("valid").amount, Money::from_cents(5000));
        assert_eq!(input.details(false, Money::from_cents(2100), false).expect("fixed").amount, Money::from_cents(2100));
        let low = BookingInput { amount_cents: Some(50), ..input };
        assert_eq!(low.details(false, Money::from_cents(2100), true).expect_err("low").get("amountCents"), Some(AMOUNT_INVALID));
    }
}

//! Volunteers: members offering to help at an event (docs/product.md#entities-and-enumerations, docs/product.md#validation-rules).

use chrono::{DateTime, Utc};

use crate::id::{EventId, UserId, VolunteerId};
use crate::text_enum;
use crate::user::Email;
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_TOO_SHORT: &str = "Name must be at least 2 characters";
pub const NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const PHONE_INVALID: &str = "Please enter a valid phone number";
pub const CONTACT_EMAIL_INVALID: &str = "Please enter a valid email address";
pub const REQUIRED: &str = "Required";
pub const NOTES_TOO_LONG: &str = "Notes must be at most 1000 characters";
pub const MAX_NOTES: usize = 1000;
/// The one-step offer on an event whose coordinator made a volunteer plan.
pub const EVENT_HAS_SHIFTS: &str = "This event has volunteer shifts: choose one on the event's page";

text_enum!(
    /// How the volunteer wants to be contacted.
    ContactPreference { Email => "email", Text => "text", Call => "call", Whatsapp => "whatsapp" }
);
text_enum!(
    /// Where the volunteer wants to help.
    VolunteerPreference {
        DailyServices => "daily_services",
        Outreach => "outreach",
        Logistics => "logistics",
        Ritvik => "ritvik",
        Any => "any",
    }
);
text_enum!(
    /// When the volunteer can help.
    Availability { Morning => "morning", Evening => "evening", Either => "either" }
);

/// A member's offer to help at one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Volunteer {
    pub id: VolunteerId,
    pub event_id: EventId,
    pub user_id: UserId,
    pub name: String,
    pub contact_number: String,
    pub contact_email: Email,
    pub contact_preference: ContactPreference,
    pub volunteer_preference: VolunteerPreference,
    pub availability: Availability,
    pub needs_certificate: bool,
    pub additional_notes: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// The volunteer form as submitted (the event comes from the path).
#[derive(Debug, Clone, Default)]
pub struct VolunteerInput {
    pub name: String,
    pub contact_number: String,
    pub contact_email: String,
    pub contact_preference: Option<String>,
    pub volunteer_preference: Option<String>,
    pub availability: Option<String>,
    pub needs_certificate: Option<bool>,
    pub additional_notes: Option<String>,
}

/// A volunteer form that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidVolunteer {
    pub name: String,
    pub contact_number: String,
    pub contact_email: Email,
    pub contact_preference: ContactPreference,
    pub volunteer_preference: VolunteerPreference,
    pub availability: Availability,
    pub needs_certificate: bool,
    pub additional_notes: Option<String>,
}

fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 2, NAME_TOO_SHORT)?;
    if name.chars().count() > 100 { Err(NAME_TOO_LONG.to_owned()) } else { Ok(name) }
}

/// At least 10 characters (docs/product.md#validation-rules), at most 32, and only what phone numbers are written with.
pub fn check_contact_number(value: &str) -> Result<String, String> {
    let number = min_chars(value, 10, PHONE_INVALID)?;
    let allowed = |c: char| c.is_ascii_digit() || " +-().".contains(c);
    if number.chars().count() > 32 || !number.chars().all(allowed) || number.chars().filter(char::is_ascii_digit).count() < 7 {
        return Err(PHONE_INVALID.to_owned());
    }
    Ok(number)
}

fn required<T>(value: Option<&str>, parse: fn(&str) -> Option<T>) -> Result<T, String> {
    value.map(str::trim).and_then(parse).ok_or_else(|| REQUIRED.to_owned())
}

impl VolunteerInput {
    pub fn validate(self) -> Result<ValidVolunteer, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let contact_number = errors.check("contactNumber", check_contact_number(&self.contact_number));
        let contact_email = errors.check("contactEmail", Email::parse(&self.contact_email).map_err(|_| CONTACT_EMAIL_INVALID.to_owned()));
        let contact_preference = errors.check("contactPreference", required(self.contact_preference.as_deref(), ContactPreference::parse));
        let volunteer_preference =
            errors.check("volunteerPreference", required(self.volunteer_preference.as_deref(), VolunteerPreference::parse));
        let availability = errors.check("availability", required(self.availability.as_deref(), Availability::parse));
        let additional_notes = errors.check("additionalNotes", optional_text(self.additional_notes.as_deref(), MAX_NOTES, NOTES_TOO_LONG));
        match (name, contact_number, contact_email, contact_preference, volunteer_preference, availability, additional_notes) {
            (
                Some(name),
                Some(contact_number),
                Some(contact_email),
                Some(contact_preference),
                Some(volunteer_preference),
                Some(availability),
                Some(additional_notes),
            ) if errors.is_empty() => Ok(ValidVolunteer {
                name,
                contact_number,
                contact_email,
                contact_preference,
                volunteer_preference,
                availability,
                needs_certificate: self.needs_certificate.unwrap_or(false),
                additional_notes,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> VolunteerInput {
        VolunteerInput {
            name: " Lakshmi ".into(),
            contact_number: "(916) 555-0100".into(),
            contact_email: "Lakshmi@Example.org".into(),
            contact_preference: Some("whatsapp".into()),
            volunteer_preference: Some("daily_services".into()),
            availability: Some("either".into()),
            needs_certificate: None,
            additional_notes: Some(" ".into()),
        }
    }

    #[test]
    fn accepts_a_complete_form() {
        let valid = input().validate().expect("valid");
        assert_eq!(valid.name, "Lakshmi");
        assert_eq!(valid.contact_email.as_str(), "lakshmi@example.org");
        assert_eq!(valid.contact_preference, ContactPreference::Whatsapp);
        assert_eq!(valid.volunteer_preference, VolunteerPreference::DailyServices);
        assert_eq!(valid.availability, Availability::Either);
        assert!(!valid.needs_certificate, "defaults to false");
        assert_eq!(valid.additional_notes, None);
    }

    #[test]
    fn reports_every_field_with_its_message() {
        let errors = VolunteerInput::default().validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
        assert_eq!(errors.get("contactNumber"), Some(PHONE_INVALID));
        assert_eq!(errors.get("contactEmail"), Some(CONTACT_EMAIL_INVALID));
        assert_eq!(errors.get("contactPreference"), Some(REQUIRED));
        assert_eq!(errors.get("volunteerPreference"), Some(REQUIRED));
        assert_eq!(errors.get("availability"), Some(REQUIRED));
    }

    #[test]
    fn enum_values_are_checked() {
        let bad = VolunteerInput {
            contact_preference: Some("pigeon".into()),
            volunteer_preference: Some("Any".into()),
            availability: Some("night".into()),
            ..input()
        };
        let errors = bad.validate().expect_err("invalid");
        assert_eq!(errors.get("contactPreference"), Some(REQUIRED));
        assert_eq!(errors.get("volunteerPreference"), Some(REQUIRED));
        assert_eq!(errors.get("availability"), Some(REQUIRED));
        for value in VolunteerPreference::ALL {
            assert_eq!(VolunteerPreference::parse(value.as_str()), Some(*value));
        }
    }

    #[test]
    fn phone_numbers_need_ten_characters_of_a_phone_number() {
        assert_eq!(check_contact_number("916555010"), Err(PHONE_INVALID.to_owned()));
        assert_eq!(check_contact_number("9165550100"), Ok("9165550100".to_owned()));
        assert_eq!(check_contact_number("+91 98765 43210"), Ok("+91 98765 43210".to_owned()));
        assert_eq!(check_contact_number("call me maybe"), Err(PHONE_INVALID.to_owned()));
        assert_eq!(check_contact_number(&"1".repeat(33)), Err(PHONE_INVALID.to_owned()));
    }

    #[test]
    fn names_and_notes_are_bounded() {
        let long = VolunteerInput { name: "x".repeat(101), additional_notes: Some("n".repeat(MAX_NOTES + 1)), ..input() };
        let errors = long.validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_LONG));
        assert_eq!(errors.get("additionalNotes"), Some(NOTES_TOO_LONG));
    }
}

//! Temple events and the rules for creating and editing them (docs/product.md#validation-rules).

use chrono::{DateTime, Utc};

use crate::id::EventId;
pub use crate::image::{IMAGE_INVALID_TYPE, IMAGE_TOO_LARGE, IMAGE_URL_BLANK, ImageSource, ImageUpload, MAX_IMAGE_BYTES, parse_image};
use crate::patch::Patch;
use crate::validation::{ValidationErrors, min_chars};

pub const NAME_TOO_SHORT: &str = "Event name must be at least 3 characters";
pub const DESCRIPTION_TOO_SHORT: &str = "Description must be at least 10 characters";
pub const LOCATION_REQUIRED: &str = "Location is required";
pub const LOCATION_TOO_SHORT: &str = "Event location must be at least 3 characters";
pub const DATE_REQUIRED: &str = "Event date is required";
pub const DATE_IN_PAST: &str = "Event date must be in the future";
pub const CAPACITY_INVALID: &str = "Capacity must be a whole number of at least 1";

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Event {
    pub id: EventId,
    pub name: String,
    pub description: Option<String>,
    pub location: String,
    pub event_date: DateTime<Utc>,
    pub image_url: Option<String>,
    pub donation_options: Option<serde_json::Value>,
    pub capacity: Option<i32>,
    /// People registered: the sum over registrations of (family members + 1).
    pub attendee_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Event {
    pub fn spots_left(&self) -> Option<i64> {
        self.capacity.map(|c| (i64::from(c) - self.attendee_count).max(0))
    }
}

fn check_capacity(capacity: Option<i64>) -> Result<Option<i32>, String> {
    match capacity {
        None => Ok(None),
        Some(c) if (1..=100_000).contains(&c) => Ok(i32::try_from(c).ok()),
        Some(_) => Err(CAPACITY_INVALID.to_owned()),
    }
}

fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 3, NAME_TOO_SHORT)?;
    if name.chars().count() > 200 {
        return Err("Event name must be at most 200 characters".to_owned());
    }
    Ok(name)
}

fn check_location(value: &str, message: &str) -> Result<String, String> {
    let location = min_chars(value, 3, message)?;
    if location.chars().count() > 300 {
        return Err("Location must be at most 300 characters".to_owned());
    }
    Ok(location)
}

fn check_description(value: &str) -> Result<String, String> {
    let description = min_chars(value, 10, DESCRIPTION_TOO_SHORT)?;
    if description.chars().count() > 10_000 {
        return Err("Description must be at most 10000 characters".to_owned());
    }
    Ok(description)
}

/// Parses an ISO 8601 date-time (with offset) into UTC.
pub fn parse_event_date(raw: Option<&str>) -> Result<DateTime<Utc>, String> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| DATE_REQUIRED.to_owned())?;
    DateTime::parse_from_rfc3339(raw).map(|d| d.with_timezone(&Utc)).map_err(|_| "Event date must be a valid date and time".to_owned())
}

/// The create form as submitted.
#[derive(Debug, Clone, Default)]
pub struct NewEventInput {
    pub name: String,
    pub description: String,
    pub location: String,
    pub event_date: Option<String>,
    pub image_url: Option<String>,
    pub capacity: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    pub name: String,
    pub description: String,
    pub location: String,
    pub event_date: DateTime<Utc>,
    pub image: Option<ImageSource>,
    pub capacity: Option<i32>,
}

impl NewEventInput {
    pub fn validate(self, now: DateTime<Utc>) -> Result<NewEvent, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let description = errors.check("description", check_description(&self.description));
        let location = errors.check("location", check_location(&self.location, LOCATION_REQUIRED));
        let event_date = errors.check(
            "eventDate",
            parse_event_date(self.event_date.as_deref()).and_then(|d| if d < now { Err(DATE_IN_PAST.to_owned()) } else { Ok(d) }),
        );
        let image = match self.image_url.as_deref().map(str::trim) {
            None | Some("") => Some(None),
            Some(raw) => errors.check("imageUrl", parse_image(raw)).map(Some),
        };
        let capacity = errors.check("capacity", check_capacity(self.capacity));
        match (name, description, location, event_date, image, capacity) {
            (Some(name), Some(description), Some(location), Some(event_date), Some(image), Some(capacity)) if errors.is_empty() => {
                Ok(NewEvent { name, description, location, event_date, image, capacity })
            }
            _ => Err(errors),
        }
    }
}

/// The edit form as submitted: every field optional.
#[derive(Debug, Clone, Default)]
pub struct EventPatchInput {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub location: Option<String>,
    pub event_date: Option<String>,
    pub image_url: Patch<String>,
    pub capacity: Patch<i64>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventPatch {
    pub name: Option<String>,
    pub description: Patch<String>,
    pub location: Option<String>,
    pub event_date: Option<DateTime<Utc>>,
    pub image: Patch<ImageSource>,
    pub capacity: Patch<i32>,
}

impl EventPatchInput {
    pub fn validate(self) -> Result<EventPatch, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut patch = EventPatch::default();
        if let Some(name) = self.name {
            patch.name = errors.check("name", check_name(&name));
        }
        if let Some(location) = self.location {
            patch.location = errors.check("location", check_location(&location, LOCATION_TOO_SHORT));
        }
        patch.description = self
            .description
            .check(&mut errors, "description", |d| if d.trim().is_empty() { Ok(None) } else { check_description(&d).map(Some) });
        if let Some(date) = self.event_date {
            patch.event_date = errors.check("eventDate", parse_event_date(Some(&date)));
        }
        patch.image = self.image_url.check(&mut errors, "imageUrl", |raw| parse_image(&raw).map(Some));
        patch.capacity = self.capacity.check(&mut errors, "capacity", |c| check_capacity(Some(c)));
        errors.into_result().map(|()| patch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine as _;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).single().expect("date")
    }

    fn png_data_url() -> String {
        let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
        bytes.extend_from_slice(&[0; 16]);
        format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    #[test]
    fn create_reports_the_documented_messages() {
        let errors = NewEventInput::default().validate(now()).expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
        assert_eq!(errors.get("description"), Some(DESCRIPTION_TOO_SHORT));
        assert_eq!(errors.get("location"), Some(LOCATION_REQUIRED));
        assert_eq!(errors.get("eventDate"), Some(DATE_REQUIRED));
    }

    #[test]
    fn create_accepts_valid_event_with_upload() {
        let input = NewEventInput {
            name: " Diwali ".into(),
            description: "Festival of lights celebration".into(),
            location: "Main Hall".into(),
            event_date: Some("2026-11-08T18:00:00-08:00".into()),
            image_url: Some(png_data_url()),
            capacity: Some(100),
        };
        let event = input.validate(now()).expect("valid");
        assert_eq!(event.name, "Diwali");
        assert_eq!(event.event_date, Utc.with_ymd_and_hms(2026, 11, 9, 2, 0, 0).single().expect("date"));
        assert!(matches!(event.image, Some(ImageSource::Upload(ImageUpload { content_type: "image/png", .. }))));
        assert_eq!(event.capacity, Some(100));
    }

    #[test]
    fn create_refuses_past_dates() {
        let input = NewEventInput { event_date: Some("2020-01-01T00:00:00Z".into()), ..NewEventInput::default() };
        let errors = input.validate(now()).expect_err("invalid");
        assert_eq!(errors.get("eventDate"), Some(DATE_IN_PAST));
    }

    #[test]
    fn images_are_checked_by_type_and_size() {
        assert_eq!(parse_image("https://example.org/a.jpg"), Ok(ImageSource::Url("https://example.org/a.jpg".into())));
        assert_eq!(parse_image("   "), Err(IMAGE_URL_BLANK.to_owned()));
        assert_eq!(parse_image("javascript:alert(1)"), Err(IMAGE_URL_BLANK.to_owned()));
        assert_eq!(parse_image("data:text/html;base64,PGI+"), Err(IMAGE_INVALID_TYPE.to_owned()));
        // Declared PNG but the bytes are not a PNG.
        let fake = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"hello world!"));
        assert_eq!(parse_image(&fake), Err(IMAGE_INVALID_TYPE.to_owned()));
        let mut big = b"\x89PNG\r\n\x1a\n".to_vec();
        big.resize(MAX_IMAGE_BYTES + 1, 0);
        let big = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(big));
        assert_eq!(parse_image(&big), Err(IMAGE_TOO_LARGE.to_owned()));
    }

    #[test]
    fn patch_uses_edit_messages() {
        let input = EventPatchInput {
            name: Some("ab".into()),
            location: Some("x".into()),
            image_url: Patch::Set(" ".into()),
            ..EventPatchInput::default()
        };
        let errors = input.validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
        assert_eq!(errors.get("location"), Some(LOCATION_TOO_SHORT));
        assert_eq!(errors.get("imageUrl"), Some(IMAGE_URL_BLANK));
    }

    #[test]
    fn patch_blank_description_clears_it() {
        let input = EventPatchInput { description: Patch::Set("  ".into()), ..EventPatchInput::default() };
        assert_eq!(input.validate().expect("valid").description, Patch::Clear);
    }

    #[test]
    fn spots_left_never_negative() {
        let event = Event {
            id: "e".into(),
            name: "n".into(),
            description: None,
            location: "l".into(),
            event_date: now(),
            image_url: None,
            donation_options: None,
            capacity: Some(3),
            attendee_count: 5,
            created_at: now(),
            updated_at: now(),
        };
        assert_eq!(event.spots_left(), Some(0));
    }
}

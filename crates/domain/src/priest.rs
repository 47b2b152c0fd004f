//! The temple's priests: name, title, bio, specialties and a photo, in the order the admins choose
//! (docs/product.md#priests).

use chrono::{DateTime, Utc};

use crate::id::{PriestId, UserId};
use crate::image::{IMAGE_INVALID_TYPE, ImageSource, ImageUpload, parse_image};
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_REQUIRED: &str = "Name is required";
pub const NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const TITLE_TOO_LONG: &str = "Title must be at most 100 characters";
pub const BIO_TOO_LONG: &str = "Bio must be at most 2000 characters";
pub const SPECIALTY_TOO_LONG: &str = "Each specialty must be at most 50 characters";
pub const TOO_MANY_SPECIALTIES: &str = "At most 10 specialties";
pub const ORDER_MISMATCH: &str = "The order must list every priest exactly once";

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Priest {
    pub id: PriestId,
    pub name: String,
    pub title: Option<String>,
    pub bio: Option<String>,
    pub specialties: Vec<String>,
    /// `/api/priests/{id}/photo?v={hash}` when a photo was uploaded.
    pub photo_url: Option<String>,
    /// 0 first; the home page shows priests in this order.
    pub position: i32,
    /// The account the priest signs in with (role `priest`), when one is linked.
    pub user_id: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The photo field of the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhotoInput {
    /// No photo (a new priest without one, or an edit that removes it).
    None,
    /// The priest's current photo URL sent back unchanged.
    Keep(String),
    Upload(ImageUpload),
}

/// The form as submitted (create and full edit).
#[derive(Debug, Clone, Default)]
pub struct PriestInput {
    pub name: String,
    pub title: Option<String>,
    pub bio: Option<String>,
    pub specialties: Vec<String>,
    /// A data URL of a new photo, the current photo's URL, or none.
    pub photo: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPriest {
    pub name: String,
    pub title: Option<String>,
    pub bio: Option<String>,
    pub specialties: Vec<String>,
    pub photo: PhotoInput,
}

fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 2, NAME_REQUIRED)?;
    if name.chars().count() > 100 {
        return Err(NAME_TOO_LONG.to_owned());
    }
    Ok(name)
}

/// Trimmed, blanks dropped, repeats dropped (keeping the first), at most 10 of at most 50 characters.
fn check_specialties(values: &[String]) -> Result<Vec<String>, String> {
    let mut kept: Vec<String> = Vec::new();
    for value in values.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        if value.chars().count() > 50 {
            return Err(SPECIALTY_TOO_LONG.to_owned());
        }
        if !kept.iter().any(|k| k.eq_ignore_ascii_case(value)) {
            kept.push(value.to_owned());
        }
    }
    if kept.len() > 10 {
        return Err(TOO_MANY_SPECIALTIES.to_owned());
    }
    Ok(kept)
}

/// A photo is an uploaded image, or a URL this server serves for a priest (kept as it is when the
/// form sends it back); other URLs are refused.
fn check_photo(value: Option<&str>) -> Result<PhotoInput, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(PhotoInput::None),
        Some(raw) => match parse_image(raw)? {
            ImageSource::Upload(upload) => Ok(PhotoInput::Upload(upload)),
            ImageSource::Url(url) if url.starts_with("/api/priests/") => Ok(PhotoInput::Keep(url)),
            ImageSource::Url(_) => Err(IMAGE_INVALID_TYPE.to_owned()),
        },
    }
}

impl PriestInput {
    pub fn validate(self) -> Result<NewPriest, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let title = errors.check("title", optional_text(self.title.as_deref(), 100, TITLE_TOO_LONG));
        let bio = errors.check("bio", optional_text(self.bio.as_deref(), 2000, BIO_TOO_LONG));
        let specialties = errors.check("specialties", check_specialties(&self.specialties));
        let photo = errors.check("photo", check_photo(self.photo.as_deref()));
        match (name, title, bio, specialties, photo) {
            (Some(name), Some(title), Some(bio), Some(specialties), Some(photo)) if errors.is_empty() => {
                Ok(NewPriest { name, title, bio, specialties, photo })
            }
            _ => Err(errors),
        }
    }
}

/// Checks a new order against the current priests: every id exactly once.
pub fn check_order(current: &[PriestId], order: &[PriestId]) -> Result<(), ValidationErrors> {
    let mut a: Vec<&PriestId> = current.iter().collect();
    let mut b: Vec<&PriestId> = order.iter().collect();
    a.sort();
    b.sort();
    if a == b { Ok(()) } else { Err(ValidationErrors::single("ids", ORDER_MISMATCH)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::IMAGE_TOO_LARGE;
    use base64::Engine as _;

    fn png() -> String {
        let bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    fn input() -> PriestInput {
        PriestInput { name: " Sri Example Sharma ".into(), title: Some("Priest".into()), ..Default::default() }
    }

    #[test]
    fn a_priest_needs_a_name_and_keeps_tidy_specialties() {
        let priest =
            PriestInput { specialties: vec![" Homams ".into(), String::new(), "homams".into(), "Vedic chanting".into()], ..input() }
                .validate()
                .expect("valid");
        assert_eq!(priest.name, "Sri Example Sharma");
        assert_eq!(priest.specialties, ["Homams", "Vedic chanting"]);
        assert_eq!(priest.photo, PhotoInput::None);

        let errors = PriestInput { name: " ".into(), title: Some("t".repeat(101)), bio: Some("b".repeat(2001)), ..Default::default() }
            .validate()
            .expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
        assert_eq!(errors.get("title"), Some(TITLE_TOO_LONG));
        assert_eq!(errors.get("bio"), Some(BIO_TOO_LONG));
        let many = PriestInput { specialties: (0..11).map(|i| format!("S{i}")).collect(), ..input() };
        assert_eq!(many.validate().expect_err("too many").get("specialties"), Some(TOO_MANY_SPECIALTIES));
        let long = PriestInput { specialties: vec!["x".repeat(51)], ..input() };
        assert_eq!(long.validate().expect_err("too long").get("specialties"), Some(SPECIALTY_TOO_LONG));
    }

    #[test]
    fn photos_are_uploads_or_the_current_photo() {
        let uploaded = PriestInput { photo: Some(png()), ..input() }.validate().expect("valid");
        assert!(matches!(uploaded.photo, PhotoInput::Upload(ImageUpload { content_type: "image/png", .. })));
        let kept = PriestInput { photo: Some("/api/priests/p1/photo?v=abc".into()), ..input() }.validate().expect("valid");
        assert_eq!(kept.photo, PhotoInput::Keep("/api/priests/p1/photo?v=abc".into()));
        for other in ["https://example.org/p.jpg", "/api/events/e1/image?v=1", "data:text/html;base64,PGI+"] {
            let errors = PriestInput { photo: Some(other.into()), ..input() }.validate().expect_err(other);
            assert_eq!(errors.get("photo"), Some(IMAGE_INVALID_TYPE), "{other}");
        }
        let big = format!("data:image/png;base64,{}", "A".repeat(8 * 1024 * 1024));
        assert_eq!(PriestInput { photo: Some(big), ..input() }.validate().expect_err("big").get("photo"), Some(IMAGE_TOO_LARGE));
    }

    #[test]
    fn an_order_lists_every_priest_once() {
        let current: Vec<PriestId> = vec!["a".into(), "b".into(), "c".into()];
        assert!(check_order(&current, &["c".into(), "a".into(), "b".into()]).is_ok());
        for bad in [vec!["a", "b"], vec!["a", "b", "c", "c"], vec!["a", "b", "x"]] {
            let order: Vec<PriestId> = bad.into_iter().map(PriestId::from).collect();
            assert_eq!(check_order(&current, &order).expect_err("mismatch").get("ids"), Some(ORDER_MISMATCH));
        }
    }
}

//! Pictures uploaded inline as data URLs (event images, priests' photos): decoded, checked by
//! type and size, and stored by the server under a content-hashed URL (docs/decisions/0004).

use base64::Engine as _;

pub const IMAGE_URL_BLANK: &str = "Please provide an image URL";
pub const IMAGE_INVALID_TYPE: &str = "Please select a valid image file (JPEG, PNG, GIF, or WebP)";
pub const IMAGE_TOO_LARGE: &str = "File size exceeds 5MB limit";
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;
pub const IMAGE_WIDTH_INVALID: &str = "Image width must be 480, 960 or 1440";

/// The message for an uploaded picture whose header shows more pixels than the server decodes
/// (the picture adapter's limit: `MAX_MEGAPIXELS` in `crates/imaging`).
pub fn image_too_many_pixels(max_megapixels: u32) -> String {
    format!("picture too large: at most {max_megapixels} megapixels")
}

/// The widths an uploaded event picture is also served at, as WebP, for `srcset` (ADR 0121); the
/// frontend offers the same ones (`IMAGE_VARIANT_WIDTHS` in
/// `frontend/src/features/events/lib/event-utils.ts`).
pub const IMAGE_VARIANT_WIDTHS: [u32; 3] = [480, 960, 1440];

/// Paths of pictures this server already serves; a form may send them back unchanged.
pub const OWN_IMAGE_PREFIXES: [&str; 4] = ["/api/events/", "/api/priests/", "/api/sevas/", "/assets/"];

/// An image uploaded inline as a data URL, decoded and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageUpload {
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// Where an event's picture comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageSource {
    /// An http(s) URL, or one of our own `/api/...` image paths, kept as given.
    Url(String),
    Upload(ImageUpload),
}

fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Parses the `imageUrl` field: a URL or a base64 data URL of a JPEG, PNG, GIF or WebP image of
/// at most 5 MB. The declared type must agree with the bytes.
pub fn parse_image(raw: &str) -> Result<ImageSource, String> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(IMAGE_URL_BLANK.to_owned());
    }
    if let Some(rest) = value.strip_prefix("data:") {
        let (meta, data) = rest.split_once(',').ok_or_else(|| IMAGE_INVALID_TYPE.to_owned())?;
        let declared = meta.strip_suffix(";base64").ok_or_else(|| IMAGE_INVALID_TYPE.to_owned())?;
        let declared = declared.to_ascii_lowercase();
        let declared = if declared == "image/jpg" { "image/jpeg".to_owned() } else { declared };
        if !matches!(declared.as_str(), "image/jpeg" | "image/png" | "image/gif" | "image/webp") {
            return Err(IMAGE_INVALID_TYPE.to_owned());
        }
        // base64 inflates by 4/3: refuse early what cannot fit.
        if data.len() > MAX_IMAGE_BYTES / 3 * 4 + 8 {
            return Err(IMAGE_TOO_LARGE.to_owned());
        }
        let bytes = base64::engine::general_purpose::STANDARD.decode(data.trim()).map_err(|_| IMAGE_INVALID_TYPE.to_owned())?;
        if bytes.len() > MAX_IMAGE_BYTES {
            return Err(IMAGE_TOO_LARGE.to_owned());
        }
        let content_type = sniff(&bytes).ok_or_else(|| IMAGE_INVALID_TYPE.to_owned())?;
        if content_type != declared {
            return Err(IMAGE_INVALID_TYPE.to_owned());
        }
        return Ok(ImageSource::Upload(ImageUpload { content_type, bytes }));
    }
    let is_web = value.starts_with("https://") || value.starts_with("http://");
    let is_ours = OWN_IMAGE_PREFIXES.iter().any(|prefix| value.starts_with(prefix));
    if (is_web && value.len() > 8 && !value.contains(char::is_whitespace) && value.len() <= 2048) || is_ours {
        Ok(ImageSource::Url(value.to_owned()))
    } else {
        Err(IMAGE_URL_BLANK.to_owned())
    }
}

//! What the server writes into a page's `<head>`: its title, description, canonical URL, Open
//! Graph and Twitter card tags, an event page's schema.org `Event` JSON-LD and the data block; and
//! the CSP hashes of the template's inline scripts.

use std::fmt::Write as _;

use base64::Engine as _;
use chrono::{DateTime, Utc};
use mandir_domain::event::Event;
use mandir_domain::language::Language;
use sha2::{Digest, Sha256};

use super::Head;
use super::data::{DATA_BLOCK_ID, script_safe};
use crate::state::AppState;

/// The image shown for pages without one of their own (frontend/public/og-image.png).
pub(super) const DEFAULT_IMAGE: (&str, u32, u32) = ("/og-image.png", 1200, 630);

/// Cuts `text` to at most `max` characters at a word boundary, adding `…` when cut.
pub(super) fn excerpt(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        return text;
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > max / 2 => cut[..i].to_owned(),
        _ => cut,
    };
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':', ' ']))
}

/// `https://temple.example.org` + `/events/1` (an absolute URL is kept as it is).
pub(super) fn absolute(public_url: &str, url: &str) -> String {
    if url.starts_with("https://") || url.starts_with("http://") {
        url.to_owned()
    } else {
        format!("{}/{}", public_url.trim_end_matches('/'), url.trim_start_matches('/'))
    }
}

/// When an event takes place, in the temple's zone: `Saturday, March 14, 2026 at 6:00 PM`.
pub(super) fn event_when(date: DateTime<Utc>, zone: chrono_tz::Tz) -> String {
    date.with_timezone(&zone).format("%A, %B %-d, %Y at %-I:%M %p").to_string()
}

pub(super) fn event_head(
    event: &Event,
    settings: &mandir_domain::site::SiteSettings,
    public_url: &str,
) -> (String, String, serde_json::Value) {
    let zone = settings.zone();
    let when = event_when(event.event_date, zone);
    let mut description = format!("{when} · {}", event.location);
    if let Some(text) = event.description.as_deref().filter(|t| !t.trim().is_empty()) {
        description = format!("{description}. {}", excerpt(text, 200));
    }
    let url = absolute(public_url, &format!("/events/{}", event.id.as_str()));
    let image = absolute(public_url, event.image_url.as_deref().unwrap_or(DEFAULT_IMAGE.0));
    let mut ld = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "Event",
        "name": event.name,
        "startDate": event.event_date.with_timezone(&zone).to_rfc3339(),
        "eventStatus": "https://schema.org/EventScheduled",
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "location": {
            "@type": "Place",
            "name": event.location,
            "address": if settings.address.trim().is_empty() { event.location.clone() } else { settings.address.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(", ") },
        },
        "image": [image],
        "url": url,
        "organizer": { "@type": "Organization", "name": settings.temple_name, "url": absolute(public_url, "/") },
    });
    if let Some(text) = event.description.as_deref().filter(|t| !t.trim().is_empty()) {
        ld["description"] = serde_json::Value::String(excerpt(text, 500));
    }
    (format!("{} — {}", event.name, settings.temple_name), description, ld)
}

/// Text for HTML content and quoted attribute values, and for XML.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

pub(super) fn render_head(head: &Head, state: &AppState, language: Language) -> String {
    let public_url = state.config.public_url.as_str();
    // Each language's page has its own URL (`?lang=`), canonical for itself (ADR 0149).
    let url = absolute(public_url, &super::in_language(&head.path, language));
    let image = absolute(public_url, &head.image.0);
    let mut out = String::new();
    let _ = write!(out, "<title>{}</title>", escape(&head.title));
    let _ = write!(out, "<meta name=\"description\" content=\"{}\">", escape(&head.description));
    let _ = write!(out, "<link rel=\"canonical\" href=\"{}\">", escape(&url));
    for other in Language::ALL {
        let href = absolute(public_url, &super::in_language(&head.path, *other));
        let _ = write!(out, "<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\">", other.as_str(), escape(&href));
    }
    let _ = write!(out, "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\">", escape(&absolute(public_url, &head.path)));
    let _ = write!(out, "<meta property=\"og:type\" content=\"website\">");
    let _ = write!(out, "<meta property=\"og:title\" content=\"{}\">", escape(&head.title));
    let _ = write!(out, "<meta property=\"og:description\" content=\"{}\">", escape(&head.description));
    let _ = write!(out, "<meta property=\"og:url\" content=\"{}\">", escape(&url));
    let _ = write!(out, "<meta property=\"og:image\" content=\"{}\">", escape(&image));
    if let Some((w, h)) = head.image.1 {
        let _ = write!(out, "<meta property=\"og:image:width\" content=\"{w}\"><meta property=\"og:image:height\" content=\"{h}\">");
    }
    let _ = write!(out, "<meta name=\"twitter:card\" content=\"summary_large_image\">");
    let _ = write!(out, "<meta name=\"twitter:title\" content=\"{}\">", escape(&head.title));
    let _ = write!(out, "<meta name=\"twitter:description\" content=\"{}\">", escape(&head.description));
    let _ = write!(out, "<meta name=\"twitter:image\" content=\"{}\">", escape(&image));
    if let Some(ld) = &head.json_ld
        && let Ok(bytes) = serde_json::to_vec(ld)
    {
        let _ = write!(out, "<script type=\"application/ld+json\">{}</script>", script_safe(&bytes));
    }
    let _ = write!(out, "<script type=\"application/json\" id=\"{DATA_BLOCK_ID}\">{}</script>", script_safe(head.data_block().as_bytes()));
    out
}

/// `template` with the template's own `<title>` and description replaced by the page's head.
/// A template without `<title>` or `</head>` is left as it is.
pub(super) fn splice(template: &str, head: &str) -> String {
    let mut html = template.to_owned();
    if let Some(start) = html.find("<meta name=\"description\"")
        && let Some(len) = html[start..].find('>')
    {
        html.replace_range(start..=start + len, "");
    }
    match (html.find("<title>"), html.find("</title>")) {
        (Some(start), Some(end)) if end > start => html.replace_range(start..end + "</title>".len(), head),
        _ => {
            if let Some(at) = html.find("</head>") {
                html.insert_str(at, head);
            }
        }
    }
    html
}

/// The SHA-256 sources (`'sha256-…'`) of the template's inline executable scripts (no `src`, no
/// `type` or a JavaScript type), for the page's Content-Security-Policy.
pub fn inline_script_hashes(template: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find("<script") {
        let after = &rest[open..];
        let Some(tag_end) = after.find('>') else { break };
        let tag = &after[..tag_end];
        let Some(close) = after.find("</script>") else { break };
        let body = &after[tag_end + 1..close];
        let executable = !tag.contains(" src=")
            && match tag.find(" type=") {
                None => true,
                Some(i) => {
                    let t = tag[i + 6..].trim_matches(|c| c == '"' || c == '\'');
                    t.starts_with("module") || t.starts_with("text/javascript")
                }
            };
        if executable && !body.is_empty() {
            hashes.push(format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(body.as_bytes()))));
        }
        rest = &after[close + "</script>".len()..];
    }
    hashes
}

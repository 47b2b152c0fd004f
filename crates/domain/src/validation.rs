//! Per-field validation messages, collected so a form can show all of them at once.

use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValidationErrors {
    fields: BTreeMap<String, String>,
}

impl ValidationErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &str, message: &str) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    /// Records `message` for `field`, keeping the first message when a field fails twice.
    pub fn add(&mut self, field: &str, message: &str) {
        self.fields.entry(field.to_owned()).or_insert_with(|| message.to_owned());
    }

    /// Runs a parser and records its error under `field`; returns the value when it parsed.
    pub fn check<T>(&mut self, field: &str, result: Result<T, String>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(message) => {
                self.add(field, &message);
                None
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    pub fn fields(&self) -> &BTreeMap<String, String> {
        &self.fields
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.fields.get(field).map(String::as_str)
    }

    /// The first message, used as the summary of the whole failure.
    pub fn first_message(&self) -> &str {
        self.fields.values().next().map_or("Invalid input", String::as_str)
    }

    pub fn into_result(self) -> Result<(), Self> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.first_message())
    }
}

impl std::error::Error for ValidationErrors {}

/// Trims and checks a minimum length in characters.
pub fn min_chars(value: &str, min: usize, message: &str) -> Result<String, String> {
    let trimmed = value.trim();
    if trimmed.chars().count() < min { Err(message.to_owned()) } else { Ok(trimmed.to_owned()) }
}

/// Trims an optional text, mapping blank to `None`, and caps its length.
pub fn optional_text(value: Option<&str>, max: usize, message: &str) -> Result<Option<String>, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) if text.chars().count() > max => Err(message.to_owned()),
        Some(text) => Ok(Some(text.to_owned())),
    }
}

/// Where an admin's link may lead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkTarget {
    /// Another site only: `https://host/...` (the social links).
    Web,
    /// Another site, or a page of this one: `/events` (the notices).
    WebOrPage,
}

/// The one check of the links admins type that pages render as links (`href`): an `https://`
/// address with a host, or, for [`LinkTarget::WebOrPage`], a path of this site starting with a
/// single `/`. Refused: other schemes (`javascript:`), `//host` and `/\host` (browsers read a
/// backslash as `/`, so both lead to another site), a backslash anywhere, a user name before the
/// host (`https://temple.org@evil.example`), spaces, control characters and `<`, `>`, `"`.
pub fn is_safe_link(value: &str, target: LinkTarget) -> bool {
    if value.contains(|c: char| c == '\\' || c.is_control() || c.is_whitespace() || matches!(c, '<' | '>' | '"')) {
        return false;
    }
    if let Some(rest) = value.strip_prefix("https://") {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        return is_host(authority.rsplit_once(':').filter(|(_, port)| is_port(port)).map_or(authority, |(host, _)| host));
    }
    target == LinkTarget::WebOrPage && value.strip_prefix('/').is_some_and(|rest| !rest.starts_with('/'))
}

/// A host name of dot-separated labels (`temple.example.org`, or its non-ASCII spelling).
fn is_host(host: &str) -> bool {
    host.contains('.') && host.split('.').all(|label| !label.is_empty() && label.chars().all(|c| c.is_alphanumeric() || c == '-'))
}

fn is_port(port: &str) -> bool {
    (1..=5).contains(&port.len()) && port.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_first_message_per_field() {
        let mut errors = ValidationErrors::new();
        errors.add("name", "first");
        errors.add("name", "second");
        assert_eq!(errors.get("name"), Some("first"));
        assert_eq!(errors.first_message(), "first");
    }

    #[test]
    fn min_chars_trims_before_counting() {
        assert_eq!(min_chars("  ab ", 3, "short"), Err("short".to_owned()));
        assert_eq!(min_chars(" abc ", 3, "short"), Ok("abc".to_owned()));
    }

    #[test]
    fn optional_text_maps_blank_to_none() {
        assert_eq!(optional_text(Some("   "), 5, "long"), Ok(None));
        assert_eq!(optional_text(Some("toolong"), 5, "long"), Err("long".to_owned()));
        assert_eq!(optional_text(Some(" ok "), 5, "long"), Ok(Some("ok".to_owned())));
    }

    #[test]
    fn safe_links_are_https_addresses_or_pages_of_this_site() {
        for page in ["/", "/events", "/events/e1?from=notice#top", "/sevas/archana"] {
            assert!(is_safe_link(page, LinkTarget::WebOrPage), "{page}");
            assert!(!is_safe_link(page, LinkTarget::Web), "{page}");
        }
        for web in
            ["https://example.org", "https://www.youtube.com/@SriTemple", "https://temple.example:8443/a?b=c#d", "https://ఆలయం.example/"]
        {
            assert!(is_safe_link(web, LinkTarget::Web), "{web}");
            assert!(is_safe_link(web, LinkTarget::WebOrPage), "{web}");
        }
        for unsafe_link in [
            "",
            "/\\evil.example",
            "/\\\\evil.example",
            "//evil.example",
            "///evil.example",
            "/a\\b",
            "/events\u{0}",
            "/events\r\n",
            "/ev\u{7f}ents",
            "/events\u{9b}",
            "/ events",
            "events",
            "https://temple.example\\@evil.example",
            "https://temple.example@evil.example",
            "https://user:pass@evil.example/",
            "https://evil.example:port/",
            "https:/evil.example",
            "https:///evil.example",
            "https://",
            "https://localhost/",
            "https://evil..example/",
            "https://evil.example/<script>",
            "HTTPS://evil.example",
            "http://evil.example",
            "javascript:alert(1)",
            "data:text/html,hi",
        ] {
            assert!(!is_safe_link(unsafe_link, LinkTarget::WebOrPage), "{unsafe_link:?}");
            assert!(!is_safe_link(unsafe_link, LinkTarget::Web), "{unsafe_link:?}");
        }
    }
}

//! What the server writes into `index.html` before sending it (docs/decisions/0100-server-page-head.md):
//! the page's `<title>`, description, canonical URL, Open Graph and Twitter card tags, an event
//! page's schema.org `Event` JSON-LD, and a JSON data block (`<script type="application/json"
//! id="mandir-data">`) holding the API answers the page reads first, keyed by their SWR keys
//! (the API paths), which the frontend passes to `SWRConfig`'s `fallback`. Neither block is
//! executable, so the Content-Security-Policy stays strict; `<` is written `\u003c` inside them so
//! no text can close the tag.
//!
//! Also `/sitemap.xml` and `/robots.txt`, and the CSP hash of the template's own inline scripts.

use std::fmt::Write as _;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, web};
use base64::Engine as _;
use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use mandir_application::services::events::EventError;
use mandir_domain::event::Event;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::dto::EventDto;
use crate::error::ApiError;
use crate::state::AppState;

/// The id of the JSON data block the frontend reads (frontend/src/lib/initial-data.ts).
pub const DATA_BLOCK_ID: &str = "mandir-data";

/// The image shown for pages without one of their own (frontend/public/og-image.png).
const DEFAULT_IMAGE: (&str, u32, u32) = ("/og-image.png", 1200, 630);

/// What the head of one page says.
struct Head {
    title: String,
    description: String,
    /// The path of the canonical URL (`/events/…`, `/panchangam?month=2027-01`), which is also the
    /// URL the page is rendered at.
    path: String,
    /// An absolute or root-relative image URL, with its size when known.
    image: (String, Option<(u32, u32)>),
    json_ld: Option<serde_json::Value>,
    /// `(key, JSON)` pairs of the data block.
    data: Vec<(String, Vec<u8>)>,
    /// Whether the page is rendered with its data (ADR 0120): the public pages, not a missing event.
    rendered: bool,
}

impl Head {
    /// The data block's JSON: an object of the `data` pairs.
    fn data_block(&self) -> String {
        let mut block = String::from("{");
        for (i, (key, value)) in self.data.iter().enumerate() {
            if i > 0 {
                block.push(',');
            }
            block.push_str(&serde_json::Value::String(key.clone()).to_string());
            block.push(':');
            block.push_str(&String::from_utf8_lossy(value));
        }
        block.push('}');
        block
    }
}

/// The public pages the server describes; every other path gets the temple's generic head.
enum Page {
    Home,
    Events,
    Event(String),
    Donate,
    SignIn,
    SignUp,
    Contact,
    /// The month at a glance; the month asked for (`?month=YYYY-MM`), else the temple's current one.
    Panchangam(Option<NaiveDate>),
    Other,
}

/// The query of the panchangam page.
#[derive(serde::Deserialize)]
struct MonthQuery {
    month: Option<String>,
}

/// The first day of `?month=YYYY-MM` when it names a month from 1900 to 2100 (the API's dates), as
/// frontend/src/features/panchangam/lib/month.ts reads it; `None` otherwise (the current month).
fn month_of(query: &str) -> Option<NaiveDate> {
    let month = web::Query::<MonthQuery>::from_query(query).ok()?.into_inner().month?;
    let (year, number) = month.split_once('-')?;
    if year.len() != 4 || number.len() != 2 || !year.bytes().chain(number.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let first = NaiveDate::from_ymd_opt(year.parse().ok()?, number.parse().ok()?, 1)?;
    (1900..=2100).contains(&first.year()).then_some(first)
}

/// The SWR key of a month's panchangam: the path the panchangam page fetches (frontend/src/lib/api-keys.ts).
fn month_key(first: NaiveDate) -> (String, String, String) {
    let last = first.checked_add_months(Months::new(1)).and_then(|next| next.pred_opt()).unwrap_or(first);
    let (from, to) = (first.format("%Y-%m-%d").to_string(), last.format("%Y-%m-%d").to_string());
    (format!("/api/panchangam?from={from}&to={to}"), from, to)
}

/// The SWR key of the festivals of a month's year: the path the panchangam page fetches for the
/// festivals it names on their days (frontend/src/lib/api-keys.ts).
fn festivals_key(first: NaiveDate) -> (String, String) {
    let year = first.format("%Y").to_string();
    (format!("/api/festivals?year={year}"), year)
}

impl Page {
    fn of(path: &str, query: &str) -> Self {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        match path {
            "/" => Self::Home,
            "/events" => Self::Events,
            "/donate" => Self::Donate,
            "/sign-in" => Self::SignIn,
            "/sign-up" => Self::SignUp,
            "/contact" => Self::Contact,
            "/panchangam" => Self::Panchangam(month_of(query)),
            _ => match path.strip_prefix("/events/") {
                Some(id) if !id.is_empty() && !id.contains('/') => Self::Event(id.to_owned()),
                _ => Self::Other,
            },
        }
    }
}

/// The build's files of the public page at `path`, without their extension: `<name>.html`, its
/// markup prerendered without data (docs/decisions/0117-prerendered-public-pages.md), which the
/// server sends instead of the empty `index.html` when the build has it, and `<name>.frame.html`,
/// the page to fill with the markup rendered per request (ADR 0120). Both are written by
/// frontend/scripts/prerender.mjs.
pub fn prerendered_page(path: &str) -> Option<&'static str> {
    match Page::of(path, "") {
        Page::Home => Some("prerender/home"),
        Page::Events => Some("prerender/events"),
        Page::Event(_) => Some("prerender/event"),
        Page::Donate => Some("prerender/donate"),
        Page::SignIn => Some("prerender/sign-in"),
        Page::SignUp => Some("prerender/sign-up"),
        Page::Contact => Some("prerender/contact"),
        Page::Panchangam(_) => Some("prerender/panchangam"),
        Page::Other => None,
    }
}

fn json<T: Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(|e| {
        tracing::error!(error = %e, "serializing a page's data");
        ApiError::new(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong")
    })
}

/// The events list exactly as `GET /api/events` answers it (the same cached body).
async fn events_json(state: &AppState) -> Result<Vec<u8>, ApiError> {
    let events = state.events.list().await?;
    let body = state.events_json.list_body(events).map_err(crate::routes::events::serializing_events)?;
    Ok(body.to_vec())
}

/// The festivals of a year exactly as `GET /api/festivals?year=` answers them.
async fn festivals_json(state: &AppState, year: &str) -> Result<Vec<u8>, ApiError> {
    json(&crate::routes::festivals::festivals_dto(state, Some(year)).await?)
}

/// A page's data block entry that the page can do without: on failure it is left out (logged), and
/// the page fetches it itself.
async fn optional<F>(key: &str, value: F) -> Option<(String, Vec<u8>)>
where
    F: std::future::Future<Output = Result<Vec<u8>, ApiError>>,
{
    match value.await {
        Ok(value) => Some((key.to_owned(), value)),
        Err(e) => {
            tracing::warn!(error = ?e, key, "a page's data left out");
            None
        }
    }
}

/// Cuts `text` to at most `max` characters at a word boundary, adding `…` when cut.
fn excerpt(text: &str, max: usize) -> String {
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
fn absolute(public_url: &str, url: &str) -> String {
    if url.starts_with("https://") || url.starts_with("http://") {
        url.to_owned()
    } else {
        format!("{}/{}", public_url.trim_end_matches('/'), url.trim_start_matches('/'))
    }
}

/// When an event takes place, in the temple's zone: `Saturday, March 14, 2026 at 6:00 PM`.
fn event_when(date: DateTime<Utc>, zone: chrono_tz::Tz) -> String {
    date.with_timezone(&zone).format("%A, %B %-d, %Y at %-I:%M %p").to_string()
}

fn event_head(event: &Event, settings: &mandir_domain::site::SiteSettings, public_url: &str) -> (String, String, serde_json::Value) {
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

async fn head_for(state: &AppState, page: &Page) -> Result<Head, ApiError> {
    let site = state.site.view().await?;
    let s = &site.settings;
    let temple = s.temple_name.as_str();
    let about = if s.tagline.trim().is_empty() { excerpt(&s.welcome_text, 200) } else { s.tagline.trim().to_owned() };
    let about = if about.is_empty() { format!("{temple}: events, services, volunteering and donations.") } else { about };
    let mut data = vec![
        ("/api/config".to_owned(), json(&crate::routes::system::config_response(state).await?)?),
        ("/api/site".to_owned(), json(&crate::routes::site::site_dto(state).await?)?),
    ];
    let default_image = (DEFAULT_IMAGE.0.to_owned(), Some((DEFAULT_IMAGE.1, DEFAULT_IMAGE.2)));
    let simple = |title: String, description: String, path: &str| Head {
        title,
        description,
        path: path.to_owned(),
        image: default_image.clone(),
        json_ld: None,
        data: Vec::new(),
        rendered: true,
    };
    let mut head = match page {
        Page::Home => {
            data.push(("/api/events".to_owned(), events_json(state).await?));
            data.push(("/api/services".to_owned(), json(&crate::routes::services::services_dto(state).await?)?));
            data.push(("/api/priests".to_owned(), json(&crate::routes::priests::priests_dto(state).await?)?));
            // Today's line: the page does without it when the panchangam cannot be worked out.
            let today = async { json(&crate::routes::panchangam::panchangam_dto(state, None, None).await?) };
            data.extend(optional("/api/panchangam", today).await);
            simple(temple.to_owned(), about, "/")
        }
        Page::Events => {
            data.push(("/api/events".to_owned(), events_json(state).await?));
            simple(
                format!("Events — {temple}"),
                format!("Festivals, pujas and gatherings at {temple}: dates, places and registration."),
                "/events",
            )
        }
        Page::Event(id) => match state.events.get(&id.clone().into()).await {
            Ok(event) => {
                let (title, description, ld) = event_head(&event, s, &state.config.public_url);
                let image = match &event.image_url {
                    Some(url) => (url.clone(), None),
                    None => default_image.clone(),
                };
                data.push((format!("/api/events/{id}"), json(&EventDto::from(event.clone()))?));
                Head {
                    title,
                    description,
                    path: format!("/events/{}", event.id.as_str()),
                    image,
                    json_ld: Some(ld),
                    data: Vec::new(),
                    rendered: true,
                }
            }
            Err(EventError::NotFound | EventError::Validation(_)) => {
                Head { rendered: false, ..simple(format!("Event not found — {temple}"), about, "/events") }
            }
            Err(e) => return Err(e.into()),
        },
        Page::Donate => simple(format!("Donate — {temple}"), format!("Support {temple}: give online by card or Zelle."), "/donate"),
        Page::SignIn => simple(
            format!("Sign in — {temple}"),
            format!("Sign in to register for events and manage your donations at {temple}."),
            "/sign-in",
        ),
        Page::SignUp => {
            simple(format!("Create an account — {temple}"), format!("Create an account to register for events at {temple}."), "/sign-up")
        }
        Page::Contact => {
            simple(format!("Contact — {temple}"), format!("Address, phone, e-mail, opening hours and directions for {temple}."), "/contact")
        }
        Page::Panchangam(month) => {
            // The month asked for, else the one of the temple's today (the service's clock and zone).
            let first = match month {
                Some(first) => Some(*first),
                None => state.panchangam.today().await.ok().and_then(|today| today.days.first().and_then(|day| day.date.with_day(1))),
            };
            let mut head = simple(
                format!("Panchangam — {temple}"),
                format!(
                    "The panchangam at {temple}: each day's tithi, nakshatra, yoga and karana, sunrise and sunset, Rahu kalam, Yamagandam and Gulika kalam."
                ),
                "/panchangam",
            );
            if let Some(first) = first {
                let (key, from, to) = month_key(first);
                let days = async { json(&crate::routes::panchangam::panchangam_dto(state, Some(&from), Some(&to)).await?) };
                data.extend(optional(&key, days).await);
                // The year's festivals, named on their days: the page shows the days without them.
                let (key, year) = festivals_key(first);
                data.extend(optional(&key, festivals_json(state, &year)).await);
                if month.is_some() {
                    // Its own URL: rendered (and linked as canonical) with its month.
                    head.path = format!("/panchangam?month={}", first.format("%Y-%m"));
                }
            }
            head
        }
        Page::Other => Head { rendered: false, ..simple(temple.to_owned(), about, "/") },
    };
    head.data = data;
    Ok(head)
}

/// Text for HTML content and quoted attribute values, and for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// JSON inside a `<script>` element: `<`, `>` and `&` written as `\u00XX` (valid JSON: they can only
/// occur inside strings), so nothing can end the element or open a comment.
fn script_safe(json: &[u8]) -> String {
    let text = String::from_utf8_lossy(json);
    text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

fn render_head(head: &Head, state: &AppState) -> String {
    let public_url = state.config.public_url.as_str();
    let url = absolute(public_url, &head.path);
    let image = absolute(public_url, &head.image.0);
    let mut out = String::new();
    let _ = write!(out, "<title>{}</title>", escape(&head.title));
    let _ = write!(out, "<meta name=\"description\" content=\"{}\">", escape(&head.description));
    let _ = write!(out, "<link rel=\"canonical\" href=\"{}\">", escape(&url));
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
fn splice(template: &str, head: &str) -> String {
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

/// `index.html` for `path`, with the page's head and data, and the CSP allowing its inline scripts.
/// A public page with a `frame` (`prerender/<page>.frame.html`) is rendered with its data
/// ([`crate::page_render`], ADR 0120) when the renderer answers in time; else `template` (the
/// build-time prerendered page, or `index.html`) is sent. `bundle` reads the renderer's script.
pub async fn page<F, Fut>(state: &AppState, path: &str, query: &str, template: &str, frame: Option<&str>, bundle: F) -> HttpResponse
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Option<Vec<u8>>>,
{
    let html = match head_for(state, &Page::of(path, query)).await {
        Ok(head) => {
            let rendered = match frame {
                Some(frame) if head.rendered => {
                    state.pages.render(&head.path, &head.data_block(), bundle).await.and_then(|page| crate::page_render::fill(frame, &page))
                }
                _ => None,
            };
            splice(rendered.as_deref().unwrap_or(template), &render_head(&head, state))
        }
        Err(e) => {
            // The page still works without its head: the app reads the API itself.
            tracing::warn!(error = ?e, path = %crate::request_span::redacted_target(path, ""), "page head unavailable");
            template.to_owned()
        }
    };
    let mut res = HttpResponse::Ok().content_type("text/html; charset=utf-8").body(html);
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(csp) = HeaderValue::from_str(&crate::security_headers::content_security_policy(&inline_script_hashes(template))) {
        res.headers_mut().insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    res
}

/// `/sitemap.xml`: the public pages and every event, with absolute URLs from `MANDIR_PUBLIC_URL`.
pub async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let public_url = state.config.public_url.as_str();
    let events = state.events.list().await?;
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for path in ["/", "/events", "/donate", "/contact", "/panchangam"] {
        let _ = writeln!(xml, "  <url><loc>{}</loc></url>", escape(&absolute(public_url, path)));
    }
    for event in events.iter() {
        let _ = writeln!(
            xml,
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>",
            escape(&absolute(public_url, &format!("/events/{}", event.id.as_str()))),
            event.updated_at.format("%Y-%m-%d")
        );
    }
    xml.push_str("</urlset>\n");
    Ok(HttpResponse::Ok().content_type("application/xml; charset=utf-8").insert_header((header::CACHE_CONTROL, "no-cache")).body(xml))
}

/// `/robots.txt`: everything public may be crawled; the API and members' and admins' pages not.
pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let mut text = String::from("User-agent: *\nAllow: /\n");
    for path in [
        "/api/",
        "/admin",
        "/dashboard",
        "/profile",
        "/setup",
        "/reset-password",
        "/staff-invite",
        "/my-sevas",
        "/counter",
        "/collections",
        "/deposits",
        "/reports",
        "/payment-confirmation",
        "/test-payment",
    ] {
        let _ = writeln!(text, "Disallow: {path}");
    }
    let _ = writeln!(text, "\nSitemap: {}", absolute(&state.config.public_url, "/sitemap.xml"));
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").insert_header((header::CACHE_CONTROL, "no-cache")).body(text)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/sitemap.xml", web::get().to(sitemap)).route("/robots.txt", web::get().to(robots));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_cut_at_words() {
        assert_eq!(excerpt("short  text\n here", 50), "short text here");
        assert_eq!(excerpt("one two three four five six", 15), "one two three…");
    }

    #[test]
    fn absolute_urls_join_the_public_url() {
        assert_eq!(absolute("https://t.example.org/", "/events/1"), "https://t.example.org/events/1");
        assert_eq!(absolute("https://t.example.org", "https://cdn.example.org/a.png"), "https://cdn.example.org/a.png");
    }

    #[test]
    fn script_blocks_cannot_be_closed_from_inside() {
        let block = script_safe(br#"{"name":"</script><script>alert(1)</script> & <!--"}"#);
        assert!(!block.contains('<'), "{block}");
        let back: serde_json::Value = serde_json::from_str(&block).expect("still JSON");
        assert_eq!(back["name"], "</script><script>alert(1)</script> & <!--");
    }

    #[test]
    fn the_head_replaces_the_templates_title_and_description() {
        let template = "<html><head><meta name=\"description\" content=\"generic\" /><title>Generic</title></head><body></body></html>";
        let html = splice(template, "<title>Page</title>");
        assert_eq!(html, "<html><head><title>Page</title></head><body></body></html>");
    }

    #[test]
    fn only_inline_executable_scripts_are_hashed() {
        let template = "<script>a()</script><script src=\"/x.js\"></script><script type=\"application/json\">{}</script><script type=\"module\">b()</script>";
        let hashes = inline_script_hashes(template);
        assert_eq!(hashes.len(), 2);
        assert_eq!(hashes[0], format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"a()"))));
    }

    #[test]
    fn pages_are_recognised_by_path() {
        assert!(matches!(Page::of("/", ""), Page::Home));
        assert!(matches!(Page::of("/events/", ""), Page::Events));
        assert!(matches!(Page::of("/events/abc", ""), Page::Event(id) if id == "abc"));
        assert!(matches!(Page::of("/events/abc/edit", ""), Page::Other));
        assert!(matches!(Page::of("/admin", ""), Page::Other));
        assert!(matches!(Page::of("/panchangam", ""), Page::Panchangam(None)));
        assert!(matches!(Page::of("/panchangam/", "month=2027-01"), Page::Panchangam(Some(d)) if d.to_string() == "2027-01-01"));
        assert_eq!(prerendered_page("/panchangam"), Some("prerender/panchangam"));
    }

    #[test]
    fn the_panchangam_page_reads_a_month_from_1900_to_2100() {
        let month = |q: &str| month_of(q).map(|d| d.to_string());
        assert_eq!(month("month=2026-11"), Some("2026-11-01".to_owned()));
        assert_eq!(month("x=1&month=1900-01"), Some("1900-01-01".to_owned()));
        assert_eq!(month("month=2100-12"), Some("2100-12-01".to_owned()));
        for bad in [
            "",
            "month=",
            "month=2026-13",
            "month=2026-1",
            "month=1899-12",
            "month=2101-01",
            "month=2026-11-01",
            "month=+202-11",
            "month=abcd-ef",
        ] {
            assert_eq!(month(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_months_key_is_the_path_the_page_fetches() {
        let first = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date");
        assert_eq!(month_key(first("2026-11-01")).0, "/api/panchangam?from=2026-11-01&to=2026-11-30");
        assert_eq!(month_key(first("2028-02-01")).0, "/api/panchangam?from=2028-02-01&to=2028-02-29");
        assert_eq!(month_key(first("2026-12-01")).0, "/api/panchangam?from=2026-12-01&to=2026-12-31");
        assert_eq!(month_key(first("2100-12-01")).0, "/api/panchangam?from=2100-12-01&to=2100-12-31");
        assert_eq!(festivals_key(first("2026-11-01")), ("/api/festivals?year=2026".to_owned(), "2026".to_owned()));
        assert_eq!(festivals_key(first("1900-01-01")).0, "/api/festivals?year=1900");
    }
}

//! What the server writes into `index.html` before sending it (docs/decisions/0100-server-page-head.md):
//! the page's `<title>`, description, canonical URL, Open Graph and Twitter card tags, an event
//! page's schema.org `Event` JSON-LD, and a JSON data block (`<script type="application/json"
//! id="mandir-data">`) holding the API answers the page reads first, keyed by their SWR keys
//! (the API paths), which the frontend passes to `SWRConfig`'s `fallback`. Neither block is
//! executable, so the Content-Security-Policy stays strict; `<` is written `\u003c` inside them so
//! no text can close the tag.
//!
//! Also `/sitemap.xml` and `/robots.txt`, and the CSP hash of the template's own inline scripts.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, web};
use chrono::{Datelike, NaiveDate};
use mandir_application::services::events::EventError;
use mandir_application::services::funds::FundError;
use mandir_application::services::sevas::SevaError;
use mandir_domain::language::Language;

use crate::dto::EventDto;
use crate::error::ApiError;
use crate::state::AppState;

mod data;
mod frame;
mod head;
mod sitemap;

pub use data::DATA_BLOCK_ID;
use data::{events_json, festivals_json, festivals_key, json, month_key, optional};
pub use head::inline_script_hashes;
use head::{DEFAULT_IMAGE, event_head, excerpt, render_head, splice};

/// What the head of one page says.
pub(super) struct Head {
    pub(super) title: String,
    pub(super) description: String,
    /// The path of the canonical URL (`/events/…`, `/panchangam?month=2027-01`), which is also the
    /// URL the page is rendered at.
    pub(super) path: String,
    /// An absolute or root-relative image URL, with its size when known.
    pub(super) image: (String, Option<(u32, u32)>),
    pub(super) json_ld: Option<serde_json::Value>,
    /// `(key, JSON)` pairs of the data block.
    pub(super) data: Vec<(String, Vec<u8>)>,
    /// Whether the page is rendered with its data (ADR 0120): the public pages, not a missing event.
    pub(super) rendered: bool,
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
    Sevas,
    /// A seva's page.
    Seva(String),
    Funds,
    /// A fund's page.
    Fund(String),
    Other,
}

/// One public page as declared in frontend/src/app/public-pages.json, their one declaration: the
/// build prerenders it, this server renders it with its data and lists it in the sitemap, `just
/// lighthouse` measures it and the browser tests check it (docs/architecture.md#public-pages).
#[derive(Debug, serde::Deserialize)]
pub(super) struct Declared {
    name: String,
    /// The router's pattern: literal segments and `:id`.
    pub(super) path: String,
    pub(super) sitemap: bool,
}

#[derive(serde::Deserialize)]
struct Declaration {
    pages: Vec<Declared>,
}

/// The declared public pages, read from the JSON the build reads (compiled in).
pub(super) fn declared() -> &'static [Declared] {
    static PAGES: std::sync::OnceLock<Vec<Declared>> = std::sync::OnceLock::new();
    PAGES.get_or_init(|| match serde_json::from_str::<Declaration>(include_str!("../../../../frontend/src/app/public-pages.json")) {
        Ok(declaration) => declaration.pages,
        Err(e) => {
            // A unit test reads it too, so a broken file fails the build's tests first.
            tracing::error!(error = %e, "frontend/src/app/public-pages.json does not parse; no page is rendered");
            Vec::new()
        }
    })
}

/// The declared page whose pattern `path` matches, with the value of its `:id` segment.
fn declared_at(path: &str) -> Option<(&'static Declared, Option<&str>)> {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    declared().iter().find_map(|page| {
        let (mut pattern, mut actual) = (page.path.split('/'), path.split('/'));
        let mut id = None;
        loop {
            match (pattern.next(), actual.next()) {
                (None, None) => return Some((page, id)),
                (Some(":id"), Some(value)) if !value.is_empty() => id = Some(value),
                (Some(p), Some(a)) if p == a => {}
                _ => return None,
            }
        }
    })
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

impl Page {
    fn of(path: &str, query: &str) -> Self {
        let Some((page, id)) = declared_at(path) else { return Self::Other };
        match (page.name.as_str(), id) {
            ("home", _) => Self::Home,
            ("events", _) => Self::Events,
            ("event", Some(id)) => Self::Event(id.to_owned()),
            ("donate", _) => Self::Donate,
            ("sign-in", _) => Self::SignIn,
            ("sign-up", _) => Self::SignUp,
            ("contact", _) => Self::Contact,
            ("panchangam", _) => Self::Panchangam(month_of(query)),
            ("sevas", _) => Self::Sevas,
            ("seva", Some(id)) => Self::Seva(id.to_owned()),
            ("funds", _) => Self::Funds,
            ("fund", Some(id)) => Self::Fund(id.to_owned()),
            _ => Self::Other,
        }
    }
}

/// The build's files of the public page at `path`, without their extension: `<name>.html`, its
/// markup prerendered without data (docs/decisions/0117-prerendered-public-pages.md), which the
/// server sends instead of the empty `index.html` when the build has it, and `<name>.frame.html`,
/// the page to fill with the markup rendered per request (ADR 0120). Both are written by
/// frontend/scripts/prerender.mjs.
pub fn prerendered_page(path: &str) -> Option<String> {
    declared_at(path).map(|(page, _)| format!("prerender/{}", page.name))
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
        Page::Sevas => {
            data.push(("/api/sevas".to_owned(), json(&crate::routes::sevas::sevas_dto(state).await?)?));
            simple(
                format!("Sevas & Pujas — {temple}"),
                format!(
                    "Book an archana, abhishekam, vratam or homam at {temple}, or a priest at your home: dates, prices and online payment."
                ),
                "/sevas",
            )
        }
        Page::Seva(id) => match state.sevas.get(None, &id.clone().into()).await {
            Ok(seva) => {
                let mut description = excerpt(seva.description.as_deref().unwrap_or_default(), 200);
                if description.is_empty() {
                    description = format!("Book {} at {temple}: choose a date and time, and pay online.", seva.name);
                }
                let mut head = simple(format!("{} — {temple}", seva.name), description, &format!("/sevas/{}", seva.id.as_str()));
                if let Some(url) = &seva.image_url {
                    head.image = (url.clone(), None);
                }
                data.push((format!("/api/sevas/{id}"), json(&crate::routes::sevas::SevaDto::from(seva))?));
                data.push(("/api/seva-settings".to_owned(), json(&crate::routes::sevas::settings_dto(state).await?)?));
                // Not the picker's open days: the booking flow reloads them by a filter over SWR's
                // cache, which a data block entry (SWR's `fallback`) is not in; the page asks for
                // them itself, showing the seva and its spinner until they come.
                head
            }
            Err(SevaError::NotFound | SevaError::Validation(_)) => {
                Head { rendered: false, ..simple(format!("Seva not found — {temple}"), about, "/sevas") }
            }
            Err(e) => return Err(e.into()),
        },
        Page::Funds => {
            data.push(("/api/funds".to_owned(), json(&crate::routes::funds::funds_dto(state).await?)?));
            simple(
                format!("Funds & campaigns — {temple}"),
                format!("What {temple}'s funds and campaigns are for, and how far each has come: give to the one you choose."),
                "/funds",
            )
        }
        Page::Fund(id) => match state.funds.get(&id.clone().into()).await {
            Ok(found) => {
                let mut description = excerpt(found.fund.description.as_deref().unwrap_or_default(), 200);
                if description.is_empty() {
                    description = format!("Give to the {} fund of {temple}, and see how far it has come.", found.fund.name);
                }
                let head = simple(format!("{} — {temple}", found.fund.name), description, &format!("/funds/{}", found.fund.id.as_str()));
                data.push((format!("/api/funds/{id}"), json(&crate::routes::funds::FundDto::from(found))?));
                head
            }
            Err(FundError::NotFound) => Head { rendered: false, ..simple(format!("Fund not found — {temple}"), about, "/funds") },
            Err(e) => return Err(e.into()),
        },
        Page::Other => Head { rendered: false, ..simple(temple.to_owned(), about, "/") },
    };
    head.data = data;
    Ok(head)
}

/// `index.html` for `path`, with the page's head and data, and the CSP allowing its inline scripts.
/// A public page with a `frame` (`prerender/<page>.frame.html`) is rendered with its data
/// (the [`PageRenderer`](mandir_application::ports::PageRenderer) port, ADR 0120) when the renderer
/// answers in time; else `template` (the build-time prerendered page, or `index.html`) is sent.
/// `script` reads the renderer's script.
///
/// The page is in the language its `?lang=` names, remembered then in the visitor's cookie, else in
/// `remembered` (the cookie's or the browser's, [`crate::language::of_request`]), ADR 0149:
/// rendered in it, with `<html lang>` saying so and `hreflang` links to the page in every language.
pub async fn page(
    state: &AppState,
    path: &str,
    query: &str,
    remembered: Language,
    template: &str,
    frame: Option<&str>,
    script: mandir_application::ports::RendererScript,
) -> HttpResponse {
    let chosen = crate::language::of_query(query);
    let language = chosen.unwrap_or(remembered);
    let html = match head_for(state, &Page::of(path, query)).await {
        Ok(head) => {
            let rendered = match (frame, &state.pages) {
                (Some(frame), Some(pages)) if head.rendered => pages
                    .render(&in_language(&head.path, language), &head.data_block(), script)
                    .await
                    .and_then(|page| frame::fill(frame, &page)),
                _ => None,
            };
            with_language(&splice(rendered.as_deref().unwrap_or(template), &render_head(&head, state, language)), language)
        }
        Err(e) => {
            // The page still works without its head: the app reads the API itself.
            tracing::warn!(error = ?e, path = %crate::request_span::redacted_target(path, ""), "page head unavailable");
            with_language(template, language)
        }
    };
    let mut res = HttpResponse::Ok().content_type("text/html; charset=utf-8").body(html);
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res.headers_mut().insert(header::VARY, HeaderValue::from_static("Cookie, Accept-Language"));
    if chosen.is_some() {
        let secure = state.config.public_url.starts_with("https://");
        if let Ok(value) = HeaderValue::from_str(&crate::language::cookie(language, secure)) {
            res.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    if let Ok(csp) = HeaderValue::from_str(&crate::security_headers::content_security_policy(&inline_script_hashes(template))) {
        res.headers_mut().insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    res
}

/// `path` (which may have a query) in `language`: with `lang=` for any language but English, the
/// URL the page is rendered at, and its `hreflang` link.
pub(super) fn in_language(path: &str, language: Language) -> String {
    match language {
        Language::English => path.to_owned(),
        other => format!("{path}{}lang={}", if path.contains('?') { '&' } else { '?' }, other.as_str()),
    }
}

/// `html` with its `<html lang>` naming `language` (the build writes `<html lang="en">`).
fn with_language(html: &str, language: Language) -> String {
    if language == Language::English {
        return html.to_owned();
    }
    html.replacen("<html lang=\"en\"", &format!("<html lang=\"{}\"", language.as_str()), 1)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/sitemap.xml", web::get().to(sitemap::sitemap)).route("/robots.txt", web::get().to(sitemap::robots));
}

#[cfg(test)]
mod tests {
    use base64::Engine as _;
    use sha2::{Digest, Sha256};

    use super::data::script_safe;
    use super::head::absolute;
    use super::*;

    #[test]
    fn every_declared_public_page_has_its_head_and_data_here_and_nothing_else_does() {
        let pages = declared();
        assert!(pages.len() >= 9, "frontend/src/app/public-pages.json parses: {pages:?}");
        for page in pages {
            let path = page.path.replace(":id", "an-id");
            assert!(!matches!(Page::of(&path, ""), Page::Other), "{} is declared public but has no head here", page.path);
            assert_eq!(prerendered_page(&path), Some(format!("prerender/{}", page.name)));
        }
        for (path, name) in [("/events/a/b", None), ("/admin", None), ("/sevas/", Some("prerender/sevas"))] {
            assert_eq!(prerendered_page(path).as_deref(), name, "{path}");
        }
    }

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
        assert_eq!(prerendered_page("/panchangam").as_deref(), Some("prerender/panchangam"));
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

//! `/sitemap.xml` and `/robots.txt`.

use std::fmt::Write as _;

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use super::head::{absolute, escape};
use crate::error::ApiError;
use crate::state::AppState;

/// `/sitemap.xml`: the declared public pages marked for it, every event, every active seva and
/// every active fund, with absolute URLs from `MANDIR_PUBLIC_URL`.
pub async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let public_url = state.config.public_url.as_str();
    let events = state.events.list().await?;
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for page in super::declared().iter().filter(|page| page.sitemap) {
        let _ = writeln!(xml, "  <url><loc>{}</loc></url>", escape(&absolute(public_url, &page.path)));
    }
    for event in events.iter() {
        let _ = writeln!(
            xml,
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>",
            escape(&absolute(public_url, &format!("/events/{}", event.id.as_str()))),
            event.updated_at.format("%Y-%m-%d")
        );
    }
    for seva in state.sevas.list(None, false).await? {
        let _ = writeln!(
            xml,
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>",
            escape(&absolute(public_url, &format!("/sevas/{}", seva.id.as_str()))),
            seva.updated_at.format("%Y-%m-%d")
        );
    }
    for fund in state.funds.funds().await?.into_iter().filter(|f| f.is_active) {
        let _ = writeln!(
            xml,
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>",
            escape(&absolute(public_url, &format!("/funds/{}", fund.id.as_str()))),
            fund.updated_at.format("%Y-%m-%d")
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

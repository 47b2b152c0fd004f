//! The language a request is answered in (docs/decisions/0149-languages.md): a page's `?lang=`
//! (the language switcher's and the `hreflang` links' URLs), else the visitor's cookie
//! (`mandir_lang`, set by the switcher, by `?lang=` and, for a member, from their account), else
//! the browser's `Accept-Language`, else English.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use mandir_domain::language::Language;

use crate::error::ApiError;

/// The cookie a visitor's language is kept in (frontend/src/i18n/languages.ts names it too).
pub const COOKIE: &str = "mandir_lang";

/// The query naming a page's language.
#[derive(serde::Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

/// The language `?lang=` names in `query`, if any.
pub fn of_query(query: &str) -> Option<Language> {
    web::Query::<LangQuery>::from_query(query).ok()?.into_inner().lang.as_deref().and_then(Language::parse)
}

/// The language of a request without a `?lang=`: its cookie, else `Accept-Language`, else English.
pub fn of_request(req: &HttpRequest) -> Language {
    cookie_value(req)
        .and_then(Language::parse)
        .or_else(|| {
            req.headers()
                .get(actix_web::http::header::ACCEPT_LANGUAGE)
                .and_then(|h| h.to_str().ok())
                .and_then(Language::from_accept_language)
        })
        .unwrap_or_default()
}

/// The value of the language cookie in the request's `Cookie` headers.
fn cookie_value(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get_all(actix_web::http::header::COOKIE)
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='))
}

/// The `Set-Cookie` value remembering `language` for a year (not HttpOnly: the page's switcher
/// sets it too; nothing secret).
pub fn cookie(language: Language, secure: bool) -> String {
    format!("{COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax{}", language.as_str(), if secure { "; Secure" } else { "" })
}

/// The language of the request, for handlers that write to a visitor in it (a sign-up's account,
/// a guest's e-mails): its cookie, else `Accept-Language`, else English.
pub struct RequestLanguage(pub Language);

impl FromRequest for RequestLanguage {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Self(of_request(req))))
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_query_then_the_cookie_then_the_browser_name_the_language() {
        assert_eq!(of_query("lang=te"), Some(Language::Telugu));
        assert_eq!(of_query("month=2026-11&lang=kn"), Some(Language::Kannada));
        assert_eq!(of_query("lang=fr"), None);
        assert_eq!(of_query(""), None);
        let req = TestRequest::default()
            .insert_header(("Cookie", "a=1; mandir_lang=ta"))
            .insert_header(("Accept-Language", "hi"))
            .to_http_request();
        assert_eq!(of_request(&req), Language::Tamil);
        let req = TestRequest::default()
            .insert_header(("Cookie", "mandir_lang=xx"))
            .insert_header(("Accept-Language", "hi-IN,en;q=0.5"))
            .to_http_request();
        assert_eq!(of_request(&req), Language::Hindi);
        assert_eq!(of_request(&TestRequest::default().to_http_request()), Language::English);
        assert_eq!(cookie(Language::Telugu, true), "mandir_lang=te; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
        assert_eq!(cookie(Language::Hindi, false), "mandir_lang=hi; Path=/; Max-Age=31536000; SameSite=Lax");
    }
}

//! The root span of every request: like tracing-actix-web's default, but its target is
//! [`redacted_target`], so the secrets a request carries in its path or query string (a personal
//! calendar feed's token, a reset or verification token, a payment's client secret, a receipt
//! link's signature) never reach the logs. Its route is recorded when the request ends: once
//! routed, the pattern is looked up by the matched resource's index; before routing, finding it
//! means trying every route's pattern against the path again (a regex each), which cost more than
//! the rest of a cached read.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

pub struct RedactedRootSpan;

impl RootSpanBuilder for RedactedRootSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let request_id = request.extensions().get::<RequestId>().map(ToString::to_string).unwrap_or_default();
        tracing::info_span!(
            "http_request",
            http.method = %request.method(),
            http.route = tracing::field::Empty,
            http.target = %redacted_target(request.path(), request.query_string()),
            request_id = %request_id,
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        if !span.is_disabled() {
            let route = outcome.as_ref().ok().and_then(|response| response.request().match_pattern());
            span.record("http.route", route.as_deref().unwrap_or("default"));
        }
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// What the logs show in place of a secret.
const REDACTED: &str = "***";

/// Query parameters whose values are secrets: named so in any letter case, or with such a word in
/// their name (`access_token`, `clientSecret`, Stripe's `payment_intent_client_secret`, the
/// receipt link's `sig`, ADR 0092).
const SECRET_WORDS: [&str; 7] = ["token", "key", "secret", "signature", "sig", "code", "password"];

/// A request's target (`path` and `query`) as the logs may show it: the personal calendar feed's
/// token (`/api/calendar/{token}.ics`, ADR 0105) and the value of every query parameter named
/// after a secret ([`SECRET_WORDS`]) replaced by `***`. The one redaction of request targets: the
/// request span and every log line naming a request's path use it.
pub(crate) fn redacted_target(path: &str, query: &str) -> String {
    let mut target = redacted_path(path);
    if !query.is_empty() {
        target.push('?');
        target.push_str(&redacted_query(query));
    }
    target
}

/// The path with the segment after `/api/calendar/` (the feed's token) redacted, its `.ics` kept.
/// Segments are compared decoded, as the router matches them.
fn redacted_path(path: &str) -> String {
    if !path.contains('%') && !path.as_bytes().windows(8).any(|w| w.eq_ignore_ascii_case(b"calendar")) {
        return path.to_owned();
    }
    let mut segments: Vec<String> = Vec::new();
    let mut named: Vec<String> = Vec::new();
    for segment in path.split('/') {
        let after_calendar = matches!(named.as_slice(), [.., api, calendar] if api == "api" && calendar == "calendar");
        if after_calendar && !segment.is_empty() {
            let ics = segment.get(segment.len().saturating_sub(4)..).filter(|end| end.eq_ignore_ascii_case(".ics"));
            segments.push(format!("{REDACTED}{}", ics.unwrap_or_default()));
            named.push(REDACTED.to_owned());
        } else {
            segments.push(segment.to_owned());
            if !segment.is_empty() {
                named.push(percent_decoded(segment).to_ascii_lowercase());
            }
        }
    }
    segments.join("/")
}

/// The query string with the values of secret parameters redacted, and of parameters carrying a
/// link with such a parameter (`redirect=/setup%3Ftoken%3D...`); the rest as it came.
fn redacted_query(query: &str) -> String {
    query
        .split_inclusive(['&', ';'])
        .map(|pair| {
            let (pair, separator) = match pair.char_indices().last() {
                Some((at, '&' | ';')) => pair.split_at(at),
                _ => (pair, ""),
            };
            match pair.split_once('=') {
                Some((name, value)) if is_secret_name(name) || carries_secret(value) => format!("{name}={REDACTED}{separator}"),
                _ => format!("{pair}{separator}"),
            }
        })
        .collect()
}

/// Whether a parameter's value is a link whose own query has a secret.
fn carries_secret(value: &str) -> bool {
    percent_decoded(value).split_once('?').is_some_and(|(_, query)| redacted_query(query) != query)
}

/// Whether a (percent-encoded) parameter name names a secret: one of [`SECRET_WORDS`], ending with
/// one, or with one as a word (split at `_`, `-`, `.` and camelCase humps).
fn is_secret_name(raw: &str) -> bool {
    let name = percent_decoded(raw);
    let lower = name.to_lowercase();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut after_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() || (c.is_uppercase() && after_lower) {
            words.push(std::mem::take(&mut word));
        }
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        }
        after_lower = c.is_lowercase() || c.is_numeric();
    }
    words.push(word);
    SECRET_WORDS.iter().any(|secret| lower.ends_with(secret) || words.iter().any(|w| w == secret))
}

/// `text` with `%XX` escapes decoded and `+` read as a space, as the server reads query strings.
fn percent_decoded(text: &str) -> String {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&first, tail)) = rest.split_first() {
        let escaped = (first == b'%')
            .then(|| tail.get(..2))
            .flatten()
            .filter(|hex| hex.iter().all(u8::is_ascii_hexdigit))
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                bytes.push(byte);
                rest = tail.get(2..).unwrap_or_default();
            }
            None => {
                bytes.push(if first == b'+' { b' ' } else { first });
                rest = tail;
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use std::fmt;
    use std::sync::{Arc, Mutex};

    use actix_web::http::StatusCode;
    use actix_web::test::{TestRequest, call_service, init_service};
    use actix_web::{App, HttpResponse, web};
    use tracing::field::{Field, Visit};
    use tracing::span::{Attributes, Id, Record};
    use tracing::{Event, Metadata, Subscriber};
    use tracing_actix_web::TracingLogger;

    use super::*;
    use crate::error::ApiError;

    /// Every field given to the spans and events of a request, as `name=value`.
    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<String>>>);

    impl Capture {
        fn fields(&self) -> Vec<String> {
            self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
        }
    }

    impl Visit for Capture {
        fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
            self.0.lock().unwrap_or_else(|e| e.into_inner()).push(format!("{}={value:?}", field.name()));
        }
    }

    impl Subscriber for Capture {
        fn enabled(&self, _: &Metadata<'_>) -> bool {
            true
        }
        fn new_span(&self, span: &Attributes<'_>) -> Id {
            span.record(&mut self.clone());
            Id::from_u64(1)
        }
        fn record(&self, _: &Id, values: &Record<'_>) {
            values.record(&mut self.clone());
        }
        fn record_follows_from(&self, _: &Id, _: &Id) {}
        fn event(&self, event: &Event<'_>) {
            event.record(&mut self.clone());
        }
        fn enter(&self, _: &Id) {}
        fn exit(&self, _: &Id) {}
    }

    #[test]
    fn the_personal_feeds_token_is_redacted_from_paths() {
        assert_eq!(redacted_target("/api/calendar/0123abcd.ics", ""), "/api/calendar/***.ics");
        assert_eq!(redacted_target("/api/calendar/0123abcd.ICS", ""), "/api/calendar/***.ICS");
        assert_eq!(redacted_target("/api/calendar/0123abcd", ""), "/api/calendar/***");
        assert_eq!(redacted_target("/api/calendar/0123abcd.ics/more", ""), "/api/calendar/***.ics/more");
        assert_eq!(redacted_target("//api//calendar//0123abcd.ics", ""), "//api//calendar//***.ics");
        assert_eq!(redacted_target("/api/%63alendar/0123abcd.ics", ""), "/api/%63alendar/***.ics");
        assert_eq!(redacted_target("/api/calendar/%E0%B0%95.ics", ""), "/api/calendar/***.ics");
        // Paths without secrets are kept as they are.
        for path in ["/api/calendar.ics", "/api/events/e1/event.ics", "/api/calendar/", "/receipts/AUTO-1-7", "/", ""] {
            assert_eq!(redacted_target(path, ""), path);
        }
    }

    #[test]
    fn secret_query_parameters_are_redacted_by_name_in_any_case() {
        let cases = [
            ("token=abc", "token=***"),
            ("TOKEN=abc&page=2", "TOKEN=***&page=2"),
            (
                "page=2&Key=k&secret=s&signature=x&Sig=y&code=c&PassWord=p",
                "page=2&Key=***&secret=***&signature=***&Sig=***&code=***&PassWord=***",
            ),
            // The receipt link's signature (ADR 0092) and the payment pages' client secrets.
            ("sig=0f3a9c", "sig=***"),
            ("clientSecret=pi_1_secret_2", "clientSecret=***"),
            (
                "payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded",
                "payment_intent=pi_1&payment_intent_client_secret=***&redirect_status=succeeded",
            ),
            ("access_token=a&api-key=b&apiKey=c&X.Signature=d", "access_token=***&api-key=***&apiKey=***&X.Signature=***"),
            // Encoded names are read as the server reads them.
            ("%74oken=abc&to%6Ben=def", "%74oken=***&to%6Ben=***"),
            ("a=1;token=abc", "a=1;token=***"),
            ("token", "token"),
            ("token=", "token=***"),
            ("redirect=/events&v=3&w=480&from=2026-01-01", "redirect=/events&v=3&w=480&from=2026-01-01"),
            // A link carried in a parameter, with a secret in its own query.
            ("redirect=/setup%3Ftoken%3Dabc&x=1", "redirect=***&x=1"),
            ("redirect=/setup?token=abc&x=1", "redirect=***&x=1"),
            ("redirect=/events%3Fpage%3D2", "redirect=/events%3Fpage%3D2"),
        ];
        for (query, redacted) in cases {
            assert_eq!(redacted_target("/p", query), format!("/p?{redacted}"), "{query}");
        }
        assert_eq!(redacted_target("/api/receipts/AUTO-1-7", "sig=0f3a9c"), "/api/receipts/AUTO-1-7?sig=***");
        assert_eq!(redacted_target("/api/calendar/t0k.ics", "token=t0k"), "/api/calendar/***.ics?token=***");
    }

    #[test]
    fn percent_decoding_reads_escapes_and_plus_signs() {
        assert_eq!(percent_decoded("a%20b+c%2Fd"), "a b c/d");
        assert_eq!(percent_decoded("%E0%B0%95"), "క");
        assert_eq!(percent_decoded("100%"), "100%");
        assert_eq!(percent_decoded("%zz%4%+1"), "%zz%4% 1");
    }

    #[actix_web::test]
    async fn a_failed_request_is_logged_with_its_secrets_redacted() {
        let capture = Capture::default();
        let _guard = tracing::subscriber::set_default(capture.clone());
        let feed = web::get().to(|| async { Err::<HttpResponse, _>(ApiError::new(StatusCode::NOT_FOUND, "Calendar not found")) });
        let app = init_service(App::new().wrap(TracingLogger::<RedactedRootSpan>::new()).route("/api/calendar/{token}.ics", feed)).await;
        let request = TestRequest::get().uri("/api/calendar/feedtoken0123.ics?Token=querytoken&sig=receiptsig&page=2").to_request();
        assert_eq!(call_service(&app, request).await.status(), StatusCode::NOT_FOUND);
        let fields = capture.fields();
        assert!(fields.iter().any(|f| f == "http.target=/api/calendar/***.ics?Token=***&sig=***&page=2"), "{fields:#?}");
        assert!(fields.iter().any(|f| f.contains("Calendar not found")), "the failure is logged: {fields:#?}");
        for secret in ["feedtoken0123", "querytoken", "receiptsig"] {
            assert!(!fields.iter().any(|f| f.contains(secret)), "{secret} logged: {fields:#?}");
        }
    }
}

//! The root span of every request: like tracing-actix-web's default, but it records the path
//! without the query string, so secrets carried there (a payment's client secret, an e-mail
//! verification token) never reach the logs. Its route is recorded when the request ends: once
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
            http.target = %request.path(),
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

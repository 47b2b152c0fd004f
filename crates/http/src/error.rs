//! The one place where failures become HTTP answers:
//! `{"message": "...", "errors": {"field": "message"}, "code": "..."}`, with `Retry-After` on 429.

use std::collections::BTreeMap;

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use mandir_domain::{ErrorKind, Failure};
use serde::Serialize;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
    /// A machine-readable reason where the client reacts to it: `email-not-verified` (403: the
    /// member must verify their e-mail address first).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "email-not-verified")]
    pub code: Option<String>,
}

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
    header: Option<ExtraHeader>,
}

/// The one header some answers carry besides the body.
#[derive(Debug)]
enum ExtraHeader {
    /// `Allow` of a 405: the methods the path takes.
    Allow(String),
    /// `Retry-After` of a 429, in seconds.
    RetryAfter(u64),
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self { status, body: ErrorBody { message: message.into(), errors: None, code: None }, header: None }
    }

    /// 405 for a method the path does not take, with the methods it does take in `Allow`.
    pub fn method_not_allowed(allowed: &[&str]) -> Self {
        let allow = allowed.join(", ");
        Self {
            header: Some(ExtraHeader::Allow(allow.clone())),
            ..Self::new(StatusCode::METHOD_NOT_ALLOWED, format!("Method not allowed; this path takes {allow}"))
        }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn message(&self) -> &str {
        &self.body.message
    }

    fn with_errors(mut self, errors: BTreeMap<String, String>) -> Self {
        self.body.errors = Some(errors);
        self
    }
}

fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Invalid => StatusCode::BAD_REQUEST,
        ErrorKind::Unauthenticated => StatusCode::UNAUTHORIZED,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::Throttled => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::Unexpected => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The cause chain, for the log.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl<E: Failure> From<E> for ApiError {
    fn from(error: E) -> Self {
        let kind = error.kind();
        if kind == ErrorKind::Unexpected {
            tracing::error!(error = %chain(&error), "request failed");
            return Self::new(StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong");
        }
        let mut api = match error.field_errors() {
            Some(fields) => Self::new(status_of(kind), fields.first_message()).with_errors(fields.fields().clone()),
            None => Self::new(status_of(kind), error.to_string()),
        };
        api.body.code = error.code().map(str::to_owned);
        api.header = error.retry_after().map(ExtraHeader::RetryAfter);
        api
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status, self.body.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        match &self.header {
            Some(ExtraHeader::Allow(methods)) => {
                response.insert_header((actix_web::http::header::ALLOW, methods.clone()));
            }
            Some(ExtraHeader::RetryAfter(seconds)) => {
                response.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
            }
            None => {}
        }
        response.json(&self.body)
    }
}

pub fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default().limit(limit).error_handler(|error, _req: &HttpRequest| {
        let api = match &error {
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "Request body is too large")
            }
            JsonPayloadError::ContentType => {
                ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "Expected a JSON body (Content-Type: application/json)")
            }
            JsonPayloadError::Deserialize(e) => ApiError::new(StatusCode::BAD_REQUEST, format!("Invalid request body: {e}")),
            _ => ApiError::new(StatusCode::BAD_REQUEST, "Invalid request body"),
        };
        actix_web::Error::from(api)
    })
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|_error: PathError, _req| ApiError::new(StatusCode::NOT_FOUND, "Not found").into())
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|error: QueryPayloadError, _req| ApiError::new(StatusCode::BAD_REQUEST, format!("Invalid query: {error}")).into())
}

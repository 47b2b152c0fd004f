//! The actix-web adapter: routes, DTOs, the bearer-token extractor, error mapping, OpenAPI and
//! the built frontend. actix types never leave this crate.

pub mod auth;
pub mod body;
pub mod client;
pub mod csv_export;
pub mod dto;
pub mod error;
mod image;
pub mod input;
pub mod language;
pub mod metrics;
mod openapi;
pub mod page_head;
mod path_items;
pub mod permissions;
mod qr;
mod request_span;
pub mod routes;
mod security_headers;
pub mod state;
pub mod static_files;

use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, web};
use tracing_actix_web::TracingLogger;

pub use metrics::Metrics;
pub use openapi::api_doc;
pub use state::{AppState, PublicConfig};
pub use static_files::{StaticSource, embedded_frontend};

/// Requests larger than this are refused with 413 (event images get a larger allowance).
pub const JSON_LIMIT: usize = 64 * 1024;
/// A 5 MB image as base64 inside JSON, with room for the other fields.
pub const EVENT_JSON_LIMIT: usize = 8 * 1024 * 1024;

/// What the server serves besides the API, shared by its workers.
#[derive(Clone, Debug)]
pub struct Serving {
    /// The built frontend: a folder or the files embedded in the binary.
    pub static_files: StaticSource,
    /// `GET /metrics` and the series it answers.
    pub metrics: Arc<Metrics>,
}

/// The whole application: API, OpenAPI document and reference page, metrics, and the SPA.
pub fn build_app(
    state: AppState,
    serving: Serving,
) -> App<
    impl ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error, InitError = ()>,
> {
    App::new()
        .app_data(web::Data::new(state))
        .app_data(web::Data::new(serving.static_files))
        .app_data(web::Data::from(serving.metrics))
        .app_data(error::json_config(JSON_LIMIT))
        .app_data(error::path_config())
        .app_data(error::query_config())
        .wrap(Compress::default())
        .wrap(from_fn(security_headers::add))
        .wrap(from_fn(metrics::record))
        .wrap(TracingLogger::<request_span::RedactedRootSpan>::new())
        .configure(routes::configure)
        .configure(openapi::configure)
        .configure(metrics::configure)
        .configure(routes::api_fallback)
        .configure(page_head::configure)
        .configure(static_files::configure)
}

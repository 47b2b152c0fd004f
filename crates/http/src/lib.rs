//! The actix-web adapter: routes, DTOs, the bearer-token extractor, error mapping, OpenAPI and
//! the built frontend. actix types never leave this crate.

pub mod auth;
pub mod dto;
pub mod error;
mod openapi;
mod request_span;
pub mod routes;
mod security_headers;
pub mod state;
mod static_files;

use std::path::PathBuf;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, web};
use tracing_actix_web::TracingLogger;

pub use openapi::api_doc;
pub use state::{AppState, PublicConfig};

/// Requests larger than this are refused with 413 (event images get a larger allowance).
pub const JSON_LIMIT: usize = 64 * 1024;
/// A 5 MB image as base64 inside JSON, with room for the other fields.
pub const EVENT_JSON_LIMIT: usize = 8 * 1024 * 1024;

/// The whole application: API, OpenAPI document and reference page, and the SPA.
pub fn build_app(
    state: AppState,
    static_dir: PathBuf,
) -> App<
    impl ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error, InitError = ()>,
> {
    let static_root = web::Data::new(static_files::StaticRoot::new(static_dir));
    App::new()
        .app_data(web::Data::new(state))
        .app_data(static_root)
        .app_data(error::json_config(JSON_LIMIT))
        .app_data(error::path_config())
        .app_data(error::query_config())
        .wrap(Compress::default())
        .wrap(from_fn(security_headers::add))
        .wrap(TracingLogger::<request_span::RedactedRootSpan>::new())
        .configure(routes::configure)
        .configure(openapi::configure)
        .configure(routes::api_fallback)
        .configure(static_files::configure)
}

//! One module per area; each registers its routes and describes them for OpenAPI.

pub mod admin;
pub mod auth;
pub mod donation_types;
pub mod events;
pub mod gotrams;
pub mod payment_methods;
pub mod payments;
pub mod registrations;
pub mod system;
pub mod users;
pub mod volunteers;

use actix_web::{HttpResponse, web};

use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(system::configure)
        .configure(auth::configure)
        .configure(users::configure)
        .configure(gotrams::configure)
        .configure(events::configure)
        .configure(registrations::configure)
        .configure(volunteers::configure)
        .configure(donation_types::configure)
        .configure(payment_methods::configure)
        .configure(payments::configure)
        .configure(admin::configure);
}

/// Unknown `/api/...` paths answer a JSON 404 instead of the SPA. Registered after every API route.
pub fn api_fallback(cfg: &mut web::ServiceConfig) {
    cfg.service(web::scope("/api").default_service(web::to(api_not_found)));
}

async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(actix_web::http::StatusCode::NOT_FOUND, "Not found"))
}

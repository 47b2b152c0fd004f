use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::error::ApiError;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(health, config), components(schemas(HealthResponse, ConfigResponse, ZelleConfig)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(health).service(config);
}

#[derive(Serialize, ToSchema)]
pub struct HealthResponse {
    status: &'static str,
}

/// Answers 200 once the database is reachable, 503 otherwise.
#[utoipa::path(tag = "system", responses((status = 200, body = HealthResponse), (status = 503, body = HealthResponse)))]
#[get("/api/health")]
async fn health(state: web::Data<AppState>) -> HttpResponse {
    match state.health.ready().await {
        Ok(()) => HttpResponse::Ok().json(HealthResponse { status: "ok" }),
        Err(error) => {
            tracing::warn!(%error, "health check failed");
            HttpResponse::ServiceUnavailable().json(HealthResponse { status: "unavailable" })
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZelleConfig {
    recipient: String,
    memo: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigResponse {
    temple_name: String,
    /// `sandbox` or `stripe`.
    payment_provider: String,
    stripe_publishable_key: Option<String>,
    zelle: ZelleConfig,
}

/// What the frontend needs to know about this installation.
#[utoipa::path(tag = "system", responses((status = 200, body = ConfigResponse)))]
#[get("/api/config")]
async fn config(state: web::Data<AppState>) -> Result<web::Json<ConfigResponse>, ApiError> {
    let c = &state.config;
    Ok(web::Json(ConfigResponse {
        temple_name: c.temple_name.clone(),
        payment_provider: c.payment_provider.clone(),
        stripe_publishable_key: c.stripe_publishable_key.clone(),
        zelle: ZelleConfig { recipient: c.zelle_recipient.clone(), memo: c.zelle_memo.clone() },
    }))
}

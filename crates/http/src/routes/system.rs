use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::dto::CardProviderDto;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(health, ready, config), components(schemas(HealthResponse, ReadyResponse, ConfigResponse, Environment, ZelleConfig)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(health).service(ready).service(config);
}

#[derive(Serialize, ToSchema)]
pub struct HealthResponse {
    /// Always `ok`.
    status: &'static str,
}

/// Liveness: the process answers HTTP. Touches no database, so a slow or unreachable database
/// never gets a healthy process restarted; use `GET /api/ready` to route traffic.
#[utoipa::path(operation_id = "getHealth", tag = "system", responses((status = 200, body = HealthResponse)))]
#[get("/api/health")]
async fn health() -> HttpResponse {
    HttpResponse::Ok().json(HealthResponse { status: "ok" })
}

#[derive(Serialize, ToSchema)]
pub struct ReadyResponse {
    /// `ready` or `unavailable`.
    status: &'static str,
    /// Why the server cannot take traffic (the database does not answer, migrations not
    /// applied); `null` when ready.
    reason: Option<String>,
}

/// Readiness: 200 when the database answers and every migration this build knows is applied,
/// else 503 with the reason. For load balancers and deploy scripts.
#[utoipa::path(
    operation_id = "getReady",
    tag = "system",
    responses((status = 200, body = ReadyResponse), (status = 503, description = "Not ready: the reason says why", body = ReadyResponse))
)]
#[get("/api/ready")]
async fn ready(state: web::Data<AppState>) -> HttpResponse {
    match state.health.ready().await {
        Ok(()) => HttpResponse::Ok().json(ReadyResponse { status: "ready", reason: None }),
        Err(not_ready) => {
            tracing::warn!(reason = %not_ready.reason, cause = ?not_ready.cause, "not ready");
            HttpResponse::ServiceUnavailable().json(ReadyResponse { status: "unavailable", reason: Some(not_ready.reason) })
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZelleConfig {
    recipient: String,
    memo: String,
}

/// Which kind of installation answers.
#[derive(Serialize, ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Environment {
    Production,
    Development,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigResponse {
    temple_name: String,
    /// `production` when the server runs with `MANDIR_ENV=production`, else `development`.
    environment: Environment,
    /// True on a staging site: production whose card payments are simulated by the sandbox
    /// (`MANDIR_ALLOW_SANDBOX_PAYMENTS=1`); no real money moves. Always false in development.
    staging: bool,
    #[schema(value_type = CardProviderDto)]
    payment_provider: String,
    stripe_publishable_key: Option<String>,
    zelle: ZelleConfig,
}

/// What the frontend needs to know about this installation.
#[utoipa::path(operation_id = "getConfig", tag = "system", responses((status = 200, body = ConfigResponse)))]
#[get("/api/config")]
async fn config(state: web::Data<AppState>) -> Result<web::Json<ConfigResponse>, ApiError> {
    Ok(web::Json(config_response(&state).await?))
}

/// The body of `GET /api/config` (also seeded into the HTML of pages, [`crate::page_head`]).
pub(crate) async fn config_response(state: &AppState) -> Result<ConfigResponse, ApiError> {
    let c = &state.config;
    // The temple's name and Zelle details are site settings (the environment only seeds them).
    let site = state.site.view().await?;
    let s = &site.settings;
    Ok(ConfigResponse {
        temple_name: s.temple_name.clone(),
        environment: if c.production { Environment::Production } else { Environment::Development },
        staging: c.staging,
        payment_provider: c.payment_provider.as_str().to_owned(),
        stripe_publishable_key: c.stripe_publishable_key.clone(),
        zelle: ZelleConfig { recipient: s.zelle_recipient.clone(), memo: s.zelle_memo.clone() },
    })
}

//! `/api/setup`: the first-run setup behind the one-time link `mandir serve` prints while no
//! admin exists.

use actix_web::{HttpResponse, post, web};
use mandir_domain::site::SetupInput;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(check_setup, complete_setup), components(schemas(SetupTokenRequest, SetupRequest, SetupResponse)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(check_setup).service(complete_setup);
}

#[derive(Deserialize, ToSchema)]
pub struct SetupTokenRequest {
    /// The `token` of the setup link.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    token: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetupRequest {
    /// The `token` of the setup link.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    token: String,
    /// The first admin: 2 to 100 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    first_name: String,
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    last_name: String,
    /// The first admin's e-mail (their sign-in).
    #[serde(default)]
    #[schema(required = true, format = Email, min_length = 5)]
    email: String,
    /// 6 to 256 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 6, max_length = 256)]
    password: String,
    /// 2 to 100 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    temple_name: String,
    #[serde(default)]
    address: String,
    #[serde(default)]
    phone: String,
    /// The temple's public e-mail.
    #[serde(default)]
    temple_email: String,
    /// An IANA zone name; `America/Los_Angeles` when empty.
    #[serde(default)]
    time_zone: String,
    /// The temple's latitude for the panchangam, degrees north (-60 to 60); Folsom, CA when absent.
    #[serde(default)]
    #[schema(minimum = -60, maximum = 60)]
    latitude: Option<f64>,
    /// Degrees east (-180 to 180; west is negative); Folsom, CA when absent.
    #[serde(default)]
    #[schema(minimum = -180, maximum = 180)]
    longitude: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct SetupResponse {
    message: String,
    /// The admin's e-mail, to sign in with.
    email: String,
}

/// Whether a setup link still works: it is the newest one and no admin exists yet.
#[utoipa::path(operation_id = "checkSetup", tag = "setup", request_body = SetupTokenRequest, responses(
    (status = 204, description = "The link works"), (status = 404, body = ErrorBody, description = "Used, replaced, or an admin exists")
))]
#[post("/api/setup/check")]
async fn check_setup(state: web::Data<AppState>, body: JsonBody<SetupTokenRequest>) -> Result<HttpResponse, ApiError> {
    state.setup.check(&body.token).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Creates the first admin (e-mail verified) and saves the temple's name, address, phone, e-mail
/// and time zone; the link stops working. Then sign in as usual.
#[utoipa::path(operation_id = "completeSetup", tag = "setup", request_body = SetupRequest, responses(
    (status = 201, body = SetupResponse), (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "Used, replaced, or an admin exists"),
    (status = 409, body = ErrorBody, description = "An account with this e-mail already exists")
))]
#[post("/api/setup")]
async fn complete_setup(state: web::Data<AppState>, body: JsonBody<SetupRequest>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = SetupInput {
        first_name: b.first_name,
        last_name: b.last_name,
        email: b.email,
        password: b.password,
        temple_name: b.temple_name,
        address: b.address,
        phone: b.phone,
        temple_email: b.temple_email,
        time_zone: b.time_zone,
        latitude: b.latitude,
        longitude: b.longitude,
    };
    let admin = state.setup.complete(&b.token, input).await?;
    Ok(HttpResponse::Created().json(SetupResponse {
        message: "Setup is complete. Sign in with your new admin account.".to_owned(),
        email: admin.email.as_str().to_owned(),
    }))
}

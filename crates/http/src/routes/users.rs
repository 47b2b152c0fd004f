use actix_web::{get, put, web};
use mandir_domain::user::ProfileInput;
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::dto::UserDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(me, update_me), components(schemas(UserDto, UpdateProfileRequest)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(me).service(update_me);
}

/// The signed-in member, with their gotram.
#[utoipa::path(tag = "users", security(("bearer" = [])), responses((status = 200, body = UserDto), (status = 401, body = ErrorBody)))]
#[get("/api/users/me")]
async fn me(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<UserDto>, ApiError> {
    Ok(web::Json(state.profile.profile_of(user.0).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileRequest {
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    last_name: String,
    phone_number: Option<String>,
    gotram_id: Option<i32>,
}

/// Updates the signed-in member's own profile.
#[utoipa::path(tag = "users", security(("bearer" = [])), request_body = UpdateProfileRequest, responses(
    (status = 200, body = UserDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)
))]
#[put("/api/users/me")]
async fn update_me(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UpdateProfileRequest>,
) -> Result<web::Json<UserDto>, ApiError> {
    let b = body.into_inner();
    let input = ProfileInput { first_name: b.first_name, last_name: b.last_name, phone_number: b.phone_number, gotram_id: b.gotram_id };
    Ok(web::Json(state.profile.update_own(&user.actor(), input).await?.into()))
}

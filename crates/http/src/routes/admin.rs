use actix_web::{post, web};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::dto::UserDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(set_admin, remove_admin), components(schemas(AdminEmailRequest, AdminChangeResponse)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(set_admin).service(remove_admin);
}

#[derive(Deserialize, ToSchema)]
pub struct AdminEmailRequest {
    #[serde(default)]
    email: String,
}

#[derive(Serialize, ToSchema)]
pub struct AdminChangeResponse {
    message: String,
    user: UserDto,
}

/// Grants admin rights to the member with this e-mail (admins). Takes effect at once.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminEmailRequest, responses(
    (status = 200, body = AdminChangeResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[post("/api/admin/set-admin")]
async fn set_admin(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<AdminEmailRequest>,
) -> Result<web::Json<AdminChangeResponse>, ApiError> {
    let granted = state.admin.set_admin(&user.actor(), &body.email).await?;
    let message = format!("User {} has been granted admin privileges", granted.email);
    Ok(web::Json(AdminChangeResponse { message, user: state.profile.profile_of(granted).await?.into() }))
}

/// Removes admin rights from the member with this e-mail (admins; not oneself).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminEmailRequest, responses(
    (status = 200, body = AdminChangeResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[post("/api/admin/remove-admin")]
async fn remove_admin(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<AdminEmailRequest>,
) -> Result<web::Json<AdminChangeResponse>, ApiError> {
    let removed = state.admin.remove_admin(&user.actor(), &body.email).await?;
    let message = format!("Admin privileges have been removed from {}", removed.email);
    Ok(web::Json(AdminChangeResponse { message, user: state.profile.profile_of(removed).await?.into() }))
}

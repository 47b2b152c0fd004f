use actix_web::{get, put, web};
use mandir_domain::patch::Patch;
use mandir_domain::user::ProfileInput;
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::dto::{UserDto, double_option};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(me, update_me), components(schemas(UserDto, UpdateProfileRequest)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(me).service(update_me);
}

/// The signed-in member, with their gotram.
#[utoipa::path(operation_id = "getMe", tag = "users", security(("bearer" = [])), responses((status = 200, body = UserDto), (status = 401, body = ErrorBody)))]
#[get("/api/users/me")]
async fn me(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<UserDto>, ApiError> {
    Ok(web::Json(state.profile.profile_of(user.0).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileRequest {
    /// At least 2 characters after trimming; one line, no `<`, `>` or links.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    first_name: String,
    /// At least 2 characters after trimming; one line, no `<`, `>` or links.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    last_name: String,
    /// At most 32 characters after trimming; blank or null for none.
    phone_number: Option<String>,
    gotram_id: Option<i32>,
    /// The member's own gotram when it is not in the list, at most 100 characters: absent keeps
    /// it, null or blank clears it.
    #[serde(default, deserialize_with = "crate::dto::double_option")]
    #[schema(value_type = Option<String>)]
    custom_gotram: Option<Option<String>>,
    /// Optional mailing address for receipts (lines separated by newlines, at most 500
    /// characters); absent keeps it, null or blank clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>, max_length = 500)]
    mailing_address: Option<Option<String>>,
}

impl From<UpdateProfileRequest> for ProfileInput {
    fn from(b: UpdateProfileRequest) -> Self {
        ProfileInput {
            first_name: b.first_name,
            last_name: b.last_name,
            phone_number: b.phone_number,
            gotram_id: b.gotram_id,
            custom_gotram: b.custom_gotram,
            mailing_address: Patch::from_option(b.mailing_address),
        }
    }
}

/// Updates the signed-in member's own profile.
#[utoipa::path(operation_id = "updateMe", tag = "users", security(("bearer" = [])), request_body = UpdateProfileRequest, responses(
    (status = 200, body = UserDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)
))]
#[put("/api/users/me")]
async fn update_me(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<UpdateProfileRequest>,
) -> Result<web::Json<UserDto>, ApiError> {
    let input = ProfileInput::from(body.into_inner());
    Ok(web::Json(state.profile.update_own(&user.actor(), input).await?.into()))
}

//! `/api/users/me/family`: the family members saved in the caller's profile, picked as the people
//! of a seva's sankalpam.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_domain::family_member::{FamilyMember, FamilyMemberInput, PersonInput};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(list, create, update, remove), components(schemas(FamilyMemberDto, FamilyMemberRequest)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/api/users/me/family")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(list))
            .route(web::post().to(create)),
    )
    .service(
        web::resource("/api/users/me/family/{id}")
            .default_service(web::to(super::unmatched))
            .route(web::put().to(update))
            .route(web::delete().to(remove)),
    );
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyMemberDto {
    pub id: String,
    pub name: String,
    /// "Mother", "Son", ...
    pub relation: Option<String>,
    pub gotram: Option<String>,
    pub nakshatram: Option<String>,
    pub rasi: Option<String>,
    /// "YYYY-MM-DD".
    pub birth_date: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<FamilyMember> for FamilyMemberDto {
    fn from(m: FamilyMember) -> Self {
        Self {
            id: m.id.into(),
            name: m.person.name,
            relation: m.relation,
            gotram: m.person.gotram,
            nakshatram: m.person.nakshatram,
            rasi: m.person.rasi,
            birth_date: m.birth_date.map(|d| d.format("%Y-%m-%d").to_string()),
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyMemberRequest {
    /// 1 to 100 characters (besides spaces around them).
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"\S", max_length = 100)]
    name: Option<String>,
    /// At most 50 characters.
    #[serde(default)]
    relation: Option<String>,
    /// At most 100 characters.
    #[serde(default)]
    gotram: Option<String>,
    /// At most 50 characters.
    #[serde(default)]
    nakshatram: Option<String>,
    /// At most 50 characters.
    #[serde(default)]
    rasi: Option<String>,
    /// "YYYY-MM-DD", not in the future; blank or null for none.
    #[serde(default)]
    birth_date: Option<String>,
}

impl From<FamilyMemberRequest> for FamilyMemberInput {
    fn from(b: FamilyMemberRequest) -> Self {
        FamilyMemberInput {
            person: PersonInput { name: b.name.unwrap_or_default(), gotram: b.gotram, nakshatram: b.nakshatram, rasi: b.rasi },
            relation: b.relation,
            birth_date: b.birth_date,
        }
    }
}

/// The caller's family members, in the order added.
#[utoipa::path(operation_id = "listFamilyMembers", get, path = "/api/users/me/family", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = [FamilyMemberDto]), (status = 401, body = ErrorBody)))]
async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<FamilyMemberDto>>, ApiError> {
    Ok(web::Json(state.family_members.list(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Adds a family member (at most 30).
#[utoipa::path(operation_id = "createFamilyMember", post, path = "/api/users/me/family", tag = "users", security(("bearer" = [])),
    request_body = FamilyMemberRequest, responses((status = 201, body = FamilyMemberDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<FamilyMemberRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.family_members.create(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(FamilyMemberDto::from(created)))
}

/// Replaces every field of one of the caller's family members (404 for anyone else's).
#[utoipa::path(operation_id = "updateFamilyMember", put, path = "/api/users/me/family/{id}", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = FamilyMemberRequest, responses(
    (status = 200, body = FamilyMemberDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<FamilyMemberRequest>,
) -> Result<web::Json<FamilyMemberDto>, ApiError> {
    Ok(web::Json(state.family_members.update(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?.into()))
}

/// Removes one of the caller's family members.
#[utoipa::path(operation_id = "deleteFamilyMember", delete, path = "/api/users/me/family/{id}", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)), responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.family_members.delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

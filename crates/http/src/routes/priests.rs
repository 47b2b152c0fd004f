//! `/api/priests`: the temple's priests in the admins' order, with photos uploaded inline and
//! served like event images (ADR 0004, ADR 0086).

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_domain::priest::{Priest, PriestInput};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody, json_config};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(list, create, update, remove, reorder, photo), components(schemas(PriestDto, PriestRequest, PriestOrderRequest)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // Inline photos make bodies as large as event bodies.
    cfg.service(web::resource("/api/priests/order").default_service(web::to(super::unmatched)).route(web::put().to(reorder)))
        .service(web::resource("/api/priests/{id}/photo").default_service(web::to(super::unmatched)).route(web::get().to(photo)))
        .service(
            web::resource("/api/priests")
                .app_data(json_config(crate::EVENT_JSON_LIMIT))
                .default_service(web::to(super::unmatched))
                .route(web::get().to(list))
                .route(web::post().to(create)),
        )
        .service(
            web::resource("/api/priests/{id}")
                .app_data(json_config(crate::EVENT_JSON_LIMIT))
                .default_service(web::to(super::unmatched))
                .route(web::put().to(update))
                .route(web::delete().to(remove)),
        );
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriestDto {
    pub id: String,
    pub name: String,
    pub title: Option<String>,
    pub bio: Option<String>,
    pub specialties: Vec<String>,
    /// `/api/priests/{id}/photo?v={hash}`, cached for a year; null without a photo.
    pub photo_url: Option<String>,
    /// 0 first.
    pub position: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Priest> for PriestDto {
    fn from(p: Priest) -> Self {
        Self {
            id: p.id.into(),
            name: p.name,
            title: p.title,
            bio: p.bio,
            specialties: p.specialties,
            photo_url: p.photo_url,
            position: p.position,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriestRequest {
    /// 2 to 100 characters after trimming ("Name is required").
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 2)]
    name: Option<String>,
    /// At most 100 characters; blank or null for none.
    #[serde(default)]
    title: Option<String>,
    /// At most 2000 characters; blank or null for none.
    #[serde(default)]
    bio: Option<String>,
    /// At most 10, each at most 50 characters; blanks and repeats are dropped.
    #[serde(default)]
    specialties: Option<Vec<String>>,
    /// A data URL of a JPEG, PNG, GIF or WebP image of at most 5 MB; the priest's current
    /// `photoUrl` to keep it; null or absent for no photo.
    #[serde(default)]
    photo: Option<String>,
}

impl From<PriestRequest> for PriestInput {
    fn from(b: PriestRequest) -> Self {
        PriestInput {
            name: b.name.unwrap_or_default(),
            title: b.title,
            bio: b.bio,
            specialties: b.specialties.unwrap_or_default(),
            photo: b.photo,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriestOrderRequest {
    /// Every priest's id exactly once, first shown first.
    #[serde(default)]
    #[schema(value_type = Vec<String>, required = true)]
    ids: Option<Vec<String>>,
}

/// Every priest, in the admins' order.
#[utoipa::path(operation_id = "listPriests", get, path = "/api/priests", tag = "priests", responses((status = 200, body = [PriestDto])))]
async fn list(state: web::Data<AppState>) -> Result<web::Json<Vec<PriestDto>>, ApiError> {
    Ok(web::Json(priests_dto(&state).await?))
}

/// The answer of `GET /api/priests` (also the home page's data block).
pub(crate) async fn priests_dto(state: &AppState) -> Result<Vec<PriestDto>, ApiError> {
    Ok(state.priests.list().await?.into_iter().map(Into::into).collect())
}

/// Adds a priest after the others (admins).
#[utoipa::path(operation_id = "createPriest", post, path = "/api/priests", tag = "priests", security(("bearer" = [])), request_body = PriestRequest, responses(
    (status = 201, body = PriestDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<PriestRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.priests.create(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(PriestDto::from(created)))
}

/// Replaces every field of a priest (admins); `photo` keeps, replaces or removes the photo.
#[utoipa::path(operation_id = "updatePriest", put, path = "/api/priests/{id}", tag = "priests", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = PriestRequest, responses(
    (status = 200, body = PriestDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<PriestRequest>,
) -> Result<web::Json<PriestDto>, ApiError> {
    Ok(web::Json(state.priests.update(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?.into()))
}

/// Removes a priest and their photo (admins).
#[utoipa::path(operation_id = "deletePriest", delete, path = "/api/priests/{id}", tag = "priests", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.priests.delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Puts the priests in a new order (admins): every priest's id exactly once. Answers the list.
#[utoipa::path(operation_id = "reorderPriests", put, path = "/api/priests/order", tag = "priests", security(("bearer" = [])), request_body = PriestOrderRequest, responses(
    (status = 200, body = [PriestDto]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn reorder(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<PriestOrderRequest>,
) -> Result<web::Json<Vec<PriestDto>>, ApiError> {
    let ids = body.into_inner().ids.unwrap_or_default().into_iter().map(Into::into).collect();
    Ok(web::Json(state.priests.reorder(&user.actor(), ids).await?.into_iter().map(Into::into).collect()))
}

/// A priest's uploaded photo. Its URL carries a content hash, so it is cached for a year.
#[utoipa::path(operation_id = "getPriestPhoto", get, path = "/api/priests/{id}/photo", tag = "priests", params(("id" = String, Path)), responses((status = 200, content_type = "image/*"), (status = 404, body = ErrorBody)))]
async fn photo(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let image = state.priests.photo(&path.into_inner().into()).await?;
    Ok(crate::image::immutable_image(&req, image))
}

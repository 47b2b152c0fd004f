use std::sync::Arc;

use actix_web::http::header::{self, CacheControl, CacheDirective, ETag, EntityTag};
use actix_web::{HttpRequest, HttpResponse, delete, get, web};
use mandir_domain::event::{EventPatchInput, NewEventInput, Patch};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::dto::{EventDto, double_option};
use crate::error::{ApiError, ErrorBody, json_config};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list, create, get_one, update, remove, force_remove, image),
    components(schemas(EventDto, CreateEventRequest, UpdateEventRequest, ForceDeleteResponse, RelatedRecordsDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // Inline images make event bodies larger than the default allowance.
    cfg.service(force_remove)
        .service(image)
        .service(
            web::resource("/api/events")
                .app_data(json_config(crate::EVENT_JSON_LIMIT))
                .route(web::get().to(list))
                .route(web::post().to(create)),
        )
        .service(
            web::resource("/api/events/{id}")
                .app_data(json_config(crate::EVENT_JSON_LIMIT))
                .route(web::get().to(get_one))
                .route(web::patch().to(update))
                .route(web::delete().to(remove)),
        );
}

/// Every event, by date, with its people count.
#[utoipa::path(get, path = "/api/events", tag = "events", responses((status = 200, body = [EventDto])))]
async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let events = state.events.list().await?;
    let cached = state.events_json.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
    let body = match cached {
        // The service answers with the very same list while it is cached: reuse its JSON.
        Some((list, body)) if Arc::ptr_eq(&list, &events) => body,
        _ => {
            let dtos: Vec<EventDto> = events.iter().cloned().map(Into::into).collect();
            let body = web::Bytes::from(serde_json::to_vec(&dtos).map_err(|e| {
                tracing::error!(error = %e, "serializing events");
                ApiError::new(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong")
            })?);
            *state.events_json.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some((events, body.clone()));
            body
        }
    };
    Ok(HttpResponse::Ok().content_type("application/json").body(body))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateEventRequest {
    #[serde(default)]
    name: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    location: String,
    /// ISO 8601 date-time with offset.
    event_date: Option<String>,
    /// An http(s) URL or a base64 data URL (JPEG, PNG, GIF or WebP, at most 5 MB).
    image_url: Option<String>,
    /// Maximum number of people; none for unlimited.
    capacity: Option<i64>,
}

/// Creates an event (admins).
#[utoipa::path(post, path = "/api/events", tag = "events", security(("bearer" = [])), request_body = CreateEventRequest, responses(
    (status = 201, body = EventDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody)
))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: web::Json<CreateEventRequest>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = NewEventInput {
        name: b.name,
        description: b.description.unwrap_or_default(),
        location: b.location,
        event_date: b.event_date,
        image_url: b.image_url,
        capacity: b.capacity,
    };
    let event = state.events.create(&user.actor(), input).await?;
    Ok(HttpResponse::Created().json(EventDto::from(event)))
}

#[utoipa::path(get, path = "/api/events/{id}", tag = "events", params(("id" = String, Path)), responses((status = 200, body = EventDto), (status = 404, body = ErrorBody)))]
async fn get_one(state: web::Data<AppState>, path: web::Path<String>) -> Result<web::Json<EventDto>, ApiError> {
    Ok(web::Json(state.events.get(&path).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEventRequest {
    name: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    description: Option<Option<String>>,
    location: Option<String>,
    event_date: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    image_url: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>)]
    capacity: Option<Option<i64>>,
}

/// Changes any of the event's fields (admins). `null` clears description, image or capacity.
#[utoipa::path(patch, path = "/api/events/{id}", tag = "events", security(("bearer" = [])), params(("id" = String, Path)), request_body = UpdateEventRequest, responses(
    (status = 200, body = EventDto), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<UpdateEventRequest>,
) -> Result<web::Json<EventDto>, ApiError> {
    let b = body.into_inner();
    let input = EventPatchInput {
        name: b.name,
        description: Patch::from_option(b.description),
        location: b.location,
        event_date: b.event_date,
        image_url: Patch::from_option(b.image_url),
        capacity: Patch::from_option(b.capacity),
    };
    Ok(web::Json(state.events.update(&user.actor(), &path, input).await?.into()))
}

/// Deletes an event nothing refers to (admins); 409 when it has registrations, volunteers or
/// payments, so the UI can offer force delete.
#[utoipa::path(delete, path = "/api/events/{id}", tag = "events", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.events.delete(&user.actor(), &path).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Serialize, ToSchema)]
pub struct RelatedRecordsDto {
    attendees: u64,
    volunteers: u64,
    payments: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForceDeleteResponse {
    message: String,
    related_records: RelatedRecordsDto,
}

/// Deletes the event with its registrations and volunteers in one transaction (admins). Its
/// payments are kept, detached from the event, as the temple's financial record.
#[utoipa::path(tag = "events", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = ForceDeleteResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[delete("/api/events/{id}/force")]
async fn force_remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<ForceDeleteResponse>, ApiError> {
    let related = state.events.force_delete(&user.actor(), &path).await?;
    Ok(web::Json(ForceDeleteResponse {
        message: format!(
            "Event deleted with {} registrations and {} volunteers; {} payments were kept for the records",
            related.attendees, related.volunteers, related.payments
        ),
        related_records: RelatedRecordsDto { attendees: related.attendees, volunteers: related.volunteers, payments: related.payments },
    }))
}

/// The uploaded image of an event. Its URL carries a content hash, so it is cached for a year.
#[utoipa::path(tag = "events", params(("id" = String, Path)), responses((status = 200, content_type = "image/*"), (status = 404, body = ErrorBody)))]
#[get("/api/events/{id}/image")]
async fn image(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let image = state.events.image(&path).await?;
    let tag = EntityTag::new_strong(image.etag.clone());
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim().trim_matches('"') == image.etag));
    let cache =
        CacheControl(vec![CacheDirective::Public, CacheDirective::MaxAge(31_536_000), CacheDirective::Extension("immutable".into(), None)]);
    if matches {
        return Ok(HttpResponse::NotModified().insert_header(ETag(tag)).insert_header(cache).finish());
    }
    Ok(HttpResponse::Ok().content_type(image.content_type).insert_header(ETag(tag)).insert_header(cache).body(image.bytes))
}

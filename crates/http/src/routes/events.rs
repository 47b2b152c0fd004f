use actix_web::{HttpRequest, HttpResponse, delete, get, web};
use mandir_domain::event::{EventPatchInput, NewEventInput};
use mandir_domain::patch::Patch;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
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
                .default_service(web::to(super::unmatched))
                .route(web::get().to(list))
                .route(web::post().to(create)),
        )
        .service(
            web::resource("/api/events/{id}")
                .app_data(json_config(crate::EVENT_JSON_LIMIT))
                .default_service(web::to(super::unmatched))
                .route(web::get().to(get_one))
                .route(web::patch().to(update))
                .route(web::delete().to(remove)),
        );
}

/// Every event, by date, with its people count.
#[utoipa::path(operation_id = "listEvents", get, path = "/api/events", tag = "events", responses((status = 200, body = [EventDto])))]
async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let events = state.events.list().await?;
    let body = state.events_json.list_body(events).map_err(serializing_events)?;
    Ok(HttpResponse::Ok().content_type("application/json").body(body))
}

pub(crate) fn serializing_events(e: serde_json::Error) -> ApiError {
    tracing::error!(error = %e, "serializing events");
    ApiError::new(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong")
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateEventRequest {
    /// 3 to 200 characters after trimming.
    #[serde(default)]
    #[schema(required = true, min_length = 3)]
    name: String,
    /// 10 to 10,000 characters after trimming.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 10)]
    description: Option<String>,
    /// 3 to 300 characters after trimming.
    #[serde(default)]
    #[schema(required = true, min_length = 3)]
    location: String,
    /// ISO 8601 (RFC 3339) date-time with offset, in the future.
    #[schema(value_type = String, required = true, format = DateTime)]
    event_date: Option<String>,
    /// An http(s) URL or a base64 data URL (JPEG, PNG, GIF or WebP, at most 5 MB).
    image_url: Option<String>,
    /// Maximum number of people, 1 to 100,000; none for unlimited.
    #[schema(minimum = 1, maximum = 100_000)]
    capacity: Option<i64>,
}

impl From<CreateEventRequest> for NewEventInput {
    fn from(b: CreateEventRequest) -> Self {
        NewEventInput {
            name: b.name,
            description: b.description.unwrap_or_default(),
            location: b.location,
            event_date: b.event_date,
            image_url: b.image_url,
            capacity: b.capacity,
        }
    }
}

/// Creates an event (admins).
#[utoipa::path(operation_id = "createEvent", post, path = "/api/events", tag = "events", security(("bearer" = [])), request_body = CreateEventRequest, responses(
    (status = 201, body = EventDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody)
))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<CreateEventRequest>) -> Result<HttpResponse, ApiError> {
    let input = NewEventInput::from(body.into_inner());
    let event = state.events.create(&user.actor(), input).await?;
    Ok(HttpResponse::Created().json(EventDto::from(event)))
}

#[utoipa::path(operation_id = "getEvent", get, path = "/api/events/{id}", tag = "events", params(("id" = String, Path)), responses((status = 200, body = EventDto), (status = 404, body = ErrorBody)))]
async fn get_one(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner().into();
    // `EventService::get` answers from the list when the list holds the event: so does its JSON,
    // rendered once per list.
    let events = state.events.list().await?;
    if let Some(body) = state.events_json.event_body(events, &id).map_err(serializing_events)? {
        return Ok(HttpResponse::Ok().content_type("application/json").body(body));
    }
    Ok(HttpResponse::Ok().json(EventDto::from(state.events.get(&id).await?)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEventRequest {
    /// 3 to 200 characters after trimming.
    #[schema(min_length = 3)]
    name: Option<String>,
    /// 10 to 10,000 characters after trimming; null or blank clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    description: Option<Option<String>>,
    /// 3 to 300 characters after trimming.
    #[schema(min_length = 3)]
    location: Option<String>,
    /// ISO 8601 (RFC 3339) date-time with offset.
    #[schema(format = DateTime)]
    event_date: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    image_url: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100_000)]
    capacity: Option<Option<i64>>,
}

impl From<UpdateEventRequest> for EventPatchInput {
    fn from(b: UpdateEventRequest) -> Self {
        EventPatchInput {
            name: b.name,
            description: Patch::from_option(b.description),
            location: b.location,
            event_date: b.event_date,
            image_url: Patch::from_option(b.image_url),
            capacity: Patch::from_option(b.capacity),
        }
    }
}

/// Changes any of the event's fields (admins). `null` clears description, image or capacity.
#[utoipa::path(operation_id = "updateEvent", patch, path = "/api/events/{id}", tag = "events", security(("bearer" = [])), params(("id" = String, Path)), request_body = UpdateEventRequest, responses(
    (status = 200, body = EventDto), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<UpdateEventRequest>,
) -> Result<web::Json<EventDto>, ApiError> {
    let input = EventPatchInput::from(body.into_inner());
    Ok(web::Json(state.events.update(&user.actor(), &path.into_inner().into(), input).await?.into()))
}

/// Deletes an event nothing refers to (admins); 409 when it has registrations, volunteers or
/// payments, so the UI can offer force delete.
#[utoipa::path(operation_id = "deleteEvent", delete, path = "/api/events/{id}", tag = "events", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.events.delete(&user.actor(), &path.into_inner().into()).await?;
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
#[utoipa::path(operation_id = "forceDeleteEvent", tag = "events", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = ForceDeleteResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[delete("/api/events/{id}/force")]
async fn force_remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<ForceDeleteResponse>, ApiError> {
    let related = state.events.force_delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(ForceDeleteResponse {
        message: format!(
            "Event deleted with {} registrations and {} volunteers; {} payments were kept for the records",
            related.attendees, related.volunteers, related.payments
        ),
        related_records: RelatedRecordsDto { attendees: related.attendees, volunteers: related.volunteers, payments: related.payments },
    }))
}

fn image_width_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some(mandir_domain::image::IMAGE_VARIANT_WIDTHS.map(serde_json::Value::from)))
        .build()
        .into()
}

/// `?w=`: the width of the picture's WebP copy wanted (for `srcset`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ImageQuery {
    /// 480, 960 or 1440: the picture as WebP at most this wide (the picture itself when no smaller
    /// copy can be made, as for an animated GIF). Without it, the picture as uploaded.
    #[param(schema_with = image_width_schema)]
    w: Option<u32>,
}

/// The uploaded image of an event, or its WebP copy at a width. Its URL carries a content hash,
/// so it is cached for a year.
#[utoipa::path(operation_id = "getEventImage", tag = "events", params(("id" = String, Path), ImageQuery), responses(
    (status = 200, content_type = "image/*"), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/image")]
async fn image(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<ImageQuery>,
) -> Result<HttpResponse, ApiError> {
    let image = state.events.image(&path.into_inner().into()).await?;
    let image = match query.w {
        Some(width) => state.image_variants.webp(image, width).await?,
        None => image,
    };
    Ok(crate::image::immutable_image(&req, image))
}

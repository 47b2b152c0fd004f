//! Event registrations: `/api/events/{id}/register`, `/api/events/{id}/attendee(s)` and
//! `/api/users/{userId}/events`.

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use mandir_domain::registration::{Attendee, AttendeeWithContact, RegistrationInput};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::dto::EventDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(register, own, update_own, cancel_own, attendees, user_events),
    components(schemas(AttendeeDto, AttendeeWithContactDto, UserEventDto, RegistrationRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(register).service(own).service(update_own).service(cancel_own).service(attendees).service(user_events);
}

/// A registration.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendeeDto {
    pub id: String,
    pub event_id: String,
    pub user_id: String,
    pub number_of_family_members: i32,
    pub additional_notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Attendee> for AttendeeDto {
    fn from(a: Attendee) -> Self {
        Self {
            id: a.id,
            event_id: a.event_id,
            user_id: a.user_id,
            number_of_family_members: a.number_of_family_members,
            additional_notes: a.additional_notes,
            created_at: a.created_at,
            updated_at: a.updated_at,
        }
    }
}

/// A registration with the member's contact details (the admins' attendee list).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendeeWithContactDto {
    #[serde(flatten)]
    pub attendee: AttendeeDto,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
}

impl From<AttendeeWithContact> for AttendeeWithContactDto {
    fn from(a: AttendeeWithContact) -> Self {
        Self { attendee: a.attendee.into(), first_name: a.first_name, last_name: a.last_name, email: a.email, phone_number: a.phone_number }
    }
}

/// One of a member's registrations with its event.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserEventDto {
    pub event: EventDto,
    pub attendee: AttendeeDto,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistrationRequest {
    /// Family members coming with the member: a whole number from 0 to 50 (default 0).
    #[schema(value_type = Option<i32>, minimum = 0, maximum = 50)]
    number_of_family_members: Option<f64>,
    /// At most 1000 characters.
    additional_notes: Option<String>,
}

impl From<RegistrationRequest> for RegistrationInput {
    fn from(b: RegistrationRequest) -> Self {
        Self { number_of_family_members: b.number_of_family_members, additional_notes: b.additional_notes }
    }
}

/// Registers the signed-in member (and their family) for an upcoming event. One registration per
/// member and event: a second one, even concurrent, answers 409. Refused with 400 once the event
/// has started or when its capacity (people) has too few spots left.
#[utoipa::path(tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), request_body = RegistrationRequest, responses(
    (status = 201, body = AttendeeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/events/{id}/register")]
async fn register(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<RegistrationRequest>,
) -> Result<HttpResponse, ApiError> {
    let attendee = state.registrations.register(&user.actor(), &path, body.into_inner().into()).await?;
    // The events list shows people counts: this process shows the change at once.
    state.events.invalidate_list();
    Ok(HttpResponse::Created().json(AttendeeDto::from(attendee)))
}

/// The signed-in member's own registration for the event; 404 when they are not registered.
#[utoipa::path(tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = AttendeeDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/attendee")]
async fn own(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<AttendeeDto>, ApiError> {
    Ok(web::Json(state.registrations.get_own(&user.actor(), &path).await?.into()))
}

/// Replaces the family count and notes of the signed-in member's registration, within the event's
/// capacity and until it starts.
#[utoipa::path(tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), request_body = RegistrationRequest, responses(
    (status = 200, body = AttendeeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[put("/api/events/{id}/attendee")]
async fn update_own(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<RegistrationRequest>,
) -> Result<web::Json<AttendeeDto>, ApiError> {
    let attendee = state.registrations.update_own(&user.actor(), &path, body.into_inner().into()).await?;
    state.events.invalidate_list();
    Ok(web::Json(attendee.into()))
}

/// Cancels the signed-in member's registration (until the event starts).
#[utoipa::path(tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[delete("/api/events/{id}/attendee")]
async fn cancel_own(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.registrations.cancel_own(&user.actor(), &path).await?;
    state.events.invalidate_list();
    Ok(HttpResponse::NoContent().finish())
}

/// Every registration of the event with the members' contact details, oldest first (admins).
#[utoipa::path(tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [AttendeeWithContactDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/attendees")]
async fn attendees(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<AttendeeWithContactDto>>, ApiError> {
    Ok(web::Json(state.registrations.attendees(&user.actor(), &path).await?.into_iter().map(Into::into).collect()))
}

/// A member's registrations with their events, by event date: for that member or an admin.
#[utoipa::path(tag = "registrations", security(("bearer" = [])), params(("userId" = String, Path)), responses(
    (status = 200, body = [UserEventDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/users/{userId}/events")]
async fn user_events(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<UserEventDto>>, ApiError> {
    let pairs = state.registrations.events_of_user(&user.actor(), &path).await?;
    Ok(web::Json(pairs.into_iter().map(|(event, attendee)| UserEventDto { event: event.into(), attendee: attendee.into() }).collect()))
}

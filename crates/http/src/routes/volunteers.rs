//! Volunteers: `/api/events/{id}/volunteers[/me|/count|/{volunteerId}]`.

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use mandir_domain::volunteer::{Availability, ContactPreference, Volunteer, VolunteerInput, VolunteerPreference};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(create, list, own, count, withdraw),
    components(schemas(VolunteerDto, VolunteerRequest, VolunteerCountDto, ContactPreferenceDto, VolunteerPreferenceDto, AvailabilityDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `me` and `count` before `{volunteerId}`.
    cfg.service(own).service(count).service(create).service(list).service(withdraw);
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContactPreferenceDto {
    Email,
    Text,
    Call,
    Whatsapp,
}

impl From<ContactPreference> for ContactPreferenceDto {
    fn from(value: ContactPreference) -> Self {
        match value {
            ContactPreference::Email => Self::Email,
            ContactPreference::Text => Self::Text,
            ContactPreference::Call => Self::Call,
            ContactPreference::Whatsapp => Self::Whatsapp,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum VolunteerPreferenceDto {
    DailyServices,
    Outreach,
    Logistics,
    Ritvik,
    Any,
}

impl From<VolunteerPreference> for VolunteerPreferenceDto {
    fn from(value: VolunteerPreference) -> Self {
        match value {
            VolunteerPreference::DailyServices => Self::DailyServices,
            VolunteerPreference::Outreach => Self::Outreach,
            VolunteerPreference::Logistics => Self::Logistics,
            VolunteerPreference::Ritvik => Self::Ritvik,
            VolunteerPreference::Any => Self::Any,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AvailabilityDto {
    Morning,
    Evening,
    Either,
}

impl From<Availability> for AvailabilityDto {
    fn from(value: Availability) -> Self {
        match value {
            Availability::Morning => Self::Morning,
            Availability::Evening => Self::Evening,
            Availability::Either => Self::Either,
        }
    }
}

/// A volunteer record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VolunteerDto {
    pub id: String,
    pub event_id: String,
    pub user_id: String,
    pub name: String,
    pub contact_number: String,
    pub contact_email: String,
    pub contact_preference: ContactPreferenceDto,
    pub volunteer_preference: VolunteerPreferenceDto,
    pub availability: AvailabilityDto,
    pub needs_certificate: bool,
    pub additional_notes: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Volunteer> for VolunteerDto {
    fn from(v: Volunteer) -> Self {
        Self {
            id: v.id,
            event_id: v.event_id,
            user_id: v.user_id,
            name: v.name,
            contact_number: v.contact_number,
            contact_email: v.contact_email.as_str().to_owned(),
            contact_preference: v.contact_preference.into(),
            volunteer_preference: v.volunteer_preference.into(),
            availability: v.availability.into(),
            needs_certificate: v.needs_certificate,
            additional_notes: v.additional_notes,
            created_at: v.created_at,
        }
    }
}

/// The volunteer form. The event is the one in the path; an `eventId` in the body is ignored.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VolunteerRequest {
    /// At least 2 characters.
    #[serde(default)]
    name: String,
    /// At least 10 characters.
    #[serde(default)]
    contact_number: String,
    #[serde(default)]
    contact_email: String,
    #[schema(value_type = ContactPreferenceDto)]
    contact_preference: Option<String>,
    #[schema(value_type = VolunteerPreferenceDto)]
    volunteer_preference: Option<String>,
    #[schema(value_type = AvailabilityDto)]
    availability: Option<String>,
    /// Defaults to false.
    needs_certificate: Option<bool>,
    /// At most 1000 characters.
    additional_notes: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VolunteerCountDto {
    pub count: u64,
}

/// Records the signed-in member as a volunteer for an upcoming event; one record per member and
/// event (409 for a second one).
#[utoipa::path(tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path)), request_body = VolunteerRequest, responses(
    (status = 201, body = VolunteerDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/events/{id}/volunteers")]
async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<VolunteerRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = VolunteerInput {
        name: b.name,
        contact_number: b.contact_number,
        contact_email: b.contact_email,
        contact_preference: b.contact_preference,
        volunteer_preference: b.volunteer_preference,
        availability: b.availability,
        needs_certificate: b.needs_certificate,
        additional_notes: b.additional_notes,
    };
    let volunteer = state.volunteers.volunteer(&user.actor(), &path, input).await?;
    Ok(HttpResponse::Created().json(VolunteerDto::from(volunteer)))
}

/// Every volunteer of the event with contact details, oldest first (admins).
#[utoipa::path(tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [VolunteerDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/volunteers")]
async fn list(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<Vec<VolunteerDto>>, ApiError> {
    Ok(web::Json(state.volunteers.list(&user.actor(), &path).await?.into_iter().map(Into::into).collect()))
}

/// The signed-in member's own volunteer record for the event; 404 when they are not volunteering.
#[utoipa::path(tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = VolunteerDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/volunteers/me")]
async fn own(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<VolunteerDto>, ApiError> {
    Ok(web::Json(state.volunteers.get_own(&user.actor(), &path).await?.into()))
}

/// How many volunteers the event has (anyone).
#[utoipa::path(tag = "volunteers", params(("id" = String, Path)), responses((status = 200, body = VolunteerCountDto), (status = 404, body = ErrorBody)))]
#[get("/api/events/{id}/volunteers/count")]
async fn count(state: web::Data<AppState>, path: web::Path<String>) -> Result<web::Json<VolunteerCountDto>, ApiError> {
    Ok(web::Json(VolunteerCountDto { count: state.volunteers.count(&path).await? }))
}

/// Withdraws a volunteer record: its owner (until the event starts) or an admin (any time).
/// Another member's record answers 404, as if it did not exist.
#[utoipa::path(tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path), ("volunteerId" = String, Path)), responses(
    (status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[delete("/api/events/{id}/volunteers/{volunteerId}")]
async fn withdraw(state: web::Data<AppState>, user: CurrentUser, path: web::Path<(String, String)>) -> Result<HttpResponse, ApiError> {
    let (event_id, volunteer_id) = path.into_inner();
    state.volunteers.withdraw(&user.actor(), &event_id, &volunteer_id).await?;
    Ok(HttpResponse::NoContent().finish())
}

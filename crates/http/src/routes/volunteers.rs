//! Volunteers: `/api/events/{id}/volunteers[/me|/count|/{volunteerId}]`.

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use mandir_domain::volunteer::{Availability, ContactPreference, Volunteer, VolunteerInput, VolunteerPreference};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::dto::EventDto;
use crate::error::{ApiError, ErrorBody};
use crate::routes::registrations::local_time;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(create, list, own, count, withdraw, user_volunteering, export_volunteers),
    components(schemas(
        VolunteerDto,
        UserVolunteeringDto,
        VolunteerRequest,
        VolunteerCountDto,
        ContactPreferenceDto,
        VolunteerPreferenceDto,
        AvailabilityDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `me` and `count` before `{volunteerId}`.
    cfg.service(own).service(count).service(create).service(list).service(withdraw).service(user_volunteering).service(export_volunteers);
}

crate::dto::text_enum_schema!(ContactPreferenceDto = ContactPreference::ALL.iter().map(|v| v.as_str()));
crate::dto::text_enum_schema!(VolunteerPreferenceDto = VolunteerPreference::ALL.iter().map(|v| v.as_str()));
crate::dto::text_enum_schema!(AvailabilityDto = Availability::ALL.iter().map(|v| v.as_str()));

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
    #[schema(value_type = ContactPreferenceDto)]
    pub contact_preference: ContactPreference,
    #[schema(value_type = VolunteerPreferenceDto)]
    pub volunteer_preference: VolunteerPreference,
    #[schema(value_type = AvailabilityDto)]
    pub availability: Availability,
    pub needs_certificate: bool,
    pub additional_notes: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Volunteer> for VolunteerDto {
    fn from(v: Volunteer) -> Self {
        Self {
            id: v.id.into(),
            event_id: v.event_id.into(),
            user_id: v.user_id.into(),
            name: v.name,
            contact_number: v.contact_number,
            contact_email: v.contact_email.as_str().to_owned(),
            contact_preference: v.contact_preference,
            volunteer_preference: v.volunteer_preference,
            availability: v.availability,
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
    /// 2 to 100 characters after trimming.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    name: String,
    /// 10 to 32 characters after trimming: digits (at least 7), spaces and `+ - ( ) .`.
    #[serde(default)]
    #[schema(required = true, min_length = 10)]
    contact_number: String,
    #[serde(default)]
    #[schema(required = true, format = Email, min_length = 5)]
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

impl From<VolunteerRequest> for VolunteerInput {
    fn from(b: VolunteerRequest) -> Self {
        VolunteerInput {
            name: b.name,
            contact_number: b.contact_number,
            contact_email: b.contact_email,
            contact_preference: b.contact_preference,
            volunteer_preference: b.volunteer_preference,
            availability: b.availability,
            needs_certificate: b.needs_certificate,
            additional_notes: b.additional_notes,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VolunteerCountDto {
    pub count: u64,
}

/// Records the signed-in member as a volunteer for an upcoming event; one record per member and
/// event (409 for a second one). Needs a verified e-mail.
#[utoipa::path(operation_id = "volunteerForEvent", tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path)), request_body = VolunteerRequest, responses(
    (status = 201, body = VolunteerDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "The member's e-mail is not verified (`code: email-not-verified`)"),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/events/{id}/volunteers")]
async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<VolunteerRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = VolunteerInput::from(body.into_inner());
    let volunteer = state.volunteers.volunteer(&user.actor(), &path.into_inner().into(), input).await?;
    Ok(HttpResponse::Created().json(VolunteerDto::from(volunteer)))
}

/// Every volunteer of the event with contact details, oldest first (admins).
#[utoipa::path(operation_id = "listEventVolunteers", tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [VolunteerDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/volunteers")]
async fn list(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<Vec<VolunteerDto>>, ApiError> {
    Ok(web::Json(state.volunteers.list(&user.actor(), &path.into_inner().into()).await?.into_iter().map(Into::into).collect()))
}

/// The signed-in member's own volunteer record for the event; 404 when they are not volunteering.
#[utoipa::path(operation_id = "getOwnVolunteerRecord", tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = VolunteerDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/volunteers/me")]
async fn own(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<VolunteerDto>, ApiError> {
    Ok(web::Json(state.volunteers.get_own(&user.actor(), &path.into_inner().into()).await?.into()))
}

/// How many volunteers the event has (anyone).
#[utoipa::path(operation_id = "countEventVolunteers", tag = "volunteers", params(("id" = String, Path)), responses((status = 200, body = VolunteerCountDto), (status = 404, body = ErrorBody)))]
#[get("/api/events/{id}/volunteers/count")]
async fn count(state: web::Data<AppState>, path: web::Path<String>) -> Result<web::Json<VolunteerCountDto>, ApiError> {
    Ok(web::Json(VolunteerCountDto { count: state.volunteers.count(&path.into_inner().into()).await? }))
}

/// Withdraws a volunteer record: its owner (until the event starts) or an admin (any time).
/// Another member's record answers 404, as if it did not exist.
#[utoipa::path(operation_id = "withdrawVolunteer", tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path), ("volunteerId" = String, Path)), responses(
    (status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[delete("/api/events/{id}/volunteers/{volunteerId}")]
async fn withdraw(state: web::Data<AppState>, user: CurrentUser, path: web::Path<(String, String)>) -> Result<HttpResponse, ApiError> {
    let (event_id, volunteer_id) = path.into_inner();
    state.volunteers.withdraw(&user.actor(), &event_id.into(), &volunteer_id.into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// One of a member's volunteer records with its event.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserVolunteeringDto {
    pub event: EventDto,
    pub volunteer: VolunteerDto,
}

/// A member's volunteer records with their events, by event date: for that member or an admin.
#[utoipa::path(operation_id = "listUserVolunteering", tag = "volunteers", security(("bearer" = [])), params(("userId" = String, Path)), responses(
    (status = 200, body = [UserVolunteeringDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/users/{userId}/volunteering")]
async fn user_volunteering(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<UserVolunteeringDto>>, ApiError> {
    let pairs = state.volunteers.events_of_user(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(
        pairs.into_iter().map(|(event, volunteer)| UserVolunteeringDto { event: event.into(), volunteer: volunteer.into() }).collect(),
    ))
}

pub const VOLUNTEERS_CSV_HEADER: [&str; 9] =
    ["Name", "Email", "Phone", "Contact preference", "Role", "Availability", "Certificate", "Notes", "Signed up"];

/// The event's volunteers as CSV, oldest first; times in the temple's zone (admins).
#[utoipa::path(operation_id = "exportEventVolunteers", tag = "volunteers", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, content_type = "text/csv", body = String, description = "Name, Email, Phone, Contact preference, Role, Availability, Certificate, Notes, Signed up"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/volunteers.csv")]
async fn export_volunteers(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let volunteers = state.volunteers.export(&user.actor(), &path.into_inner().into()).await?;
    let zone = state.payments.temple_zone().await?;
    let rows = volunteers.into_iter().map(|v| {
        vec![
            v.name,
            v.contact_email.as_str().to_owned(),
            v.contact_number,
            v.contact_preference.as_str().to_owned(),
            v.volunteer_preference.as_str().to_owned(),
            v.availability.as_str().to_owned(),
            if v.needs_certificate { "yes" } else { "no" }.to_owned(),
            v.additional_notes.unwrap_or_default(),
            local_time(v.created_at, zone),
        ]
    });
    csv_response("volunteers.csv", &VOLUNTEERS_CSV_HEADER, rows)
}

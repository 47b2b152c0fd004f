//! Event registrations: `/api/events/{id}/register`, `/api/events/{id}/attendee(s)`,
//! `/api/events/{id}/waitlist[/me]` and `/api/users/{userId}/events`.

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use mandir_domain::registration::{Attendee, AttendeeWithContact, RegistrationInput, WaitlistEntry, WaitlistEntryWithContact};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::dto::EventDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        register,
        own,
        own_qr,
        update_own,
        cancel_own,
        attendees,
        user_events,
        join_waitlist,
        own_waitlist_entry,
        leave_waitlist,
        waitlist,
        door_list,
        export_attendees
    ),
    components(schemas(
        AttendeeDto,
        AttendeeWithContactDto,
        UserEventDto,
        RegistrationRequest,
        WaitlistEntryDto,
        WaitlistEntryWithContactDto,
        DoorListEntryDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(register)
        .service(own)
        .service(own_qr)
        .service(update_own)
        .service(cancel_own)
        .service(attendees)
        .service(user_events)
        .service(join_waitlist)
        .service(own_waitlist_entry)
        .service(leave_waitlist)
        .service(waitlist)
        .service(door_list)
        .service(export_attendees);
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
    /// When an admin marked the party arrived at the door; null until then.
    pub checked_in_at: Option<DateTime<Utc>>,
    /// `ABCD-2345`: the code the member shows at the door (its QR code is on the dashboard and in
    /// the confirmation e-mail).
    pub confirmation_code: Option<String>,
}

impl From<Attendee> for AttendeeDto {
    fn from(a: Attendee) -> Self {
        Self {
            id: a.id.into(),
            event_id: a.event_id.into(),
            user_id: a.user_id.into(),
            number_of_family_members: a.number_of_family_members,
            additional_notes: a.additional_notes,
            created_at: a.created_at,
            updated_at: a.updated_at,
            checked_in_at: a.checked_in_at,
            confirmation_code: a.confirmation_code.as_deref().map(mandir_domain::door::display_code),
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

/// A registration as the door sees it: who, how many and whether they arrived (no contact
/// details, since the event's volunteers read it too).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorListEntryDto {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub number_of_family_members: i32,
    pub checked_in_at: Option<DateTime<Utc>>,
}

impl From<AttendeeWithContact> for DoorListEntryDto {
    fn from(a: AttendeeWithContact) -> Self {
        Self {
            id: a.attendee.id.to_string(),
            first_name: a.first_name,
            last_name: a.last_name,
            number_of_family_members: a.attendee.number_of_family_members,
            checked_in_at: a.attendee.checked_in_at,
        }
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
/// has started or when its capacity (people) has too few spots left. Needs a verified e-mail.
#[utoipa::path(operation_id = "registerForEvent", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), request_body = RegistrationRequest, responses(
    (status = 201, body = AttendeeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "The member's e-mail is not verified (`code: email-not-verified`)"),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/events/{id}/register")]
async fn register(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RegistrationRequest>,
) -> Result<HttpResponse, ApiError> {
    let attendee = state.registrations.register(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(AttendeeDto::from(attendee)))
}

/// The signed-in member's own registration for the event; 404 when they are not registered.
#[utoipa::path(operation_id = "getOwnRegistration", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = AttendeeDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/attendee")]
async fn own(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<AttendeeDto>, ApiError> {
    Ok(web::Json(state.registrations.get_own(&user.actor(), &path.into_inner().into()).await?.into()))
}

/// The signed-in member's confirmation code for the event as a QR code (an SVG image, black on
/// white with its quiet zone), which a door desk scans; 404 when they are not registered. Drawn on
/// demand, not with the list of their registrations (drawing one costs about 0.15 ms).
#[utoipa::path(operation_id = "getOwnRegistrationQr", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, content_type = "image/svg+xml", body = String, description = "The QR code of `MANDIR:<code>`"),
    (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/attendee/qr")]
async fn own_qr(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let attendee = state.registrations.get_own(&user.actor(), &path.into_inner().into()).await?;
    let svg = attendee.confirmation_code.as_deref().and_then(|code| crate::qr::svg(&mandir_domain::door::qr_text(code)));
    let svg = svg.ok_or_else(|| ApiError::new(actix_web::http::StatusCode::NOT_FOUND, "This registration has no confirmation code"))?;
    // The code never changes: the member's browser may keep the picture.
    Ok(HttpResponse::Ok().content_type("image/svg+xml").insert_header(("Cache-Control", "private, max-age=86400")).body(svg))
}

/// Replaces the family count and notes of the signed-in member's registration, within the event's
/// capacity and until it starts.
#[utoipa::path(operation_id = "updateOwnRegistration", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), request_body = RegistrationRequest, responses(
    (status = 200, body = AttendeeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[put("/api/events/{id}/attendee")]
async fn update_own(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RegistrationRequest>,
) -> Result<web::Json<AttendeeDto>, ApiError> {
    let attendee = state.registrations.update_own(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(web::Json(attendee.into()))
}

/// Cancels the signed-in member's registration (until the event starts).
#[utoipa::path(operation_id = "cancelOwnRegistration", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[delete("/api/events/{id}/attendee")]
async fn cancel_own(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.registrations.cancel_own(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Every registration of the event with the members' contact details, oldest first (admins).
#[utoipa::path(operation_id = "listEventAttendees", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [AttendeeWithContactDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/attendees")]
async fn attendees(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<AttendeeWithContactDto>>, ApiError> {
    Ok(web::Json(state.registrations.attendees(&user.actor(), &path.into_inner().into()).await?.into_iter().map(Into::into).collect()))
}

/// A member's registrations with their events, by event date: for that member or an admin.
#[utoipa::path(operation_id = "listUserEvents", tag = "registrations", security(("bearer" = [])), params(("userId" = String, Path)), responses(
    (status = 200, body = [UserEventDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/users/{userId}/events")]
async fn user_events(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<UserEventDto>>, ApiError> {
    let pairs = state.registrations.events_of_user(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(pairs.into_iter().map(|(event, attendee)| UserEventDto { event: event.into(), attendee: attendee.into() }).collect()))
}

/// A member's place on a full event's waitlist.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistEntryDto {
    pub id: String,
    pub event_id: String,
    pub user_id: String,
    pub number_of_family_members: i32,
    pub additional_notes: Option<String>,
    /// 1 for the next party in line.
    pub position: i64,
    pub created_at: DateTime<Utc>,
}

impl From<WaitlistEntry> for WaitlistEntryDto {
    fn from(w: WaitlistEntry) -> Self {
        Self {
            id: w.id.into(),
            event_id: w.event_id.into(),
            user_id: w.user_id.into(),
            number_of_family_members: w.number_of_family_members,
            additional_notes: w.additional_notes,
            position: w.position,
            created_at: w.created_at,
        }
    }
}

/// A waitlist entry with the member's contact details (the admins' list).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistEntryWithContactDto {
    #[serde(flatten)]
    pub entry: WaitlistEntryDto,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
}

impl From<WaitlistEntryWithContact> for WaitlistEntryWithContactDto {
    fn from(w: WaitlistEntryWithContact) -> Self {
        Self { entry: w.entry.into(), first_name: w.first_name, last_name: w.last_name, email: w.email, phone_number: w.phone_number }
    }
}

/// Puts the signed-in member (and their family) on the waitlist of a full upcoming event, last in
/// line. A cancellation registers the first parties that fit, in order, and e-mails them. 400
/// when the party fits (register instead) or the event has started; 409 when already registered
/// or waiting. Needs a verified e-mail.
#[utoipa::path(operation_id = "joinWaitlist", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), request_body = RegistrationRequest, responses(
    (status = 201, body = WaitlistEntryDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "The member's e-mail is not verified (`code: email-not-verified`)"),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/events/{id}/waitlist")]
async fn join_waitlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RegistrationRequest>,
) -> Result<HttpResponse, ApiError> {
    let entry = state.registrations.join_waitlist(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(WaitlistEntryDto::from(entry)))
}

/// The signed-in member's waitlist entry for the event with its position; 404 when not waiting.
#[utoipa::path(operation_id = "getOwnWaitlistEntry", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = WaitlistEntryDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/waitlist/me")]
async fn own_waitlist_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<WaitlistEntryDto>, ApiError> {
    Ok(web::Json(state.registrations.own_waitlist_entry(&user.actor(), &path.into_inner().into()).await?.into()))
}

/// Takes the signed-in member off the event's waitlist.
#[utoipa::path(operation_id = "leaveWaitlist", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[delete("/api/events/{id}/waitlist/me")]
async fn leave_waitlist(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.registrations.leave_waitlist(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The event's waitlist in order with the members' contact details (admins).
#[utoipa::path(operation_id = "listEventWaitlist", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [WaitlistEntryWithContactDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/waitlist")]
async fn waitlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<WaitlistEntryWithContactDto>>, ApiError> {
    Ok(web::Json(state.registrations.waitlist(&user.actor(), &path.into_inner().into()).await?.into_iter().map(Into::into).collect()))
}

/// The door list for check-in: every registration with the member's name, party and arrival,
/// oldest first (door duty: the admins).
#[utoipa::path(operation_id = "eventDoorList", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [DoorListEntryDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/check-in")]
async fn door_list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<DoorListEntryDto>>, ApiError> {
    Ok(web::Json(state.door.door_list(&user.actor(), &path.into_inner().into()).await?.into_iter().map(Into::into).collect()))
}

/// A date-time as the temple's clock reads it (`2026-11-23 14:05`).
pub(crate) fn local_time(at: DateTime<Utc>, zone: Tz) -> String {
    at.with_timezone(&zone).format("%Y-%m-%d %H:%M").to_string()
}

pub const ATTENDEES_CSV_HEADER: [&str; 8] = ["Name", "Email", "Phone", "People", "Family members", "Notes", "Registered", "Checked in"];

/// The event's registrations as CSV, oldest first, with contact details and check-ins; times in
/// the temple's zone (admins).
#[utoipa::path(operation_id = "exportEventAttendees", tag = "registrations", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, content_type = "text/csv", body = String, description = "Name, Email, Phone, People, Family members, Notes, Registered, Checked in"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/events/{id}/attendees.csv")]
async fn export_attendees(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let registered = state.registrations.export_attendees(&user.actor(), &path.into_inner().into()).await?;
    let zone = state.payments.temple_zone().await?;
    let rows = registered.into_iter().map(|a| {
        vec![
            format!("{} {}", a.first_name, a.last_name).trim().to_owned(),
            a.email,
            a.phone_number.unwrap_or_default(),
            a.attendee.people().to_string(),
            a.attendee.number_of_family_members.to_string(),
            a.attendee.additional_notes.clone().unwrap_or_default(),
            local_time(a.attendee.created_at, zone),
            a.attendee.checked_in_at.map(|at| local_time(at, zone)).unwrap_or_default(),
        ]
    });
    csv_response("attendees.csv", &ATTENDEES_CSV_HEADER, rows)
}

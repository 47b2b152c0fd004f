//! The check-in desk (docs/product.md#the-check-in-desk, ADR 0142), for those on an event's door:
//! search as you type (`/api/events/{id}/door/search`), check in by hand or by QR code, walk-ins,
//! and the changes other desks made (`/api/events/{id}/door/changes`, a long poll).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::CheckedIn;
use mandir_application::services::door_desk::DoorView;
use mandir_domain::door::{DoorCount, DoorEntry, DoorEntryKind, MAX_WAIT_SECONDS, WalkInInput, display_code};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(search, changes, check_in, check_in_code, add_walk_in, remove_walk_in),
    components(schemas(
        DoorEntryKindDto,
        DoorEntryDto,
        DoorCountDto,
        DoorViewDto,
        DoorCheckInDto,
        CheckInRequest,
        ScanRequest,
        WalkInRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    let resource = |path: &str| web::resource(path.to_owned()).default_service(web::to(super::unmatched));
    cfg.service(resource("/api/events/{id}/door/search").route(web::get().to(search)))
        .service(resource("/api/events/{id}/door/changes").route(web::get().to(changes)))
        .service(resource("/api/events/{id}/door/scan").route(web::post().to(check_in_code)))
        .service(resource("/api/events/{id}/attendees/{attendeeId}/check-in").route(web::put().to(check_in)))
        .service(resource("/api/events/{id}/walk-ins").route(web::post().to(add_walk_in)))
        .service(resource("/api/events/{id}/walk-ins/{walkInId}").route(web::delete().to(remove_walk_in)));
}

crate::dto::text_enum_schema!(DoorEntryKindDto = ["registration", "walkIn"].into_iter());

/// A party as the door sees it: who, how many, whether and when they came (no contact details
/// beyond a phone's last four digits).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorEntryDto {
    #[schema(value_type = DoorEntryKindDto)]
    kind: &'static str,
    /// The registration's or the walk-in's id.
    id: String,
    first_name: String,
    last_name: String,
    /// A registration's family members' names.
    family_names: Vec<String>,
    /// The phone's last four digits.
    phone_ending: Option<String>,
    /// `ABCD-2345`: a registration's confirmation code; none for a walk-in.
    confirmation_code: Option<String>,
    /// People registered (the member and their family), or the walk-in's party.
    people: i64,
    /// People who came; null until checked in.
    arrived_people: Option<i64>,
    checked_in_at: Option<DateTime<Utc>>,
    /// Who checked the party in: `Priya S.`.
    checked_in_by: Option<String>,
    /// A walk-in joined to a member's account by their e-mail or phone.
    joined_to_member: bool,
    /// A walk-in taken off again (only in the changes).
    removed: bool,
    /// The event's change number of the entry's last door change.
    seq: i64,
}

impl From<DoorEntry> for DoorEntryDto {
    fn from(e: DoorEntry) -> Self {
        Self {
            kind: match e.kind {
                DoorEntryKind::Registration => "registration",
                DoorEntryKind::WalkIn => "walkIn",
            },
            id: e.id,
            first_name: e.first_name,
            last_name: e.last_name,
            family_names: e.family_names,
            phone_ending: e.phone_ending,
            confirmation_code: e.confirmation_code.as_deref().map(display_code),
            people: e.people,
            arrived_people: e.arrived_people,
            checked_in_at: e.checked_in_at,
            checked_in_by: e.checked_in_by,
            joined_to_member: e.joined_to_member,
            removed: e.removed,
            seq: e.seq,
        }
    }
}

/// The door's count: checked in against registered and the capacity.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorCountDto {
    /// Null: no limit.
    capacity: Option<i64>,
    registered_parties: i64,
    registered_people: i64,
    walk_in_parties: i64,
    walk_in_people: i64,
    /// Registrations and walk-ins checked in.
    checked_in_parties: i64,
    /// The people who came.
    checked_in_people: i64,
    /// Places left under the capacity (registrations and walk-ins count); null without one.
    places_left: Option<i64>,
}

impl From<DoorCount> for DoorCountDto {
    fn from(c: DoorCount) -> Self {
        Self {
            capacity: c.capacity,
            registered_parties: c.registered_parties,
            registered_people: c.registered_people,
            walk_in_parties: c.walk_in_parties,
            walk_in_people: c.walk_in_people,
            checked_in_parties: c.checked_in_parties,
            checked_in_people: c.checked_in_people,
            places_left: c.places_left(),
        }
    }
}

/// Entries, the change number they are as of (ask for the changes after it), and the count.
#[derive(Debug, Serialize, ToSchema)]
pub struct DoorViewDto {
    entries: Vec<DoorEntryDto>,
    seq: i64,
    count: DoorCountDto,
}

impl From<DoorView> for DoorViewDto {
    fn from(v: DoorView) -> Self {
        Self { entries: v.entries.into_iter().map(Into::into).collect(), seq: v.seq, count: v.count.into() }
    }
}

/// A check-in's answer: the party, and whether it had been checked in before (nothing changed).
#[derive(Debug, Serialize, ToSchema)]
pub struct DoorCheckInDto {
    entry: DoorEntryDto,
    already: bool,
}

impl From<CheckedIn> for DoorCheckInDto {
    fn from(c: CheckedIn) -> Self {
        Self { entry: c.entry.into(), already: c.already }
    }
}

#[derive(Deserialize, IntoParams)]
pub struct SearchQuery {
    /// A name (every word), a phone number (4 or more digits) or a confirmation code; empty: the
    /// latest check-ins.
    #[param(max_length = 100)]
    q: Option<String>,
}

#[derive(Deserialize, IntoParams)]
pub struct ChangesQuery {
    /// The change number the desk last saw (0 at first).
    #[param(minimum = 0)]
    after: Option<i64>,
    /// Seconds to wait for a change when there is none yet: 0 to 25 (0 by default).
    #[param(minimum = 0, maximum = 25)]
    wait: Option<u64>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckInRequest {
    /// true: the party arrived (now); false: not arrived (undoes a mistaken check-in).
    checked_in: bool,
    /// How many came, 1 to 99; as registered when left out.
    #[schema(minimum = 1, maximum = 99)]
    people: Option<i64>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScanRequest {
    /// The QR code's text (`MANDIR:ABCD-2345`) or a typed code.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 200)]
    code: String,
    /// How many came, 1 to 99; as registered when left out.
    #[schema(minimum = 1, maximum = 99)]
    people: Option<i64>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalkInRequest {
    /// 2 to 100 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 2, max_length = 100)]
    first_name: String,
    #[serde(default)]
    #[schema(required = true, min_length = 2, max_length = 100)]
    last_name: String,
    /// Optional; joins the walk-in to the member with this phone.
    #[schema(max_length = 32)]
    phone_number: Option<String>,
    /// Optional; joins the walk-in to the member with this e-mail.
    #[schema(max_length = 254)]
    email: Option<String>,
    /// 1 to 99.
    #[serde(default)]
    #[schema(required = true, minimum = 1, maximum = 99)]
    people: i64,
}

/// Registrations and walk-ins matching a name, phone or confirmation code, at most 20; the latest
/// check-ins when `q` is empty (door duty).
#[utoipa::path(operation_id = "searchDoor", get, path = "/api/events/{id}/door/search", tag = "door", security(("bearer" = [])), params(("id" = String, Path), SearchQuery), responses(
    (status = 200, body = DoorViewDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn search(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    query: web::Query<SearchQuery>,
) -> Result<web::Json<DoorViewDto>, ApiError> {
    let q = query.into_inner().q.unwrap_or_default();
    if q.chars().count() > 100 {
        return Err(invalid("q", "Search for at most 100 characters"));
    }
    Ok(web::Json(state.door.search(&user.actor(), &path.into_inner().into(), &q).await?.into()))
}

/// What changed at the door after change number `after`, waiting up to `wait` seconds for a
/// change when there is none yet (door duty).
#[utoipa::path(operation_id = "doorChanges", get, path = "/api/events/{id}/door/changes", tag = "door", security(("bearer" = [])), params(("id" = String, Path), ChangesQuery), responses(
    (status = 200, body = DoorViewDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn changes(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    query: web::Query<ChangesQuery>,
) -> Result<web::Json<DoorViewDto>, ApiError> {
    let query = query.into_inner();
    let wait = query.wait.unwrap_or(0);
    if wait > MAX_WAIT_SECONDS {
        return Err(invalid("wait", "Wait at most 25 seconds"));
    }
    let after = query.after.unwrap_or(0);
    if after < 0 {
        return Err(invalid("after", "The change number is 0 or more"));
    }
    let view = state.door.changes(&user.actor(), &path.into_inner().into(), after, wait).await?;
    Ok(web::Json(view.into()))
}

/// A query parameter out of its documented range (400).
fn invalid(field: &str, message: &str) -> ApiError {
    ApiError::from(mandir_application::services::door_desk::DoorError::Validation(mandir_domain::ValidationErrors::single(field, message)))
}

/// Checks a registration's party in (once: `already` when another desk did), or undoes it
/// (door duty).
#[utoipa::path(operation_id = "checkInAttendee", put, path = "/api/events/{id}/attendees/{attendeeId}/check-in", tag = "door", security(("bearer" = [])),
    params(("id" = String, Path), ("attendeeId" = String, Path)), request_body = CheckInRequest, responses(
    (status = 200, body = DoorCheckInDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn check_in(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
    body: JsonBody<CheckInRequest>,
) -> Result<web::Json<DoorCheckInDto>, ApiError> {
    let (event_id, attendee_id) = path.into_inner();
    let body = body.into_inner();
    let done = state.door.check_in(&user.actor(), &event_id.into(), &attendee_id.into(), body.checked_in, body.people).await?;
    Ok(web::Json(done.into()))
}

/// Checks in the registration whose QR code was scanned, or whose code was typed (door duty).
#[utoipa::path(operation_id = "checkInByCode", post, path = "/api/events/{id}/door/scan", tag = "door", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ScanRequest, responses(
    (status = 200, body = DoorCheckInDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn check_in_code(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<ScanRequest>,
) -> Result<web::Json<DoorCheckInDto>, ApiError> {
    let body = body.into_inner();
    Ok(web::Json(state.door.check_in_code(&user.actor(), &path.into_inner().into(), &body.code, body.people).await?.into()))
}

/// Adds a party that came without registering: checked in now, counted against the capacity,
/// and joined to a member whose e-mail or phone it gives (door duty).
#[utoipa::path(operation_id = "addWalkIn", post, path = "/api/events/{id}/walk-ins", tag = "door", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = WalkInRequest, responses(
    (status = 201, body = DoorEntryDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
async fn add_walk_in(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<WalkInRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input =
        WalkInInput { first_name: b.first_name, last_name: b.last_name, phone_number: b.phone_number, email: b.email, people: b.people };
    let entry = state.door.add_walk_in(&user.actor(), &path.into_inner().into(), input).await?;
    Ok(HttpResponse::Created().json(DoorEntryDto::from(entry)))
}

/// Takes off a walk-in added by mistake (door duty).
#[utoipa::path(operation_id = "removeWalkIn", delete, path = "/api/events/{id}/walk-ins/{walkInId}", tag = "door", security(("bearer" = [])),
    params(("id" = String, Path), ("walkInId" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn remove_walk_in(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (event_id, walk_in_id) = path.into_inner();
    state.door.remove_walk_in(&user.actor(), &event_id.into(), &walk_in_id.into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

//! Calendars in iCalendar (RFC 5545): one event's `.ics`, the temple's feed and a member's
//! personal feed (ADR 0105).

use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{HttpResponse, get, web};
use mandir_application::services::calendar::CalendarFile;
use utoipa::OpenApi;

use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

pub const CONTENT_TYPE_CALENDAR: &str = "text/calendar; charset=utf-8";

#[derive(OpenApi)]
#[openapi(paths(event_calendar, temple_feed, personal_feed))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(event_calendar).service(temple_feed).service(personal_feed);
}

fn calendar_response(file: CalendarFile, cache: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, CONTENT_TYPE_CALENDAR))
        .insert_header((CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", file.filename)))
        .insert_header((CACHE_CONTROL, cache))
        .body(file.text)
}

/// The event as an iCalendar file ("Add to calendar"): its start in the temple's zone, with
/// the zone described (`VTIMEZONE`), a stable `UID` and a link to its page.
#[utoipa::path(operation_id = "getEventCalendar", tag = "calendar", params(("id" = String, Path)), responses(
    (status = 200, content_type = "text/calendar", body = String, description = "event.ics"),
    (status = 404, body = ErrorBody),
))]
#[get("/api/events/{id}/event.ics")]
async fn event_calendar(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let file = state.calendar.event_calendar(&path.into_inner().into()).await?;
    Ok(calendar_response(file, "no-cache"))
}

/// The temple's calendar to subscribe to: every event that has not ended and the recurring
/// services' occurrences of the next 90 days.
#[utoipa::path(operation_id = "getTempleCalendar", tag = "calendar", responses(
    (status = 200, content_type = "text/calendar", body = String, description = "calendar.ics"),
))]
#[get("/api/calendar.ics")]
async fn temple_feed(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(calendar_response(state.calendar.temple_feed().await?, "no-cache"))
}

/// A member's own calendar of their registrations, behind the unguessable link made in Account
/// Settings (`POST /api/account/calendar-feed`); 404 for any other token.
#[utoipa::path(operation_id = "getPersonalCalendar", tag = "calendar", params(("token" = String, Path)), responses(
    (status = 200, content_type = "text/calendar", body = String, description = "my-events.ics"),
    (status = 404, body = ErrorBody),
))]
#[get("/api/calendar/{token}.ics")]
async fn personal_feed(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    Ok(calendar_response(state.calendar.personal_feed(&path.into_inner()).await?, "private, no-store"))
}

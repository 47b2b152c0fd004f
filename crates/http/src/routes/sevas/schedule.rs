//! The priests' day: the seva schedule and sankalpam sheets (the seva desk), as JSON or CSV, and the
//! sevas assigned to the priest asking.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_application::services::seva_bookings::ScheduleEntry;
use mandir_domain::family_member::Person;
use mandir_domain::seva::slot_label;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::bookings::{SevaBookingDto, SevaPersonDto};
use crate::auth::CurrentUser;
use crate::csv_export::csv_response;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(assigned, schedule, schedule_csv), components(schemas(AssignedSevaDto, SevaScheduleEntryDto, SevaScheduleDto)))]
pub struct Api;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaScheduleEntryDto {
    pub booking: SevaBookingDto,
    pub member_name: String,
    pub member_email: String,
    pub member_phone: Option<String>,
    /// `paid`, `pending` (a Zelle payment waiting, a card being paid), `unpaid` or `free`.
    #[schema(example = "paid")]
    pub paid: String,
    /// `credit_card` or `zelle`; null without a payment.
    pub payment_method: Option<String>,
    pub priest_name: Option<String>,
}

impl From<ScheduleEntry> for SevaScheduleEntryDto {
    fn from(e: ScheduleEntry) -> Self {
        Self {
            booking: e.booking.into(),
            member_name: e.member_name,
            member_email: e.member_email,
            member_phone: e.member_phone,
            paid: e.paid.as_str().to_owned(),
            payment_method: e.payment_method.map(|m| m.as_str().to_owned()),
            priest_name: e.priest_name,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaScheduleDto {
    #[schema(example = "America/Los_Angeles")]
    pub time_zone: String,
    pub entries: Vec<SevaScheduleEntryDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ScheduleQuery {
    /// "YYYY-MM-DD": one day (not with `from` and `to`).
    #[param(format = Date)]
    date: Option<String>,
    /// "YYYY-MM-DD": the first day of a range (with `to`).
    #[param(format = Date)]
    from: Option<String>,
    /// "YYYY-MM-DD": the last day of a range, at most 366 days.
    #[param(format = Date)]
    to: Option<String>,
}

pub const DATE_OR_RANGE: &str = "Give a date or a range (from and to), not both";

impl ScheduleQuery {
    /// The first and last day asked for; a date with a range too is refused (one of them would
    /// be ignored).
    fn range(&self) -> Result<(Option<&str>, Option<&str>), ApiError> {
        match &self.date {
            Some(_) if self.from.is_some() || self.to.is_some() => Err(ApiError::new(StatusCode::BAD_REQUEST, DATE_OR_RANGE)),
            Some(date) => Ok((Some(date.as_str()), Some(date.as_str()))),
            None => Ok((self.from.as_deref(), self.to.as_deref())),
        }
    }
}

/// The bookings of a day (`date`) or range (`from`, `to`) in time order, with their people,
/// address, member, payment and priest: the priest's sankalpam sheet (admins).
#[utoipa::path(operation_id = "getSevaSchedule", get, path = "/api/admin/sevas/schedule", tag = "sevas", security(("bearer" = [])),
    params(ScheduleQuery), responses(
    (status = 200, body = SevaScheduleDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
pub(super) async fn schedule(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ScheduleQuery>,
) -> Result<web::Json<SevaScheduleDto>, ApiError> {
    let (from, to) = query.range()?;
    let (zone, entries) = state.seva_bookings.schedule(&user.actor(), from, to).await?;
    Ok(web::Json(SevaScheduleDto { time_zone: zone.name().to_owned(), entries: entries.into_iter().map(Into::into).collect() }))
}

/// A seva assigned to the priest asking: what the sankalpam needs, and nothing about money or
/// the member's contact details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignedSevaDto {
    pub id: String,
    pub seva_name: String,
    #[schema(example = "2026-03-14")]
    pub date: String,
    /// "9:00 AM" or "Any time".
    pub slot_label: String,
    pub starts_at: DateTime<Utc>,
    /// `confirmed` or `completed` (or `held` while a payment is on its way).
    #[schema(example = "confirmed")]
    pub status: String,
    /// The people of the sankalpam, with their gotram, nakshatram and rasi.
    pub participants: Vec<SevaPersonDto>,
    /// Where a home puja is held.
    pub address: Option<String>,
    pub note: Option<String>,
}

impl From<ScheduleEntry> for AssignedSevaDto {
    fn from(e: ScheduleEntry) -> Self {
        let b = SevaBookingDto::from(e.booking);
        Self {
            id: b.id,
            seva_name: b.seva_name,
            date: b.date,
            slot_label: b.slot_label,
            starts_at: b.starts_at,
            status: b.status,
            participants: b.participants,
            address: b.address,
            note: b.note,
        }
    }
}

/// The sevas assigned to the priest profile linked to the caller's account, on a day (`date`,
/// default today) or range (`from`, `to`), in time order (priests; 409 when no profile is linked).
#[utoipa::path(operation_id = "listMyAssignedSevas", get, path = "/api/seva-bookings/assigned", tag = "sevas", security(("bearer" = [])),
    params(ScheduleQuery), responses(
    (status = 200, body = Vec<AssignedSevaDto>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)
))]
pub(super) async fn assigned(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ScheduleQuery>,
) -> Result<web::Json<Vec<AssignedSevaDto>>, ApiError> {
    let (from, to) = query.range()?;
    let (_, entries) = state.seva_bookings.my_day(&user.actor(), from, to).await?;
    Ok(web::Json(entries.into_iter().map(Into::into).collect()))
}

pub const SCHEDULE_CSV_HEADER: [&str; 14] =
    ["Date", "Time", "Seva", "Status", "People", "Gotram", "Nakshatram", "Rasi", "Address", "Note", "Member", "Email", "Payment", "Priest"];

fn joined(entry: &ScheduleEntry, field: fn(&Person) -> Option<&str>) -> String {
    entry.booking.participants.iter().map(|p| field(p).unwrap_or("-")).collect::<Vec<_>>().join("; ")
}

/// The same bookings as CSV, one row per booking, people separated by semicolons (admins).
#[utoipa::path(operation_id = "exportSevaSchedule", get, path = "/api/admin/sevas/schedule.csv", tag = "sevas", security(("bearer" = [])),
    params(ScheduleQuery), responses(
    (status = 200, content_type = "text/csv", body = String, description = "Date, Time, Seva, Status, People, Gotram, Nakshatram, Rasi, Address, Note, Member, Email, Payment, Priest"),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
pub(super) async fn schedule_csv(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ScheduleQuery>,
) -> Result<HttpResponse, ApiError> {
    let (from, to) = query.range()?;
    let (_, entries) = state.seva_bookings.export_schedule(&user.actor(), from, to).await?;
    let rows = entries.iter().map(|e| {
        vec![
            e.booking.date.format("%Y-%m-%d").to_string(),
            slot_label(e.booking.slot),
            e.booking.seva_name.clone(),
            e.booking.status.as_str().to_owned(),
            e.booking.participants.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join("; "),
            joined(e, |p| p.gotram.as_deref()),
            joined(e, |p| p.nakshatram.as_deref()),
            joined(e, |p| p.rasi.as_deref()),
            e.booking.address.clone().unwrap_or_default(),
            e.booking.note.clone().unwrap_or_default(),
            e.member_name.clone(),
            e.member_email.clone(),
            e.paid.as_str().to_owned(),
            e.priest_name.clone().unwrap_or_default(),
        ]
    });
    csv_response("seva-schedule.csv", &SCHEDULE_CSV_HEADER, rows)
}

//! `/api/services`: the temple's recurring services with their next occurrences, and their
//! occurrences over a range of dates, both computed on the server in the temple's time zone, so the
//! home page and the events calendar always agree (ADR 0085).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_application::services::recurring_services::{ScheduledService, ServiceOccurrence};
use mandir_domain::recurring_service::{Occurrence, Recurrence, RecurringServiceInput, time_label};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list, occurrences, create, update, remove),
    components(schemas(RecurringServiceDto, OccurrenceDto, ServiceOccurrenceDto, OccurrencesDto, RecurringServiceRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/services/occurrences").default_service(web::to(super::unmatched)).route(web::get().to(occurrences)))
        .service(
            web::resource("/api/services")
                .default_service(web::to(super::unmatched))
                .route(web::get().to(list))
                .route(web::post().to(create)),
        )
        .service(
            web::resource("/api/services/{id}")
                .default_service(web::to(super::unmatched))
                .route(web::put().to(update))
                .route(web::delete().to(remove)),
        );
}

/// When an occurrence is, in the temple's zone and as an instant.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OccurrenceDto {
    /// The local date in the temple's zone.
    #[schema(example = "2026-03-14")]
    pub date: String,
    /// The local time, 24-hour.
    #[schema(example = "09:00")]
    pub time: String,
    /// The local time as shown: "9:00 AM".
    #[schema(example = "9:00 AM")]
    pub time_label: String,
    pub starts_at: DateTime<Utc>,
}

impl From<Occurrence> for OccurrenceDto {
    fn from(o: Occurrence) -> Self {
        Self {
            date: o.date.format("%Y-%m-%d").to_string(),
            time: o.time.format("%H:%M").to_string(),
            time_label: time_label(o.time),
            starts_at: o.starts_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringServiceDto {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// `daily`, `weekly`, `monthlyWeekday`, `monthlyDate`, `yearly`, or by the lunar calendar
    /// `tithi` or `nakshatra`.
    #[schema(example = "weekly")]
    pub frequency: String,
    /// Weekly: the days (`sunday` ... `saturday`); empty otherwise.
    pub weekdays: Vec<String>,
    /// Monthly on a weekday: which one, 1 to 5.
    pub week: Option<u8>,
    /// Monthly on a weekday: the day.
    pub weekday: Option<String>,
    /// Monthly on a date, yearly: the day of the month.
    pub day: Option<u8>,
    /// Yearly: the month, 1 to 12.
    pub month: Option<u8>,
    /// By tithi: the tithis, 1 to 30 (1–15 shukla, 16–30 krishna; both Ekadashis are 11 and 26);
    /// empty otherwise.
    pub tithis: Vec<u8>,
    /// By nakshatra: 1 (Ashwini) to 27 (Revati).
    pub nakshatra: Option<u8>,
    /// Local time in the temple's zone, 24-hour.
    #[schema(example = "09:00")]
    pub time: String,
    /// The last date it may fall on (local, inclusive).
    pub end_date: Option<String>,
    /// The schedule in words.
    #[schema(example = "Every Saturday, 9:00 AM")]
    pub schedule: String,
    /// Null once the end date has passed.
    pub next_occurrence: Option<OccurrenceDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<ScheduledService> for RecurringServiceDto {
    fn from(s: ScheduledService) -> Self {
        let service = s.service;
        let schedule = service.schedule.describe();
        let (mut weekdays, mut week, mut weekday, mut day, mut month) = (Vec::new(), None, None, None, None);
        let (mut tithis, mut nakshatra) = (Vec::new(), None);
        match &service.schedule.recurrence {
            Recurrence::Daily => {}
            Recurrence::Weekly(days) => weekdays = days.iter().map(|d| d.as_str().to_owned()).collect(),
            Recurrence::MonthlyWeekday { week: w, day: d } => {
                week = Some(*w);
                weekday = Some(d.as_str().to_owned());
            }
            Recurrence::MonthlyDate(d) => day = Some(*d),
            Recurrence::Yearly { month: m, day: d } => {
                month = Some(*m);
                day = Some(*d);
            }
            Recurrence::Tithi(ts) => tithis.clone_from(ts),
            Recurrence::Nakshatra(n) => nakshatra = Some(*n),
        }
        Self {
            id: service.id.into(),
            name: service.name,
            description: service.description,
            frequency: service.schedule.recurrence.frequency().as_str().to_owned(),
            weekdays,
            week,
            weekday,
            day,
            month,
            tithis,
            nakshatra,
            time: service.schedule.time.format("%H:%M").to_string(),
            end_date: service.schedule.end_date.map(|d| d.format("%Y-%m-%d").to_string()),
            schedule,
            next_occurrence: s.next.map(Into::into),
            created_at: service.created_at,
            updated_at: service.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceOccurrenceDto {
    pub service_id: String,
    pub name: String,
    #[serde(flatten)]
    pub occurrence: OccurrenceDto,
}

impl From<ServiceOccurrence> for ServiceOccurrenceDto {
    fn from(o: ServiceOccurrence) -> Self {
        Self { service_id: o.service_id.into(), name: o.name, occurrence: o.occurrence.into() }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OccurrencesDto {
    /// The temple's IANA time zone, in which dates and times are given.
    #[schema(example = "America/Los_Angeles")]
    pub time_zone: String,
    pub occurrences: Vec<ServiceOccurrenceDto>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringServiceRequest {
    /// 3 to 100 characters after trimming.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 3)]
    name: Option<String>,
    /// At most 1000 characters; blank or null for none.
    #[serde(default)]
    description: Option<String>,
    /// `daily`, `weekly`, `monthlyWeekday`, `monthlyDate`, `yearly`, or by the lunar calendar at
    /// the temple `tithi` or `nakshatra`.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    frequency: Option<String>,
    /// Weekly: one or more of `sunday` ... `saturday`.
    #[serde(default)]
    weekdays: Option<Vec<String>>,
    /// Monthly on a weekday: 1 to 5 (months without a fifth one are skipped).
    #[serde(default)]
    week: Option<i64>,
    /// Monthly on a weekday: `sunday` ... `saturday`.
    #[serde(default)]
    weekday: Option<String>,
    /// Monthly on a date (months without it are skipped) and yearly: 1 to 31.
    #[serde(default)]
    day: Option<i64>,
    /// Yearly: 1 to 12.
    #[serde(default)]
    month: Option<i64>,
    /// By tithi: one or more of 1 to 30 (1–15 shukla, 16–30 krishna; 11 and 26 are the Ekadashis,
    /// 15 Pournami, 30 Amavasya), on the day the tithi is at sunrise.
    #[serde(default)]
    tithis: Option<Vec<i64>>,
    /// By nakshatra: 1 (Ashwini) to 27 (Revati), on the day it is at sunrise, every month.
    #[serde(default)]
    nakshatra: Option<i64>,
    /// "HH:MM", 24-hour, local to the temple.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "09:00")]
    time: Option<String>,
    /// "YYYY-MM-DD", the last date (inclusive); blank or null for none.
    #[serde(default)]
    end_date: Option<String>,
}

impl From<RecurringServiceRequest> for RecurringServiceInput {
    fn from(b: RecurringServiceRequest) -> Self {
        RecurringServiceInput {
            name: b.name.unwrap_or_default(),
            description: b.description,
            frequency: b.frequency.unwrap_or_default(),
            weekdays: b.weekdays.unwrap_or_default(),
            week: b.week,
            weekday: b.weekday,
            day: b.day,
            month: b.month,
            tithis: b.tithis.unwrap_or_default(),
            nakshatra: b.nakshatra,
            time: b.time.unwrap_or_default(),
            end_date: b.end_date,
        }
    }
}

/// Every recurring service with its schedule in words and its next occurrence in the temple's zone:
/// soonest first, services past their end date last.
#[utoipa::path(operation_id = "listServices", get, path = "/api/services", tag = "services", responses((status = 200, body = [RecurringServiceDto])))]
async fn list(state: web::Data<AppState>) -> Result<web::Json<Vec<RecurringServiceDto>>, ApiError> {
    Ok(web::Json(services_dto(&state).await?))
}

/// The answer of `GET /api/services` (also the home page's data block).
pub(crate) async fn services_dto(state: &AppState) -> Result<Vec<RecurringServiceDto>, ApiError> {
    let (_, services) = state.recurring_services.list().await?;
    Ok(services.into_iter().map(Into::into).collect())
}

#[derive(Deserialize)]
struct RangeQuery {
    from: Option<String>,
    to: Option<String>,
}

/// Every occurrence of every service on the temple's local dates `from` to `to` (both included,
/// at most 366 days), in time order.
#[utoipa::path(operation_id = "listServiceOccurrences", get, path = "/api/services/occurrences", tag = "services",
    params(("from" = String, Query, format = Date, example = "2026-03-01"), ("to" = String, Query, format = Date, example = "2026-03-31")),
    responses((status = 200, body = OccurrencesDto), (status = 400, body = ErrorBody)))]
async fn occurrences(state: web::Data<AppState>, query: web::Query<RangeQuery>) -> Result<web::Json<OccurrencesDto>, ApiError> {
    let (zone, list) = state.recurring_services.occurrences(query.from.as_deref(), query.to.as_deref()).await?;
    Ok(web::Json(OccurrencesDto { time_zone: zone.name().to_owned(), occurrences: list.into_iter().map(Into::into).collect() }))
}

/// Adds a recurring service (admins).
#[utoipa::path(operation_id = "createService", post, path = "/api/services", tag = "services", security(("bearer" = [])), request_body = RecurringServiceRequest, responses(
    (status = 201, body = RecurringServiceDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<RecurringServiceRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.recurring_services.create(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(RecurringServiceDto::from(created)))
}

/// Replaces every field of a recurring service (admins).
#[utoipa::path(operation_id = "updateService", put, path = "/api/services/{id}", tag = "services", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = RecurringServiceRequest, responses(
    (status = 200, body = RecurringServiceDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RecurringServiceRequest>,
) -> Result<web::Json<RecurringServiceDto>, ApiError> {
    let updated = state.recurring_services.update(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(web::Json(updated.into()))
}

/// Deletes a recurring service (admins).
#[utoipa::path(operation_id = "deleteService", delete, path = "/api/services/{id}", tag = "services", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.recurring_services.delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

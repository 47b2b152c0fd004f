//! Festivals by the lunar calendar (docs/festivals.md): anyone reads a year's festivals on their
//! days at the temple and subscribes to the coming year's as an iCalendar file; editors keep the
//! rules, and make a festival's events for the coming years after seeing their dates.

use actix_web::{HttpResponse, get, http::header, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::services::festivals::{FestivalDate, FestivalDay, FestivalEventsInput, FestivalEventsMade};
use mandir_domain::festival::{Festival, FestivalInput};
use mandir_domain::panchangam as p;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::dto::EventDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list_festivals, festival_calendar, list_rules, create_rule, update_rule, delete_rule, preview_events, create_events),
    components(schemas(
        FestivalDto,
        FestivalRuleDto,
        FestivalRuleRequest,
        FestivalDayDto,
        FestivalPreviewDto,
        FestivalEventsRequest,
        FestivalEventsDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_festivals)
        .service(festival_calendar)
        .service(
            web::resource("/api/admin/festivals")
                .default_service(web::to(super::unmatched))
                .route(web::get().to(list_rules))
                .route(web::post().to(create_rule)),
        )
        .service(
            web::resource("/api/admin/festivals/{id}")
                .default_service(web::to(super::unmatched))
                .route(web::put().to(update_rule))
                .route(web::delete().to(delete_rule)),
        )
        .service(
            web::resource("/api/admin/festivals/{id}/events")
                .default_service(web::to(super::unmatched))
                .route(web::get().to(preview_events))
                .route(web::post().to(create_events)),
        );
}

/// Which year.
#[derive(Debug, Deserialize, IntoParams)]
pub struct FestivalQuery {
    /// A Gregorian year, 1900–2100; this year at the temple when omitted or blank.
    #[param(value_type = Option<String>, pattern = "^([0-9]{4})?$")]
    year: Option<String>,
}

/// A festival on its day at the temple, with the rule that decided it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FestivalDto {
    /// The rule's id.
    rule_id: String,
    name: String,
    /// The local day.
    date: NaiveDate,
    /// The tithi the rule asks for (1–30).
    tithi: u8,
    tithi_name: &'static str,
    #[schema(value_type = String, example = "shukla")]
    paksha: &'static str,
    /// The amanta lunar month of the rule (1 = Chaitra), or null for a rule by solar month.
    lunar_month: Option<u8>,
    /// The solar month of the rule (the Sun's sign, 0 = Mesha … 11 = Meena), if it has one.
    solar_month: Option<u8>,
    /// The moment at which the tithi must run: `sunrise`, `madhyahna` (midday), `pradosha` (the
    /// evening after sunset) or `nishita` (midnight).
    #[schema(value_type = String, example = "sunrise")]
    moment: &'static str,
}

impl From<FestivalDate> for FestivalDto {
    fn from(f: FestivalDate) -> Self {
        Self {
            rule_id: f.id.into_string(),
            name: f.name,
            date: f.date,
            tithi: f.rule.tithi,
            tithi_name: p::tithi_name(f.rule.tithi),
            paksha: p::Paksha::of(f.rule.tithi).as_str(),
            lunar_month: f.rule.lunar_month(),
            solar_month: f.rule.solar_month(),
            moment: f.rule.moment.as_str(),
        }
    }
}

/// The festivals of a year exactly as `GET /api/festivals` answers them (also the panchangam
/// page's data block, `crate::page_head`).
pub(crate) async fn festivals_dto(state: &AppState, year: Option<&str>) -> Result<Vec<FestivalDto>, ApiError> {
    Ok(state.festivals.festivals(year).await?.into_iter().map(Into::into).collect())
}

/// The festivals of a Gregorian year on their days at the temple's place, decided by their lunar
/// rules (docs/festivals.md): the tithi of a lunar month at sunrise, midday, dusk or midnight.
#[utoipa::path(operation_id = "listFestivals", tag = "panchangam", params(FestivalQuery), responses(
    (status = 200, body = Vec<FestivalDto>), (status = 400, body = ErrorBody)
))]
#[get("/api/festivals")]
async fn list_festivals(state: web::Data<AppState>, query: web::Query<FestivalQuery>) -> Result<HttpResponse, ApiError> {
    let festivals = festivals_dto(&state, query.year.as_deref()).await?;
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "public, max-age=60")).json(festivals))
}

/// The coming year's festivals and special tithis (Ekadashi, Pournami, Amavasya) at the temple,
/// as all-day entries of an iCalendar file to download or subscribe to.
#[utoipa::path(operation_id = "getFestivalCalendar", tag = "panchangam", responses(
    (status = 200, content_type = "text/calendar", body = String, description = "festivals.ics"),
))]
#[get("/api/panchangam/festivals.ics")]
async fn festival_calendar(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let file = state.festivals.calendar().await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, crate::routes::calendar::CONTENT_TYPE_CALENDAR))
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", file.filename)))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(file.text))
}

/// A festival's rule.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FestivalRuleDto {
    id: String,
    name: String,
    description: Option<String>,
    /// 1 = Chaitra … 12 = Phalguna; null for a rule by solar month.
    lunar_month: Option<u8>,
    /// 0 = Mesha … 11 = Meena; null for a rule by lunar month.
    solar_month: Option<u8>,
    /// 1–30: 1–15 shukla, 16–30 krishna.
    tithi: u8,
    #[schema(value_type = String, example = "sunrise")]
    moment: &'static str,
    /// Of two days on which the tithi runs at the moment, which keeps the festival.
    #[schema(value_type = String, example = "first")]
    two_days: &'static str,
    /// Kept in an adhika month of that name too.
    in_adhika: bool,
    source: Option<String>,
    /// The rule in words: "Ashwin Amavasya, in the evening after sunset (pradosha)".
    rule: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<Festival> for FestivalRuleDto {
    fn from(f: Festival) -> Self {
        Self {
            id: f.id.into_string(),
            rule: f.rule.describe(),
            name: f.name,
            description: f.description,
            lunar_month: f.rule.lunar_month(),
            solar_month: f.rule.solar_month(),
            tithi: f.rule.tithi,
            moment: f.rule.moment.as_str(),
            two_days: f.rule.two_days.as_str(),
            in_adhika: f.rule.in_adhika,
            source: f.source,
            created_at: f.created_at,
            updated_at: f.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FestivalRuleRequest {
    /// 3 to 100 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 3, max_length = 100)]
    name: Option<String>,
    /// At most 1000 characters; blank or null for none.
    #[serde(default)]
    description: Option<String>,
    /// 1 (Chaitra) to 12 (Phalguna); give this or `solarMonth`.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 12)]
    lunar_month: Option<i64>,
    /// 0 (Mesha) to 11 (Meena); give this or `lunarMonth`.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 11)]
    solar_month: Option<i64>,
    /// 1 to 30.
    #[serde(default)]
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 30)]
    tithi: Option<i64>,
    /// `sunrise`, `madhyahna`, `pradosha` or `nishita`.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "sunrise")]
    moment: Option<String>,
    /// `first` (the default) or `second`.
    #[serde(default)]
    two_days: Option<String>,
    #[serde(default)]
    in_adhika: Option<bool>,
    /// At most 200 characters.
    #[serde(default)]
    source: Option<String>,
}

impl From<FestivalRuleRequest> for FestivalInput {
    fn from(b: FestivalRuleRequest) -> Self {
        FestivalInput {
            name: b.name.unwrap_or_default(),
            description: b.description,
            lunar_month: b.lunar_month,
            solar_month: b.solar_month,
            tithi: b.tithi,
            moment: b.moment.unwrap_or_default(),
            two_days: b.two_days,
            in_adhika: b.in_adhika.unwrap_or(false),
            source: b.source,
        }
    }
}

/// Every festival's rule, by month and tithi (editors).
#[utoipa::path(operation_id = "listFestivalRules", get, path = "/api/admin/festivals", tag = "panchangam", security(("bearer" = [])),
    responses((status = 200, body = [FestivalRuleDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list_rules(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<FestivalRuleDto>>, ApiError> {
    Ok(web::Json(state.festivals.rules(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Adds a festival's rule (editors).
#[utoipa::path(operation_id = "createFestivalRule", post, path = "/api/admin/festivals", tag = "panchangam", security(("bearer" = [])),
    request_body = FestivalRuleRequest, responses(
    (status = 201, body = FestivalRuleDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create_rule(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<FestivalRuleRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.festivals.create_rule(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(FestivalRuleDto::from(created)))
}

/// Replaces every field of a festival's rule (editors); the events made from it stay as they are.
#[utoipa::path(operation_id = "updateFestivalRule", put, path = "/api/admin/festivals/{id}", tag = "panchangam", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = FestivalRuleRequest, responses(
    (status = 200, body = FestivalRuleDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn update_rule(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<FestivalRuleRequest>,
) -> Result<web::Json<FestivalRuleDto>, ApiError> {
    Ok(web::Json(state.festivals.update_rule(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?.into()))
}

/// Removes a festival's rule (editors); the events made from it stay.
#[utoipa::path(operation_id = "deleteFestivalRule", delete, path = "/api/admin/festivals/{id}", tag = "panchangam", security(("bearer" = [])),
    params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn delete_rule(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.festivals.delete_rule(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Which years.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct YearsQuery {
    /// The first Gregorian year, from this year to 2100; this year when omitted.
    #[param(minimum = 1900, maximum = 2100)]
    from_year: Option<i64>,
    /// How many years, 1 to 10; one when omitted.
    #[param(minimum = 1, maximum = 10)]
    years: Option<i64>,
}

/// One date of the festival and the event made for it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FestivalDayDto {
    date: NaiveDate,
    /// The event made from the rule for this date; null when none is.
    event_id: Option<String>,
    /// The date has passed: no event is made for it.
    past: bool,
}

impl From<FestivalDay> for FestivalDayDto {
    fn from(d: FestivalDay) -> Self {
        Self { date: d.date, event_id: d.event_id.map(String::from), past: d.past }
    }
}

/// The festival and its dates in the years asked for.
#[derive(Debug, Serialize, ToSchema)]
pub struct FestivalPreviewDto {
    festival: FestivalRuleDto,
    days: Vec<FestivalDayDto>,
}

/// The festival's dates at the temple in the years asked for, each with the event already made for
/// it and whether it has passed: what making its events would do (editors).
#[utoipa::path(operation_id = "previewFestivalEvents", get, path = "/api/admin/festivals/{id}/events", tag = "panchangam",
    security(("bearer" = [])), params(("id" = String, Path), YearsQuery), responses(
    (status = 200, body = FestivalPreviewDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn preview_events(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    query: web::Query<YearsQuery>,
) -> Result<web::Json<FestivalPreviewDto>, ApiError> {
    let (festival, days) = state.festivals.preview(&user.actor(), &path.into_inner().into(), query.from_year, query.years).await?;
    Ok(web::Json(FestivalPreviewDto { festival: festival.into(), days: days.into_iter().map(Into::into).collect() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FestivalEventsRequest {
    /// The first Gregorian year, from this year to 2100; this year when omitted.
    #[serde(default)]
    #[schema(minimum = 1900, maximum = 2100)]
    from_year: Option<i64>,
    /// How many years, 1 to 10; one when omitted.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 10)]
    years: Option<i64>,
    /// The events' start, "HH:MM" at the temple.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "18:00")]
    time: Option<String>,
    /// The events' place, 3 to 300 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 3)]
    location: Option<String>,
    /// The events' description, 10 to 10000 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 10)]
    description: Option<String>,
    /// 1 to 100000 people; null for no limit.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 100_000)]
    capacity: Option<i64>,
}

/// What making a festival's events did.
#[derive(Debug, Serialize, ToSchema)]
pub struct FestivalEventsDto {
    /// The events made, by date.
    created: Vec<EventDto>,
    /// Dates that already had their event.
    existing: Vec<FestivalDayDto>,
    /// Dates that have passed.
    past: Vec<NaiveDate>,
}

/// Makes the festival's events for the years asked for, one per date with the rule's name, in one
/// transaction; dates that have their event already, or have passed, are left out (editors).
#[utoipa::path(operation_id = "createFestivalEvents", post, path = "/api/admin/festivals/{id}/events", tag = "panchangam",
    security(("bearer" = [])), params(("id" = String, Path)), request_body = FestivalEventsRequest, responses(
    (status = 201, body = FestivalEventsDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
async fn create_events(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<FestivalEventsRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = FestivalEventsInput {
        from_year: b.from_year,
        years: b.years,
        time: b.time.unwrap_or_default(),
        location: b.location.unwrap_or_default(),
        description: b.description.unwrap_or_default(),
        capacity: b.capacity,
    };
    let FestivalEventsMade { created, existing, past } =
        state.festivals.create_events(&user.actor(), &path.into_inner().into(), input).await?;
    Ok(HttpResponse::Created().json(FestivalEventsDto {
        created: created.into_iter().map(Into::into).collect(),
        existing: existing.into_iter().map(Into::into).collect(),
        past,
    }))
}

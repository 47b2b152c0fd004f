//! The seva catalogue (admins keep it; anyone reads the active sevas), each seva's availability
//! computed in the temple's time zone, and the booking settings (ADR 0113).

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, NaiveTime, Utc};
use mandir_application::services::sevas::Availability;
use mandir_domain::recurring_service::DayOfWeek;
use mandir_domain::recurring_service::time_label;
use mandir_domain::seva::{
    Capacity, CapacityMode, DayAvailability, PriceKind, Seva, SevaCategory, SevaInput, SevaSettings, SevaSettingsInput, SlotAvailability,
    SlotInput, slot_label,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::{CurrentUser, MaybeUser};
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list, create, get, update, remove, image, availability, settings, update_settings),
    components(schemas(
        SevaDto,
        SevaCategoryDto,
        PriceKindDto,
        WeekdayDto,
        CapacityModeDto,
        SevaSlotDto,
        SevaRequest,
        SevaSlotRequest,
        SevaAvailabilityDto,
        SevaDayDto,
        SevaSlotAvailabilityDto,
        SevaSettingsDto,
        SevaSettingsRequest
    ))
)]
pub struct Api;

pub(super) fn hhmm(time: NaiveTime) -> String {
    time.format("%H:%M").to_string()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaSlotDto {
    #[schema(example = "09:00")]
    pub time: String,
    #[schema(example = "9:00 AM")]
    pub time_label: String,
    pub capacity: u32,
}

crate::dto::text_enum_schema!(
    /// Where a seva is performed: `temple`, `home` or `proxy`.
    SevaCategoryDto = SevaCategory::ALL.iter().map(|v| v.as_str())
);
crate::dto::text_enum_schema!(
    /// `fixed`, or `suggestedDonation` (the member may give another amount).
    PriceKindDto = PriceKind::ALL.iter().map(|v| v.as_str())
);
crate::dto::text_enum_schema!(
    /// A day of the week: `sunday` ... `saturday`.
    WeekdayDto = DayOfWeek::ALL.iter().map(|v| v.as_str())
);
crate::dto::text_enum_schema!(
    /// How bookings are counted: per time slot (`slots`) or per day (`daily`).
    CapacityModeDto = CapacityMode::ALL.iter().map(|v| v.as_str())
);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaDto {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    #[schema(value_type = SevaCategoryDto, example = "temple")]
    pub category: String,
    pub price_cents: i64,
    #[schema(value_type = PriceKindDto, example = "fixed")]
    pub price_kind: String,
    pub duration_minutes: u32,
    #[schema(value_type = Vec<WeekdayDto>)]
    pub weekdays: Vec<String>,
    #[schema(value_type = CapacityModeDto, example = "slots")]
    pub capacity_mode: String,
    /// With `slots`: the time slots in time order; empty otherwise.
    pub slots: Vec<SevaSlotDto>,
    /// With `daily`: how many bookings a day takes.
    pub daily_capacity: Option<u32>,
    /// "YYYY-MM-DD" dates the seva is not offered.
    pub blackout_dates: Vec<String>,
    /// The last bookable date is today (the temple's date) plus this many days.
    pub horizon_days: u32,
    /// Bookings and members' cancellations close this many hours before the slot.
    pub cutoff_hours: u32,
    pub requires_address: bool,
    pub is_active: bool,
    pub sort_order: i32,
    /// `/api/sevas/{id}/image?v={hash}`, cached for a year; null without an image.
    pub image_url: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Seva> for SevaDto {
    fn from(s: Seva) -> Self {
        let capacity_mode = s.rules.capacity.mode();
        let (slots, daily_capacity) = match &s.rules.capacity {
            Capacity::Slots(slots) => (
                slots.iter().map(|x| SevaSlotDto { time: hhmm(x.time), time_label: time_label(x.time), capacity: x.capacity }).collect(),
                None,
            ),
            Capacity::Daily(count) => (Vec::new(), Some(*count)),
        };
        Self {
            id: s.id.into(),
            name: s.name,
            description: s.description,
            category: s.category.as_str().to_owned(),
            price_cents: s.price.cents(),
            price_kind: s.price_kind.as_str().to_owned(),
            duration_minutes: s.duration_minutes,
            weekdays: s.rules.weekdays.iter().map(|d| d.as_str().to_owned()).collect(),
            capacity_mode: capacity_mode.as_str().to_owned(),
            slots,
            daily_capacity,
            blackout_dates: s.rules.blackout_dates.iter().map(|d| d.format("%Y-%m-%d").to_string()).collect(),
            horizon_days: s.rules.horizon_days,
            cutoff_hours: s.rules.cutoff_hours,
            requires_address: s.requires_address,
            is_active: s.is_active,
            sort_order: s.sort_order,
            image_url: s.image_url,
            created_at: s.created_at,
            updated_at: s.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaSlotRequest {
    /// "HH:MM", 24-hour, the temple's local time.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "09:00")]
    time: Option<String>,
    /// 1 to 500.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    capacity: Option<i64>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaRequest {
    /// 3 to 100 characters after trimming.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 3)]
    name: Option<String>,
    /// At most 2000 characters; blank or null for none.
    #[serde(default)]
    description: Option<String>,
    /// `temple`, `home` or `proxy`.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    category: Option<String>,
    /// 0 to 10,000,000 (100,000.00 dollars).
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    price_cents: Option<i64>,
    /// `fixed` or `suggestedDonation`.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    price_kind: Option<String>,
    /// 5 to 1440.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    duration_minutes: Option<i64>,
    /// One or more of `sunday` ... `saturday`.
    #[serde(default)]
    #[schema(value_type = Vec<String>, required = true)]
    weekdays: Option<Vec<String>>,
    /// `slots` (then `slots`) or `daily` (then `dailyCapacity`).
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    capacity_mode: Option<String>,
    /// 1 to 24 slots with distinct times.
    #[serde(default)]
    slots: Option<Vec<SevaSlotRequest>>,
    /// 1 to 500.
    #[serde(default)]
    daily_capacity: Option<i64>,
    /// "YYYY-MM-DD", at most 366.
    #[serde(default)]
    blackout_dates: Option<Vec<String>>,
    /// 1 to 366.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    horizon_days: Option<i64>,
    /// 0 to 720.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    cutoff_hours: Option<i64>,
    /// Default: true for `home` sevas.
    #[serde(default)]
    requires_address: Option<bool>,
    /// Default true.
    #[serde(default)]
    is_active: Option<bool>,
    /// Smaller first; default 0.
    #[serde(default)]
    sort_order: Option<i64>,
    /// A data URL of a JPEG, PNG, GIF or WebP image of at most 5 MB; the seva's current
    /// `imageUrl` to keep it; null or absent for none.
    #[serde(default)]
    image: Option<String>,
}

impl From<SevaRequest> for SevaInput {
    fn from(b: SevaRequest) -> Self {
        SevaInput {
            name: b.name.unwrap_or_default(),
            description: b.description,
            category: b.category.unwrap_or_default(),
            price_cents: b.price_cents,
            price_kind: b.price_kind.unwrap_or_default(),
            duration_minutes: b.duration_minutes,
            weekdays: b.weekdays.unwrap_or_default(),
            capacity_mode: b.capacity_mode.unwrap_or_default(),
            slots: b
                .slots
                .unwrap_or_default()
                .into_iter()
                .map(|s| SlotInput { time: s.time.unwrap_or_default(), capacity: s.capacity })
                .collect(),
            daily_capacity: b.daily_capacity,
            blackout_dates: b.blackout_dates.unwrap_or_default(),
            horizon_days: b.horizon_days,
            cutoff_hours: b.cutoff_hours,
            requires_address: b.requires_address,
            is_active: b.is_active,
            sort_order: b.sort_order,
            image: b.image,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ListQuery {
    /// `true`: inactive sevas too (admins).
    all: Option<bool>,
}

/// The active sevas in the admins' order; every seva with `all=true` (admins).
#[utoipa::path(operation_id = "listSevas", get, path = "/api/sevas", tag = "sevas", params(ListQuery),
    responses((status = 200, body = [SevaDto]), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(super) async fn list(
    state: web::Data<AppState>,
    user: MaybeUser,
    query: web::Query<ListQuery>,
) -> Result<web::Json<Vec<SevaDto>>, ApiError> {
    let actor = user.actor();
    let sevas = state.sevas.list(actor.as_ref(), query.all.unwrap_or(false)).await?;
    Ok(web::Json(sevas.into_iter().map(Into::into).collect()))
}

/// The active sevas as `GET /api/sevas` answers a visitor (the sevas page's data block).
pub async fn sevas_dto(state: &AppState) -> Result<Vec<SevaDto>, ApiError> {
    Ok(state.sevas.list(None, false).await?.into_iter().map(Into::into).collect())
}

/// The booking settings as `GET /api/seva-settings` answers them (a seva page's data block).
pub async fn settings_dto(state: &AppState) -> Result<SevaSettingsDto, ApiError> {
    Ok(state.sevas.settings().await?.into())
}

/// Adds a seva (admins).
#[utoipa::path(operation_id = "createSeva", post, path = "/api/sevas", tag = "sevas", security(("bearer" = [])), request_body = SevaRequest, responses(
    (status = 201, body = SevaDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
pub(super) async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<SevaRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.sevas.create(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(SevaDto::from(created)))
}

/// An active seva (any seva for admins).
#[utoipa::path(operation_id = "getSeva", get, path = "/api/sevas/{id}", tag = "sevas", params(("id" = String, Path)),
    responses((status = 200, body = SevaDto), (status = 404, body = ErrorBody)))]
pub(super) async fn get(state: web::Data<AppState>, user: MaybeUser, path: web::Path<String>) -> Result<web::Json<SevaDto>, ApiError> {
    Ok(web::Json(state.sevas.get(user.actor().as_ref(), &path.into_inner().into()).await?.into()))
}

/// Replaces every field of a seva (admins); `image` keeps, replaces or removes the image.
#[utoipa::path(operation_id = "updateSeva", put, path = "/api/sevas/{id}", tag = "sevas", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = SevaRequest, responses(
    (status = 200, body = SevaDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
pub(super) async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<SevaRequest>,
) -> Result<web::Json<SevaDto>, ApiError> {
    Ok(web::Json(state.sevas.update(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?.into()))
}

/// Deletes a seva nobody booked (admins); one with bookings answers 409 (make it inactive).
#[utoipa::path(operation_id = "deleteSeva", delete, path = "/api/sevas/{id}", tag = "sevas", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
pub(super) async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.sevas.delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A seva's uploaded image. Its URL carries a content hash, so it is cached for a year.
#[utoipa::path(operation_id = "getSevaImage", get, path = "/api/sevas/{id}/image", tag = "sevas", params(("id" = String, Path)),
    responses((status = 200, content_type = "image/*"), (status = 404, body = ErrorBody)))]
pub(super) async fn image(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let image = state.sevas.image(&path.into_inner().into()).await?;
    Ok(crate::image::immutable_image(&req, image))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaSlotAvailabilityDto {
    /// "HH:MM"; null for a seva with a daily count.
    pub time: Option<String>,
    /// "9:00 AM", or "Any time".
    pub time_label: String,
    pub starts_at: DateTime<Utc>,
    pub capacity: u32,
    pub remaining: u32,
    /// `open`, `full` or `closed` (past the cut-off).
    #[schema(example = "open")]
    pub status: String,
}

impl From<SlotAvailability> for SevaSlotAvailabilityDto {
    fn from(s: SlotAvailability) -> Self {
        Self {
            time: s.time.map(hhmm),
            time_label: slot_label(s.time),
            starts_at: s.starts_at,
            capacity: s.capacity,
            remaining: s.remaining(),
            status: s.status.as_str().to_owned(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaDayDto {
    #[schema(example = "2026-03-14")]
    pub date: String,
    /// `open`, `notOffered`, `blackout`, `past` or `beyondHorizon`.
    #[schema(example = "open")]
    pub status: String,
    /// Open days only.
    pub slots: Vec<SevaSlotAvailabilityDto>,
}

impl From<DayAvailability> for SevaDayDto {
    fn from(d: DayAvailability) -> Self {
        Self {
            date: d.date.format("%Y-%m-%d").to_string(),
            status: d.status.as_str().to_owned(),
            slots: d.slots.into_iter().map(Into::into).collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaAvailabilityDto {
    /// The temple's IANA time zone, in which dates and times are given.
    #[schema(example = "America/Los_Angeles")]
    pub time_zone: String,
    pub seva_id: String,
    pub days: Vec<SevaDayDto>,
}

impl From<Availability> for SevaAvailabilityDto {
    fn from(a: Availability) -> Self {
        Self { time_zone: a.zone.name().to_owned(), seva_id: a.seva.id.into(), days: a.days.into_iter().map(Into::into).collect() }
    }
}

#[derive(Deserialize)]
pub(super) struct RangeQuery {
    from: Option<String>,
    to: Option<String>,
}

/// The seva's days from `from` to `to` (the temple's local dates, at most 92 days) with each open
/// day's slots and the places left now.
#[utoipa::path(operation_id = "getSevaAvailability", get, path = "/api/sevas/{id}/availability", tag = "sevas",
    params(("id" = String, Path), ("from" = String, Query, format = Date, example = "2026-03-01"), ("to" = String, Query, format = Date, example = "2026-03-31")),
    responses((status = 200, body = SevaAvailabilityDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn availability(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<RangeQuery>,
) -> Result<web::Json<SevaAvailabilityDto>, ApiError> {
    let actor = user.actor();
    let found = state.sevas.availability(actor.as_ref(), &path.into_inner().into(), query.from.as_deref(), query.to.as_deref()).await?;
    Ok(web::Json(found.into()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaSettingsDto {
    /// A Zelle payment recorded as pending confirms its booking.
    pub zelle_pending_confirms: bool,
    /// What is refunded when a member cancels; null for none.
    pub cancellation_policy: Option<String>,
    /// How long a Zelle booking holds its place until staff confirm the payment (never past the
    /// slot's start); then it lapses.
    pub zelle_hold_hours: u32,
    /// How many unpaid bookings one member may have at once.
    pub max_unpaid_holds: u32,
}

impl From<SevaSettings> for SevaSettingsDto {
    fn from(s: SevaSettings) -> Self {
        Self {
            zelle_pending_confirms: s.zelle_pending_confirms,
            cancellation_policy: s.cancellation_policy,
            zelle_hold_hours: s.zelle_hold_hours,
            max_unpaid_holds: s.max_unpaid_holds,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaSettingsRequest {
    #[serde(default)]
    zelle_pending_confirms: bool,
    /// At most 2000 characters; blank or null for none.
    #[serde(default)]
    cancellation_policy: Option<String>,
    /// A whole number of hours from 1 to 336 (default 48); left out, it stays as it is.
    #[serde(default)]
    #[schema(value_type = Option<i32>, minimum = 1, maximum = 336)]
    zelle_hold_hours: Option<f64>,
    /// A whole number from 1 to 20 (default 3); left out, it stays as it is.
    #[serde(default)]
    #[schema(value_type = Option<i32>, minimum = 1, maximum = 20)]
    max_unpaid_holds: Option<f64>,
}

/// The temple's booking settings (the cancellation policy is shown before booking).
#[utoipa::path(operation_id = "getSevaSettings", get, path = "/api/seva-settings", tag = "sevas", responses((status = 200, body = SevaSettingsDto)))]
pub(super) async fn settings(state: web::Data<AppState>) -> Result<web::Json<SevaSettingsDto>, ApiError> {
    Ok(web::Json(state.sevas.settings().await?.into()))
}

/// Saves the booking settings (admins).
#[utoipa::path(operation_id = "updateSevaSettings", put, path = "/api/seva-settings", tag = "sevas", security(("bearer" = [])),
    request_body = SevaSettingsRequest, responses(
    (status = 200, body = SevaSettingsDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
pub(super) async fn update_settings(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<SevaSettingsRequest>,
) -> Result<web::Json<SevaSettingsDto>, ApiError> {
    let body = body.into_inner();
    let input = SevaSettingsInput {
        zelle_pending_confirms: body.zelle_pending_confirms,
        cancellation_policy: body.cancellation_policy,
        zelle_hold_hours: body.zelle_hold_hours,
        max_unpaid_holds: body.max_unpaid_holds,
    };
    Ok(web::Json(state.sevas.save_settings(&user.actor(), input).await?.into()))
}

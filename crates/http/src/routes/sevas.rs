//! `/api/sevas`, `/api/seva-bookings`, `/api/seva-settings` and `/api/admin/sevas/...`: the seva
//! catalogue with its availability computed in the temple's time zone, members' bookings paid
//! through the payment flow, and the priests' day schedule (ADR 0113, ADR 0114).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, NaiveTime, Utc};
use mandir_application::services::seva_bookings::{PayMethod, ScheduleEntry};
use mandir_application::services::sevas::Availability;
use mandir_domain::family_member::{Person, PersonInput};
use mandir_domain::recurring_service::time_label;
use mandir_domain::seva::{
    Capacity, DayAvailability, Seva, SevaInput, SevaSettings, SevaSettingsInput, SlotAvailability, SlotInput, slot_label,
};
use mandir_domain::seva_booking::{BookingInput, SevaBooking};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::payments::PaymentDto;
use crate::auth::{CurrentUser, MaybeUser};
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::error::{ApiError, ErrorBody, json_config};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        list,
        create,
        get,
        update,
        remove,
        image,
        availability,
        settings,
        update_settings,
        book,
        mine,
        assigned,
        get_booking,
        pay,
        cancel,
        assign_priest,
        complete,
        schedule,
        schedule_csv
    ),
    components(schemas(
        AssignedSevaDto,
        SevaDto,
        SevaSlotDto,
        SevaRequest,
        SevaSlotRequest,
        SevaAvailabilityDto,
        SevaDayDto,
        SevaSlotAvailabilityDto,
        SevaSettingsDto,
        SevaSettingsRequest,
        SevaPersonDto,
        SevaBookingRequest,
        SevaBookingDto,
        PayBookingRequest,
        PaidBookingDto,
        BookingPriestRequest,
        SevaScheduleEntryDto,
        SevaScheduleDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    let resource = |path: &str| web::resource(path.to_owned()).default_service(web::to(super::unmatched));
    cfg.service(resource("/api/seva-settings").route(web::get().to(settings)).route(web::put().to(update_settings)))
        .service(resource("/api/seva-bookings/mine").route(web::get().to(mine)))
        .service(resource("/api/seva-bookings/assigned").route(web::get().to(assigned)))
        .service(resource("/api/seva-bookings/{id}").route(web::get().to(get_booking)))
        .service(resource("/api/seva-bookings/{id}/pay").route(web::post().to(pay)))
        .service(resource("/api/seva-bookings/{id}/cancel").route(web::post().to(cancel)))
        .service(resource("/api/seva-bookings/{id}/priest").route(web::put().to(assign_priest)))
        .service(resource("/api/seva-bookings/{id}/complete").route(web::post().to(complete)))
        .service(resource("/api/admin/sevas/schedule").route(web::get().to(schedule)))
        .service(resource("/api/admin/sevas/schedule.csv").route(web::get().to(schedule_csv)))
        .service(resource("/api/sevas/{id}/image").route(web::get().to(image)))
        .service(resource("/api/sevas/{id}/availability").route(web::get().to(availability)))
        .service(resource("/api/sevas/{id}/bookings").route(web::post().to(book)))
        // Inline images make bodies as large as event bodies.
        .service(
            resource("/api/sevas").app_data(json_config(crate::EVENT_JSON_LIMIT)).route(web::get().to(list)).route(web::post().to(create)),
        )
        .service(
            resource("/api/sevas/{id}")
                .app_data(json_config(crate::EVENT_JSON_LIMIT))
                .route(web::get().to(get))
                .route(web::put().to(update))
                .route(web::delete().to(remove)),
        );
}

fn hhmm(time: NaiveTime) -> String {
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaDto {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// `temple`, `home` or `proxy`.
    #[schema(example = "temple")]
    pub category: String,
    pub price_cents: i64,
    /// `fixed`, or `suggestedDonation` (the member may give another amount).
    #[schema(example = "fixed")]
    pub price_kind: String,
    pub duration_minutes: u32,
    /// `sunday` ... `saturday`.
    pub weekdays: Vec<String>,
    /// `slots` or `daily`.
    #[schema(example = "slots")]
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
        let (capacity_mode, slots, daily_capacity) = match &s.rules.capacity {
            Capacity::Slots(slots) => (
                "slots",
                slots.iter().map(|x| SevaSlotDto { time: hhmm(x.time), time_label: time_label(x.time), capacity: x.capacity }).collect(),
                None,
            ),
            Capacity::Daily(count) => ("daily", Vec::new(), Some(*count)),
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
            capacity_mode: capacity_mode.to_owned(),
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
struct ListQuery {
    /// `true`: inactive sevas too (admins).
    all: Option<bool>,
}

/// The active sevas in the admins' order; every seva with `all=true` (admins).
#[utoipa::path(operation_id = "listSevas", get, path = "/api/sevas", tag = "sevas", params(ListQuery),
    responses((status = 200, body = [SevaDto]), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list(state: web::Data<AppState>, user: MaybeUser, query: web::Query<ListQuery>) -> Result<web::Json<Vec<SevaDto>>, ApiError> {
    let actor = user.actor();
    let sevas = state.sevas.list(actor.as_ref(), query.all.unwrap_or(false)).await?;
    Ok(web::Json(sevas.into_iter().map(Into::into).collect()))
}

/// Adds a seva (admins).
#[utoipa::path(operation_id = "createSeva", post, path = "/api/sevas", tag = "sevas", security(("bearer" = [])), request_body = SevaRequest, responses(
    (status = 201, body = SevaDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<SevaRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.sevas.create(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(SevaDto::from(created)))
}

/// An active seva (any seva for admins).
#[utoipa::path(operation_id = "getSeva", get, path = "/api/sevas/{id}", tag = "sevas", params(("id" = String, Path)),
    responses((status = 200, body = SevaDto), (status = 404, body = ErrorBody)))]
async fn get(state: web::Data<AppState>, user: MaybeUser, path: web::Path<String>) -> Result<web::Json<SevaDto>, ApiError> {
    Ok(web::Json(state.sevas.get(user.actor().as_ref(), &path.into_inner().into()).await?.into()))
}

/// Replaces every field of a seva (admins); `image` keeps, replaces or removes the image.
#[utoipa::path(operation_id = "updateSeva", put, path = "/api/sevas/{id}", tag = "sevas", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = SevaRequest, responses(
    (status = 200, body = SevaDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn update(
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
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.sevas.delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A seva's uploaded image. Its URL carries a content hash, so it is cached for a year.
#[utoipa::path(operation_id = "getSevaImage", get, path = "/api/sevas/{id}/image", tag = "sevas", params(("id" = String, Path)),
    responses((status = 200, content_type = "image/*"), (status = 404, body = ErrorBody)))]
async fn image(req: HttpRequest, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
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
struct RangeQuery {
    from: Option<String>,
    to: Option<String>,
}

/// The seva's days from `from` to `to` (the temple's local dates, at most 92 days) with each open
/// day's slots and the places left now.
#[utoipa::path(operation_id = "getSevaAvailability", get, path = "/api/sevas/{id}/availability", tag = "sevas",
    params(("id" = String, Path), ("from" = String, Query, format = Date, example = "2026-03-01"), ("to" = String, Query, format = Date, example = "2026-03-31")),
    responses((status = 200, body = SevaAvailabilityDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn availability(
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
async fn settings(state: web::Data<AppState>) -> Result<web::Json<SevaSettingsDto>, ApiError> {
    Ok(web::Json(state.sevas.settings().await?.into()))
}

/// Saves the booking settings (admins).
#[utoipa::path(operation_id = "updateSevaSettings", put, path = "/api/seva-settings", tag = "sevas", security(("bearer" = [])),
    request_body = SevaSettingsRequest, responses(
    (status = 200, body = SevaSettingsDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn update_settings(
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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaPersonDto {
    /// 1 to 100 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub name: Option<String>,
    /// At most 100 characters (the profile's gotram list or the member's own).
    #[serde(default)]
    pub gotram: Option<String>,
    /// At most 50 characters.
    #[serde(default)]
    pub nakshatram: Option<String>,
    /// At most 50 characters.
    #[serde(default)]
    pub rasi: Option<String>,
}

impl From<Person> for SevaPersonDto {
    fn from(p: Person) -> Self {
        Self { name: Some(p.name), gotram: p.gotram, nakshatram: p.nakshatram, rasi: p.rasi }
    }
}

impl From<SevaPersonDto> for PersonInput {
    fn from(p: SevaPersonDto) -> Self {
        PersonInput { name: p.name.unwrap_or_default(), gotram: p.gotram, nakshatram: p.nakshatram, rasi: p.rasi }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaBookingRequest {
    /// "YYYY-MM-DD", the temple's local date.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "2026-03-14")]
    date: Option<String>,
    /// "HH:MM" of one of the seva's slots; omitted for a seva with a daily count.
    #[serde(default)]
    slot: Option<String>,
    /// 1 to 12 people.
    #[serde(default)]
    #[schema(value_type = Vec<SevaPersonDto>, required = true)]
    participants: Option<Vec<SevaPersonDto>>,
    /// Required for home services; at most 500 characters.
    #[serde(default)]
    address: Option<String>,
    /// At most 1000 characters.
    #[serde(default)]
    note: Option<String>,
    /// A suggested donation's amount in cents (100 to 10,000,000); the suggestion when absent.
    #[serde(default)]
    amount_cents: Option<i64>,
}

impl From<SevaBookingRequest> for BookingInput {
    fn from(b: SevaBookingRequest) -> Self {
        BookingInput {
            date: b.date.unwrap_or_default(),
            slot: b.slot,
            participants: b.participants.unwrap_or_default().into_iter().map(Into::into).collect(),
            address: b.address,
            note: b.note,
            amount_cents: b.amount_cents,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SevaBookingDto {
    pub id: String,
    pub seva_id: String,
    pub seva_name: String,
    pub user_id: String,
    #[schema(example = "2026-03-14")]
    pub date: String,
    /// "HH:MM"; null for a seva with a daily count.
    pub slot: Option<String>,
    /// "9:00 AM" or "Any time".
    pub slot_label: String,
    pub starts_at: DateTime<Utc>,
    /// `held`, `confirmed`, `completed` or `cancelled`.
    #[schema(example = "held")]
    pub status: String,
    /// While `held`: when the place is released unless the payment completes.
    pub hold_expires_at: Option<DateTime<Utc>>,
    pub participants: Vec<SevaPersonDto>,
    pub address: Option<String>,
    pub note: Option<String>,
    pub amount_cents: i64,
    pub payment_id: Option<String>,
    pub priest_id: Option<String>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<SevaBooking> for SevaBookingDto {
    fn from(b: SevaBooking) -> Self {
        Self {
            id: b.id.into(),
            seva_id: b.seva_id.into(),
            seva_name: b.seva_name,
            user_id: b.user_id.into(),
            date: b.date.format("%Y-%m-%d").to_string(),
            slot: b.slot.map(hhmm),
            slot_label: slot_label(b.slot),
            starts_at: b.starts_at,
            status: b.status.as_str().to_owned(),
            hold_expires_at: b.hold_expires_at,
            participants: b.participants.into_iter().map(Into::into).collect(),
            address: b.address,
            note: b.note,
            amount_cents: b.amount.cents(),
            payment_id: b.payment_id.map(Into::into),
            priest_id: b.priest_id.map(Into::into),
            cancelled_at: b.cancelled_at,
            completed_at: b.completed_at,
            created_at: b.created_at,
        }
    }
}

/// Books a slot for a verified member: held for 15 minutes while paying (confirmed at once when
/// there is nothing to pay). Capacity is decided with the insert: 409 when the slot is full.
#[utoipa::path(operation_id = "bookSeva", post, path = "/api/sevas/{id}/bookings", tag = "sevas", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = SevaBookingRequest, responses(
    (status = 201, body = SevaBookingDto), (status = 400, body = ErrorBody, description = "Invalid fields, a blackout date, a date past the booking window, a slot past its cut-off"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "E-mail not verified (`code: email-not-verified`)"),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "The slot is full")
))]
async fn book(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<SevaBookingRequest>,
) -> Result<HttpResponse, ApiError> {
    let booking = state.seva_bookings.book(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(SevaBookingDto::from(booking)))
}

/// The caller's bookings, soonest slot first.
#[utoipa::path(operation_id = "listMySevaBookings", get, path = "/api/seva-bookings/mine", tag = "sevas", security(("bearer" = [])),
    responses((status = 200, body = [SevaBookingDto]), (status = 401, body = ErrorBody)))]
async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<SevaBookingDto>>, ApiError> {
    Ok(web::Json(state.seva_bookings.mine(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// One booking, for its member or an admin (confirmed here once its payment completed).
#[utoipa::path(operation_id = "getSevaBooking", get, path = "/api/seva-bookings/{id}", tag = "sevas", security(("bearer" = [])),
    params(("id" = String, Path)), responses((status = 200, body = SevaBookingDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_booking(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<SevaBookingDto>, ApiError> {
    Ok(web::Json(state.seva_bookings.get(&user.actor(), &path.into_inner().into()).await?.into()))
}

fn pay_method_schema() -> utoipa::openapi::schema::Schema {
    crate::input::one_of_texts(&PayMethod::ALL.map(PayMethod::as_str))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayBookingRequest {
    /// `card` or `zelle`.
    #[serde(default)]
    #[schema(required = true, schema_with = pay_method_schema, example = "card")]
    method: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaidBookingDto {
    pub booking: SevaBookingDto,
    pub payment: PaymentDto,
    /// A card payment's intent, confirmed in the browser like any card donation.
    pub client_secret: Option<String>,
    pub payment_intent_id: Option<String>,
}

/// Pays the caller's held booking by card (answers the intent to confirm) or Zelle (recorded as
/// pending), with the payment linked to the booking. A repeat answers the same payment.
#[utoipa::path(operation_id = "paySevaBooking", post, path = "/api/seva-bookings/{id}/pay", tag = "sevas", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PayBookingRequest, responses(
    (status = 200, body = PaidBookingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Not held (paid, cancelled) or the hold expired")
))]
async fn pay(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<PayBookingRequest>,
) -> Result<web::Json<PaidBookingDto>, ApiError> {
    let method = PayMethod::parse(body.into_inner().method.as_deref().unwrap_or_default())?;
    let paid = state.seva_bookings.pay(&user.0, &path.into_inner().into(), method).await?;
    Ok(web::Json(PaidBookingDto {
        booking: paid.booking.into(),
        payment: paid.payment.into(),
        client_secret: paid.intent.as_ref().map(|i| i.client_secret.clone()),
        payment_intent_id: paid.intent.map(|i| i.payment_intent_id),
    }))
}

/// Cancels a held or confirmed booking: its member before the seva's cut-off (409 after), an
/// admin at any time.
#[utoipa::path(operation_id = "cancelSevaBooking", post, path = "/api/seva-bookings/{id}/cancel", tag = "sevas", security(("bearer" = [])),
    params(("id" = String, Path)), responses(
    (status = 200, body = SevaBookingDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
async fn cancel(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<SevaBookingDto>, ApiError> {
    Ok(web::Json(state.seva_bookings.cancel(&user.actor(), &path.into_inner().into()).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingPriestRequest {
    /// A priest's id; null for none.
    #[serde(default)]
    priest_id: Option<String>,
}

/// Assigns a priest (or none) to a booking (admins).
#[utoipa::path(operation_id = "assignSevaPriest", put, path = "/api/seva-bookings/{id}/priest", tag = "sevas", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = BookingPriestRequest, responses(
    (status = 200, body = SevaBookingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn assign_priest(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<BookingPriestRequest>,
) -> Result<web::Json<SevaBookingDto>, ApiError> {
    let priest = body.into_inner().priest_id.filter(|p| !p.trim().is_empty()).map(Into::into);
    Ok(web::Json(state.seva_bookings.assign_priest(&user.actor(), &path.into_inner().into(), priest).await?.into()))
}

/// Marks a confirmed booking completed (admins).
#[utoipa::path(operation_id = "completeSevaBooking", post, path = "/api/seva-bookings/{id}/complete", tag = "sevas", security(("bearer" = [])),
    params(("id" = String, Path)), responses(
    (status = 200, body = SevaBookingDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody)
))]
async fn complete(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<SevaBookingDto>, ApiError> {
    Ok(web::Json(state.seva_bookings.complete(&user.actor(), &path.into_inner().into()).await?.into()))
}

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
struct ScheduleQuery {
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
async fn schedule(
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
async fn assigned(
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
async fn schedule_csv(state: web::Data<AppState>, user: CurrentUser, query: web::Query<ScheduleQuery>) -> Result<HttpResponse, ApiError> {
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

//! Members' seva bookings: booking a slot, paying through the payment flow, cancelling; staff
//! assign priests and mark sevas done (ADR 0114).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_application::services::seva_bookings::PayMethod;
use mandir_domain::family_member::{Person, PersonInput};
use mandir_domain::seva::slot_label;
use mandir_domain::seva_booking::{BookingInput, SevaBooking};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use super::catalogue::hhmm;
use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::routes::payment_dto::PaymentDto;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(book, mine, get_booking, pay, cancel, assign_priest, complete),
    components(schemas(SevaPersonDto, SevaBookingRequest, SevaBookingDto, PayBookingRequest, PaidBookingDto, BookingPriestRequest))
)]
pub struct Api;

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
    /// The member's id; null for a walk-in booked at the counter without an account.
    pub user_id: Option<String>,
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
            user_id: b.user_id.map(Into::into),
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
pub(super) async fn book(
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
pub(super) async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<SevaBookingDto>>, ApiError> {
    Ok(web::Json(state.seva_bookings.mine(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// One booking, for its member or an admin (confirmed here once its payment completed).
#[utoipa::path(operation_id = "getSevaBooking", get, path = "/api/seva-bookings/{id}", tag = "sevas", security(("bearer" = [])),
    params(("id" = String, Path)), responses((status = 200, body = SevaBookingDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_booking(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<SevaBookingDto>, ApiError> {
    Ok(web::Json(state.seva_bookings.get(&user.actor(), &path.into_inner().into()).await?.into()))
}

fn pay_method_schema() -> utoipa::openapi::schema::Schema {
    crate::input::one_of_texts(&PayMethod::ALL.iter().map(|m| m.as_str()).collect::<Vec<_>>())
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
pub(super) async fn pay(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<PayBookingRequest>,
) -> Result<web::Json<PaidBookingDto>, ApiError> {
    let method = PayMethod::chosen(body.into_inner().method.as_deref().unwrap_or_default())?;
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
pub(super) async fn cancel(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<SevaBookingDto>, ApiError> {
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
pub(super) async fn assign_priest(
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
pub(super) async fn complete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<SevaBookingDto>, ApiError> {
    Ok(web::Json(state.seva_bookings.complete(&user.actor(), &path.into_inner().into()).await?.into()))
}

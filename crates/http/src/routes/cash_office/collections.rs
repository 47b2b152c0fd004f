//! Hundi counts by denomination and their two confirmations (treasurers).

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{CollectionRecord, Confirmation, DepositRef};
use mandir_domain::NumberInput;
use mandir_domain::cash_office::HundiCountInput;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::{denomination_schema, money};
use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list_collections, create_collection, get_collection, update_collection, delete_collection, confirm_collection),
    components(schemas(CountLine, CollectionRequest, CollectionDto, ConfirmationDto, ConfirmRequest, DepositRefDto))
)]
pub(super) struct Api;

/// How many of one bill or coin: `bill_100` … `bill_1`, `coin_100` (a dollar coin) … `coin_1`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountLine {
    #[schema(schema_with = denomination_schema)]
    denomination: String,
    #[schema(minimum = 0, maximum = 1_000_000)]
    pieces: i64,
}

/// A hundi count: the box, the counting day (today or earlier), how many of each bill and coin,
/// and the fund (a donation type; none for the general fund).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100, pattern = "\\S")]
    box_name: Option<String>,
    #[serde(default)]
    #[schema(required = true, format = Date)]
    counted_on: Option<String>,
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 13)]
    counts: Vec<CountLine>,
    #[serde(default)]
    donation_type_id: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
}

impl From<CollectionRequest> for HundiCountInput {
    fn from(b: CollectionRequest) -> Self {
        Self {
            box_name: b.box_name,
            counted_on: b.counted_on,
            counts: b.counts.into_iter().map(|c| (c.denomination, NumberInput::Number(c.pieces.to_string()))).collect(),
            donation_type_id: b.donation_type_id,
            note: b.note,
        }
    }
}

/// Who confirmed a count, and when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationDto {
    by_id: String,
    by_name: String,
    at: DateTime<Utc>,
}

impl From<Confirmation> for ConfirmationDto {
    fn from(c: Confirmation) -> Self {
        Self { by_id: c.by_id, by_name: c.by_name, at: c.at }
    }
}

/// The bank deposit holding an item.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositRefDto {
    id: String,
    number: String,
    cleared: bool,
}

impl From<DepositRef> for DepositRefDto {
    fn from(d: DepositRef) -> Self {
        Self { id: d.id, number: d.number, cleared: d.cleared }
    }
}

/// A hundi count: locked once two different people confirmed it, and then in the ledger as an
/// anonymous payment of channel `hundi`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionDto {
    id: String,
    box_name: String,
    counted_on: NaiveDate,
    counts: Vec<CountLine>,
    /// "1234.56"
    total: String,
    donation_type_id: Option<String>,
    fund_name: String,
    note: Option<String>,
    /// Sent back with a confirmation or a correction: the figures the person saw.
    revision: i32,
    created_by_name: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    first_confirmation: Option<ConfirmationDto>,
    second_confirmation: Option<ConfirmationDto>,
    locked: bool,
    payment_id: Option<String>,
    receipt_number: Option<String>,
    deposit: Option<DepositRefDto>,
}

impl From<CollectionRecord> for CollectionDto {
    fn from(c: CollectionRecord) -> Self {
        let locked = c.locked();
        Self {
            id: c.id,
            box_name: c.count.box_name,
            counted_on: c.count.counted_on,
            counts: c.count.counts.pieces().iter().map(|(d, n)| CountLine { denomination: d.as_str().to_owned(), pieces: *n }).collect(),
            total: money(c.count.total),
            donation_type_id: c.count.donation_type_id,
            fund_name: c.fund_name,
            note: c.count.note,
            revision: c.revision,
            created_by_name: c.created_by_name,
            created_at: c.created_at,
            updated_at: c.updated_at,
            first_confirmation: c.first.map(Into::into),
            second_confirmation: c.second.map(Into::into),
            locked,
            payment_id: c.payment_id,
            receipt_number: c.receipt_number,
            deposit: c.deposit.map(Into::into),
        }
    }
}

/// The latest 200 hundi counts, newest first (treasurers, admins).
#[utoipa::path(operation_id = "listCollections", tag = "cash office", security(("bearer" = [])), responses(
    (status = 200, body = Vec<CollectionDto>),
))]
#[get("/api/collections")]
pub(super) async fn list_collections(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<CollectionDto>>, ApiError> {
    let found = state.cash_office.collections(&user.actor()).await?;
    Ok(web::Json(found.into_iter().map(Into::into).collect()))
}

/// Records a hundi count (treasurers, admins); it waits for two people's confirmations.
#[utoipa::path(operation_id = "createCollection", tag = "cash office", security(("bearer" = [])), request_body = CollectionRequest,
    responses((status = 201, body = CollectionDto), (status = 400, body = ErrorBody)))]
#[post("/api/collections")]
pub(super) async fn create_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CollectionRequest>,
) -> Result<HttpResponse, ApiError> {
    let stored = state.cash_office.count(&user.actor(), &body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(CollectionDto::from(stored)))
}

#[utoipa::path(operation_id = "getCollection", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = CollectionDto), (status = 404, body = ErrorBody)))]
#[get("/api/collections/{id}")]
pub(super) async fn get_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<CollectionDto>, ApiError> {
    Ok(web::Json(state.cash_office.collection(&user.actor(), &path.into_inner()).await?.into()))
}

/// The revision of the count the person saw.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
pub struct ConfirmRequest {
    #[serde(default)]
    #[schema(required = true, minimum = 1)]
    #[param(minimum = 1)]
    revision: i32,
}

/// Corrects a count not yet locked (treasurers, admins), at the revision seen; its first
/// confirmation is cleared.
#[utoipa::path(operation_id = "updateCollection", tag = "cash office", security(("bearer" = [])),
    params(("id" = String, Path), ConfirmRequest), request_body = CollectionRequest,
    responses((status = 200, body = CollectionDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Locked, or changed since that revision")))]
#[put("/api/collections/{id}")]
pub(super) async fn update_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    query: web::Query<ConfirmRequest>,
    body: JsonBody<CollectionRequest>,
) -> Result<web::Json<CollectionDto>, ApiError> {
    let stored = state.cash_office.recount(&user.actor(), &path.into_inner(), query.revision, &body.into_inner().into()).await?;
    Ok(web::Json(stored.into()))
}

/// Discards a count entered by mistake (treasurers, admins), while it is not locked.
#[utoipa::path(operation_id = "deleteCollection", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Locked")))]
#[delete("/api/collections/{id}")]
pub(super) async fn delete_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state.cash_office.discard(&user.actor(), &path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Confirms a count at the revision seen (treasurers, admins). The second confirmation, by
/// another person, locks it and records it in the ledger.
#[utoipa::path(operation_id = "confirmCollection", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = ConfirmRequest,
    responses((status = 200, body = CollectionDto), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Locked, changed since that revision, or confirmed by this person already")))]
#[post("/api/collections/{id}/confirm")]
pub(super) async fn confirm_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<ConfirmRequest>,
) -> Result<web::Json<CollectionDto>, ApiError> {
    Ok(web::Json(state.cash_office.confirm(&user.actor(), &path.into_inner(), body.revision).await?.into()))
}

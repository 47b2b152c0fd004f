//! Bank deposits of closed drawers, locked hundi counts and checks, and their slips (treasurers).

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::{CheckRecord, DepositRecord, DepositSummary, Undeposited};
use mandir_domain::cash_office::DepositSelection;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use super::collections::{CollectionDto, DepositRefDto};
use super::drawer::DrawerCloseDto;
use super::money;
use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::dto::ChannelDto;
use crate::error::{ApiError, ErrorBody};
use crate::routes::counter::TenderDto;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list_undeposited, list_deposits, create_deposit, get_deposit, clear_deposit, delete_deposit),
    components(schemas(CheckDto, UndepositedDto, DepositRequest, DepositSummaryDto, DepositDto))
)]
pub(super) struct Api;

/// A check received at the counter or by mail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckDto {
    /// The check's own id (what a deposit names).
    id: String,
    payment_id: String,
    receipt_number: Option<String>,
    donor_name: Option<String>,
    #[schema(value_type = ChannelDto)]
    channel: &'static str,
    received_at: DateTime<Utc>,
    #[serde(flatten)]
    tender: TenderDto,
    deposit: Option<DepositRefDto>,
}

impl From<CheckRecord> for CheckDto {
    fn from(c: CheckRecord) -> Self {
        Self {
            id: c.id,
            payment_id: c.payment_id,
            receipt_number: c.receipt_number,
            donor_name: c.donor_name,
            channel: c.channel.as_str(),
            received_at: c.received_at,
            tender: c.tender.into(),
            deposit: c.deposit.map(Into::into),
        }
    }
}

/// What can go into a deposit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UndepositedDto {
    drawers: Vec<DrawerCloseDto>,
    collections: Vec<CollectionDto>,
    checks: Vec<CheckDto>,
}

impl From<Undeposited> for UndepositedDto {
    fn from(u: Undeposited) -> Self {
        Self {
            drawers: u.drawers.into_iter().map(Into::into).collect(),
            collections: u.collections.into_iter().map(Into::into).collect(),
            checks: u.checks.into_iter().map(Into::into).collect(),
        }
    }
}

/// Closed drawers, locked hundi counts and checks not in a deposit yet (treasurers, admins).
#[utoipa::path(operation_id = "listUndeposited", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = UndepositedDto)))]
#[get("/api/deposits/undeposited")]
pub(super) async fn list_undeposited(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<UndepositedDto>, ApiError> {
    Ok(web::Json(state.cash_office.undeposited(&user.actor()).await?.into()))
}

/// A deposit's totals and state.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositSummaryDto {
    id: String,
    /// "D-20261125-1"
    number: String,
    cash: String,
    checks: String,
    check_count: i64,
    total: String,
    note: Option<String>,
    created_by_name: String,
    created_at: DateTime<Utc>,
    cleared_at: Option<DateTime<Utc>>,
    cleared_by_name: Option<String>,
}

impl From<DepositSummary> for DepositSummaryDto {
    fn from(d: DepositSummary) -> Self {
        Self {
            id: d.id,
            number: d.number,
            cash: money(d.cash),
            checks: money(d.checks),
            check_count: d.check_count,
            total: money(d.total),
            note: d.note,
            created_by_name: d.created_by_name,
            created_at: d.created_at,
            cleared_at: d.cleared_at,
            cleared_by_name: d.cleared_by_name,
        }
    }
}

/// A deposit with its items: the deposit slip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositDto {
    deposit: DepositSummaryDto,
    drawers: Vec<DrawerCloseDto>,
    collections: Vec<CollectionDto>,
    checks: Vec<CheckDto>,
}

impl From<DepositRecord> for DepositDto {
    fn from(d: DepositRecord) -> Self {
        Self {
            deposit: d.summary.into(),
            drawers: d.drawers.into_iter().map(Into::into).collect(),
            collections: d.collections.into_iter().map(Into::into).collect(),
            checks: d.checks.into_iter().map(Into::into).collect(),
        }
    }
}

/// The latest 200 deposits, newest first (treasurers, admins).
#[utoipa::path(operation_id = "listDeposits", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = Vec<DepositSummaryDto>)))]
#[get("/api/deposits")]
pub(super) async fn list_deposits(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<DepositSummaryDto>>, ApiError> {
    Ok(web::Json(state.cash_office.deposits(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// The items of a deposit, by id: closed drawers, locked hundi counts, checks.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositRequest {
    #[serde(default)]
    #[schema(max_items = 500)]
    drawer_close_ids: Vec<String>,
    #[serde(default)]
    #[schema(max_items = 500)]
    collection_ids: Vec<String>,
    #[serde(default)]
    #[schema(max_items = 500)]
    check_ids: Vec<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
}

/// Makes a bank deposit (treasurers, admins). Every item goes into one deposit at most: one
/// already deposited refuses the whole deposit (409), and nothing is written.
#[utoipa::path(operation_id = "createDeposit", tag = "cash office", security(("bearer" = [])), request_body = DepositRequest,
    responses((status = 201, body = DepositDto), (status = 400, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "An item is already deposited, or cannot be")))]
#[post("/api/deposits")]
pub(super) async fn create_deposit(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<DepositRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let selection =
        DepositSelection { drawer_close_ids: b.drawer_close_ids, collection_ids: b.collection_ids, check_ids: b.check_ids, note: b.note };
    let stored = state.cash_office.make_deposit(&user.actor(), selection).await?;
    Ok(HttpResponse::Created().json(DepositDto::from(stored)))
}

/// A deposit with its items: its slip (treasurers, admins).
#[utoipa::path(operation_id = "getDeposit", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = DepositDto), (status = 404, body = ErrorBody)))]
#[get("/api/deposits/{id}")]
pub(super) async fn get_deposit(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<DepositDto>, ApiError> {
    Ok(web::Json(state.cash_office.deposit(&user.actor(), &path.into_inner()).await?.into()))
}

/// Marks a deposit cleared by the bank (treasurers, admins): it and its payments are final.
#[utoipa::path(operation_id = "clearDeposit", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = DepositDto), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Cleared already")))]
#[post("/api/deposits/{id}/clear")]
pub(super) async fn clear_deposit(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<DepositDto>, ApiError> {
    Ok(web::Json(state.cash_office.clear_deposit(&user.actor(), &path.into_inner()).await?.into()))
}

/// Takes apart a deposit not yet cleared (treasurers, admins): its items can be deposited again.
#[utoipa::path(operation_id = "deleteDeposit", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Cleared")))]
#[delete("/api/deposits/{id}")]
pub(super) async fn delete_deposit(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state.cash_office.delete_deposit(&user.actor(), &path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

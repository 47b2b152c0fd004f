//! The drawer's daily close at the counter (front desk).

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{DrawerCloseRecord, OpenDrawer};
use mandir_application::services::cash_office::DrawerCloseInput;
use mandir_domain::Money;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{OpenApi, ToSchema};

use super::collections::DepositRefDto;
use super::money;
use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(get_drawer, close_drawer, list_drawer_closes), components(schemas(DrawerDto, DrawerCloseRequest, DrawerCloseDto)))]
pub(super) struct Api;

/// A close of the drawer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawerCloseDto {
    id: String,
    day: NaiveDate,
    expected: String,
    counted: String,
    /// Counted less expected: "-2.00" when cash is missing.
    difference: String,
    note: Option<String>,
    sales: i64,
    closed_by_name: String,
    closed_at: DateTime<Utc>,
    deposit: Option<DepositRefDto>,
}

impl From<DrawerCloseRecord> for DrawerCloseDto {
    fn from(d: DrawerCloseRecord) -> Self {
        Self {
            id: d.id,
            day: d.day,
            expected: money(d.expected),
            counted: money(d.counted),
            difference: money(Money::from_cents(d.counted.cents() - d.expected.cents())),
            note: d.note,
            sales: d.sales,
            closed_by_name: d.closed_by_name,
            closed_at: d.closed_at,
            deposit: d.deposit.map(Into::into),
        }
    }
}

/// What the drawer should hold: the cash of the counter's sales since its last close.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawerDto {
    expected: String,
    sales: i64,
    last_close: Option<DrawerCloseDto>,
}

impl From<OpenDrawer> for DrawerDto {
    fn from(d: OpenDrawer) -> Self {
        Self { expected: money(d.expected), sales: d.sales, last_close: d.last_close.map(Into::into) }
    }
}

/// The drawer as it stands (front desk, admins).
#[utoipa::path(operation_id = "getDrawer", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = DrawerDto)))]
#[get("/api/counter/drawer")]
pub(super) async fn get_drawer(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<DrawerDto>, ApiError> {
    Ok(web::Json(state.cash_office.drawer(&user.actor()).await?.into()))
}

/// The drawer's count at its close: the expected cash shown to the counter, the cash counted, and
/// a note when they differ.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawerCloseRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    expected: Value,
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    counted: Value,
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
}

/// Closes the drawer (front desk, admins): the cash counted against the sales since the last
/// close. Once per `Idempotency-Key` (sending it again answers the close recorded, 200).
#[utoipa::path(operation_id = "closeDrawer", tag = "cash office", security(("bearer" = [])), request_body = DrawerCloseRequest,
    params(("Idempotency-Key" = String, Header, pattern = "^[A-Za-z0-9_-]{8,100}$", description = "One per close")),
    responses((status = 201, body = DrawerCloseDto), (status = 200, body = DrawerCloseDto, description = "Closed before with this key"),
        (status = 400, body = ErrorBody), (status = 409, body = ErrorBody, description = "Sales came in since the drawer was read")))]
#[post("/api/counter/drawer/close")]
pub(super) async fn close_drawer(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<DrawerCloseRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = input::idempotency_key(&req).unwrap_or_default();
    let b = body.into_inner();
    let close = DrawerCloseInput { expected: input::number(&b.expected), counted: input::number(&b.counted), note: b.note };
    let (stored, created) = state.cash_office.close_drawer(&user.actor(), &key, &close).await?;
    let dto = DrawerCloseDto::from(stored);
    Ok(if created { HttpResponse::Created().json(dto) } else { HttpResponse::Ok().json(dto) })
}

/// The latest 200 closes of the drawer (front desk, admins).
#[utoipa::path(operation_id = "listDrawerCloses", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = Vec<DrawerCloseDto>)))]
#[get("/api/counter/drawer/closes")]
pub(super) async fn list_drawer_closes(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<DrawerCloseDto>>, ApiError> {
    Ok(web::Json(state.cash_office.drawer_closes(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

//! The member's own payments, and the admin's list, Zelle reconciliation, refunds and totals.

use actix_web::{get, post, web};
use mandir_application::services::payments::ADMIN_TARGETS;
use mandir_domain::payment::{DonationTypeTotal, EventTotal, PaymentStatus, TestTotal};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::routes::payment_dto::{LedgerFilters, PaymentDto};
use crate::state::AppState;

fn admin_status_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&ADMIN_TARGETS.map(PaymentStatus::as_str))
}

#[derive(OpenApi)]
#[openapi(
    paths(mine, admin_list, admin_set_status, admin_refund, admin_totals),
    components(schemas(SetStatusRequest, RefundRequest, TotalsResponse, DonationTypeTotalDto, EventTotalDto, FundTotalDto, TestTotalDto))
)]
pub(super) struct Api;

/// The signed-in member's own payments, newest first.
#[utoipa::path(operation_id = "listMyPayments", tag = "payments", security(("bearer" = [])), responses((status = 200, body = [PaymentDto]), (status = 401, body = ErrorBody)))]
#[get("/api/payments/mine")]
pub(super) async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<PaymentDto>>, ApiError> {
    Ok(web::Json(state.payments.mine(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Every payment, newest first, with optional filters (admins): the ledger's filters without
/// paging. `eventId=direct-donation` lists the payments not tied to an event; `from`/`to` are
/// ISO date-times or days, inclusive. Expired card intents are hidden unless
/// `includeExpired=true` or `status=expired`.
#[utoipa::path(operation_id = "listPayments", tag = "admin", security(("bearer" = [])),
    params(LedgerFilters),
    responses((status = 200, body = [PaymentDto]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/admin/payments")]
pub(super) async fn admin_list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<LedgerFilters>,
) -> Result<web::Json<Vec<PaymentDto>>, ApiError> {
    Ok(web::Json(state.payments.list(&user.actor(), query.into_inner().into()).await?.into_iter().map(Into::into).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SetStatusRequest {
    /// `completed` (received) or `failed` for a pending Zelle payment; `pending` reopens a Zelle
    /// payment marked failed.
    #[serde(default)]
    #[schema(required = true, schema_with = admin_status_schema)]
    status: String,
    /// Why, kept in the payment's audit trail (at most 500 characters).
    #[serde(default)]
    note: Option<String>,
}

/// Marks a pending Zelle payment received (`completed`) or `failed`, or reopens a failed one
/// (`pending`) (admins); 409 for any other payment. Each change is kept in the payment's audit
/// trail with the admin, the time and the note.
#[utoipa::path(operation_id = "setPaymentStatus", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), request_body = SetStatusRequest, responses(
    (status = 200, body = PaymentDto), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/admin/payments/{id}/status")]
pub(super) async fn admin_set_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<SetStatusRequest>,
) -> Result<web::Json<PaymentDto>, ApiError> {
    Ok(web::Json(
        state.payments.set_zelle_status(&user.actor(), &path.into_inner().into(), &body.status, body.note.as_deref()).await?.into(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundRequest {
    /// Dollars to give back: more than 0, at most two decimals, at most what is not yet refunded.
    #[serde(default)]
    #[schema(required = true, schema_with = input::refund_amount_schema)]
    amount: Value,
    /// Why, kept in the payment's audit trail (at most 500 characters).
    #[serde(default)]
    note: Option<String>,
}

/// Refunds part or all of a completed card payment through the payment provider (admins): the
/// refunded amount is recorded (status `refunded` once nothing is left) with an audit entry. 409
/// for any other payment, or when the provider refuses.
#[utoipa::path(operation_id = "refundPayment", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), request_body = RefundRequest, responses(
    (status = 200, body = PaymentDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/admin/payments/{id}/refund")]
pub(super) async fn admin_refund(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RefundRequest>,
) -> Result<web::Json<PaymentDto>, ApiError> {
    let amount = input::number(&body.amount);
    Ok(web::Json(state.payments.refund(&user.actor(), &path.into_inner().into(), &amount, body.note.as_deref()).await?.into()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonationTypeTotalDto {
    /// A donation type's id, or 'custom'.
    donation_type_id: String,
    name: String,
    /// "25.00"
    amount: String,
    count: u64,
}

impl From<DonationTypeTotal> for DonationTypeTotalDto {
    fn from(t: DonationTypeTotal) -> Self {
        Self { donation_type_id: t.donation_type_id, name: t.name, amount: t.amount.to_string(), count: t.count }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTotalDto {
    /// None for direct donations and for payments of a deleted event (which keep `eventName`).
    event_id: Option<String>,
    event_name: Option<String>,
    /// "25.00"
    amount: String,
    count: u64,
}

impl From<EventTotal> for EventTotalDto {
    fn from(t: EventTotal) -> Self {
        Self { event_id: t.event_id.map(Into::into), event_name: t.event_name, amount: t.amount.to_string(), count: t.count }
    }
}

/// Money received in one fund, net of refunds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundTotalDto {
    fund_id: String,
    /// The fund's name now.
    name: String,
    /// Given for one purpose only: reported apart.
    restricted: bool,
    /// "25.00"
    amount: String,
    /// How many payments have a part in the fund.
    count: u64,
}

/// Completed test payments (provider `sandbox`), summed apart from the money received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestTotalDto {
    /// "25.00"; "0.00" when there are none.
    amount: String,
    /// How many payments.
    count: u64,
}

impl From<TestTotal> for TestTotalDto {
    fn from(t: TestTotal) -> Self {
        Self { amount: t.amount.to_string(), count: t.count }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotalsResponse {
    /// Money received, without test payments.
    by_donation_type: Vec<DonationTypeTotalDto>,
    /// Money received, without test payments.
    by_event: Vec<EventTotalDto>,
    /// Money received per fund, net of refunds (each line less its share of a partial refund),
    /// largest first; restricted funds are marked.
    by_fund: Vec<FundTotalDto>,
    /// Completed test payments (sandbox), never part of `byDonationType`, `byEvent` or `byFund`.
    test_total: TestTotalDto,
}

/// Money received (completed payments, not tests) per donation type, per event and per fund, largest first (admins).
///
/// Completed test payments (provider `sandbox`) are summed apart in `testTotal`.
#[utoipa::path(operation_id = "getPaymentTotals", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = TotalsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/admin/payments/totals")]
pub(super) async fn admin_totals(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<TotalsResponse>, ApiError> {
    let totals = state.payments.totals(&user.actor()).await?;
    let funds: std::collections::HashMap<_, _> =
        state.funds.funds().await?.into_iter().map(|f| (f.id.clone(), (f.name, f.restricted))).collect();
    let by_fund = totals
        .by_fund
        .into_iter()
        .map(|t| {
            let (name, restricted) = funds.get(&t.fund_id).cloned().unwrap_or_else(|| (t.fund_id.to_string(), false));
            FundTotalDto { fund_id: t.fund_id.into(), name, restricted, amount: t.amount.to_string(), count: t.count }
        })
        .collect();
    Ok(web::Json(TotalsResponse {
        by_fund,
        by_donation_type: totals.by_donation_type.into_iter().map(Into::into).collect(),
        by_event: totals.by_event.into_iter().map(Into::into).collect(),
        test_total: totals.test.into(),
    }))
}

//! The treasurer's ledger and the member's giving history (docs/decisions/0098-treasurers-ledger.md):
//! pages of payments with the totals of the filter, CSV exports of exactly what is filtered,
//! the audit trail of a payment, and a member's totals per year.

use actix_web::{HttpResponse, get, web};
use chrono::{DateTime, Utc};
use mandir_application::services::payments::{LedgerPage, LedgerTotals, PageQuery, YearTotal, donor_of, refunded_amount};
use mandir_domain::payment::Payment;
use mandir_domain::payment_audit::PaymentAuditEntry;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::payment_dto::{LedgerFilters, PaymentDto};
use crate::auth::CurrentUser;
use crate::csv_export::csv_response;
use crate::dto::PaymentStatusDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(admin_ledger, admin_csv, admin_audit, my_years, my_csv),
    components(schemas(LedgerPageDto, LedgerTotalsDto, AuditEntryDto, YearTotalDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(admin_ledger).service(admin_csv).service(admin_audit).service(my_years).service(my_csv);
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 (default 1).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 1_000_000)]
    page: Option<String>,
    /// 1 to 100 (default 25).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 100)]
    page_size: Option<String>,
}

/// Totals of every payment the filter matches; amounts are decimal strings ("25.00").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerTotalsDto {
    count: u64,
    /// Completed payments, test payments left out.
    received: String,
    received_count: u64,
    /// Pending payments, test payments left out.
    pending: String,
    refunded: String,
    /// Completed test payments (the sandbox), never money received.
    test: String,
}

impl From<LedgerTotals> for LedgerTotalsDto {
    fn from(t: LedgerTotals) -> Self {
        Self {
            count: t.count,
            received: t.received.to_string(),
            received_count: t.received_count,
            pending: t.pending.to_string(),
            refunded: t.refunded.to_string(),
            test: t.test.to_string(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerPageDto {
    items: Vec<PaymentDto>,
    /// Payments matching the filter, on every page.
    total: u64,
    page: u64,
    page_size: u64,
    totals: LedgerTotalsDto,
}

impl From<LedgerPage> for LedgerPageDto {
    fn from(p: LedgerPage) -> Self {
        Self {
            items: p.items.into_iter().map(Into::into).collect(),
            total: p.total,
            page: p.page,
            page_size: p.page_size,
            totals: p.totals.into(),
        }
    }
}

/// One page of the payments matching the filters, newest first, with the totals of all of them
/// (admins). Expired card intents are hidden unless `includeExpired=true` or `status=expired`.
#[utoipa::path(operation_id = "getPaymentLedger", tag = "admin", security(("bearer" = [])), params(LedgerFilters, PageParams),
    responses((status = 200, body = LedgerPageDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/admin/payments/ledger")]
async fn admin_ledger(
    state: web::Data<AppState>,
    user: CurrentUser,
    filters: web::Query<LedgerFilters>,
    page: web::Query<PageParams>,
) -> Result<web::Json<LedgerPageDto>, ApiError> {
    let page = page.into_inner();
    let page = PageQuery { page: page.page, page_size: page.page_size };
    Ok(web::Json(state.payments.ledger(&user.actor(), filters.into_inner().into(), page).await?.into()))
}

/// A date-time as the temple's clock reads it (`2026-11-23 14:05`).
fn local(at: DateTime<Utc>, zone: chrono_tz::Tz) -> String {
    at.with_timezone(&zone).format("%Y-%m-%d %H:%M").to_string()
}

/// `Annadanam 20.00; Roof 5.00`
fn purposes(payment: &Payment) -> String {
    payment.donation_details.iter().map(|d| format!("{} {}", d.name, d.amount)).collect::<Vec<_>>().join("; ")
}

/// `Temple Building 500.00; General 11.00`: the payment's lines summed per fund, by the funds'
/// names now, in the order the lines name them.
fn funds(payment: &Payment, names: &std::collections::HashMap<String, String>) -> String {
    let mut sums: Vec<(&str, mandir_domain::Money)> = Vec::new();
    for detail in &payment.donation_details {
        let fund = detail.fund_id.as_deref().unwrap_or(mandir_domain::fund::GENERAL_FUND_ID);
        match sums.iter_mut().find(|(id, _)| *id == fund) {
            Some((_, sum)) => *sum = mandir_domain::Money::from_cents(sum.cents() + detail.amount.cents()),
            None => sums.push((fund, detail.amount)),
        }
    }
    sums.iter().map(|(id, sum)| format!("{} {sum}", names.get(*id).map_or(*id, String::as_str))).collect::<Vec<_>>().join("; ")
}

fn event(payment: &Payment) -> String {
    payment.event_name.clone().unwrap_or_else(|| "Direct donation".to_owned())
}

pub const LEDGER_CSV_HEADER: [&str; 12] =
    ["Date", "Receipt", "Donor", "Email", "Amount", "Method", "Status", "Purposes", "Event", "Refunded", "Channel", "Funds"];

/// The ledger as CSV: every payment the filters match (no paging), newest first, one row each;
/// dates in the temple's time zone (admins).
#[utoipa::path(operation_id = "exportPaymentLedger", tag = "admin", security(("bearer" = [])), params(LedgerFilters),
    responses((status = 200, content_type = "text/csv", body = String, description = "Date, Receipt, Donor, Email, Amount, Method, Status, Purposes, Event, Refunded, Channel, Funds (each fund's part of the payment)"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/admin/payments.csv")]
async fn admin_csv(state: web::Data<AppState>, user: CurrentUser, filters: web::Query<LedgerFilters>) -> Result<HttpResponse, ApiError> {
    let payments = state.payments.export(&user.actor(), filters.into_inner().into()).await?;
    let zone = state.payments.temple_zone().await?;
    let names: std::collections::HashMap<String, String> =
        state.funds.funds().await?.into_iter().map(|f| (f.id.to_string(), f.name)).collect();
    let rows = payments.iter().map(|p| {
        let donor = donor_of(p);
        vec![
            local(p.payment_date, zone),
            p.receipt_number.clone().unwrap_or_default(),
            donor.name,
            donor.email,
            p.amount.to_string(),
            p.method.as_str().to_owned(),
            p.status.as_str().to_owned(),
            purposes(p),
            event(p),
            refunded_amount(p).to_string(),
            p.channel.as_str().to_owned(),
            funds(p, &names),
        ]
    });
    csv_response("payments.csv", &LEDGER_CSV_HEADER, rows)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryDto {
    id: String,
    at: DateTime<Utc>,
    /// None once the admin's account is deleted.
    actor_id: Option<String>,
    actor_email: String,
    #[schema(value_type = PaymentStatusDto)]
    from: String,
    #[schema(value_type = PaymentStatusDto)]
    to: String,
    note: Option<String>,
}

impl From<PaymentAuditEntry> for AuditEntryDto {
    fn from(e: PaymentAuditEntry) -> Self {
        Self {
            id: e.id,
            at: e.at,
            actor_id: e.actor_id.map(Into::into),
            actor_email: e.actor_email,
            from: e.from.as_str().to_owned(),
            to: e.to.as_str().to_owned(),
            note: e.note,
        }
    }
}

/// The admins' changes to a payment, oldest first (admins).
#[utoipa::path(operation_id = "getPaymentAudit", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = [AuditEntryDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/admin/payments/{id}/audit")]
async fn admin_audit(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<AuditEntryDto>>, ApiError> {
    let trail = state.payments.audit_trail(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(trail.into_iter().map(Into::into).collect()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YearTotalDto {
    year: i32,
    /// Completed gifts, test payments left out ("25.00").
    amount: String,
    count: u64,
    /// Completed test payments (the sandbox).
    test_amount: String,
    test_count: u64,
}

impl From<YearTotal> for YearTotalDto {
    fn from(t: YearTotal) -> Self {
        Self {
            year: t.year,
            amount: t.amount.to_string(),
            count: t.count,
            test_amount: t.test_amount.to_string(),
            test_count: t.test_count,
        }
    }
}

/// The signed-in member's completed gifts per calendar year of the temple's time zone, the latest first.
#[utoipa::path(operation_id = "getMyYearTotals", tag = "payments", security(("bearer" = [])),
    responses((status = 200, body = [YearTotalDto]), (status = 401, body = ErrorBody)))]
#[get("/api/payments/mine/years")]
async fn my_years(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<YearTotalDto>>, ApiError> {
    Ok(web::Json(state.payments.my_totals_per_year(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

pub const MY_CSV_HEADER: [&str; 7] = ["Date", "Receipt", "Amount", "Method", "Status", "Purposes", "Event"];

/// The signed-in member's own payments as CSV, newest first; dates in the temple's time zone.
#[utoipa::path(operation_id = "exportMyPayments", tag = "payments", security(("bearer" = [])),
    responses((status = 200, content_type = "text/csv", body = String, description = "Date, Receipt, Amount, Method, Status, Purposes, Event"),
        (status = 401, body = ErrorBody)))]
#[get("/api/payments/mine.csv")]
async fn my_csv(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let payments = state.payments.mine(&user.actor()).await?;
    let zone = state.payments.temple_zone().await?;
    let rows = payments.iter().map(|p| {
        vec![
            local(p.payment_date, zone),
            p.receipt_number.clone().unwrap_or_default(),
            p.amount.to_string(),
            p.method.as_str().to_owned(),
            p.status.as_str().to_owned(),
            purposes(p),
            event(p),
        ]
    });
    csv_response("my-donations.csv", &MY_CSV_HEADER, rows)
}

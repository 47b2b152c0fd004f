//! Year-end giving statements: an admin sends a year's, and watches them go out; members open
//! their own (docs/decisions/0103-year-end-statements.md).

use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use mandir_application::services::statements::{StatementGift, StatementProgress, StatementView};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(send_statements, statement_progress, statements_pdf, my_statement, my_statement_pdf, walk_in_statement),
    components(schemas(StatementProgressDto, StatementDto, StatementGiftDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(send_statements)
        .service(statement_progress)
        .service(statements_pdf)
        .service(my_statement)
        .service(my_statement_pdf)
        .service(walk_in_statement);
}

/// A PDF to download: private (a donor's giving), never kept by a cache.
pub(crate) fn pdf_response(filename: &str, body: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/pdf"))
        .insert_header((CONTENT_DISPOSITION, format!("attachment; filename=\"{filename}\"")))
        .insert_header(("Cache-Control", "no-store"))
        .body(body)
}

/// How far a year's statements are.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementProgressDto {
    year: i32,
    /// Donors listed for the year.
    total: u64,
    sent: u64,
    /// Given up after several failed attempts.
    failed: u64,
    /// Still to send.
    remaining: u64,
}

impl From<StatementProgress> for StatementProgressDto {
    fn from(p: StatementProgress) -> Self {
        Self { year: p.year, total: p.total, sent: p.sent, failed: p.failed, remaining: p.remaining }
    }
}

/// One gift of a statement; `amount` is what the temple kept (net of refunds).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementGiftDto {
    /// "November 21, 2026" (the temple's zone)
    date: String,
    paid_at: DateTime<Utc>,
    receipt_number: String,
    /// "Card" or "Zelle"
    method: String,
    purposes: String,
    /// The funds the gift went to, e.g. "Temple Building, General".
    funds: String,
    /// "25.00"
    amount: String,
    /// "25.00": the amount less the fair-market value of goods received.
    deductible: String,
    /// This gift's IRS acknowledgement.
    acknowledgement: String,
}

/// A donor's giving in one calendar year of the temple's zone.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementDto {
    year: i32,
    /// A joint household statement names every member: "Lakshmi Rao and Ravi Rao".
    donor_name: String,
    donor_email: String,
    /// Where a printed copy is mailed: the household's address, or the donor's latest given.
    donor_address: Option<String>,
    /// Oldest first.
    gifts: Vec<StatementGiftDto>,
    /// "330.00"
    total: String,
    /// "330.00": the sum of the gifts' deductible parts.
    deductible_total: String,
    organization: String,
    ein: Option<String>,
    organization_address: Option<String>,
    /// The gifts' acknowledgement when they all share one; otherwise "What was provided in
    /// exchange for each gift is stated with it." and each gift states its own.
    acknowledgement: String,
    /// From a sandbox site: shown marked "TEST — not a receipt".
    test: bool,
}

impl From<StatementView> for StatementDto {
    fn from(s: StatementView) -> Self {
        Self {
            year: s.year,
            donor_name: s.donor_name,
            donor_email: s.donor_email,
            donor_address: s.donor_address,
            gifts: s
                .gifts
                .into_iter()
                .map(|StatementGift { date, paid_at, receipt_number, method, purposes, funds, amount, deductible, acknowledgement }| {
                    StatementGiftDto { date, paid_at, receipt_number, method, purposes, funds, amount, deductible, acknowledgement }
                })
                .collect(),
            total: s.total,
            deductible_total: s.deductible_total,
            organization: s.organization,
            ein: s.ein,
            organization_address: s.organization_address,
            acknowledgement: s.acknowledgement,
            test: s.test,
        }
    }
}

/// Sends `year`'s statements (admins): every donor with completed gifts that year is listed once
/// (asking again adds only new donors; nobody gets two) and the e-mails go out in the background.
#[utoipa::path(operation_id = "sendStatements", tag = "admin", security(("bearer" = [])), params(("year" = i32, Path)),
    responses((status = 200, body = StatementProgressDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/admin/statements/{year}")]
async fn send_statements(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<web::Json<StatementProgressDto>, ApiError> {
    Ok(web::Json(state.statements.start(&user.actor(), path.into_inner()).await?.into()))
}

/// How far `year`'s statements are: sent, failed and remaining (admins).
#[utoipa::path(operation_id = "getStatementProgress", tag = "admin", security(("bearer" = [])), params(("year" = i32, Path)),
    responses((status = 200, body = StatementProgressDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
#[get("/api/admin/statements/{year}")]
async fn statement_progress(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<web::Json<StatementProgressDto>, ApiError> {
    Ok(web::Json(state.statements.progress(&user.actor(), path.into_inner()).await?.into()))
}

/// Every donor's `year` statement as letters in one PDF, to print and mail (admins; audited).
#[utoipa::path(operation_id = "printStatements", tag = "admin", security(("bearer" = [])), params(("year" = i32, Path)),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>, description = "One letter per donor, US Letter pages"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/admin/statements/{year}/pdf")]
async fn statements_pdf(state: web::Data<AppState>, user: CurrentUser, path: web::Path<i32>) -> Result<HttpResponse, ApiError> {
    let year = path.into_inner();
    let document = state.statements.all_printed(&user.actor(), year).await?;
    Ok(pdf_response(&format!("giving-statements-{year}.pdf"), document))
}

/// The signed-in member's own statement for `year` as a letter from the temple (PDF): the
/// letterhead, their name and address for a window envelope, the gifts by date and fund, the
/// totals and the acknowledgement.
#[utoipa::path(operation_id = "printMyStatement", tag = "payments", security(("bearer" = [])), params(("year" = i32, Path)),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>, description = "The statement as a US Letter PDF"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/payments/mine/statements/{year}/pdf")]
async fn my_statement_pdf(state: web::Data<AppState>, user: CurrentUser, path: web::Path<i32>) -> Result<HttpResponse, ApiError> {
    let year = path.into_inner();
    let document = state.statements.mine_printed(&user.actor(), year).await?;
    Ok(pdf_response(&format!("giving-statement-{year}.pdf"), document))
}

/// The signed-in member's own statement for `year`: every completed gift net of refunds, the
/// total and the acknowledgement.
#[utoipa::path(operation_id = "getMyStatement", tag = "payments", security(("bearer" = [])), params(("year" = i32, Path)),
    responses((status = 200, body = StatementDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
#[get("/api/payments/mine/statements/{year}")]
async fn my_statement(state: web::Data<AppState>, user: CurrentUser, path: web::Path<i32>) -> Result<web::Json<StatementDto>, ApiError> {
    Ok(web::Json(state.statements.mine(&user.actor(), path.into_inner()).await?.into()))
}

/// A walk-in's statement for `year`, printed at the counter (front desk, admins): every completed
/// gift on their donor record net of refunds, whether or not they gave an e-mail address
/// (`donorEmail` is then empty).
#[utoipa::path(operation_id = "getWalkInStatement", tag = "counter", security(("bearer" = [])),
    params(("id" = String, Path, description = "The walk-in's donor record"), ("year" = i32, Path)),
    responses((status = 200, body = StatementDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/counter/walk-ins/{id}/statements/{year}")]
async fn walk_in_statement(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, i32)>,
) -> Result<web::Json<StatementDto>, ApiError> {
    let (id, year) = path.into_inner();
    Ok(web::Json(state.statements.of_walk_in(&user.actor(), &id, year).await?.into()))
}

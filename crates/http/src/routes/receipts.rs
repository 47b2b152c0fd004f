//! Donation receipts: the printable receipt behind a signed link (or for its owner), and an
//! admin's resend (docs/decisions/0091-receipt-emails-exactly-once.md).

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::ReceiptEmail;
use mandir_application::services::receipts::{ReceiptLine, ReceiptView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::{CurrentUser, MaybeUser};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(get_receipt, print_receipt, resend_receipt, receipt_emails),
    components(schemas(ReceiptDto, ReceiptLineDto, ReceiptEmailDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_receipt).service(print_receipt).service(resend_receipt).service(receipt_emails);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptLineDto {
    label: String,
    /// "25.00"
    amount: String,
    /// What the donor received for the line: nothing (`donation`), a religious service only
    /// (`religious`), or goods or services of a stated value (`goods`).
    #[schema(value_type = String, pattern = "^(donation|religious|goods)$", example = "donation")]
    kind: &'static str,
    /// The fair-market value received, "15.00"; only for `goods`.
    value: Option<String>,
}

/// A donation receipt.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptDto {
    receipt_number: String,
    /// The day of the gift in the temple's zone, e.g. "November 21, 2026".
    date: String,
    paid_at: DateTime<Utc>,
    /// "300.00" (US dollars)
    amount: String,
    /// "Card" or "Zelle"
    method: String,
    event_name: Option<String>,
    lines: Vec<ReceiptLineDto>,
    donor_name: String,
    donor_email: String,
    donor_address: Option<String>,
    in_honor_of: Option<String>,
    /// The temple's legal name (its name when no legal name is set).
    organization: String,
    ein: Option<String>,
    organization_address: Option<String>,
    /// The IRS acknowledgement its lines call for, e.g. "No goods or services were provided in
    /// exchange for this contribution." (docs/product.md#acknowledgements)
    acknowledgement: String,
    /// What the donor may deduct: the amount less the fair-market value of goods received.
    deductible: String,
    /// A test gift or a sandbox site: shown marked "TEST — not a receipt".
    test: bool,
}

impl From<ReceiptView> for ReceiptDto {
    fn from(r: ReceiptView) -> Self {
        Self {
            receipt_number: r.receipt_number,
            date: r.date,
            paid_at: r.paid_at,
            amount: r.amount,
            method: r.method,
            event_name: r.event_name,
            lines: r
                .lines
                .into_iter()
                .map(|ReceiptLine { label, amount, kind, value }| ReceiptLineDto { label, amount, kind, value })
                .collect(),
            donor_name: r.donor_name,
            donor_email: r.donor_email,
            donor_address: r.donor_address,
            in_honor_of: r.in_honor_of,
            organization: r.organization,
            ein: r.ein,
            organization_address: r.organization_address,
            acknowledgement: r.acknowledgement,
            deductible: r.deductible,
            test: r.test,
        }
    }
}

/// One receipt e-mail of a payment.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptEmailDto {
    /// `completed` (sent when the payment completed) or `resend` (an admin's).
    #[schema(example = "completed")]
    reason: String,
    /// The admin who asked for a resend.
    requested_by: Option<String>,
    created_at: DateTime<Utc>,
    attempts: i32,
    /// `null` until it was sent.
    sent_at: Option<DateTime<Utc>>,
    last_error: Option<String>,
}

impl From<ReceiptEmail> for ReceiptEmailDto {
    fn from(e: ReceiptEmail) -> Self {
        Self {
            reason: e.reason.as_str().to_owned(),
            requested_by: e.requested_by.map(Into::into),
            created_at: e.created_at,
            attempts: e.attempts,
            sent_at: e.sent_at,
            last_error: e.last_error,
        }
    }
}

#[derive(Deserialize, IntoParams)]
pub struct ReceiptQuery {
    /// The signature from the receipt e-mail's link.
    sig: Option<String>,
}

/// A completed payment's receipt, for the holder of its signed link, its owner or an admin;
/// 404 for anyone else.
#[utoipa::path(operation_id = "getReceipt", tag = "payments", params(("receiptNumber" = String, Path), ReceiptQuery),
    responses((status = 200, body = ReceiptDto), (status = 404, body = ErrorBody)))]
#[get("/api/receipts/{receiptNumber}")]
async fn get_receipt(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<ReceiptQuery>,
) -> Result<web::Json<ReceiptDto>, ApiError> {
    let receipt = state.receipts.view(&path.into_inner(), query.sig.as_deref(), user.actor().as_ref()).await?;
    Ok(web::Json(receipt.into()))
}

/// The same receipt as a letter from the temple (PDF, US Letter), for the same people: the
/// holder of its signed link, its owner or a treasurer; 404 for anyone else.
#[utoipa::path(operation_id = "printReceipt", tag = "payments", params(("receiptNumber" = String, Path), ReceiptQuery),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>, description = "The receipt as a one-page letter"),
        (status = 404, body = ErrorBody)))]
#[get("/api/receipts/{receiptNumber}/pdf")]
async fn print_receipt(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<ReceiptQuery>,
) -> Result<HttpResponse, ApiError> {
    let number = path.into_inner();
    let document = state.receipts.printed(&number, query.sig.as_deref(), user.actor().as_ref()).await?;
    // The file's name keeps the number's letters, digits and dashes only.
    let safe: String = number.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
    Ok(crate::routes::statements::pdf_response(&format!("receipt-{safe}.pdf"), document))
}

/// Sends a completed payment's receipt again (admins); answers the new receipt e-mail.
#[utoipa::path(operation_id = "resendReceipt", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = ReceiptEmailDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/api/admin/payments/{id}/receipt")]
async fn resend_receipt(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<ReceiptEmailDto>, ApiError> {
    let sent = state.receipts.resend(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(sent.into()))
}

/// A payment's receipt e-mails, oldest first (admins).
#[utoipa::path(operation_id = "listReceiptEmails", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = [ReceiptEmailDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
#[get("/api/admin/payments/{id}/receipts")]
async fn receipt_emails(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<ReceiptEmailDto>>, ApiError> {
    let rows = state.receipts.history(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(rows.into_iter().map(Into::into).collect()))
}

//! `/api/admin/accounting`: the treasurer's books (ADR 0145). The chart of accounts and its
//! mappings (`manage_funds`); a period's journal entries previewed, exported (recorded, so an
//! overlapping period warns) and downloaded as QuickBooks Desktop IIF, QuickBooks Online CSV or a
//! general-ledger CSV (`export_finances`).

use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::services::accounting::{MappingRow, Preview};
use mandir_domain::accounting::{
    self as books, AccountKind, AccountPatchInput, AccountingExport, ExportFormat, LedgerAccount, MappingSubject, NewAccountInput,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list_accounts, create_account, update_account, get_mappings, set_mapping, preview, create_export, list_exports, download),
    components(schemas(
        LedgerAccountKindDto,
        LedgerAccountDto,
        CreateLedgerAccountRequest,
        UpdateLedgerAccountRequest,
        MappingSubjectDto,
        AccountMappingDto,
        AccountMappingsDto,
        SetAccountMappingRequest,
        AccountingExportFormatDto,
        AccountingExportDto,
        AccountingPreviewDto,
        CreateAccountingExportRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/api/admin/accounting/accounts")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(list_accounts))
            .route(web::post().to(create_account)),
    )
    .service(
        web::resource("/api/admin/accounting/accounts/{id}")
            .default_service(web::to(super::unmatched))
            .route(web::patch().to(update_account)),
    )
    .service(
        web::resource("/api/admin/accounting/mappings")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(get_mappings))
            .route(web::put().to(set_mapping)),
    )
    .service(web::resource("/api/admin/accounting/preview").default_service(web::to(super::unmatched)).route(web::get().to(preview)))
    .service(
        web::resource("/api/admin/accounting/exports")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(list_exports))
            .route(web::post().to(create_export)),
    )
    .service(
        web::resource("/api/admin/accounting/exports/{id}/file").default_service(web::to(super::unmatched)).route(web::get().to(download)),
    );
}

crate::dto::text_enum_schema!(
    /// What an account holds.
    LedgerAccountKindDto = AccountKind::ALL.iter().map(|v| v.as_str())
);

crate::dto::text_enum_schema!(
    /// What a mapping is for: a default (income, money received, the bank card payouts reach, the
    /// card fees' expense), a fund, a donation type, a kind of line (`religious`: sevas and pujas;
    /// `goods`: tickets and meals) or a payment method.
    MappingSubjectDto = MappingSubject::ALL.iter().map(|v| v.as_str())
);

crate::dto::text_enum_schema!(
    /// The file of an export: `iif` (QuickBooks Desktop), `qbo_csv` (QuickBooks Online's journal
    /// import) or `gl_csv` (a general ledger with the ledger's ids).
    AccountingExportFormatDto = ExportFormat::ALL.iter().map(|v| v.as_str())
);

/// An account of the chart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerAccountDto {
    pub id: String,
    #[schema(example = "4000")]
    pub code: String,
    #[schema(example = "Contributions")]
    pub name: String,
    #[schema(value_type = LedgerAccountKindDto)]
    pub kind: &'static str,
    pub is_active: bool,
}

impl From<LedgerAccount> for LedgerAccountDto {
    fn from(a: LedgerAccount) -> Self {
        Self { id: a.id, code: a.code, name: a.name, kind: a.kind.as_str(), is_active: a.is_active }
    }
}

/// A new account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateLedgerAccountRequest {
    /// 1 to 20 letters, digits, dots or hyphens; unique.
    #[schema(example = "4010", min_length = 1, max_length = 20, pattern = r"^\s*[A-Za-z0-9.\-]{1,20}\s*$")]
    code: String,
    /// 1 to 100 characters without a colon (QuickBooks reads one as a sub-account); unique.
    #[schema(example = "Annadanam", min_length = 1, max_length = 100)]
    name: String,
    #[schema(value_type = LedgerAccountKindDto)]
    kind: String,
}

/// A change to an account: any of its fields. An account still mapped cannot be made inactive.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateLedgerAccountRequest {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 20, pattern = r"^\s*[A-Za-z0-9.\-]{1,20}\s*$")]
    code: Option<String>,
    #[serde(default)]
    #[schema(min_length = 1, max_length = 100)]
    name: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<LedgerAccountKindDto>)]
    kind: Option<String>,
    #[serde(default)]
    is_active: Option<bool>,
}

/// One subject and the account it is booked to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountMappingDto {
    #[schema(value_type = MappingSubjectDto)]
    pub subject: &'static str,
    /// The fund's, donation type's, kind's or method's id; empty for a default.
    pub subject_id: String,
    pub label: String,
    /// Its own account; none: it falls back (a line to its fund's or the default income account,
    /// money to the default deposit account).
    pub account_id: Option<String>,
    /// The account it is booked to now.
    pub effective_account_id: String,
}

impl From<MappingRow> for AccountMappingDto {
    fn from(r: MappingRow) -> Self {
        Self {
            subject: r.subject.as_str(),
            subject_id: r.subject_id,
            label: r.label,
            account_id: r.account_id,
            effective_account_id: r.effective_account_id,
        }
    }
}

/// Every subject with its account: the defaults, the payment methods, the donation types, the
/// kinds of line and the funds.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountMappingsDto {
    pub rows: Vec<AccountMappingDto>,
}

fn rows_dto(rows: Vec<MappingRow>) -> AccountMappingsDto {
    AccountMappingsDto { rows: rows.into_iter().map(Into::into).collect() }
}

/// Books a subject to an account, or (`accountId: null`) back to its fallback.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetAccountMappingRequest {
    #[schema(value_type = MappingSubjectDto)]
    subject: String,
    /// Empty for a default.
    #[schema(max_length = 64)]
    subject_id: String,
    /// An active account's id; null removes the mapping (not for a default).
    account_id: Option<String>,
}

/// An export of a period.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountingExportDto {
    pub id: String,
    #[schema(format = Date)]
    pub from: NaiveDate,
    #[schema(format = Date)]
    pub to: NaiveDate,
    #[schema(value_type = AccountingExportFormatDto)]
    pub format: &'static str,
    pub entries: u32,
    /// The debits' sum (equal to the credits'), "1234.50".
    pub total: String,
    pub created_at: DateTime<Utc>,
    /// Who exported it (their e-mail).
    pub created_by_name: String,
}

impl From<AccountingExport> for AccountingExportDto {
    fn from(e: AccountingExport) -> Self {
        Self {
            id: e.id,
            from: e.from,
            to: e.to,
            format: e.format.as_str(),
            entries: e.entries,
            total: e.total.to_string(),
            created_at: e.created_at,
            created_by_name: e.by_name,
        }
    }
}

/// What exporting a period would write.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountingPreviewDto {
    #[schema(format = Date)]
    pub from: NaiveDate,
    #[schema(format = Date)]
    pub to: NaiveDate,
    pub entries: u32,
    pub gifts: u32,
    pub refunds: u32,
    /// Card payouts reaching the bank (Stripe's; ADR 0146).
    pub payouts: u32,
    /// The debits' sum (equal to the credits').
    pub total: String,
    /// Funds whose lines fall to the default income account, as sentences.
    pub unmapped: Vec<String>,
    /// Earlier exports of any of the period's days.
    pub earlier: Vec<AccountingExportDto>,
}

impl From<Preview> for AccountingPreviewDto {
    fn from(p: Preview) -> Self {
        Self {
            from: p.from,
            to: p.to,
            entries: p.entries,
            gifts: p.gifts,
            refunds: p.refunds,
            payouts: p.payouts,
            total: p.total.to_string(),
            unmapped: p.unmapped,
            earlier: p.earlier.into_iter().map(Into::into).collect(),
        }
    }
}

/// A period to export: both days in the temple's calendar, inclusive, at most 366 days.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAccountingExportRequest {
    #[schema(format = Date)]
    from: String,
    #[schema(format = Date)]
    to: String,
    #[schema(value_type = AccountingExportFormatDto)]
    format: String,
    /// Export even though an earlier export covers some of its days (without it: 409).
    #[serde(default)]
    again: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodQuery {
    /// "YYYY-MM-DD": the first day.
    #[param(format = Date)]
    from: String,
    /// "YYYY-MM-DD": the last day, on or after `from`, at most 366 days later.
    #[param(format = Date)]
    to: String,
}

/// The chart of accounts, by code (treasurers).
#[utoipa::path(operation_id = "listLedgerAccounts", get, path = "/api/admin/accounting/accounts", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = [LedgerAccountDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn list_accounts(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<LedgerAccountDto>>, ApiError> {
    Ok(web::Json(state.accounting.accounts(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Adds an account to the chart (treasurers).
#[utoipa::path(operation_id = "createLedgerAccount", post, path = "/api/admin/accounting/accounts", tag = "admin", security(("bearer" = [])), request_body = CreateLedgerAccountRequest, responses(
    (status = 201, body = LedgerAccountDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Another account has this code or name")
))]
async fn create_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CreateLedgerAccountRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = NewAccountInput { code: b.code, name: b.name, kind: b.kind };
    let created = state.accounting.create_account(&user.actor(), input).await?;
    Ok(HttpResponse::Created().json(LedgerAccountDto::from(created)))
}

/// Changes an account (treasurers).
#[utoipa::path(operation_id = "updateLedgerAccount", patch, path = "/api/admin/accounting/accounts/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), request_body = UpdateLedgerAccountRequest, responses(
    (status = 200, body = LedgerAccountDto), (status = 400, body = ErrorBody, description = "A field is invalid, or none is given"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Another account has this code or name, or the account is mapped and cannot be made inactive")
))]
async fn update_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<UpdateLedgerAccountRequest>,
) -> Result<web::Json<LedgerAccountDto>, ApiError> {
    let b = body.into_inner();
    let input = AccountPatchInput { code: b.code, name: b.name, kind: b.kind, is_active: b.is_active };
    Ok(web::Json(state.accounting.update_account(&user.actor(), &path.into_inner(), input).await?.into()))
}

/// Every subject and the account it is booked to (treasurers).
#[utoipa::path(operation_id = "getAccountMappings", get, path = "/api/admin/accounting/mappings", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = AccountMappingsDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn get_mappings(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<AccountMappingsDto>, ApiError> {
    Ok(web::Json(rows_dto(state.accounting.mappings(&user.actor()).await?)))
}

/// Books a subject to an account (treasurers); answers every row.
#[utoipa::path(operation_id = "setAccountMapping", put, path = "/api/admin/accounting/mappings", tag = "admin", security(("bearer" = [])), request_body = SetAccountMappingRequest, responses(
    (status = 200, body = AccountMappingsDto),
    (status = 400, body = ErrorBody, description = "An unknown subject, or a default left unset"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "No such account"),
    (status = 409, body = ErrorBody, description = "The account is inactive")
))]
async fn set_mapping(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<SetAccountMappingRequest>,
) -> Result<web::Json<AccountMappingsDto>, ApiError> {
    let b = body.into_inner();
    let rows = state.accounting.set_mapping(&user.actor(), &b.subject, &b.subject_id, b.account_id.as_deref()).await?;
    Ok(web::Json(rows_dto(rows)))
}

/// What exporting a period would write, and earlier exports of its days (treasurers).
#[utoipa::path(operation_id = "previewAccountingExport", get, path = "/api/admin/accounting/preview", tag = "admin", security(("bearer" = [])), params(PeriodQuery), responses(
    (status = 200, body = AccountingPreviewDto), (status = 400, body = ErrorBody, description = "`to` before `from`, or more than 366 days"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn preview(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PeriodQuery>,
) -> Result<web::Json<AccountingPreviewDto>, ApiError> {
    Ok(web::Json(state.accounting.preview(&user.actor(), &query.from, &query.to).await?.into()))
}

/// Exports a period (treasurers): recorded, then downloaded from its file's path.
#[utoipa::path(operation_id = "createAccountingExport", post, path = "/api/admin/accounting/exports", tag = "admin", security(("bearer" = [])), request_body = CreateAccountingExportRequest, responses(
    (status = 201, body = AccountingExportDto), (status = 400, body = ErrorBody, description = "`to` before `from`, or more than 366 days"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "An earlier export covers some of its days (send `again`), or no default account is set")
))]
async fn create_export(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CreateAccountingExportRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let export = state.accounting.export(&user.actor(), &b.from, &b.to, &b.format, b.again).await?;
    Ok(HttpResponse::Created().json(AccountingExportDto::from(export)))
}

/// Every export, newest first (treasurers).
#[utoipa::path(operation_id = "listAccountingExports", get, path = "/api/admin/accounting/exports", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = [AccountingExportDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn list_exports(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<AccountingExportDto>>, ApiError> {
    Ok(web::Json(state.accounting.exports(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// An export's file, its entries read from the ledger as it is now (treasurers).
#[utoipa::path(operation_id = "downloadAccountingExport", get, path = "/api/admin/accounting/exports/{id}/file", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, content_type = "text/csv", body = String, description = "QuickBooks Online's or the general ledger's CSV"),
    (status = 200, content_type = "application/x-iif", body = String, description = "QuickBooks Desktop's IIF"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "No default account is set")
))]
async fn download(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let file = state.accounting.file(&user.actor(), &path.into_inner()).await?;
    let accounts = file.accounts_by_id();
    let name = file.export.format.file_name(file.export.from, file.export.to);
    match file.export.format {
        ExportFormat::Iif => Ok(HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, "application/x-iif; charset=utf-8"))
            .insert_header((CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
            .insert_header(("Cache-Control", "no-store"))
            .body(books::iif(&file.entries, &accounts))),
        ExportFormat::QboCsv => csv_response(&name, &books::QBO_HEADER, books::qbo_rows(&file.entries, &accounts)),
        ExportFormat::GlCsv => csv_response(&name, &books::GL_HEADER, books::gl_rows(&file.entries, &accounts)),
    }
}

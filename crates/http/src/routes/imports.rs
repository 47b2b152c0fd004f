//! `/api/admin/imports`: importing a temple's members and giving history from CSV and Excel
//! files (admins; ADR 0144). The file travels as base64 inside the JSON body, as pictures do; the
//! dry run and its CSV report write nothing.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, web};
use base64::Engine;
use chrono::{DateTime, Utc};
use mandir_application::ports::{ImportSummary, SavedMapping};
use mandir_application::services::imports::{Inspection, Operator, Report, Upload};
use mandir_domain::ValidationErrors;
use mandir_domain::import::{ImportKind, Mapping, RowIssue};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::error::{ApiError, ErrorBody, json_config};
use crate::state::AppState;

/// A 20 MB file as base64 inside JSON, with room for the mapping.
pub const IMPORT_JSON_LIMIT: usize = 28 * 1024 * 1024;

pub const CONTENT_INVALID: &str = "The file's content must be base64";

#[derive(OpenApi)]
#[openapi(
    paths(inspect, dry_run, report_csv, run, list, undo, list_mappings, save_mapping, delete_mapping),
    components(schemas(
        ImportKindDto,
        ImportFileRequest,
        ImportCheckRequest,
        ImportRunRequest,
        ImportFieldDto,
        ImportInspectionDto,
        ImportIssueDto,
        ImportReportDto,
        ImportSummaryDto,
        ImportRunDto,
        ImportMappingDto,
        SaveImportMappingRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    let large = || json_config(IMPORT_JSON_LIMIT);
    cfg.service(
        web::resource("/api/admin/imports")
            .app_data(large())
            .default_service(web::to(super::unmatched))
            .route(web::get().to(list))
            .route(web::post().to(run)),
    )
    .service(
        web::resource("/api/admin/imports/inspect")
            .app_data(large())
            .default_service(web::to(super::unmatched))
            .route(web::post().to(inspect)),
    )
    .service(
        web::resource("/api/admin/imports/dry-run")
            .app_data(large())
            .default_service(web::to(super::unmatched))
            .route(web::post().to(dry_run)),
    )
    .service(
        web::resource("/api/admin/imports/report.csv")
            .app_data(large())
            .default_service(web::to(super::unmatched))
            .route(web::post().to(report_csv)),
    )
    .service(web::resource("/api/admin/imports/{id}/undo").default_service(web::to(super::unmatched)).route(web::post().to(undo)))
    .service(
        web::resource("/api/admin/import-mappings")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(list_mappings))
            .route(web::put().to(save_mapping)),
    )
    .service(
        web::resource("/api/admin/import-mappings/{id}").default_service(web::to(super::unmatched)).route(web::delete().to(delete_mapping)),
    );
}

crate::dto::text_enum_schema!(
    /// What a file holds: `members` (people with their households and family members) or `gifts`
    /// (historical gifts).
    ImportKindDto = ImportKind::ALL.iter().map(|v| v.as_str())
);

fn kind_of(text: &str) -> Result<ImportKind, ValidationErrors> {
    ImportKind::parse(text.trim()).ok_or_else(|| ValidationErrors::single("kind", mandir_domain::import::mapping::KIND_INVALID))
}

/// A file to read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportFileRequest {
    #[schema(value_type = ImportKindDto)]
    kind: String,
    /// The file's name: its ending (`.csv`, `.xlsx`) tells its format. 1 to 200 characters.
    #[schema(example = "members.csv", min_length = 1, max_length = 200)]
    file_name: String,
    /// The file's bytes, base64 (at most 20 MB of file).
    #[schema(format = Byte)]
    content: String,
}

impl ImportFileRequest {
    fn upload(self) -> Result<Upload, ApiError> {
        let kind = kind_of(&self.kind);
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(self.content.trim())
            .map_err(|_| ValidationErrors::single("content", CONTENT_INVALID));
        match (kind, bytes) {
            (Ok(kind), Ok(bytes)) => Ok(Upload { kind, file_name: self.file_name, bytes }),
            (Err(errors), _) | (_, Err(errors)) => {
                Err(ApiError::from(mandir_application::services::imports::ImportError::Validation(errors)))
            }
        }
    }
}

/// A file to check with a mapping of its columns.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportCheckRequest {
    #[schema(value_type = ImportKindDto)]
    kind: String,
    #[schema(example = "members.csv", min_length = 1, max_length = 200)]
    file_name: String,
    #[schema(format = Byte)]
    content: String,
    /// Field key → the file's column header; a blank header leaves the field out.
    #[schema(example = json!({"firstName": "First Name", "lastName": "Last Name", "email": "Email"}))]
    mapping: BTreeMap<String, String>,
}

impl ImportCheckRequest {
    fn parts(self) -> Result<(Upload, Mapping), ApiError> {
        let upload = ImportFileRequest { kind: self.kind, file_name: self.file_name, content: self.content }.upload()?;
        Ok((upload, Mapping(self.mapping)))
    }
}

/// A file to import.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRunRequest {
    #[schema(value_type = ImportKindDto)]
    kind: String,
    #[schema(example = "members.csv", min_length = 1, max_length = 200)]
    file_name: String,
    #[schema(format = Byte)]
    content: String,
    mapping: BTreeMap<String, String>,
    /// Write the rows without errors and leave out the others; without it, any row with an
    /// error refuses the whole import (409).
    #[serde(default)]
    skip_invalid: bool,
    /// Also save the mapping under this name (replacing one of the same kind and name).
    #[serde(default)]
    #[schema(max_length = 100)]
    save_mapping_as: Option<String>,
}

/// One field a column can fill.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportFieldDto {
    pub key: String,
    pub label: String,
    pub required: bool,
    pub help: String,
}

/// A file's columns, its first rows and the mapping its headers suggest.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportInspectionDto {
    #[schema(value_type = ImportKindDto)]
    pub kind: &'static str,
    pub headers: Vec<String>,
    /// The first five rows.
    pub sample: Vec<Vec<String>>,
    pub rows: usize,
    pub fields: Vec<ImportFieldDto>,
    pub suggested: BTreeMap<String, String>,
}

impl From<Inspection> for ImportInspectionDto {
    fn from(i: Inspection) -> Self {
        Self {
            kind: i.kind.as_str(),
            headers: i.headers,
            sample: i.sample,
            rows: i.rows,
            fields: i
                .fields
                .iter()
                .map(|f| ImportFieldDto { key: f.key.to_owned(), label: f.label.to_owned(), required: f.required, help: f.help.to_owned() })
                .collect(),
            suggested: i.suggested.0,
        }
    }
}

/// A problem with one row.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportIssueDto {
    /// The row's line in the file (the header is line 1).
    pub line: usize,
    /// The field's key; blank for the row as a whole.
    pub field: String,
    pub value: String,
    pub message: String,
    /// A warning says what was done; an error keeps the row out.
    pub warning: bool,
}

impl From<RowIssue> for ImportIssueDto {
    fn from(i: RowIssue) -> Self {
        Self { line: i.line, field: i.field, value: i.value, message: i.message, warning: i.warning }
    }
}

/// What importing the file does, row by row.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReportDto {
    #[schema(value_type = ImportKindDto)]
    pub kind: &'static str,
    pub rows: usize,
    /// Rows written: new people or gifts.
    pub new_rows: usize,
    /// Rows an earlier import wrote already, or people whose account exists.
    pub unchanged: usize,
    /// Rows with an error, left out.
    pub failed: usize,
    pub accounts: usize,
    pub family_members: usize,
    pub households: usize,
    /// The new gifts' total, decimal text in dollars; null for members.
    #[schema(example = "1001.00")]
    pub total: Option<String>,
    pub issues: Vec<ImportIssueDto>,
}

impl From<Report> for ImportReportDto {
    fn from(r: Report) -> Self {
        Self {
            kind: r.kind.as_str(),
            rows: r.rows,
            new_rows: r.new_rows,
            unchanged: r.unchanged,
            failed: r.failed,
            accounts: r.accounts,
            family_members: r.family_members,
            households: r.households,
            total: r.total.map(|t| t.to_string()),
            issues: r.issues.into_iter().map(Into::into).collect(),
        }
    }
}

/// One import.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportSummaryDto {
    pub id: String,
    #[schema(value_type = ImportKindDto)]
    pub kind: &'static str,
    pub file_name: String,
    pub rows: u32,
    pub created: u32,
    pub unchanged: u32,
    pub skipped: u32,
    #[schema(example = "1001.00")]
    pub total: Option<String>,
    pub by_email: String,
    pub at: DateTime<Utc>,
    /// Still being written, or stopped half way (running the same file again finishes it).
    pub running: bool,
    pub undone_at: Option<DateTime<Utc>>,
    pub undone_by: Option<String>,
}

impl From<ImportSummary> for ImportSummaryDto {
    fn from(s: ImportSummary) -> Self {
        Self {
            id: s.id.into(),
            kind: s.kind.as_str(),
            file_name: s.file_name,
            rows: s.rows,
            created: s.created,
            unchanged: s.unchanged,
            skipped: s.skipped,
            total: s.total.map(|t| t.to_string()),
            by_email: s.by_email,
            at: s.at,
            running: s.running,
            undone_at: s.undone_at,
            undone_by: s.undone_by,
        }
    }
}

/// An import and its report.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRunDto {
    pub import: ImportSummaryDto,
    pub report: ImportReportDto,
}

/// A saved mapping.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportMappingDto {
    pub id: String,
    #[schema(value_type = ImportKindDto)]
    pub kind: &'static str,
    pub name: String,
    pub mapping: BTreeMap<String, String>,
    pub updated_at: DateTime<Utc>,
}

impl From<SavedMapping> for ImportMappingDto {
    fn from(m: SavedMapping) -> Self {
        Self { id: m.id.into(), kind: m.kind.as_str(), name: m.name, mapping: m.mapping.0, updated_at: m.updated_at }
    }
}

/// A mapping to save.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveImportMappingRequest {
    #[schema(value_type = ImportKindDto)]
    kind: String,
    /// 1 to 100 characters.
    #[schema(min_length = 1, max_length = 100)]
    name: String,
    mapping: BTreeMap<String, String>,
}

/// The file's columns, its first five rows and the mapping its headers suggest (admins).
#[utoipa::path(operation_id = "inspectImportFile", post, path = "/api/admin/imports/inspect", tag = "admin", security(("bearer" = [])), request_body = ImportFileRequest, responses(
    (status = 200, body = ImportInspectionDto), (status = 400, body = ErrorBody, description = "Not base64, or not a readable CSV or Excel file"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody)
))]
async fn inspect(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<ImportFileRequest>,
) -> Result<web::Json<ImportInspectionDto>, ApiError> {
    let upload = body.into_inner().upload()?;
    let actor = user.actor();
    Ok(web::Json(state.imports.inspect(Operator::Staff(&actor), &upload).await?.into()))
}

/// What importing the file would do, every row checked: nothing is written (admins).
#[utoipa::path(operation_id = "dryRunImport", post, path = "/api/admin/imports/dry-run", tag = "admin", security(("bearer" = [])), request_body = ImportCheckRequest, responses(
    (status = 200, body = ImportReportDto), (status = 400, body = ErrorBody, description = "An unreadable file, or a mapping naming a column the file lacks or leaving out a required field (`errors` keyed `mapping.<field>`)"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody)
))]
async fn dry_run(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<ImportCheckRequest>,
) -> Result<web::Json<ImportReportDto>, ApiError> {
    let (upload, mapping) = body.into_inner().parts()?;
    let actor = user.actor();
    Ok(web::Json(state.imports.dry_run(Operator::Staff(&actor), &upload, &mapping).await?.into()))
}

pub const REPORT_CSV_HEADER: [&str; 5] = ["Row", "Field", "Value", "Problem", "Kind"];

/// The report's problems as the rows of its CSV (under [`REPORT_CSV_HEADER`]), each field by its
/// label: the Import page's download and `mandir import --report`.
pub fn report_rows(kind: ImportKind, issues: Vec<RowIssue>) -> impl Iterator<Item = Vec<String>> {
    issues.into_iter().map(move |i| {
        let field = kind.field(&i.field).map_or_else(|| i.field.clone(), |f| f.label.to_owned());
        vec![i.line.to_string(), field, i.value, i.message, if i.warning { "warning" } else { "error" }.to_owned()]
    })
}

/// The dry run's problems as CSV, one line each: row, field, value, problem, error or warning (admins).
#[utoipa::path(operation_id = "importReportCsv", post, path = "/api/admin/imports/report.csv", tag = "admin", security(("bearer" = [])), request_body = ImportCheckRequest, responses(
    (status = 200, content_type = "text/csv", body = String, description = "Row, Field, Value, Problem, Kind"),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 413, body = ErrorBody)
))]
async fn report_csv(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<ImportCheckRequest>) -> Result<HttpResponse, ApiError> {
    let (upload, mapping) = body.into_inner().parts()?;
    let actor = user.actor();
    let report = state.imports.dry_run(Operator::Staff(&actor), &upload, &mapping).await?;
    csv_response("import-report.csv", &REPORT_CSV_HEADER, report_rows(upload.kind, report.issues))
}

/// Imports the file (admins). Rows imported before are left as they are; any row with an error
/// refuses the import unless `skipInvalid`. Imported accounts have no password (their owners use
/// "Forgot password"); imported gifts send no receipts.
#[utoipa::path(operation_id = "runImport", post, path = "/api/admin/imports", tag = "admin", security(("bearer" = [])), request_body = ImportRunRequest, responses(
    (status = 201, body = ImportRunDto), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Rows have errors (without `skipInvalid`), or no row can be imported"), (status = 413, body = ErrorBody)
))]
async fn run(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<ImportRunRequest>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (skip_invalid, save_as) = (body.skip_invalid, body.save_mapping_as.clone());
    let (upload, mapping) =
        ImportCheckRequest { kind: body.kind, file_name: body.file_name, content: body.content, mapping: body.mapping }.parts()?;
    let actor = user.actor();
    if let Some(name) = save_as.as_deref().filter(|n| !n.trim().is_empty()) {
        state.imports.save_mapping(&actor, upload.kind, name, mapping.clone()).await?;
    }
    let (import, report) = state.imports.import(Operator::Staff(&actor), &upload, &mapping, skip_invalid).await?;
    Ok(HttpResponse::Created().json(ImportRunDto { import: import.into(), report: report.into() }))
}

/// The imports, newest first (admins).
#[utoipa::path(operation_id = "listImports", get, path = "/api/admin/imports", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = [ImportSummaryDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<ImportSummaryDto>>, ApiError> {
    Ok(web::Json(state.imports.list(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Undoes an import: everything it wrote is deleted, unless something depends on it (admins).
#[utoipa::path(operation_id = "undoImport", post, path = "/api/admin/imports/{id}/undo", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = ImportSummaryDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Undone already, or accounts it made have been used since, or gifts it recorded refunded")
))]
async fn undo(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<ImportSummaryDto>, ApiError> {
    let actor = user.actor();
    Ok(web::Json(state.imports.undo(Operator::Staff(&actor), &path.into_inner().into()).await?.into()))
}

/// The saved column mappings (admins).
#[utoipa::path(operation_id = "listImportMappings", get, path = "/api/admin/import-mappings", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = [ImportMappingDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn list_mappings(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<ImportMappingDto>>, ApiError> {
    let actor = user.actor();
    Ok(web::Json(state.imports.mappings(Operator::Staff(&actor)).await?.into_iter().map(Into::into).collect()))
}

/// Saves a column mapping under its kind and name, replacing one of the same name (admins).
#[utoipa::path(operation_id = "saveImportMapping", put, path = "/api/admin/import-mappings", tag = "admin", security(("bearer" = [])), request_body = SaveImportMappingRequest, responses(
    (status = 200, body = ImportMappingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn save_mapping(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<SaveImportMappingRequest>,
) -> Result<web::Json<ImportMappingDto>, ApiError> {
    let body = body.into_inner();
    let kind = kind_of(&body.kind).map_err(|e| ApiError::from(mandir_application::services::imports::ImportError::Validation(e)))?;
    Ok(web::Json(state.imports.save_mapping(&user.actor(), kind, &body.name, Mapping(body.mapping)).await?.into()))
}

/// Deletes a saved mapping (admins).
#[utoipa::path(operation_id = "deleteImportMapping", delete, path = "/api/admin/import-mappings/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204, description = "Deleted"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn delete_mapping(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.imports.delete_mapping(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

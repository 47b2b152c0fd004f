//! Staff roles and the audit log (admins): who holds which role, changing an account's roles,
//! and reading the log of every staff action, filtered or as CSV.

use actix_web::{HttpResponse, get, put, web};
use chrono::{DateTime, Utc};
use mandir_application::services::audit::AuditQuery;
use mandir_application::services::payments::PageQuery;
use mandir_application::services::staff::StaffMember;
use mandir_domain::audit::{AuditEntry, AuditKind, FieldChange};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list_staff, set_staff_roles, link_priest_account, list_audit, export_audit),
    components(schemas(
        StaffMemberDto,
        LinkedPriestDto,
        StaffRolesRequest,
        PriestAccountRequest,
        AuditLogEntryDto,
        AuditLogChangeDto,
        AuditLogPageDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `audit.csv` before `audit`.
    cfg.service(list_staff).service(set_staff_roles).service(link_priest_account).service(export_audit).service(list_audit);
}

/// An account holding staff roles.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMemberDto {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    #[schema(schema_with = crate::input::role_names_schema)]
    roles: Vec<String>,
    email_verified: bool,
    /// The priest's profile this account is linked to (a priest's "my sevas").
    priest: Option<LinkedPriestDto>,
}

/// A priest's profile, as the staff list names it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedPriestDto {
    id: String,
    name: String,
}

impl From<StaffMember> for StaffMemberDto {
    fn from(StaffMember { user: u, priest }: StaffMember) -> Self {
        Self {
            id: u.id.into(),
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email.as_str().to_owned(),
            roles: crate::input::role_names(u.roles),
            email_verified: u.email_verified,
            priest: priest.map(|p| LinkedPriestDto { id: p.id.into(), name: p.name }),
        }
    }
}

/// Every account holding a staff role, by name (admins).
#[utoipa::path(operation_id = "listStaff", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = Vec<StaffMemberDto>)
))]
#[get("/api/admin/staff")]
async fn list_staff(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<StaffMemberDto>>, ApiError> {
    Ok(web::Json(state.staff.staff(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// The roles an account should hold from now on.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffRolesRequest {
    /// The account's e-mail address.
    #[schema(format = "email", max_length = 254)]
    email: String,
    /// Every role the account holds after the change (an empty list: an ordinary member).
    #[schema(schema_with = crate::input::role_names_schema)]
    roles: Vec<String>,
}

/// Gives the account at this e-mail exactly these roles (admins). Takes effect on its next
/// request, and is recorded in the audit log. Refused: removing one's own `admin` (400), giving a
/// role to an unverified account or removing the last admin (409).
#[utoipa::path(operation_id = "setStaffRoles", tag = "admin", security(("bearer" = [])), request_body = StaffRolesRequest, responses(
    (status = 200, body = StaffMemberDto),
    (status = 404, body = ErrorBody, description = "No user found with that email address"),
    (status = 409, body = ErrorBody, description = "The account's e-mail is not verified, or no admin would remain"),
))]
#[put("/api/admin/staff/roles")]
async fn set_staff_roles(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<StaffRolesRequest>,
) -> Result<web::Json<StaffMemberDto>, ApiError> {
    let body = body.into_inner();
    Ok(web::Json(state.staff.set_roles(&user.actor(), &body.email, &body.roles).await?.into()))
}

/// The account a priest's profile is linked to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriestAccountRequest {
    /// The e-mail of an account holding the `priest` role; `null` or blank unlinks.
    #[schema(max_length = 254)]
    email: Option<String>,
}

/// Links a priest's profile to the account the priest signs in with, or unlinks it (admins).
/// The account must hold the `priest` role (409), and link to one profile only (409).
#[utoipa::path(operation_id = "linkPriestAccount", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = PriestAccountRequest, responses(
    (status = 200, body = LinkedPriestDto), (status = 409, body = ErrorBody, description = "Not a priest's account, or linked to another priest")
))]
#[put("/api/priests/{id}/account")]
async fn link_priest_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<PriestAccountRequest>,
) -> Result<web::Json<LinkedPriestDto>, ApiError> {
    let body = body.into_inner();
    let priest = state.staff.link_priest(&user.actor(), &path.into_inner().into(), body.email.as_deref()).await?;
    Ok(web::Json(LinkedPriestDto { id: priest.id.into(), name: priest.name }))
}

/// One field of a record, before and after a change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditLogChangeDto {
    field: String,
    /// Any JSON value; `null` when the record did not exist yet (or the field was empty).
    before: Option<serde_json::Value>,
    /// Any JSON value; `null` when the record no longer exists (or the field is empty).
    after: Option<serde_json::Value>,
}

impl From<FieldChange> for AuditLogChangeDto {
    fn from(c: FieldChange) -> Self {
        Self { field: c.field, before: c.before, after: c.after }
    }
}

fn audit_kind_schema() -> utoipa::openapi::schema::Schema {
    crate::input::one_of_texts(&AuditKind::ALL.iter().map(|k| k.as_str()).collect::<Vec<_>>())
}

/// An entry of the audit log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditLogEntryDto {
    id: String,
    at: DateTime<Utc>,
    /// The account that acted; `null` for the command line.
    actor_id: Option<String>,
    actor_email: String,
    /// The client's address.
    address: Option<String>,
    #[schema(schema_with = audit_kind_schema)]
    kind: String,
    /// What was done, e.g. `event.update`, `payment.refund`, `export.members`, `roles.change`.
    action: String,
    target_kind: String,
    target_id: Option<String>,
    summary: String,
    changes: Vec<AuditLogChangeDto>,
}

impl From<AuditEntry> for AuditLogEntryDto {
    fn from(e: AuditEntry) -> Self {
        Self {
            id: e.id,
            at: e.at,
            actor_id: e.actor_id.map(Into::into),
            actor_email: e.actor_email,
            address: e.address,
            kind: e.kind.as_str().to_owned(),
            action: e.action,
            target_kind: e.target_kind,
            target_id: e.target_id,
            summary: e.summary,
            changes: e.changes.into_iter().map(Into::into).collect(),
        }
    }
}

/// One page of the audit log, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditLogPageDto {
    items: Vec<AuditLogEntryDto>,
    total: u64,
    page: u64,
    page_size: u64,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditFilters {
    /// Only this account's actions (its id).
    actor: Option<String>,
    /// Only entries of this kind; blank for all.
    #[param(schema_with = audit_kind_filter_schema)]
    kind: Option<String>,
    /// From this day of the temple's time zone (YYYY-MM-DD), inclusive.
    #[param(schema_with = crate::input::day_or_blank_schema)]
    from: Option<String>,
    /// To this day, inclusive.
    #[param(schema_with = crate::input::day_or_blank_schema)]
    to: Option<String>,
}

fn audit_kind_filter_schema() -> utoipa::openapi::schema::Schema {
    let mut kinds: Vec<&str> = AuditKind::ALL.iter().map(|k| k.as_str()).collect();
    kinds.push("");
    crate::input::one_of_texts(&kinds)
}

impl From<AuditFilters> for AuditQuery {
    fn from(f: AuditFilters) -> Self {
        Self { actor: f.actor, kind: f.kind, from: f.from, to: f.to }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditPageParams {
    /// From 1 (default 1).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 1_000_000)]
    page: Option<String>,
    /// 1 to 100 (default 25).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 100)]
    page_size: Option<String>,
}

/// The audit log, newest first, filtered by person, kind and days (admins).
#[utoipa::path(operation_id = "listAudit", tag = "admin", security(("bearer" = [])), params(AuditFilters, AuditPageParams), responses(
    (status = 200, body = AuditLogPageDto), (status = 400, body = ErrorBody)
))]
#[get("/api/admin/audit")]
async fn list_audit(
    state: web::Data<AppState>,
    user: CurrentUser,
    filters: web::Query<AuditFilters>,
    page: web::Query<AuditPageParams>,
) -> Result<web::Json<AuditLogPageDto>, ApiError> {
    let page = page.into_inner();
    let page = PageQuery { page: page.page, page_size: page.page_size };
    let found = state.audit.page(&user.actor(), &filters.into_inner().into(), &page).await?;
    Ok(web::Json(AuditLogPageDto {
        items: found.items.into_iter().map(Into::into).collect(),
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    }))
}

pub const AUDIT_CSV_HEADER: [&str; 8] = ["When", "Who", "Address", "Kind", "Action", "Record", "Summary", "Changes"];

/// The audit log as CSV: every entry matching the filters, newest first, times in the temple's
/// time zone (admins; the download is itself recorded).
#[utoipa::path(operation_id = "exportAudit", tag = "admin", security(("bearer" = [])), params(AuditFilters), responses(
    (status = 200, content_type = "text/csv", body = String, description = "When, Who, Address, Kind, Action, Record, Summary, Changes"),
    (status = 400, body = ErrorBody)
))]
#[get("/api/admin/audit.csv")]
async fn export_audit(state: web::Data<AppState>, user: CurrentUser, filters: web::Query<AuditFilters>) -> Result<HttpResponse, ApiError> {
    let entries = state.audit.export(&user.actor(), &filters.into_inner().into()).await?;
    let zone = state.audit.temple_zone().await?;
    let shown = |value: &Option<serde_json::Value>| match value {
        None => "(none)".to_owned(),
        Some(serde_json::Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
    };
    let rows = entries.into_iter().map(|e| {
        let changes: Vec<String> = e.changes.iter().map(|c| format!("{}: {} -> {}", c.field, shown(&c.before), shown(&c.after))).collect();
        vec![
            e.at.with_timezone(&zone).format("%Y-%m-%d %H:%M:%S").to_string(),
            e.actor_email,
            e.address.unwrap_or_default(),
            e.kind.as_str().to_owned(),
            e.action,
            match e.target_id {
                Some(id) => format!("{} {id}", e.target_kind),
                None => e.target_kind,
            },
            e.summary,
            changes.join("; "),
        ]
    });
    csv_response("audit-log.csv", &AUDIT_CSV_HEADER, rows)
}

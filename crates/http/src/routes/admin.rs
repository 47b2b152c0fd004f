use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use mandir_application::services::payments::PageQuery;
use mandir_domain::staff::Role;
use mandir_domain::user::User;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::dto::UserDto;
use crate::error::{ApiError, ErrorBody};
use crate::routes::payment_dto::PaymentDto;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(set_admin, remove_admin, list_members, export_members, get_member, member_payments),
    components(schemas(AdminEmailRequest, AdminChangeResponse, MemberDto, MemberPageDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `members.csv` before `members/{id}`.
    cfg.service(set_admin).service(remove_admin).service(export_members).service(list_members).service(get_member).service(member_payments);
}

/// A row of the member directory.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberDto {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    phone_number: Option<String>,
    is_admin: bool,
    #[schema(schema_with = crate::input::role_names_schema)]
    roles: Vec<String>,
    email_verified: bool,
    created_at: DateTime<Utc>,
}

impl From<User> for MemberDto {
    fn from(u: User) -> Self {
        Self {
            id: u.id.into(),
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email.as_str().to_owned(),
            phone_number: u.phone_number,
            is_admin: u.roles.has(mandir_domain::staff::Role::Admin),
            roles: crate::input::role_names(u.roles),
            email_verified: u.email_verified,
            created_at: u.created_at,
        }
    }
}

/// One page of the member directory.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberPageDto {
    items: Vec<MemberDto>,
    /// Members matching the search in all.
    total: u64,
    page: u64,
    page_size: u64,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MemberSearchParams {
    /// Words that must each be in the first name, last name or e-mail (any case) or, as digits, in
    /// the phone number.
    q: Option<String>,
    /// From 1 (default 1).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 1_000_000)]
    page: Option<String>,
    /// 1 to 100 (default 25).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 100)]
    page_size: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MemberExportParams {
    /// Words that must each be in the first name, last name or e-mail (any case) or, as digits, in
    /// the phone number.
    q: Option<String>,
}

/// The member directory: the members matching `q`, by last name then first name, one page at a
/// time (admins).
#[utoipa::path(operation_id = "listMembers", tag = "admin", security(("bearer" = [])), params(MemberSearchParams), responses(
    (status = 200, body = MemberPageDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/admin/members")]
async fn list_members(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<MemberSearchParams>,
) -> Result<web::Json<MemberPageDto>, ApiError> {
    let params = params.into_inner();
    let page = PageQuery { page: params.page, page_size: params.page_size };
    let found = state.admin.members(&user.actor(), params.q.as_deref(), &page).await?;
    Ok(web::Json(MemberPageDto {
        items: found.items.into_iter().map(Into::into).collect(),
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    }))
}

pub const MEMBERS_CSV_HEADER: [&str; 7] = ["First name", "Last name", "Email", "Phone", "Admin", "Email verified", "Member since"];

/// The member directory as CSV: every member matching `q` (no paging), by name; the date in the
/// temple's time zone (admins).
#[utoipa::path(operation_id = "exportMembers", tag = "admin", security(("bearer" = [])), params(MemberExportParams), responses(
    (status = 200, content_type = "text/csv", body = String, description = "First name, Last name, Email, Phone, Admin, Email verified, Member since"),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/admin/members.csv")]
async fn export_members(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<MemberExportParams>,
) -> Result<HttpResponse, ApiError> {
    let members = state.admin.export_members(&user.actor(), params.q.as_deref()).await?;
    let zone = state.payments.temple_zone().await?;
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
    let rows = members.into_iter().map(|m| {
        vec![
            m.first_name,
            m.last_name,
            m.email.as_str().to_owned(),
            m.phone_number.unwrap_or_default(),
            yes_no(m.roles.has(Role::Admin)),
            yes_no(m.email_verified),
            m.created_at.with_timezone(&zone).format("%Y-%m-%d").to_string(),
        ]
    });
    csv_response("members.csv", &MEMBERS_CSV_HEADER, rows)
}

/// One member's account, with their gotram (admins).
#[utoipa::path(operation_id = "getMember", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = UserDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/admin/members/{id}")]
async fn get_member(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<UserDto>, ApiError> {
    let member = state.admin.member(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(state.profile.profile_of(member).await?.into()))
}

/// One member's payments, newest first (admins: their giving).
#[utoipa::path(operation_id = "listMemberPayments", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [PaymentDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[get("/api/admin/members/{id}/payments")]
async fn member_payments(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<PaymentDto>>, ApiError> {
    let actor = user.actor();
    let member = state.admin.member(&actor, &path.into_inner().into()).await?;
    Ok(web::Json(state.payments.of_member(&actor, &member.id).await?.into_iter().map(Into::into).collect()))
}

#[derive(Deserialize, ToSchema)]
pub struct AdminEmailRequest {
    #[serde(default)]
    #[schema(required = true, format = Email, min_length = 5)]
    email: String,
}

#[derive(Serialize, ToSchema)]
pub struct AdminChangeResponse {
    message: String,
    user: UserDto,
}

/// Grants admin rights to the member with this e-mail (admins). Takes effect at once. Only a
/// verified account can be made an admin (409 otherwise).
#[utoipa::path(operation_id = "grantAdmin", tag = "admin", security(("bearer" = [])), request_body = AdminEmailRequest, responses(
    (status = 200, body = AdminChangeResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "The account's e-mail is not verified"),
))]
#[post("/api/admin/set-admin")]
async fn set_admin(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<AdminEmailRequest>,
) -> Result<web::Json<AdminChangeResponse>, ApiError> {
    let granted = state.staff.grant(&user.actor(), &body.email, Role::Admin).await?;
    let message = format!("User {} has been granted admin privileges", granted.email);
    Ok(web::Json(AdminChangeResponse { message, user: state.profile.profile_of(granted).await?.into() }))
}

/// Removes admin rights from the member with this e-mail (admins; not oneself).
#[utoipa::path(operation_id = "revokeAdmin", tag = "admin", security(("bearer" = [])), request_body = AdminEmailRequest, responses(
    (status = 200, body = AdminChangeResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
#[post("/api/admin/remove-admin")]
async fn remove_admin(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<AdminEmailRequest>,
) -> Result<web::Json<AdminChangeResponse>, ApiError> {
    let removed = state.staff.revoke(&user.actor(), &body.email, Role::Admin).await?;
    let message = format!("Admin privileges have been removed from {}", removed.email);
    Ok(web::Json(AdminChangeResponse { message, user: state.profile.profile_of(removed).await?.into() }))
}

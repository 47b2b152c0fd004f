//! Inviting staff by e-mail (admins), and the invitation link's page: what it offers and
//! accepting it (docs/decisions/0128-staff-invitations.md).

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use mandir_application::services::staff_invites::{InvitationPreview, NewStaffAccount, PendingInvitation};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::{CurrentUser, MaybeUser};
use crate::body::JsonBody;
use crate::client::Client;
use crate::dto::UserDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list_staff_invitations, invite_staff, withdraw_staff_invitation, preview_staff_invitation, accept_staff_invitation),
    components(schemas(
        StaffInvitationDto,
        InviteStaffRequest,
        StaffInvitationTokenRequest,
        StaffInvitationPreviewDto,
        AcceptStaffInvitationRequest,
        StaffInvitationAcceptedDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_staff_invitations)
        .service(invite_staff)
        .service(withdraw_staff_invitation)
        .service(preview_staff_invitation)
        .service(accept_staff_invitation);
}

/// An invitation not yet accepted or withdrawn.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffInvitationDto {
    id: String,
    email: String,
    #[schema(schema_with = crate::input::role_names_schema)]
    roles: Vec<String>,
    /// The inviting admin's name.
    invited_by: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    /// The link no longer works; inviting again sends a new one.
    expired: bool,
    /// An account has this address: accepting adds the roles to it.
    existing_account: bool,
}

impl From<PendingInvitation> for StaffInvitationDto {
    fn from(PendingInvitation { invitation: i, expired, existing_account }: PendingInvitation) -> Self {
        Self {
            id: i.id,
            email: i.email.as_str().to_owned(),
            roles: crate::input::role_names(i.roles),
            invited_by: i.invited_by_name,
            created_at: i.created_at,
            expires_at: i.expires_at,
            expired,
            existing_account,
        }
    }
}

/// Every invitation not yet accepted or withdrawn, newest first, expired ones included (admins).
#[utoipa::path(operation_id = "listStaffInvitations", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = Vec<StaffInvitationDto>)
))]
#[get("/api/admin/staff/invitations")]
async fn list_staff_invitations(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<StaffInvitationDto>>, ApiError> {
    Ok(web::Json(state.staff_invites.pending(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Whom to invite, for which roles.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteStaffRequest {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    email: String,
    /// At least one role.
    #[schema(schema_with = crate::input::role_names_schema)]
    roles: Vec<String>,
}

/// Invites an e-mail address to hold these roles (admins): it gets a link that works once, for 7
/// days. Inviting the same address again replaces its pending invitation (the older link stops
/// working). Refused when the account at that address holds every one of the roles (409).
#[utoipa::path(operation_id = "inviteStaff", tag = "admin", security(("bearer" = [])), request_body = InviteStaffRequest, responses(
    (status = 201, body = StaffInvitationDto),
    (status = 400, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "The account already holds these roles"),
))]
#[post("/api/admin/staff/invitations")]
async fn invite_staff(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<InviteStaffRequest>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let sent = state.staff_invites.invite(&user.actor(), &body.email, &body.roles).await?;
    Ok(HttpResponse::Created().json(StaffInvitationDto::from(sent)))
}

/// Withdraws a pending invitation (admins): its link stops working.
#[utoipa::path(operation_id = "withdrawStaffInvitation", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204, description = "Withdrawn"),
    (status = 404, body = ErrorBody, description = "Not pending"),
))]
#[delete("/api/admin/staff/invitations/{id}")]
async fn withdraw_staff_invitation(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state.staff_invites.withdraw(&user.actor(), &path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The token of an invitation's link.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StaffInvitationTokenRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 200)]
    token: String,
}

/// What an invitation offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffInvitationPreviewDto {
    email: String,
    #[schema(schema_with = crate::input::role_names_schema)]
    roles: Vec<String>,
    invited_by: Option<String>,
    /// An account has this address: sign in to it to accept.
    existing_account: bool,
    expires_at: DateTime<Utc>,
}

impl From<InvitationPreview> for StaffInvitationPreviewDto {
    fn from(p: InvitationPreview) -> Self {
        Self {
            email: p.email.as_str().to_owned(),
            roles: crate::input::role_names(p.roles),
            invited_by: p.invited_by,
            existing_account: p.existing_account,
            expires_at: p.expires_at,
        }
    }
}

/// What the invitation link offers: the address, the roles, who invited, and whether an account
/// has the address. A token that is unknown, used, withdrawn or expired answers 400.
#[utoipa::path(operation_id = "previewStaffInvitation", tag = "auth", request_body = StaffInvitationTokenRequest, responses(
    (status = 200, body = StaffInvitationPreviewDto),
    (status = 400, body = ErrorBody),
))]
#[post("/api/staff-invitations/preview")]
async fn preview_staff_invitation(
    state: web::Data<AppState>,
    body: JsonBody<StaffInvitationTokenRequest>,
) -> Result<web::Json<StaffInvitationPreviewDto>, ApiError> {
    Ok(web::Json(state.staff_invites.preview(&body.token).await?.into()))
}

/// Accepting an invitation; the names, phone and password only when no account has its address.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptStaffInvitationRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 200)]
    token: String,
    /// A new account's: 2 to 100 characters after trimming.
    first_name: Option<String>,
    /// A new account's: 2 to 100 characters after trimming.
    last_name: Option<String>,
    /// A new account's: 1 to 32 characters after trimming.
    phone_number: Option<String>,
    /// A new account's: 6 to 256 characters.
    #[schema(max_length = 256)]
    password: Option<String>,
}

/// The account that accepted.
#[derive(Serialize, ToSchema)]
pub struct StaffInvitationAcceptedDto {
    /// A session token when the account was made just now; `null` for an account signed in.
    token: Option<String>,
    user: UserDto,
}

/// Accepts an invitation; the link then stops working. With no account at its address, makes one
/// (verified, holding the roles) and signs it in. With one, the request must come from that
/// account, signed in (401 when not signed in, 403 from another account), and the roles are added
/// to it. Recorded in the audit log.
#[utoipa::path(operation_id = "acceptStaffInvitation", tag = "auth", request_body = AcceptStaffInvitationRequest, responses(
    (status = 200, body = StaffInvitationAcceptedDto),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody, description = "Sign in to the invited account first"),
    (status = 403, body = ErrorBody, description = "Signed in to another account"),
    (status = 409, body = ErrorBody, description = "An account has the address by now: sign in to accept"),
))]
#[post("/api/staff-invitations/accept")]
async fn accept_staff_invitation(
    state: web::Data<AppState>,
    user: MaybeUser,
    client: Client,
    body: JsonBody<AcceptStaffInvitationRequest>,
) -> Result<web::Json<StaffInvitationAcceptedDto>, ApiError> {
    let b = body.into_inner();
    let account = NewStaffAccount {
        first_name: b.first_name.unwrap_or_default(),
        last_name: b.last_name.unwrap_or_default(),
        phone_number: b.phone_number.unwrap_or_default(),
        password: b.password.unwrap_or_default(),
    };
    let accepted = state.staff_invites.accept(&b.token, user.0.as_ref(), account, &client.0).await?;
    let profile = state.profile.profile_of(accepted.user).await?;
    Ok(web::Json(StaffInvitationAcceptedDto { token: accepted.token.map(|t| t.token), user: profile.into() }))
}

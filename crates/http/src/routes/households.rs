//! `/api/household`: the signed-in member's household (form, change, invite, leave) and the
//! invitations waiting for their address (accept, decline) (docs/product.md#households).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_application::services::households::HouseholdOverview;
use mandir_domain::household::{HouseholdInput, HouseholdInvitation, HouseholdView};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(mine, create, update, leave, invite, cancel_invitation, accept, decline),
    components(schemas(
        HouseholdOverviewDto,
        HouseholdDto,
        HouseholdMemberDto,
        SentInvitationDto,
        ReceivedInvitationDto,
        HouseholdRequest,
        InviteRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/api/household")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(mine))
            .route(web::post().to(create))
            .route(web::put().to(update)),
    )
    .service(web::resource("/api/household/leave").default_service(web::to(super::unmatched)).route(web::post().to(leave)))
    .service(web::resource("/api/household/invitations").default_service(web::to(super::unmatched)).route(web::post().to(invite)))
    .service(
        web::resource("/api/household/invitations/{id}")
            .default_service(web::to(super::unmatched))
            .route(web::delete().to(cancel_invitation)),
    )
    .service(
        web::resource("/api/household/invitations/{id}/accept").default_service(web::to(super::unmatched)).route(web::post().to(accept)),
    )
    .service(
        web::resource("/api/household/invitations/{id}/decline").default_service(web::to(super::unmatched)).route(web::post().to(decline)),
    );
}

/// A member of the household, with the family members saved in their profile.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdMemberDto {
    pub name: String,
    pub email: String,
    pub joined_at: DateTime<Utc>,
    /// Their family members (people without an account), e.g. `Anika (daughter)`.
    pub family: Vec<String>,
    /// This is the signed-in member.
    pub you: bool,
}

/// An invitation the household sent, waiting for its address's owner.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentInvitationDto {
    pub id: String,
    pub email: String,
    pub invited_by: String,
    pub created_at: DateTime<Utc>,
}

/// An invitation waiting for the signed-in member's address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedInvitationDto {
    pub id: String,
    pub household_name: String,
    pub invited_by: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdDto {
    pub id: String,
    pub name: String,
    /// Where printed statements are mailed; several lines.
    pub address: Option<String>,
    /// `joint` (one statement in every member's name, with all their gifts) or `separate`.
    pub statement: String,
    /// The names a joint statement is addressed to, e.g. `Lakshmi Rao and Ravi Rao`.
    pub joint_name: String,
    /// In joining order.
    pub members: Vec<HouseholdMemberDto>,
    /// Newest first.
    pub invitations: Vec<SentInvitationDto>,
}

/// The member's household (`null` when they have none) and the invitations to their address
/// (only while they have no household and their address is verified).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdOverviewDto {
    pub household: Option<HouseholdDto>,
    pub invitations: Vec<ReceivedInvitationDto>,
}

fn household_dto(view: &HouseholdView, user: &CurrentUser) -> HouseholdDto {
    let h = &view.household;
    HouseholdDto {
        id: h.id.to_string(),
        name: h.name.clone(),
        address: h.address.clone(),
        statement: h.statement.as_str().to_owned(),
        joint_name: view.joint_name(),
        members: view
            .members
            .iter()
            .map(|m| HouseholdMemberDto {
                name: m.name(),
                email: m.email.clone(),
                joined_at: m.joined_at,
                family: m.family.clone(),
                you: m.user_id == user.0.id,
            })
            .collect(),
        invitations: view
            .invitations
            .iter()
            .map(|i| SentInvitationDto {
                id: i.id.clone(),
                email: i.email.clone(),
                invited_by: i.invited_by_name.clone(),
                created_at: i.created_at,
            })
            .collect(),
    }
}

fn received(i: &HouseholdInvitation) -> ReceivedInvitationDto {
    ReceivedInvitationDto {
        id: i.id.clone(),
        household_name: i.household_name.clone(),
        invited_by: i.invited_by_name.clone(),
        created_at: i.created_at,
    }
}

fn overview(o: &HouseholdOverview, user: &CurrentUser) -> HouseholdOverviewDto {
    HouseholdOverviewDto {
        household: o.household.as_ref().map(|h| household_dto(h, user)),
        invitations: o.invitations.iter().map(received).collect(),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HouseholdRequest {
    /// 1 to 100 characters, e.g. `The Rao family`.
    name: String,
    /// The mailing address, at most 300 characters; empty or absent for none.
    #[serde(default)]
    address: Option<String>,
    /// `joint` (the default) or `separate`.
    #[serde(default)]
    #[schema(example = "joint")]
    statement: Option<String>,
}

impl From<HouseholdRequest> for HouseholdInput {
    fn from(b: HouseholdRequest) -> Self {
        Self { name: b.name, address: b.address, statement: b.statement }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InviteRequest {
    /// The address to invite; its owner accepts once it is verified on their account.
    #[schema(example = "lakshmi@example.org")]
    email: String,
}

/// The signed-in member's household and the invitations waiting for their address.
#[utoipa::path(operation_id = "getMyHousehold", get, path = "/api/household", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = HouseholdOverviewDto), (status = 401, body = ErrorBody)))]
async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<HouseholdOverviewDto>, ApiError> {
    let found = state.households.mine(&user.actor()).await?;
    Ok(web::Json(overview(&found, &user)))
}

/// The signed-in member forms a household, with themself in it.
#[utoipa::path(operation_id = "createMyHousehold", post, path = "/api/household", tag = "account", security(("bearer" = [])),
    request_body = HouseholdRequest,
    responses((status = 201, body = HouseholdDto), (status = 400, body = ErrorBody, description = "Invalid, or the member has a household"), (status = 401, body = ErrorBody)))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<HouseholdRequest>) -> Result<HttpResponse, ApiError> {
    let made = state.households.create(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(household_dto(&made, &user)))
}

/// A member changes their household's name, mailing address or statement choice.
#[utoipa::path(operation_id = "updateMyHousehold", put, path = "/api/household", tag = "account", security(("bearer" = [])),
    request_body = HouseholdRequest,
    responses((status = 200, body = HouseholdDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "No household")))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<HouseholdRequest>,
) -> Result<web::Json<HouseholdDto>, ApiError> {
    let changed = state.households.update(&user.actor(), body.into_inner().into()).await?;
    Ok(web::Json(household_dto(&changed, &user)))
}

/// The signed-in member leaves their household; the last to leave ends it.
#[utoipa::path(operation_id = "leaveMyHousehold", post, path = "/api/household/leave", tag = "account", security(("bearer" = [])),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "No household")))]
async fn leave(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    state.households.leave(&user.actor()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A member invites an address to their household; it is e-mailed how to accept. Takes a
/// verified address and a place within the member's limit (10 a day).
#[utoipa::path(operation_id = "inviteToMyHousehold", post, path = "/api/household/invitations", tag = "account", security(("bearer" = [])),
    request_body = InviteRequest,
    responses((status = 201, body = HouseholdDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "The member's address is not verified"), (status = 404, body = ErrorBody, description = "No household"),
        (status = 429, body = ErrorBody)))]
async fn invite(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<InviteRequest>) -> Result<HttpResponse, ApiError> {
    let invited = state.households.invite(&user.actor(), &body.into_inner().email).await?;
    Ok(HttpResponse::Created().json(household_dto(&invited, &user)))
}

/// A member withdraws one of their household's waiting invitations.
#[utoipa::path(operation_id = "cancelHouseholdInvitation", delete, path = "/api/household/invitations/{id}", tag = "account", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = HouseholdDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn cancel_invitation(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<HouseholdDto>, ApiError> {
    let view = state.households.cancel_invitation(&user.actor(), &path.into_inner()).await?;
    Ok(web::Json(household_dto(&view, &user)))
}

/// The owner of an invited, verified address joins that household.
#[utoipa::path(operation_id = "acceptHouseholdInvitation", post, path = "/api/household/invitations/{id}/accept", tag = "account", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = HouseholdDto), (status = 400, body = ErrorBody, description = "The member has a household, or it is full"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "The member's address is not verified"), (status = 404, body = ErrorBody)))]
async fn accept(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<HouseholdDto>, ApiError> {
    let joined = state.households.accept(&user.actor(), &path.into_inner()).await?;
    Ok(web::Json(household_dto(&joined, &user)))
}

/// The owner of an invited address turns the invitation down.
#[utoipa::path(operation_id = "declineHouseholdInvitation", post, path = "/api/household/invitations/{id}/decline", tag = "account", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn decline(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.households.decline(&user.actor(), &path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

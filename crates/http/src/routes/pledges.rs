//! `/api/pledges`: a member's own pledges (make, see, cancel) and the treasurer's view of
//! everyone's, with polite reminders by e-mail in one action (docs/product.md#pledges).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::services::pledges::PledgeStanding;
use mandir_domain::pledge::NewPledgeInput;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(mine, create, cancel, all, remind, assign, unassign),
    components(schemas(PledgeDto, MemberPledgeDto, AssignedGiftDto, CreatePledgeRequest, RemindRequest, RemindedDto, AssignGiftRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/api/pledges/mine")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(mine))
            .route(web::post().to(create)),
    )
    .service(web::resource("/api/pledges/mine/{id}/cancel").default_service(web::to(super::unmatched)).route(web::post().to(cancel)))
    .service(web::resource("/api/pledges").default_service(web::to(super::unmatched)).route(web::get().to(all)))
    .service(web::resource("/api/pledges/reminders").default_service(web::to(super::unmatched)).route(web::post().to(remind)))
    .service(web::resource("/api/pledges/{id}/gifts").default_service(web::to(super::unmatched)).route(web::post().to(assign)))
    .service(
        web::resource("/api/pledges/{id}/gifts/{paymentId}").default_service(web::to(super::unmatched)).route(web::delete().to(unassign)),
    );
}

/// A pledge with what was given toward it; amounts are decimal text in US dollars.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PledgeDto {
    pub id: String,
    pub fund_id: String,
    pub fund_name: String,
    #[schema(example = "5001.00")]
    pub amount: String,
    /// The period in the temple's calendar, both days included.
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub note: Option<String>,
    /// `active` or `cancelled`.
    pub status: String,
    /// The member's completed gifts to the fund in the period, net of refunds; may exceed `amount`.
    #[schema(example = "1200.00")]
    pub fulfilled: String,
    /// What is left to give, never below zero.
    #[schema(example = "3801.00")]
    pub remaining: String,
    /// Whole percent given, at most 100.
    pub percent: u8,
    pub created_at: DateTime<Utc>,
    pub last_reminded_at: Option<DateTime<Utc>>,
}

/// A pledge with its member (the treasurer's list).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberPledgeDto {
    #[serde(flatten)]
    pub pledge: PledgeDto,
    pub member_name: String,
    pub member_email: String,
    /// The counter gifts the treasurer counted toward it by hand, oldest first (in `fulfilled`).
    pub assigned_gifts: Vec<AssignedGiftDto>,
}

/// A gift counted toward a pledge by the treasurer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignedGiftDto {
    pub payment_id: String,
    pub receipt_number: String,
    pub paid_at: DateTime<Utc>,
    /// The whole gift; its part in the pledge's fund is what counts.
    #[schema(example = "100.00")]
    pub amount: String,
    pub donor_name: String,
}

impl From<&PledgeStanding> for MemberPledgeDto {
    fn from(s: &PledgeStanding) -> Self {
        Self {
            pledge: s.into(),
            member_name: s.member_name.clone(),
            member_email: s.member_email.clone(),
            assigned_gifts: s
                .assigned
                .iter()
                .map(|g| AssignedGiftDto {
                    payment_id: g.payment_id.to_string(),
                    receipt_number: g.receipt_number.clone(),
                    paid_at: g.paid_at,
                    amount: g.amount.to_string(),
                    donor_name: g.donor_name.clone(),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignGiftRequest {
    /// The gift's receipt number, as printed on the counter's receipt.
    #[schema(example = "AUTO-1764288000000-1234")]
    receipt_number: String,
}

impl From<&PledgeStanding> for PledgeDto {
    fn from(s: &PledgeStanding) -> Self {
        let p = &s.pledge;
        Self {
            id: p.id.to_string(),
            fund_id: p.fund_id.to_string(),
            fund_name: s.fund_name.clone(),
            amount: p.amount.to_string(),
            starts_on: p.starts_on,
            ends_on: p.ends_on,
            note: p.note.clone(),
            status: p.status.as_str().to_owned(),
            fulfilled: s.fulfilment.given.to_string(),
            remaining: s.fulfilment.remaining.to_string(),
            percent: s.fulfilment.percent,
            created_at: p.created_at,
            last_reminded_at: p.reminded_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatePledgeRequest {
    #[serde(default)]
    fund_id: Option<String>,
    /// Dollars, as a number or decimal text: 1 to 10,000,000.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "5001")]
    amount: Option<serde_json::Value>,
    /// `YYYY-MM-DD`
    #[serde(default)]
    starts_on: Option<String>,
    /// `YYYY-MM-DD`, on or after `startsOn`, today or later, at most 5 years after it.
    #[serde(default)]
    ends_on: Option<String>,
    /// At most 500 characters.
    #[serde(default)]
    note: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemindRequest {
    /// Only this fund's pledges; all funds when absent.
    #[serde(default)]
    fund_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RemindedDto {
    /// Reminders added to the e-mail queue (a pledge reminded earlier today is not added again).
    queued: u64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct AllParams {
    /// Only this fund's pledges.
    #[serde(default)]
    fund_id: Option<String>,
}

fn fund_of(id: Option<String>) -> Option<mandir_domain::FundId> {
    id.map(|f| f.trim().to_ascii_lowercase()).filter(|f| !f.is_empty()).map(mandir_domain::FundId::new)
}

/// The signed-in member's pledges, newest first, each with what was given and what remains.
#[utoipa::path(operation_id = "listMyPledges", get, path = "/api/pledges/mine", tag = "payments", security(("bearer" = [])),
    responses((status = 200, body = [PledgeDto]), (status = 401, body = ErrorBody)))]
async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<PledgeDto>>, ApiError> {
    Ok(web::Json(state.pledges.mine(&user.actor()).await?.iter().map(Into::into).collect()))
}

/// The signed-in member pledges an amount to a fund over a period.
#[utoipa::path(operation_id = "createMyPledge", post, path = "/api/pledges/mine", tag = "payments", security(("bearer" = [])),
    request_body = CreatePledgeRequest,
    responses((status = 201, body = PledgeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<CreatePledgeRequest>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = NewPledgeInput {
        fund_id: b.fund_id,
        amount: input::optional_number(b.amount.as_ref()),
        starts_on: b.starts_on,
        ends_on: b.ends_on,
        note: b.note,
    };
    let made = state.pledges.create(&user.actor(), input).await?;
    Ok(HttpResponse::Created().json(PledgeDto::from(&made)))
}

/// The signed-in member cancels their own active pledge (it is kept, marked cancelled).
#[utoipa::path(operation_id = "cancelMyPledge", post, path = "/api/pledges/mine/{id}/cancel", tag = "payments", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = PledgeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn cancel(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<PledgeDto>, ApiError> {
    let cancelled = state.pledges.cancel(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json((&cancelled).into()))
}

/// Everyone's pledges (to one fund), active and cancelled, by fund then member (treasurers, admins).
#[utoipa::path(operation_id = "listPledges", get, path = "/api/pledges", tag = "admin", security(("bearer" = [])), params(AllParams),
    responses((status = 200, body = [MemberPledgeDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn all(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<AllParams>,
) -> Result<web::Json<Vec<MemberPledgeDto>>, ApiError> {
    let list = state.pledges.all(&user.actor(), fund_of(params.into_inner().fund_id)).await?;
    Ok(web::Json(list.iter().map(Into::into).collect()))
}

/// Counts a gift toward a member's active pledge by its receipt number: a completed gift at the
/// counter not given under the member's account, dated in the pledge's period, with a part in
/// its fund and counting toward no other pledge (treasurers, admins; audited `pledge.assign`).
#[utoipa::path(operation_id = "assignPledgeGift", post, path = "/api/pledges/{id}/gifts", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = AssignGiftRequest,
    responses((status = 200, body = MemberPledgeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn assign(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<AssignGiftRequest>,
) -> Result<web::Json<MemberPledgeDto>, ApiError> {
    let counted = state.pledges.assign(&user.actor(), &path.into_inner().into(), &body.into_inner().receipt_number).await?;
    Ok(web::Json((&counted).into()))
}

/// Stops counting a gift the treasurer assigned toward a pledge (treasurers, admins; audited
/// `pledge.unassign`).
#[utoipa::path(operation_id = "unassignPledgeGift", delete, path = "/api/pledges/{id}/gifts/{paymentId}", tag = "admin",
    security(("bearer" = [])), params(("id" = String, Path), ("paymentId" = String, Path)),
    responses((status = 200, body = MemberPledgeDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn unassign(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
) -> Result<web::Json<MemberPledgeDto>, ApiError> {
    let (id, payment) = path.into_inner();
    let left = state.pledges.unassign(&user.actor(), &id.into(), &payment.into()).await?;
    Ok(web::Json((&left).into()))
}

/// E-mails a polite reminder to each member with an active pledge (to one fund) that has begun,
/// not ended, and still has an amount to give; each pledge at most once a day (treasurers,
/// admins; audited).
#[utoipa::path(operation_id = "sendPledgeReminders", post, path = "/api/pledges/reminders", tag = "admin", security(("bearer" = [])),
    request_body = RemindRequest,
    responses((status = 200, body = RemindedDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn remind(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<RemindRequest>) -> Result<web::Json<RemindedDto>, ApiError> {
    let queued = state.pledges.remind(&user.actor(), fund_of(body.into_inner().fund_id)).await?;
    Ok(web::Json(RemindedDto { queued }))
}

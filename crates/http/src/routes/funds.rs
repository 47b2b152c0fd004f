//! `/api/funds`: the temple's funds with what each has received. Anyone reads them (a fund's
//! public page); treasurers and admins create and change them.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::services::funds::FundWithProgress;
use mandir_domain::fund::{FundPatchInput, NewFundInput};
use mandir_domain::patch::Patch;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::dto::double_option;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list, get, months, create, update),
    components(schemas(FundDto, FundProgressDto, FundMonthsDto, FundMonthDto, CreateFundRequest, UpdateFundRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/api/funds").default_service(web::to(super::unmatched)).route(web::get().to(list)).route(web::post().to(create)),
    )
    .service(
        web::resource("/api/funds/{id}")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(get))
            .route(web::patch().to(update)),
    )
    .service(web::resource("/api/funds/{id}/months").default_service(web::to(super::unmatched)).route(web::get().to(months)));
}

/// What a fund received in one month of the temple's calendar.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundMonthDto {
    /// The month, `YYYY-MM`, in the temple's time zone.
    #[schema(example = "2026-03")]
    pub month: String,
    /// Decimal text in US dollars, net of refunds, e.g. "1250.00".
    #[schema(example = "1250.00")]
    pub raised: String,
    pub gifts: u64,
}

/// A fund's gifts over time: its chart's months, oldest first, without gaps.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundMonthsDto {
    pub fund_id: String,
    pub months: Vec<FundMonthDto>,
}

/// What a fund has received: completed gifts that are not tests, net of refunds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundProgressDto {
    /// Decimal text in US dollars, e.g. "182400.00".
    #[schema(example = "182400.00")]
    pub raised: String,
    /// Gifts with a part in the fund.
    pub gifts: u64,
    /// Different donors among them.
    pub donors: u64,
    /// Whole percent of the goal raised, at most 100; null without a goal.
    pub percent: Option<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundDto {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// Decimal text in US dollars; null for a fund without a goal.
    #[schema(example = "500000.00")]
    pub goal: Option<String>,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    /// Given for one purpose only: reported apart.
    pub restricted: bool,
    pub is_active: bool,
    /// The General fund: receives every gift without a fund of its own; always active.
    pub is_general: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub progress: FundProgressDto,
}

impl From<FundWithProgress> for FundDto {
    fn from(FundWithProgress { fund, progress }: FundWithProgress) -> Self {
        Self {
            progress: FundProgressDto {
                raised: progress.raised.to_string(),
                gifts: progress.gifts,
                donors: progress.donors,
                percent: fund.goal.map(|goal| progress.percent_of(goal)),
            },
            is_general: fund.is_general(),
            id: fund.id.into(),
            name: fund.name,
            description: fund.description,
            goal: fund.goal.map(|goal| goal.to_string()),
            starts_on: fund.starts_on,
            ends_on: fund.ends_on,
            restricted: fund.restricted,
            is_active: fund.is_active,
            created_at: fund.created_at,
            updated_at: fund.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateFundRequest {
    /// 2 to 100 characters after trimming ("Name is required").
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 2)]
    name: Option<String>,
    /// At most 2000 characters.
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    #[schema(schema_with = input::goal_schema, example = "500000")]
    goal: Option<serde_json::Value>,
    /// YYYY-MM-DD; null or "" for none.
    #[serde(default)]
    starts_on: Option<String>,
    /// YYYY-MM-DD, on or after `startsOn`; null or "" for none.
    #[serde(default)]
    ends_on: Option<String>,
    /// Defaults to false.
    #[serde(default)]
    restricted: Option<bool>,
    /// Defaults to true.
    #[serde(default)]
    is_active: Option<bool>,
}

impl From<CreateFundRequest> for NewFundInput {
    fn from(b: CreateFundRequest) -> Self {
        NewFundInput {
            name: b.name.unwrap_or_default(),
            description: b.description,
            goal: input::optional_number(b.goal.as_ref()),
            starts_on: b.starts_on,
            ends_on: b.ends_on,
            restricted: b.restricted,
            is_active: b.is_active,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateFundRequest {
    #[serde(default)]
    #[schema(min_length = 2)]
    name: Option<String>,
    /// null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    description: Option<Option<String>>,
    /// null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(schema_with = input::goal_schema, example = "500000")]
    goal: Option<Option<serde_json::Value>>,
    /// YYYY-MM-DD; null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    starts_on: Option<Option<String>>,
    /// YYYY-MM-DD; null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    ends_on: Option<Option<String>>,
    #[serde(default)]
    restricted: Option<bool>,
    /// The General fund stays active.
    #[serde(default)]
    is_active: Option<bool>,
}

impl From<UpdateFundRequest> for FundPatchInput {
    fn from(b: UpdateFundRequest) -> Self {
        FundPatchInput {
            name: b.name,
            description: Patch::from_option(b.description),
            goal: Patch::from_option(b.goal).map(|value| input::number(&value)),
            starts_on: Patch::from_option(b.starts_on),
            ends_on: Patch::from_option(b.ends_on),
            restricted: b.restricted,
            is_active: b.is_active,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ListParams {
    /// `true` lists the inactive funds too (the treasurer's list); anything else, or none, the
    /// public list of active funds.
    #[serde(default)]
    all: Option<String>,
}

/// The active funds as `GET /api/funds` answers them (the funds page's data block).
pub async fn funds_dto(state: &AppState) -> Result<Vec<FundDto>, ApiError> {
    Ok(state.funds.list(true).await?.into_iter().map(Into::into).collect())
}

/// The funds with their progress: General first, then by name. Public.
#[utoipa::path(operation_id = "listFunds", get, path = "/api/funds", tag = "funds", params(ListParams), responses((status = 200, body = [FundDto])))]
async fn list(state: web::Data<AppState>, params: web::Query<ListParams>) -> Result<web::Json<Vec<FundDto>>, ApiError> {
    if params.all.as_deref() == Some("true") {
        return Ok(web::Json(state.funds.list(false).await?.into_iter().map(Into::into).collect()));
    }
    Ok(web::Json(funds_dto(&state).await?))
}

/// One fund with its progress. Public.
#[utoipa::path(operation_id = "getFund", get, path = "/api/funds/{id}", tag = "funds", params(("id" = String, Path)), responses(
    (status = 200, body = FundDto), (status = 404, body = ErrorBody)
))]
async fn get(state: web::Data<AppState>, path: web::Path<String>) -> Result<web::Json<FundDto>, ApiError> {
    Ok(web::Json(state.funds.get(&path.into_inner().into()).await?.into()))
}

/// What the fund received month by month (its page's chart): the campaign's months, or the last
/// 12 for a fund without a start date, at most the latest 36. Public.
#[utoipa::path(operation_id = "getFundMonths", get, path = "/api/funds/{id}/months", tag = "funds", params(("id" = String, Path)), responses(
    (status = 200, body = FundMonthsDto), (status = 404, body = ErrorBody)
))]
async fn months(state: web::Data<AppState>, path: web::Path<String>) -> Result<web::Json<FundMonthsDto>, ApiError> {
    let id = path.into_inner();
    let months = state.funds.months(&id.clone().into()).await?;
    let months = months
        .into_iter()
        .map(|m| FundMonthDto { month: m.month.format("%Y-%m").to_string(), raised: m.raised.to_string(), gifts: m.gifts })
        .collect();
    Ok(web::Json(FundMonthsDto { fund_id: id, months }))
}

/// Creates a fund (treasurers and admins).
#[utoipa::path(operation_id = "createFund", post, path = "/api/funds", tag = "funds", security(("bearer" = [])), request_body = CreateFundRequest, responses(
    (status = 201, body = FundDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<CreateFundRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.funds.create(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(FundDto::from(created)))
}

/// Changes any of a fund's fields (treasurers and admins); absent fields are kept. Gifts already
/// made stay in the fund.
#[utoipa::path(operation_id = "updateFund", patch, path = "/api/funds/{id}", tag = "funds", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = UpdateFundRequest, responses(
    (status = 200, body = FundDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<UpdateFundRequest>,
) -> Result<web::Json<FundDto>, ApiError> {
    let updated = state.funds.update(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(web::Json(updated.into()))
}

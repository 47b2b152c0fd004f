//! `/api/donation-types`: the purposes donors choose from, managed by admins.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_domain::donation_type::{DonationType, DonationTypePatchInput, NewDonationTypeInput};
use mandir_domain::patch::Patch;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::dto::double_option;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list, create, update, remove),
    components(schemas(DonationTypeDto, AuditedDonationTypeDto, CreateDonationTypeRequest, UpdateDonationTypeRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/api/donation-types")
            .default_service(web::to(super::unmatched))
            .route(web::get().to(list))
            .route(web::post().to(create)),
    )
    .service(
        web::resource("/api/donation-types/{id}")
            .default_service(web::to(super::unmatched))
            .route(web::patch().to(update))
            .route(web::delete().to(remove)),
    );
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonationTypeDto {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// Decimal text in US dollars, e.g. "25.00"; null when donors type their own amount.
    #[schema(example = "25.00")]
    pub default_amount: Option<String>,
    /// The fund its gifts go to; null for the General fund.
    pub fund_id: Option<String>,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<DonationType> for DonationTypeDto {
    fn from(t: DonationType) -> Self {
        Self {
            id: t.id.into(),
            name: t.name,
            description: t.description,
            default_amount: t.default_amount.map(|amount| amount.to_string()),
            fund_id: t.fund_id.map(Into::into),
            is_active: t.is_active,
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

/// A donation type with who created and last changed it: the admins' answers only. The public
/// list leaves the admins' ids out.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditedDonationTypeDto {
    #[serde(flatten)]
    pub donation_type: DonationTypeDto,
    /// The id of the admin who created it (null for the seeded types).
    pub created_by: Option<String>,
    /// The id of the admin who last changed it.
    pub updated_by: Option<String>,
}

impl From<DonationType> for AuditedDonationTypeDto {
    fn from(t: DonationType) -> Self {
        let (created_by, updated_by) = (t.created_by.clone(), t.updated_by.clone());
        Self { donation_type: t.into(), created_by, updated_by }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateDonationTypeRequest {
    /// 2 to 100 characters after trimming ("Name is required").
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 2)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    /// Decimal text ("25.00") or a JSON number, at least 0, at most 2 decimals; null or "" for none.
    #[serde(default)]
    #[schema(schema_with = input::default_amount_schema, example = "25.00")]
    default_amount: Option<serde_json::Value>,
    /// The fund's id ("Choose a fund that exists"); null or "" for the General fund.
    #[serde(default)]
    fund_id: Option<String>,
    /// Defaults to true.
    #[serde(default)]
    is_active: Option<bool>,
}

impl From<CreateDonationTypeRequest> for NewDonationTypeInput {
    fn from(b: CreateDonationTypeRequest) -> Self {
        NewDonationTypeInput {
            name: b.name.unwrap_or_default(),
            description: b.description,
            default_amount: input::optional_number(b.default_amount.as_ref()),
            fund_id: b.fund_id,
            is_active: b.is_active,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateDonationTypeRequest {
    /// 2 to 100 characters after trimming.
    #[serde(default)]
    #[schema(min_length = 2)]
    name: Option<String>,
    /// null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    description: Option<Option<String>>,
    /// Decimal text or a JSON number; null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(schema_with = input::default_amount_schema, example = "25.00")]
    default_amount: Option<Option<serde_json::Value>>,
    /// A fund's id; null or "" moves the type to the General fund. Gifts already made stay in
    /// the fund they were given to.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    fund_id: Option<Option<String>>,
    #[serde(default)]
    is_active: Option<bool>,
}

impl From<UpdateDonationTypeRequest> for DonationTypePatchInput {
    fn from(b: UpdateDonationTypeRequest) -> Self {
        DonationTypePatchInput {
            name: b.name,
            description: Patch::from_option(b.description),
            default_amount: Patch::from_option(b.default_amount).map(|value| input::number(&value)),
            fund_id: Patch::from_option(b.fund_id),
            is_active: b.is_active,
        }
    }
}

/// Every donation type, active or not, by name. Donors' forms show the active ones. Public: the
/// admins' ids (`createdBy`, `updatedBy`) are left out.
#[utoipa::path(operation_id = "listDonationTypes", get, path = "/api/donation-types", tag = "donation-types", responses((status = 200, body = [DonationTypeDto])))]
async fn list(state: web::Data<AppState>) -> Result<web::Json<Vec<DonationTypeDto>>, ApiError> {
    Ok(web::Json(state.donation_types.list().await?.into_iter().map(Into::into).collect()))
}

/// Creates a donation type (admins). The admin is recorded as `createdBy` and `updatedBy`.
#[utoipa::path(operation_id = "createDonationType", post, path = "/api/donation-types", tag = "donation-types", security(("bearer" = [])), request_body = CreateDonationTypeRequest, responses(
    (status = 201, body = AuditedDonationTypeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CreateDonationTypeRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = NewDonationTypeInput::from(body.into_inner());
    let created = state.donation_types.create(&user.actor(), input).await?;
    Ok(HttpResponse::Created().json(AuditedDonationTypeDto::from(created)))
}

/// Changes any of the type's fields (admins); absent fields are kept, `null` clears description
/// or default amount. Payments already made keep the type's name as it was when they were made.
#[utoipa::path(operation_id = "updateDonationType", patch, path = "/api/donation-types/{id}", tag = "donation-types", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = UpdateDonationTypeRequest, responses(
    (status = 200, body = AuditedDonationTypeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<UpdateDonationTypeRequest>,
) -> Result<web::Json<AuditedDonationTypeDto>, ApiError> {
    let input = DonationTypePatchInput::from(body.into_inner());
    Ok(web::Json(state.donation_types.update(&user.actor(), &path.into_inner().into(), input).await?.into()))
}

/// Deletes a donation type for good (admins); marking it inactive hides it from donors instead.
/// Payment history is not affected: each payment stores its donation details (type id, amount and
/// the type's name) as text on the payment row, so past payments keep showing the type's name.
#[utoipa::path(operation_id = "deleteDonationType", delete, path = "/api/donation-types/{id}", tag = "donation-types", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.donation_types.delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

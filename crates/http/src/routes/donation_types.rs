//! `/api/donation-types`: the purposes donors choose from, managed by admins.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_domain::donation_type::{DonationType, DonationTypePatchInput, NewDonationTypeInput};
use mandir_domain::event::Patch;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::dto::double_option;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(list, create, update, remove), components(schemas(DonationTypeDto, CreateDonationTypeRequest, UpdateDonationTypeRequest)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/donation-types").route(web::get().to(list)).route(web::post().to(create)))
        .service(web::resource("/api/donation-types/{id}").route(web::patch().to(update)).route(web::delete().to(remove)));
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
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The id of the admin who created it (null for the seeded types).
    pub created_by: Option<String>,
    /// The id of the admin who last changed it.
    pub updated_by: Option<String>,
}

impl From<DonationType> for DonationTypeDto {
    fn from(t: DonationType) -> Self {
        Self {
            id: t.id,
            name: t.name,
            description: t.description,
            default_amount: t.default_amount.map(|amount| amount.to_string()),
            is_active: t.is_active,
            created_at: t.created_at,
            updated_at: t.updated_at,
            created_by: t.created_by,
            updated_by: t.updated_by,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateDonationTypeRequest {
    /// At least 2 characters ("Name is required").
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    /// Decimal text ("25.00") or a JSON number, at least 0, at most 2 decimals; null or "" for none.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "25.00")]
    default_amount: Option<serde_json::Value>,
    /// Defaults to true.
    #[serde(default)]
    is_active: Option<bool>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateDonationTypeRequest {
    #[serde(default)]
    name: Option<String>,
    /// null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    description: Option<Option<String>>,
    /// Decimal text or a JSON number; null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>, example = "25.00")]
    default_amount: Option<Option<serde_json::Value>>,
    #[serde(default)]
    is_active: Option<bool>,
}

/// Every donation type, active or not, by name. Donors' forms show the active ones.
#[utoipa::path(get, path = "/api/donation-types", tag = "donation-types", responses((status = 200, body = [DonationTypeDto])))]
async fn list(state: web::Data<AppState>) -> Result<web::Json<Vec<DonationTypeDto>>, ApiError> {
    Ok(web::Json(state.donation_types.list().await?.into_iter().map(Into::into).collect()))
}

/// Creates a donation type (admins). The admin is recorded as `createdBy` and `updatedBy`.
#[utoipa::path(post, path = "/api/donation-types", tag = "donation-types", security(("bearer" = [])), request_body = CreateDonationTypeRequest, responses(
    (status = 201, body = DonationTypeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateDonationTypeRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = NewDonationTypeInput {
        name: b.name.unwrap_or_default(),
        description: b.description,
        default_amount: b.default_amount,
        is_active: b.is_active,
    };
    let created = state.donation_types.create(&user.actor(), input).await?;
    Ok(HttpResponse::Created().json(DonationTypeDto::from(created)))
}

/// Changes any of the type's fields (admins); absent fields are kept, `null` clears description
/// or default amount. Payments already made keep the type's name as it was when they were made.
#[utoipa::path(patch, path = "/api/donation-types/{id}", tag = "donation-types", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = UpdateDonationTypeRequest, responses(
    (status = 200, body = DonationTypeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody)
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<UpdateDonationTypeRequest>,
) -> Result<web::Json<DonationTypeDto>, ApiError> {
    let b = body.into_inner();
    let input = DonationTypePatchInput {
        name: b.name,
        description: Patch::from_option(b.description),
        default_amount: Patch::from_option(b.default_amount),
        is_active: b.is_active,
    };
    Ok(web::Json(state.donation_types.update(&user.actor(), &path, input).await?.into()))
}

/// Deletes a donation type for good (admins); marking it inactive hides it from donors instead.
/// Payment history is not affected: each payment stores its donation details (type id, amount and
/// the type's name) as text on the payment row, so past payments keep showing the type's name.
#[utoipa::path(delete, path = "/api/donation-types/{id}", tag = "donation-types", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.donation_types.delete(&user.actor(), &path).await?;
    Ok(HttpResponse::NoContent().finish())
}

//! `/api/payment-methods`: the ways donors can pay, managed (and switched on and off) by admins.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_domain::patch::Patch;
use mandir_domain::payment_method::{NewPaymentMethodInput, PaymentMethod, PaymentMethodIcon, PaymentMethodPatchInput};
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
    paths(list, list_active, create, update, remove),
    components(schemas(PaymentMethodDto, PaymentMethodIconDto, CreatePaymentMethodRequest, UpdatePaymentMethodRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/payment-methods/active").default_service(web::to(super::unmatched)).route(web::get().to(list_active)))
        .service(
            web::resource("/api/payment-methods")
                .default_service(web::to(super::unmatched))
                .route(web::get().to(list))
                .route(web::post().to(create)),
        )
        .service(
            web::resource("/api/payment-methods/{id}")
                .default_service(web::to(super::unmatched))
                .route(web::patch().to(update))
                .route(web::delete().to(remove)),
        );
}

/// The icons a payment method can show.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PaymentMethodIconDto {
    CreditCard,
    Dollar,
    Cash,
    Bank,
    Building,
}

impl From<PaymentMethodIcon> for PaymentMethodIconDto {
    fn from(icon: PaymentMethodIcon) -> Self {
        match icon {
            PaymentMethodIcon::CreditCard => Self::CreditCard,
            PaymentMethodIcon::Dollar => Self::Dollar,
            PaymentMethodIcon::Cash => Self::Cash,
            PaymentMethodIcon::Bank => Self::Bank,
            PaymentMethodIcon::Building => Self::Building,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodDto {
    pub id: String,
    /// Unique lower-case identifier: "stripe", "zelle", ...
    #[schema(example = "stripe")]
    pub name: String,
    #[schema(example = "Credit/Debit Card")]
    pub display_name: String,
    pub description: Option<String>,
    pub is_active: bool,
    /// Lower numbers are listed first.
    pub sort_order: i32,
    pub icon: Option<PaymentMethodIconDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<PaymentMethod> for PaymentMethodDto {
    fn from(m: PaymentMethod) -> Self {
        Self {
            id: m.id.into(),
            name: m.name,
            display_name: m.display_name,
            description: m.description,
            is_active: m.is_active,
            sort_order: m.sort_order,
            icon: m.icon.map(Into::into),
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatePaymentMethodRequest {
    /// 2 to 50 characters after trimming; lower-cased on save; unique.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 2)]
    name: Option<String>,
    /// 2 to 100 characters after trimming.
    #[serde(default)]
    #[schema(value_type = String, required = true, min_length = 2)]
    display_name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    /// Defaults to true.
    #[serde(default)]
    is_active: Option<bool>,
    /// A whole number of 0 or more; defaults to 0.
    #[serde(default)]
    #[schema(schema_with = input::sort_order_schema)]
    sort_order: Option<serde_json::Value>,
    #[serde(default)]
    #[schema(value_type = Option<PaymentMethodIconDto>)]
    icon: Option<String>,
}

impl From<CreatePaymentMethodRequest> for NewPaymentMethodInput {
    fn from(b: CreatePaymentMethodRequest) -> Self {
        NewPaymentMethodInput {
            name: b.name.unwrap_or_default(),
            display_name: b.display_name.unwrap_or_default(),
            description: b.description,
            is_active: b.is_active,
            sort_order: input::optional_number(b.sort_order.as_ref()),
            icon: b.icon,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePaymentMethodRequest {
    /// 2 to 50 characters after trimming; lower-cased on save; unique.
    #[serde(default)]
    #[schema(min_length = 2)]
    name: Option<String>,
    /// 2 to 100 characters after trimming.
    #[serde(default)]
    #[schema(min_length = 2)]
    display_name: Option<String>,
    /// null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    description: Option<Option<String>>,
    #[serde(default)]
    is_active: Option<bool>,
    /// null resets it to 0.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(schema_with = input::sort_order_schema)]
    sort_order: Option<Option<serde_json::Value>>,
    /// null or "" clears it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<PaymentMethodIconDto>)]
    icon: Option<Option<String>>,
}

impl From<UpdatePaymentMethodRequest> for PaymentMethodPatchInput {
    fn from(b: UpdatePaymentMethodRequest) -> Self {
        PaymentMethodPatchInput {
            name: b.name,
            display_name: b.display_name,
            description: Patch::from_option(b.description),
            is_active: b.is_active,
            sort_order: b.sort_order.map(|value| input::optional_number(value.as_ref())),
            icon: Patch::from_option(b.icon),
        }
    }
}

fn dtos(methods: Vec<PaymentMethod>) -> Vec<PaymentMethodDto> {
    methods.into_iter().map(Into::into).collect()
}

/// Every payment method, active or not, by sort order then name (admins: the settings table).
#[utoipa::path(operation_id = "listPaymentMethods", get, path = "/api/payment-methods", tag = "payment-methods", security(("bearer" = [])), responses(
    (status = 200, body = [PaymentMethodDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<PaymentMethodDto>>, ApiError> {
    Ok(web::Json(dtos(state.payment_methods.list(&user.actor()).await?)))
}

/// The active payment methods, by sort order then name: what donors can choose from.
#[utoipa::path(operation_id = "listActivePaymentMethods", get, path = "/api/payment-methods/active", tag = "payment-methods", responses((status = 200, body = [PaymentMethodDto])))]
async fn list_active(state: web::Data<AppState>) -> Result<web::Json<Vec<PaymentMethodDto>>, ApiError> {
    Ok(web::Json(dtos(state.payment_methods.list_active().await?)))
}

/// Creates a payment method (admins). The name is trimmed and lower-cased; 409 when another
/// method already has it.
#[utoipa::path(operation_id = "createPaymentMethod", post, path = "/api/payment-methods", tag = "payment-methods", security(("bearer" = [])), request_body = CreatePaymentMethodRequest, responses(
    (status = 201, body = PaymentMethodDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "A payment method with this name already exists")
))]
async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CreatePaymentMethodRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = NewPaymentMethodInput::from(body.into_inner());
    let created = state.payment_methods.create(&user.actor(), input).await?;
    Ok(HttpResponse::Created().json(PaymentMethodDto::from(created)))
}

/// Changes any of the method's fields, or only `{isActive}` for the table's toggle (admins).
/// Absent fields are kept. Renaming does not rewrite past payments: each payment stores the
/// method it was made with as text.
#[utoipa::path(operation_id = "updatePaymentMethod", patch, path = "/api/payment-methods/{id}", tag = "payment-methods", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = UpdatePaymentMethodRequest, responses(
    (status = 200, body = PaymentMethodDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "A payment method with this name already exists")
))]
async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<UpdatePaymentMethodRequest>,
) -> Result<web::Json<PaymentMethodDto>, ApiError> {
    let input = PaymentMethodPatchInput::from(body.into_inner());
    Ok(web::Json(state.payment_methods.update(&user.actor(), &path.into_inner().into(), input).await?.into()))
}

/// Deletes a payment method for good (admins); switching it off hides it from donors instead.
/// Payment history is not affected: each payment stores the method's name and its donation
/// details (with the donation type's name) as text on the payment row, so payments already made
/// with the method still show it.
#[utoipa::path(operation_id = "deletePaymentMethod", delete, path = "/api/payment-methods/{id}", tag = "payment-methods", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.payment_methods.delete(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

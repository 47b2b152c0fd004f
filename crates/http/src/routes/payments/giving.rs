//! Giving: card payments (Stripe or the offline sandbox), Zelle records and Stripe's webhook.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use mandir_application::services::payments::{Donor, INTENT_CREATED, Payer, SANDBOX_OUTCOMES, ZELLE_RECORDED};
use mandir_domain::donor::DonorInput;
use mandir_domain::payment::DonationInput;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{OpenApi, ToSchema};

use crate::auth::MaybeUser;
use crate::body::JsonBody;
use crate::client::Client;
use crate::dto::{CardProviderDto, ChannelDto, PaymentMethodKindDto, PaymentProviderDto, PaymentStatusDto};
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::routes::payment_dto::{DonationDetailDto, PaymentDto};
use crate::state::AppState;

/// Stripe's events are small; anything larger is not one.
pub(super) const WEBHOOK_LIMIT: usize = 256 * 1024;

fn sandbox_outcome_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&SANDBOX_OUTCOMES.map(|(text, _)| text))
}

#[derive(OpenApi)]
#[openapi(
    paths(create_intent, sandbox_confirm, intent_payment, zelle_confirm, stripe_webhook),
    components(schemas(
        PaymentDto,
        PaymentStatusDto,
        PaymentMethodKindDto,
        PaymentProviderDto,
        ChannelDto,
        CardProviderDto,
        DonationDetailDto,
        CreateIntentRequest,
        IntentMetadata,
        CreateIntentResponse,
        SandboxConfirmRequest,
        SandboxConfirmResponse,
        ZelleConfirmRequest,
        ZelleConfirmResponse,
        WebhookResponse
    ))
)]
pub(super) struct Api;

/// The signed-in member, else a guest known by the client address.
fn payer(user: &MaybeUser, client: Client) -> Payer {
    match &user.0 {
        Some(user) => Payer::Member(Donor::of(user)),
        None => Payer::Guest(client.0),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntentMetadata {
    /// An event's id, or 'direct-donation'.
    #[serde(default)]
    event_id: Option<String>,
    /// The JSON text of `DonationDetail[]` (a list is accepted too); the items must add up to `amount`.
    #[serde(default)]
    #[schema(required = true, schema_with = input::donation_details_schema)]
    donation_details: Value,
    /// The donor's optional note.
    #[serde(default)]
    notes: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateIntentRequest {
    /// Dollars, 1 to 1,000,000, at most two decimals (a number or a decimal string).
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    amount: Value,
    #[serde(default)]
    #[schema(required = true)]
    metadata: IntentMetadata,
    /// The guest's name (required for guests; a member's comes from the profile).
    #[serde(default)]
    donor_name: Option<String>,
    /// The guest's e-mail, where the receipt goes (required for guests).
    #[serde(default)]
    donor_email: Option<String>,
    /// The guest's optional mailing address (lines separated by newlines).
    #[serde(default)]
    donor_address: Option<String>,
    /// Optional "in honor / in memory of ..." line, for guests and members.
    #[serde(default)]
    in_honor_of: Option<String>,
}

impl From<CreateIntentRequest> for DonationInput {
    fn from(b: CreateIntentRequest) -> Self {
        DonationInput {
            amount: input::number(&b.amount),
            donation_details: input::donation_details(&b.metadata.donation_details),
            event_id: b.metadata.event_id,
            notes: b.metadata.notes,
            donor: DonorInput { name: b.donor_name, email: b.donor_email, address: b.donor_address, in_honor_of: b.in_honor_of },
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateIntentResponse {
    client_secret: String,
    payment_intent_id: String,
    #[schema(value_type = CardProviderDto)]
    provider: String,
    message: String,
}

/// Prepares a card payment: anyone for 'direct-donation', a member with a verified e-mail for an
/// event (403 with `code: "email-not-verified"` otherwise). Guests are limited per client address.
/// A repeated `Idempotency-Key` answers the same intent and records nothing new.
#[utoipa::path(operation_id = "createPaymentIntent", tag = "payments", request_body = CreateIntentRequest,
    params(("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "One per payment attempt (1 to 255 visible ASCII characters); a retry with the same key gets the same intent")),
    responses(
        (status = 200, body = CreateIntentResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "An event donation by a member whose e-mail is not verified (`code: email-not-verified`)"),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
    ))]
#[post("/api/payments/create-payment-intent")]
pub(super) async fn create_intent(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    client: Client,
    body: JsonBody<CreateIntentRequest>,
) -> Result<web::Json<CreateIntentResponse>, ApiError> {
    let input = DonationInput::from(body.into_inner());
    let key = input::idempotency_key(&req);
    let created = state.payments.create_payment_intent(&payer(&user, client), input, key.as_deref()).await?;
    Ok(web::Json(CreateIntentResponse {
        client_secret: created.client_secret,
        payment_intent_id: created.payment_intent_id,
        provider: created.provider.as_str().to_owned(),
        message: INTENT_CREATED.to_owned(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxConfirmRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    payment_intent_id: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    client_secret: String,
    /// `succeeded`, `failed` or `processing`.
    #[serde(default)]
    #[schema(required = true, schema_with = sandbox_outcome_schema)]
    outcome: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxConfirmResponse {
    /// `/payment-confirmation?payment_intent=..&payment_intent_client_secret=..&redirect_status=..`
    redirect_url: String,
}

/// The sandbox's confirm step (only when the sandbox is the provider; 404 otherwise).
#[utoipa::path(operation_id = "confirmSandboxPayment", tag = "payments", request_body = SandboxConfirmRequest, responses(
    (status = 200, body = SandboxConfirmResponse), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/payments/sandbox/confirm")]
pub(super) async fn sandbox_confirm(
    state: web::Data<AppState>,
    body: JsonBody<SandboxConfirmRequest>,
) -> Result<web::Json<SandboxConfirmResponse>, ApiError> {
    let confirmed = state.payments.confirm_sandbox(&body.payment_intent_id, &body.client_secret, &body.outcome).await?;
    Ok(web::Json(SandboxConfirmResponse { redirect_url: confirmed.redirect_url }))
}

#[derive(Debug, Deserialize)]
struct IntentQuery {
    #[serde(default, rename = "clientSecret")]
    client_secret: String,
}

/// The card payment behind an intent, for the holder of its client secret (the confirmation page).
#[utoipa::path(operation_id = "getIntentPayment", tag = "payments", params(("id" = String, Path), ("clientSecret" = String, Query)), responses(
    (status = 200, body = PaymentDto), (status = 404, body = ErrorBody)
))]
#[get("/api/payments/intent/{id}")]
pub(super) async fn intent_payment(
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<IntentQuery>,
) -> Result<web::Json<PaymentDto>, ApiError> {
    Ok(web::Json(state.payments.payment_for_intent(&path, &query.client_secret).await?.into()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZelleConfirmRequest {
    /// Dollars, 1 to 1,000,000, at most two decimals.
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    amount: Value,
    /// `DonationDetail[]` or its JSON text; the items must add up to `amount`.
    #[serde(default)]
    #[schema(required = true, schema_with = input::donation_details_schema)]
    donation_details: Value,
    /// Omitted (or 'direct-donation') for a direct donation.
    #[serde(default)]
    event_id: Option<String>,
    /// The client's own receipt number; ignored: the server's answer is authoritative.
    #[serde(default)]
    #[allow(dead_code)]
    receipt_number: Option<String>,
    /// 'success'; ignored: the payment is recorded as pending until an admin marks it received.
    #[serde(default)]
    #[allow(dead_code)]
    status: Option<String>,
    #[serde(default)]
    notes: Option<String>,
    /// The guest's name (required for guests; a member's comes from the profile).
    #[serde(default)]
    donor_name: Option<String>,
    /// The guest's e-mail, where the receipt goes (required for guests).
    #[serde(default)]
    donor_email: Option<String>,
    /// The guest's optional mailing address (lines separated by newlines).
    #[serde(default)]
    donor_address: Option<String>,
    /// Optional "in honor / in memory of ..." line, for guests and members.
    #[serde(default)]
    in_honor_of: Option<String>,
}

impl From<ZelleConfirmRequest> for DonationInput {
    fn from(b: ZelleConfirmRequest) -> Self {
        DonationInput {
            amount: input::number(&b.amount),
            donation_details: input::donation_details(&b.donation_details),
            event_id: b.event_id,
            notes: b.notes,
            donor: DonorInput { name: b.donor_name, email: b.donor_email, address: b.donor_address, in_honor_of: b.in_honor_of },
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZelleConfirmResponse {
    /// `AUTO-{timestamp}-{0..9999}`, generated by the server.
    receipt_number: String,
    message: String,
    payment: PaymentDto,
}

/// Records a Zelle donation as pending until an admin marks it received: anyone for a direct
/// donation, a member with a verified e-mail for an event (403 with `code: "email-not-verified"`
/// otherwise). Guests are limited per client address.
#[utoipa::path(operation_id = "confirmZellePayment", tag = "payments", request_body = ZelleConfirmRequest,
    params(("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "1 to 255 visible ASCII characters; a retry with the same key answers the same payment")),
    responses(
        (status = 201, body = ZelleConfirmResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "An event donation by a member whose e-mail is not verified (`code: email-not-verified`)"),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
    ))]
#[post("/api/payments/zelle-confirm")]
pub(super) async fn zelle_confirm(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    client: Client,
    body: JsonBody<ZelleConfirmRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = DonationInput::from(body.into_inner());
    let key = input::idempotency_key(&req);
    let payment = state.payments.confirm_zelle(&payer(&user, client), input, key.as_deref()).await?;
    Ok(HttpResponse::Created().json(ZelleConfirmResponse {
        receipt_number: payment.receipt_number.clone().unwrap_or_default(),
        message: ZELLE_RECORDED.to_owned(),
        payment: payment.into(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookResponse {
    received: bool,
}

/// Stripe's webhook: the raw body, verified with `Stripe-Signature`; each event id is applied
/// once. 400 for a bad signature (or when no signing secret is configured).
#[utoipa::path(operation_id = "handleStripeWebhook", post, path = "/api/payments/stripe-webhook", tag = "payments",
    params(("Stripe-Signature" = String, Header)),
    request_body(content = String, content_type = "application/json", description = "A Stripe event, exactly as sent"),
    responses((status = 200, body = WebhookResponse), (status = 400, body = ErrorBody)))]
pub(super) async fn stripe_webhook(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<web::Json<WebhookResponse>, ApiError> {
    let signature = req.headers().get("Stripe-Signature").and_then(|v| v.to_str().ok());
    state.payments.handle_webhook(&body, signature).await?;
    Ok(web::Json(WebhookResponse { received: true }))
}

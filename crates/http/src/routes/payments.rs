//! Donations: card payments (Stripe or the offline sandbox), Zelle records, Stripe's webhook, the
//! member's own payments, and the admin's list, Zelle reconciliation and totals.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use mandir_application::services::payments::{ADMIN_TARGETS, Donor, INTENT_CREATED, Payer, SANDBOX_OUTCOMES, ZELLE_RECORDED};
use mandir_domain::donor::DonorInput;
use mandir_domain::payment::{DonationDetail, DonationInput, DonationTypeTotal, EventTotal, Payment, PaymentStatus, TestTotal};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{OpenApi, ToSchema};

use super::ledger::LedgerFilters;
use crate::auth::{CurrentUser, MaybeUser};
use crate::body::JsonBody;
use crate::client::Client;
use crate::dto::{CardProviderDto, ChannelDto, PaymentMethodKindDto, PaymentProviderDto, PaymentStatusDto};
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

/// Stripe's events are small; anything larger is not one.
const WEBHOOK_LIMIT: usize = 256 * 1024;

fn sandbox_outcome_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&SANDBOX_OUTCOMES.map(|(text, _)| text))
}

fn admin_status_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&ADMIN_TARGETS.map(PaymentStatus::as_str))
}

#[derive(OpenApi)]
#[openapi(
    paths(
        create_intent,
        sandbox_confirm,
        intent_payment,
        zelle_confirm,
        stripe_webhook,
        mine,
        admin_list,
        admin_set_status,
        admin_refund,
        admin_totals
    ),
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
        WebhookResponse,
        SetStatusRequest,
        RefundRequest,
        TotalsResponse,
        DonationTypeTotalDto,
        EventTotalDto,
        TestTotalDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create_intent)
        .service(sandbox_confirm)
        .service(intent_payment)
        .service(zelle_confirm)
        .service(
            web::resource("/api/payments/stripe-webhook")
                .app_data(web::PayloadConfig::new(WEBHOOK_LIMIT))
                .default_service(web::to(super::unmatched))
                .route(web::post().to(stripe_webhook)),
        )
        .service(mine)
        .service(admin_totals)
        .service(admin_list)
        .service(admin_set_status)
        .service(admin_refund);
}

/// One part of a donation. `amount` is a number in dollars, as the frontend sends it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonationDetailDto {
    /// A donation type's id, or 'custom'.
    donation_type_id: String,
    amount: f64,
    name: String,
}

impl From<DonationDetail> for DonationDetailDto {
    fn from(d: DonationDetail) -> Self {
        // Only for display on the wire (the contract's `amount: number`): every sum and check
        // happens in integer cents. Two-decimal amounts print exactly this way.
        #[allow(clippy::cast_precision_loss)]
        let amount = d.amount.cents() as f64 / 100.0;
        Self { donation_type_id: d.donation_type_id, amount, name: d.name }
    }
}

/// A payment as the API shows it; amounts are decimal strings ("25.00" USD).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentDto {
    id: String,
    event_id: Option<String>,
    /// The event's name when the donation was made (kept when the event is deleted).
    event_name: Option<String>,
    user_id: Option<String>,
    payment_date: DateTime<Utc>,
    #[schema(value_type = PaymentMethodKindDto)]
    payment_method: String,
    /// "25.00"
    amount: String,
    #[schema(value_type = PaymentStatusDto)]
    status: String,
    #[schema(value_type = PaymentProviderDto)]
    provider: String,
    /// True for a test payment (provider `sandbox`): no money moved, and it is never counted in
    /// the totals.
    is_test: bool,
    transaction_id: Option<String>,
    donation_details: Vec<DonationDetailDto>,
    receipt_url: Option<String>,
    receipt_number: Option<String>,
    donor_name: Option<String>,
    donor_email: Option<String>,
    /// The donor's mailing address at the time.
    donor_address: Option<String>,
    in_honor_of: Option<String>,
    /// The donor's note from the donate form.
    notes: Option<String>,
    /// "0.00"; the part given back to the donor (all of it when `refunded`).
    refunded_amount: String,
    /// Where the money came in: online, or in person at the counter.
    #[schema(value_type = ChannelDto)]
    channel: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<Payment> for PaymentDto {
    fn from(p: Payment) -> Self {
        Self {
            is_test: p.is_test(),
            id: p.id.into(),
            event_id: p.event_id.map(Into::into),
            event_name: p.event_name,
            user_id: p.user_id.map(Into::into),
            payment_date: p.payment_date,
            payment_method: p.method.as_str().to_owned(),
            amount: p.amount.to_string(),
            status: p.status.as_str().to_owned(),
            provider: p.provider.as_str().to_owned(),
            transaction_id: p.transaction_id,
            donation_details: p.donation_details.into_iter().map(Into::into).collect(),
            receipt_url: p.receipt_url,
            receipt_number: p.receipt_number,
            donor_name: p.donor_name,
            donor_email: p.donor_email,
            donor_address: p.donor_address,
            in_honor_of: p.in_honor_of,
            notes: p.notes,
            refunded_amount: p.refunded_amount.to_string(),
            channel: p.channel.as_str().to_owned(),
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

/// The signed-in member, else a guest known by the client address.
fn payer(user: &MaybeUser, client: Client) -> Payer {
    match &user.0 {
        Some(user) => Payer::Member(Donor::of(user)),
        None => Payer::Guest(client.0),
    }
}

/// The `Idempotency-Key` header; a value that is not text is passed on (and refused) as blank.
fn idempotency_key(req: &HttpRequest) -> Option<String> {
    req.headers().get("Idempotency-Key").map(|v| v.to_str().map(str::to_owned).unwrap_or_default())
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
async fn create_intent(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    client: Client,
    body: JsonBody<CreateIntentRequest>,
) -> Result<web::Json<CreateIntentResponse>, ApiError> {
    let input = DonationInput::from(body.into_inner());
    let key = idempotency_key(&req);
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
async fn sandbox_confirm(
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
async fn intent_payment(
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
async fn zelle_confirm(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    client: Client,
    body: JsonBody<ZelleConfirmRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = DonationInput::from(body.into_inner());
    let key = idempotency_key(&req);
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
async fn stripe_webhook(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> Result<web::Json<WebhookResponse>, ApiError> {
    let signature = req.headers().get("Stripe-Signature").and_then(|v| v.to_str().ok());
    state.payments.handle_webhook(&body, signature).await?;
    Ok(web::Json(WebhookResponse { received: true }))
}

/// The signed-in member's own payments, newest first.
#[utoipa::path(operation_id = "listMyPayments", tag = "payments", security(("bearer" = [])), responses((status = 200, body = [PaymentDto]), (status = 401, body = ErrorBody)))]
#[get("/api/payments/mine")]
async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<PaymentDto>>, ApiError> {
    Ok(web::Json(state.payments.mine(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Every payment, newest first, with optional filters (admins): the ledger's filters without
/// paging. `eventId=direct-donation` lists the payments not tied to an event; `from`/`to` are
/// ISO date-times or days, inclusive. Expired card intents are hidden unless
/// `includeExpired=true` or `status=expired`.
#[utoipa::path(operation_id = "listPayments", tag = "admin", security(("bearer" = [])),
    params(LedgerFilters),
    responses((status = 200, body = [PaymentDto]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/admin/payments")]
async fn admin_list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<LedgerFilters>,
) -> Result<web::Json<Vec<PaymentDto>>, ApiError> {
    Ok(web::Json(state.payments.list(&user.actor(), query.into_inner().into()).await?.into_iter().map(Into::into).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SetStatusRequest {
    /// `completed` (received) or `failed` for a pending Zelle payment; `pending` reopens a Zelle
    /// payment marked failed.
    #[serde(default)]
    #[schema(required = true, schema_with = admin_status_schema)]
    status: String,
    /// Why, kept in the payment's audit trail (at most 500 characters).
    #[serde(default)]
    note: Option<String>,
}

/// Marks a pending Zelle payment received (`completed`) or `failed`, or reopens a failed one
/// (`pending`) (admins); 409 for any other payment. Each change is kept in the payment's audit
/// trail with the admin, the time and the note.
#[utoipa::path(operation_id = "setPaymentStatus", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), request_body = SetStatusRequest, responses(
    (status = 200, body = PaymentDto), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/admin/payments/{id}/status")]
async fn admin_set_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<SetStatusRequest>,
) -> Result<web::Json<PaymentDto>, ApiError> {
    Ok(web::Json(
        state.payments.set_zelle_status(&user.actor(), &path.into_inner().into(), &body.status, body.note.as_deref()).await?.into(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundRequest {
    /// Dollars to give back: more than 0, at most two decimals, at most what is not yet refunded.
    #[serde(default)]
    #[schema(required = true, schema_with = input::refund_amount_schema)]
    amount: Value,
    /// Why, kept in the payment's audit trail (at most 500 characters).
    #[serde(default)]
    note: Option<String>,
}

/// Refunds part or all of a completed card payment through the payment provider (admins): the
/// refunded amount is recorded (status `refunded` once nothing is left) with an audit entry. 409
/// for any other payment, or when the provider refuses.
#[utoipa::path(operation_id = "refundPayment", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), request_body = RefundRequest, responses(
    (status = 200, body = PaymentDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/admin/payments/{id}/refund")]
async fn admin_refund(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RefundRequest>,
) -> Result<web::Json<PaymentDto>, ApiError> {
    let amount = input::number(&body.amount);
    Ok(web::Json(state.payments.refund(&user.actor(), &path.into_inner().into(), &amount, body.note.as_deref()).await?.into()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonationTypeTotalDto {
    /// A donation type's id, or 'custom'.
    donation_type_id: String,
    name: String,
    /// "25.00"
    amount: String,
    count: u64,
}

impl From<DonationTypeTotal> for DonationTypeTotalDto {
    fn from(t: DonationTypeTotal) -> Self {
        Self { donation_type_id: t.donation_type_id, name: t.name, amount: t.amount.to_string(), count: t.count }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTotalDto {
    /// None for direct donations and for payments of a deleted event (which keep `eventName`).
    event_id: Option<String>,
    event_name: Option<String>,
    /// "25.00"
    amount: String,
    count: u64,
}

impl From<EventTotal> for EventTotalDto {
    fn from(t: EventTotal) -> Self {
        Self { event_id: t.event_id.map(Into::into), event_name: t.event_name, amount: t.amount.to_string(), count: t.count }
    }
}

/// Completed test payments (provider `sandbox`), summed apart from the money received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestTotalDto {
    /// "25.00"; "0.00" when there are none.
    amount: String,
    /// How many payments.
    count: u64,
}

impl From<TestTotal> for TestTotalDto {
    fn from(t: TestTotal) -> Self {
        Self { amount: t.amount.to_string(), count: t.count }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotalsResponse {
    /// Money received, without test payments.
    by_donation_type: Vec<DonationTypeTotalDto>,
    /// Money received, without test payments.
    by_event: Vec<EventTotalDto>,
    /// Completed test payments (sandbox), never part of `byDonationType` or `byEvent`.
    test_total: TestTotalDto,
}

/// Money received (completed payments, not tests) per donation type and per event, largest first (admins).
///
/// Completed test payments (provider `sandbox`) are summed apart in `testTotal`.
#[utoipa::path(operation_id = "getPaymentTotals", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = TotalsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/admin/payments/totals")]
async fn admin_totals(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<TotalsResponse>, ApiError> {
    let totals = state.payments.totals(&user.actor()).await?;
    Ok(web::Json(TotalsResponse {
        by_donation_type: totals.by_donation_type.into_iter().map(Into::into).collect(),
        by_event: totals.by_event.into_iter().map(Into::into).collect(),
        test_total: totals.test.into(),
    }))
}

//! `/api/recurring-gifts`: recurring gifts by card (docs/product.md#recurring-gifts). A donor
//! starts one and saves its card; its member (signed in) or the holder of its signed link
//! (`?token=`, in every e-mail about it and every receipt of its charges) sees, changes, pauses,
//! resumes or cancels it. The treasurer lists them (the paused ones first of all).

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::TestCard;
use mandir_application::services::payments::{Donor, Payer};
use mandir_application::services::recurring_gifts::{CardSetup, ConfirmedSetup, DonorStep, GuestDonor, Holder, RecurringGiftService};
use mandir_domain::recurring_gift::{GiftChangeInput, GiftStatus, RecurringGift, RecurringGiftInput};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::{CurrentUser, MaybeUser};
use crate::body::JsonBody;
use crate::client::Client;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(start, mine, list, get, change, pause, resume, cancel, card_setup, save_card, save_test_card),
    components(schemas(
        RecurringGiftDto,
        CardDto,
        GiftChargeDto,
        CardSetupDto,
        StartedGiftDto,
        StartGiftRequest,
        ChangeGiftRequest,
        SavedCardRequest,
        SandboxCardRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    let resource = |path: &str| web::resource(path.to_owned()).default_service(web::to(super::unmatched));
    cfg.service(resource("/api/recurring-gifts").route(web::get().to(list)).route(web::post().to(start)))
        .service(resource("/api/recurring-gifts/mine").route(web::get().to(mine)))
        .service(resource("/api/recurring-gifts/{id}").route(web::get().to(get)).route(web::patch().to(change)))
        .service(resource("/api/recurring-gifts/{id}/pause").route(web::post().to(pause)))
        .service(resource("/api/recurring-gifts/{id}/resume").route(web::post().to(resume)))
        .service(resource("/api/recurring-gifts/{id}/cancel").route(web::post().to(cancel)))
        .service(resource("/api/recurring-gifts/{id}/card-setup").route(web::post().to(card_setup)))
        .service(resource("/api/recurring-gifts/{id}/card").route(web::post().to(save_card)))
        .service(resource("/api/recurring-gifts/{id}/card/sandbox").route(web::post().to(save_test_card)));
}

/// The saved card as the donor sees it: never its number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardDto {
    /// `visa`, `mastercard`... as the provider names it.
    brand: String,
    last4: String,
    exp_month: u32,
    exp_year: i32,
}

/// One charge of the gift: a payment of the ledger.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftChargeDto {
    payment_id: String,
    receipt_number: String,
    /// Decimal dollars.
    amount: String,
    /// The payment's status: `completed`, `failed`, `pending`, `refunded`.
    status: String,
    charged_at: DateTime<Utc>,
    /// The scheduled date of the period it pays for.
    period_on: NaiveDate,
    /// Its receipt's page, signed (opens without signing in): `/receipts/{number}?sig=...`.
    receipt_url: String,
}

/// A recurring gift; amounts are decimal text in US dollars.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringGiftDto {
    id: String,
    /// `setup` (waiting for its card), `active`, `paused` or `canceled`.
    status: String,
    /// `donor` or `failures` (its charges were declined the set number of times in a row).
    paused_by: Option<String>,
    amount: String,
    /// `monthly`, `quarterly` or `yearly`.
    frequency: String,
    fund_id: String,
    fund_name: String,
    start_on: NaiveDate,
    /// The next period's scheduled date; `null` once canceled.
    next_charge_on: Option<NaiveDate>,
    /// After a declined charge: when it is tried again.
    retry_on: Option<NaiveDate>,
    /// Declined charges in a row.
    failures: u32,
    /// Failures in a row after which the gift pauses.
    max_failures: u32,
    last_error: Option<String>,
    /// `each` (a receipt e-mail per charge) or `statement` (the year-end statement only).
    receipts: String,
    donor_name: String,
    donor_email: String,
    /// Given under a member's account.
    member: bool,
    card: Option<CardDto>,
    created_at: DateTime<Utc>,
    /// When it was paused (by its donor or after its failures).
    paused_at: Option<DateTime<Utc>>,
    canceled_at: Option<DateTime<Utc>>,
    /// The recent charges, newest first (at most 24).
    charges: Vec<GiftChargeDto>,
}

fn gift_dto(g: &RecurringGift, service: &RecurringGiftService) -> RecurringGiftDto {
    RecurringGiftDto {
        id: g.id.clone(),
        status: g.status.as_str().to_owned(),
        paused_by: g.paused_by.map(|p| p.as_str().to_owned()),
        amount: g.amount.to_string(),
        frequency: g.frequency.as_str().to_owned(),
        fund_id: g.fund_id.to_string(),
        fund_name: g.fund_name.clone(),
        start_on: g.start_on,
        next_charge_on: (g.status != GiftStatus::Canceled).then_some(g.next_charge_on),
        retry_on: g.retry_on,
        failures: g.failures,
        max_failures: service.max_failures(),
        last_error: g.last_error.clone(),
        receipts: g.receipts.as_str().to_owned(),
        donor_name: g.donor_name.clone(),
        donor_email: g.donor_email.clone(),
        member: g.user_id.is_some(),
        card: g.card.as_ref().map(|c| CardDto {
            brand: c.brand.clone(),
            last4: c.last4.clone(),
            exp_month: c.exp_month,
            exp_year: c.exp_year,
        }),
        created_at: g.created_at,
        paused_at: g.paused_at,
        canceled_at: g.canceled_at,
        charges: g
            .charges
            .iter()
            .map(|c| GiftChargeDto {
                payment_id: c.payment_id.to_string(),
                receipt_number: c.receipt_number.clone(),
                amount: c.amount.to_string(),
                status: c.status.clone(),
                charged_at: c.charged_at,
                period_on: c.period_on,
                receipt_url: service.receipt_path(&c.receipt_number),
            })
            .collect(),
    }
}

/// A card form for the browser: Stripe's SetupIntent (confirm it with Stripe.js, then
/// `POST .../card`), or the sandbox's (`POST .../card/sandbox`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardSetupDto {
    setup_intent_id: String,
    client_secret: String,
    /// `sandbox` or `stripe`.
    provider: String,
}

impl From<CardSetup> for CardSetupDto {
    fn from(s: CardSetup) -> Self {
        Self { setup_intent_id: s.setup_intent_id, client_secret: s.client_secret, provider: s.provider.as_str().to_owned() }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartedGiftDto {
    gift: RecurringGiftDto,
    setup: CardSetupDto,
    /// The gift's page without signing in: `/giving/recurring/{id}?token=...`.
    manage_url: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartGiftRequest {
    /// Dollars, as a number or decimal text: 1 to 100,000.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "25")]
    amount: Option<serde_json::Value>,
    /// `monthly` (the default), `quarterly` or `yearly`.
    #[serde(default)]
    frequency: Option<String>,
    #[serde(default)]
    fund_id: Option<String>,
    /// `YYYY-MM-DD`: today or within a year.
    #[serde(default)]
    start_on: Option<String>,
    /// `each` (the default) or `statement`.
    #[serde(default)]
    receipts: Option<String>,
    /// A guest's name (members': their account's).
    #[serde(default)]
    name: Option<String>,
    /// A guest's e-mail, for receipts and the gift's link (members': their account's).
    #[serde(default)]
    email: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeGiftRequest {
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "51")]
    amount: Option<serde_json::Value>,
    #[serde(default)]
    fund_id: Option<String>,
    #[serde(default)]
    frequency: Option<String>,
    /// `YYYY-MM-DD`: the next gift's date, today or within a year; its day of the month becomes
    /// the schedule's.
    #[serde(default)]
    next_charge_on: Option<String>,
    #[serde(default)]
    receipts: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedCardRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    setup_intent_id: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    client_secret: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxCardRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    setup_intent_id: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    client_secret: String,
    /// `succeeded` (the card is saved) or `failed` (declined).
    #[serde(default)]
    #[schema(required = true, example = "succeeded")]
    outcome: String,
    /// The test card's last four digits (`0341` saves, then declines every charge).
    #[serde(default)]
    #[schema(required = true, example = "4242")]
    last4: String,
    #[serde(default)]
    #[schema(required = true, example = 12)]
    exp_month: u32,
    #[serde(default)]
    #[schema(required = true, example = 2030)]
    exp_year: i32,
}

/// `?token=`: a gift's signed link, for donors not signed in.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkQuery {
    /// The signature from the gift's link.
    #[serde(default)]
    token: Option<String>,
}

fn status_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&GiftStatus::ALL.iter().map(|s| s.as_str()).collect::<Vec<_>>())
}

/// `?status=`: one status only.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `setup`, `active`, `paused` or `canceled`; absent for all.
    #[serde(default)]
    #[param(schema_with = status_schema)]
    status: Option<String>,
}

fn holder<'a>(user: &MaybeUser, actor: &'a mut Option<mandir_application::services::Actor>, query: &'a LinkQuery) -> Holder<'a> {
    *actor = user.0.as_ref().map(mandir_application::services::Actor::of);
    Holder { actor: actor.as_ref(), token: query.token.as_deref() }
}

/// A donor (a member, or a guest with a name and e-mail) starts a recurring gift; the answer has
/// the card form to save its card. With an `Idempotency-Key`, a repeat answers the same gift.
#[utoipa::path(operation_id = "startRecurringGift", post, path = "/api/recurring-gifts", tag = "payments",
    request_body = StartGiftRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "Makes a repeated request answer the same gift")),
    responses((status = 201, body = StartedGiftDto), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try")))))]
async fn start(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    client: Client,
    body: JsonBody<StartGiftRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let payer = match &user.0 {
        Some(user) => Payer::Member(Donor::of(user)),
        None => Payer::Guest(client.0),
    };
    let input = RecurringGiftInput {
        amount: input::optional_number(b.amount.as_ref()),
        frequency: b.frequency,
        fund_id: b.fund_id,
        start_on: b.start_on,
        receipts: b.receipts,
    };
    let key = input::idempotency_key(&req);
    let started = state.recurring_gifts.start(&payer, input, GuestDonor { name: b.name, email: b.email }, key.as_deref()).await?;
    Ok(HttpResponse::Created().json(StartedGiftDto {
        gift: gift_dto(&started.gift, &state.recurring_gifts),
        setup: started.setup.into(),
        manage_url: started.manage_path,
    }))
}

/// The signed-in member's recurring gifts, newest first.
#[utoipa::path(operation_id = "listMyRecurringGifts", get, path = "/api/recurring-gifts/mine", tag = "payments", security(("bearer" = [])),
    responses((status = 200, body = Vec<RecurringGiftDto>), (status = 401, body = ErrorBody)))]
async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<RecurringGiftDto>>, ApiError> {
    let gifts = state.recurring_gifts.mine(&user.actor()).await?;
    Ok(web::Json(gifts.iter().map(|g| gift_dto(g, &state.recurring_gifts)).collect()))
}

/// Every recurring gift, or those with one status (the treasurer's list of paused gifts).
#[utoipa::path(operation_id = "listRecurringGifts", get, path = "/api/recurring-gifts", tag = "payments", security(("bearer" = [])),
    params(ListQuery),
    responses((status = 200, body = Vec<RecurringGiftDto>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<web::Json<Vec<RecurringGiftDto>>, ApiError> {
    let gifts = state.recurring_gifts.list(&user.actor(), query.status.as_deref()).await?;
    Ok(web::Json(gifts.iter().map(|g| gift_dto(g, &state.recurring_gifts)).collect()))
}

/// A recurring gift, to its member or the holder of its signed link.
#[utoipa::path(operation_id = "getRecurringGift", get, path = "/api/recurring-gifts/{id}", tag = "payments",
    params(("id" = String, Path), LinkQuery),
    responses((status = 200, body = RecurringGiftDto), (status = 404, body = ErrorBody)))]
async fn get(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    let mut actor = None;
    let gift = state.recurring_gifts.get(&path.into_inner(), holder(&user, &mut actor, &query)).await?;
    Ok(web::Json(gift_dto(&gift, &state.recurring_gifts)))
}

/// Its donor changes the amount, fund, frequency, next date or receipts.
#[utoipa::path(operation_id = "changeRecurringGift", patch, path = "/api/recurring-gifts/{id}", tag = "payments",
    params(("id" = String, Path), LinkQuery), request_body = ChangeGiftRequest,
    responses((status = 200, body = RecurringGiftDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Canceled")))]
async fn change(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: JsonBody<ChangeGiftRequest>,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    let b = body.into_inner();
    let input = GiftChangeInput {
        amount: b.amount.as_ref().map(|a| input::optional_number(Some(a))),
        fund_id: b.fund_id,
        frequency: b.frequency,
        next_charge_on: b.next_charge_on,
        receipts: b.receipts,
    };
    let mut actor = None;
    let gift = state.recurring_gifts.change(&path.into_inner(), holder(&user, &mut actor, &query), input).await?;
    Ok(web::Json(gift_dto(&gift, &state.recurring_gifts)))
}

/// Pauses, resumes or cancels the gift for its donor.
async fn donor_step(
    state: &AppState,
    user: &MaybeUser,
    id: &str,
    query: &LinkQuery,
    step: DonorStep,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    let mut actor = None;
    let gift = state.recurring_gifts.step(id, holder(user, &mut actor, query), step).await?;
    Ok(web::Json(gift_dto(&gift, &state.recurring_gifts)))
}

/// Its donor pauses it: no charges until resumed.
#[utoipa::path(operation_id = "pauseRecurringGift", post, path = "/api/recurring-gifts/{id}/pause", tag = "payments",
    params(("id" = String, Path), LinkQuery),
    responses((status = 200, body = RecurringGiftDto), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn pause(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    donor_step(&state, &user, &path, &query, DonorStep::Pause).await
}

/// Its donor resumes it from its next date on or after today (missed periods are not charged).
#[utoipa::path(operation_id = "resumeRecurringGift", post, path = "/api/recurring-gifts/{id}/resume", tag = "payments",
    params(("id" = String, Path), LinkQuery),
    responses((status = 200, body = RecurringGiftDto), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn resume(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    donor_step(&state, &user, &path, &query, DonorStep::Resume).await
}

/// Its donor cancels it; it is kept with its charges.
#[utoipa::path(operation_id = "cancelRecurringGift", post, path = "/api/recurring-gifts/{id}/cancel", tag = "payments",
    params(("id" = String, Path), LinkQuery),
    responses((status = 200, body = RecurringGiftDto), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn cancel(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    donor_step(&state, &user, &path, &query, DonorStep::Cancel).await
}

/// A new card form for the gift (to change its card).
#[utoipa::path(operation_id = "startRecurringGiftCardSetup", post, path = "/api/recurring-gifts/{id}/card-setup", tag = "payments",
    params(("id" = String, Path), LinkQuery),
    responses((status = 200, body = CardSetupDto), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn card_setup(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
) -> Result<web::Json<CardSetupDto>, ApiError> {
    let mut actor = None;
    let setup = state.recurring_gifts.card_setup(&path.into_inner(), holder(&user, &mut actor, &query)).await?;
    Ok(web::Json(setup.into()))
}

/// Stripe: the browser confirmed the card form; the card Stripe saved goes on the gift. A gift
/// due today is charged at once.
#[utoipa::path(operation_id = "saveRecurringGiftCard", post, path = "/api/recurring-gifts/{id}/card", tag = "payments",
    params(("id" = String, Path), LinkQuery), request_body = SavedCardRequest,
    responses((status = 200, body = RecurringGiftDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn save_card(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: JsonBody<SavedCardRequest>,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    let b = body.into_inner();
    let mut actor = None;
    let confirmed = ConfirmedSetup { setup_intent_id: b.setup_intent_id, client_secret: b.client_secret };
    let gift = state.recurring_gifts.save_card(&path.into_inner(), holder(&user, &mut actor, &query), confirmed).await?;
    Ok(web::Json(gift_dto(&gift, &state.recurring_gifts)))
}

/// The sandbox's card form (only when the sandbox is the provider; 404 otherwise). A gift due
/// today is charged at once.
#[utoipa::path(operation_id = "saveRecurringGiftTestCard", post, path = "/api/recurring-gifts/{id}/card/sandbox", tag = "payments",
    params(("id" = String, Path), LinkQuery), request_body = SandboxCardRequest,
    responses((status = 200, body = RecurringGiftDto), (status = 400, body = ErrorBody, description = "Invalid, or the card was declined"), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn save_test_card(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: JsonBody<SandboxCardRequest>,
) -> Result<web::Json<RecurringGiftDto>, ApiError> {
    let b = body.into_inner();
    let mut actor = None;
    let confirmed = ConfirmedSetup { setup_intent_id: b.setup_intent_id, client_secret: b.client_secret };
    let card = TestCard { last4: b.last4, exp_month: b.exp_month, exp_year: b.exp_year };
    let gift =
        state.recurring_gifts.save_test_card(&path.into_inner(), holder(&user, &mut actor, &query), confirmed, &b.outcome, card).await?;
    Ok(web::Json(gift_dto(&gift, &state.recurring_gifts)))
}

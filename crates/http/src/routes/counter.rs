//! The temple counter (docs/decisions/0129-the-counter.md): a sale recorded by the front desk,
//! read back for its receipt, and voided by a treasurer with a reason.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::{CounterSaleRecord, Voided};
use mandir_application::services::counter_search::Found;
use mandir_domain::counter::{
    CounterDonorInput, CounterRegistrationInput, CounterSaleInput, CounterSevaInput, DonorRecord, Tender, TenderInput,
};
use mandir_domain::registration::RegistrationInput;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::routes::admin::MemberDto;
use crate::routes::payment_dto::PaymentDto;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        find_counter_people,
        create_counter_sale,
        get_counter_sale,
        void_counter_sale,
        create_card_charge,
        get_card_charge,
        confirm_sandbox_card_charge,
        refund_card_charge
    ),
    components(schemas(
        CounterPersonDto,
        CounterPersonKind,
        WalkInDonorDto,
        CounterSaleRequest,
        CounterDonorRequest,
        CounterSevaRequest,
        CounterRegistrationRequest,
        SaleRegistrationDto,
        TenderRequest,
        CounterSaleDto,
        TenderDto,
        VoidedDto,
        VoidSaleRequest,
        CardChargeRequest,
        CardChargeDto,
        CardChargeState,
        CounterSandboxCardRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_counter_people)
        .service(create_counter_sale)
        .service(get_counter_sale)
        .service(void_counter_sale)
        .service(create_card_charge)
        .service(get_card_charge)
        .service(confirm_sandbox_card_charge)
        .service(refund_card_charge);
}

/// Who gives: a member found by the search (`userId`), a walk-in found by the search (`donorId`:
/// their donor record of an earlier sale), or a new walk-in (`name`, and optionally `email`,
/// `phone` and `address`), kept as a donor record.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterDonorRequest {
    #[serde(default)]
    user_id: Option<String>,
    #[serde(default)]
    donor_id: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    name: Option<String>,
    #[serde(default)]
    #[schema(max_length = 254)]
    email: Option<String>,
    #[serde(default)]
    #[schema(max_length = 30)]
    phone: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    address: Option<String>,
}

/// One part of the payment: `cash` (with `tendered`, what was handed over), `check` (with
/// `checkNumber`, `bank` and `checkDate`), or `card` (with `paymentIntentId`, the card charge the
/// tablet took for this sale: `POST /api/counter/card-charges`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenderRequest {
    #[serde(default)]
    #[schema(required = true, pattern = "^(cash|check|card)$", example = "cash")]
    method: Option<String>,
    /// The part of the sale it pays, in dollars.
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    amount: Value,
    /// Cash: what was handed over (at least `amount`; the rest is change). Omitted: exactly `amount`.
    #[serde(default)]
    #[schema(schema_with = input::amount_schema)]
    tendered: Value,
    #[serde(default)]
    #[schema(pattern = "^[0-9]{1,20}$")]
    check_number: Option<String>,
    #[serde(default)]
    #[schema(max_length = 100)]
    bank: Option<String>,
    #[serde(default)]
    #[schema(format = Date)]
    check_date: Option<String>,
    #[serde(default)]
    #[schema(pattern = "^[A-Za-z0-9_]{1,100}$")]
    payment_intent_id: Option<String>,
}

/// A seva to book in the sale, for the member: the seva's slots and capacity apply (not its online
/// cut-off: the person is there).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterSevaRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    seva_id: String,
    /// The temple's local day.
    #[serde(default)]
    #[schema(required = true, format = Date)]
    date: String,
    /// "HH:MM" of one of its slots; omitted for a daily seva.
    #[serde(default)]
    #[schema(pattern = "^[0-2][0-9]:[0-5][0-9]$")]
    slot: Option<String>,
    /// A suggested-donation seva: what is given (its suggestion when omitted).
    #[serde(default)]
    #[schema(schema_with = input::amount_schema)]
    amount: Value,
}

/// An event registration for the member, made with the sale: the event and the party, as the
/// event's own registration form takes them.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterRegistrationRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    event_id: String,
    /// Family members coming with the member (0 to 50; omitted: none).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 50)]
    number_of_family_members: Option<f64>,
    #[serde(default)]
    #[schema(max_length = 1000)]
    additional_notes: Option<String>,
}

/// A sale at the counter: who gives, the sevas booked, the events registered for and the donation
/// lines, and how it was paid (the parts add up to every line).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterSaleRequest {
    #[serde(default)]
    #[schema(required = true)]
    donor: CounterDonorRequest,
    /// Sevas to book for the member (each a religious-service line of the receipt).
    #[serde(default)]
    #[schema(max_items = 10)]
    sevas: Vec<CounterSevaRequest>,
    /// Event registrations for the member (not a walk-in), made with the sale; an event that
    /// started or is full refuses the whole sale.
    #[serde(default)]
    #[schema(max_items = 5)]
    registrations: Vec<CounterRegistrationRequest>,
    /// `DonationDetail[]`: a donation type (or 'custom'), an amount and a name per line; may be
    /// omitted when sevas are booked.
    #[serde(default)]
    #[schema(schema_with = input::donation_details_schema)]
    lines: Value,
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 4)]
    tenders: Vec<TenderRequest>,
    #[serde(default)]
    #[schema(max_length = 200)]
    in_honor_of: Option<String>,
}

impl From<CounterDonorRequest> for CounterDonorInput {
    fn from(d: CounterDonorRequest) -> Self {
        let given = |id: Option<String>| id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty());
        match (given(d.user_id), given(d.donor_id)) {
            (Some(id), _) => Self::Member(id.into()),
            (None, Some(id)) => Self::Returning(id),
            (None, None) => Self::WalkIn { name: d.name, email: d.email, phone: d.phone, address: d.address },
        }
    }
}

impl From<CounterSaleRequest> for CounterSaleInput {
    fn from(b: CounterSaleRequest) -> Self {
        Self {
            donor: b.donor.into(),
            sevas: b
                .sevas
                .into_iter()
                .map(|s| CounterSevaInput {
                    seva_id: s.seva_id,
                    date: s.date,
                    slot: s.slot,
                    amount: if s.amount.is_null() { mandir_domain::NumberInput::Missing } else { input::number(&s.amount) },
                })
                .collect(),
            registrations: b
                .registrations
                .into_iter()
                .map(|r| CounterRegistrationInput {
                    event_id: r.event_id,
                    registration: RegistrationInput {
                        number_of_family_members: r.number_of_family_members,
                        additional_notes: r.additional_notes,
                    },
                })
                .collect(),
            lines: input::donation_details(&b.lines),
            tenders: b
                .tenders
                .into_iter()
                .map(|t| TenderInput {
                    method: t.method,
                    amount: input::number(&t.amount),
                    tendered: if t.tendered.is_null() { mandir_domain::NumberInput::Missing } else { input::number(&t.tendered) },
                    check_number: t.check_number,
                    bank: t.bank,
                    check_date: t.check_date,
                    payment_intent_id: t.payment_intent_id,
                })
                .collect(),
            in_honor_of: b.in_honor_of,
        }
    }
}

/// One part of how a sale was paid.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenderDto {
    #[schema(pattern = "^(cash|check|card)$", example = "cash")]
    method: &'static str,
    /// "62.00"
    amount: String,
    /// Cash: what was handed over, "100.00".
    tendered: Option<String>,
    /// Cash: the change given back, "38.00".
    change: Option<String>,
    check_number: Option<String>,
    bank: Option<String>,
    check_date: Option<String>,
    /// Card: the provider's intent that charged it.
    payment_intent_id: Option<String>,
}

impl From<Tender> for TenderDto {
    fn from(tender: Tender) -> Self {
        let change = tender.change().to_string();
        let none = |method, amount: mandir_domain::Money| Self {
            method,
            amount: amount.to_string(),
            tendered: None,
            change: None,
            check_number: None,
            bank: None,
            check_date: None,
            payment_intent_id: None,
        };
        match tender {
            Tender::Cash { amount, tendered } => {
                Self { tendered: Some(tendered.to_string()), change: Some(change), ..none("cash", amount) }
            }
            Tender::Check { amount, number, bank, date } => Self {
                check_number: Some(number),
                bank: Some(bank),
                check_date: Some(date.format("%Y-%m-%d").to_string()),
                ..none("check", amount)
            },
            Tender::Card { amount, intent_id } => Self { payment_intent_id: Some(intent_id), ..none("card", amount) },
        }
    }
}

/// Who voided a sale, when, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoidedDto {
    at: DateTime<Utc>,
    by: String,
    reason: String,
}

impl From<Voided> for VoidedDto {
    fn from(v: Voided) -> Self {
        Self { at: v.at, by: v.by, reason: v.reason }
    }
}

/// An event registration a sale made.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleRegistrationDto {
    event_id: String,
    event_name: String,
    /// The member and their family.
    people: i64,
}

/// A sale at the counter: its payment (channel `counter`), how it was paid, and its receipt.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterSaleDto {
    id: String,
    payment: PaymentDto,
    /// The walk-in's donor record (their statement: `/api/counter/walk-ins/{donorId}/statements/{year}`);
    /// null for a member.
    donor_id: Option<String>,
    tenders: Vec<TenderDto>,
    /// The event registrations it made (a void cancels them).
    registrations: Vec<SaleRegistrationDto>,
    /// The change given back in cash, "38.00".
    change: String,
    /// Who made the sale.
    staff_name: String,
    created_at: DateTime<Utc>,
    voided: Option<VoidedDto>,
    /// The online receipt's signed link.
    receipt_link: Option<String>,
    /// The printed receipt's QR code of `receiptLink`: an SVG image, black on white.
    receipt_qr: Option<String>,
    /// The bank deposit holding its money (its check, or its cash through a closed drawer): a sale
    /// in a deposit is no longer voided.
    deposit: Option<super::cash_office::DepositRefDto>,
}

pub(crate) fn sale_dto(state: &AppState, sale: CounterSaleRecord) -> CounterSaleDto {
    let change = mandir_domain::Money::from_cents(sale.tenders.iter().map(|t| t.change().cents()).sum());
    let receipt_link = sale.payment.receipt_number.as_deref().map(|n| state.receipts.link(n));
    CounterSaleDto {
        id: sale.id,
        receipt_qr: receipt_link.as_deref().and_then(crate::qr::svg),
        receipt_link,
        payment: sale.payment.into(),
        donor_id: sale.donor_id,
        tenders: sale.tenders.into_iter().map(Into::into).collect(),
        registrations: sale
            .registrations
            .into_iter()
            .map(|r| SaleRegistrationDto { event_id: r.event_id, event_name: r.event_name, people: r.people })
            .collect(),
        change: change.to_string(),
        staff_name: sale.staff_name,
        created_at: sale.created_at,
        voided: sale.voided.map(Into::into),
        deposit: sale.deposit.map(Into::into),
    }
}

/// What the counter typed.
#[derive(Debug, Deserialize, IntoParams)]
pub struct CounterPeopleQuery {
    /// Words of a name or e-mail, or a phone number; fewer than 2 characters find nobody.
    #[serde(default)]
    #[param(max_length = 200)]
    q: String,
}

/// A walk-in who gave at the counter before: their donor record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalkInDonorDto {
    /// Sent back as the sale's `donor.donorId`.
    id: String,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    address: Option<String>,
}

/// Someone the counter found: a member (`kind` "member", with `member`), or a walk-in who gave
/// before (`kind` "walkIn", with `walkIn`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterPersonDto {
    kind: CounterPersonKind,
    member: Option<MemberDto>,
    walk_in: Option<WalkInDonorDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CounterPersonKind {
    Member,
    WalkIn,
}

impl From<Found> for CounterPersonDto {
    fn from(found: Found) -> Self {
        match found {
            Found::Member(user) => Self { kind: CounterPersonKind::Member, member: Some(user.into()), walk_in: None },
            Found::WalkIn(DonorRecord { id, walk_in: w }) => Self {
                kind: CounterPersonKind::WalkIn,
                member: None,
                walk_in: Some(WalkInDonorDto { id, name: w.name, email: w.email, phone: w.phone, address: w.address }),
            },
        }
    }
}

/// The first 8 people whose name or e-mail holds every word typed, or whose phone holds the digits
/// (front desk, treasurers, admins): members in name order, then walk-ins who gave at the counter
/// before, by name. Searched in memory, so each keystroke answers at once (a member who signed up in the last
/// few seconds may not show yet).
#[utoipa::path(operation_id = "findCounterPeople", tag = "counter", security(("bearer" = [])), params(CounterPeopleQuery), responses(
    (status = 200, body = Vec<CounterPersonDto>),
    (status = 400, body = ErrorBody, description = "More than 200 characters"),
))]
#[get("/api/counter/people")]
async fn find_counter_people(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<CounterPeopleQuery>,
) -> Result<web::Json<Vec<CounterPersonDto>>, ApiError> {
    let found = state.counter_search.find(&user.actor(), &query.q).await?;
    Ok(web::Json(found.into_iter().map(Into::into).collect()))
}

/// Records a sale at the counter (front desk, admins): its lines, who gives and how it was paid,
/// all in one transaction; the receipt e-mail goes out when an address is known. The
/// `Idempotency-Key` is the counter's key for this sale: sending it again answers the sale
/// already recorded (200) and records nothing; the same key with another sale is refused (409).
#[utoipa::path(operation_id = "createCounterSale", tag = "counter", security(("bearer" = [])), request_body = CounterSaleRequest,
    params(("Idempotency-Key" = String, Header, pattern = "^[A-Za-z0-9_-]{8,100}$", description = "One per sale, kept by the counter until the server confirms it")),
    responses(
        (status = 201, body = CounterSaleDto, description = "Recorded"),
        (status = 200, body = CounterSaleDto, description = "Recorded before with this key"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The key was used for another sale, or a seva's slot is full (nothing recorded)"),
    ))]
#[post("/api/counter/sales")]
async fn create_counter_sale(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CounterSaleRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = input::idempotency_key(&req).unwrap_or_default();
    let input = CounterSaleInput::from(body.into_inner());
    let outcome = state.counter.sell(&user.actor(), &key, &input).await?;
    let dto = sale_dto(&state, outcome.sale);
    Ok(if outcome.created { HttpResponse::Created().json(dto) } else { HttpResponse::Ok().json(dto) })
}

/// One sale, for its receipt (front desk, admins).
#[utoipa::path(operation_id = "getCounterSale", tag = "counter", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = CounterSaleDto), (status = 404, body = ErrorBody),
))]
#[get("/api/counter/sales/{id}")]
async fn get_counter_sale(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<CounterSaleDto>, ApiError> {
    let sale = state.counter.get(&user.actor(), &path.into_inner()).await?;
    Ok(web::Json(sale_dto(&state, sale)))
}

/// Why a sale is voided.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VoidSaleRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 500, pattern = "\\S")]
    reason: String,
}

/// Voids a sale (treasurers, admins), with the reason: its payment is given back in full and
/// leaves the totals and statements; the void stays on the sale and in the audit log.
#[utoipa::path(operation_id = "voidCounterSale", tag = "counter", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = VoidSaleRequest, responses(
        (status = 200, body = CounterSaleDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Voided already, or its money is in a bank deposit"),
    ))]
#[post("/api/counter/sales/{id}/void")]
async fn void_counter_sale(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<VoidSaleRequest>,
) -> Result<web::Json<CounterSaleDto>, ApiError> {
    let sale = state.counter.void(&user.actor(), &path.into_inner(), Some(body.reason.as_str())).await?;
    Ok(web::Json(sale_dto(&state, sale)))
}

/// The card part of a sale to charge on the tablet.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardChargeRequest {
    /// The sale's own key (its `Idempotency-Key` when it is recorded): only that sale may use the charge.
    #[serde(default)]
    #[schema(required = true, pattern = "^[A-Za-z0-9_-]{8,100}$")]
    sale_key: String,
    /// The card part, in dollars.
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    amount: Value,
}

/// Where a card charge stands.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CardChargeState {
    /// Waiting for the card on the tablet.
    Pending,
    /// Paid: the sale can be finished with it.
    Paid,
    /// Used by a recorded sale.
    Used,
    /// Given back (no sale used it).
    Refunded,
}

/// A card charged at the counter for a sale.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardChargeDto {
    /// Sent back as the sale's card part's `paymentIntentId`.
    payment_intent_id: String,
    /// For the card form only when the charge was just started; null when read back.
    client_secret: Option<String>,
    /// `stripe` or `sandbox`: which card form the tablet shows.
    provider: String,
    /// "62.00"
    amount: String,
    state: CardChargeState,
    /// The sale that recorded it.
    sale_id: Option<String>,
}

fn card_dto(charge: mandir_application::ports::CardCharge, client_secret: Option<String>) -> CardChargeDto {
    use mandir_application::services::counter_card::CardState;
    let state = match CardState::of(&charge) {
        CardState::Pending => CardChargeState::Pending,
        CardState::Paid => CardChargeState::Paid,
        CardState::Used => CardChargeState::Used,
        CardState::Refunded => CardChargeState::Refunded,
    };
    CardChargeDto {
        payment_intent_id: charge.intent_id,
        client_secret,
        provider: charge.provider.as_str().to_owned(),
        amount: charge.amount.to_string(),
        state,
        sale_id: charge.sale_id,
    }
}

/// Starts charging the card part of a sale (front desk, admins): the provider's payment intent,
/// for the tablet's card form (Stripe's, or the sandbox's). The charge is kept: only the sale
/// `saleKey` can use it, once, and a charge no sale used within an hour is refunded. The same
/// `Idempotency-Key` answers the same charge.
#[utoipa::path(operation_id = "createCardCharge", tag = "counter", security(("bearer" = [])), request_body = CardChargeRequest,
    params(("Idempotency-Key" = String, Header, pattern = "^[A-Za-z0-9_-]{8,100}$", description = "One per card attempt")),
    responses(
        (status = 201, body = CardChargeDto, description = "Ready for the card form"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The key was used for another charge, or the provider refused"),
    ))]
#[post("/api/counter/card-charges")]
async fn create_card_charge(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CardChargeRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = input::idempotency_key(&req).unwrap_or_default();
    let body = body.into_inner();
    let started = state.counter.start_card(&user.actor(), &key, &body.sale_key, &input::number(&body.amount)).await?;
    Ok(HttpResponse::Created().json(card_dto(started.charge, Some(started.client_secret))))
}

/// A card charge, to see whether it was paid (front desk, admins).
#[utoipa::path(operation_id = "getCardCharge", tag = "counter", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = CardChargeDto), (status = 404, body = ErrorBody),
))]
#[get("/api/counter/card-charges/{id}")]
async fn get_card_charge(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<CardChargeDto>, ApiError> {
    let charge = state.counter.card_charge(&user.actor(), &path.into_inner()).await?;
    Ok(web::Json(card_dto(charge, None)))
}

/// The sandbox card form's answer for a counter charge.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CounterSandboxCardRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    client_secret: String,
    /// How the simulated card ends.
    #[serde(default)]
    #[schema(required = true, pattern = "^(succeeded|failed|processing)$")]
    outcome: String,
}

/// The sandbox provider's card step for a counter charge (front desk, admins; only when the
/// sandbox is the provider): `succeeded` marks it paid, `failed` is a declined card (409),
/// `processing` leaves it waiting.
#[utoipa::path(operation_id = "confirmSandboxCardCharge", tag = "counter", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = CounterSandboxCardRequest, responses(
        (status = 200, body = CardChargeDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The card was declined, or the provider is not the sandbox"),
    ))]
#[post("/api/counter/card-charges/{id}/sandbox")]
async fn confirm_sandbox_card_charge(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<CounterSandboxCardRequest>,
) -> Result<web::Json<CardChargeDto>, ApiError> {
    let charge = state.counter.confirm_sandbox_card(&user.actor(), &path.into_inner(), &body.client_secret, body.outcome.trim()).await?;
    Ok(web::Json(card_dto(charge, None)))
}

/// Gives back a card charge that no sale used (front desk, admins): refunded at the provider when
/// paid, cancelled there when not. Audited. A charge given back already answers as it is.
#[utoipa::path(operation_id = "refundCardCharge", tag = "counter", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = CardChargeDto), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "A recorded sale used it: void the sale instead, or the provider refused"),
))]
#[post("/api/counter/card-charges/{id}/refund")]
async fn refund_card_charge(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<CardChargeDto>, ApiError> {
    let actor = user.actor();
    let charge = state.counter.refund_card(Some(&actor), &path.into_inner()).await?;
    Ok(web::Json(card_dto(charge, None)))
}

//! The cash office (docs/decisions/0130-the-cash-office.md): hundi counts and their two
//! confirmations (treasurers), the drawer's daily close (front desk), bank deposits and their
//! slips (treasurers), and the daily report (treasurers, front desk).

use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{
    CheckRecord, CollectionRecord, Confirmation, DepositRecord, DepositRef, DepositSummary, DrawerCloseRecord, OpenDrawer, Undeposited,
};
use mandir_application::services::cash_office::{DailyReport, DrawerCloseInput, ReportLine, ReportSeva};
use mandir_domain::cash_office::{DepositSelection, HundiCountInput};
use mandir_domain::{Money, NumberInput};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::counter::TenderDto;
use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::dto::ChannelDto;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        list_collections,
        create_collection,
        get_collection,
        update_collection,
        delete_collection,
        confirm_collection,
        get_drawer,
        close_drawer,
        list_drawer_closes,
        list_undeposited,
        list_deposits,
        create_deposit,
        get_deposit,
        clear_deposit,
        delete_deposit,
        get_daily_report
    ),
    components(schemas(
        CountLine,
        CollectionRequest,
        CollectionDto,
        ConfirmationDto,
        ConfirmRequest,
        DepositRefDto,
        DrawerDto,
        DrawerCloseRequest,
        DrawerCloseDto,
        CheckDto,
        UndepositedDto,
        DepositRequest,
        DepositSummaryDto,
        DepositDto,
        ReportLineDto,
        ReportSevaDto,
        DailyReportDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_collections)
        .service(create_collection)
        .service(get_collection)
        .service(update_collection)
        .service(delete_collection)
        .service(confirm_collection)
        .service(get_drawer)
        .service(close_drawer)
        .service(list_drawer_closes)
        .service(list_undeposited)
        .service(list_deposits)
        .service(create_deposit)
        .service(get_deposit)
        .service(clear_deposit)
        .service(delete_deposit)
        .service(get_daily_report);
}

fn money(m: Money) -> String {
    m.to_string()
}

fn denomination_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&mandir_domain::cash_office::Denomination::ALL.iter().map(|d| d.as_str()).collect::<Vec<_>>())
}

/// How many of one bill or coin: `bill_100` … `bill_1`, `coin_100` (a dollar coin) … `coin_1`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountLine {
    #[schema(schema_with = denomination_schema)]
    denomination: String,
    #[schema(minimum = 0, maximum = 1_000_000)]
    pieces: i64,
}

/// A hundi count: the box, the counting day (today or earlier), how many of each bill and coin,
/// and the fund (a donation type; none for the general fund).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100, pattern = "\\S")]
    box_name: Option<String>,
    #[serde(default)]
    #[schema(required = true, format = Date)]
    counted_on: Option<String>,
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 13)]
    counts: Vec<CountLine>,
    #[serde(default)]
    donation_type_id: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
}

impl From<CollectionRequest> for HundiCountInput {
    fn from(b: CollectionRequest) -> Self {
        Self {
            box_name: b.box_name,
            counted_on: b.counted_on,
            counts: b.counts.into_iter().map(|c| (c.denomination, NumberInput::Number(c.pieces.to_string()))).collect(),
            donation_type_id: b.donation_type_id,
            note: b.note,
        }
    }
}

/// Who confirmed a count, and when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationDto {
    by_id: String,
    by_name: String,
    at: DateTime<Utc>,
}

impl From<Confirmation> for ConfirmationDto {
    fn from(c: Confirmation) -> Self {
        Self { by_id: c.by_id, by_name: c.by_name, at: c.at }
    }
}

/// The bank deposit holding an item.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositRefDto {
    id: String,
    number: String,
    cleared: bool,
}

impl From<DepositRef> for DepositRefDto {
    fn from(d: DepositRef) -> Self {
        Self { id: d.id, number: d.number, cleared: d.cleared }
    }
}

/// A hundi count: locked once two different people confirmed it, and then in the ledger as an
/// anonymous payment of channel `hundi`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionDto {
    id: String,
    box_name: String,
    counted_on: NaiveDate,
    counts: Vec<CountLine>,
    /// "1234.56"
    total: String,
    donation_type_id: Option<String>,
    fund_name: String,
    note: Option<String>,
    /// Sent back with a confirmation or a correction: the figures the person saw.
    revision: i32,
    created_by_name: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    first_confirmation: Option<ConfirmationDto>,
    second_confirmation: Option<ConfirmationDto>,
    locked: bool,
    payment_id: Option<String>,
    receipt_number: Option<String>,
    deposit: Option<DepositRefDto>,
}

impl From<CollectionRecord> for CollectionDto {
    fn from(c: CollectionRecord) -> Self {
        let locked = c.locked();
        Self {
            id: c.id,
            box_name: c.count.box_name,
            counted_on: c.count.counted_on,
            counts: c.count.counts.pieces().iter().map(|(d, n)| CountLine { denomination: d.as_str().to_owned(), pieces: *n }).collect(),
            total: money(c.count.total),
            donation_type_id: c.count.donation_type_id,
            fund_name: c.fund_name,
            note: c.count.note,
            revision: c.revision,
            created_by_name: c.created_by_name,
            created_at: c.created_at,
            updated_at: c.updated_at,
            first_confirmation: c.first.map(Into::into),
            second_confirmation: c.second.map(Into::into),
            locked,
            payment_id: c.payment_id,
            receipt_number: c.receipt_number,
            deposit: c.deposit.map(Into::into),
        }
    }
}

/// The latest 200 hundi counts, newest first (treasurers, admins).
#[utoipa::path(operation_id = "listCollections", tag = "cash office", security(("bearer" = [])), responses(
    (status = 200, body = Vec<CollectionDto>),
))]
#[get("/api/collections")]
async fn list_collections(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<CollectionDto>>, ApiError> {
    let found = state.cash_office.collections(&user.actor()).await?;
    Ok(web::Json(found.into_iter().map(Into::into).collect()))
}

/// Records a hundi count (treasurers, admins); it waits for two people's confirmations.
#[utoipa::path(operation_id = "createCollection", tag = "cash office", security(("bearer" = [])), request_body = CollectionRequest,
    responses((status = 201, body = CollectionDto), (status = 400, body = ErrorBody)))]
#[post("/api/collections")]
async fn create_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CollectionRequest>,
) -> Result<HttpResponse, ApiError> {
    let stored = state.cash_office.count(&user.actor(), &body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(CollectionDto::from(stored)))
}

#[utoipa::path(operation_id = "getCollection", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = CollectionDto), (status = 404, body = ErrorBody)))]
#[get("/api/collections/{id}")]
async fn get_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<CollectionDto>, ApiError> {
    Ok(web::Json(state.cash_office.collection(&user.actor(), &path.into_inner()).await?.into()))
}

/// The revision of the count the person saw.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
pub struct ConfirmRequest {
    #[serde(default)]
    #[schema(required = true, minimum = 1)]
    #[param(minimum = 1)]
    revision: i32,
}

/// Corrects a count not yet locked (treasurers, admins), at the revision seen; its first
/// confirmation is cleared.
#[utoipa::path(operation_id = "updateCollection", tag = "cash office", security(("bearer" = [])),
    params(("id" = String, Path), ConfirmRequest), request_body = CollectionRequest,
    responses((status = 200, body = CollectionDto), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Locked, or changed since that revision")))]
#[put("/api/collections/{id}")]
async fn update_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    query: web::Query<ConfirmRequest>,
    body: JsonBody<CollectionRequest>,
) -> Result<web::Json<CollectionDto>, ApiError> {
    let stored = state.cash_office.recount(&user.actor(), &path.into_inner(), query.revision, &body.into_inner().into()).await?;
    Ok(web::Json(stored.into()))
}

/// Discards a count entered by mistake (treasurers, admins), while it is not locked.
#[utoipa::path(operation_id = "deleteCollection", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Locked")))]
#[delete("/api/collections/{id}")]
async fn delete_collection(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.cash_office.discard(&user.actor(), &path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Confirms a count at the revision seen (treasurers, admins). The second confirmation, by
/// another person, locks it and records it in the ledger.
#[utoipa::path(operation_id = "confirmCollection", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = ConfirmRequest,
    responses((status = 200, body = CollectionDto), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Locked, changed since that revision, or confirmed by this person already")))]
#[post("/api/collections/{id}/confirm")]
async fn confirm_collection(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<ConfirmRequest>,
) -> Result<web::Json<CollectionDto>, ApiError> {
    Ok(web::Json(state.cash_office.confirm(&user.actor(), &path.into_inner(), body.revision).await?.into()))
}

/// A close of the drawer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawerCloseDto {
    id: String,
    day: NaiveDate,
    expected: String,
    counted: String,
    /// Counted less expected: "-2.00" when cash is missing.
    difference: String,
    note: Option<String>,
    sales: i64,
    closed_by_name: String,
    closed_at: DateTime<Utc>,
    deposit: Option<DepositRefDto>,
}

impl From<DrawerCloseRecord> for DrawerCloseDto {
    fn from(d: DrawerCloseRecord) -> Self {
        Self {
            id: d.id,
            day: d.day,
            expected: money(d.expected),
            counted: money(d.counted),
            difference: money(Money::from_cents(d.counted.cents() - d.expected.cents())),
            note: d.note,
            sales: d.sales,
            closed_by_name: d.closed_by_name,
            closed_at: d.closed_at,
            deposit: d.deposit.map(Into::into),
        }
    }
}

/// What the drawer should hold: the cash of the counter's sales since its last close.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawerDto {
    expected: String,
    sales: i64,
    last_close: Option<DrawerCloseDto>,
}

impl From<OpenDrawer> for DrawerDto {
    fn from(d: OpenDrawer) -> Self {
        Self { expected: money(d.expected), sales: d.sales, last_close: d.last_close.map(Into::into) }
    }
}

/// The drawer as it stands (front desk, admins).
#[utoipa::path(operation_id = "getDrawer", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = DrawerDto)))]
#[get("/api/counter/drawer")]
async fn get_drawer(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<DrawerDto>, ApiError> {
    Ok(web::Json(state.cash_office.drawer(&user.actor()).await?.into()))
}

/// The drawer's count at its close: the expected cash shown to the counter, the cash counted, and
/// a note when they differ.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawerCloseRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    expected: Value,
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    counted: Value,
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
}

/// Closes the drawer (front desk, admins): the cash counted against the sales since the last
/// close. Once per `Idempotency-Key` (sending it again answers the close recorded, 200).
#[utoipa::path(operation_id = "closeDrawer", tag = "cash office", security(("bearer" = [])), request_body = DrawerCloseRequest,
    params(("Idempotency-Key" = String, Header, pattern = "^[A-Za-z0-9_-]{8,100}$", description = "One per close")),
    responses((status = 201, body = DrawerCloseDto), (status = 200, body = DrawerCloseDto, description = "Closed before with this key"),
        (status = 400, body = ErrorBody), (status = 409, body = ErrorBody, description = "Sales came in since the drawer was read")))]
#[post("/api/counter/drawer/close")]
async fn close_drawer(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<DrawerCloseRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = req.headers().get("Idempotency-Key").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let b = body.into_inner();
    let close = DrawerCloseInput { expected: input::number(&b.expected), counted: input::number(&b.counted), note: b.note };
    let (stored, created) = state.cash_office.close_drawer(&user.actor(), &key, &close).await?;
    let dto = DrawerCloseDto::from(stored);
    Ok(if created { HttpResponse::Created().json(dto) } else { HttpResponse::Ok().json(dto) })
}

/// The latest 200 closes of the drawer (front desk, admins).
#[utoipa::path(operation_id = "listDrawerCloses", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = Vec<DrawerCloseDto>)))]
#[get("/api/counter/drawer/closes")]
async fn list_drawer_closes(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<DrawerCloseDto>>, ApiError> {
    Ok(web::Json(state.cash_office.drawer_closes(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// A check received at the counter or by mail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckDto {
    /// The check's own id (what a deposit names).
    id: String,
    payment_id: String,
    receipt_number: Option<String>,
    donor_name: Option<String>,
    #[schema(value_type = ChannelDto)]
    channel: &'static str,
    received_at: DateTime<Utc>,
    #[serde(flatten)]
    tender: TenderDto,
    deposit: Option<DepositRefDto>,
}

impl From<CheckRecord> for CheckDto {
    fn from(c: CheckRecord) -> Self {
        Self {
            id: c.id,
            payment_id: c.payment_id,
            receipt_number: c.receipt_number,
            donor_name: c.donor_name,
            channel: c.channel.as_str(),
            received_at: c.received_at,
            tender: c.tender.into(),
            deposit: c.deposit.map(Into::into),
        }
    }
}

/// What can go into a deposit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UndepositedDto {
    drawers: Vec<DrawerCloseDto>,
    collections: Vec<CollectionDto>,
    checks: Vec<CheckDto>,
}

impl From<Undeposited> for UndepositedDto {
    fn from(u: Undeposited) -> Self {
        Self {
            drawers: u.drawers.into_iter().map(Into::into).collect(),
            collections: u.collections.into_iter().map(Into::into).collect(),
            checks: u.checks.into_iter().map(Into::into).collect(),
        }
    }
}

/// Closed drawers, locked hundi counts and checks not in a deposit yet (treasurers, admins).
#[utoipa::path(operation_id = "listUndeposited", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = UndepositedDto)))]
#[get("/api/deposits/undeposited")]
async fn list_undeposited(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<UndepositedDto>, ApiError> {
    Ok(web::Json(state.cash_office.undeposited(&user.actor()).await?.into()))
}

/// A deposit's totals and state.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositSummaryDto {
    id: String,
    /// "D-20261125-1"
    number: String,
    cash: String,
    checks: String,
    check_count: i64,
    total: String,
    note: Option<String>,
    created_by_name: String,
    created_at: DateTime<Utc>,
    cleared_at: Option<DateTime<Utc>>,
    cleared_by_name: Option<String>,
}

impl From<DepositSummary> for DepositSummaryDto {
    fn from(d: DepositSummary) -> Self {
        Self {
            id: d.id,
            number: d.number,
            cash: money(d.cash),
            checks: money(d.checks),
            check_count: d.check_count,
            total: money(d.total),
            note: d.note,
            created_by_name: d.created_by_name,
            created_at: d.created_at,
            cleared_at: d.cleared_at,
            cleared_by_name: d.cleared_by_name,
        }
    }
}

/// A deposit with its items: the deposit slip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositDto {
    deposit: DepositSummaryDto,
    drawers: Vec<DrawerCloseDto>,
    collections: Vec<CollectionDto>,
    checks: Vec<CheckDto>,
}

impl From<DepositRecord> for DepositDto {
    fn from(d: DepositRecord) -> Self {
        Self {
            deposit: d.summary.into(),
            drawers: d.drawers.into_iter().map(Into::into).collect(),
            collections: d.collections.into_iter().map(Into::into).collect(),
            checks: d.checks.into_iter().map(Into::into).collect(),
        }
    }
}

/// The latest 200 deposits, newest first (treasurers, admins).
#[utoipa::path(operation_id = "listDeposits", tag = "cash office", security(("bearer" = [])), responses((status = 200, body = Vec<DepositSummaryDto>)))]
#[get("/api/deposits")]
async fn list_deposits(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<DepositSummaryDto>>, ApiError> {
    Ok(web::Json(state.cash_office.deposits(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// The items of a deposit, by id: closed drawers, locked hundi counts, checks.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositRequest {
    #[serde(default)]
    #[schema(max_items = 500)]
    drawer_close_ids: Vec<String>,
    #[serde(default)]
    #[schema(max_items = 500)]
    collection_ids: Vec<String>,
    #[serde(default)]
    #[schema(max_items = 500)]
    check_ids: Vec<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    note: Option<String>,
}

/// Makes a bank deposit (treasurers, admins). Every item goes into one deposit at most: one
/// already deposited refuses the whole deposit (409), and nothing is written.
#[utoipa::path(operation_id = "createDeposit", tag = "cash office", security(("bearer" = [])), request_body = DepositRequest,
    responses((status = 201, body = DepositDto), (status = 400, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "An item is already deposited, or cannot be")))]
#[post("/api/deposits")]
async fn create_deposit(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<DepositRequest>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let selection =
        DepositSelection { drawer_close_ids: b.drawer_close_ids, collection_ids: b.collection_ids, check_ids: b.check_ids, note: b.note };
    let stored = state.cash_office.make_deposit(&user.actor(), selection).await?;
    Ok(HttpResponse::Created().json(DepositDto::from(stored)))
}

/// A deposit with its items: its slip (treasurers, admins).
#[utoipa::path(operation_id = "getDeposit", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = DepositDto), (status = 404, body = ErrorBody)))]
#[get("/api/deposits/{id}")]
async fn get_deposit(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<DepositDto>, ApiError> {
    Ok(web::Json(state.cash_office.deposit(&user.actor(), &path.into_inner()).await?.into()))
}

/// Marks a deposit cleared by the bank (treasurers, admins): it and its payments are final.
#[utoipa::path(operation_id = "clearDeposit", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = DepositDto), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Cleared already")))]
#[post("/api/deposits/{id}/clear")]
async fn clear_deposit(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<DepositDto>, ApiError> {
    Ok(web::Json(state.cash_office.clear_deposit(&user.actor(), &path.into_inner()).await?.into()))
}

/// Takes apart a deposit not yet cleared (treasurers, admins): its items can be deposited again.
#[utoipa::path(operation_id = "deleteDeposit", tag = "cash office", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Cleared")))]
#[delete("/api/deposits/{id}")]
async fn delete_deposit(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.cash_office.delete_deposit(&user.actor(), &path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// One row of the report's totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportLineDto {
    /// A method (`cash`, `check`, `credit_card`, …), a channel, or a fund's name.
    key: String,
    amount: String,
    count: i64,
}

impl From<ReportLine> for ReportLineDto {
    fn from(l: ReportLine) -> Self {
        Self { key: l.key, amount: money(l.amount), count: l.count }
    }
}

/// A seva's bookings made during the day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportSevaDto {
    seva_name: String,
    booked: i64,
    unpaid: i64,
    amount: String,
}

impl From<ReportSeva> for ReportSevaDto {
    fn from(s: ReportSeva) -> Self {
        Self { seva_name: s.seva_name, booked: s.booked, unpaid: s.unpaid, amount: money(s.amount) }
    }
}

/// A day's money by method, channel and fund, and the sevas booked during it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyReportDto {
    date: NaiveDate,
    total: String,
    payments: i64,
    refunded: String,
    by_method: Vec<ReportLineDto>,
    by_channel: Vec<ReportLineDto>,
    by_fund: Vec<ReportLineDto>,
    sevas: Vec<ReportSevaDto>,
}

impl From<DailyReport> for DailyReportDto {
    fn from(r: DailyReport) -> Self {
        Self {
            date: r.date,
            total: money(r.total),
            payments: r.payments,
            refunded: money(r.refunded),
            by_method: r.by_method.into_iter().map(Into::into).collect(),
            by_channel: r.by_channel.into_iter().map(Into::into).collect(),
            by_fund: r.by_fund.into_iter().map(Into::into).collect(),
            sevas: r.sevas.into_iter().map(Into::into).collect(),
        }
    }
}

/// Which day.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ReportQuery {
    /// The temple's day (YYYY-MM-DD); today when omitted or blank.
    #[param(schema_with = input::day_or_blank_schema)]
    date: Option<String>,
}

/// The day's report (treasurers, front desk, admins): completed payments by method, channel and
/// fund, and the sevas booked.
#[utoipa::path(operation_id = "getDailyReport", tag = "cash office", security(("bearer" = [])), params(ReportQuery),
    responses((status = 200, body = DailyReportDto), (status = 400, body = ErrorBody)))]
#[get("/api/reports/daily")]
async fn get_daily_report(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ReportQuery>,
) -> Result<web::Json<DailyReportDto>, ApiError> {
    Ok(web::Json(state.cash_office.daily_report(&user.actor(), query.date.as_deref()).await?.into()))
}

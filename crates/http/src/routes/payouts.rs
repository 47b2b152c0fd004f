//! `/api/admin/payouts`: card fees and payouts (ADR 0146). Treasurers read each payout with the
//! payments it carries and what is wrong with it (`read_ledger`), and ask the card provider for
//! new fees and payouts at once (`reconcile_payments`, audited); a background job does the same
//! every hour.

use actix_web::web;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::services::settlements::Reconciled;
use mandir_domain::payout::{Payout, PayoutLine, PayoutLineKind, PayoutProblem};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list_payouts, get_payout, reconcile_payouts),
    components(schemas(
        PayoutProblemDto,
        PayoutLineKindDto,
        PayoutDto,
        PayoutListDto,
        PayoutLineDto,
        PayoutDetailDto,
        ReconciledPayoutsDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/admin/payouts").default_service(web::to(super::unmatched)).route(web::get().to(list_payouts)))
        .service(
            web::resource("/api/admin/payouts/reconcile")
                .default_service(web::to(super::unmatched))
                .route(web::post().to(reconcile_payouts)),
        )
        .service(web::resource("/api/admin/payouts/{id}").default_service(web::to(super::unmatched)).route(web::get().to(get_payout)));
}

crate::dto::text_enum_schema!(
    /// Why a payout is flagged: `sum_differs` (its lines' net is not what reached the bank),
    /// `unmatched_lines` (a charge or refund names no payment of the ledger), `amount_differs` (a
    /// charge's amount is not its payment's).
    PayoutProblemDto = PayoutProblem::ALL.iter().map(|v| v.as_str())
);

crate::dto::text_enum_schema!(
    /// A payout's line: a card `charge`, a `refund`, or `other` (an adjustment, a dispute, a fee).
    PayoutLineKindDto = PayoutLineKind::ALL.iter().map(|v| v.as_str())
);

/// A payout to the temple's bank with its lines' totals. Amounts are decimal text ("1234.50").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutDto {
    /// The provider's payout id (`po_...`).
    pub id: String,
    /// `stripe`, or `sandbox` (simulated).
    pub provider: &'static str,
    /// What reached the bank.
    pub amount: String,
    #[schema(format = Date)]
    pub arrival_date: NaiveDate,
    pub status: String,
    /// The charges less the refunds carried.
    pub gross: String,
    /// The provider's fees on them.
    pub fees: String,
    /// The lines' net: equal to `amount` unless `sum_differs`.
    pub net: String,
    /// `net` less `amount`.
    pub difference: String,
    pub charges: u32,
    pub refunds: u32,
    /// Charges and refunds that match no payment.
    pub unmatched: u32,
    #[schema(value_type = Vec<PayoutProblemDto>)]
    pub problems: Vec<&'static str>,
    pub recorded_at: DateTime<Utc>,
}

impl From<&Payout> for PayoutDto {
    fn from(p: &Payout) -> Self {
        Self {
            id: p.id.clone(),
            provider: p.provider.as_str(),
            amount: p.amount.to_string(),
            arrival_date: p.arrival_date,
            status: p.status.clone(),
            gross: p.gross.to_string(),
            fees: p.fees.to_string(),
            net: p.net.to_string(),
            difference: p.difference().to_string(),
            charges: p.charges,
            refunds: p.refunds,
            unmatched: p.unmatched,
            problems: p.problems.iter().map(|x| x.as_str()).collect(),
            recorded_at: p.recorded_at,
        }
    }
}

/// The payouts of a period, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutListDto {
    /// Whose payouts these are: `stripe`, or `sandbox` (simulated, for a site without Stripe).
    pub provider: &'static str,
    /// When the newest payout was created at the provider; none before the first.
    pub newest: Option<DateTime<Utc>>,
    pub payouts: Vec<PayoutDto>,
}

/// A balance transaction a payout carries, with the ledger's payment it matched.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutLineDto {
    pub balance_transaction_id: String,
    #[schema(value_type = PayoutLineKindDto)]
    pub kind: &'static str,
    /// Negative for a refund.
    pub gross: String,
    pub fee: String,
    pub net: String,
    pub intent_id: Option<String>,
    pub description: Option<String>,
    /// The ledger's payment; none when unmatched (or an `other` line).
    pub payment_id: Option<String>,
    pub receipt_number: Option<String>,
    pub donor: Option<String>,
    /// That payment's amount in the ledger.
    pub ledger_amount: Option<String>,
    /// A charge or refund of no payment.
    pub unmatched: bool,
    /// A charge of another amount than its payment's.
    pub amount_differs: bool,
}

impl From<PayoutLine> for PayoutLineDto {
    fn from(l: PayoutLine) -> Self {
        Self {
            unmatched: l.is_unmatched(),
            amount_differs: l.amount_differs(),
            balance_transaction_id: l.balance_transaction_id,
            kind: l.kind.as_str(),
            gross: l.gross.to_string(),
            fee: l.fee.to_string(),
            net: l.net.to_string(),
            intent_id: l.intent_id,
            description: l.description,
            payment_id: l.payment_id,
            receipt_number: l.receipt_number,
            donor: l.donor,
            ledger_amount: l.ledger_amount.map(|a| a.to_string()),
        }
    }
}

/// A payout with its lines.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutDetailDto {
    pub payout: PayoutDto,
    pub lines: Vec<PayoutLineDto>,
}

/// What a reconciliation recorded.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconciledPayoutsDto {
    /// Card payments whose fee was recorded.
    pub fees: u32,
    /// Card payments the provider has not settled yet (asked again later).
    pub unsettled: u32,
    pub payouts: u32,
    /// Of the payouts recorded, those flagged.
    pub flagged: u32,
}

impl From<Reconciled> for ReconciledPayoutsDto {
    fn from(r: Reconciled) -> Self {
        Self { fees: r.fees, unsettled: r.unsettled, payouts: r.payouts, flagged: r.flagged }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PayoutPeriodQuery {
    /// "YYYY-MM-DD": the first arrival day.
    #[param(format = Date)]
    from: String,
    /// "YYYY-MM-DD": the last arrival day, on or after `from`, at most 366 days later.
    #[param(format = Date)]
    to: String,
}

/// The payouts arriving in a period, newest first, each flagged when it does not match the ledger
/// (treasurers).
#[utoipa::path(operation_id = "listPayouts", get, path = "/api/admin/payouts", tag = "admin", security(("bearer" = [])), params(PayoutPeriodQuery), responses(
    (status = 200, body = PayoutListDto), (status = 400, body = ErrorBody, description = "`to` before `from`, or more than 366 days"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn list_payouts(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PayoutPeriodQuery>,
) -> Result<web::Json<PayoutListDto>, ApiError> {
    let payouts = state.settlements.payouts(&user.actor(), &query.from, &query.to).await?;
    Ok(web::Json(PayoutListDto {
        provider: state.settlements.provider().as_str(),
        newest: state.settlements.newest().await?,
        payouts: payouts.iter().map(Into::into).collect(),
    }))
}

/// A payout with the charges and refunds it carries and the payments they matched (treasurers).
#[utoipa::path(operation_id = "getPayout", get, path = "/api/admin/payouts/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = PayoutDetailDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn get_payout(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<PayoutDetailDto>, ApiError> {
    let (payout, lines) = state.settlements.payout(&user.actor(), &path.into_inner()).await?;
    Ok(web::Json(PayoutDetailDto { payout: (&payout).into(), lines: lines.into_iter().map(Into::into).collect() }))
}

/// Asks the card provider for new fees and payouts now (treasurers; safe to repeat: each fee and
/// payout is recorded once).
#[utoipa::path(operation_id = "reconcilePayouts", post, path = "/api/admin/payouts/reconcile", tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = ReconciledPayoutsDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 500, body = ErrorBody, description = "The card provider could not be reached; try again later")
))]
async fn reconcile_payouts(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<ReconciledPayoutsDto>, ApiError> {
    Ok(web::Json(state.settlements.reconcile(&user.actor()).await?.into()))
}

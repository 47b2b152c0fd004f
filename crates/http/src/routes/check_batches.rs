//! Checks entered in bulk by a treasurer (docs/product.md#check-batches): each check a gift of its
//! own, recorded together once per key.

use actix_web::{HttpRequest, HttpResponse, post, web};
use mandir_domain::NumberInput;
use mandir_domain::counter::{CheckBatchInput, CounterSaleInput, TenderInput};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::routes::counter::{CounterDonorRequest, CounterSaleDto, sale_dto};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(create_check_batch), components(schemas(CheckBatchRequest, CheckEntryRequest, CheckRequest, CheckBatchDto)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create_check_batch);
}

/// The check itself: its amount (the gift's total), number, bank and date.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = input::amount_schema)]
    amount: Value,
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9]{1,20}$")]
    check_number: Option<String>,
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    bank: Option<String>,
    #[serde(default)]
    #[schema(required = true, format = Date)]
    check_date: Option<String>,
}

/// One check of the batch: who gave it (as at the counter), what it is for (the lines add up to
/// the check), and the check.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckEntryRequest {
    #[serde(default)]
    #[schema(required = true)]
    donor: CounterDonorRequest,
    /// `DonationDetail[]`: a donation type (or 'custom'), an amount and a name per line.
    #[serde(default)]
    #[schema(required = true, schema_with = input::donation_details_schema)]
    lines: Value,
    #[serde(default)]
    #[schema(required = true)]
    check: CheckRequest,
    #[serde(default)]
    #[schema(max_length = 200)]
    in_honor_of: Option<String>,
}

/// Checks entered together: where they came from (`counter`: collected at the temple, such as a
/// festival table's; `mail`) and each check.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckBatchRequest {
    #[serde(default)]
    #[schema(required = true, pattern = "^(counter|mail)$", example = "mail")]
    channel: Option<String>,
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 100)]
    checks: Vec<CheckEntryRequest>,
}

impl From<CheckBatchRequest> for CheckBatchInput {
    fn from(b: CheckBatchRequest) -> Self {
        Self {
            channel: b.channel,
            checks: b
                .checks
                .into_iter()
                .map(|e| CounterSaleInput {
                    donor: e.donor.into(),
                    sevas: Vec::new(),
                    registrations: Vec::new(),
                    lines: input::donation_details(&e.lines),
                    tenders: vec![TenderInput {
                        method: Some("check".into()),
                        amount: input::number(&e.check.amount),
                        tendered: NumberInput::Missing,
                        check_number: e.check.check_number,
                        bank: e.check.bank,
                        check_date: e.check.check_date,
                        payment_intent_id: None,
                    }],
                    in_honor_of: e.in_honor_of,
                })
                .collect(),
        }
    }
}

/// A recorded batch: each check's sale, in the order sent, and their total.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckBatchDto {
    sales: Vec<CounterSaleDto>,
    /// "152.00"
    total: String,
}

/// Records a batch of checks (treasurers, admins): each check is a gift of its own (a completed
/// payment of channel `counter` or `mail`, method `check`, with its receipt e-mailed when an address
/// is known), on its donor's statement and waiting for a bank deposit. One bad entry refuses the
/// whole batch, its errors named `checks[i].…`. The `Idempotency-Key` is the batch's: sending it
/// again answers the sales already recorded (200) and records nothing.
#[utoipa::path(operation_id = "createCheckBatch", tag = "cash office", security(("bearer" = [])), request_body = CheckBatchRequest,
    params(("Idempotency-Key" = String, Header, pattern = "^[A-Za-z0-9_-]{8,90}$", description = "One per batch, kept until the server confirms it")),
    responses(
        (status = 201, body = CheckBatchDto, description = "Recorded"),
        (status = 200, body = CheckBatchDto, description = "Recorded before with this key"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The key was used for another batch (nothing recorded)"),
    ))]
#[post("/api/check-batches")]
async fn create_check_batch(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CheckBatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = input::idempotency_key(&req).unwrap_or_default();
    let input = CheckBatchInput::from(body.into_inner());
    let outcome = state.counter.record_check_batch(&user.actor(), &key, &input).await?;
    let total = mandir_domain::Money::from_cents(outcome.sales.iter().map(|s| s.payment.amount.cents()).sum());
    let dto = CheckBatchDto { sales: outcome.sales.into_iter().map(|s| sale_dto(&state, s)).collect(), total: total.to_string() };
    Ok(if outcome.created { HttpResponse::Created().json(dto) } else { HttpResponse::Ok().json(dto) })
}

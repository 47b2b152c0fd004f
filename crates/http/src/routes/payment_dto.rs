//! A payment as the API shows it, and the ledger's filters: shared by the payment routes, the
//! ledger, the counter, the sevas' bookings, the account and the admin's member pages.

use chrono::{DateTime, Utc};
use mandir_application::services::payments::PaymentQuery;
use mandir_domain::payment::{DonationDetail, Payment, PaymentMethodKind, PaymentStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::dto::{ChannelDto, PaymentMethodKindDto, PaymentProviderDto, PaymentStatusDto};
use crate::input;

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

/// A filter's closed set; blank (`status=`) filters nothing.
fn status_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&[""].into_iter().chain(PaymentStatus::ALL.iter().map(|s| s.as_str())).collect::<Vec<_>>())
}

fn method_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&[""].into_iter().chain(PaymentMethodKind::ALL.iter().map(|m| m.as_str())).collect::<Vec<_>>())
}

/// The ledger's filters (the admin payment list takes the same ones).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LedgerFilters {
    /// pending, completed, failed, refunded or expired.
    #[param(schema_with = status_schema)]
    status: Option<String>,
    /// credit_card, paypal, zelle, cash, check or split (a counter sale paid in several ways).
    #[param(schema_with = method_schema)]
    method: Option<String>,
    /// An event's id, or 'direct-donation' for donations not tied to an event.
    event_id: Option<String>,
    /// A donation type's id, or 'custom'.
    purpose: Option<String>,
    /// ISO date-time or day, inclusive.
    #[param(schema_with = input::day_or_instant_schema)]
    from: Option<String>,
    /// ISO date-time or day, inclusive.
    #[param(schema_with = input::day_or_instant_schema)]
    to: Option<String>,
    /// Words to find in the donor's name or e-mail or the receipt number (at most 200 characters).
    #[param(max_length = 200)]
    q: Option<String>,
    /// `true` lists expired card intents too (hidden by default unless `status=expired`).
    include_expired: Option<String>,
}

impl From<LedgerFilters> for PaymentQuery {
    fn from(f: LedgerFilters) -> Self {
        PaymentQuery {
            status: f.status,
            method: f.method,
            event_id: f.event_id,
            from: f.from,
            to: f.to,
            purpose: f.purpose,
            search: f.q,
            include_expired: f.include_expired.is_some_and(|v| matches!(v.trim(), "true" | "1")),
        }
    }
}

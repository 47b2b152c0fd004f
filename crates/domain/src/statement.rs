//! A donor's year-end giving statement, as e-mailed, shown and printed (ADR 0103).

use chrono::{DateTime, Utc};
use serde::Serialize;

/// One gift on a statement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatementGift {
    /// The day in the temple's zone, e.g. `November 21, 2026`.
    pub date: String,
    pub paid_at: DateTime<Utc>,
    pub receipt_number: String,
    pub method: String,
    /// The purpose lines, e.g. `Annadanam, Flowers`.
    pub purposes: String,
    /// The funds the gift went to, e.g. `Temple Building, General`.
    pub funds: String,
    /// What the temple kept: the amount net of refunds, `"25.00"`.
    pub amount: String,
    /// What the donor may deduct of it: the amount kept less the value of goods received.
    pub deductible: String,
    /// This gift's IRS acknowledgement, by what its lines gave in return.
    pub acknowledgement: String,
}

/// A donor's giving in one calendar year of the temple's zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatementView {
    pub year: i32,
    pub donor_name: String,
    pub donor_email: String,
    /// Where a printed statement is mailed: the address on the donor's latest gift that has one.
    pub donor_address: Option<String>,
    /// Oldest first.
    pub gifts: Vec<StatementGift>,
    pub total: String,
    /// The sum of the gifts' deductible parts.
    pub deductible_total: String,
    pub organization: String,
    pub ein: Option<String>,
    pub organization_address: Option<String>,
    /// The gifts' acknowledgement when they all share one; otherwise the application's `EACH_GIFT` sentence, and each
    /// gift states its own.
    pub acknowledgement: String,
    /// From a sandbox site (staging, development): marked "TEST — not a receipt".
    pub test: bool,
}

//! A donation's receipt, as the e-mail, the printable page and the printed letter show it
//! (ADR 0092).

use chrono::{DateTime, Utc};
use serde::Serialize;

/// One purpose line of a receipt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReceiptLine {
    pub label: String,
    /// `"25.00"`.
    pub amount: String,
    /// What the donor received for it: `donation` (nothing), `religious` (a seva or puja) or
    /// `goods` (with their value).
    pub kind: &'static str,
    /// The fair-market value received, `"15.00"`; only for goods.
    pub value: Option<String>,
}

/// A receipt as the e-mail and the printable page show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReceiptView {
    pub receipt_number: String,
    /// The day of the gift in the temple's zone, e.g. `November 21, 2026`.
    pub date: String,
    pub paid_at: DateTime<Utc>,
    /// `"300.00"` (US dollars).
    pub amount: String,
    /// `Card` or `Zelle`.
    pub method: String,
    pub event_name: Option<String>,
    pub lines: Vec<ReceiptLine>,
    pub donor_name: String,
    pub donor_email: String,
    pub donor_address: Option<String>,
    pub in_honor_of: Option<String>,
    /// The temple's legal name (its display name when no legal name is set).
    pub organization: String,
    pub ein: Option<String>,
    pub organization_address: Option<String>,
    /// The IRS acknowledgement its lines call for (docs/product.md#acknowledgements).
    pub acknowledgement: String,
    /// What the donor may deduct: the amount less the fair-market value of goods received.
    pub deductible: String,
    /// A test gift (the sandbox) or a sandbox site: marked "TEST — not a receipt" wherever it is shown.
    pub test: bool,
}

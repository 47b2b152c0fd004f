//! The books (docs/product.md#accounting-export, docs/decisions/0145-accounting-export.md): the
//! temple's chart of accounts, which account each fund, donation type, kind of line and payment
//! method is booked to, and the journal entries of a period of the ledger, balanced, with the
//! files QuickBooks imports (IIF for QuickBooks Desktop, the journal CSV of QuickBooks Online)
//! and a general-ledger CSV.
//!
//! Every completed gift of the period (test and imported gifts apart) is one entry on its day in
//! the temple's zone: the money's account debited (per tender for a split counter sale), each
//! line's income account credited. Every refund of the period is one entry on its own day, the
//! reverse of its share of the gift. Shares are split by [`allocate`]: each part rounded toward
//! zero, the cents left over given one at a time to the largest parts, so every entry balances to
//! the cent.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

use crate::exchange::Exchange;
use crate::money::Money;
use crate::payment::{CUSTOM_DONATION_TYPE, DonationDetail};
use crate::text_enum;
use crate::validation::ValidationErrors;

pub const CODE_INVALID: &str = "Code must be 1 to 20 letters, digits, dots or hyphens";
pub const NAME_INVALID: &str = "Name must be 1 to 100 characters, without a colon";
pub const KIND_INVALID: &str = "Kind must be asset, liability, equity, income or expense";
pub const NOTHING_TO_CHANGE: &str = "Change at least one field";
pub const DUPLICATE_ACCOUNT: &str = "An account with this code or name already exists";
pub const ACCOUNT_MAPPED: &str = "This account is mapped: choose another account for what it is mapped to first";
pub const ACCOUNT_NOT_FOUND: &str = "Account not found";
pub const ACCOUNT_INACTIVE: &str = "Choose an active account";
pub const SUBJECT_INVALID: &str =
    "Subject must be default_income, default_deposit, payout_bank, card_fees, fund, donation_type, line_kind or method";
pub const SUBJECT_NOT_FOUND: &str = "Nothing of that kind has this id";
pub const DEFAULT_REQUIRED: &str = "A default account cannot be left unset";
pub const FROM_INVALID: &str = "From must be a date (YYYY-MM-DD)";
pub const TO_INVALID: &str = "To must be a date (YYYY-MM-DD) on or after From";
pub const PERIOD_TOO_LONG: &str = "Export at most 366 days at a time";
pub const FORMAT_INVALID: &str = "Format must be iif, qbo_csv or gl_csv";

const MAX_CODE: usize = 20;
const MAX_NAME: usize = 100;
/// The longest period one export covers.
pub const MAX_PERIOD_DAYS: i64 = 366;

text_enum!(
    /// What an account holds, as QuickBooks and every chart of accounts name it.
    AccountKind { Asset => "asset", Liability => "liability", Equity => "equity", Income => "income", Expense => "expense" }
);

text_enum!(
    /// What a mapping is for.
    MappingSubject {
        /// The income account of a line nothing else names.
        DefaultIncome => "default_income",
        /// The account money is debited to when its method names none.
        DefaultDeposit => "default_deposit",
        /// A fund's income account.
        Fund => "fund",
        /// A donation type's income account.
        DonationType => "donation_type",
        /// Lines given in exchange for something: `religious` (sevas and pujas) or `goods`
        /// (tickets, dinners).
        LineKind => "line_kind",
        /// How the money came: `cash`, `check`, `credit_card`, `zelle`, `paypal`.
        Method => "method",
        /// The bank account card payouts reach (ADR 0146).
        PayoutBank => "payout_bank",
        /// The expense account of the card provider's fees (ADR 0146).
        CardFees => "card_fees",
    }
);

text_enum!(
    /// The file an export writes.
    ExportFormat {
        /// QuickBooks Desktop's Intuit Interchange Format: general journal transactions.
        Iif => "iif",
        /// QuickBooks Online's journal entry import (CSV).
        QboCsv => "qbo_csv",
        /// A general ledger, one row per debit or credit, with the ledger's ids.
        GlCsv => "gl_csv",
    }
);

impl ExportFormat {
    /// The downloaded file's name for a period.
    pub fn file_name(self, from: NaiveDate, to: NaiveDate) -> String {
        match self {
            Self::Iif => format!("mandir-{from}-to-{to}.iif"),
            Self::QboCsv => format!("mandir-qbo-{from}-to-{to}.csv"),
            Self::GlCsv => format!("mandir-gl-{from}-to-{to}.csv"),
        }
    }

    pub const fn label(self) -> &'static str {
        match self {
            Self::Iif => "QuickBooks Desktop (IIF)",
            Self::QboCsv => "QuickBooks Online (CSV)",
            Self::GlCsv => "General ledger (CSV)",
        }
    }
}

/// The line kinds a mapping may name.
pub const LINE_KINDS: [(&str, &str); 2] = [("religious", "Sevas and pujas"), ("goods", "Tickets, meals and goods")];
/// The payment methods a mapping may name, with their labels.
pub const METHODS: [(&str, &str); 5] =
    [("cash", "Cash"), ("check", "Checks"), ("credit_card", "Cards"), ("zelle", "Zelle"), ("paypal", "PayPal")];

/// An account of the chart.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LedgerAccount {
    pub id: String,
    pub code: String,
    pub name: String,
    pub kind: AccountKind,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl LedgerAccount {
    /// "4000 Contributions".
    pub fn label(&self) -> String {
        format!("{} {}", self.code, self.name)
    }
}

/// An export of a period's entries, as recorded: the period is marked exported, and exporting an
/// overlapping period again warns.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct AccountingExport {
    pub id: String,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub format: ExportFormat,
    pub entries: u32,
    /// The sum of the debits (equal to the credits).
    pub total: Money,
    pub by_user_id: Option<String>,
    pub by_name: String,
    pub created_at: DateTime<Utc>,
}

impl AccountingExport {
    /// Whether it covers any day of `from`..=`to`.
    pub fn overlaps(&self, from: NaiveDate, to: NaiveDate) -> bool {
        self.from <= to && from <= self.to
    }
}

/// The answer to exporting a period exported before without saying "again".
pub fn exported_before(earlier: &AccountingExport, zone: Tz) -> String {
    format!(
        "{} to {} was exported on {} by {} ({}): export it again?",
        earlier.from,
        earlier.to,
        earlier.created_at.with_timezone(&zone).format("%Y-%m-%d"),
        earlier.by_name,
        earlier.format.label()
    )
}

/// A new account as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewAccountInput {
    pub code: String,
    pub name: String,
    pub kind: String,
}

/// A valid new account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAccount {
    pub code: String,
    pub name: String,
    pub kind: AccountKind,
}

fn code_of(text: &str) -> Result<String, String> {
    let code = text.trim();
    let ok =
        !code.is_empty() && code.chars().count() <= MAX_CODE && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
    if ok { Ok(code.to_owned()) } else { Err(CODE_INVALID.to_owned()) }
}

fn name_of(text: &str) -> Result<String, String> {
    let name = text.trim();
    // QuickBooks reads a colon as "parent:sub-account", and its files have no room for tabs or lines.
    let ok = !name.is_empty() && name.chars().count() <= MAX_NAME && !name.chars().any(|c| c == ':' || c.is_control());
    if ok { Ok(name.to_owned()) } else { Err(NAME_INVALID.to_owned()) }
}

fn kind_of(text: &str) -> Result<AccountKind, String> {
    AccountKind::parse(text.trim()).ok_or_else(|| KIND_INVALID.to_owned())
}

impl NewAccountInput {
    pub fn validate(self) -> Result<NewAccount, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let code = errors.check("code", code_of(&self.code));
        let name = errors.check("name", name_of(&self.name));
        let kind = errors.check("kind", kind_of(&self.kind));
        match (code, name, kind) {
            (Some(code), Some(name), Some(kind)) if errors.is_empty() => Ok(NewAccount { code, name, kind }),
            _ => Err(errors),
        }
    }
}

/// A change to an account as typed: any of its fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountPatchInput {
    pub code: Option<String>,
    pub name: Option<String>,
    pub kind: Option<String>,
    pub is_active: Option<bool>,
}

/// A valid change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountPatch {
    pub code: Option<String>,
    pub name: Option<String>,
    pub kind: Option<AccountKind>,
    pub is_active: Option<bool>,
}

impl AccountPatchInput {
    pub fn validate(self) -> Result<AccountPatch, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        if self.code.is_none() && self.name.is_none() && self.kind.is_none() && self.is_active.is_none() {
            errors.add("code", NOTHING_TO_CHANGE);
            return Err(errors);
        }
        let code = self.code.as_deref().and_then(|c| errors.check("code", code_of(c)));
        let name = self.name.as_deref().and_then(|n| errors.check("name", name_of(n)));
        let kind = self.kind.as_deref().and_then(|k| errors.check("kind", kind_of(k)));
        errors.into_result()?;
        Ok(AccountPatch { code, name, kind, is_active: self.is_active })
    }
}

/// The period of an export, as typed: both days in the temple's calendar, inclusive.
pub fn period_of(from: &str, to: &str) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
    period_within(from, to, MAX_PERIOD_DAYS, PERIOD_TOO_LONG)
}

/// A period as typed, at most `max_days` long (`too_long` says so otherwise).
pub fn period_within(from: &str, to: &str, max_days: i64, too_long: &str) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let from = NaiveDate::parse_from_str(from.trim(), "%Y-%m-%d").ok();
    let to = NaiveDate::parse_from_str(to.trim(), "%Y-%m-%d").ok();
    match (from, to) {
        (Some(from), Some(to)) if to < from => errors.add("to", TO_INVALID),
        (Some(from), Some(to)) if (to - from).num_days() >= max_days => errors.add("to", too_long),
        (Some(from), Some(to)) => return Ok((from, to)),
        (from, to) => {
            if from.is_none() {
                errors.add("from", FROM_INVALID);
            }
            if to.is_none() {
                errors.add("to", TO_INVALID);
            }
        }
    }
    Err(errors)
}

/// Which account each subject is booked to, as stored: `(subject, subject id) → account id`
/// (the defaults under an empty id).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mappings(HashMap<(MappingSubject, String), String>);

impl Mappings {
    pub fn new(rows: impl IntoIterator<Item = (MappingSubject, String, String)>) -> Self {
        Self(rows.into_iter().map(|(subject, id, account)| ((subject, id), account)).collect())
    }

    pub fn get(&self, subject: MappingSubject, id: &str) -> Option<&str> {
        self.0.get(&(subject, id.to_owned())).map(String::as_str)
    }

    /// The income account of a line: its donation type's, else its kind's (a seva, goods), else
    /// its fund's, else the default.
    pub fn income_of(&self, line: &DonationDetail) -> Option<&str> {
        let by_type = if line.donation_type_id == CUSTOM_DONATION_TYPE {
            None
        } else {
            self.get(MappingSubject::DonationType, &line.donation_type_id)
        };
        let kind = match line.exchange {
            Exchange::Nothing => None,
            Exchange::Religious => Some("religious"),
            Exchange::Goods(_) => Some("goods"),
        };
        by_type
            .or_else(|| kind.and_then(|k| self.get(MappingSubject::LineKind, k)))
            .or_else(|| line.fund_id.as_ref().and_then(|f| self.get(MappingSubject::Fund, f.as_str())))
            .or_else(|| self.get(MappingSubject::DefaultIncome, ""))
    }

    /// The account money of this method is debited to: the method's, else the default.
    pub fn deposit_of(&self, method: &str) -> Option<&str> {
        self.get(MappingSubject::Method, method).or_else(|| self.get(MappingSubject::DefaultDeposit, ""))
    }
}

/// Splits `total` in proportion to `weights`: each share rounded toward zero, then the cents left
/// over given one each to the largest weights (the first of equals first). The shares add up to
/// `total` exactly; with no positive weight, everything goes to the first part.
pub fn allocate(total: i64, weights: &[i64]) -> Vec<i64> {
    let sum: i64 = weights.iter().map(|w| (*w).max(0)).sum();
    if weights.is_empty() {
        return Vec::new();
    }
    if sum == 0 {
        let mut shares = vec![0; weights.len()];
        shares[0] = total;
        return shares;
    }
    let mut shares: Vec<i64> =
        weights.iter().map(|w| i64::try_from(i128::from(total) * i128::from((*w).max(0)) / i128::from(sum)).unwrap_or(0)).collect();
    let mut left = total - shares.iter().sum::<i64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|a, b| weights[*b].cmp(&weights[*a]).then(a.cmp(b)));
    let step = left.signum();
    let mut i = 0;
    while left != 0 {
        shares[order[i % order.len()]] += step;
        left -= step;
        i += 1;
    }
    shares
}

/// A completed gift to book, with how it was paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookedGift {
    pub payment_id: String,
    pub receipt_number: Option<String>,
    pub paid_at: DateTime<Utc>,
    pub donor: String,
    pub amount: Money,
    pub lines: Vec<DonationDetail>,
    /// Each part of the money by method (`cash`, `check`, `credit_card`, `zelle`, `paypal`): the
    /// counter's tenders, or the payment's one method.
    pub tenders: Vec<(String, Money)>,
}

/// A refund to book: a part of a gift given back on a day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookedRefund {
    pub refund_id: String,
    pub refunded_at: DateTime<Utc>,
    pub amount: Money,
    pub gift: BookedGift,
}

text_enum!(
    /// What an entry records.
    EntryKind { Gift => "gift", Refund => "refund", Payout => "payout" }
);

/// A card payout to book on the day it reaches the bank (tests apart): the money leaves card
/// clearing, what reached the bank and the provider's fees on it are debited (ADR 0146).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookedPayout {
    /// The provider's payout id (`po_...`), in the entry's payment id.
    pub payout_id: String,
    pub arrival_date: NaiveDate,
    /// What reached the bank.
    pub amount: Money,
    /// The provider's fees on the charges it carries.
    pub fees: Money,
}

/// One debit or credit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalLine {
    pub account_id: String,
    /// Positive: a debit; negative: a credit (cents).
    pub cents: i64,
    pub memo: String,
}

/// One balanced journal entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalEntry {
    /// 1, 2, … in the export's order (by day, gifts before refunds before payouts, then by receipt).
    pub number: u32,
    pub date: NaiveDate,
    pub kind: EntryKind,
    /// The payment's id, or a payout's.
    pub payment_id: String,
    pub receipt_number: Option<String>,
    pub donor: String,
    pub lines: Vec<JournalLine>,
}

impl JournalEntry {
    /// The sum of its debits (equal to its credits).
    pub fn debits(&self) -> i64 {
        self.lines.iter().filter(|l| l.cents > 0).map(|l| l.cents).sum()
    }

    /// What the entry says of itself: "Gift AUTO-… (payment …)".
    pub fn description(&self) -> String {
        let what = match self.kind {
            EntryKind::Gift => "Gift",
            EntryKind::Refund => "Refund of",
            EntryKind::Payout => return format!("Card payout {}", self.payment_id),
        };
        let receipt = self.receipt_number.as_deref().unwrap_or("without receipt");
        format!("{what} {receipt} (payment {})", self.payment_id)
    }
}

/// A subject nothing maps, so its lines went to a default: told to the treasurer before exporting.
pub const NO_ACCOUNT: &str = "No account is set for the defaults: set them on the Mappings tab";

/// The entries of a period: its gifts, refunds and card payouts, balanced, numbered from 1. `Err`
/// names what has no account at all (a default unset).
pub fn journal(
    gifts: &[BookedGift],
    refunds: &[BookedRefund],
    payouts: &[BookedPayout],
    mappings: &Mappings,
    zone: Tz,
) -> Result<Vec<JournalEntry>, &'static str> {
    let mut entries = Vec::with_capacity(gifts.len() + refunds.len() + payouts.len());
    for gift in gifts {
        let lines = gift_lines(gift, gift.amount.cents(), mappings, 1)?;
        entries.push(JournalEntry {
            number: 0,
            date: gift.paid_at.with_timezone(&zone).date_naive(),
            kind: EntryKind::Gift,
            payment_id: gift.payment_id.clone(),
            receipt_number: gift.receipt_number.clone(),
            donor: gift.donor.clone(),
            lines,
        });
    }
    for refund in refunds {
        let lines = gift_lines(&refund.gift, refund.amount.cents(), mappings, -1)?;
        entries.push(JournalEntry {
            number: 0,
            date: refund.refunded_at.with_timezone(&zone).date_naive(),
            kind: EntryKind::Refund,
            payment_id: refund.gift.payment_id.clone(),
            receipt_number: refund.gift.receipt_number.clone(),
            donor: refund.gift.donor.clone(),
            lines,
        });
    }
    for payout in payouts {
        if let Some(lines) = payout_lines(payout, mappings)? {
            entries.push(JournalEntry {
                number: 0,
                date: payout.arrival_date,
                kind: EntryKind::Payout,
                payment_id: payout.payout_id.clone(),
                receipt_number: None,
                donor: String::new(),
                lines,
            });
        }
    }
    entries.sort_by(|a, b| {
        a.date.cmp(&b.date).then(a.kind.cmp(&b.kind)).then(a.receipt_number.cmp(&b.receipt_number)).then(a.payment_id.cmp(&b.payment_id))
    });
    for (i, entry) in entries.iter_mut().enumerate() {
        entry.number = u32::try_from(i + 1).unwrap_or(u32::MAX);
    }
    Ok(entries)
}

/// The debits and credits of `cents` of a gift (all of it, or a refund's part): the money's
/// accounts debited and the lines' income credited, in proportion; `sign` -1 reverses them.
fn gift_lines(gift: &BookedGift, cents: i64, mappings: &Mappings, sign: i64) -> Result<Vec<JournalLine>, &'static str> {
    let mut out = Vec::new();
    // The money: one debit per account, in proportion to each tender.
    let tender_weights: Vec<i64> = gift.tenders.iter().map(|(_, m)| m.cents()).collect();
    let tender_shares = if gift.tenders.is_empty() { Vec::new() } else { allocate(cents, &tender_weights) };
    let mut by_account: Vec<(String, i64, Vec<&str>)> = Vec::new();
    for ((method, _), share) in gift.tenders.iter().zip(tender_shares) {
        let account = mappings.deposit_of(method).ok_or(NO_ACCOUNT)?;
        match by_account.iter_mut().find(|(a, _, _)| a == account) {
            Some(found) => {
                found.1 += share;
                found.2.push(method_label(method));
            }
            None => by_account.push((account.to_owned(), share, vec![method_label(method)])),
        }
    }
    if gift.tenders.is_empty() {
        by_account.push((mappings.deposit_of("").ok_or(NO_ACCOUNT)?.to_owned(), cents, vec!["Payment"]));
    }
    for (account, share, methods) in by_account {
        out.push(JournalLine { account_id: account, cents: sign * share, memo: methods.join(" and ") });
    }
    // The income: each line's part.
    let line_weights: Vec<i64> = gift.lines.iter().map(|l| l.amount.cents()).collect();
    if gift.lines.is_empty() {
        out.push(JournalLine {
            account_id: mappings.get(MappingSubject::DefaultIncome, "").ok_or(NO_ACCOUNT)?.to_owned(),
            cents: -sign * cents,
            memo: "Gift".to_owned(),
        });
    } else {
        for (line, share) in gift.lines.iter().zip(allocate(cents, &line_weights)) {
            let account = mappings.income_of(line).ok_or(NO_ACCOUNT)?;
            out.push(JournalLine { account_id: account.to_owned(), cents: -sign * share, memo: line.name.clone() });
        }
    }
    Ok(out)
}

/// A payout's debits and credits: what reached the bank and the fees debited, the card clearing
/// account (the card method's) credited with both. `None` for an empty payout.
fn payout_lines(payout: &BookedPayout, mappings: &Mappings) -> Result<Option<Vec<JournalLine>>, &'static str> {
    let (amount, fees) = (payout.amount.cents(), payout.fees.cents());
    if amount == 0 && fees == 0 {
        return Ok(None);
    }
    let bank = mappings.get(MappingSubject::PayoutBank, "").ok_or(NO_ACCOUNT)?;
    let clearing = mappings.deposit_of("credit_card").ok_or(NO_ACCOUNT)?;
    let mut lines = vec![JournalLine { account_id: bank.to_owned(), cents: amount, memo: "Card payout".to_owned() }];
    if fees != 0 {
        let expense = mappings.get(MappingSubject::CardFees, "").ok_or(NO_ACCOUNT)?;
        lines.push(JournalLine { account_id: expense.to_owned(), cents: fees, memo: "Card processing fees".to_owned() });
    }
    lines.push(JournalLine { account_id: clearing.to_owned(), cents: -(amount + fees), memo: "Card payments paid out".to_owned() });
    Ok(Some(lines))
}

fn method_label(method: &str) -> &'static str {
    METHODS.iter().find(|(m, _)| *m == method).map_or("Payment", |(_, label)| label)
}

/// An amount of cents as QuickBooks reads it: "1234.50", "-12.05".
pub fn amount_text(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// The accounts an export names, by id.
pub type AccountsById<'a> = HashMap<&'a str, &'a LedgerAccount>;

fn account<'a>(accounts: &AccountsById<'a>, id: &str) -> (&'a str, &'a str) {
    accounts.get(id).map_or(("", "Unknown account"), |a| (a.code.as_str(), a.name.as_str()))
}

/// Text for a tab-separated IIF field: no tabs, line ends or double quotes.
fn iif_field(text: &str) -> String {
    text.chars().map(|c| if c == '\t' || c == '\r' || c == '\n' || c == '"' { ' ' } else { c }).collect::<String>().trim().to_owned()
}

/// QuickBooks Desktop's IIF: a `GENERAL JOURNAL` transaction per entry (its first line `TRNS`,
/// the others `SPL`, then `ENDTRNS`), accounts by name, debits positive and credits negative,
/// dates MM/DD/YYYY, tab-separated with CRLF line ends.
pub fn iif(entries: &[JournalEntry], accounts: &AccountsById<'_>) -> String {
    let mut out = String::new();
    out.push_str("!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\r\n");
    out.push_str("!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\r\n");
    out.push_str("!ENDTRNS\r\n");
    for entry in entries {
        let date = entry.date.format("%m/%d/%Y");
        let doc = entry.number;
        let name = iif_field(&entry.donor);
        for (i, line) in entry.lines.iter().enumerate() {
            let tag = if i == 0 { "TRNS" } else { "SPL" };
            let (_, account_name) = account(accounts, &line.account_id);
            let memo = iif_field(&format!("{} · {}", entry.description(), line.memo));
            out.push_str(&format!(
                "{tag}\t\tGENERAL JOURNAL\t{date}\t{}\t{name}\t{}\t{doc}\t{memo}\r\n",
                iif_field(account_name),
                amount_text(line.cents)
            ));
        }
        out.push_str("ENDTRNS\r\n");
    }
    out
}

/// QuickBooks Online's journal entry import: the header and one row per debit or credit.
pub const QBO_HEADER: [&str; 7] = ["Journal No.", "Journal Date", "Account Name", "Debits", "Credits", "Description", "Name"];

pub fn qbo_rows(entries: &[JournalEntry], accounts: &AccountsById<'_>) -> Vec<Vec<String>> {
    entries
        .iter()
        .flat_map(|entry| {
            entry.lines.iter().map(move |line| {
                let (_, name) = account(accounts, &line.account_id);
                vec![
                    entry.number.to_string(),
                    entry.date.format("%m/%d/%Y").to_string(),
                    name.to_owned(),
                    if line.cents > 0 { amount_text(line.cents) } else { String::new() },
                    if line.cents < 0 { amount_text(-line.cents) } else { String::new() },
                    format!("{} · {}", entry.description(), line.memo),
                    entry.donor.clone(),
                ]
            })
        })
        .collect()
}

/// The general ledger: one row per debit or credit, with the accounts' codes and the ledger's ids.
pub const GL_HEADER: [&str; 11] =
    ["Entry", "Date", "Account code", "Account", "Debit", "Credit", "Memo", "Donor", "Receipt number", "Payment id", "Kind"];

pub fn gl_rows(entries: &[JournalEntry], accounts: &AccountsById<'_>) -> Vec<Vec<String>> {
    entries
        .iter()
        .flat_map(|entry| {
            entry.lines.iter().map(move |line| {
                let (code, name) = account(accounts, &line.account_id);
                vec![
                    entry.number.to_string(),
                    entry.date.to_string(),
                    code.to_owned(),
                    name.to_owned(),
                    if line.cents > 0 { amount_text(line.cents) } else { String::new() },
                    if line.cents < 0 { amount_text(-line.cents) } else { String::new() },
                    line.memo.clone(),
                    entry.donor.clone(),
                    entry.receipt_number.clone().unwrap_or_default(),
                    entry.payment_id.clone(),
                    entry.kind.as_str().to_owned(),
                ]
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FundId;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).expect("time").with_timezone(&Utc)
    }

    fn line(type_id: &str, cents: i64, exchange: Exchange, fund: &str) -> DonationDetail {
        DonationDetail {
            donation_type_id: type_id.to_owned(),
            amount: Money::from_cents(cents),
            name: format!("{type_id} line"),
            exchange,
            fund_id: Some(FundId::from(fund.to_owned())),
        }
    }

    fn mappings() -> Mappings {
        Mappings::new([
            (MappingSubject::DefaultIncome, String::new(), "income".to_owned()),
            (MappingSubject::DefaultDeposit, String::new(), "undeposited".to_owned()),
            (MappingSubject::Method, "credit_card".to_owned(), "clearing".to_owned()),
            (MappingSubject::LineKind, "religious".to_owned(), "seva".to_owned()),
            (MappingSubject::Fund, "building".to_owned(), "building-income".to_owned()),
            (MappingSubject::DonationType, "annadanam".to_owned(), "annadanam-income".to_owned()),
            (MappingSubject::PayoutBank, String::new(), "checking".to_owned()),
            (MappingSubject::CardFees, String::new(), "fees".to_owned()),
        ])
    }

    #[test]
    fn a_card_payout_moves_money_from_clearing_to_the_bank_and_books_its_fees() {
        let payout = |id: &str, amount: i64, fees: i64| BookedPayout {
            payout_id: id.into(),
            arrival_date: "2026-12-03".parse().expect("a day"),
            amount: Money::from_cents(amount),
            fees: Money::from_cents(fees),
        };
        let g = gift(vec![line("custom", 10_000, Exchange::Nothing, "general")], &[("credit_card", 10_000)]);
        let entries =
            journal(&[g], &[], &[payout("po_1", 9_680, 320), payout("po_empty", 0, 0)], &mappings(), chrono_tz::America::Los_Angeles)
                .expect("entries");
        assert_eq!(entries.len(), 2, "an empty payout books nothing");
        let booked = &entries[1];
        assert_eq!((booked.kind, booked.payment_id.as_str(), booked.number), (EntryKind::Payout, "po_1", 2));
        let lines: Vec<(&str, i64)> = booked.lines.iter().map(|l| (l.account_id.as_str(), l.cents)).collect();
        assert_eq!(lines, [("checking", 9_680), ("fees", 320), ("clearing", -10_000)]);
        assert_eq!(booked.lines.iter().map(|l| l.cents).sum::<i64>(), 0);
        assert_eq!(booked.description(), "Card payout po_1");
        let without_bank = Mappings::new([(MappingSubject::Method, "credit_card".to_owned(), "clearing".to_owned())]);
        assert_eq!(journal(&[], &[], &[payout("po_1", 1, 0)], &without_bank, chrono_tz::UTC), Err(NO_ACCOUNT));
    }

    fn gift(lines: Vec<DonationDetail>, tenders: &[(&str, i64)]) -> BookedGift {
        let amount = lines.iter().map(|l| l.amount.cents()).sum();
        BookedGift {
            payment_id: "p1".into(),
            receipt_number: Some("AUTO-1-1".into()),
            // 11:30 pm in Folsom on the 30th is the 1st in UTC: booked on the temple's day.
            paid_at: at("2026-12-01T07:30:00Z"),
            donor: "Asha Rao".into(),
            amount: Money::from_cents(amount),
            lines,
            tenders: tenders.iter().map(|(m, c)| ((*m).to_owned(), Money::from_cents(*c))).collect(),
        }
    }

    fn balanced(entry: &JournalEntry) -> bool {
        entry.lines.iter().map(|l| l.cents).sum::<i64>() == 0
    }

    #[test]
    fn shares_add_up_to_the_total_with_the_leftover_cents_to_the_largest() {
        assert_eq!(allocate(1000, &[1, 1, 1]), vec![334, 333, 333]);
        assert_eq!(allocate(100, &[2500, 7500]), vec![25, 75]);
        assert_eq!(allocate(-101, &[50, 50]), vec![-51, -50]);
        assert_eq!(allocate(7, &[0, 0]), vec![7, 0]);
        assert_eq!(allocate(10, &[1, 3]), vec![2, 8]);
        assert!(allocate(5, &[]).is_empty());
        for total in [1, 99, 1001, 123_457] {
            assert_eq!(allocate(total, &[333, 333, 334, 1]).iter().sum::<i64>(), total);
        }
    }

    #[test]
    fn each_line_goes_to_its_type_then_its_kind_then_its_fund_then_the_default() {
        let m = mappings();
        assert_eq!(m.income_of(&line("annadanam", 100, Exchange::Nothing, "building")), Some("annadanam-income"));
        assert_eq!(m.income_of(&line(CUSTOM_DONATION_TYPE, 100, Exchange::Religious, "building")), Some("seva"));
        assert_eq!(m.income_of(&line("other", 100, Exchange::Nothing, "building")), Some("building-income"));
        assert_eq!(m.income_of(&line("other", 100, Exchange::Goods(Money::from_cents(5)), "general")), Some("income"));
        assert_eq!(m.deposit_of("credit_card"), Some("clearing"));
        assert_eq!(m.deposit_of("cash"), Some("undeposited"));
        assert_eq!(Mappings::default().deposit_of("cash"), None);
    }

    #[test]
    fn a_gift_is_one_balanced_entry_on_the_temples_day() {
        let g = gift(
            vec![line("annadanam", 5001, Exchange::Nothing, "general"), line("custom", 2500, Exchange::Religious, "general")],
            &[("cash", 4000), ("check", 3501)],
        );
        let entries = journal(&[g], &[], &[], &mappings(), chrono_tz::America::Los_Angeles).expect("entries");
        assert_eq!(entries.len(), 1);
        let e = &entries[0];
        assert_eq!((e.number, e.date, e.kind), (1, NaiveDate::from_ymd_opt(2026, 11, 30).expect("day"), EntryKind::Gift));
        assert!(balanced(e));
        assert_eq!(e.debits(), 7501);
        let lines: Vec<(&str, i64)> = e.lines.iter().map(|l| (l.account_id.as_str(), l.cents)).collect();
        // Cash and checks both wait in Undeposited Funds: one debit.
        assert_eq!(lines, vec![("undeposited", 7501), ("annadanam-income", -5001), ("seva", -2500)]);
        assert_eq!(e.lines[0].memo, "Cash and Checks");
    }

    #[test]
    fn a_partial_refund_reverses_its_share_of_every_line_and_tender() {
        let g = gift(
            vec![line("annadanam", 3333, Exchange::Nothing, "general"), line("x", 6667, Exchange::Nothing, "building")],
            &[("credit_card", 10000)],
        );
        let refund = BookedRefund {
            refund_id: "r1".into(),
            refunded_at: at("2026-12-10T20:00:00Z"),
            amount: Money::from_cents(1001),
            gift: g.clone(),
        };
        let entries = journal(&[g], &[refund], &[], &mappings(), chrono_tz::America::Los_Angeles).expect("entries");
        assert_eq!(entries.len(), 2);
        let r = &entries[1];
        assert_eq!((r.kind, r.number, r.date.to_string()), (EntryKind::Refund, 2, "2026-12-10".to_owned()));
        assert!(balanced(r));
        let lines: Vec<(&str, i64)> = r.lines.iter().map(|l| (l.account_id.as_str(), l.cents)).collect();
        assert_eq!(lines, vec![("clearing", -1001), ("annadanam-income", 333), ("building-income", 668)]);
    }

    #[test]
    fn a_missing_default_is_named() {
        let g = gift(vec![line("x", 100, Exchange::Nothing, "general")], &[("cash", 100)]);
        assert_eq!(journal(&[g], &[], &[], &Mappings::default(), chrono_tz::UTC), Err(NO_ACCOUNT));
    }

    fn chart() -> Vec<LedgerAccount> {
        let acct = |id: &str, code: &str, name: &str| LedgerAccount {
            id: id.into(),
            code: code.into(),
            name: name.into(),
            kind: AccountKind::Income,
            is_active: true,
            created_at: at("2026-01-01T00:00:00Z"),
            updated_at: at("2026-01-01T00:00:00Z"),
        };
        vec![
            acct("undeposited", "1200", "Undeposited Funds"),
            acct("annadanam-income", "4010", "Annadanam"),
            acct("seva", "4100", "Seva Income"),
        ]
    }

    #[test]
    fn the_files_write_each_entry_balanced_with_its_ids() {
        let g = gift(
            vec![line("annadanam", 5000, Exchange::Nothing, "general"), line("custom", 2500, Exchange::Religious, "general")],
            &[("cash", 7500)],
        );
        let entries = journal(&[g], &[], &[], &mappings(), chrono_tz::America::Los_Angeles).expect("entries");
        let chart = chart();
        let accounts: AccountsById<'_> = chart.iter().map(|a| (a.id.as_str(), a)).collect();
        let iif = iif(&entries, &accounts);
        let rows: Vec<Vec<&str>> = iif.split("\r\n").filter(|l| !l.is_empty()).map(|l| l.split('\t').collect()).collect();
        assert_eq!(rows[0][0], "!TRNS");
        assert_eq!(&rows[3][..8], ["TRNS", "", "GENERAL JOURNAL", "11/30/2026", "Undeposited Funds", "Asha Rao", "75.00", "1"]);
        assert_eq!(rows[4][6], "-50.00");
        assert_eq!(rows[5][6], "-25.00");
        assert!(rows[5][8].contains("AUTO-1-1") && rows[5][8].contains("payment p1"), "{:?}", rows[5]);
        assert_eq!(rows[6], ["ENDTRNS"]);
        let qbo = qbo_rows(&entries, &accounts);
        assert_eq!(qbo[0][..5], ["1", "11/30/2026", "Undeposited Funds", "75.00", ""]);
        assert_eq!(qbo[2][..5], ["1", "11/30/2026", "Seva Income", "", "25.00"]);
        let gl = gl_rows(&entries, &accounts);
        assert_eq!(gl[1], ["1", "2026-11-30", "4010", "Annadanam", "", "50.00", "annadanam line", "Asha Rao", "AUTO-1-1", "p1", "gift"]);
    }

    #[test]
    fn accounts_and_periods_are_checked() {
        let ok = NewAccountInput { code: " 4010 ".into(), name: " Annadanam ".into(), kind: "income".into() }.validate().expect("valid");
        assert_eq!((ok.code.as_str(), ok.name.as_str(), ok.kind), ("4010", "Annadanam", AccountKind::Income));
        let bad =
            NewAccountInput { code: "40 10".into(), name: "Income:Seva".into(), kind: "revenue".into() }.validate().expect_err("invalid");
        assert_eq!((bad.get("code"), bad.get("name"), bad.get("kind")), (Some(CODE_INVALID), Some(NAME_INVALID), Some(KIND_INVALID)));
        assert_eq!(AccountPatchInput::default().validate().expect_err("nothing").get("code"), Some(NOTHING_TO_CHANGE));
        assert!(AccountPatchInput { is_active: Some(false), ..Default::default() }.validate().is_ok());
        assert!(period_of("2026-11-01", "2026-11-30").is_ok());
        assert_eq!(period_of("2026-11-30", "2026-11-01").expect_err("order").get("to"), Some(TO_INVALID));
        assert_eq!(period_of("2025-01-01", "2026-01-02").expect_err("long").get("to"), Some(PERIOD_TOO_LONG));
        let both = period_of("", "x").expect_err("dates");
        assert_eq!((both.get("from"), both.get("to")), (Some(FROM_INVALID), Some(TO_INVALID)));
        assert_eq!(amount_text(-1205), "-12.05");
        assert_eq!(amount_text(7), "0.07");
    }
}

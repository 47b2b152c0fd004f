//! The books (docs/decisions/0145-accounting-export.md): the treasurer keeps a small chart of
//! accounts and maps funds, donation types, kinds of line and payment methods to it
//! (`manage_funds`), then exports a period's journal entries for QuickBooks or any general
//! ledger (`export_finances`). Every export is recorded, so an overlapping period warns before it
//! is exported again; every change and export is audited.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::NaiveDate;
use chrono_tz::Tz;
use mandir_domain::accounting::{
    self as books, AccountPatchInput, AccountingExport, AccountsById, ExportFormat, JournalEntry, LedgerAccount, MappingSubject, Mappings,
    NewAccountInput,
};
use mandir_domain::audit::AuditKind;
use mandir_domain::staff::Permission;
use mandir_domain::{Money, ValidationErrors};

use super::audit::{Action, Recorder, Target};
use super::{Actor, PermissionRequired, new_id};
use crate::BoxError;
use crate::ports::{AccountingRepository, Clock, DonationTypeRepository, FundRepository, RepoError, SettlementRepository, TempleZone};

#[derive(Debug, thiserror::Error)]
pub enum AccountingError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Treasurer access required")]
    Forbidden,
    #[error("{0}")]
    NotFound(&'static str),
    #[error("{0}")]
    Conflict(String),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(AccountingError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound(_) => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(AccountingError: RepoError);

impl From<PermissionRequired> for AccountingError {
    fn from(_: PermissionRequired) -> Self {
        Self::Forbidden
    }
}

pub const EXPORT_NOT_FOUND: &str = "Export not found";

/// One row of the mappings page: a subject, what it is mapped to, and what it is booked to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MappingRow {
    pub subject: MappingSubject,
    pub subject_id: String,
    pub label: String,
    pub account_id: Option<String>,
    /// The account its lines or money actually go to (its own, else the fallback's).
    pub effective_account_id: String,
}

/// What exporting a period would write, and what the treasurer should know first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub entries: u32,
    pub gifts: u32,
    pub refunds: u32,
    /// Card payouts (Stripe's; the sandbox's are tests).
    pub payouts: u32,
    pub total: Money,
    /// Funds whose lines fell to the default income account.
    pub unmapped: Vec<String>,
    /// Earlier exports overlapping the period.
    pub earlier: Vec<AccountingExport>,
}

/// An export's file: its record, entries and the accounts they name.
#[derive(Debug, Clone)]
pub struct ExportFile {
    pub export: AccountingExport,
    pub entries: Vec<JournalEntry>,
    pub accounts: Vec<LedgerAccount>,
}

impl ExportFile {
    pub fn accounts_by_id(&self) -> AccountsById<'_> {
        self.accounts.iter().map(|a| (a.id.as_str(), a)).collect()
    }
}

#[derive(Clone)]
pub struct AccountingService {
    books: Arc<dyn AccountingRepository>,
    /// The card payouts recorded (ADR 0146).
    settled: Arc<dyn SettlementRepository>,
    funds: Arc<dyn FundRepository>,
    types: Arc<dyn DonationTypeRepository>,
    zone: Arc<dyn TempleZone>,
    clock: Arc<dyn Clock>,
    audit: Recorder,
}

fn conflict(error: RepoError) -> AccountingError {
    match error {
        RepoError::Conflict(text) if text == books::ACCOUNT_MAPPED || text == books::ACCOUNT_INACTIVE => AccountingError::Conflict(text),
        RepoError::Conflict(_) => AccountingError::Conflict(books::DUPLICATE_ACCOUNT.to_owned()),
        RepoError::NotFound => AccountingError::NotFound(books::ACCOUNT_NOT_FOUND),
        other => other.into(),
    }
}

impl AccountingService {
    pub fn new(
        books: Arc<dyn AccountingRepository>,
        settled: Arc<dyn SettlementRepository>,
        funds: Arc<dyn FundRepository>,
        types: Arc<dyn DonationTypeRepository>,
        zone: Arc<dyn TempleZone>,
        clock: Arc<dyn Clock>,
        audit: Recorder,
    ) -> Self {
        Self { books, settled, funds, types, zone, clock, audit }
    }

    /// The chart of accounts, by code.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn accounts(&self, actor: &Actor) -> Result<Vec<LedgerAccount>, AccountingError> {
        actor.require(Permission::ManageFunds)?;
        Ok(self.books.accounts().await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create_account(&self, actor: &Actor, input: NewAccountInput) -> Result<LedgerAccount, AccountingError> {
        actor.require(Permission::ManageFunds)?;
        let account = input.validate().map_err(AccountingError::Validation)?;
        let created = self.books.create_account(new_id(), account, self.clock.now()).await.map_err(conflict)?;
        let action = Action::new(AuditKind::Money, "ledger_account.create", Target::of("ledger_account", &created.id));
        self.audit.changed(actor, action, format!("Added the account {}", created.label()), None::<&LedgerAccount>, Some(&created)).await;
        Ok(created)
    }

    /// Changes an account's code, name, kind or whether it is active (an account still mapped
    /// stays active).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update_account(&self, actor: &Actor, id: &str, input: AccountPatchInput) -> Result<LedgerAccount, AccountingError> {
        actor.require(Permission::ManageFunds)?;
        let patch = input.validate().map_err(AccountingError::Validation)?;
        let before = self.books.accounts().await?.into_iter().find(|a| a.id == id);
        let updated = self.books.update_account(id, patch, self.clock.now()).await.map_err(conflict)?;
        let action = Action::new(AuditKind::Money, "ledger_account.update", Target::of("ledger_account", id));
        self.audit.changed(actor, action, format!("Changed the account {}", updated.label()), before.as_ref(), Some(&updated)).await;
        Ok(updated)
    }

    /// Every subject with its mapping: the defaults, the payment methods, the donation types, the
    /// kinds of line and the funds.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn mappings(&self, actor: &Actor) -> Result<Vec<MappingRow>, AccountingError> {
        actor.require(Permission::ManageFunds)?;
        self.rows().await
    }

    /// Each subject with its label and, for a donation type, its fund (where its lines fall back to).
    async fn subjects(&self) -> Result<Vec<(MappingSubject, String, String, Option<String>)>, AccountingError> {
        let mut subjects = vec![
            (MappingSubject::DefaultIncome, String::new(), "Income (default)".to_owned(), None),
            (MappingSubject::DefaultDeposit, String::new(), "Money received (default)".to_owned(), None),
            (MappingSubject::PayoutBank, String::new(), "Card payouts deposited to".to_owned(), None),
            (MappingSubject::CardFees, String::new(), "Card processing fees".to_owned(), None),
        ];
        subjects.extend(books::METHODS.iter().map(|(id, label)| (MappingSubject::Method, (*id).to_owned(), (*label).to_owned(), None)));
        let mut types = self.types.list().await?;
        types.sort_by_key(|t| t.name.to_lowercase());
        subjects.extend(types.into_iter().map(|t| {
            let fund = t.fund_id.map_or_else(|| mandir_domain::fund::GENERAL_FUND_ID.to_owned(), |f| f.to_string());
            (MappingSubject::DonationType, t.id.to_string(), t.name, Some(fund))
        }));
        subjects
            .extend(books::LINE_KINDS.iter().map(|(id, label)| (MappingSubject::LineKind, (*id).to_owned(), (*label).to_owned(), None)));
        let mut funds = self.funds.list().await?;
        funds.sort_by_key(|f| f.name.to_lowercase());
        subjects.extend(funds.into_iter().map(|f| (MappingSubject::Fund, f.id.to_string(), f.name, None)));
        Ok(subjects)
    }

    async fn rows(&self) -> Result<Vec<MappingRow>, AccountingError> {
        let mappings = self.books.mappings().await?;
        let income = mappings.get(MappingSubject::DefaultIncome, "").unwrap_or_default().to_owned();
        let deposit = mappings.get(MappingSubject::DefaultDeposit, "").unwrap_or_default().to_owned();
        Ok(self
            .subjects()
            .await?
            .into_iter()
            .map(|(subject, subject_id, label, fund)| {
                let account_id = mappings.get(subject, &subject_id).map(str::to_owned);
                let fallback = match subject {
                    MappingSubject::Method | MappingSubject::DefaultDeposit => deposit.clone(),
                    // Defaults of their own: always set.
                    MappingSubject::PayoutBank | MappingSubject::CardFees => String::new(),
                    // A type's lines fall back to its fund's account.
                    _ => fund.and_then(|f| mappings.get(MappingSubject::Fund, &f).map(str::to_owned)).unwrap_or_else(|| income.clone()),
                };
                let effective_account_id = account_id.clone().unwrap_or(fallback);
                MappingRow { subject, subject_id, label, account_id, effective_account_id }
            })
            .collect())
    }

    /// Maps a subject to an active account, or (`None`) back to its fallback; answers every row.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, subject = %subject, subject_id = %subject_id))]
    pub async fn set_mapping(
        &self,
        actor: &Actor,
        subject: &str,
        subject_id: &str,
        account_id: Option<&str>,
    ) -> Result<Vec<MappingRow>, AccountingError> {
        actor.require(Permission::ManageFunds)?;
        let Some(subject) = MappingSubject::parse(subject.trim()) else {
            return Err(AccountingError::Validation(ValidationErrors::single("subject", books::SUBJECT_INVALID)));
        };
        let subjects = self.subjects().await?;
        let Some((_, subject_id, label, _)) = subjects.into_iter().find(|(s, id, _, _)| *s == subject && id == subject_id.trim()) else {
            return Err(AccountingError::Validation(ValidationErrors::single("subjectId", books::SUBJECT_NOT_FOUND)));
        };
        let defaults =
            [MappingSubject::DefaultIncome, MappingSubject::DefaultDeposit, MappingSubject::PayoutBank, MappingSubject::CardFees];
        if account_id.is_none() && defaults.contains(&subject) {
            return Err(AccountingError::Validation(ValidationErrors::single("accountId", books::DEFAULT_REQUIRED)));
        }
        let accounts = self.books.accounts().await?;
        let account = match account_id {
            Some(id) => {
                let found = accounts.iter().find(|a| a.id == id).ok_or(AccountingError::NotFound(books::ACCOUNT_NOT_FOUND))?;
                if !found.is_active {
                    return Err(AccountingError::Conflict(books::ACCOUNT_INACTIVE.to_owned()));
                }
                Some(found)
            }
            None => None,
        };
        self.books.set_mapping(subject, &subject_id, account.map(|a| a.id.clone()), self.clock.now()).await.map_err(conflict)?;
        let target = format!("{subject}:{subject_id}");
        let action = Action::new(AuditKind::Money, "account_mapping.set", Target::of("account_mapping", &target));
        let summary = match account {
            Some(account) => format!("Booked {label} to {}", account.label()),
            None => format!("Booked {label} to its default account"),
        };
        self.audit.acted(actor, action, summary, Vec::new()).await;
        self.rows().await
    }

    /// The period's entries from the ledger, the period's bounds in the temple's zone.
    async fn journal(&self, from: NaiveDate, to: NaiveDate) -> Result<Journal, AccountingError> {
        let zone = self.zone.time_zone().await?;
        let (gifts, refunds) = self.books.period(start_of(from, zone), start_of(to.succ_opt().unwrap_or(to), zone)).await?;
        // Payouts on the day they reach the bank; the sandbox's are tests, as its payments are.
        let payouts: Vec<books::BookedPayout> = self
            .settled
            .payouts(from, to)
            .await?
            .into_iter()
            .filter(|p| !p.provider.is_test())
            .map(|p| books::BookedPayout { payout_id: p.id, arrival_date: p.arrival_date, amount: p.amount, fees: p.fees })
            .collect();
        let mappings = self.books.mappings().await?;
        let entries =
            books::journal(&gifts, &refunds, &payouts, &mappings, zone).map_err(|message| AccountingError::Conflict(message.to_owned()))?;
        Ok(Journal { entries, gifts, refunds: refunds.len(), payouts: payouts.len(), mappings, zone })
    }

    /// What exporting `from`..=`to` would write: counts, the total, the funds that fell to the
    /// default income account, and earlier exports of any of its days.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn preview(&self, actor: &Actor, from: &str, to: &str) -> Result<Preview, AccountingError> {
        actor.require(Permission::ExportFinances)?;
        let (from, to) = books::period_of(from, to).map_err(AccountingError::Validation)?;
        let Journal { entries, gifts, refunds, payouts, mappings, .. } = self.journal(from, to).await?;
        let accounts = self.books.accounts().await?;
        let default_income = mappings.get(MappingSubject::DefaultIncome, "").unwrap_or_default();
        let default_label = accounts.iter().find(|a| a.id == default_income).map_or_else(String::new, LedgerAccount::label);
        let fund_names: HashMap<String, String> = self.funds.list().await?.into_iter().map(|f| (f.id.to_string(), f.name)).collect();
        let unmapped: BTreeSet<String> = gifts
            .iter()
            .flat_map(|g| g.lines.iter())
            .filter(|line| mappings.income_of(line) == Some(default_income))
            .filter_map(|line| line.fund_id.as_ref())
            .filter(|fund| mappings.get(MappingSubject::Fund, fund.as_str()).is_none())
            .map(|fund| {
                let name = fund_names.get(fund.as_str()).cloned().unwrap_or_else(|| fund.to_string());
                format!("Fund '{name}' has no account: its lines go to {default_label}")
            })
            .collect();
        let earlier = self.books.exports().await?.into_iter().filter(|e| e.overlaps(from, to)).collect();
        Ok(Preview {
            from,
            to,
            entries: count(entries.len()),
            gifts: count(gifts.len()),
            refunds: count(refunds),
            payouts: count(payouts),
            total: Money::from_cents(entries.iter().map(JournalEntry::debits).sum()),
            unmapped: unmapped.into_iter().collect(),
            earlier,
        })
    }

    /// Records an export of `from`..=`to` in `format`. A period overlapping an earlier export is
    /// refused (409, naming it) unless `again`.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn export(
        &self,
        actor: &Actor,
        from: &str,
        to: &str,
        format: &str,
        again: bool,
    ) -> Result<AccountingExport, AccountingError> {
        actor.require(Permission::ExportFinances)?;
        let period = books::period_of(from, to);
        let format = ExportFormat::parse(format.trim());
        let (from, to) = match (period, format) {
            (Ok(period), Some(_)) => period,
            (period, format) => {
                let mut errors = period.err().unwrap_or_default();
                if format.is_none() {
                    errors.add("format", books::FORMAT_INVALID);
                }
                return Err(AccountingError::Validation(errors));
            }
        };
        let format = format.unwrap_or(ExportFormat::GlCsv);
        let Journal { entries, zone, .. } = self.journal(from, to).await?;
        if !again && let Some(earlier) = self.books.exports().await?.into_iter().find(|e| e.overlaps(from, to)) {
            return Err(AccountingError::Conflict(books::exported_before(&earlier, zone)));
        }
        let export = AccountingExport {
            id: new_id(),
            from,
            to,
            format,
            entries: count(entries.len()),
            total: Money::from_cents(entries.iter().map(JournalEntry::debits).sum()),
            by_user_id: Some(actor.user_id.to_string()),
            by_name: actor.email.clone(),
            created_at: self.clock.now(),
        };
        self.books.record_export(export.clone()).await?;
        let action = Action::new(AuditKind::Exports, "export.accounting", Target::of("accounting_export", &export.id));
        let summary = format!("Exported {} entries ({from} to {to}, {}) for the books", export.entries, format.label());
        self.audit.acted(actor, action, summary, Vec::new()).await;
        Ok(export)
    }

    /// Every export, newest first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn exports(&self, actor: &Actor) -> Result<Vec<AccountingExport>, AccountingError> {
        actor.require(Permission::ExportFinances)?;
        Ok(self.books.exports().await?)
    }

    /// An export's entries, read from the ledger as it is now (each names its payment, so a
    /// changed entry is found by its ids); the download is audited.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn file(&self, actor: &Actor, id: &str) -> Result<ExportFile, AccountingError> {
        actor.require(Permission::ExportFinances)?;
        let export = self.books.find_export(id).await?.ok_or(AccountingError::NotFound(EXPORT_NOT_FOUND))?;
        let entries = self.journal(export.from, export.to).await?.entries;
        let accounts = self.books.accounts().await?;
        let action = Action::new(AuditKind::Exports, "export.accounting_file", Target::of("accounting_export", id));
        let summary = format!("Downloaded the books' export of {} to {} ({})", export.from, export.to, export.format.label());
        self.audit.acted(actor, action, summary, Vec::new()).await;
        Ok(ExportFile { export, entries, accounts })
    }
}

/// A period's journal with what it was made from.
struct Journal {
    entries: Vec<JournalEntry>,
    /// The gifts (the preview names the funds their lines fell to the default).
    gifts: Vec<books::BookedGift>,
    refunds: usize,
    payouts: usize,
    mappings: Mappings,
    zone: Tz,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Midnight of `day` in `zone`, in UTC (the earliest valid instant on a day that skips midnight).
pub use mandir_domain::site::start_of;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::accounting_repository::MockAccountingRepository;
    use crate::ports::donation_type_repository::MockDonationTypeRepository;
    use crate::ports::fund_repository::MockFundRepository;
    use crate::services::test_fixtures::{admin, member, now};
    use mandir_domain::accounting::{AccountKind, BookedGift};
    use mandir_domain::exchange::Exchange;
    use mandir_domain::payment::DonationDetail;
    use mandir_domain::staff::Role;

    fn zone() -> Arc<dyn TempleZone> {
        Arc::new(crate::ports::FixedTempleZone::default())
    }

    fn service(books: MockAccountingRepository) -> AccountingService {
        let mut funds = MockFundRepository::new();
        funds.expect_list().returning(|| Ok(Vec::new()));
        let mut types = MockDonationTypeRepository::new();
        types.expect_list().returning(|| Ok(Vec::new()));
        let mut settled = crate::ports::settlements::MockSettlementRepository::new();
        settled.expect_payouts().returning(|_, _| Ok(Vec::new()));
        AccountingService::new(
            Arc::new(books),
            Arc::new(settled),
            Arc::new(funds),
            Arc::new(types),
            zone(),
            Arc::new(crate::services::test_fixtures::fixed_clock()),
            crate::services::test_fixtures::recorder().0,
        )
    }

    fn treasurer() -> Actor {
        crate::services::test_fixtures::staff(&[Role::Treasurer])
    }

    fn account(id: &str, active: bool) -> LedgerAccount {
        LedgerAccount {
            id: id.into(),
            code: "4000".into(),
            name: "Contributions".into(),
            kind: AccountKind::Income,
            is_active: active,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn defaults() -> Mappings {
        Mappings::new([
            (MappingSubject::DefaultIncome, String::new(), "income".to_owned()),
            (MappingSubject::DefaultDeposit, String::new(), "undeposited".to_owned()),
        ])
    }

    fn export(from: &str, to: &str) -> AccountingExport {
        AccountingExport {
            id: "x1".into(),
            from: from.parse().expect("day"),
            to: to.parse().expect("day"),
            format: ExportFormat::Iif,
            entries: 1,
            total: Money::from_cents(100),
            by_user_id: None,
            by_name: "treasurer@mandir.local".into(),
            created_at: now(),
        }
    }

    #[tokio::test]
    async fn members_and_other_staff_are_refused_before_anything_is_read() {
        let mut books = MockAccountingRepository::new();
        books.expect_accounts().never();
        books.expect_period().never();
        books.expect_record_export().never();
        let service = service(books);
        let editor = crate::services::test_fixtures::staff(&[Role::Editor]);
        for actor in [member(), editor] {
            assert!(matches!(service.accounts(&actor).await, Err(AccountingError::Forbidden)));
            assert!(matches!(service.preview(&actor, "2026-11-01", "2026-11-30").await, Err(AccountingError::Forbidden)));
            assert!(matches!(service.export(&actor, "2026-11-01", "2026-11-30", "iif", false).await, Err(AccountingError::Forbidden)));
        }
    }

    #[tokio::test]
    async fn a_period_exported_before_warns_unless_exported_again() {
        let mut books = MockAccountingRepository::new();
        books.expect_period().returning(|_, _| {
            let gift = BookedGift {
                payment_id: "p1".into(),
                receipt_number: Some("AUTO-1-1".into()),
                paid_at: now(),
                donor: "Asha".into(),
                amount: Money::from_cents(2500),
                lines: vec![DonationDetail {
                    donation_type_id: "custom".into(),
                    amount: Money::from_cents(2500),
                    name: "Gift".into(),
                    exchange: Exchange::Nothing,
                    fund_id: None,
                }],
                tenders: vec![("cash".into(), Money::from_cents(2500))],
            };
            Ok((vec![gift], Vec::new()))
        });
        books.expect_mappings().returning(|| Ok(defaults()));
        books.expect_exports().returning(|| Ok(vec![export("2026-11-15", "2026-12-15")]));
        books.expect_record_export().times(1).returning(|_| Ok(()));
        let service = service(books);
        let refused = service.export(&treasurer(), "2026-11-01", "2026-11-30", "qbo_csv", false).await;
        match refused {
            Err(AccountingError::Conflict(message)) => {
                assert!(message.starts_with("2026-11-15 to 2026-12-15 was exported on"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        let done = service.export(&treasurer(), "2026-11-01", "2026-11-30", "qbo_csv", true).await.expect("exported");
        assert_eq!((done.entries, done.total, done.format), (1, Money::from_cents(2500), ExportFormat::QboCsv));
    }

    #[tokio::test]
    async fn bad_periods_and_formats_are_named_field_by_field() {
        let mut books = MockAccountingRepository::new();
        books.expect_period().never();
        let service = service(books);
        match service.export(&admin(), "2026-12-01", "2026-11-01", "xls", false).await {
            Err(AccountingError::Validation(errors)) => {
                assert_eq!((errors.get("to"), errors.get("format")), (Some(books::TO_INVALID), Some(books::FORMAT_INVALID)));
            }
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn a_default_cannot_be_unset_nor_mapped_to_an_inactive_account() {
        let mut books = MockAccountingRepository::new();
        books.expect_accounts().returning(|| Ok(vec![account("old", false)]));
        books.expect_set_mapping().never();
        let service = service(books);
        match service.set_mapping(&treasurer(), "default_income", "", None).await {
            Err(AccountingError::Validation(errors)) => assert_eq!(errors.get("accountId"), Some(books::DEFAULT_REQUIRED)),
            other => panic!("{other:?}"),
        }
        match service.set_mapping(&treasurer(), "method", "cash", Some("old")).await {
            Err(AccountingError::Conflict(message)) => assert_eq!(message, books::ACCOUNT_INACTIVE),
            other => panic!("{other:?}"),
        }
        match service.set_mapping(&treasurer(), "fund", "no-such-fund", Some("old")).await {
            Err(AccountingError::Validation(errors)) => assert_eq!(errors.get("subjectId"), Some(books::SUBJECT_NOT_FOUND)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_day_starts_at_the_temples_midnight() {
        let day = NaiveDate::from_ymd_opt(2026, 7, 4).expect("day");
        assert_eq!(start_of(day, chrono_tz::America::Los_Angeles).to_rfc3339(), "2026-07-04T07:00:00+00:00");
    }
}

//! Importing a temple's history (ADR 0144, docs/product.md#imports): members with their
//! households and family members, and historical gifts, from CSV and Excel files.
//!
//! Every use case reads the file through the one `TableReader`, checks each row against the
//! mapping and the temple's own lists, and says per row what is wrong. The dry run writes nothing;
//! the import writes in batches of a few hundred rows, each batch one transaction, and records
//! every row it wrote under a stable key, so the same file imported twice changes nothing and a
//! started import whose process stopped is finished by running it again. A whole import is undone
//! while nothing depends on it. Imported accounts have no password: their owners claim them with
//! "Forgot password". Imported gifts are in the ledger, My Donations and statements, on the
//! channel "imported", and send no receipts.

use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use mandir_domain::audit::AuditKind;
use mandir_domain::donation_type::DonationType;
use mandir_domain::exchange::Exchange;
use mandir_domain::fund::{Fund, GENERAL_FUND_ID};
use mandir_domain::import::{self, Columns, Field, GiftRow, ImportKind, Mapping, RowIssue, Table, TableError};
use mandir_domain::payment::{CUSTOM_DONATION_TYPE, DonationDetail};
use mandir_domain::site::start_of_day;
use mandir_domain::staff::Permission;
use mandir_domain::{FundId, ImportId, ImportMappingId, Money, ValidationErrors};
use sha2::{Digest, Sha256};

use super::audit::{Action, COMMAND_LINE, Recorder, Target};
use super::{Actor, PermissionRequired, new_id};
use crate::BoxError;
use crate::ports::{
    BatchCounts, ChangeNotifier, Clock, DonationTypeRepository, FundRepository, GotramRepository, ImportRepository, ImportSummary,
    ImportedGift, MemberRef, NewImport, RepoError, SavedMapping, TableReader, TempleZone, Topic, Undo,
};

/// Rows written per transaction: short enough that other writers (sign-ins, the counter) wait
/// a few milliseconds at most on SQLite, large enough to keep 50,000 gifts well under a minute.
pub const BATCH_ROWS: usize = 500;
/// The longest a file name may be.
pub const MAX_FILE_NAME: usize = 200;
/// The first rows a file's inspection shows.
pub const SAMPLE_ROWS: usize = 5;

pub const HAS_ERRORS: &str = "Some rows have errors: fix them and check again, or choose to import only the rows without errors";
pub const NOTHING_TO_IMPORT: &str = "No row of the file can be imported";
pub const MAPPING_NAME_REQUIRED: &str = "Name the mapping";
pub const MAPPING_NAME_TOO_LONG: &str = "A mapping's name must be at most 100 characters";
pub const FILE_NAME_REQUIRED: &str = "Name the file (for example members.csv)";
pub const FILE_NAME_TOO_LONG: &str = "A file name must be at most 200 characters";
pub const MEMBER_UNKNOWN: &str = "is not among the imported members: import the members file first";
pub const RECEIPT_TAKEN: &str = "Another payment has this receipt number already";

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("{0}")]
    File(TableError),
    #[error("Admin access required")]
    Forbidden,
    #[error("Import not found")]
    NotFound,
    #[error("Mapping not found")]
    MappingNotFound,
    #[error("{0}")]
    Conflict(String),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(ImportError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::File(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::MappingNotFound => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(ImportError: RepoError);

impl From<PermissionRequired> for ImportError {
    fn from(_: PermissionRequired) -> Self {
        Self::Forbidden
    }
}

/// Who imports: an admin over HTTP, or the operator at the server's command line
/// (`mandir import`), who acts as no account.
#[derive(Debug, Clone, Copy)]
pub enum Operator<'a> {
    Staff(&'a Actor),
    CommandLine,
}

impl Operator<'_> {
    fn require(&self) -> Result<(), ImportError> {
        match self {
            Self::Staff(actor) => Ok(actor.require(Permission::ImportData)?),
            Self::CommandLine => Ok(()),
        }
    }

    fn actor(&self) -> Option<&Actor> {
        match self {
            Self::Staff(actor) => Some(actor),
            Self::CommandLine => None,
        }
    }

    fn email(&self) -> String {
        self.actor().map_or_else(|| COMMAND_LINE.to_owned(), |a| a.email.clone())
    }
}

/// A file as uploaded.
#[derive(Debug, Clone)]
pub struct Upload {
    pub kind: ImportKind,
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// A file's columns and first rows, with the mapping its headers suggest (or the saved one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inspection {
    pub kind: ImportKind,
    pub headers: Vec<String>,
    pub sample: Vec<Vec<String>>,
    pub rows: usize,
    pub fields: &'static [Field],
    pub suggested: Mapping,
}

/// What importing the file would do (a dry run), or did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub kind: ImportKind,
    pub rows: usize,
    /// Rows that would be written (new people or gifts).
    pub new_rows: usize,
    /// Rows an earlier import wrote already, or people whose account exists.
    pub unchanged: usize,
    /// Rows with an error, left out.
    pub failed: usize,
    /// Accounts, family members and households a members file makes.
    pub accounts: usize,
    pub family_members: usize,
    pub households: usize,
    /// The new gifts' total.
    pub total: Option<Money>,
    pub issues: Vec<RowIssue>,
}

/// A checked file: its report and what to write.
enum Checked {
    Members(Report, import::MembersPlan),
    Gifts(Report, Vec<ImportedGift>),
}

impl Checked {
    fn report(&self) -> &Report {
        match self {
            Self::Members(report, _) | Self::Gifts(report, _) => report,
        }
    }
}

#[derive(Clone)]
pub struct ImportService {
    reader: Arc<dyn TableReader>,
    imports: Arc<dyn ImportRepository>,
    gotrams: Arc<dyn GotramRepository>,
    funds: Arc<dyn FundRepository>,
    types: Arc<dyn DonationTypeRepository>,
    zone: Arc<dyn TempleZone>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    audit: Recorder,
}

/// The ports an [`ImportService`] works through.
pub struct ImportPorts {
    pub reader: Arc<dyn TableReader>,
    pub imports: Arc<dyn ImportRepository>,
    pub gotrams: Arc<dyn GotramRepository>,
    pub funds: Arc<dyn FundRepository>,
    pub types: Arc<dyn DonationTypeRepository>,
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    pub changes: Arc<dyn ChangeNotifier>,
}

fn file_name(name: &str) -> Result<String, ImportError> {
    let name = name.trim();
    let message = if name.is_empty() {
        FILE_NAME_REQUIRED
    } else if name.chars().count() > MAX_FILE_NAME {
        FILE_NAME_TOO_LONG
    } else {
        return Ok(name.to_owned());
    };
    Err(ImportError::Validation(ValidationErrors::single("fileName", message)))
}

/// The receipt number of an imported gift without one: from its key, so it is the same at every
/// import of the row.
fn imported_receipt_number(key: &str) -> String {
    format!("IMP-{}", hex::encode(&Sha256::digest(key.as_bytes())[..6]).to_uppercase())
}

fn gift_lines(gift: &GiftRow, types: &[DonationType]) -> Vec<DonationDetail> {
    let of_type = gift.donation_type.as_ref().and_then(|(id, _)| types.iter().find(|t| t.id.as_str() == id));
    let fund = gift
        .fund
        .as_ref()
        .map(|(id, _)| FundId::new(id.as_str()))
        .or_else(|| of_type.and_then(|t| t.fund_id.clone()))
        .unwrap_or_else(|| FundId::new(GENERAL_FUND_ID));
    let (type_id, name) = match &gift.donation_type {
        Some((id, name)) => (id.clone(), name.clone()),
        None => (CUSTOM_DONATION_TYPE.to_owned(), gift.fund.as_ref().map_or_else(|| "Donation".to_owned(), |(_, name)| name.clone())),
    };
    vec![DonationDetail { donation_type_id: type_id, amount: gift.amount, name, exchange: Exchange::Nothing, fund_id: Some(fund) }]
}

impl ImportService {
    pub fn new(ports: ImportPorts, audit: Recorder) -> Self {
        let ImportPorts { reader, imports, gotrams, funds, types, zone, clock, changes } = ports;
        Self { reader, imports, gotrams, funds, types, zone, clock, changes, audit }
    }

    fn read(&self, upload: &Upload) -> Result<Table, ImportError> {
        file_name(&upload.file_name)?;
        self.reader.read(&upload.file_name, &upload.bytes).map_err(ImportError::File)
    }

    /// The file's columns, its first rows and the mapping its headers suggest.
    #[tracing::instrument(skip_all, fields(kind = %upload.kind))]
    pub async fn inspect(&self, operator: Operator<'_>, upload: &Upload) -> Result<Inspection, ImportError> {
        operator.require()?;
        let table = self.read(upload)?;
        Ok(Inspection {
            kind: upload.kind,
            suggested: Mapping::suggest(upload.kind, &table.headers),
            sample: table.rows.iter().take(SAMPLE_ROWS).map(|r| r.cells.clone()).collect(),
            rows: table.rows.len(),
            headers: table.headers,
            fields: upload.kind.fields(),
        })
    }

    /// What importing the file with `mapping` would do, row by row. Writes nothing.
    #[tracing::instrument(skip_all, fields(kind = %upload.kind))]
    pub async fn dry_run(&self, operator: Operator<'_>, upload: &Upload, mapping: &Mapping) -> Result<Report, ImportError> {
        operator.require()?;
        Ok(self.check(upload, mapping).await?.report().clone())
    }

    async fn check(&self, upload: &Upload, mapping: &Mapping) -> Result<Checked, ImportError> {
        let table = self.read(upload)?;
        let columns = mapping.resolve(upload.kind, &table).map_err(ImportError::Validation)?;
        let zone = self.zone.time_zone().await?;
        let today = self.clock.now().with_timezone(&zone).date_naive();
        match upload.kind {
            ImportKind::Members => self.check_members(&table, &columns, today).await,
            ImportKind::Gifts => self.check_gifts(&table, &columns, today, zone).await,
        }
    }

    async fn check_members(&self, table: &Table, columns: &Columns, today: NaiveDate) -> Result<Checked, ImportError> {
        let gotrams = self.gotrams.list().await?;
        let mut plan = import::plan_members(table, columns, &gotrams, today);
        let keys: Vec<String> = plan.families.iter().flat_map(|f| f.accounts.iter().chain(&f.family)).map(|p| p.key.clone()).collect();
        let known = self.imports.known_keys(ImportKind::Members, keys).await?;
        let emails: Vec<String> = plan
            .families
            .iter()
            .flat_map(|f| &f.accounts)
            .filter(|p| !known.contains(&p.key))
            .filter_map(|p| p.email.as_ref().map(|e| e.as_str().to_owned()))
            .collect();
        let existing = self.imports.accounts_by_email(emails).await?;
        let mut report = Report {
            kind: ImportKind::Members,
            rows: table.rows.len(),
            new_rows: 0,
            unchanged: 0,
            failed: plan.issues.failed_lines(),
            accounts: 0,
            family_members: 0,
            households: 0,
            total: None,
            issues: Vec::new(),
        };
        for family in &plan.families {
            let mut new_accounts = 0;
            for person in &family.accounts {
                if known.contains(&person.key) {
                    report.unchanged += 1;
                } else if person.email.as_ref().is_some_and(|e| existing.contains_key(e.as_str())) {
                    report.unchanged += 1;
                    plan.issues.warn(
                        person.line,
                        "email",
                        person.email.as_ref().map_or("", |e| e.as_str()),
                        "An account with this e-mail exists: the row is matched to it and the account left as it is",
                    );
                } else {
                    report.new_rows += 1;
                    report.accounts += 1;
                    new_accounts += 1;
                }
            }
            for person in &family.family {
                if known.contains(&person.key) {
                    report.unchanged += 1;
                } else {
                    report.new_rows += 1;
                    report.family_members += 1;
                }
            }
            if family.household.as_ref().is_some_and(|h| !known.contains(&h.key)) && new_accounts > 1 {
                report.households += 1;
            }
        }
        plan.issues.sort();
        report.issues = plan.issues.0.clone();
        Ok(Checked::Members(report, plan))
    }

    async fn check_gifts(&self, table: &Table, columns: &Columns, today: NaiveDate, zone: chrono_tz::Tz) -> Result<Checked, ImportError> {
        let funds: Vec<Fund> = self.funds.list().await?;
        let types = self.types.list().await?;
        let mut plan = import::plan_gifts(table, columns, &funds, &types, today);
        let known = self.imports.known_keys(ImportKind::Gifts, plan.gifts.iter().map(|g| g.key.clone()).collect()).await?;
        let fresh: Vec<&GiftRow> = plan.gifts.iter().filter(|g| !known.contains(&g.key)).collect();
        let members = self.imports.members_by_key(fresh.iter().filter_map(|g| g.donor.member.clone()).collect()).await?;
        let by_email = self
            .imports
            .accounts_by_email(fresh.iter().filter_map(|g| g.donor.email.as_ref().map(|e| e.as_str().to_owned())).collect())
            .await?;
        let taken = self.imports.receipt_numbers_taken(fresh.iter().filter_map(|g| g.receipt_number.clone()).collect()).await?;
        let mut gifts = Vec::new();
        for gift in fresh {
            let member: Option<&MemberRef> = match &gift.donor.member {
                Some(key) => match members.get(key) {
                    Some(member) => Some(member),
                    None => {
                        let id = gift.donor.member_id.as_deref().unwrap_or_else(|| key.trim_start_matches("id:"));
                        plan.issues.error(gift.line, "memberId", id, format!("member '{id}' {MEMBER_UNKNOWN}"));
                        continue;
                    }
                },
                None => gift.donor.email.as_ref().and_then(|e| by_email.get(e.as_str())),
            };
            if let Some(receipt) = gift.receipt_number.as_ref().filter(|r| taken.contains(*r)) {
                plan.issues.error(gift.line, "receiptNumber", receipt, RECEIPT_TAKEN);
                continue;
            }
            // Noon in the temple's zone: the gift stays on its day whatever the zone's offset.
            let at = start_of_day(gift.date, zone)
                .map(|midnight| midnight + Duration::hours(12))
                .ok_or_else(|| ImportError::Unexpected("a day without a start in the temple's zone".into()))?;
            let notes = [gift.check_number.as_ref().map(|n| format!("Check no. {n}")), gift.notes.clone()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" · ");
            gifts.push(ImportedGift {
                key: gift.key.clone(),
                line: gift.line,
                id: new_id(),
                at,
                amount: gift.amount,
                method: gift.method,
                lines: gift_lines(gift, &types),
                user_id: member.map(|m| m.id.clone()),
                donor_name: member.map(|m| m.name.clone()).or_else(|| gift.donor.name.clone()),
                donor_email: member.map(|m| m.email.clone()).or_else(|| gift.donor.email.as_ref().map(|e| e.as_str().to_owned())),
                donor_address: member.and_then(|m| m.address.clone()),
                receipt_number: gift.receipt_number.clone().unwrap_or_else(|| imported_receipt_number(&gift.key)),
                notes: Some(notes).filter(|n| !n.is_empty()),
            });
        }
        plan.issues.sort();
        let total = Money::from_cents(gifts.iter().map(|g| g.amount.cents()).sum());
        let report = Report {
            kind: ImportKind::Gifts,
            rows: table.rows.len(),
            new_rows: gifts.len(),
            unchanged: known.len(),
            failed: plan.issues.failed_lines(),
            accounts: 0,
            family_members: 0,
            households: 0,
            total: Some(total),
            issues: plan.issues.0,
        };
        Ok(Checked::Gifts(report, gifts))
    }

    /// Imports the file: refused while any row has an error unless `skip_invalid`, when only the
    /// rows without errors are written. Rows imported before are left as they are.
    #[tracing::instrument(skip_all, fields(kind = %upload.kind))]
    pub async fn import(
        &self,
        operator: Operator<'_>,
        upload: &Upload,
        mapping: &Mapping,
        skip_invalid: bool,
    ) -> Result<(ImportSummary, Report), ImportError> {
        operator.require()?;
        let checked = self.check(upload, mapping).await?;
        let report = checked.report().clone();
        if report.failed > 0 && !skip_invalid {
            return Err(ImportError::Conflict(HAS_ERRORS.to_owned()));
        }
        if report.new_rows == 0 && report.unchanged == 0 {
            return Err(ImportError::Conflict(NOTHING_TO_IMPORT.to_owned()));
        }
        let id: ImportId = new_id();
        let now = self.clock.now();
        let summary = format!(
            "Imported {} from {}: {} new, {} unchanged, {} left out",
            upload.kind.label().to_lowercase(),
            upload.file_name.trim(),
            report.new_rows,
            report.unchanged,
            report.failed
        );
        let entry =
            self.audit.entry(operator.actor(), Action::new(audit_kind(upload.kind), "import.run", Target::of("import", &id)), summary);
        let new = NewImport {
            id: id.clone(),
            kind: upload.kind,
            file_name: upload.file_name.trim().to_owned(),
            file_sha256: hex::encode(Sha256::digest(&upload.bytes)),
            mapping: mapping.clone(),
            rows: u32::try_from(report.rows).unwrap_or(u32::MAX),
            skipped: u32::try_from(report.failed).unwrap_or(u32::MAX),
            by: operator.actor().map(|a| a.user_id.clone()),
            by_email: operator.email(),
            now,
        };
        self.imports.start(new, entry).await?;
        let mut counts = BatchCounts::default();
        let add = |counts: &mut BatchCounts, batch: BatchCounts| {
            counts.created += batch.created;
            counts.unchanged += batch.unchanged;
        };
        let total = match checked {
            Checked::Members(_, plan) => {
                let mut batch = Vec::new();
                let mut people = 0;
                for family in plan.families {
                    people += family.people();
                    batch.push(family);
                    if people >= BATCH_ROWS {
                        add(&mut counts, self.imports.write_families(&id, std::mem::take(&mut batch), self.clock.now()).await?);
                        people = 0;
                    }
                }
                if !batch.is_empty() {
                    add(&mut counts, self.imports.write_families(&id, batch, self.clock.now()).await?);
                }
                None
            }
            Checked::Gifts(_, gifts) => {
                let total = Money::from_cents(gifts.iter().map(|g| g.amount.cents()).sum());
                counts.unchanged += u32::try_from(report.unchanged).unwrap_or(u32::MAX);
                let mut rest = gifts;
                while !rest.is_empty() {
                    let batch: Vec<ImportedGift> = rest.drain(..rest.len().min(BATCH_ROWS)).collect();
                    add(&mut counts, self.imports.write_gifts(&id, batch).await?);
                }
                Some(total)
            }
        };
        let already = if upload.kind == ImportKind::Gifts { u32::try_from(report.unchanged).unwrap_or(u32::MAX) } else { 0 };
        let finished = self.imports.finish(&id, already, total, self.clock.now()).await?;
        self.announce(upload.kind).await;
        tracing::info!(import = %id, created = counts.created, unchanged = counts.unchanged, "import finished");
        Ok((finished, report))
    }

    /// Members and their families changed (the counter's and the door's member searches read
    /// them again); gifts change sums that are read fresh.
    async fn announce(&self, kind: ImportKind) {
        if kind == ImportKind::Members {
            self.changes.publish(Topic::Users).await;
            self.changes.publish(Topic::Families).await;
        }
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor) -> Result<Vec<ImportSummary>, ImportError> {
        actor.require(Permission::ImportData)?;
        Ok(self.imports.list().await?)
    }

    /// Deletes what the import wrote: refused (409) once an account it made has been used, or a
    /// gift it recorded refunded or named by something else.
    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn undo(&self, operator: Operator<'_>, id: &ImportId) -> Result<ImportSummary, ImportError> {
        operator.require()?;
        let import = self.imports.get(id).await?.ok_or(ImportError::NotFound)?;
        let summary =
            format!("Undid the import of {} from {} ({} written)", import.kind.label().to_lowercase(), import.file_name, import.created);
        let entry =
            self.audit.entry(operator.actor(), Action::new(audit_kind(import.kind), "import.undo", Target::of("import", id)), summary);
        match self.imports.undo(id, &operator.email(), entry, self.clock.now()).await? {
            None => Err(ImportError::NotFound),
            Some(Undo::Undone(summary)) => {
                self.announce(summary.kind).await;
                Ok(summary)
            }
            Some(Undo::AlreadyUndone) => Err(ImportError::Conflict("This import was undone already".to_owned())),
            Some(Undo::InUse { accounts, gifts }) => Err(ImportError::Conflict(in_use(accounts, gifts))),
        }
    }

    #[tracing::instrument(skip_all)]
    pub async fn mappings(&self, operator: Operator<'_>) -> Result<Vec<SavedMapping>, ImportError> {
        operator.require()?;
        Ok(self.imports.mappings().await?)
    }

    /// Saves the mapping under its name (replacing one of the same kind and name). Its fields must
    /// be the kind's.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, kind = %kind))]
    pub async fn save_mapping(&self, actor: &Actor, kind: ImportKind, name: &str, mapping: Mapping) -> Result<SavedMapping, ImportError> {
        actor.require(Permission::ImportData)?;
        let mut errors = ValidationErrors::new();
        let name = name.trim();
        if name.is_empty() {
            errors.add("name", MAPPING_NAME_REQUIRED);
        } else if name.chars().count() > 100 {
            errors.add("name", MAPPING_NAME_TOO_LONG);
        }
        for key in mapping.0.keys().filter(|k| kind.field(k).is_none()) {
            errors.add(&format!("mapping.{key}"), &format!("{key} {}", import::mapping::MAPPING_FIELD_UNKNOWN));
        }
        if mapping.0.values().any(|column| column.chars().count() > import::table::MAX_CELL) {
            errors.add("mapping", import::table::CELL_TOO_LONG);
        }
        errors.into_result().map_err(ImportError::Validation)?;
        let saved = self
            .imports
            .save_mapping(SavedMapping { id: new_id(), kind, name: name.to_owned(), mapping, updated_at: self.clock.now() })
            .await?;
        let action = Action::new(AuditKind::Members, "import.mapping.save", Target::of("import_mapping", &saved.id));
        self.audit
            .acted(actor, action, format!("Saved the {} import mapping \"{}\"", kind.label().to_lowercase(), saved.name), Vec::new())
            .await;
        Ok(saved)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete_mapping(&self, actor: &Actor, id: &ImportMappingId) -> Result<(), ImportError> {
        actor.require(Permission::ImportData)?;
        if !self.imports.delete_mapping(id).await? {
            return Err(ImportError::MappingNotFound);
        }
        let action = Action::new(AuditKind::Members, "import.mapping.delete", Target::of("import_mapping", id));
        self.audit.acted(actor, action, "Deleted an import mapping".to_owned(), Vec::new()).await;
        Ok(())
    }
}

/// Where the audit log files an import: gifts are money, people are members.
const fn audit_kind(kind: ImportKind) -> AuditKind {
    match kind {
        ImportKind::Members => AuditKind::Members,
        ImportKind::Gifts => AuditKind::Money,
    }
}

fn in_use(accounts: u32, gifts: u32) -> String {
    let mut parts = Vec::new();
    if accounts > 0 {
        parts.push(format!("{accounts} imported account{} have been used since", if accounts == 1 { "" } else { "s" }));
    }
    if gifts > 0 {
        parts.push(format!("{gifts} imported gift{} have been refunded or changed since", if gifts == 1 { "" } else { "s" }));
    }
    format!("This import cannot be undone: {}", parts.join(", and "))
}

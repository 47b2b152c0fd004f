//! The cash office (docs/product.md#the-cash-office, docs/decisions/0130-the-cash-office.md): the hundi counted by
//! denomination and confirmed by two people (the second confirmation locks it and records it in
//! the ledger, channel `hundi`, anonymous, to its fund); the front desk's daily close of the
//! drawer; bank deposits made of closed drawers, locked counts and checks, each item in one deposit
//! at most, and cleared once the bank has the money; and the day's report.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::audit::AuditKind;
use mandir_domain::cash_office::{DepositSelection, DrawerCount, HundiCount, HundiCountInput};
use mandir_domain::counter::Channel;
use mandir_domain::exchange::Exchange;
use mandir_domain::payment::{self, CUSTOM_DONATION_TYPE, DonationDetail, PaymentMethodKind, PaymentProvider, PaymentStatus};
use mandir_domain::staff::Permission;
use mandir_domain::{DonationTypeId, Money, NumberInput, ValidationErrors};
use rand::Rng;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    BookedSeva, CashOfficeRepository, Clock, CollectionRecord, ConfirmStep, Confirmation, DayActivity, DepositRecord, DepositRefused,
    DepositSummary, DonationTypeRepository, DrawerCloseRecord, DrawerClosed, NewCollection, NewDeposit, NewDrawerClose, NewPayment,
    OpenDrawer, RepoError, TempleZone, Undeposited, UserRepository,
};

/// The fund of a count that names none: anonymous offerings go to the temple's general fund.
pub const GENERAL_FUND: &str = "General fund";
pub const COUNT_LOCKED: &str = "This count is confirmed by two people and locked";
pub const COUNT_CHANGED: &str = "The count changed since you opened it: check the new figures and confirm again";
pub const SAME_COUNTER: &str = "The second confirmation must come from another person";
pub const FUND_UNKNOWN: &str = "Choose an active donation type, or none for the general fund";
pub const DRAWER_MOVED: &str = "Sales came in or were voided since the drawer was read: count again against the new expected cash";
pub const KEY_INVALID: &str = "Each close needs an idempotency key of 8 to 100 letters, digits, '-' or '_'";
pub const DEPOSIT_CLEARED: &str = "This deposit is cleared: the bank has the money, and it can no longer change";
pub const DATE_INVALID: &str = "Enter a date as YYYY-MM-DD";
const LIST_LIMIT: u64 = 200;
/// Receipt numbers and deposit numbers drawn again when another writer took the same one.
const ATTEMPTS: usize = 4;

#[derive(Debug, thiserror::Error)]
pub enum CashOfficeError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Staff access required")]
    Forbidden,
    #[error("Not found")]
    NotFound,
    #[error("{0}")]
    Conflict(String),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(CashOfficeError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(CashOfficeError: RepoError);

impl From<super::PermissionRequired> for CashOfficeError {
    fn from(_: super::PermissionRequired) -> Self {
        Self::Forbidden
    }
}

fn conflict(message: &str) -> CashOfficeError {
    CashOfficeError::Conflict(message.to_owned())
}

/// The ports the cash office uses.
pub struct CashOfficeDeps {
    pub office: Arc<dyn CashOfficeRepository>,
    pub users: Arc<dyn UserRepository>,
    pub donation_types: Arc<dyn DonationTypeRepository>,
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    pub recorder: Recorder,
}

/// The drawer's close as the counter sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawerCloseInput {
    /// The expected cash the counter was shown: a close applies only to what was counted.
    pub expected: NumberInput,
    pub counted: NumberInput,
    pub note: Option<String>,
}

/// One row of a report's totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportLine {
    pub key: String,
    pub amount: Money,
    pub count: i64,
}

/// A seva's bookings made during the day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportSeva {
    pub seva_name: String,
    pub booked: i64,
    pub unpaid: i64,
    pub amount: Money,
}

/// The day's money and sevas, for staff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyReport {
    pub date: NaiveDate,
    pub total: Money,
    pub payments: i64,
    /// Given back of the day's payments (partial card refunds; voided sales leave the report).
    pub refunded: Money,
    pub by_method: Vec<ReportLine>,
    pub by_channel: Vec<ReportLine>,
    pub by_fund: Vec<ReportLine>,
    pub sevas: Vec<ReportSeva>,
}

fn add(lines: &mut BTreeMap<String, (i64, i64)>, key: &str, cents: i64) {
    let entry = lines.entry(key.to_owned()).or_default();
    entry.0 += cents;
    entry.1 += 1;
}

fn sorted(lines: BTreeMap<String, (i64, i64)>) -> Vec<ReportLine> {
    let mut rows: Vec<ReportLine> =
        lines.into_iter().map(|(key, (cents, count))| ReportLine { key, amount: Money::from_cents(cents), count }).collect();
    rows.sort_by(|a, b| b.amount.cmp(&a.amount).then_with(|| a.key.cmp(&b.key)));
    rows
}

/// The fund a line counts toward: its donation type's name; the sevas together.
fn fund_of(line: &DonationDetail) -> &str {
    if line.exchange == Exchange::Religious && line.donation_type_id == CUSTOM_DONATION_TYPE { "Sevas" } else { &line.name }
}

impl DailyReport {
    /// Adds up a day's activity: by method (in-person payments by how each part was paid), by
    /// channel, by fund (each purpose line), and the sevas booked.
    pub fn of(date: NaiveDate, activity: &DayActivity) -> Self {
        let (mut methods, mut channels, mut funds) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        let (mut total, mut refunded) = (0_i64, 0_i64);
        for (payment, tenders) in &activity.payments {
            total += payment.amount.cents();
            refunded += payment.refunded_amount.cents();
            add(&mut channels, payment.channel.as_str(), payment.amount.cents());
            if tenders.is_empty() {
                add(&mut methods, payment.method.as_str(), payment.amount.cents());
            }
            for tender in tenders {
                add(&mut methods, tender.method().as_str(), tender.amount().cents());
            }
            let mut lines_total = 0;
            for line in &payment.donation_details {
                lines_total += line.amount.cents();
                add(&mut funds, fund_of(line), line.amount.cents());
            }
            // What no purpose line names (an event registration's fee): its event.
            let rest = payment.amount.cents() - lines_total;
            if rest > 0 {
                add(&mut funds, payment.event_name.as_deref().unwrap_or("Other"), rest);
            }
        }
        let mut sevas: BTreeMap<&str, ReportSeva> = BTreeMap::new();
        for BookedSeva { seva_name, amount, paid, .. } in &activity.bookings {
            let row = sevas.entry(seva_name).or_insert_with(|| ReportSeva {
                seva_name: seva_name.clone(),
                booked: 0,
                unpaid: 0,
                amount: Money::from_cents(0),
            });
            row.booked += 1;
            if *paid {
                row.amount = Money::from_cents(row.amount.cents() + amount.cents());
            } else {
                row.unpaid += 1;
            }
        }
        Self {
            date,
            total: Money::from_cents(total),
            payments: i64::try_from(activity.payments.len()).unwrap_or(i64::MAX),
            refunded: Money::from_cents(refunded),
            by_method: sorted(methods),
            by_channel: sorted(channels),
            by_fund: sorted(funds),
            sevas: sevas.into_values().collect(),
        }
    }
}

#[derive(Clone)]
pub struct CashOfficeService {
    deps: Arc<CashOfficeDeps>,
}

impl CashOfficeService {
    pub fn new(deps: CashOfficeDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    /// The temple's date now (its time zone, not UTC's).
    #[tracing::instrument(skip_all)]
    pub async fn today(&self) -> Result<NaiveDate, CashOfficeError> {
        let zone = self.deps.zone.time_zone().await?;
        Ok(self.deps.clock.now().with_timezone(&zone).date_naive())
    }

    /// The instants `day` (the temple's) starts and ends.
    async fn bounds(&self, day: NaiveDate) -> Result<(DateTime<Utc>, DateTime<Utc>), CashOfficeError> {
        let zone = self.deps.zone.time_zone().await?;
        let start = |d: NaiveDate| mandir_domain::site::start_of_day(d, zone);
        match (start(day), day.succ_opt().and_then(start)) {
            (Some(from), Some(to)) => Ok((from, to)),
            _ => Err(CashOfficeError::Validation(ValidationErrors::single("date", DATE_INVALID))),
        }
    }

    async fn staff_name(&self, actor: &Actor) -> Result<String, CashOfficeError> {
        let user = self.deps.users.find_by_id(&actor.user_id).await?;
        Ok(user.map_or_else(|| actor.email.clone(), |u| super::counter::full_name(&u)))
    }

    fn audit(&self, actor: &Actor, action: &str, kind: &str, id: &str, summary: String) -> mandir_domain::audit::AuditEntry {
        self.deps.recorder.entry(Some(actor), Action::new(AuditKind::Money, action, Target::of(kind, id)), summary)
    }

    /// The count checked, with the name of the fund it goes to.
    async fn checked(&self, input: &HundiCountInput) -> Result<(HundiCount, String), CashOfficeError> {
        let count = input.validate(self.today().await?).map_err(CashOfficeError::Validation)?;
        let fund = match &count.donation_type_id {
            None => GENERAL_FUND.to_owned(),
            Some(id) => {
                let id: DonationTypeId = id.as_str().into();
                match self.deps.donation_types.get(&id).await? {
                    Some(kind) if kind.is_active => kind.name,
                    _ => return Err(CashOfficeError::Validation(ValidationErrors::single("donationTypeId", FUND_UNKNOWN))),
                }
            }
        };
        Ok((count, fund))
    }

    /// The latest hundi counts, newest first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn collections(&self, actor: &Actor) -> Result<Vec<CollectionRecord>, CashOfficeError> {
        actor.require(Permission::CountCollections)?;
        Ok(self.deps.office.collections(LIST_LIMIT).await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn collection(&self, actor: &Actor, id: &str) -> Result<CollectionRecord, CashOfficeError> {
        actor.require(Permission::CountCollections)?;
        self.deps.office.collection(id).await?.ok_or(CashOfficeError::NotFound)
    }

    /// Records a hundi count; it waits for its two confirmations.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn count(&self, actor: &Actor, input: &HundiCountInput) -> Result<CollectionRecord, CashOfficeError> {
        actor.require(Permission::CountCollections)?;
        let (count, fund_name) = self.checked(input).await?;
        let id: String = new_id();
        let summary = format!("Counted ${} in {} ({}) for {fund_name}", count.total, count.box_name, count.counted_on);
        let audit = self.audit(actor, "hundi.count", "collection", &id, summary);
        let created_by_name = self.staff_name(actor).await?;
        let new = NewCollection { id, count, fund_name, created_by_name, now: self.deps.clock.now(), audit };
        Ok(self.deps.office.insert_collection(new).await?)
    }

    /// Corrects a count not yet locked, at the revision the staff member saw; its confirmation
    /// is cleared (the figures confirmed are no longer these).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn recount(
        &self,
        actor: &Actor,
        id: &str,
        revision: i32,
        input: &HundiCountInput,
    ) -> Result<CollectionRecord, CashOfficeError> {
        actor.require(Permission::CountCollections)?;
        let before = self.deps.office.collection(id).await?.ok_or(CashOfficeError::NotFound)?;
        if before.locked() {
            return Err(conflict(COUNT_LOCKED));
        }
        if before.revision != revision {
            return Err(conflict(COUNT_CHANGED));
        }
        let (count, fund_name) = self.checked(input).await?;
        let summary =
            format!("Corrected the count of {} ({}): ${} → ${}", count.box_name, count.counted_on, before.count.total, count.total);
        let audit = self.audit(actor, "hundi.recount", "collection", id, summary);
        match self.deps.office.update_collection(id, revision, count, fund_name, self.deps.clock.now(), audit).await {
            Ok(stored) => Ok(stored),
            Err(RepoError::NotFound) => Err(CashOfficeError::NotFound),
            Err(RepoError::Conflict(_)) => Err(conflict(COUNT_CHANGED)),
            Err(other) => Err(other.into()),
        }
    }

    /// Discards a count entered by mistake, while it is not locked.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn discard(&self, actor: &Actor, id: &str) -> Result<(), CashOfficeError> {
        actor.require(Permission::CountCollections)?;
        let before = self.deps.office.collection(id).await?.ok_or(CashOfficeError::NotFound)?;
        let summary = format!("Discarded the count of ${} in {} ({})", before.count.total, before.count.box_name, before.count.counted_on);
        match self.deps.office.delete_collection(id, self.audit(actor, "hundi.discard", "collection", id, summary)).await {
            Ok(()) => Ok(()),
            Err(RepoError::NotFound) => Err(CashOfficeError::NotFound),
            Err(RepoError::Conflict(_)) => Err(conflict(COUNT_LOCKED)),
            Err(other) => Err(other.into()),
        }
    }

    /// Confirms the count at `revision`. The first confirmation waits for a second person's; the
    /// second locks the count and records its money in the ledger (channel `hundi`, no donor, so
    /// on nobody's statement), in one transaction.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn confirm(&self, actor: &Actor, id: &str, revision: i32) -> Result<CollectionRecord, CashOfficeError> {
        actor.require(Permission::CountCollections)?;
        let batch = self.deps.office.collection(id).await?.ok_or(CashOfficeError::NotFound)?;
        if batch.locked() {
            return Err(conflict(COUNT_LOCKED));
        }
        if batch.revision != revision {
            return Err(conflict(COUNT_CHANGED));
        }
        let now = self.deps.clock.now();
        let by = Confirmation { by_id: actor.user_id.to_string(), by_name: self.staff_name(actor).await?, at: now };
        let c = &batch.count;
        let Some(first) = &batch.first else {
            let summary = format!("Confirmed the count of ${} in {} ({}), first of two", c.total, c.box_name, c.counted_on);
            return self
                .confirmed(id, revision, ConfirmStep::First(by), self.audit(actor, "hundi.confirm", "collection", id, summary))
                .await;
        };
        if first.by_id == actor.user_id.as_str() {
            return Err(conflict(SAME_COUNTER));
        }
        let summary = format!(
            "Confirmed and locked the count of ${} in {} ({}), counted by {} and {}",
            c.total, c.box_name, c.counted_on, first.by_name, by.by_name
        );
        let audit = self.audit(actor, "hundi.lock", "collection", id, summary);
        let line = DonationDetail {
            fund_id: None,
            donation_type_id: c.donation_type_id.clone().unwrap_or_else(|| CUSTOM_DONATION_TYPE.to_owned()),
            amount: c.total,
            name: batch.fund_name.clone(),
            exchange: Exchange::Nothing,
        };
        let mut payment = NewPayment {
            id: new_id(),
            event_id: None,
            event_name: None,
            user_id: None,
            method: PaymentMethodKind::Cash,
            amount: c.total,
            status: PaymentStatus::Completed,
            provider: PaymentProvider::InPerson,
            transaction_id: None,
            client_secret_hash: None,
            donation_details: vec![line],
            receipt_number: payment::receipt_number(now, rand::rng().random_range(0..10_000)),
            idempotency_key: Some(format!("hundi:{id}")),
            donor_name: None,
            donor_email: None,
            donor_address: None,
            in_honor_of: None,
            notes: Some(format!("Hundi: {}, counted {}", c.box_name, c.counted_on).chars().take(1000).collect()),
            channel: Channel::Hundi,
            now,
        };
        for _ in 0..ATTEMPTS {
            match self
                .deps
                .office
                .confirm_collection(id, revision, ConfirmStep::Second(by.clone(), Box::new(payment.clone())), audit.clone())
                .await
            {
                Err(RepoError::Conflict(detail)) if detail.contains("receipt_number") => {
                    payment.receipt_number = payment::receipt_number(now, rand::rng().random_range(0..10_000));
                }
                other => return Self::confirmation_result(other),
            }
        }
        self.confirmed(id, revision, ConfirmStep::Second(by, Box::new(payment)), audit).await
    }

    async fn confirmed(
        &self,
        id: &str,
        revision: i32,
        step: ConfirmStep,
        audit: mandir_domain::audit::AuditEntry,
    ) -> Result<CollectionRecord, CashOfficeError> {
        Self::confirmation_result(self.deps.office.confirm_collection(id, revision, step, audit).await)
    }

    fn confirmation_result(result: Result<CollectionRecord, RepoError>) -> Result<CollectionRecord, CashOfficeError> {
        match result {
            Ok(stored) => {
                tracing::info!(collection = %stored.id, locked = stored.locked(), "hundi count confirmed");
                Ok(stored)
            }
            Err(RepoError::NotFound) => Err(CashOfficeError::NotFound),
            Err(RepoError::Conflict(_)) => Err(conflict(COUNT_CHANGED)),
            Err(other) => Err(other.into()),
        }
    }

    /// What the drawer should hold: the cash of the counter's sales since the last close.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn drawer(&self, actor: &Actor) -> Result<OpenDrawer, CashOfficeError> {
        actor.require(Permission::Counter)?;
        Ok(self.deps.office.open_drawer().await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn drawer_closes(&self, actor: &Actor) -> Result<Vec<DrawerCloseRecord>, CashOfficeError> {
        actor.require(Permission::Counter)?;
        Ok(self.deps.office.drawer_closes(LIST_LIMIT).await?)
    }

    /// Closes the drawer (front desk): the cash counted against what the sales since the last
    /// close say, a note when they differ. Once per `key`; refused when sales came in since the
    /// counter read the drawer. `(close, created)`.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn close_drawer(
        &self,
        actor: &Actor,
        key: &str,
        input: &DrawerCloseInput,
    ) -> Result<(DrawerCloseRecord, bool), CashOfficeError> {
        actor.require(Permission::Counter)?;
        if !super::counter::valid_key(key) {
            return Err(CashOfficeError::Validation(ValidationErrors::single("idempotencyKey", KEY_INVALID)));
        }
        let expected = match &input.expected {
            NumberInput::Number(text) => Money::from_number_text(text).ok(),
            NumberInput::Text(text) => Money::parse_decimal(text).ok(),
            NumberInput::Missing | NumberInput::Other => None,
        }
        .ok_or_else(|| CashOfficeError::Validation(ValidationErrors::single("expected", DRAWER_MOVED)))?;
        let count = DrawerCount::validate(&input.counted, input.note.as_deref(), expected).map_err(CashOfficeError::Validation)?;
        let id: String = new_id();
        let difference = count.difference(expected);
        let summary = format!("Closed the drawer: expected ${expected}, counted ${}, difference ${difference}", count.counted);
        let close = NewDrawerClose {
            audit: self.audit(actor, "drawer.close", "drawer_close", &id, summary),
            id,
            idempotency_key: key.to_owned(),
            day: self.today().await?,
            expected,
            count,
            by_id: actor.user_id.to_string(),
            by_name: self.staff_name(actor).await?,
            now: self.deps.clock.now(),
        };
        match self.deps.office.close_drawer(close).await? {
            DrawerClosed::Created(close) => Ok((*close, true)),
            DrawerClosed::Existing(close) => Ok((*close, false)),
            DrawerClosed::Moved { .. } => Err(conflict(DRAWER_MOVED)),
        }
    }

    /// What can go into a deposit: closed drawers, locked counts, and checks not deposited.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn undeposited(&self, actor: &Actor) -> Result<Undeposited, CashOfficeError> {
        actor.require(Permission::MakeDeposits)?;
        Ok(self.deps.office.undeposited().await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn deposits(&self, actor: &Actor) -> Result<Vec<DepositSummary>, CashOfficeError> {
        actor.require(Permission::MakeDeposits)?;
        Ok(self.deps.office.deposits(LIST_LIMIT).await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn deposit(&self, actor: &Actor, id: &str) -> Result<DepositRecord, CashOfficeError> {
        actor.require(Permission::MakeDeposits)?;
        self.deps.office.deposit(id).await?.ok_or(CashOfficeError::NotFound)
    }

    /// Makes a bank deposit of the items chosen, numbered by the day (`D-20261125-1`); an item
    /// already in a deposit refuses the whole deposit.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn make_deposit(&self, actor: &Actor, selection: DepositSelection) -> Result<DepositRecord, CashOfficeError> {
        actor.require(Permission::MakeDeposits)?;
        let selection = selection.validate().map_err(CashOfficeError::Validation)?;
        let today = self.today().await?;
        let (from, to) = self.bounds(today).await?;
        let by_name = self.staff_name(actor).await?;
        let made = self.deps.office.deposits_on(from, to).await?;
        for attempt in 0..ATTEMPTS as u64 {
            let id: String = new_id();
            let number = format!("D-{}-{}", today.format("%Y%m%d"), made + attempt + 1);
            let items = selection.drawer_close_ids.len() + selection.collection_ids.len() + selection.check_ids.len();
            let summary = format!("Made bank deposit {number} of {items} items");
            let deposit = NewDeposit {
                audit: self.audit(actor, "deposit.create", "deposit", &id, summary),
                id,
                number,
                drawer_close_ids: selection.drawer_close_ids.clone(),
                collection_ids: selection.collection_ids.clone(),
                check_ids: selection.check_ids.clone(),
                note: selection.note.clone(),
                by_name: by_name.clone(),
                now: self.deps.clock.now(),
            };
            match self.deps.office.create_deposit(deposit).await {
                Ok(Ok(stored)) => return Ok(stored),
                Ok(Err(DepositRefused::AlreadyDeposited { item, deposit })) => {
                    return Err(CashOfficeError::Conflict(format!("{item} is already in deposit {deposit}; nothing was deposited")));
                }
                Ok(Err(DepositRefused::NotDepositable(item))) => {
                    return Err(CashOfficeError::Conflict(format!("{item} cannot be deposited; nothing was deposited")));
                }
                // Another deposit took this number at the same moment: the next one.
                Err(RepoError::Conflict(detail)) if detail.contains("number") => {}
                Err(other) => return Err(other.into()),
            }
        }
        Err(conflict("Deposit numbers are being taken at this moment: try again"))
    }

    /// The bank has the money: the deposit and every payment in it are final.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn clear_deposit(&self, actor: &Actor, id: &str) -> Result<DepositRecord, CashOfficeError> {
        actor.require(Permission::MakeDeposits)?;
        let before = self.deps.office.deposit(id).await?.ok_or(CashOfficeError::NotFound)?;
        let summary = format!("Marked deposit {} of ${} cleared", before.summary.number, before.summary.total);
        let audit = self.audit(actor, "deposit.clear", "deposit", id, summary);
        match self.deps.office.clear_deposit(id, self.deps.clock.now(), self.staff_name(actor).await?, audit).await {
            Ok(stored) => Ok(stored),
            Err(RepoError::NotFound) => Err(CashOfficeError::NotFound),
            Err(RepoError::Conflict(_)) => Err(conflict(DEPOSIT_CLEARED)),
            Err(other) => Err(other.into()),
        }
    }

    /// Takes apart a deposit not yet cleared (made by mistake): its items can be deposited again.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete_deposit(&self, actor: &Actor, id: &str) -> Result<(), CashOfficeError> {
        actor.require(Permission::MakeDeposits)?;
        let before = self.deps.office.deposit(id).await?.ok_or(CashOfficeError::NotFound)?;
        let summary = format!("Took apart deposit {} of ${}", before.summary.number, before.summary.total);
        match self.deps.office.delete_deposit(id, self.audit(actor, "deposit.delete", "deposit", id, summary)).await {
            Ok(()) => Ok(()),
            Err(RepoError::NotFound) => Err(CashOfficeError::NotFound),
            Err(RepoError::Conflict(_)) => Err(conflict(DEPOSIT_CLEARED)),
            Err(other) => Err(other.into()),
        }
    }

    /// The report of `date` (the temple's; today when none or empty). Anything else must be a
    /// `YYYY-MM-DD` day as the API document says: white space is refused, not read as today.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn daily_report(&self, actor: &Actor, date: Option<&str>) -> Result<DailyReport, CashOfficeError> {
        actor.require(Permission::ReadDailyReport)?;
        let day = match date.filter(|d| !d.is_empty()) {
            None => self.today().await?,
            Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map_err(|_| CashOfficeError::Validation(ValidationErrors::single("date", DATE_INVALID)))?,
        };
        let (from, to) = self.bounds(day).await?;
        let activity = self.deps.office.day_activity(from, to).await?;
        Ok(DailyReport::of(day, &activity))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::cash_office_repository::MockCashOfficeRepository;
    use crate::ports::donation_type_repository::MockDonationTypeRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{fixed_clock, now, payment, recorder, staff, user};
    use mandir_domain::cash_office::Counts;
    use mandir_domain::cash_office::Denomination::{Bill1, Bill20};
    use mandir_domain::counter::Tender;
    use mandir_domain::staff::Role;

    fn service(office: MockCashOfficeRepository) -> CashOfficeService {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|id| Ok(Some(user(id.as_str()))));
        let mut zone = MockTempleZone::new();
        zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
        CashOfficeService::new(CashOfficeDeps {
            office: Arc::new(office),
            users: Arc::new(users),
            donation_types: Arc::new(MockDonationTypeRepository::new()),
            zone: Arc::new(zone),
            clock: Arc::new(fixed_clock()),
            recorder: recorder().0,
        })
    }

    fn treasurer(id: &str) -> Actor {
        Actor { user_id: id.into(), ..staff(&[Role::Treasurer]) }
    }

    fn count(first: Option<&str>) -> CollectionRecord {
        let counts = Counts::of(&[(Bill20, 3), (Bill1, 12)]);
        CollectionRecord {
            id: "c1".into(),
            count: HundiCount {
                box_name: "Main hundi".into(),
                counted_on: now().date_naive(),
                total: counts.total(),
                counts,
                donation_type_id: None,
                note: None,
            },
            fund_name: GENERAL_FUND.into(),
            revision: 2,
            created_by_name: "T One".into(),
            created_at: now(),
            updated_at: now(),
            first: first.map(|by| Confirmation { by_id: by.into(), by_name: by.into(), at: now() }),
            second: None,
            payment_id: None,
            receipt_number: None,
            deposit: None,
        }
    }

    #[tokio::test]
    async fn the_second_confirmation_by_another_person_records_an_anonymous_hundi_payment() {
        let mut office = MockCashOfficeRepository::new();
        office.expect_collection().returning(|_| Ok(Some(count(Some("t1")))));
        office
            .expect_confirm_collection()
            .times(1)
            .withf(|id, revision, step, audit| {
                let ConfirmStep::Second(by, p) = step else { return false };
                id == "c1"
                    && *revision == 2
                    && by.by_id == "t2"
                    && audit.action == "hundi.lock"
                    && p.channel == Channel::Hundi
                    && p.amount == Money::from_cents(7_200)
                    && p.user_id.is_none()
                    && p.donor_email.is_none()
                    && p.donation_details[0].name == GENERAL_FUND
                    && p.donation_details[0].exchange == Exchange::Nothing
            })
            .returning(|_, _, _, _| Ok(count(Some("t1"))));
        let office = service(office);
        let same = office.confirm(&treasurer("t1"), "c1", 2).await;
        assert!(matches!(same, Err(CashOfficeError::Conflict(m)) if m == SAME_COUNTER), "the first counter cannot confirm twice");
        let stale = office.confirm(&treasurer("t2"), "c1", 1).await;
        assert!(matches!(stale, Err(CashOfficeError::Conflict(m)) if m == COUNT_CHANGED), "figures seen at another revision");
        assert!(matches!(office.confirm(&staff(&[Role::FrontDesk]), "c1", 2).await, Err(CashOfficeError::Forbidden)));
        office.confirm(&treasurer("t2"), "c1", 2).await.expect("locked");
    }

    #[tokio::test]
    async fn a_drawer_closed_against_moved_figures_is_refused() {
        let mut office = MockCashOfficeRepository::new();
        office.expect_close_drawer().returning(|_| Ok(DrawerClosed::Moved { expected: Money::from_cents(9_300) }));
        let office = service(office);
        let input = DrawerCloseInput { expected: NumberInput::text("82.00"), counted: NumberInput::text("82"), note: None };
        let desk = staff(&[Role::FrontDesk]);
        assert!(matches!(office.close_drawer(&desk, "short", &input).await, Err(CashOfficeError::Validation(_))), "a key too short");
        let moved = office.close_drawer(&desk, "close-0001", &input).await;
        assert!(matches!(moved, Err(CashOfficeError::Conflict(m)) if m == DRAWER_MOVED));
    }

    #[test]
    fn the_report_splits_in_person_payments_by_how_each_part_was_paid() {
        let date = now().date_naive();
        let line = |name: &str, cents: i64, exchange: Exchange| DonationDetail {
            fund_id: None,
            donation_type_id: CUSTOM_DONATION_TYPE.into(),
            amount: Money::from_cents(cents),
            name: name.into(),
            exchange,
        };
        let split = mandir_domain::payment::Payment {
            amount: Money::from_cents(12_000),
            channel: Channel::Counter,
            method: PaymentMethodKind::Split,
            donation_details: vec![line("Seva: Archana", 2_000, Exchange::Religious), line("Annadanam", 10_000, Exchange::Nothing)],
            ..payment("p1", PaymentStatus::Completed, PaymentProvider::InPerson)
        };
        let card = mandir_domain::payment::Payment {
            amount: Money::from_cents(5_000),
            refunded_amount: Money::from_cents(1_000),
            method: PaymentMethodKind::CreditCard,
            channel: Channel::Online,
            donation_details: vec![line("Annadanam", 5_000, Exchange::Nothing)],
            ..payment("p2", PaymentStatus::Completed, PaymentProvider::Stripe)
        };
        let tenders = vec![
            Tender::Cash { amount: Money::from_cents(2_000), tendered: Money::from_cents(5_000) },
            Tender::Check { amount: Money::from_cents(10_000), number: "1".into(), bank: "B".into(), date },
        ];
        let bookings = vec![
            BookedSeva { seva_name: "Archana".into(), date, amount: Money::from_cents(2_000), paid: true },
            BookedSeva { seva_name: "Archana".into(), date, amount: Money::from_cents(2_000), paid: false },
        ];
        let report = DailyReport::of(date, &DayActivity { payments: vec![(split, tenders), (card, Vec::new())], bookings });
        assert_eq!((report.total, report.refunded, report.payments), (Money::from_cents(17_000), Money::from_cents(1_000), 2));
        let amounts = |lines: &[ReportLine]| lines.iter().map(|l| (l.key.clone(), l.amount.cents())).collect::<Vec<_>>();
        assert_eq!(amounts(&report.by_method), [("check".into(), 10_000), ("credit_card".into(), 5_000), ("cash".into(), 2_000)]);
        assert_eq!(amounts(&report.by_channel), [("counter".into(), 12_000), ("online".into(), 5_000)]);
        assert_eq!(amounts(&report.by_fund), [("Annadanam".into(), 15_000), ("Sevas".into(), 2_000)]);
        assert_eq!(report.sevas, [ReportSeva { seva_name: "Archana".into(), booked: 2, unpaid: 1, amount: Money::from_cents(2_000) }]);
    }
}

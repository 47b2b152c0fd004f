//! Year-end giving statements (docs/decisions/0103-year-end-statements.md): an admin asks for a
//! year's statements; every donor with completed gifts that year is listed once (by e-mail), and
//! the statements go out in the background (right after the ask, and from the periodic
//! `send-statements` job), each claimed by one sender. Members open their own statement for a
//! year at any time.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

use async_trait::async_trait;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use mandir_domain::exchange::NO_GOODS;
use mandir_domain::fund::GENERAL_FUND_ID;
use mandir_domain::household::{HouseholdView, StatementChoice};
use mandir_domain::payment::{Payment, PaymentStatus};
use mandir_domain::site::SiteSettings;
use mandir_domain::staff::Permission;
use mandir_domain::{FundId, HouseholdId, Money, UserId, ValidationErrors};
use serde::Serialize;

use super::Actor;
use super::jobs::{Job, Step};
use super::outbox::{Delivery, Drain, deliver_due};
use super::receipts::{acknowledged, receipt_of};
use crate::BoxError;
use crate::email::{EmailMessage, EmailTemplates, SiteContext};
use crate::ports::{
    Clock, CounterRepository, Documents, FundRepository, HouseholdRepository, Mailer, Outbox, OutboxWake, PaymentFilter, PaymentRepository,
    RepoError, SiteRepository, StatementCounts, StatementDonor, StatementSend, StatementStore,
};

/// Whose gifts a statement lists.
enum Whose<'a> {
    Everyone,
    /// These members' (one member's, or a joint household's).
    Members(&'a [UserId]),
    /// A walk-in's, by their donor record's id.
    WalkIn(&'a str),
}

/// Attempts before a statement is given up (counted as failed).
pub const MAX_ATTEMPTS: i32 = 5;
/// Statements sent per round: each round reads the year's gifts once (50,000 rows for a temple of
/// 2,000 households), so rounds are large; a round's claims last minutes, longer than 200 e-mails take.
const BATCH: u64 = 200;
const DRAIN: Drain = Drain { max_attempts: MAX_ATTEMPTS, batch: BATCH };
/// A statement's acknowledgement when its gifts call for different ones.
pub const EACH_GIFT: &str = "What was provided in exchange for each gift is stated with it.";
pub const YEAR_INVALID: &str = "Year must be a past or the current year, from 2000";

#[derive(Debug, thiserror::Error)]
pub enum StatementError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Walk-in not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(StatementError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(StatementError: RepoError);

pub use mandir_domain::statement::{StatementGift, StatementView};

/// How far a year's statements are, as the admin sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatementProgress {
    pub year: i32,
    pub total: u64,
    pub sent: u64,
    pub failed: u64,
    pub remaining: u64,
}

impl StatementProgress {
    fn of(year: i32, counts: StatementCounts) -> Self {
        let remaining = counts.total.saturating_sub(counts.sent).saturating_sub(counts.failed);
        Self { year, total: counts.total, sent: counts.sent, failed: counts.failed, remaining }
    }
}

#[derive(Debug, Serialize)]
struct StatementMessage<'a> {
    statement: &'a StatementView,
    link: &'a str,
    /// The acknowledgement's translation, beside the English in a translated e-mail (ADR 0149).
    acknowledgement_translation: Option<String>,
}

impl EmailMessage for StatementMessage<'_> {
    const TEMPLATE: &'static str = "statement.jinja";
}

/// The first instant of `year` in `zone` and the first of the next, in UTC.
fn year_bounds(year: i32, zone: Tz) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let start = |y: i32| mandir_domain::site::start_of_day(NaiveDate::from_ymd_opt(y, 1, 1)?, zone);
    Some((start(year)?, start(year + 1)?))
}

/// The gifts that count on a statement: completed, not a test, with something kept.
fn counts(payment: &Payment) -> bool {
    payment.status == PaymentStatus::Completed && !payment.is_test() && payment.kept().is_positive()
}

/// The funds' names by id, for the statements' lines (a fund unknown here shows as General).
pub type FundNames = HashMap<FundId, String>;

/// The names of a payment's funds, each once, in the order of its lines.
fn funds_of(payment: &Payment, names: &FundNames) -> String {
    let mut funds: Vec<&str> = Vec::new();
    for detail in &payment.donation_details {
        let id = detail.fund_id.clone().unwrap_or_else(|| FundId::new(GENERAL_FUND_ID));
        let name = names.get(&id).map_or("General", String::as_str);
        if !funds.contains(&name) {
            funds.push(name);
        }
    }
    if funds.is_empty() {
        funds.push(names.get(&FundId::new(GENERAL_FUND_ID)).map_or("General", String::as_str));
    }
    funds.join(", ")
}

/// The statement of `gifts` (one donor's, any order) under the temple's settings.
pub fn statement_of(
    year: i32,
    name: &str,
    email: &str,
    gifts: &[&Payment],
    settings: &SiteSettings,
    funds: &FundNames,
    sandbox_site: bool,
) -> StatementView {
    let mut gifts: Vec<&Payment> = gifts.iter().copied().filter(|p| counts(p)).collect();
    gifts.sort_by_key(|p| p.payment_date);
    let total = gifts.iter().fold(Money::from_cents(0), |sum, p| sum.checked_add(p.kept()).unwrap_or(sum));
    let first = gifts.first().map(|p| receipt_of(p, settings, sandbox_site));
    let lines = gifts
        .iter()
        .map(|p| {
            let receipt = receipt_of(p, settings, sandbox_site);
            let given = acknowledged(p);
            StatementGift {
                date: receipt.date,
                paid_at: p.payment_date,
                receipt_number: receipt.receipt_number,
                method: receipt.method,
                purposes: p.donation_details.iter().map(|d| d.name.as_str()).collect::<Vec<_>>().join(", "),
                funds: funds_of(p, funds),
                amount: p.kept().to_string(),
                deductible: given.deductible(p.kept()).to_string(),
                acknowledgement: given.sentence(p.kept()),
            }
        })
        .collect::<Vec<_>>();
    let deductible_total =
        gifts.iter().fold(Money::from_cents(0), |sum, p| sum.checked_add(acknowledged(p).deductible(p.kept())).unwrap_or(sum));
    let acknowledgement = match lines.first() {
        None => NO_GOODS.to_owned(),
        Some(first) if lines.iter().all(|g| g.acknowledgement == first.acknowledgement) => first.acknowledgement.clone(),
        Some(_) => EACH_GIFT.to_owned(),
    };
    let organization = first.as_ref().map(|r| r.organization.clone()).unwrap_or_else(|| {
        if settings.legal_name.trim().is_empty() { settings.temple_name.trim().to_owned() } else { settings.legal_name.trim().to_owned() }
    });
    StatementView {
        year,
        donor_name: name.to_owned(),
        donor_email: email.to_owned(),
        donor_address: gifts
            .iter()
            .rev()
            .find_map(|p| p.donor_address.as_deref().map(str::trim).filter(|a| !a.is_empty()))
            .map(str::to_owned),
        gifts: lines,
        total: total.to_string(),
        deductible_total: deductible_total.to_string(),
        organization,
        ein: Some(settings.ein.trim().to_owned()).filter(|e| !e.is_empty()),
        organization_address: Some(settings.address.trim().to_owned()).filter(|a| !a.is_empty()),
        acknowledgement,
        test: sandbox_site,
    }
}

/// One statement's donor: whose name it carries, the gifts it lists, where a printed copy is
/// mailed, and the household it is joint for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Donor<P> {
    pub name: String,
    pub gifts: Vec<P>,
    /// The household's mailing address, over the address on the donor's gifts.
    pub address: Option<String>,
    /// Set for a joint statement: every member of this household gets the same one.
    pub household: Option<HouseholdId>,
}

/// The statement of `donor` under the temple's settings.
fn statement_for(
    year: i32,
    email: &str,
    donor: &Donor<&Payment>,
    settings: &SiteSettings,
    funds: &FundNames,
    sandbox_site: bool,
) -> StatementView {
    let mut view = statement_of(year, &donor.name, email, &donor.gifts, settings, funds, sandbox_site);
    if donor.address.is_some() {
        view.donor_address.clone_from(&donor.address);
    }
    view
}

fn lowercase_email(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|e| !e.is_empty()).map(str::to_lowercase)
}

/// The donors of a year's gifts, by lowercase e-mail, each with the name of their latest gift.
///
/// A household whose statement is joint has one statement in all its members' names, listing
/// every gift of its members (a gift is a member's when it is under their account, or, given
/// without one, under their address) exactly once; each member is listed with it, so each gets
/// it. A member of a household with separate statements keeps their own, mailed to the
/// household's address.
pub fn donors_of<'a>(payments: &'a [Payment], households: &[HouseholdView]) -> BTreeMap<String, Donor<&'a Payment>> {
    let joint: Vec<&HouseholdView> = households.iter().filter(|h| h.household.statement == StatementChoice::Joint).collect();
    let mut by_user: HashMap<&UserId, usize> = HashMap::new();
    let mut by_email: HashMap<String, usize> = HashMap::new();
    for (i, household) in joint.iter().enumerate() {
        for member in &household.members {
            by_user.insert(&member.user_id, i);
            by_email.insert(member.email.trim().to_lowercase(), i);
        }
    }
    let mut joint_gifts: Vec<Vec<&Payment>> = vec![Vec::new(); joint.len()];
    let mut donors: BTreeMap<String, Donor<&Payment>> = BTreeMap::new();
    let mut sorted: Vec<&Payment> = payments.iter().filter(|p| counts(p)).collect();
    sorted.sort_by_key(|p| p.payment_date);
    for p in sorted {
        let email = lowercase_email(p.donor_email.as_deref());
        let household = p.user_id.as_ref().and_then(|user| by_user.get(user)).or_else(|| email.as_ref().and_then(|e| by_email.get(e)));
        if let Some(&i) = household {
            joint_gifts[i].push(p);
            continue;
        }
        let Some(email) = email else { continue };
        let entry = donors.entry(email).or_insert_with(|| Donor { name: String::new(), gifts: Vec::new(), address: None, household: None });
        if let Some(name) = p.donor_name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            name.clone_into(&mut entry.name);
        }
        entry.gifts.push(p);
    }
    for (household, gifts) in joint.iter().zip(joint_gifts) {
        if gifts.is_empty() {
            continue;
        }
        let name = household.joint_name();
        for member in &household.members {
            donors.insert(
                member.email.trim().to_lowercase(),
                Donor {
                    name: name.clone(),
                    gifts: gifts.clone(),
                    address: household.household.address.clone(),
                    household: Some(household.household.id.clone()),
                },
            );
        }
    }
    for household in households.iter().filter(|h| h.household.statement == StatementChoice::Separate) {
        for member in &household.members {
            if let Some(donor) = donors.get_mut(&member.email.trim().to_lowercase()) {
                donor.address.clone_from(&household.household.address);
            }
        }
    }
    donors
}

/// The ports the statements use.
pub struct StatementDeps {
    pub payments: Arc<dyn PaymentRepository>,
    /// Lists a year's donors and counts what was sent.
    pub store: Arc<dyn StatementStore>,
    /// The statements to send (the same table as `store`).
    pub outbox: Arc<dyn Outbox<StatementSend>>,
    pub site: Arc<dyn SiteRepository>,
    /// The funds' names, for each gift's line.
    pub funds: Arc<dyn FundRepository>,
    /// Prints statements as letters (a PDF).
    pub documents: Arc<dyn Documents>,
    /// The walk-ins' donor records, for a walk-in's statement printed at the counter.
    pub donors: Arc<dyn CounterRepository>,
    /// The households, for joint statements and their mailing addresses.
    pub households: Arc<dyn HouseholdRepository>,
    /// A member's language, for their statement's e-mail (ADR 0149).
    pub users: Arc<dyn crate::ports::UserRepository>,
    /// A mailer that answers once the message is handed over, so a statement is marked sent only
    /// when it was.
    pub mailer: Arc<dyn Mailer>,
    pub clock: Arc<dyn Clock>,
    /// Wakes the background sender right after an admin's ask.
    pub wake: Arc<dyn OutboxWake>,
    pub public_url: String,
    pub seed: SiteSettings,
    /// Payments on this site are simulated (the sandbox provider): every statement is a test.
    pub sandbox: bool,
    /// The audit log of staff actions.
    pub recorder: super::audit::Recorder,
}

#[derive(Clone)]
pub struct StatementService {
    deps: Arc<StatementDeps>,
    templates: Arc<EmailTemplates>,
}

impl StatementService {
    pub fn new(deps: StatementDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    async fn settings(&self) -> Result<SiteSettings, StatementError> {
        Ok(self.deps.site.settings().await?.unwrap_or_else(|| self.deps.seed.clone()))
    }

    async fn fund_names(&self) -> Result<FundNames, StatementError> {
        Ok(self.deps.funds.list().await?.into_iter().map(|f| (f.id, f.name)).collect())
    }

    /// The completed payments of `year` in the temple's zone: everyone's, a member's or a walk-in's.
    async fn payments_of(&self, year: i32, settings: &SiteSettings, whose: Whose<'_>) -> Result<Vec<Payment>, StatementError> {
        let (from, to) = year_bounds(year, settings.zone()).ok_or_else(invalid_year)?;
        let filter = PaymentFilter {
            status: Some(PaymentStatus::Completed),
            from: Some(from),
            to: Some(to - Duration::milliseconds(1)),
            users: match whose {
                Whose::Members(users) => Some(users.to_vec()),
                Whose::Everyone | Whose::WalkIn(_) => None,
            },
            donor_id: match whose {
                Whose::WalkIn(id) => Some(id.to_owned()),
                Whose::Everyone | Whose::Members(_) => None,
            },
            ..PaymentFilter::default()
        };
        Ok(self.deps.payments.list(filter).await?)
    }

    fn check_year(&self, year: i32, settings: &SiteSettings) -> Result<(), StatementError> {
        let this_year = self.deps.clock.now().with_timezone(&settings.zone()).year();
        if (2000..=this_year).contains(&year) { Ok(()) } else { Err(invalid_year()) }
    }

    /// An admin asks for `year`'s statements: every donor with completed gifts that year is
    /// listed (once: asking again adds only new donors), and sending starts in the background.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, year))]
    pub async fn start(&self, actor: &Actor, year: i32) -> Result<StatementProgress, StatementError> {
        actor.require(Permission::SendStatements)?;
        let settings = self.settings().await?;
        self.check_year(year, &settings)?;
        let payments = self.payments_of(year, &settings, Whose::Everyone).await?;
        let households = self.deps.households.all().await?;
        let donors: Vec<StatementDonor> =
            donors_of(&payments, &households).into_iter().map(|(email, donor)| StatementDonor { email, name: donor.name }).collect();
        let added = self.deps.store.enqueue(year, donors, &actor.user_id, self.deps.clock.now()).await?;
        tracing::info!(year, added, admin = %actor.user_id, "year-end statements asked for");
        let summary = format!("Sent the {year} year-end statements ({added} donors added to the queue)");
        self.deps
            .recorder
            .acted(
                actor,
                super::audit::Action::new(
                    mandir_domain::audit::AuditKind::Money,
                    "statements.send",
                    super::audit::Target::whole("statements"),
                ),
                summary,
                Vec::new(),
            )
            .await;
        self.deps.wake.wake();
        Ok(StatementProgress::of(year, self.deps.store.counts(year, MAX_ATTEMPTS).await?))
    }

    /// How far `year`'s statements are (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, year))]
    pub async fn progress(&self, actor: &Actor, year: i32) -> Result<StatementProgress, StatementError> {
        actor.require(Permission::SendStatements)?;
        Ok(StatementProgress::of(year, self.deps.store.counts(year, MAX_ATTEMPTS).await?))
    }

    /// The signed-in member's own statement for `year` (their gifts, whatever the e-mail).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, year))]
    pub async fn mine(&self, actor: &Actor, year: i32) -> Result<StatementView, StatementError> {
        let settings = self.settings().await?;
        self.mine_under(actor, year, &settings).await
    }

    /// The member's statement: the joint one when their household chose a joint statement
    /// (every member's gifts, in all their names), otherwise their own.
    async fn mine_under(&self, actor: &Actor, year: i32, settings: &SiteSettings) -> Result<StatementView, StatementError> {
        self.check_year(year, settings)?;
        let household = self.deps.households.of_member(&actor.user_id).await?;
        let members: Vec<UserId> = match &household {
            Some(h) if h.household.statement == StatementChoice::Joint => h.members.iter().map(|m| m.user_id.clone()).collect(),
            _ => vec![actor.user_id.clone()],
        };
        let payments = self.payments_of(year, settings, Whose::Members(&members)).await?;
        let gifts: Vec<&Payment> = payments.iter().collect();
        let name = match &household {
            Some(h) if h.household.statement == StatementChoice::Joint => h.joint_name(),
            _ => gifts.iter().rev().find_map(|p| p.donor_name.clone()).unwrap_or_default(),
        };
        let donor = Donor {
            name,
            gifts,
            address: household.as_ref().and_then(|h| h.household.address.clone()),
            household: household.as_ref().map(|h| h.household.id.clone()),
        };
        Ok(statement_for(year, &actor.email, &donor, settings, &self.fund_names().await?, self.deps.sandbox))
    }

    /// The member's own statement for `year` as a letter from the temple (a PDF).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, year))]
    pub async fn mine_printed(&self, actor: &Actor, year: i32) -> Result<Vec<u8>, StatementError> {
        let settings = self.settings().await?;
        let statement = self.mine_under(actor, year, &settings).await?;
        Ok(self.deps.documents.statements(&[statement], settings.today(self.deps.clock.now())))
    }

    /// Every donor's statement for `year`, one letter after another in one PDF, to print and mail
    /// (the staff who send statements). Audited: it holds every donor's giving.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, year))]
    pub async fn all_printed(&self, actor: &Actor, year: i32) -> Result<Vec<u8>, StatementError> {
        actor.require(Permission::SendStatements)?;
        let settings = self.settings().await?;
        self.check_year(year, &settings)?;
        let payments = self.payments_of(year, &settings, Whose::Everyone).await?;
        let households = self.deps.households.all().await?;
        let funds = self.fund_names().await?;
        // One letter per joint household, however many members it has.
        let mut printed: std::collections::HashSet<HouseholdId> = std::collections::HashSet::new();
        let statements: Vec<StatementView> = donors_of(&payments, &households)
            .into_iter()
            .filter(|(_, donor)| donor.household.as_ref().is_none_or(|h| printed.insert(h.clone())))
            .map(|(email, donor)| statement_for(year, &email, &donor, &settings, &funds, self.deps.sandbox))
            .collect();
        let today = settings.today(self.deps.clock.now());
        let document = self.deps.documents.statements(&statements, today);
        let summary = format!("Downloaded the {year} year-end statements of {} donors to print", statements.len());
        let action = super::audit::Action::new(
            mandir_domain::audit::AuditKind::Money,
            "statements.print",
            super::audit::Target::whole("statements"),
        );
        self.deps.recorder.acted(actor, action, summary, Vec::new()).await;
        Ok(document)
    }

    /// A walk-in's statement for `year`, to print at the counter (front desk and admins): every
    /// gift on their donor record, whether or not they gave an e-mail address.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, donor = %donor_id, year))]
    pub async fn of_walk_in(&self, actor: &Actor, donor_id: &str, year: i32) -> Result<StatementView, StatementError> {
        actor.require(Permission::Counter)?;
        let donor = self.deps.donors.find_donor(donor_id).await?.ok_or(StatementError::NotFound)?;
        let settings = self.settings().await?;
        self.check_year(year, &settings)?;
        let payments = self.payments_of(year, &settings, Whose::WalkIn(&donor.id)).await?;
        let gifts: Vec<&Payment> = payments.iter().collect();
        let email = donor.walk_in.email.unwrap_or_default();
        let funds = self.fund_names().await?;
        Ok(statement_of(year, &donor.walk_in.name, &email, &gifts, &settings, &funds, self.deps.sandbox))
    }

    /// Sends the statements that are due; answers how many went out. The settings and each
    /// year's payments are read once per pass.
    #[tracing::instrument(skip_all)]
    pub async fn deliver_due(&self) -> Result<u64, StatementError> {
        // Read once per pass, by the first statement claimed: the settings and each year's payments.
        let kept: Mutex<Kept> = Mutex::default();
        let kept = &kept;
        deliver_due(
            self.deps.outbox.as_ref(),
            || self.deps.clock.now(),
            DRAIN,
            |row: StatementSend| async move {
                let (settings, payments) = {
                    let kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
                    (kept.settings.clone(), kept.years.get(&row.year).cloned())
                };
                let settings = match settings {
                    Some(settings) => settings,
                    None => {
                        let settings = Arc::new((self.settings().await?, self.fund_names().await?));
                        kept.lock().unwrap_or_else(PoisonError::into_inner).settings = Some(Arc::clone(&settings));
                        settings
                    }
                };
                let donors = match payments {
                    Some(donors) => donors,
                    None => {
                        let payments = self.payments_of(row.year, &settings.0, Whose::Everyone).await?;
                        let households = self.deps.households.all().await?;
                        let donors: YearDonors = donors_of(&payments, &households)
                            .into_iter()
                            .map(|(email, d)| {
                                let gifts = d.gifts.into_iter().cloned().collect();
                                (email, Donor { name: d.name, gifts, address: d.address, household: d.household })
                            })
                            .collect();
                        let donors = Arc::new(donors);
                        kept.lock().unwrap_or_else(PoisonError::into_inner).years.insert(row.year, Arc::clone(&donors));
                        donors
                    }
                };
                self.send(&row, donors.get(row.donor_email.as_str()), &settings.0, &settings.1).await
            },
        )
        .await
    }

    /// Sends one claimed statement: the donor's as grouped now (a household formed since the
    /// statements were asked for is joint already), or none of the year's gifts when they have none.
    async fn send(
        &self,
        row: &StatementSend,
        donor: Option<&Donor<Payment>>,
        settings: &SiteSettings,
        funds: &FundNames,
    ) -> Result<Delivery, StatementError> {
        let (year, email) = (row.year, row.donor_email.as_str());
        let donor = match donor {
            Some(d) => {
                Donor { name: d.name.clone(), gifts: d.gifts.iter().collect(), address: d.address.clone(), household: d.household.clone() }
            }
            None => Donor { name: row.donor_name.clone(), gifts: Vec::new(), address: None, household: None },
        };
        let statement = statement_for(year, email, &donor, settings, funds, self.deps.sandbox);
        let link = format!("{}/my-donations", self.deps.public_url.trim_end_matches('/'));
        let site = SiteContext { temple_name: settings.temple_name.clone(), public_url: self.deps.public_url.clone() };
        // A member's statement is e-mailed in their language (ADR 0149); a guest's in English.
        let language = match mandir_domain::user::Email::parse(email) {
            Ok(address) => self.deps.users.find_by_email(&address).await?.map(|c| c.user.language).unwrap_or_default(),
            Err(_) => mandir_domain::language::Language::English,
        };
        let acknowledgement_translation = crate::i18n::acknowledgement_translation(language, &statement.acknowledgement);
        let message = StatementMessage { statement: &statement, link: &link, acknowledgement_translation };
        let rendered = self.templates.render_in(language, email, &site, &message).map_err(|e| StatementError::Unexpected(e.into()))?;
        match self.deps.mailer.send(rendered).await {
            Ok(()) => {
                tracing::info!(year, gifts = statement.gifts.len(), "year-end statement e-mailed");
                Ok(Delivery::Sent)
            }
            Err(error) => {
                tracing::warn!(error = ?error, year, attempt = row.attempts, "sending a statement failed; retried later");
                Ok(Delivery::Failed(error.to_string()))
            }
        }
    }
}

/// A year's donors by lowercase e-mail, their gifts oldest first.
type YearDonors = BTreeMap<String, Donor<Payment>>;

/// What one delivery pass reads once: the settings with the funds' names, and each year's gifts
/// grouped by donor (grouped once: 2,000 statements of 50,000 gifts would otherwise group them
/// 2,000 times).
#[derive(Default)]
struct Kept {
    settings: Option<Arc<(SiteSettings, FundNames)>>,
    years: BTreeMap<i32, Arc<YearDonors>>,
}

fn invalid_year() -> StatementError {
    StatementError::Validation(ValidationErrors::single("year", YEAR_INVALID))
}

/// The periodic job sending statements the wake-up missed (a crash, a mail outage).
pub struct SendStatements(pub StatementService);

#[async_trait]
impl Job for SendStatements {
    fn name(&self) -> &'static str {
        "send-statements"
    }

    fn description(&self) -> &'static str {
        "Sends the year-end giving statements an admin asked for and not sent yet"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        Ok(Step::done(self.0.deliver_due().await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::counter_repository::MockCounterRepository;
    use crate::ports::mailer::MockMailer;
    use crate::ports::outbox::MockOutbox;
    use crate::ports::payment_repository::MockPaymentRepository;
    use crate::ports::receipt_outbox::MockOutboxWake;
    use crate::ports::site_repository::MockSiteRepository;
    use crate::ports::statement_store::MockStatementStore;
    use crate::ports::{MailError, StatementSend};
    use crate::services::test_fixtures::{admin, member, now, payment};
    use mandir_domain::payment::PaymentProvider;

    /// A completed Zelle gift of `cents` by `email`, `days` after the start of November 2026.
    fn gift(id: &str, email: &str, cents: i64, days: i64) -> Payment {
        Payment {
            amount: Money::from_cents(cents),
            donor_name: Some(format!("Name of {email}")),
            donor_email: Some(email.into()),
            receipt_number: Some(format!("AUTO-1-{id}")),
            payment_date: now() + Duration::days(days),
            method: mandir_domain::payment::PaymentMethodKind::Zelle,
            ..payment(id, PaymentStatus::Completed, PaymentProvider::Zelle)
        }
    }

    struct Mocks {
        payments: MockPaymentRepository,
        store: MockStatementStore,
        outbox: MockOutbox<StatementSend>,
        mailer: MockMailer,
        wake: MockOutboxWake,
        donors: MockCounterRepository,
        funds: crate::ports::fund_repository::MockFundRepository,
        documents: crate::ports::documents::MockDocuments,
        /// Every household, as the repository answers them.
        households: Vec<HouseholdView>,
    }

    impl Mocks {
        fn new() -> Self {
            let mut funds = crate::ports::fund_repository::MockFundRepository::new();
            funds.expect_list().returning(|| {
                let building =
                    mandir_domain::fund::Fund { name: "Temple Building".into(), ..crate::services::funds::tests_support::fund("building") };
                Ok(vec![building])
            });
            Self {
                funds,
                documents: crate::ports::documents::MockDocuments::new(),
                payments: MockPaymentRepository::new(),
                store: MockStatementStore::new(),
                outbox: MockOutbox::new(),
                mailer: MockMailer::new(),
                wake: MockOutboxWake::new(),
                donors: MockCounterRepository::new(),
                households: Vec::new(),
            }
        }

        fn service(self) -> StatementService {
            let clock = crate::services::test_fixtures::fixed_clock();
            let mut site = MockSiteRepository::new();
            site.expect_settings().returning(|| {
                Ok(Some(SiteSettings {
                    temple_name: "Sri Ganesha Temple".into(),
                    legal_name: "Sri Ganesha Temple of Folsom, Inc.".into(),
                    ein: "12-3456789".into(),
                    ..SiteSettings::default()
                }))
            });
            let mut households = crate::ports::household_repository::MockHouseholdRepository::new();
            let all = self.households.clone();
            households.expect_all().returning(move || Ok(all.clone()));
            let each = self.households;
            households
                .expect_of_member()
                .returning(move |user| Ok(each.iter().find(|h| h.members.iter().any(|m| &m.user_id == user)).cloned()));
            StatementService::new(StatementDeps {
                households: Arc::new(households),
                users: Arc::new({
                    let mut users = crate::ports::user_repository::MockUserRepository::new();
                    users.expect_find_by_email().returning(|_| Ok(None));
                    users
                }),
                payments: Arc::new(self.payments),
                store: Arc::new(self.store),
                outbox: Arc::new(self.outbox),
                site: Arc::new(site),
                funds: Arc::new(self.funds),
                documents: Arc::new(self.documents),
                donors: Arc::new(self.donors),
                mailer: Arc::new(self.mailer),
                clock: Arc::new(clock),
                wake: Arc::new(self.wake),
                public_url: "http://temple.test".into(),
                seed: SiteSettings::default(),
                sandbox: false,
                recorder: crate::services::test_fixtures::recorder().0,
            })
        }
    }

    fn year_gifts() -> Vec<Payment> {
        vec![
            gift("1", "Ravi@Example.org", 30_000, 0),
            // $50 given, $20 refunded: $30 counts.
            Payment { refunded_amount: Money::from_cents(2000), ..gift("2", "ravi@example.org", 5000, 3) },
            gift("3", "asha@example.org", 2500, 1),
            // Not counted: a test payment, a fully refunded one, one without an e-mail.
            Payment { provider: PaymentProvider::Sandbox, ..gift("4", "ravi@example.org", 9900, 2) },
            Payment { status: PaymentStatus::Refunded, refunded_amount: Money::from_cents(700), ..gift("5", "ravi@example.org", 700, 2) },
            Payment { donor_email: None, ..gift("6", "", 100, 2) },
        ]
    }

    #[test]
    fn a_statement_lists_the_kept_gifts_oldest_first_with_the_total() {
        let gifts = year_gifts();
        let ravi: Vec<&Payment> =
            gifts.iter().filter(|p| p.donor_email.as_deref().is_some_and(|e| e.eq_ignore_ascii_case("ravi@example.org"))).collect();
        let settings = SiteSettings { legal_name: "Temple Inc.".into(), ein: "12-3456789".into(), ..SiteSettings::default() };
        let statement = statement_of(2026, "Ravi", "ravi@example.org", &ravi, &settings, &FundNames::new(), false);
        let lines: Vec<(&str, &str)> = statement.gifts.iter().map(|g| (g.receipt_number.as_str(), g.amount.as_str())).collect();
        assert_eq!(lines, vec![("AUTO-1-1", "300.00"), ("AUTO-1-2", "30.00")]);
        assert_eq!(statement.total, "330.00");
        assert_eq!((statement.organization.as_str(), statement.ein.as_deref()), ("Temple Inc.", Some("12-3456789")));
        assert_eq!(statement.acknowledgement, NO_GOODS);
        assert_eq!(statement.gifts[0].date, "November 1, 2026");
        assert_eq!((statement.deductible_total.as_str(), statement.gifts[1].deductible.as_str()), ("330.00", "30.00"));
    }

    #[test]
    fn each_gift_is_acknowledged_by_what_it_gave_in_return() {
        use mandir_domain::exchange::{Exchange, RELIGIOUS_ONLY};
        use mandir_domain::payment::DonationDetail;
        let with = |id: &str, cents: i64, exchange| Payment {
            donation_details: vec![DonationDetail {
                fund_id: None,
                donation_type_id: "custom".into(),
                amount: Money::from_cents(cents),
                name: "Line".into(),
                exchange,
            }],
            ..gift(id, "ravi@example.org", cents, id.parse().unwrap_or(0))
        };
        let settings = SiteSettings::default();
        let sevas = [with("1", 1100, Exchange::Religious), with("2", 5100, Exchange::Religious)];
        let statement =
            statement_of(2026, "Ravi", "ravi@example.org", &sevas.iter().collect::<Vec<_>>(), &settings, &FundNames::new(), false);
        assert_eq!(statement.acknowledgement, RELIGIOUS_ONLY, "one sentence when every gift shares it");
        assert!(statement.gifts.iter().all(|g| g.acknowledgement == RELIGIOUS_ONLY));

        // A $100 dinner ticket worth $40, half refunded: $50 kept, $10 of it deductible.
        let dinner = Payment { refunded_amount: Money::from_cents(5000), ..with("3", 10_000, Exchange::Goods(Money::from_cents(4000))) };
        let mixed = [with("1", 1100, Exchange::Religious), with("2", 5100, Exchange::Nothing), dinner];
        let statement =
            statement_of(2026, "Ravi", "ravi@example.org", &mixed.iter().collect::<Vec<_>>(), &settings, &FundNames::new(), false);
        assert_eq!(statement.acknowledgement, EACH_GIFT);
        let said: Vec<&str> = statement.gifts.iter().map(|g| g.acknowledgement.as_str()).collect();
        assert_eq!(&said[..2], &[RELIGIOUS_ONLY, NO_GOODS]);
        assert!(said[2].contains("fair market value of $40.00") && said[2].contains("deductible part is $10.00"), "{}", said[2]);
        assert_eq!((statement.total.as_str(), statement.deductible_total.as_str()), ("112.00", "72.00"));

        let site = SiteContext { temple_name: "Temple".into(), public_url: "http://t".into() };
        let mail = EmailTemplates::new()
            .render(
                "ravi@example.org",
                &site,
                &StatementMessage { statement: &statement, link: "http://t/x", acknowledgement_translation: None },
            )
            .expect("mail");
        for text in [&mail.text_body, &mail.html_body] {
            assert!(text.contains(EACH_GIFT) && text.contains(RELIGIOUS_ONLY) && text.contains(NO_GOODS), "{text}");
            assert!(text.contains("Deductible total") && text.contains("$72.00"), "{text}");
        }
        // In each language: the legal sentences stay in English, beside the e-mail's own words.
        use mandir_domain::language::Language;
        for language in [Language::Telugu, Language::Tamil, Language::Hindi, Language::Kannada] {
            let message = StatementMessage { statement: &statement, link: "http://t/x", acknowledgement_translation: None };
            let mail = EmailTemplates::new().render_in(language, "ravi@example.org", &site, &message).expect("mail");
            for text in [&mail.text_body, &mail.html_body] {
                assert!(text.contains(RELIGIOUS_ONLY) && text.contains(NO_GOODS) && text.contains("$72.00"), "{language}: {text}");
                assert!(!text.contains("Thank you for your gifts"), "{language} is translated: {text}");
            }
        }
        let single = [with("1", 1100, Exchange::Religious)];
        let statement =
            statement_of(2026, "Ravi", "ravi@example.org", &single.iter().collect::<Vec<_>>(), &settings, &FundNames::new(), false);
        let translation = crate::i18n::acknowledgement_translation(Language::Hindi, &statement.acknowledgement).expect("translated");
        let message =
            StatementMessage { statement: &statement, link: "http://t/x", acknowledgement_translation: Some(translation.clone()) };
        let mail = EmailTemplates::new().render_in(Language::Hindi, "ravi@example.org", &site, &message).expect("mail");
        assert!(mail.text_body.contains(RELIGIOUS_ONLY) && mail.text_body.contains(&translation), "{}", mail.text_body);
    }

    #[tokio::test]
    async fn an_admin_lists_each_donor_once_and_wakes_the_sender() {
        let mut m = Mocks::new();
        m.payments.expect_list().withf(|f| f.status == Some(PaymentStatus::Completed) && f.from.is_some()).returning(|_| Ok(year_gifts()));
        m.store
            .expect_enqueue()
            .withf(|year, donors, by, _| {
                *year == 2026
                    && by.as_str() == "admin"
                    && *donors
                        == vec![
                            StatementDonor { email: "asha@example.org".into(), name: "Name of asha@example.org".into() },
                            StatementDonor { email: "ravi@example.org".into(), name: "Name of ravi@example.org".into() },
                        ]
            })
            .times(1)
            .returning(|_, _, _, _| Ok(2));
        m.store.expect_counts().returning(|_, _| Ok(StatementCounts { total: 2, sent: 0, failed: 0 }));
        m.wake.expect_wake().times(1).return_const(());
        let service = m.service();
        let progress = service.start(&admin(), 2026).await.expect("started");
        assert_eq!(progress, StatementProgress { year: 2026, total: 2, sent: 0, failed: 0, remaining: 2 });
        assert!(matches!(service.start(&member(), 2026).await, Err(StatementError::Forbidden)));
        for year in [1999, 2027] {
            let Err(StatementError::Validation(errors)) = service.start(&admin(), year).await else { panic!("{year}") };
            assert_eq!(errors.get("year"), Some(YEAR_INVALID));
        }
    }

    #[tokio::test]
    async fn each_claimed_statement_is_e_mailed_once_and_a_failure_is_recorded() {
        let mut m = Mocks::new();
        m.outbox
            .expect_due()
            .times(1)
            .returning(|_, _, _| Ok(vec!["2026:ravi@example.org".into(), "2026:asha@example.org".into(), "2026:held@example.org".into()]));
        m.payments.expect_list().times(1).returning(|_| Ok(year_gifts()));
        m.outbox.expect_claim().returning(|id, _, _| {
            let (year, email) = id.split_once(':').expect("year:email");
            Ok((email != "held@example.org").then(|| StatementSend {
                year: year.parse().expect("year"),
                donor_email: email.into(),
                donor_name: "Ravi Kumar".into(),
                attempts: 1,
                sent_at: None,
                last_error: None,
            }))
        });
        m.mailer
            .expect_send()
            .withf(|e| {
                e.to == "ravi@example.org"
                    && e.subject == "Your 2026 giving statement from Sri Ganesha Temple of Folsom, Inc."
                    && e.text_body.contains("Total for 2026: $330.00")
                    && e.text_body.contains("AUTO-1-2")
                    && !e.text_body.contains("AUTO-1-4")
                    && e.text_body.contains(NO_GOODS)
                    && e.html_body.contains("<strong>$330.00</strong>")
            })
            .times(1)
            .returning(|_| Ok(()));
        m.mailer.expect_send().withf(|e| e.to == "asha@example.org").times(1).returning(|_| Err(MailError("smtp down".into())));
        m.outbox.expect_mark_sent().withf(|id, _| id == "2026:ravi@example.org").times(1).returning(|_, _| Ok(()));
        m.outbox
            .expect_mark_failed()
            .withf(|id, error| id == "2026:asha@example.org" && !error.is_empty())
            .times(1)
            .returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("delivered"), 1);
    }

    #[tokio::test]
    async fn a_member_opens_their_own_statement() {
        let mut m = Mocks::new();
        m.payments
            .expect_list()
            .withf(|f| f.users == Some(vec![UserId::new("m")]))
            .times(1)
            .returning(|_| Ok(vec![gift("1", "m@example.org", 1000, 0), gift("2", "m@example.org", 2500, 5)]));
        let statement = m.service().mine(&member(), 2026).await.expect("statement");
        assert_eq!((statement.total.as_str(), statement.gifts.len(), statement.donor_email.as_str()), ("35.00", 2, "m@example.org"));
    }

    #[tokio::test]
    async fn the_counter_prints_a_walk_in_s_statement_of_their_donor_record() {
        let mut m = Mocks::new();
        m.donors.expect_find_donor().returning(|id| {
            Ok((id == "donor-1").then(|| mandir_domain::counter::DonorRecord {
                id: "donor-1".into(),
                walk_in: mandir_domain::counter::WalkIn { name: "Gopal Iyer".into(), email: None, phone: None, address: None },
            }))
        });
        m.payments
            .expect_list()
            .withf(|f| f.donor_id.as_deref() == Some("donor-1") && f.user_id.is_none() && f.status == Some(PaymentStatus::Completed))
            .times(1)
            .returning(|_| {
                Ok(vec![Payment { donor_email: None, ..gift("1", "", 1100, 0) }, Payment { donor_email: None, ..gift("2", "", 5100, 9) }])
            });
        let desk = crate::services::test_fixtures::staff(&[mandir_domain::staff::Role::FrontDesk]);
        let service = m.service();
        let statement = service.of_walk_in(&desk, "donor-1", 2026).await.expect("statement");
        assert_eq!((statement.donor_name.as_str(), statement.donor_email.as_str()), ("Gopal Iyer", ""));
        assert_eq!((statement.total.as_str(), statement.gifts.len()), ("62.00", 2));
        assert!(matches!(service.of_walk_in(&desk, "donor-x", 2026).await, Err(StatementError::NotFound)));
        assert!(matches!(service.of_walk_in(&member(), "donor-1", 2026).await, Err(StatementError::Forbidden)));
    }

    #[tokio::test]
    async fn the_printed_statements_are_every_donors_letters_with_their_funds_and_the_print_is_audited() {
        let mut m = Mocks::new();
        m.payments.expect_list().returning(|_| {
            let mut gifts = year_gifts();
            gifts[0].donation_details = vec![mandir_domain::payment::DonationDetail {
                fund_id: Some(FundId::new("building")),
                donation_type_id: "custom".into(),
                amount: Money::from_cents(30_000),
                name: "Bricks".into(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
            }];
            gifts[0].donor_address = Some("12 Temple Rd\nFolsom, CA 95630".into());
            Ok(gifts)
        });
        m.documents
            .expect_statements()
            .withf(|statements, issued_on| {
                let ravi = statements.iter().find(|s| s.donor_email == "ravi@example.org");
                statements.len() == 2
                    && *issued_on == NaiveDate::from_ymd_opt(2026, 11, 1).expect("day")
                    && ravi.is_some_and(|r| {
                        r.gifts[0].funds == "Temple Building"
                            && r.gifts[1].funds == "General"
                            && r.donor_address.as_deref() == Some("12 Temple Rd\nFolsom, CA 95630")
                    })
            })
            .times(1)
            .returning(|_, _| b"%PDF-1.7".to_vec());
        let service = m.service();
        assert!(matches!(service.all_printed(&member(), 2026).await, Err(StatementError::Forbidden)));
        assert_eq!(service.all_printed(&admin(), 2026).await.expect("printed"), b"%PDF-1.7");
        assert!(matches!(service.all_printed(&admin(), 1999).await, Err(StatementError::Validation(_))));
    }

    /// The Rao household: Ravi (user `ravi`) and Asha (user `asha`, the fixtures' member `m` is not in it).
    fn raos(statement: StatementChoice) -> HouseholdView {
        let person = |id: &str, first: &str, email: &str, day: i64| mandir_domain::household::HouseholdMember {
            user_id: UserId::new(id),
            first_name: first.into(),
            last_name: "Rao".into(),
            email: email.into(),
            joined_at: now() + Duration::days(day),
            family: vec!["Anika (daughter)".into()],
        };
        HouseholdView {
            household: mandir_domain::household::Household {
                id: HouseholdId::new("raos"),
                name: "The Rao family".into(),
                address: Some("1 Temple Way\nFolsom, CA 95630".into()),
                statement,
                created_at: now(),
                updated_at: now(),
            },
            members: vec![person("ravi", "Ravi", "ravi@example.org", 0), person("asha", "Asha", "Asha@Example.org", 1)],
            invitations: Vec::new(),
        }
    }

    /// Ravi's gift under his account, Asha's under hers (another address), Asha's as a guest
    /// under her address, a stranger's, and one not counted.
    fn household_gifts() -> Vec<Payment> {
        vec![
            Payment { user_id: Some(UserId::new("ravi")), ..gift("r1", "ravi@example.org", 10_000, 0) },
            Payment { user_id: Some(UserId::new("asha")), ..gift("a1", "asha.work@example.org", 2_500, 1) },
            gift("a2", "asha@example.org", 1_100, 2),
            gift("s1", "someone@example.org", 5_000, 3),
            Payment { status: PaymentStatus::Refunded, ..gift("x", "ravi@example.org", 700, 4) },
        ]
    }

    #[test]
    fn a_joint_statement_lists_every_members_gift_exactly_once_for_each_member() {
        let payments = household_gifts();
        let donors = donors_of(&payments, &[raos(StatementChoice::Joint)]);
        assert_eq!(donors.keys().collect::<Vec<_>>(), ["asha@example.org", "ravi@example.org", "someone@example.org"]);
        for email in ["ravi@example.org", "asha@example.org"] {
            let donor = &donors[email];
            let ids: Vec<&str> = donor.gifts.iter().map(|p| p.id.as_str()).collect();
            assert_eq!(ids, ["r1", "a1", "a2"], "{email}: each gift once, oldest first");
            assert_eq!(donor.name, "Ravi Rao and Asha Rao");
            assert_eq!(donor.household, Some(HouseholdId::new("raos")));
            let statement = statement_for(2026, email, donor, &SiteSettings::default(), &FundNames::new(), false);
            assert_eq!(statement.total, "136.00");
            assert_eq!(statement.donor_address.as_deref(), Some("1 Temple Way\nFolsom, CA 95630"));
        }
        assert_eq!(donors["someone@example.org"].gifts.len(), 1);
        assert_eq!(donors["someone@example.org"].household, None);
        // Every counted gift is on exactly one statement of the household's or the stranger's.
        let listed: usize = donors.values().filter(|d| d.household.is_none()).map(|d| d.gifts.len()).sum::<usize>() + 3;
        assert_eq!(listed, payments.iter().filter(|p| counts(p)).count());
    }

    #[test]
    fn separate_statements_keep_each_members_gifts_mailed_to_the_household() {
        let payments = household_gifts();
        let donors = donors_of(&payments, &[raos(StatementChoice::Separate)]);
        let ravi: Vec<&str> = donors["ravi@example.org"].gifts.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ravi, ["r1"]);
        assert_eq!(donors["asha@example.org"].gifts.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["a2"]);
        assert_eq!(donors["asha.work@example.org"].gifts.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["a1"]);
        assert_eq!(donors["ravi@example.org"].address.as_deref(), Some("1 Temple Way\nFolsom, CA 95630"));
        assert_eq!(donors["ravi@example.org"].household, None);
        assert_eq!(donors["someone@example.org"].address, None);
    }

    #[tokio::test]
    async fn a_member_of_a_joint_household_opens_the_joint_statement() {
        let mut m = Mocks::new();
        m.households = vec![raos(StatementChoice::Joint)];
        m.payments
            .expect_list()
            .withf(|f| f.users == Some(vec![UserId::new("ravi"), UserId::new("asha")]))
            .times(1)
            .returning(|_| Ok(household_gifts().into_iter().filter(|p| p.user_id.is_some()).collect()));
        let ravi = Actor { user_id: UserId::new("ravi"), email: "ravi@example.org".into(), ..member() };
        let statement = m.service().mine(&ravi, 2026).await.expect("statement");
        assert_eq!((statement.donor_name.as_str(), statement.total.as_str()), ("Ravi Rao and Asha Rao", "125.00"));
        assert_eq!(statement.donor_address.as_deref(), Some("1 Temple Way\nFolsom, CA 95630"));
    }

    #[tokio::test]
    async fn the_print_has_one_letter_per_joint_household() {
        let mut m = Mocks::new();
        m.households = vec![raos(StatementChoice::Joint)];
        m.payments.expect_list().returning(|_| Ok(household_gifts()));
        m.documents
            .expect_statements()
            .withf(|statements, _| {
                let names: Vec<&str> = statements.iter().map(|s| s.donor_name.as_str()).collect();
                names == ["Ravi Rao and Asha Rao", "Name of someone@example.org"]
            })
            .times(1)
            .returning(|_, _| b"%PDF-1.7".to_vec());
        assert_eq!(m.service().all_printed(&admin(), 2026).await.expect("printed"), b"%PDF-1.7");
    }
}

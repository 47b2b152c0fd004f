//! Recurring gifts by card (docs/product.md#recurring-gifts, ADR 0136). A donor (a member, or a
//! guest with an e-mail) sets an amount, a fund, how often and from when, and saves a card with
//! the provider. Our own claim-once job ([`ChargeRecurringGifts`]) charges each period off-session
//! through the [`PaymentGateway`]; each charge is a payment of the one ledger, with its fund line
//! and its receipt (or none, when the donor chose the year-end statement only).
//!
//! A declined charge is retried 3 days later, then 7 days after each further failure; the donor
//! is e-mailed a link to update the card each time. After `max_failures` failures in a row the
//! gift pauses, and the treasurer sees it in the paused list. The donor changes, pauses, resumes
//! or cancels it from My Donations, or a guest from the signed link each e-mail carries.
//!
//! Charging is safe to repeat: a charge's payment is stored (with its idempotency key
//! `recurring:{gift}:{period}:{attempt}`) before the provider is called with that same key, and
//! its outcome and the gift's next date are written in one transaction guarded by the period and
//! failure count it was made for. A step that dies halfway finds its pending payment and calls
//! the provider again with the same key, which answers the same charge.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::NaiveDate;
use mandir_domain::exchange::Exchange;
use mandir_domain::payment::{self, CUSTOM_DONATION_TYPE, DonationDetail, Payment, PaymentMethodKind, PaymentProvider, PaymentStatus};
use mandir_domain::recurring_gift::{self as gift, CardOnFile, GiftChangeInput, GiftStatus, PausedBy, RecurringGift, RecurringGiftInput};
use mandir_domain::staff::Permission;
use mandir_domain::user::Email;
use mandir_domain::{RetryAfter, ValidationErrors};
use rand::Rng;
use serde::Serialize;
use subtle::ConstantTimeEq;

use super::jobs::{Job, Step};
use super::outbox::{Delivery, Drain, deliver_due};
use super::payments::{Payer, scoped_key};
use super::rate_limits::{Action, LimitError, RateLimiter};
use super::{Actor, hash_secret, new_id};
use crate::BoxError;
use crate::email::{EmailMessage, EmailTemplates, SiteContext};
use crate::ports::{
    Clock, FinishedCharge, FundRepository, GatewayError, GiftEmail, GiftEmailKind, GiftEmailNew, GiftUpdate, IntentStatus, LinkSigner,
    Mailer, NewPayment, NewRecurringGift, Outbox, OutboxWake, PaymentGateway, RecurringGiftRepository, RepoError, SavedCard, SavedCharge,
    SetupRequest, TempleName, TempleZone, TestCard,
};

#[derive(Debug, thiserror::Error)]
pub enum RecurringGiftError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Recurring gift not found")]
    NotFound,
    #[error("{0}")]
    Conflict(&'static str),
    #[error("Admin access required")]
    Forbidden,
    #[error("Too many attempts. Please try again in a few minutes.")]
    Throttled(RetryAfter),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(RecurringGiftError, fields: Validation, throttled: Throttled, {
    Self::Validation(_) => Invalid,
    Self::NotFound => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Forbidden => Forbidden,
    Self::Throttled(_) => Throttled,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(RecurringGiftError: RepoError, GatewayError);

impl From<LimitError> for RecurringGiftError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::Exceeded(wait) => Self::Throttled(wait),
            LimitError::Store(error) => error.into(),
        }
    }
}

impl From<super::PermissionRequired> for RecurringGiftError {
    fn from(_: super::PermissionRequired) -> Self {
        Self::Forbidden
    }
}

fn invalid(field: &str, message: &str) -> RecurringGiftError {
    RecurringGiftError::Validation(ValidationErrors::single(field, message))
}

/// How many gifts the treasurer's list shows at most.
pub const LIST_LIMIT: u64 = 500;
/// Gifts one step of the job charges.
const BATCH: u64 = 25;
const RECEIPT_ATTEMPTS: usize = 5;
const DRAIN: Drain = Drain { max_attempts: 5, batch: 50 };

pub const STATUS_INVALID: &str = "Status must be setup, active, paused or canceled";
pub const SETUP_OUTCOME_INVALID: &str = "Outcome must be 'succeeded' or 'failed'";

/// The subject the signed link of a gift signs.
fn link_subject(gift_id: &str) -> String {
    format!("recurring-gift:{gift_id}")
}

/// The app path that manages a gift without signing in: `/giving/recurring/{id}?token=...`.
pub fn manage_path(signer: &dyn LinkSigner, gift_id: &str) -> String {
    format!("/giving/recurring/{gift_id}?token={}", signer.sign(&link_subject(gift_id)))
}

/// A card form for the browser: Stripe's SetupIntent, or the sandbox's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSetup {
    pub setup_intent_id: String,
    pub client_secret: String,
    pub provider: PaymentProvider,
}

/// A gift just made, with its card form and its signed link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartedGift {
    pub gift: RecurringGift,
    pub setup: CardSetup,
    pub manage_path: String,
}

/// A guest's name and e-mail (members' come from their account).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GuestDonor {
    pub name: Option<String>,
    pub email: Option<String>,
}

/// Who asks about a gift: its member (signed in) and/or the holder of its signed link.
#[derive(Debug, Clone, Copy)]
pub struct Holder<'a> {
    pub actor: Option<&'a Actor>,
    pub token: Option<&'a str>,
}

/// The card form the browser confirmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmedSetup {
    pub setup_intent_id: String,
    pub client_secret: String,
}

#[derive(Debug, Serialize)]
struct GiftMessage<'a> {
    kind: &'a str,
    donor: &'a str,
    amount: String,
    fund: &'a str,
    period: &'a str,
    next_on: Option<String>,
    retry_on: Option<String>,
    card: Option<String>,
    detail: Option<&'a str>,
    max_failures: u32,
    link: String,
}

impl EmailMessage for GiftMessage<'_> {
    const TEMPLATE: &'static str = "recurring_gift.jinja";
}

pub struct RecurringGiftDeps {
    pub gifts: Arc<dyn RecurringGiftRepository>,
    /// A member's language, for their gift's e-mails (ADR 0149).
    pub users: Arc<dyn crate::ports::UserRepository>,
    pub outbox: Arc<dyn Outbox<GiftEmail>>,
    pub gateway: Arc<dyn PaymentGateway>,
    pub funds: Arc<dyn FundRepository>,
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    pub limiter: RateLimiter,
    pub mailer: Arc<dyn Mailer>,
    pub temple: Arc<dyn TempleName>,
    pub signer: Arc<dyn LinkSigner>,
    /// Told after a change wrote an e-mail or completed a payment (its receipt).
    pub wake: Arc<dyn OutboxWake>,
    pub public_url: String,
    /// Failures in a row before a gift pauses.
    pub max_failures: u32,
}

#[derive(Clone)]
pub struct RecurringGiftService {
    deps: Arc<RecurringGiftDeps>,
    templates: Arc<EmailTemplates>,
}

/// "Visa ending 4242, expires 12/28".
fn card_text(card: &CardOnFile) -> String {
    let mut brand = card.brand.clone();
    if let Some(first) = brand.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    format!("{brand} ending {}, expires {:02}/{:02}", card.last4, card.exp_month, card.exp_year.rem_euclid(100))
}

/// Whether a provider's saved card is usable as shown.
fn card_on_file(saved: &SavedCard) -> CardOnFile {
    CardOnFile { brand: saved.brand.clone(), last4: saved.last4.clone(), exp_month: saved.exp_month, exp_year: saved.exp_year }
}

/// What a donor does to their gift in one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DonorStep {
    Pause,
    Resume,
    Cancel,
}

/// What a charge came to, as the job records it.
enum Outcome {
    /// Paid (`Some(Completed)`), or accepted and still processing (`None`: its webhook completes it).
    Paid(Option<PaymentStatus>),
    Declined(String),
}

impl RecurringGiftService {
    pub fn new(deps: RecurringGiftDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    pub fn max_failures(&self) -> u32 {
        self.deps.max_failures
    }

    /// A charge's receipt page, signed as the receipt e-mails sign it (a guest opens it too).
    pub fn receipt_path(&self, receipt_number: &str) -> String {
        format!("/receipts/{receipt_number}?sig={}", self.deps.signer.sign(receipt_number))
    }

    async fn today(&self) -> Result<NaiveDate, RecurringGiftError> {
        let zone = self.deps.zone.time_zone().await?;
        Ok(self.deps.clock.now().with_timezone(&zone).date_naive())
    }

    /// The gift, to its member or the holder of its link; `NotFound` to anyone else.
    async fn held(&self, id: &str, holder: Holder<'_>) -> Result<RecurringGift, RecurringGiftError> {
        let gift = self.deps.gifts.find(id).await?.ok_or(RecurringGiftError::NotFound)?;
        let owner = holder.actor.is_some_and(|actor| gift.user_id.as_ref() == Some(&actor.user_id));
        let linked = holder.token.is_some_and(|token| self.deps.signer.verify(&link_subject(&gift.id), token));
        if owner || linked { Ok(gift) } else { Err(RecurringGiftError::NotFound) }
    }

    /// A gift that may still change: not canceled.
    async fn open(&self, id: &str, holder: Holder<'_>) -> Result<RecurringGift, RecurringGiftError> {
        let gift = self.held(id, holder).await?;
        if gift.status == GiftStatus::Canceled {
            return Err(RecurringGiftError::Conflict(gift::CANCELED));
        }
        Ok(gift)
    }

    async fn check_fund(&self, fund_id: &mandir_domain::FundId) -> Result<(), RecurringGiftError> {
        match self.deps.funds.get(fund_id).await? {
            Some(fund) if fund.is_active => Ok(()),
            Some(_) => Err(invalid("fundId", gift::FUND_CLOSED)),
            None => Err(invalid("fundId", gift::FUND_REQUIRED)),
        }
    }

    /// A donor starts a gift: checked, stored waiting for its card, with a card form from the
    /// provider. With an `Idempotency-Key`, a repeated request answers the same gift.
    #[tracing::instrument(skip_all)]
    pub async fn start(
        &self,
        payer: &Payer,
        input: RecurringGiftInput,
        guest: GuestDonor,
        key: Option<&str>,
    ) -> Result<StartedGift, RecurringGiftError> {
        let today = self.today().await?;
        let mut errors = ValidationErrors::new();
        let terms = input.validate(today).map_err(|e| {
            errors = e;
        });
        let (user_id, name, email) = match payer {
            Payer::Member(donor) => (Some(donor.user_id.clone()), donor.name.clone(), donor.email.clone()),
            Payer::Guest(_) => {
                let name = guest.name.as_deref().map(str::trim).unwrap_or_default().to_owned();
                if name.is_empty() {
                    errors.add("name", gift::NAME_REQUIRED);
                } else if name.chars().count() > 200 {
                    errors.add("name", gift::NAME_TOO_LONG);
                }
                let email = match guest.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
                    None => {
                        errors.add("email", gift::EMAIL_REQUIRED);
                        String::new()
                    }
                    Some(raw) => errors.check("email", Email::parse(raw)).map(|e| e.as_str().to_owned()).unwrap_or_default(),
                };
                (None, name, email)
            }
        };
        let terms = match terms {
            Ok(terms) if errors.is_empty() => terms,
            _ => return Err(RecurringGiftError::Validation(errors)),
        };
        self.check_fund(&terms.fund_id).await?;
        let (action, subject) = match payer {
            Payer::Guest(address) => (Action::GuestPaymentIntent, address.as_str().to_owned()),
            Payer::Member(donor) => (Action::MemberPaymentIntent, donor.user_id.to_string()),
        };
        let key = key.map(|key| format!("recurring:{}", scoped_key(payer, &email, key)));
        if let Some(key) = &key
            && let Some(existing) = self.deps.gifts.find_by_key(key).await?
        {
            return self.restart(existing, key).await;
        }
        self.deps.limiter.reserve(action, &subject, self.deps.clock.now()).await?;
        let id: String = new_id();
        let setup_key = key.clone().unwrap_or_else(|| format!("recurring-setup:{id}"));
        let setup = self
            .deps
            .gateway
            .create_setup(SetupRequest { idempotency_key: setup_key, email: email.clone(), name: name.clone(), customer_id: None })
            .await?;
        let record = NewRecurringGift {
            id,
            user_id,
            donor_name: name,
            donor_email: email,
            terms,
            provider: self.deps.gateway.provider().as_str().to_owned(),
            customer_id: setup.customer_id.clone(),
            setup_intent_id: setup.id.clone(),
            setup_secret_hash: hash_secret(&setup.client_secret),
            idempotency_key: key.clone(),
            now: self.deps.clock.now(),
        };
        let gift = match self.deps.gifts.create(record).await {
            Ok(gift) => gift,
            // A concurrent request with the same key stored it first.
            Err(RepoError::Conflict(_)) if key.is_some() => {
                let key = key.unwrap_or_default();
                let existing = self.deps.gifts.find_by_key(&key).await?.ok_or(RecurringGiftError::NotFound)?;
                return self.restart(existing, &key).await;
            }
            Err(other) => return Err(other.into()),
        };
        tracing::info!(gift = %gift.id, amount = %gift.amount, frequency = gift.frequency.as_str(), "recurring gift started");
        let manage_path = manage_path(self.deps.signer.as_ref(), &gift.id);
        let setup = CardSetup { setup_intent_id: setup.id, client_secret: setup.client_secret, provider: self.deps.gateway.provider() };
        Ok(StartedGift { gift, setup, manage_path })
    }

    /// A repeated start: the same gift, and its card form again (the provider answers the same
    /// setup for the same key).
    async fn restart(&self, gift: RecurringGift, key: &str) -> Result<StartedGift, RecurringGiftError> {
        let setup = self
            .deps
            .gateway
            .create_setup(SetupRequest {
                idempotency_key: key.to_owned(),
                email: gift.donor_email.clone(),
                name: gift.donor_name.clone(),
                customer_id: None,
            })
            .await?;
        if gift.setup_intent_id.as_deref() != Some(setup.id.as_str()) {
            return Err(RecurringGiftError::Conflict(crate::services::payments::IDEMPOTENCY_KEY_REUSED));
        }
        let manage_path = manage_path(self.deps.signer.as_ref(), &gift.id);
        let setup = CardSetup { setup_intent_id: setup.id, client_secret: setup.client_secret, provider: self.deps.gateway.provider() };
        Ok(StartedGift { gift, setup, manage_path })
    }

    /// A new card form for a gift (to change its card).
    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn card_setup(&self, id: &str, holder: Holder<'_>) -> Result<CardSetup, RecurringGiftError> {
        let gift = self.open(id, holder).await?;
        let setup = self
            .deps
            .gateway
            .create_setup(SetupRequest {
                idempotency_key: format!("recurring-card:{}:{}", gift.id, new_id::<String>()),
                email: gift.donor_email.clone(),
                name: gift.donor_name.clone(),
                customer_id: gift.customer_id.clone(),
            })
            .await?;
        let update = GiftUpdate {
            customer_id: Some(setup.customer_id.clone()),
            setup: Some((setup.id.clone(), hash_secret(&setup.client_secret))),
            ..GiftUpdate::default()
        };
        self.deps.gifts.update(&gift.id, update, self.deps.clock.now()).await?;
        Ok(CardSetup { setup_intent_id: setup.id, client_secret: setup.client_secret, provider: self.deps.gateway.provider() })
    }

    /// The gift's current card form, checked against what the browser confirmed.
    fn check_setup(gift: &RecurringGift, confirmed: &ConfirmedSetup) -> Result<(), RecurringGiftError> {
        let secret = hash_secret(&confirmed.client_secret);
        let same_secret: bool = gift.setup_secret_hash.as_deref().is_some_and(|stored| stored.as_bytes().ct_eq(secret.as_bytes()).into());
        if gift.setup_intent_id.as_deref() == Some(confirmed.setup_intent_id.as_str()) && same_secret {
            Ok(())
        } else {
            Err(invalid("card", gift::SETUP_MISMATCH))
        }
    }

    /// Stripe: the browser confirmed the card form; the saved card is read from Stripe.
    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn save_card(&self, id: &str, holder: Holder<'_>, confirmed: ConfirmedSetup) -> Result<RecurringGift, RecurringGiftError> {
        let gift = self.open(id, holder).await?;
        Self::check_setup(&gift, &confirmed)?;
        let saved = match self.deps.gateway.saved_card(&confirmed.setup_intent_id).await {
            Ok(saved) => saved,
            Err(GatewayError::Rejected { .. } | GatewayError::NotFound) => return Err(invalid("card", gift::CARD_NOT_SAVED)),
            Err(other) => return Err(other.into()),
        };
        self.attach(gift, saved).await
    }

    /// The sandbox's card form: `outcome` is the tester's choice (`succeeded` saves the card,
    /// `failed` is a declined card).
    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn save_test_card(
        &self,
        id: &str,
        holder: Holder<'_>,
        confirmed: ConfirmedSetup,
        outcome: &str,
        card: TestCard,
    ) -> Result<RecurringGift, RecurringGiftError> {
        if self.deps.gateway.provider() != PaymentProvider::Sandbox {
            return Err(RecurringGiftError::NotFound);
        }
        let gift = self.open(id, holder).await?;
        Self::check_setup(&gift, &confirmed)?;
        match outcome {
            "succeeded" => {}
            "failed" => return Err(invalid("card", gift::CARD_DECLINED)),
            _ => return Err(invalid("outcome", SETUP_OUTCOME_INVALID)),
        }
        let saved = match self.deps.gateway.save_test_card(&confirmed.setup_intent_id, card).await {
            Ok(saved) => saved,
            Err(GatewayError::Rejected { message, .. }) => return Err(invalid("card", &message)),
            Err(other) => return Err(other.into()),
        };
        self.attach(gift, saved).await
    }

    /// Puts a saved card on the gift. A gift waiting for its card becomes active. One retrying
    /// after failures has the failed period tried again at once with the new card; one paused
    /// after failures resumes from its next date on or after today. A gift due today is charged
    /// right away.
    async fn attach(&self, gift: RecurringGift, saved: SavedCard) -> Result<RecurringGift, RecurringGiftError> {
        let today = self.today().await?;
        let now = self.deps.clock.now();
        let first = gift.status == GiftStatus::Setup;
        let after_failures = gift.failures > 0 || gift.paused_by == Some(PausedBy::Failures);
        let mut update = GiftUpdate { card: Some((saved.payment_method_id.clone(), card_on_file(&saved))), ..GiftUpdate::default() };
        if first {
            update.status = Some(GiftStatus::Active);
            update.email = Some(GiftEmailNew { id: format!("setUp:{}", gift.id), kind: GiftEmailKind::SetUp, detail: None });
        }
        if after_failures {
            update.failures = Some(0);
            update.last_error = Some(None);
            if gift.status == GiftStatus::Paused && gift.paused_by == Some(PausedBy::Failures) {
                // As a resume: from the next scheduled date on or after today.
                update.status = Some(GiftStatus::Active);
                update.paused_by = Some(None);
                update.paused_at = Some(None);
                update.retry_on = Some(None);
                update.next_charge_on = Some(gift::first_period_from(gift.next_charge_on, gift.frequency, gift.anchor_day, today));
            } else if gift.status == GiftStatus::Active {
                // The period that failed is tried again at once, with the new card.
                update.retry_on = Some(Some(today));
            }
        }
        let updated = self.deps.gifts.update(&gift.id, update, now).await?;
        tracing::info!(gift = %updated.id, first, "card saved for a recurring gift");
        self.deps.wake.wake();
        if updated.is_due(today) { self.charge(updated).await } else { Ok(updated) }
    }

    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn get(&self, id: &str, holder: Holder<'_>) -> Result<RecurringGift, RecurringGiftError> {
        self.held(id, holder).await
    }

    /// The member's gifts, newest first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn mine(&self, actor: &Actor) -> Result<Vec<RecurringGift>, RecurringGiftError> {
        Ok(self.deps.gifts.of_user(&actor.user_id).await?)
    }

    /// Every gift, or those with `status` (the treasurer's paused list).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor, status: Option<&str>) -> Result<Vec<RecurringGift>, RecurringGiftError> {
        actor.require(Permission::ReadLedger)?;
        let status = status.map(|text| GiftStatus::parse(text).ok_or_else(|| invalid("status", STATUS_INVALID))).transpose()?;
        Ok(self.deps.gifts.list(status, LIST_LIMIT).await?)
    }

    /// The donor changes the amount, fund, frequency, next date or receipts. A new next date also
    /// becomes the schedule's day of the month, and ends any retry.
    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn change(&self, id: &str, holder: Holder<'_>, input: GiftChangeInput) -> Result<RecurringGift, RecurringGiftError> {
        let today = self.today().await?;
        let change = input.validate(today).map_err(RecurringGiftError::Validation)?;
        let gift = self.open(id, holder).await?;
        if let Some(fund) = &change.fund_id
            && *fund != gift.fund_id
        {
            self.check_fund(fund).await?;
        }
        let mut update = GiftUpdate {
            amount: change.amount,
            fund_id: change.fund_id,
            frequency: change.frequency,
            receipts: change.receipts,
            ..GiftUpdate::default()
        };
        if let Some(next) = change.next_charge_on {
            update.next_charge_on = Some(next);
            update.anchor_day = Some(chrono::Datelike::day(&next));
            update.retry_on = Some(None);
            update.failures = Some(0);
        }
        let updated = self.deps.gifts.update(&gift.id, update, self.deps.clock.now()).await?;
        tracing::info!(gift = %updated.id, "recurring gift changed by its donor");
        Ok(updated)
    }

    /// Pauses, resumes or cancels the gift.
    #[tracing::instrument(skip_all, fields(gift = %id, step = ?step))]
    pub async fn step(&self, id: &str, holder: Holder<'_>, step: DonorStep) -> Result<RecurringGift, RecurringGiftError> {
        match step {
            DonorStep::Pause => self.pause(id, holder).await,
            DonorStep::Resume => self.resume(id, holder).await,
            DonorStep::Cancel => self.cancel(id, holder).await,
        }
    }

    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn pause(&self, id: &str, holder: Holder<'_>) -> Result<RecurringGift, RecurringGiftError> {
        let gift = self.open(id, holder).await?;
        match gift.status {
            GiftStatus::Paused => return Err(RecurringGiftError::Conflict(gift::ALREADY_PAUSED)),
            GiftStatus::Setup => return Err(RecurringGiftError::Conflict(gift::NO_CARD_YET)),
            _ => {}
        }
        let now = self.deps.clock.now();
        let update = GiftUpdate {
            status: Some(GiftStatus::Paused),
            paused_by: Some(Some(PausedBy::Donor)),
            paused_at: Some(Some(now)),
            ..GiftUpdate::default()
        };
        Ok(self.deps.gifts.update(&gift.id, update, now).await?)
    }

    /// Resumes a paused gift from its next scheduled date on or after today (missed periods are
    /// not charged: a pause is not a debt). A gift paused after failures resumes with its card
    /// tried afresh.
    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn resume(&self, id: &str, holder: Holder<'_>) -> Result<RecurringGift, RecurringGiftError> {
        let gift = self.open(id, holder).await?;
        if gift.status != GiftStatus::Paused {
            return Err(RecurringGiftError::Conflict(gift::NOT_PAUSED));
        }
        let today = self.today().await?;
        let now = self.deps.clock.now();
        let update = GiftUpdate {
            status: Some(GiftStatus::Active),
            paused_by: Some(None),
            paused_at: Some(None),
            failures: Some(0),
            retry_on: Some(None),
            last_error: Some(None),
            next_charge_on: Some(gift::first_period_from(gift.next_charge_on, gift.frequency, gift.anchor_day, today)),
            ..GiftUpdate::default()
        };
        Ok(self.deps.gifts.update(&gift.id, update, now).await?)
    }

    #[tracing::instrument(skip_all, fields(gift = %id))]
    pub async fn cancel(&self, id: &str, holder: Holder<'_>) -> Result<RecurringGift, RecurringGiftError> {
        let gift = self.open(id, holder).await?;
        let now = self.deps.clock.now();
        let update =
            GiftUpdate { status: Some(GiftStatus::Canceled), canceled_at: Some(now), retry_on: Some(None), ..GiftUpdate::default() };
        let updated = self.deps.gifts.update(&gift.id, update, now).await?;
        tracing::info!(gift = %updated.id, "recurring gift canceled by its donor");
        Ok(updated)
    }

    /// The period's pending payment, or one paid since the gift was last changed, or a new one
    /// stored for its next attempt. A payment paid since is answered so that a caller holding the
    /// gift as it was before another charged the period (the job and a newly saved card at once)
    /// records nothing new and charges nothing twice; a donor who moves the next gift back onto a
    /// paid day changes the gift after that payment, and is charged again.
    async fn charge_payment(&self, gift: &RecurringGift) -> Result<(Payment, u32), RecurringGiftError> {
        let period = gift.next_charge_on;
        let earlier = self.deps.gifts.period_charges(&gift.id, period).await?;
        let current = |p: &Payment| match p.status {
            PaymentStatus::Pending => true,
            PaymentStatus::Completed | PaymentStatus::Refunded => p.created_at >= gift.updated_at,
            _ => false,
        };
        if let Some((payment, attempt)) = earlier.iter().find(|(p, _)| current(p)) {
            return Ok((payment.clone(), *attempt));
        }
        let attempt = earlier.iter().map(|(_, a)| a + 1).max().unwrap_or(0);
        let now = self.deps.clock.now();
        let label = format!("{} gift: {}", capitalized(gift.frequency.as_str()), gift.fund_name);
        let mut record = NewPayment {
            id: new_id(),
            event_id: None,
            event_name: None,
            user_id: gift.user_id.clone(),
            method: PaymentMethodKind::CreditCard,
            amount: gift.amount,
            status: PaymentStatus::Pending,
            provider: self.deps.gateway.provider(),
            transaction_id: None,
            client_secret_hash: None,
            donation_details: vec![DonationDetail {
                donation_type_id: CUSTOM_DONATION_TYPE.to_owned(),
                amount: gift.amount,
                name: label,
                exchange: Exchange::Nothing,
                fund_id: Some(gift.fund_id.clone()),
            }],
            receipt_number: String::new(),
            idempotency_key: Some(format!("recurring:{}:{}:{}", gift.id, period, attempt)),
            donor_name: Some(gift.donor_name.clone()),
            donor_email: Some(gift.donor_email.clone()),
            donor_address: None,
            in_honor_of: None,
            notes: None,
            channel: mandir_domain::counter::Channel::Online,
            now,
        };
        for _ in 0..RECEIPT_ATTEMPTS {
            record.receipt_number = payment::receipt_number(now, rand::rng().random_range(0..10_000));
            match self.deps.gifts.start_charge(&gift.id, record.clone(), period, attempt).await {
                Ok(payment) => return Ok((payment, attempt)),
                Err(RepoError::Conflict(_)) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(RecurringGiftError::Unexpected("no unique receipt number after several attempts".into()))
    }

    /// Charges the gift's due period once: its payment stored, the provider called with the
    /// payment's key, and the outcome recorded with the gift's next date (or its retry, or its
    /// pause) in one transaction. A provider that cannot be reached leaves the payment pending
    /// for the next run, counting no failure.
    #[tracing::instrument(skip_all, fields(gift = %gift.id))]
    pub async fn charge(&self, gift: RecurringGift) -> Result<RecurringGift, RecurringGiftError> {
        let (Some(customer), Some(method)) = (gift.customer_id.clone(), gift.payment_method_id.clone()) else {
            return Err(RecurringGiftError::Conflict(gift::NO_CARD_YET));
        };
        let today = self.today().await?;
        let (payment, attempt) = self.charge_payment(&gift).await?;
        let key = payment.idempotency_key.clone().unwrap_or_default();
        let (outcome, transaction_id) = match payment.status {
            // Recorded before (a repeated step after its outcome was stored).
            PaymentStatus::Completed | PaymentStatus::Refunded => (Outcome::Paid(None), None),
            PaymentStatus::Failed | PaymentStatus::Expired => (Outcome::Declined(gift.last_error.clone().unwrap_or_default()), None),
            PaymentStatus::Pending => {
                let request = SavedCharge {
                    amount: payment.amount,
                    currency: payment::CURRENCY.to_owned(),
                    customer_id: customer,
                    payment_method_id: method,
                    idempotency_key: key,
                    receipt_email: None,
                    description: format!("{} gift to {}", capitalized(gift.frequency.as_str()), gift.fund_name),
                    recurring_gift_id: gift.id.clone(),
                };
                match self.deps.gateway.charge_saved(request).await {
                    Ok(intent) => {
                        let outcome = match intent.status {
                            IntentStatus::Succeeded => Outcome::Paid(Some(PaymentStatus::Completed)),
                            IntentStatus::Processing | IntentStatus::RequiresCapture => Outcome::Paid(None),
                            IntentStatus::RequiresAction => Outcome::Declined(gift::CHARGE_NEEDS_CONFIRMATION.to_owned()),
                            _ => Outcome::Declined(gift::CHARGE_DECLINED.to_owned()),
                        };
                        (outcome, Some(intent.id))
                    }
                    Err(GatewayError::Rejected { message, .. }) => (Outcome::Declined(message), None),
                    Err(GatewayError::NotFound) => (Outcome::Declined(gift::CARD_GONE.to_owned()), None),
                    Err(other) => {
                        tracing::warn!(error = %other, "the provider could not be reached; the charge is tried again next run");
                        return Err(other.into());
                    }
                }
            }
        };
        let now = self.deps.clock.now();
        let period = gift.next_charge_on;
        let (payment_status, update) = match outcome {
            Outcome::Paid(status) => (
                status,
                GiftUpdate {
                    next_charge_on: Some(gift::next_period(period, gift.frequency, gift.anchor_day)),
                    retry_on: Some(None),
                    failures: Some(0),
                    last_error: Some(None),
                    ..GiftUpdate::default()
                },
            ),
            Outcome::Declined(message) => {
                let failures = gift.failures + 1;
                let paused = failures >= self.deps.max_failures;
                let mut update = GiftUpdate { failures: Some(failures), last_error: Some(Some(message.clone())), ..GiftUpdate::default() };
                let (kind, label) = if paused { (GiftEmailKind::Paused, "paused") } else { (GiftEmailKind::Declined, "declined") };
                update.email = Some(GiftEmailNew { id: format!("{label}:{}:{period}:{attempt}", gift.id), kind, detail: Some(message) });
                if paused {
                    update.status = Some(GiftStatus::Paused);
                    update.paused_by = Some(Some(PausedBy::Failures));
                    update.paused_at = Some(Some(now));
                    update.retry_on = Some(None);
                } else {
                    update.retry_on = Some(Some(gift::retry_date(today, failures)));
                }
                (Some(PaymentStatus::Failed), update)
            }
        };
        let finished = FinishedCharge {
            gift_id: gift.id.clone(),
            payment_id: payment.id.clone(),
            period_on: period,
            failures_before: gift.failures,
            transaction_id,
            payment_status,
            receipt: gift.receipts == gift::ReceiptChoice::Each,
            gift: update,
            now,
        };
        let updated = self.deps.gifts.finish_charge(finished).await?;
        tracing::info!(gift = %updated.id, payment = %payment.id, status = updated.status.as_str(), failures = updated.failures, "recurring gift charged");
        self.deps.wake.wake();
        Ok(updated)
    }

    /// Charges every gift due today, a batch after `after`; the next cursor when more are left.
    #[tracing::instrument(skip_all, fields(after = after.as_deref().unwrap_or("")))]
    pub async fn charge_due(&self, after: Option<String>) -> Result<(u64, Option<String>), RecurringGiftError> {
        let today = self.today().await?;
        let ids = self.deps.gifts.due(today, after, BATCH).await?;
        let mut charged = 0;
        for id in &ids {
            let Some(gift) = self.deps.gifts.find(id).await? else { continue };
            if !gift.is_due(today) {
                continue;
            }
            match self.charge(gift).await {
                Ok(_) => charged += 1,
                // One gift's trouble does not stop the others; it is tried again next run.
                Err(error) => tracing::warn!(gift = %id, error = ?error, "charging a recurring gift failed"),
            }
        }
        let next = if ids.len() as u64 == BATCH { ids.last().cloned() } else { None };
        Ok((charged, next))
    }

    /// Sends the gifts' e-mails that are due; answers how many went out.
    #[tracing::instrument(skip_all)]
    pub async fn deliver_due(&self) -> Result<u64, RecurringGiftError> {
        deliver_due(self.deps.outbox.as_ref(), || self.deps.clock.now(), DRAIN, |row| self.send(row)).await
    }

    async fn send(&self, row: GiftEmail) -> Result<Delivery, RecurringGiftError> {
        let Some(gift) = self.deps.gifts.find(&row.gift_id).await? else {
            return Ok(Delivery::NotNeeded("the gift is gone"));
        };
        if gift.status == GiftStatus::Canceled {
            return Ok(Delivery::NotNeeded("the gift was canceled"));
        }
        let link = format!("{}{}", self.deps.public_url.trim_end_matches('/'), manage_path(self.deps.signer.as_ref(), &gift.id));
        let message = GiftMessage {
            kind: row.kind.as_str(),
            donor: &gift.donor_name,
            amount: gift.amount.to_string(),
            fund: &gift.fund_name,
            period: gift.frequency.period(),
            next_on: (gift.status == GiftStatus::Active).then(|| long_date(gift.next_charge_on)),
            retry_on: gift.retry_on.map(long_date),
            card: gift.card.as_ref().map(card_text),
            detail: row.detail.as_deref(),
            max_failures: self.deps.max_failures,
            link,
        };
        let site = SiteContext { temple_name: self.deps.temple.temple_name().await?, public_url: self.deps.public_url.clone() };
        let language = match &gift.user_id {
            Some(id) => self.deps.users.find_by_id(id).await?.map(|u| u.language).unwrap_or_default(),
            None => mandir_domain::language::Language::English,
        };
        let email =
            self.templates.render_in(language, &gift.donor_email, &site, &message).map_err(|e| RecurringGiftError::Unexpected(e.into()))?;
        match self.deps.mailer.send(email).await {
            Ok(()) => Ok(Delivery::Sent),
            Err(error) => {
                tracing::warn!(error = ?error, gift = %gift.id, "sending a recurring gift e-mail failed; retried later");
                Ok(Delivery::Failed(error.to_string()))
            }
        }
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// "March 1, 2027".
fn long_date(day: NaiveDate) -> String {
    day.format("%B %-d, %Y").to_string()
}

/// The periodic job: charges the gifts due today, then sends the gifts' e-mails the wake-up
/// after a commit missed.
pub struct ChargeRecurringGifts(pub RecurringGiftService);

#[async_trait]
impl Job for ChargeRecurringGifts {
    fn name(&self) -> &'static str {
        "charge-recurring-gifts"
    }

    fn description(&self) -> &'static str {
        "Charges the recurring gifts due today and e-mails their donors about failed charges"
    }

    async fn step(&self, cursor: Option<String>) -> Result<Step, BoxError> {
        let (charged, next) = self.0.charge_due(cursor).await?;
        match next {
            Some(next) => Ok(Step { processed: charged, next: Some(next) }),
            None => {
                let sent = self.0.deliver_due().await?;
                Ok(Step::done(charged + sent))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The service over an in-memory store of gifts (a fake of the repository's port: the charge
    //! job's schedule is what is under test), with a mocked gateway and a clock the test moves.

    use std::collections::HashMap;
    use std::sync::Mutex;

    use chrono::{DateTime, Duration, TimeZone, Utc};
    use mandir_domain::fund::Fund;
    use mandir_domain::payment::PaymentStatus;
    use mandir_domain::recurring_gift::{Frequency, GiftCharge, ReceiptChoice};
    use mandir_domain::{FundId, Money, PaymentId, UserId};

    use super::*;
    use crate::ports::clock::MockClock;
    use crate::ports::fund_repository::MockFundRepository;
    use crate::ports::mailer::MockMailer;
    use crate::ports::outbox::MockOutbox;
    use crate::ports::payment_gateway::MockPaymentGateway;
    use crate::ports::receipt_outbox::{MockLinkSigner, MockOutboxWake};
    use crate::ports::temple_zone::MockTempleZone;
    use crate::ports::{GatewayIntent, GatewaySetup};
    use crate::services::rate_limits::RateLimitPolicy;
    use crate::services::test_fixtures::{limiter, member, temple_name};

    /// A charge as the store keeps it.
    #[derive(Clone)]
    struct Charge {
        payment: Payment,
        period_on: NaiveDate,
        attempt: u32,
        receipt: bool,
    }

    #[derive(Default)]
    struct Store {
        gifts: HashMap<String, RecurringGift>,
        charges: Vec<Charge>,
        emails: Vec<GiftEmailNew>,
    }

    #[derive(Default)]
    struct MemoryGifts(Mutex<Store>);

    impl MemoryGifts {
        fn with<T>(&self, f: impl FnOnce(&mut Store) -> T) -> T {
            f(&mut self.0.lock().expect("lock"))
        }
    }

    fn apply(gift: &mut RecurringGift, u: GiftUpdate, now: DateTime<Utc>) -> Option<GiftEmailNew> {
        if let Some(v) = u.status {
            gift.status = v;
        }
        if let Some(v) = u.paused_by {
            gift.paused_by = v;
        }
        if let Some(v) = u.paused_at {
            gift.paused_at = v;
        }
        if let Some(v) = u.canceled_at {
            gift.canceled_at = Some(v);
        }
        if let Some(v) = u.amount {
            gift.amount = v;
        }
        if let Some(v) = u.fund_id {
            gift.fund_id = v;
        }
        if let Some(v) = u.frequency {
            gift.frequency = v;
        }
        if let Some(v) = u.anchor_day {
            gift.anchor_day = v;
        }
        if let Some(v) = u.next_charge_on {
            gift.next_charge_on = v;
        }
        if let Some(v) = u.retry_on {
            gift.retry_on = v;
        }
        if let Some(v) = u.failures {
            gift.failures = v;
        }
        if let Some(v) = u.last_error {
            gift.last_error = v;
        }
        if let Some(v) = u.receipts {
            gift.receipts = v;
        }
        if let Some(v) = u.customer_id {
            gift.customer_id = Some(v);
        }
        if let Some((method, card)) = u.card {
            gift.payment_method_id = Some(method);
            gift.card = Some(card);
        }
        if let Some((id, hash)) = u.setup {
            gift.setup_intent_id = Some(id);
            gift.setup_secret_hash = Some(hash);
        }
        gift.updated_at = now;
        u.email
    }

    #[async_trait]
    impl RecurringGiftRepository for MemoryGifts {
        async fn create(&self, g: NewRecurringGift) -> Result<RecurringGift, RepoError> {
            let gift = RecurringGift {
                id: g.id.clone(),
                user_id: g.user_id,
                donor_name: g.donor_name,
                donor_email: g.donor_email,
                amount: g.terms.amount,
                fund_id: g.terms.fund_id,
                fund_name: "Annadanam".into(),
                frequency: g.terms.frequency,
                anchor_day: chrono::Datelike::day(&g.terms.start_on),
                start_on: g.terms.start_on,
                next_charge_on: g.terms.start_on,
                retry_on: None,
                status: GiftStatus::Setup,
                paused_by: None,
                failures: 0,
                last_error: None,
                receipts: g.terms.receipts,
                provider: g.provider,
                customer_id: Some(g.customer_id),
                payment_method_id: None,
                card: None,
                setup_intent_id: Some(g.setup_intent_id),
                setup_secret_hash: Some(g.setup_secret_hash),
                created_at: g.now,
                updated_at: g.now,
                paused_at: None,
                canceled_at: None,
                charges: vec![],
            };
            self.with(|s| s.gifts.insert(g.id.clone(), gift.clone()));
            Ok(gift)
        }

        async fn find(&self, id: &str) -> Result<Option<RecurringGift>, RepoError> {
            Ok(self.with(|s| {
                s.gifts.get(id).cloned().map(|mut gift| {
                    gift.charges = s
                        .charges
                        .iter()
                        .rev()
                        .filter(|c| c.payment.idempotency_key.as_deref().is_some_and(|k| k.contains(id)))
                        .map(|c| GiftCharge {
                            payment_id: c.payment.id.clone(),
                            receipt_number: c.payment.receipt_number.clone().unwrap_or_default(),
                            amount: c.payment.amount,
                            status: c.payment.status.as_str().to_owned(),
                            charged_at: c.payment.created_at,
                            period_on: c.period_on,
                        })
                        .collect();
                    gift
                })
            }))
        }

        async fn find_by_key(&self, _key: &str) -> Result<Option<RecurringGift>, RepoError> {
            Ok(None)
        }

        async fn of_user(&self, user_id: &UserId) -> Result<Vec<RecurringGift>, RepoError> {
            Ok(self.with(|s| s.gifts.values().filter(|g| g.user_id.as_ref() == Some(user_id)).cloned().collect()))
        }

        async fn list(&self, status: Option<GiftStatus>, _limit: u64) -> Result<Vec<RecurringGift>, RepoError> {
            Ok(self.with(|s| s.gifts.values().filter(|g| status.is_none_or(|st| g.status == st)).cloned().collect()))
        }

        async fn due(&self, today: NaiveDate, after: Option<String>, _limit: u64) -> Result<Vec<String>, RepoError> {
            Ok(self.with(|s| {
                s.gifts.values().filter(|g| g.is_due(today) && after.as_ref().is_none_or(|a| g.id > *a)).map(|g| g.id.clone()).collect()
            }))
        }

        async fn update(&self, id: &str, update: GiftUpdate, now: DateTime<Utc>) -> Result<RecurringGift, RepoError> {
            self.with(|s| {
                let gift = s.gifts.get_mut(id).ok_or(RepoError::NotFound)?;
                let email = apply(gift, update, now);
                let gift = gift.clone();
                s.emails.extend(email);
                Ok(gift)
            })
        }

        async fn start_charge(&self, _gift_id: &str, p: NewPayment, period_on: NaiveDate, attempt: u32) -> Result<Payment, RepoError> {
            self.with(|s| {
                if let Some(existing) = s.charges.iter().find(|c| c.payment.idempotency_key == p.idempotency_key) {
                    return Ok(existing.payment.clone());
                }
                let mut payment = mandir_domain::testing::payment(p.id.as_str(), PaymentStatus::Pending, PaymentProvider::Sandbox);
                payment.id = p.id.clone();
                payment.amount = p.amount;
                payment.status = PaymentStatus::Pending;
                payment.idempotency_key = p.idempotency_key.clone();
                payment.receipt_number = Some(p.receipt_number.clone());
                payment.donation_details = p.donation_details.clone();
                payment.created_at = p.now;
                s.charges.push(Charge { payment: payment.clone(), period_on, attempt, receipt: false });
                Ok(payment)
            })
        }

        async fn finish_charge(&self, f: FinishedCharge) -> Result<RecurringGift, RepoError> {
            self.with(|s| {
                let charge = s.charges.iter_mut().find(|c| c.payment.id == f.payment_id).ok_or(RepoError::NotFound)?;
                if let Some(status) = f.payment_status {
                    charge.payment.status = status;
                    charge.receipt = f.receipt && status == PaymentStatus::Completed;
                }
                let gift = s.gifts.get_mut(&f.gift_id).ok_or(RepoError::NotFound)?;
                if gift.next_charge_on == f.period_on && gift.failures == f.failures_before {
                    let email = apply(gift, f.gift, f.now);
                    let gift = gift.clone();
                    s.emails.extend(email);
                    return Ok(gift);
                }
                Ok(gift.clone())
            })
        }

        async fn period_charges(&self, gift_id: &str, period_on: NaiveDate) -> Result<Vec<(Payment, u32)>, RepoError> {
            Ok(self.with(|s| {
                s.charges
                    .iter()
                    .filter(|c| c.period_on == period_on && c.payment.idempotency_key.as_deref().is_some_and(|k| k.contains(gift_id)))
                    .map(|c| (c.payment.clone(), c.attempt))
                    .collect()
            }))
        }

        async fn gift_of_payment(&self, _payment_id: &PaymentId) -> Result<Option<String>, RepoError> {
            Ok(None)
        }
    }

    /// The temple's 9 AM on `day` (Pacific time).
    fn morning(day: NaiveDate) -> DateTime<Utc> {
        chrono_tz::America::Los_Angeles
            .from_local_datetime(&day.and_hms_opt(9, 0, 0).expect("time"))
            .single()
            .expect("local")
            .with_timezone(&Utc)
    }

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("date")
    }

    /// A clock the test moves, shared with the service.
    fn movable_clock(at: Arc<Mutex<DateTime<Utc>>>) -> MockClock {
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || *at.lock().expect("lock"));
        clock
    }

    fn fund() -> MockFundRepository {
        let mut funds = MockFundRepository::new();
        funds.expect_get().returning(|id| {
            Ok(Some(Fund {
                id: id.clone(),
                name: "Annadanam".into(),
                description: None,
                goal: None,
                starts_on: None,
                ends_on: None,
                restricted: false,
                is_active: id.as_str() != "closed",
                created_at: mandir_domain::testing::now(),
                updated_at: mandir_domain::testing::now(),
            }))
        });
        funds
    }

    fn signer() -> MockLinkSigner {
        let mut signer = MockLinkSigner::new();
        signer.expect_sign().returning(|s| format!("sig-{s}"));
        signer.expect_verify().returning(|s, sig| sig == format!("sig-{s}"));
        signer
    }

    struct Setup {
        gifts: Arc<MemoryGifts>,
        clock: Arc<Mutex<DateTime<Utc>>>,
        service: RecurringGiftService,
    }

    /// The service with a [`gateway`] declining on `declines`; the temple in Pacific time; at
    /// most 3 failures; the clock at `start`'s morning.
    fn setup(declines: Vec<NaiveDate>, start: NaiveDate) -> Setup {
        let gifts = Arc::new(MemoryGifts::default());
        let clock = Arc::new(Mutex::new(morning(start)));
        let gateway = gateway(declines, clock.clone());
        let mut zone = MockTempleZone::new();
        zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
        let mut wake = MockOutboxWake::new();
        wake.expect_wake().return_const(());
        let service = RecurringGiftService::new(RecurringGiftDeps {
            gifts: gifts.clone(),
            users: Arc::new({
                let mut users = crate::ports::user_repository::MockUserRepository::new();
                users.expect_find_by_id().returning(|_| Ok(None));
                users
            }),
            outbox: Arc::new(MockOutbox::new()),
            gateway: Arc::new(gateway),
            funds: Arc::new(fund()),
            zone: Arc::new(zone),
            clock: Arc::new(movable_clock(clock.clone())),
            limiter: limiter(RateLimitPolicy::default()),
            mailer: Arc::new(MockMailer::new()),
            temple: temple_name("Mandir"),
            signer: Arc::new(signer()),
            wake: Arc::new(wake),
            public_url: "http://temple.test".into(),
            max_failures: 3,
        });
        Setup { gifts, clock, service }
    }

    /// A sandbox gateway whose setups always answer the same card form, and whose charges
    /// decline on the dates in `declines` (the temple's dates of the calls).
    fn gateway(declines: Vec<NaiveDate>, clock: Arc<Mutex<DateTime<Utc>>>) -> MockPaymentGateway {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_provider().return_const(PaymentProvider::Sandbox);
        gateway.expect_create_setup().returning(|r| {
            Ok(GatewaySetup {
                id: "seti_sandbox_1".into(),
                client_secret: "seti_sandbox_1_secret_x".into(),
                customer_id: r.customer_id.unwrap_or_else(|| "cus_1".into()),
            })
        });
        gateway.expect_save_test_card().returning(|_, card| {
            Ok(SavedCard {
                payment_method_id: format!("pm_sandbox_{}", card.last4),
                brand: "visa".into(),
                last4: card.last4,
                exp_month: card.exp_month,
                exp_year: card.exp_year,
            })
        });
        gateway.expect_charge_saved().returning(move |r| {
            let today = clock.lock().expect("lock").with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
            if declines.contains(&today) {
                return Err(GatewayError::Rejected {
                    kind: "card_error".into(),
                    code: Some("card_declined".into()),
                    message: "Your card was declined.".into(),
                });
            }
            Ok(GatewayIntent {
                id: format!("pi_{}", r.idempotency_key),
                client_secret: None,
                status: IntentStatus::Succeeded,
                amount: Some(r.amount),
                currency: Some("usd".into()),
            })
        });
        gateway
    }

    fn confirmed() -> ConfirmedSetup {
        ConfirmedSetup { setup_intent_id: "seti_sandbox_1".into(), client_secret: "seti_sandbox_1_secret_x".into() }
    }

    fn card(last4: &str) -> TestCard {
        TestCard { last4: last4.into(), exp_month: 12, exp_year: 2031 }
    }

    fn input(amount: &str, start: &str) -> RecurringGiftInput {
        RecurringGiftInput {
            amount: mandir_domain::NumberInput::text(amount),
            frequency: Some("monthly".into()),
            fund_id: Some("annadanam".into()),
            start_on: Some(start.into()),
            receipts: None,
        }
    }

    fn payer() -> Payer {
        Payer::Member(super::super::payments::Donor {
            user_id: member().user_id,
            name: "Lakshmi Rao".into(),
            email: "m@example.org".into(),
            address: None,
            email_verified: true,
        })
    }

    fn owner() -> Actor {
        member()
    }

    fn as_owner(actor: &Actor) -> Holder<'_> {
        Holder { actor: Some(actor), token: None }
    }

    /// Runs the job once a day from the clock's day through `until`, each morning.
    async fn run_days(s: &Setup, until: NaiveDate) {
        loop {
            let today = s.clock.lock().expect("lock").with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
            s.service.charge_due(None).await.expect("job step");
            if today >= until {
                return;
            }
            *s.clock.lock().expect("lock") = morning(today + Duration::days(1));
        }
    }

    fn charges(s: &Setup) -> Vec<(String, u32, &'static str)> {
        s.gifts.with(|st| {
            st.charges
                .iter()
                .map(|c| {
                    let status = if c.payment.status == PaymentStatus::Completed { "paid" } else { "declined" };
                    (c.payment.created_at.with_timezone(&chrono_tz::America::Los_Angeles).date_naive().to_string(), c.attempt, status)
                })
                .collect()
        })
    }

    #[tokio::test]
    async fn a_year_of_monthly_gifts_with_a_failure_a_retry_a_pause_and_a_resume() {
        let start = day("2027-01-31");
        // March's first try fails and its retry 3 days later succeeds; in July every try fails:
        // on the day, 3 days later and 7 days after that, and the gift pauses.
        let declines = vec![day("2027-03-31"), day("2027-07-31"), day("2027-08-03"), day("2027-08-10")];
        let s = setup(declines, start);
        let actor = owner();
        let started = s.service.start(&payer(), input("25", "2027-01-31"), GuestDonor::default(), None).await.expect("started");
        assert_eq!(started.gift.status, GiftStatus::Setup);
        assert_eq!(started.manage_path, format!("/giving/recurring/{0}?token=sig-recurring-gift:{0}", started.gift.id));
        let id = started.gift.id.clone();
        // Saving the card on the start date charges January at once.
        let gift = s.service.save_test_card(&id, as_owner(&actor), confirmed(), "succeeded", card("4242")).await.expect("saved");
        assert_eq!((gift.status, gift.next_charge_on), (GiftStatus::Active, day("2027-02-28")));
        assert_eq!(charges(&s), [("2027-01-31".to_owned(), 0, "paid")]);

        run_days(&s, day("2027-08-20")).await;
        let gift = s.service.get(&id, as_owner(&actor)).await.expect("gift");
        assert_eq!((gift.status, gift.paused_by, gift.failures), (GiftStatus::Paused, Some(PausedBy::Failures), 3));
        assert_eq!(gift.last_error.as_deref(), Some("Your card was declined."));
        let expected = [
            ("2027-01-31", 0, "paid"),
            ("2027-02-28", 0, "paid"),
            ("2027-03-31", 0, "declined"),
            ("2027-04-03", 1, "paid"),
            ("2027-04-30", 0, "paid"),
            ("2027-05-31", 0, "paid"),
            ("2027-06-30", 0, "paid"),
            ("2027-07-31", 0, "declined"),
            ("2027-08-03", 1, "declined"),
            ("2027-08-10", 2, "declined"),
        ];
        let expected: Vec<(String, u32, &str)> = expected.iter().map(|(d, a, st)| ((*d).to_owned(), *a, *st)).collect();
        assert_eq!(charges(&s), expected);
        // Each failure e-mailed the donor once: two declines (with a retry) and then the pause.
        let kinds: Vec<GiftEmailKind> = s.gifts.with(|st| st.emails.iter().map(|e| e.kind).collect());
        assert_eq!(
            kinds,
            [GiftEmailKind::SetUp, GiftEmailKind::Declined, GiftEmailKind::Declined, GiftEmailKind::Declined, GiftEmailKind::Paused]
        );

        // Paused: nothing is charged until the donor resumes in October; the missed periods are
        // skipped, and the schedule keeps the 31st (the last day of shorter months).
        *s.clock.lock().expect("lock") = morning(day("2027-10-05"));
        run_days(&s, day("2027-10-05")).await;
        assert_eq!(charges(&s).len(), 10);
        let resumed = s.service.resume(&id, as_owner(&actor)).await.expect("resumed");
        assert_eq!((resumed.status, resumed.failures, resumed.next_charge_on), (GiftStatus::Active, 0, day("2027-10-31")));
        assert!(matches!(s.service.resume(&id, as_owner(&actor)).await, Err(RecurringGiftError::Conflict(gift::NOT_PAUSED))));
        run_days(&s, day("2028-01-31")).await;
        let tail: Vec<(String, u32, &str)> = charges(&s).into_iter().skip(10).collect();
        let expected: Vec<(String, u32, &str)> =
            ["2027-10-31", "2027-11-30", "2027-12-31", "2028-01-31"].iter().map(|d| ((*d).to_owned(), 0, "paid")).collect();
        assert_eq!(tail, expected);
        // Every paid charge was $25 to the gift's fund, with a receipt, under its own key.
        s.gifts.with(|st| {
            for c in st.charges.iter().filter(|c| c.payment.status == PaymentStatus::Completed) {
                assert_eq!(c.payment.amount, Money::from_dollars(25));
                assert_eq!(c.payment.donation_details[0].fund_id, Some(FundId::new("annadanam")));
                assert!(c.receipt);
            }
            let keys: std::collections::HashSet<_> = st.charges.iter().map(|c| c.payment.idempotency_key.clone()).collect();
            assert_eq!(keys.len(), st.charges.len());
        });
    }

    #[tokio::test]
    async fn a_new_card_ends_the_failures_and_is_tried_at_once() {
        let start = day("2027-03-10");
        let s = setup(vec![day("2027-03-10")], start);
        let actor = owner();
        let id = s.service.start(&payer(), input("25", "2027-03-10"), GuestDonor::default(), None).await.expect("started").gift.id;
        let declined = s.service.save_test_card(&id, as_owner(&actor), confirmed(), "succeeded", card("0341")).await.expect("saved");
        assert_eq!((declined.failures, declined.retry_on), (1, Some(day("2027-03-13"))));
        *s.clock.lock().expect("lock") = morning(day("2027-03-11"));
        s.service.card_setup(&id, as_owner(&actor)).await.expect("a new card form");
        let paid = s.service.save_test_card(&id, as_owner(&actor), confirmed(), "succeeded", card("4242")).await.expect("saved");
        assert_eq!((paid.failures, paid.retry_on, paid.next_charge_on), (0, None, day("2027-04-10")));
        assert_eq!(paid.card.as_ref().map(|c| c.last4.as_str()), Some("4242"));
        assert_eq!(charges(&s), [("2027-03-10".to_owned(), 0, "declined"), ("2027-03-11".to_owned(), 1, "paid")]);
    }

    #[tokio::test]
    async fn a_period_charged_meanwhile_is_not_charged_again_by_a_caller_holding_the_gift_as_it_was() {
        let start = day("2027-03-10");
        let s = setup(Vec::new(), start);
        let actor = owner();
        let id = s.service.start(&payer(), input("25", "2027-03-10"), GuestDonor::default(), None).await.expect("started").gift.id;
        // The job read the gift (due today) just before the donor's new card charged it.
        let saved = s.service.save_test_card(&id, as_owner(&actor), confirmed(), "succeeded", card("4242")).await.expect("saved");
        assert_eq!(saved.next_charge_on, day("2027-04-10"));
        let stale = RecurringGift { next_charge_on: start, ..saved };
        let after = s.service.charge(stale).await.expect("charged once");
        assert_eq!(after.next_charge_on, day("2027-04-10"));
        assert_eq!(charges(&s), [("2027-03-10".to_owned(), 0, "paid")], "one charge for March");
    }

    #[tokio::test]
    async fn the_donor_changes_pauses_and_cancels_and_others_cannot() {
        let start = day("2027-03-10");
        let s = setup(vec![], start);
        let actor = owner();
        let started = s.service.start(&payer(), input("25", "2027-03-20"), GuestDonor::default(), None).await.expect("started");
        let id = started.gift.id.clone();
        // Waiting for its card: nothing to pause yet.
        assert!(matches!(s.service.pause(&id, as_owner(&actor)).await, Err(RecurringGiftError::Conflict(gift::NO_CARD_YET))));
        let wrong = ConfirmedSetup { client_secret: "other".into(), ..confirmed() };
        let refused = s.service.save_test_card(&id, as_owner(&actor), wrong, "succeeded", card("4242")).await.expect_err("mismatch");
        assert!(matches!(refused, RecurringGiftError::Validation(ref e) if e.get("card") == Some(gift::SETUP_MISMATCH)));
        let declined = s.service.save_test_card(&id, as_owner(&actor), confirmed(), "failed", card("4242")).await.expect_err("declined");
        assert!(matches!(declined, RecurringGiftError::Validation(ref e) if e.get("card") == Some(gift::CARD_DECLINED)));
        let gift = s.service.save_test_card(&id, as_owner(&actor), confirmed(), "succeeded", card("4242")).await.expect("saved");
        assert!(gift.charges.is_empty(), "not due before the 20th");

        // The signed link works without an account; another member or a wrong link finds nothing.
        let token = format!("sig-recurring-gift:{id}");
        let link = Holder { actor: None, token: Some(&token) };
        let change = GiftChangeInput {
            amount: Some(mandir_domain::NumberInput::text("51")),
            next_charge_on: Some("2027-04-02".into()),
            ..GiftChangeInput::default()
        };
        let changed = s.service.change(&id, link, change).await.expect("changed");
        assert_eq!((changed.amount, changed.next_charge_on, changed.anchor_day), (Money::from_dollars(51), day("2027-04-02"), 2));
        let stranger = Actor { user_id: "someone-else".into(), ..member() };
        assert!(matches!(s.service.get(&id, as_owner(&stranger)).await, Err(RecurringGiftError::NotFound)));
        assert!(matches!(
            s.service.get(&id, Holder { actor: None, token: Some("sig-recurring-gift:other") }).await,
            Err(RecurringGiftError::NotFound)
        ));
        let closed = GiftChangeInput { fund_id: Some("closed".into()), ..GiftChangeInput::default() };
        assert!(
            matches!(s.service.change(&id, link, closed).await, Err(RecurringGiftError::Validation(ref e)) if e.get("fundId") == Some(gift::FUND_CLOSED))
        );

        let paused = s.service.pause(&id, link).await.expect("paused");
        assert_eq!((paused.status, paused.paused_by), (GiftStatus::Paused, Some(PausedBy::Donor)));
        *s.clock.lock().expect("lock") = morning(day("2027-04-02"));
        run_days(&s, day("2027-04-05")).await;
        assert!(charges(&s).is_empty(), "a paused gift is not charged");
        let canceled = s.service.cancel(&id, as_owner(&actor)).await.expect("canceled");
        assert_eq!(canceled.status, GiftStatus::Canceled);
        assert!(matches!(s.service.resume(&id, as_owner(&actor)).await, Err(RecurringGiftError::Conflict(gift::CANCELED))));
        assert!(matches!(s.service.list(&actor, Some("paused")).await, Err(RecurringGiftError::Forbidden)));
        let treasurer = crate::services::test_fixtures::staff(&[mandir_domain::staff::Role::Treasurer]);
        assert_eq!(s.service.list(&treasurer, Some("canceled")).await.expect("listed").len(), 1);
        assert!(matches!(s.service.list(&treasurer, Some("gone")).await, Err(RecurringGiftError::Validation(_))));
    }

    #[tokio::test]
    async fn a_guest_gives_a_name_and_address_and_statement_only_gifts_owe_no_receipt() {
        let start = day("2027-03-10");
        let s = setup(vec![], start);
        let guest = Payer::Guest(crate::services::rate_limits::ClientAddress::new("203.0.113.9"));
        let missing = s.service.start(&guest, input("25", "2027-03-10"), GuestDonor::default(), None).await.expect_err("no name");
        assert!(
            matches!(missing, RecurringGiftError::Validation(ref e) if e.get("name") == Some(gift::NAME_REQUIRED) && e.get("email") == Some(gift::EMAIL_REQUIRED))
        );
        let donor = GuestDonor { name: Some("Ravi Rao".into()), email: Some("Ravi@Example.org".into()) };
        let statement =
            RecurringGiftInput { receipts: Some("statement".into()), frequency: Some("quarterly".into()), ..input("101", "2027-03-10") };
        let started = s.service.start(&guest, statement, donor, None).await.expect("started");
        assert_eq!((started.gift.donor_email.as_str(), started.gift.user_id.clone()), ("ravi@example.org", None));
        assert_eq!((started.gift.receipts, started.gift.frequency), (ReceiptChoice::Statement, Frequency::Quarterly));
        let token = format!("sig-recurring-gift:{}", started.gift.id);
        let link = Holder { actor: None, token: Some(&token) };
        let gift = s.service.save_test_card(&started.gift.id, link, confirmed(), "succeeded", card("4242")).await.expect("saved");
        assert_eq!(gift.next_charge_on, day("2027-06-10"));
        s.gifts.with(|st| {
            assert_eq!(st.charges.len(), 1);
            assert_eq!(st.charges[0].payment.status, PaymentStatus::Completed);
            assert!(!st.charges[0].receipt, "statement only: no receipt e-mail");
        });
    }
}

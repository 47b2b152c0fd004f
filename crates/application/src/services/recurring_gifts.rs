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
                    errors.add("name", "Name must be at most 200 characters");
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

    /// Puts a saved card on the gift. A gift waiting for its card becomes active; one paused or
    /// retrying after failures starts afresh with the new card, tried at once. A gift due today
    /// is charged right away.
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
            update.retry_on = Some(None);
            if gift.status == GiftStatus::Paused && gift.paused_by == Some(PausedBy::Failures) {
                update.status = Some(GiftStatus::Active);
                update.paused_by = Some(None);
                update.paused_at = Some(None);
            }
            update.next_charge_on = Some(gift.next_charge_on.max(today).min(gift.due_on()).max(today));
        }
        let updated = self.deps.gifts.update(&gift.id, update, now).await?;
        tracing::info!(gift = %updated.id, first, "card saved for a recurring gift");
        self.deps.wake.wake();
        if updated.is_due(today) { self.charge(updated).await } else { Ok(updated) }
    }

    pub async fn get(&self, id: &str, holder: Holder<'_>) -> Result<RecurringGift, RecurringGiftError> {
        self.held(id, holder).await
    }

    /// The member's gifts, newest first.
    pub async fn mine(&self, actor: &Actor) -> Result<Vec<RecurringGift>, RecurringGiftError> {
        Ok(self.deps.gifts.of_user(&actor.user_id).await?)
    }

    /// Every gift, or those with `status` (the treasurer's paused list).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor, status: Option<&str>) -> Result<Vec<RecurringGift>, RecurringGiftError> {
        actor.require(Permission::ReadLedger)?;
        let status = match status.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(text) => Some(GiftStatus::parse(text).ok_or_else(|| invalid("status", STATUS_INVALID))?),
        };
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

    /// The pending payment of the gift's current period, or a new one stored for its next attempt.
    async fn charge_payment(&self, gift: &RecurringGift) -> Result<(Payment, u32), RecurringGiftError> {
        let period = gift.next_charge_on;
        let earlier = self.deps.gifts.period_charges(&gift.id, period).await?;
        if let Some((payment, attempt)) = earlier.iter().find(|(p, _)| p.status == PaymentStatus::Pending) {
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
                            IntentStatus::RequiresAction => Outcome::Declined("Your bank asks you to confirm this payment.".to_owned()),
                            _ => Outcome::Declined("Your card was declined.".to_owned()),
                        };
                        (outcome, Some(intent.id))
                    }
                    Err(GatewayError::Rejected { message, .. }) => (Outcome::Declined(message), None),
                    Err(GatewayError::NotFound) => (Outcome::Declined("The saved card is no longer available.".to_owned()), None),
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
        let email = self.templates.render(&gift.donor_email, &site, &message).map_err(|e| RecurringGiftError::Unexpected(e.into()))?;
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

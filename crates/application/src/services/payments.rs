//! Donations and their payments: card intents (Stripe or the offline sandbox), Zelle records,
//! provider webhooks, and the admin's reconciliation and totals.
//!
//! Who may do what: anyone gives a direct donation; a donation for an event needs a signed-in
//! member; the donor (holder of the client secret) reads a card payment back; members read their
//! own payments; admins list, reconcile Zelle payments and read totals.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use mandir_domain::payment::{
    self, DonationInput, DonationTarget, Payment, PaymentMethodKind, PaymentProvider, PaymentStatus, PaymentTotals, StatusChangeBy,
};
use mandir_domain::user::User;
use mandir_domain::{ErrorKind, Failure, ValidationErrors};
use rand::Rng;
use subtle::ConstantTimeEq;

use super::{Actor, hash_secret, new_id};
use crate::BoxError;
use crate::ports::{
    Clock, EventFilter, EventRepository, GatewayError, GatewayIntent, IntentRequest, IntentStatus, NewPayment, PaymentFilter,
    PaymentGateway, PaymentRepository, ProviderEventKind, RepoError, StatusChange, WebhookError, WebhookOutcome, WebhookRecord,
    WebhookVerifier,
};

pub const ZELLE_RECORDED: &str = "Your Zelle payment has been recorded successfully";
pub const INTENT_CREATED: &str = "Payment intent created";
pub const IDEMPOTENCY_KEY_INVALID: &str = "Idempotency-Key must be 1 to 255 visible characters";
pub const IDEMPOTENCY_KEY_REUSED: &str = "This Idempotency-Key was already used for a different payment";
pub const IDEMPOTENCY_KEY_BUSY: &str = "A request with this Idempotency-Key is still being processed; please retry";
pub const ALREADY_CONFIRMED: &str = "This payment has already been completed";
pub const NOT_ADJUSTABLE: &str = "Only pending Zelle payments can be marked received or failed";
pub const STATUS_CHANGED: &str = "The payment's status changed meanwhile; reload and try again";
pub const OUTCOME_INVALID: &str = "Outcome must be 'succeeded', 'failed' or 'processing'";
pub const ADMIN_STATUS_INVALID: &str = "Status must be 'completed' or 'failed'";
/// Where the card provider sends the donor back (spec section 9).
pub const CONFIRMATION_PATH: &str = "/payment-confirmation";
/// Attempts at a unique receipt number before giving up.
const RECEIPT_ATTEMPTS: usize = 5;

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Authentication required")]
    Unauthenticated,
    #[error("Admin access required")]
    Forbidden,
    #[error("Event not found")]
    EventNotFound,
    #[error("Payment not found")]
    NotFound,
    #[error("{0}")]
    Conflict(&'static str),
    #[error("Invalid webhook signature")]
    BadSignature,
    #[error("Malformed webhook event")]
    MalformedEvent,
    #[error("Stripe webhooks are not configured")]
    WebhooksNotConfigured,
    #[error("payment provider failure")]
    Gateway(#[source] GatewayError),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

impl Failure for PaymentError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::Validation(_) | Self::BadSignature | Self::MalformedEvent | Self::WebhooksNotConfigured => ErrorKind::Invalid,
            Self::Unauthenticated => ErrorKind::Unauthenticated,
            Self::Forbidden => ErrorKind::Forbidden,
            Self::EventNotFound | Self::NotFound => ErrorKind::NotFound,
            Self::Conflict(_) => ErrorKind::Conflict,
            Self::Gateway(_) | Self::Unexpected(_) => ErrorKind::Unexpected,
        }
    }

    fn field_errors(&self) -> Option<&ValidationErrors> {
        match self {
            Self::Validation(errors) => Some(errors),
            _ => None,
        }
    }
}

super::unexpected_from!(PaymentError: RepoError);

impl From<GatewayError> for PaymentError {
    fn from(error: GatewayError) -> Self {
        match error {
            GatewayError::IdempotencyConflict(_) => Self::Conflict(IDEMPOTENCY_KEY_BUSY),
            other => Self::Gateway(other),
        }
    }
}

fn invalid(field: &str, message: &str) -> PaymentError {
    PaymentError::Validation(ValidationErrors::single(field, message))
}

/// The signed-in member giving a donation, with the name and e-mail kept on the payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Donor {
    pub user_id: String,
    pub name: String,
    pub email: String,
}

impl Donor {
    pub fn of(user: &User) -> Self {
        let name = format!("{} {}", user.first_name.trim(), user.last_name.trim()).trim().to_owned();
        Self { user_id: user.id.clone(), name, email: user.email.as_str().to_owned() }
    }
}

/// A card payment ready for the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedIntent {
    pub payment_intent_id: String,
    pub client_secret: String,
    pub provider: PaymentProvider,
    pub payment: Payment,
}

/// The sandbox's answer to its confirm step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxConfirmation {
    pub redirect_url: String,
    pub payment: Payment,
}

/// The admin list's filters as sent in the query string.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentQuery {
    pub status: Option<String>,
    pub method: Option<String>,
    pub event_id: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// An ISO 8601 date-time, or a day (`2026-11-21`: its start for `from`, its end for `to`).
fn parse_bound(raw: &str, end_of_day: bool) -> Option<DateTime<Utc>> {
    if let Ok(at) = DateTime::parse_from_rfc3339(raw) {
        return Some(at.with_timezone(&Utc));
    }
    let day = NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok()?;
    let time = if end_of_day { NaiveTime::from_hms_milli_opt(23, 59, 59, 999)? } else { NaiveTime::MIN };
    Some(day.and_time(time).and_utc())
}

impl PaymentQuery {
    fn into_filter(self) -> Result<PaymentFilter, PaymentError> {
        let mut errors = ValidationErrors::new();
        let blank_to_none = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        let mut filter = PaymentFilter::default();
        if let Some(status) = blank_to_none(self.status) {
            filter.status = errors.check("status", PaymentStatus::parse(&status).ok_or_else(|| "Unknown payment status".to_owned()));
        }
        if let Some(method) = blank_to_none(self.method) {
            filter.method = errors.check("method", PaymentMethodKind::parse(&method).ok_or_else(|| "Unknown payment method".to_owned()));
        }
        filter.event = blank_to_none(self.event_id).map(|id| match payment::parse_target(Some(&id)) {
            DonationTarget::Direct => EventFilter::Direct,
            DonationTarget::Event(id) => EventFilter::Event(id),
        });
        if let Some(from) = blank_to_none(self.from) {
            filter.from = errors.check("from", parse_bound(&from, false).ok_or_else(|| "From must be a date".to_owned()));
        }
        if let Some(to) = blank_to_none(self.to) {
            filter.to = errors.check("to", parse_bound(&to, true).ok_or_else(|| "To must be a date".to_owned()));
        }
        errors.into_result().map_err(PaymentError::Validation)?;
        Ok(filter)
    }
}

fn check_idempotency_key(key: Option<&str>) -> Result<Option<String>, PaymentError> {
    match key.map(str::trim) {
        None => Ok(None),
        Some(k) if !k.is_empty() && k.len() <= 255 && k.bytes().all(|b| b.is_ascii_graphic()) => Ok(Some(k.to_owned())),
        Some(_) => Err(invalid("idempotencyKey", IDEMPOTENCY_KEY_INVALID)),
    }
}

/// Compares a client secret with the stored SHA-256 without revealing where they differ.
fn secret_matches(secret: &str, stored_hash: Option<&str>) -> bool {
    let Some(stored) = stored_hash else { return false };
    let computed = hash_secret(secret);
    computed.as_bytes().ct_eq(stored.as_bytes()).into()
}

/// Percent-encodes a query value (RFC 3986 unreserved characters pass).
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect()
}

/// `/payment-confirmation?payment_intent=..&payment_intent_client_secret=..&redirect_status=..`, as
/// Stripe redirects.
pub fn confirmation_url(intent_id: &str, client_secret: &str, redirect_status: &str) -> String {
    format!(
        "{CONFIRMATION_PATH}?payment_intent={}&payment_intent_client_secret={}&redirect_status={}",
        encode(intent_id),
        encode(client_secret),
        encode(redirect_status)
    )
}

/// A payment's inputs, compared when an idempotency key comes back.
fn same_request(existing: &Payment, method: PaymentMethodKind, donor: Option<&Donor>, donation: &payment::Donation) -> bool {
    existing.method == method
        && existing.amount == donation.amount
        && existing.event_id.as_deref() == donation.target.event_id()
        && existing.user_id.as_deref() == donor.map(|d| d.user_id.as_str())
        && existing.donation_details == donation.details
}

/// The ports the payment service uses.
pub struct PaymentDeps {
    pub payments: Arc<dyn PaymentRepository>,
    pub events: Arc<dyn EventRepository>,
    pub gateway: Arc<dyn PaymentGateway>,
    /// `None` when no webhook signing secret is configured.
    pub webhooks: Option<Arc<dyn WebhookVerifier>>,
    pub clock: Arc<dyn Clock>,
}

#[derive(Clone)]
pub struct PaymentService {
    payments: Arc<dyn PaymentRepository>,
    events: Arc<dyn EventRepository>,
    gateway: Arc<dyn PaymentGateway>,
    webhooks: Option<Arc<dyn WebhookVerifier>>,
    clock: Arc<dyn Clock>,
}

/// What inserting a payment came to.
enum Inserted {
    New(Payment),
    /// A payment with the same idempotency key was stored first (a retry or a race).
    Existing(Payment),
}

impl PaymentService {
    pub fn new(deps: PaymentDeps) -> Self {
        Self { payments: deps.payments, events: deps.events, gateway: deps.gateway, webhooks: deps.webhooks, clock: deps.clock }
    }

    /// The card provider in use (sandbox or Stripe).
    pub fn provider(&self) -> PaymentProvider {
        self.gateway.provider()
    }

    fn require_admin(actor: &Actor) -> Result<(), PaymentError> {
        if actor.is_admin { Ok(()) } else { Err(PaymentError::Forbidden) }
    }

    /// Checks who may give this donation and that it is valid; returns it with the event's name.
    async fn validate(&self, donor: Option<&Donor>, input: DonationInput) -> Result<(payment::Donation, Option<String>), PaymentError> {
        if matches!(payment::parse_target(input.event_id.as_deref()), DonationTarget::Event(_)) && donor.is_none() {
            return Err(PaymentError::Unauthenticated);
        }
        let donation = input.validate().map_err(PaymentError::Validation)?;
        let event_name = match donation.target.event_id() {
            None => None,
            Some(id) => Some(self.events.get(id).await?.ok_or(PaymentError::EventNotFound)?.name),
        };
        Ok((donation, event_name))
    }

    /// Stores a payment under a fresh receipt number, retrying on the rare collision. A payment
    /// with the same idempotency key stored first is returned as `Existing`.
    async fn insert(&self, mut record: NewPayment) -> Result<Inserted, PaymentError> {
        for _ in 0..RECEIPT_ATTEMPTS {
            record.receipt_number = payment::receipt_number(record.now, rand::rng().random_range(0..10_000));
            match self.payments.create(record.clone()).await {
                Ok(created) => return Ok(Inserted::New(created)),
                Err(RepoError::Conflict(detail)) => {
                    if let Some(key) = &record.idempotency_key
                        && let Some(existing) = self.payments.find_by_idempotency_key(key).await?
                    {
                        return Ok(Inserted::Existing(existing));
                    }
                    if self.payments.find_by_receipt_number(&record.receipt_number).await?.is_some() {
                        tracing::info!(receipt = %record.receipt_number, "receipt number taken; drawing another");
                        continue;
                    }
                    if let Some(event_id) = &record.event_id
                        && self.events.get(event_id).await?.is_none()
                    {
                        return Err(PaymentError::EventNotFound);
                    }
                    return Err(RepoError::Conflict(detail).into());
                }
                Err(other) => return Err(other.into()),
            }
        }
        Err(PaymentError::Unexpected("no unique receipt number after several attempts".into()))
    }

    /// The intent behind a stored card payment, read back from the provider with its secret.
    async fn intent_of(&self, existing: Payment) -> Result<CreatedIntent, PaymentError> {
        let intent_id = existing.transaction_id.clone().ok_or(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED))?;
        let intent = match self.gateway.retrieve_intent(&intent_id).await {
            Ok(intent) => intent,
            Err(GatewayError::NotFound) => return Err(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED)),
            Err(other) => return Err(other.into()),
        };
        self.answer(intent, existing)
    }

    fn answer(&self, intent: GatewayIntent, payment: Payment) -> Result<CreatedIntent, PaymentError> {
        let client_secret =
            intent.client_secret.ok_or_else(|| PaymentError::Unexpected("the provider's intent has no client secret".into()))?;
        if payment.transaction_id.as_deref() != Some(intent.id.as_str())
            || !secret_matches(&client_secret, payment.client_secret_hash.as_deref())
        {
            return Err(PaymentError::Unexpected("the provider's intent does not match the stored payment".into()));
        }
        Ok(CreatedIntent { payment_intent_id: intent.id, client_secret, provider: payment.provider, payment })
    }

    /// Prepares a card payment: creates the provider's intent and records a pending payment.
    /// With an `Idempotency-Key`, a repeated request answers the same intent and stores nothing new.
    pub async fn create_payment_intent(
        &self,
        donor: Option<&Donor>,
        input: DonationInput,
        idempotency_key: Option<&str>,
    ) -> Result<CreatedIntent, PaymentError> {
        let key = check_idempotency_key(idempotency_key)?;
        let (donation, event_name) = self.validate(donor, input).await?;
        let method = PaymentMethodKind::CreditCard;
        if let Some(key) = &key
            && let Some(existing) = self.payments.find_by_idempotency_key(key).await?
        {
            if !same_request(&existing, method, donor, &donation) {
                return Err(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED));
            }
            return self.intent_of(existing).await;
        }
        // Without a key from the client, one of our own still makes the provider call safe to retry.
        let key = key.unwrap_or_else(new_id);
        let intent = self
            .gateway
            .create_intent(IntentRequest {
                amount: donation.amount,
                currency: payment::CURRENCY.to_owned(),
                target: donation.target.clone(),
                donation_details: donation.details.clone(),
                idempotency_key: key.clone(),
            })
            .await?;
        let client_secret =
            intent.client_secret.clone().ok_or_else(|| PaymentError::Unexpected("the provider's intent has no client secret".into()))?;
        let record = NewPayment {
            id: new_id(),
            event_id: donation.target.event_id().map(str::to_owned),
            event_name,
            user_id: donor.map(|d| d.user_id.clone()),
            method,
            amount: donation.amount,
            status: PaymentStatus::Pending,
            provider: self.gateway.provider(),
            transaction_id: Some(intent.id.clone()),
            client_secret_hash: Some(hash_secret(&client_secret)),
            donation_details: donation.details.clone(),
            receipt_number: String::new(),
            idempotency_key: Some(key),
            donor_name: donor.map(|d| d.name.clone()),
            donor_email: donor.map(|d| d.email.clone()),
            notes: donation.notes.clone(),
            now: self.clock.now(),
        };
        match self.insert(record).await? {
            Inserted::New(payment) => {
                tracing::info!(payment = %payment.id, intent = %intent.id, amount = %payment.amount, "card payment started");
                self.answer(intent, payment)
            }
            // A concurrent request with the same key stored its payment first.
            Inserted::Existing(existing) => {
                if !same_request(&existing, method, donor, &donation) {
                    return Err(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED));
                }
                if existing.transaction_id.as_deref() == Some(intent.id.as_str()) {
                    self.answer(intent, existing)
                } else {
                    self.intent_of(existing).await
                }
            }
        }
    }

    /// The card payment for an intent, to its holder of the client secret; 404 otherwise.
    async fn payment_with_secret(&self, intent_id: &str, client_secret: &str) -> Result<Payment, PaymentError> {
        let payment = self.payments.find_by_transaction_id(intent_id).await?.ok_or(PaymentError::NotFound)?;
        if secret_matches(client_secret, payment.client_secret_hash.as_deref()) { Ok(payment) } else { Err(PaymentError::NotFound) }
    }

    /// Applies a guarded status change; `Conflict` when the status moved meanwhile.
    async fn change_status(&self, payment: &Payment, to: PaymentStatus, by: StatusChangeBy) -> Result<Payment, PaymentError> {
        let change = StatusChange { to, allowed_from: PaymentStatus::sources_of(to, by) };
        match self.payments.update_status(&payment.id, change, self.clock.now()).await {
            Ok(Some(updated)) => {
                tracing::info!(payment = %updated.id, from = %payment.status, to = %updated.status, "payment status changed");
                Ok(updated)
            }
            Ok(None) => Err(PaymentError::Conflict(STATUS_CHANGED)),
            Err(RepoError::NotFound) => Err(PaymentError::NotFound),
            Err(other) => Err(other.into()),
        }
    }

    /// The sandbox's confirm step (only when the sandbox is the provider): applies the chosen
    /// outcome and answers where the browser goes next, as Stripe redirects.
    pub async fn confirm_sandbox(&self, intent_id: &str, client_secret: &str, outcome: &str) -> Result<SandboxConfirmation, PaymentError> {
        if self.gateway.provider() != PaymentProvider::Sandbox {
            return Err(PaymentError::NotFound);
        }
        let target = match outcome {
            "succeeded" => Some(PaymentStatus::Completed),
            "failed" => Some(PaymentStatus::Failed),
            "processing" => None,
            _ => return Err(invalid("outcome", OUTCOME_INVALID)),
        };
        let payment = self.payment_with_secret(intent_id, client_secret).await?;
        if payment.provider != PaymentProvider::Sandbox {
            return Err(PaymentError::NotFound);
        }
        // A completed payment cannot be confirmed again; a failed one may be retried.
        if matches!(payment.status, PaymentStatus::Completed | PaymentStatus::Refunded) {
            return Err(PaymentError::Conflict(ALREADY_CONFIRMED));
        }
        let payment = match target {
            // Processing leaves the payment as it is (pending, or failed from an earlier attempt).
            None => payment,
            Some(to) if payment.status == to => payment,
            Some(to) => self.change_status(&payment, to, StatusChangeBy::Provider).await?,
        };
        Ok(SandboxConfirmation { redirect_url: confirmation_url(intent_id, client_secret, outcome), payment })
    }

    /// The card payment behind `/payment-confirmation`, for the holder of its client secret. A
    /// pending Stripe payment is checked with Stripe in case its webhook is late.
    pub async fn payment_for_intent(&self, intent_id: &str, client_secret: &str) -> Result<Payment, PaymentError> {
        let payment = self.payment_with_secret(intent_id, client_secret).await?;
        if payment.status != PaymentStatus::Pending
            || payment.provider != PaymentProvider::Stripe
            || self.gateway.provider() != PaymentProvider::Stripe
        {
            return Ok(payment);
        }
        let intent = match self.gateway.retrieve_intent(intent_id).await {
            Ok(intent) => intent,
            Err(error) => {
                tracing::warn!(%error, intent = intent_id, "could not check the intent with the provider");
                return Ok(payment);
            }
        };
        let to = match intent.status {
            IntentStatus::Succeeded if intent.amount.is_none_or(|a| a == payment.amount) => PaymentStatus::Completed,
            IntentStatus::Canceled => PaymentStatus::Failed,
            _ => return Ok(payment),
        };
        match self.change_status(&payment, to, StatusChangeBy::Provider).await {
            Ok(updated) => Ok(updated),
            // A webhook got there first.
            Err(PaymentError::Conflict(_)) => self.payment_with_secret(intent_id, client_secret).await,
            Err(other) => Err(other),
        }
    }

    /// Records a Zelle donation as pending until an admin marks it received, under a
    /// server-generated receipt number. With an `Idempotency-Key`, a repeat answers the same payment.
    pub async fn confirm_zelle(
        &self,
        donor: Option<&Donor>,
        input: DonationInput,
        idempotency_key: Option<&str>,
    ) -> Result<Payment, PaymentError> {
        let key = check_idempotency_key(idempotency_key)?;
        let (donation, event_name) = self.validate(donor, input).await?;
        let method = PaymentMethodKind::Zelle;
        if let Some(key) = &key
            && let Some(existing) = self.payments.find_by_idempotency_key(key).await?
        {
            return if same_request(&existing, method, donor, &donation) {
                Ok(existing)
            } else {
                Err(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED))
            };
        }
        let record = NewPayment {
            id: new_id(),
            event_id: donation.target.event_id().map(str::to_owned),
            event_name,
            user_id: donor.map(|d| d.user_id.clone()),
            method,
            amount: donation.amount,
            status: PaymentStatus::Pending,
            provider: PaymentProvider::Zelle,
            transaction_id: None,
            client_secret_hash: None,
            donation_details: donation.details.clone(),
            receipt_number: String::new(),
            idempotency_key: key,
            donor_name: donor.map(|d| d.name.clone()),
            donor_email: donor.map(|d| d.email.clone()),
            notes: donation.notes.clone(),
            now: self.clock.now(),
        };
        match self.insert(record).await? {
            Inserted::New(payment) => {
                tracing::info!(payment = %payment.id, amount = %payment.amount, "zelle payment recorded");
                Ok(payment)
            }
            Inserted::Existing(existing) if same_request(&existing, method, donor, &donation) => Ok(existing),
            Inserted::Existing(_) => Err(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED)),
        }
    }

    /// A signed provider event: verified, then applied once (a replay changes nothing).
    pub async fn handle_webhook(&self, payload: &[u8], signature: Option<&str>) -> Result<(), PaymentError> {
        let verifier = self.webhooks.as_ref().ok_or(PaymentError::WebhooksNotConfigured)?;
        let header = signature.ok_or(PaymentError::BadSignature)?;
        let now = self.clock.now();
        let event = verifier.verify(payload, header, now).map_err(|error| match error {
            WebhookError::InvalidSignature => PaymentError::BadSignature,
            WebhookError::Malformed => PaymentError::MalformedEvent,
        })?;
        let guarded = |to| Some(StatusChange { to, allowed_from: PaymentStatus::sources_of(to, StatusChangeBy::Provider) });
        let (transaction_id, change) = match &event.kind {
            ProviderEventKind::IntentSucceeded { intent_id, amount, currency } => {
                let stored = self.payments.find_by_transaction_id(intent_id).await?;
                let mismatch = stored.as_ref().is_some_and(|p| {
                    amount.is_some_and(|a| a != p.amount) || currency.as_deref().is_some_and(|c| !c.eq_ignore_ascii_case(payment::CURRENCY))
                });
                if mismatch {
                    tracing::error!(event = %event.id, intent = %intent_id, ?amount, ?currency, "paid amount differs from the recorded payment; not completing it");
                    (Some(intent_id.clone()), None)
                } else {
                    (Some(intent_id.clone()), guarded(PaymentStatus::Completed))
                }
            }
            ProviderEventKind::IntentFailed { intent_id } => (Some(intent_id.clone()), guarded(PaymentStatus::Failed)),
            ProviderEventKind::ChargeRefunded { intent_id, fully_refunded: true } => (intent_id.clone(), guarded(PaymentStatus::Refunded)),
            ProviderEventKind::ChargeRefunded { intent_id, fully_refunded: false } => {
                tracing::warn!(event = %event.id, intent = ?intent_id, "partial refund: the payment stays completed; check the provider's dashboard");
                (intent_id.clone(), None)
            }
            ProviderEventKind::Other => (None, None),
        };
        let record = WebhookRecord { event_id: event.id.clone(), event_type: event.event_type.clone(), transaction_id, change, now };
        match self.payments.apply_webhook_event(record).await? {
            WebhookOutcome::AlreadyProcessed => tracing::info!(event = %event.id, "webhook event already processed"),
            WebhookOutcome::Applied(p) => tracing::info!(event = %event.id, payment = %p.id, status = %p.status, "webhook applied"),
            WebhookOutcome::Unchanged => tracing::info!(event = %event.id, kind = %event.event_type, "webhook acknowledged"),
        }
        Ok(())
    }

    /// Every payment matching the filters, newest first (admins).
    pub async fn list(&self, actor: &Actor, query: PaymentQuery) -> Result<Vec<Payment>, PaymentError> {
        Self::require_admin(actor)?;
        Ok(self.payments.list(query.into_filter()?).await?)
    }

    /// The member's own payments, newest first.
    pub async fn mine(&self, actor: &Actor) -> Result<Vec<Payment>, PaymentError> {
        Ok(self.payments.list(PaymentFilter { user_id: Some(actor.user_id.clone()), ..PaymentFilter::default() }).await?)
    }

    /// An admin marks a pending Zelle payment received (`completed`) or `failed`.
    pub async fn set_zelle_status(&self, actor: &Actor, id: &str, status: &str) -> Result<Payment, PaymentError> {
        Self::require_admin(actor)?;
        let to = match PaymentStatus::parse(status.trim()) {
            Some(to @ (PaymentStatus::Completed | PaymentStatus::Failed)) => to,
            _ => return Err(invalid("status", ADMIN_STATUS_INVALID)),
        };
        let payment = self.payments.find_by_id(id).await?.ok_or(PaymentError::NotFound)?;
        if payment.method != PaymentMethodKind::Zelle || payment.status != PaymentStatus::Pending {
            return Err(PaymentError::Conflict(NOT_ADJUSTABLE));
        }
        let updated = self.change_status(&payment, to, StatusChangeBy::Admin).await?;
        tracing::info!(payment = %updated.id, admin = %actor.user_id, status = %updated.status, "zelle payment reconciled");
        Ok(updated)
    }

    /// Money received (completed payments) per donation type and per event (admins).
    pub async fn totals(&self, actor: &Actor) -> Result<PaymentTotals, PaymentError> {
        Self::require_admin(actor)?;
        let completed = self.payments.list(PaymentFilter { status: Some(PaymentStatus::Completed), ..PaymentFilter::default() }).await?;
        Ok(PaymentTotals::of(&completed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::clock::MockClock;
    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::payment_gateway::MockPaymentGateway;
    use crate::ports::payment_repository::MockPaymentRepository;
    use crate::ports::webhook_verifier::MockWebhookVerifier;
    use crate::ports::{ProviderEvent, WebhookError};
    use chrono::TimeZone;
    use mandir_domain::Money;
    use mandir_domain::event::Event;
    use mandir_domain::payment::DonationDetail;
    use serde_json::json;

    const SECRET: &str = "pi_sandbox_1_secret_abc";

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).single().expect("date")
    }

    struct Mocks {
        payments: MockPaymentRepository,
        events: MockEventRepository,
        gateway: MockPaymentGateway,
        webhooks: Option<MockWebhookVerifier>,
    }

    impl Mocks {
        fn new(provider: PaymentProvider) -> Self {
            let mut gateway = MockPaymentGateway::new();
            gateway.expect_provider().return_const(provider);
            Self { payments: MockPaymentRepository::new(), events: MockEventRepository::new(), gateway, webhooks: None }
        }

        fn service(self) -> PaymentService {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            PaymentService::new(PaymentDeps {
                payments: Arc::new(self.payments),
                events: Arc::new(self.events),
                gateway: Arc::new(self.gateway),
                webhooks: self.webhooks.map(|w| Arc::new(w) as Arc<dyn WebhookVerifier>),
                clock: Arc::new(clock),
            })
        }
    }

    fn donor() -> Donor {
        Donor { user_id: "u1".into(), name: "Asha Rao".into(), email: "asha@example.org".into() }
    }

    fn admin() -> Actor {
        Actor { user_id: "admin".into(), email: "admin@example.org".into(), is_admin: true }
    }

    fn member() -> Actor {
        Actor { user_id: "u1".into(), email: "asha@example.org".into(), is_admin: false }
    }

    fn input(amount: serde_json::Value, event_id: Option<&str>) -> DonationInput {
        DonationInput {
            amount,
            donation_details: json!(r#"[{"donationTypeId":"custom","amount":25,"name":"Custom Donation"}]"#),
            event_id: event_id.map(Into::into),
            notes: None,
        }
    }

    fn event(id: &str) -> Event {
        Event {
            id: id.into(),
            name: "Diwali".into(),
            description: None,
            location: "Main Hall".into(),
            event_date: now(),
            image_url: None,
            donation_options: None,
            capacity: None,
            attendee_count: 0,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn intent(id: &str, secret: &str) -> GatewayIntent {
        GatewayIntent {
            id: id.into(),
            client_secret: Some(secret.into()),
            status: IntentStatus::RequiresPaymentMethod,
            amount: Some(Money::from_cents(2500)),
            currency: Some("usd".into()),
        }
    }

    fn stored(record: NewPayment) -> Payment {
        Payment {
            id: record.id,
            event_id: record.event_id,
            event_name: record.event_name,
            user_id: record.user_id,
            payment_date: record.now,
            method: record.method,
            amount: record.amount,
            status: record.status,
            provider: record.provider,
            transaction_id: record.transaction_id,
            client_secret_hash: record.client_secret_hash,
            donation_details: record.donation_details,
            receipt_url: None,
            receipt_number: Some(record.receipt_number),
            idempotency_key: record.idempotency_key,
            donor_name: record.donor_name,
            donor_email: record.donor_email,
            notes: record.notes,
            created_at: record.now,
            updated_at: record.now,
        }
    }

    fn card_payment(status: PaymentStatus, provider: PaymentProvider) -> Payment {
        Payment {
            id: "p1".into(),
            event_id: None,
            event_name: None,
            user_id: None,
            payment_date: now(),
            method: PaymentMethodKind::CreditCard,
            amount: Money::from_cents(2500),
            status,
            provider,
            transaction_id: Some("pi_sandbox_1".into()),
            client_secret_hash: Some(hash_secret(SECRET)),
            donation_details: vec![DonationDetail {
                donation_type_id: "custom".into(),
                amount: Money::from_cents(2500),
                name: "Custom Donation".into(),
            }],
            receipt_url: None,
            receipt_number: Some("AUTO-1-1".into()),
            idempotency_key: Some("key-1".into()),
            donor_name: None,
            donor_email: None,
            notes: None,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn with_status(mut payment: Payment, status: PaymentStatus) -> Payment {
        payment.status = status;
        payment
    }

    // ---- create-payment-intent ----

    #[tokio::test]
    async fn guest_direct_donation_creates_intent_and_pending_payment() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.gateway
            .expect_create_intent()
            .withf(|r| {
                r.amount == Money::from_cents(2500)
                    && r.currency == "usd"
                    && r.target == DonationTarget::Direct
                    && r.idempotency_key == "key-1"
                    && r.donation_details.len() == 1
            })
            .times(1)
            .returning(|_| Ok(intent("pi_sandbox_1", SECRET)));
        m.payments.expect_find_by_idempotency_key().times(1).returning(|_| Ok(None));
        m.payments
            .expect_create()
            .withf(|r| {
                r.status == PaymentStatus::Pending
                    && r.method == PaymentMethodKind::CreditCard
                    && r.provider == PaymentProvider::Sandbox
                    && r.transaction_id.as_deref() == Some("pi_sandbox_1")
                    && r.client_secret_hash.as_deref() == Some(hash_secret(SECRET).as_str())
                    && r.user_id.is_none()
                    && r.event_id.is_none()
                    && payment::is_receipt_number(&r.receipt_number)
                    && r.idempotency_key.as_deref() == Some("key-1")
            })
            .times(1)
            .returning(|r| Ok(stored(r)));
        let created =
            m.service().create_payment_intent(None, input(json!(25), Some("direct-donation")), Some("key-1")).await.expect("created");
        assert_eq!(created.payment_intent_id, "pi_sandbox_1");
        assert_eq!(created.client_secret, SECRET);
        assert_eq!(created.provider, PaymentProvider::Sandbox);
    }

    #[tokio::test]
    async fn event_donation_needs_a_signed_in_member() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        let service = m.service();
        let error = service.create_payment_intent(None, input(json!(25), Some("e1")), None).await.expect_err("guest");
        assert!(matches!(error, PaymentError::Unauthenticated));
        assert_eq!(error.kind(), ErrorKind::Unauthenticated);
        let error = service.confirm_zelle(None, input(json!(25), Some("e1")), None).await.expect_err("guest");
        assert!(matches!(error, PaymentError::Unauthenticated));
    }

    #[tokio::test]
    async fn event_donation_for_unknown_event_is_not_found() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.events.expect_get().returning(|_| Ok(None));
        m.gateway.expect_create_intent().never();
        let error = m.service().create_payment_intent(Some(&donor()), input(json!(25), Some("nope")), None).await.expect_err("missing");
        assert!(matches!(error, PaymentError::EventNotFound));
        assert_eq!(error.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn member_event_donation_keeps_event_name_and_donor() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.events.expect_get().withf(|id| id == "e1").returning(|id| Ok(Some(event(id))));
        m.gateway
            .expect_create_intent()
            .withf(|r| r.target == DonationTarget::Event("e1".into()) && !r.idempotency_key.is_empty())
            .returning(|_| Ok(intent("pi_1", "pi_1_secret_x")));
        m.payments
            .expect_create()
            .withf(|r| {
                r.event_id.as_deref() == Some("e1")
                    && r.event_name.as_deref() == Some("Diwali")
                    && r.user_id.as_deref() == Some("u1")
                    && r.donor_name.as_deref() == Some("Asha Rao")
                    && r.donor_email.as_deref() == Some("asha@example.org")
                    && r.provider == PaymentProvider::Stripe
            })
            .returning(|r| Ok(stored(r)));
        let created = m.service().create_payment_intent(Some(&donor()), input(json!(25), Some("e1")), None).await.expect("created");
        assert_eq!(created.provider, PaymentProvider::Stripe);
        assert_eq!(created.payment.event_name.as_deref(), Some("Diwali"));
    }

    #[tokio::test]
    async fn invalid_amounts_and_details_are_refused_before_the_provider_is_called() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        let service = m.service();
        for (amount, message) in [
            (json!(0), payment::AMOUNT_TOO_SMALL),
            (json!(0.001), payment::AMOUNT_TOO_SMALL),
            (json!(-25), payment::AMOUNT_TOO_SMALL),
            (json!(1_000_000.01), payment::AMOUNT_TOO_LARGE),
            (json!(30), payment::DETAILS_DO_NOT_ADD_UP),
        ] {
            let error = service.create_payment_intent(None, input(amount.clone(), None), None).await.expect_err("invalid");
            let fields = error.field_errors().expect("fields");
            assert!(fields.fields().values().any(|m| m == message), "{amount}: {fields:?}");
        }
        let error = service.create_payment_intent(None, input(json!(25), None), Some("bad key with spaces")).await.expect_err("key");
        assert_eq!(error.field_errors().and_then(|e| e.get("idempotencyKey")), Some(IDEMPOTENCY_KEY_INVALID));
    }

    #[tokio::test]
    async fn repeated_idempotency_key_answers_the_same_intent_without_a_new_payment() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.gateway.expect_create_intent().never();
        m.payments.expect_create().never();
        m.gateway.expect_retrieve_intent().withf(|id| id == "pi_sandbox_1").returning(|id| Ok(intent(id, SECRET)));
        let again = m.service().create_payment_intent(None, input(json!(25), None), Some("key-1")).await.expect("same");
        assert_eq!(again.payment_intent_id, "pi_sandbox_1");
        assert_eq!(again.client_secret, SECRET);
    }

    #[tokio::test]
    async fn idempotency_key_reused_for_another_payment_is_a_conflict() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.gateway.expect_retrieve_intent().never();
        let details = json!([{"donationTypeId": "custom", "amount": 30, "name": "Custom Donation"}]);
        let other = DonationInput { donation_details: details, ..input(json!(30), None) };
        let error = m.service().create_payment_intent(None, other, Some("key-1")).await.expect_err("conflict");
        assert!(matches!(error, PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED)));
    }

    #[tokio::test]
    async fn concurrent_request_with_the_same_key_gets_the_stored_intent() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let mut seq = mockall::Sequence::new();
        m.payments.expect_find_by_idempotency_key().times(1).in_sequence(&mut seq).returning(|_| Ok(None));
        m.gateway.expect_create_intent().returning(|_| Ok(intent("pi_sandbox_2", "pi_sandbox_2_secret_zz")));
        m.payments.expect_create().times(1).returning(|_| Err(RepoError::Conflict("idempotency_key".into())));
        m.payments
            .expect_find_by_idempotency_key()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.gateway.expect_retrieve_intent().withf(|id| id == "pi_sandbox_1").returning(|id| Ok(intent(id, SECRET)));
        let created = m.service().create_payment_intent(None, input(json!(25), None), Some("key-1")).await.expect("winner's intent");
        assert_eq!(created.payment_intent_id, "pi_sandbox_1");
        assert_eq!(created.payment.id, "p1");
    }

    #[tokio::test]
    async fn receipt_number_collision_draws_another() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(None));
        m.gateway.expect_create_intent().returning(|_| Ok(intent("pi_sandbox_1", SECRET)));
        let mut seq = mockall::Sequence::new();
        m.payments.expect_create().times(1).in_sequence(&mut seq).returning(|_| Err(RepoError::Conflict("receipt_number".into())));
        m.payments
            .expect_find_by_receipt_number()
            .times(1)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments.expect_create().times(1).in_sequence(&mut seq).returning(|r| Ok(stored(r)));
        let created = m.service().create_payment_intent(None, input(json!(25), None), None).await.expect("second receipt");
        assert!(payment::is_receipt_number(created.payment.receipt_number.as_deref().expect("receipt")));
    }

    #[tokio::test]
    async fn busy_idempotency_key_at_the_provider_is_a_conflict() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_idempotency_key().returning(|_| Ok(None));
        m.gateway.expect_create_intent().returning(|_| Err(GatewayError::IdempotencyConflict("in use".into())));
        let error = m.service().create_payment_intent(None, input(json!(25), None), Some("k")).await.expect_err("busy");
        assert_eq!(error.kind(), ErrorKind::Conflict);
    }

    #[tokio::test]
    async fn provider_failure_is_unexpected_and_stores_nothing() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.gateway.expect_create_intent().returning(|_| Err(GatewayError::Unavailable("timeout".into())));
        m.payments.expect_create().never();
        let error = m.service().create_payment_intent(None, input(json!(25), None), None).await.expect_err("down");
        assert_eq!(error.kind(), ErrorKind::Unexpected);
    }

    // ---- sandbox confirm and the confirmation page ----

    #[tokio::test]
    async fn sandbox_confirm_succeeded_completes_the_payment_and_redirects() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments
            .expect_update_status()
            .withf(|id, change, _| {
                id == "p1"
                    && change.to == PaymentStatus::Completed
                    && change.allowed_from == [PaymentStatus::Pending, PaymentStatus::Failed]
            })
            .times(1)
            .returning(|_, c, _| Ok(Some(with_status(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox), c.to))));
        let confirmed = m.service().confirm_sandbox("pi_sandbox_1", SECRET, "succeeded").await.expect("confirmed");
        assert_eq!(
            confirmed.redirect_url,
            format!("/payment-confirmation?payment_intent=pi_sandbox_1&payment_intent_client_secret={SECRET}&redirect_status=succeeded")
        );
        assert_eq!(confirmed.payment.status, PaymentStatus::Completed);
    }

    #[tokio::test]
    async fn sandbox_confirm_checks_the_client_secret() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments.expect_update_status().never();
        let service = m.service();
        assert!(matches!(
            service.confirm_sandbox("pi_sandbox_1", "pi_sandbox_1_secret_wrong", "succeeded").await,
            Err(PaymentError::NotFound)
        ));
        assert!(matches!(service.payment_for_intent("pi_sandbox_1", "").await, Err(PaymentError::NotFound)));
        let error = service.confirm_sandbox("pi_sandbox_1", SECRET, "paid").await.expect_err("bad outcome");
        assert_eq!(error.field_errors().and_then(|e| e.get("outcome")), Some(OUTCOME_INVALID));
    }

    #[tokio::test]
    async fn sandbox_confirm_is_only_for_the_sandbox() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_transaction_id().never();
        assert!(matches!(m.service().confirm_sandbox("pi_1", SECRET, "succeeded").await, Err(PaymentError::NotFound)));
    }

    #[tokio::test]
    async fn sandbox_processing_keeps_pending_and_a_completed_payment_cannot_be_confirmed_again() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let mut seq = mockall::Sequence::new();
        m.payments
            .expect_find_by_transaction_id()
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments
            .expect_find_by_transaction_id()
            .times(2)
            .in_sequence(&mut seq)
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Completed, PaymentProvider::Sandbox))));
        m.payments.expect_update_status().never();
        let service = m.service();
        let processing = service.confirm_sandbox("pi_sandbox_1", SECRET, "processing").await.expect("processing");
        assert_eq!(processing.payment.status, PaymentStatus::Pending);
        assert!(processing.redirect_url.ends_with("redirect_status=processing"));
        assert!(matches!(
            service.confirm_sandbox("pi_sandbox_1", SECRET, "succeeded").await,
            Err(PaymentError::Conflict(ALREADY_CONFIRMED))
        ));
        assert!(matches!(service.confirm_sandbox("pi_sandbox_1", SECRET, "failed").await, Err(PaymentError::Conflict(ALREADY_CONFIRMED))));
    }

    #[tokio::test]
    async fn failed_sandbox_payment_may_succeed_on_a_later_attempt() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Failed, PaymentProvider::Sandbox))));
        m.payments
            .expect_update_status()
            .times(1)
            .returning(|_, c, _| Ok(Some(with_status(card_payment(PaymentStatus::Failed, PaymentProvider::Sandbox), c.to))));
        let service = m.service();
        // Processing, or failing again, leaves it failed without a write.
        assert_eq!(
            service.confirm_sandbox("pi_sandbox_1", SECRET, "processing").await.expect("processing").payment.status,
            PaymentStatus::Failed
        );
        assert_eq!(
            service.confirm_sandbox("pi_sandbox_1", SECRET, "failed").await.expect("failed again").payment.status,
            PaymentStatus::Failed
        );
        let confirmed = service.confirm_sandbox("pi_sandbox_1", SECRET, "succeeded").await.expect("retried");
        assert_eq!(confirmed.payment.status, PaymentStatus::Completed);
    }

    #[tokio::test]
    async fn confirmation_page_checks_a_pending_stripe_payment_with_stripe() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        m.gateway.expect_retrieve_intent().returning(|id| Ok(GatewayIntent { status: IntentStatus::Succeeded, ..intent(id, SECRET) }));
        m.payments
            .expect_update_status()
            .withf(|_, c, _| c.to == PaymentStatus::Completed)
            .returning(|_, c, _| Ok(Some(with_status(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe), c.to))));
        let payment = m.service().payment_for_intent("pi_sandbox_1", SECRET).await.expect("read");
        assert_eq!(payment.status, PaymentStatus::Completed);
    }

    #[tokio::test]
    async fn confirmation_page_shows_the_record_when_stripe_cannot_be_reached() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        m.gateway.expect_retrieve_intent().returning(|_| Err(GatewayError::Unavailable("timeout".into())));
        m.payments.expect_update_status().never();
        assert_eq!(m.service().payment_for_intent("pi_sandbox_1", SECRET).await.expect("read").status, PaymentStatus::Pending);
    }

    // ---- Zelle ----

    #[tokio::test]
    async fn zelle_is_recorded_pending_with_a_server_receipt() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.events.expect_get().returning(|id| Ok(Some(event(id))));
        m.payments
            .expect_create()
            .withf(|r| {
                r.status == PaymentStatus::Pending
                    && r.provider == PaymentProvider::Zelle
                    && r.method == PaymentMethodKind::Zelle
                    && r.transaction_id.is_none()
                    && r.event_name.as_deref() == Some("Diwali")
                    && payment::is_receipt_number(&r.receipt_number)
            })
            .times(1)
            .returning(|r| Ok(stored(r)));
        m.gateway.expect_create_intent().never();
        let payment = m.service().confirm_zelle(Some(&donor()), input(json!("25.00"), Some("e1")), None).await.expect("recorded");
        assert_eq!(payment.status, PaymentStatus::Pending);
        assert_eq!(payment.method, PaymentMethodKind::Zelle);
    }

    #[tokio::test]
    async fn zelle_repeat_with_the_same_key_answers_the_same_payment() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        let existing = Payment {
            method: PaymentMethodKind::Zelle,
            provider: PaymentProvider::Zelle,
            ..card_payment(PaymentStatus::Pending, PaymentProvider::Zelle)
        };
        m.payments.expect_find_by_idempotency_key().returning(move |_| Ok(Some(existing.clone())));
        m.payments.expect_create().never();
        let payment = m.service().confirm_zelle(None, input(json!(25), None), Some("key-1")).await.expect("same");
        assert_eq!(payment.id, "p1");
    }

    // ---- webhooks ----

    fn webhook_mocks(kind: ProviderEventKind) -> Mocks {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        let mut verifier = MockWebhookVerifier::new();
        verifier.expect_verify().returning(move |_, header, _| {
            if header == "good" {
                Ok(ProviderEvent { id: "evt_1".into(), event_type: "some.type".into(), kind: kind.clone() })
            } else {
                Err(WebhookError::InvalidSignature)
            }
        });
        m.webhooks = Some(verifier);
        m
    }

    #[tokio::test]
    async fn webhook_needs_configuration_and_a_valid_signature() {
        let mut m = Mocks::new(PaymentProvider::Stripe);
        m.payments.expect_apply_webhook_event().never();
        assert!(matches!(m.service().handle_webhook(b"{}", Some("good")).await, Err(PaymentError::WebhooksNotConfigured)));
        let mut m = webhook_mocks(ProviderEventKind::Other);
        m.payments.expect_apply_webhook_event().never();
        let service = m.service();
        let error = service.handle_webhook(b"{}", Some("bad")).await.expect_err("bad");
        assert!(matches!(error, PaymentError::BadSignature));
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert!(matches!(service.handle_webhook(b"{}", None).await, Err(PaymentError::BadSignature)));
    }

    #[tokio::test]
    async fn webhook_success_completes_the_payment_once() {
        let mut m = webhook_mocks(ProviderEventKind::IntentSucceeded {
            intent_id: "pi_1".into(),
            amount: Some(Money::from_cents(2500)),
            currency: Some("usd".into()),
        });
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        let mut seq = mockall::Sequence::new();
        m.payments
            .expect_apply_webhook_event()
            .withf(|r| {
                r.event_id == "evt_1"
                    && r.transaction_id.as_deref() == Some("pi_1")
                    && r.change
                        == Some(StatusChange {
                            to: PaymentStatus::Completed,
                            allowed_from: vec![PaymentStatus::Pending, PaymentStatus::Failed],
                        })
            })
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(WebhookOutcome::Applied(Box::new(card_payment(PaymentStatus::Completed, PaymentProvider::Stripe)))));
        m.payments.expect_apply_webhook_event().times(1).in_sequence(&mut seq).returning(|_| Ok(WebhookOutcome::AlreadyProcessed));
        let service = m.service();
        service.handle_webhook(b"{}", Some("good")).await.expect("applied");
        service.handle_webhook(b"{}", Some("good")).await.expect("replay acknowledged");
    }

    #[tokio::test]
    async fn webhook_with_a_different_amount_does_not_complete() {
        let mut m = webhook_mocks(ProviderEventKind::IntentSucceeded {
            intent_id: "pi_1".into(),
            amount: Some(Money::from_cents(100)),
            currency: None,
        });
        m.payments.expect_find_by_transaction_id().returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Stripe))));
        m.payments.expect_apply_webhook_event().withf(|r| r.change.is_none()).times(1).returning(|_| Ok(WebhookOutcome::Unchanged));
        m.service().handle_webhook(b"{}", Some("good")).await.expect("acknowledged");
    }

    #[tokio::test]
    async fn webhook_failure_refund_and_unknown_types() {
        for (kind, expected) in [
            (ProviderEventKind::IntentFailed { intent_id: "pi_1".into() }, Some((PaymentStatus::Failed, vec![PaymentStatus::Pending]))),
            (
                ProviderEventKind::ChargeRefunded { intent_id: Some("pi_1".into()), fully_refunded: true },
                Some((PaymentStatus::Refunded, vec![PaymentStatus::Completed])),
            ),
            (ProviderEventKind::ChargeRefunded { intent_id: Some("pi_1".into()), fully_refunded: false }, None),
            (ProviderEventKind::Other, None),
        ] {
            let mut m = webhook_mocks(kind);
            let expected = expected.map(|(to, allowed_from)| StatusChange { to, allowed_from });
            m.payments
                .expect_apply_webhook_event()
                .withf(move |r| r.change == expected)
                .times(1)
                .returning(|_| Ok(WebhookOutcome::Unchanged));
            m.service().handle_webhook(b"{}", Some("good")).await.expect("acknowledged");
        }
    }

    // ---- admin and member views ----

    #[tokio::test]
    async fn only_admins_list_reconcile_and_total() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_list().never();
        m.payments.expect_update_status().never();
        m.payments.expect_find_by_id().never();
        let service = m.service();
        assert!(matches!(service.list(&member(), PaymentQuery::default()).await, Err(PaymentError::Forbidden)));
        assert!(matches!(service.set_zelle_status(&member(), "p1", "completed").await, Err(PaymentError::Forbidden)));
        assert!(matches!(service.totals(&member()).await, Err(PaymentError::Forbidden)));
    }

    #[tokio::test]
    async fn admin_list_reads_the_filters() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments
            .expect_list()
            .withf(|f| {
                f.status == Some(PaymentStatus::Pending)
                    && f.method == Some(PaymentMethodKind::Zelle)
                    && f.event == Some(EventFilter::Direct)
                    && f.from == Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).single()
                    && f.to == Some(Utc.with_ymd_and_hms(2026, 11, 30, 8, 0, 0).single().expect("date"))
                    && f.user_id.is_none()
            })
            .times(1)
            .returning(|_| Ok(vec![]));
        let service = m.service();
        let query = PaymentQuery {
            status: Some("pending".into()),
            method: Some("zelle".into()),
            event_id: Some("direct-donation".into()),
            from: Some("2026-11-01".into()),
            to: Some("2026-11-30T00:00:00-08:00".into()),
        };
        service.list(&admin(), query).await.expect("listed");
        let bad = PaymentQuery { status: Some("done".into()), from: Some("yesterday".into()), ..PaymentQuery::default() };
        let error = service.list(&admin(), bad).await.expect_err("invalid");
        let fields = error.field_errors().expect("fields");
        assert!(fields.get("status").is_some() && fields.get("from").is_some());
    }

    #[tokio::test]
    async fn admin_marks_only_pending_zelle_payments() {
        let zelle = |status| Payment { method: PaymentMethodKind::Zelle, ..card_payment(status, PaymentProvider::Zelle) };
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_id().withf(|id| id == "zelle-pending").returning(move |_| Ok(Some(zelle(PaymentStatus::Pending))));
        m.payments.expect_find_by_id().withf(|id| id == "zelle-done").returning(move |_| Ok(Some(zelle(PaymentStatus::Completed))));
        m.payments
            .expect_find_by_id()
            .withf(|id| id == "card")
            .returning(|_| Ok(Some(card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox))));
        m.payments.expect_find_by_id().withf(|id| id == "gone").returning(|_| Ok(None));
        m.payments
            .expect_update_status()
            .withf(|_, c, _| c.to == PaymentStatus::Completed && c.allowed_from == [PaymentStatus::Pending])
            .times(1)
            .returning(move |_, c, _| Ok(Some(zelle(c.to))));
        let service = m.service();
        assert_eq!(
            service.set_zelle_status(&admin(), "zelle-pending", "completed").await.expect("marked").status,
            PaymentStatus::Completed
        );
        assert!(matches!(service.set_zelle_status(&admin(), "zelle-done", "failed").await, Err(PaymentError::Conflict(NOT_ADJUSTABLE))));
        assert!(matches!(service.set_zelle_status(&admin(), "card", "completed").await, Err(PaymentError::Conflict(NOT_ADJUSTABLE))));
        assert!(matches!(service.set_zelle_status(&admin(), "gone", "completed").await, Err(PaymentError::NotFound)));
        let error = service.set_zelle_status(&admin(), "zelle-pending", "refunded").await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("status")), Some(ADMIN_STATUS_INVALID));
    }

    #[tokio::test]
    async fn concurrent_admin_change_is_a_conflict() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments.expect_find_by_id().returning(|_| {
            Ok(Some(Payment { method: PaymentMethodKind::Zelle, ..card_payment(PaymentStatus::Pending, PaymentProvider::Zelle) }))
        });
        m.payments.expect_update_status().returning(|_, _, _| Ok(None));
        assert!(matches!(m.service().set_zelle_status(&admin(), "p1", "failed").await, Err(PaymentError::Conflict(STATUS_CHANGED))));
    }

    #[tokio::test]
    async fn totals_sum_completed_payments_and_members_see_their_own() {
        let mut m = Mocks::new(PaymentProvider::Sandbox);
        m.payments
            .expect_list()
            .withf(|f| f.status == Some(PaymentStatus::Completed) && f.user_id.is_none())
            .returning(|_| Ok(vec![card_payment(PaymentStatus::Completed, PaymentProvider::Sandbox)]));
        m.payments.expect_list().withf(|f| f.user_id.as_deref() == Some("u1") && f.status.is_none()).returning(|_| Ok(vec![]));
        let service = m.service();
        let totals = service.totals(&admin()).await.expect("totals");
        assert_eq!(totals.by_donation_type[0].amount, Money::from_cents(2500));
        assert_eq!(totals.by_event[0].count, 1);
        assert!(service.mine(&member()).await.expect("mine").is_empty());
    }

    #[test]
    fn confirmation_urls_are_encoded() {
        assert_eq!(
            confirmation_url("pi_1", "a b&c", "failed"),
            "/payment-confirmation?payment_intent=pi_1&payment_intent_client_secret=a%20b%26c&redirect_status=failed"
        );
    }
}

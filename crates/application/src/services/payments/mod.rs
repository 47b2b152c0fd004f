//! Donations and their payments: card intents (Stripe or the offline sandbox), Zelle records,
//! provider webhooks, and the admin's reconciliation and totals.
//!
//! Who may do what: anyone gives a direct donation; a donation for an event needs a signed-in
//! member; the donor (holder of the client secret) reads a card payment back; members read their
//! own payments; admins list, reconcile Zelle payments and read totals.

mod admin;
mod card;
mod expiry;
mod ledger;
mod refunds;
mod webhooks;
mod zelle;

use std::sync::Arc;

use sha2::Digest as _;

use chrono::{DateTime, Utc};
use mandir_domain::payment::{
    self, Donation, DonationInput, DonationTarget, Payment, PaymentMethodKind, PaymentProvider, PaymentStatus, StatusChangeBy,
};
use mandir_domain::user::User;
use mandir_domain::{UserId, ValidationErrors};
use rand::Rng;

use super::new_id;
use super::rate_limits::{Action, ClientAddress, LimitError, RateLimiter};
use crate::BoxError;
use crate::ports::{
    Clock, DonationTypeRepository, EventRepository, FundRepository, GatewayError, NewPayment, OutboxWake, PaymentAuditRepository,
    PaymentGateway, PaymentRepository, RepoError, StatusChange, TempleZone, WebhookVerifier,
};
use mandir_domain::donor::DonorIdentity;

pub use crate::services::paging::{MAX_PAGE, MAX_PAGE_SIZE, PageQuery};
pub use admin::{ADMIN_TARGETS, PaymentQuery};
pub use card::{CreatedIntent, SandboxConfirmation, confirmation_url};
pub use expiry::cancel_key;
pub use ledger::{DonorShown, LedgerPage, LedgerTotals, YearTotal, donor_of, refunded_amount};
pub use refunds::{NOT_REFUNDABLE, OTHER_PROVIDER, REFUND_REFUSED, refund_key};

pub const ZELLE_RECORDED: &str = "Your Zelle payment has been recorded successfully";
pub const INTENT_CREATED: &str = "Payment intent created";
pub const IDEMPOTENCY_KEY_INVALID: &str = "Idempotency-Key must be 1 to 255 visible characters";
pub const IDEMPOTENCY_KEY_REUSED: &str = "This Idempotency-Key was already used for a different payment";
pub const IDEMPOTENCY_KEY_BUSY: &str = "A request with this Idempotency-Key is still being processed; please retry";
pub const ALREADY_CONFIRMED: &str = "This payment has already been completed";
pub const NOT_ADJUSTABLE: &str = "Only pending Zelle payments can be marked received or failed";
pub const NOT_REOPENABLE: &str = "Only Zelle payments marked failed can be reopened";
pub const PAYMENT_EXPIRED: &str = "This payment expired after a day without being completed; please start a new donation";
pub const STATUS_CHANGED: &str = "The payment's status changed meanwhile; reload and try again";
pub const OUTCOME_INVALID: &str = "Outcome must be 'succeeded', 'failed' or 'processing'";
/// The sandbox's confirm outcomes and the status each leaves the payment in (`processing` leaves
/// it pending).
pub const SANDBOX_OUTCOMES: [(&str, Option<PaymentStatus>); 3] =
    [("succeeded", Some(PaymentStatus::Completed)), ("failed", Some(PaymentStatus::Failed)), ("processing", None)];
pub const ADMIN_STATUS_INVALID: &str = "Status must be 'completed', 'failed' or 'pending' (to reopen a failed payment)";
/// Where the card provider sends the donor back (docs/product.md#donations-and-payments).
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
    #[error("{}", mandir_domain::EMAIL_NOT_VERIFIED)]
    EmailNotVerified,
    #[error("Too many donations from your network. Please try again later.")]
    TooManyRequests(mandir_domain::RetryAfter),
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

mandir_domain::failure!(PaymentError, fields: Validation, throttled: TooManyRequests, unverified: EmailNotVerified, {
    Self::Validation(_) | Self::BadSignature | Self::MalformedEvent | Self::WebhooksNotConfigured => Invalid,
    Self::Unauthenticated => Unauthenticated,
    Self::Forbidden | Self::EmailNotVerified => Forbidden,
    Self::TooManyRequests(_) => Throttled,
    Self::EventNotFound | Self::NotFound => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Gateway(_) | Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(PaymentError: RepoError);

impl From<LimitError> for PaymentError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::Exceeded(wait) => Self::TooManyRequests(wait),
            LimitError::Store(error) => error.into(),
        }
    }
}

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
    pub user_id: UserId,
    pub name: String,
    pub email: String,
    /// The profile's mailing address.
    pub address: Option<String>,
    /// Donations for an event need a verified e-mail address.
    pub email_verified: bool,
}

impl Donor {
    pub fn of(user: &User) -> Self {
        let name = format!("{} {}", user.first_name.trim(), user.last_name.trim()).trim().to_owned();
        Self {
            user_id: user.id.clone(),
            name,
            email: user.email.as_str().to_owned(),
            address: user.mailing_address.clone(),
            email_verified: user.email_verified,
        }
    }
}

/// Who gives: a signed-in member, or a guest known only by the client address (guests' card
/// intents and Zelle confirmations are limited per address).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payer {
    Member(Donor),
    Guest(ClientAddress),
}

impl Payer {
    pub fn donor(&self) -> Option<&Donor> {
        match self {
            Self::Member(donor) => Some(donor),
            Self::Guest(_) => None,
        }
    }
}

/// An idempotency key as stored: the payer's own. A member's key is scoped to their account, a
/// guest's to the e-mail their receipt goes to, so a key another payer sent finds nothing of
/// theirs (a guest reusing a key once got another guest's donation; docs/security.md). Hashed, so any key up to
/// 255 characters fits the column with its scope.
pub fn scoped_key(payer: &Payer, guest_email: &str, key: &str) -> String {
    let scope = match payer {
        Payer::Member(donor) => format!("member:{}", donor.user_id),
        Payer::Guest(_) => format!("guest:{}", guest_email.trim().to_lowercase()),
    };
    hex::encode(sha2::Sha256::digest(format!("{scope}\n{key}").as_bytes()))
}

fn check_idempotency_key(key: Option<&str>) -> Result<Option<String>, PaymentError> {
    match key.map(str::trim) {
        None => Ok(None),
        Some(k) if !k.is_empty() && k.len() <= 255 && k.bytes().all(|b| b.is_ascii_graphic()) => Ok(Some(k.to_owned())),
        Some(_) => Err(invalid("idempotencyKey", IDEMPOTENCY_KEY_INVALID)),
    }
}

/// A payment's inputs, compared when an idempotency key comes back. Items are compared by type
/// and amount (and a custom item's label), not by a catalogue name an admin may have changed.
fn same_request(existing: &Payment, method: PaymentMethodKind, donor: Option<&Donor>, donation: &payment::Donation) -> bool {
    existing.method == method
        && existing.amount == donation.amount
        && existing.event_id.as_ref() == donation.target.event_id()
        && existing.user_id.as_ref() == donor.map(|d| &d.user_id)
        && existing.donation_details.len() == donation.details.len()
        && existing.donation_details.iter().zip(&donation.details).all(|(stored, asked)| stored.same_item(asked))
}

/// The ports the payment service uses.
pub struct PaymentDeps {
    pub payments: Arc<dyn PaymentRepository>,
    pub events: Arc<dyn EventRepository>,
    /// The catalogue the donation items are checked against and named from.
    pub donation_types: Arc<dyn DonationTypeRepository>,
    /// The funds a custom item may choose.
    pub funds: Arc<dyn FundRepository>,
    pub gateway: Arc<dyn PaymentGateway>,
    /// `None` when no webhook signing secret is configured.
    pub webhooks: Option<Arc<dyn WebhookVerifier>>,
    pub clock: Arc<dyn Clock>,
    pub limiter: RateLimiter,
    /// Admins' status changes with their audit entries.
    pub audit: Arc<dyn PaymentAuditRepository>,
    /// The zone a member's giving is summed per year in.
    pub zone: Arc<dyn TempleZone>,
    /// Told after a payment became completed, so its receipt goes out right away.
    pub receipts: Arc<dyn OutboxWake>,
    /// The audit log of staff actions (reconciling, refunding, exporting the ledger).
    pub recorder: crate::services::audit::Recorder,
}

#[derive(Clone)]
pub struct PaymentService {
    audit: Arc<dyn PaymentAuditRepository>,
    zone: Arc<dyn TempleZone>,
    payments: Arc<dyn PaymentRepository>,
    events: Arc<dyn EventRepository>,
    donation_types: Arc<dyn DonationTypeRepository>,
    funds: Arc<dyn FundRepository>,
    gateway: Arc<dyn PaymentGateway>,
    webhooks: Option<Arc<dyn WebhookVerifier>>,
    clock: Arc<dyn Clock>,
    limiter: RateLimiter,
    receipts: Arc<dyn OutboxWake>,
    recorder: crate::services::audit::Recorder,
}

/// What inserting a payment came to.
enum Inserted {
    New(Payment),
    /// A payment with the same idempotency key was stored first (a retry or a race).
    Existing(Payment),
}

impl PaymentService {
    pub fn new(deps: PaymentDeps) -> Self {
        Self {
            audit: deps.audit,
            zone: deps.zone,
            payments: deps.payments,
            events: deps.events,
            donation_types: deps.donation_types,
            funds: deps.funds,
            gateway: deps.gateway,
            webhooks: deps.webhooks,
            clock: deps.clock,
            limiter: deps.limiter,
            receipts: deps.receipts,
            recorder: deps.recorder,
        }
    }

    /// The card provider in use (sandbox or Stripe).
    pub fn provider(&self) -> PaymentProvider {
        self.gateway.provider()
    }

    /// Checks who may give this donation and that it is valid, its items named from the
    /// catalogue; returns it with the event's name.
    async fn validate(&self, donor: Option<&Donor>, input: DonationInput) -> Result<(payment::Donation, Option<String>), PaymentError> {
        if matches!(payment::parse_target(input.event_id.as_deref()), DonationTarget::Event(_)) {
            match donor {
                None => return Err(PaymentError::Unauthenticated),
                Some(donor) if !donor.email_verified => return Err(PaymentError::EmailNotVerified),
                Some(_) => {}
            }
        }
        let donation = input.validate().map_err(PaymentError::Validation)?;
        let donation = self.named_from_catalogue(donation).await?;
        let event_name = match donation.target.event_id() {
            None => None,
            Some(id) => Some(self.events.get(id).await?.ok_or(PaymentError::EventNotFound)?.name),
        };
        Ok((donation, event_name))
    }

    /// The donation with each item named after its donation type; unknown and inactive types are
    /// refused (docs/decisions/0050-donation-items-named-from-the-catalogue.md).
    async fn named_from_catalogue(&self, donation: Donation) -> Result<Donation, PaymentError> {
        let mut catalogue = Vec::new();
        for id in donation.catalogue_type_ids() {
            if let Some(found) = self.donation_types.get(&id).await? {
                catalogue.push(found);
            }
        }
        crate::services::funds::check_chosen_funds(self.funds.as_ref(), &donation).await?.map_err(PaymentError::Validation)?;
        donation.named_from_catalogue(&catalogue).map_err(PaymentError::Validation)
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

    /// The opening every way of giving shares: the `Idempotency-Key` checked, the donation
    /// validated, and the payment an earlier request with the same key stored, when it was for
    /// the very same donation (another donation under that key is a conflict). A guest's attempt
    /// is counted against their address's limit once the donation is valid.
    async fn open(
        &self,
        payer: &Payer,
        input: DonationInput,
        idempotency_key: Option<&str>,
        method: PaymentMethodKind,
    ) -> Result<Opening, PaymentError> {
        let donor = payer.donor();
        let key = check_idempotency_key(idempotency_key)?;
        let donor_input = input.donor.clone();
        // The donation first: a guest's event donation is refused as unauthenticated (401),
        // whatever identity it carries.
        let (donation, event_name) = self.validate(donor, input).await?;
        let identity = match payer {
            Payer::Member(member) => DonorIdentity {
                name: member.name.clone(),
                email: member.email.clone(),
                address: member.address.clone(),
                in_honor_of: donor_input.validate_member_line().map_err(PaymentError::Validation)?,
            },
            // A guest's name and e-mail are required: the receipt goes there
            // (docs/product.md#donor-identity).
            Payer::Guest(_) => donor_input.validate_guest().map_err(PaymentError::Validation)?,
        };
        // Each intent costs a Stripe call and each Zelle record a staff check: guests are limited
        // per client address, members per account.
        let zelle = method == PaymentMethodKind::Zelle;
        let (action, subject) = match payer {
            Payer::Guest(address) => (if zelle { Action::GuestZelleConfirmation } else { Action::GuestPaymentIntent }, address.as_str()),
            Payer::Member(member) => {
                (if zelle { Action::MemberZelleConfirmation } else { Action::MemberPaymentIntent }, member.user_id.as_str())
            }
        };
        self.limiter.reserve(action, subject, self.clock.now()).await?;
        let key = key.map(|key| scoped_key(payer, &identity.email, &key));
        let existing = match &key {
            Some(key) => self.payments.find_by_idempotency_key(key).await?,
            None => None,
        };
        let existing = existing.map(|existing| same_or_conflict(existing, method, donor, &donation)).transpose()?;
        Ok(Opening { key, donation, event_name, identity, existing })
    }

    /// Applies a guarded status change; `Conflict` when the status moved meanwhile.
    async fn change_status(&self, payment: &Payment, to: PaymentStatus, by: StatusChangeBy) -> Result<Payment, PaymentError> {
        let change = StatusChange { to, allowed_from: PaymentStatus::sources_of(to, by) };
        match self.payments.update_status(&payment.id, change, self.clock.now()).await {
            Ok(Some(updated)) => {
                tracing::info!(payment = %updated.id, from = %payment.status, to = %updated.status, "payment status changed");
                if updated.status == PaymentStatus::Completed {
                    self.receipts.wake();
                }
                Ok(updated)
            }
            Ok(None) => Err(PaymentError::Conflict(STATUS_CHANGED)),
            Err(RepoError::NotFound) => Err(PaymentError::NotFound),
            Err(other) => Err(other.into()),
        }
    }
}

/// What [`PaymentService::open`] found.
struct Opening {
    /// The checked `Idempotency-Key`, if the client sent one.
    key: Option<String>,
    donation: Donation,
    event_name: Option<String>,
    /// Who gives, as the payment keeps it.
    identity: DonorIdentity,
    /// The payment stored earlier under the same key for the same donation.
    existing: Option<Payment>,
}

impl Opening {
    /// The pending payment to store, before its receipt number is drawn.
    fn pending_payment(
        &self,
        donor: Option<&Donor>,
        method: PaymentMethodKind,
        provider: PaymentProvider,
        now: DateTime<Utc>,
    ) -> NewPayment {
        NewPayment {
            id: new_id(),
            event_id: self.donation.target.event_id().cloned(),
            event_name: self.event_name.clone(),
            user_id: donor.map(|d| d.user_id.clone()),
            method,
            amount: self.donation.amount,
            status: PaymentStatus::Pending,
            provider,
            transaction_id: None,
            client_secret_hash: None,
            donation_details: self.donation.details.clone(),
            receipt_number: String::new(),
            idempotency_key: self.key.clone(),
            donor_name: Some(self.identity.name.clone()),
            donor_email: Some(self.identity.email.clone()),
            donor_address: self.identity.address.clone(),
            in_honor_of: self.identity.in_honor_of.clone(),
            notes: self.donation.notes.clone(),
            channel: mandir_domain::counter::Channel::Online,
            now,
        }
    }
}

/// `existing` when it records the same donation as this request; a conflict otherwise.
fn same_or_conflict(
    existing: Payment,
    method: PaymentMethodKind,
    donor: Option<&Donor>,
    donation: &Donation,
) -> Result<Payment, PaymentError> {
    if same_request(&existing, method, donor, donation) { Ok(existing) } else { Err(PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED)) }
}

/// What the tests of every flow share.
#[cfg(test)]
mod fixtures {
    pub(super) use mandir_domain::payment::{DonationDetailsInput, DonationItemInput};
    pub(super) use mandir_domain::payment::{Payment, PaymentProvider, PaymentStatus};
    pub(super) use mandir_domain::{Money, NumberInput};

    pub(super) use super::{Donor, Payer, PaymentDeps, PaymentService};

    pub(super) use crate::ports::donation_type_repository::MockDonationTypeRepository;
    pub(super) use crate::ports::event_repository::MockEventRepository;
    pub(super) use crate::ports::payment_audit_repository::MockPaymentAuditRepository;
    pub(super) use crate::ports::payment_gateway::MockPaymentGateway;
    pub(super) use crate::ports::payment_repository::MockPaymentRepository;
    pub(super) use crate::ports::receipt_outbox::OutboxWake;
    pub(super) use crate::ports::webhook_verifier::MockWebhookVerifier;
    pub(super) use crate::ports::{GatewayIntent, IntentStatus, NewPayment, WebhookVerifier};
    use crate::services::hash_secret;
    pub(super) use crate::services::rate_limits::{ClientAddress, RateLimitPolicy};
    pub(super) use crate::services::test_fixtures::{admin, event, member, now, payment};
    use std::sync::Arc;

    pub(super) const SECRET: &str = "pi_sandbox_1_secret_abc";

    pub(super) struct Mocks {
        pub(super) payments: MockPaymentRepository,
        pub(super) events: MockEventRepository,
        pub(super) donation_types: MockDonationTypeRepository,
        pub(super) funds: crate::ports::fund_repository::MockFundRepository,
        pub(super) gateway: MockPaymentGateway,
        pub(super) webhooks: Option<MockWebhookVerifier>,
        pub(super) policy: RateLimitPolicy,
        pub(super) audit: MockPaymentAuditRepository,
        /// Counts the wake-ups of the receipt sender.
        pub(super) wakes: Arc<Wakes>,
    }

    #[derive(Default)]
    pub(super) struct Wakes(pub(super) std::sync::atomic::AtomicUsize);

    impl Wakes {
        pub(super) fn count(&self) -> usize {
            self.0.load(std::sync::atomic::Ordering::SeqCst)
        }
    }

    impl OutboxWake for Wakes {
        fn wake(&self) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    }

    impl Mocks {
        pub(super) fn new(provider: PaymentProvider) -> Self {
            let mut gateway = MockPaymentGateway::new();
            gateway.expect_provider().return_const(provider);
            Self {
                payments: MockPaymentRepository::new(),
                events: MockEventRepository::new(),
                donation_types: MockDonationTypeRepository::new(),
                funds: crate::ports::fund_repository::MockFundRepository::new(),
                gateway,
                webhooks: None,
                policy: RateLimitPolicy::default(),
                audit: MockPaymentAuditRepository::new(),
                wakes: Arc::default(),
            }
        }

        pub(super) fn service(self) -> PaymentService {
            let clock = crate::services::test_fixtures::fixed_clock();
            PaymentService::new(PaymentDeps {
                payments: Arc::new(self.payments),
                events: Arc::new(self.events),
                donation_types: Arc::new(self.donation_types),
                funds: Arc::new(self.funds),
                gateway: Arc::new(self.gateway),
                webhooks: self.webhooks.map(|w| Arc::new(w) as Arc<dyn WebhookVerifier>),
                clock: Arc::new(clock),
                limiter: crate::services::test_fixtures::limiter(self.policy),
                audit: Arc::new(self.audit),
                zone: Arc::new(crate::ports::FixedTempleZone::default()),
                receipts: self.wakes,
                recorder: crate::services::test_fixtures::recorder().0,
            })
        }
    }

    pub(super) fn donor() -> Donor {
        Donor { user_id: "u1".into(), name: "Asha Rao".into(), email: "asha@example.org".into(), address: None, email_verified: true }
    }

    pub(super) fn member_payer() -> Payer {
        Payer::Member(donor())
    }

    pub(super) fn guest() -> Payer {
        Payer::Guest(ClientAddress::new("203.0.113.1"))
    }

    /// Dollars as a number.
    pub(super) fn dollars(amount: f64) -> NumberInput {
        NumberInput::number(amount)
    }

    /// A donation of `amount` made of one custom item of $25.
    pub(super) fn input(amount: NumberInput, event_id: Option<&str>) -> mandir_domain::payment::DonationInput {
        mandir_domain::payment::DonationInput {
            amount,
            donation_details: DonationDetailsInput::Items(vec![DonationItemInput::new("custom", dollars(25.0), "Custom Donation")]),
            event_id: event_id.map(Into::into),
            notes: None,
            donor: guest_identity(),
        }
    }

    /// What a guest types on the donate form (ignored for members but the in-honor line).
    pub(super) fn guest_identity() -> mandir_domain::donor::DonorInput {
        mandir_domain::donor::DonorInput {
            name: Some("Ravi Kumar".into()),
            email: Some("ravi@example.org".into()),
            address: None,
            in_honor_of: None,
        }
    }

    pub(super) fn intent(id: &str, secret: &str) -> GatewayIntent {
        GatewayIntent {
            id: id.into(),
            client_secret: Some(secret.into()),
            status: IntentStatus::RequiresPaymentMethod,
            amount: Some(Money::from_cents(2500)),
            currency: Some("usd".into()),
        }
    }

    pub(super) fn stored(record: NewPayment) -> Payment {
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
            donor_address: record.donor_address,
            in_honor_of: record.in_honor_of,
            notes: record.notes,
            refunded_amount: Money::from_cents(0),
            channel: record.channel,
            created_at: record.now,
            updated_at: record.now,
        }
    }

    /// A sandbox card payment of $25 for intent `pi_sandbox_1` with the client secret [`SECRET`].
    pub(super) fn card_payment(status: PaymentStatus, provider: PaymentProvider) -> Payment {
        Payment {
            transaction_id: Some("pi_sandbox_1".into()),
            client_secret_hash: Some(hash_secret(SECRET)),
            idempotency_key: Some("key-1".into()),
            ..payment("p1", status, provider)
        }
    }

    pub(super) fn with_status(mut payment: Payment, status: PaymentStatus) -> Payment {
        payment.status = status;
        payment
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::*;
    use super::*;
    use crate::services::test_fixtures::user;
    use mandir_domain::Failure;

    #[test]
    fn idempotency_keys_are_visible_ascii_of_at_most_255_bytes() {
        assert_eq!(check_idempotency_key(None).expect("none"), None);
        assert_eq!(check_idempotency_key(Some(" key-1 ")).expect("trimmed"), Some("key-1".to_owned()));
        for bad in ["", "two words", &"k".repeat(256), "clé"] {
            let error = check_idempotency_key(Some(bad)).expect_err(bad);
            assert_eq!(error.field_errors().and_then(|e| e.get("idempotencyKey")), Some(IDEMPOTENCY_KEY_INVALID));
        }
    }

    #[test]
    fn the_donor_is_the_member_with_a_trimmed_full_name() {
        let donor = Donor::of(&User { first_name: " Asha ".into(), last_name: "Rao ".into(), ..user("u1") });
        assert_eq!(
            donor,
            Donor { user_id: "u1".into(), name: "Asha Rao".into(), email: "u1@example.org".into(), address: None, email_verified: true }
        );
    }

    #[test]
    fn a_stored_payment_answers_only_the_same_donation() {
        let donation = input(dollars(25.0), None).validate().expect("valid");
        let guest_card = card_payment(PaymentStatus::Pending, PaymentProvider::Sandbox);
        assert!(same_or_conflict(guest_card.clone(), PaymentMethodKind::CreditCard, None, &donation).is_ok());
        for (method, donor) in [(PaymentMethodKind::Zelle, None), (PaymentMethodKind::CreditCard, Some(donor()))] {
            let error = same_or_conflict(guest_card.clone(), method, donor.as_ref(), &donation).expect_err("another donation");
            assert!(matches!(error, PaymentError::Conflict(IDEMPOTENCY_KEY_REUSED)));
        }
    }
}

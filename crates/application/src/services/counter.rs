//! The temple counter (docs/product.md#the-counter, docs/decisions/0129-the-counter.md): the front desk records a
//! sale for a member or a walk-in, paid in cash (with change), by check, or split; the sale is one
//! completed payment of channel `counter`, stored with its tenders, its walk-in donor record and
//! its audit entry in one transaction, once per key however often it is sent. A treasurer voids a
//! sale with a reason.

use std::sync::Arc;

use mandir_domain::audit::AuditKind;
use mandir_domain::counter::{
    Channel, CounterDonor, CounterDonorInput, CounterSale, CounterSaleInput, CounterSevaInput, DonorRecord, MAX_SEVAS, SEVA_NOT_OFFERED,
    TOO_MANY_SEVAS, Tender, WalkIn, void_reason,
};
use mandir_domain::exchange::Exchange;
use mandir_domain::family_member::Person;
use mandir_domain::payment::{self, CUSTOM_DONATION_TYPE, Donation, DonationDetail, DonationTarget, PaymentProvider, PaymentStatus};
use mandir_domain::seva::{Booker, PriceKind, slot_label};
use mandir_domain::seva_booking::BookingStatus;
use mandir_domain::staff::Permission;
use mandir_domain::user::User;
use mandir_domain::{DonationTypeId, ValidationErrors};
use mandir_domain::{NumberInput, SevaId};
use rand::Rng;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    ChangeNotifier, Clock, CounterRepository, CounterSaleRecord, DonationTypeRepository, EventRepository, FundRepository,
    NewAttendeeRecord, NewBookingRecord, NewCounterSale, NewDonor, NewPayment, OutboxWake, PaymentGateway, RepoError, SaleDonor,
    SaleRecorded, SaleVoid, SevaRepository, TempleZone, Topic, UserRepository, Voided,
};

/// The idempotency key a counter keeps per sale: 8 to 100 letters, digits, `-` or `_`.
pub const KEY_INVALID: &str = "Each sale needs an idempotency key of 8 to 100 letters, digits, '-' or '_'";
pub const KEY_REUSED: &str = "This sale's key was already used for a different sale; start a new sale";
pub const MEMBER_NOT_FOUND: &str = "That member was not found; search again or take them as a walk-in";
pub const RETURNING_NOT_FOUND: &str = "That walk-in was not found; search again or take them as a new walk-in";
pub const ALREADY_VOIDED: &str = "This sale is already voided";
pub const IN_A_DEPOSIT: &str = "This sale's money is in a bank deposit: take the deposit apart before voiding the sale";
pub const IN_A_CLEARED_DEPOSIT: &str = "This sale's money is in a cleared bank deposit: it can no longer change";
/// Receipt numbers drawn before the last attempt (one in 10,000 collides within a millisecond).
const RECEIPT_NUMBER_ATTEMPTS: usize = 4;
pub const FREE_SEVA: &str = "This seva is free: book it on its page";
pub const REGISTRATION_FOR_MEMBERS: &str =
    "Event registrations at the counter are for members: find the member (a walk-in registers on the event's page with an account)";
pub const EVENT_NOT_FOUND: &str = "That event was not found; choose another";
/// A card part's charge was used by another sale or refunded between the check and the write.
pub const CARD_TAKEN: &str = "That card payment was used by another sale or refunded meanwhile; take the card again";

#[derive(Debug, thiserror::Error)]
pub enum CounterError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Staff access required")]
    Forbidden,
    #[error("Sale not found")]
    NotFound,
    #[error("{0}")]
    Conflict(&'static str),
    /// A seva's slot filled up (or the seva was withdrawn) while the sale was made.
    #[error("{0}: this slot is fully booked; please choose another")]
    SlotFull(String),
    #[error("{0} is no longer offered; please choose another seva")]
    SevaGone(String),
    /// An event of the sale's registrations started, is full, or has the member already.
    #[error("{event}: {reason}")]
    EventRefused { event: String, reason: String },
    /// The card provider refused (a declined card, a refund it cannot make): its message.
    #[error("{0}")]
    CardRefused(String),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(CounterError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Conflict(_) | Self::SlotFull(_) | Self::SevaGone(_) | Self::CardRefused(_) | Self::EventRefused { .. } => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(CounterError: RepoError);

impl From<super::PermissionRequired> for CounterError {
    fn from(_: super::PermissionRequired) -> Self {
        Self::Forbidden
    }
}

/// A seva of the sale, priced and checked against its rules, before it is known for whom.
struct PricedSeva {
    record: NewBookingRecord,
    requires_address: bool,
}

/// Who gives, as found: a member's account, or a walk-in with their donor record (new, or the one
/// an earlier sale kept).
enum Giver {
    Member(User),
    WalkIn(WalkIn, SaleDonor),
}

impl Giver {
    fn member(&self) -> Option<&User> {
        match self {
            Self::Member(user) => Some(user),
            Self::WalkIn(..) => None,
        }
    }
}

impl PricedSeva {
    /// The booking for the member, or for the walk-in (no account: the sale's donor record), who
    /// is named in the sankalpam; the address goes with a seva that needs one.
    fn for_booker(self, giver: &Giver) -> NewBookingRecord {
        let (user_id, name, address) = match giver {
            Giver::Member(user) => (Some(user.id.clone()), full_name(user), user.mailing_address.clone()),
            Giver::WalkIn(walk_in, _) => (None, walk_in.name.clone(), walk_in.address.clone()),
        };
        NewBookingRecord {
            user_id,
            participants: vec![Person { name, gotram: None, nakshatram: None, rasi: None }],
            address: address.filter(|_| self.requires_address),
            ..self.record
        }
    }
}

/// A sale checked and ready to store, with what recording it announces.
pub(crate) struct Prepared {
    pub(crate) record: NewCounterSale,
    pub(crate) sale: CounterSale,
    pub(crate) member: Option<User>,
    /// It keeps a new walk-in's donor record.
    pub(crate) new_donor: bool,
    /// Its receipt goes out by e-mail.
    pub(crate) has_email: bool,
}

/// A recorded sale and whether this call recorded it (`false`: a resubmission of the same key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleOutcome {
    pub sale: CounterSaleRecord,
    pub created: bool,
}

/// The ports the counter uses.
pub struct CounterDeps {
    pub sales: Arc<dyn CounterRepository>,
    pub users: Arc<dyn UserRepository>,
    pub donation_types: Arc<dyn DonationTypeRepository>,
    /// The funds a custom line may choose.
    pub funds: Arc<dyn FundRepository>,
    pub sevas: Arc<dyn SevaRepository>,
    /// The events a member is registered for in a sale.
    pub events: Arc<dyn EventRepository>,
    /// The temple's time zone: a seva's day and slot are the temple's.
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    /// Wakes the e-mail sender once a sale with an e-mail address is stored, or a void gave an
    /// event's places to its waitlist (whose members are e-mailed).
    pub receipts: Arc<dyn OutboxWake>,
    /// Announces a new walk-in donor record ([`Topic::Donors`]), so the counter's search finds them.
    pub changes: Arc<dyn ChangeNotifier>,
    /// The card provider, for a sale's card part (docs/product.md#card-at-the-counter).
    pub gateway: Arc<dyn PaymentGateway>,
    pub recorder: Recorder,
}

#[derive(Clone)]
pub struct CounterService {
    deps: Arc<CounterDeps>,
}

/// Whether `key` is a counter's idempotency key (a sale's or a drawer close's): 8 to 100 letters,
/// digits, `-` or `_`.
pub(crate) fn valid_key(key: &str) -> bool {
    (8..=100).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

pub(crate) fn full_name(user: &User) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_owned()
}

/// Whether a stored sale is the one `sale` describes (the same total, donor and lines), so a
/// resubmitted key answers it and a reused key for another sale is refused.
fn same_sale(stored: &CounterSaleRecord, sale: &CounterSale, donor_user: Option<&User>) -> bool {
    let payment = &stored.payment;
    payment.amount == sale.total
        && payment.user_id.as_ref() == donor_user.map(|u| &u.id)
        && payment.donation_details.len() == sale.lines.len()
        && payment.donation_details.iter().zip(&sale.lines).all(|(a, b)| a.same_item(b))
}

impl CounterService {
    pub fn new(deps: CounterDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    /// Names the lines after their donation types (refusing unknown or retired ones).
    async fn named_lines(&self, sale: CounterSale) -> Result<CounterSale, CounterError> {
        let donation = Donation { amount: sale.total, details: sale.lines, target: DonationTarget::Direct, notes: None };
        let mut catalogue = Vec::new();
        for id in donation.catalogue_type_ids() {
            let id: DonationTypeId = id;
            if let Some(kind) = self.deps.donation_types.get(&id).await? {
                catalogue.push(kind);
            }
        }
        let lines_error = |e: ValidationErrors| {
            CounterError::Validation(ValidationErrors::single("lines", e.get("donationDetails").unwrap_or(payment::DETAIL_TYPE_UNKNOWN)))
        };
        crate::services::funds::check_chosen_funds(self.deps.funds.as_ref(), &donation).await?.map_err(lines_error)?;
        let named = donation.named_from_catalogue(&catalogue).map_err(|e| {
            CounterError::Validation(ValidationErrors::single("lines", e.get("donationDetails").unwrap_or(payment::DETAIL_TYPE_UNKNOWN)))
        })?;
        Ok(CounterSale { lines: named.details, ..sale })
    }

    /// Each seva of the sale checked against its own rules (day, slot, cut-off), priced, and made
    /// into its booking (confirmed: it is paid in the sale) and its receipt line, a religious
    /// service. Who the bookings are for is set once the sale is checked ([`for_booker`]).
    async fn priced_sevas(
        &self,
        sevas: &[CounterSevaInput],
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Vec<(PricedSeva, DonationDetail)>, CounterError> {
        if sevas.is_empty() {
            return Ok(Vec::new());
        }
        if sevas.len() > MAX_SEVAS {
            return Err(CounterError::Validation(ValidationErrors::single("sevas", TOO_MANY_SEVAS)));
        }
        let zone = self.deps.zone.time_zone().await?;
        let mut errors = ValidationErrors::new();
        let mut priced = Vec::new();
        for (i, wanted) in sevas.iter().enumerate() {
            let id: SevaId = wanted.seva_id.trim().into();
            let Some(seva) = self.deps.sevas.get(&id).await?.filter(|s| s.is_active) else {
                errors.add(&format!("sevas[{i}].sevaId"), SEVA_NOT_OFFERED);
                continue;
            };
            let slot = match seva.rules.choose_for(&zone, now, &wanted.date, wanted.slot.as_deref(), Booker::Counter) {
                Ok(slot) => slot,
                Err(refused) => {
                    for (field, message) in refused.fields() {
                        errors.add(&format!("sevas[{i}].{field}"), message);
                    }
                    continue;
                }
            };
            let suggested = seva.price_kind == PriceKind::SuggestedDonation;
            let amount = match (&wanted.amount, suggested) {
                (NumberInput::Missing, _) | (_, false) => seva.price,
                (given, true) => match payment::parse_amount(given) {
                    Ok(amount) => amount,
                    Err(message) => {
                        errors.add(&format!("sevas[{i}].amount"), &message);
                        continue;
                    }
                },
            };
            if !amount.is_positive() {
                // A free seva is booked online; a sale is money received.
                errors.add(&format!("sevas[{i}].sevaId"), FREE_SEVA);
                continue;
            }
            let label: String =
                format!("Seva: {}, {} {}", seva.name, slot.date.format("%Y-%m-%d"), slot_label(slot.time)).chars().take(200).collect();
            let line = DonationDetail {
                fund_id: None,
                donation_type_id: CUSTOM_DONATION_TYPE.to_owned(),
                amount,
                name: label,
                exchange: Exchange::Religious,
            };
            let record = NewBookingRecord {
                id: new_id(),
                seva_id: seva.id.clone(),
                seva_name: seva.name.clone(),
                user_id: None,
                date: slot.date,
                slot: slot.time,
                starts_at: slot.starts_at,
                capacity: slot.capacity,
                status: BookingStatus::Confirmed,
                hold_expires_at: None,
                participants: Vec::new(),
                address: None,
                note: None,
                amount,
                max_unpaid: None,
                now,
            };
            priced.push((PricedSeva { record, requires_address: seva.requires_address }, line));
        }
        if errors.is_empty() { Ok(priced) } else { Err(CounterError::Validation(errors)) }
    }

    /// Records a sale at the counter (front desk and admins), once per `key`.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn sell(&self, actor: &Actor, key: &str, input: &CounterSaleInput) -> Result<SaleOutcome, CounterError> {
        actor.require(Permission::Counter)?;
        if !valid_key(key) {
            return Err(CounterError::Validation(ValidationErrors::single("idempotencyKey", KEY_INVALID)));
        }
        let now = self.deps.clock.now();
        let staff_name = self.staff_name(actor).await?;
        let prepared = self.prepare(actor, key, input, Channel::Counter, &staff_name, now).await?;
        let Prepared { record, sale, member, new_donor, has_email } = prepared;
        self.check_card_tenders(key, &sale.tenders).await?;
        match self.record_with_a_free_receipt_number(record, now).await? {
            SaleRecorded::Created(stored) => {
                self.announce(has_email, new_donor).await;
                if !stored.registrations.is_empty() {
                    // The events' people counts changed.
                    self.deps.changes.publish(Topic::Registrations).await;
                }
                tracing::info!(sale = %stored.id, payment = %stored.payment.id, "counter sale recorded");
                Ok(SaleOutcome { sale: *stored, created: true })
            }
            SaleRecorded::Existing(stored) if same_sale(&stored, &sale, member.as_ref()) => {
                Ok(SaleOutcome { sale: *stored, created: false })
            }
            SaleRecorded::Existing(_) => Err(CounterError::Conflict(KEY_REUSED)),
            SaleRecorded::SevaFull(name) => Err(CounterError::SlotFull(name)),
            SaleRecorded::SevaGone(name) => Err(CounterError::SevaGone(name)),
            SaleRecorded::CardTaken => Err(CounterError::Conflict(CARD_TAKEN)),
            SaleRecorded::EventRefused { event, reason } => Err(CounterError::EventRefused { event, reason }),
        }
    }

    /// Which provider takes a card at the counter.
    pub fn card_provider(&self) -> PaymentProvider {
        self.deps.gateway.provider()
    }

    pub(crate) fn gateway(&self) -> &dyn PaymentGateway {
        self.deps.gateway.as_ref()
    }

    pub(crate) fn recorder(&self) -> &Recorder {
        &self.deps.recorder
    }

    /// The sales' store, for the other ways money is entered (a batch of checks).
    pub(crate) fn sales(&self) -> &dyn CounterRepository {
        self.deps.sales.as_ref()
    }

    pub(crate) fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.deps.clock.now()
    }

    /// Who is recording: the staff member's name, or their e-mail when the account is gone.
    pub(crate) async fn staff_name(&self, actor: &Actor) -> Result<String, CounterError> {
        let staff = self.deps.users.find_by_id(&actor.user_id).await?;
        Ok(staff.as_ref().map_or_else(|| actor.email.clone(), full_name))
    }

    /// After a sale (or a batch) is stored: the receipt sender is woken when an e-mail goes out,
    /// and the counter's search learns of a new walk-in.
    pub(crate) async fn announce(&self, has_email: bool, new_donor: bool) {
        if has_email {
            self.deps.receipts.wake();
        }
        if new_donor {
            self.deps.changes.publish(Topic::Donors).await;
        }
    }

    /// Checks `input` and makes the sale to store under `key`, on `channel`, recorded by
    /// `staff_name`: who gives (a member or a walk-in looked up, or a new walk-in), its sevas'
    /// bookings, its payment and its audit entry.
    pub(crate) async fn prepare(
        &self,
        actor: &Actor,
        key: &str,
        input: &CounterSaleInput,
        channel: Channel,
        staff_name: &str,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Prepared, CounterError> {
        let known = match &input.donor {
            CounterDonorInput::Member(id) => Some(Giver::Member(
                self.deps
                    .users
                    .find_by_id(id)
                    .await?
                    .ok_or_else(|| CounterError::Validation(ValidationErrors::single("donor.userId", MEMBER_NOT_FOUND)))?,
            )),
            CounterDonorInput::Returning(id) => {
                let DonorRecord { id, walk_in } = self
                    .deps
                    .sales
                    .find_donor(id)
                    .await?
                    .ok_or_else(|| CounterError::Validation(ValidationErrors::single("donor.donorId", RETURNING_NOT_FOUND)))?;
                Some(Giver::WalkIn(walk_in, SaleDonor::Returning(id)))
            }
            CounterDonorInput::WalkIn { .. } => None,
        };
        let bookings = self.priced_sevas(&input.sevas, now).await?;
        let seva_lines = bookings.iter().map(|(_, line)| line.clone()).collect();
        let sale = input.validate(seva_lines).map_err(CounterError::Validation)?;
        let sale = self.named_lines(sale).await?;
        let giver = match (known, &sale.donor) {
            (Some(giver), _) => giver,
            (None, CounterDonor::WalkIn(walk_in)) => {
                Giver::WalkIn(walk_in.clone(), SaleDonor::New(NewDonor { id: new_id(), walk_in: walk_in.clone() }))
            }
            (None, CounterDonor::Member(_) | CounterDonor::Returning(_)) => unreachable!("a known donor was looked up above"),
        };
        let bookings: Vec<NewBookingRecord> = bookings.into_iter().map(|(priced, _)| priced.for_booker(&giver)).collect();
        let registrations = self.registrations(&sale, &giver, now).await?;
        let (donor_name, donor_email, donor_address) = match &giver {
            Giver::Member(user) => (full_name(user), Some(user.email.as_str().to_owned()), user.mailing_address.clone()),
            Giver::WalkIn(walk_in, _) => (walk_in.name.clone(), walk_in.email.clone(), walk_in.address.clone()),
        };
        let member = giver.member().cloned();
        let new_donor = matches!(giver, Giver::WalkIn(_, SaleDonor::New(_)));
        let id: String = new_id();
        let summary = match channel {
            Channel::Mail => format!("Check of ${} by mail from {donor_name}", sale.total),
            _ => format!("Counter sale of ${} to {donor_name} ({})", sale.total, payment_method_text(&sale)),
        };
        let audit =
            self.deps.recorder.entry(Some(actor), Action::new(AuditKind::Money, "counter.sale", Target::of("counter_sale", &id)), summary);
        let has_email = donor_email.is_some();
        let record = NewCounterSale {
            id,
            idempotency_key: key.to_owned(),
            payment: NewPayment {
                id: new_id(),
                event_id: None,
                event_name: None,
                user_id: member.as_ref().map(|u| u.id.clone()),
                method: sale.method(),
                amount: sale.total,
                status: PaymentStatus::Completed,
                provider: PaymentProvider::InPerson,
                transaction_id: None,
                client_secret_hash: None,
                donation_details: sale.lines.clone(),
                receipt_number: payment::receipt_number(now, rand::rng().random_range(0..10_000)),
                idempotency_key: Some(format!("counter:{key}")),
                donor_name: Some(donor_name),
                donor_email,
                donor_address,
                in_honor_of: sale.in_honor_of.clone(),
                notes: None,
                channel,
                now,
            },
            donor: match giver {
                Giver::Member(_) => None,
                Giver::WalkIn(_, donor) => Some(donor),
            },
            bookings,
            registrations,
            tenders: sale.tenders.clone(),
            staff_id: actor.user_id.clone(),
            staff_name: staff_name.to_owned(),
            audit,
        };
        Ok(Prepared { record, sale, member, new_donor, has_email })
    }

    /// The member's registrations for the sale's events (each event must exist; walk-ins have no
    /// account to register).
    async fn registrations(
        &self,
        sale: &CounterSale,
        giver: &Giver,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Vec<NewAttendeeRecord>, CounterError> {
        if sale.registrations.is_empty() {
            return Ok(Vec::new());
        }
        let Giver::Member(member) = giver else {
            return Err(CounterError::Validation(ValidationErrors::single("registrations", REGISTRATION_FOR_MEMBERS)));
        };
        let mut records = Vec::with_capacity(sale.registrations.len());
        for (i, r) in sale.registrations.iter().enumerate() {
            if self.deps.events.get(&r.event_id).await?.is_none() {
                return Err(CounterError::Validation(ValidationErrors::single(&format!("registrations[{i}].eventId"), EVENT_NOT_FOUND)));
            }
            records.push(NewAttendeeRecord {
                id: new_id(),
                event_id: r.event_id.clone(),
                user_id: member.id.clone(),
                registration: r.registration.clone(),
                now,
            });
        }
        Ok(records)
    }

    /// Records the sale; a receipt number another payment took in the same millisecond (two
    /// counters, or a counter and the site) is drawn again, as the online payments do.
    async fn record_with_a_free_receipt_number(
        &self,
        mut record: NewCounterSale,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<SaleRecorded, CounterError> {
        for _ in 0..RECEIPT_NUMBER_ATTEMPTS {
            match self.deps.sales.record(record.clone()).await {
                Err(RepoError::Conflict(detail)) if detail.contains("receipt_number") => {
                    record.payment.receipt_number = payment::receipt_number(now, rand::rng().random_range(0..10_000));
                }
                other => return Ok(other?),
            }
        }
        Ok(self.deps.sales.record(record).await?)
    }

    /// One sale, for its receipt at the counter.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn get(&self, actor: &Actor, id: &str) -> Result<CounterSaleRecord, CounterError> {
        actor.require(Permission::Counter)?;
        self.deps.sales.find(id).await?.ok_or(CounterError::NotFound)
    }

    /// Voids a sale (treasurers and admins), with the reason: the money is given back and the sale
    /// leaves the totals and statements; the void stays, in the sale and in the audit log.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn void(&self, actor: &Actor, id: &str, reason: Option<&str>) -> Result<CounterSaleRecord, CounterError> {
        actor.require(Permission::VoidSales)?;
        let reason = void_reason(reason).map_err(CounterError::Validation)?;
        let sale = self.deps.sales.find(id).await?.ok_or(CounterError::NotFound)?;
        if sale.voided.is_some() {
            return Err(CounterError::Conflict(ALREADY_VOIDED));
        }
        if let Some(deposit) = &sale.deposit {
            return Err(CounterError::Conflict(if deposit.cleared { IN_A_CLEARED_DEPOSIT } else { IN_A_DEPOSIT }));
        }
        let by = self.deps.users.find_by_id(&actor.user_id).await?.map_or_else(|| actor.email.clone(), |u| full_name(&u));
        let summary =
            format!("Voided counter sale of ${} ({}): {reason}", sale.payment.amount, sale.payment.receipt_number.as_deref().unwrap_or(""));
        let audit =
            self.deps.recorder.entry(Some(actor), Action::new(AuditKind::Money, "counter.void", Target::of("counter_sale", id)), summary);
        self.refund_voided_card(id, &sale.tenders).await?;
        // The events' people counts change with the void, and their waitlists may move up.
        let voided_registrations = sale.registrations.clone();
        let void = SaleVoid { voided: Voided { at: self.deps.clock.now(), by, reason }, audit };
        match self.deps.sales.void(id, void).await {
            Ok(sale) => {
                if !voided_registrations.is_empty() {
                    self.deps.changes.publish(Topic::Registrations).await;
                    self.deps.receipts.wake();
                }
                Ok(sale)
            }
            Err(RepoError::NotFound) => Err(CounterError::NotFound),
            Err(RepoError::Conflict(detail)) if detail.contains("deposit") => Err(CounterError::Conflict(IN_A_DEPOSIT)),
            Err(RepoError::Conflict(_)) => Err(CounterError::Conflict(ALREADY_VOIDED)),
            Err(other) => Err(other.into()),
        }
    }
}

/// "cash", "check", "card" or "cash and card", for the audit summary.
fn payment_method_text(sale: &CounterSale) -> String {
    let name = |t: &Tender| match t {
        Tender::Cash { .. } => "cash",
        Tender::Check { .. } => "check",
        Tender::Card { .. } => "card",
    };
    sale.tenders.iter().map(name).collect::<Vec<_>>().join(" and ")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ports::counter_repository::MockCounterRepository;
    use crate::ports::donation_type_repository::MockDonationTypeRepository;
    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::payment_gateway::MockPaymentGateway;
    use crate::ports::seva_repository::MockSevaRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{fixed_clock, member, now, payment, recorder, staff, user};
    use mandir_domain::NumberInput;
    use mandir_domain::counter::{CounterDonorInput, Tender, TenderInput};
    use mandir_domain::payment::{DonationDetailsInput, DonationItemInput, PaymentMethodKind};
    use mandir_domain::staff::Role;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[derive(Default)]
    struct Wakes(AtomicUsize);

    impl OutboxWake for Wakes {
        fn wake(&self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn front_desk() -> Actor {
        staff(&[Role::FrontDesk])
    }

    fn treasurer() -> Actor {
        staff(&[Role::Treasurer])
    }

    fn n(text: &str) -> NumberInput {
        NumberInput::Text(text.into())
    }

    fn cash(amount: &str, tendered: &str) -> TenderInput {
        TenderInput::cash(amount, tendered)
    }

    fn check(amount: &str) -> TenderInput {
        TenderInput::check(amount, "1042", "Golden 1", "2026-11-24")
    }

    fn walk_in_sale(tenders: Vec<TenderInput>) -> CounterSaleInput {
        CounterSaleInput {
            donor: CounterDonorInput::WalkIn {
                name: Some("Gopal Iyer".into()),
                email: Some("gopal@example.org".into()),
                phone: None,
                address: None,
            },
            sevas: Vec::new(),
            registrations: Vec::new(),
            lines: DonationDetailsInput::Items(vec![
                DonationItemInput::new("custom", n("11"), "Archana"),
                DonationItemInput::new("custom", n("51"), "General donation"),
            ]),
            tenders,
            in_honor_of: None,
        }
    }

    /// What a repository stores for `sale`.
    pub(crate) fn stored(sale: &NewCounterSale) -> CounterSaleRecord {
        let p = &sale.payment;
        CounterSaleRecord {
            id: sale.id.clone(),
            payment: mandir_domain::payment::Payment {
                id: p.id.clone(),
                user_id: p.user_id.clone(),
                method: p.method,
                amount: p.amount,
                provider: p.provider,
                donation_details: p.donation_details.clone(),
                receipt_number: Some(p.receipt_number.clone()),
                donor_name: p.donor_name.clone(),
                donor_email: p.donor_email.clone(),
                channel: p.channel,
                ..payment(p.id.as_str(), p.status, p.provider)
            },
            donor_id: match &sale.donor {
                Some(SaleDonor::New(d)) => Some(d.id.clone()),
                Some(SaleDonor::Returning(id)) => Some(id.clone()),
                None => None,
            },
            tenders: sale.tenders.clone(),
            registrations: Vec::new(),
            staff_name: sale.staff_name.clone(),
            created_at: now(),
            voided: None,
            deposit: None,
        }
    }

    /// The topics a service announced.
    #[derive(Default)]
    struct Announced(Mutex<Vec<Topic>>);

    impl crate::ports::ChangeListener for Announced {
        fn changed(&self, topic: Topic) {
            self.0.lock().expect("lock").push(topic);
        }
    }

    pub(crate) struct Mocks {
        pub(crate) sales: MockCounterRepository,
        users: MockUserRepository,
        sevas: MockSevaRepository,
        pub(crate) events: MockEventRepository,
        wakes: Arc<Wakes>,
        donor_changes: Arc<Announced>,
        pub(crate) gateway: MockPaymentGateway,
    }

    impl Mocks {
        pub(crate) fn new() -> Self {
            let mut users = MockUserRepository::new();
            users
                .expect_find_by_id()
                .returning(|id| Ok(Some(User { first_name: "Desk".into(), last_name: "Staff".into(), ..user(id.as_str()) })));
            Self {
                sales: MockCounterRepository::new(),
                users,
                sevas: MockSevaRepository::new(),
                events: MockEventRepository::new(),
                wakes: Arc::new(Wakes::default()),
                donor_changes: Arc::default(),
                gateway: MockPaymentGateway::new(),
            }
        }

        pub(crate) fn service(self) -> CounterService {
            let mut types = MockDonationTypeRepository::new();
            types.expect_get().returning(|_| Ok(None));
            let mut zone = MockTempleZone::new();
            zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
            CounterService::new(CounterDeps {
                sales: Arc::new(self.sales),
                users: Arc::new(self.users),
                donation_types: Arc::new(types),
                funds: Arc::new(crate::ports::fund_repository::MockFundRepository::new()),
                sevas: Arc::new(self.sevas),
                events: Arc::new(self.events),
                zone: Arc::new(zone),
                clock: Arc::new(fixed_clock()),
                receipts: self.wakes,
                changes: {
                    let bus = crate::services::test_fixtures::changes();
                    bus.subscribe(self.donor_changes);
                    bus
                },
                gateway: Arc::new(self.gateway),
                recorder: recorder().0,
            })
        }
    }

    #[tokio::test]
    async fn a_sale_is_recorded_whole_in_one_call_with_its_audit_entry() {
        let mut m = Mocks::new();
        let seen: Arc<Mutex<Option<NewCounterSale>>> = Arc::default();
        let keep = seen.clone();
        m.sales.expect_record().times(1).returning(move |sale| {
            *keep.lock().expect("lock") = Some(sale.clone());
            Ok(SaleRecorded::Created(Box::new(stored(&sale))))
        });
        let (wakes, donor_changes) = (m.wakes.clone(), m.donor_changes.clone());
        let outcome = m.service().sell(&front_desk(), "sale-0001-abcd", &walk_in_sale(vec![cash("62", "100")])).await.expect("sold");
        assert!(outcome.created);
        let sale = seen.lock().expect("lock").clone().expect("recorded");
        let p = &sale.payment;
        assert_eq!(
            (p.status, p.provider, p.channel, p.method),
            (PaymentStatus::Completed, PaymentProvider::InPerson, Channel::Counter, PaymentMethodKind::Cash)
        );
        assert_eq!(p.amount, mandir_domain::Money::from_dollars(62));
        assert_eq!(p.idempotency_key.as_deref(), Some("counter:sale-0001-abcd"));
        assert!(matches!(&sale.donor, Some(SaleDonor::New(d)) if d.walk_in.name == "Gopal Iyer"), "{:?}", sale.donor);
        assert_eq!(
            sale.tenders,
            vec![Tender::Cash { amount: mandir_domain::Money::from_dollars(62), tendered: mandir_domain::Money::from_dollars(100) }]
        );
        assert_eq!((sale.audit.action.as_str(), sale.audit.target_id.as_deref()), ("counter.sale", Some(sale.id.as_str())));
        assert!(sale.audit.summary.contains("$62.00 to Gopal Iyer (cash)"), "{}", sale.audit.summary);
        assert_eq!(sale.staff_name, "Desk Staff");
        assert_eq!(wakes.0.load(Ordering::SeqCst), 1, "the receipt e-mail goes out");
        assert_eq!(*donor_changes.0.lock().expect("lock"), [Topic::Donors], "the counter's search finds the new walk-in");
    }

    #[tokio::test]
    async fn a_returning_walk_in_gives_again_on_their_donor_record() {
        let mut m = Mocks::new();
        m.sales.expect_find_donor().withf(|id| id == "donor-1").returning(|_| {
            Ok(Some(DonorRecord {
                id: "donor-1".into(),
                walk_in: WalkIn { name: "Gopal Iyer".into(), email: Some("gopal@example.org".into()), phone: None, address: None },
            }))
        });
        m.sales
            .expect_record()
            .withf(|sale| {
                sale.donor == Some(SaleDonor::Returning("donor-1".into()))
                    && sale.payment.donor_name.as_deref() == Some("Gopal Iyer")
                    && sale.payment.donor_email.as_deref() == Some("gopal@example.org")
                    && sale.payment.user_id.is_none()
            })
            .returning(|sale| Ok(SaleRecorded::Created(Box::new(stored(&sale)))));
        let changes = m.donor_changes.clone();
        let returning = CounterSaleInput { donor: CounterDonorInput::Returning("donor-1".into()), ..walk_in_sale(vec![cash("62", "62")]) };
        assert!(m.service().sell(&front_desk(), "sale-0009-abcd", &returning).await.expect("sold").created);
        assert!(changes.0.lock().expect("lock").is_empty(), "no new donor record");

        let mut m = Mocks::new();
        m.sales.expect_find_donor().returning(|_| Ok(None));
        m.sales.expect_record().never();
        let gone = CounterSaleInput { donor: CounterDonorInput::Returning("donor-x".into()), ..walk_in_sale(vec![cash("62", "62")]) };
        match m.service().sell(&front_desk(), "sale-0010-abcd", &gone).await {
            Err(CounterError::Validation(errors)) => assert_eq!(errors.get("donor.donorId"), Some(RETURNING_NOT_FOUND)),
            other => panic!("refused, not {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_resubmitted_key_answers_the_same_sale_and_a_reused_key_is_refused() {
        let mut m = Mocks::new();
        m.sales.expect_record().returning(|sale| Ok(SaleRecorded::Existing(Box::new(stored(&sale)))));
        let wakes = m.wakes.clone();
        let service = m.service();
        let again = service.sell(&front_desk(), "sale-0001-abcd", &walk_in_sale(vec![cash("62", "100")])).await.expect("same sale");
        assert!(!again.created);
        assert_eq!(wakes.0.load(Ordering::SeqCst), 0, "no second receipt");

        let mut m = Mocks::new();
        m.sales.expect_record().returning(|sale| {
            let mut other = stored(&sale);
            other.payment.amount = mandir_domain::Money::from_dollars(5);
            Ok(SaleRecorded::Existing(Box::new(other)))
        });
        let refused = m.service().sell(&front_desk(), "sale-0001-abcd", &walk_in_sale(vec![cash("62", "62")])).await;
        assert!(matches!(refused, Err(CounterError::Conflict(KEY_REUSED))), "{refused:?}");
    }

    #[tokio::test]
    async fn a_receipt_number_taken_meanwhile_is_drawn_again() {
        let mut m = Mocks::new();
        let numbers: Arc<Mutex<Vec<String>>> = Arc::default();
        let seen = numbers.clone();
        m.sales.expect_record().times(2).returning(move |sale| {
            let mut seen = seen.lock().expect("lock");
            seen.push(sale.payment.receipt_number.clone());
            if seen.len() == 1 {
                Err(RepoError::Conflict("duplicate key value violates unique constraint \"payments_receipt_number_key\"".into()))
            } else {
                Ok(SaleRecorded::Created(Box::new(stored(&sale))))
            }
        });
        m.service().sell(&front_desk(), "sale-number-0001", &walk_in_sale(vec![cash("62", "62")])).await.expect("sold");
        assert_eq!(numbers.lock().expect("lock").len(), 2);
    }

    #[tokio::test]
    async fn a_split_payment_is_one_sale_with_both_tenders() {
        let mut m = Mocks::new();
        m.sales
            .expect_record()
            .withf(|sale| {
                sale.payment.method == PaymentMethodKind::Split
                    && sale.tenders.len() == 2
                    && sale.tenders[1].method() == PaymentMethodKind::Check
            })
            .returning(|sale| Ok(SaleRecorded::Created(Box::new(stored(&sale)))));
        let sold =
            m.service().sell(&front_desk(), "sale-split-0001", &walk_in_sale(vec![cash("12", "20"), check("50")])).await.expect("sold");
        assert_eq!(sold.sale.tenders[0].change(), mandir_domain::Money::from_dollars(8));
    }

    #[tokio::test]
    async fn nothing_is_recorded_when_the_sale_is_refused() {
        // All or nothing: a refused sale never reaches the repository (no expectation is set).
        let m = Mocks::new();
        let service = m.service();
        let short = service.sell(&front_desk(), "sale-0002-abcd", &walk_in_sale(vec![cash("60", "60")])).await;
        assert!(matches!(&short, Err(CounterError::Validation(e)) if e.get("tenders").is_some()), "{short:?}");
        let bad_key = service.sell(&front_desk(), "short", &walk_in_sale(vec![cash("62", "62")])).await;
        assert!(matches!(&bad_key, Err(CounterError::Validation(e)) if e.get("idempotencyKey") == Some(KEY_INVALID)));
        let member_only = member();
        assert!(matches!(
            service.sell(&member_only, "sale-0003-abcd", &walk_in_sale(vec![cash("62", "62")])).await,
            Err(CounterError::Forbidden)
        ));
    }

    fn daily_archana() -> mandir_domain::seva::Seva {
        use mandir_domain::seva::{Capacity, PriceKind, Seva, SevaCategory, SevaRules};
        Seva {
            id: "archana".into(),
            name: "Archana".into(),
            description: None,
            category: SevaCategory::Temple,
            price: mandir_domain::Money::from_dollars(11),
            price_kind: PriceKind::Fixed,
            duration_minutes: 15,
            rules: SevaRules {
                weekdays: mandir_domain::recurring_service::DayOfWeek::ALL.to_vec(),
                capacity: Capacity::Daily(20),
                blackout_dates: Vec::new(),
                horizon_days: 30,
                cutoff_hours: 0,
            },
            requires_address: false,
            is_active: true,
            sort_order: 0,
            image_url: None,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn member_seva_sale(tenders: Vec<TenderInput>) -> CounterSaleInput {
        CounterSaleInput {
            donor: CounterDonorInput::Member("lakshmi".into()),
            registrations: Vec::new(),
            sevas: vec![mandir_domain::counter::CounterSevaInput {
                seva_id: "archana".into(),
                date: "2026-11-01".into(),
                slot: None,
                amount: NumberInput::Missing,
            }],
            lines: DonationDetailsInput::Items(vec![DonationItemInput::new("custom", n("51"), "General donation")]),
            tenders,
            in_honor_of: None,
        }
    }

    #[tokio::test]
    async fn a_seva_is_booked_confirmed_in_the_sale_as_a_religious_line() {
        let mut m = Mocks::new();
        m.sevas.expect_get().returning(|_| Ok(Some(daily_archana())));
        m.sales
            .expect_record()
            .withf(|sale| {
                let line = &sale.payment.donation_details[0];
                sale.bookings.len() == 1
                    && sale.bookings[0].status == BookingStatus::Confirmed
                    && sale.bookings[0].user_id.as_ref().map(|u| u.as_str()) == Some("lakshmi")
                    && sale.bookings[0].participants[0].name == "Desk Staff"
                    && line.exchange == Exchange::Religious
                    && line.name == "Seva: Archana, 2026-11-01 Any time"
                    && sale.payment.amount == mandir_domain::Money::from_dollars(62)
            })
            .returning(|sale| Ok(SaleRecorded::Created(Box::new(stored(&sale)))));
        m.service().sell(&front_desk(), "sale-seva-00001", &member_seva_sale(vec![cash("62", "100")])).await.expect("sold");
    }

    #[tokio::test]
    async fn a_walk_in_books_a_seva_without_an_account_and_is_named_in_it() {
        let mut m = Mocks::new();
        m.sevas.expect_get().returning(|_| Ok(Some(mandir_domain::seva::Seva { requires_address: true, ..daily_archana() })));
        m.sales
            .expect_record()
            .withf(|sale| {
                let booking = &sale.bookings[0];
                sale.bookings.len() == 1
                    && booking.user_id.is_none()
                    && booking.status == BookingStatus::Confirmed
                    && booking.participants.len() == 1
                    && booking.participants[0].name == "Gopal Iyer"
                    && booking.address.as_deref() == Some("12 Lotus Lane\nFolsom, CA 95630")
                    && matches!(&sale.donor, Some(SaleDonor::New(d)) if d.walk_in.name == "Gopal Iyer")
                    && sale.payment.user_id.is_none()
                    && sale.payment.donation_details[0].exchange == Exchange::Religious
            })
            .returning(|sale| Ok(SaleRecorded::Created(Box::new(stored(&sale)))));
        let walk_in = CounterSaleInput {
            donor: CounterDonorInput::WalkIn {
                name: Some("  Gopal Iyer ".into()),
                email: None,
                phone: Some("916 555 0101".into()),
                address: Some("12 Lotus Lane\nFolsom, CA 95630".into()),
            },
            sevas: member_seva_sale(Vec::new()).sevas,
            registrations: Vec::new(),
            lines: DonationDetailsInput::Missing,
            ..walk_in_sale(vec![cash("11", "20")])
        };
        let sold = m.service().sell(&front_desk(), "sale-seva-00005", &walk_in).await.expect("sold");
        assert!(sold.created);
    }

    #[tokio::test]
    async fn a_full_slot_refuses_the_whole_sale() {
        let mut m = Mocks::new();
        m.sevas.expect_get().returning(|_| Ok(Some(daily_archana())));
        m.sales.expect_record().returning(|_| Ok(SaleRecorded::SevaFull("Archana".into())));
        let full = m.service().sell(&front_desk(), "sale-seva-00002", &member_seva_sale(vec![cash("62", "62")])).await;
        assert!(matches!(&full, Err(CounterError::SlotFull(name)) if name == "Archana"), "{full:?}");
        assert_eq!(full.expect_err("full").to_string(), "Archana: this slot is fully booked; please choose another");

        let mut m = Mocks::new();
        m.sevas.expect_get().returning(|_| Ok(Some(daily_archana())));
        let past = CounterSaleInput {
            sevas: vec![mandir_domain::counter::CounterSevaInput {
                seva_id: "archana".into(),
                date: "2026-10-01".into(),
                slot: None,
                amount: NumberInput::Missing,
            }],
            ..member_seva_sale(vec![cash("62", "62")])
        };
        let refused = m.service().sell(&front_desk(), "sale-seva-00004", &past).await;
        assert!(matches!(&refused, Err(CounterError::Validation(e)) if e.get("sevas[0].date").is_some()), "{refused:?}");
    }

    #[tokio::test]
    async fn only_a_treasurer_voids_with_a_reason_and_only_once() {
        let sale = |voided: Option<Voided>| CounterSaleRecord {
            id: "s1".into(),
            payment: payment("p1", PaymentStatus::Completed, PaymentProvider::InPerson),
            donor_id: None,
            tenders: Vec::new(),
            registrations: Vec::new(),
            staff_name: "Desk Staff".into(),
            created_at: now(),
            voided,
            deposit: None,
        };
        let mut m = Mocks::new();
        m.sales.expect_find().returning(move |_| Ok(Some(sale(None))));
        m.sales
            .expect_void()
            .times(1)
            .withf(|id, void| {
                id == "s1"
                    && void.voided.reason == "Entered twice"
                    && void.audit.action == "counter.void"
                    && void.audit.summary.ends_with(": Entered twice")
            })
            .returning(move |_, void| Ok(CounterSaleRecord { voided: Some(void.voided), ..sale(None) }));
        let service = m.service();
        assert!(matches!(service.void(&front_desk(), "s1", Some("Entered twice")).await, Err(CounterError::Forbidden)));
        let no_reason = service.void(&treasurer(), "s1", Some(" ")).await;
        assert!(matches!(&no_reason, Err(CounterError::Validation(e)) if e.get("reason").is_some()));
        let voided = service.void(&treasurer(), "s1", Some("Entered twice")).await.expect("voided");
        assert_eq!(voided.voided.map(|v| v.by), Some("Desk Staff".into()));

        let mut m = Mocks::new();
        m.sales.expect_find().returning(move |_| Ok(Some(sale(Some(Voided { at: now(), by: "T".into(), reason: "x".into() })))));
        assert!(matches!(m.service().void(&treasurer(), "s1", Some("again")).await, Err(CounterError::Conflict(ALREADY_VOIDED))));

        // Money in a deposit stays where it is: the void never reaches the repository.
        for (cleared, message) in [(false, IN_A_DEPOSIT), (true, IN_A_CLEARED_DEPOSIT)] {
            let mut m = Mocks::new();
            let deposit = crate::ports::DepositRef { id: "d1".into(), number: "D-20261125-1".into(), cleared };
            m.sales.expect_find().returning(move |_| Ok(Some(CounterSaleRecord { deposit: Some(deposit.clone()), ..sale(None) })));
            m.sales.expect_void().never();
            let refused = m.service().void(&treasurer(), "s1", Some("Entered twice")).await;
            assert!(matches!(refused, Err(CounterError::Conflict(m)) if m == message));
        }
    }

    #[tokio::test]
    async fn a_member_is_registered_for_the_sales_events_and_a_walk_in_is_not() {
        let registration = |event: &str| mandir_domain::counter::CounterRegistrationInput {
            event_id: event.into(),
            registration: mandir_domain::registration::RegistrationInput { number_of_family_members: Some(2.0), additional_notes: None },
        };
        let member_sale = CounterSaleInput {
            donor: CounterDonorInput::Member("lakshmi".into()),
            registrations: vec![registration("e1")],
            ..walk_in_sale(vec![cash("62", "62")])
        };
        let mut m = Mocks::new();
        m.events.expect_get().returning(|id| Ok((id.as_str() == "e1").then(|| mandir_domain::testing::event("e1", 10))));
        let seen: Arc<Mutex<Option<NewCounterSale>>> = Arc::default();
        let keep = seen.clone();
        m.sales.expect_record().times(1).returning(move |sale| {
            *keep.lock().expect("lock") = Some(sale.clone());
            Ok(SaleRecorded::EventRefused { event: "Deepavali Dinner".into(), reason: "This event is full".into() })
        });
        let service = m.service();
        let full = service.sell(&front_desk(), "sale-reg-0001", &member_sale).await;
        assert!(matches!(&full, Err(e @ CounterError::EventRefused { .. }) if e.to_string() == "Deepavali Dinner: This event is full"));
        let sale = seen.lock().expect("lock").clone().expect("sent");
        assert_eq!(sale.registrations.len(), 1);
        assert_eq!(
            (sale.registrations[0].user_id.as_str(), sale.registrations[0].event_id.as_str(), sale.registrations[0].registration.people()),
            ("lakshmi", "e1", 3)
        );

        let unknown = CounterSaleInput { registrations: vec![registration("gone")], ..member_sale.clone() };
        let refused = service.sell(&front_desk(), "sale-reg-0002", &unknown).await;
        assert!(matches!(&refused, Err(CounterError::Validation(e)) if e.get("registrations[0].eventId") == Some(EVENT_NOT_FOUND)));
        let walk_in = CounterSaleInput { registrations: vec![registration("e1")], ..walk_in_sale(vec![cash("62", "62")]) };
        let refused = service.sell(&front_desk(), "sale-reg-0003", &walk_in).await;
        assert!(matches!(&refused, Err(CounterError::Validation(e)) if e.get("registrations") == Some(REGISTRATION_FOR_MEMBERS)));
    }
}

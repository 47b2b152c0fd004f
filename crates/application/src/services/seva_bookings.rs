//! Seva bookings (ADR 0114): a verified member holds a place in a slot (capacity decided in the
//! same transaction as the insert), pays through the existing payment flow with the payment linked
//! to the booking, and the booking is confirmed once the payment completes (or at once for a
//! Zelle payment when the temple's setting says so). Holds last 15 minutes; the
//! `expire-seva-holds` job cancels the lapsed ones. Members cancel before the cut-off; admins see
//! the day's schedule (the priest's sankalpam sheet), assign priests, mark bookings completed and
//! export a range.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use mandir_domain::payment::{DonationDetailsInput, DonationInput, DonationItemInput, Payment, PaymentMethodKind, PaymentStatus};
use mandir_domain::priest::Priest;
use mandir_domain::recurring_service::parse_range;
use mandir_domain::seva::{Seva, slot_label};
use mandir_domain::seva_booking::{BookingInput, BookingStatus, HOLD_MINUTES, SevaBooking};
use mandir_domain::site::SiteSettings;
use mandir_domain::staff::Permission;
use mandir_domain::user::User;
use mandir_domain::{NumberInput, PaymentId, PriestId, SevaBookingId, SevaId, ValidationErrors};
use serde::Serialize;

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Target};
use super::calendar::host_of;
use super::jobs::Step;
use super::payments::{CreatedIntent, Donor, Payer, PaymentError, PaymentService};
use super::{Actor, new_id};
use crate::BoxError;
use crate::calendar::{CalendarEntry, calendar_text};
use crate::email::{EmailMessage, EmailTemplates, SiteContext};
use crate::ports::{
    Attachment, BookingAdmission, Checkout, Clock, Mailer, NewBookingRecord, PaymentRepository, PriestRepository, RepoError,
    SevaBookingRepository, SevaRepository, SiteRepository, TempleZone, UserRepository,
};

pub const SLOT_FULL: &str = "This slot is fully booked; please choose another";
pub const NOT_PAYABLE: &str = "Only a booking waiting for its payment can be paid";
pub const HOLD_EXPIRED: &str = "Your hold on this slot expired; please book again";
pub const NOT_CANCELLABLE: &str = "Only held or confirmed bookings can be cancelled";
pub const NOT_COMPLETABLE: &str = "Only confirmed bookings can be marked completed";
pub const PRIEST_UNKNOWN: &str = "Choose one of the temple's priests";
/// No priest profile is linked to the account asking for its day.
pub const NO_PRIEST_PROFILE: &str = "No priest profile is linked to your account; ask an admin to link it";

/// A priest is already assigned a seva at an overlapping time.
pub fn priest_busy_message(priest: &str, seva: &str, at: &str) -> String {
    format!("{priest} is already assigned {seva} at {at}, which overlaps this seva; choose another priest or time")
}
pub const METHOD_INVALID: &str = "Method must be 'card' or 'zelle'";
pub const STATUS_CHANGED: &str = "The booking changed meanwhile; reload and try again";
/// The note on a refund made by a booking's cancellation.
pub const REFUND_REASON: &str = "Seva booking cancelled";

/// How many lapsed holds one step of the job handles.
const EXPIRY_BATCH: u64 = 100;

pub fn cancel_cutoff_message(hours: u32) -> String {
    format!("Bookings can be cancelled only up to {hours} hours before the slot; please call the temple")
}

#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("{}", mandir_domain::EMAIL_NOT_VERIFIED)]
    EmailNotVerified,
    #[error("Seva not found")]
    SevaNotFound,
    #[error("Booking not found")]
    NotFound,
    #[error("{0}")]
    Conflict(String),
    #[error("{}", too_many_unpaid(*.0))]
    TooManyUnpaid(u32),
    #[error("Too many attempts. Please try again in a few minutes.")]
    Throttled(mandir_domain::RetryAfter),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

/// The refusal of a booking beyond the member's unpaid ones.
pub fn too_many_unpaid(max: u32) -> String {
    format!("You have {max} unpaid seva bookings: pay for or cancel one before booking another")
}

mandir_domain::failure!(BookingError, fields: Validation, throttled: Throttled, unverified: EmailNotVerified, {
    Self::Validation(_) => Invalid,
    Self::Forbidden | Self::EmailNotVerified => Forbidden,
    Self::SevaNotFound | Self::NotFound => NotFound,
    Self::Conflict(_) | Self::TooManyUnpaid(_) => Conflict,
    Self::Throttled(_) => Throttled,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(BookingError: RepoError);

fn conflict(message: &str) -> BookingError {
    BookingError::Conflict(message.to_owned())
}

impl From<PaymentError> for BookingError {
    fn from(error: PaymentError) -> Self {
        match error {
            PaymentError::Validation(errors) => Self::Validation(errors),
            PaymentError::EmailNotVerified => Self::EmailNotVerified,
            PaymentError::Conflict(message) => Self::Conflict(message.to_owned()),
            PaymentError::TooManyRequests(wait) => Self::Throttled(wait),
            other => Self::Unexpected(other.into()),
        }
    }
}

mandir_domain::text_enum!(
    /// How a booking is paid.
    PayMethod { Card => "card", Zelle => "zelle" }
);

impl PayMethod {
    /// The method a member chose (surrounding white space ignored), or the field's message.
    pub fn chosen(raw: &str) -> Result<Self, BookingError> {
        Self::parse(raw.trim()).ok_or_else(|| BookingError::Validation(ValidationErrors::single("method", METHOD_INVALID)))
    }
}

/// A booking pays through the payment service's card intents and Zelle records.
#[async_trait]
impl Checkout for PaymentService {
    async fn card(&self, payer: &Payer, input: DonationInput, idempotency_key: &str) -> Result<CreatedIntent, PaymentError> {
        self.create_payment_intent(payer, input, Some(idempotency_key)).await
    }

    async fn zelle(&self, payer: &Payer, input: DonationInput, idempotency_key: &str) -> Result<Payment, PaymentError> {
        self.confirm_zelle(payer, input, Some(idempotency_key)).await
    }

    async fn refund(&self, actor: &Actor, payment_id: &PaymentId, reason: &str) -> Result<Option<Payment>, PaymentError> {
        self.refund_rest(actor, payment_id, reason).await
    }
}

/// What paying a booking answers: the booking, its payment and, for a card, the intent to confirm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidBooking {
    pub booking: SevaBooking,
    pub payment: Payment,
    pub intent: Option<CreatedIntent>,
}

/// Whether a booking's payment arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paid {
    /// Nothing to pay (a free seva).
    Free,
    Paid,
    /// A payment is linked but not completed (a Zelle payment waiting for an admin, a card being paid).
    Pending,
    /// No payment yet.
    Unpaid,
}

impl Paid {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Free => "free",
            Self::Paid => "paid",
            Self::Pending => "pending",
            Self::Unpaid => "unpaid",
        }
    }
}

/// A booking as the day view shows it: the member, the payment and the priest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleEntry {
    pub booking: SevaBooking,
    pub member_name: String,
    pub member_email: String,
    pub member_phone: Option<String>,
    pub paid: Paid,
    pub payment_method: Option<PaymentMethodKind>,
    pub priest_name: Option<String>,
}

/// The confirmation e-mail's fields.
#[derive(Debug, Serialize)]
pub struct BookingConfirmedEmail<'a> {
    pub first_name: &'a str,
    pub seva: &'a str,
    /// "Saturday, March 14, 2026".
    pub date: String,
    /// "9:00 AM" or "Any time".
    pub slot: String,
    pub participants: Vec<String>,
    pub address: Option<&'a str>,
    pub amount: String,
    /// "paid", "pending" (Zelle) or "free".
    pub paid: &'static str,
    pub link: String,
}

impl EmailMessage for BookingConfirmedEmail<'_> {
    const TEMPLATE: &'static str = "seva_booking_confirmed.jinja";
}

pub struct BookingDeps {
    pub sevas: Arc<dyn SevaRepository>,
    pub bookings: Arc<dyn SevaBookingRepository>,
    pub payments: Arc<dyn PaymentRepository>,
    pub priests: Arc<dyn PriestRepository>,
    pub users: Arc<dyn UserRepository>,
    pub checkout: Arc<dyn Checkout>,
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    pub mailer: Arc<dyn Mailer>,
    pub site: Arc<dyn SiteRepository>,
    /// The settings until an admin saves some (as the site service's seed).
    pub seed: SiteSettings,
    pub public_url: String,
    /// The audit log of staff actions.
    pub recorder: super::audit::Recorder,
    /// Texts the confirmation to members who agreed to it (ADR 0148).
    pub texts: Arc<dyn super::texting::TextNotices>,
}

#[derive(Clone)]
pub struct SevaBookingService {
    deps: Arc<BookingDeps>,
    templates: Arc<EmailTemplates>,
}

fn people_label(booking: &SevaBooking) -> Vec<String> {
    booking
        .participants
        .iter()
        .map(|p| {
            let extra: Vec<&str> = [p.gotram.as_deref(), p.nakshatram.as_deref(), p.rasi.as_deref()].into_iter().flatten().collect();
            if extra.is_empty() { p.name.clone() } else { format!("{} ({})", p.name, extra.join(", ")) }
        })
        .collect()
}

impl SevaBookingService {
    pub fn new(deps: BookingDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    fn now(&self) -> DateTime<Utc> {
        self.deps.clock.now()
    }

    async fn active_seva(&self, id: &SevaId) -> Result<Seva, BookingError> {
        self.deps.sevas.get(id).await?.filter(|s| s.is_active).ok_or(BookingError::SevaNotFound)
    }

    /// The booking, for its member or an admin; 404 for anyone else.
    async fn visible(&self, actor: &Actor, id: &SevaBookingId) -> Result<SevaBooking, BookingError> {
        let booking = self.deps.bookings.get(id).await?.ok_or(BookingError::NotFound)?;
        if booking.is_for(&actor.user_id) || actor.can(Permission::SevaDesk) { Ok(booking) } else { Err(BookingError::NotFound) }
    }

    /// Holds a place in the slot (or confirms at once when there is nothing to pay).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, seva = %seva_id))]
    pub async fn book(&self, actor: &Actor, seva_id: &SevaId, input: BookingInput) -> Result<SevaBooking, BookingError> {
        actor.require_verified()?;
        let seva = self.active_seva(seva_id).await?;
        let zone: Tz = self.deps.zone.time_zone().await?;
        let now = self.now();
        let slot = seva.rules.choose(&zone, now, &input.date, input.slot.as_deref()).map_err(BookingError::Validation);
        let details = input
            .details(seva.requires_address, seva.price, seva.price_kind == mandir_domain::seva::PriceKind::SuggestedDonation)
            .map_err(BookingError::Validation);
        let (slot, details) = match (slot, details) {
            (Ok(slot), Ok(details)) => (slot, details),
            (Err(BookingError::Validation(mut a)), Err(BookingError::Validation(b))) => {
                for (field, message) in b.fields() {
                    a.add(field, message);
                }
                return Err(BookingError::Validation(a));
            }
            (Err(e), _) | (_, Err(e)) => return Err(e),
        };
        let free = details.amount.cents() == 0;
        let max_unpaid = if free { None } else { Some(self.deps.sevas.settings().await?.max_unpaid_holds) };
        let record = NewBookingRecord {
            id: new_id(),
            seva_id: seva.id.clone(),
            seva_name: seva.name.clone(),
            user_id: Some(actor.user_id.clone()),
            date: slot.date,
            slot: slot.time,
            starts_at: slot.starts_at,
            capacity: slot.capacity,
            status: if free { BookingStatus::Confirmed } else { BookingStatus::Held },
            hold_expires_at: if free { None } else { Some(now + Duration::minutes(HOLD_MINUTES)) },
            participants: details.participants,
            address: details.address,
            note: details.note,
            amount: details.amount,
            max_unpaid,
            now,
        };
        match self.deps.bookings.admit(record).await? {
            BookingAdmission::Admitted(booking) => {
                tracing::info!(booking = %booking.id, seva = %booking.seva_id, date = %booking.date, "seva booked");
                if booking.status == BookingStatus::Confirmed {
                    self.send_confirmation(&booking, Paid::Free).await;
                }
                Ok(*booking)
            }
            BookingAdmission::Full => Err(conflict(SLOT_FULL)),
            BookingAdmission::TooManyUnpaid(max) => Err(BookingError::TooManyUnpaid(max)),
            BookingAdmission::SevaGone => Err(BookingError::SevaNotFound),
        }
    }

    /// Pays a held booking through the payment flow (its own idempotency key per booking and
    /// method, so a repeated click answers the same payment) and links the payment to it.
    #[tracing::instrument(skip_all, fields(user = %user.id, id = %id))]
    pub async fn pay(&self, user: &User, id: &SevaBookingId, method: PayMethod) -> Result<PaidBooking, BookingError> {
        let actor = Actor::of(user);
        actor.require_verified()?;
        let booking = self.deps.bookings.get(id).await?.filter(|b| b.is_for(&actor.user_id)).ok_or(BookingError::NotFound)?;
        if booking.status != BookingStatus::Held {
            return Err(conflict(NOT_PAYABLE));
        }
        let now = self.now();
        if !booking.holds_place(now) {
            return Err(conflict(HOLD_EXPIRED));
        }
        let label = format!("Seva: {}, {} {}", booking.seva_name, booking.date.format("%Y-%m-%d"), slot_label(booking.slot));
        let label: String = label.chars().take(200).collect();
        let amount = NumberInput::text(booking.amount.to_string());
        let input = DonationInput {
            amount: amount.clone(),
            // A seva is a religious service: its receipt says so (docs/product.md#acknowledgements).
            donation_details: DonationDetailsInput::Items(vec![
                DonationItemInput::new(mandir_domain::payment::CUSTOM_DONATION_TYPE, amount, &label)
                    .with_exchange(mandir_domain::exchange::Exchange::Religious),
            ]),
            event_id: None,
            notes: Some(format!("Seva booking {}", booking.id)),
            donor: Default::default(),
        };
        let payer = Payer::Member(Donor::of(user));
        let settings = self.deps.sevas.settings().await?;
        let (payment, intent, hold_until) = match method {
            PayMethod::Card => {
                let intent = self.deps.checkout.card(&payer, input, &format!("seva-booking-{}-card", booking.id)).await?;
                (intent.payment.clone(), Some(intent), booking.hold_expires_at)
            }
            // A Zelle payment waits for staff: its place stays held for the temple's setting
            // (48 hours unless changed), never past the slot's start; then it lapses.
            PayMethod::Zelle => {
                let payment = self.deps.checkout.zelle(&payer, input, &format!("seva-booking-{}-zelle", booking.id)).await?;
                (payment, None, Some(zelle_hold_until(now, booking.starts_at, settings.zelle_hold_hours)))
            }
        };
        let linked = self
            .deps
            .bookings
            .link_payment(id, &payment.id, hold_until.unwrap_or(booking.starts_at), now)
            .await?
            .ok_or_else(|| conflict(STATUS_CHANGED))?;
        let booking = match payment.status {
            PaymentStatus::Completed => self.confirm(linked, Paid::Paid).await?,
            PaymentStatus::Pending if method == PayMethod::Zelle && settings.zelle_pending_confirms => {
                self.confirm(linked, Paid::Pending).await?
            }
            _ => linked,
        };
        Ok(PaidBooking { booking, payment, intent })
    }

    /// Held -> confirmed, with the confirmation e-mail; the booking as it is when another request
    /// confirmed or cancelled it meanwhile.
    async fn confirm(&self, booking: SevaBooking, paid: Paid) -> Result<SevaBooking, BookingError> {
        let changed = self.deps.bookings.set_status(&booking.id, vec![BookingStatus::Held], BookingStatus::Confirmed, self.now()).await?;
        match changed {
            Some(confirmed) => {
                tracing::info!(booking = %confirmed.id, "seva booking confirmed");
                self.send_confirmation(&confirmed, paid).await;
                Ok(confirmed)
            }
            None => self.deps.bookings.get(&booking.id).await?.ok_or(BookingError::NotFound),
        }
    }

    /// A held booking whose payment completed is confirmed (the payment flow completes payments
    /// by the sandbox's confirm step, the provider's webhook or an admin; the booking follows here,
    /// on its next read and by the hold job).
    async fn sync(&self, booking: SevaBooking) -> Result<SevaBooking, BookingError> {
        if booking.status != BookingStatus::Held {
            return Ok(booking);
        }
        let Some(payment_id) = booking.payment_id.clone() else { return Ok(booking) };
        match self.deps.payments.find_by_id(&payment_id).await? {
            Some(payment) if payment.status == PaymentStatus::Completed => self.confirm(booking, Paid::Paid).await,
            _ => Ok(booking),
        }
    }

    async fn send_confirmation(&self, booking: &SevaBooking, paid: Paid) {
        if let Err(error) = self.try_send_confirmation(booking, paid).await {
            tracing::warn!(error = ?error, booking = %booking.id, "the seva confirmation e-mail was not sent");
        }
    }

    async fn try_send_confirmation(&self, booking: &SevaBooking, paid: Paid) -> Result<(), BoxError> {
        // A walk-in's booking is confirmed by the counter's receipt.
        let Some(user_id) = &booking.user_id else { return Ok(()) };
        let Some(user) = self.deps.users.find_by_id(user_id).await? else { return Ok(()) };
        let settings = self.deps.site.settings().await?.unwrap_or_else(|| self.deps.seed.clone());
        let site = SiteContext { temple_name: settings.temple_name.clone(), public_url: self.deps.public_url.clone() };
        let message = BookingConfirmedEmail {
            first_name: user.first_name.trim(),
            seva: &booking.seva_name,
            date: user.language.long_date(booking.date),
            slot: slot_label(booking.slot),
            participants: people_label(booking),
            address: booking.address.as_deref(),
            amount: booking.amount.to_string(),
            paid: paid.as_str(),
            link: format!("{}/dashboard", self.deps.public_url.trim_end_matches('/')),
        };
        let day = user.language.short_date(booking.date);
        let when = match booking.slot {
            Some(_) => crate::i18n::message(user.language, "text.when.slot", &[("day", &day), ("time", &message.slot)]),
            None => day,
        };
        let text = super::texting::TextNotice {
            id: format!("seva:{}", booking.id),
            user_id: user_id.clone(),
            kind: mandir_domain::texting::TextKind::Confirmations,
            message: crate::i18n::message(
                user.language,
                "text.seva.booked",
                &[("seva", &booking.seva_name), ("when", &when), ("link", &message.link)],
            ),
        };
        self.deps.texts.notify(text).await;
        let mut email = self.templates.render_in(user.language, user.email.as_str(), &site, &message)?;
        email.attachments.push(self.calendar_attachment(booking, &settings).await?);
        self.deps.mailer.send(email).await?;
        Ok(())
    }

    /// The booking as a calendar entry (`seva.ics`): its slot for the seva's duration, or the whole
    /// day for a seva booked by the day; at the family's address for a home visit, else the temple.
    async fn calendar_attachment(&self, booking: &SevaBooking, settings: &SiteSettings) -> Result<Attachment, BoxError> {
        let minutes = self.deps.sevas.get(&booking.seva_id).await?.map_or(60, |seva| seva.duration_minutes);
        let address = settings.address.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(", ");
        let location = booking.address.clone().or_else(|| (!address.is_empty()).then(|| format!("{}, {address}", settings.temple_name)));
        let entry = CalendarEntry {
            uid: format!("seva-booking-{}@{}", booking.id, host_of(&self.deps.public_url)),
            summary: booking.seva_name.clone(),
            description: Some(format!("Sankalpam for {}", people_label(booking).join("; "))),
            location,
            starts_at: booking.starts_at,
            ends_at: booking.starts_at + Duration::minutes(i64::from(minutes)),
            url: Some(format!("{}/dashboard", self.deps.public_url.trim_end_matches('/'))),
            updated_at: booking.updated_at,
            day: booking.slot.is_none().then_some(booking.date),
        };
        let zone = self.deps.zone.time_zone().await?;
        Ok(Attachment {
            filename: "seva.ics".to_owned(),
            content_type: "text/calendar; charset=utf-8; method=PUBLISH".to_owned(),
            content: calendar_text(&settings.temple_name, zone, &[entry], self.deps.clock.now()).into_bytes(),
        })
    }

    /// One booking, for its member or an admin.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn get(&self, actor: &Actor, id: &SevaBookingId) -> Result<SevaBooking, BookingError> {
        let booking = self.visible(actor, id).await?;
        self.sync(booking).await
    }

    /// The caller's bookings, soonest slot first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn mine(&self, actor: &Actor) -> Result<Vec<SevaBooking>, BookingError> {
        let mut list = Vec::new();
        for booking in self.deps.bookings.list_for_user(&actor.user_id).await? {
            list.push(self.sync(booking).await?);
        }
        Ok(list)
    }

    /// The member cancels before the seva's cut-off (an admin at any time). A completed card
    /// payment is then refunded in full through the payment provider (the temple's policy text
    /// tells members so); a refund the provider refuses is logged and left to the admins, who see
    /// the payment unrefunded in the ledger. A Zelle payment is the admins' to return.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn cancel(&self, actor: &Actor, id: &SevaBookingId) -> Result<SevaBooking, BookingError> {
        let booking = self.visible(actor, id).await?;
        if !matches!(booking.status, BookingStatus::Held | BookingStatus::Confirmed) {
            return Err(conflict(NOT_CANCELLABLE));
        }
        let for_someone_else = !booking.is_for(&actor.user_id);
        // Staff cancel others' bookings at any time; a paid one is refunded, which is a treasurer's
        // (or an admin's) to do, not the front desk's.
        if for_someone_else && booking.payment_id.is_some() {
            actor.require(Permission::Refund)?;
        }
        if !for_someone_else || !actor.can(Permission::SevaDesk) {
            let seva = self.deps.sevas.get(&booking.seva_id).await?.ok_or(BookingError::SevaNotFound)?;
            if !seva.rules.cancellable(self.now(), booking.starts_at) {
                return Err(BookingError::Conflict(cancel_cutoff_message(seva.rules.cutoff_hours)));
            }
        }
        let cancelled = self
            .deps
            .bookings
            .set_status(id, vec![BookingStatus::Held, BookingStatus::Confirmed], BookingStatus::Cancelled, self.now())
            .await?
            .ok_or_else(|| conflict(STATUS_CHANGED))?;
        tracing::info!(booking = %cancelled.id, payment = ?cancelled.payment_id, by_staff = for_someone_else, "seva booking cancelled");
        if for_someone_else {
            let summary = format!("Cancelled {} on {} for a member", cancelled.seva_name, cancelled.date);
            self.deps
                .recorder
                .changed(
                    actor,
                    Action::new(AuditKind::Sevas, "seva_booking.cancel", Target::of("seva_booking", id)),
                    summary,
                    Some(&booking),
                    Some(&cancelled),
                )
                .await;
        }
        if let Some(payment_id) = &cancelled.payment_id {
            match self.deps.checkout.refund(actor, payment_id, REFUND_REASON).await {
                Ok(Some(refunded)) => tracing::info!(booking = %cancelled.id, payment = %refunded.id, "seva booking refunded"),
                Ok(None) => {}
                Err(error) => {
                    tracing::error!(error = ?error, booking = %cancelled.id, payment = %payment_id, "refunding a cancelled seva booking failed; refund it from the payments tab");
                }
            }
        }
        Ok(cancelled)
    }

    async fn entry(&self, booking: SevaBooking, priests: &[Priest]) -> Result<ScheduleEntry, BookingError> {
        let booking = self.sync(booking).await?;
        let user = match &booking.user_id {
            Some(id) => self.deps.users.find_by_id(id).await?,
            None => None,
        };
        let payment = match &booking.payment_id {
            Some(id) => self.deps.payments.find_by_id(id).await?,
            None => None,
        };
        let paid = match &payment {
            _ if booking.amount.cents() == 0 => Paid::Free,
            Some(p) if p.status == PaymentStatus::Completed => Paid::Paid,
            Some(_) => Paid::Pending,
            None => Paid::Unpaid,
        };
        let priest_name = booking.priest_id.as_ref().and_then(|id| priests.iter().find(|p| &p.id == id)).map(|p| p.name.clone());
        // A walk-in booked at the counter has no account: the sale's donor is who booked.
        let (member_name, member_email) = match (&user, &payment) {
            (Some(u), _) => (format!("{} {}", u.first_name.trim(), u.last_name.trim()).trim().to_owned(), u.email.as_str().to_owned()),
            (None, Some(p)) if booking.user_id.is_none() => {
                (p.donor_name.clone().unwrap_or_default(), p.donor_email.clone().unwrap_or_default())
            }
            (None, _) => (String::new(), String::new()),
        };
        Ok(ScheduleEntry {
            member_name,
            member_email,
            member_phone: match (user, &booking.payment_id) {
                (Some(u), _) => u.phone_number,
                (None, Some(payment)) if booking.user_id.is_none() => self.deps.payments.donor_phone(payment).await?,
                (None, _) => None,
            },
            paid,
            payment_method: payment.map(|p| p.method),
            priest_name,
            booking,
        })
    }

    /// Admins: every booking of the local dates `from` to `to` that is not cancelled (nor a lapsed
    /// hold), in time order, with the member, payment and priest.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn schedule(&self, actor: &Actor, from: Option<&str>, to: Option<&str>) -> Result<(Tz, Vec<ScheduleEntry>), BookingError> {
        actor.require(Permission::SevaDesk)?;
        let (from, to) = parse_range(from, to.or(from)).map_err(BookingError::Validation)?;
        self.entries(from, to).await
    }

    /// The schedule as a list leaving the site (the CSV), recorded in the audit log.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn export_schedule(
        &self,
        actor: &Actor,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<(Tz, Vec<ScheduleEntry>), BookingError> {
        let (zone, entries) = self.schedule(actor, from, to).await?;
        let summary = format!("Downloaded the seva schedule ({} bookings)", entries.len());
        self.deps
            .recorder
            .acted(actor, Action::new(AuditKind::Exports, "export.seva_schedule", Target::whole("seva_bookings")), summary, Vec::new())
            .await;
        Ok((zone, entries))
    }

    /// A priest's own day(s): the bookings assigned to the priest profile linked to the account,
    /// with the people, gotram and nakshatram of each sankalpam.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn my_day(&self, actor: &Actor, from: Option<&str>, to: Option<&str>) -> Result<(Tz, Vec<ScheduleEntry>), BookingError> {
        actor.require(Permission::OwnSevas)?;
        let priest = self.deps.priests.list().await?.into_iter().find(|p| p.user_id.as_ref() == Some(&actor.user_id));
        let priest = priest.ok_or_else(|| BookingError::Conflict(NO_PRIEST_PROFILE.to_owned()))?;
        let (from, to) = if from.is_none() && to.is_none() {
            let zone: Tz = self.deps.zone.time_zone().await?;
            let today = self.now().with_timezone(&zone).date_naive();
            (today, today)
        } else {
            parse_range(from, to.or(from)).map_err(BookingError::Validation)?
        };
        let (zone, entries) = self.entries(from, to).await?;
        Ok((zone, entries.into_iter().filter(|e| e.booking.priest_id.as_ref() == Some(&priest.id)).collect()))
    }

    /// Refuses a priest whose other bookings that day overlap this one's time (a seva with a
    /// daily count has no time of its own and overlaps nothing).
    async fn check_priest_free(&self, booking: &SevaBooking, priest: &Priest) -> Result<(), BookingError> {
        if booking.slot.is_none() {
            return Ok(());
        }
        let length = |seva: Option<&Seva>| chrono::Duration::minutes(i64::from(seva.map_or(0, |s| s.duration_minutes).max(1)));
        let own_seva = self.deps.sevas.get(&booking.seva_id).await?;
        let (start, end) = (booking.starts_at, booking.starts_at + length(own_seva.as_ref()));
        let now = self.now();
        for other in self.deps.bookings.list_between(booking.date, booking.date).await? {
            // A seva marked done no longer needs its priest.
            let busy = other.holds_place(now) && other.status != BookingStatus::Completed;
            if other.id == booking.id || other.priest_id.as_ref() != Some(&priest.id) || other.slot.is_none() || !busy {
                continue;
            }
            let seva = self.deps.sevas.get(&other.seva_id).await?;
            let other_end = other.starts_at + length(seva.as_ref());
            if other.starts_at < end && start < other_end {
                let zone: Tz = self.deps.zone.time_zone().await?;
                let at = other.starts_at.with_timezone(&zone).format("%-I:%M %p").to_string();
                return Err(BookingError::Conflict(priest_busy_message(&priest.name, &other.seva_name, &at)));
            }
        }
        Ok(())
    }

    async fn entries(&self, from: NaiveDate, to: NaiveDate) -> Result<(Tz, Vec<ScheduleEntry>), BookingError> {
        let zone: Tz = self.deps.zone.time_zone().await?;
        let now = self.now();
        let priests = self.deps.priests.list().await?;
        let mut entries = Vec::new();
        for booking in self.deps.bookings.list_between(from, to).await? {
            let entry = self.entry(booking, &priests).await?;
            if entry.booking.holds_place(now) {
                entries.push(entry);
            }
        }
        Ok((zone, entries))
    }

    /// Admins assign a priest (or none) to a booking.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn assign_priest(&self, actor: &Actor, id: &SevaBookingId, priest: Option<PriestId>) -> Result<SevaBooking, BookingError> {
        actor.require(Permission::SevaDesk)?;
        let before = self.deps.bookings.get(id).await?.ok_or(BookingError::NotFound)?;
        let chosen = match &priest {
            Some(priest) => Some(
                self.deps
                    .priests
                    .get(priest)
                    .await?
                    .ok_or_else(|| BookingError::Validation(ValidationErrors::single("priestId", PRIEST_UNKNOWN)))?,
            ),
            None => None,
        };
        if let Some(chosen) = &chosen {
            self.check_priest_free(&before, chosen).await?;
        }
        let booking = match self.deps.bookings.set_priest(id, priest, self.now()).await {
            Ok(booking) => booking,
            Err(RepoError::NotFound) => return Err(BookingError::NotFound),
            Err(other) => return Err(other.into()),
        };
        let summary = match &chosen {
            Some(priest) => format!("Assigned {} to {} on {}", priest.name, booking.seva_name, booking.date),
            None => format!("Took the priest off {} on {}", booking.seva_name, booking.date),
        };
        self.deps
            .recorder
            .changed(
                actor,
                Action::new(AuditKind::Sevas, "seva_booking.assign", Target::of("seva_booking", id)),
                summary,
                Some(&before),
                Some(&booking),
            )
            .await;
        Ok(booking)
    }

    /// Staff mark a confirmed booking completed; a priest only the bookings assigned to them
    /// (others' answer as if they did not exist).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn complete(&self, actor: &Actor, id: &SevaBookingId) -> Result<SevaBooking, BookingError> {
        actor.require(Permission::CompleteSevas)?;
        let booking = self.deps.bookings.get(id).await?.ok_or(BookingError::NotFound)?;
        if !actor.can(Permission::SevaDesk) {
            let assigned = match &booking.priest_id {
                Some(priest) => self.deps.priests.get(priest).await?,
                None => None,
            };
            if assigned.and_then(|p| p.user_id).as_ref() != Some(&actor.user_id) {
                return Err(BookingError::NotFound);
            }
        }
        let completed = self
            .deps
            .bookings
            .set_status(id, vec![BookingStatus::Confirmed], BookingStatus::Completed, self.now())
            .await?
            .ok_or_else(|| conflict(NOT_COMPLETABLE))?;
        let summary = format!("Marked {} on {} done", completed.seva_name, completed.date);
        self.deps
            .recorder
            .changed(
                actor,
                Action::new(AuditKind::Sevas, "seva_booking.complete", Target::of("seva_booking", id)),
                summary,
                Some(&booking),
                Some(&completed),
            )
            .await;
        Ok(completed)
    }

    /// Cancels the holds that lapsed without a completed payment (a completed one confirms its
    /// booking instead); answers how many bookings changed.
    #[tracing::instrument(skip_all)]
    pub async fn expire_holds(&self) -> Result<u64, BookingError> {
        let now = self.now();
        let mut changed = 0;
        for booking in self.deps.bookings.expired_holds(now, EXPIRY_BATCH).await? {
            let synced = self.sync(booking).await?;
            if synced.status != BookingStatus::Held {
                changed += 1;
                continue;
            }
            let cancelled = self.deps.bookings.set_status(&synced.id, vec![BookingStatus::Held], BookingStatus::Cancelled, now).await?;
            if let Some(cancelled) = cancelled {
                tracing::info!(booking = %cancelled.id, "seva hold lapsed");
                changed += 1;
            }
        }
        Ok(changed)
    }
}

/// How long a booking paid by Zelle holds its place: `hours` from now, never past the slot's
/// start (a place nobody paid for is no use to anyone once the slot began).
pub fn zelle_hold_until(now: DateTime<Utc>, starts_at: DateTime<Utc>, hours: u32) -> DateTime<Utc> {
    (now + Duration::hours(i64::from(hours))).min(starts_at)
}

/// Cancels lapsed seva holds ([`SevaBookingService::expire_holds`]).
pub struct ExpireSevaHolds(pub SevaBookingService);

#[async_trait]
impl super::jobs::Job for ExpireSevaHolds {
    fn name(&self) -> &'static str {
        "expire-seva-holds"
    }

    fn description(&self) -> &'static str {
        "Releases seva slots held for a card payment that did not complete within 15 minutes"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        Ok(Step::done(self.0.expire_holds().await.map_err(|e| -> BoxError { e.into() })?))
    }
}

#[cfg(test)]
mod tests;

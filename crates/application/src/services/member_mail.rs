//! E-mails to members about their events (ADR 0106): the registration confirmation (with the
//! event's `.ics`), a notice when an event's date, time or place changes or the event is deleted,
//! and the reminder the day before (ADR 0108).
//!
//! Each e-mail is a row of the `member_emails` outbox written with the change it tells about (the
//! registration's statement, the event's update or deletion), so none is lost when a process dies
//! and none is written twice. This service delivers the rows, each claimed once across processes,
//! right after a change (woken through the change notifier) and from the periodic
//! `send-member-emails` job; the `queue-reminders` job adds the reminders that are due.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use mandir_domain::door::{display_code, qr_text};
use mandir_domain::event::Event;
use mandir_domain::language::Language;
use mandir_domain::registration::Attendee;
use mandir_domain::texting::TextKind;
use mandir_domain::volunteer_shift::ShiftStatus;
use serde::Serialize;

use super::calendar::CalendarService;
use super::jobs::{Job, Step};
use super::outbox::{Delivery, Drain, deliver_due};
use super::texting::{TextNotice, TextNotices};
use crate::BoxError;
use crate::email::{EmailMessage, EmailTemplates, SiteContext};
use crate::ports::{
    AdmissionError, Attachment, AttendeeRepository, Clock, EventNotice, EventRepository, Mailer, MemberEmail, MemberEmailKind,
    MemberOutbox, Outbox, QrCodePainter, RepoError, SevaRepository, ShiftNotice, ShiftRepository, StarDayNotice, TempleName, TempleZone,
    UserRepository,
};

/// Attempts before an e-mail is given up (it stays in the table with its last error).
pub const MAX_ATTEMPTS: i32 = 8;
/// How long before an event its reminder is sent.
pub const REMINDER_HOURS: i64 = 24;
/// E-mails handled per delivery round.
const BATCH: u64 = 100;
const DRAIN: Drain = Drain { max_attempts: MAX_ATTEMPTS, batch: BATCH };

/// `Saturday, November 21, 2026 at 10:30 AM PST`.
pub fn when_text(at: DateTime<Utc>, zone: Tz) -> String {
    when_text_in(Language::English, at, zone)
}

/// The same in `language` (ADR 0149): "శనివారం, 5 డిసెంబర్ 2026, 6:30 PM PST" in Telugu.
pub fn when_text_in(language: Language, at: DateTime<Utc>, zone: Tz) -> String {
    let local = at.with_timezone(&zone);
    match language {
        Language::English => local.format("%A, %B %-d, %Y at %-I:%M %p %Z").to_string(),
        other => format!("{}, {}", other.long_date(local.date_naive()), local.format("%-I:%M %p %Z")),
    }
}

/// The fields of every member e-mail about an event.
#[derive(Debug, Serialize)]
struct EventMessage<'a> {
    first_name: &'a str,
    event_name: &'a str,
    when: String,
    location: &'a str,
    link: String,
    previous_when: Option<String>,
    previous_location: Option<&'a str>,
    settings_link: String,
    /// `ABCD-2345`: the registration's confirmation code, shown at the door (its QR code is
    /// attached as `check-in-code.png`).
    confirmation_code: Option<String>,
}

/// The messages by kind; each struct names its template.
macro_rules! event_messages {
    ($($name:ident => $file:literal),+ $(,)?) => {
        $(
            #[derive(Debug, Serialize)]
            #[serde(transparent)]
            struct $name<'a>(EventMessage<'a>);
            impl EmailMessage for $name<'_> {
                const TEMPLATE: &'static str = $file;
            }
        )+
    };
}

/// The reminder before a person's monthly star day.
#[derive(Debug, Serialize)]
struct StarDayMessage<'a> {
    first_name: &'a str,
    /// "Anand's" or "your", and at the start of a sentence "Anand's" or "Your".
    whose: String,
    whose_start: String,
    /// Whether it is the member's own star day, and whose it is otherwise (for the translated
    /// e-mails, which say it in their own words, ADR 0149).
    own: bool,
    person: String,
    /// The nakshatra's name in the e-mail's language.
    nakshatra: String,
    /// "Tuesday, December 1, 2026".
    day: String,
    /// Booking the archana for that day, or the sevas when the temple has no archana.
    link: String,
    archana: bool,
    settings_link: String,
}

impl EmailMessage for StarDayMessage<'_> {
    const TEMPLATE: &'static str = "star_day_reminder.jinja";
}

/// A polite reminder of a pledge with something still to give.
#[derive(Debug, Serialize)]
struct PledgeReminderMessage<'a> {
    first_name: &'a str,
    fund: &'a str,
    /// "$5,001.00"-style amounts: pledged, given and remaining.
    amount: String,
    given: String,
    remaining: String,
    /// "December 31, 2027".
    ends_on: String,
    /// Giving to the fund (the donate page with the fund chosen).
    link: String,
    /// The member's pledges on My Donations.
    pledges_link: String,
}

impl EmailMessage for PledgeReminderMessage<'_> {
    const TEMPLATE: &'static str = "pledge_reminder.jinja";
}

/// An e-mail about a volunteer's shift (docs/product.md#volunteer-shifts).
#[derive(Debug, Serialize)]
struct ShiftMessage<'a> {
    /// `signedUp`, `waitlisted`, `promoted`, `reminder` or `message`.
    kind: &'static str,
    first_name: &'a str,
    /// "you", or the family member's name.
    person: &'a str,
    event_name: &'a str,
    role_name: &'a str,
    description: Option<&'a str>,
    report_to: Option<&'a str>,
    /// "Sunday, November 8, 2026, 6:00 AM to 10:00 AM PST".
    when: String,
    /// The event's page, where the member's shifts are.
    link: String,
    subject: Option<&'a str>,
    body: Option<&'a str>,
    settings_link: String,
}

impl EmailMessage for ShiftMessage<'_> {
    const TEMPLATE: &'static str = "volunteer_shift.jinja";
}

/// `Sunday, November 8, 2026, 6:00 AM to 10:00 AM PST` (the end's date too when it is another day).
pub fn shift_when(starts_at: DateTime<Utc>, ends_at: DateTime<Utc>, zone: Tz) -> String {
    let (start, end) = (starts_at.with_timezone(&zone), ends_at.with_timezone(&zone));
    let end_format = if start.date_naive() == end.date_naive() { "%-I:%M %p %Z" } else { "%A, %B %-d, %-I:%M %p %Z" };
    format!("{} to {}", start.format("%A, %B %-d, %Y, %-I:%M %p"), end.format(end_format))
}

event_messages! {
    RegisteredMessage => "registration_confirmation.jinja",
    PromotedMessage => "waitlist_promoted.jinja",
    ChangedMessage => "event_changed.jinja",
    CancelledMessage => "event_cancelled.jinja",
    ReminderMessage => "event_reminder.jinja",
}

pub struct MemberMailDeps {
    /// The e-mails to send.
    pub outbox: Arc<dyn Outbox<MemberEmail>>,
    /// Adds the reminders (the same table as `outbox`).
    pub queue: Arc<dyn MemberOutbox>,
    pub users: Arc<dyn UserRepository>,
    pub events: Arc<dyn EventRepository>,
    pub attendees: Arc<dyn AttendeeRepository>,
    pub calendar: CalendarService,
    pub temple: Arc<dyn TempleName>,
    pub zone: Arc<dyn TempleZone>,
    /// The seva catalogue: a star-day reminder links to booking the archana.
    pub sevas: Arc<dyn SevaRepository>,
    /// Volunteers' shifts: their e-mails read the sign-up when sent, and their reminders.
    pub shifts: Arc<dyn ShiftRepository>,
    /// Draws a registration's confirmation code as the QR code attached to its e-mails.
    pub qr: Arc<dyn QrCodePainter>,
    /// A mailer that answers once the message is handed over (not the background one), so an
    /// e-mail is marked sent only when it was.
    pub mailer: Arc<dyn Mailer>,
    pub clock: Arc<dyn Clock>,
    pub public_url: String,
    /// Texts the confirmations and reminders to members who agreed to them (ADR 0148).
    pub texts: Arc<dyn TextNotices>,
}

#[derive(Clone)]
pub struct MemberMailService {
    deps: Arc<MemberMailDeps>,
    templates: Arc<EmailTemplates>,
}

impl MemberMailService {
    pub fn new(deps: MemberMailDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    fn base(&self) -> &str {
        self.deps.public_url.trim_end_matches('/')
    }

    /// Adds the reminders of events starting within the next [`REMINDER_HOURS`] hours (once per
    /// person per event), then sends what is due. Answers how many reminders were added.
    #[tracing::instrument(skip_all)]
    pub async fn queue_reminders(&self) -> Result<u64, BoxError> {
        let now = self.deps.clock.now();
        let until = now + Duration::hours(REMINDER_HOURS);
        let events = self.deps.queue.queue_reminders(now, until, now).await?;
        // Volunteers' shifts: one reminder per sign-up per shift time (a moved shift reminds again).
        let due = self.deps.shifts.reminders_due(now, until).await?;
        let shifts: Vec<_> = due
            .iter()
            .map(|v| {
                let id = format!("{}:{}:{}", MemberEmailKind::ShiftReminder.as_str(), v.signup.id, v.context.shift.starts_at.timestamp());
                let notice = ShiftNotice { signup_id: v.signup.id.to_string(), waitlisted: false, subject: None, body: None };
                (id, v.signup.user_id.clone(), notice)
            })
            .collect();
        let shifts =
            if shifts.is_empty() { 0 } else { self.deps.queue.queue_shift_emails(MemberEmailKind::ShiftReminder, &shifts, now).await? };
        Ok(events + shifts)
    }

    /// Sends the member e-mails that are due; answers how many went out. An e-mail not needed
    /// any more (the registration or the event is gone, the event began) is recorded as such; any
    /// error while sending one is kept on it for a retry.
    #[tracing::instrument(skip_all)]
    pub async fn deliver_due(&self) -> Result<u64, BoxError> {
        deliver_due(self.deps.outbox.as_ref(), || self.deps.clock.now(), DRAIN, |row: MemberEmail| async move {
            Ok::<_, BoxError>(match self.send(&row).await {
                Ok(Delivery::NotNeeded(why)) => {
                    tracing::info!(email = %row.id, why, "member e-mail not needed");
                    Delivery::NotNeeded(why)
                }
                Ok(delivery) => {
                    tracing::info!(email = %row.id, "member e-mail sent");
                    delivery
                }
                Err(error) => {
                    tracing::warn!(error = ?error, email = %row.id, attempt = row.attempts, "sending a member e-mail failed; retried later");
                    Delivery::Failed(error.to_string())
                }
            })
        })
        .await
    }

    /// The registered event, still there and the member still on it, with their registration.
    async fn current_event(&self, row: &MemberEmail) -> Result<Option<(Event, Attendee)>, BoxError> {
        let Some(event_id) = &row.event_id else { return Ok(None) };
        match self.deps.attendees.find(event_id, &row.user_id).await {
            Ok(attendee) => Ok(self.deps.events.get(event_id).await?.map(|event| (event, attendee))),
            Err(AdmissionError::EventNotFound | AdmissionError::NotRegistered) => Ok(None),
            Err(other) => Err(other.into()),
        }
    }

    async fn send(&self, row: &MemberEmail) -> Result<Delivery, BoxError> {
        let Some(user) = self.deps.users.find_by_id(&row.user_id).await? else {
            return Ok(Delivery::NotNeeded("the account is gone"));
        };
        let zone = self.deps.zone.time_zone().await?;
        let site = SiteContext { temple_name: self.deps.temple.temple_name().await?, public_url: self.deps.public_url.clone() };
        let settings_link = format!("{}/profile?tab=settings", self.base());
        let to = user.email.as_str();
        let email = match row.kind {
            MemberEmailKind::Registered | MemberEmailKind::Promoted | MemberEmailKind::Reminder => {
                let Some((event, attendee)) = self.current_event(row).await? else {
                    return Ok(Delivery::NotNeeded("the registration or the event is gone"));
                };
                if event.event_date <= self.deps.clock.now() {
                    return Ok(Delivery::NotNeeded("the event has begun"));
                }
                let message = EventMessage {
                    first_name: &user.first_name,
                    event_name: &event.name,
                    when: when_text_in(user.language, event.event_date, zone),
                    location: &event.location,
                    link: format!("{}/events/{}", self.base(), event.id),
                    previous_when: None,
                    previous_location: None,
                    settings_link,
                    confirmation_code: attendee.confirmation_code.as_deref().map(display_code),
                };
                self.deps.texts.notify(event_text(row, &message, user.language)).await;
                let language = user.language;
                let mut email = match row.kind {
                    MemberEmailKind::Registered => self.templates.render_in(language, to, &site, &RegisteredMessage(message))?,
                    MemberEmailKind::Promoted => self.templates.render_in(language, to, &site, &PromotedMessage(message))?,
                    _ => self.templates.render_in(language, to, &site, &ReminderMessage(message))?,
                };
                if row.kind != MemberEmailKind::Reminder {
                    email.attachments.push(self.attachment(&event).await?);
                }
                // The code's QR code, which a desk at the door scans (in every one of these, the
                // day-before reminder included: it is the one people have at hand).
                if let Some(png) = attendee.confirmation_code.as_deref().and_then(|code| self.deps.qr.png(&qr_text(code))) {
                    email.attachments.push(Attachment {
                        filename: "check-in-code.png".to_owned(),
                        content_type: "image/png".to_owned(),
                        content: png,
                    });
                }
                email
            }
            MemberEmailKind::StarDay => {
                let Some(notice) = &row.star_day else {
                    return Ok(Delivery::NotNeeded("no star day was kept"));
                };
                if notice.date < self.deps.clock.now().with_timezone(&zone).date_naive() {
                    return Ok(Delivery::NotNeeded("the star day has passed"));
                }
                let message = self.star_day_message(&user.first_name, notice, user.language).await?;
                let args = [
                    ("person", message.person.as_str()),
                    ("nakshatra", &message.nakshatra),
                    ("day", &message.day),
                    ("link", &message.link),
                ];
                let text = crate::i18n::message(user.language, if notice.own { "text.star.own" } else { "text.star.other" }, &args);
                self.deps
                    .texts
                    .notify(TextNotice {
                        id: format!("member:{}", row.id),
                        user_id: row.user_id.clone(),
                        kind: TextKind::Reminders,
                        message: text,
                    })
                    .await;
                self.templates.render_in(user.language, to, &site, &message)?
            }
            MemberEmailKind::PledgeReminder => {
                let Some(notice) = &row.pledge else {
                    return Ok(Delivery::NotNeeded("no pledge was kept"));
                };
                let dollars = |text: &str| format!("${}", mandir_domain::money::group_thousands(text));
                let message = PledgeReminderMessage {
                    first_name: &user.first_name,
                    fund: &notice.fund_name,
                    amount: dollars(&notice.amount),
                    given: dollars(&notice.given),
                    remaining: dollars(&notice.remaining),
                    ends_on: match user.language {
                        Language::English => notice.ends_on.format("%B %-d, %Y").to_string(),
                        other => other.long_date(notice.ends_on),
                    },
                    link: format!("{}/donate?fund={}", self.base(), notice.fund_id),
                    pledges_link: format!("{}/my-donations", self.base()),
                };
                self.templates.render_in(user.language, to, &site, &message)?
            }
            MemberEmailKind::ShiftSignedUp
            | MemberEmailKind::ShiftPromoted
            | MemberEmailKind::ShiftReminder
            | MemberEmailKind::ShiftMessage => {
                let Some(notice) = &row.shift else {
                    return Ok(Delivery::NotNeeded("no sign-up was kept"));
                };
                let Some(view) = self.deps.shifts.signup(&notice.signup_id.as_str().into()).await? else {
                    return Ok(Delivery::NotNeeded("the sign-up is gone"));
                };
                let shift = &view.context.shift;
                let now = self.deps.clock.now();
                let over = if row.kind == MemberEmailKind::ShiftMessage { shift.ends_at } else { shift.starts_at };
                if over <= now {
                    return Ok(Delivery::NotNeeded("the shift has begun"));
                }
                if row.kind == MemberEmailKind::ShiftReminder && view.signup.status != ShiftStatus::Confirmed {
                    return Ok(Delivery::NotNeeded("the volunteer is waitlisted"));
                }
                let kind = match row.kind {
                    MemberEmailKind::ShiftSignedUp if notice.waitlisted => "waitlisted",
                    MemberEmailKind::ShiftSignedUp => "signedUp",
                    MemberEmailKind::ShiftPromoted => "promoted",
                    MemberEmailKind::ShiftReminder => "reminder",
                    _ => "message",
                };
                let message = ShiftMessage {
                    kind,
                    first_name: &user.first_name,
                    person: if view.signup.family_member_id.is_some() { &view.signup.name } else { "you" },
                    event_name: &view.context.event_name,
                    role_name: &view.context.role.name,
                    description: view.context.role.description.as_deref(),
                    report_to: view.context.role.report_to.as_deref(),
                    when: shift_when(shift.starts_at, shift.ends_at, zone),
                    link: format!("{}/events/{}", self.base(), shift.event_id),
                    subject: notice.subject.as_deref(),
                    body: notice.body.as_deref(),
                    settings_link,
                };
                self.templates.render_in(user.language, to, &site, &message)?
            }
            MemberEmailKind::EventChanged | MemberEmailKind::EventCancelled => {
                let Some(notice) = &row.notice else {
                    return Ok(Delivery::NotNeeded("no event details were kept"));
                };
                let link =
                    row.event_id.as_ref().map_or_else(|| format!("{}/events", self.base()), |id| format!("{}/events/{id}", self.base()));
                let message = notice_message(&user.first_name, notice, zone, link, settings_link, user.language);
                if row.kind == MemberEmailKind::EventChanged {
                    let mut email = self.templates.render_in(user.language, to, &site, &ChangedMessage(message))?;
                    // The updated entry replaces the one a calendar has (same UID, later sequence).
                    if let Some(event) = self.current_event_any(row).await? {
                        email.attachments.push(self.attachment(&event).await?);
                    }
                    email
                } else {
                    self.templates.render_in(user.language, to, &site, &CancelledMessage(message))?
                }
            }
        };
        self.deps.mailer.send(email).await?;
        Ok(Delivery::Sent)
    }

    /// The archana to book on a star day: the first active seva (by the catalogue's order) whose name
    /// says "archana" (docs/product.md#star-birthdays); the sevas' page when there is none.
    async fn star_day_message<'a>(
        &self,
        first_name: &'a str,
        notice: &StarDayNotice,
        language: Language,
    ) -> Result<StarDayMessage<'a>, BoxError> {
        let archana = self.deps.sevas.list(false).await?.into_iter().find(|s| s.name.to_lowercase().contains("archana"));
        let link = match &archana {
            Some(seva) => format!("{}/sevas/{}?date={}", self.base(), seva.id, notice.date),
            None => format!("{}/sevas", self.base()),
        };
        Ok(StarDayMessage {
            first_name,
            whose: if notice.own { "your".to_owned() } else { format!("{}'s", notice.person) },
            whose_start: if notice.own { "Your".to_owned() } else { format!("{}'s", notice.person) },
            own: notice.own,
            person: notice.person.clone(),
            nakshatra: crate::i18n::nakshatra(language, notice.nakshatra)
                .unwrap_or_else(|| mandir_domain::panchangam::nakshatra_name(notice.nakshatra).to_owned()),
            day: language.long_date(notice.date),
            link,
            archana: archana.is_some(),
            settings_link: format!("{}/profile?tab=stars", self.base()),
        })
    }

    async fn current_event_any(&self, row: &MemberEmail) -> Result<Option<Event>, RepoError> {
        match &row.event_id {
            Some(id) => self.deps.events.get(id).await,
            None => Ok(None),
        }
    }

    async fn attachment(&self, event: &Event) -> Result<Attachment, BoxError> {
        let file = self.deps.calendar.calendar_of(event).await?;
        Ok(Attachment {
            filename: file.filename,
            content_type: "text/calendar; charset=utf-8; method=PUBLISH".to_owned(),
            content: file.text.into_bytes(),
        })
    }
}

/// The text of a registration's confirmation or reminder (ADR 0148): what, when, where to look.
fn event_text(row: &MemberEmail, message: &EventMessage<'_>, language: Language) -> TextNotice {
    let args =
        [("event", message.event_name), ("when", message.when.as_str()), ("location", message.location), ("link", message.link.as_str())];
    let (kind, key) = match row.kind {
        MemberEmailKind::Reminder => (TextKind::Reminders, "text.event.reminder"),
        MemberEmailKind::Promoted => (TextKind::Confirmations, "text.event.promoted"),
        _ => (TextKind::Confirmations, "text.event.registered"),
    };
    let text = crate::i18n::message(language, key, &args);
    TextNotice { id: format!("member:{}", row.id), user_id: row.user_id.clone(), kind, message: text }
}

fn notice_message<'a>(
    first_name: &'a str,
    notice: &'a EventNotice,
    zone: Tz,
    link: String,
    settings_link: String,
    language: Language,
) -> EventMessage<'a> {
    EventMessage {
        first_name,
        event_name: &notice.name,
        when: when_text_in(language, notice.starts_at, zone),
        location: &notice.location,
        link,
        previous_when: notice.previous_starts_at.filter(|p| *p != notice.starts_at).map(|p| when_text_in(language, p, zone)),
        previous_location: notice.previous_location.as_deref().filter(|p| *p != notice.location),
        settings_link,
        confirmation_code: None,
    }
}

/// The periodic job sending what the wake-up after a change missed (a crash, a mail outage).
pub struct SendMemberEmails(pub MemberMailService);

#[async_trait]
impl Job for SendMemberEmails {
    fn name(&self) -> &'static str {
        "send-member-emails"
    }

    fn description(&self) -> &'static str {
        "Sends registration confirmations, event change notices and reminders not sent yet"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        Ok(Step::done(self.0.deliver_due().await?))
    }
}

/// The periodic job adding the day-before reminders (once per person per event) and sending them.
pub struct QueueReminders(pub MemberMailService);

#[async_trait]
impl Job for QueueReminders {
    fn name(&self) -> &'static str {
        "queue-reminders"
    }

    fn description(&self) -> &'static str {
        "Adds the reminders of events starting within a day and sends them"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        let queued = self.0.queue_reminders().await?;
        self.0.deliver_due().await?;
        Ok(Step::done(queued))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::account_repository::MockAccountRepository;
    use crate::ports::attendee_repository::MockAttendeeRepository;
    use crate::ports::clock::MockClock;
    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::mailer::MockMailer;
    use crate::ports::member_outbox::MockMemberOutbox;
    use crate::ports::outbox::MockOutbox;
    use crate::ports::qr_code::MockQrCodePainter;
    use crate::ports::recurring_service_repository::MockRecurringServiceRepository;
    use crate::ports::seva_repository::MockSevaRepository;
    use crate::ports::shift_repository::MockShiftRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::ports::user_repository::MockUserRepository;
    use crate::ports::{MailError, OutgoingEmail};
    use crate::services::calendar::CalendarDeps;
    use crate::services::test_fixtures::{event, now, temple_name, user};
    use mandir_domain::registration::Attendee;
    use std::sync::Mutex;

    fn zone() -> Arc<MockTempleZone> {
        let mut zone = MockTempleZone::new();
        zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
        Arc::new(zone)
    }

    fn clock() -> Arc<MockClock> {
        let clock = crate::services::test_fixtures::fixed_clock();
        Arc::new(clock)
    }

    fn attendee() -> Attendee {
        Attendee {
            id: "a1".into(),
            event_id: "e1".into(),
            user_id: "u1".into(),
            number_of_family_members: 0,
            additional_notes: None,
            checked_in_at: None,
            confirmation_code: None,
            created_at: now(),
            updated_at: now(),
        }
    }

    fn row(id: &str, kind: MemberEmailKind, notice: Option<EventNotice>) -> MemberEmail {
        MemberEmail {
            id: id.into(),
            kind,
            user_id: "u1".into(),
            event_id: Some("e1".into()),
            notice,
            star_day: None,
            pledge: None,
            shift: None,
            created_at: now(),
            attempts: 1,
            sent_at: None,
        }
    }

    struct Mocks {
        outbox: MockOutbox<MemberEmail>,
        queue: MockMemberOutbox,
        users: MockUserRepository,
        events: MockEventRepository,
        attendees: MockAttendeeRepository,
        mailer: MockMailer,
        sevas: MockSevaRepository,
        shifts: MockShiftRepository,
        qr: MockQrCodePainter,
        /// The text notices told, in order.
        texts: Arc<Mutex<Vec<TextNotice>>>,
    }

    impl Mocks {
        fn new(claimed: MemberEmail) -> Self {
            let mut outbox = MockOutbox::new();
            let id = claimed.id.clone();
            outbox.expect_due().returning(move |_, _, _| Ok(vec![id.clone()]));
            outbox.expect_claim().returning(move |_, _, _| Ok(Some(claimed.clone())));
            let mut users = MockUserRepository::new();
            users.expect_find_by_id().returning(|_| Ok(Some(user("u1"))));
            Self {
                outbox,
                queue: MockMemberOutbox::new(),
                users,
                events: MockEventRepository::new(),
                attendees: MockAttendeeRepository::new(),
                mailer: MockMailer::new(),
                sevas: MockSevaRepository::new(),
                shifts: MockShiftRepository::new(),
                qr: MockQrCodePainter::new(),
                texts: Arc::default(),
            }
        }

        fn service(self) -> MemberMailService {
            let calendar = CalendarService::new(CalendarDeps {
                events: Arc::new(MockEventRepository::new()),
                attendees: Arc::new(MockAttendeeRepository::new()),
                services: Arc::new(MockRecurringServiceRepository::new()),
                accounts: Arc::new(MockAccountRepository::new()),
                zone: zone(),
                temple: temple_name("Sri Ganesha Temple"),
                clock: clock(),
                public_url: "http://temple.test".into(),
                panchangam: crate::services::test_fixtures::panchangam(),
            });
            MemberMailService::new(MemberMailDeps {
                outbox: Arc::new(self.outbox),
                queue: Arc::new(self.queue),
                users: Arc::new(self.users),
                events: Arc::new(self.events),
                attendees: Arc::new(self.attendees),
                calendar,
                temple: temple_name("Sri Ganesha Temple"),
                zone: zone(),
                sevas: Arc::new(self.sevas),
                shifts: Arc::new(self.shifts),
                qr: Arc::new(self.qr),
                mailer: Arc::new(self.mailer),
                clock: clock(),
                public_url: "http://temple.test/".into(),
                texts: {
                    let told = self.texts;
                    let mut texts = crate::services::texting::MockTextNotices::new();
                    texts.expect_notify().returning(move |notice| told.lock().expect("lock").push(notice));
                    Arc::new(texts)
                },
            })
        }
    }

    fn capture(mailer: &mut MockMailer) -> Arc<Mutex<Vec<OutgoingEmail>>> {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let keep = sent.clone();
        mailer.expect_send().returning(move |email| {
            keep.lock().expect("lock").push(email);
            Ok(())
        });
        sent
    }

    #[tokio::test]
    async fn a_confirmation_is_rendered_with_the_event_attached_and_marked_sent() {
        let mut m = Mocks::new(row("registered:a1", MemberEmailKind::Registered, None));
        m.attendees.expect_find().returning(|_, _| Ok(attendee()));
        m.events.expect_get().returning(|_| Ok(Some(mandir_domain::event::Event { location: "Main Hall".into(), ..event("e1", 20) })));
        let sent = capture(&mut m.mailer);
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        m.outbox.expect_mark_failed().never();
        let texts = m.texts.clone();
        assert_eq!(m.service().deliver_due().await.expect("delivered"), 1);
        let told = texts.lock().expect("lock").clone();
        let text = TextNotice {
            id: "member:registered:a1".into(),
            user_id: "u1".into(),
            kind: TextKind::Confirmations,
            message: "You are registered for Diwali on Saturday, November 21, 2026 at 4:00 AM PST. http://temple.test/events/e1".into(),
        };
        assert_eq!(told, [text], "a text is told to the texting service, which sends it if the member agreed");
        let sent = sent.lock().expect("lock");
        let email = &sent[0];
        assert_eq!(email.to, "u1@example.org");
        assert_eq!(email.subject, "You're registered: Diwali");
        assert!(email.text_body.contains("When: Saturday, November 21, 2026 at 4:00 AM PST"), "{}", email.text_body);
        assert!(email.text_body.contains("Where: Main Hall"));
        assert!(email.text_body.contains("http://temple.test/events/e1"));
        assert!(email.text_body.ends_with("--\nSri Ganesha Temple\nhttp://temple.test/\n"), "{}", email.text_body);
        assert_eq!(email.attachments.len(), 1);
        assert_eq!(email.attachments[0].filename, "event.ics");
        let ics = String::from_utf8(email.attachments[0].content.clone()).expect("text");
        assert!(ics.contains("UID:event-e1@temple.test"), "{ics}");
    }

    #[tokio::test]
    async fn the_registrations_e_mails_carry_its_check_in_code_and_its_qr_code() {
        for kind in [MemberEmailKind::Registered, MemberEmailKind::Promoted, MemberEmailKind::Reminder] {
            let mut m = Mocks::new(row("registered:a1", kind, None));
            m.attendees.expect_find().returning(|_, _| Ok(Attendee { confirmation_code: Some("ABCD2345".into()), ..attendee() }));
            m.events.expect_get().returning(|_| Ok(Some(event("e1", 20))));
            m.qr.expect_png().withf(|text| text == "MANDIR:ABCD-2345").times(1).returning(|_| Some(vec![0x89, b'P', b'N', b'G']));
            let sent = capture(&mut m.mailer);
            m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
            assert_eq!(m.service().deliver_due().await.expect("delivered"), 1);
            let sent = sent.lock().expect("lock");
            let email = &sent[0];
            assert!(email.text_body.contains("At the door, show your check-in code ABCD-2345."), "{kind:?}: {}", email.text_body);
            assert!(email.html_body.contains(">ABCD-2345</strong>"), "{kind:?}");
            let qr = email.attachments.iter().find(|a| a.filename == "check-in-code.png").expect("the QR code");
            assert_eq!((qr.content_type.as_str(), qr.content.as_slice()), ("image/png", &[0x89, b'P', b'N', b'G'][..]));
        }
    }

    #[tokio::test]
    async fn a_promotion_from_the_waitlist_is_one_e_mail_that_says_so_with_the_event_attached() {
        let mut m = Mocks::new(row("registered:w1", MemberEmailKind::Promoted, None));
        m.attendees.expect_find().returning(|_, _| Ok(attendee()));
        m.events.expect_get().returning(|_| Ok(Some(mandir_domain::event::Event { location: "Main Hall".into(), ..event("e1", 20) })));
        let sent = capture(&mut m.mailer);
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("delivered"), 1);
        let sent = sent.lock().expect("lock");
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].subject, "You're registered for Diwali");
        assert!(sent[0].text_body.contains("moved from the waitlist"), "{}", sent[0].text_body);
        assert!(sent[0].text_body.contains("Where: Main Hall"));
        assert_eq!(sent[0].attachments[0].filename, "event.ics");
    }

    #[tokio::test]
    async fn a_change_notice_shows_what_changed_and_a_cancellation_needs_no_event() {
        let notice = EventNotice {
            name: "Diwali".into(),
            starts_at: now() + Duration::days(3),
            location: "Main Hall".into(),
            previous_starts_at: Some(now() + Duration::days(2)),
            previous_location: Some("Main Hall".into()),
        };
        let mut m = Mocks::new(row("changed:e1:1:u1", MemberEmailKind::EventChanged, Some(notice.clone())));
        m.events.expect_get().returning(|_| Ok(Some(event("e1", 3))));
        let sent = capture(&mut m.mailer);
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        m.service().deliver_due().await.expect("delivered");
        let email = sent.lock().expect("lock")[0].clone();
        assert_eq!(email.subject, "Changed: Diwali");
        assert!(
            email.text_body.contains("When: Wednesday, November 4, 2026 at 4:00 AM PST (was Tuesday, November 3, 2026 at 4:00 AM PST)"),
            "{}",
            email.text_body
        );
        assert!(email.text_body.contains("Where: Main Hall\n"), "an unchanged place has no 'was': {}", email.text_body);
        assert_eq!(email.attachments.len(), 1, "the updated entry");

        let mut m = Mocks::new(row("cancelled:e1:u1", MemberEmailKind::EventCancelled, Some(notice)));
        m.events.expect_get().never();
        let sent = capture(&mut m.mailer);
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        m.service().deliver_due().await.expect("delivered");
        let email = sent.lock().expect("lock")[0].clone();
        assert_eq!(email.subject, "Cancelled: Diwali");
        assert!(email.text_body.contains("has been cancelled"));
        assert!(email.html_body.contains("<strong>Diwali</strong>"));
        assert!(email.attachments.is_empty());
    }

    #[tokio::test]
    async fn a_reminder_for_a_cancelled_registration_is_not_sent_but_recorded() {
        let mut m = Mocks::new(row("reminder:e1:u1", MemberEmailKind::Reminder, None));
        m.attendees.expect_find().returning(|_, _| Err(AdmissionError::NotRegistered));
        m.mailer.expect_send().never();
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        m.outbox.expect_mark_failed().withf(|_, why| why.contains("registration")).times(1).returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("handled"), 0);
    }

    #[tokio::test]
    async fn a_refused_mail_is_recorded_for_a_retry_and_not_marked_sent() {
        let mut m = Mocks::new(row("reminder:e1:u1", MemberEmailKind::Reminder, None));
        m.attendees.expect_find().returning(|_, _| Ok(attendee()));
        m.events.expect_get().returning(|_| Ok(Some(event("e1", 1))));
        m.mailer.expect_send().returning(|_| Err(MailError("the server is down".into())));
        m.outbox.expect_mark_sent().never();
        m.outbox.expect_mark_failed().times(1).returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("handled"), 0);
    }

    #[tokio::test]
    async fn reminders_are_queued_for_the_next_day() {
        let mut queue = MockMemberOutbox::new();
        queue
            .expect_queue_reminders()
            .withf(|from, to, at| *from == now() && *to == now() + Duration::hours(REMINDER_HOURS) && *at == now())
            .times(1)
            .returning(|_, _, _| Ok(2));
        let mut m = Mocks::new(row("x", MemberEmailKind::Reminder, None));
        m.queue = queue;
        m.shifts.expect_reminders_due().returning(|_, _| Ok(Vec::new()));
        assert_eq!(m.service().queue_reminders().await.expect("queued"), 2);
    }

    fn star_day(own: bool, date: chrono::NaiveDate) -> MemberEmail {
        MemberEmail {
            event_id: None,
            star_day: Some(StarDayNotice { star_birthday_id: "s1".into(), person: "Anand".into(), own, nakshatra: 4, date }),
            ..row("star:s1:2026-11-03", MemberEmailKind::StarDay, None)
        }
    }

    #[tokio::test]
    async fn a_star_day_reminder_links_to_booking_the_archana_that_day() {
        let mut m = Mocks::new(star_day(false, chrono::NaiveDate::from_ymd_opt(2026, 11, 3).expect("date")));
        m.sevas.expect_list().returning(|_| {
            let seva =
                |id: &str, name: &str| mandir_domain::seva::Seva { id: id.into(), name: name.into(), ..mandir_domain::testing::seva() };
            Ok(vec![seva("abhishekam", "Abhishekam"), seva("archana", "Sahasranama Archana")])
        });
        let sent = capture(&mut m.mailer);
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        let texts = m.texts.clone();
        assert_eq!(m.service().deliver_due().await.expect("delivered"), 1);
        let told = texts.lock().expect("lock").clone();
        assert_eq!(told.len(), 1);
        assert_eq!((told[0].kind, told[0].id.starts_with("member:")), (TextKind::Reminders, true));
        assert_eq!(
            told[0].message,
            "Anand's star day (Rohini) is Tuesday, November 3, 2026. http://temple.test/sevas/archana?date=2026-11-03"
        );
        let sent = sent.lock().expect("lock");
        assert_eq!(sent[0].subject, "Rohini: Anand's star day is Tuesday, November 3, 2026");
        assert!(sent[0].text_body.contains("Anand's star day, Rohini, is on Tuesday, November 3, 2026"), "{}", sent[0].text_body);
        assert!(
            sent[0].text_body.contains("Book an archana for that day: http://temple.test/sevas/archana?date=2026-11-03"),
            "{}",
            sent[0].text_body
        );
        assert!(sent[0].text_body.contains("http://temple.test/profile?tab=stars"));
    }

    #[tokio::test]
    async fn a_star_day_already_passed_is_not_sent() {
        let mut m = Mocks::new(star_day(true, chrono::NaiveDate::from_ymd_opt(2026, 10, 30).expect("date")));
        m.mailer.expect_send().never();
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        m.outbox.expect_mark_failed().withf(|_, why| why == "the star day has passed").times(1).returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("delivered"), 0);
    }
}

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::{EventId, UserId};

use super::RepoError;

mandir_domain::text_enum!(
    /// What an e-mail to a member is about.
    MemberEmailKind {
        /// The registration confirmation (written by the registration's own statement).
        Registered => "registered",
        /// The confirmation of a registration promoted from the waitlist (a `Registered` row the
        /// promotion re-marks in its transaction).
        Promoted => "promoted",
        /// The event's date, time or place changed.
        EventChanged => "changed",
        /// The event was deleted.
        EventCancelled => "cancelled",
        /// The day-before reminder.
        Reminder => "reminder",
        /// A few days before a person's monthly star day (star birthdays).
        StarDay => "starDay",
        /// A polite reminder of a pledge with an amount still to give, sent by the treasurer.
        PledgeReminder => "pledgeReminder",
        /// A volunteer's place on a shift, confirmed or waitlisted (written by the sign-up's
        /// transaction).
        ShiftSignedUp => "shiftSignedUp",
        /// A waitlisted volunteer given a place (written by the transaction that freed it).
        ShiftPromoted => "shiftPromoted",
        /// The day before a volunteer's shift.
        ShiftReminder => "shiftReminder",
        /// The coordinator's message to a shift's or a role's volunteers.
        ShiftMessage => "shiftMessage",
    }
);

/// The event as a notice tells about it: as it is now and, for a change, as it was. Kept with
/// the e-mail, since a deleted event is gone by the time it is sent.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventNotice {
    pub name: String,
    pub starts_at: DateTime<Utc>,
    pub location: String,
    pub previous_starts_at: Option<DateTime<Utc>>,
    pub previous_location: Option<String>,
}

/// A star day a reminder tells about, kept with the e-mail.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StarDayNotice {
    /// The star birthday's id.
    pub star_birthday_id: String,
    /// The family member's name, or the member's first name for their own.
    pub person: String,
    pub own: bool,
    pub nakshatra: u8,
    /// The temple's local date on which the star is at sunrise.
    pub date: NaiveDate,
}

/// A pledge a reminder tells about, as it stood when the treasurer sent the reminders.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PledgeNotice {
    pub pledge_id: String,
    pub fund_id: String,
    pub fund_name: String,
    /// Decimal dollars: pledged, given so far and still to give.
    pub amount: String,
    pub given: String,
    pub remaining: String,
    pub ends_on: NaiveDate,
    /// The temple's date the reminder was asked for (its id's day: one per pledge per day).
    pub asked_on: NaiveDate,
}

/// A volunteer's sign-up an e-mail tells about; the shift, role and event are read when it is
/// sent (a sign-up gone by then needs no e-mail, except a coordinator's message).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShiftNotice {
    pub signup_id: String,
    /// For [`MemberEmailKind::ShiftSignedUp`]: placed on the waitlist.
    #[serde(default)]
    pub waitlisted: bool,
    /// For [`MemberEmailKind::ShiftMessage`]: the coordinator's words.
    #[serde(default)]
    pub subject: Option<String>,
    #[serde(default)]
    pub body: Option<String>,
}

/// One e-mail to a member (ADR 0106).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberEmail {
    pub id: String,
    pub kind: MemberEmailKind,
    pub user_id: UserId,
    pub event_id: Option<EventId>,
    pub notice: Option<EventNotice>,
    /// For [`MemberEmailKind::StarDay`].
    pub star_day: Option<StarDayNotice>,
    /// For [`MemberEmailKind::PledgeReminder`].
    pub pledge: Option<PledgeNotice>,
    /// For the `Shift...` kinds.
    pub shift: Option<ShiftNotice>,
    pub created_at: DateTime<Utc>,
    pub attempts: i32,
    pub sent_at: Option<DateTime<Utc>>,
}

/// The e-mails to members still to send, shared by every process on the database. Rows are
/// written with the change they tell about (the registration's trigger, the event repository's
/// update and force delete) or by [`MemberOutbox::queue_reminders`]; this port claims and marks
/// them like the receipts' outbox (ADR 0091).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait MemberOutbox: Send + Sync {
    /// Adds the reminder `reminder:<event>:<user>` for every registrant of an event starting in
    /// `(from, to]` whose reminders are on, in one statement; a reminder that exists is kept, so
    /// each person gets one per event however many processes run this. Answers how many were added.
    async fn queue_reminders(&self, from: DateTime<Utc>, to: DateTime<Utc>, now: DateTime<Utc>) -> Result<u64, RepoError>;
    /// Adds the star-day reminders `star:<star birthday>:<date>` for these members, in one
    /// transaction; a reminder that exists is kept, so each star day is told once per person
    /// however many processes run this. Answers how many were added.
    async fn queue_star_days(&self, reminders: &[(UserId, StarDayNotice)], now: DateTime<Utc>) -> Result<u64, RepoError>;
    /// Adds the pledge reminders `pledge:<pledge>:<asked on>` in one transaction; one that exists
    /// is kept, so a pledge is reminded at most once a day. Answers how many were added.
    async fn queue_pledge_reminders(&self, reminders: &[(UserId, PledgeNotice)], now: DateTime<Utc>) -> Result<u64, RepoError>;
    /// Adds volunteers' e-mails of one kind, each `(id, member, notice)`, in one transaction; one
    /// whose id exists is kept (a reminder `shiftReminder:<sign-up>:<start>` once per shift time, a
    /// message `shiftMessage:<message>:<sign-up>` once per volunteer). Answers how many were added.
    async fn queue_shift_emails(
        &self,
        kind: MemberEmailKind,
        emails: &[(String, UserId, ShiftNotice)],
        now: DateTime<Utc>,
    ) -> Result<u64, RepoError>;
}

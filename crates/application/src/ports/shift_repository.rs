//! Festival volunteering's storage (docs/product.md#volunteer-shifts, ADR 0141): plans, roles,
//! shifts and sign-ups. Every write that places people (a sign-up, a drop, a move, a shift made
//! bigger) decides confirmed or waitlisted inside one transaction holding the shift's row, and
//! writes the e-mails it owes (the sign-up's confirmation, each promotion's) in that transaction.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::volunteer_shift::{Attendance, Shift, ShiftSignup, ValidRole, ValidShift, VolunteerRole};
use mandir_domain::{EventId, FamilyMemberId, ShiftId, ShiftSignupId, UserId, VolunteerRoleId};

use super::RepoError;

/// An event's plan: its cut-off, its roles in order, and their shifts by start (with counts).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlanView {
    /// `None` when no one has set it (the default applies).
    pub drop_cutoff_hours: Option<i32>,
    pub roles: Vec<VolunteerRole>,
    pub shifts: Vec<Shift>,
}

/// A shift with its role, its event's name and start, and the plan's cut-off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftContext {
    pub shift: Shift,
    pub role: VolunteerRole,
    pub event_name: String,
    pub event_date: DateTime<Utc>,
    pub drop_cutoff_hours: Option<i32>,
}

/// A sign-up with its shift, and the member's contact details (for the board and its e-mails).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignupView {
    pub signup: ShiftSignup,
    pub context: ShiftContext,
    pub email: String,
    pub phone: Option<String>,
}

/// A sign-up to store; the repository decides confirmed or waitlisted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewShiftSignup {
    pub id: ShiftSignupId,
    pub shift_id: ShiftId,
    pub user_id: UserId,
    pub family_member_id: Option<FamilyMemberId>,
    pub name: String,
    pub now: DateTime<Utc>,
}

/// Why a sign-up or a move was not stored.
#[derive(Debug, thiserror::Error)]
pub enum PlacementError {
    /// The shift or the sign-up is gone.
    #[error("not found")]
    NotFound,
    /// The person already has a place on that shift.
    #[error("already on the shift")]
    AlreadyOnShift,
    /// The person has a place on another shift at the same time.
    #[error("already on a shift at that time")]
    Overlap,
    /// A move to a shift with no place left.
    #[error("the shift is full")]
    Full,
    /// A shift's new times overlap other shifts of these people on it (their names).
    #[error("people on the shift have other shifts at its new times")]
    NewTimesOverlap(Vec<String>),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// A member a volunteer coordinator put on an event's door.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoorStaffer {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
    pub granted_at: DateTime<Utc>,
}

/// An event whose door a member is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoorDuty {
    pub event_id: EventId,
    pub event_name: String,
    pub event_date: DateTime<Utc>,
}

/// What a write that frees a place did: the waitlisted sign-ups it confirmed, in order.
pub type Promoted = Vec<ShiftSignupId>;

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ShiftRepository: Send + Sync {
    async fn plan(&self, event_id: &EventId) -> Result<PlanView, RepoError>;
    async fn set_drop_cutoff(&self, event_id: &EventId, hours: i32, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Adds a role after the event's others.
    async fn add_role(
        &self,
        event_id: &EventId,
        id: &VolunteerRoleId,
        role: &ValidRole,
        now: DateTime<Utc>,
    ) -> Result<VolunteerRole, RepoError>;
    async fn role(&self, id: &VolunteerRoleId) -> Result<Option<VolunteerRole>, RepoError>;
    /// `RepoError::NotFound` when it is gone.
    async fn update_role(&self, id: &VolunteerRoleId, role: &ValidRole) -> Result<VolunteerRole, RepoError>;
    /// `RepoError::Conflict` while any of its shifts has people on it (checked in the transaction).
    async fn delete_role(&self, id: &VolunteerRoleId) -> Result<(), RepoError>;
    async fn add_shift(&self, role: &VolunteerRole, id: &ShiftId, shift: &ValidShift, now: DateTime<Utc>) -> Result<Shift, RepoError>;
    async fn shift(&self, id: &ShiftId) -> Result<Option<ShiftContext>, RepoError>;
    /// Changes a shift's times and size; a bigger shift confirms its waitlist in order. New times
    /// that overlap another shift of someone on it (confirmed or waiting) are refused
    /// (`NewTimesOverlap`, with their names), as a sign-up would be.
    async fn update_shift(&self, id: &ShiftId, shift: &ValidShift, now: DateTime<Utc>) -> Result<(Shift, Promoted), PlacementError>;
    /// `RepoError::Conflict` while it has people on it.
    async fn delete_shift(&self, id: &ShiftId) -> Result<(), RepoError>;
    /// Stores another event's roles and shifts (already moved) as this event's plan, in one
    /// transaction. `RepoError::Conflict` when the event has roles already.
    async fn copy_plan(
        &self,
        event_id: &EventId,
        roles: Vec<(VolunteerRole, Vec<Shift>)>,
        drop_cutoff_hours: Option<i32>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Places a person on a shift: confirmed while it has room, else waitlisted; refuses a second
    /// place on the shift and a place overlapping another of the person's shifts. Writes the
    /// sign-up's e-mail in the same transaction.
    async fn sign_up(&self, signup: NewShiftSignup) -> Result<ShiftSignup, PlacementError>;
    async fn signup(&self, id: &ShiftSignupId) -> Result<Option<SignupView>, RepoError>;
    /// Removes a sign-up; a confirmed one's place goes to the first waitlisted (e-mailed in the
    /// same transaction). `RepoError::NotFound` when it is gone.
    async fn remove(&self, id: &ShiftSignupId, now: DateTime<Utc>) -> Result<Promoted, RepoError>;
    /// Moves a sign-up to another shift of the same event, confirmed there (refused when full or
    /// overlapping the person's other shifts); its old place goes to that shift's waitlist.
    async fn move_to(&self, id: &ShiftSignupId, to: &ShiftId, now: DateTime<Utc>) -> Result<Promoted, PlacementError>;
    async fn set_drop_requested(&self, id: &ShiftSignupId, requested: bool, now: DateTime<Utc>) -> Result<(), RepoError>;
    async fn set_attendance(&self, id: &ShiftSignupId, attendance: Option<Attendance>, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// The member's sign-ups (theirs and their family's), by shift start: one event's, or those
    /// whose shifts start in `[from, to)`.
    async fn mine(
        &self,
        user_id: &UserId,
        event_id: Option<EventId>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<SignupView>, RepoError>;
    /// Every sign-up of an event, each shift's confirmed first, then its waitlist in order.
    async fn event_signups(&self, event_id: &EventId) -> Result<Vec<SignupView>, RepoError>;
    /// Confirmed sign-ups on shifts starting in `(from, to]` whose members want reminders.
    async fn reminders_due(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<SignupView>, RepoError>;
    /// The members on an event's door, by name.
    async fn door_staff(&self, event_id: &EventId) -> Result<Vec<DoorStaffer>, RepoError>;
    /// Puts a member on an event's door; one already there stays as they were.
    async fn grant_door(&self, event_id: &EventId, user_id: &UserId, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Takes a member off an event's door (nothing when they were not on it).
    async fn revoke_door(&self, event_id: &EventId, user_id: &UserId) -> Result<(), RepoError>;
    /// The events starting from `since` whose door the member is on, by date.
    async fn door_duties(&self, user_id: &UserId, since: DateTime<Utc>) -> Result<Vec<DoorDuty>, RepoError>;
}

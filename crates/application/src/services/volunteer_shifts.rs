//! Festival volunteering (docs/product.md#volunteer-shifts, ADR 0141): a volunteer coordinator
//! (or an admin) builds an event's plan of roles and shifts, or copies an earlier event's; members
//! sign up themselves and their family's teenagers for shifts that do not overlap, join a full
//! shift's waitlist, drop a shift until the plan's cut-off and ask the coordinator after it. The
//! coordinator's board moves volunteers, marks them present or absent, messages a shift or a
//! role and prints its sign-in sheet; each member sees their hours over the year.

use std::sync::Arc;

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use mandir_domain::ValidationErrors;
use mandir_domain::audit::AuditKind;
use mandir_domain::event::Event;
use mandir_domain::staff::Permission;
use mandir_domain::volunteer_shift::{
    AgeRefusal, Attendance, DEFAULT_DROP_CUTOFF_HOURS, MESSAGE_TARGET, RoleInput, Shift, ShiftInput, ShiftStatus, VolunteerRole, can_drop,
    check_age, check_drop_cutoff, check_message, hours, moved_by_days, new_times_overlap,
};
use mandir_domain::{EventId, FamilyMemberId, ShiftId, ShiftSignupId, UserId, VolunteerRoleId};

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    Clock, DoorDuty, DoorStaffer, EventRepository, FamilyMemberRepository, MemberEmailKind, MemberOutbox, NewShiftSignup, OutboxWake,
    PlacementError, PlanView, RepoError, ShiftContext, ShiftNotice, ShiftRepository, SignupView, TempleZone, UserRepository,
};

#[derive(Debug, thiserror::Error)]
pub enum ShiftError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Only volunteer coordinators and admins can manage volunteers")]
    Forbidden,
    #[error("{}", mandir_domain::EMAIL_NOT_VERIFIED)]
    EmailNotVerified,
    #[error("Event not found")]
    EventNotFound,
    #[error("Volunteer role not found")]
    RoleNotFound,
    #[error("Shift not found")]
    ShiftNotFound,
    /// Unknown, or another member's (not revealed).
    #[error("Sign-up not found")]
    SignupNotFound,
    #[error("Family member not found")]
    FamilyMemberNotFound,
    /// "You are already signed up for this shift", or "Anand is ...".
    #[error("{0}")]
    AlreadyOnShift(String),
    #[error("{0}")]
    Overlap(String),
    #[error("That shift is full")]
    Full,
    #[error("{0}")]
    TooYoung(String),
    #[error("{0}")]
    NoBirthDate(String),
    #[error("This shift has already started")]
    Started,
    #[error("It is less than {0} hours before this shift; ask the coordinator to drop it")]
    PastCutoff(i32),
    #[error("You can still drop this shift yourself")]
    CanStillDrop,
    #[error("{0}")]
    HasVolunteers(&'static str),
    #[error("This event already has a volunteer plan")]
    PlanExists,
    #[error("That event has no volunteer plan to copy")]
    NothingToCopy,
    #[error("Attendance can be marked once the shift has started")]
    NotStarted,
    #[error("Only volunteers on the shift, not its waitlist, can be marked")]
    Waitlisted,
    #[error("No member has that e-mail address")]
    NoSuchMember,
    #[error("That member has not verified their e-mail address yet")]
    MemberUnverified,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(ShiftError, fields: Validation, unverified: EmailNotVerified, {
    Self::Validation(_) | Self::TooYoung(_) | Self::NoBirthDate(_) | Self::Started | Self::NothingToCopy | Self::NotStarted => Invalid,
    Self::Forbidden | Self::EmailNotVerified => Forbidden,
    Self::EventNotFound | Self::RoleNotFound | Self::ShiftNotFound | Self::SignupNotFound | Self::FamilyMemberNotFound
        | Self::NoSuchMember => NotFound,
    Self::AlreadyOnShift(_) | Self::Overlap(_) | Self::Full | Self::PastCutoff(_) | Self::CanStillDrop | Self::HasVolunteers(_)
        | Self::PlanExists | Self::Waitlisted | Self::MemberUnverified => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(ShiftError: RepoError);

impl From<super::PermissionRequired> for ShiftError {
    fn from(_: super::PermissionRequired) -> Self {
        Self::Forbidden
    }
}

impl From<super::VerificationRequired> for ShiftError {
    fn from(_: super::VerificationRequired) -> Self {
        Self::EmailNotVerified
    }
}

/// An event's plan as anyone sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub event_id: EventId,
    pub drop_cutoff_hours: i32,
    pub roles: Vec<(VolunteerRole, Vec<Shift>)>,
}

/// The member's sign-ups over a year (or for one event) and the hours counted.
#[derive(Debug, Clone, PartialEq)]
pub struct MyVolunteering {
    pub year: i32,
    pub hours: f64,
    pub signups: Vec<SignupView>,
}

/// The coordinator's board: the plan, and every sign-up (each shift's confirmed first).
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub event: Event,
    pub plan: Plan,
    pub signups: Vec<SignupView>,
}

/// Whom a coordinator's message goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    Shift(ShiftId),
    Role(VolunteerRoleId),
}

#[derive(Clone)]
pub struct ShiftDeps {
    pub shifts: Arc<dyn ShiftRepository>,
    pub events: Arc<dyn EventRepository>,
    pub family: Arc<dyn FamilyMemberRepository>,
    pub users: Arc<dyn UserRepository>,
    pub outbox: Arc<dyn MemberOutbox>,
    /// Wakes the e-mail sender after a change that wrote e-mails (a sign-up, a promotion, a message).
    pub wake: Arc<dyn OutboxWake>,
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    pub audit: Recorder,
}

#[derive(Clone)]
pub struct VolunteerShiftService {
    deps: Arc<ShiftDeps>,
}

/// The cut-off a plan uses: its own, or the default.
fn cutoff(hours: Option<i32>) -> i32 {
    hours.unwrap_or(DEFAULT_DROP_CUTOFF_HOURS)
}

fn group(view: PlanView, event_id: &EventId) -> Plan {
    let mut roles: Vec<(VolunteerRole, Vec<Shift>)> = view.roles.into_iter().map(|r| (r, Vec::new())).collect();
    for shift in view.shifts {
        if let Some((_, shifts)) = roles.iter_mut().find(|(r, _)| r.id == shift.role_id) {
            shifts.push(shift);
        }
    }
    Plan { event_id: event_id.clone(), drop_cutoff_hours: cutoff(view.drop_cutoff_hours), roles }
}

/// "You are" or "Anand is", as a refusal's subject.
fn who(name: Option<&str>, own: &str, other: &str) -> String {
    name.map_or_else(|| format!("You {own}"), |name| format!("{name} {other}"))
}

impl VolunteerShiftService {
    pub fn new(deps: ShiftDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    async fn event(&self, id: &EventId) -> Result<Event, ShiftError> {
        self.deps.events.get(id).await?.ok_or(ShiftError::EventNotFound)
    }

    async fn role_of(&self, id: &VolunteerRoleId) -> Result<VolunteerRole, ShiftError> {
        self.deps.shifts.role(id).await?.ok_or(ShiftError::RoleNotFound)
    }

    async fn shift_of(&self, id: &ShiftId) -> Result<ShiftContext, ShiftError> {
        self.deps.shifts.shift(id).await?.ok_or(ShiftError::ShiftNotFound)
    }

    /// A sign-up the caller may act on: their own, or any for a coordinator.
    async fn signup_for(&self, actor: &Actor, id: &ShiftSignupId) -> Result<SignupView, ShiftError> {
        match self.deps.shifts.signup(id).await? {
            Some(view) if view.signup.user_id == actor.user_id || actor.can(Permission::ManageVolunteers) => Ok(view),
            _ => Err(ShiftError::SignupNotFound),
        }
    }

    /// Wakes the e-mail sender when a change wrote e-mails.
    fn wake_for<T>(&self, written: &[T]) {
        if !written.is_empty() {
            self.deps.wake.wake();
        }
    }

    async fn record(&self, actor: &Actor, name: &str, target: Target<'_>, summary: String) {
        self.deps.audit.acted(actor, Action::new(AuditKind::Events, name, target), summary, Vec::new()).await;
    }

    fn placement(error: PlacementError, person: Option<&str>) -> ShiftError {
        match error {
            PlacementError::NotFound => ShiftError::ShiftNotFound,
            PlacementError::AlreadyOnShift => {
                ShiftError::AlreadyOnShift(format!("{} signed up for this shift", who(person, "are already", "is already")))
            }
            PlacementError::Overlap => {
                ShiftError::Overlap(format!("{} signed up for a shift at that time", who(person, "are already", "is already")))
            }
            PlacementError::Full => ShiftError::Full,
            PlacementError::NewTimesOverlap(names) => ShiftError::Overlap(new_times_overlap(&names)),
            PlacementError::Repo(error) => error.into(),
        }
    }

    /// An event's plan (anyone): its roles in order, each with its shifts by start.
    #[tracing::instrument(skip_all, fields(event = %event_id))]
    pub async fn plan(&self, event_id: &EventId) -> Result<Plan, ShiftError> {
        self.event(event_id).await?;
        Ok(group(self.deps.shifts.plan(event_id).await?, event_id))
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn set_drop_cutoff(&self, actor: &Actor, event_id: &EventId, hours: i64) -> Result<Plan, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let hours = check_drop_cutoff(hours).map_err(ShiftError::Validation)?;
        self.deps.shifts.set_drop_cutoff(event_id, hours, self.deps.clock.now()).await?;
        self.record(
            actor,
            "volunteers.cutoff",
            Target::of("event", event_id),
            format!("Set the drop cut-off of {} to {hours} hours", event.name),
        )
        .await;
        self.plan(event_id).await
    }

    /// Copies an earlier event's roles and shifts to this event, each shift moved by the days
    /// between the two events' (temple) dates at the same time of day.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id, from = %from_id))]
    pub async fn copy_plan(&self, actor: &Actor, event_id: &EventId, from_id: &EventId) -> Result<Plan, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let from = self
            .deps
            .events
            .get(from_id)
            .await?
            .ok_or_else(|| ShiftError::Validation(ValidationErrors::single("fromEventId", "Event not found")))?;
        let stored = self.deps.shifts.plan(from_id).await?;
        let cutoff = stored.drop_cutoff_hours;
        let mut source = group(stored, from_id);
        // The one-step offers' role is made by offers, not planned: it is not copied.
        source.roles.retain(|(role, _)| !role.one_step);
        if source.roles.is_empty() {
            return Err(ShiftError::NothingToCopy);
        }
        let zone = self.deps.zone.time_zone().await?;
        let day = |at: DateTime<Utc>| at.with_timezone(&zone).date_naive();
        let days = (day(event.event_date) - day(from.event_date)).num_days();
        let roles = source
            .roles
            .into_iter()
            .map(|(role, shifts)| {
                let role = VolunteerRole { id: new_id(), event_id: event_id.clone(), ..role };
                let shifts = shifts
                    .into_iter()
                    .map(|s| Shift {
                        id: new_id(),
                        role_id: role.id.clone(),
                        event_id: event_id.clone(),
                        starts_at: moved_by_days(s.starts_at, days, zone),
                        ends_at: moved_by_days(s.ends_at, days, zone),
                        filled: 0,
                        waitlisted: 0,
                        ..s
                    })
                    .collect();
                (role, shifts)
            })
            .collect();
        self.deps.shifts.copy_plan(event_id, roles, cutoff, self.deps.clock.now()).await.map_err(|error| match error {
            RepoError::Conflict(_) => ShiftError::PlanExists,
            other => other.into(),
        })?;
        self.record(
            actor,
            "volunteers.copy",
            Target::of("event", event_id),
            format!("Copied the volunteer plan of {} to {}", from.name, event.name),
        )
        .await;
        self.plan(event_id).await
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn add_role(&self, actor: &Actor, event_id: &EventId, input: RoleInput) -> Result<VolunteerRole, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let role = input.validate().map_err(ShiftError::Validation)?;
        let role = self.deps.shifts.add_role(event_id, &new_id(), &role, self.deps.clock.now()).await?;
        self.record(
            actor,
            "volunteers.role.create",
            Target::of("volunteer_role", &role.id),
            format!("Added the role {} to {}", role.name, event.name),
        )
        .await;
        Ok(role)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, role = %role_id))]
    pub async fn update_role(
        &self,
        actor: &Actor,
        role_id: &VolunteerRoleId,
        input: RoleInput,
    ) -> Result<(VolunteerRole, Vec<Shift>), ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        self.role_of(role_id).await?;
        let role = input.validate().map_err(ShiftError::Validation)?;
        let role = self.deps.shifts.update_role(role_id, &role).await.map_err(|error| match error {
            RepoError::NotFound => ShiftError::RoleNotFound,
            other => other.into(),
        })?;
        self.record(actor, "volunteers.role.update", Target::of("volunteer_role", role_id), format!("Changed the role {}", role.name))
            .await;
        let shifts = self.deps.shifts.plan(&role.event_id).await?.shifts.into_iter().filter(|s| s.role_id == role.id).collect();
        Ok((role, shifts))
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, role = %role_id))]
    pub async fn delete_role(&self, actor: &Actor, role_id: &VolunteerRoleId) -> Result<(), ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let role = self.role_of(role_id).await?;
        self.deps.shifts.delete_role(role_id).await.map_err(|error| match error {
            RepoError::Conflict(_) => ShiftError::HasVolunteers("This role has volunteers; move or remove them first"),
            RepoError::NotFound => ShiftError::RoleNotFound,
            other => other.into(),
        })?;
        self.record(actor, "volunteers.role.delete", Target::of("volunteer_role", role_id), format!("Removed the role {}", role.name))
            .await;
        Ok(())
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, role = %role_id))]
    pub async fn add_shift(&self, actor: &Actor, role_id: &VolunteerRoleId, input: ShiftInput) -> Result<Shift, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let role = self.role_of(role_id).await?;
        let event = self.event(&role.event_id).await?;
        let shift = input.validate(event.event_date).map_err(ShiftError::Validation)?;
        let shift = self.deps.shifts.add_shift(&role, &new_id(), &shift, self.deps.clock.now()).await?;
        let zone = self.deps.zone.time_zone().await?;
        let when = super::member_mail::shift_when(shift.starts_at, shift.ends_at, zone);
        self.record(
            actor,
            "volunteers.shift.create",
            Target::of("volunteer_shift", &shift.id),
            format!("Added a {} shift, {when}, needing {}", role.name, shift.needed),
        )
        .await;
        Ok(shift)
    }

    /// Changes a shift's times and size; made bigger, it confirms its waitlist in order.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, shift = %shift_id))]
    pub async fn update_shift(&self, actor: &Actor, shift_id: &ShiftId, input: ShiftInput) -> Result<Shift, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let context = self.shift_of(shift_id).await?;
        let shift = input.validate(context.event_date).map_err(ShiftError::Validation)?;
        let (shift, promoted) =
            self.deps.shifts.update_shift(shift_id, &shift, self.deps.clock.now()).await.map_err(|error| Self::placement(error, None))?;
        self.wake_for(&promoted);
        let zone = self.deps.zone.time_zone().await?;
        let when = super::member_mail::shift_when(shift.starts_at, shift.ends_at, zone);
        let moved = if promoted.is_empty() { String::new() } else { format!("; {} moved up from the waitlist", promoted.len()) };
        self.record(
            actor,
            "volunteers.shift.update",
            Target::of("volunteer_shift", shift_id),
            format!("Changed a {} shift to {when}, needing {}{moved}", context.role.name, shift.needed),
        )
        .await;
        Ok(shift)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, shift = %shift_id))]
    pub async fn delete_shift(&self, actor: &Actor, shift_id: &ShiftId) -> Result<(), ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let context = self.shift_of(shift_id).await?;
        self.deps.shifts.delete_shift(shift_id).await.map_err(|error| match error {
            RepoError::Conflict(_) => ShiftError::HasVolunteers("This shift has volunteers; move or remove them first"),
            RepoError::NotFound => ShiftError::ShiftNotFound,
            other => other.into(),
        })?;
        let zone = self.deps.zone.time_zone().await?;
        let when = super::member_mail::shift_when(context.shift.starts_at, context.shift.ends_at, zone);
        self.record(
            actor,
            "volunteers.shift.delete",
            Target::of("volunteer_shift", shift_id),
            format!("Removed a {} shift, {when}", context.role.name),
        )
        .await;
        Ok(())
    }

    /// Signs the caller (a verified member) or one of their family up for a shift: confirmed
    /// while it has room, else on its waitlist.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, shift = %shift_id))]
    pub async fn sign_up(
        &self,
        actor: &Actor,
        shift_id: &ShiftId,
        family_member_id: Option<FamilyMemberId>,
    ) -> Result<SignupView, ShiftError> {
        actor.require_verified()?;
        let context = self.shift_of(shift_id).await?;
        let now = self.deps.clock.now();
        if context.shift.starts_at <= now {
            return Err(ShiftError::Started);
        }
        let (name, person) = match &family_member_id {
            None => {
                let user = self.deps.users.find_by_id(&actor.user_id).await?.ok_or(ShiftError::SignupNotFound)?;
                (format!("{} {}", user.first_name, user.last_name), None)
            }
            Some(id) => {
                let member = self
                    .deps
                    .family
                    .list(&actor.user_id)
                    .await?
                    .into_iter()
                    .find(|m| &m.id == id)
                    .ok_or(ShiftError::FamilyMemberNotFound)?;
                let name = member.person.name.clone();
                let zone = self.deps.zone.time_zone().await?;
                let day = context.shift.starts_at.with_timezone(&zone).date_naive();
                match check_age(member.birth_date, day, context.role.min_age) {
                    Ok(()) => {}
                    Err(AgeRefusal::NoBirthDate) => {
                        return Err(ShiftError::NoBirthDate(format!("Add {name}'s birth date to sign them up")));
                    }
                    Err(AgeRefusal::TooYoung(age)) => {
                        return Err(ShiftError::TooYoung(format!("{} is for volunteers aged {age} and over", context.role.name)));
                    }
                }
                (name.clone(), Some(name))
            }
        };
        let new = NewShiftSignup { id: new_id(), shift_id: shift_id.clone(), user_id: actor.user_id.clone(), family_member_id, name, now };
        let signup = self.deps.shifts.sign_up(new).await.map_err(|error| Self::placement(error, person.as_deref()))?;
        self.deps.wake.wake();
        self.deps.shifts.signup(&signup.id).await?.ok_or(ShiftError::SignupNotFound)
    }

    /// Removes a sign-up: the member's own until the cut-off before its shift; a coordinator's at
    /// any time (approving a drop request, or taking someone off). A confirmed place goes to the
    /// first on the waitlist.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, signup = %id))]
    pub async fn drop_signup(&self, actor: &Actor, id: &ShiftSignupId) -> Result<(), ShiftError> {
        let view = self.signup_for(actor, id).await?;
        let now = self.deps.clock.now();
        let coordinator = actor.can(Permission::ManageVolunteers);
        let cutoff = cutoff(view.context.drop_cutoff_hours);
        if !coordinator && !can_drop(view.context.shift.starts_at, now, cutoff) {
            return Err(if view.context.shift.starts_at <= now { ShiftError::Started } else { ShiftError::PastCutoff(cutoff) });
        }
        let promoted = self.deps.shifts.remove(id, now).await.map_err(|error| match error {
            RepoError::NotFound => ShiftError::SignupNotFound,
            other => other.into(),
        })?;
        self.wake_for(&promoted);
        if view.signup.user_id != actor.user_id {
            let moved = if promoted.is_empty() { String::new() } else { "; the first on the waitlist moved up".to_owned() };
            self.record(
                actor,
                "volunteers.signup.remove",
                Target::of("shift_signup", id),
                format!("Took {} off the {} shift of {}{moved}", view.signup.name, view.context.role.name, view.context.event_name),
            )
            .await;
        }
        Ok(())
    }

    /// Past the cut-off, a member asks the coordinator to drop their sign-up.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, signup = %id))]
    pub async fn request_drop(&self, actor: &Actor, id: &ShiftSignupId) -> Result<SignupView, ShiftError> {
        let view = self.deps.shifts.signup(id).await?.filter(|v| v.signup.user_id == actor.user_id).ok_or(ShiftError::SignupNotFound)?;
        let now = self.deps.clock.now();
        if view.context.shift.starts_at <= now {
            return Err(ShiftError::Started);
        }
        if can_drop(view.context.shift.starts_at, now, cutoff(view.context.drop_cutoff_hours)) {
            return Err(ShiftError::CanStillDrop);
        }
        self.deps.shifts.set_drop_requested(id, true, now).await?;
        self.deps.shifts.signup(id).await?.ok_or(ShiftError::SignupNotFound)
    }

    /// The coordinator keeps a volunteer who asked to drop on their shift.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, signup = %id))]
    pub async fn decline_drop(&self, actor: &Actor, id: &ShiftSignupId) -> Result<SignupView, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let view = self.signup_for(actor, id).await?;
        self.deps.shifts.set_drop_requested(id, false, self.deps.clock.now()).await?;
        self.record(
            actor,
            "volunteers.signup.keep",
            Target::of("shift_signup", id),
            format!("Declined {}'s request to drop the {} shift of {}", view.signup.name, view.context.role.name, view.context.event_name),
        )
        .await;
        self.deps.shifts.signup(id).await?.ok_or(ShiftError::SignupNotFound)
    }

    /// Moves a volunteer to another shift of the same event (the board's drag): confirmed there,
    /// within its role's minimum age; the old place goes to that shift's waitlist.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, signup = %id, to = %to))]
    pub async fn move_signup(&self, actor: &Actor, id: &ShiftSignupId, to: &ShiftId) -> Result<SignupView, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let view = self.signup_for(actor, id).await?;
        let target = self.shift_of(to).await?;
        if target.shift.event_id != view.signup.event_id {
            return Err(ShiftError::ShiftNotFound);
        }
        let person = view.signup.family_member_id.as_ref().map(|_| view.signup.name.clone());
        if let Some(family_id) = &view.signup.family_member_id {
            let member = self.deps.family.list(&view.signup.user_id).await?.into_iter().find(|m| &m.id == family_id);
            let zone = self.deps.zone.time_zone().await?;
            let day = target.shift.starts_at.with_timezone(&zone).date_naive();
            if let Err(AgeRefusal::TooYoung(age)) = check_age(member.and_then(|m| m.birth_date), day, target.role.min_age) {
                return Err(ShiftError::TooYoung(format!("{} is for volunteers aged {age} and over", target.role.name)));
            }
        }
        let promoted = self.deps.shifts.move_to(id, to, self.deps.clock.now()).await.map_err(|error| match error {
            PlacementError::NotFound => ShiftError::SignupNotFound,
            other => Self::placement(other, person.as_deref()),
        })?;
        self.wake_for(&promoted);
        let zone = self.deps.zone.time_zone().await?;
        let when = super::member_mail::shift_when(target.shift.starts_at, target.shift.ends_at, zone);
        let moved = if promoted.is_empty() { String::new() } else { "; the first on the old shift's waitlist moved up".to_owned() };
        self.record(
            actor,
            "volunteers.signup.move",
            Target::of("shift_signup", id),
            format!("Moved {} from the {} shift to {}, {when}{moved}", view.signup.name, view.context.role.name, target.role.name),
        )
        .await;
        self.deps.shifts.signup(id).await?.ok_or(ShiftError::SignupNotFound)
    }

    /// Marks a volunteer present or absent once their shift has started (or clears the mark).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, signup = %id))]
    pub async fn set_attendance(
        &self,
        actor: &Actor,
        id: &ShiftSignupId,
        attendance: Option<Attendance>,
    ) -> Result<SignupView, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let view = self.signup_for(actor, id).await?;
        if view.signup.status != ShiftStatus::Confirmed {
            return Err(ShiftError::Waitlisted);
        }
        let now = self.deps.clock.now();
        if view.context.shift.starts_at > now {
            return Err(ShiftError::NotStarted);
        }
        self.deps.shifts.set_attendance(id, attendance, now).await?;
        let what = match attendance {
            Some(Attendance::Present) => "present",
            Some(Attendance::NoShow) => "a no-show",
            None => "not yet marked",
        };
        self.record(
            actor,
            "volunteers.attendance",
            Target::of("shift_signup", id),
            format!("Marked {} {what} for the {} shift of {}", view.signup.name, view.context.role.name, view.context.event_name),
        )
        .await;
        self.deps.shifts.signup(id).await?.ok_or(ShiftError::SignupNotFound)
    }

    /// The caller's sign-ups (theirs and their family's) for one event, or over a (temple)
    /// calendar year, this year's by default, with the hours counted.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn mine(&self, actor: &Actor, year: Option<i32>, event_id: Option<&EventId>) -> Result<MyVolunteering, ShiftError> {
        let zone = self.deps.zone.time_zone().await?;
        let this_year = self.deps.clock.now().with_timezone(&zone).year();
        let year = year.unwrap_or(this_year);
        if !(2000..=9999).contains(&year) {
            return Err(ShiftError::Validation(ValidationErrors::single("year", "Year must be from 2000 to 9999")));
        }
        let start = |y: i32| year_start(y, zone);
        let signups = self.deps.shifts.mine(&actor.user_id, event_id.cloned(), start(year), start(year + 1)).await?;
        let hours = signups.iter().map(|v| hours(v.context.shift.starts_at, v.context.shift.ends_at, v.signup.attendance)).sum::<f64>();
        Ok(MyVolunteering { year, hours: (hours * 10.0).round() / 10.0, signups })
    }

    /// The coordinator's board of an event.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn board(&self, actor: &Actor, event_id: &EventId) -> Result<Board, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let plan = group(self.deps.shifts.plan(event_id).await?, event_id);
        let signups = self.deps.shifts.event_signups(event_id).await?;
        Ok(Board { event, plan, signups })
    }

    /// E-mails the coordinator's message to everyone confirmed on a shift or in a role. Answers
    /// how many it goes to.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn message(
        &self,
        actor: &Actor,
        event_id: &EventId,
        audience: Option<Audience>,
        subject: &str,
        body: &str,
    ) -> Result<u64, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let message = check_message(subject, body).map_err(ShiftError::Validation)?;
        let audience = audience.ok_or_else(|| ShiftError::Validation(ValidationErrors::single("shiftId", MESSAGE_TARGET)))?;
        let signups = self.deps.shifts.event_signups(event_id).await?;
        let (label, recipients): (String, Vec<&SignupView>) = match &audience {
            Audience::Shift(id) => {
                let context = self.shift_of(id).await?;
                if context.shift.event_id != *event_id {
                    return Err(ShiftError::ShiftNotFound);
                }
                let zone = self.deps.zone.time_zone().await?;
                let label = format!(
                    "the {} shift, {}",
                    context.role.name,
                    super::member_mail::shift_when(context.shift.starts_at, context.shift.ends_at, zone)
                );
                (label, signups.iter().filter(|v| &v.signup.shift_id == id).collect())
            }
            Audience::Role(id) => {
                let role = self.role_of(id).await?;
                if role.event_id != *event_id {
                    return Err(ShiftError::RoleNotFound);
                }
                (format!("the {} volunteers", role.name), signups.iter().filter(|v| &v.context.role.id == id).collect())
            }
        };
        let key: String = new_id();
        let emails: Vec<(String, UserId, ShiftNotice)> = recipients
            .iter()
            .filter(|v| v.signup.status == ShiftStatus::Confirmed)
            .map(|v| {
                let notice = ShiftNotice {
                    signup_id: v.signup.id.to_string(),
                    waitlisted: false,
                    subject: Some(message.subject.clone()),
                    body: Some(message.body.clone()),
                };
                (format!("{}:{key}:{}", MemberEmailKind::ShiftMessage.as_str(), v.signup.id), v.signup.user_id.clone(), notice)
            })
            .collect();
        let queued = if emails.is_empty() {
            0
        } else {
            self.deps.outbox.queue_shift_emails(MemberEmailKind::ShiftMessage, &emails, self.deps.clock.now()).await?
        };
        self.wake_for(&emails);
        self.record(
            actor,
            "volunteers.message",
            Target::of("event", event_id),
            format!("E-mailed \"{}\" to {label} of {} ({queued} volunteers)", message.subject, event.name),
        )
        .await;
        Ok(queued)
    }

    /// A shift's sign-in sheet: its confirmed volunteers with their contact details, a list
    /// leaving the site, recorded in the audit log.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, shift = %shift_id))]
    pub async fn sign_in_sheet(&self, actor: &Actor, shift_id: &ShiftId) -> Result<(ShiftContext, Vec<SignupView>), ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let context = self.shift_of(shift_id).await?;
        let mut volunteers: Vec<SignupView> = self
            .deps
            .shifts
            .event_signups(&context.shift.event_id)
            .await?
            .into_iter()
            .filter(|v| &v.signup.shift_id == shift_id && v.signup.status == ShiftStatus::Confirmed)
            .collect();
        volunteers.sort_by_key(|v| v.signup.name.to_lowercase());
        self.deps
            .audit
            .acted(
                actor,
                Action::new(AuditKind::Exports, "export.shift_sign_in", Target::of("volunteer_shift", shift_id)),
                format!(
                    "Downloaded the sign-in sheet of a {} shift of {} ({} volunteers)",
                    context.role.name,
                    context.event_name,
                    volunteers.len()
                ),
                Vec::new(),
            )
            .await;
        Ok((context, volunteers))
    }

    /// The members a coordinator put on an event's door (door duty for that event only).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn door_staff(&self, actor: &Actor, event_id: &EventId) -> Result<Vec<DoorStaffer>, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        self.event(event_id).await?;
        Ok(self.deps.shifts.door_staff(event_id).await?)
    }

    /// Puts the verified member with this e-mail address on an event's door: they may read its
    /// door list and check people in, for this event only.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn grant_door(&self, actor: &Actor, event_id: &EventId, email: &str) -> Result<Vec<DoorStaffer>, ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let email = mandir_domain::user::Email::parse(email)
            .map_err(|_| ShiftError::Validation(ValidationErrors::single("email", "Please enter a valid email address")))?;
        let member = self.deps.users.find_by_email(&email).await?.ok_or(ShiftError::NoSuchMember)?.user;
        if !member.email_verified {
            return Err(ShiftError::MemberUnverified);
        }
        self.deps.shifts.grant_door(event_id, &member.id, self.deps.clock.now()).await?;
        let name = format!("{} {}", member.first_name, member.last_name);
        self.record(actor, "volunteers.door.grant", Target::of("event", event_id), format!("Put {name} on the door of {}", event.name))
            .await;
        Ok(self.deps.shifts.door_staff(event_id).await?)
    }

    /// Takes a member off an event's door.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id, member = %user_id))]
    pub async fn revoke_door(&self, actor: &Actor, event_id: &EventId, user_id: &UserId) -> Result<(), ShiftError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let staff = self.deps.shifts.door_staff(event_id).await?;
        let Some(staffer) = staff.into_iter().find(|s| &s.user_id == user_id) else { return Ok(()) };
        self.deps.shifts.revoke_door(event_id, user_id).await?;
        self.record(
            actor,
            "volunteers.door.revoke",
            Target::of("event", event_id),
            format!("Took {} off the door of {}", staffer.name, event.name),
        )
        .await;
        Ok(())
    }

    /// The events (from yesterday on) whose door the caller is on.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn my_door_duties(&self, actor: &Actor) -> Result<Vec<DoorDuty>, ShiftError> {
        let since = self.deps.clock.now() - chrono::Duration::days(1);
        Ok(self.deps.shifts.door_duties(&actor.user_id, since).await?)
    }

    /// Whether the caller could drop a sign-up of theirs now (the DTO's `canDrop`).
    pub fn can_drop_now(&self, view: &SignupView) -> bool {
        can_drop(view.context.shift.starts_at, self.deps.clock.now(), cutoff(view.context.drop_cutoff_hours))
    }
}

/// The first instant of a (temple) calendar year.
fn year_start(year: i32, zone: Tz) -> DateTime<Utc> {
    let day = NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or_default();
    zone.from_local_datetime(&day.and_hms_opt(0, 0, 0).unwrap_or_default())
        .earliest()
        .map_or(DateTime::<Utc>::MIN_UTC, |t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::family_member_repository::MockFamilyMemberRepository;
    use crate::ports::member_outbox::MockMemberOutbox;
    use crate::ports::receipt_outbox::MockOutboxWake;
    use crate::ports::shift_repository::MockShiftRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{clock_at, member, now, recorder, staff, user};
    use chrono::Duration;
    use mandir_domain::family_member::{FamilyMember, Person};
    use mandir_domain::staff::Role;
    use mandir_domain::volunteer_shift::ShiftSignup;

    struct Mocks {
        shifts: MockShiftRepository,
        family: MockFamilyMemberRepository,
        users: MockUserRepository,
        wake: MockOutboxWake,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                shifts: MockShiftRepository::new(),
                family: MockFamilyMemberRepository::new(),
                users: MockUserRepository::new(),
                wake: MockOutboxWake::new(),
            }
        }

        fn service(self) -> VolunteerShiftService {
            let mut zone = MockTempleZone::new();
            zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
            VolunteerShiftService::new(ShiftDeps {
                shifts: Arc::new(self.shifts),
                events: Arc::new(MockEventRepository::new()),
                family: Arc::new(self.family),
                users: Arc::new(self.users),
                outbox: Arc::new(MockMemberOutbox::new()),
                wake: Arc::new(self.wake),
                zone: Arc::new(zone),
                clock: Arc::new(clock_at(now())),
                audit: recorder().0,
            })
        }
    }

    /// A Parking shift (minimum age 16) starting `hours` from now, needing two, with the plan's cut-off.
    fn context(hours: i64, cutoff: Option<i32>) -> ShiftContext {
        let starts_at = now() + Duration::hours(hours);
        ShiftContext {
            shift: Shift {
                id: "s1".into(),
                role_id: "r1".into(),
                event_id: "e1".into(),
                starts_at,
                ends_at: starts_at + Duration::hours(4),
                needed: 2,
                filled: 0,
                waitlisted: 0,
            },
            role: VolunteerRole {
                id: "r1".into(),
                event_id: "e1".into(),
                name: "Parking".into(),
                description: None,
                min_age: Some(16),
                report_to: None,
                position: 0,
                one_step: false,
            },
            event_name: "Diwali".into(),
            event_date: starts_at,
            drop_cutoff_hours: cutoff,
        }
    }

    fn view(owner: &str, hours: i64, cutoff: Option<i32>) -> SignupView {
        let context = context(hours, cutoff);
        SignupView {
            signup: ShiftSignup {
                id: "v1".into(),
                shift_id: context.shift.id.clone(),
                event_id: context.shift.event_id.clone(),
                user_id: owner.into(),
                family_member_id: None,
                name: "Lakshmi Rao".into(),
                status: ShiftStatus::Confirmed,
                attendance: None,
                drop_requested: false,
                created_at: now(),
            },
            context,
            email: "lakshmi@example.org".into(),
            phone: None,
        }
    }

    fn teen(years: i32) -> FamilyMember {
        let birth = (now() - Duration::days(365 * i64::from(years) + 30)).date_naive();
        FamilyMember {
            id: "f1".into(),
            user_id: "m".into(),
            person: Person { name: "Anand Rao".into(), gotram: None, nakshatram: None, rasi: None },
            relation: Some("Son".into()),
            birth_date: Some(birth),
            created_at: now(),
            updated_at: now(),
        }
    }

    #[tokio::test]
    async fn a_teenager_below_the_roles_minimum_age_is_refused_before_anything_is_stored() {
        let mut m = Mocks::new();
        m.shifts.expect_shift().returning(|_| Ok(Some(context(48, None))));
        m.family.expect_list().returning(|_| Ok(vec![teen(15)]));
        m.shifts.expect_sign_up().never();
        let refused = m.service().sign_up(&member(), &"s1".into(), Some("f1".into())).await.expect_err("too young");
        assert_eq!(refused.to_string(), "Parking is for volunteers aged 16 and over");
    }

    #[tokio::test]
    async fn a_teenager_old_enough_is_signed_up_under_their_own_name() {
        let mut m = Mocks::new();
        m.shifts.expect_shift().returning(|_| Ok(Some(context(48, None))));
        m.family.expect_list().returning(|_| Ok(vec![teen(16)]));
        m.shifts.expect_sign_up().times(1).withf(|new| new.name == "Anand Rao" && new.family_member_id == Some("f1".into())).returning(
            |new| {
                let v = view("m", 48, None);
                Ok(ShiftSignup { id: new.id, family_member_id: new.family_member_id, name: new.name, ..v.signup })
            },
        );
        m.shifts.expect_signup().returning(|_| Ok(Some(view("m", 48, None))));
        m.wake.expect_wake().times(1).return_const(());
        m.service().sign_up(&member(), &"s1".into(), Some("f1".into())).await.expect("signed up");
    }

    #[tokio::test]
    async fn an_overlap_is_told_in_the_persons_name() {
        let mut m = Mocks::new();
        m.shifts.expect_shift().returning(|_| Ok(Some(context(48, None))));
        m.users.expect_find_by_id().returning(|_| Ok(Some(user("m"))));
        m.shifts.expect_sign_up().returning(|_| Err(PlacementError::Overlap));
        let refused = m.service().sign_up(&member(), &"s1".into(), None).await.expect_err("overlap");
        assert_eq!(refused.to_string(), "You are already signed up for a shift at that time");
        assert!(matches!(refused, ShiftError::Overlap(_)));
    }

    #[tokio::test]
    async fn a_started_shift_takes_no_sign_ups() {
        let mut m = Mocks::new();
        m.shifts.expect_shift().returning(|_| Ok(Some(context(0, None))));
        m.shifts.expect_sign_up().never();
        assert!(matches!(m.service().sign_up(&member(), &"s1".into(), None).await, Err(ShiftError::Started)));
    }

    #[tokio::test]
    async fn the_member_drops_until_the_cut_off_and_the_coordinator_after_it() {
        // 30 hours out, a day's cut-off: the member may drop.
        let mut m = Mocks::new();
        m.shifts.expect_signup().returning(|_| Ok(Some(view("m", 30, None))));
        m.shifts.expect_remove().times(1).returning(|_, _| Ok(vec!["w1".into()]));
        m.wake.expect_wake().times(1).return_const(());
        m.service().drop_signup(&member(), &"v1".into()).await.expect("dropped");

        // 30 hours out, a two-day cut-off: the member must ask.
        let mut m = Mocks::new();
        m.shifts.expect_signup().returning(|_| Ok(Some(view("m", 30, Some(48)))));
        m.shifts.expect_remove().never();
        let refused = m.service().drop_signup(&member(), &"v1".into()).await.expect_err("past the cut-off");
        assert_eq!(refused.to_string(), "It is less than 48 hours before this shift; ask the coordinator to drop it");

        // The coordinator may, and it is recorded.
        let mut m = Mocks::new();
        m.shifts.expect_signup().returning(|_| Ok(Some(view("m", 30, Some(48)))));
        m.shifts.expect_remove().times(1).returning(|_, _| Ok(Vec::new()));
        m.service().drop_signup(&staff(&[Role::VolunteerCoordinator]), &"v1".into()).await.expect("dropped by the coordinator");

        // Another member sees nothing.
        let mut m = Mocks::new();
        m.shifts.expect_signup().returning(|_| Ok(Some(view("someone-else", 30, None))));
        assert!(matches!(m.service().drop_signup(&member(), &"v1".into()).await, Err(ShiftError::SignupNotFound)));
    }

    #[tokio::test]
    async fn a_drop_request_is_only_for_after_the_cut_off() {
        let mut m = Mocks::new();
        m.shifts.expect_signup().returning(|_| Ok(Some(view("m", 30, None))));
        assert!(matches!(m.service().request_drop(&member(), &"v1".into()).await, Err(ShiftError::CanStillDrop)));
        let mut m = Mocks::new();
        m.shifts.expect_signup().returning(|_| Ok(Some(view("m", 10, None))));
        m.shifts.expect_set_drop_requested().times(1).withf(|_, requested, _| *requested).returning(|_, _, _| Ok(()));
        m.service().request_drop(&member(), &"v1".into()).await.expect("requested");
    }

    #[tokio::test]
    async fn staff_without_the_coordinators_permission_cannot_build_a_plan() {
        for actor in [member(), staff(&[Role::Treasurer, Role::FrontDesk, Role::Priest, Role::Editor])] {
            let m = Mocks::new();
            let refused = m.service().add_role(&actor, &"e1".into(), RoleInput { name: "Parking".into(), ..RoleInput::default() }).await;
            assert!(matches!(refused, Err(ShiftError::Forbidden)), "{refused:?}");
        }
    }
}

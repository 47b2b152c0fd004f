//! Event registrations: members register themselves (with their family), see, change and cancel
//! their own registration; admins see every event's attendees with contact details. A full event
//! has a waitlist: freed spots (a cancellation, a smaller party, a larger capacity) promote the
//! first parties that fit in the same transaction, which also queues each one's e-mail (ADR 0109).

use std::sync::Arc;

use mandir_domain::ValidationErrors;
use mandir_domain::event::Event;
use mandir_domain::registration::{
    Attendee, AttendeeWithContact, Refusal, RegistrationInput, WAITLIST_HAS_ROOM, WaitlistEntry, WaitlistEntryWithContact, ensure_open,
    larger_than_capacity_message,
};
use mandir_domain::staff::Permission;
use mandir_domain::{EventId, UserId};

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    AdmissionError, AttendeeRepository, ChangeNotifier, Clock, EventRepository, NewAttendeeRecord, NewWaitlistRecord, OutboxWake,
    RepoError, Topic,
};

#[derive(Debug, thiserror::Error)]
pub enum RegistrationError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("{}", mandir_domain::EMAIL_NOT_VERIFIED)]
    EmailNotVerified,
    #[error("You can only view your own registrations")]
    NotYours,
    #[error("Event not found")]
    EventNotFound,
    #[error("You are not registered for this event")]
    NotRegistered,
    #[error("Registration not found")]
    AttendeeNotFound,
    #[error("You are already registered for this event")]
    AlreadyRegistered,
    #[error("You are already on the waitlist for this event")]
    AlreadyWaitlisted,
    #[error("You are not on the waitlist for this event")]
    NotWaitlisted,
    #[error("{}", WAITLIST_HAS_ROOM)]
    HasRoom,
    #[error("{}", larger_than_capacity_message(*.0))]
    LargerThanCapacity(i64),
    /// The event has started or has too few spots left.
    #[error("{0}")]
    Refused(Refusal),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(RegistrationError, fields: Validation, unverified: EmailNotVerified, {
    Self::Validation(_) | Self::Refused(_) | Self::HasRoom | Self::LargerThanCapacity(_) => Invalid,
    Self::Forbidden | Self::NotYours | Self::EmailNotVerified => Forbidden,
    Self::EventNotFound | Self::NotRegistered | Self::NotWaitlisted | Self::AttendeeNotFound => NotFound,
    Self::AlreadyRegistered | Self::AlreadyWaitlisted => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(RegistrationError: RepoError);

impl From<AdmissionError> for RegistrationError {
    fn from(error: AdmissionError) -> Self {
        match error {
            AdmissionError::EventNotFound => Self::EventNotFound,
            AdmissionError::AlreadyRegistered => Self::AlreadyRegistered,
            AdmissionError::NotRegistered => Self::NotRegistered,
            AdmissionError::AlreadyWaitlisted => Self::AlreadyWaitlisted,
            AdmissionError::NotWaitlisted => Self::NotWaitlisted,
            AdmissionError::HasRoom => Self::HasRoom,
            AdmissionError::LargerThanCapacity(capacity) => Self::LargerThanCapacity(capacity),
            AdmissionError::Refused(refusal) => Self::Refused(refusal),
            AdmissionError::Repo(error) => error.into(),
        }
    }
}

#[derive(Clone)]
pub struct RegistrationService {
    attendees: Arc<dyn AttendeeRepository>,
    events: Arc<dyn EventRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    /// Wakes the e-mail sender when a promotion queued e-mails.
    mail: Arc<dyn OutboxWake>,
    audit: Recorder,
}

impl RegistrationService {
    pub fn new(
        attendees: Arc<dyn AttendeeRepository>,
        events: Arc<dyn EventRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        mail: Arc<dyn OutboxWake>,
        audit: Recorder,
    ) -> Self {
        Self { attendees, events, clock, changes, mail, audit }
    }

    async fn event(&self, event_id: &EventId) -> Result<Event, RegistrationError> {
        self.events.get(event_id).await?.ok_or(RegistrationError::EventNotFound)
    }

    /// Registers the caller (a verified member) for an upcoming event, within its capacity; one
    /// registration each.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn register(&self, actor: &Actor, event_id: &EventId, input: RegistrationInput) -> Result<Attendee, RegistrationError> {
        actor.require_verified()?;
        let registration = input.validate().map_err(RegistrationError::Validation)?;
        let record = NewAttendeeRecord {
            id: new_id(),
            event_id: event_id.to_owned(),
            user_id: actor.user_id.clone(),
            registration,
            now: self.clock.now(),
        };
        let attendee = self.attendees.register(record).await?;
        // The events list shows people counts.
        self.changes.publish(Topic::Registrations).await;
        Ok(attendee)
    }

    /// Changes the caller's own registration (family count and notes); a smaller party promotes
    /// the waitlisted parties that now fit.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn update_own(&self, actor: &Actor, event_id: &EventId, input: RegistrationInput) -> Result<Attendee, RegistrationError> {
        let registration = input.validate().map_err(RegistrationError::Validation)?;
        let attendee = self.attendees.update(event_id, &actor.user_id, registration, self.clock.now()).await?;
        self.changes.publish(Topic::Registrations).await;
        // A smaller party may have promoted waitlisted ones, whose e-mails are queued.
        self.mail.wake();
        Ok(attendee)
    }

    /// The caller's own registration (one statement tells an unknown event from a missing
    /// registration).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn get_own(&self, actor: &Actor, event_id: &EventId) -> Result<Attendee, RegistrationError> {
        Ok(self.attendees.find(event_id, &actor.user_id).await?)
    }

    /// Cancels the caller's own registration, until the event starts. The waitlisted parties that
    /// now fit are registered (and their e-mails queued) in the same transaction.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn cancel_own(&self, actor: &Actor, event_id: &EventId) -> Result<(), RegistrationError> {
        let event = self.event(event_id).await?;
        let now = self.clock.now();
        ensure_open(event.event_date, now).map_err(RegistrationError::Refused)?;
        let Some(promoted) = self.attendees.delete(event_id, &actor.user_id, now).await? else {
            return Err(RegistrationError::NotRegistered);
        };
        if !promoted.is_empty() {
            tracing::info!(event = %event.id, promoted = promoted.len(), "waitlisted parties registered");
            self.mail.wake();
        }
        self.changes.publish(Topic::Registrations).await;
        Ok(())
    }

    /// Puts the caller (a verified member) and their family on a full event's waitlist.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn join_waitlist(
        &self,
        actor: &Actor,
        event_id: &EventId,
        input: RegistrationInput,
    ) -> Result<WaitlistEntry, RegistrationError> {
        actor.require_verified()?;
        let registration = input.validate().map_err(RegistrationError::Validation)?;
        let record = NewWaitlistRecord {
            id: new_id(),
            event_id: event_id.to_owned(),
            user_id: actor.user_id.clone(),
            registration,
            now: self.clock.now(),
        };
        let entry = self.attendees.join_waitlist(record).await?;
        self.changes.publish(Topic::Registrations).await;
        Ok(entry)
    }

    /// The caller's own waitlist entry with its position.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn own_waitlist_entry(&self, actor: &Actor, event_id: &EventId) -> Result<WaitlistEntry, RegistrationError> {
        Ok(self.attendees.waitlist_entry(event_id, &actor.user_id).await?)
    }

    /// Takes the caller off an event's waitlist.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn leave_waitlist(&self, actor: &Actor, event_id: &EventId) -> Result<(), RegistrationError> {
        if self.attendees.leave_waitlist(event_id, &actor.user_id).await? {
            self.changes.publish(Topic::Registrations).await;
            return Ok(());
        }
        self.event(event_id).await?;
        Err(RegistrationError::NotWaitlisted)
    }

    /// An event's waitlist in order, with the members' contact details (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn waitlist(&self, actor: &Actor, event_id: &EventId) -> Result<Vec<WaitlistEntryWithContact>, RegistrationError> {
        actor.require(Permission::ReadAttendees)?;
        self.event(event_id).await?;
        Ok(self.attendees.waitlist(event_id).await?)
    }

    /// Every registration of an event with the members' contact details (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn attendees(&self, actor: &Actor, event_id: &EventId) -> Result<Vec<AttendeeWithContact>, RegistrationError> {
        actor.require(Permission::ReadAttendees)?;
        self.event(event_id).await?;
        Ok(self.attendees.list_for_event(event_id).await?)
    }

    /// Every registration of an event with the members' contact details, as a list leaving the
    /// site (the CSV): admins only, recorded in the audit log.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn export_attendees(&self, actor: &Actor, event_id: &EventId) -> Result<Vec<AttendeeWithContact>, RegistrationError> {
        actor.require(Permission::ExportMembers)?;
        let event = self.event(event_id).await?;
        let attendees = self.attendees.list_for_event(event_id).await?;
        let summary = format!("Downloaded the registrations of {} ({} registrations)", event.name, attendees.len());
        self.audit
            .acted(actor, Action::new(AuditKind::Exports, "export.attendees", Target::of("event", event_id)), summary, Vec::new())
            .await;
        Ok(attendees)
    }

    /// A member's registrations with their events, by event date: the member themselves or an admin.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, user_id = %user_id))]
    pub async fn events_of_user(&self, actor: &Actor, user_id: &UserId) -> Result<Vec<(Event, Attendee)>, RegistrationError> {
        if actor.user_id != *user_id && !actor.can(Permission::FindMembers) {
            return Err(RegistrationError::NotYours);
        }
        Ok(self.attendees.list_for_user(user_id).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::attendee_repository::MockAttendeeRepository;

    use crate::ports::event_repository::MockEventRepository;
    use crate::services::test_fixtures::{admin, event, member, now};
    use mandir_domain::registration::ValidRegistration;
    use mandir_domain::{ErrorKind, Failure};

    fn service(attendees: MockAttendeeRepository, events: MockEventRepository) -> RegistrationService {
        let mut wake = crate::ports::receipt_outbox::MockOutboxWake::new();
        wake.expect_wake().return_const(());
        service_waking(attendees, events, wake)
    }

    fn service_waking(
        attendees: MockAttendeeRepository,
        events: MockEventRepository,
        wake: crate::ports::receipt_outbox::MockOutboxWake,
    ) -> RegistrationService {
        let clock = crate::services::test_fixtures::fixed_clock();
        RegistrationService::new(
            Arc::new(attendees),
            Arc::new(events),
            Arc::new(clock),
            crate::services::test_fixtures::changes(),
            Arc::new(wake),
            crate::services::test_fixtures::recorder().0,
        )
    }

    fn attendee(event_id: &str, user_id: &str, family: i32) -> Attendee {
        Attendee {
            id: "a".into(),
            event_id: event_id.into(),
            user_id: user_id.into(),
            number_of_family_members: family,
            additional_notes: None,
            created_at: now(),
            updated_at: now(),
            checked_in_at: None,
            confirmation_code: None,
        }
    }

    fn events_with(found: Option<Event>) -> MockEventRepository {
        let mut events = MockEventRepository::new();
        events.expect_get().returning(move |_| Ok(found.clone()));
        events
    }

    fn input(family: f64) -> RegistrationInput {
        RegistrationInput { number_of_family_members: Some(family), additional_notes: Some("  Two children ".into()) }
    }

    #[tokio::test]
    async fn register_writes_the_callers_validated_registration() {
        let mut attendees = MockAttendeeRepository::new();
        attendees
            .expect_register()
            .withf(|r| {
                r.event_id == "e"
                    && r.user_id == "m"
                    && r.now == now()
                    && r.registration == ValidRegistration { number_of_family_members: 2, additional_notes: Some("Two children".into()) }
            })
            .returning(|r| Ok(attendee(&r.event_id, &r.user_id, r.registration.number_of_family_members)));
        let created =
            service(attendees, MockEventRepository::new()).register(&member(), &"e".into(), input(2.0)).await.expect("registered");
        assert_eq!(created.number_of_family_members, 2);
    }

    #[tokio::test]
    async fn unverified_members_cannot_register() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_register().never();
        let unverified = Actor { email_verified: false, ..member() };
        let error =
            service(attendees, MockEventRepository::new()).register(&unverified, &"e".into(), input(0.0)).await.expect_err("refused");
        assert!(matches!(error, RegistrationError::EmailNotVerified));
        assert_eq!((error.kind(), error.code()), (ErrorKind::Forbidden, Some(mandir_domain::EMAIL_NOT_VERIFIED_CODE)));
        assert_eq!(error.to_string(), mandir_domain::EMAIL_NOT_VERIFIED);
    }

    #[tokio::test]
    async fn register_validates_before_writing() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_register().never();
        let error =
            service(attendees, MockEventRepository::new()).register(&member(), &"e".into(), input(-1.0)).await.expect_err("invalid");
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert_eq!(error.field_errors().and_then(|e| e.get("numberOfFamilyMembers")), Some("Number of family members must be 0 or more"));
    }

    #[tokio::test]
    async fn register_maps_every_refusal() {
        type Case = (fn() -> AdmissionError, ErrorKind, &'static str);
        let cases: Vec<Case> = vec![
            (|| AdmissionError::EventNotFound, ErrorKind::NotFound, "Event not found"),
            (|| AdmissionError::AlreadyRegistered, ErrorKind::Conflict, "You are already registered for this event"),
            (|| AdmissionError::Refused(Refusal::Started), ErrorKind::Invalid, "This event has already started; registration is closed"),
            (|| AdmissionError::Refused(Refusal::Full { spots_left: 2 }), ErrorKind::Invalid, "Only 2 spots left for this event"),
            (|| AdmissionError::Repo(RepoError::unexpected("disk on fire")), ErrorKind::Unexpected, "unexpected failure"),
        ];
        for (answer, kind, message) in cases {
            let mut attendees = MockAttendeeRepository::new();
            attendees.expect_register().returning(move |_| Err(answer()));
            let error =
                service(attendees, MockEventRepository::new()).register(&member(), &"e".into(), input(0.0)).await.expect_err("refused");
            assert_eq!((error.kind(), error.to_string().as_str()), (kind, message));
        }
    }

    #[tokio::test]
    async fn update_changes_only_the_callers_registration() {
        let mut attendees = MockAttendeeRepository::new();
        attendees
            .expect_update()
            .withf(|event_id, user_id, r, at| event_id == "e" && user_id == "m" && r.number_of_family_members == 4 && *at == now())
            .returning(|e, u, r, _| Ok(attendee(e, u, r.number_of_family_members)));
        let updated = service(attendees, MockEventRepository::new()).update_own(&member(), &"e".into(), input(4.0)).await.expect("updated");
        assert_eq!(updated.number_of_family_members, 4);
    }

    #[tokio::test]
    async fn update_without_registration_is_not_found() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_update().returning(|_, _, _, _| Err(AdmissionError::NotRegistered));
        let error =
            service(attendees, MockEventRepository::new()).update_own(&member(), &"e".into(), input(1.0)).await.expect_err("missing");
        assert!(matches!(error, RegistrationError::NotRegistered));
        assert_eq!(error.to_string(), "You are not registered for this event");
    }

    #[tokio::test]
    async fn get_own_tells_unknown_events_from_missing_registrations() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_find().returning(|_, _| Err(AdmissionError::EventNotFound));
        let error = service(attendees, MockEventRepository::new()).get_own(&member(), &"x".into()).await.expect_err("missing");
        assert!(matches!(error, RegistrationError::EventNotFound));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_find().returning(|_, _| Err(AdmissionError::NotRegistered));
        let error = service(attendees, MockEventRepository::new()).get_own(&member(), &"e".into()).await.expect_err("missing");
        assert!(matches!(error, RegistrationError::NotRegistered));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_find().withf(|e, u| e == "e" && u == "m").returning(|e, u| Ok(attendee(e, u, 1)));
        let own = service(attendees, MockEventRepository::new()).get_own(&member(), &"e".into()).await.expect("found");
        assert_eq!(own.user_id, "m");
    }

    #[tokio::test]
    async fn cancel_removes_the_callers_registration_until_the_event_starts() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_delete().withf(|e, u, at| e == "e" && u == "m" && *at == now()).times(1).returning(|_, _, _| Ok(Some(vec![])));
        service(attendees, events_with(Some(event("e", 3)))).cancel_own(&member(), &"e".into()).await.expect("cancelled");

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_delete().returning(|_, _, _| Ok(None));
        let error = service(attendees, events_with(Some(event("e", 3)))).cancel_own(&member(), &"e".into()).await.expect_err("none");
        assert!(matches!(error, RegistrationError::NotRegistered));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_delete().never();
        let error = service(attendees, events_with(Some(event("e", -1)))).cancel_own(&member(), &"e".into()).await.expect_err("started");
        assert!(matches!(error, RegistrationError::Refused(Refusal::Started)));

        let error =
            service(MockAttendeeRepository::new(), events_with(None)).cancel_own(&member(), &"x".into()).await.expect_err("unknown");
        assert!(matches!(error, RegistrationError::EventNotFound));
    }

    #[tokio::test]
    async fn only_admins_list_attendees() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_list_for_event().never();
        let error = service(attendees, MockEventRepository::new()).attendees(&member(), &"e".into()).await.expect_err("forbidden");
        assert!(matches!(error, RegistrationError::Forbidden));
        assert_eq!(error.kind(), ErrorKind::Forbidden);

        let error = service(MockAttendeeRepository::new(), events_with(None)).attendees(&admin(), &"x".into()).await.expect_err("unknown");
        assert!(matches!(error, RegistrationError::EventNotFound));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_list_for_event().withf(|e| e == "e").returning(|e| {
            Ok(vec![AttendeeWithContact {
                attendee: attendee(e, "m", 2),
                first_name: "Ravi".into(),
                last_name: "Kumar".into(),
                email: "ravi@example.org".into(),
                phone_number: None,
            }])
        });
        let list = service(attendees, events_with(Some(event("e", 3)))).attendees(&admin(), &"e".into()).await.expect("listed");
        assert_eq!(list.len(), 1);
    }

    #[tokio::test]
    async fn a_members_events_are_theirs_and_the_admins_to_see() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_list_for_user().withf(|u| u == "m").times(2).returning(|u| Ok(vec![(event("e", 3), attendee("e", u, 0))]));
        let service = service(attendees, MockEventRepository::new());
        assert_eq!(service.events_of_user(&member(), &"m".into()).await.expect("own").len(), 1);
        assert_eq!(service.events_of_user(&admin(), &"m".into()).await.expect("admin").len(), 1);
        let error = service.events_of_user(&member(), &"someone-else".into()).await.expect_err("forbidden");
        assert!(matches!(error, RegistrationError::NotYours));
        assert_eq!(error.kind(), ErrorKind::Forbidden);
    }

    #[tokio::test]
    async fn a_cancellation_that_promotes_waitlisted_parties_wakes_the_e_mail_sender() {
        // The promoted registrations' e-mails are queued by the repository in its transaction.
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_delete().times(1).returning(|e, _, _| Ok(Some(vec![attendee(e, "w1", 2), attendee(e, "w2", 0)])));
        let mut wake = crate::ports::receipt_outbox::MockOutboxWake::new();
        wake.expect_wake().times(1).return_const(());
        service_waking(attendees, events_with(Some(event("e", 3))), wake).cancel_own(&member(), &"e".into()).await.expect("cancelled");
        // No promotion, no wake-up.
        let mut alone = MockAttendeeRepository::new();
        alone.expect_delete().times(1).returning(|_, _, _| Ok(Some(Vec::new())));
        let mut quiet = crate::ports::receipt_outbox::MockOutboxWake::new();
        quiet.expect_wake().never();
        service_waking(alone, events_with(Some(event("e", 3))), quiet).cancel_own(&member(), &"e".into()).await.expect("cancelled");
        let mut none = MockAttendeeRepository::new();
        none.expect_delete().times(1).returning(|_, _, _| Ok(None));
        let error = service(none, events_with(Some(event("e", 3)))).cancel_own(&member(), &"e".into()).await.expect_err("not registered");
        assert!(matches!(error, RegistrationError::NotRegistered));
    }

    #[tokio::test]
    async fn joining_a_waitlist_needs_a_verified_member_and_maps_every_refusal() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_join_waitlist().never();
        let unverified = Actor { email_verified: false, ..member() };
        let error =
            service(attendees, MockEventRepository::new()).join_waitlist(&unverified, &"e".into(), input(0.0)).await.expect_err("refused");
        assert!(matches!(error, RegistrationError::EmailNotVerified));

        type Case = (fn() -> AdmissionError, ErrorKind, &'static str);
        let cases: Vec<Case> = vec![
            (|| AdmissionError::EventNotFound, ErrorKind::NotFound, "Event not found"),
            (|| AdmissionError::AlreadyRegistered, ErrorKind::Conflict, "You are already registered for this event"),
            (|| AdmissionError::AlreadyWaitlisted, ErrorKind::Conflict, "You are already on the waitlist for this event"),
            (|| AdmissionError::HasRoom, ErrorKind::Invalid, WAITLIST_HAS_ROOM),
            (|| AdmissionError::Refused(Refusal::Started), ErrorKind::Invalid, "This event has already started; registration is closed"),
        ];
        for (answer, kind, message) in cases {
            let mut attendees = MockAttendeeRepository::new();
            attendees.expect_join_waitlist().returning(move |_| Err(answer()));
            let error = service(attendees, MockEventRepository::new())
                .join_waitlist(&member(), &"e".into(), input(1.0))
                .await
                .expect_err("refused");
            assert_eq!((error.kind(), error.to_string().as_str()), (kind, message));
        }
    }

    #[tokio::test]
    async fn leaving_a_waitlist_tells_an_unknown_event_from_a_missing_entry() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_leave_waitlist().withf(|e, u| e == "e" && u == "m").returning(|_, _| Ok(true));
        service(attendees, MockEventRepository::new()).leave_waitlist(&member(), &"e".into()).await.expect("left");

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_leave_waitlist().returning(|_, _| Ok(false));
        let error = service(attendees, events_with(Some(event("e", 3)))).leave_waitlist(&member(), &"e".into()).await.expect_err("none");
        assert!(matches!(error, RegistrationError::NotWaitlisted));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_leave_waitlist().returning(|_, _| Ok(false));
        let error = service(attendees, events_with(None)).leave_waitlist(&member(), &"x".into()).await.expect_err("unknown");
        assert!(matches!(error, RegistrationError::EventNotFound));
    }

    #[tokio::test]
    async fn only_admins_see_the_waitlist() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_waitlist().never();
        let error = service(attendees, MockEventRepository::new()).waitlist(&member(), &"e".into()).await.expect_err("forbidden");
        assert!(matches!(error, RegistrationError::Forbidden));
    }
}

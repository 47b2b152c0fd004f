//! Volunteering: members offer to help at an upcoming event and may withdraw; anyone sees how many
//! volunteers an event has; admins see the full list with contact details and may remove anyone.

use std::sync::Arc;

use mandir_domain::ValidationErrors;
use mandir_domain::event::Event;
use mandir_domain::registration::ensure_open;
use mandir_domain::staff::Permission;
use mandir_domain::volunteer::{Volunteer, VolunteerInput};
use mandir_domain::{EventId, UserId, VolunteerId};

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    ChangeNotifier, Clock, EventRepository, NewVolunteerRecord, OfferError, OutboxWake, RepoError, Topic, VolunteerRepository,
};

#[derive(Debug, thiserror::Error)]
pub enum VolunteerError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("{}", mandir_domain::EMAIL_NOT_VERIFIED)]
    EmailNotVerified,
    #[error("You can only view your own volunteering")]
    NotYours,
    #[error("Event not found")]
    EventNotFound,
    #[error("You are not volunteering for this event")]
    NotVolunteering,
    /// Unknown, on another event, or someone else's (not revealed to other members).
    #[error("Volunteer record not found")]
    VolunteerNotFound,
    #[error("You are already volunteering for this event")]
    AlreadyVolunteering,
    #[error("{}", mandir_domain::volunteer::EVENT_HAS_SHIFTS)]
    HasShifts,
    #[error("This event has already started; volunteering is closed")]
    Started,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(VolunteerError, fields: Validation, unverified: EmailNotVerified, {
    Self::Validation(_) | Self::Started => Invalid,
    Self::Forbidden | Self::NotYours | Self::EmailNotVerified => Forbidden,
    Self::EventNotFound | Self::NotVolunteering | Self::VolunteerNotFound => NotFound,
    Self::AlreadyVolunteering | Self::HasShifts => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(VolunteerError: RepoError);

#[derive(Clone)]
pub struct VolunteerService {
    volunteers: Arc<dyn VolunteerRepository>,
    events: Arc<dyn EventRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    /// Sends the offer's e-mail (its place on the one-step shift) right after the commit.
    wake: Arc<dyn OutboxWake>,
    audit: Recorder,
}

impl VolunteerService {
    pub fn new(
        volunteers: Arc<dyn VolunteerRepository>,
        events: Arc<dyn EventRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        wake: Arc<dyn OutboxWake>,
        audit: Recorder,
    ) -> Self {
        Self { volunteers, events, clock, changes, wake, audit }
    }

    async fn event(&self, event_id: &EventId) -> Result<Event, VolunteerError> {
        self.events.get(event_id).await?.ok_or(VolunteerError::EventNotFound)
    }

    fn ensure_open(&self, event: &Event) -> Result<(), VolunteerError> {
        ensure_open(event.event_date, self.clock.now()).map_err(|_| VolunteerError::Started)
    }

    /// Records the caller (a verified member) as a volunteer for an upcoming event; one record each.
    /// The offer is a place on the event's one-step role's shift (made by the first offer); an
    /// event with a volunteer plan of its own takes sign-ups for its shifts instead.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn volunteer(&self, actor: &Actor, event_id: &EventId, input: VolunteerInput) -> Result<Volunteer, VolunteerError> {
        actor.require_verified()?;
        let event = self.event(event_id).await?;
        self.ensure_open(&event)?;
        let volunteer = input.validate().map_err(VolunteerError::Validation)?;
        let record =
            NewVolunteerRecord { id: new_id(), event_id: event.id, user_id: actor.user_id.clone(), volunteer, now: self.clock.now() };
        let volunteer = self.volunteers.create(record).await.map_err(|error| match error {
            OfferError::AlreadyVolunteering => VolunteerError::AlreadyVolunteering,
            OfferError::HasPlan => VolunteerError::HasShifts,
            OfferError::EventNotFound => VolunteerError::EventNotFound,
            OfferError::Repo(other) => other.into(),
        })?;
        self.wake.wake();
        self.changes.publish(Topic::Volunteers).await;
        Ok(volunteer)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn get_own(&self, actor: &Actor, event_id: &EventId) -> Result<Volunteer, VolunteerError> {
        match self.volunteers.find_for_user(event_id, &actor.user_id).await? {
            Some(volunteer) => Ok(volunteer),
            None => {
                self.event(event_id).await?;
                Err(VolunteerError::NotVolunteering)
            }
        }
    }

    /// How many volunteers an event has (anyone).
    #[tracing::instrument(skip_all, fields(event = %event_id))]
    pub async fn count(&self, event_id: &EventId) -> Result<u64, VolunteerError> {
        self.event(event_id).await?;
        Ok(self.volunteers.count_for_event(event_id).await?)
    }

    /// Every volunteer of an event with contact details (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn list(&self, actor: &Actor, event_id: &EventId) -> Result<Vec<Volunteer>, VolunteerError> {
        actor.require(Permission::ManageVolunteers)?;
        self.event(event_id).await?;
        Ok(self.volunteers.list_for_event(event_id).await?)
    }

    /// Every volunteer of an event with contact details, as a list leaving the site (the CSV),
    /// recorded in the audit log.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn export(&self, actor: &Actor, event_id: &EventId) -> Result<Vec<Volunteer>, VolunteerError> {
        actor.require(Permission::ManageVolunteers)?;
        let event = self.event(event_id).await?;
        let volunteers = self.volunteers.list_for_event(event_id).await?;
        let summary = format!("Downloaded the volunteers of {} ({} volunteers)", event.name, volunteers.len());
        self.audit
            .acted(actor, Action::new(AuditKind::Exports, "export.volunteers", Target::of("event", event_id)), summary, Vec::new())
            .await;
        Ok(volunteers)
    }

    /// A member's volunteer records with their events, by event date: the member themselves or an admin.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, user_id = %user_id))]
    pub async fn events_of_user(&self, actor: &Actor, user_id: &UserId) -> Result<Vec<(Event, Volunteer)>, VolunteerError> {
        if actor.user_id != *user_id && !actor.can(Permission::FindMembers) {
            return Err(VolunteerError::NotYours);
        }
        Ok(self.volunteers.list_for_user(user_id).await?)
    }

    /// Withdraws a volunteer record with its place on a shift: its owner until the event starts, or
    /// an admin at any time.
    /// Someone else's record answers as if it did not exist.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn withdraw(&self, actor: &Actor, event_id: &EventId, volunteer_id: &VolunteerId) -> Result<(), VolunteerError> {
        let event = self.event(event_id).await?;
        let volunteer = self
            .volunteers
            .get(volunteer_id)
            .await?
            .filter(|v| v.event_id == event.id && (v.user_id == actor.user_id || actor.can(Permission::ManageVolunteers)))
            .ok_or(VolunteerError::VolunteerNotFound)?;
        if !actor.can(Permission::ManageVolunteers) {
            self.ensure_open(&event)?;
        }
        self.volunteers.delete(&volunteer.id, self.clock.now()).await.map_err(|error| match error {
            RepoError::NotFound => VolunteerError::VolunteerNotFound,
            other => other.into(),
        })?;
        self.changes.publish(Topic::Volunteers).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::receipt_outbox::MockOutboxWake;
    use crate::ports::volunteer_repository::MockVolunteerRepository;
    use crate::services::test_fixtures::{admin, event, member, now};
    use mandir_domain::user::Email;
    use mandir_domain::volunteer::{Availability, ContactPreference, VolunteerPreference};
    use mandir_domain::{ErrorKind, Failure};

    fn service(volunteers: MockVolunteerRepository, events: MockEventRepository) -> VolunteerService {
        let mut wake = MockOutboxWake::new();
        wake.expect_wake().return_const(());
        service_waking(volunteers, events, wake)
    }

    fn service_waking(volunteers: MockVolunteerRepository, events: MockEventRepository, wake: MockOutboxWake) -> VolunteerService {
        let clock = crate::services::test_fixtures::fixed_clock();
        VolunteerService::new(
            Arc::new(volunteers),
            Arc::new(events),
            Arc::new(clock),
            crate::services::test_fixtures::changes(),
            Arc::new(wake),
            crate::services::test_fixtures::recorder().0,
        )
    }

    fn events_with(found: Option<Event>) -> MockEventRepository {
        let mut events = MockEventRepository::new();
        events.expect_get().returning(move |_| Ok(found.clone()));
        events
    }

    fn volunteer(id: &str, event_id: &str, user_id: &str) -> Volunteer {
        Volunteer {
            id: id.into(),
            event_id: event_id.into(),
            user_id: user_id.into(),
            name: "Lakshmi".into(),
            contact_number: "9165550100".into(),
            contact_email: Email::from_trusted("lakshmi@example.org".into()),
            contact_preference: ContactPreference::Email,
            volunteer_preference: VolunteerPreference::Any,
            availability: Availability::Morning,
            needs_certificate: false,
            additional_notes: None,
            created_at: now(),
        }
    }

    fn input() -> VolunteerInput {
        VolunteerInput {
            name: "Lakshmi".into(),
            contact_number: "9165550100".into(),
            contact_email: "lakshmi@example.org".into(),
            contact_preference: Some("email".into()),
            volunteer_preference: Some("any".into()),
            availability: Some("morning".into()),
            needs_certificate: Some(true),
            additional_notes: None,
        }
    }

    #[tokio::test]
    async fn members_volunteer_for_upcoming_events() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers
            .expect_create()
            .withf(|r| r.event_id == "e" && r.user_id == "m" && r.volunteer.needs_certificate && r.now == now())
            .returning(|r| Ok(volunteer(&r.id, &r.event_id, &r.user_id)));
        // The offer wrote its place's e-mail: the sender is woken once.
        let mut wake = MockOutboxWake::new();
        wake.expect_wake().times(1).return_const(());
        let created = service_waking(volunteers, events_with(Some(event("e", 3))), wake)
            .volunteer(&member(), &"e".into(), input())
            .await
            .expect("created");
        assert_eq!(created.user_id, "m");
    }

    #[tokio::test]
    async fn unverified_members_cannot_volunteer() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_create().never();
        let unverified = Actor { email_verified: false, ..member() };
        let error =
            service(volunteers, events_with(Some(event("e", 3)))).volunteer(&unverified, &"e".into(), input()).await.expect_err("refused");
        assert!(matches!(error, VolunteerError::EmailNotVerified));
        assert_eq!((error.kind(), error.code()), (ErrorKind::Forbidden, Some(mandir_domain::EMAIL_NOT_VERIFIED_CODE)));
    }

    #[tokio::test]
    async fn volunteering_refuses_unknown_started_and_invalid() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_create().never();
        let service_unknown = service(volunteers, events_with(None));
        assert!(matches!(service_unknown.volunteer(&member(), &"x".into(), input()).await, Err(VolunteerError::EventNotFound)));

        let error = service(MockVolunteerRepository::new(), events_with(Some(event("e", -1))))
            .volunteer(&member(), &"e".into(), input())
            .await
            .expect_err("started");
        assert!(matches!(error, VolunteerError::Started));
        assert_eq!(error.kind(), ErrorKind::Invalid);

        let invalid = VolunteerInput { contact_number: "123".into(), availability: None, ..input() };
        let error = service(MockVolunteerRepository::new(), events_with(Some(event("e", 3))))
            .volunteer(&member(), &"e".into(), invalid)
            .await
            .expect_err("bad");
        let fields = error.field_errors().expect("fields");
        assert_eq!(fields.get("contactNumber"), Some("Please enter a valid phone number"));
        assert_eq!(fields.get("availability"), Some("Required"));
    }

    #[tokio::test]
    async fn a_second_record_is_a_conflict() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_create().returning(|_| Err(OfferError::AlreadyVolunteering));
        let error =
            service(volunteers, events_with(Some(event("e", 3)))).volunteer(&member(), &"e".into(), input()).await.expect_err("dup");
        assert_eq!(error.kind(), ErrorKind::Conflict);
        assert_eq!(error.to_string(), "You are already volunteering for this event");

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_create().returning(|_| Err(OfferError::EventNotFound));
        let error =
            service(volunteers, events_with(Some(event("e", 3)))).volunteer(&member(), &"e".into(), input()).await.expect_err("gone");
        assert!(matches!(error, VolunteerError::EventNotFound));

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_create().returning(|_| Err(OfferError::HasPlan));
        let error =
            service(volunteers, events_with(Some(event("e", 3)))).volunteer(&member(), &"e".into(), input()).await.expect_err("plan");
        assert_eq!(error.kind(), ErrorKind::Conflict);
        assert_eq!(error.to_string(), mandir_domain::volunteer::EVENT_HAS_SHIFTS);
    }

    #[tokio::test]
    async fn own_record_and_count() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_find_for_user().withf(|e, u| e == "e" && u == "m").returning(|e, u| Ok(Some(volunteer("v", e, u))));
        assert_eq!(service(volunteers, MockEventRepository::new()).get_own(&member(), &"e".into()).await.expect("own").id, "v");

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_find_for_user().returning(|_, _| Ok(None));
        let error = service(volunteers, events_with(Some(event("e", 3)))).get_own(&member(), &"e".into()).await.expect_err("none");
        assert!(matches!(error, VolunteerError::NotVolunteering));

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_find_for_user().returning(|_, _| Ok(None));
        let error = service(volunteers, events_with(None)).get_own(&member(), &"x".into()).await.expect_err("unknown");
        assert!(matches!(error, VolunteerError::EventNotFound));

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_count_for_event().returning(|_| Ok(4));
        assert_eq!(service(volunteers, events_with(Some(event("e", 3)))).count(&"e".into()).await.expect("count"), 4);
        let error = service(MockVolunteerRepository::new(), events_with(None)).count(&"x".into()).await.expect_err("unknown");
        assert!(matches!(error, VolunteerError::EventNotFound));
    }

    #[tokio::test]
    async fn only_admins_list_volunteers() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_list_for_event().never();
        let error = service(volunteers, MockEventRepository::new()).list(&member(), &"e".into()).await.expect_err("forbidden");
        assert_eq!(error.kind(), ErrorKind::Forbidden);
        assert_eq!(error.to_string(), "Admin access required");

        let error = service(MockVolunteerRepository::new(), events_with(None)).list(&admin(), &"x".into()).await.expect_err("unknown");
        assert!(matches!(error, VolunteerError::EventNotFound));

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_list_for_event().returning(|e| Ok(vec![volunteer("v", e, "m")]));
        assert_eq!(service(volunteers, events_with(Some(event("e", 3)))).list(&admin(), &"e".into()).await.expect("list").len(), 1);
    }

    #[tokio::test]
    async fn owners_withdraw_until_the_event_starts() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_get().returning(|id| Ok(Some(volunteer(id, "e", "m"))));
        volunteers.expect_delete().withf(|id, at| id == "v" && *at == now()).times(1).returning(|_, _| Ok(()));
        service(volunteers, events_with(Some(event("e", 3)))).withdraw(&member(), &"e".into(), &"v".into()).await.expect("withdrawn");

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_get().returning(|id| Ok(Some(volunteer(id, "e", "m"))));
        volunteers.expect_delete().never();
        let error = service(volunteers, events_with(Some(event("e", -1))))
            .withdraw(&member(), &"e".into(), &"v".into())
            .await
            .expect_err("started");
        assert!(matches!(error, VolunteerError::Started));
    }

    #[tokio::test]
    async fn admins_withdraw_anyone_at_any_time() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_get().returning(|id| Ok(Some(volunteer(id, "e", "m"))));
        volunteers.expect_delete().times(1).returning(|_, _| Ok(()));
        service(volunteers, events_with(Some(event("e", -1)))).withdraw(&admin(), &"e".into(), &"v".into()).await.expect("withdrawn");
    }

    #[tokio::test]
    async fn other_members_records_are_hidden() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_get().returning(|id| Ok(Some(volunteer(id, "e", "someone-else"))));
        volunteers.expect_delete().never();
        let error =
            service(volunteers, events_with(Some(event("e", 3)))).withdraw(&member(), &"e".into(), &"v".into()).await.expect_err("hidden");
        assert!(matches!(error, VolunteerError::VolunteerNotFound));
        assert_eq!(error.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn records_of_another_event_or_unknown_are_not_found() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_get().returning(|id| Ok(Some(volunteer(id, "other-event", "m"))));
        volunteers.expect_delete().never();
        let error =
            service(volunteers, events_with(Some(event("e", 3)))).withdraw(&admin(), &"e".into(), &"v".into()).await.expect_err("mismatch");
        assert!(matches!(error, VolunteerError::VolunteerNotFound));

        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_get().returning(|_| Ok(None));
        let error =
            service(volunteers, events_with(Some(event("e", 3)))).withdraw(&member(), &"e".into(), &"v".into()).await.expect_err("unknown");
        assert!(matches!(error, VolunteerError::VolunteerNotFound));

        let error = service(MockVolunteerRepository::new(), events_with(None))
            .withdraw(&member(), &"x".into(), &"v".into())
            .await
            .expect_err("unknown event");
        assert!(matches!(error, VolunteerError::EventNotFound));
    }

    #[tokio::test]
    async fn a_members_volunteering_is_theirs_and_the_admins_to_see() {
        let mut volunteers = MockVolunteerRepository::new();
        volunteers.expect_list_for_user().withf(|u| u == "m").times(2).returning(|u| Ok(vec![(event("e", 3), volunteer("v", "e", u))]));
        let service = service(volunteers, MockEventRepository::new());
        assert_eq!(service.events_of_user(&member(), &"m".into()).await.expect("own").len(), 1);
        assert_eq!(service.events_of_user(&admin(), &"m".into()).await.expect("admin").len(), 1);
        let error = service.events_of_user(&member(), &"someone-else".into()).await.expect_err("forbidden");
        assert!(matches!(error, VolunteerError::NotYours));
        assert_eq!(error.kind(), ErrorKind::Forbidden);
    }
}

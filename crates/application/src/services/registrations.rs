//! Event registrations: members register themselves (with their family), see, change and cancel
//! their own registration; admins see every event's attendees with contact details.

use std::sync::Arc;

use mandir_domain::event::Event;
use mandir_domain::registration::{Attendee, AttendeeWithContact, Refusal, RegistrationInput, ensure_open};
use mandir_domain::{ErrorKind, Failure, ValidationErrors};

use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{AdmissionError, AttendeeRepository, Clock, EventRepository, NewAttendeeRecord, RepoError};

#[derive(Debug, thiserror::Error)]
pub enum RegistrationError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("You can only view your own registrations")]
    NotYours,
    #[error("Event not found")]
    EventNotFound,
    #[error("You are not registered for this event")]
    NotRegistered,
    #[error("You are already registered for this event")]
    AlreadyRegistered,
    /// The event has started or has too few spots left.
    #[error("{0}")]
    Refused(Refusal),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

impl Failure for RegistrationError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::Validation(_) | Self::Refused(_) => ErrorKind::Invalid,
            Self::Forbidden | Self::NotYours => ErrorKind::Forbidden,
            Self::EventNotFound | Self::NotRegistered => ErrorKind::NotFound,
            Self::AlreadyRegistered => ErrorKind::Conflict,
            Self::Unexpected(_) => ErrorKind::Unexpected,
        }
    }

    fn field_errors(&self) -> Option<&ValidationErrors> {
        match self {
            Self::Validation(errors) => Some(errors),
            _ => None,
        }
    }
}

super::unexpected_from!(RegistrationError: RepoError);

impl From<AdmissionError> for RegistrationError {
    fn from(error: AdmissionError) -> Self {
        match error {
            AdmissionError::EventNotFound => Self::EventNotFound,
            AdmissionError::AlreadyRegistered => Self::AlreadyRegistered,
            AdmissionError::NotRegistered => Self::NotRegistered,
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
}

impl RegistrationService {
    pub fn new(attendees: Arc<dyn AttendeeRepository>, events: Arc<dyn EventRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { attendees, events, clock }
    }

    async fn event(&self, event_id: &str) -> Result<Event, RegistrationError> {
        self.events.get(event_id).await?.ok_or(RegistrationError::EventNotFound)
    }

    /// Registers the caller for an upcoming event, within its capacity; one registration each.
    pub async fn register(&self, actor: &Actor, event_id: &str, input: RegistrationInput) -> Result<Attendee, RegistrationError> {
        let registration = input.validate().map_err(RegistrationError::Validation)?;
        let record = NewAttendeeRecord {
            id: new_id(),
            event_id: event_id.to_owned(),
            user_id: actor.user_id.clone(),
            registration,
            now: self.clock.now(),
        };
        Ok(self.attendees.register(record).await?)
    }

    /// Changes the caller's own registration (family count and notes).
    pub async fn update_own(&self, actor: &Actor, event_id: &str, input: RegistrationInput) -> Result<Attendee, RegistrationError> {
        let registration = input.validate().map_err(RegistrationError::Validation)?;
        Ok(self.attendees.update(event_id, &actor.user_id, registration, self.clock.now()).await?)
    }

    pub async fn get_own(&self, actor: &Actor, event_id: &str) -> Result<Attendee, RegistrationError> {
        match self.attendees.find(event_id, &actor.user_id).await? {
            Some(attendee) => Ok(attendee),
            None => {
                self.event(event_id).await?;
                Err(RegistrationError::NotRegistered)
            }
        }
    }

    /// Cancels the caller's own registration, until the event starts.
    pub async fn cancel_own(&self, actor: &Actor, event_id: &str) -> Result<(), RegistrationError> {
        let event = self.event(event_id).await?;
        ensure_open(event.event_date, self.clock.now()).map_err(RegistrationError::Refused)?;
        if self.attendees.delete(event_id, &actor.user_id).await? { Ok(()) } else { Err(RegistrationError::NotRegistered) }
    }

    /// Every registration of an event with the members' contact details (admins).
    pub async fn attendees(&self, actor: &Actor, event_id: &str) -> Result<Vec<AttendeeWithContact>, RegistrationError> {
        if !actor.is_admin {
            return Err(RegistrationError::Forbidden);
        }
        self.event(event_id).await?;
        Ok(self.attendees.list_for_event(event_id).await?)
    }

    /// A member's registrations with their events, by event date: the member themselves or an admin.
    pub async fn events_of_user(&self, actor: &Actor, user_id: &str) -> Result<Vec<(Event, Attendee)>, RegistrationError> {
        if actor.user_id != user_id && !actor.is_admin {
            return Err(RegistrationError::NotYours);
        }
        Ok(self.attendees.list_for_user(user_id).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::attendee_repository::MockAttendeeRepository;
    use crate::ports::clock::MockClock;
    use crate::ports::event_repository::MockEventRepository;
    use crate::services::test_fixtures::{admin, event, member, now};
    use mandir_domain::registration::ValidRegistration;

    fn service(attendees: MockAttendeeRepository, events: MockEventRepository) -> RegistrationService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        RegistrationService::new(Arc::new(attendees), Arc::new(events), Arc::new(clock))
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
        let created = service(attendees, MockEventRepository::new()).register(&member(), "e", input(2.0)).await.expect("registered");
        assert_eq!(created.number_of_family_members, 2);
    }

    #[tokio::test]
    async fn register_validates_before_writing() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_register().never();
        let error = service(attendees, MockEventRepository::new()).register(&member(), "e", input(-1.0)).await.expect_err("invalid");
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
            let error = service(attendees, MockEventRepository::new()).register(&member(), "e", input(0.0)).await.expect_err("refused");
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
        let updated = service(attendees, MockEventRepository::new()).update_own(&member(), "e", input(4.0)).await.expect("updated");
        assert_eq!(updated.number_of_family_members, 4);
    }

    #[tokio::test]
    async fn update_without_registration_is_not_found() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_update().returning(|_, _, _, _| Err(AdmissionError::NotRegistered));
        let error = service(attendees, MockEventRepository::new()).update_own(&member(), "e", input(1.0)).await.expect_err("missing");
        assert!(matches!(error, RegistrationError::NotRegistered));
        assert_eq!(error.to_string(), "You are not registered for this event");
    }

    #[tokio::test]
    async fn get_own_tells_unknown_events_from_missing_registrations() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_find().returning(|_, _| Ok(None));
        let error = service(attendees, events_with(None)).get_own(&member(), "x").await.expect_err("missing");
        assert!(matches!(error, RegistrationError::EventNotFound));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_find().returning(|_, _| Ok(None));
        let error = service(attendees, events_with(Some(event("e", 3)))).get_own(&member(), "e").await.expect_err("missing");
        assert!(matches!(error, RegistrationError::NotRegistered));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_find().withf(|e, u| e == "e" && u == "m").returning(|e, u| Ok(Some(attendee(e, u, 1))));
        let own = service(attendees, MockEventRepository::new()).get_own(&member(), "e").await.expect("found");
        assert_eq!(own.user_id, "m");
    }

    #[tokio::test]
    async fn cancel_removes_the_callers_registration_until_the_event_starts() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_delete().withf(|e, u| e == "e" && u == "m").times(1).returning(|_, _| Ok(true));
        service(attendees, events_with(Some(event("e", 3)))).cancel_own(&member(), "e").await.expect("cancelled");

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_delete().returning(|_, _| Ok(false));
        let error = service(attendees, events_with(Some(event("e", 3)))).cancel_own(&member(), "e").await.expect_err("none");
        assert!(matches!(error, RegistrationError::NotRegistered));

        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_delete().never();
        let error = service(attendees, events_with(Some(event("e", -1)))).cancel_own(&member(), "e").await.expect_err("started");
        assert!(matches!(error, RegistrationError::Refused(Refusal::Started)));

        let error = service(MockAttendeeRepository::new(), events_with(None)).cancel_own(&member(), "x").await.expect_err("unknown");
        assert!(matches!(error, RegistrationError::EventNotFound));
    }

    #[tokio::test]
    async fn only_admins_list_attendees() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_list_for_event().never();
        let error = service(attendees, MockEventRepository::new()).attendees(&member(), "e").await.expect_err("forbidden");
        assert!(matches!(error, RegistrationError::Forbidden));
        assert_eq!(error.kind(), ErrorKind::Forbidden);

        let error = service(MockAttendeeRepository::new(), events_with(None)).attendees(&admin(), "x").await.expect_err("unknown");
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
        let list = service(attendees, events_with(Some(event("e", 3)))).attendees(&admin(), "e").await.expect("listed");
        assert_eq!(list.len(), 1);
    }

    #[tokio::test]
    async fn a_members_events_are_theirs_and_the_admins_to_see() {
        let mut attendees = MockAttendeeRepository::new();
        attendees.expect_list_for_user().withf(|u| u == "m").times(2).returning(|u| Ok(vec![(event("e", 3), attendee("e", u, 0))]));
        let service = service(attendees, MockEventRepository::new());
        assert_eq!(service.events_of_user(&member(), "m").await.expect("own").len(), 1);
        assert_eq!(service.events_of_user(&admin(), "m").await.expect("admin").len(), 1);
        let error = service.events_of_user(&member(), "someone-else").await.expect_err("forbidden");
        assert!(matches!(error, RegistrationError::NotYours));
        assert_eq!(error.kind(), ErrorKind::Forbidden);
    }
}

//! The check-in desk (docs/product.md#the-check-in-desk, ADR 0142): those on an event's door
//! search its registrations as they type, check families in (by hand or by their QR code), add
//! walk-ins within the capacity, and see the other desks' check-ins as they happen: each desk
//! asks for the changes after the last change number it saw and waits for the next one.
use std::sync::Arc;
use std::time::Duration;

use mandir_domain::ValidationErrors;
use mandir_domain::audit::AuditKind;
use mandir_domain::door::{
    CHANGES_LIMIT, CheckIn, DoorCount, DoorEntry, DoorQuery, MAX_WAIT_SECONDS, NOT_A_CODE, SEARCH_LIMIT, WalkInInput, check_people,
    display_code, normalize_code,
};
use mandir_domain::registration::{AttendeeWithContact, NOT_AT_THE_DOOR};
use mandir_domain::staff::Permission;
use mandir_domain::{AttendeeId, EventId, WalkInId};

use super::audit::{Action, Recorder, Target};
use super::door_index::DoorIndex;
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    AttendeeRepository, ChangeNotifier, CheckedIn, Clock, DoorRepository, DoorState, EventRepository, NewWalkIn, RepoError, Topic,
    TopicWatch, WalkInError,
};

#[derive(Debug, thiserror::Error)]
pub enum DoorError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("{}", NOT_AT_THE_DOOR)]
    NotAtTheDoor,
    #[error("Event not found")]
    EventNotFound,
    #[error("Registration not found")]
    AttendeeNotFound,
    #[error("Walk-in not found")]
    WalkInNotFound,
    #[error("No registration for this event has the code {0}")]
    UnknownCode(String),
    #[error("{}", NOT_A_CODE)]
    NotACode,
    #[error("{}", full_message(*.0))]
    Full(i64),
    #[error("That member is registered for this event (confirmation {0}): check their registration in instead")]
    MemberRegistered(String),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

fn full_message(left: i64) -> String {
    match left {
        0 => "The event is full: no places are left".to_owned(),
        1 => "The event is nearly full: only 1 place is left".to_owned(),
        n => format!("The event is nearly full: only {n} places are left"),
    }
}

mandir_domain::failure!(DoorError, fields: Validation, {
    Self::Validation(_) | Self::NotACode => Invalid,
    Self::NotAtTheDoor => Forbidden,
    Self::EventNotFound | Self::AttendeeNotFound | Self::WalkInNotFound | Self::UnknownCode(_) => NotFound,
    Self::Full(_) | Self::MemberRegistered(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(DoorError: RepoError);

/// What a desk sees: entries, the change number they are as of, and the count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoorView {
    pub entries: Vec<DoorEntry>,
    pub seq: i64,
    pub count: DoorCount,
}

pub struct DoorDeps {
    pub door: Arc<dyn DoorRepository>,
    /// The events' registrations and walk-ins in memory, which the desks search (subscribe it to
    /// the process's changes).
    pub index: Arc<DoorIndex>,
    /// Who a coordinator put on an event's door, and the full door list.
    pub attendees: Arc<dyn AttendeeRepository>,
    pub events: Arc<dyn EventRepository>,
    pub clock: Arc<dyn Clock>,
    pub changes: Arc<dyn ChangeNotifier>,
    /// Wakes the desks waiting for a change ([`Topic::Door`], from any process).
    pub watch: Arc<TopicWatch>,
    pub audit: Recorder,
}

#[derive(Clone)]
pub struct DoorDeskService {
    deps: Arc<DoorDeps>,
}

impl DoorDeskService {
    pub fn new(deps: DoorDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    /// Door duty is granted by staff: the roles holding `door_duty` run every event's door, and a
    /// volunteer coordinator may put a member on one event's door. Signing up to volunteer grants
    /// nothing (the attendee list is members' private data).
    async fn require_door(&self, actor: &Actor, event_id: &EventId) -> Result<(), DoorError> {
        if actor.can(Permission::DoorDuty) || self.deps.attendees.on_door_duty(event_id, &actor.user_id).await? {
            Ok(())
        } else {
            Err(DoorError::NotAtTheDoor)
        }
    }

    /// The count and change number, or `EventNotFound`.
    async fn state(&self, event_id: &EventId) -> Result<DoorState, DoorError> {
        self.deps.door.state(event_id).await?.ok_or(DoorError::EventNotFound)
    }

    /// The door list: every registration with its member's name, party and arrival (a printable
    /// list for a door without a device).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn door_list(&self, actor: &Actor, event_id: &EventId) -> Result<Vec<AttendeeWithContact>, DoorError> {
        self.require_door(actor, event_id).await?;
        self.deps.events.get(event_id).await?.ok_or(DoorError::EventNotFound)?;
        Ok(self.deps.attendees.list_for_event(event_id).await?)
    }

    /// The registrations and walk-ins matching what the desk typed; the latest check-ins when it
    /// typed nothing.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn search(&self, actor: &Actor, event_id: &EventId, q: &str) -> Result<DoorView, DoorError> {
        self.require_door(actor, event_id).await?;
        let state = self.state(event_id).await?;
        let found = self.deps.index.search(event_id, &state, &DoorQuery::parse(q), SEARCH_LIMIT).await?;
        Ok(DoorView { entries: found.entries, seq: found.seq, count: state.count })
    }

    /// The entries changed after change number `after`, waiting up to `wait_seconds` (at most
    /// [`MAX_WAIT_SECONDS`]) for one when there is none yet. The answer's `seq` is what the desk
    /// asks after next: the count is read first, and only the changes up to its number are
    /// answered, so a change made meanwhile comes with the next answer rather than being skipped.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id, after))]
    pub async fn changes(&self, actor: &Actor, event_id: &EventId, after: i64, wait_seconds: u64) -> Result<DoorView, DoorError> {
        self.require_door(actor, event_id).await?;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(wait_seconds.min(MAX_WAIT_SECONDS));
        let mut waiter = self.deps.watch.subscribe();
        loop {
            waiter.mark_unchanged();
            let DoorState { count, seq, .. } = self.state(event_id).await?;
            if seq != after || tokio::time::Instant::now() >= deadline {
                let entries: Vec<DoorEntry> =
                    self.deps.door.changes(event_id, after, seq, CHANGES_LIMIT).await?.into_iter().map(|r| r.entry).collect();
                // A desk far behind gets the first changes, and asks again after the last one.
                let seq = if entries.len() as u64 >= CHANGES_LIMIT { entries.last().map_or(seq, |e| e.seq) } else { seq };
                return Ok(DoorView { entries, seq, count });
            }
            if tokio::time::timeout_at(deadline, waiter.changed()).await.is_err() {
                return Ok(DoorView { entries: Vec::new(), seq, count });
            }
        }
    }

    /// Checks a registration's party in (`people` who came; as registered when `None`), once: a
    /// second check-in, from this desk or another, changes nothing and says when it happened.
    /// `arrived: false` undoes a check-in made by mistake.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id, attendee = %attendee_id))]
    pub async fn check_in(
        &self,
        actor: &Actor,
        event_id: &EventId,
        attendee_id: &AttendeeId,
        arrived: bool,
        people: Option<i64>,
    ) -> Result<CheckedIn, DoorError> {
        self.require_door(actor, event_id).await?;
        let people = people.map(check_people).transpose().map_err(|m| DoorError::Validation(ValidationErrors::single("people", &m)))?;
        let not_found = |error| match error {
            RepoError::NotFound => DoorError::AttendeeNotFound,
            other => other.into(),
        };
        let result = if arrived {
            let check_in = CheckIn { attendee_id: attendee_id.clone(), people, by: actor.user_id.clone(), at: self.deps.clock.now() };
            self.deps.door.check_in(event_id, check_in).await.map_err(not_found)?
        } else {
            self.deps.door.undo_check_in(event_id, attendee_id).await.map_err(not_found)?
        };
        if !result.already {
            self.announce(actor, &result.entry, arrived).await;
        }
        Ok(result)
    }

    /// Checks in the registration whose confirmation code the desk scanned or typed.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn check_in_code(&self, actor: &Actor, event_id: &EventId, code: &str, people: Option<i64>) -> Result<CheckedIn, DoorError> {
        self.require_door(actor, event_id).await?;
        let code = normalize_code(code).ok_or(DoorError::NotACode)?;
        let Some(attendee_id) = self.deps.door.find_code(event_id, &code).await? else {
            self.state(event_id).await?;
            return Err(DoorError::UnknownCode(display_code(&code)));
        };
        self.check_in(actor, event_id, &attendee_id, true, people).await
    }

    /// Adds a party that came without registering, checked in now and counted against the
    /// capacity; joined to a member when their e-mail or phone finds exactly one.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id))]
    pub async fn add_walk_in(&self, actor: &Actor, event_id: &EventId, input: WalkInInput) -> Result<DoorEntry, DoorError> {
        self.require_door(actor, event_id).await?;
        let walk_in = input.validate().map_err(DoorError::Validation)?;
        let record = NewWalkIn { id: new_id(), event_id: event_id.clone(), walk_in, by: actor.user_id.clone(), at: self.deps.clock.now() };
        let entry = self.deps.door.add_walk_in(record).await.map_err(|error| match error {
            WalkInError::EventNotFound => DoorError::EventNotFound,
            WalkInError::Full(left) => DoorError::Full(left),
            WalkInError::MemberRegistered(code) => DoorError::MemberRegistered(display_code(&code)),
            WalkInError::Repo(error) => error.into(),
        })?;
        self.deps.changes.publish(Topic::Events).await;
        self.announce(actor, &entry, true).await;
        Ok(entry)
    }

    /// Takes off a walk-in added by mistake (their people leave the count).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, event = %event_id, walk_in = %id))]
    pub async fn remove_walk_in(&self, actor: &Actor, event_id: &EventId, id: &WalkInId) -> Result<(), DoorError> {
        self.require_door(actor, event_id).await?;
        let entry = self.deps.door.remove_walk_in(event_id, id, self.deps.clock.now()).await.map_err(|error| match error {
            RepoError::NotFound => DoorError::WalkInNotFound,
            other => other.into(),
        })?;
        self.deps.changes.publish(Topic::Events).await;
        self.announce(actor, &entry, false).await;
        Ok(())
    }

    /// Tells the other desks, and records the staff action.
    async fn announce(&self, actor: &Actor, entry: &DoorEntry, arrived: bool) {
        self.deps.changes.publish(Topic::Door).await;
        let walk_in = entry.kind == mandir_domain::door::DoorEntryKind::WalkIn;
        let (name, target, summary) = match (walk_in, arrived) {
            (false, true) => (
                "door.check_in",
                Target::of("attendee", &entry.id),
                format!("Checked in {} {} ({} people)", entry.first_name, entry.last_name, entry.arrived_people.unwrap_or(entry.people)),
            ),
            (false, false) => (
                "door.undo_check_in",
                Target::of("attendee", &entry.id),
                format!("Undid the check-in of {} {}", entry.first_name, entry.last_name),
            ),
            (true, true) => (
                "door.walk_in",
                Target::of("walk_in", &entry.id),
                format!("Added the walk-in {} {} ({} people)", entry.first_name, entry.last_name, entry.people),
            ),
            (true, false) => (
                "door.remove_walk_in",
                Target::of("walk_in", &entry.id),
                format!("Took off the walk-in {} {}", entry.first_name, entry.last_name),
            ),
        };
        self.deps.audit.acted(actor, Action::new(AuditKind::Events, name, target), summary, Vec::new()).await;
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};
    use mandir_domain::door::DoorEntryKind;
    use mandir_domain::staff::Role;

    use super::*;
    use crate::ports::DoorRecord;
    use crate::ports::attendee_repository::MockAttendeeRepository;
    use crate::ports::change_notifier::MockChangeNotifier;
    use crate::ports::door_repository::MockDoorRepository;
    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::{ChangeListener, LocalChangeBus};
    use crate::services::test_fixtures::{clock_at, member, recorder, staff};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 8, 17, 0, 0).single().expect("time")
    }

    fn entry(checked_in: bool) -> DoorEntry {
        DoorEntry {
            kind: DoorEntryKind::Registration,
            id: "a1".into(),
            first_name: "Priya".into(),
            last_name: "Sharma".into(),
            family_names: Vec::new(),
            phone_ending: Some("0142".into()),
            confirmation_code: Some("ABCD2345".into()),
            people: 4,
            arrived_people: checked_in.then_some(4),
            checked_in_at: checked_in.then(now),
            checked_in_by: checked_in.then(|| "Ravi K.".to_owned()),
            joined_to_member: false,
            removed: false,
            seq: i64::from(checked_in),
        }
    }

    struct Mocks {
        door: MockDoorRepository,
        attendees: MockAttendeeRepository,
        changes: MockChangeNotifier,
        watch: Arc<TopicWatch>,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                door: MockDoorRepository::new(),
                attendees: MockAttendeeRepository::new(),
                changes: MockChangeNotifier::new(),
                watch: Arc::new(TopicWatch::new(Topic::Door)),
            }
        }

        fn service(self) -> (DoorDeskService, Arc<std::sync::Mutex<Vec<mandir_domain::audit::AuditEntry>>>) {
            let (audit, entries) = recorder();
            let door = Arc::new(self.door);
            let deps = DoorDeps {
                index: Arc::new(DoorIndex::new(door.clone())),
                door,
                attendees: Arc::new(self.attendees),
                events: Arc::new(MockEventRepository::new()),
                clock: Arc::new(clock_at(now())),
                changes: Arc::new(self.changes),
                watch: self.watch,
                audit,
            };
            (DoorDeskService::new(deps), entries)
        }
    }

    #[tokio::test]
    async fn only_those_on_the_door_reach_it_and_a_coordinators_grant_covers_one_event() {
        let mut m = Mocks::new();
        m.attendees.expect_on_door_duty().returning(|event, _| Ok(event == "granted"));
        m.door.expect_state().returning(|_| Ok(Some(DoorState::default())));
        m.door.expect_book().times(2).returning(|_| Ok(Vec::new()));
        let (door, _) = m.service();
        let error = door.search(&member(), &"e1".into(), "priya").await.expect_err("a member");
        assert!(matches!(error, DoorError::NotAtTheDoor));
        assert_eq!(error.to_string(), NOT_AT_THE_DOOR);
        door.search(&member(), &"granted".into(), "").await.expect("put on this door");
        door.search(&staff(&[Role::FrontDesk]), &"e1".into(), "").await.expect("the front desk runs every door");
    }

    #[tokio::test]
    async fn a_check_in_is_announced_and_recorded_once_and_a_repeat_changes_nothing() {
        let mut m = Mocks::new();
        let mut first = true;
        m.door
            .expect_check_in()
            .withf(|event, c| event == "e1" && c.attendee_id == "a1" && c.people == Some(3) && c.at == now())
            .returning(move |_, _| {
                let already = !std::mem::replace(&mut first, false);
                Ok(CheckedIn { entry: entry(true), already })
            });
        m.changes.expect_publish().withf(|topic| *topic == Topic::Door).times(1).returning(|_| ());
        let (door, audit) = m.service();
        let desk = staff(&[Role::FrontDesk]);
        let done = door.check_in(&desk, &"e1".into(), &"a1".into(), true, Some(3)).await.expect("checked in");
        assert!(!done.already);
        let again = door.check_in(&desk, &"e1".into(), &"a1".into(), true, Some(3)).await.expect("answered");
        assert!(again.already);
        let audit = audit.lock().expect("lock");
        assert_eq!(audit.len(), 1, "one check-in, one record");
        assert_eq!((audit[0].action.as_str(), audit[0].summary.as_str()), ("door.check_in", "Checked in Priya Sharma (4 people)"));
    }

    #[tokio::test]
    async fn codes_are_read_before_they_are_looked_up_and_people_are_counted_sensibly() {
        let mut m = Mocks::new();
        m.door.expect_find_code().withf(|_, code| code == "ZZZZ0000").returning(|_, _| Ok(None));
        m.door.expect_state().returning(|_| Ok(Some(DoorState::default())));
        m.door.expect_check_in().never();
        let (door, _) = m.service();
        let desk = staff(&[Role::VolunteerCoordinator]);
        let error = door.check_in_code(&desk, &"e1".into(), "https://example.org/", None).await.expect_err("not a code");
        assert!(matches!(error, DoorError::NotACode));
        let error = door.check_in_code(&desk, &"e1".into(), "MANDIR:zzzz-oooo", None).await.expect_err("unknown");
        assert_eq!(error.to_string(), "No registration for this event has the code ZZZZ-0000");
        let error = door.check_in(&desk, &"e1".into(), &"a1".into(), true, Some(0)).await.expect_err("nobody came?");
        assert_eq!(error.to_string(), "Enter how many people came: 1 to 99");
    }

    #[tokio::test]
    async fn a_full_event_or_a_registered_member_turns_a_walk_in_away_with_the_reason() {
        for (refusal, message) in [
            (WalkInError::Full(0), "The event is full: no places are left"),
            (WalkInError::Full(2), "The event is nearly full: only 2 places are left"),
            (
                WalkInError::MemberRegistered("ABCD2345".into()),
                "That member is registered for this event (confirmation ABCD-2345): check their registration in instead",
            ),
        ] {
            let mut m = Mocks::new();
            let mut refusal = Some(refusal);
            m.door.expect_add_walk_in().times(1).returning(move |_| Err(refusal.take().expect("once")));
            m.changes.expect_publish().never();
            let (door, audit) = m.service();
            let input = WalkInInput { first_name: "Ravi".into(), last_name: "Kumar".into(), people: 3, ..WalkInInput::default() };
            let error = door.add_walk_in(&staff(&[Role::FrontDesk]), &"e1".into(), input).await.expect_err("refused");
            assert_eq!(error.to_string(), message);
            assert!(audit.lock().expect("lock").is_empty());
        }
    }

    #[tokio::test]
    async fn a_desk_waits_for_the_next_change_and_gets_only_what_is_numbered_up_to_the_count_it_read() {
        let mut m = Mocks::new();
        let seq = Arc::new(std::sync::atomic::AtomicI64::new(5));
        let read = seq.clone();
        m.door
            .expect_state()
            .returning(move |_| Ok(Some(DoorState { seq: read.load(std::sync::atomic::Ordering::SeqCst), ..DoorState::default() })));
        m.door
            .expect_changes()
            .withf(|_, after, upto, _| *after == 5 && *upto == 6)
            .times(1)
            .returning(|_, _, _, _| Ok(vec![DoorRecord { entry: entry(true), phone_digits: String::new() }]));
        let watch = m.watch.clone();
        let (door, _) = m.service();
        let desk = staff(&[Role::FrontDesk]);
        let bus = LocalChangeBus::default();
        bus.subscribe(watch);
        let waiting = tokio::spawn(async move { door.changes(&desk, &"e1".into(), 5, 20).await });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "nothing changed yet");
        seq.store(6, std::sync::atomic::Ordering::SeqCst);
        bus.relay(Topic::Door);
        let view = tokio::time::timeout(std::time::Duration::from_secs(2), waiting).await.expect("woken").expect("task").expect("changes");
        assert_eq!((view.seq, view.entries.len()), (6, 1));
    }

    #[tokio::test]
    async fn a_wait_with_nothing_new_ends_empty_at_its_time() {
        let mut m = Mocks::new();
        m.door.expect_state().returning(|_| Ok(Some(DoorState { seq: 7, ..DoorState::default() })));
        m.door.expect_changes().never();
        m.watch.changed(Topic::Events);
        let (door, _) = m.service();
        let view = door.changes(&staff(&[Role::FrontDesk]), &"e1".into(), 7, 1).await.expect("answered");
        assert_eq!((view.seq, view.entries.len()), (7, 0));
    }
}

//! Calendars (ADR 0105): one event's `.ics`, the temple's feed of upcoming events and recurring
//! services, and a member's personal feed of their registrations behind an unguessable link
//! whose token is stored hashed and can be replaced.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use mandir_domain::event::Event;
use mandir_domain::{EventId, UserId};

use super::{Actor, hash_secret, new_secret};
use crate::BoxError;
use crate::calendar::{CalendarEntry, EVENT_DURATION_MINUTES, SERVICE_DURATION_MINUTES, calendar_text};
use crate::ports::{
    AccountRepository, AttendeeRepository, Clock, EventRepository, RecurringServiceRepository, RepoError, TempleName, TempleZone,
};

/// How far ahead the temple's feed lists the recurring services' occurrences.
pub const FEED_SERVICE_DAYS: i64 = 90;
/// How long ended events stay in the personal feed.
pub const PERSONAL_FEED_PAST_DAYS: i64 = 90;

#[derive(Debug, thiserror::Error)]
pub enum CalendarError {
    #[error("Event not found")]
    NotFound,
    #[error("Calendar not found")]
    FeedNotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(CalendarError, {
    Self::NotFound | Self::FeedNotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(CalendarError: RepoError);

/// A calendar's text and the file name to download it as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarFile {
    pub filename: String,
    pub text: String,
}

pub struct CalendarDeps {
    pub events: Arc<dyn EventRepository>,
    pub attendees: Arc<dyn AttendeeRepository>,
    pub services: Arc<dyn RecurringServiceRepository>,
    pub accounts: Arc<dyn AccountRepository>,
    pub zone: Arc<dyn TempleZone>,
    pub temple: Arc<dyn TempleName>,
    pub clock: Arc<dyn Clock>,
    /// The site's address, for the events' links and the entries' UIDs.
    pub public_url: String,
    /// The days of the services that repeat by tithi or nakshatra.
    pub panchangam: super::panchangam::PanchangamService,
}

#[derive(Clone)]
pub struct CalendarService {
    deps: Arc<CalendarDeps>,
}

/// The host part of the site's address (`temple.example.org`), which makes the UIDs unique.
pub fn host_of(public_url: &str) -> &str {
    let rest = public_url.split_once("://").map_or(public_url, |(_, rest)| rest);
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    if host.is_empty() { "mandir" } else { host }
}

impl CalendarService {
    pub fn new(deps: CalendarDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    fn base(&self) -> &str {
        self.deps.public_url.trim_end_matches('/')
    }

    /// The calendar entry of an event (also what the registration e-mail attaches).
    pub fn event_entry(&self, event: &Event) -> CalendarEntry {
        CalendarEntry {
            uid: format!("event-{}@{}", event.id, host_of(&self.deps.public_url)),
            summary: event.name.clone(),
            description: event.description.clone(),
            location: Some(event.location.clone()),
            starts_at: event.event_date,
            ends_at: event.event_date + Duration::minutes(EVENT_DURATION_MINUTES),
            url: Some(format!("{}/events/{}", self.base(), event.id)),
            updated_at: event.updated_at,
            day: None,
        }
    }

    async fn render(&self, entries: &[CalendarEntry], title: Option<&str>) -> Result<String, CalendarError> {
        let zone = self.deps.zone.time_zone().await?;
        let temple = self.deps.temple.temple_name().await?;
        let name = title.map_or_else(|| temple.clone(), |t| format!("{temple}: {t}"));
        Ok(calendar_text(&name, zone, entries, self.deps.clock.now()))
    }

    /// One event's calendar, for "Add to calendar" and the confirmation e-mail.
    #[tracing::instrument(skip_all, fields(id = %id))]
    pub async fn event_calendar(&self, id: &EventId) -> Result<CalendarFile, CalendarError> {
        let event = self.deps.events.get(id).await?.ok_or(CalendarError::NotFound)?;
        self.calendar_of(&event).await
    }

    /// The calendar of an event at hand.
    #[tracing::instrument(skip_all)]
    pub async fn calendar_of(&self, event: &Event) -> Result<CalendarFile, CalendarError> {
        Ok(CalendarFile { filename: "event.ics".to_owned(), text: self.render(&[self.event_entry(event)], None).await? })
    }

    /// The temple's feed: every event that has not ended, and the recurring services'
    /// occurrences of the next [`FEED_SERVICE_DAYS`] days.
    #[tracing::instrument(skip_all)]
    pub async fn temple_feed(&self) -> Result<CalendarFile, CalendarError> {
        let now = self.deps.clock.now();
        let zone = self.deps.zone.time_zone().await?;
        let mut entries: Vec<CalendarEntry> =
            self.deps.events.list().await?.iter().filter(|e| !ended(e, now)).map(|e| self.event_entry(e)).collect();
        let today = now.with_timezone(&zone).date_naive();
        let host = host_of(&self.deps.public_url).to_owned();
        let services = self.deps.services.list().await?;
        let last = today + Duration::days(FEED_SERVICE_DAYS);
        let days = super::recurring_services::lunar_days(&self.deps.panchangam, &services, today, last)
            .await
            .map_err(|e| CalendarError::Unexpected(Box::new(e)))?;
        for service in services {
            for occurrence in service.schedule.occurrences(&zone, today, last, &days) {
                if occurrence.starts_at + Duration::minutes(SERVICE_DURATION_MINUTES) <= now {
                    continue;
                }
                entries.push(CalendarEntry {
                    uid: format!("service-{}-{}@{host}", service.id, occurrence.date.format("%Y%m%d")),
                    summary: service.name.clone(),
                    description: service.description.clone(),
                    location: None,
                    starts_at: occurrence.starts_at,
                    ends_at: occurrence.starts_at + Duration::minutes(SERVICE_DURATION_MINUTES),
                    url: Some(format!("{}/events#calendar", self.base())),
                    updated_at: service.updated_at,
                    day: None,
                });
            }
        }
        entries.sort_by(|a, b| a.starts_at.cmp(&b.starts_at).then_with(|| a.uid.cmp(&b.uid)));
        Ok(CalendarFile { filename: "calendar.ics".to_owned(), text: self.render(&entries, None).await? })
    }

    /// A member's feed of their registrations (those that ended over [`PERSONAL_FEED_PAST_DAYS`]
    /// ago drop out), found by the link's token; an unknown or replaced token is not found.
    #[tracing::instrument(skip_all)]
    pub async fn personal_feed(&self, token: &str) -> Result<CalendarFile, CalendarError> {
        if token.is_empty() || token.len() > 200 {
            return Err(CalendarError::FeedNotFound);
        }
        let user: UserId = self.deps.accounts.user_for_calendar_token(&hash_secret(token)).await?.ok_or(CalendarError::FeedNotFound)?;
        let since = self.deps.clock.now() - Duration::days(PERSONAL_FEED_PAST_DAYS);
        let entries: Vec<CalendarEntry> = self
            .deps
            .attendees
            .list_for_user(&user)
            .await?
            .iter()
            .filter(|(event, _)| !ended(event, since))
            .map(|(event, _)| self.event_entry(event))
            .collect();
        Ok(CalendarFile { filename: "my-events.ics".to_owned(), text: self.render(&entries, Some("my events")).await? })
    }

    /// The address of a personal feed's token.
    pub fn feed_url(&self, token: &str) -> String {
        format!("{}/api/calendar/{token}.ics", self.base())
    }

    /// Makes a new link for the member's personal feed; the previous one stops working. The
    /// token is shown only now: the database keeps its hash.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn reset_feed(&self, actor: &Actor) -> Result<String, CalendarError> {
        let (token, hash) = new_secret();
        self.deps.accounts.set_calendar_token(&actor.user_id, Some(hash), self.deps.clock.now()).await?;
        Ok(self.feed_url(&token))
    }

    /// Turns the member's personal feed off.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn stop_feed(&self, actor: &Actor) -> Result<(), CalendarError> {
        self.deps.accounts.set_calendar_token(&actor.user_id, None, self.deps.clock.now()).await?;
        Ok(())
    }
}

fn ended(event: &Event, now: DateTime<Utc>) -> bool {
    event.event_date + Duration::minutes(EVENT_DURATION_MINUTES) <= now
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::account_repository::MockAccountRepository;
    use crate::ports::attendee_repository::MockAttendeeRepository;

    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::recurring_service_repository::MockRecurringServiceRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::services::test_fixtures::{event, member, now, temple_name};
    use mandir_domain::recurring_service::{Recurrence, RecurringService, Schedule};
    use mockall::predicate::eq;

    struct Mocks {
        events: MockEventRepository,
        attendees: MockAttendeeRepository,
        services: MockRecurringServiceRepository,
        accounts: MockAccountRepository,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                events: MockEventRepository::new(),
                attendees: MockAttendeeRepository::new(),
                services: MockRecurringServiceRepository::new(),
                accounts: MockAccountRepository::new(),
            }
        }

        fn service(self) -> CalendarService {
            let clock = crate::services::test_fixtures::fixed_clock();
            let mut zone = MockTempleZone::new();
            zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
            CalendarService::new(CalendarDeps {
                events: Arc::new(self.events),
                attendees: Arc::new(self.attendees),
                services: Arc::new(self.services),
                accounts: Arc::new(self.accounts),
                zone: Arc::new(zone),
                temple: temple_name("Sri Ganesha Temple"),
                clock: Arc::new(clock),
                public_url: "https://temple.example.org/".into(),
                panchangam: crate::services::test_fixtures::panchangam(),
            })
        }
    }

    fn parsed(text: &str) -> Vec<icalendar::Event> {
        let calendar: icalendar::Calendar = text.parse().expect("valid");
        calendar.components.iter().filter_map(|c| c.as_event().cloned()).collect()
    }

    #[tokio::test]
    async fn an_event_calendar_names_the_event_with_a_stable_uid_and_link() {
        let mut m = Mocks::new();
        let e = event("e1", 3);
        let found = e.clone();
        m.events.expect_get().with(eq(EventId::from("e1"))).returning(move |_| Ok(Some(found.clone())));
        m.events.expect_get().returning(|_| Ok(None));
        let service = m.service();
        let file = service.event_calendar(&"e1".into()).await.expect("calendar");
        assert_eq!(file.filename, "event.ics");
        let events = parsed(&file.text);
        assert_eq!(events.len(), 1);
        use icalendar::{Component, EventLike};
        assert_eq!(events[0].get_uid(), Some("event-e1@temple.example.org"));
        assert_eq!(events[0].get_summary(), Some(e.name.as_str()));
        assert_eq!(events[0].get_location(), Some(e.location.as_str()));
        assert_eq!(events[0].get_url(), Some("https://temple.example.org/events/e1"));
        assert!(file.text.contains("X-WR-CALNAME:Sri Ganesha Temple"), "{}", file.text);
        assert!(matches!(service.event_calendar(&"gone".into()).await, Err(CalendarError::NotFound)));
    }

    #[tokio::test]
    async fn the_temple_feed_has_upcoming_events_and_the_services_occurrences() {
        let mut m = Mocks::new();
        let past = event("old", -1);
        let soon = event("soon", 2);
        m.events.expect_list().returning(move || Ok(vec![past.clone(), soon.clone()]));
        m.services.expect_list().returning(|| {
            Ok(vec![RecurringService {
                id: "s1".into(),
                name: "Abhishekam".into(),
                description: None,
                schedule: Schedule {
                    recurrence: Recurrence::Weekly(vec![mandir_domain::recurring_service::DayOfWeek::Saturday]),
                    time: chrono::NaiveTime::from_hms_opt(7, 0, 0).expect("time"),
                    end_date: None,
                },
                created_at: now(),
                updated_at: now(),
            }])
        });
        let file = m.service().temple_feed().await.expect("feed");
        use icalendar::Component;
        let uids: Vec<String> = parsed(&file.text).iter().map(|e| e.get_uid().expect("uid").to_owned()).collect();
        assert!(uids.contains(&"event-soon@temple.example.org".to_owned()), "{uids:?}");
        assert!(!uids.iter().any(|u| u.starts_with("event-old")), "ended events are left out");
        let saturdays = uids.iter().filter(|u| u.starts_with("service-s1-")).count();
        assert!((12..=14).contains(&saturdays), "about 13 Saturdays in 90 days: {saturdays}");
    }

    #[tokio::test]
    async fn the_personal_feed_is_found_by_the_hash_of_its_token_only() {
        let mut m = Mocks::new();
        m.accounts.expect_user_for_calendar_token().with(eq(hash_secret("tok"))).returning(|_| Ok(Some("m".into())));
        m.accounts.expect_user_for_calendar_token().returning(|_| Ok(None));
        let mine = event("e9", 5);
        let registration = mandir_domain::registration::Attendee {
            id: "a1".into(),
            event_id: "e9".into(),
            user_id: "m".into(),
            number_of_family_members: 0,
            additional_notes: None,
            checked_in_at: None,
            confirmation_code: None,
            created_at: now(),
            updated_at: now(),
        };
        m.attendees.expect_list_for_user().with(eq(UserId::from("m"))).returning(move |_| Ok(vec![(mine.clone(), registration.clone())]));
        let service = m.service();
        let file = service.personal_feed("tok").await.expect("feed");
        assert!(file.text.contains("event-e9@temple.example.org"));
        assert!(file.text.contains("X-WR-CALNAME:Sri Ganesha Temple: my events"));
        assert!(matches!(service.personal_feed("other").await, Err(CalendarError::FeedNotFound)));
        assert!(matches!(service.personal_feed("").await, Err(CalendarError::FeedNotFound)));
    }

    #[tokio::test]
    async fn resetting_the_feed_stores_only_the_hash_of_the_new_token() {
        let mut m = Mocks::new();
        let stored = Arc::new(std::sync::Mutex::new(None::<String>));
        let keep = stored.clone();
        m.accounts.expect_set_calendar_token().times(1).returning(move |user, hash, _| {
            assert_eq!(user.as_str(), "m");
            *keep.lock().expect("lock") = hash;
            Ok(())
        });
        let url = m.service().reset_feed(&member()).await.expect("url");
        let token = url.strip_prefix("https://temple.example.org/api/calendar/").and_then(|t| t.strip_suffix(".ics")).expect("feed url");
        assert!(token.len() >= 40, "unguessable: {token}");
        assert_eq!(stored.lock().expect("lock").as_deref(), Some(hash_secret(token).as_str()));
    }
}

//! Recurring services: anyone reads them with their next occurrence, computed here in the temple's
//! zone (the home page and the events calendar both read them from here, so they agree); admins
//! create, edit and delete them.

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use mandir_domain::RecurringServiceId;
use mandir_domain::ValidationErrors;
use mandir_domain::panchangam::PanchangamDay;
use mandir_domain::recurring_service::{LUNAR_SEARCH_DAYS, Occurrence, RecurringService, RecurringServiceInput, parse_range};
use mandir_domain::staff::Permission;

use mandir_domain::audit::AuditKind;

use super::audit::{Action, Recorder, Target};
use super::panchangam::PanchangamService;
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{ChangeNotifier, Clock, RecurringServiceRepository, RepoError, TempleZone, Topic};

#[derive(Debug, thiserror::Error)]
pub enum RecurringServiceError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("Service not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(RecurringServiceError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(RecurringServiceError: RepoError);

impl From<super::panchangam::PanchangamError> for RecurringServiceError {
    fn from(error: super::panchangam::PanchangamError) -> Self {
        Self::Unexpected(Box::new(error))
    }
}

/// The panchangam at the temple from the day before `from` to `to`, when one of `services`
/// repeats by tithi or nakshatra; none otherwise (the others' dates need no astronomy).
pub async fn lunar_days(
    panchangam: &PanchangamService,
    services: &[RecurringService],
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<PanchangamDay>, super::panchangam::PanchangamError> {
    if !services.iter().any(|s| s.schedule.recurrence.is_lunar()) {
        return Ok(Vec::new());
    }
    Ok(panchangam.temple_days(from - Duration::days(1), to).await?.1)
}

/// The panchangam [`Schedule::next_after`](mandir_domain::recurring_service::Schedule::next_after)
/// needs at `now` in `zone` for `services`.
async fn days_for_next(
    panchangam: &PanchangamService,
    services: &[RecurringService],
    zone: Tz,
    now: DateTime<Utc>,
) -> Result<Vec<PanchangamDay>, super::panchangam::PanchangamError> {
    let today = now.with_timezone(&zone).date_naive();
    lunar_days(panchangam, services, today - Duration::days(1), today + Duration::days(LUNAR_SEARCH_DAYS + 2)).await
}

fn not_found_or(error: RepoError) -> RecurringServiceError {
    match error {
        RepoError::NotFound => RecurringServiceError::NotFound,
        other => other.into(),
    }
}

/// A service with its next occurrence (none once its end date has passed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledService {
    pub service: RecurringService,
    pub next: Option<Occurrence>,
}

/// One occurrence of a service, for calendars.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceOccurrence {
    pub service_id: RecurringServiceId,
    pub name: String,
    pub occurrence: Occurrence,
}

#[derive(Clone)]
pub struct RecurringServiceService {
    services: Arc<dyn RecurringServiceRepository>,
    zone: Arc<dyn TempleZone>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    audit: Recorder,
    panchangam: PanchangamService,
}

impl RecurringServiceService {
    pub fn new(
        services: Arc<dyn RecurringServiceRepository>,
        zone: Arc<dyn TempleZone>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        audit: Recorder,
        panchangam: PanchangamService,
    ) -> Self {
        Self { services, zone, clock, changes, audit, panchangam }
    }

    async fn scheduled(&self, service: RecurringService) -> Result<ScheduledService, RecurringServiceError> {
        let zone = self.zone.time_zone().await?;
        let now = self.clock.now();
        let days = days_for_next(&self.panchangam, std::slice::from_ref(&service), zone, now).await?;
        let next = service.schedule.next_after(&zone, now, &days);
        Ok(ScheduledService { service, next })
    }

    /// The temple's zone and every service with its next occurrence, soonest first; services that
    /// have ended come last, by name.
    #[tracing::instrument(skip_all)]
    pub async fn list(&self) -> Result<(Tz, Vec<ScheduledService>), RecurringServiceError> {
        let zone = self.zone.time_zone().await?;
        let now = self.clock.now();
        let services = self.services.list().await?;
        let days = days_for_next(&self.panchangam, &services, zone, now).await?;
        let mut list: Vec<ScheduledService> = services
            .into_iter()
            .map(|service| {
                let next = service.schedule.next_after(&zone, now, &days);
                ScheduledService { service, next }
            })
            .collect();
        list.sort_by(|a, b| match (&a.next, &b.next) {
            (Some(x), Some(y)) => x.starts_at.cmp(&y.starts_at).then_with(|| a.service.name.cmp(&b.service.name)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a.service.name.cmp(&b.service.name),
        });
        Ok((zone, list))
    }

    /// Every occurrence of every service on the local dates `from` to `to` ("YYYY-MM-DD", both
    /// included, at most 366 days), in time order.
    #[tracing::instrument(skip_all)]
    pub async fn occurrences(&self, from: Option<&str>, to: Option<&str>) -> Result<(Tz, Vec<ServiceOccurrence>), RecurringServiceError> {
        let (from, to) = parse_range(from, to).map_err(RecurringServiceError::Validation)?;
        let zone = self.zone.time_zone().await?;
        let services = self.services.list().await?;
        let days = lunar_days(&self.panchangam, &services, from, to).await?;
        let mut all: Vec<ServiceOccurrence> = Vec::new();
        for service in services {
            for occurrence in service.schedule.occurrences(&zone, from, to, &days) {
                all.push(ServiceOccurrence { service_id: service.id.clone(), name: service.name.clone(), occurrence });
            }
        }
        all.sort_by(|a, b| a.occurrence.starts_at.cmp(&b.occurrence.starts_at).then_with(|| a.name.cmp(&b.name)));
        Ok((zone, all))
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: RecurringServiceInput) -> Result<ScheduledService, RecurringServiceError> {
        actor.require(Permission::EditContent)?;
        let valid = input.validate().map_err(RecurringServiceError::Validation)?;
        let created = self.services.create(new_id(), valid, self.clock.now()).await?;
        self.changes.publish(Topic::Site).await;
        let action = Action::new(AuditKind::Site, "service.create", Target::of("service", &created.id));
        self.audit.changed(actor, action, format!("Added the service {}", created.name), None::<&RecurringService>, Some(&created)).await;
        self.scheduled(created).await
    }

    /// Replaces every field of the service.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(
        &self,
        actor: &Actor,
        id: &RecurringServiceId,
        input: RecurringServiceInput,
    ) -> Result<ScheduledService, RecurringServiceError> {
        actor.require(Permission::EditContent)?;
        let valid = input.validate().map_err(RecurringServiceError::Validation)?;
        let updated = self.services.update(id, valid, self.clock.now()).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Site).await;
        let action = Action::new(AuditKind::Site, "service.update", Target::of("service", id));
        self.audit.acted(actor, action, format!("Changed the service {}", updated.name), Vec::new()).await;
        self.scheduled(updated).await
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete(&self, actor: &Actor, id: &RecurringServiceId) -> Result<(), RecurringServiceError> {
        actor.require(Permission::EditContent)?;
        self.services.delete(id).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Site).await;
        let action = Action::new(AuditKind::Site, "service.delete", Target::of("service", id));
        self.audit.acted(actor, action, "Deleted a service".to_owned(), Vec::new()).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::recurring_service_repository::MockRecurringServiceRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::services::test_fixtures::{admin, member, now};
    use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
    use mandir_domain::recurring_service::{DayOfWeek, Recurrence, Schedule, TIME_INVALID};
    use mandir_domain::{ErrorKind, Failure};

    fn service(repo: MockRecurringServiceRepository, zone: Tz) -> RecurringServiceService {
        let clock = crate::services::test_fixtures::fixed_clock();
        let mut temple_zone = MockTempleZone::new();
        temple_zone.expect_time_zone().returning(move || Ok(zone));
        RecurringServiceService::new(
            Arc::new(repo),
            Arc::new(temple_zone),
            Arc::new(clock),
            crate::services::test_fixtures::changes(),
            crate::services::test_fixtures::recorder().0,
            crate::services::test_fixtures::panchangam(),
        )
    }

    fn stored(id: &str, name: &str, recurrence: Recurrence, hour: u32) -> RecurringService {
        RecurringService {
            id: id.into(),
            name: name.into(),
            description: None,
            schedule: Schedule { recurrence, time: NaiveTime::from_hms_opt(hour, 0, 0).expect("time"), end_date: None },
            created_at: now(),
            updated_at: now(),
        }
    }

    fn input() -> RecurringServiceInput {
        RecurringServiceInput {
            name: "Abhishekam".into(),
            frequency: "weekly".into(),
            weekdays: vec!["saturday".into()],
            time: "09:00".into(),
            ..Default::default()
        }
    }

    #[tokio::test]
    async fn members_cannot_manage_services() {
        let mut repo = MockRecurringServiceRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        repo.expect_delete().never();
        let s = service(repo, chrono_tz::America::Los_Angeles);
        assert!(matches!(s.create(&member(), input()).await, Err(RecurringServiceError::Forbidden)));
        assert!(matches!(s.update(&member(), &"x".into(), input()).await, Err(RecurringServiceError::Forbidden)));
        assert!(matches!(s.delete(&member(), &"x".into()).await, Err(RecurringServiceError::Forbidden)));
        assert_eq!(RecurringServiceError::Forbidden.kind(), ErrorKind::Forbidden);
    }

    #[tokio::test]
    async fn invalid_forms_never_reach_the_repository() {
        let mut repo = MockRecurringServiceRepository::new();
        repo.expect_create().never();
        let s = service(repo, chrono_tz::America::Los_Angeles);
        let Err(RecurringServiceError::Validation(errors)) =
            s.create(&admin(), RecurringServiceInput { time: "9am".into(), ..input() }).await
        else {
            panic!("validation error")
        };
        assert_eq!(errors.get("time"), Some(TIME_INVALID));
    }

    #[tokio::test]
    async fn admin_creates_and_gets_the_next_occurrence_in_the_temples_zone() {
        let mut repo = MockRecurringServiceRepository::new();
        repo.expect_create().withf(|id, s, at| !id.is_empty() && s.name == "Abhishekam" && *at == now()).returning(|id, s, at| {
            Ok(RecurringService { id, name: s.name, description: s.description, schedule: s.schedule, created_at: at, updated_at: at })
        });
        let created = service(repo, chrono_tz::America::Los_Angeles).create(&admin(), input()).await.expect("created");
        // now() is Sunday 2026-11-01 12:00 UTC: the next Saturday 9:00 AM PST is November 7, 17:00 UTC.
        let next = created.next.expect("next");
        assert_eq!(next.date, NaiveDate::from_ymd_opt(2026, 11, 7).expect("date"));
        assert_eq!(next.starts_at, Utc.with_ymd_and_hms(2026, 11, 7, 17, 0, 0).single().expect("instant"));
    }

    #[tokio::test]
    async fn lists_soonest_first_with_ended_services_last() {
        let mut repo = MockRecurringServiceRepository::new();
        let ended = RecurringService {
            schedule: Schedule { end_date: NaiveDate::from_ymd_opt(2026, 1, 1), ..stored("e", "Ended", Recurrence::Daily, 7).schedule },
            ..stored("e", "Ended", Recurrence::Daily, 7)
        };
        let list = vec![
            ended,
            stored("w", "Weekly", Recurrence::Weekly(vec![DayOfWeek::Tuesday]), 18),
            stored("d", "Daily", Recurrence::Daily, 19),
        ];
        repo.expect_list().returning(move || Ok(list.clone()));
        let (zone, services) = service(repo, chrono_tz::America::Los_Angeles).list().await.expect("list");
        assert_eq!(zone, chrono_tz::America::Los_Angeles);
        let names: Vec<&str> = services.iter().map(|s| s.service.name.as_str()).collect();
        assert_eq!(names, ["Daily", "Weekly", "Ended"]);
        assert!(services[2].next.is_none());
    }

    #[tokio::test]
    async fn occurrences_of_every_service_in_time_order_for_a_checked_range() {
        let mut repo = MockRecurringServiceRepository::new();
        let list =
            vec![stored("w", "Weekly", Recurrence::Weekly(vec![DayOfWeek::Saturday]), 9), stored("d", "Daily", Recurrence::Daily, 19)];
        repo.expect_list().returning(move || Ok(list.clone()));
        let s = service(repo, chrono_tz::Asia::Kolkata);
        let (_, all) = s.occurrences(Some("2026-03-06"), Some("2026-03-07")).await.expect("occurrences");
        let seen: Vec<(String, &str)> = all.iter().map(|o| (o.occurrence.date.to_string(), o.name.as_str())).collect();
        assert_eq!(seen, [("2026-03-06".into(), "Daily"), ("2026-03-07".into(), "Weekly"), ("2026-03-07".into(), "Daily")]);
        // 9:00 AM in India is 3:30 UTC.
        assert_eq!(all[1].occurrence.starts_at, Utc.with_ymd_and_hms(2026, 3, 7, 3, 30, 0).single().expect("instant"));
        assert!(matches!(s.occurrences(Some("2026-03-07"), Some("2026-03-01")).await, Err(RecurringServiceError::Validation(_))));
    }

    #[tokio::test]
    async fn editing_or_deleting_a_missing_service_is_not_found() {
        let mut repo = MockRecurringServiceRepository::new();
        repo.expect_update().returning(|_, _, _| Err(RepoError::NotFound));
        repo.expect_delete().returning(|_| Err(RepoError::NotFound));
        let s = service(repo, chrono_tz::America::Los_Angeles);
        assert!(matches!(s.update(&admin(), &"gone".into(), input()).await, Err(RecurringServiceError::NotFound)));
        assert!(matches!(s.delete(&admin(), &"gone".into()).await, Err(RecurringServiceError::NotFound)));
    }
}

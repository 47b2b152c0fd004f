//! Star birthdays (docs/product.md#star-birthdays): a member records the birth star (janma
//! nakshatra) of themself and of each family member, chosen or worked out from the birth's date,
//! time and place, and may ask to be e-mailed a few days before each monthly star day (the day
//! the star is at sunrise at the temple) with a link to book an archana that day. Reminders are
//! queued by a periodic job into the members' e-mail outbox, once per person and star day.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{Duration, NaiveDate};
use mandir_domain::festival::nakshatra_days;
use mandir_domain::panchangam::PanchangamDay;
use mandir_domain::recurring_service::LUNAR_SEARCH_DAYS;
use mandir_domain::star_birthday::{StarBirthday, StarBirthdayInput};
use mandir_domain::{FamilyMemberId, StarBirthdayId, UserId, ValidationErrors};

use super::jobs::{Job, Step};
use super::member_mail::MemberMailService;
use super::panchangam::{PanchangamError, PanchangamService};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{Clock, FamilyMemberRepository, MemberOutbox, RepoError, StarBirthdayRepository, StarDayNotice, UserRepository};

#[derive(Debug, thiserror::Error)]
pub enum StarBirthdayError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Family member not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(StarBirthdayError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(StarBirthdayError: RepoError, PanchangamError);

fn not_found_or(error: RepoError) -> StarBirthdayError {
    match error {
        RepoError::NotFound => StarBirthdayError::NotFound,
        other => other.into(),
    }
}

/// The most days before a star day a reminder may go out.
const MOST_DAYS_BEFORE: i64 = 7;

/// A person of a member's family (the member first) with the birth star recorded for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonStar {
    /// `None` for the member themself.
    pub family_member_id: Option<FamilyMemberId>,
    pub name: String,
    pub relation: Option<String>,
    pub star: Option<StarBirthday>,
    /// The next day (today or later) the star is at sunrise at the temple.
    pub next_star_day: Option<NaiveDate>,
}

#[derive(Clone)]
pub struct StarBirthdayService {
    stars: Arc<dyn StarBirthdayRepository>,
    family: Arc<dyn FamilyMemberRepository>,
    users: Arc<dyn UserRepository>,
    outbox: Arc<dyn MemberOutbox>,
    panchangam: PanchangamService,
    clock: Arc<dyn Clock>,
}

/// The first day on or after `today` among `days` on which `star` falls.
fn next_day(star: u8, days: &[PanchangamDay], today: NaiveDate) -> Option<NaiveDate> {
    nakshatra_days(star, days).into_iter().find(|d| *d >= today)
}

impl StarBirthdayService {
    pub fn new(
        stars: Arc<dyn StarBirthdayRepository>,
        family: Arc<dyn FamilyMemberRepository>,
        users: Arc<dyn UserRepository>,
        outbox: Arc<dyn MemberOutbox>,
        panchangam: PanchangamService,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { stars, family, users, outbox, panchangam, clock }
    }

    /// Today at the temple and the panchangam from yesterday to `ahead` days after.
    async fn days_from_today(&self, ahead: i64) -> Result<(NaiveDate, Vec<PanchangamDay>), StarBirthdayError> {
        let (_, today) = self.panchangam.place_and_today().await?;
        let (_, days) = self.panchangam.temple_days(today - Duration::days(1), today + Duration::days(ahead)).await?;
        Ok((today, days))
    }

    /// The member and their family members, each with their birth star and next star day.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor) -> Result<Vec<PersonStar>, StarBirthdayError> {
        let user = self.users.find_by_id(&actor.user_id).await?.ok_or(StarBirthdayError::NotFound)?;
        let family = self.family.list(&actor.user_id).await?;
        let stars = self.stars.list(&actor.user_id).await?;
        let (today, days) = self.days_from_today(LUNAR_SEARCH_DAYS + 2).await?;
        let of = |member: Option<&FamilyMemberId>| stars.iter().find(|s| s.family_member_id.as_ref() == member).cloned();
        let person = |family_member_id: Option<FamilyMemberId>, name: String, relation: Option<String>| {
            let star = of(family_member_id.as_ref());
            let next_star_day = star.as_ref().and_then(|s| next_day(s.nakshatra, &days, today));
            PersonStar { family_member_id, name, relation, star, next_star_day }
        };
        let mut people = vec![person(None, format!("{} {}", user.first_name, user.last_name), None)];
        people.extend(family.into_iter().map(|m| person(Some(m.id), m.person.name, m.relation)));
        Ok(people)
    }

    /// Records the birth star of the member (`None`) or of one of their family members, chosen or
    /// worked out from the birth; answers the person as [`Self::list`] shows them.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn put(
        &self,
        actor: &Actor,
        family_member: Option<&FamilyMemberId>,
        input: StarBirthdayInput,
    ) -> Result<PersonStar, StarBirthdayError> {
        let (today, days) = self.days_from_today(LUNAR_SEARCH_DAYS + 2).await?;
        let star = input.validate(today, |at| self.panchangam.nakshatra_at(at)).map_err(StarBirthdayError::Validation)?;
        let id: StarBirthdayId = new_id();
        let saved = self.stars.put(&id, &actor.user_id, family_member.cloned(), &star, self.clock.now()).await.map_err(not_found_or)?;
        let people = self.list(actor).await?;
        let next_star_day = next_day(saved.nakshatra, &days, today);
        people
            .into_iter()
            .find(|p| p.family_member_id.as_ref() == family_member)
            .map(|p| PersonStar { star: Some(saved.clone()), next_star_day, ..p })
            .ok_or(StarBirthdayError::NotFound)
    }

    /// Forgets the birth star recorded for the member (`None`) or a family member.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn delete(&self, actor: &Actor, family_member: Option<&FamilyMemberId>) -> Result<(), StarBirthdayError> {
        self.stars.delete(&actor.user_id, family_member.cloned()).await.map_err(not_found_or)
    }

    /// The birth star (1–27) of a birth's date, time and time zone: the nakshatra the Moon was in.
    #[tracing::instrument(skip_all)]
    pub async fn work_out(&self, date: Option<String>, time: Option<String>, zone: Option<String>) -> Result<u8, StarBirthdayError> {
        let (_, today) = self.panchangam.place_and_today().await?;
        let blank = |text: &Option<String>| text.as_deref().is_none_or(|t| t.trim().is_empty());
        let mut errors = ValidationErrors::new();
        for (field, text) in [("birthDate", &date), ("birthTime", &time), ("birthZone", &zone)] {
            if blank(text) {
                errors.add(field, mandir_domain::star_birthday::BIRTH_INCOMPLETE);
            }
        }
        if !errors.is_empty() {
            return Err(StarBirthdayError::Validation(errors));
        }
        let input = StarBirthdayInput { birth_date: date, birth_time: time, birth_zone: zone, ..StarBirthdayInput::default() };
        Ok(input.validate(today, |at| self.panchangam.nakshatra_at(at)).map_err(StarBirthdayError::Validation)?.nakshatra)
    }

    /// Queues the star-day reminders now due: for every star birthday whose reminder is on, the
    /// next star day when it is at most its `days_before` away (once per person and star day,
    /// however often this runs). Answers how many were queued.
    #[tracing::instrument(skip_all)]
    pub async fn queue_reminders(&self) -> Result<u64, StarBirthdayError> {
        let targets = self.stars.reminding().await?;
        if targets.is_empty() {
            return Ok(0);
        }
        let (today, days) = self.days_from_today(MOST_DAYS_BEFORE + LUNAR_SEARCH_DAYS).await?;
        let due: Vec<(UserId, StarDayNotice)> = targets
            .into_iter()
            .filter_map(|t| {
                let date = next_day(t.nakshatra, &days, today)?;
                ((date - today).num_days() <= i64::from(t.days_before)).then(|| {
                    let notice =
                        StarDayNotice { star_birthday_id: t.id.into_string(), person: t.person, own: t.own, nakshatra: t.nakshatra, date };
                    (t.user_id, notice)
                })
            })
            .collect();
        if due.is_empty() {
            return Ok(0);
        }
        Ok(self.outbox.queue_star_days(&due, self.clock.now()).await?)
    }
}

/// The periodic job adding the star-day reminders that are due and sending them.
pub struct QueueStarReminders {
    pub stars: StarBirthdayService,
    pub mail: MemberMailService,
}

#[async_trait]
impl Job for QueueStarReminders {
    fn name(&self) -> &'static str {
        "queue-star-reminders"
    }

    fn description(&self) -> &'static str {
        "Adds the reminders of star days coming up (star birthdays) and sends them"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        let queued = self.stars.queue_reminders().await?;
        self.mail.deliver_due().await?;
        Ok(Step::done(queued))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::StarReminderTarget;
    use crate::ports::family_member_repository::MockFamilyMemberRepository;
    use crate::ports::member_outbox::MockMemberOutbox;
    use crate::ports::star_birthday_repository::MockStarBirthdayRepository;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{fixed_clock, member, now, panchangam, user};
    use mandir_domain::family_member::{FamilyMember, Person};
    use mandir_domain::star_birthday::{NAKSHATRA_REQUIRED, NewStarBirthday};

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("valid")
    }

    fn stored(family_member: Option<&str>, nakshatra: u8, remind: bool) -> StarBirthday {
        StarBirthday {
            id: "s1".into(),
            user_id: "u1".into(),
            family_member_id: family_member.map(Into::into),
            nakshatra,
            birth: None,
            remind,
            days_before: 2,
            created_at: now(),
            updated_at: now(),
        }
    }

    struct Ports {
        stars: MockStarBirthdayRepository,
        family: MockFamilyMemberRepository,
        users: MockUserRepository,
        outbox: MockMemberOutbox,
    }

    impl Ports {
        fn new() -> Self {
            let mut users = MockUserRepository::new();
            users.expect_find_by_id().returning(|_| Ok(Some(user("u1"))));
            let mut family = MockFamilyMemberRepository::new();
            family.expect_list().returning(|_| {
                Ok(vec![FamilyMember {
                    id: "f1".into(),
                    user_id: "u1".into(),
                    person: Person { name: "Anand".into(), ..Person::default() },
                    relation: Some("Son".into()),
                    birth_date: None,
                    created_at: now(),
                    updated_at: now(),
                }])
            });
            Self { stars: MockStarBirthdayRepository::new(), family, users, outbox: MockMemberOutbox::new() }
        }

        fn service(self) -> StarBirthdayService {
            StarBirthdayService::new(
                Arc::new(self.stars),
                Arc::new(self.family),
                Arc::new(self.users),
                Arc::new(self.outbox),
                panchangam(),
                Arc::new(fixed_clock()),
            )
        }
    }

    #[tokio::test]
    async fn the_family_is_listed_with_each_star_and_its_next_day() {
        let mut ports = Ports::new();
        ports.stars.expect_list().returning(|_| Ok(vec![stored(Some("f1"), 4, true)]));
        let people = ports.service().list(&member()).await.expect("list");
        assert_eq!(people.len(), 2);
        assert_eq!((people[0].family_member_id.clone(), people[0].star.clone()), (None, None));
        assert_eq!(people[1].name, "Anand");
        // The test panchangam has nakshatra n % 27 + 1 on day n of 2026; now() is November 1
        // (day 304, nakshatra 8): nakshatra 4 is next on day 327, November 24.
        assert_eq!(people[1].next_star_day, Some(day(2026, 11, 24)));
    }

    #[tokio::test]
    async fn a_star_is_chosen_or_worked_out_from_the_birth() {
        let mut ports = Ports::new();
        ports
            .stars
            .expect_put()
            .withf(|_, user, member, star, _| {
                *user == crate::services::test_fixtures::member().user_id && member.is_none() && star.nakshatra == 1 && star.remind
            })
            .returning(|id, user, _, star: &NewStarBirthday, at| {
                Ok(StarBirthday {
                    id: id.clone(),
                    user_id: user.clone(),
                    nakshatra: star.nakshatra,
                    remind: star.remind,
                    updated_at: at,
                    ..stored(None, 1, false)
                })
            });
        ports.stars.expect_list().returning(|_| Ok(Vec::new()));
        let s = ports.service();
        // The test almanac's nakshatra at an instant is its Unix seconds % 27 + 1.
        let input = StarBirthdayInput {
            birth_date: Some("1990-08-15".into()),
            birth_time: Some("05:30".into()),
            birth_zone: Some("Asia/Kolkata".into()),
            remind: true,
            ..StarBirthdayInput::default()
        };
        let midnight = chrono::DateTime::parse_from_rfc3339("1990-08-15T00:00:00Z").expect("valid").timestamp();
        assert_eq!(u8::try_from(midnight % 27).expect("valid") + 1, 1);
        let saved = s.put(&member(), None, input).await.expect("saved");
        assert_eq!(saved.star.map(|s| s.nakshatra), Some(1));
        assert_eq!(s.work_out(Some("1990-08-15".into()), Some("05:30".into()), Some("Asia/Kolkata".into())).await.expect("worked out"), 1);
        let Err(StarBirthdayError::Validation(errors)) = s.put(&member(), None, StarBirthdayInput::default()).await else {
            panic!("refused")
        };
        assert_eq!(errors.get("nakshatra"), Some(NAKSHATRA_REQUIRED));
    }

    #[tokio::test]
    async fn a_family_member_of_someone_else_is_not_found() {
        let mut ports = Ports::new();
        ports.stars.expect_put().returning(|_, _, _, _, _| Err(RepoError::NotFound));
        ports.stars.expect_delete().returning(|_, _| Err(RepoError::NotFound));
        let s = ports.service();
        let input = StarBirthdayInput { nakshatra: Some(3), ..StarBirthdayInput::default() };
        assert!(matches!(s.put(&member(), Some(&"other".into()), input).await, Err(StarBirthdayError::NotFound)));
        assert!(matches!(s.delete(&member(), Some(&"other".into())).await, Err(StarBirthdayError::NotFound)));
    }

    #[tokio::test]
    async fn reminders_are_queued_within_their_days_before_the_star_day() {
        let mut ports = Ports::new();
        let target = |id: &str, nakshatra: u8, days_before: u8| StarReminderTarget {
            id: id.into(),
            user_id: "u1".into(),
            person: "Anand".into(),
            own: false,
            nakshatra,
            days_before,
        };
        // now() is November 1 (nakshatra 8 that day): 9 is tomorrow, 12 in four days, 8 today.
        ports
            .stars
            .expect_reminding()
            .returning(move || Ok(vec![target("a", 9, 2), target("b", 12, 2), target("c", 8, 1), target("d", 12, 7)]));
        ports
            .outbox
            .expect_queue_star_days()
            .withf(|due, at| {
                let seen: Vec<(&str, NaiveDate)> = due.iter().map(|(_, n)| (n.star_birthday_id.as_str(), n.date)).collect();
                seen == [("a", day(2026, 11, 2)), ("c", day(2026, 11, 1)), ("d", day(2026, 11, 5))] && *at == now()
            })
            .times(1)
            .returning(|due, _| Ok(due.len() as u64));
        assert_eq!(ports.service().queue_reminders().await.expect("queued"), 3);
    }

    #[tokio::test]
    async fn no_reminders_no_astronomy() {
        let mut ports = Ports::new();
        ports.stars.expect_reminding().returning(|| Ok(Vec::new()));
        ports.outbox.expect_queue_star_days().never();
        assert_eq!(ports.service().queue_reminders().await.expect("none"), 0);
    }
}

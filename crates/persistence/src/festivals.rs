//! The festivals' rules and the events made from them (migration 000045): a rule per row, and per
//! rule and local date the event made for it.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{FestivalEvent, FestivalRepository, RepoError};
use mandir_domain::event::{Event, ImageSource};
use mandir_domain::festival::{Festival, FestivalMonth, FestivalRule, Moment, NewFestival, TwoDays};
use mandir_domain::{EventId, FestivalRuleId, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{events, festival_events, festival_rules};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmFestivalRepository {
    db: Database,
}

impl SeaOrmFestivalRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn bad_row(id: &str, what: &str) -> RepoError {
    RepoError::unexpected(format!("festival rule {id}: stored {what} is not valid"))
}

fn small(value: Option<i16>) -> Option<u8> {
    value.and_then(|v| u8::try_from(v).ok())
}

fn to_domain(m: festival_rules::Model) -> Result<Festival, RepoError> {
    let month = match (small(m.lunar_month), small(m.solar_month)) {
        (Some(month), None) => FestivalMonth::Lunar(month),
        (None, Some(sign)) => FestivalMonth::Solar(sign),
        _ => return Err(bad_row(&m.id, "month")),
    };
    let rule = FestivalRule {
        month,
        tithi: small(Some(m.tithi)).ok_or_else(|| bad_row(&m.id, "tithi"))?,
        moment: Moment::parse(&m.moment).ok_or_else(|| bad_row(&m.id, "moment"))?,
        two_days: TwoDays::parse(&m.two_days).ok_or_else(|| bad_row(&m.id, "choice of two days"))?,
        in_adhika: m.in_adhika,
    };
    Ok(Festival {
        id: m.id.into(),
        name: m.name,
        description: m.description,
        rule,
        source: m.source,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

/// The rule's columns.
fn fill(model: &mut festival_rules::ActiveModel, f: &NewFestival, now: DateTime<Utc>) {
    model.name = Set(f.name.clone());
    model.description = Set(f.description.clone());
    model.lunar_month = Set(f.rule.lunar_month().map(i16::from));
    model.solar_month = Set(f.rule.solar_month().map(i16::from));
    model.tithi = Set(i16::from(f.rule.tithi));
    model.moment = Set(f.rule.moment.as_str().to_owned());
    model.two_days = Set(f.rule.two_days.as_str().to_owned());
    model.in_adhika = Set(f.rule.in_adhika);
    model.source = Set(f.source.clone());
    model.updated_at = Set(now);
}

/// Lunar months first (Chaitra to Phalguna, the solar months placed after), then the tithi.
fn order(f: &Festival) -> (u8, u8, String) {
    let month = match f.rule.month {
        FestivalMonth::Lunar(month) => month * 2,
        // Dhanu (8) falls in Margashirsha–Pausha (9–10): sign + 1 keeps each solar month near its lunar ones.
        FestivalMonth::Solar(sign) => ((sign + 1) % 12 + 1) * 2 + 1,
    };
    (month, f.rule.tithi, f.name.to_lowercase())
}

#[async_trait]
impl FestivalRepository for SeaOrmFestivalRepository {
    async fn list(&self) -> Result<Vec<Festival>, RepoError> {
        let rows = festival_rules::Entity::find().all(&self.db.conn).await.repo()?;
        let mut list = rows.into_iter().map(to_domain).collect::<Result<Vec<_>, _>>()?;
        list.sort_by_key(order);
        Ok(list)
    }

    async fn get(&self, id: &FestivalRuleId) -> Result<Option<Festival>, RepoError> {
        festival_rules::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()?.map(to_domain).transpose()
    }

    async fn create(&self, id: &FestivalRuleId, festival: &NewFestival, now: DateTime<Utc>) -> Result<Festival, RepoError> {
        let mut model = festival_rules::ActiveModel { id: Set(id.to_string()), created_at: Set(now), ..Default::default() };
        fill(&mut model, festival, now);
        let turn = self.db.begin_write().await.repo()?;
        let saved = model.insert(&turn).await.repo()?;
        turn.commit().await.repo()?;
        to_domain(saved)
    }

    async fn update(&self, id: &FestivalRuleId, festival: &NewFestival, now: DateTime<Utc>) -> Result<Festival, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let Some(existing) = festival_rules::Entity::find_by_id(id.to_string()).lock_exclusive().one(&turn).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: festival_rules::ActiveModel = existing.into();
        fill(&mut model, festival, now);
        let saved = model.update(&turn).await.repo()?;
        turn.commit().await.repo()?;
        to_domain(saved)
    }

    async fn delete(&self, id: &FestivalRuleId) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        festival_events::Entity::delete_many().filter(festival_events::Column::RuleId.eq(id.as_str())).exec(&turn).await.repo()?;
        let result = festival_rules::Entity::delete_by_id(id.to_string()).exec(&turn).await.repo()?;
        if result.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        turn.commit().await.repo()
    }

    async fn events_of(&self, id: &FestivalRuleId, from: NaiveDate, to: NaiveDate) -> Result<Vec<(NaiveDate, EventId)>, RepoError> {
        let links = festival_events::Entity::find()
            .filter(festival_events::Column::RuleId.eq(id.as_str()))
            .filter(festival_events::Column::Date.between(from.to_string(), to.to_string()))
            .order_by_asc(festival_events::Column::Date)
            .all(&self.db.conn)
            .await
            .repo()?;
        if links.is_empty() {
            return Ok(Vec::new());
        }
        let live: Vec<String> = events::Entity::find()
            .filter(events::Column::Id.is_in(links.iter().map(|l| l.event_id.clone())))
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(|e| e.id)
            .collect();
        Ok(links
            .into_iter()
            .filter(|l| live.contains(&l.event_id))
            .filter_map(|l| NaiveDate::parse_from_str(&l.date, "%Y-%m-%d").ok().map(|date| (date, l.event_id.into())))
            .collect())
    }

    async fn create_events(
        &self,
        id: &FestivalRuleId,
        made: &[FestivalEvent],
        created_by: &UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        if festival_rules::Entity::find_by_id(id.to_string()).lock_shared().one(&turn).await.repo()?.is_none() {
            return Err(RepoError::NotFound);
        }
        let dates: Vec<String> = made.iter().map(|m| m.date.to_string()).collect();
        let links = festival_events::Entity::find()
            .filter(festival_events::Column::RuleId.eq(id.as_str()))
            .filter(festival_events::Column::Date.is_in(dates))
            .all(&turn)
            .await
            .repo()?;
        for link in links {
            // A link whose event was deleted since may be made again; one whose event lives was made
            // by another request meanwhile.
            if events::Entity::find_by_id(link.event_id.clone()).one(&turn).await.repo()?.is_some() {
                return Err(RepoError::Conflict(format!("festival {id} already has its event on {}", link.date)));
            }
            festival_events::Entity::delete_by_id((link.rule_id, link.date)).exec(&turn).await.repo()?;
        }
        let mut created = Vec::with_capacity(made.len());
        for m in made {
            let image_url = match &m.event.image {
                Some(ImageSource::Url(url)) => Some(url.clone()),
                _ => None,
            };
            let model = events::ActiveModel {
                id: Set(m.id.to_string()),
                name: Set(m.event.name.clone()),
                description: Set(Some(m.event.description.clone())),
                location: Set(m.event.location.clone()),
                event_date: Set(m.event.event_date),
                image_url: Set(image_url),
                donation_options: Set(None),
                capacity: Set(m.event.capacity),
                created_at: Set(now),
                updated_at: Set(now),
                created_by: Set(Some(created_by.to_string())),
                updated_by: Set(Some(created_by.to_string())),
            }
            .insert(&turn)
            .await
            .repo()?;
            festival_events::ActiveModel {
                rule_id: Set(id.to_string()),
                date: Set(m.date.to_string()),
                event_id: Set(m.id.to_string()),
                created_at: Set(now),
            }
            .insert(&turn)
            .await
            .repo()?;
            created.push(crate::event_people::event_of(model, 0));
        }
        turn.commit().await.repo()?;
        Ok(created)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_database;
    use chrono::{Duration, TimeZone};
    use mandir_application::ports::EventRepository;
    use mandir_domain::event::NewEvent;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).single().expect("now")
    }

    fn made(date: (i32, u32, u32), id: &str) -> FestivalEvent {
        let date = NaiveDate::from_ymd_opt(date.0, date.1, date.2).expect("date");
        FestivalEvent {
            date,
            id: id.into(),
            event: NewEvent {
                name: "Diwali (Lakshmi Puja)".into(),
                description: "Lakshmi puja and lamps".into(),
                location: "Main hall".into(),
                event_date: date.and_hms_opt(2, 0, 0).expect("time").and_utc() + Duration::days(1),
                image: None,
                capacity: Some(300),
            },
        }
    }

    #[tokio::test]
    async fn the_shipped_rules_are_seeded_and_editable() {
        let db = fresh_database().await.expect("db");
        let repo = SeaOrmFestivalRepository::new(db.clone());
        let list = repo.list().await.expect("list");
        assert_eq!(list.len(), 25);
        assert_eq!(list[0].name, "Ugadi / Gudi Padwa");
        let diwali = repo.get(&"diwali".into()).await.expect("get").expect("diwali");
        assert_eq!(diwali.rule.describe(), "Ashwin Amavasya, in the evening after sunset (pradosha)");
        let vaikuntha = list.iter().find(|f| f.id.as_str() == "vaikuntha-ekadashi").expect("vaikuntha");
        assert_eq!(vaikuntha.rule.month, FestivalMonth::Solar(8));

        let changed = NewFestival {
            name: "Deepavali".into(),
            description: None,
            rule: FestivalRule { two_days: TwoDays::Second, in_adhika: true, ..diwali.rule },
            source: Some("Our priests".into()),
        };
        let updated = repo.update(&"diwali".into(), &changed, now()).await.expect("update");
        assert_eq!((updated.name.as_str(), updated.rule.two_days, updated.rule.in_adhika), ("Deepavali", TwoDays::Second, true));
        let own = repo.create(&"own".into(), &NewFestival { name: "Ratha Saptami".into(), ..changed }, now()).await.expect("create");
        assert_eq!(repo.get(&own.id).await.expect("get"), Some(own.clone()));
        repo.delete(&own.id).await.expect("delete");
        assert!(matches!(repo.delete(&own.id).await, Err(RepoError::NotFound)));
        assert!(matches!(repo.update(&own.id, &changed_clone(), now()).await, Err(RepoError::NotFound)));
    }

    fn changed_clone() -> NewFestival {
        NewFestival {
            name: "x".into(),
            description: None,
            rule: FestivalRule {
                month: FestivalMonth::Lunar(1),
                tithi: 1,
                moment: Moment::Sunrise,
                two_days: TwoDays::First,
                in_adhika: false,
            },
            source: None,
        }
    }

    #[tokio::test]
    async fn events_are_made_once_per_date_and_again_once_deleted() {
        let db = fresh_database().await.expect("db");
        let repo = SeaOrmFestivalRepository::new(db.clone());
        let events = crate::SeaOrmEventRepository::new(db.clone());
        let id: FestivalRuleId = "diwali".into();
        let user: UserId = "u1".into();
        let made_now =
            repo.create_events(&id, &[made((2027, 10, 29), "e1"), made((2028, 10, 17), "e2")], &user, now()).await.expect("made");
        assert_eq!(made_now.len(), 2);
        assert_eq!(events.get(&"e1".into()).await.expect("get").map(|e| e.capacity), Some(Some(300)));
        let (from, to) = (NaiveDate::from_ymd_opt(2027, 1, 1).expect("d"), NaiveDate::from_ymd_opt(2028, 12, 31).expect("d"));
        let linked = repo.events_of(&id, from, to).await.expect("linked");
        assert_eq!(linked.iter().map(|(_, e)| e.as_str()).collect::<Vec<_>>(), ["e1", "e2"]);

        // The same date again: refused whole, nothing made.
        let again = repo.create_events(&id, &[made((2029, 11, 5), "e3"), made((2027, 10, 29), "e4")], &user, now()).await;
        assert!(matches!(again, Err(RepoError::Conflict(_))), "{again:?}");
        assert!(events.get(&"e3".into()).await.expect("get").is_none());

        // Once its event is deleted, the date may be made again.
        events.delete(&"e1".into()).await.expect("delete");
        assert_eq!(repo.events_of(&id, from, to).await.expect("linked").len(), 1);
        let remade = repo.create_events(&id, &[made((2027, 10, 29), "e5")], &user, now()).await.expect("remade");
        assert_eq!(remade[0].id.as_str(), "e5");
        assert!(matches!(repo.create_events(&"gone".into(), &[made((2030, 1, 1), "e6")], &user, now()).await, Err(RepoError::NotFound)));
    }
}

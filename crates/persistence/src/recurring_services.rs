use async_trait::async_trait;
use chrono::{DateTime, NaiveTime, Utc};
use mandir_application::ports::{RecurringServiceRepository, RepoError};
use mandir_domain::RecurringServiceId;
use mandir_domain::recurring_service::{DayOfWeek, Frequency, NewRecurringService, Recurrence, RecurringService, Schedule};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};

use crate::Database;
use crate::entities::recurring_services;
use crate::error::MapDbErr;

/// Recurring services, one row each; the rule in plain columns (only those of its frequency set).
#[derive(Debug, Clone)]
pub struct SeaOrmRecurringServiceRepository {
    db: Database,
}

impl SeaOrmRecurringServiceRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn bad_row(id: &str, what: &str) -> RepoError {
    RepoError::unexpected(format!("recurring service {id}: stored {what} is not valid"))
}

fn small(value: Option<i16>) -> Option<u8> {
    value.and_then(|v| u8::try_from(v).ok())
}

fn to_domain(m: recurring_services::Model) -> Result<RecurringService, RepoError> {
    let frequency = Frequency::parse(&m.frequency).ok_or_else(|| bad_row(&m.id, "frequency"))?;
    let day_of_week = |text: &str| DayOfWeek::parse(text).ok_or_else(|| bad_row(&m.id, "weekday"));
    let recurrence = match frequency {
        Frequency::Daily => Recurrence::Daily,
        Frequency::Weekly => Recurrence::Weekly(
            m.weekdays.as_deref().unwrap_or_default().split(',').filter(|d| !d.is_empty()).map(day_of_week).collect::<Result<_, _>>()?,
        ),
        Frequency::MonthlyWeekday => Recurrence::MonthlyWeekday {
            week: small(m.week).ok_or_else(|| bad_row(&m.id, "week"))?,
            day: day_of_week(m.weekday.as_deref().unwrap_or_default())?,
        },
        Frequency::MonthlyDate => Recurrence::MonthlyDate(small(m.day).ok_or_else(|| bad_row(&m.id, "day"))?),
        Frequency::Yearly => Recurrence::Yearly {
            month: small(m.month).ok_or_else(|| bad_row(&m.id, "month"))?,
            day: small(m.day).ok_or_else(|| bad_row(&m.id, "day"))?,
        },
        Frequency::Tithi => Recurrence::Tithi(
            m.tithis
                .as_deref()
                .unwrap_or_default()
                .split(',')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse::<u8>().map_err(|_| bad_row(&m.id, "tithi")))
                .collect::<Result<_, _>>()?,
        ),
        Frequency::Nakshatra => Recurrence::Nakshatra(small(m.nakshatra).ok_or_else(|| bad_row(&m.id, "nakshatra"))?),
    };
    let time = NaiveTime::parse_from_str(&m.time, "%H:%M").map_err(|_| bad_row(&m.id, "time"))?;
    Ok(RecurringService {
        id: m.id.into(),
        name: m.name,
        description: m.description,
        schedule: Schedule { recurrence, time, end_date: m.end_date },
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

/// The service's columns, every rule column set (to none where the frequency does not use it).
fn fill(model: &mut recurring_services::ActiveModel, s: NewRecurringService, now: DateTime<Utc>) {
    let (mut weekdays, mut week, mut weekday, mut day, mut month) = (None, None, None, None, None);
    let (mut tithis, mut nakshatra) = (None, None);
    match &s.schedule.recurrence {
        Recurrence::Daily => {}
        Recurrence::Weekly(days) => weekdays = Some(days.iter().map(|d| d.as_str()).collect::<Vec<_>>().join(",")),
        Recurrence::MonthlyWeekday { week: w, day: d } => {
            week = Some(i16::from(*w));
            weekday = Some(d.as_str().to_owned());
        }
        Recurrence::MonthlyDate(d) => day = Some(i16::from(*d)),
        Recurrence::Yearly { month: m, day: d } => {
            month = Some(i16::from(*m));
            day = Some(i16::from(*d));
        }
        Recurrence::Tithi(ts) => tithis = Some(ts.iter().map(u8::to_string).collect::<Vec<_>>().join(",")),
        Recurrence::Nakshatra(n) => nakshatra = Some(i16::from(*n)),
    }
    model.frequency = Set(s.schedule.recurrence.frequency().as_str().to_owned());
    model.weekdays = Set(weekdays);
    model.week = Set(week);
    model.weekday = Set(weekday);
    model.day = Set(day);
    model.month = Set(month);
    model.tithis = Set(tithis);
    model.nakshatra = Set(nakshatra);
    model.time = Set(s.schedule.time.format("%H:%M").to_string());
    model.end_date = Set(s.schedule.end_date);
    model.name = Set(s.name);
    model.description = Set(s.description);
    model.updated_at = Set(now);
}

#[async_trait]
impl RecurringServiceRepository for SeaOrmRecurringServiceRepository {
    async fn list(&self) -> Result<Vec<RecurringService>, RepoError> {
        let rows = recurring_services::Entity::find().all(&self.db.conn).await.repo()?;
        let mut list = rows.into_iter().map(to_domain).collect::<Result<Vec<_>, _>>()?;
        // Sorted here: SQLite and PostgreSQL collate text differently.
        list.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then_with(|| a.id.cmp(&b.id)));
        Ok(list)
    }

    async fn create(&self, id: RecurringServiceId, s: NewRecurringService, now: DateTime<Utc>) -> Result<RecurringService, RepoError> {
        let mut model = recurring_services::ActiveModel { id: Set(id.into()), created_at: Set(now), ..Default::default() };
        fill(&mut model, s, now);
        to_domain(model.insert(&self.db.conn).await.repo()?)
    }

    async fn update(&self, id: &RecurringServiceId, s: NewRecurringService, now: DateTime<Utc>) -> Result<RecurringService, RepoError> {
        let Some(existing) = recurring_services::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: recurring_services::ActiveModel = existing.into();
        fill(&mut model, s, now);
        to_domain(model.update(&self.db.conn).await.repo()?)
    }

    async fn delete(&self, id: &RecurringServiceId) -> Result<(), RepoError> {
        let result = recurring_services::Entity::delete_by_id(id.to_owned()).exec(&self.db.conn).await.repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

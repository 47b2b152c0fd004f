//! Members' records of birth stars (migration 000045): one row per person, the member's own
//! (no family member) or a family member's, removed with the account or the family member.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use mandir_application::ports::{RepoError, StarBirthdayRepository, StarReminderTarget};
use mandir_domain::star_birthday::{NewStarBirthday, StarBirthday, birth_of};
use mandir_domain::{FamilyMemberId, StarBirthdayId, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::Database;
use crate::entities::{family_members, star_birthdays, users};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmStarBirthdayRepository {
    db: Database,
}

impl SeaOrmStarBirthdayRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(m: star_birthdays::Model) -> Result<StarBirthday, RepoError> {
    let bad = |what: &str| RepoError::unexpected(format!("star birthday {}: stored {what} is not valid", m.id));
    let date = m.birth_date.as_deref().map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d")).transpose().map_err(|_| bad("birth date"))?;
    let time = m.birth_time.as_deref().map(|t| NaiveTime::parse_from_str(t, "%H:%M")).transpose().map_err(|_| bad("birth time"))?;
    Ok(StarBirthday {
        nakshatra: u8::try_from(m.nakshatra).ok().filter(|n| (1..=27).contains(n)).ok_or_else(|| bad("nakshatra"))?,
        days_before: u8::try_from(m.days_before).map_err(|_| bad("days before"))?,
        birth: birth_of(date, time, m.birth_zone.as_deref()),
        id: m.id.into(),
        user_id: m.user_id.into(),
        family_member_id: m.family_member_id.map(Into::into),
        remind: m.remind,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

fn of_person(user_id: &UserId, family_member: Option<&FamilyMemberId>) -> sea_orm::Condition {
    let person = match family_member {
        Some(member) => star_birthdays::Column::FamilyMemberId.eq(member.as_str()),
        None => star_birthdays::Column::FamilyMemberId.is_null(),
    };
    sea_orm::Condition::all().add(star_birthdays::Column::UserId.eq(user_id.as_str())).add(person)
}

#[async_trait]
impl StarBirthdayRepository for SeaOrmStarBirthdayRepository {
    async fn list(&self, user_id: &UserId) -> Result<Vec<StarBirthday>, RepoError> {
        let rows =
            star_birthdays::Entity::find().filter(star_birthdays::Column::UserId.eq(user_id.as_str())).all(&self.db.conn).await.repo()?;
        let mut list = rows.into_iter().map(to_domain).collect::<Result<Vec<_>, _>>()?;
        list.sort_by(|a, b| a.family_member_id.is_some().cmp(&b.family_member_id.is_some()).then_with(|| a.created_at.cmp(&b.created_at)));
        Ok(list)
    }

    async fn put(
        &self,
        id: &StarBirthdayId,
        user_id: &UserId,
        family_member: Option<FamilyMemberId>,
        star: &NewStarBirthday,
        now: DateTime<Utc>,
    ) -> Result<StarBirthday, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        if let Some(member) = &family_member {
            let theirs = family_members::Entity::find_by_id(member.to_string())
                .filter(family_members::Column::UserId.eq(user_id.as_str()))
                .one(&turn)
                .await
                .repo()?;
            if theirs.is_none() {
                return Err(RepoError::NotFound);
            }
        }
        let existing = star_birthdays::Entity::find().filter(of_person(user_id, family_member.as_ref())).one(&turn).await.repo()?;
        let is_new = existing.is_none();
        let mut model = match existing {
            Some(row) => row.into(),
            None => star_birthdays::ActiveModel {
                id: Set(id.to_string()),
                user_id: Set(user_id.to_string()),
                family_member_id: Set(family_member.map(|m| m.to_string())),
                created_at: Set(now),
                ..Default::default()
            },
        };
        model.nakshatra = Set(i16::from(star.nakshatra));
        model.birth_date = Set(star.birth.map(|b| b.date.to_string()));
        model.birth_time = Set(star.birth.and_then(|b| b.time).map(|t| t.format("%H:%M").to_string()));
        model.birth_zone = Set(star.birth.and_then(|b| b.zone).map(|z| z.name().to_owned()));
        model.remind = Set(star.remind);
        model.days_before = Set(i16::from(star.days_before));
        model.updated_at = Set(now);
        let saved = if is_new { model.insert(&turn).await } else { model.update(&turn).await }.repo()?;
        turn.commit().await.repo()?;
        to_domain(saved)
    }

    async fn delete(&self, user_id: &UserId, family_member: Option<FamilyMemberId>) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let result = star_birthdays::Entity::delete_many().filter(of_person(user_id, family_member.as_ref())).exec(&turn).await.repo()?;
        if result.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        turn.commit().await.repo()
    }

    async fn reminding(&self) -> Result<Vec<StarReminderTarget>, RepoError> {
        let rows = star_birthdays::Entity::find().filter(star_birthdays::Column::Remind.eq(true)).all(&self.db.conn).await.repo()?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let user_ids: Vec<String> = rows.iter().map(|r| r.user_id.clone()).collect();
        let members: Vec<(String, String)> = users::Entity::find()
            .filter(users::Column::Id.is_in(user_ids))
            .filter(users::Column::EmailVerified.eq(true))
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(|u| (u.id, u.first_name))
            .collect();
        let family_ids: Vec<String> = rows.iter().filter_map(|r| r.family_member_id.clone()).collect();
        let family: Vec<(String, String)> = if family_ids.is_empty() {
            Vec::new()
        } else {
            family_members::Entity::find()
                .filter(family_members::Column::Id.is_in(family_ids))
                .all(&self.db.conn)
                .await
                .repo()?
                .into_iter()
                .map(|f| (f.id, f.name))
                .collect()
        };
        let name_of = |list: &[(String, String)], id: &str| list.iter().find(|(i, _)| i == id).map(|(_, name)| name.clone());
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let first_name = name_of(&members, &r.user_id)?;
                let person = match &r.family_member_id {
                    Some(member) => name_of(&family, member)?,
                    None => first_name,
                };
                Some(StarReminderTarget {
                    own: r.family_member_id.is_none(),
                    id: r.id.into(),
                    user_id: r.user_id.into(),
                    person,
                    nakshatra: u8::try_from(r.nakshatra).ok()?,
                    days_before: u8::try_from(r.days_before).ok()?,
                })
            })
            .collect())
    }
}

//! Family members saved in members' profiles.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{FamilyMemberRepository, RepoError};
use mandir_domain::family_member::{FamilyMember, NewFamilyMember, Person};
use mandir_domain::{FamilyMemberId, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{family_members, users};
use crate::error::MapDbErr;
use crate::sevas::{date_text, parse_date};

#[derive(Debug, Clone)]
pub struct SeaOrmFamilyMemberRepository {
    db: Database,
}

impl SeaOrmFamilyMemberRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(m: family_members::Model) -> Result<FamilyMember, RepoError> {
    Ok(FamilyMember {
        id: m.id.into(),
        user_id: m.user_id.into(),
        person: Person { name: m.name, gotram: m.gotram, nakshatram: m.nakshatram, rasi: m.rasi },
        relation: m.relation,
        birth_date: m.birth_date.as_deref().map(parse_date).transpose()?,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

fn fill(model: &mut family_members::ActiveModel, member: NewFamilyMember, now: DateTime<Utc>) {
    let NewFamilyMember { person, relation, birth_date } = member;
    model.name = Set(person.name);
    model.gotram = Set(person.gotram);
    model.nakshatram = Set(person.nakshatram);
    model.rasi = Set(person.rasi);
    model.relation = Set(relation);
    model.birth_date = Set(birth_date.map(date_text));
    model.updated_at = Set(now);
}

async fn owned(db: &Database, id: &FamilyMemberId, user_id: &UserId) -> Result<family_members::Model, RepoError> {
    family_members::Entity::find_by_id(id.to_owned())
        .filter(family_members::Column::UserId.eq(user_id.as_str()))
        .one(&db.conn)
        .await
        .repo()?
        .ok_or(RepoError::NotFound)
}

#[async_trait]
impl FamilyMemberRepository for SeaOrmFamilyMemberRepository {
    async fn list(&self, user_id: &UserId) -> Result<Vec<FamilyMember>, RepoError> {
        family_members::Entity::find()
            .filter(family_members::Column::UserId.eq(user_id.as_str()))
            .order_by_asc(family_members::Column::CreatedAt)
            .order_by_asc(family_members::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn create(
        &self,
        id: FamilyMemberId,
        user_id: &UserId,
        member: NewFamilyMember,
        max: usize,
        now: DateTime<Utc>,
    ) -> Result<Option<FamilyMember>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        // The member's row, locked, so two additions cannot both pass the count.
        users::Entity::find_by_id(user_id.to_owned()).lock_exclusive().one(&tx).await.repo()?;
        let count = family_members::Entity::find().filter(family_members::Column::UserId.eq(user_id.as_str())).count(&tx).await.repo()?;
        if count >= u64::try_from(max).map_err(RepoError::unexpected)? {
            return Ok(None);
        }
        let mut model = family_members::ActiveModel {
            id: Set(id.to_string()),
            user_id: Set(user_id.to_string()),
            created_at: Set(now),
            ..Default::default()
        };
        fill(&mut model, member, now);
        let saved = model.insert(&tx).await.repo()?;
        tx.commit().await.repo()?;
        to_domain(saved).map(Some)
    }

    async fn update(
        &self,
        id: &FamilyMemberId,
        user_id: &UserId,
        member: NewFamilyMember,
        now: DateTime<Utc>,
    ) -> Result<FamilyMember, RepoError> {
        let mut model: family_members::ActiveModel = owned(&self.db, id, user_id).await?.into();
        fill(&mut model, member, now);
        to_domain(model.update(&self.db.conn).await.repo()?)
    }

    async fn delete(&self, id: &FamilyMemberId, user_id: &UserId) -> Result<(), RepoError> {
        let result = family_members::Entity::delete_many()
            .filter(family_members::Column::Id.eq(id.as_str()))
            .filter(family_members::Column::UserId.eq(user_id.as_str()))
            .exec(&self.db.conn)
            .await
            .repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

//! Households, their members and their invitations (docs/product.md#households).

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{HouseholdRepository, Joining, NewHousehold, NewInvitation, RepoError};
use mandir_domain::household::{
    Household, HouseholdFields, HouseholdInvitation, HouseholdMember, HouseholdView, MAX_MEMBERS, StatementChoice,
};
use mandir_domain::{HouseholdId, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{family_members, household_invitations, household_members, households, users};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmHouseholdRepository {
    db: Database,
}

impl SeaOrmHouseholdRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(m: households::Model) -> Result<Household, RepoError> {
    let statement = StatementChoice::parse(&m.statement)
        .ok_or_else(|| RepoError::unexpected(format!("household {} has an unreadable statement", m.id)))?;
    Ok(Household {
        id: HouseholdId::new(m.id),
        name: m.name,
        address: m.address,
        statement,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

/// The members of `ids`' households by household, in joining order, each with their family.
async fn members_of(conn: &impl ConnectionTrait, ids: Vec<String>) -> Result<HashMap<String, Vec<HouseholdMember>>, RepoError> {
    let rows = household_members::Entity::find()
        .filter(household_members::Column::HouseholdId.is_in(ids))
        .order_by_asc(household_members::Column::JoinedAt)
        .order_by_asc(household_members::Column::UserId)
        .all(conn)
        .await
        .repo()?;
    let user_ids: Vec<String> = rows.iter().map(|r| r.user_id.clone()).collect();
    let people: HashMap<String, (String, String, String)> = users::Entity::find()
        .select_only()
        .column(users::Column::Id)
        .column(users::Column::FirstName)
        .column(users::Column::LastName)
        .column(users::Column::Email)
        .filter(users::Column::Id.is_in(user_ids.clone()))
        .into_tuple::<(String, String, String, String)>()
        .all(conn)
        .await
        .repo()?
        .into_iter()
        .map(|(id, first, last, email)| (id, (first, last, email)))
        .collect();
    let mut family: HashMap<String, Vec<String>> = HashMap::new();
    for f in family_members::Entity::find()
        .filter(family_members::Column::UserId.is_in(user_ids))
        .order_by_asc(family_members::Column::CreatedAt)
        .order_by_asc(family_members::Column::Id)
        .all(conn)
        .await
        .repo()?
    {
        let label = match f.relation.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            Some(relation) => format!("{} ({relation})", f.name),
            None => f.name,
        };
        family.entry(f.user_id).or_default().push(label);
    }
    let mut by_household: HashMap<String, Vec<HouseholdMember>> = HashMap::new();
    for row in rows {
        let Some((first_name, last_name, email)) = people.get(&row.user_id).cloned() else { continue };
        by_household.entry(row.household_id).or_default().push(HouseholdMember {
            family: family.remove(&row.user_id).unwrap_or_default(),
            user_id: UserId::new(row.user_id),
            first_name,
            last_name,
            email,
            joined_at: row.joined_at,
        });
    }
    Ok(by_household)
}

/// The inviters' names by user id.
async fn names_of(conn: &impl ConnectionTrait, ids: Vec<String>) -> Result<HashMap<String, String>, RepoError> {
    Ok(users::Entity::find()
        .select_only()
        .column(users::Column::Id)
        .column(users::Column::FirstName)
        .column(users::Column::LastName)
        .filter(users::Column::Id.is_in(ids))
        .into_tuple::<(String, String, String)>()
        .all(conn)
        .await
        .repo()?
        .into_iter()
        .map(|(id, first, last)| (id, format!("{first} {last}").trim().to_owned()))
        .collect())
}

/// `rows` with their households' names and their inviters' names.
async fn invitations(conn: &impl ConnectionTrait, rows: Vec<household_invitations::Model>) -> Result<Vec<HouseholdInvitation>, RepoError> {
    let inviters = names_of(conn, rows.iter().map(|r| r.invited_by.clone()).collect()).await?;
    let names: HashMap<String, String> = households::Entity::find()
        .filter(households::Column::Id.is_in(rows.iter().map(|r| r.household_id.clone()).collect::<Vec<_>>()))
        .all(conn)
        .await
        .repo()?
        .into_iter()
        .map(|h| (h.id, h.name))
        .collect();
    Ok(rows
        .into_iter()
        .map(|r| HouseholdInvitation {
            household_name: names.get(&r.household_id).cloned().unwrap_or_default(),
            invited_by_name: inviters.get(&r.invited_by).cloned().unwrap_or_default(),
            id: r.id,
            household_id: HouseholdId::new(r.household_id),
            email: r.email,
            created_at: r.created_at,
        })
        .collect())
}

/// The member's row, locked: their joining and creating are checked one after the other.
pub(crate) async fn lock_member(conn: &impl ConnectionTrait, user_id: &UserId) -> Result<(), RepoError> {
    users::Entity::find_by_id(user_id.to_string()).lock_exclusive().one(conn).await.repo()?.ok_or(RepoError::NotFound)?;
    Ok(())
}

async fn membership(conn: &impl ConnectionTrait, user_id: &UserId) -> Result<Option<household_members::Model>, RepoError> {
    household_members::Entity::find_by_id(user_id.to_string()).one(conn).await.repo()
}

#[async_trait]
impl HouseholdRepository for SeaOrmHouseholdRepository {
    async fn of_member(&self, user_id: &UserId) -> Result<Option<HouseholdView>, RepoError> {
        let conn = &self.db.conn;
        let Some(member) = membership(conn, user_id).await? else { return Ok(None) };
        let Some(row) = households::Entity::find_by_id(member.household_id.clone()).one(conn).await.repo()? else {
            return Ok(None);
        };
        let members = members_of(conn, vec![row.id.clone()]).await?.remove(&row.id).unwrap_or_default();
        let waiting = household_invitations::Entity::find()
            .filter(household_invitations::Column::HouseholdId.eq(row.id.clone()))
            .order_by_desc(household_invitations::Column::CreatedAt)
            .order_by_asc(household_invitations::Column::Id)
            .all(conn)
            .await
            .repo()?;
        let invitations = invitations(conn, waiting).await?;
        Ok(Some(HouseholdView { household: to_domain(row)?, members, invitations }))
    }

    async fn create(&self, new: NewHousehold) -> Result<Household, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        lock_member(&tx, &new.user_id).await?;
        if membership(&tx, &new.user_id).await?.is_some() {
            return Err(RepoError::Conflict("the member belongs to a household".into()));
        }
        let row = households::ActiveModel {
            id: Set(new.id.to_string()),
            name: Set(new.fields.name),
            address: Set(new.fields.address),
            statement: Set(new.fields.statement.as_str().to_owned()),
            created_at: Set(new.now),
            updated_at: Set(new.now),
        }
        .insert(&tx)
        .await
        .repo()?;
        household_members::ActiveModel {
            user_id: Set(new.user_id.to_string()),
            household_id: Set(new.id.to_string()),
            joined_at: Set(new.now),
        }
        .insert(&tx)
        .await
        .repo()?;
        tx.commit().await.repo()?;
        to_domain(row)
    }

    async fn update(&self, id: &HouseholdId, fields: HouseholdFields, now: DateTime<Utc>) -> Result<Option<Household>, RepoError> {
        let Some(row) = households::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()? else { return Ok(None) };
        let mut active: households::ActiveModel = row.into();
        active.name = Set(fields.name);
        active.address = Set(fields.address);
        active.statement = Set(fields.statement.as_str().to_owned());
        active.updated_at = Set(now);
        match active.update(&self.db.conn).await {
            Ok(row) => to_domain(row).map(Some),
            Err(sea_orm::DbErr::RecordNotUpdated) => Ok(None),
            Err(error) => Err(error).repo(),
        }
    }

    async fn invite(&self, i: NewInvitation) -> Result<(), RepoError> {
        // The unique index on (household, address) refuses a second one: `RepoError::Conflict`.
        household_invitations::ActiveModel {
            id: Set(i.id),
            household_id: Set(i.household_id.to_string()),
            email: Set(i.email),
            invited_by: Set(i.invited_by.to_string()),
            created_at: Set(i.now),
        }
        .insert(&self.db.conn)
        .await
        .repo()?;
        Ok(())
    }

    async fn cancel_invitation(&self, household_id: &HouseholdId, id: &str) -> Result<bool, RepoError> {
        let gone = household_invitations::Entity::delete_many()
            .filter(household_invitations::Column::Id.eq(id))
            .filter(household_invitations::Column::HouseholdId.eq(household_id.to_string()))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(gone.rows_affected > 0)
    }

    async fn invitations_for(&self, email: &str) -> Result<Vec<HouseholdInvitation>, RepoError> {
        let rows = household_invitations::Entity::find()
            .filter(household_invitations::Column::Email.eq(email))
            .order_by_desc(household_invitations::Column::CreatedAt)
            .order_by_asc(household_invitations::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        invitations(&self.db.conn, rows).await
    }

    async fn accept(&self, id: &str, user_id: &UserId, email: &str, now: DateTime<Utc>) -> Result<Joining, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        lock_member(&tx, user_id).await?;
        let Some(invitation) = household_invitations::Entity::find_by_id(id.to_owned())
            .filter(household_invitations::Column::Email.eq(email))
            .one(&tx)
            .await
            .repo()?
        else {
            return Ok(Joining::Gone);
        };
        if membership(&tx, user_id).await?.is_some() {
            return Ok(Joining::AlreadyInOne);
        }
        // The household's row, locked: two acceptances at once count its members one after the other.
        households::Entity::find_by_id(invitation.household_id.clone())
            .lock_exclusive()
            .one(&tx)
            .await
            .repo()?
            .ok_or(RepoError::NotFound)?;
        let members = household_members::Entity::find()
            .filter(household_members::Column::HouseholdId.eq(invitation.household_id.clone()))
            .count(&tx)
            .await
            .repo()?;
        if usize::try_from(members).unwrap_or(usize::MAX) >= MAX_MEMBERS {
            return Ok(Joining::Full);
        }
        household_invitations::Entity::delete_by_id(invitation.id.clone()).exec(&tx).await.repo()?;
        household_members::ActiveModel {
            user_id: Set(user_id.to_string()),
            household_id: Set(invitation.household_id.clone()),
            joined_at: Set(now),
        }
        .insert(&tx)
        .await
        .repo()?;
        tx.commit().await.repo()?;
        Ok(Joining::Joined(HouseholdId::new(invitation.household_id)))
    }

    async fn decline(&self, id: &str, email: &str) -> Result<bool, RepoError> {
        let gone = household_invitations::Entity::delete_many()
            .filter(household_invitations::Column::Id.eq(id))
            .filter(household_invitations::Column::Email.eq(email))
            .exec(&self.db.conn)
            .await
            .repo()?;
        Ok(gone.rows_affected > 0)
    }

    async fn leave(&self, user_id: &UserId) -> Result<bool, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(member) = membership(&tx, user_id).await? else { return Ok(false) };
        // The household's row, locked: the last two leaving at once cannot both leave it behind.
        households::Entity::find_by_id(member.household_id.clone()).lock_exclusive().one(&tx).await.repo()?;
        household_members::Entity::delete_by_id(user_id.to_string()).exec(&tx).await.repo()?;
        let left = household_members::Entity::find()
            .filter(household_members::Column::HouseholdId.eq(member.household_id.clone()))
            .count(&tx)
            .await
            .repo()?;
        if left == 0 {
            household_invitations::Entity::delete_many()
                .filter(household_invitations::Column::HouseholdId.eq(member.household_id.clone()))
                .exec(&tx)
                .await
                .repo()?;
            households::Entity::delete_by_id(member.household_id).exec(&tx).await.repo()?;
        }
        tx.commit().await.repo()?;
        Ok(true)
    }

    async fn all(&self) -> Result<Vec<HouseholdView>, RepoError> {
        let conn = &self.db.conn;
        let rows = households::Entity::find().order_by_asc(households::Column::Id).all(conn).await.repo()?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let mut members = members_of(conn, rows.iter().map(|r| r.id.clone()).collect()).await?;
        rows.into_iter()
            .map(|row| {
                let members = members.remove(&row.id).unwrap_or_default();
                Ok(HouseholdView { household: to_domain(row)?, members, invitations: Vec::new() })
            })
            .collect()
    }
}

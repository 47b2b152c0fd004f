use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{DonationTypeChanges, DonationTypeRecord, DonationTypeRepository, RepoError};
use mandir_domain::DonationTypeId;
use mandir_domain::Money;
use mandir_domain::donation_type::DonationType;
use sea_orm::{ActiveModelTrait, EntityTrait, QuerySelect, Set};

use crate::Database;
use crate::entities::donation_types;
use crate::error::MapDbErr;
use crate::patch::set_patch;

/// Donation types. Nothing refers to them by key: payments copy the type's id and name into their
/// donation details, so a type can be deleted without touching any payment.
#[derive(Debug, Clone)]
pub struct SeaOrmDonationTypeRepository {
    db: Database,
}

impl SeaOrmDonationTypeRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(m: donation_types::Model) -> DonationType {
    DonationType {
        id: m.id.into(),
        name: m.name,
        description: m.description,
        default_amount: m.default_amount_cents.map(Money::from_cents),
        fund_id: m.fund_id.map(Into::into),
        is_active: m.is_active,
        created_at: m.created_at,
        updated_at: m.updated_at,
        created_by: m.created_by,
        updated_by: m.updated_by,
    }
}

#[async_trait]
impl DonationTypeRepository for SeaOrmDonationTypeRepository {
    async fn list(&self) -> Result<Vec<DonationType>, RepoError> {
        let rows = donation_types::Entity::find().all(&self.db.conn).await.repo()?;
        let mut types: Vec<DonationType> = rows.into_iter().map(to_domain).collect();
        // Sorted here rather than in SQL: SQLite and PostgreSQL collate text differently, and the
        // catalogue is small.
        types.sort_by(|a, b| {
            a.name.to_lowercase().cmp(&b.name.to_lowercase()).then_with(|| a.name.cmp(&b.name)).then_with(|| a.id.cmp(&b.id))
        });
        Ok(types)
    }

    async fn get(&self, id: &DonationTypeId) -> Result<Option<DonationType>, RepoError> {
        Ok(donation_types::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain))
    }

    async fn create(&self, r: DonationTypeRecord) -> Result<DonationType, RepoError> {
        let model = donation_types::ActiveModel {
            id: Set(r.id.into()),
            name: Set(r.donation_type.name),
            description: Set(r.donation_type.description),
            default_amount_cents: Set(r.donation_type.default_amount.map(Money::cents)),
            fund_id: Set(r.donation_type.fund_id.map(Into::into)),
            is_active: Set(r.donation_type.is_active),
            created_at: Set(r.now),
            updated_at: Set(r.now),
            created_by: Set(r.created_by.clone().map(Into::into)),
            updated_by: Set(r.created_by.map(Into::into)),
        }
        .insert(&self.db.conn)
        .await
        .repo()?;
        Ok(to_domain(model))
    }

    async fn update(&self, id: &DonationTypeId, changes: DonationTypeChanges, now: DateTime<Utc>) -> Result<DonationType, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = donation_types::Entity::find_by_id(id.to_owned()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: donation_types::ActiveModel = existing.into();
        if let Some(name) = changes.patch.name {
            model.name = Set(name);
        }
        set_patch(&mut model.description, changes.patch.description);
        set_patch(&mut model.default_amount_cents, changes.patch.default_amount.map(|amount| amount.cents()));
        set_patch(&mut model.fund_id, changes.patch.fund_id.map(Into::into));
        if let Some(is_active) = changes.patch.is_active {
            model.is_active = Set(is_active);
        }
        model.updated_at = Set(now);
        model.updated_by = Set(changes.updated_by.map(Into::into));
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(to_domain(saved))
    }

    async fn delete(&self, id: &DonationTypeId) -> Result<(), RepoError> {
        let result = donation_types::Entity::delete_by_id(id.to_owned()).exec(&self.db.conn).await.repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{PaymentMethodRecord, PaymentMethodRepository, RepoError};
use mandir_domain::PaymentMethodId;
use mandir_domain::payment_method::{PaymentMethod, PaymentMethodIcon, PaymentMethodPatch};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::Database;
use crate::entities::payment_methods;
use crate::error::MapDbErr;
use crate::patch::set_patch;

/// Payment methods. The name is unique (a duplicate becomes `RepoError::Conflict`); nothing refers
/// to a method by key: payments keep the method as text, so a method can be deleted without
/// touching any payment.
#[derive(Debug, Clone)]
pub struct SeaOrmPaymentMethodRepository {
    db: Database,
}

impl SeaOrmPaymentMethodRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn to_domain(m: payment_methods::Model) -> PaymentMethod {
    PaymentMethod {
        id: m.id.into(),
        name: m.name,
        display_name: m.display_name,
        description: m.description,
        is_active: m.is_active,
        sort_order: m.sort_order,
        icon: m.icon.as_deref().and_then(PaymentMethodIcon::parse),
        created_at: m.created_at,
        updated_at: m.updated_at,
    }
}

/// By sort order, then name. Sorted here rather than in SQL: SQLite and PostgreSQL collate text
/// differently, and the catalogue is small.
fn sorted(rows: Vec<payment_methods::Model>) -> Vec<PaymentMethod> {
    let mut methods: Vec<PaymentMethod> = rows.into_iter().map(to_domain).collect();
    methods.sort_by(|a, b| a.sort_order.cmp(&b.sort_order).then_with(|| a.name.cmp(&b.name)).then_with(|| a.id.cmp(&b.id)));
    methods
}

fn icon_text(icon: PaymentMethodIcon) -> String {
    icon.as_str().to_owned()
}

#[async_trait]
impl PaymentMethodRepository for SeaOrmPaymentMethodRepository {
    async fn list(&self) -> Result<Vec<PaymentMethod>, RepoError> {
        Ok(sorted(payment_methods::Entity::find().all(&self.db.conn).await.repo()?))
    }

    async fn list_active(&self) -> Result<Vec<PaymentMethod>, RepoError> {
        let rows = payment_methods::Entity::find().filter(payment_methods::Column::IsActive.eq(true)).all(&self.db.conn).await.repo()?;
        Ok(sorted(rows))
    }

    async fn get(&self, id: &PaymentMethodId) -> Result<Option<PaymentMethod>, RepoError> {
        Ok(payment_methods::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain))
    }

    async fn create(&self, r: PaymentMethodRecord) -> Result<PaymentMethod, RepoError> {
        let model = payment_methods::ActiveModel {
            id: Set(r.id.into()),
            name: Set(r.method.name),
            display_name: Set(r.method.display_name),
            description: Set(r.method.description),
            is_active: Set(r.method.is_active),
            sort_order: Set(r.method.sort_order),
            icon: Set(r.method.icon.map(icon_text)),
            created_at: Set(r.now),
            updated_at: Set(r.now),
        }
        .insert(&self.db.conn)
        .await
        .repo()?;
        Ok(to_domain(model))
    }

    async fn update(&self, id: &PaymentMethodId, changes: PaymentMethodPatch, now: DateTime<Utc>) -> Result<PaymentMethod, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = payment_methods::Entity::find_by_id(id.to_owned()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: payment_methods::ActiveModel = existing.into();
        if let Some(name) = changes.name {
            model.name = Set(name);
        }
        if let Some(display_name) = changes.display_name {
            model.display_name = Set(display_name);
        }
        set_patch(&mut model.description, changes.description);
        if let Some(is_active) = changes.is_active {
            model.is_active = Set(is_active);
        }
        if let Some(sort_order) = changes.sort_order {
            model.sort_order = Set(sort_order);
        }
        set_patch(&mut model.icon, changes.icon.map(icon_text));
        model.updated_at = Set(now);
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(to_domain(saved))
    }

    async fn delete(&self, id: &PaymentMethodId) -> Result<(), RepoError> {
        let result = payment_methods::Entity::delete_by_id(id.to_owned()).exec(&self.db.conn).await.repo()?;
        if result.rows_affected == 0 { Err(RepoError::NotFound) } else { Ok(()) }
    }
}

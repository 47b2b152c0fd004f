//! The seva catalogue: one row per seva with its weekdays, slots and blackout dates as JSON texts,
//! images in `seva_images`, the booking settings in the one row of `seva_settings`, and the places
//! held per slot counted from `seva_bookings` (ADR 0113, ADR 0114).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use mandir_application::ports::{PhotoChange, RepoError, SevaFields, SevaRepository, StoredImage};
use mandir_domain::recurring_service::DayOfWeek;
use mandir_domain::seva::{BookedCounts, Capacity, PriceKind, Seva, SevaCategory, SevaRules, SevaSettings, Slot};
use mandir_domain::{Money, SevaId};
use sea_orm::sea_query::{Condition, Expr, Func, Query};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{payments, seva_bookings, seva_images, seva_settings, sevas};
use crate::error::MapDbErr;

/// Sevas in the admins' order.
#[derive(Debug, Clone)]
pub struct SeaOrmSevaRepository {
    db: Database,
}

impl SeaOrmSevaRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn bad(what: &str) -> RepoError {
    RepoError::unexpected(format!("a stored seva has an invalid {what}"))
}

pub(crate) fn slot_text(time: Option<NaiveTime>) -> String {
    time.map(|t| t.format("%H:%M").to_string()).unwrap_or_default()
}

pub(crate) fn parse_slot(text: &str) -> Result<Option<NaiveTime>, RepoError> {
    if text.is_empty() { Ok(None) } else { NaiveTime::parse_from_str(text, "%H:%M").map(Some).map_err(|_| bad("slot")) }
}

pub(crate) fn parse_date(text: &str) -> Result<NaiveDate, RepoError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| bad("date"))
}

pub(crate) fn date_text(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

fn to_domain(m: sevas::Model) -> Result<Seva, RepoError> {
    let weekdays: Vec<String> = serde_json::from_str(&m.weekdays).map_err(RepoError::unexpected)?;
    let weekdays = weekdays.iter().map(|d| DayOfWeek::parse(d).ok_or_else(|| bad("weekday"))).collect::<Result<Vec<_>, _>>()?;
    // [{"time": "HH:MM", "capacity": n}]
    let slots: Vec<serde_json::Value> = serde_json::from_str(&m.slots).map_err(RepoError::unexpected)?;
    let capacity = match m.daily_capacity {
        Some(count) => Capacity::Daily(u32::try_from(count).map_err(|_| bad("daily count"))?),
        None => Capacity::Slots(
            slots
                .iter()
                .map(|s| {
                    let time = parse_slot(s["time"].as_str().unwrap_or_default())?.ok_or_else(|| bad("slot"))?;
                    let capacity = s["capacity"].as_u64().and_then(|c| u32::try_from(c).ok()).ok_or_else(|| bad("slot capacity"))?;
                    Ok(Slot { time, capacity })
                })
                .collect::<Result<Vec<_>, RepoError>>()?,
        ),
    };
    let blackouts: Vec<String> = serde_json::from_str(&m.blackout_dates).map_err(RepoError::unexpected)?;
    let blackout_dates = blackouts.iter().map(|d| parse_date(d)).collect::<Result<Vec<_>, _>>()?;
    Ok(Seva {
        id: m.id.into(),
        name: m.name,
        description: m.description,
        category: SevaCategory::parse(&m.category).ok_or_else(|| bad("category"))?,
        price: Money::from_cents(m.price_cents),
        price_kind: PriceKind::parse(&m.price_kind).ok_or_else(|| bad("price kind"))?,
        duration_minutes: u32::try_from(m.duration_minutes).map_err(|_| bad("duration"))?,
        rules: SevaRules {
            weekdays,
            capacity,
            blackout_dates,
            horizon_days: u32::try_from(m.horizon_days).map_err(|_| bad("booking window"))?,
            cutoff_hours: u32::try_from(m.cutoff_hours).map_err(|_| bad("cut-off"))?,
        },
        requires_address: m.requires_address,
        is_active: m.is_active,
        sort_order: m.sort_order,
        image_url: m.image_url,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

fn fill(model: &mut sevas::ActiveModel, fields: SevaFields, now: DateTime<Utc>) -> Result<(), RepoError> {
    let SevaFields { name, description, category, price, price_kind, duration_minutes, rules, requires_address, is_active, sort_order } =
        fields;
    let weekdays: Vec<&str> = rules.weekdays.iter().map(|d| d.as_str()).collect();
    let (slots, daily) = match &rules.capacity {
        Capacity::Slots(slots) => {
            (slots.iter().map(|s| serde_json::json!({"time": slot_text(Some(s.time)), "capacity": s.capacity})).collect::<Vec<_>>(), None)
        }
        Capacity::Daily(count) => (Vec::new(), Some(i32::try_from(*count).map_err(RepoError::unexpected)?)),
    };
    let blackouts: Vec<String> = rules.blackout_dates.iter().map(|d| date_text(*d)).collect();
    model.name = Set(name);
    model.description = Set(description);
    model.category = Set(category.as_str().to_owned());
    model.price_cents = Set(price.cents());
    model.price_kind = Set(price_kind.as_str().to_owned());
    model.duration_minutes = Set(i32::try_from(duration_minutes).map_err(RepoError::unexpected)?);
    model.weekdays = Set(serde_json::to_string(&weekdays).map_err(RepoError::unexpected)?);
    model.slots = Set(serde_json::to_string(&slots).map_err(RepoError::unexpected)?);
    model.daily_capacity = Set(daily);
    model.blackout_dates = Set(serde_json::to_string(&blackouts).map_err(RepoError::unexpected)?);
    model.horizon_days = Set(i32::try_from(rules.horizon_days).map_err(RepoError::unexpected)?);
    model.cutoff_hours = Set(i32::try_from(rules.cutoff_hours).map_err(RepoError::unexpected)?);
    model.requires_address = Set(requires_address);
    model.is_active = Set(is_active);
    model.sort_order = Set(sort_order);
    model.updated_at = Set(now);
    Ok(())
}

async fn insert_image(conn: &impl ConnectionTrait, id: &str, image: StoredImage) -> Result<(), RepoError> {
    seva_images::ActiveModel {
        seva_id: Set(id.to_owned()),
        content_type: Set(image.content_type),
        bytes: Set(image.bytes),
        etag: Set(image.etag),
    }
    .insert(conn)
    .await
    .repo()?;
    Ok(())
}

/// The bookings that hold a place at `now`: confirmed or completed, or held with an unexpired
/// hold or a completed payment (confirmed on its next read or by the hold job).
pub(crate) fn holds_place(now: DateTime<Utc>) -> Condition {
    let paid = Query::select()
        .column(payments::Column::Id)
        .from(payments::Entity)
        .and_where(payments::Column::Status.eq(mandir_domain::payment::PaymentStatus::Completed.as_str()))
        .to_owned();
    Condition::any().add(seva_bookings::Column::Status.is_in(["confirmed", "completed"])).add(
        Condition::all().add(seva_bookings::Column::Status.eq("held")).add(
            Condition::any().add(seva_bookings::Column::HoldExpiresAt.gt(now)).add(seva_bookings::Column::PaymentId.in_subquery(paid)),
        ),
    )
}

#[async_trait]
impl SevaRepository for SeaOrmSevaRepository {
    async fn list(&self, include_inactive: bool) -> Result<Vec<Seva>, RepoError> {
        let mut query = sevas::Entity::find();
        if !include_inactive {
            query = query.filter(sevas::Column::IsActive.eq(true));
        }
        let rows = query
            .order_by_asc(sevas::Column::SortOrder)
            .order_by_asc(sevas::Column::Name)
            .order_by_asc(sevas::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        rows.into_iter().map(to_domain).collect()
    }

    async fn get(&self, id: &SevaId) -> Result<Option<Seva>, RepoError> {
        sevas::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(to_domain).transpose()
    }

    async fn create(
        &self,
        id: SevaId,
        fields: SevaFields,
        image: Option<(StoredImage, String)>,
        now: DateTime<Utc>,
    ) -> Result<Seva, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let (image, url) = match image {
            Some((image, url)) => (Some(image), Some(url)),
            None => (None, None),
        };
        let mut model = sevas::ActiveModel { id: Set(id.to_string()), image_url: Set(url), created_at: Set(now), ..Default::default() };
        fill(&mut model, fields, now)?;
        let saved = model.insert(&tx).await.repo()?;
        if let Some(image) = image {
            insert_image(&tx, &saved.id, image).await?;
        }
        tx.commit().await.repo()?;
        to_domain(saved)
    }

    async fn update(&self, id: &SevaId, fields: SevaFields, image: PhotoChange, now: DateTime<Utc>) -> Result<Seva, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(existing) = sevas::Entity::find_by_id(id.to_owned()).lock_exclusive().one(&tx).await.repo()? else {
            return Err(RepoError::NotFound);
        };
        let mut model: sevas::ActiveModel = existing.into();
        fill(&mut model, fields, now)?;
        match image {
            PhotoChange::Keep => {}
            PhotoChange::Remove => {
                seva_images::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
                model.image_url = Set(None);
            }
            PhotoChange::Replace(image, url) => {
                seva_images::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
                insert_image(&tx, id, image).await?;
                model.image_url = Set(Some(url));
            }
        }
        let saved = model.update(&tx).await.repo()?;
        tx.commit().await.repo()?;
        to_domain(saved)
    }

    async fn delete(&self, id: &SevaId) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let booked = seva_bookings::Entity::find().filter(seva_bookings::Column::SevaId.eq(id.as_str())).limit(1).all(&tx).await.repo()?;
        if !booked.is_empty() {
            return Err(RepoError::Conflict("seva_bookings.seva_id".to_owned()));
        }
        seva_images::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        let result = sevas::Entity::delete_by_id(id.to_owned()).exec(&tx).await.repo()?;
        if result.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        tx.commit().await.repo()
    }

    async fn image(&self, id: &SevaId) -> Result<Option<StoredImage>, RepoError> {
        let found = seva_images::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?;
        Ok(found.map(|m| StoredImage { content_type: m.content_type, bytes: m.bytes, etag: m.etag }))
    }

    async fn settings(&self) -> Result<SevaSettings, RepoError> {
        let row = seva_settings::Entity::find_by_id(1).one(&self.db.conn).await.repo()?;
        Ok(row
            .map(|m| SevaSettings {
                zelle_pending_confirms: m.zelle_pending_confirms,
                cancellation_policy: m.cancellation_policy,
                zelle_hold_hours: u32::try_from(m.zelle_hold_hours).unwrap_or(48),
                max_unpaid_holds: u32::try_from(m.max_unpaid_holds).unwrap_or(3),
            })
            .unwrap_or_default())
    }

    async fn save_settings(&self, settings: &SevaSettings, now: DateTime<Utc>) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let model = seva_settings::ActiveModel {
            id: Set(1),
            zelle_pending_confirms: Set(settings.zelle_pending_confirms),
            cancellation_policy: Set(settings.cancellation_policy.clone()),
            zelle_hold_hours: Set(i32::try_from(settings.zelle_hold_hours).map_err(RepoError::unexpected)?),
            max_unpaid_holds: Set(i32::try_from(settings.max_unpaid_holds).map_err(RepoError::unexpected)?),
            updated_at: Set(now),
        };
        if seva_settings::Entity::find_by_id(1).lock_exclusive().one(&tx).await.repo()?.is_some() {
            model.update(&tx).await.repo()?;
        } else {
            model.insert(&tx).await.repo()?;
        }
        tx.commit().await.repo()
    }

    async fn booked_counts(&self, id: &SevaId, from: NaiveDate, to: NaiveDate, now: DateTime<Utc>) -> Result<BookedCounts, RepoError> {
        let rows: Vec<(String, String, i64)> = seva_bookings::Entity::find()
            .select_only()
            .column(seva_bookings::Column::Date)
            .column(seva_bookings::Column::Slot)
            .column_as(Expr::from(Func::count(Expr::col(seva_bookings::Column::Id))), "count")
            .filter(seva_bookings::Column::SevaId.eq(id.as_str()))
            .filter(seva_bookings::Column::Date.between(date_text(from), date_text(to)))
            .filter(holds_place(now))
            .group_by(seva_bookings::Column::Date)
            .group_by(seva_bookings::Column::Slot)
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()?;
        let mut counts = BookedCounts::new();
        for (date, slot, count) in rows {
            counts.insert((parse_date(&date)?, parse_slot(&slot)?), u32::try_from(count).map_err(RepoError::unexpected)?);
        }
        Ok(counts)
    }
}

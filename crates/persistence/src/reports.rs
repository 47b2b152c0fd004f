//! What the reports read besides the ledger: seva bookings, registrations by their event's time,
//! and when accounts were made (docs/product.md#reports).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{GiftRow, RepoError, ReportRepository};
use mandir_domain::payment::{PaymentProvider, PaymentStatus};
use mandir_domain::seva_booking::BookingStatus;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::Database;
use crate::entities::{attendees, events, payment_funds, payments, seva_bookings, users};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmReportRepository {
    db: Database,
}

impl SeaOrmReportRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl ReportRepository for SeaOrmReportRepository {
    async fn gifts(&self, until: DateTime<Utc>) -> Result<Vec<GiftRow>, RepoError> {
        type Row = (String, Option<String>, Option<String>, Option<String>, DateTime<Utc>, i64, i64, String, String, Option<String>);
        let rows: Vec<Row> = payments::Entity::find()
            .select_only()
            .columns([
                payments::Column::Id,
                payments::Column::UserId,
                payments::Column::DonorName,
                payments::Column::DonorEmail,
                payments::Column::PaymentDate,
                payments::Column::AmountCents,
                payments::Column::RefundedCents,
                payments::Column::Channel,
                payments::Column::PaymentMethod,
                payments::Column::IdempotencyKey,
            ])
            .filter(payments::Column::Status.eq(PaymentStatus::Completed.as_str()))
            .filter(payments::Column::Provider.ne(PaymentProvider::Sandbox.as_str()))
            .filter(payments::Column::PaymentDate.lt(until))
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows
            .into_iter()
            .map(|(payment_id, user_id, donor_name, donor_email, at, amount, refunded, channel, method, key)| GiftRow {
                payment_id,
                user_id,
                donor_name,
                donor_email,
                at,
                kept_cents: (amount - refunded).max(0),
                amount_cents: amount,
                channel,
                method,
                recurring: key.is_some_and(|k| k.starts_with("recurring:")),
            })
            .collect())
    }

    async fn fund_parts(&self, payment_ids: Vec<String>) -> Result<Vec<(String, String, i64)>, RepoError> {
        let mut out = Vec::with_capacity(payment_ids.len());
        for chunk in payment_ids.chunks(500) {
            let rows: Vec<(String, String, i64)> = payment_funds::Entity::find()
                .select_only()
                .columns([payment_funds::Column::PaymentId, payment_funds::Column::FundId, payment_funds::Column::AmountCents])
                .filter(payment_funds::Column::PaymentId.is_in(chunk.to_vec()))
                .into_tuple()
                .all(&self.db.conn)
                .await
                .repo()?;
            out.extend(rows);
        }
        Ok(out)
    }

    async fn seva_bookings(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<(String, NaiveDate, i64)>, RepoError> {
        let rows: Vec<(String, String, i64)> = seva_bookings::Entity::find()
            .select_only()
            .column(seva_bookings::Column::SevaName)
            .column(seva_bookings::Column::Date)
            .column(seva_bookings::Column::AmountCents)
            .filter(seva_bookings::Column::Date.gte(from.format("%Y-%m-%d").to_string()))
            .filter(seva_bookings::Column::Date.lte(to.format("%Y-%m-%d").to_string()))
            .filter(seva_bookings::Column::Status.is_in([BookingStatus::Confirmed.as_str(), BookingStatus::Completed.as_str()]))
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows
            .into_iter()
            .filter_map(|(name, day, cents)| NaiveDate::parse_from_str(&day, "%Y-%m-%d").ok().map(|d| (name, d, cents)))
            .collect())
    }

    async fn registrations(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<(DateTime<Utc>, i64)>, RepoError> {
        let held: Vec<(String, DateTime<Utc>)> = events::Entity::find()
            .select_only()
            .column(events::Column::Id)
            .column(events::Column::EventDate)
            .filter(events::Column::EventDate.gte(from))
            .filter(events::Column::EventDate.lt(to))
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()?;
        let when: std::collections::HashMap<String, DateTime<Utc>> = held.into_iter().collect();
        let ids: Vec<String> = when.keys().cloned().collect();
        let mut out = Vec::new();
        for chunk in ids.chunks(500) {
            let rows: Vec<(String, i32)> = attendees::Entity::find()
                .select_only()
                .column(attendees::Column::EventId)
                .column(attendees::Column::NumberOfFamilyMembers)
                .filter(attendees::Column::EventId.is_in(chunk.to_vec()))
                .into_tuple()
                .all(&self.db.conn)
                .await
                .repo()?;
            // The member and their family members.
            out.extend(rows.into_iter().filter_map(|(event, family)| when.get(&event).map(|at| (*at, i64::from(family) + 1))));
        }
        Ok(out)
    }

    async fn member_joins(&self, until: DateTime<Utc>) -> Result<Vec<DateTime<Utc>>, RepoError> {
        users::Entity::find()
            .select_only()
            .column(users::Column::CreatedAt)
            .filter(users::Column::CreatedAt.lt(until))
            .into_tuple()
            .all(&self.db.conn)
            .await
            .repo()
    }
}

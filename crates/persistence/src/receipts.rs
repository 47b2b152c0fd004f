//! The receipt e-mails to send (ADR 0091): written with the status change that completes a
//! payment ([`enqueue_completed`], called by the payment repository inside its transaction),
//! claimed by one sender at a time with a conditional update.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{ReceiptEmail, ReceiptOutbox, ReceiptReason, RepoError};
use mandir_domain::{PaymentId, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::Database;
use crate::entities::{payments, receipt_emails};
use crate::error::MapDbErr;
use crate::outbox;

/// The id of a payment's one "completed" receipt e-mail.
fn completed_id(payment_id: &str) -> String {
    format!("completed:{payment_id}")
}

/// Adds the receipt e-mail of a payment that just became completed, on the caller's connection
/// (its transaction); a second call for the same payment adds nothing.
pub(crate) async fn enqueue_completed<C: ConnectionTrait>(conn: &C, payment_id: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
    let row = receipt_emails::ActiveModel {
        id: Set(completed_id(payment_id)),
        payment_id: Set(payment_id.to_owned()),
        reason: Set(ReceiptReason::Completed.as_str().to_owned()),
        requested_by: Set(None),
        created_at: Set(now),
        claimed_until: Set(None),
        attempts: Set(0),
        sent_at: Set(None),
        last_error: Set(None),
    };
    receipt_emails::Entity::insert(row)
        .on_conflict(sea_orm::sea_query::OnConflict::column(receipt_emails::Column::Id).do_nothing().to_owned())
        .exec_without_returning(conn)
        .await
        .repo()?;
    Ok(())
}

fn to_domain(m: receipt_emails::Model) -> Result<ReceiptEmail, RepoError> {
    Ok(ReceiptEmail {
        reason: ReceiptReason::parse(&m.reason)
            .ok_or_else(|| RepoError::unexpected(format!("stored receipt e-mail has an unknown reason {:?}", m.reason)))?,
        id: m.id,
        payment_id: m.payment_id.into(),
        requested_by: m.requested_by.map(Into::into),
        created_at: m.created_at,
        attempts: m.attempts,
        sent_at: m.sent_at,
        last_error: m.last_error,
    })
}

#[derive(Debug, Clone)]
pub struct SeaOrmReceiptOutbox {
    db: Database,
}

impl SeaOrmReceiptOutbox {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

outbox::outbox_port!(SeaOrmReceiptOutbox, receipt_emails, ReceiptEmail, to_domain);

#[async_trait]
impl ReceiptOutbox for SeaOrmReceiptOutbox {
    async fn add_resend(&self, id: &str, payment_id: &PaymentId, by: &UserId, now: DateTime<Utc>) -> Result<ReceiptEmail, RepoError> {
        if payments::Entity::find_by_id(payment_id.as_str()).one(&self.db.conn).await.repo()?.is_none() {
            return Err(RepoError::NotFound);
        }
        let model = receipt_emails::ActiveModel {
            id: Set(id.to_owned()),
            payment_id: Set(payment_id.as_str().to_owned()),
            reason: Set(ReceiptReason::Resend.as_str().to_owned()),
            requested_by: Set(Some(by.as_str().to_owned())),
            created_at: Set(now),
            claimed_until: Set(None),
            attempts: Set(0),
            sent_at: Set(None),
            last_error: Set(None),
        }
        .insert(&self.db.conn)
        .await
        .repo()?;
        to_domain(model)
    }

    async fn for_payment(&self, payment_id: &PaymentId) -> Result<Vec<ReceiptEmail>, RepoError> {
        receipt_emails::Entity::find()
            .filter(receipt_emails::Column::PaymentId.eq(payment_id.as_str()))
            .order_by_asc(receipt_emails::Column::CreatedAt)
            .order_by_asc(receipt_emails::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(to_domain)
            .collect()
    }
}

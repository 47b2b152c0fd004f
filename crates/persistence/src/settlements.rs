//! Card fees and payouts as recorded (docs/decisions/0146-stripe-fees-and-payouts.md).

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{RepoError, SettlementRepository, UnsettledCharge};
use mandir_domain::Money;
use mandir_domain::counter::Channel;
use mandir_domain::payment::{PaymentProvider, PaymentStatus};
use mandir_domain::payout::{CardFee, LedgerCharge, Payout, PayoutLine, PayoutLineKind};
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{card_fees, payments, payout_lines, payouts};
use crate::error::MapDbErr;

/// Ids asked for in one `IN (...)`.
const CHUNK: usize = 500;
/// What a card payment's method is called in the ledger.
const CARD_METHOD: &str = "credit_card";

#[derive(Debug, Clone)]
pub struct SeaOrmSettlementRepository {
    db: Database,
}

impl SeaOrmSettlementRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn corrupt(what: &str) -> RepoError {
    RepoError::unexpected(format!("stored payout has an unreadable {what}"))
}

fn count(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

fn fee_of(m: card_fees::Model) -> CardFee {
    CardFee {
        payment_id: m.payment_id,
        balance_transaction_id: m.balance_transaction_id,
        gross: Money::from_cents(m.gross_cents),
        fee: Money::from_cents(m.fee_cents),
        net: Money::from_cents(m.net_cents),
        available_on: m.available_on,
        recorded_at: m.recorded_at,
    }
}

fn payout_of(m: payouts::Model) -> Result<Payout, RepoError> {
    Ok(Payout {
        provider: PaymentProvider::parse(&m.provider).ok_or_else(|| corrupt("provider"))?,
        problems: Payout::problems_from_stored(&m.problems),
        id: m.id,
        amount: Money::from_cents(m.amount_cents),
        arrival_date: m.arrival_date,
        status: m.status,
        created: m.provider_created_at,
        gross: Money::from_cents(m.gross_cents),
        fees: Money::from_cents(m.fees_cents),
        net: Money::from_cents(m.net_cents),
        charges: count(m.charges),
        refunds: count(m.refunds),
        unmatched: count(m.unmatched),
        recorded_at: m.recorded_at,
    })
}

fn signed(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// The first `max` characters.
fn clip(text: Option<String>, max: usize) -> Option<String> {
    text.map(|t| t.chars().take(max).collect())
}

impl SeaOrmSettlementRepository {
    /// The payments of these ids.
    async fn payments_by_id(&self, ids: &[String]) -> Result<HashMap<String, payments::Model>, RepoError> {
        let mut found = HashMap::new();
        for chunk in ids.chunks(CHUNK) {
            for row in payments::Entity::find().filter(payments::Column::Id.is_in(chunk.to_vec())).all(&self.db.conn).await.repo()? {
                found.insert(row.id.clone(), row);
            }
        }
        Ok(found)
    }
}

fn donor_of(payment: &payments::Model) -> Option<String> {
    payment.donor_name.clone().or_else(|| payment.donor_email.clone())
}

#[async_trait]
impl SettlementRepository for SeaOrmSettlementRepository {
    async fn unsettled_charges(&self, provider: PaymentProvider, limit: u64) -> Result<Vec<UnsettledCharge>, RepoError> {
        let recorded = Query::select().column(card_fees::Column::PaymentId).from(card_fees::Entity).to_owned();
        let rows = payments::Entity::find()
            .filter(payments::Column::Provider.eq(provider.as_str()))
            .filter(payments::Column::PaymentMethod.eq(CARD_METHOD))
            .filter(payments::Column::Status.is_in([PaymentStatus::Completed.as_str(), PaymentStatus::Refunded.as_str()]))
            .filter(payments::Column::Channel.ne(Channel::Imported.as_str()))
            // `_` matches any character here; the exact prefix is checked below.
            .filter(payments::Column::TransactionId.like("pi_%"))
            .filter(payments::Column::Id.not_in_subquery(recorded))
            .order_by_asc(payments::Column::PaymentDate)
            .order_by_asc(payments::Column::Id)
            .limit(limit)
            .all(&self.db.conn)
            .await
            .repo()?;
        Ok(rows
            .into_iter()
            .filter_map(|p| {
                Some(UnsettledCharge {
                    intent_id: p.transaction_id.filter(|id| id.starts_with("pi_"))?,
                    payment_id: p.id,
                    amount: Money::from_cents(p.amount_cents),
                    paid_at: p.payment_date,
                })
            })
            .collect())
    }

    async fn record_fee(&self, fee: CardFee) -> Result<(), RepoError> {
        let row = card_fees::ActiveModel {
            payment_id: Set(fee.payment_id),
            balance_transaction_id: Set(fee.balance_transaction_id),
            gross_cents: Set(fee.gross.cents()),
            fee_cents: Set(fee.fee.cents()),
            net_cents: Set(fee.net.cents()),
            available_on: Set(fee.available_on),
            recorded_at: Set(fee.recorded_at),
        };
        card_fees::Entity::insert(row)
            .on_conflict(OnConflict::column(card_fees::Column::PaymentId).do_nothing().to_owned())
            .exec_without_returning(&self.db.conn)
            .await
            .repo()?;
        Ok(())
    }

    async fn fees_not_paid_out(&self, provider: PaymentProvider, until: NaiveDate) -> Result<Vec<(CardFee, String)>, RepoError> {
        let carried = Query::select().column(payout_lines::Column::BalanceTransactionId).from(payout_lines::Entity).to_owned();
        let fees = card_fees::Entity::find()
            .filter(card_fees::Column::AvailableOn.lte(until))
            .filter(card_fees::Column::BalanceTransactionId.not_in_subquery(carried))
            .order_by_asc(card_fees::Column::AvailableOn)
            .order_by_asc(card_fees::Column::PaymentId)
            .all(&self.db.conn)
            .await
            .repo()?;
        let ids: Vec<String> = fees.iter().map(|f| f.payment_id.clone()).collect();
        let payments = self.payments_by_id(&ids).await?;
        Ok(fees
            .into_iter()
            .filter_map(|f| {
                let payment = payments.get(&f.payment_id).filter(|p| p.provider == provider.as_str())?;
                let intent = payment.transaction_id.clone()?;
                Some((fee_of(f), intent))
            })
            .collect())
    }

    async fn charges_by_intent(&self, intent_ids: &[String]) -> Result<Vec<LedgerCharge>, RepoError> {
        let mut found = Vec::new();
        for chunk in intent_ids.chunks(CHUNK) {
            let rows =
                payments::Entity::find().filter(payments::Column::TransactionId.is_in(chunk.to_vec())).all(&self.db.conn).await.repo()?;
            found.extend(rows.into_iter().filter_map(|p| {
                Some(LedgerCharge {
                    donor: donor_of(&p),
                    intent_id: p.transaction_id?,
                    payment_id: p.id,
                    amount: Money::from_cents(p.amount_cents),
                    receipt_number: p.receipt_number,
                })
            }));
        }
        Ok(found)
    }

    async fn latest_payout(&self, provider: PaymentProvider) -> Result<Option<DateTime<Utc>>, RepoError> {
        Ok(payouts::Entity::find()
            .filter(payouts::Column::Provider.eq(provider.as_str()))
            .order_by_desc(payouts::Column::ProviderCreatedAt)
            .one(&self.db.conn)
            .await
            .repo()?
            .map(|p| p.provider_created_at))
    }

    async fn payout_recorded(&self, id: &str) -> Result<bool, RepoError> {
        Ok(payouts::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.is_some())
    }

    async fn record_payout(&self, payout: Payout, lines: Vec<PayoutLine>) -> Result<bool, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let row = payouts::ActiveModel {
            id: Set(payout.id.clone()),
            provider: Set(payout.provider.as_str().to_owned()),
            amount_cents: Set(payout.amount.cents()),
            arrival_date: Set(payout.arrival_date),
            status: Set(payout.status.chars().take(20).collect()),
            provider_created_at: Set(payout.created),
            gross_cents: Set(payout.gross.cents()),
            fees_cents: Set(payout.fees.cents()),
            net_cents: Set(payout.net.cents()),
            charges: Set(signed(payout.charges)),
            refunds: Set(signed(payout.refunds)),
            unmatched: Set(signed(payout.unmatched)),
            problems: Set(payout.stored_problems()),
            recorded_at: Set(payout.recorded_at),
        };
        let inserted = payouts::Entity::insert(row)
            .on_conflict(OnConflict::column(payouts::Column::Id).do_nothing().to_owned())
            .exec_without_returning(&tx)
            .await
            .repo()?;
        if inserted == 0 {
            tx.rollback().await.repo()?;
            return Ok(false);
        }
        let rows: Vec<payout_lines::ActiveModel> = lines
            .into_iter()
            .enumerate()
            .map(|(position, line)| payout_lines::ActiveModel {
                balance_transaction_id: Set(line.balance_transaction_id),
                payout_id: Set(payout.id.clone()),
                position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
                kind: Set(line.kind.as_str().to_owned()),
                gross_cents: Set(line.gross.cents()),
                fee_cents: Set(line.fee.cents()),
                net_cents: Set(line.net.cents()),
                intent_id: Set(clip(line.intent_id, 64)),
                description: Set(clip(line.description, 500)),
                payment_id: Set(line.payment_id),
            })
            .collect();
        for chunk in rows.chunks(CHUNK) {
            // A transaction another payout carried already stays with that one.
            payout_lines::Entity::insert_many(chunk.to_vec())
                .on_conflict(OnConflict::column(payout_lines::Column::BalanceTransactionId).do_nothing().to_owned())
                .exec_without_returning(&tx)
                .await
                .repo()?;
        }
        tx.commit().await.repo()?;
        Ok(true)
    }

    async fn payouts(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<Payout>, RepoError> {
        payouts::Entity::find()
            .filter(payouts::Column::ArrivalDate.gte(from))
            .filter(payouts::Column::ArrivalDate.lte(to))
            .order_by_desc(payouts::Column::ArrivalDate)
            .order_by_desc(payouts::Column::ProviderCreatedAt)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(payout_of)
            .collect()
    }

    async fn payout(&self, id: &str) -> Result<Option<(Payout, Vec<PayoutLine>)>, RepoError> {
        let Some(row) = payouts::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()? else { return Ok(None) };
        let lines = payout_lines::Entity::find()
            .filter(payout_lines::Column::PayoutId.eq(id))
            .order_by_asc(payout_lines::Column::Position)
            .all(&self.db.conn)
            .await
            .repo()?;
        let ids: Vec<String> = lines.iter().filter_map(|l| l.payment_id.clone()).collect();
        let payments = self.payments_by_id(&ids).await?;
        let lines = lines
            .into_iter()
            .map(|l| {
                let payment = l.payment_id.as_ref().and_then(|id| payments.get(id));
                Ok(PayoutLine {
                    kind: PayoutLineKind::parse(&l.kind).ok_or_else(|| corrupt("line kind"))?,
                    receipt_number: payment.and_then(|p| p.receipt_number.clone()),
                    donor: payment.and_then(donor_of),
                    ledger_amount: payment.map(|p| Money::from_cents(p.amount_cents)),
                    balance_transaction_id: l.balance_transaction_id,
                    gross: Money::from_cents(l.gross_cents),
                    fee: Money::from_cents(l.fee_cents),
                    net: Money::from_cents(l.net_cents),
                    intent_id: l.intent_id,
                    description: l.description,
                    payment_id: l.payment_id,
                })
            })
            .collect::<Result<Vec<_>, RepoError>>()?;
        Ok(Some((payout_of(row)?, lines)))
    }
}

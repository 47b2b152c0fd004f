//! The books: the chart of accounts, its mappings, the exports made, and a period of the ledger
//! read for its journal (docs/decisions/0145-accounting-export.md). Refunds are read from
//! `payment_refunds`, which every path that raises a payment's refunded amount writes in the
//! same transaction ([`record_refund`]).

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{AccountingRepository, RepoError};
use mandir_domain::Money;
use mandir_domain::accounting::{
    ACCOUNT_INACTIVE, ACCOUNT_MAPPED, AccountKind, AccountPatch, AccountingExport, BookedGift, BookedRefund, ExportFormat, LedgerAccount,
    MappingSubject, Mappings, NewAccount,
};
use mandir_domain::counter::Channel;
use mandir_domain::payment::{PaymentProvider, PaymentStatus};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::Database;
use crate::entities::{account_mappings, accounting_exports, ledger_accounts, payment_refunds, payment_tenders, payments};
use crate::error::MapDbErr;

#[derive(Debug, Clone)]
pub struct SeaOrmAccountingRepository {
    db: Database,
}

impl SeaOrmAccountingRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn corrupt(what: &str) -> RepoError {
    RepoError::unexpected(format!("stored accounting row has an unreadable {what}"))
}

fn account_of(m: ledger_accounts::Model) -> Result<LedgerAccount, RepoError> {
    Ok(LedgerAccount {
        kind: AccountKind::parse(&m.kind).ok_or_else(|| corrupt("account kind"))?,
        id: m.id,
        code: m.code,
        name: m.name,
        is_active: m.is_active,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

fn export_of(m: accounting_exports::Model) -> Result<AccountingExport, RepoError> {
    Ok(AccountingExport {
        format: ExportFormat::parse(&m.format).ok_or_else(|| corrupt("export format"))?,
        id: m.id,
        from: m.from_date,
        to: m.to_date,
        entries: u32::try_from(m.entries).unwrap_or(0),
        total: Money::from_cents(m.total_cents),
        by_user_id: m.by_user_id,
        by_name: m.by_name,
        created_at: m.created_at,
    })
}

/// Records that a payment's refunded amount went from `before` to `after` cents at `at`, in the
/// caller's transaction: the books date each refund by this row.
pub(crate) async fn record_refund<C: ConnectionTrait>(
    conn: &C,
    payment_id: &str,
    before: i64,
    after: i64,
    at: DateTime<Utc>,
) -> Result<(), RepoError> {
    if after <= before {
        return Ok(());
    }
    payment_refunds::ActiveModel {
        id: Set(uuid::Uuid::new_v4().to_string()),
        payment_id: Set(payment_id.to_owned()),
        amount_cents: Set(after - before),
        refunded_at: Set(at),
    }
    .insert(conn)
    .await
    .repo()?;
    Ok(())
}

/// What a payment's money came as: its tenders (a counter sale), else its one method.
fn tenders_of(payment: &payments::Model, tenders: &HashMap<String, Vec<payment_tenders::Model>>) -> Vec<(String, Money)> {
    match tenders.get(&payment.id) {
        Some(rows) if !rows.is_empty() => rows.iter().map(|t| (t.method.clone(), Money::from_cents(t.amount_cents))).collect(),
        _ => vec![(payment.payment_method.clone(), Money::from_cents(payment.amount_cents))],
    }
}

fn gift_of(payment: &payments::Model, tenders: &HashMap<String, Vec<payment_tenders::Model>>) -> BookedGift {
    BookedGift {
        payment_id: payment.id.clone(),
        receipt_number: payment.receipt_number.clone(),
        paid_at: payment.payment_date,
        donor: payment.donor_name.clone().or_else(|| payment.donor_email.clone()).unwrap_or_default(),
        amount: Money::from_cents(payment.amount_cents),
        lines: crate::donation_details::from_json(&payment.donation_details),
        tenders: tenders_of(payment, tenders),
    }
}

/// Whether a payment is in the books: money the temple received here (not a test, not a gift
/// imported from books kept before), completed or refunded since.
fn booked(payment: &payments::Model) -> bool {
    let status = PaymentStatus::parse(&payment.status);
    matches!(status, Some(PaymentStatus::Completed | PaymentStatus::Refunded))
        && PaymentProvider::parse(&payment.provider).is_none_or(|p| !p.is_test())
        && payment.channel != Channel::Imported.as_str()
}

#[async_trait]
impl AccountingRepository for SeaOrmAccountingRepository {
    async fn accounts(&self) -> Result<Vec<LedgerAccount>, RepoError> {
        ledger_accounts::Entity::find()
            .order_by_asc(ledger_accounts::Column::Code)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(account_of)
            .collect()
    }

    async fn create_account(&self, id: String, account: NewAccount, now: DateTime<Utc>) -> Result<LedgerAccount, RepoError> {
        let model = ledger_accounts::ActiveModel {
            id: Set(id),
            code: Set(account.code),
            name: Set(account.name),
            kind: Set(account.kind.as_str().to_owned()),
            is_active: Set(true),
            created_at: Set(now),
            updated_at: Set(now),
        };
        let tx = self.db.begin_write().await.repo()?;
        let created = model.insert(&tx).await.repo()?;
        tx.commit().await.repo()?;
        account_of(created)
    }

    async fn update_account(&self, id: &str, patch: AccountPatch, now: DateTime<Utc>) -> Result<LedgerAccount, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let row = ledger_accounts::Entity::find_by_id(id.to_owned()).one(&tx).await.repo()?.ok_or(RepoError::NotFound)?;
        let mut model: ledger_accounts::ActiveModel = row.into();
        if let Some(code) = patch.code {
            model.code = Set(code);
        }
        if let Some(name) = patch.name {
            model.name = Set(name);
        }
        if let Some(kind) = patch.kind {
            model.kind = Set(kind.as_str().to_owned());
        }
        if let Some(active) = patch.is_active {
            model.is_active = Set(active);
        }
        model.updated_at = Set(now);
        // The update holds the account's row, so a mapping to it waits for this check.
        let updated = model.update(&tx).await.repo()?;
        if !updated.is_active {
            let mapped =
                account_mappings::Entity::find().filter(account_mappings::Column::AccountId.eq(id)).one(&tx).await.repo()?.is_some();
            if mapped {
                tx.rollback().await.repo()?;
                return Err(RepoError::Conflict(ACCOUNT_MAPPED.to_owned()));
            }
        }
        tx.commit().await.repo()?;
        account_of(updated)
    }

    async fn mappings(&self) -> Result<Mappings, RepoError> {
        let rows = account_mappings::Entity::find().all(&self.db.conn).await.repo()?;
        Ok(Mappings::new(
            rows.into_iter().filter_map(|m| MappingSubject::parse(&m.subject).map(|subject| (subject, m.subject_id, m.account_id))),
        ))
    }

    async fn set_mapping(
        &self,
        subject: MappingSubject,
        subject_id: &str,
        account_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        match account_id {
            Some(account_id) => {
                // Holds the account's row while it is active, so it is not deactivated meanwhile.
                let held = ledger_accounts::Entity::update_many()
                    .col_expr(ledger_accounts::Column::UpdatedAt, Expr::col(ledger_accounts::Column::UpdatedAt))
                    .filter(ledger_accounts::Column::Id.eq(account_id.as_str()))
                    .filter(ledger_accounts::Column::IsActive.eq(true))
                    .exec(&tx)
                    .await
                    .repo()?;
                if held.rows_affected == 0 {
                    tx.rollback().await.repo()?;
                    return Err(RepoError::Conflict(ACCOUNT_INACTIVE.to_owned()));
                }
                let row = account_mappings::ActiveModel {
                    subject: Set(subject.as_str().to_owned()),
                    subject_id: Set(subject_id.to_owned()),
                    account_id: Set(account_id),
                    updated_at: Set(now),
                };
                account_mappings::Entity::insert(row)
                    .on_conflict(
                        OnConflict::columns([account_mappings::Column::Subject, account_mappings::Column::SubjectId])
                            .update_columns([account_mappings::Column::AccountId, account_mappings::Column::UpdatedAt])
                            .to_owned(),
                    )
                    .exec(&tx)
                    .await
                    .repo()?;
            }
            None => {
                account_mappings::Entity::delete_many()
                    .filter(account_mappings::Column::Subject.eq(subject.as_str()))
                    .filter(account_mappings::Column::SubjectId.eq(subject_id))
                    .exec(&tx)
                    .await
                    .repo()?;
            }
        }
        tx.commit().await.repo()?;
        Ok(())
    }

    async fn period(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<(Vec<BookedGift>, Vec<BookedRefund>), RepoError> {
        let statuses = [PaymentStatus::Completed.as_str(), PaymentStatus::Refunded.as_str()];
        let paid: Vec<payments::Model> = payments::Entity::find()
            .filter(payments::Column::PaymentDate.gte(from))
            .filter(payments::Column::PaymentDate.lt(to))
            .filter(payments::Column::Status.is_in(statuses))
            .filter(payments::Column::Channel.ne(Channel::Imported.as_str()))
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .filter(booked)
            .collect();
        let refunds: Vec<payment_refunds::Model> = payment_refunds::Entity::find()
            .filter(payment_refunds::Column::RefundedAt.gte(from))
            .filter(payment_refunds::Column::RefundedAt.lt(to))
            .all(&self.db.conn)
            .await
            .repo()?;
        // The refunded gifts paid outside the period, read by id.
        let mut by_id: HashMap<String, payments::Model> = paid.iter().map(|p| (p.id.clone(), p.clone())).collect();
        let missing: Vec<String> = refunds.iter().map(|r| r.payment_id.clone()).filter(|id| !by_id.contains_key(id)).collect();
        for chunk in missing.chunks(500) {
            for payment in payments::Entity::find().filter(payments::Column::Id.is_in(chunk.to_vec())).all(&self.db.conn).await.repo()? {
                by_id.insert(payment.id.clone(), payment);
            }
        }
        let ids: Vec<String> = by_id.keys().cloned().collect();
        let mut tenders: HashMap<String, Vec<payment_tenders::Model>> = HashMap::new();
        for chunk in ids.chunks(500) {
            let rows = payment_tenders::Entity::find()
                .filter(payment_tenders::Column::PaymentId.is_in(chunk.to_vec()))
                .order_by_asc(payment_tenders::Column::Position)
                .all(&self.db.conn)
                .await
                .repo()?;
            for row in rows {
                tenders.entry(row.payment_id.clone()).or_default().push(row);
            }
        }
        let gifts = paid.iter().map(|p| gift_of(p, &tenders)).collect();
        let refunds = refunds
            .into_iter()
            .filter_map(|r| {
                let payment = by_id.get(&r.payment_id).filter(|p| booked(p))?;
                Some(BookedRefund {
                    refund_id: r.id,
                    refunded_at: r.refunded_at,
                    amount: Money::from_cents(r.amount_cents),
                    gift: gift_of(payment, &tenders),
                })
            })
            .collect();
        Ok((gifts, refunds))
    }

    async fn exports(&self) -> Result<Vec<AccountingExport>, RepoError> {
        accounting_exports::Entity::find()
            .order_by_desc(accounting_exports::Column::CreatedAt)
            .order_by_desc(accounting_exports::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(export_of)
            .collect()
    }

    async fn find_export(&self, id: &str) -> Result<Option<AccountingExport>, RepoError> {
        accounting_exports::Entity::find_by_id(id.to_owned()).one(&self.db.conn).await.repo()?.map(export_of).transpose()
    }

    async fn record_export(&self, export: AccountingExport) -> Result<(), RepoError> {
        let model = accounting_exports::ActiveModel {
            id: Set(export.id),
            from_date: Set(export.from),
            to_date: Set(export.to),
            format: Set(export.format.as_str().to_owned()),
            entries: Set(i32::try_from(export.entries).unwrap_or(i32::MAX)),
            total_cents: Set(export.total.cents()),
            by_user_id: Set(export.by_user_id),
            by_name: Set(export.by_name.chars().take(254).collect()),
            created_at: Set(export.created_at),
        };
        let tx = self.db.begin_write().await.repo()?;
        model.insert(&tx).await.repo()?;
        tx.commit().await.repo()?;
        Ok(())
    }
}

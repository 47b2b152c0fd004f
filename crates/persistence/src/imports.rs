//! Imports (ADR 0144): each batch of people or gifts is one transaction that first reads which of
//! its row keys a live import recorded, then writes only the others with their records, so the
//! same rows imported twice (or a batch retried) change nothing. Undoing deletes what the records
//! name, in one transaction, unless something came to depend on it.

use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{
    BatchCounts, ImportRepository, ImportSummary, ImportedGift, MemberRef, NewImport, RepoError, SavedMapping, Undo,
};
use mandir_domain::audit::AuditEntry;
use mandir_domain::fund::GENERAL_FUND_ID;
use mandir_domain::import::{FamilyPlan, ImportKind, Mapping, PersonRow};
use mandir_domain::payment::{self, Channel, PaymentProvider, PaymentStatus};
use mandir_domain::{ImportId, ImportMappingId, Money, UserId};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set, Statement,
    TryInsertResult, Value,
};

use crate::entities::{
    family_members, household_members, households, import_mappings, import_records, imports, payment_funds, payments, users,
};
use crate::error::MapDbErr;
use crate::{Database, donation_details};

/// What an imported account holds as its password: no argon2 hash, so no password signs it in
/// until its owner sets one through "Forgot password".
pub const NO_PASSWORD: &str = "";

/// Rows per `IN (…)` list and per multi-row insert: well within SQLite's limit of bound values.
const CHUNK: usize = 400;

/// An import that wrote at least this many rows has PostgreSQL's statistics of its records
/// brought up to date at its end.
const ANALYZE_AFTER: i32 = 1_000;

#[derive(Debug, Clone)]
pub struct SeaOrmImportRepository {
    db: Database,
}

impl SeaOrmImportRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn summary(m: imports::Model) -> Result<ImportSummary, RepoError> {
    let kind = ImportKind::parse(&m.kind).ok_or_else(|| RepoError::unexpected(format!("import {} has an unknown kind", m.id)))?;
    let count = |n: i32| u32::try_from(n).unwrap_or(0);
    Ok(ImportSummary {
        id: ImportId::new(m.id),
        kind,
        file_name: m.file_name,
        rows: count(m.rows),
        created: count(m.created),
        unchanged: count(m.unchanged),
        skipped: count(m.skipped),
        total: m.total_cents.map(Money::from_cents),
        by_email: m.by_email,
        at: m.created_at,
        running: m.finished_at.is_none() && m.undone_at.is_none(),
        undone_at: m.undone_at,
        undone_by: m.undone_by,
    })
}

fn mapping_of(m: import_mappings::Model) -> Result<SavedMapping, RepoError> {
    let kind = ImportKind::parse(&m.kind).ok_or_else(|| RepoError::unexpected(format!("mapping {} has an unknown kind", m.id)))?;
    let mapping: Mapping = serde_json::from_str(&m.mapping).map_err(RepoError::unexpected)?;
    Ok(SavedMapping { id: ImportMappingId::new(m.id), kind, name: m.name, mapping, updated_at: m.updated_at })
}

/// The keys of `kind` among `keys` that records hold, read on `conn`.
async fn recorded<C: ConnectionTrait>(
    conn: &C,
    kind: ImportKind,
    keys: &[String],
) -> Result<HashMap<String, import_records::Model>, RepoError> {
    let mut found = HashMap::new();
    for chunk in keys.chunks(CHUNK) {
        let rows = import_records::Entity::find()
            .filter(import_records::Column::Kind.eq(kind.as_str()))
            .filter(import_records::Column::RowKey.is_in(chunk.iter().cloned()))
            .all(conn)
            .await
            .repo()?;
        found.extend(rows.into_iter().map(|r| (r.row_key.clone(), r)));
    }
    Ok(found)
}

/// The accounts of these lowercase addresses.
async fn accounts<C: ConnectionTrait>(conn: &C, emails: &[String]) -> Result<HashMap<String, users::Model>, RepoError> {
    let mut found = HashMap::new();
    for chunk in emails.chunks(CHUNK) {
        let rows = users::Entity::find().filter(users::Column::Email.is_in(chunk.iter().cloned())).all(conn).await.repo()?;
        found.extend(rows.into_iter().map(|u| (u.email.clone(), u)));
    }
    Ok(found)
}

fn member_ref(u: users::Model) -> MemberRef {
    MemberRef {
        id: UserId::new(u.id),
        name: format!("{} {}", u.first_name, u.last_name).trim().to_owned(),
        email: u.email,
        address: u.mailing_address,
    }
}

fn record(
    kind: ImportKind,
    key: &str,
    import: &ImportId,
    entity: &str,
    entity_id: &str,
    line: usize,
    matched: bool,
) -> import_records::ActiveModel {
    import_records::ActiveModel {
        kind: Set(kind.as_str().to_owned()),
        row_key: Set(key.to_owned()),
        import_id: Set(import.to_string()),
        entity: Set(entity.to_owned()),
        entity_id: Set(entity_id.to_owned()),
        line: Set(i32::try_from(line).unwrap_or(i32::MAX)),
        matched: Set(matched),
    }
}

fn new_user(person: &PersonRow, id: &str, now: DateTime<Utc>) -> users::ActiveModel {
    users::ActiveModel {
        id: Set(id.to_owned()),
        username: Set(None),
        first_name: Set(person.first_name.clone()),
        last_name: Set(person.last_name.clone()),
        email: Set(person.email.as_ref().map(|e| e.as_str().to_owned()).unwrap_or_default()),
        phone_number: Set(person.phone.clone()),
        gotram_id: Set(person.gotram_id),
        custom_gotram: Set(if person.gotram_id.is_some() { None } else { person.gotram.clone() }),
        mailing_address: Set(person.address.clone()),
        password_hash: Set(NO_PASSWORD.to_owned()),
        email_verified: Set(false),
        email_verification_token: Set(None),
        email_verification_expires: Set(None),
        reset_password_token: Set(None),
        reset_password_expires: Set(None),
        roles: Set(String::new()),
        token_version: Set(0),
        demo_account: Set(false),
        language: Set("en".to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        created_by: Set(None),
        updated_by: Set(None),
    }
}

fn new_family_member(person: &PersonRow, id: &str, user_id: &str, now: DateTime<Utc>) -> family_members::ActiveModel {
    family_members::ActiveModel {
        id: Set(id.to_owned()),
        user_id: Set(user_id.to_owned()),
        name: Set(person.full_name()),
        relation: Set(person.relation.clone()),
        gotram: Set(person.gotram.clone()),
        nakshatram: Set(person.nakshatram.clone()),
        rasi: Set(person.rasi.clone()),
        birth_date: Set(person.birth_date.map(|d| d.format("%Y-%m-%d").to_string())),
        created_at: Set(now),
        updated_at: Set(now),
    }
}

async fn insert_chunked<C, A>(conn: &C, rows: Vec<A>) -> Result<(), RepoError>
where
    C: ConnectionTrait,
    A: ActiveModelTrait + Send,
{
    let mut rows = rows;
    while !rows.is_empty() {
        let chunk: Vec<A> = rows.drain(..rows.len().min(CHUNK / 4)).collect();
        <A::Entity as EntityTrait>::insert_many(chunk).exec_without_returning(conn).await.repo()?;
    }
    Ok(())
}

fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// `sql` with `?` placeholders, numbered on PostgreSQL.
fn statement(backend: DbBackend, sql: &str, values: Vec<Value>) -> Statement {
    let sql = if backend == DbBackend::Postgres {
        let mut n = 0;
        sql.chars()
            .map(|c| {
                if c == '?' {
                    n += 1;
                    format!("${n}")
                } else {
                    c.to_string()
                }
            })
            .collect()
    } else {
        sql.to_owned()
    };
    Statement::from_sql_and_values(backend, sql, values)
}

async fn count<C: ConnectionTrait>(conn: &C, sql: &str, import: &str) -> Result<u32, RepoError> {
    let row = conn.query_one_raw(statement(conn.get_database_backend(), sql, vec![import.into()])).await.repo()?;
    let n: i64 = row.map(|r| r.try_get_by_index::<i64>(0)).transpose().repo()?.unwrap_or(0);
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Accounts an import made that are in use: a password set (claimed), or named by anything a
/// member does. Gifts of this very import do not count; another import's gifts do.
const ACCOUNTS_IN_USE: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM import_records r WHERE r.import_id = ? AND r.entity = 'user' AND NOT r.matched AND (\
    EXISTS (SELECT 1 FROM users u WHERE u.id = r.entity_id AND (u.password_hash <> '' OR u.email_verified OR u.roles <> '')) \
    OR EXISTS (SELECT 1 FROM attendees x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM volunteers x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM shift_signups x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM seva_bookings x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM waitlist x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM pledges x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM recurring_gifts x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM star_birthdays x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM event_door_staff x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM priests x WHERE x.user_id = r.entity_id) \
    OR EXISTS (SELECT 1 FROM household_members hm WHERE hm.user_id = r.entity_id AND hm.household_id NOT IN \
        (SELECT h.entity_id FROM import_records h WHERE h.import_id = r.import_id AND h.entity = 'household')) \
    OR EXISTS (SELECT 1 FROM payments p WHERE p.user_id = r.entity_id AND p.id NOT IN \
        (SELECT g.entity_id FROM import_records g WHERE g.import_id = r.import_id AND g.entity = 'payment')))";

/// Gifts an import recorded that changed since: refunded, no longer completed, or in a pledge.
const GIFTS_IN_USE: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM import_records r JOIN payments p ON p.id = r.entity_id \
    WHERE r.import_id = ? AND r.entity = 'payment' AND (p.refunded_cents > 0 OR p.status <> 'completed' \
    OR EXISTS (SELECT 1 FROM pledge_gifts x WHERE x.payment_id = p.id))";

#[async_trait]
impl ImportRepository for SeaOrmImportRepository {
    async fn known_keys(&self, kind: ImportKind, keys: Vec<String>) -> Result<HashSet<String>, RepoError> {
        Ok(recorded(&self.db.conn, kind, &keys).await?.into_keys().collect())
    }

    async fn accounts_by_email(&self, emails: Vec<String>) -> Result<HashMap<String, MemberRef>, RepoError> {
        Ok(accounts(&self.db.conn, &emails).await?.into_iter().map(|(email, u)| (email, member_ref(u))).collect())
    }

    async fn members_by_key(&self, mut keys: Vec<String>) -> Result<HashMap<String, MemberRef>, RepoError> {
        // A member gives many gifts: each key once.
        keys.sort_unstable();
        keys.dedup();
        let records = recorded(&self.db.conn, ImportKind::Members, &keys).await?;
        let ids: Vec<String> = records.values().filter(|r| r.entity == "user").map(|r| r.entity_id.clone()).collect();
        let mut people = HashMap::new();
        for chunk in ids.chunks(CHUNK) {
            let rows = users::Entity::find().filter(users::Column::Id.is_in(chunk.iter().cloned())).all(&self.db.conn).await.repo()?;
            people.extend(rows.into_iter().map(|u| (u.id.clone(), u)));
        }
        Ok(records
            .into_iter()
            .filter(|(_, r)| r.entity == "user")
            .filter_map(|(key, r)| people.remove(&r.entity_id).map(|u| (key, member_ref(u))))
            .collect())
    }

    async fn receipt_numbers_taken(&self, numbers: Vec<String>) -> Result<HashSet<String>, RepoError> {
        let mut taken = HashSet::new();
        for chunk in numbers.chunks(CHUNK) {
            let rows: Vec<Option<String>> = payments::Entity::find()
                .select_only()
                .column(payments::Column::ReceiptNumber)
                .filter(payments::Column::ReceiptNumber.is_in(chunk.iter().cloned()))
                .into_tuple()
                .all(&self.db.conn)
                .await
                .repo()?;
            taken.extend(rows.into_iter().flatten());
        }
        Ok(taken)
    }

    async fn start(&self, import: NewImport, audit: AuditEntry) -> Result<(), RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        imports::ActiveModel {
            id: Set(import.id.to_string()),
            kind: Set(import.kind.as_str().to_owned()),
            file_name: Set(import.file_name),
            file_sha256: Set(import.file_sha256),
            mapping: Set(serde_json::to_string(&import.mapping).map_err(RepoError::unexpected)?),
            rows: Set(i32::try_from(import.rows).unwrap_or(i32::MAX)),
            created: Set(0),
            unchanged: Set(0),
            skipped: Set(i32::try_from(import.skipped).unwrap_or(i32::MAX)),
            total_cents: Set(None),
            by_user_id: Set(import.by.map(Into::into)),
            by_email: Set(import.by_email.chars().take(254).collect()),
            created_at: Set(import.now),
            finished_at: Set(None),
            undone_at: Set(None),
            undone_by: Set(None),
        }
        .insert(&*tx)
        .await
        .repo()?;
        crate::audit::insert_on(&*tx, audit).await?;
        tx.commit().await.repo()
    }

    async fn write_families(&self, import: &ImportId, families: Vec<FamilyPlan>, now: DateTime<Utc>) -> Result<BatchCounts, RepoError> {
        let kind = ImportKind::Members;
        let tx = self.db.begin_write().await.repo()?;
        let keys: Vec<String> = families
            .iter()
            .flat_map(|f| f.accounts.iter().chain(&f.family).map(|p| p.key.clone()).chain(f.household.as_ref().map(|h| h.key.clone())))
            .collect();
        let known = recorded(&*tx, kind, &keys).await?;
        let emails: Vec<String> = families
            .iter()
            .flat_map(|f| &f.accounts)
            .filter(|p| !known.contains_key(&p.key))
            .filter_map(|p| p.email.as_ref().map(|e| e.as_str().to_owned()))
            .collect();
        let existing = accounts(&*tx, &emails).await?;
        let (mut new_users, mut new_family, mut new_records) = (Vec::new(), Vec::new(), Vec::new());
        let (mut new_households, mut new_members) = (Vec::new(), Vec::new());
        let mut counts = BatchCounts::default();
        for family in &families {
            // Each account's id: recorded before, matched by address, or new.
            let mut ids = Vec::new();
            let mut made = Vec::new();
            for person in &family.accounts {
                let email = person.email.as_ref().map(|e| e.as_str().to_owned()).unwrap_or_default();
                if let Some(r) = known.get(&person.key) {
                    counts.unchanged += 1;
                    ids.push(r.entity_id.clone());
                } else if let Some(user) = existing.get(&email) {
                    counts.unchanged += 1;
                    new_records.push(record(kind, &person.key, import, "user", &user.id, person.line, true));
                    ids.push(user.id.clone());
                } else {
                    let id = new_id();
                    counts.created += 1;
                    new_users.push(new_user(person, &id, now));
                    new_records.push(record(kind, &person.key, import, "user", &id, person.line, false));
                    made.push(id.clone());
                    ids.push(id);
                }
            }
            let Some(head) = ids.first() else { continue };
            for person in &family.family {
                if known.contains_key(&person.key) {
                    counts.unchanged += 1;
                    continue;
                }
                let id = new_id();
                counts.created += 1;
                new_family.push(new_family_member(person, &id, head, now));
                new_records.push(record(kind, &person.key, import, "family_member", &id, person.line, false));
            }
            // A household joins the accounts this import made; accounts that existed keep theirs.
            if let Some(household) = family.household.as_ref().filter(|h| !known.contains_key(&h.key))
                && made.len() > 1
            {
                let id = new_id();
                new_households.push(households::ActiveModel {
                    id: Set(id.clone()),
                    name: Set(household.name.chars().take(100).collect()),
                    address: Set(household.address.clone()),
                    statement: Set("joint".to_owned()),
                    created_at: Set(now),
                    updated_at: Set(now),
                });
                new_members.extend(made.iter().map(|user| household_members::ActiveModel {
                    user_id: Set(user.clone()),
                    household_id: Set(id.clone()),
                    joined_at: Set(now),
                }));
                let line = family.accounts.first().map_or(0, |p| p.line);
                new_records.push(record(kind, &household.key, import, "household", &id, line, false));
            }
        }
        insert_chunked(&*tx, new_users).await?;
        insert_chunked(&*tx, new_family).await?;
        insert_chunked(&*tx, new_households).await?;
        insert_chunked(&*tx, new_members).await?;
        insert_chunked(&*tx, new_records).await?;
        add_counts(&*tx, import, counts).await?;
        tx.commit().await.repo()?;
        Ok(counts)
    }

    async fn write_gifts(&self, import: &ImportId, gifts: Vec<ImportedGift>) -> Result<BatchCounts, RepoError> {
        let kind = ImportKind::Gifts;
        let tx = self.db.begin_write().await.repo()?;
        // The records first: each row's key is claimed by inserting its record, a key a live
        // import holds is skipped by the primary key (no read of the growing table), and only the
        // claimed rows' payments are written.
        let mut claimed: HashSet<String> = HashSet::new();
        let records: Vec<import_records::ActiveModel> =
            gifts.iter().map(|g| record(kind, &g.key, import, "payment", &g.id, g.line, false)).collect();
        for chunk in records.chunks(CHUNK / 4) {
            let inserted = import_records::Entity::insert_many(chunk.to_vec())
                .on_conflict_do_nothing_on([import_records::Column::Kind, import_records::Column::RowKey])
                .exec_with_returning_keys(&*tx)
                .await
                .repo()?;
            if let TryInsertResult::Inserted(keys) = inserted {
                claimed.extend(keys.into_iter().map(|(_, key)| key));
            }
        }
        let (mut rows, mut funds) = (Vec::new(), Vec::new());
        let mut counts = BatchCounts::default();
        for gift in gifts {
            if !claimed.contains(&gift.key) {
                counts.unchanged += 1;
                continue;
            }
            counts.created += 1;
            let mut per_fund: Vec<(String, i64)> = Vec::new();
            for line in &gift.lines {
                let fund = line.fund_id.as_deref().unwrap_or(GENERAL_FUND_ID).to_owned();
                match per_fund.iter_mut().find(|(f, _)| *f == fund) {
                    Some((_, cents)) => *cents += line.amount.cents(),
                    None => per_fund.push((fund, line.amount.cents())),
                }
            }
            funds.extend(per_fund.into_iter().map(|(fund, cents)| payment_funds::ActiveModel {
                payment_id: Set(gift.id.clone()),
                fund_id: Set(fund),
                amount_cents: Set(cents),
            }));
            rows.push(payments::ActiveModel {
                id: Set(gift.id),
                event_id: Set(None),
                event_name: Set(None),
                user_id: Set(gift.user_id.map(Into::into)),
                payment_date: Set(gift.at),
                payment_method: Set(gift.method.as_str().to_owned()),
                amount_cents: Set(gift.amount.cents()),
                currency: Set(payment::CURRENCY.to_owned()),
                status: Set(PaymentStatus::Completed.as_str().to_owned()),
                provider: Set(PaymentProvider::InPerson.as_str().to_owned()),
                transaction_id: Set(None),
                client_secret_hash: Set(None),
                donation_details: Set(donation_details::to_json(&gift.lines)),
                receipt_url: Set(None),
                receipt_number: Set(Some(gift.receipt_number)),
                idempotency_key: Set(None),
                donor_name: Set(gift.donor_name.map(|n| n.chars().take(200).collect())),
                donor_email: Set(gift.donor_email.map(|e| e.chars().take(254).collect())),
                notes: Set(gift.notes),
                donor_address: Set(gift.donor_address.map(|a| a.chars().take(500).collect())),
                in_honor_of: Set(None),
                refunded_cents: Set(0),
                channel: Set(Channel::Imported.as_str().to_owned()),
                donor_id: Set(None),
                created_at: Set(gift.at),
                updated_at: Set(gift.at),
            });
        }
        insert_chunked(&*tx, rows).await?;
        insert_chunked(&*tx, funds).await?;
        add_counts(&*tx, import, counts).await?;
        tx.commit().await.repo()?;
        self.db.payments_changed();
        Ok(counts)
    }

    async fn finish(&self, import: &ImportId, already: u32, total: Option<Money>, now: DateTime<Utc>) -> Result<ImportSummary, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        add_counts(&*tx, import, BatchCounts { created: 0, unchanged: already }).await?;
        imports::Entity::update_many()
            .col_expr(imports::Column::FinishedAt, Expr::value(now))
            .col_expr(imports::Column::TotalCents, Expr::value(total.map(Money::cents)))
            .filter(imports::Column::Id.eq(import.as_str()))
            .exec(&*tx)
            .await
            .repo()?;
        let row = imports::Entity::find_by_id(import.to_string()).one(&*tx).await.repo()?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        // Thousands of records just arrived: PostgreSQL's planner learns of them now rather than
        // at autovacuum's next pass, so the next import's look-ups by key use the primary key.
        if row.created >= ANALYZE_AFTER && self.db.conn.get_database_backend() == DbBackend::Postgres {
            self.db.conn.execute_unprepared("ANALYZE import_records").await.repo()?;
        }
        summary(row)
    }

    async fn list(&self) -> Result<Vec<ImportSummary>, RepoError> {
        imports::Entity::find()
            .order_by_desc(imports::Column::CreatedAt)
            .order_by_desc(imports::Column::Id)
            .limit(200)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(summary)
            .collect()
    }

    async fn get(&self, id: &ImportId) -> Result<Option<ImportSummary>, RepoError> {
        imports::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()?.map(summary).transpose()
    }

    async fn undo(&self, id: &ImportId, by_email: &str, audit: AuditEntry, now: DateTime<Utc>) -> Result<Option<Undo>, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let Some(import) = imports::Entity::find_by_id(id.to_string()).lock_exclusive().one(&*tx).await.repo()? else {
            return Ok(None);
        };
        if import.undone_at.is_some() {
            return Ok(Some(Undo::AlreadyUndone));
        }
        let accounts = count(&*tx, ACCOUNTS_IN_USE, id).await?;
        let gifts = count(&*tx, GIFTS_IN_USE, id).await?;
        if accounts > 0 || gifts > 0 {
            return Ok(Some(Undo::InUse { accounts, gifts }));
        }
        let records = import_records::Entity::find().filter(import_records::Column::ImportId.eq(id.as_str())).all(&*tx).await.repo()?;
        let of = |entity: &str| -> Vec<String> {
            records.iter().filter(|r| r.entity == entity && !r.matched).map(|r| r.entity_id.clone()).collect()
        };
        let (payment_ids, household_ids, family_ids, user_ids) = (of("payment"), of("household"), of("family_member"), of("user"));
        for chunk in payment_ids.chunks(CHUNK) {
            payment_funds::Entity::delete_many()
                .filter(payment_funds::Column::PaymentId.is_in(chunk.iter().cloned()))
                .exec(&*tx)
                .await
                .repo()?;
            payments::Entity::delete_many().filter(payments::Column::Id.is_in(chunk.iter().cloned())).exec(&*tx).await.repo()?;
        }
        for chunk in household_ids.chunks(CHUNK) {
            household_members::Entity::delete_many()
                .filter(household_members::Column::HouseholdId.is_in(chunk.iter().cloned()))
                .exec(&*tx)
                .await
                .repo()?;
            households::Entity::delete_many().filter(households::Column::Id.is_in(chunk.iter().cloned())).exec(&*tx).await.repo()?;
        }
        for chunk in family_ids.chunks(CHUNK) {
            family_members::Entity::delete_many()
                .filter(family_members::Column::Id.is_in(chunk.iter().cloned()))
                .exec(&*tx)
                .await
                .repo()?;
        }
        for chunk in user_ids.chunks(CHUNK) {
            // The family members a member added themself after the import go with the account.
            family_members::Entity::delete_many()
                .filter(family_members::Column::UserId.is_in(chunk.iter().cloned()))
                .exec(&*tx)
                .await
                .repo()?;
            users::Entity::delete_many().filter(users::Column::Id.is_in(chunk.iter().cloned())).exec(&*tx).await.repo()?;
        }
        import_records::Entity::delete_many().filter(import_records::Column::ImportId.eq(id.as_str())).exec(&*tx).await.repo()?;
        imports::Entity::update_many()
            .col_expr(imports::Column::UndoneAt, Expr::value(now))
            .col_expr(imports::Column::UndoneBy, Expr::value(by_email.chars().take(254).collect::<String>()))
            .filter(imports::Column::Id.eq(id.as_str()))
            .exec(&*tx)
            .await
            .repo()?;
        crate::audit::insert_on(&*tx, audit).await?;
        let row = imports::Entity::find_by_id(id.to_string()).one(&*tx).await.repo()?.ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        if !payment_ids.is_empty() {
            self.db.payments_changed();
        }
        summary(row).map(|s| Some(Undo::Undone(s)))
    }

    async fn mappings(&self) -> Result<Vec<SavedMapping>, RepoError> {
        import_mappings::Entity::find()
            .order_by_asc(import_mappings::Column::Kind)
            .order_by_asc(import_mappings::Column::Name)
            .all(&self.db.conn)
            .await
            .repo()?
            .into_iter()
            .map(mapping_of)
            .collect()
    }

    async fn save_mapping(&self, mapping: SavedMapping) -> Result<SavedMapping, RepoError> {
        let tx = self.db.begin_write().await.repo()?;
        let json = serde_json::to_string(&mapping.mapping).map_err(RepoError::unexpected)?;
        import_mappings::Entity::insert(import_mappings::ActiveModel {
            id: Set(mapping.id.to_string()),
            kind: Set(mapping.kind.as_str().to_owned()),
            name: Set(mapping.name.clone()),
            mapping: Set(json),
            updated_at: Set(mapping.updated_at),
        })
        .on_conflict(
            OnConflict::columns([import_mappings::Column::Kind, import_mappings::Column::Name])
                .update_columns([import_mappings::Column::Mapping, import_mappings::Column::UpdatedAt])
                .to_owned(),
        )
        .exec_without_returning(&*tx)
        .await
        .repo()?;
        let saved = import_mappings::Entity::find()
            .filter(import_mappings::Column::Kind.eq(mapping.kind.as_str()))
            .filter(import_mappings::Column::Name.eq(mapping.name.as_str()))
            .one(&*tx)
            .await
            .repo()?
            .ok_or(RepoError::NotFound)?;
        tx.commit().await.repo()?;
        mapping_of(saved)
    }

    async fn delete_mapping(&self, id: &ImportMappingId) -> Result<bool, RepoError> {
        let turn = self.db.write_turn().await.repo()?;
        let deleted = import_mappings::Entity::delete_by_id(id.to_string()).exec(&self.db.conn).await.repo()?;
        drop(turn);
        Ok(deleted.rows_affected > 0)
    }
}

/// Adds a batch's counts to its import, in the batch's transaction.
async fn add_counts<C: ConnectionTrait>(conn: &C, import: &ImportId, counts: BatchCounts) -> Result<(), RepoError> {
    let add = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
    imports::Entity::update_many()
        .col_expr(imports::Column::Created, Expr::col(imports::Column::Created).add(add(counts.created)))
        .col_expr(imports::Column::Unchanged, Expr::col(imports::Column::Unchanged).add(add(counts.unchanged)))
        .filter(imports::Column::Id.eq(import.as_str()))
        .exec(conn)
        .await
        .repo()?;
    Ok(())
}

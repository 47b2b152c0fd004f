//! Year-end statements to send (ADR 0103): one row per donor and year, claimed by one sender at a
//! time with a conditional update.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{RepoError, StatementCounts, StatementDonor, StatementSend, StatementStore};
use mandir_domain::UserId;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use crate::Database;
use crate::entities::year_statements;
use crate::error::MapDbErr;
use crate::outbox;

fn key(year: i32, email: &str) -> String {
    format!("{year}:{}", email.to_lowercase())
}

fn to_domain(m: year_statements::Model) -> StatementSend {
    StatementSend {
        year: m.year,
        donor_email: m.donor_email,
        donor_name: m.donor_name,
        attempts: m.attempts,
        sent_at: m.sent_at,
        last_error: m.last_error,
    }
}

#[derive(Debug, Clone)]
pub struct SeaOrmStatementStore {
    db: Database,
}

impl SeaOrmStatementStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

outbox::outbox_port!(SeaOrmStatementStore, year_statements, StatementSend, |m| Ok(to_domain(m)));

#[async_trait]
impl StatementStore for SeaOrmStatementStore {
    async fn enqueue(&self, year: i32, donors: Vec<StatementDonor>, by: &UserId, now: DateTime<Utc>) -> Result<u64, RepoError> {
        let before = self.counts(year, i32::MAX).await?.total;
        for chunk in donors.chunks(100) {
            let rows = chunk.iter().map(|d| year_statements::ActiveModel {
                id: Set(key(year, &d.email)),
                year: Set(year),
                donor_email: Set(d.email.to_lowercase().chars().take(254).collect()),
                donor_name: Set(d.name.chars().take(200).collect()),
                requested_by: Set(Some(by.to_string())),
                created_at: Set(now),
                claimed_until: Set(None),
                attempts: Set(0),
                sent_at: Set(None),
                last_error: Set(None),
            });
            year_statements::Entity::insert_many(rows)
                .on_conflict(OnConflict::column(year_statements::Column::Id).do_nothing().to_owned())
                .exec_without_returning(&self.db.conn)
                .await
                .repo()?;
        }
        Ok(self.counts(year, i32::MAX).await?.total.saturating_sub(before))
    }

    async fn counts(&self, year: i32, max_attempts: i32) -> Result<StatementCounts, RepoError> {
        let of_year = || year_statements::Entity::find().filter(year_statements::Column::Year.eq(year));
        let total = of_year().count(&self.db.conn).await.repo()?;
        let sent = of_year().filter(year_statements::Column::SentAt.is_not_null()).count(&self.db.conn).await.repo()?;
        let failed = of_year()
            .filter(year_statements::Column::SentAt.is_null())
            .filter(year_statements::Column::Attempts.gte(max_attempts))
            .count(&self.db.conn)
            .await
            .repo()?;
        Ok(StatementCounts { total, sent, failed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_database;
    use chrono::TimeZone;
    use mandir_application::ports::Outbox;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2027, 1, 5, 12, minute, 0).single().expect("date")
    }

    fn donor(email: &str) -> StatementDonor {
        StatementDonor { email: email.into(), name: format!("Donor {email}") }
    }

    #[tokio::test]
    async fn donors_are_listed_once_per_year_and_claimed_by_one_sender() {
        let store = SeaOrmStatementStore::new(fresh_database().await.expect("db"));
        let admin: UserId = "admin".into();
        assert_eq!(store.enqueue(2026, vec![donor("a@example.org"), donor("b@example.org")], &admin, at(0)).await.expect("added"), 2);
        // Asked again (a second click, a resumed run): nobody is listed twice; another year is apart.
        assert_eq!(store.enqueue(2026, vec![donor("A@example.org"), donor("c@example.org")], &admin, at(1)).await.expect("added"), 1);
        assert_eq!(store.enqueue(2025, vec![donor("a@example.org")], &admin, at(1)).await.expect("added"), 1);
        assert_eq!(store.counts(2026, 3).await.expect("counts"), StatementCounts { total: 3, sent: 0, failed: 0 });

        let due = store.due(at(2), 3, 10).await.expect("due");
        assert_eq!(due.len(), 4);
        assert!(due.contains(&"2026:a@example.org".to_owned()), "{due:?}");
        let first = store.claim("2026:a@example.org", at(2), at(12)).await.expect("claim").expect("claimed");
        assert_eq!(
            (first.year, first.donor_email.as_str(), first.attempts, first.donor_name.as_str()),
            (2026, "a@example.org", 1, "Donor a@example.org")
        );
        assert_eq!(store.claim("2026:a@example.org", at(3), at(13)).await.expect("claim"), None, "held by the first sender");
        store.mark_sent("2026:a@example.org", at(3)).await.expect("sent");
        assert_eq!(store.claim("2026:a@example.org", at(20), at(30)).await.expect("claim"), None, "sent: never again");

        // A failure is retried after the claim expires, until the attempts run out.
        for minute in [0, 15, 30] {
            let claimed = store.claim("2026:b@example.org", at(minute), at(minute + 10)).await.expect("claim");
            assert!(claimed.is_some(), "attempt at {minute}");
            store.mark_failed("2026:b@example.org", "mail server down").await.expect("failed");
        }
        assert!(!store.due(at(50), 3, 10).await.expect("due").contains(&"2026:b@example.org".to_owned()));
        assert_eq!(store.counts(2026, 3).await.expect("counts"), StatementCounts { total: 3, sent: 1, failed: 1 });
    }
}

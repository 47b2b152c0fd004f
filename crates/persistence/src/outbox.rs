//! The claim-once mechanics the e-mail outboxes share (receipts, ADR 0091; member e-mails,
//! ADR 0106; year-end statements, ADR 0103). Each row has a text id, a creation time, a claim
//! that expires, an attempt count, a sent time and the last error. A sender lists the due rows,
//! claims one with a conditional update (only one sender's update matches), sends it, then marks
//! it sent or failed; a failed or abandoned claim is retried once it expires.

use chrono::{DateTime, Utc};
use mandir_application::ports::RepoError;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select};

use crate::entities::{member_emails, receipt_emails, recurring_gift_emails, text_messages, year_statements};
use crate::error::MapDbErr;

/// Longest error text kept on a row.
const MAX_ERROR_CHARS: usize = 500;

/// An outbox table: its columns by role.
pub(crate) trait OutboxTable: EntityTrait {
    const ID: Self::Column;
    const CREATED_AT: Self::Column;
    const CLAIMED_UNTIL: Self::Column;
    const ATTEMPTS: Self::Column;
    const SENT_AT: Self::Column;
    const LAST_ERROR: Self::Column;
}

macro_rules! outbox_table {
    ($($table:ident),*) => {$(
        impl OutboxTable for $table::Entity {
            const ID: Self::Column = $table::Column::Id;
            const CREATED_AT: Self::Column = $table::Column::CreatedAt;
            const CLAIMED_UNTIL: Self::Column = $table::Column::ClaimedUntil;
            const ATTEMPTS: Self::Column = $table::Column::Attempts;
            const SENT_AT: Self::Column = $table::Column::SentAt;
            const LAST_ERROR: Self::Column = $table::Column::LastError;
        }
    )*};
}

outbox_table!(receipt_emails, member_emails, year_statements, recurring_gift_emails, text_messages);

/// Not claimed, or claimed by a sender whose claim expired.
fn unheld<E: OutboxTable>(now: DateTime<Utc>) -> Condition {
    Condition::any().add(E::CLAIMED_UNTIL.is_null()).add(E::CLAIMED_UNTIL.lt(now))
}

/// The rows to send now, oldest first, at most `limit`: unsent, unheld, tried fewer than
/// `max_attempts` times.
pub(crate) fn due<E: OutboxTable>(now: DateTime<Utc>, max_attempts: i32, limit: u64) -> Select<E> {
    E::find()
        .filter(E::SENT_AT.is_null())
        .filter(E::ATTEMPTS.lt(max_attempts))
        .filter(unheld::<E>(now))
        .order_by_asc(E::CREATED_AT)
        .order_by_asc(E::ID)
        .limit(limit)
}

/// The ids of the rows to send now ([`due`]).
pub(crate) async fn due_ids<E: OutboxTable, C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    max_attempts: i32,
    limit: u64,
) -> Result<Vec<String>, RepoError> {
    due::<E>(now, max_attempts, limit).select_only().column(E::ID).into_tuple().all(conn).await.repo()
}

/// Claims the row until `until` and counts the attempt; `None` when it was sent or another
/// sender holds it.
pub(crate) async fn claim<E: OutboxTable, C: ConnectionTrait>(
    conn: &C,
    id: &str,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Option<E::Model>, RepoError> {
    let result = E::update_many()
        .col_expr(E::CLAIMED_UNTIL, Expr::value(until))
        .col_expr(E::ATTEMPTS, Expr::col(E::ATTEMPTS).add(1))
        .filter(E::ID.eq(id))
        .filter(E::SENT_AT.is_null())
        .filter(unheld::<E>(now))
        .exec(conn)
        .await
        .repo()?;
    if result.rows_affected == 0 {
        return Ok(None);
    }
    E::find().filter(E::ID.eq(id)).one(conn).await.repo()
}

pub(crate) async fn mark_sent<E: OutboxTable, C: ConnectionTrait>(conn: &C, id: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
    E::update_many()
        .col_expr(E::SENT_AT, Expr::value(now))
        .col_expr(E::LAST_ERROR, Expr::value(Option::<String>::None))
        .filter(E::ID.eq(id))
        .exec(conn)
        .await
        .repo()?;
    Ok(())
}

/// Keeps the error (its first 500 characters); the row is retried once its claim expires.
pub(crate) async fn mark_failed<E: OutboxTable, C: ConnectionTrait>(conn: &C, id: &str, error: &str) -> Result<(), RepoError> {
    E::update_many()
        .col_expr(E::LAST_ERROR, Expr::value(error.chars().take(MAX_ERROR_CHARS).collect::<String>()))
        .filter(E::ID.eq(id))
        .exec(conn)
        .await
        .repo()?;
    Ok(())
}

/// Implements the `Outbox` port of `$item` for the repository `$repo` (with a `db: Database`)
/// over the outbox table `$table`, reading a claimed row with `$read` (a model to
/// `Result<$item, RepoError>`).
macro_rules! outbox_port {
    ($repo:ty, $table:ident, $item:ty, $read:expr) => {
        #[async_trait::async_trait]
        impl mandir_application::ports::Outbox<$item> for $repo {
            async fn due(
                &self,
                now: chrono::DateTime<chrono::Utc>,
                max_attempts: i32,
                limit: u64,
            ) -> Result<Vec<String>, mandir_application::ports::RepoError> {
                $crate::outbox::due_ids::<$table::Entity, _>(&self.db.conn, now, max_attempts, limit).await
            }

            async fn claim(
                &self,
                id: &str,
                now: chrono::DateTime<chrono::Utc>,
                until: chrono::DateTime<chrono::Utc>,
            ) -> Result<Option<$item>, mandir_application::ports::RepoError> {
                $crate::outbox::claim::<$table::Entity, _>(&self.db.conn, id, now, until).await?.map($read).transpose()
            }

            async fn mark_sent(&self, id: &str, now: chrono::DateTime<chrono::Utc>) -> Result<(), mandir_application::ports::RepoError> {
                $crate::outbox::mark_sent::<$table::Entity, _>(&self.db.conn, id, now).await
            }

            async fn mark_failed(&self, id: &str, error: &str) -> Result<(), mandir_application::ports::RepoError> {
                $crate::outbox::mark_failed::<$table::Entity, _>(&self.db.conn, id, error).await
            }
        }
    };
}
pub(crate) use outbox_port;

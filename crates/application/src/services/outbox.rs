//! The one delivery loop over an [`Outbox`]: list the due rows, claim each, send it, and mark it
//! sent, not needed or failed (ADR 0091). Receipts, member e-mails and year-end statements go out
//! through it; each says only how one row is sent.

use std::future::Future;

use chrono::{DateTime, Duration, Utc};

use crate::ports::{Outbox, RepoError};

/// How long a sender holds a claimed row; a sender that dies lets it go after this.
pub const CLAIM_DURATION_MINUTES: i64 = 10;

/// What sending one row came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    Sent,
    /// Nothing to send any more (the account or the payment is gone, ...): marked sent, with why
    /// kept as its error, and never retried.
    NotNeeded(&'static str),
    /// The mail server or the message refused it: the error is kept and the row is retried once
    /// its claim expires, up to the outbox's attempts.
    Failed(String),
    /// The sender kept the row for later itself (a text in the quiet hours): nothing is marked.
    Held,
}

/// How one outbox is drained: its attempts and how many rows one pass takes.
#[derive(Debug, Clone, Copy)]
pub struct Drain {
    pub max_attempts: i32,
    pub batch: u64,
}

/// Sends what is due in `outbox` at `now()`, each row through [`deliver_one`]. Answers how many
/// were sent. An error of `send` (not a refusal: the database, the templates) stops the pass with
/// the row still claimed, so it is retried once the claim expires.
pub async fn deliver_due<Item, E, F, Fut>(
    outbox: &(impl Outbox<Item> + ?Sized),
    now: impl Fn() -> DateTime<Utc>,
    drain: Drain,
    mut send: F,
) -> Result<u64, E>
where
    Item: Send + Sync + 'static,
    E: From<RepoError>,
    F: FnMut(Item) -> Fut,
    Fut: Future<Output = Result<Delivery, E>>,
{
    let due = outbox.due(now(), drain.max_attempts, drain.batch).await?;
    let mut sent = 0;
    for id in due {
        if deliver_one(outbox, &now, &id, &mut send).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// Claims the row `id` (nothing happens when another sender holds it or it was sent), hands it to
/// `send` and marks it by the [`Delivery`] it answers. Answers whether it was sent.
pub async fn deliver_one<Item, E, F, Fut>(
    outbox: &(impl Outbox<Item> + ?Sized),
    now: &impl Fn() -> DateTime<Utc>,
    id: &str,
    send: &mut F,
) -> Result<bool, E>
where
    Item: Send + Sync + 'static,
    E: From<RepoError>,
    F: FnMut(Item) -> Fut,
    Fut: Future<Output = Result<Delivery, E>>,
{
    let at = now();
    let Some(row) = outbox.claim(id, at, at + Duration::minutes(CLAIM_DURATION_MINUTES)).await? else {
        return Ok(false);
    };
    match send(row).await? {
        Delivery::Sent => {
            outbox.mark_sent(id, now()).await?;
            Ok(true)
        }
        Delivery::NotNeeded(why) => {
            outbox.mark_sent(id, now()).await?;
            outbox.mark_failed(id, why).await?;
            Ok(false)
        }
        Delivery::Failed(error) => {
            outbox.mark_failed(id, &error).await?;
            Ok(false)
        }
        Delivery::Held => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use mockall::predicate::eq;

    use super::*;
    use crate::ports::Clock;
    use crate::ports::outbox::MockOutbox;
    use crate::services::test_fixtures::fixed_clock;

    const DRAIN: Drain = Drain { max_attempts: 3, batch: 10 };

    #[tokio::test]
    async fn each_due_row_is_claimed_once_and_marked_by_what_sending_it_came_to() {
        let clock = fixed_clock();
        let now = clock.now();
        let mut outbox = MockOutbox::<&'static str>::new();
        outbox
            .expect_due()
            .with(eq(now), eq(3), eq(10))
            .returning(|_, _, _| Ok(["sent", "held", "gone", "refused"].map(str::to_owned).to_vec()));
        let until = now + Duration::minutes(CLAIM_DURATION_MINUTES);
        outbox.expect_claim().withf(move |_, at, u| *at == now && *u == until).times(4).returning(|id, _, _| {
            Ok(match id {
                "held" => None,
                "sent" => Some("sent"),
                "gone" => Some("gone"),
                _ => Some("refused"),
            })
        });
        outbox.expect_mark_sent().with(eq("sent"), eq(now)).times(1).returning(|_, _| Ok(()));
        outbox.expect_mark_sent().with(eq("gone"), eq(now)).times(1).returning(|_, _| Ok(()));
        outbox.expect_mark_failed().with(eq("gone"), eq("the account is gone")).times(1).returning(|_, _| Ok(()));
        outbox.expect_mark_failed().with(eq("refused"), eq("550 mailbox unavailable")).times(1).returning(|_, _| Ok(()));
        let mut seen = Vec::new();
        let sent = deliver_due(
            &outbox,
            || clock.now(),
            DRAIN,
            |row: &'static str| {
                seen.push(row);
                let delivery = match row {
                    "sent" => Delivery::Sent,
                    "gone" => Delivery::NotNeeded("the account is gone"),
                    _ => Delivery::Failed("550 mailbox unavailable".into()),
                };
                async move { Ok::<_, RepoError>(delivery) }
            },
        )
        .await
        .expect("delivered");
        assert_eq!(sent, 1);
        assert_eq!(seen, ["sent", "gone", "refused"], "the row another sender holds is not sent");
    }

    #[tokio::test]
    async fn an_error_while_sending_stops_the_pass_and_leaves_the_row_claimed() {
        let clock = fixed_clock();
        let mut outbox = MockOutbox::<&'static str>::new();
        outbox.expect_due().returning(|_, _, _| Ok(vec!["a".into(), "b".into()]));
        outbox.expect_claim().times(1).returning(|_, _, _| Ok(Some("a")));
        outbox.expect_mark_sent().never();
        outbox.expect_mark_failed().never();
        let result =
            deliver_due(&outbox, || clock.now(), DRAIN, |_row| async { Err::<Delivery, _>(RepoError::unexpected("the database is gone")) })
                .await;
        assert!(result.is_err());
    }
}

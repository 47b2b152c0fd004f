//! Checks entered in bulk (docs/product.md#check-batches): a festival table's checks, or the week's
//! mail, typed in one go by a treasurer. Each check is a gift of its own, a counter sale paid by
//! that one check (channel `counter` or `mail`): on its donor's statement, in the ledger, and
//! waiting for a bank deposit like any check. The batch is written in one transaction, all or
//! nothing, once per key however often it is sent.

use mandir_domain::ValidationErrors;
use mandir_domain::counter::CheckBatchInput;
use mandir_domain::payment;
use mandir_domain::staff::Permission;

use super::Actor;
use super::counter::{CounterError, CounterService, KEY_INVALID, KEY_REUSED, Prepared, valid_key};
use crate::ports::{BatchRecorded, CounterSaleRecord, NewCounterSale, RepoError};

/// The longest batch key: each check's key is the batch's with `-NNN` after it.
const MAX_BATCH_KEY: usize = 90;
/// Receipt numbers drawn again before giving up (one in 10,000 collides within a millisecond).
const RECEIPT_NUMBER_ATTEMPTS: usize = 4;

/// A recorded batch and whether this call recorded it (`false`: a resubmission of the same key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchOutcome {
    pub sales: Vec<CounterSaleRecord>,
    pub created: bool,
}

/// Gives the batch's checks receipt numbers of their own: they share one instant, so each draws a
/// different suffix (100 draws with replacement from 10,000 would collide about one time in three).
fn numbered_apart(records: &mut [NewCounterSale], now: chrono::DateTime<chrono::Utc>) {
    let suffixes = rand::seq::index::sample(&mut rand::rng(), 10_000, records.len());
    for (record, suffix) in records.iter_mut().zip(suffixes.iter()) {
        record.payment.receipt_number = payment::receipt_number(now, u16::try_from(suffix).unwrap_or_default());
    }
}

impl CounterService {
    /// Records a batch of checks (treasurers and admins), once per `key`: every entry is checked
    /// first (its errors named `checks[i].…`), then all are written together.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, checks = input.checks.len()))]
    pub async fn record_check_batch(&self, actor: &Actor, key: &str, input: &CheckBatchInput) -> Result<BatchOutcome, CounterError> {
        actor.require(Permission::CountCollections)?;
        if !valid_key(key) || key.len() > MAX_BATCH_KEY {
            return Err(CounterError::Validation(ValidationErrors::single("idempotencyKey", KEY_INVALID)));
        }
        let channel = input.check_shape().map_err(CounterError::Validation)?;
        let now = self.now();
        let staff_name = self.staff_name(actor).await?;
        let mut errors = ValidationErrors::new();
        let mut prepared: Vec<Prepared> = Vec::with_capacity(input.checks.len());
        for (i, entry) in input.checks.iter().enumerate() {
            match self.prepare(actor, &format!("{key}-{:03}", i + 1), entry, channel, &staff_name, now).await {
                Ok(sale) => prepared.push(sale),
                Err(CounterError::Validation(found)) => {
                    for (field, message) in found.fields() {
                        errors.add(&format!("checks[{i}].{field}"), message);
                    }
                }
                Err(other) => return Err(other),
            }
        }
        if !errors.is_empty() {
            return Err(CounterError::Validation(errors));
        }
        let has_email = prepared.iter().any(|p| p.has_email);
        let new_donor = prepared.iter().any(|p| p.new_donor);
        let total = prepared.iter().map(|p| p.sale.total.cents()).sum::<i64>();
        let mut records: Vec<_> = prepared.into_iter().map(|p| p.record).collect();
        numbered_apart(&mut records, now);
        for attempt in 1..=RECEIPT_NUMBER_ATTEMPTS {
            match self.sales().record_batch(records.clone()).await {
                Ok(BatchRecorded::Created(sales)) => {
                    self.announce(has_email, new_donor).await;
                    tracing::info!(checks = sales.len(), total_cents = total, "check batch recorded");
                    return Ok(BatchOutcome { sales, created: true });
                }
                Ok(BatchRecorded::Existing(sales)) => {
                    let same = sales.len() == records.len() && sales.iter().map(|s| s.payment.amount.cents()).sum::<i64>() == total;
                    return if same { Ok(BatchOutcome { sales, created: false }) } else { Err(CounterError::Conflict(KEY_REUSED)) };
                }
                // Another payment took a receipt number in the same millisecond: draw them again.
                Err(RepoError::Conflict(detail)) if detail.contains("receipt_number") && attempt < RECEIPT_NUMBER_ATTEMPTS => {
                    numbered_apart(&mut records, now);
                }
                Err(other) => return Err(other.into()),
            }
        }
        unreachable!("the last attempt returns")
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use mandir_domain::counter::{Channel, CounterDonorInput, CounterSaleInput, TenderInput};
    use mandir_domain::payment::{DonationDetailsInput, DonationItemInput, PaymentProvider, PaymentStatus};
    use mandir_domain::staff::Role;
    use mandir_domain::{Money, NumberInput};

    use super::*;
    use crate::ports::NewCounterSale;
    use crate::services::counter::tests::{Mocks, stored};
    use crate::services::test_fixtures::staff;

    fn entry(name: &str, amount: &str, number: &str) -> CounterSaleInput {
        CounterSaleInput {
            donor: CounterDonorInput::WalkIn { name: Some(name.into()), email: None, phone: None, address: None },
            sevas: Vec::new(),
            registrations: Vec::new(),
            lines: DonationDetailsInput::Items(vec![DonationItemInput::new(
                "custom",
                NumberInput::Text(amount.into()),
                "General donation",
            )]),
            tenders: vec![TenderInput::check(amount, number, "Golden 1", "2026-11-20")],
            in_honor_of: None,
        }
    }

    fn mail(checks: Vec<CounterSaleInput>) -> CheckBatchInput {
        CheckBatchInput { channel: Some("mail".into()), checks }
    }

    fn treasurer() -> Actor {
        staff(&[Role::Treasurer])
    }

    #[tokio::test]
    async fn every_check_is_a_gift_of_its_own_written_together_once_per_key() {
        let mut m = Mocks::new();
        let seen: Arc<Mutex<Vec<NewCounterSale>>> = Arc::default();
        let keep = seen.clone();
        m.sales.expect_record_batch().times(1).returning(move |sales| {
            keep.lock().expect("lock").clone_from(&sales);
            Ok(BatchRecorded::Created(sales.iter().map(stored).collect()))
        });
        let batch = mail(vec![entry("Gopal Iyer", "51", "1042"), entry("Meena Krishnan", "101", "2417")]);
        let outcome = m.service().record_check_batch(&treasurer(), "batch-0001-abcd", &batch).await.expect("recorded");
        assert!(outcome.created);
        let sales = seen.lock().expect("lock").clone();
        assert_eq!(
            sales.iter().map(|s| (s.idempotency_key.as_str(), s.payment.amount, s.payment.channel)).collect::<Vec<_>>(),
            [
                ("batch-0001-abcd-001", Money::from_dollars(51), Channel::Mail),
                ("batch-0001-abcd-002", Money::from_dollars(101), Channel::Mail)
            ]
        );
        assert!(sales.iter().all(|s| s.payment.status == PaymentStatus::Completed && s.payment.provider == PaymentProvider::InPerson));
        assert!(sales[0].audit.summary.contains("Check of $51.00 by mail from Gopal Iyer"), "{}", sales[0].audit.summary);
        assert_ne!(sales[0].payment.receipt_number, sales[1].payment.receipt_number);

        // Sent again (the answer was lost): the same sales, nothing new.
        let mut m = Mocks::new();
        let before = sales.clone();
        m.sales.expect_record_batch().returning(move |_| Ok(BatchRecorded::Existing(before.iter().map(stored).collect())));
        let again = m.service().record_check_batch(&treasurer(), "batch-0001-abcd", &batch).await.expect("answered");
        assert!(!again.created);
        let mut m = Mocks::new();
        let before = sales;
        m.sales.expect_record_batch().returning(move |_| Ok(BatchRecorded::Existing(before[..1].iter().map(stored).collect())));
        let reused = m.service().record_check_batch(&treasurer(), "batch-0001-abcd", &batch).await;
        assert!(matches!(reused, Err(CounterError::Conflict(KEY_REUSED))), "{reused:?}");
    }

    #[tokio::test]
    async fn one_bad_entry_refuses_the_whole_batch_naming_it_and_only_treasurers_enter_batches() {
        let mut m = Mocks::new();
        m.sales.expect_record_batch().never();
        let mut bad = entry("Gopal Iyer", "51", "1042");
        bad.tenders = vec![TenderInput::check("51", "", "Golden 1", "2026-11-20")];
        let batch = mail(vec![entry("Meena Krishnan", "101", "2417"), bad, entry("", "5", "7")]);
        match m.service().record_check_batch(&treasurer(), "batch-0002-abcd", &batch).await {
            Err(CounterError::Validation(errors)) => {
                assert_eq!(errors.get("checks[1].tenders"), Some(mandir_domain::counter::CHECK_NUMBER_INVALID));
                assert_eq!(errors.get("checks[2].donor.name"), Some(mandir_domain::counter::WALK_IN_NAME_REQUIRED));
                assert_eq!(errors.fields().len(), 2, "{errors:?}");
            }
            other => panic!("refused, not {other:?}"),
        }
        let m = Mocks::new();
        let desk = m.service().record_check_batch(&staff(&[Role::FrontDesk]), "batch-0003-abcd", &batch).await;
        assert!(matches!(desk, Err(CounterError::Forbidden)), "{desk:?}");
    }

    #[tokio::test]
    async fn the_checks_of_a_batch_never_share_a_receipt_number() {
        let mut m = Mocks::new();
        let numbers: Arc<Mutex<Vec<String>>> = Arc::default();
        let keep = numbers.clone();
        m.sales.expect_record_batch().times(1).returning(move |sales| {
            keep.lock().expect("lock").extend(sales.iter().map(|s| s.payment.receipt_number.clone()));
            Ok(BatchRecorded::Created(sales.iter().map(stored).collect()))
        });
        let batch = mail((0..100).map(|i| entry("Gopal Iyer", "5", &format!("{}", 1000 + i))).collect());
        m.service().record_check_batch(&treasurer(), "batch-0004-abcd", &batch).await.expect("recorded");
        let numbers = numbers.lock().expect("lock").clone();
        let distinct: std::collections::HashSet<&String> = numbers.iter().collect();
        assert_eq!((numbers.len(), distinct.len()), (100, 100), "they share one instant: each its own suffix");
    }
}

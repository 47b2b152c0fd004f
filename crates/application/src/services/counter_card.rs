//! Card at the counter (docs/product.md#card-at-the-counter): the card part of a sale is charged
//! on the tablet first, by the same provider and card form as online gifts, and the sale then
//! records it as one of its tenders, in the sale's one transaction. A charge is kept from the
//! moment its intent is made: a sale uses it once at most, and one no sale used (the sale was
//! refused, or the counter gave up) is refunded, by the counter or after an hour by a job.

use std::time::Duration;

use async_trait::async_trait;
use mandir_domain::audit::AuditKind;
use mandir_domain::counter::Tender;
use mandir_domain::input::NumberInput;
use mandir_domain::payment::{self, DonationTarget, MAX_AMOUNT, MIN_AMOUNT, PaymentProvider};
use mandir_domain::staff::Permission;
use subtle::ConstantTimeEq;

use super::audit::{Action, Target};
use super::counter::{CounterError, CounterService, valid_key};
use super::jobs::{Job, Step};
use super::{Actor, hash_secret};
use crate::BoxError;
use crate::ports::{CardCharge, CardRefund, GatewayError, IntentRequest, IntentStatus, RepoError};

pub const CARD_AMOUNT_INVALID: &str = "The card part needs an amount of at least 1 and less than 1,000,000";
pub const CARD_KEY_INVALID: &str = "Each card payment needs an idempotency key of 8 to 100 letters, digits, '-' or '_'";
pub const CARD_NOT_FOUND: &str = "That card payment was not found; take the card again";
pub const CARD_OTHER_SALE: &str = "That card payment was taken for another sale; take the card again";
pub const CARD_AMOUNT_CHANGED: &str = "The card part must be what the card was charged; refund the card and take it again";
pub const CARD_REFUNDED: &str = "That card payment was refunded; take the card again";
pub const CARD_NOT_PAID: &str = "The card payment is not complete; finish it on the tablet or take another payment";
pub const CARD_USED: &str = "This card payment is part of a recorded sale: void the sale to give the money back";
pub const CARD_DECLINED: &str = "The card was declined; try another card or take another payment";
pub const SANDBOX_ONLY: &str = "Only the sandbox provider has a confirm step";
pub const OUTCOME_INVALID: &str = "Outcome must be succeeded, failed or processing";

/// How long a paid charge that no sale used is kept before the job refunds it.
pub const UNUSED_CHARGE_MAX_AGE: Duration = Duration::from_secs(60 * 60);

/// A card charge ready for the tablet's card form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartedCard {
    pub charge: CardCharge,
    pub client_secret: String,
}

/// Where a charge stands, as the counter shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardState {
    /// Waiting for the card on the tablet.
    Pending,
    /// Paid: ready to be used by the sale.
    Paid,
    /// Used by a recorded sale.
    Used,
    Refunded,
}

impl CardState {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Used => "used",
            Self::Refunded => "refunded",
        }
    }

    pub fn of(charge: &CardCharge) -> Self {
        match (&charge.sale_id, &charge.refunded_at, &charge.paid_at) {
            (Some(_), ..) => Self::Used,
            (None, Some(_), _) => Self::Refunded,
            (None, None, Some(_)) => Self::Paid,
            (None, None, None) => Self::Pending,
        }
    }
}

fn card_error(error: GatewayError) -> CounterError {
    match error {
        GatewayError::Rejected { message, .. } => CounterError::CardRefused(message),
        GatewayError::NotFound => CounterError::Validation(mandir_domain::ValidationErrors::single("tenders", CARD_NOT_FOUND)),
        other => CounterError::Unexpected(Box::new(other)),
    }
}

fn invalid(field: &str, message: &str) -> CounterError {
    CounterError::Validation(mandir_domain::ValidationErrors::single(field, message))
}

impl CounterService {
    /// Makes the provider's intent for the card part (`amount`) of the sale `sale_key`, once per
    /// `charge_key` however often it is sent, and keeps the charge.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn start_card(
        &self,
        actor: &Actor,
        charge_key: &str,
        sale_key: &str,
        amount: &NumberInput,
    ) -> Result<StartedCard, CounterError> {
        actor.require(Permission::Counter)?;
        if !valid_key(charge_key) {
            return Err(invalid("idempotencyKey", CARD_KEY_INVALID));
        }
        if !valid_key(sale_key) {
            return Err(invalid("saleKey", super::counter::KEY_INVALID));
        }
        let amount =
            amount.money().filter(|m| *m >= MIN_AMOUNT && *m <= MAX_AMOUNT).ok_or_else(|| invalid("amount", CARD_AMOUNT_INVALID))?;
        let intent = self
            .gateway()
            .create_intent(IntentRequest {
                amount,
                currency: payment::CURRENCY.to_owned(),
                target: DonationTarget::Direct,
                donation_details: Vec::new(),
                idempotency_key: format!("counter-card:{charge_key}"),
                receipt_email: None,
                donor_name: None,
            })
            .await
            .map_err(card_error)?;
        let client_secret =
            intent.client_secret.clone().ok_or_else(|| CounterError::Unexpected("the provider's intent has no client secret".into()))?;
        let charge = self
            .sales()
            .add_card_charge(CardCharge {
                intent_id: intent.id.clone(),
                sale_key: sale_key.to_owned(),
                amount,
                provider: self.gateway().provider(),
                staff_id: Some(actor.user_id.clone()),
                created_at: self.now(),
                paid_at: None,
                sale_id: None,
                refunded_at: None,
                refund_id: None,
            })
            .await?;
        if charge.sale_key != sale_key || charge.amount != amount {
            return Err(CounterError::Conflict(super::counter::KEY_REUSED));
        }
        tracing::info!(intent = %charge.intent_id, amount = %amount, "counter card charge started");
        Ok(StartedCard { charge, client_secret })
    }

    /// A charge, for the counter to see where it stands.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, intent = %intent_id))]
    pub async fn card_charge(&self, actor: &Actor, intent_id: &str) -> Result<CardCharge, CounterError> {
        actor.require(Permission::Counter)?;
        self.sales().find_card_charge(intent_id).await?.ok_or(CounterError::NotFound)
    }

    /// The sandbox's confirm step for a counter charge: `succeeded` marks it paid, `failed` is a
    /// declined card, `processing` leaves it waiting. Only when the sandbox is the provider.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, intent = %intent_id))]
    pub async fn confirm_sandbox_card(
        &self,
        actor: &Actor,
        intent_id: &str,
        client_secret: &str,
        outcome: &str,
    ) -> Result<CardCharge, CounterError> {
        actor.require(Permission::Counter)?;
        if self.gateway().provider() != PaymentProvider::Sandbox {
            return Err(CounterError::Conflict(SANDBOX_ONLY));
        }
        let charge = self.sales().find_card_charge(intent_id).await?.ok_or(CounterError::NotFound)?;
        let intent = self.gateway().retrieve_intent(intent_id).await.map_err(card_error)?;
        let expected = intent.client_secret.as_deref().map(hash_secret).unwrap_or_default();
        if !bool::from(hash_secret(client_secret).as_bytes().ct_eq(expected.as_bytes())) {
            return Err(CounterError::NotFound);
        }
        match (outcome, CardState::of(&charge)) {
            (_, CardState::Used | CardState::Refunded | CardState::Paid) => Ok(charge),
            ("succeeded", CardState::Pending) => {
                self.sales().card_charge_paid(intent_id, self.now()).await?;
                self.sales().find_card_charge(intent_id).await?.ok_or(CounterError::NotFound)
            }
            ("failed", CardState::Pending) => Err(CounterError::CardRefused(CARD_DECLINED.to_owned())),
            ("processing", CardState::Pending) => Ok(charge),
            _ => Err(invalid("outcome", OUTCOME_INVALID)),
        }
    }

    /// Checks that each card part of the sale `key` names a paid charge taken for that sale, of
    /// that amount, that nobody refunded; asks Stripe when the charge is not yet known as paid.
    pub(crate) async fn check_card_tenders(&self, key: &str, tenders: &[Tender]) -> Result<(), CounterError> {
        for tender in tenders {
            let Tender::Card { amount, intent_id } = tender else { continue };
            let charge = self.sales().find_card_charge(intent_id).await?.ok_or_else(|| invalid("tenders", CARD_NOT_FOUND))?;
            if charge.sale_key != key {
                return Err(invalid("tenders", CARD_OTHER_SALE));
            }
            if charge.amount != *amount {
                return Err(invalid("tenders", CARD_AMOUNT_CHANGED));
            }
            match CardState::of(&charge) {
                // Used by this sale: the key answers the sale it recorded.
                CardState::Used | CardState::Paid => {}
                CardState::Refunded => return Err(invalid("tenders", CARD_REFUNDED)),
                CardState::Pending => {
                    let paid = charge.provider == PaymentProvider::Stripe && {
                        let intent = self.gateway().retrieve_intent(intent_id).await.map_err(card_error)?;
                        intent.status == IntentStatus::Succeeded && intent.amount == Some(charge.amount)
                    };
                    if !paid {
                        return Err(invalid("tenders", CARD_NOT_PAID));
                    }
                    self.sales().card_charge_paid(intent_id, self.now()).await?;
                }
            }
        }
        Ok(())
    }

    /// Gives back a charge no sale used (the counter gave up on the sale, or it was refused): a
    /// paid one is refunded at the provider, one never paid is cancelled there. Audited. A
    /// charge refunded already answers as it is.
    #[tracing::instrument(skip_all, fields(intent = %intent_id))]
    pub async fn refund_card(&self, actor: Option<&Actor>, intent_id: &str) -> Result<CardCharge, CounterError> {
        if let Some(actor) = actor {
            actor.require(Permission::Counter)?;
        }
        let charge = self.sales().find_card_charge(intent_id).await?.ok_or(CounterError::NotFound)?;
        let refund_id = match CardState::of(&charge) {
            CardState::Used => return Err(CounterError::Conflict(CARD_USED)),
            CardState::Refunded => return Ok(charge),
            CardState::Paid => self.refund_at_provider(&charge).await?,
            CardState::Pending => match self.gateway().retrieve_intent(intent_id).await.map_err(card_error)?.status {
                IntentStatus::Succeeded => self.refund_at_provider(&charge).await?,
                IntentStatus::Canceled => "canceled".to_owned(),
                _ => match self.gateway().cancel_intent(intent_id, &format!("counter-card-cancel:{intent_id}")).await {
                    Ok(_) => "canceled".to_owned(),
                    // Paid meanwhile: it is refunded instead.
                    Err(GatewayError::Rejected { .. }) => self.refund_at_provider(&charge).await?,
                    Err(other) => return Err(card_error(other)),
                },
            },
        };
        let who = actor.map_or_else(|| "the unused-card job".to_owned(), |a| a.email.clone());
        let summary = format!("Card charge of ${} not used by a sale given back by {who}", charge.amount);
        let audit = self.recorder().entry(
            actor,
            Action::new(AuditKind::Money, "counter.card_refund", Target::of("card_charge", intent_id)),
            summary,
        );
        match self.sales().card_charge_refunded(intent_id, CardRefund { refund_id, at: self.now(), audit }).await {
            Ok(charge) => {
                tracing::info!(amount = %charge.amount, "counter card charge given back");
                Ok(charge)
            }
            // A sale used it while the provider was asked: the sale stands, the refund is the provider's.
            Err(RepoError::Conflict(_)) => Err(CounterError::Conflict(CARD_USED)),
            Err(other) => Err(other.into()),
        }
    }

    async fn refund_at_provider(&self, charge: &CardCharge) -> Result<String, CounterError> {
        let key = format!("counter-card-refund:{}", charge.intent_id);
        Ok(self.gateway().refund(&charge.intent_id, charge.amount, &key).await.map_err(card_error)?.id)
    }

    /// Refunds the charges paid more than `max_age` ago that no sale used; answers how many.
    #[tracing::instrument(skip_all, fields(max_age_secs = max_age.as_secs()))]
    pub async fn refund_unused_cards(&self, max_age: Duration) -> Result<u64, CounterError> {
        let before = self.now() - chrono::Duration::from_std(max_age).unwrap_or(chrono::Duration::hours(1));
        let mut refunded = 0;
        for charge in self.sales().unused_card_charges(before).await? {
            match self.refund_card(None, &charge.intent_id).await {
                Ok(_) => refunded += 1,
                // Used by a sale at the last moment: nothing to give back.
                Err(CounterError::Conflict(_)) => {}
                Err(other) => return Err(other),
            }
        }
        Ok(refunded)
    }

    /// The card part of a voided sale goes back to the card, before the void is recorded.
    pub(crate) async fn refund_voided_card(&self, sale_id: &str, tenders: &[Tender]) -> Result<(), CounterError> {
        for tender in tenders {
            if let Tender::Card { amount, intent_id } = tender {
                let key = format!("counter-void:{sale_id}");
                self.gateway().refund(intent_id, *amount, &key).await.map_err(card_error)?;
            }
        }
        Ok(())
    }
}

/// Refunds counter card charges that no sale used within an hour ([`CounterService::refund_unused_cards`]).
pub struct RefundUnusedCounterCards(pub CounterService);

#[async_trait]
impl Job for RefundUnusedCounterCards {
    fn name(&self) -> &'static str {
        "refund-unused-counter-cards"
    }

    fn description(&self) -> &'static str {
        "Refunds card payments taken at the counter that no sale used within an hour"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        Ok(Step::done(self.0.refund_unused_cards(UNUSED_CHARGE_MAX_AGE).await?))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use mandir_domain::Money;
    use mandir_domain::counter::{CounterDonorInput, CounterSaleInput, TenderInput};
    use mandir_domain::payment::{DonationDetailsInput, DonationItemInput, PaymentStatus};
    use mandir_domain::staff::Role;

    use super::*;
    use crate::ports::{CounterSaleRecord, GatewayIntent, GatewayRefund, NewCounterSale, SaleRecorded};
    use crate::services::counter::CARD_TAKEN;
    use crate::services::counter::tests::{Mocks, stored};
    use crate::services::test_fixtures::{now, payment, staff};

    fn desk() -> Actor {
        staff(&[Role::FrontDesk])
    }

    fn charge(paid: bool) -> CardCharge {
        CardCharge {
            intent_id: "pi_sandbox_1".into(),
            sale_key: "sale-0001".into(),
            amount: Money::from_dollars(62),
            provider: PaymentProvider::Sandbox,
            staff_id: None,
            created_at: now(),
            paid_at: paid.then(now),
            sale_id: None,
            refunded_at: None,
            refund_id: None,
        }
    }

    fn card_sale(amount: &str) -> CounterSaleInput {
        CounterSaleInput {
            donor: CounterDonorInput::WalkIn { name: Some("Gopal Iyer".into()), email: None, phone: None, address: None },
            sevas: Vec::new(),
            registrations: Vec::new(),
            lines: DonationDetailsInput::Items(vec![DonationItemInput::new("custom", NumberInput::text("62"), "General donation")]),
            tenders: vec![TenderInput::card(amount, "pi_sandbox_1")],
            in_honor_of: None,
        }
    }

    fn intent(status: IntentStatus) -> GatewayIntent {
        GatewayIntent {
            id: "pi_sandbox_1".into(),
            client_secret: Some("pi_sandbox_1_secret_x".into()),
            status,
            amount: Some(Money::from_dollars(62)),
            currency: Some("usd".into()),
        }
    }

    #[tokio::test]
    async fn a_card_is_started_once_per_key_for_its_sale_and_kept() {
        let mut m = Mocks::new();
        m.gateway.expect_provider().return_const(PaymentProvider::Sandbox);
        m.gateway
            .expect_create_intent()
            .times(1)
            .withf(|r| r.idempotency_key == "counter-card:card-0001" && r.amount == Money::from_dollars(62) && r.receipt_email.is_none())
            .returning(|_| Ok(intent(IntentStatus::RequiresPaymentMethod)));
        m.sales.expect_add_card_charge().times(1).withf(|c| c.sale_key == "sale-0001" && c.paid_at.is_none()).returning(Ok);
        let service = m.service();
        let started = service.start_card(&desk(), "card-0001", "sale-0001", &NumberInput::text("62")).await.expect("started");
        assert_eq!((started.charge.intent_id.as_str(), started.client_secret.as_str()), ("pi_sandbox_1", "pi_sandbox_1_secret_x"));
        let refused = service.start_card(&desk(), "card-0001", "sale-0001", &NumberInput::text("0")).await;
        assert!(matches!(refused, Err(CounterError::Validation(e)) if e.get("amount") == Some(CARD_AMOUNT_INVALID)));
        let member = crate::services::test_fixtures::member();
        assert!(matches!(
            service.start_card(&member, "card-0001", "sale-0001", &NumberInput::text("62")).await,
            Err(CounterError::Forbidden)
        ));
    }

    #[tokio::test]
    async fn a_sale_is_paid_by_its_own_paid_charge_and_nothing_else() {
        let cases: [(CardCharge, &str, &str); 4] = [
            (CardCharge { sale_key: "sale-other".into(), ..charge(true) }, "62", CARD_OTHER_SALE),
            (charge(true), "50", CARD_AMOUNT_CHANGED),
            (CardCharge { refunded_at: Some(now()), ..charge(true) }, "62", CARD_REFUNDED),
            (charge(false), "62", CARD_NOT_PAID),
        ];
        for (stored_charge, amount, message) in cases {
            let mut m = Mocks::new();
            m.sales.expect_find_card_charge().returning(move |_| Ok(Some(stored_charge.clone())));
            m.sales.expect_record().never();
            let mut sale = card_sale(amount);
            if amount != "62" {
                sale.tenders.push(TenderInput::cash("12", "12"));
            }
            let refused = m.service().sell(&desk(), "sale-0001", &sale).await;
            assert!(matches!(&refused, Err(CounterError::Validation(e)) if e.get("tenders") == Some(message)), "{message}: {refused:?}");
        }

        let mut m = Mocks::new();
        m.sales.expect_find_card_charge().returning(|_| Ok(Some(charge(true))));
        let seen: Arc<Mutex<Option<NewCounterSale>>> = Arc::default();
        let keep = seen.clone();
        m.sales.expect_record().times(1).returning(move |sale| {
            *keep.lock().expect("lock") = Some(sale.clone());
            Ok(SaleRecorded::Created(Box::new(stored(&sale))))
        });
        let outcome = m.service().sell(&desk(), "sale-0001", &card_sale("62")).await.expect("sold");
        assert_eq!(outcome.sale.payment.method, mandir_domain::payment::PaymentMethodKind::CreditCard);
        let sale = seen.lock().expect("lock").clone().expect("recorded");
        assert_eq!(sale.tenders, vec![Tender::Card { amount: Money::from_dollars(62), intent_id: "pi_sandbox_1".into() }]);
        assert!(sale.audit.summary.ends_with("(card)"), "{}", sale.audit.summary);

        // Used by another sale between the check and the write: nothing is recorded.
        let mut m = Mocks::new();
        m.sales.expect_find_card_charge().returning(|_| Ok(Some(charge(true))));
        m.sales.expect_record().returning(|_| Ok(SaleRecorded::CardTaken));
        assert!(matches!(m.service().sell(&desk(), "sale-0001", &card_sale("62")).await, Err(CounterError::Conflict(CARD_TAKEN))));
    }

    #[tokio::test]
    async fn a_stripe_charge_is_asked_for_at_the_sale_and_marked_paid() {
        for (status, recorded) in [(IntentStatus::Succeeded, true), (IntentStatus::Processing, false)] {
            let mut m = Mocks::new();
            m.sales.expect_find_card_charge().returning(|_| Ok(Some(CardCharge { provider: PaymentProvider::Stripe, ..charge(false) })));
            let answer = intent(status);
            m.gateway.expect_retrieve_intent().times(1).returning(move |_| Ok(answer.clone()));
            m.sales.expect_card_charge_paid().times(usize::from(recorded)).returning(|_, _| Ok(()));
            m.sales.expect_record().times(usize::from(recorded)).returning(|sale| Ok(SaleRecorded::Created(Box::new(stored(&sale)))));
            let sold = m.service().sell(&desk(), "sale-0001", &card_sale("62")).await;
            assert_eq!(sold.is_ok(), recorded, "{sold:?}");
        }
    }

    #[tokio::test]
    async fn a_charge_no_sale_used_is_refunded_and_audited_and_a_used_one_is_not() {
        let mut m = Mocks::new();
        m.sales.expect_find_card_charge().returning(|_| Ok(Some(charge(true))));
        m.gateway
            .expect_refund()
            .times(1)
            .withf(|id, amount, key| {
                id == "pi_sandbox_1" && *amount == Money::from_dollars(62) && key == "counter-card-refund:pi_sandbox_1"
            })
            .returning(|_, amount, _| Ok(GatewayRefund { id: "re_1".into(), amount, status: "succeeded".into() }));
        m.sales
            .expect_card_charge_refunded()
            .times(1)
            .withf(|_, r| r.refund_id == "re_1" && r.audit.action == "counter.card_refund")
            .returning(|_, r| Ok(CardCharge { refunded_at: Some(r.at), refund_id: Some(r.refund_id), ..charge(true) }));
        let refunded = m.service().refund_card(Some(&desk()), "pi_sandbox_1").await.expect("refunded");
        assert_eq!(CardState::of(&refunded), CardState::Refunded);

        let mut m = Mocks::new();
        m.sales.expect_find_card_charge().returning(|_| Ok(Some(CardCharge { sale_id: Some("s1".into()), ..charge(true) })));
        m.gateway.expect_refund().never();
        assert!(matches!(m.service().refund_card(Some(&desk()), "pi_sandbox_1").await, Err(CounterError::Conflict(CARD_USED))));

        // The job gives back what was left an hour, as nobody in particular.
        let mut m = Mocks::new();
        m.sales.expect_unused_card_charges().times(1).returning(|_| Ok(vec![charge(true)]));
        m.sales.expect_find_card_charge().returning(|_| Ok(Some(charge(true))));
        m.gateway
            .expect_refund()
            .times(1)
            .returning(|_, amount, _| Ok(GatewayRefund { id: "re_2".into(), amount, status: "succeeded".into() }));
        m.sales.expect_card_charge_refunded().times(1).withf(|_, r| r.audit.actor_id.is_none()).returning(|_, _| Ok(charge(true)));
        assert_eq!(m.service().refund_unused_cards(UNUSED_CHARGE_MAX_AGE).await.expect("swept"), 1);
    }

    #[tokio::test]
    async fn the_sandbox_step_marks_a_charge_paid_or_declined() {
        let mut m = Mocks::new();
        m.gateway.expect_provider().return_const(PaymentProvider::Sandbox);
        m.gateway.expect_retrieve_intent().returning(|_| Ok(intent(IntentStatus::RequiresPaymentMethod)));
        m.sales.expect_find_card_charge().times(1).returning(|_| Ok(Some(charge(false))));
        m.sales.expect_find_card_charge().returning(|_| Ok(Some(charge(true))));
        m.sales.expect_card_charge_paid().times(1).returning(|_, _| Ok(()));
        let service = m.service();
        let paid = service.confirm_sandbox_card(&desk(), "pi_sandbox_1", "pi_sandbox_1_secret_x", "succeeded").await.expect("paid");
        assert_eq!(CardState::of(&paid), CardState::Paid);
        let wrong = service.confirm_sandbox_card(&desk(), "pi_sandbox_1", "pi_sandbox_1_secret_y", "succeeded").await;
        assert!(matches!(wrong, Err(CounterError::NotFound)));

        let mut m = Mocks::new();
        m.gateway.expect_provider().return_const(PaymentProvider::Sandbox);
        m.gateway.expect_retrieve_intent().returning(|_| Ok(intent(IntentStatus::RequiresPaymentMethod)));
        m.sales.expect_find_card_charge().returning(|_| Ok(Some(charge(false))));
        m.sales.expect_card_charge_paid().never();
        let declined = m.service().confirm_sandbox_card(&desk(), "pi_sandbox_1", "pi_sandbox_1_secret_x", "failed").await;
        assert!(matches!(declined, Err(CounterError::CardRefused(m)) if m == CARD_DECLINED));
    }

    #[tokio::test]
    async fn a_voided_card_sale_gives_the_card_part_back_first() {
        let sale = CounterSaleRecord {
            id: "s1".into(),
            payment: payment("p1", PaymentStatus::Completed, PaymentProvider::InPerson),
            donor_id: None,
            registrations: Vec::new(),
            tenders: vec![
                Tender::Cash { amount: Money::from_dollars(12), tendered: Money::from_dollars(12) },
                Tender::Card { amount: Money::from_dollars(50), intent_id: "pi_sandbox_1".into() },
            ],
            staff_name: "Desk Staff".into(),
            created_at: now(),
            voided: None,
            deposit: None,
        };
        let mut m = Mocks::new();
        let found = sale.clone();
        m.sales.expect_find().returning(move |_| Ok(Some(found.clone())));
        m.gateway
            .expect_refund()
            .times(1)
            .withf(|id, amount, key| id == "pi_sandbox_1" && *amount == Money::from_dollars(50) && key == "counter-void:s1")
            .returning(|_, _, _| Err(GatewayError::Unavailable("down".into())));
        m.sales.expect_void().never();
        let treasurer = staff(&[Role::Treasurer]);
        assert!(matches!(m.service().void(&treasurer, "s1", Some("Card entered twice")).await, Err(CounterError::Unexpected(_))));
    }
}

//! The temple counter (issue 28, docs/decisions/0129-the-counter.md): the front desk records a
//! sale for a member or a walk-in, paid in cash (with change), by check, or split; the sale is one
//! completed payment of channel `counter`, stored with its tenders, its walk-in donor record and
//! its audit entry in one transaction, once per key however often it is sent. A treasurer voids a
//! sale with a reason.

use std::sync::Arc;

use mandir_domain::audit::AuditKind;
use mandir_domain::counter::{Channel, CounterDonor, CounterSale, CounterSaleInput, void_reason};
use mandir_domain::payment::{self, Donation, DonationTarget, PaymentProvider, PaymentStatus};
use mandir_domain::staff::Permission;
use mandir_domain::user::User;
use mandir_domain::{DonationTypeId, ValidationErrors};
use rand::Rng;

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    Clock, CounterRepository, CounterSaleRecord, DonationTypeRepository, NewCounterSale, NewDonor, NewPayment, OutboxWake, RepoError,
    SaleRecorded, SaleVoid, UserRepository, Voided,
};

/// The idempotency key a counter keeps per sale: 8 to 100 letters, digits, `-` or `_`.
pub const KEY_INVALID: &str = "Each sale needs an idempotency key of 8 to 100 letters, digits, '-' or '_'";
pub const KEY_REUSED: &str = "This sale's key was already used for a different sale; start a new sale";
pub const MEMBER_NOT_FOUND: &str = "That member was not found; search again or take them as a walk-in";
pub const ALREADY_VOIDED: &str = "This sale is already voided";

#[derive(Debug, thiserror::Error)]
pub enum CounterError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Staff access required")]
    Forbidden,
    #[error("Sale not found")]
    NotFound,
    #[error("{0}")]
    Conflict(&'static str),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(CounterError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::NotFound => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(CounterError: RepoError);

impl From<super::PermissionRequired> for CounterError {
    fn from(_: super::PermissionRequired) -> Self {
        Self::Forbidden
    }
}

/// A recorded sale and whether this call recorded it (`false`: a resubmission of the same key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleOutcome {
    pub sale: CounterSaleRecord,
    pub created: bool,
}

/// The ports the counter uses.
pub struct CounterDeps {
    pub sales: Arc<dyn CounterRepository>,
    pub users: Arc<dyn UserRepository>,
    pub donation_types: Arc<dyn DonationTypeRepository>,
    pub clock: Arc<dyn Clock>,
    /// Wakes the receipt sender once a sale with an e-mail address is stored.
    pub receipts: Arc<dyn OutboxWake>,
    pub recorder: Recorder,
}

#[derive(Clone)]
pub struct CounterService {
    deps: Arc<CounterDeps>,
}

fn valid_key(key: &str) -> bool {
    (8..=100).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn full_name(user: &User) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_owned()
}

/// Whether a stored sale is the one `sale` describes (the same total, donor and lines), so a
/// resubmitted key answers it and a reused key for another sale is refused.
fn same_sale(stored: &CounterSaleRecord, sale: &CounterSale, donor_user: Option<&User>) -> bool {
    let payment = &stored.payment;
    payment.amount == sale.total
        && payment.user_id.as_ref() == donor_user.map(|u| &u.id)
        && payment.donation_details.len() == sale.lines.len()
        && payment.donation_details.iter().zip(&sale.lines).all(|(a, b)| a.same_item(b))
}

impl CounterService {
    pub fn new(deps: CounterDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    /// Names the lines after their donation types (refusing unknown or retired ones).
    async fn named_lines(&self, sale: CounterSale) -> Result<CounterSale, CounterError> {
        let donation = Donation { amount: sale.total, details: sale.lines, target: DonationTarget::Direct, notes: None };
        let mut catalogue = Vec::new();
        for id in donation.catalogue_type_ids() {
            let id: DonationTypeId = id;
            if let Some(kind) = self.deps.donation_types.get(&id).await? {
                catalogue.push(kind);
            }
        }
        let named = donation.named_from_catalogue(&catalogue).map_err(|e| {
            CounterError::Validation(ValidationErrors::single("lines", e.get("donationDetails").unwrap_or(payment::DETAIL_TYPE_UNKNOWN)))
        })?;
        Ok(CounterSale { lines: named.details, ..sale })
    }

    /// Records a sale at the counter (front desk and admins), once per `key`.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn sell(&self, actor: &Actor, key: &str, input: &CounterSaleInput) -> Result<SaleOutcome, CounterError> {
        actor.require(Permission::Counter)?;
        if !valid_key(key) {
            return Err(CounterError::Validation(ValidationErrors::single("idempotencyKey", KEY_INVALID)));
        }
        let sale = input.validate().map_err(CounterError::Validation)?;
        let sale = self.named_lines(sale).await?;
        let member = match &sale.donor {
            CounterDonor::Member(id) => Some(
                self.deps
                    .users
                    .find_by_id(id)
                    .await?
                    .ok_or_else(|| CounterError::Validation(ValidationErrors::single("donor.userId", MEMBER_NOT_FOUND)))?,
            ),
            CounterDonor::WalkIn(_) => None,
        };
        let staff = self.deps.users.find_by_id(&actor.user_id).await?;
        let staff_name = staff.as_ref().map_or_else(|| actor.email.clone(), full_name);
        let now = self.deps.clock.now();
        let (donor_name, donor_email, donor_address, walk_in) = match (&sale.donor, &member) {
            (_, Some(user)) => (full_name(user), Some(user.email.as_str().to_owned()), user.mailing_address.clone(), None),
            (CounterDonor::WalkIn(walk_in), None) => (
                walk_in.name.clone(),
                walk_in.email.clone(),
                walk_in.address.clone(),
                Some(NewDonor { id: new_id(), walk_in: walk_in.clone() }),
            ),
            (CounterDonor::Member(_), None) => unreachable!("a member donor was looked up above"),
        };
        let id: String = new_id();
        let summary = format!("Counter sale of ${} to {donor_name} ({})", sale.total, payment_method_text(&sale));
        let audit =
            self.deps.recorder.entry(Some(actor), Action::new(AuditKind::Money, "counter.sale", Target::of("counter_sale", &id)), summary);
        let has_email = donor_email.is_some();
        let record = NewCounterSale {
            id,
            idempotency_key: key.to_owned(),
            payment: NewPayment {
                id: new_id(),
                event_id: None,
                event_name: None,
                user_id: member.as_ref().map(|u| u.id.clone()),
                method: sale.method(),
                amount: sale.total,
                status: PaymentStatus::Completed,
                provider: PaymentProvider::InPerson,
                transaction_id: None,
                client_secret_hash: None,
                donation_details: sale.lines.clone(),
                receipt_number: payment::receipt_number(now, rand::rng().random_range(0..10_000)),
                idempotency_key: Some(format!("counter:{key}")),
                donor_name: Some(donor_name),
                donor_email,
                donor_address,
                in_honor_of: sale.in_honor_of.clone(),
                notes: None,
                channel: Channel::Counter,
                now,
            },
            walk_in,
            tenders: sale.tenders.clone(),
            staff_id: actor.user_id.clone(),
            staff_name,
            audit,
        };
        match self.deps.sales.record(record).await? {
            SaleRecorded::Created(stored) => {
                if has_email {
                    self.deps.receipts.wake();
                }
                tracing::info!(sale = %stored.id, payment = %stored.payment.id, "counter sale recorded");
                Ok(SaleOutcome { sale: *stored, created: true })
            }
            SaleRecorded::Existing(stored) if same_sale(&stored, &sale, member.as_ref()) => {
                Ok(SaleOutcome { sale: *stored, created: false })
            }
            SaleRecorded::Existing(_) => Err(CounterError::Conflict(KEY_REUSED)),
        }
    }

    /// One sale, for its receipt at the counter.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn get(&self, actor: &Actor, id: &str) -> Result<CounterSaleRecord, CounterError> {
        actor.require(Permission::Counter)?;
        self.deps.sales.find(id).await?.ok_or(CounterError::NotFound)
    }

    /// Voids a sale (treasurers and admins), with the reason: the money is given back and the sale
    /// leaves the totals and statements; the void stays, in the sale and in the audit log.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn void(&self, actor: &Actor, id: &str, reason: Option<&str>) -> Result<CounterSaleRecord, CounterError> {
        actor.require(Permission::VoidSales)?;
        let reason = void_reason(reason).map_err(CounterError::Validation)?;
        let sale = self.deps.sales.find(id).await?.ok_or(CounterError::NotFound)?;
        if sale.voided.is_some() {
            return Err(CounterError::Conflict(ALREADY_VOIDED));
        }
        let by = self.deps.users.find_by_id(&actor.user_id).await?.map_or_else(|| actor.email.clone(), |u| full_name(&u));
        let summary =
            format!("Voided counter sale of ${} ({}): {reason}", sale.payment.amount, sale.payment.receipt_number.as_deref().unwrap_or(""));
        let audit =
            self.deps.recorder.entry(Some(actor), Action::new(AuditKind::Money, "counter.void", Target::of("counter_sale", id)), summary);
        let void = SaleVoid { voided: Voided { at: self.deps.clock.now(), by, reason }, audit };
        match self.deps.sales.void(id, void).await {
            Ok(sale) => Ok(sale),
            Err(RepoError::NotFound) => Err(CounterError::NotFound),
            Err(RepoError::Conflict(_)) => Err(CounterError::Conflict(ALREADY_VOIDED)),
            Err(other) => Err(other.into()),
        }
    }
}

/// "cash", "check" or "cash and check", for the audit summary.
fn payment_method_text(sale: &CounterSale) -> String {
    sale.tenders.iter().map(|t| t.method().as_str()).collect::<Vec<_>>().join(" and ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::counter_repository::MockCounterRepository;
    use crate::ports::donation_type_repository::MockDonationTypeRepository;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{fixed_clock, member, now, payment, recorder, staff, user};
    use mandir_domain::NumberInput;
    use mandir_domain::counter::{CounterDonorInput, Tender, TenderInput};
    use mandir_domain::payment::{DonationDetailsInput, DonationItemInput, PaymentMethodKind};
    use mandir_domain::staff::Role;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[derive(Default)]
    struct Wakes(AtomicUsize);

    impl OutboxWake for Wakes {
        fn wake(&self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn front_desk() -> Actor {
        staff(&[Role::FrontDesk])
    }

    fn treasurer() -> Actor {
        staff(&[Role::Treasurer])
    }

    fn n(text: &str) -> NumberInput {
        NumberInput::Text(text.into())
    }

    fn cash(amount: &str, tendered: &str) -> TenderInput {
        TenderInput { method: Some("cash".into()), amount: n(amount), tendered: n(tendered), ..TenderInput::default() }
    }

    fn check(amount: &str) -> TenderInput {
        TenderInput {
            method: Some("check".into()),
            amount: n(amount),
            check_number: Some("1042".into()),
            bank: Some("Golden 1".into()),
            check_date: Some("2026-11-24".into()),
            ..TenderInput::default()
        }
    }

    fn walk_in_sale(tenders: Vec<TenderInput>) -> CounterSaleInput {
        CounterSaleInput {
            donor: CounterDonorInput::WalkIn {
                name: Some("Gopal Iyer".into()),
                email: Some("gopal@example.org".into()),
                phone: None,
                address: None,
            },
            lines: DonationDetailsInput::Items(vec![
                DonationItemInput::new("custom", n("11"), "Archana"),
                DonationItemInput::new("custom", n("51"), "General donation"),
            ]),
            tenders,
            in_honor_of: None,
        }
    }

    /// What a repository stores for `sale`.
    fn stored(sale: &NewCounterSale) -> CounterSaleRecord {
        let p = &sale.payment;
        CounterSaleRecord {
            id: sale.id.clone(),
            payment: mandir_domain::payment::Payment {
                id: p.id.clone(),
                user_id: p.user_id.clone(),
                method: p.method,
                amount: p.amount,
                provider: p.provider,
                donation_details: p.donation_details.clone(),
                receipt_number: Some(p.receipt_number.clone()),
                donor_name: p.donor_name.clone(),
                donor_email: p.donor_email.clone(),
                channel: p.channel,
                ..payment(p.id.as_str(), p.status, p.provider)
            },
            tenders: sale.tenders.clone(),
            staff_name: sale.staff_name.clone(),
            created_at: now(),
            voided: None,
        }
    }

    struct Mocks {
        sales: MockCounterRepository,
        users: MockUserRepository,
        wakes: Arc<Wakes>,
    }

    impl Mocks {
        fn new() -> Self {
            let mut users = MockUserRepository::new();
            users
                .expect_find_by_id()
                .returning(|id| Ok(Some(User { first_name: "Desk".into(), last_name: "Staff".into(), ..user(id.as_str()) })));
            Self { sales: MockCounterRepository::new(), users, wakes: Arc::new(Wakes::default()) }
        }

        fn service(self) -> CounterService {
            let mut types = MockDonationTypeRepository::new();
            types.expect_get().returning(|_| Ok(None));
            CounterService::new(CounterDeps {
                sales: Arc::new(self.sales),
                users: Arc::new(self.users),
                donation_types: Arc::new(types),
                clock: Arc::new(fixed_clock()),
                receipts: self.wakes,
                recorder: recorder().0,
            })
        }
    }

    #[tokio::test]
    async fn a_sale_is_recorded_whole_in_one_call_with_its_audit_entry() {
        let mut m = Mocks::new();
        let seen: Arc<Mutex<Option<NewCounterSale>>> = Arc::default();
        let keep = seen.clone();
        m.sales.expect_record().times(1).returning(move |sale| {
            *keep.lock().expect("lock") = Some(sale.clone());
            Ok(SaleRecorded::Created(Box::new(stored(&sale))))
        });
        let wakes = m.wakes.clone();
        let outcome = m.service().sell(&front_desk(), "sale-0001-abcd", &walk_in_sale(vec![cash("62", "100")])).await.expect("sold");
        assert!(outcome.created);
        let sale = seen.lock().expect("lock").clone().expect("recorded");
        let p = &sale.payment;
        assert_eq!(
            (p.status, p.provider, p.channel, p.method),
            (PaymentStatus::Completed, PaymentProvider::InPerson, Channel::Counter, PaymentMethodKind::Cash)
        );
        assert_eq!(p.amount, mandir_domain::Money::from_dollars(62));
        assert_eq!(p.idempotency_key.as_deref(), Some("counter:sale-0001-abcd"));
        assert_eq!(sale.walk_in.as_ref().map(|d| d.walk_in.name.as_str()), Some("Gopal Iyer"));
        assert_eq!(
            sale.tenders,
            vec![Tender::Cash { amount: mandir_domain::Money::from_dollars(62), tendered: mandir_domain::Money::from_dollars(100) }]
        );
        assert_eq!((sale.audit.action.as_str(), sale.audit.target_id.as_deref()), ("counter.sale", Some(sale.id.as_str())));
        assert!(sale.audit.summary.contains("$62.00 to Gopal Iyer (cash)"), "{}", sale.audit.summary);
        assert_eq!(sale.staff_name, "Desk Staff");
        assert_eq!(wakes.0.load(Ordering::SeqCst), 1, "the receipt e-mail goes out");
    }

    #[tokio::test]
    async fn a_resubmitted_key_answers_the_same_sale_and_a_reused_key_is_refused() {
        let mut m = Mocks::new();
        m.sales.expect_record().returning(|sale| Ok(SaleRecorded::Existing(Box::new(stored(&sale)))));
        let wakes = m.wakes.clone();
        let service = m.service();
        let again = service.sell(&front_desk(), "sale-0001-abcd", &walk_in_sale(vec![cash("62", "100")])).await.expect("same sale");
        assert!(!again.created);
        assert_eq!(wakes.0.load(Ordering::SeqCst), 0, "no second receipt");

        let mut m = Mocks::new();
        m.sales.expect_record().returning(|sale| {
            let mut other = stored(&sale);
            other.payment.amount = mandir_domain::Money::from_dollars(5);
            Ok(SaleRecorded::Existing(Box::new(other)))
        });
        let refused = m.service().sell(&front_desk(), "sale-0001-abcd", &walk_in_sale(vec![cash("62", "62")])).await;
        assert!(matches!(refused, Err(CounterError::Conflict(KEY_REUSED))), "{refused:?}");
    }

    #[tokio::test]
    async fn a_split_payment_is_one_sale_with_both_tenders() {
        let mut m = Mocks::new();
        m.sales
            .expect_record()
            .withf(|sale| {
                sale.payment.method == PaymentMethodKind::Split
                    && sale.tenders.len() == 2
                    && sale.tenders[1].method() == PaymentMethodKind::Check
            })
            .returning(|sale| Ok(SaleRecorded::Created(Box::new(stored(&sale)))));
        let sold =
            m.service().sell(&front_desk(), "sale-split-0001", &walk_in_sale(vec![cash("12", "20"), check("50")])).await.expect("sold");
        assert_eq!(sold.sale.tenders[0].change(), mandir_domain::Money::from_dollars(8));
    }

    #[tokio::test]
    async fn nothing_is_recorded_when_the_sale_is_refused() {
        // All or nothing: a refused sale never reaches the repository (no expectation is set).
        let m = Mocks::new();
        let service = m.service();
        let short = service.sell(&front_desk(), "sale-0002-abcd", &walk_in_sale(vec![cash("60", "60")])).await;
        assert!(matches!(&short, Err(CounterError::Validation(e)) if e.get("tenders").is_some()), "{short:?}");
        let bad_key = service.sell(&front_desk(), "short", &walk_in_sale(vec![cash("62", "62")])).await;
        assert!(matches!(&bad_key, Err(CounterError::Validation(e)) if e.get("idempotencyKey") == Some(KEY_INVALID)));
        let member_only = member();
        assert!(matches!(
            service.sell(&member_only, "sale-0003-abcd", &walk_in_sale(vec![cash("62", "62")])).await,
            Err(CounterError::Forbidden)
        ));
    }

    #[tokio::test]
    async fn only_a_treasurer_voids_with_a_reason_and_only_once() {
        let sale = |voided: Option<Voided>| CounterSaleRecord {
            id: "s1".into(),
            payment: payment("p1", PaymentStatus::Completed, PaymentProvider::InPerson),
            tenders: Vec::new(),
            staff_name: "Desk Staff".into(),
            created_at: now(),
            voided,
        };
        let mut m = Mocks::new();
        m.sales.expect_find().returning(move |_| Ok(Some(sale(None))));
        m.sales
            .expect_void()
            .times(1)
            .withf(|id, void| {
                id == "s1"
                    && void.voided.reason == "Entered twice"
                    && void.audit.action == "counter.void"
                    && void.audit.summary.ends_with(": Entered twice")
            })
            .returning(move |_, void| Ok(CounterSaleRecord { voided: Some(void.voided), ..sale(None) }));
        let service = m.service();
        assert!(matches!(service.void(&front_desk(), "s1", Some("Entered twice")).await, Err(CounterError::Forbidden)));
        let no_reason = service.void(&treasurer(), "s1", Some(" ")).await;
        assert!(matches!(&no_reason, Err(CounterError::Validation(e)) if e.get("reason").is_some()));
        let voided = service.void(&treasurer(), "s1", Some("Entered twice")).await.expect("voided");
        assert_eq!(voided.voided.map(|v| v.by), Some("Desk Staff".into()));

        let mut m = Mocks::new();
        m.sales.expect_find().returning(move |_| Ok(Some(sale(Some(Voided { at: now(), by: "T".into(), reason: "x".into() })))));
        assert!(matches!(m.service().void(&treasurer(), "s1", Some("again")).await, Err(CounterError::Conflict(ALREADY_VOIDED))));
    }
}

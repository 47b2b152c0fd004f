//! Pledges (docs/product.md#pledges): a member promises an amount to a fund over a period and
//! sees what is given and what remains; the treasurer sees everyone's and sends polite reminders
//! by e-mail in one action (through the member e-mail outbox: at most one per pledge per day).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;
use mandir_domain::audit::AuditKind;
use mandir_domain::payment::PaymentStatus;
use mandir_domain::pledge::{self, Fulfilment, NewPledgeInput, Pledge};
use mandir_domain::site::start_of_day;
use mandir_domain::staff::Permission;
use mandir_domain::{FundId, PaymentId, PledgeId, ValidationErrors};

use super::audit::{Action, Recorder, Target};
use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{
    AssignedGift, Assignment, Clock, FundRepository, MemberOutbox, OutboxWake, PaymentRepository, PledgeNotice, PledgeRecord,
    PledgeRepository, PledgeView, RepoError, TempleZone,
};

#[derive(Debug, thiserror::Error)]
pub enum PledgeError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Sign in to see your pledges")]
    Unauthenticated,
    #[error("Admin access required")]
    Forbidden,
    #[error("Pledge not found")]
    NotFound,
    #[error("That gift does not count toward this pledge")]
    GiftNotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(PledgeError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Unauthenticated => Unauthenticated,
    Self::Forbidden => Forbidden,
    Self::NotFound | Self::GiftNotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(PledgeError: RepoError);

/// A pledge as its member and the treasurer see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PledgeStanding {
    pub pledge: Pledge,
    pub fund_name: String,
    pub fulfilment: Fulfilment,
    pub member_name: String,
    pub member_email: String,
    /// The gifts the treasurer counted toward it by hand.
    pub assigned: Vec<AssignedGift>,
}

pub struct PledgeDeps {
    pub pledges: Arc<dyn PledgeRepository>,
    /// Finds a counter gift by its receipt number, to count toward a pledge.
    pub payments: Arc<dyn PaymentRepository>,
    pub funds: Arc<dyn FundRepository>,
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    /// The member e-mails the reminders go out through.
    pub outbox: Arc<dyn MemberOutbox>,
    /// Wakes the member e-mail sender once reminders are queued.
    pub wake: Arc<dyn OutboxWake>,
    pub recorder: Recorder,
}

#[derive(Clone)]
pub struct PledgeService {
    deps: Arc<PledgeDeps>,
}

impl PledgeService {
    pub fn new(deps: PledgeDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    async fn today(&self) -> Result<(NaiveDate, chrono_tz::Tz), PledgeError> {
        let zone = self.deps.zone.time_zone().await?;
        Ok((self.deps.clock.now().with_timezone(&zone).date_naive(), zone))
    }

    async fn standings(&self, views: Vec<PledgeView>) -> Result<Vec<PledgeStanding>, PledgeError> {
        let names: HashMap<FundId, String> = self.deps.funds.list().await?.into_iter().map(|f| (f.id, f.name)).collect();
        Ok(views.into_iter().map(|view| standing(view, &names)).collect())
    }

    /// The member's own pledges, newest first.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn mine(&self, actor: &Actor) -> Result<Vec<PledgeStanding>, PledgeError> {
        let views = self.deps.pledges.of_member(&actor.user_id).await?;
        self.standings(views).await
    }

    /// A member pledges to an active fund over a period that ends today or later; an active
    /// pledge of theirs to the same fund on any of those days is refused (its gifts would count
    /// twice).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: NewPledgeInput) -> Result<PledgeStanding, PledgeError> {
        let new = input.validate().map_err(PledgeError::Validation)?;
        let (today, zone) = self.today().await?;
        let mut errors = ValidationErrors::new();
        match self.deps.funds.get(&new.fund_id).await? {
            Some(fund) if fund.is_active => {}
            _ => errors.add("fundId", pledge::FUND_CLOSED),
        }
        if new.ends_on < today {
            errors.add("endsOn", pledge::ENDS_IN_THE_PAST);
        }
        if !errors.is_empty() {
            return Err(PledgeError::Validation(errors));
        }
        let after = new.ends_on.checked_add_days(chrono::Days::new(1));
        let bounds = start_of_day(new.starts_on, zone).zip(after.and_then(|day| start_of_day(day, zone)));
        let (starts_at, ends_before) = bounds.ok_or_else(|| PledgeError::Unexpected("a pledge's day without a start".into()))?;
        let record =
            PledgeRecord { id: new_id(), user_id: actor.user_id.clone(), pledge: new, starts_at, ends_before, now: self.deps.clock.now() };
        let created = self.deps.pledges.create(record).await.map_err(|error| match error {
            RepoError::Conflict(_) => PledgeError::Validation(ValidationErrors::single("fundId", pledge::OVERLAPS)),
            other => other.into(),
        })?;
        tracing::info!(pledge = %created.id, "pledge made");
        let view = self.deps.pledges.get(&created.id).await?.ok_or(PledgeError::NotFound)?;
        Ok(self.standings(vec![view]).await?.remove(0))
    }

    /// The member cancels their own active pledge; it is kept, marked cancelled.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, pledge = %id))]
    pub async fn cancel(&self, actor: &Actor, id: &PledgeId) -> Result<PledgeStanding, PledgeError> {
        let view = self.deps.pledges.get(id).await?.filter(|v| v.pledge.user_id == actor.user_id).ok_or(PledgeError::NotFound)?;
        if !view.pledge.is_active() {
            return Err(PledgeError::Validation(ValidationErrors::single("status", pledge::ALREADY_CANCELLED)));
        }
        let Some(cancelled) = self.deps.pledges.cancel(id, self.deps.clock.now()).await? else {
            return Err(PledgeError::Validation(ValidationErrors::single("status", pledge::ALREADY_CANCELLED)));
        };
        Ok(self.standings(vec![PledgeView { pledge: cancelled, ..view }]).await?.remove(0))
    }

    /// Everyone's pledges (to one fund), by fund then member (treasurers and admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn all(&self, actor: &Actor, fund: Option<FundId>) -> Result<Vec<PledgeStanding>, PledgeError> {
        actor.require(Permission::ReadLedger)?;
        let mut list = self.standings(self.deps.pledges.all(fund).await?).await?;
        list.sort_by(|a, b| {
            a.fund_name
                .to_lowercase()
                .cmp(&b.fund_name.to_lowercase())
                .then_with(|| a.member_name.to_lowercase().cmp(&b.member_name.to_lowercase()))
                .then_with(|| a.pledge.id.cmp(&b.pledge.id))
        });
        Ok(list)
    }

    /// Queues a polite reminder for every active pledge (to one fund) whose period has begun and
    /// not ended and that still has something to give; a pledge is reminded at most once a day.
    /// Answers how many reminders were queued. Audited.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn remind(&self, actor: &Actor, fund: Option<FundId>) -> Result<u64, PledgeError> {
        actor.require(Permission::ManageFunds)?;
        let (today, _) = self.today().await?;
        let due: Vec<PledgeStanding> = self
            .standings(self.deps.pledges.all(fund.clone()).await?)
            .await?
            .into_iter()
            .filter(|s| s.pledge.is_active() && s.pledge.covers(today) && s.fulfilment.remaining.is_positive())
            .collect();
        let reminders: Vec<_> = due
            .iter()
            .map(|s| {
                let notice = PledgeNotice {
                    pledge_id: s.pledge.id.to_string(),
                    fund_id: s.pledge.fund_id.to_string(),
                    fund_name: s.fund_name.clone(),
                    amount: s.pledge.amount.to_string(),
                    given: s.fulfilment.given.to_string(),
                    remaining: s.fulfilment.remaining.to_string(),
                    ends_on: s.pledge.ends_on,
                    asked_on: today,
                };
                (s.pledge.user_id.clone(), notice)
            })
            .collect();
        let now = self.deps.clock.now();
        let queued = self.deps.outbox.queue_pledge_reminders(&reminders, now).await?;
        let ids: Vec<PledgeId> = due.iter().map(|s| s.pledge.id.clone()).collect();
        self.deps.pledges.mark_reminded(&ids, now).await?;
        if queued > 0 {
            self.deps.wake.wake();
        }
        let scope = match &fund {
            None => "all funds".to_owned(),
            Some(id) => self.deps.funds.get(id).await?.map_or_else(|| id.to_string(), |f| f.name),
        };
        let summary = format!("Sent pledge reminders for {scope} ({queued} queued)");
        self.deps
            .recorder
            .acted(actor, Action::new(AuditKind::Money, "pledge.remind", Target::whole("pledges")), summary, Vec::new())
            .await;
        tracing::info!(queued, "pledge reminders queued");
        Ok(queued)
    }
}

impl PledgeService {
    /// Counts a gift toward a member's active pledge by its receipt number (treasurers, admins;
    /// audited): a completed gift, not a test, dated in the pledge's period, with a part in its
    /// fund, not given under the member's account (which counts already) and counting toward no
    /// other pledge. Counting it again changes nothing.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, pledge = %id))]
    pub async fn assign(&self, actor: &Actor, id: &PledgeId, receipt_number: &str) -> Result<PledgeStanding, PledgeError> {
        actor.require(Permission::ManageFunds)?;
        let view = self.deps.pledges.get(id).await?.ok_or(PledgeError::NotFound)?;
        let invalid = |message: &str| PledgeError::Validation(ValidationErrors::single("receiptNumber", message));
        if !view.pledge.is_active() {
            return Err(PledgeError::Validation(ValidationErrors::single("status", pledge::ALREADY_CANCELLED)));
        }
        let number = receipt_number.trim();
        let payment = match number {
            "" => None,
            n => self.deps.payments.find_by_receipt_number(n).await?,
        };
        let Some(payment) = payment.filter(|p| p.status == PaymentStatus::Completed && !p.is_test()) else {
            return Err(invalid(pledge::GIFT_NOT_FOUND));
        };
        if payment.user_id.as_ref() == Some(&view.pledge.user_id) {
            return Err(invalid(pledge::GIFT_COUNTS_ALREADY));
        }
        let zone = self.deps.zone.time_zone().await?;
        if !view.pledge.covers(payment.payment_date.with_timezone(&zone).date_naive()) {
            return Err(invalid(pledge::GIFT_OUTSIDE_PERIOD));
        }
        match self.deps.pledges.assign(id, &payment.id, &actor.user_id, self.deps.clock.now()).await? {
            Assignment::Done => {}
            Assignment::Gone => return Err(PledgeError::NotFound),
            Assignment::NotInFund => return Err(invalid(pledge::GIFT_OTHER_FUND)),
            Assignment::Taken => return Err(invalid(pledge::GIFT_TAKEN)),
        }
        let summary = format!("Counted gift {number} toward {}'s pledge", view.member_name);
        let action = Action::new(AuditKind::Money, "pledge.assign", Target::of("pledge", id.as_str()));
        self.deps.recorder.acted(actor, action, summary, Vec::new()).await;
        let view = self.deps.pledges.get(id).await?.ok_or(PledgeError::NotFound)?;
        Ok(self.standings(vec![view]).await?.remove(0))
    }

    /// Stops counting a gift the treasurer assigned toward a pledge (treasurers, admins; audited).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, pledge = %id))]
    pub async fn unassign(&self, actor: &Actor, id: &PledgeId, payment: &PaymentId) -> Result<PledgeStanding, PledgeError> {
        actor.require(Permission::ManageFunds)?;
        let view = self.deps.pledges.get(id).await?.ok_or(PledgeError::NotFound)?;
        let gift = view.assigned.iter().find(|g| &g.payment_id == payment).cloned().ok_or(PledgeError::GiftNotFound)?;
        if !self.deps.pledges.unassign(id, payment).await? {
            return Err(PledgeError::GiftNotFound);
        }
        let summary = format!("Stopped counting gift {} toward {}'s pledge", gift.receipt_number, view.member_name);
        let action = Action::new(AuditKind::Money, "pledge.unassign", Target::of("pledge", id.as_str()));
        self.deps.recorder.acted(actor, action, summary, Vec::new()).await;
        let view = self.deps.pledges.get(id).await?.ok_or(PledgeError::NotFound)?;
        Ok(self.standings(vec![view]).await?.remove(0))
    }
}

fn standing(view: PledgeView, names: &HashMap<FundId, String>) -> PledgeStanding {
    let fund_name = names.get(&view.pledge.fund_id).cloned().unwrap_or_else(|| view.pledge.fund_id.to_string());
    PledgeStanding {
        fulfilment: view.pledge.fulfilment(view.given),
        pledge: view.pledge,
        fund_name,
        member_name: view.member_name,
        member_email: view.member_email,
        assigned: view.assigned,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::ports::fund_repository::MockFundRepository;
    use crate::ports::member_outbox::MockMemberOutbox;
    use crate::ports::pledge_repository::MockPledgeRepository;
    use crate::ports::receipt_outbox::MockOutboxWake;
    use crate::services::test_fixtures::{admin, fixed_clock, member, now, recorder, staff};
    use mandir_domain::pledge::{NewPledge, PledgeStatus};
    use mandir_domain::staff::Role;
    use mandir_domain::{Money, NumberInput, UserId};

    const BUILDING: &str = "building";

    fn a_pledge(id: &str, user: &str, cents: i64, active: bool) -> Pledge {
        Pledge {
            id: PledgeId::new(id),
            user_id: UserId::new(user),
            fund_id: FundId::new(BUILDING),
            amount: Money::from_cents(cents),
            starts_on: NaiveDate::from_ymd_opt(2026, 1, 1).expect("day"),
            ends_on: NaiveDate::from_ymd_opt(2026, 12, 31).expect("day"),
            note: None,
            status: if active { PledgeStatus::Active } else { PledgeStatus::Cancelled },
            created_at: now(),
            updated_at: now(),
            reminded_at: None,
        }
    }

    fn view(pledge: Pledge, given: i64) -> PledgeView {
        PledgeView {
            pledge,
            given: Money::from_cents(given),
            member_name: "Asha Rao".into(),
            member_email: "asha@example.org".into(),
            assigned: Vec::new(),
        }
    }

    struct Mocks {
        pledges: MockPledgeRepository,
        payments: crate::ports::payment_repository::MockPaymentRepository,
        funds: MockFundRepository,
        outbox: MockMemberOutbox,
        wake: MockOutboxWake,
    }

    impl Mocks {
        fn new() -> Self {
            let mut funds = MockFundRepository::new();
            funds.expect_list().returning(|| {
                Ok(vec![mandir_domain::fund::Fund {
                    name: "Temple Building".into(),
                    ..crate::services::funds::tests_support::fund(BUILDING)
                }])
            });
            funds.expect_get().returning(|id| {
                let fund = crate::services::funds::tests_support::fund(id.as_str());
                Ok(match id.as_str() {
                    BUILDING => Some(fund),
                    "closed" => Some(mandir_domain::fund::Fund { is_active: false, ..fund }),
                    _ => None,
                })
            });
            Self {
                pledges: MockPledgeRepository::new(),
                payments: crate::ports::payment_repository::MockPaymentRepository::new(),
                funds,
                outbox: MockMemberOutbox::new(),
                wake: MockOutboxWake::new(),
            }
        }

        fn service(self) -> (PledgeService, Arc<Mutex<Vec<mandir_domain::audit::AuditEntry>>>) {
            let (recorder, entries) = recorder();
            let deps = PledgeDeps {
                pledges: Arc::new(self.pledges),
                payments: Arc::new(self.payments),
                funds: Arc::new(self.funds),
                zone: Arc::new(crate::ports::FixedTempleZone::default()),
                clock: Arc::new(fixed_clock()),
                outbox: Arc::new(self.outbox),
                wake: Arc::new(self.wake),
                recorder,
            };
            (PledgeService::new(deps), entries)
        }
    }

    fn input(fund: &str, starts: &str, ends: &str) -> NewPledgeInput {
        NewPledgeInput {
            fund_id: Some(fund.into()),
            amount: NumberInput::text("5001"),
            starts_on: Some(starts.into()),
            ends_on: Some(ends.into()),
            note: None,
        }
    }

    #[tokio::test]
    async fn a_member_pledges_over_days_of_the_temples_zone_and_sees_what_remains() {
        let mut m = Mocks::new();
        m.pledges
            .expect_create()
            .withf(|r| {
                // 2027 in Los Angeles: from 08:00 UTC on January 1 to 08:00 UTC on January 1, 2028.
                r.user_id == "member-1"
                    && r.starts_at.to_rfc3339() == "2027-01-01T08:00:00+00:00"
                    && r.ends_before.to_rfc3339() == "2028-01-01T08:00:00+00:00"
                    && r.pledge
                        == NewPledge {
                            fund_id: FundId::new(BUILDING),
                            amount: Money::from_dollars(5001),
                            starts_on: NaiveDate::from_ymd_opt(2027, 1, 1).expect("day"),
                            ends_on: NaiveDate::from_ymd_opt(2027, 12, 31).expect("day"),
                            note: None,
                        }
            })
            .returning(|r| Ok(a_pledge(r.id.as_str(), r.user_id.as_str(), r.pledge.amount.cents(), true)));
        m.pledges.expect_get().returning(|id| Ok(Some(view(a_pledge(id.as_str(), "member-1", 500_100, true), 120_000))));
        let (service, entries) = m.service();
        let actor = Actor { user_id: UserId::new("member-1"), ..member() };
        let made = service.create(&actor, input(BUILDING, "2027-01-01", "2027-12-31")).await.expect("pledged");
        assert_eq!(made.fund_name, "Temple Building");
        assert_eq!((made.fulfilment.remaining, made.fulfilment.percent), (Money::from_cents(380_100), 23));
        assert!(entries.lock().expect("log").is_empty(), "a member's own pledge is not a staff action");
    }

    #[tokio::test]
    async fn pledges_to_closed_funds_ended_periods_and_overlaps_are_refused() {
        let mut m = Mocks::new();
        m.pledges.expect_create().times(1).returning(|_| Err(RepoError::Conflict("overlap".into())));
        let (service, _) = m.service();
        let error = |e: PledgeError, field: &str| match e {
            PledgeError::Validation(errors) => errors.get(field).map(str::to_owned),
            _ => None,
        };
        let closed = service.create(&member(), input("closed", "2027-01-01", "2027-12-31")).await.expect_err("closed");
        assert_eq!(error(closed, "fundId").as_deref(), Some(pledge::FUND_CLOSED));
        let unknown = service.create(&member(), input("nope", "2027-01-01", "2027-12-31")).await.expect_err("unknown");
        assert_eq!(error(unknown, "fundId").as_deref(), Some(pledge::FUND_CLOSED));
        let past = service.create(&member(), input(BUILDING, "2025-01-01", "2025-12-31")).await.expect_err("past");
        assert_eq!(error(past, "endsOn").as_deref(), Some(pledge::ENDS_IN_THE_PAST));
        let twice = service.create(&member(), input(BUILDING, "2027-01-01", "2027-12-31")).await.expect_err("overlap");
        assert_eq!(error(twice, "fundId").as_deref(), Some(pledge::OVERLAPS));
    }

    #[tokio::test]
    async fn a_member_cancels_only_their_own_active_pledge() {
        let mut m = Mocks::new();
        let state = Arc::new(Mutex::new(true));
        let read = Arc::clone(&state);
        m.pledges.expect_get().returning(move |id| Ok(Some(view(a_pledge(id.as_str(), "member-1", 100, *read.lock().expect("state")), 0))));
        let write = Arc::clone(&state);
        m.pledges.expect_cancel().times(1).returning(move |id, _| {
            *write.lock().expect("state") = false;
            Ok(Some(a_pledge(id.as_str(), "member-1", 100, false)))
        });
        let (service, _) = m.service();
        let other = Actor { user_id: UserId::new("someone-else"), ..member() };
        assert!(matches!(service.cancel(&other, &PledgeId::new("p1")).await, Err(PledgeError::NotFound)));
        let owner = Actor { user_id: UserId::new("member-1"), ..member() };
        let cancelled = service.cancel(&owner, &PledgeId::new("p1")).await.expect("cancelled");
        assert_eq!(cancelled.pledge.status, PledgeStatus::Cancelled);
        assert!(matches!(service.cancel(&owner, &PledgeId::new("p1")).await, Err(PledgeError::Validation(_))));
    }

    #[tokio::test]
    async fn reminders_go_to_active_started_unfulfilled_pledges_once_and_are_audited() {
        let mut m = Mocks::new();
        m.pledges.expect_all().returning(|_| {
            Ok(vec![
                view(a_pledge("due", "u1", 500_100, true), 120_000),
                view(a_pledge("done", "u2", 10_000, true), 10_000),
                view(a_pledge("cancelled", "u3", 10_000, false), 0),
                view(Pledge { starts_on: NaiveDate::from_ymd_opt(2027, 1, 1).expect("day"), ..a_pledge("later", "u4", 10_000, true) }, 0),
            ])
        });
        m.outbox
            .expect_queue_pledge_reminders()
            .withf(|reminders, _| {
                reminders.len() == 1
                    && reminders[0].0 == "u1"
                    && reminders[0].1.remaining == "3801.00"
                    && reminders[0].1.fund_name == "Temple Building"
                    && reminders[0].1.asked_on == NaiveDate::from_ymd_opt(2026, 11, 1).expect("day")
            })
            .times(1)
            .returning(|r, _| Ok(r.len() as u64));
        m.pledges.expect_mark_reminded().withf(|ids, _| ids == [PledgeId::new("due")]).times(1).returning(|_, _| Ok(()));
        m.wake.expect_wake().times(1).return_const(());
        let (service, entries) = m.service();
        assert!(matches!(service.remind(&member(), None).await, Err(PledgeError::Forbidden)));
        assert!(matches!(service.remind(&staff(&[Role::FrontDesk]), None).await, Err(PledgeError::Forbidden)));
        assert_eq!(service.remind(&staff(&[Role::Treasurer]), None).await.expect("reminded"), 1);
        assert_eq!(entries.lock().expect("log")[0].action, "pledge.remind");
        assert!(matches!(service.all(&member(), None).await, Err(PledgeError::Forbidden)));
        let listed = service.all(&admin(), None).await.expect("all");
        assert_eq!(listed.len(), 4);
    }

    #[tokio::test]
    async fn the_treasurer_counts_a_walk_ins_counter_gift_toward_a_pledge_within_its_rules() {
        use crate::services::test_fixtures::payment;
        use mandir_domain::payment::{Payment, PaymentProvider};
        let mut m = Mocks::new();
        m.pledges.expect_get().returning(|id| Ok(Some(view(a_pledge(id.as_str(), "u", 500_100, id.as_str() != "gone-by"), 0))));
        m.payments.expect_find_by_receipt_number().returning(|n| {
            let gift = |id: &str| Payment {
                receipt_number: Some(n.to_owned()),
                ..payment(id, PaymentStatus::Completed, PaymentProvider::InPerson)
            };
            Ok(match n {
                "R-OK" | "R-OTHER-FUND" | "R-TAKEN" => Some(gift(n)),
                "R-PENDING" => Some(Payment { status: PaymentStatus::Pending, ..gift(n) }),
                "R-OWN" => Some(Payment { user_id: Some(UserId::new("u")), ..gift(n) }),
                "R-LAST-YEAR" => Some(Payment { payment_date: now() - chrono::Duration::days(400), ..gift(n) }),
                _ => None,
            })
        });
        m.pledges.expect_assign().returning(|_, payment, by, _| {
            assert_eq!(by.as_str(), "admin", "the staff fixture's id");
            Ok(match payment.as_str() {
                "R-OTHER-FUND" => Assignment::NotInFund,
                "R-TAKEN" => Assignment::Taken,
                _ => Assignment::Done,
            })
        });
        let (service, entries) = m.service();
        let treasurer = staff(&[Role::Treasurer]);
        let done = service.assign(&treasurer, &PledgeId::new("p1"), " R-OK ").await.expect("counted");
        assert_eq!(done.pledge.id.as_str(), "p1");
        let audited = entries.lock().expect("entries").clone();
        assert_eq!((audited.len(), audited[0].action.as_str()), (1, "pledge.assign"));
        assert!(audited[0].summary.contains("R-OK") && audited[0].summary.contains("Asha Rao"), "{}", audited[0].summary);
        for (number, message) in [
            ("", pledge::GIFT_NOT_FOUND),
            ("R-NONE", pledge::GIFT_NOT_FOUND),
            ("R-PENDING", pledge::GIFT_NOT_FOUND),
            ("R-OWN", pledge::GIFT_COUNTS_ALREADY),
            ("R-LAST-YEAR", pledge::GIFT_OUTSIDE_PERIOD),
            ("R-OTHER-FUND", pledge::GIFT_OTHER_FUND),
            ("R-TAKEN", pledge::GIFT_TAKEN),
        ] {
            let Err(PledgeError::Validation(errors)) = service.assign(&treasurer, &PledgeId::new("p1"), number).await else {
                panic!("{number}")
            };
            assert_eq!(errors.get("receiptNumber"), Some(message), "{number}");
        }
        let Err(PledgeError::Validation(errors)) = service.assign(&treasurer, &PledgeId::new("gone-by"), "R-OK").await else { panic!() };
        assert_eq!(errors.get("status"), Some(pledge::ALREADY_CANCELLED));
        assert!(matches!(service.assign(&member(), &PledgeId::new("p1"), "R-OK").await, Err(PledgeError::Forbidden)));
        assert_eq!(entries.lock().expect("entries").len(), 1, "refusals are not audited");
    }
}

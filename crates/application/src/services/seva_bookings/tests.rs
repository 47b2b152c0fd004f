use std::sync::{Arc, Mutex};

use chrono::{NaiveTime, TimeZone};
use mandir_domain::family_member::{Person, PersonInput};
use mandir_domain::payment::PaymentProvider;
use mandir_domain::seva::{DATE_BLACKOUT, SevaRules, SevaSettings};
use mandir_domain::testing::{payment, user};
use mandir_domain::{Money, PaymentId};

use super::*;
use crate::ports::OutgoingEmail;
use crate::ports::checkout::MockCheckout;
use crate::ports::mailer::MockMailer;
use crate::ports::payment_repository::MockPaymentRepository;
use crate::ports::priest_repository::MockPriestRepository;
use crate::ports::seva_booking_repository::MockSevaBookingRepository;
use crate::ports::seva_repository::MockSevaRepository;
use crate::ports::site_repository::MockSiteRepository;
use crate::ports::temple_zone::MockTempleZone;
use crate::ports::user_repository::MockUserRepository;
use crate::services::test_fixtures::{admin, member};

fn now() -> DateTime<Utc> {
    // Thursday 2026-03-12, 8:00 PM in California.
    Utc.with_ymd_and_hms(2026, 3, 13, 3, 0, 0).single().expect("instant")
}

fn saturday_nine() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 14, 16, 0, 0).single().expect("instant")
}

fn seva(price: i64) -> Seva {
    let archana = mandir_domain::testing::seva();
    Seva {
        id: "s".into(),
        price: Money::from_cents(price),
        rules: SevaRules { blackout_dates: vec![NaiveDate::from_ymd_opt(2026, 3, 21).expect("date")], ..archana.rules.clone() },
        ..archana
    }
}

fn booking(status: BookingStatus, payment_id: Option<&str>) -> SevaBooking {
    SevaBooking {
        id: "b".into(),
        seva_id: "s".into(),
        seva_name: "Archana".into(),
        user_id: Some("m".into()),
        date: NaiveDate::from_ymd_opt(2026, 3, 14).expect("date"),
        slot: NaiveTime::from_hms_opt(9, 0, 0),
        starts_at: saturday_nine(),
        status,
        hold_expires_at: (status == BookingStatus::Held).then(|| now() + Duration::minutes(15)),
        participants: vec![Person { name: "Ravi".into(), gotram: Some("Kashyapa".into()), nakshatram: Some("Rohini".into()), rasi: None }],
        address: None,
        note: None,
        amount: Money::from_cents(1100),
        payment_id: payment_id.map(PaymentId::from),
        priest_id: None,
        cancelled_at: None,
        completed_at: None,
        created_at: now(),
        updated_at: now(),
    }
}

fn stored(record: NewBookingRecord) -> SevaBooking {
    SevaBooking {
        id: record.id,
        seva_id: record.seva_id,
        seva_name: record.seva_name,
        user_id: record.user_id,
        date: record.date,
        slot: record.slot,
        starts_at: record.starts_at,
        status: record.status,
        hold_expires_at: record.hold_expires_at,
        participants: record.participants,
        address: record.address,
        note: record.note,
        amount: record.amount,
        payment_id: None,
        priest_id: None,
        cancelled_at: None,
        completed_at: None,
        created_at: record.now,
        updated_at: record.now,
    }
}

struct Mocks {
    sevas: MockSevaRepository,
    bookings: MockSevaBookingRepository,
    payments: MockPaymentRepository,
    priests: MockPriestRepository,
    users: MockUserRepository,
    checkout: MockCheckout,
    mailer: MockMailer,
    sent: Arc<Mutex<Vec<OutgoingEmail>>>,
}

impl Mocks {
    fn new() -> Self {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|id| Ok(Some(user(id))));
        let sent = Arc::new(Mutex::new(Vec::new()));
        let mut mailer = MockMailer::new();
        let outbox = sent.clone();
        mailer.expect_send().returning(move |email| {
            outbox.lock().expect("lock").push(email);
            Ok(())
        });
        let mut sevas = MockSevaRepository::new();
        sevas.expect_get().returning(|_| Ok(Some(seva(1100))));
        sevas.expect_settings().returning(|| Ok(SevaSettings::default()));
        Self {
            sevas,
            bookings: MockSevaBookingRepository::new(),
            payments: MockPaymentRepository::new(),
            priests: MockPriestRepository::new(),
            users,
            checkout: MockCheckout::new(),
            mailer,
            sent,
        }
    }

    fn service(self) -> (SevaBookingService, Arc<Mutex<Vec<OutgoingEmail>>>) {
        let clock = crate::services::test_fixtures::clock_at(now());
        let mut zone = MockTempleZone::new();
        zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
        let mut site = MockSiteRepository::new();
        site.expect_settings().returning(|| Ok(None));
        let service = SevaBookingService::new(BookingDeps {
            sevas: Arc::new(self.sevas),
            bookings: Arc::new(self.bookings),
            payments: Arc::new(self.payments),
            priests: Arc::new(self.priests),
            users: Arc::new(self.users),
            checkout: Arc::new(self.checkout),
            zone: Arc::new(zone),
            clock: Arc::new(clock),
            mailer: Arc::new(self.mailer),
            site: Arc::new(site),
            seed: SiteSettings { temple_name: "Test Temple".into(), ..SiteSettings::default() },
            public_url: "http://temple.test".into(),
            recorder: crate::services::test_fixtures::recorder().0,
            texts: {
                let mut texts = crate::services::texting::MockTextNotices::new();
                texts.expect_notify().returning(|_| ());
                Arc::new(texts)
            },
        });
        (service, self.sent)
    }
}

fn input(date: &str) -> BookingInput {
    BookingInput {
        date: date.into(),
        slot: Some("09:00".into()),
        participants: vec![
            PersonInput { name: "Ravi".into(), gotram: Some("Kashyapa".into()), nakshatram: Some("Rohini".into()), rasi: None },
            PersonInput { name: "Sita".into(), ..Default::default() },
        ],
        ..Default::default()
    }
}

#[tokio::test]
async fn a_verified_member_holds_a_place_for_fifteen_minutes() {
    let mut m = Mocks::new();
    m.bookings
        .expect_admit()
        .withf(|r| {
            r.status == BookingStatus::Held
                && r.hold_expires_at == Some(now() + Duration::minutes(15))
                && r.capacity == 3
                && r.starts_at == saturday_nine()
                && r.participants.len() == 2
                && r.amount == Money::from_cents(1100)
        })
        .times(1)
        .returning(|r| Ok(BookingAdmission::Admitted(Box::new(stored(r)))));
    let (s, sent) = m.service();
    let booking = s.book(&member(), &"s".into(), input("2026-03-14")).await.expect("held");
    assert_eq!(booking.status, BookingStatus::Held);
    assert!(sent.lock().expect("lock").is_empty());
}

#[tokio::test]
async fn unverified_members_blackouts_and_full_slots_are_refused() {
    let mut m = Mocks::new();
    m.bookings.expect_admit().times(1).returning(|_| Ok(BookingAdmission::Full));
    let (s, _) = m.service();
    let unverified = Actor { email_verified: false, ..member() };
    assert!(matches!(s.book(&unverified, &"s".into(), input("2026-03-14")).await, Err(BookingError::EmailNotVerified)));
    let Err(BookingError::Validation(errors)) = s.book(&member(), &"s".into(), input("2026-03-21")).await else { panic!("blackout") };
    assert_eq!(errors.get("date"), Some(DATE_BLACKOUT));
    let nobody = BookingInput { participants: vec![], ..input("2026-03-21") };
    let Err(BookingError::Validation(both)) = s.book(&member(), &"s".into(), nobody).await else { panic!("both") };
    assert!(both.get("date").is_some() && both.get("participants").is_some());
    assert!(matches!(s.book(&member(), &"s".into(), input("2026-03-14")).await, Err(BookingError::Conflict(m)) if m == SLOT_FULL));
}

#[tokio::test]
async fn a_free_seva_is_confirmed_at_once_with_an_email() {
    let mut m = Mocks::new();
    m.sevas = MockSevaRepository::new();
    m.sevas.expect_get().returning(|_| Ok(Some(seva(0))));
    m.bookings
        .expect_admit()
        .withf(|r| r.status == BookingStatus::Confirmed && r.hold_expires_at.is_none())
        .returning(|r| Ok(BookingAdmission::Admitted(Box::new(stored(r)))));
    let (s, sent) = m.service();
    s.book(&member(), &"s".into(), input("2026-03-14")).await.expect("confirmed");
    let sent = sent.lock().expect("lock");
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "m@example.org");
    assert_eq!(sent[0].subject, "Your Archana booking is confirmed");
    assert!(sent[0].text_body.contains("Saturday, March 14, 2026 at 9:00 AM"), "{}", sent[0].text_body);
    assert!(sent[0].text_body.contains("Ravi (Kashyapa, Rohini)"), "{}", sent[0].text_body);
    // The booking is attached as a calendar entry: its slot for the seva's 15 minutes.
    assert_eq!(sent[0].attachments.len(), 1);
    assert_eq!(sent[0].attachments[0].filename, "seva.ics");
    let ics = String::from_utf8(sent[0].attachments[0].content.clone()).expect("text");
    for line in ["SUMMARY:Archana", "DTSTART;TZID=America/Los_Angeles:20260314T090000", "DTEND;TZID=America/Los_Angeles:20260314T091500"] {
        assert!(ics.contains(line), "{line} in {ics}");
    }
    assert!(ics.contains("UID:seva-booking-"), "{ics}");
}

#[tokio::test]
async fn a_card_payment_is_linked_and_its_completion_confirms_the_booking() {
    let mut m = Mocks::new();
    m.bookings.expect_get().returning(|_| Ok(Some(booking(BookingStatus::Held, None))));
    m.checkout
        .expect_card()
        .withf(|_, input, key| {
            key.eq("seva-booking-b-card")
                && matches!(&input.donation_details, DonationDetailsInput::Items(items) if items.len() == 1)
                && input.event_id.is_none()
        })
        .times(1)
        .returning(|_, _, _| {
            Ok(CreatedIntent {
                payment_intent_id: "pi_1".into(),
                client_secret: "secret".into(),
                provider: PaymentProvider::Sandbox,
                payment: payment("p1", PaymentStatus::Pending, PaymentProvider::Sandbox),
            })
        });
    m.bookings
        .expect_link_payment()
        .withf(|_, p, until, _| p.as_str() == "p1" && *until == now() + Duration::minutes(15))
        .times(1)
        .returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Held, Some("p1")))));
    let (s, sent) = m.service();
    let paid = s.pay(&user("m"), &"b".into(), PayMethod::Card).await.expect("paid");
    assert_eq!(paid.booking.status, BookingStatus::Held);
    assert_eq!(paid.intent.expect("intent").client_secret, "secret");
    assert!(sent.lock().expect("lock").is_empty());

    // Later the payment completed: reading the booking confirms it, once.
    let mut m = Mocks::new();
    m.bookings.expect_get().returning(|_| Ok(Some(booking(BookingStatus::Held, Some("p1")))));
    m.payments.expect_find_by_id().returning(|_| Ok(Some(payment("p1", PaymentStatus::Completed, PaymentProvider::Sandbox))));
    m.bookings
        .expect_set_status()
        .withf(|_, from, to, _| from == &[BookingStatus::Held] && *to == BookingStatus::Confirmed)
        .times(1)
        .returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Confirmed, Some("p1")))));
    let (s, sent) = m.service();
    assert_eq!(s.get(&member(), &"b".into()).await.expect("read").status, BookingStatus::Confirmed);
    assert_eq!(sent.lock().expect("lock").len(), 1);
}

#[tokio::test]
async fn zelle_confirms_when_the_temple_says_so_and_holds_the_place_until_the_slot() {
    for confirms in [true, false] {
        let mut m = Mocks::new();
        m.sevas = MockSevaRepository::new();
        m.sevas.expect_settings().returning(move || Ok(SevaSettings { zelle_pending_confirms: confirms, ..SevaSettings::default() }));
        m.sevas.expect_get().returning(|_| Ok(Some(seva(1100))));
        m.bookings.expect_get().returning(|_| Ok(Some(booking(BookingStatus::Held, None))));
        m.checkout.expect_zelle().returning(|_, _, _| Ok(payment("p2", PaymentStatus::Pending, PaymentProvider::Zelle)));
        m.bookings
            .expect_link_payment()
            .withf(|_, _, until, _| *until == saturday_nine())
            .returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Held, Some("p2")))));
        m.bookings
            .expect_set_status()
            .times(usize::from(confirms))
            .returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Confirmed, Some("p2")))));
        let (s, sent) = m.service();
        let paid = s.pay(&user("m"), &"b".into(), PayMethod::Zelle).await.expect("paid");
        let want = if confirms { BookingStatus::Confirmed } else { BookingStatus::Held };
        assert_eq!(paid.booking.status, want);
        assert_eq!(sent.lock().expect("lock").len(), usize::from(confirms));
    }
}

#[tokio::test]
async fn another_members_booking_is_not_found_and_a_lapsed_hold_cannot_be_paid() {
    let mut m = Mocks::new();
    m.bookings.expect_get().returning(|id| {
        let mut b = booking(BookingStatus::Held, None);
        if id.as_str() == "lapsed" {
            b.hold_expires_at = Some(now() - Duration::seconds(1));
        }
        Ok(Some(b))
    });
    m.checkout.expect_card().never();
    let (s, _) = m.service();
    assert!(matches!(s.pay(&user("other"), &"b".into(), PayMethod::Card).await, Err(BookingError::NotFound)));
    assert!(matches!(s.get(&Actor { user_id: "other".into(), ..member() }, &"b".into()).await, Err(BookingError::NotFound)));
    assert!(matches!(s.pay(&user("m"), &"lapsed".into(), PayMethod::Card).await, Err(BookingError::Conflict(m)) if m == HOLD_EXPIRED));
}

#[tokio::test]
async fn members_cancel_only_before_the_cutoff_admins_any_time() {
    let mut m = Mocks::new();
    m.bookings.expect_get().returning(|id| {
        let mut b = booking(BookingStatus::Confirmed, None);
        if id.as_str() == "soon" {
            // Starts in 11 hours: past the 12-hour cut-off.
            b.starts_at = now() + Duration::hours(11);
        }
        Ok(Some(b))
    });
    m.bookings
        .expect_set_status()
        .withf(|_, _, to, _| *to == BookingStatus::Cancelled)
        .times(2)
        .returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Cancelled, None))));
    let (s, _) = m.service();
    s.cancel(&member(), &"b".into()).await.expect("cancelled");
    let refused = s.cancel(&member(), &"soon".into()).await;
    assert!(matches!(refused, Err(BookingError::Conflict(m)) if m == cancel_cutoff_message(12)));
    s.cancel(&admin(), &"soon".into()).await.expect("admin cancels");
}

#[tokio::test]
async fn a_cancelled_card_booking_is_refunded_through_the_payment_flow_and_a_failed_refund_keeps_the_cancellation() {
    let mut m = Mocks::new();
    m.bookings.expect_get().returning(|_| Ok(Some(booking(BookingStatus::Confirmed, Some("p1")))));
    m.bookings.expect_set_status().times(2).returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Cancelled, Some("p1")))));
    let mut seq = mockall::Sequence::new();
    m.checkout
        .expect_refund()
        .withf(|actor, payment, reason| actor.user_id == "m" && payment == "p1" && reason == REFUND_REASON)
        .times(1)
        .in_sequence(&mut seq)
        .returning(|_, _, _| Ok(None));
    m.checkout
        .expect_refund()
        .times(1)
        .in_sequence(&mut seq)
        .returning(|_, _, _| Err(PaymentError::Conflict(crate::services::payments::REFUND_REFUSED)));
    let (s, _) = m.service();
    assert_eq!(s.cancel(&member(), &"b".into()).await.expect("cancelled").status, BookingStatus::Cancelled);
    // The provider refused: the booking stays cancelled; the admins refund from the ledger.
    assert_eq!(s.cancel(&member(), &"b".into()).await.expect("cancelled").status, BookingStatus::Cancelled);
}

#[tokio::test]
async fn the_job_cancels_lapsed_holds_and_confirms_paid_ones() {
    let mut m = Mocks::new();
    m.bookings.expect_expired_holds().returning(|_, _| {
        let mut unpaid = booking(BookingStatus::Held, None);
        unpaid.id = "unpaid".into();
        let mut paid = booking(BookingStatus::Held, Some("p1"));
        paid.id = "paid".into();
        Ok(vec![unpaid, paid])
    });
    m.payments.expect_find_by_id().returning(|_| Ok(Some(payment("p1", PaymentStatus::Completed, PaymentProvider::Sandbox))));
    m.bookings
        .expect_set_status()
        .withf(|id, _, to, _| id.as_str() == "unpaid" && *to == BookingStatus::Cancelled)
        .times(1)
        .returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Cancelled, None))));
    m.bookings
        .expect_set_status()
        .withf(|id, _, to, _| id.as_str() == "paid" && *to == BookingStatus::Confirmed)
        .times(1)
        .returning(|_, _, _, _| Ok(Some(booking(BookingStatus::Confirmed, Some("p1")))));
    let (s, _) = m.service();
    assert_eq!(s.expire_holds().await.expect("expired"), 2);
}

#[tokio::test]
async fn only_admins_see_the_schedule_assign_priests_and_complete() {
    let mut m = Mocks::new();
    m.bookings.expect_list_between().never();
    m.bookings.expect_get().returning(|_| Ok(Some(booking(BookingStatus::Confirmed, None))));
    m.priests.expect_get().returning(|_| Ok(None));
    m.bookings.expect_set_status().returning(|_, _, _, _| Ok(None));
    let (s, _) = m.service();
    assert!(matches!(s.schedule(&member(), Some("2026-03-14"), None).await, Err(BookingError::Forbidden)));
    assert!(matches!(s.assign_priest(&member(), &"b".into(), None).await, Err(BookingError::Forbidden)));
    assert!(matches!(s.complete(&member(), &"b".into()).await, Err(BookingError::Forbidden)));
    let Err(BookingError::Validation(errors)) = s.assign_priest(&admin(), &"b".into(), Some("nobody".into())).await else {
        panic!("unknown priest")
    };
    assert_eq!(errors.get("priestId"), Some(PRIEST_UNKNOWN));
    assert!(matches!(s.complete(&admin(), &"b".into()).await, Err(BookingError::Conflict(m)) if m == NOT_COMPLETABLE));
}

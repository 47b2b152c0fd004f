//! The giving report's sums against a real database (SQLite by default, PostgreSQL when
//! `MANDIR_TEST_DATABASE_URL` names a server): gifts added up per span, channel, method and kind,
//! per donor and per fund, net of refunds, without tests or pending payments.

use chrono::{DateTime, TimeZone, Utc};
use mandir_application::ports::{NewPayment, PaymentRepository, ReportRepository};
use mandir_domain::Money;
use mandir_domain::counter::Channel;
use mandir_domain::exchange::Exchange;
use mandir_domain::fund::GENERAL_FUND_ID;
use mandir_domain::payment::{DonationDetail, PaymentMethodKind, PaymentProvider, PaymentStatus};
use mandir_domain::reports::{DonorSum, RefundedGift, SpanGiving};
use mandir_persistence::test_support::{completed_gift, fresh_database};
use mandir_persistence::{SeaOrmPaymentRepository, SeaOrmReportRepository};

fn day(month: u32, d: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, month, d, 8, 0, 0).single().expect("date")
}

fn gift(id: &str, at: DateTime<Utc>, cents: i64, email: &str) -> NewPayment {
    let line = DonationDetail {
        donation_type_id: "custom".into(),
        amount: Money::from_cents(cents),
        name: "Gift".into(),
        exchange: Exchange::Nothing,
        fund_id: None,
    };
    NewPayment { donor_name: Some(format!("Donor {email}")), ..completed_gift(id, email, vec![line], at) }
}

#[tokio::test]
async fn gifts_are_added_up_per_span_donor_and_fund() {
    let db = fresh_database().await.expect("database");
    let payments = SeaOrmPaymentRepository::new(db.clone());
    let reports = SeaOrmReportRepository::new(db.clone());
    // January: one gift before the report's range. February: two online gifts (one a recurring
    // charge), a hundi count in cash, and what never counts (a test and a pending payment).
    payments.create(gift("old", day(1, 10), 1_000, "asha@example.org")).await.expect("old");
    payments.create(gift("p1", day(2, 3), 5_000, "ASHA@example.org")).await.expect("p1");
    let recurring = NewPayment { idempotency_key: Some("recurring:g1:2026-02".into()), ..gift("p2", day(2, 5), 2_500, "ravi@example.org") };
    payments.create(recurring).await.expect("p2");
    let hundi = NewPayment {
        channel: Channel::Hundi,
        method: PaymentMethodKind::Cash,
        provider: PaymentProvider::InPerson,
        transaction_id: None,
        ..gift("p3", day(2, 7), 12_345, "")
    };
    payments.create(hundi).await.expect("p3");
    payments
        .create(NewPayment { provider: PaymentProvider::Sandbox, ..gift("t1", day(2, 8), 99_900, "t@example.org") })
        .await
        .expect("test");
    payments.create(NewPayment { status: PaymentStatus::Pending, ..gift("t2", day(2, 9), 7_000, "p@example.org") }).await.expect("pending");
    // $10 of p1 refunded.
    db.execute_raw("UPDATE payments SET refunded_cents = 1000 WHERE id = 'p1'").await.expect("refund");

    let bounds = [day(2, 1), day(2, 6), day(3, 1)];
    let mut spans = reports.giving_by_span(&bounds).await.expect("spans");
    spans.sort_by(|a, b| (a.span, &a.channel).cmp(&(b.span, &b.channel)));
    let spent = |span: usize, channel: &str, method: &str, recurring: bool, cents: i64| SpanGiving {
        span,
        channel: channel.into(),
        method: method.into(),
        recurring,
        cents,
        gifts: 1,
    };
    assert_eq!(
        spans,
        [
            spent(0, "online", "credit_card", false, 4_000),
            spent(0, "online", "credit_card", true, 2_500),
            spent(1, "hundi", "cash", false, 12_345)
        ]
    );

    let mut donors = reports.donor_sums(day(1, 1), day(2, 1), day(3, 1)).await.expect("donors");
    donors.sort_by(|a, b| a.email.cmp(&b.email));
    let sum = |email: &str, earlier_gifts: u32, before_cents: i64, gifts: u32, cents: i64| DonorSum {
        user_id: None,
        email: Some(email.into()),
        name: Some(format!("Donor {email}")),
        earlier_gifts,
        before_gifts: earlier_gifts,
        before_cents,
        gifts,
        cents,
    };
    assert_eq!(
        donors,
        [
            sum("", 0, 0, 1, 12_345),
            sum("ASHA@example.org", 0, 0, 1, 4_000),
            sum("asha@example.org", 1, 1_000, 0, 0),
            sum("ravi@example.org", 0, 0, 1, 2_500)
        ]
    );

    let funds = reports.fund_sums(day(2, 1), day(3, 1)).await.expect("funds");
    assert_eq!(funds.whole, [(GENERAL_FUND_ID.to_owned(), 14_845, 2)]);
    assert_eq!(funds.refunded, [RefundedGift { kept_cents: 4_000, lines: vec![(GENERAL_FUND_ID.to_owned(), 5_000)] }]);
}

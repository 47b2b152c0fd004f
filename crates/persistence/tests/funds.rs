//! Funds against a real database (SQLite by default, PostgreSQL when `MANDIR_TEST_DATABASE_URL`
//! names a server): every stored payment line gets its fund, each payment's amount per fund is
//! kept beside it, and a fund's progress is summed in SQL net of refunds, without tests, pending
//! or refunded payments. The migration puts every older payment in the General fund.

use chrono::{TimeZone, Utc};
use mandir_application::ports::{DonationTypeRecord, DonationTypeRepository, FundRecord, FundRepository, NewPayment, PaymentRepository};
use mandir_domain::donation_type::NewDonationType;
use mandir_domain::exchange::Exchange;
use mandir_domain::fund::{FundProgress, GENERAL_FUND_ID, NewFund};
use mandir_domain::payment::{DonationDetail, PaymentProvider, PaymentStatus};
use mandir_domain::{FundId, Money};
use mandir_persistence::test_support::{completed_gift, fresh_database, fresh_database_url};
use mandir_persistence::{Database, SeaOrmDonationTypeRepository, SeaOrmFundRepository, SeaOrmPaymentRepository};

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 12, 0, 0).single().expect("date")
}

fn line(type_id: &str, cents: i64) -> DonationDetail {
    DonationDetail {
        donation_type_id: type_id.into(),
        amount: Money::from_cents(cents),
        name: "Gift".into(),
        exchange: Exchange::Nothing,
        fund_id: None,
    }
}

fn gift(id: &str, email: &str, provider: PaymentProvider, lines: Vec<DonationDetail>) -> NewPayment {
    NewPayment { provider, ..completed_gift(id, email, lines, now()) }
}

async fn fund(funds: &SeaOrmFundRepository, id: &str, name: &str) {
    let fund = NewFund {
        name: name.into(),
        description: None,
        goal: Some(Money::from_dollars(500_000)),
        starts_on: None,
        ends_on: None,
        restricted: true,
        is_active: true,
    };
    funds.create(FundRecord { id: FundId::new(id), fund, now: now() }).await.expect("fund");
}

async fn donation_type(db: &Database, id: &str, fund: Option<&str>) {
    let types = SeaOrmDonationTypeRepository::new(db.clone());
    let donation_type = NewDonationType {
        name: format!("Type {id}"),
        description: None,
        default_amount: None,
        fund_id: fund.map(FundId::new),
        is_active: true,
    };
    types.create(DonationTypeRecord { id: id.into(), donation_type, created_by: None, now: now() }).await.expect("type");
}

#[tokio::test]
async fn each_line_gets_its_types_fund_and_progress_is_net_of_refunds() {
    let db = fresh_database().await.expect("database");
    let funds = SeaOrmFundRepository::new(db.clone());
    let payments = SeaOrmPaymentRepository::new(db.clone());
    fund(&funds, "building", "Building").await;
    donation_type(&db, "bricks", Some("building")).await;
    donation_type(&db, "archana", None).await;

    // Bricks (building), a second bricks line, an archana (no fund: General) and a custom line.
    let lines = vec![line("bricks", 10_000), line("BRICKS", 5_000), line("archana", 1_100), line("custom", 2_500)];
    let stored = payments.create(gift("p1", "asha@example.org", PaymentProvider::Stripe, lines)).await.expect("stored");
    let funds_of: Vec<&str> = stored.donation_details.iter().map(|d| d.fund_id.as_deref().expect("fund")).collect();
    assert_eq!(funds_of, ["building", "building", GENERAL_FUND_ID, GENERAL_FUND_ID]);
    let read = payments.find_by_id(&"p1".into()).await.expect("query").expect("found");
    assert_eq!(read.donation_details, stored.donation_details, "the funds are stored with the lines");

    // The same donor again (her address in capitals), another donor, and what never counts: a
    // test payment, a pending one and a refunded one.
    payments.create(gift("p2", "ASHA@example.org", PaymentProvider::Stripe, vec![line("bricks", 2_000)])).await.expect("p2");
    payments.create(gift("p3", "gopal@example.org", PaymentProvider::InPerson, vec![line("bricks", 3_000)])).await.expect("p3");
    payments.create(gift("p4", "test@example.org", PaymentProvider::Sandbox, vec![line("bricks", 99_900)])).await.expect("p4");
    let pending =
        NewPayment { status: PaymentStatus::Pending, ..gift("p5", "x@example.org", PaymentProvider::Stripe, vec![line("bricks", 7_000)]) };
    payments.create(pending).await.expect("p5");
    payments.create(gift("p6", "y@example.org", PaymentProvider::Stripe, vec![line("bricks", 8_000)])).await.expect("p6");
    db.execute_raw("UPDATE payments SET status = 'refunded', refunded_cents = 8000 WHERE id = 'p6'").await.expect("refunded");
    // p1 ($186) is refunded $62: the building fund gives back 150 × 62 ÷ 186 = $50.00.
    db.execute_raw("UPDATE payments SET refunded_cents = 6200 WHERE id = 'p1'").await.expect("partly refunded");

    let building = funds.progress_of(&FundId::new("building")).await.expect("progress");
    assert_eq!(building, FundProgress { raised: Money::from_cents(15_000 - 5_000 + 2_000 + 3_000), gifts: 3, donors: 2 });
    let all = funds.progress().await.expect("all");
    assert_eq!(all.get(&FundId::new("building")), Some(&building));
    // General: $36 less 36 × 62 ÷ 186 = $12.00.
    let general = FundProgress { raised: Money::from_cents(3_600 - 1_200), gifts: 1, donors: 1 };
    assert_eq!(all.get(&FundId::new(GENERAL_FUND_ID)), Some(&general));
    assert_eq!(funds.progress_of(&FundId::new("nothing-yet")).await.expect("none"), FundProgress::default());

    // The sums are kept until this process changes a payment: a new gift shows at once.
    payments.create(gift("p7", "meena@example.org", PaymentProvider::InPerson, vec![line("bricks", 1_000)])).await.expect("p7");
    let after = funds.progress_of(&FundId::new("building")).await.expect("progress");
    assert_eq!((after.raised, after.gifts, after.donors), (Money::from_cents(16_000), 4, 3));

    let listed: Vec<String> = funds.list().await.expect("list").into_iter().map(|f| f.name).collect();
    assert_eq!(listed, ["General", "Building"], "General first");
}

#[tokio::test]
async fn the_migration_puts_every_older_payment_in_the_general_fund() {
    let db = Database::connect(&fresh_database_url().await.expect("url")).await.expect("connect");
    db.migrate_before("m20261128_000049_funds").await.expect("older schema");
    let at = "'2026-11-21 12:00:00+00:00'";
    // Written as the older code wrote them: sorted keys, one line religious, a quote in a name.
    let details = r#"[{"amount":"11.00","donationTypeId":"custom","exchange":"religious","name":"Archana \"special\""},{"amount":"40.00","donationTypeId":"custom","name":"Annadanam"}]"#;
    db.execute_raw(&format!(
        "INSERT INTO payments (id, payment_date, payment_method, amount_cents, currency, status, provider, donation_details, \
         receipt_number, refunded_cents, donor_email, created_at, updated_at) \
         VALUES ('old', {at}, 'cash', 5100, 'usd', 'completed', 'in_person', '{}', 'AUTO-old', 0, 'old@example.org', {at}, {at})",
        details.replace('\'', "''")
    ))
    .await
    .expect("older payment");
    db.migrate().await.expect("migrated");

    let payments = SeaOrmPaymentRepository::new(db.clone());
    let old = payments.find_by_id(&"old".into()).await.expect("query").expect("found");
    assert_eq!(old.donation_details.len(), 2);
    assert!(old.donation_details.iter().all(|d| d.fund_id.as_deref() == Some(GENERAL_FUND_ID)), "{:?}", old.donation_details);
    assert_eq!(old.donation_details[0].name, r#"Archana "special""#, "the names are untouched");
    assert_eq!(old.donation_details[0].exchange, Exchange::Religious);
    let funds = SeaOrmFundRepository::new(db);
    let general = funds.progress_of(&FundId::new(GENERAL_FUND_ID)).await.expect("progress");
    assert_eq!(general, FundProgress { raised: Money::from_cents(5_100), gifts: 1, donors: 1 });
}

#[tokio::test]
async fn months_are_summed_between_the_bounds_they_are_given_to_the_instant() {
    let db = fresh_database().await.expect("database");
    let funds = SeaOrmFundRepository::new(db.clone());
    let payments = SeaOrmPaymentRepository::new(db.clone());
    fund(&funds, "building", "Building").await;
    donation_type(&db, "bricks", Some("building")).await;
    // March 1 in Los Angeles starts at 08:00 UTC: a gift a second before is February's.
    let march = Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).single().expect("march");
    let april = Utc.with_ymd_and_hms(2026, 4, 1, 7, 0, 0).single().expect("april");
    let feb = Utc.with_ymd_and_hms(2026, 2, 1, 8, 0, 0).single().expect("february");
    let at = |id: &str, when: chrono::DateTime<Utc>, cents: i64| NewPayment {
        now: when,
        ..gift(id, &format!("{id}@example.org"), PaymentProvider::InPerson, vec![line("bricks", cents)])
    };
    payments.create(at("a", march - chrono::Duration::seconds(1), 1_000)).await.expect("a");
    payments.create(at("b", march, 2_000)).await.expect("b");
    payments.create(at("c", april - chrono::Duration::seconds(1), 3_000)).await.expect("c");
    payments.create(at("d", april, 4_000)).await.expect("d, after the last bound");
    payments.create(at("e", feb - chrono::Duration::seconds(1), 5_000)).await.expect("e, before the first bound");
    let test_gift = NewPayment { provider: PaymentProvider::Sandbox, ..at("f", march, 6_000) };
    payments.create(test_gift).await.expect("f, a test");

    let sums = funds.received_between(&FundId::new("building"), &[feb, march, april]).await.expect("sums");
    assert_eq!(sums, [(Money::from_cents(1_000), 1), (Money::from_cents(5_000), 2)]);
    let none = funds.received_between(&FundId::new(GENERAL_FUND_ID), &[feb, march, april]).await.expect("none");
    assert_eq!(none, [(Money::from_cents(0), 0), (Money::from_cents(0), 0)]);
    // A later gift shows at once: the kept sums are dropped when this process changes a payment.
    payments.create(at("g", march + chrono::Duration::days(3), 500)).await.expect("g");
    let after = funds.received_between(&FundId::new("building"), &[feb, march, april]).await.expect("after");
    assert_eq!(after[1], (Money::from_cents(5_500), 3));
}

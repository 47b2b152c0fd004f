//! The temple counter over HTTP, on SQLite and PostgreSQL: a cash sale with change, its
//! idempotent resubmission, a split sale for a walk-in, refusals that record nothing, and a
//! treasurer's void.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app};

async fn sell(app: &TestApp, who: &TestUser, key: &str, body: &Value) -> reqwest::Response {
    app.post_with_key(who, "/api/counter/sales", key, body).await
}

fn archana_and_donation(donor: Value, tenders: Value) -> Value {
    json!({
        "donor": donor,
        "lines": [
            {"donationTypeId": "custom", "amount": 11, "name": "Archana"},
            {"donationTypeId": "custom", "amount": "51.00", "name": "General donation"}
        ],
        "tenders": tenders,
    })
}

#[tokio::test]
async fn the_front_desk_sells_for_cash_with_change_and_a_resubmission_records_nothing_more() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;
    let body = archana_and_donation(json!({"userId": member.id}), json!([{"method": "cash", "amount": 62, "tendered": 100}]));

    assert_eq!(sell(&app, &member, "sale-member-0001", &body).await.status(), StatusCode::FORBIDDEN, "members do not sell");
    // The counter finds the member as the desk types: a name's letters, the phone's digits.
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    let last = me["lastName"].as_str().expect("last name").to_lowercase();
    for q in [&last[..last.len().min(5)], &member.email[..8], "916 555 01"] {
        let found: Vec<Value> =
            expect_status(app.get(&format!("/api/counter/people?q={}", q.replace(' ', "%20")), Some(&desk.token)).await, StatusCode::OK)
                .await;
        assert!(
            found.len() <= 8 && found.iter().any(|p| p["kind"] == "member" && p["member"]["id"] == member.id.as_str()),
            "{q}: {found:?}"
        );
    }
    assert_eq!(app.get("/api/counter/people?q=rao", Some(&member.token)).await.status(), StatusCode::FORBIDDEN);
    let sold: Value = expect_status(sell(&app, &desk, "sale-member-0001", &body).await, StatusCode::CREATED).await;
    let payment = &sold["payment"];
    assert_eq!(
        (payment["amount"].as_str(), payment["status"].as_str(), payment["channel"].as_str(), payment["paymentMethod"].as_str()),
        (Some("62.00"), Some("completed"), Some("counter"), Some("cash"))
    );
    assert_eq!((payment["provider"].as_str(), payment["userId"].as_str()), (Some("in_person"), Some(member.id.as_str())));
    assert_eq!((sold["change"].as_str(), sold["tenders"][0]["tendered"].as_str()), (Some("38.00"), Some("100.00")));
    assert!(sold["receiptLink"].as_str().is_some_and(|l| l.contains("/receipts/AUTO-")), "{sold}");

    // The network dropped before the answer: the counter sends the same sale again.
    let again: Value = expect_status(sell(&app, &desk, "sale-member-0001", &body).await, StatusCode::OK).await;
    assert_eq!(again["id"], sold["id"]);
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.iter().filter(|p| p["channel"] == "counter").count(), 1, "on the member's My Donations once");
    let receipts = app.wait_for_emails(&member.email, "donation receipt", 1).await;
    assert!(receipts[0].contains("Archana") && receipts[0].contains("Cash"), "{}", receipts[0]);

    let other = json!({
        "donor": {"userId": member.id},
        "lines": [{"donationTypeId": "custom", "amount": 5, "name": "Flowers"}],
        "tenders": [{"method": "cash", "amount": 5}],
    });
    let reused: Value = expect_status(sell(&app, &desk, "sale-member-0001", &other).await, StatusCode::CONFLICT).await;
    assert_eq!(reused["message"], "This sale's key was already used for a different sale; start a new sale");

    // Two tablets (or a double tap) send one sale at the same moment: it is recorded once.
    let racing = archana_and_donation(json!({"userId": member.id}), json!([{"method": "cash", "amount": 62}]));
    let answers = futures::future::join_all((0..8).map(|_| sell(&app, &desk, "sale-race-00001", &racing))).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 201 || *s == 200), "{statuses:?}");
    let mine: Vec<Value> = expect_status(app.get("/api/payments/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.iter().filter(|p| p["channel"] == "counter").count(), 2);

    let read: Value = expect_status(
        app.get(&format!("/api/counter/sales/{}", sold["id"].as_str().expect("id")), Some(&desk.token)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(read["staffName"], sold["staffName"]);
}

#[tokio::test]
async fn a_walk_in_pays_part_cash_part_check_and_bad_sales_record_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let before = app.ledger_count(&admin).await;

    let walk_in = json!({"name": "Gopal Iyer", "email": "gopal@example.org", "phone": "(916) 555-0100"});
    let short = archana_and_donation(
        walk_in.clone(),
        json!([{"method": "cash", "amount": 12, "tendered": 20}, {"method": "check", "amount": 40, "checkNumber": "1042", "bank": "Golden 1", "checkDate": "2026-11-24"}]),
    );
    let refused: Value = expect_status(sell(&app, &desk, "sale-walkin-0001", &short).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["tenders"], "The payment parts must add up to the sale's total");
    let nameless = archana_and_donation(json!({"email": "x@example.org"}), json!([{"method": "cash", "amount": 62}]));
    let refused: Value = expect_status(sell(&app, &desk, "sale-walkin-0002", &nameless).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donor.name"], "Enter the walk-in's name");
    assert_eq!(app.ledger_count(&admin).await, before, "a refused sale leaves nothing behind");

    let split = archana_and_donation(
        walk_in,
        json!([{"method": "cash", "amount": 12, "tendered": 20}, {"method": "check", "amount": 50, "checkNumber": "1042", "bank": "Golden 1", "checkDate": "2026-11-24"}]),
    );
    let sold: Value = expect_status(sell(&app, &desk, "sale-walkin-0001", &split).await, StatusCode::CREATED).await;
    assert_eq!((sold["payment"]["paymentMethod"].as_str(), sold["change"].as_str()), (Some("split"), Some("8.00")));
    assert_eq!(
        sold["tenders"][1],
        json!({"method": "check", "amount": "50.00", "tendered": null, "change": null, "checkNumber": "1042", "bank": "Golden 1", "checkDate": "2026-11-24", "paymentIntentId": null})
    );
    assert_eq!((sold["payment"]["donorName"].as_str(), sold["payment"]["userId"].as_str()), (Some("Gopal Iyer"), None));
    let receipt = app.wait_for_email("gopal@example.org", "donation receipt").await;
    assert!(receipt.contains("Split"), "{receipt}");
    assert_eq!(app.ledger_count(&admin).await, before + 1);

    // He comes back: the counter finds him by name or phone, and his second gift is on the same
    // donor record, so his gifts add up.
    let find = |q: &'static str| {
        let (app, desk) = (&app, &desk);
        async move {
            let found: Vec<Value> =
                expect_status(app.get(&format!("/api/counter/people?q={q}"), Some(&desk.token)).await, StatusCode::OK).await;
            found.into_iter().filter(|p| p["kind"] == "walkIn").collect::<Vec<_>>()
        }
    };
    let found = find("gopal").await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0]["walkIn"]["name"].as_str(), found[0]["walkIn"]["phone"].as_str()), (Some("Gopal Iyer"), Some("(916) 555-0100")));
    assert_eq!(find("555-0100").await, found);
    let donor_id = found[0]["walkIn"]["id"].as_str().expect("donor id");
    let again = json!({
        "donor": {"donorId": donor_id},
        "lines": [{"donationTypeId": "custom", "amount": 21, "name": "Flowers"}],
        "tenders": [{"method": "cash", "amount": 21}],
    });
    let sold: Value = expect_status(sell(&app, &desk, "sale-walkin-0003", &again).await, StatusCode::CREATED).await;
    assert_eq!(
        (sold["payment"]["donorName"].as_str(), sold["payment"]["donorEmail"].as_str(), sold["payment"]["userId"].as_str()),
        (Some("Gopal Iyer"), Some("gopal@example.org"), None)
    );
    assert_eq!(find("gopal").await, found, "no second record of him");
    // His year-end statement, printed at the counter: both gifts on his record.
    let year = chrono::Datelike::year(&chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles));
    let statement_path = format!("/api/counter/walk-ins/{donor_id}/statements/{year}");
    let statement: Value = expect_status(app.get(&statement_path, Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!(
        (statement["donorName"].as_str(), statement["total"].as_str(), statement["gifts"].as_array().map(Vec::len)),
        (Some("Gopal Iyer"), Some("83.00"), Some(2))
    );
    expect_status::<Value>(
        app.get(&format!("/api/counter/walk-ins/nobody/statements/{year}"), Some(&desk.token)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let unknown = json!({"donor": {"donorId": "no-such-donor"}, "lines": [{"donationTypeId": "custom", "amount": 5, "name": "Flowers"}], "tenders": [{"method": "cash", "amount": 5}]});
    let refused: Value = expect_status(sell(&app, &desk, "sale-walkin-0004", &unknown).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["donor.donorId"], "That walk-in was not found; search again or take them as a new walk-in");
    assert_eq!(app.ledger_count(&admin).await, before + 2);
}

#[tokio::test]
async fn only_a_treasurer_voids_a_sale_with_a_reason_and_the_void_is_audited() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let body = archana_and_donation(json!({"name": "Walk In"}), json!([{"method": "cash", "amount": 62}]));
    let sold: Value = expect_status(sell(&app, &desk, "sale-void-0001", &body).await, StatusCode::CREATED).await;
    let void = format!("/api/counter/sales/{}/void", sold["id"].as_str().expect("id"));

    assert_eq!(app.post(&void, Some(&desk.token), json!({"reason": "Entered twice"})).await.status(), StatusCode::FORBIDDEN);
    let blank: Value = expect_status(app.post(&void, Some(&treasurer.token), json!({"reason": " "})).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(blank["errors"]["reason"], "Say why the sale is voided (at most 500 characters)");
    let voided: Value =
        expect_status(app.post(&void, Some(&treasurer.token), json!({"reason": "Entered twice"})).await, StatusCode::OK).await;
    assert_eq!((voided["voided"]["reason"].as_str(), voided["payment"]["status"].as_str()), (Some("Entered twice"), Some("refunded")));
    assert_eq!(voided["payment"]["refundedAmount"], "62.00");
    let twice: Value = expect_status(app.post(&void, Some(&treasurer.token), json!({"reason": "Again"})).await, StatusCode::CONFLICT).await;
    assert_eq!(twice["message"], "This sale is already voided");

    let log: Value = expect_status(app.get("/api/admin/audit?kind=money", Some(&admin.token)).await, StatusCode::OK).await;
    let actions: Vec<&str> = log["items"].as_array().expect("items").iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions, ["counter.void", "counter.sale"]);
    assert!(log["items"][0]["summary"].as_str().is_some_and(|s| s.ends_with(": Entered twice")), "{log}");
    let payment = sold["payment"]["id"].as_str().expect("payment");
    let history: Vec<Value> =
        expect_status(app.get(&format!("/api/admin/payments/{payment}/audit"), Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(history[0]["note"], "Voided at the counter: Entered twice");
}

/// An archana every day, one a day, booked online at least two days ahead.
async fn one_archana_a_day(app: &TestApp, admin: &TestUser) -> Value {
    expect_status(
        app.post(
            "/api/sevas",
            Some(&admin.token),
            json!({
                "name": "Archana", "category": "temple", "priceCents": 1100, "priceKind": "fixed", "durationMinutes": 15,
                "weekdays": ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
                "capacityMode": "daily", "dailyCapacity": 1, "horizonDays": 30, "cutoffHours": 48,
            }),
        )
        .await,
        StatusCode::CREATED,
    )
    .await
}

#[tokio::test]
async fn an_archana_for_today_is_booked_in_the_sale_and_a_full_day_refuses_the_whole_sale() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let member = app.member().await;
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive().format("%Y-%m-%d").to_string();
    // One archana a day, booked online at least two days ahead: the counter books today's anyway.
    let seva = one_archana_a_day(&app, &admin).await;
    let sale = |tendered: i64| {
        json!({
            "donor": {"userId": member.id},
            "sevas": [{"sevaId": seva["id"], "date": today}],
            "lines": [{"donationTypeId": "custom", "amount": 51, "name": "General donation"}],
            "tenders": [{"method": "cash", "amount": 62, "tendered": tendered}],
        })
    };
    let sold: Value = expect_status(sell(&app, &desk, "sale-archana-0001", &sale(100)).await, StatusCode::CREATED).await;
    assert_eq!((sold["change"].as_str(), sold["payment"]["amount"].as_str()), (Some("38.00"), Some("62.00")));
    let line = &sold["payment"]["donationDetails"][0];
    assert!(line["name"].as_str().is_some_and(|n| n.starts_with(&format!("Seva: Archana, {today}"))), "{line}");
    let mine: Vec<Value> = expect_status(app.get("/api/seva-bookings/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine.len(), 1);
    assert_eq!((mine[0]["status"].as_str(), mine[0]["paymentId"].as_str()), (Some("confirmed"), sold["payment"]["id"].as_str()));
    let number = sold["payment"]["receiptNumber"].as_str().expect("number");
    let receipt: Value = expect_status(app.get(&format!("/api/receipts/{number}"), Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(
        receipt["acknowledgement"],
        "The only goods or services provided in exchange for this contribution were intangible religious benefits."
    );

    // The day's one place is taken: the next sale is refused whole, its donation line included.
    let page: Value = expect_status(app.get("/api/admin/payments/ledger", Some(&admin.token)).await, StatusCode::OK).await;
    let full: Value = expect_status(sell(&app, &desk, "sale-archana-0002", &sale(62)).await, StatusCode::CONFLICT).await;
    assert_eq!(full["message"], "Archana: this slot is fully booked; please choose another");
    let after: Value = expect_status(app.get("/api/admin/payments/ledger", Some(&admin.token)).await, StatusCode::OK).await;
    assert_eq!(after["total"], page["total"], "nothing of the refused sale is kept");
    // Voided, the sale gives its place back: the next one books it.
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let void = format!("/api/counter/sales/{}/void", sold["id"].as_str().expect("id"));
    expect_status::<Value>(app.post(&void, Some(&treasurer.token), json!({"reason": "Wrong member"})).await, StatusCode::OK).await;
    let mine: Vec<Value> = expect_status(app.get("/api/seva-bookings/mine", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine[0]["status"], "cancelled");
    expect_status::<Value>(sell(&app, &desk, "sale-archana-0004", &sale(62)).await, StatusCode::CREATED).await;
}

#[tokio::test]
async fn a_walk_in_without_an_account_books_an_archana_and_the_schedule_names_them() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive().format("%Y-%m-%d").to_string();
    let seva = one_archana_a_day(&app, &admin).await;
    // A family walks in for an archana and pays $11 with a $20 bill; they have no account and no e-mail.
    let walk_in = json!({
        "donor": {"name": "  Gopal Iyer ", "phone": "(916) 555-0101"},
        "sevas": [{"sevaId": seva["id"], "date": today}],
        "tenders": [{"method": "cash", "amount": 11, "tendered": 20}],
    });
    let sold: Value = expect_status(sell(&app, &desk, "sale-walk-in-0001", &walk_in).await, StatusCode::CREATED).await;
    assert_eq!((sold["change"].as_str(), sold["payment"]["amount"].as_str()), (Some("9.00"), Some("11.00")));
    assert_eq!(sold["payment"]["donorName"], "Gopal Iyer");
    assert!(sold["payment"]["userId"].is_null(), "{sold}");
    let line = &sold["payment"]["donationDetails"][0];
    assert!(line["name"].as_str().is_some_and(|n| n.starts_with(&format!("Seva: Archana, {today}"))), "{line}");
    // Sent again (the network dropped), it is the same sale: one booking.
    let again: Value = expect_status(sell(&app, &desk, "sale-walk-in-0001", &walk_in).await, StatusCode::OK).await;
    assert_eq!(again["id"], sold["id"]);

    // The seva desk's schedule names the walk-in and shows the booking paid.
    let schedule: Value =
        expect_status(app.get(&format!("/api/admin/sevas/schedule?from={today}&to={today}"), Some(&admin.token)).await, StatusCode::OK)
            .await;
    let entries = schedule["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 1, "{schedule}");
    let entry = &entries[0];
    assert_eq!(
        (entry["memberName"].as_str(), entry["memberEmail"].as_str(), entry["memberPhone"].as_str(), entry["paid"].as_str()),
        (Some("Gopal Iyer"), Some(""), Some("(916) 555-0101"), Some("paid"))
    );
    assert!(entry["booking"]["userId"].is_null(), "{entry}");
    assert_eq!(entry["booking"]["participants"][0]["name"], "Gopal Iyer");
    assert_eq!(entry["booking"]["paymentId"], sold["payment"]["id"]);

    // It takes the day's one place, as a member's would.
    let member = app.member().await;
    let member_sale = json!({"donor": {"userId": member.id}, "sevas": [{"sevaId": seva["id"], "date": today}], "tenders": [{"method": "cash", "amount": 11}]});
    let full: Value = expect_status(sell(&app, &desk, "sale-walk-in-0002", &member_sale).await, StatusCode::CONFLICT).await;
    assert_eq!(full["message"], "Archana: this slot is fully booked; please choose another");
    // Voided, the walk-in's booking is cancelled and the place is free again.
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let void = format!("/api/counter/sales/{}/void", sold["id"].as_str().expect("id"));
    expect_status::<Value>(app.post(&void, Some(&treasurer.token), json!({"reason": "Came back another day"})).await, StatusCode::OK).await;
    expect_status::<Value>(sell(&app, &desk, "sale-walk-in-0003", &member_sale).await, StatusCode::CREATED).await;
}

/// Takes a card of `amount` for the sale `sale_key` on the tablet (the sandbox's card form).
async fn charge_card(app: &TestApp, desk: &TestUser, card_key: &str, sale_key: &str, amount: &str, outcome: &str) -> reqwest::Response {
    let started: Value = expect_status(
        app.post_with_key(desk, "/api/counter/card-charges", card_key, &json!({"saleKey": sale_key, "amount": amount})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!((started["state"].as_str(), started["provider"].as_str()), (Some("pending"), Some("sandbox")), "{started}");
    let intent = started["paymentIntentId"].as_str().expect("intent");
    app.post(
        &format!("/api/counter/card-charges/{intent}/sandbox"),
        Some(&desk.token),
        json!({"clientSecret": started["clientSecret"], "outcome": outcome}),
    )
    .await
}

#[tokio::test]
async fn a_card_taken_on_the_tablet_pays_its_own_sale_once_and_a_charge_no_sale_used_is_refunded() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let before = app.ledger_count(&admin).await;

    // A declined card: nothing is paid, and the sale cannot use it.
    let declined: Value =
        expect_status(charge_card(&app, &desk, "card-decl-0001", "sale-card-0001", "50", "failed").await, StatusCode::CONFLICT).await;
    assert_eq!(declined["message"], "The card was declined; try another card or take another payment");

    let paid: Value =
        expect_status(charge_card(&app, &desk, "card-paid-0001", "sale-card-0001", "50.00", "succeeded").await, StatusCode::OK).await;
    assert_eq!((paid["state"].as_str(), paid["amount"].as_str()), (Some("paid"), Some("50.00")));
    let intent = paid["paymentIntentId"].as_str().expect("intent").to_owned();
    let card = |amount: &str, intent: &str| json!({"method": "card", "amount": amount, "paymentIntentId": intent});

    // The card part must be the charge, for this sale.
    let other_sale = archana_and_donation(json!({"name": "Gopal Iyer"}), json!([card("50", &intent), {"method": "cash", "amount": 12}]));
    let refused: Value = expect_status(sell(&app, &desk, "sale-card-other", &other_sale).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["tenders"], "That card payment was taken for another sale; take the card again");
    let changed = archana_and_donation(json!({"name": "Gopal Iyer"}), json!([card("52", &intent), {"method": "cash", "amount": 10}]));
    let refused: Value = expect_status(sell(&app, &desk, "sale-card-0001", &changed).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["tenders"], "The card part must be what the card was charged; refund the card and take it again");
    assert_eq!(app.ledger_count(&admin).await, before, "nothing recorded");

    // $12 in cash and $50 by card: one sale, one gift.
    let body = archana_and_donation(json!({"name": "Gopal Iyer"}), json!([{"method": "cash", "amount": 12}, card("50", &intent)]));
    let sold: Value = expect_status(sell(&app, &desk, "sale-card-0001", &body).await, StatusCode::CREATED).await;
    assert_eq!((sold["payment"]["paymentMethod"].as_str(), sold["payment"]["amount"].as_str()), (Some("split"), Some("62.00")));
    assert_eq!(
        (sold["tenders"][1]["method"].as_str(), sold["tenders"][1]["paymentIntentId"].as_str()),
        (Some("card"), Some(intent.as_str()))
    );
    let again: Value = expect_status(sell(&app, &desk, "sale-card-0001", &body).await, StatusCode::OK).await;
    assert_eq!(again["id"], sold["id"]);
    let used: Value = expect_status(app.get(&format!("/api/counter/card-charges/{intent}"), Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!((used["state"].as_str(), used["saleId"].as_str(), used["clientSecret"].as_str()), (Some("used"), sold["id"].as_str(), None));
    let kept: Value = expect_status(
        app.post(&format!("/api/counter/card-charges/{intent}/refund"), Some(&desk.token), json!({})).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(kept["message"], "This card payment is part of a recorded sale: void the sale to give the money back");
    // Another sale cannot use the same charge.
    let twice = archana_and_donation(json!({"name": "Gopal Iyer"}), json!([{"method": "cash", "amount": 12}, card("50", &intent)]));
    assert_eq!(sell(&app, &desk, "sale-card-0002", &twice).await.status(), StatusCode::BAD_REQUEST);
    // The drawer expects the cash part only.
    let drawer: Value = expect_status(app.get("/api/counter/drawer", Some(&desk.token)).await, StatusCode::OK).await;
    assert_eq!(drawer["expected"], "12.00", "{drawer}");

    // A sale refused after the card was paid (its seva's day is full, say): the counter gives the card back.
    let spare: Value =
        expect_status(charge_card(&app, &desk, "card-spare-001", "sale-card-0003", "62", "succeeded").await, StatusCode::OK).await;
    let spare_intent = spare["paymentIntentId"].as_str().expect("intent");
    let refund = format!("/api/counter/card-charges/{spare_intent}/refund");
    let member = app.member().await;
    assert_eq!(app.post(&refund, Some(&member.token), json!({})).await.status(), StatusCode::FORBIDDEN);
    let refunded: Value = expect_status(app.post(&refund, Some(&desk.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(refunded["state"], "refunded");
    let again: Value = expect_status(app.post(&refund, Some(&desk.token), json!({})).await, StatusCode::OK).await;
    assert_eq!(again["state"], "refunded", "a second refund answers the first");
    let late = archana_and_donation(json!({"name": "Gopal Iyer"}), json!([card("62", spare_intent)]));
    let refused: Value = expect_status(sell(&app, &desk, "sale-card-0003", &late).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["tenders"], "That card payment was refunded; take the card again");

    // A void gives the card part back, and every step is in the audit log.
    let void = format!("/api/counter/sales/{}/void", sold["id"].as_str().expect("id"));
    let voided: Value = expect_status(app.post(&void, Some(&treasurer.token), json!({"reason": "Wrong card"})).await, StatusCode::OK).await;
    assert_eq!(voided["payment"]["status"], "refunded");
    let log: Value = expect_status(app.get("/api/admin/audit?kind=money", Some(&admin.token)).await, StatusCode::OK).await;
    let actions: Vec<&str> = log["items"].as_array().expect("items").iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions, ["counter.void", "counter.card_refund", "counter.sale"]);
    assert!(log["items"][2]["summary"].as_str().is_some_and(|s| s.ends_with("(cash and card)")), "{log}");
    assert_eq!(app.ledger_count(&admin).await, before + 1);
}

/// The number of people registered for `event`, as its page shows.
async fn attendees_of(app: &TestApp, event: &str) -> Value {
    let read: Value = expect_status(app.get(&format!("/api/events/{event}"), None).await, StatusCode::OK).await;
    read["attendeeCount"].clone()
}

#[tokio::test]
async fn a_member_is_registered_for_an_event_in_the_sale_a_full_event_refuses_the_whole_sale_and_a_void_moves_the_waitlist_up() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let treasurer = app.staff(&admin, &["treasurer"]).await;
    let member = app.member().await;
    let dinner = app.create_event(&admin, "Deepavali Dinner", 10, Some(4)).await;
    let dinner = dinner["id"].as_str().expect("id").to_owned();
    let before = app.ledger_count(&admin).await;
    let sale = |donor: Value, family: i64| {
        json!({
            "donor": donor,
            "registrations": [{"eventId": dinner, "numberOfFamilyMembers": family}],
            "lines": [{"donationTypeId": "custom", "amount": 50, "name": "Deepavali Dinner"}],
            "tenders": [{"method": "cash", "amount": 50}],
        })
    };

    // A walk-in has no account to register: the sale is refused as a whole.
    let walk_in: Value =
        expect_status(sell(&app, &desk, "sale-event-walk", &sale(json!({"name": "Gopal Iyer"}), 1)).await, StatusCode::BAD_REQUEST).await;
    assert!(
        walk_in["errors"]["registrations"].as_str().is_some_and(|m| m.starts_with("Event registrations at the counter are for members")),
        "{walk_in}"
    );
    // Five people do not fit in four places: nothing of the sale is kept.
    let full: Value =
        expect_status(sell(&app, &desk, "sale-event-full", &sale(json!({"userId": member.id}), 4)).await, StatusCode::CONFLICT).await;
    assert_eq!(full["message"], "Deepavali Dinner: Only 4 spots left for this event");
    assert_eq!((app.ledger_count(&admin).await, attendees_of(&app, &dinner).await), (before, json!(0)));

    let sold: Value =
        expect_status(sell(&app, &desk, "sale-event-0001", &sale(json!({"userId": member.id}), 2)).await, StatusCode::CREATED).await;
    assert_eq!(sold["registrations"], json!([{"eventId": dinner, "eventName": "Deepavali Dinner", "people": 3}]));
    assert_eq!(attendees_of(&app, &dinner).await, json!(3));
    // The member sees the registration as their own.
    let mine: Value = expect_status(app.get(&format!("/api/events/{dinner}/attendee"), Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(mine["numberOfFamilyMembers"], 2);
    // Registered already: a second sale registering them again is refused whole.
    let again: Value =
        expect_status(sell(&app, &desk, "sale-event-0002", &sale(json!({"userId": member.id}), 0)).await, StatusCode::CONFLICT).await;
    assert_eq!(again["message"], "Deepavali Dinner: This member is already registered for this event");
    let unknown = json!({"donor": {"userId": member.id}, "registrations": [{"eventId": "no-such-event"}], "lines": [{"donationTypeId": "custom", "amount": 5, "name": "Flowers"}], "tenders": [{"method": "cash", "amount": 5}]});
    let refused: Value = expect_status(sell(&app, &desk, "sale-event-0003", &unknown).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["errors"]["registrations[0].eventId"], "That event was not found; choose another");

    // The last place goes online; the next family waits.
    let (online, waiting) = (app.member().await, app.member().await);
    expect_status::<Value>(
        app.post(&format!("/api/events/{dinner}/register"), Some(&online.token), json!({"numberOfFamilyMembers": 0})).await,
        StatusCode::CREATED,
    )
    .await;
    expect_status::<Value>(
        app.post(&format!("/api/events/{dinner}/waitlist"), Some(&waiting.token), json!({"numberOfFamilyMembers": 1})).await,
        StatusCode::CREATED,
    )
    .await;

    // A void cancels the registration with the sale: its places go to the waitlist at once.
    let void = format!("/api/counter/sales/{}/void", sold["id"].as_str().expect("id"));
    expect_status::<Value>(app.post(&void, Some(&treasurer.token), json!({"reason": "Wrong event"})).await, StatusCode::OK).await;
    assert_eq!(attendees_of(&app, &dinner).await, json!(3));
    let promoted: Value =
        expect_status(app.get(&format!("/api/events/{dinner}/attendee"), Some(&waiting.token)).await, StatusCode::OK).await;
    assert_eq!(promoted["numberOfFamilyMembers"], 1);
    expect_status::<Value>(app.get(&format!("/api/events/{dinner}/attendee"), Some(&member.token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(app.ledger_count(&admin).await, before + 1);
}

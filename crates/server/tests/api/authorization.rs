//! The authorization matrix: every operation of the OpenAPI document (`mandir_http::api_doc()`)
//! called as a visitor, as a member who owns nothing involved, as the owner of the records, and
//! as an admin, against real records, checked against the roles of docs/product.md#roles-and-permissions.
//!
//! `ACCESS` names the expected access of every operation. The test fails when the document has an
//! operation the table lacks, or the table one the document lacks: a new route needs a row here.

use std::collections::BTreeSet;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestUser, expect_status, spawn_app, unique_email};

/// Who may call an operation.
#[derive(Debug, Clone, Copy)]
enum Access {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in member (acting on themself); 401 for a visitor.
    Member,
    /// A member's own record: 401 for a visitor; 404 for anyone without such a record (another
    /// member, an admin who is not on the event).
    Own,
    /// The record's owner or an admin; another member gets the given status (403, or 404 where
    /// records of others are hidden).
    OwnerOrAdmin(u16),
    /// Admins; 401 for a visitor, 403 for members.
    Admin,
    /// Any signed-in member, ending their own sessions: called with a throwaway account of each
    /// kind (member, member, admin), since the call ends the caller's tokens.
    Session,
    /// Not about roles: these exact statuses for visitor, other member, owner and admin (Stripe's
    /// webhook without a signature, a reset with an unknown token).
    Special([u16; 4]),
}

/// Which fixture record the operation's `{id}` is.
#[derive(Debug, Clone, Copy)]
enum Target {
    None,
    /// The event the owner is registered and volunteering for, with a Zelle payment and an image.
    Event,
    /// An event nobody is on.
    EmptyEvent,
    /// A full event (capacity 1, a bystander registered) with the owner on its waitlist.
    FullEvent,
    /// The owner's account (the admins' member directory).
    Member,
    DonationType,
    PaymentMethod,
    /// The owner's pending Zelle payment.
    Payment,
    /// A sandbox card intent (its client secret in the query).
    Intent,
    /// A notice of the home page.
    Notice,
    /// A weekly recurring service.
    Service,
    /// A priest with a photo.
    Priest,
    /// An active seva with an image and the owner's booking.
    Seva,
    /// A seva nobody booked.
    EmptySeva,
    /// The owner's held booking of a priced seva.
    HeldBooking,
    /// The owner's confirmed booking of a free seva.
    ConfirmedBooking,
    /// A family member in the owner's profile.
    FamilyMember,
}

type Body = fn(&Fixture) -> Option<Value>;

const fn none(_: &Fixture) -> Option<Value> {
    None
}

/// operationId, expected access, the record `{id}` names, the request body.
const ACCESS: &[(&str, Access, Target, Body)] = &[
    // system
    ("getHealth", Access::Public, Target::None, none),
    ("getReady", Access::Public, Target::None, none),
    ("getConfig", Access::Public, Target::None, none),
    // auth
    ("signUp", Access::Public, Target::None, |_| {
        Some(
            json!({"firstName": "New", "lastName": "Member", "email": unique_email("matrix"), "password": "secret1", "phoneNumber": "9165550100"}),
        )
    }),
    ("signIn", Access::Public, Target::None, |f| Some(json!({"email": f.owner.email, "password": f.owner.password}))),
    ("signOut", Access::Session, Target::None, none),
    ("signOutEverywhere", Access::Session, Target::None, none),
    ("resendVerification", Access::Member, Target::None, none),
    ("verifyEmail", Access::Public, Target::None, none),
    ("forgotPassword", Access::Public, Target::None, |f| Some(json!({"email": f.owner.email}))),
    ("resetPassword", Access::Special([400, 400, 400, 400]), Target::None, |_| {
        Some(json!({"token": "unknown", "newPassword": "another1"}))
    }),
    // users
    ("getMe", Access::Member, Target::None, none),
    ("updateMe", Access::Member, Target::None, |_| Some(json!({"firstName": "Changed", "lastName": "Name", "phoneNumber": "9165550100"}))),
    // gotrams
    ("listGotrams", Access::Public, Target::None, none),
    ("getGotram", Access::Public, Target::None, none),
    // events
    ("listEvents", Access::Public, Target::None, none),
    ("getEvent", Access::Public, Target::Event, none),
    ("getEventImage", Access::Public, Target::Event, none),
    ("createEvent", Access::Admin, Target::None, |_| Some(event_body("Matrix event"))),
    ("updateEvent", Access::Admin, Target::Event, |_| Some(json!({"description": "A changed, longer description"}))),
    ("deleteEvent", Access::Admin, Target::EmptyEvent, none),
    ("forceDeleteEvent", Access::Admin, Target::Event, none),
    // registrations
    ("registerForEvent", Access::Member, Target::EmptyEvent, |_| Some(json!({"numberOfFamilyMembers": 1}))),
    ("getOwnRegistration", Access::Own, Target::Event, none),
    ("updateOwnRegistration", Access::Own, Target::Event, |_| Some(json!({"numberOfFamilyMembers": 2, "additionalNotes": "two"}))),
    ("cancelOwnRegistration", Access::Own, Target::Event, none),
    ("listEventAttendees", Access::Admin, Target::Event, none),
    ("exportEventAttendees", Access::Admin, Target::Event, none),
    // The owner volunteers at the event, which grants no door duty (ADR 0111, amended): admins only.
    ("checkInAttendee", Access::Admin, Target::Event, |_| Some(json!({"checkedIn": true}))),
    ("eventDoorList", Access::Admin, Target::Event, none),
    ("listUserEvents", Access::OwnerOrAdmin(403), Target::None, none),
    // The owner is on the waitlist already (409); others join it.
    ("joinWaitlist", Access::Special([401, 201, 409, 201]), Target::FullEvent, |_| Some(json!({"numberOfFamilyMembers": 0}))),
    ("getOwnWaitlistEntry", Access::Own, Target::FullEvent, none),
    ("leaveWaitlist", Access::Own, Target::FullEvent, none),
    ("listEventWaitlist", Access::Admin, Target::FullEvent, none),
    // volunteers
    ("volunteerForEvent", Access::Member, Target::EmptyEvent, |f| Some(volunteer_body(&f.owner.email))),
    ("listEventVolunteers", Access::Admin, Target::Event, none),
    ("exportEventVolunteers", Access::Admin, Target::Event, none),
    ("getOwnVolunteerRecord", Access::Own, Target::Event, none),
    ("countEventVolunteers", Access::Public, Target::Event, none),
    ("withdrawVolunteer", Access::OwnerOrAdmin(404), Target::Event, none),
    ("listUserVolunteering", Access::OwnerOrAdmin(403), Target::None, none),
    // donation types
    ("listDonationTypes", Access::Public, Target::None, none),
    ("createDonationType", Access::Admin, Target::None, |_| Some(json!({"name": unique_name("Matrix type"), "defaultAmount": "11.00"}))),
    ("updateDonationType", Access::Admin, Target::DonationType, |_| Some(json!({"description": "Changed"}))),
    ("deleteDonationType", Access::Admin, Target::DonationType, none),
    // payment methods
    ("listActivePaymentMethods", Access::Public, Target::None, none),
    ("listPaymentMethods", Access::Admin, Target::None, none),
    ("createPaymentMethod", Access::Admin, Target::None, |_| {
        Some(json!({"name": unique_name("matrix"), "displayName": "Matrix method", "sortOrder": 5}))
    }),
    ("updatePaymentMethod", Access::Admin, Target::PaymentMethod, |_| Some(json!({"isActive": false}))),
    ("deletePaymentMethod", Access::Admin, Target::PaymentMethod, none),
    // payments
    ("createPaymentIntent", Access::Public, Target::None, |_| Some(intent_body())),
    ("confirmSandboxPayment", Access::Public, Target::None, |f| {
        Some(json!({"paymentIntentId": f.intent_id, "clientSecret": f.intent_secret, "outcome": "succeeded"}))
    }),
    ("getIntentPayment", Access::Public, Target::Intent, none),
    ("confirmZellePayment", Access::Public, Target::None, |_| Some(zelle_body(None))),
    ("handleStripeWebhook", Access::Special([400, 400, 400, 400]), Target::None, |_| Some(json!({"id": "evt_1", "type": "ping"}))),
    ("listMyPayments", Access::Member, Target::None, none),
    ("getMyYearTotals", Access::Member, Target::None, none),
    ("exportMyPayments", Access::Member, Target::None, none),
    ("listPayments", Access::Admin, Target::None, none),
    ("getPaymentLedger", Access::Admin, Target::None, none),
    ("exportPaymentLedger", Access::Admin, Target::None, none),
    ("getPaymentAudit", Access::Admin, Target::Payment, none),
    // Before `setPaymentStatus`: the payment is still pending, so an admin's resend is a conflict.
    ("resendReceipt", Access::Special([401, 403, 403, 409]), Target::Payment, none),
    ("listReceiptEmails", Access::Admin, Target::Payment, none),
    // No such receipt: everyone alike (roles and signatures: receipts.rs).
    ("getReceipt", Access::Special([404, 404, 404, 404]), Target::None, none),
    // A Zelle payment: only completed card payments are refunded, so an admin gets a conflict
    // (refunds themselves: ledger.rs).
    ("refundPayment", Access::Special([401, 403, 403, 409]), Target::Payment, |_| Some(json!({"amount": 1}))),
    ("setPaymentStatus", Access::Admin, Target::Payment, |_| Some(json!({"status": "completed"}))),
    ("getPaymentTotals", Access::Admin, Target::None, none),
    // year-end statements (of the current year: sending and progress: statements.rs)
    ("sendStatements", Access::Admin, Target::None, none),
    ("getStatementProgress", Access::Admin, Target::None, none),
    ("getMyStatement", Access::Member, Target::None, none),
    // recurring services
    ("listServices", Access::Public, Target::None, none),
    ("listServiceOccurrences", Access::Public, Target::None, none),
    ("createService", Access::Admin, Target::None, |_| Some(service_body("Matrix service"))),
    ("updateService", Access::Admin, Target::Service, |_| Some(service_body("Changed service"))),
    ("deleteService", Access::Admin, Target::Service, none),
    // priests
    ("listPriests", Access::Public, Target::None, none),
    ("createPriest", Access::Admin, Target::None, |_| Some(json!({"name": "Matrix Priest", "photo": PNG}))),
    ("updatePriest", Access::Admin, Target::Priest, |_| Some(json!({"name": "Changed Priest"}))),
    ("deletePriest", Access::Admin, Target::Priest, none),
    ("reorderPriests", Access::Admin, Target::None, |f| Some(json!({"ids": f.priests}))),
    ("getPriestPhoto", Access::Public, Target::Priest, none),
    // sevas
    ("listSevas", Access::Public, Target::None, none),
    ("createSeva", Access::Admin, Target::None, |_| Some(seva_body("Matrix seva", 1100))),
    ("getSeva", Access::Public, Target::Seva, none),
    ("updateSeva", Access::Admin, Target::Seva, |_| Some(seva_body("Changed seva", 1500))),
    ("deleteSeva", Access::Admin, Target::EmptySeva, none),
    ("getSevaImage", Access::Public, Target::Seva, none),
    ("getSevaAvailability", Access::Public, Target::Seva, none),
    ("getSevaSettings", Access::Public, Target::None, none),
    ("updateSevaSettings", Access::Admin, Target::None, |_| Some(json!({"zellePendingConfirms": false, "cancellationPolicy": "Matrix"}))),
    ("bookSeva", Access::Member, Target::Seva, |_| Some(seva_booking_body())),
    ("listMySevaBookings", Access::Member, Target::None, none),
    ("getSevaBooking", Access::OwnerOrAdmin(404), Target::HeldBooking, none),
    ("paySevaBooking", Access::Own, Target::HeldBooking, |_| Some(json!({"method": "card"}))),
    ("cancelSevaBooking", Access::OwnerOrAdmin(404), Target::HeldBooking, none),
    ("assignSevaPriest", Access::Admin, Target::HeldBooking, |f| Some(json!({"priestId": f.priest}))),
    ("completeSevaBooking", Access::Admin, Target::ConfirmedBooking, none),
    ("getSevaSchedule", Access::Admin, Target::None, none),
    ("exportSevaSchedule", Access::Admin, Target::None, none),
    // family members
    ("listFamilyMembers", Access::Member, Target::None, none),
    ("createFamilyMember", Access::Member, Target::None, |_| Some(json!({"name": "Matrix Relative", "relation": "Brother"}))),
    ("updateFamilyMember", Access::Own, Target::FamilyMember, |_| Some(json!({"name": "Changed Relative"}))),
    ("deleteFamilyMember", Access::Own, Target::FamilyMember, none),
    // admin
    ("grantAdmin", Access::Admin, Target::None, |f| Some(json!({"email": f.bystander_email}))),
    ("revokeAdmin", Access::Admin, Target::None, |f| Some(json!({"email": f.spare_admin_email}))),
    ("listJobs", Access::Admin, Target::None, none),
    ("listMembers", Access::Admin, Target::None, none),
    ("exportMembers", Access::Admin, Target::None, none),
    ("getMember", Access::Admin, Target::Member, none),
    ("listMemberPayments", Access::Admin, Target::Member, none),
    // site
    ("getSite", Access::Public, Target::None, none),
    ("updateSite", Access::Admin, Target::None, |_| Some(json!({"templeName": "Matrix Temple", "weekdayMorning": "9:00 AM - 11:00 AM"}))),
    ("listNotices", Access::Admin, Target::None, none),
    ("createNotice", Access::Admin, Target::None, |_| Some(notice_body())),
    ("updateNotice", Access::Admin, Target::Notice, |_| Some(notice_body())),
    ("deleteNotice", Access::Admin, Target::Notice, none),
    // calendars (ADR 0105): an unknown personal feed token is not found, whoever asks
    ("getEventCalendar", Access::Public, Target::Event, none),
    ("getTempleCalendar", Access::Public, Target::None, none),
    ("getPersonalCalendar", Access::Special([404, 404, 404, 404]), Target::None, none),
    // account settings (ADR 0107); the password-checked operations with a wrong password, so no
    // caller's session or account changes (their flows: account.rs)
    ("getAccountSettings", Access::Member, Target::None, none),
    ("setReminders", Access::Member, Target::None, |_| Some(json!({"enabled": false}))),
    ("changePassword", Access::Special([401, 400, 400, 400]), Target::None, |_| {
        Some(json!({"currentPassword": "not-the-password", "newPassword": "another1"}))
    }),
    ("changeEmail", Access::Special([401, 400, 400, 400]), Target::None, |_| {
        Some(json!({"newEmail": unique_email("moved"), "currentPassword": "not-the-password"}))
    }),
    ("confirmEmailChange", Access::Public, Target::None, none),
    ("newCalendarFeed", Access::Member, Target::None, none),
    ("stopCalendarFeed", Access::Member, Target::None, none),
    ("exportAccount", Access::Member, Target::None, none),
    ("deleteAccount", Access::Special([401, 400, 400, 400]), Target::None, |_| Some(json!({"currentPassword": "not-the-password"}))),
    // setup: admins exist here, so every setup link is refused, whoever sends it
    ("checkSetup", Access::Special([404, 404, 404, 404]), Target::None, |_| Some(json!({"token": "unknown"}))),
    ("completeSetup", Access::Special([404, 404, 404, 404]), Target::None, |_| {
        Some(
            json!({"token": "unknown", "firstName": "New", "lastName": "Admin", "email": unique_email("setup"), "password": "secret1", "templeName": "Matrix Temple"}),
        )
    }),
];

fn notice_body() -> Value {
    json!({"title": "Matrix notice", "startsOn": "2026-01-01", "endsOn": "2026-01-31"})
}

fn unique_name(prefix: &str) -> String {
    format!("{prefix}-{}", &uuid::Uuid::new_v4().simple().to_string()[..8])
}

/// A 1x1 PNG, so the event has an image to answer with.
const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn event_body(name: &str) -> Value {
    let date = (chrono::Utc::now() + chrono::Duration::days(20)).to_rfc3339();
    json!({"name": name, "description": "An event for the matrix test", "location": "Main Hall", "eventDate": date, "imageUrl": PNG})
}

fn service_body(name: &str) -> Value {
    json!({"name": name, "frequency": "weekly", "weekdays": ["saturday"], "time": "09:00"})
}

fn seva_body(name: &str, price_cents: i64) -> Value {
    json!({
        "name": name, "category": "temple", "priceCents": price_cents, "priceKind": "fixed", "durationMinutes": 15,
        "weekdays": ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"], "capacityMode": "slots",
        "slots": [{"time": "09:00", "capacity": 50}], "horizonDays": 60, "cutoffHours": 12, "image": PNG,
    })
}

/// A week from today in the temple's zone.
fn seva_date() -> String {
    (chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive() + chrono::Duration::days(7))
        .format("%Y-%m-%d")
        .to_string()
}

fn seva_booking_body() -> Value {
    json!({"date": seva_date(), "slot": "09:00", "participants": [{"name": "Matrix Devotee", "gotram": "Kashyapa"}]})
}

fn volunteer_body(email: &str) -> Value {
    json!({
        "name": "Matrix Volunteer", "contactNumber": "9165550101", "contactEmail": email, "contactPreference": "email",
        "volunteerPreference": "any", "availability": "either", "needsCertificate": false
    })
}

fn intent_body() -> Value {
    json!({"amount": 30, "metadata": {"eventId": "direct-donation", "donationDetails": [{"donationTypeId": "custom", "amount": 30, "name": "Gift"}]}, "donorName": "Guest Donor", "donorEmail": "guest@example.org"})
}

fn zelle_body(event_id: Option<&str>) -> Value {
    json!({"amount": 25, "donationDetails": [{"donationTypeId": "custom", "amount": 25, "name": "Gift"}], "eventId": event_id, "donorName": "Guest Donor", "donorEmail": "guest@example.org"})
}

/// Fresh records for one call: nothing one call does can change what the next one finds.
struct Fixture {
    owner: TestUser,
    event: String,
    empty_event: String,
    full_event: String,
    /// The owner's registration for `event`.
    attendee: String,
    volunteer: String,
    payment: String,
    intent_id: String,
    intent_secret: String,
    donation_type: String,
    payment_method: String,
    bystander_email: String,
    spare_admin_email: String,
    notice: String,
    service: String,
    priest: String,
    /// Every priest's id, in order.
    priests: Vec<String>,
    seva: String,
    empty_seva: String,
    held_booking: String,
    confirmed_booking: String,
    family_member: String,
}

async fn fixture(app: &TestApp, admin: &TestUser, owner: &TestUser) -> Fixture {
    let event: Value =
        expect_status(app.post("/api/events", Some(&admin.token), event_body("Owner's event")).await, StatusCode::CREATED).await;
    let event = event["id"].as_str().expect("id").to_owned();
    let empty_event = app.create_event(admin, "Empty event", 20, None).await["id"].as_str().expect("id").to_owned();
    let register = app.post(&format!("/api/events/{event}/register"), Some(&owner.token), json!({"numberOfFamilyMembers": 0})).await;
    let attendee: Value = expect_status(register, StatusCode::CREATED).await;
    let volunteer = app.post(&format!("/api/events/{event}/volunteers"), Some(&owner.token), volunteer_body(&owner.email)).await;
    let volunteer: Value = expect_status(volunteer, StatusCode::CREATED).await;
    let zelle: Value =
        expect_status(app.post("/api/payments/zelle-confirm", Some(&owner.token), zelle_body(Some(&event))).await, StatusCode::CREATED)
            .await;
    let intent: Value = expect_status(app.post("/api/payments/create-payment-intent", None, intent_body()).await, StatusCode::OK).await;
    let donation_type: Value = expect_status(
        app.post("/api/donation-types", Some(&admin.token), json!({"name": unique_name("Fixture type")})).await,
        StatusCode::CREATED,
    )
    .await;
    let method = json!({"name": unique_name("fixture"), "displayName": "Fixture method"});
    let payment_method: Value =
        expect_status(app.post("/api/payment-methods", Some(&admin.token), method).await, StatusCode::CREATED).await;
    let bystander = app.member().await;
    let full_event = app.create_event(admin, "Full event", 20, Some(1)).await["id"].as_str().expect("id").to_owned();
    let register =
        app.post(&format!("/api/events/{full_event}/register"), Some(&bystander.token), json!({"numberOfFamilyMembers": 0})).await;
    expect_status::<Value>(register, StatusCode::CREATED).await;
    let wait = app.post(&format!("/api/events/{full_event}/waitlist"), Some(&owner.token), json!({"numberOfFamilyMembers": 0})).await;
    expect_status::<Value>(wait, StatusCode::CREATED).await;
    let bystander_email = bystander.email;
    let spare_admin_email = app.admin().await.email;
    let notice: Value = expect_status(app.post("/api/admin/notices", Some(&admin.token), notice_body()).await, StatusCode::CREATED).await;
    let service: Value =
        expect_status(app.post("/api/services", Some(&admin.token), service_body("Fixture service")).await, StatusCode::CREATED).await;
    let priest: Value = expect_status(
        app.post("/api/priests", Some(&admin.token), json!({"name": "Fixture Priest", "photo": PNG})).await,
        StatusCode::CREATED,
    )
    .await;
    let priests: Vec<Value> = expect_status(app.get("/api/priests", None).await, StatusCode::OK).await;
    let priests = priests.iter().rev().map(|p| p["id"].as_str().expect("id").to_owned()).collect();
    let new_seva = |name: &'static str, price: i64| async move {
        let seva: Value =
            expect_status(app.post("/api/sevas", Some(&admin.token), seva_body(name, price)).await, StatusCode::CREATED).await;
        seva["id"].as_str().expect("id").to_owned()
    };
    let seva = new_seva("Fixture seva", 1100).await;
    let free_seva = new_seva("Fixture free seva", 0).await;
    let empty_seva = new_seva("Fixture empty seva", 500).await;
    let book = |seva: String| async move {
        let booking: Value = expect_status(
            app.post(&format!("/api/sevas/{seva}/bookings"), Some(&owner.token), seva_booking_body()).await,
            StatusCode::CREATED,
        )
        .await;
        booking["id"].as_str().expect("id").to_owned()
    };
    // A member holds at most three unpaid places: the owner's earlier fixtures' holds are cancelled
    // (each call gets fresh targets), so the cap answers no call of the table.
    let mine: Vec<Value> = expect_status(app.get("/api/seva-bookings/mine", Some(&owner.token)).await, StatusCode::OK).await;
    for held in mine.iter().filter(|b| b["status"] == "held") {
        let id = held["id"].as_str().expect("id");
        expect_status::<Value>(app.post(&format!("/api/seva-bookings/{id}/cancel"), Some(&owner.token), json!({})).await, StatusCode::OK)
            .await;
    }
    let held_booking = book(seva.clone()).await;
    let confirmed_booking = book(free_seva).await;
    // One family member at a time (a profile keeps at most 30): the owner's current one, or a new one.
    let family: Vec<Value> = expect_status(app.get("/api/users/me/family", Some(&owner.token)).await, StatusCode::OK).await;
    let family = match family.into_iter().next() {
        Some(existing) => existing,
        None => {
            expect_status(
                app.post("/api/users/me/family", Some(&owner.token), json!({"name": "Fixture Relative"})).await,
                StatusCode::CREATED,
            )
            .await
        }
    };
    Fixture {
        owner: owner.clone(),
        event,
        empty_event,
        full_event,
        attendee: attendee["id"].as_str().expect("id").to_owned(),
        volunteer: volunteer["id"].as_str().expect("id").to_owned(),
        payment: zelle["payment"]["id"].as_str().expect("id").to_owned(),
        intent_id: intent["paymentIntentId"].as_str().expect("id").to_owned(),
        intent_secret: intent["clientSecret"].as_str().expect("secret").to_owned(),
        donation_type: donation_type["id"].as_str().expect("id").to_owned(),
        payment_method: payment_method["id"].as_str().expect("id").to_owned(),
        bystander_email,
        spare_admin_email,
        notice: notice["id"].as_str().expect("id").to_owned(),
        service: service["id"].as_str().expect("id").to_owned(),
        priest: priest["id"].as_str().expect("id").to_owned(),
        priests,
        seva,
        empty_seva,
        held_booking,
        confirmed_booking,
        family_member: family["id"].as_str().expect("id").to_owned(),
    }
}

/// The operation's path with the fixture's ids (and query) filled in.
fn fill(template: &str, target: Target, f: &Fixture) -> String {
    let id = match target {
        Target::None => "",
        Target::Event => &f.event,
        Target::EmptyEvent => &f.empty_event,
        Target::FullEvent => &f.full_event,
        Target::Member => &f.owner.id,
        Target::DonationType => &f.donation_type,
        Target::PaymentMethod => &f.payment_method,
        Target::Payment => &f.payment,
        Target::Intent => &f.intent_id,
        Target::Notice => &f.notice,
        Target::Service => &f.service,
        Target::Priest => &f.priest,
        Target::Seva => &f.seva,
        Target::EmptySeva => &f.empty_seva,
        Target::HeldBooking => &f.held_booking,
        Target::ConfirmedBooking => &f.confirmed_booking,
        Target::FamilyMember => &f.family_member,
    };
    let mut path = template
        .replace("{id}", id)
        .replace("{userId}", &f.owner.id)
        .replace("{volunteerId}", &f.volunteer)
        .replace("{attendeeId}", &f.attendee)
        .replace("{gotramId}", "1")
        .replace("{receiptNumber}", "AUTO-1-1")
        .replace("{token}", "0123456789abcdef")
        .replace("{year}", &chrono::Datelike::year(&chrono::Utc::now()).to_string());
    assert!(!path.contains('{'), "no fixture for a parameter of {template}");
    match target {
        Target::Intent => path.push_str(&format!("?clientSecret={}", f.intent_secret)),
        _ if template == "/api/auth/verify-email" || template == "/api/account/confirm-email" => path.push_str("?token=unknown"),
        _ if template == "/api/services/occurrences" => path.push_str("?from=2026-03-01&to=2026-03-31"),
        _ if template == "/api/sevas/{id}/availability" => path.push_str(&format!("?from={0}&to={0}", seva_date())),
        _ if template.starts_with("/api/admin/sevas/schedule") => path.push_str(&format!("?date={}", seva_date())),
        _ => {}
    }
    path
}

/// What each caller should get: `None` for a success (2xx or 3xx), `Some(status)` otherwise.
fn expected(access: Access) -> [Option<u16>; 4] {
    match access {
        Access::Public => [None, None, None, None],
        Access::Member | Access::Session => [Some(401), None, None, None],
        Access::Own => [Some(401), Some(404), None, Some(404)],
        Access::OwnerOrAdmin(other) => [Some(401), Some(other), None, None],
        Access::Admin => [Some(401), Some(403), Some(403), None],
        Access::Special(statuses) => statuses.map(Some),
    }
}

const CALLERS: [&str; 4] = ["visitor", "other member", "owner", "admin"];

#[tokio::test]
async fn every_operation_answers_each_role_as_the_roles_table_says() {
    let doc = serde_json::to_value(mandir_http::api_doc()).expect("document");
    let mut operations = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            let id = op["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no operationId")).to_owned();
            operations.push((id, method.to_uppercase(), path.clone()));
        }
    }
    let in_document: BTreeSet<&str> = operations.iter().map(|(id, _, _)| id.as_str()).collect();
    let in_table: BTreeSet<&str> = ACCESS.iter().map(|(id, ..)| *id).collect();
    assert_eq!(in_table.len(), ACCESS.len(), "an operation is named twice in ACCESS");
    let missing: Vec<_> = in_document.difference(&in_table).collect();
    assert!(missing.is_empty(), "operations of the OpenAPI document missing from ACCESS: {missing:?}");
    let stale: Vec<_> = in_table.difference(&in_document).collect();
    assert!(stale.is_empty(), "operations in ACCESS that the OpenAPI document lacks: {stale:?}");

    let app = spawn_app().await;
    let admin = app.admin().await;
    let other = app.member().await;
    let owner = app.member().await;
    let mut failures = Vec::new();
    for (id, method, path) in &operations {
        let (_, access, target, body) = ACCESS.iter().find(|(name, ..)| name == id).expect("checked above");
        let method = Method::from_bytes(method.as_bytes()).expect("method");
        for ((caller, token), want) in
            CALLERS.iter().zip([None, Some(&other.token), Some(&owner.token), Some(&admin.token)]).zip(expected(*access))
        {
            let f = fixture(&app, &admin, &owner).await;
            let url = fill(path, *target, &f);
            let throwaway = match (access, *caller) {
                (Access::Session, "admin") => Some(app.admin().await.token),
                (Access::Session, "other member" | "owner") => Some(app.member().await.token),
                _ => None,
            };
            let token = throwaway.as_ref().or(token);
            let response = app.call(method.clone(), &url, token.map(String::as_str), body(&f)).await;
            let got = response.status();
            let ok = match want {
                None => got.is_success() || got.is_redirection(),
                Some(status) => got.as_u16() == status,
            };
            if !ok {
                let text = response.text().await.unwrap_or_default();
                let want = want.map_or("success".to_owned(), |s| s.to_string());
                failures.push(format!("{id} ({method} {url}) as {caller}: expected {want}, got {got}: {text:.200}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} calls answered against the roles table:\n{}", failures.len(), failures.join("\n"));
}

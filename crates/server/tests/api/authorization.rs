//! The authorization matrix: every operation of the OpenAPI document (`mandir_http::api_doc()`)
//! called as a visitor, as a member who owns nothing involved, as the owner of the records, as an
//! account holding each staff role alone, and as an admin, against real records, checked against
//! the roles of docs/product.md#roles-and-permissions.
//!
//! `ACCESS` names the expected access of every operation, and for staff operations which roles
//! besides admin may call it. The test fails when the document has an operation the table lacks,
//! or the table one the document lacks (a new route needs a row here), and when the roles the
//! document states for an operation differ from the table's.

use std::collections::BTreeSet;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use mandir_domain::staff::Role::{self, Editor, FrontDesk, Priest, Treasurer, VolunteerCoordinator};

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
    /// The record's owner, an admin, or an account holding one of the roles; another member (or
    /// another role) gets the given status (403, or 404 where records of others are hidden).
    OwnerOrStaff(u16, &'static [Role]),
    /// Admins and the roles listed; 401 for a visitor, 403 for everyone else.
    Staff(&'static [Role]),
    /// Any signed-in member, ending their own sessions: called with a throwaway account of each
    /// kind (member, member, admin), since the call ends the caller's tokens.
    Session,
    /// These exact statuses for visitor, other member, owner and admin (Stripe's webhook without a
    /// signature, a reset with an unknown token); the roles listed answer as the admin does, the
    /// other roles as the other member.
    Special([u16; 4], &'static [Role]),
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
    /// The General fund.
    Fund,
    /// The owner's active pledge to the General fund.
    Pledge,
    PaymentMethod,
    /// The owner's pending Zelle payment.
    Payment,
    /// A sandbox card intent (its client secret in the query).
    Intent,
    /// A notice of the home page.
    Notice,
    /// A pending staff invitation.
    Invitation,
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
    /// A sale at the counter (a walk-in's, in cash).
    CounterSale,
    CardCharge,
    /// The walk-in of that sale (their donor record).
    WalkIn,
    /// A hundi count nobody confirmed yet.
    Collection,
    /// A deposit not yet cleared (of a closed drawer).
    Deposit,
    /// A festival's rule an editor added.
    Festival,
    /// The invitation the owner's household sent, waiting.
    SentInvitation,
    /// The invitation to the owner's address from another member's household.
    ReceivedInvitation,
    /// The owner's active monthly gift with a saved sandbox card, first due tomorrow.
    RecurringGift,
    /// A volunteer role of the owner's event with no shifts.
    VolunteerRole,
    /// The shift of the owner's event the owner is signed up for.
    Shift,
    /// Another shift of that role, later the same day, nobody on it.
    EmptyShift,
    /// The owner's sign-up for `Shift`.
    ShiftSignup,
    /// An import of one member nobody used since (undoing it works).
    Import,
    /// A saved import mapping.
    ImportMapping,
    /// An account of the seeded chart (event and program income).
    LedgerAccount,
    /// An export of the books.
    AccountingExport,
    /// A payout recorded (written straight to the table: the sandbox pays out days later).
    Payout,
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
    ("resetPassword", Access::Special([400, 400, 400, 400], &[]), Target::None, |_| {
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
    ("createEvent", Access::Staff(&[Editor]), Target::None, |_| Some(event_body("Matrix event"))),
    ("updateEvent", Access::Staff(&[Editor]), Target::Event, |_| Some(json!({"description": "A changed, longer description"}))),
    ("deleteEvent", Access::Staff(&[Editor]), Target::EmptyEvent, none),
    ("forceDeleteEvent", Access::Staff(&[Editor]), Target::Event, none),
    // registrations
    ("registerForEvent", Access::Member, Target::EmptyEvent, |_| Some(json!({"numberOfFamilyMembers": 1}))),
    ("getOwnRegistration", Access::Own, Target::Event, none),
    ("getOwnRegistrationQr", Access::Own, Target::Event, none),
    ("updateOwnRegistration", Access::Own, Target::Event, |_| Some(json!({"numberOfFamilyMembers": 2, "additionalNotes": "two"}))),
    ("cancelOwnRegistration", Access::Own, Target::Event, none),
    ("listEventAttendees", Access::Staff(&[FrontDesk]), Target::Event, none),
    ("exportEventAttendees", Access::Staff(&[]), Target::Event, none),
    // The owner volunteers at the event, which grants no door duty (ADR 0111, amended): admins only.
    ("checkInAttendee", Access::Staff(&[FrontDesk, VolunteerCoordinator]), Target::Event, |_| Some(json!({"checkedIn": true}))),
    ("eventDoorList", Access::Staff(&[FrontDesk, VolunteerCoordinator]), Target::Event, none),
    // the check-in desk (door duty, as above)
    ("searchDoor", Access::Staff(&[FrontDesk, VolunteerCoordinator]), Target::Event, none),
    ("doorChanges", Access::Staff(&[FrontDesk, VolunteerCoordinator]), Target::Event, none),
    ("checkInByCode", Access::Staff(&[FrontDesk, VolunteerCoordinator]), Target::Event, |f| Some(json!({"code": f.attendee_code}))),
    ("addWalkIn", Access::Staff(&[FrontDesk, VolunteerCoordinator]), Target::Event, |_| {
        Some(json!({"firstName": "Ravi", "lastName": "Kumar", "people": 2}))
    }),
    ("removeWalkIn", Access::Staff(&[FrontDesk, VolunteerCoordinator]), Target::Event, none),
    ("listUserEvents", Access::OwnerOrStaff(403, &[Treasurer, FrontDesk]), Target::None, none),
    // The owner is on the waitlist already (409); others join it.
    ("joinWaitlist", Access::Special([401, 201, 409, 201], &[]), Target::FullEvent, |_| Some(json!({"numberOfFamilyMembers": 0}))),
    ("getOwnWaitlistEntry", Access::Own, Target::FullEvent, none),
    ("leaveWaitlist", Access::Own, Target::FullEvent, none),
    ("listEventWaitlist", Access::Staff(&[FrontDesk]), Target::FullEvent, none),
    // volunteers
    ("volunteerForEvent", Access::Member, Target::EmptyEvent, |f| Some(volunteer_body(&f.owner.email))),
    ("listEventVolunteers", Access::Staff(&[VolunteerCoordinator]), Target::Event, none),
    ("exportEventVolunteers", Access::Staff(&[VolunteerCoordinator]), Target::Event, none),
    ("getOwnVolunteerRecord", Access::Own, Target::Event, none),
    ("countEventVolunteers", Access::Public, Target::Event, none),
    ("withdrawVolunteer", Access::OwnerOrStaff(404, &[VolunteerCoordinator]), Target::Event, none),
    ("listUserVolunteering", Access::OwnerOrStaff(403, &[Treasurer, FrontDesk]), Target::None, none),
    // festival volunteering: the plan and the board are the volunteer coordinators'
    ("getVolunteerPlan", Access::Public, Target::Event, none),
    ("setVolunteerDropCutoff", Access::Staff(&[VolunteerCoordinator]), Target::Event, |_| Some(json!({"dropCutoffHours": 48}))),
    ("copyVolunteerPlan", Access::Staff(&[VolunteerCoordinator]), Target::EmptyEvent, |f| Some(json!({"fromEventId": f.event}))),
    ("addVolunteerRole", Access::Staff(&[VolunteerCoordinator]), Target::Event, |_| Some(json!({"name": "Parking", "minAge": 16}))),
    ("updateVolunteerRole", Access::Staff(&[VolunteerCoordinator]), Target::VolunteerRole, |_| Some(json!({"name": "Shoe rack"}))),
    ("deleteVolunteerRole", Access::Staff(&[VolunteerCoordinator]), Target::VolunteerRole, none),
    ("addVolunteerShift", Access::Staff(&[VolunteerCoordinator]), Target::VolunteerRole, |f| {
        Some(json!({"startsAt": f.shift_times.0, "endsAt": f.shift_times.1, "needed": 3}))
    }),
    ("updateVolunteerShift", Access::Staff(&[VolunteerCoordinator]), Target::Shift, |f| {
        Some(json!({"startsAt": f.shift_times.0, "endsAt": f.shift_times.1, "needed": 5}))
    }),
    ("deleteVolunteerShift", Access::Staff(&[VolunteerCoordinator]), Target::EmptyShift, none),
    // Anyone signed in may sign up (each caller once); the owner is on the shift already.
    ("signUpForShift", Access::Special([401, 201, 409, 201], &[]), Target::Shift, |_| Some(json!({}))),
    ("dropShiftSignup", Access::OwnerOrStaff(404, &[VolunteerCoordinator]), Target::ShiftSignup, none),
    // Before the cut-off the owner drops the shift themself (409); nobody else sees the sign-up.
    ("requestShiftDrop", Access::Special([401, 404, 409, 404], &[]), Target::ShiftSignup, none),
    ("declineShiftDrop", Access::Staff(&[VolunteerCoordinator]), Target::ShiftSignup, none),
    ("moveShiftSignup", Access::Staff(&[VolunteerCoordinator]), Target::ShiftSignup, |f| Some(json!({"shiftId": f.empty_shift}))),
    // Allowed, then refused for a shift that has not started (400).
    ("markShiftAttendance", Access::Special([401, 403, 403, 400], &[VolunteerCoordinator]), Target::ShiftSignup, |_| {
        Some(json!({"attendance": "present"}))
    }),
    ("listMyVolunteerShifts", Access::Member, Target::None, none),
    ("getVolunteerBoard", Access::Staff(&[VolunteerCoordinator]), Target::Event, none),
    ("messageVolunteers", Access::Staff(&[VolunteerCoordinator]), Target::Event, |f| {
        Some(json!({"shiftId": f.shift, "subject": "Parking at six", "body": "Please bring a vest."}))
    }),
    ("shiftSignInSheet", Access::Staff(&[VolunteerCoordinator]), Target::Shift, none),
    // Door duty for one event, granted by a coordinator (to the owner; taking it off is idempotent).
    ("listDoorStaff", Access::Staff(&[VolunteerCoordinator]), Target::Event, none),
    ("grantDoorDuty", Access::Staff(&[VolunteerCoordinator]), Target::Event, |f| Some(json!({"email": f.owner.email}))),
    ("revokeDoorDuty", Access::Staff(&[VolunteerCoordinator]), Target::Event, none),
    ("listMyDoorDuties", Access::Member, Target::None, none),
    // donation types
    ("listDonationTypes", Access::Public, Target::None, none),
    ("createDonationType", Access::Staff(&[Treasurer]), Target::None, |_| {
        Some(json!({"name": unique_name("Matrix type"), "defaultAmount": "11.00"}))
    }),
    ("updateDonationType", Access::Staff(&[Treasurer]), Target::DonationType, |_| Some(json!({"description": "Changed"}))),
    ("deleteDonationType", Access::Staff(&[Treasurer]), Target::DonationType, none),
    // funds
    ("listFunds", Access::Public, Target::None, none),
    ("getFund", Access::Public, Target::Fund, none),
    ("getFundMonths", Access::Public, Target::Fund, none),
    ("listMyPledges", Access::Member, Target::None, none),
    ("createMyPledge", Access::Member, Target::None, |_| Some(pledge_body())),
    ("cancelMyPledge", Access::Own, Target::Pledge, none),
    // households: only the owner has one (the fixture has everyone else leave theirs)
    ("getMyHousehold", Access::Member, Target::None, none),
    // The owner has a household already: 400.
    ("createMyHousehold", Access::Special([401, 201, 400, 201], &[]), Target::None, |_| Some(json!({"name": "Matrix household"}))),
    ("updateMyHousehold", Access::Own, Target::None, |_| Some(json!({"name": "Matrix household", "statement": "separate"}))),
    ("leaveMyHousehold", Access::Own, Target::None, none),
    ("inviteToMyHousehold", Access::Own, Target::None, |_| {
        Some(json!({"email": format!("matrix-invitee-{}@example.org", uuid::Uuid::new_v4().simple())}))
    }),
    ("cancelHouseholdInvitation", Access::Own, Target::SentInvitation, none),
    // Only the invited address's owner may accept; the owner has a household already: 400.
    ("acceptHouseholdInvitation", Access::Special([401, 404, 400, 404], &[]), Target::ReceivedInvitation, none),
    ("declineHouseholdInvitation", Access::Own, Target::ReceivedInvitation, none),
    // recurring gifts: their member or the holder of their signed link (no link here), so a
    // visitor, another member and staff get 404 alike.
    ("startRecurringGift", Access::Public, Target::None, |_| Some(recurring_body())),
    ("listMyRecurringGifts", Access::Member, Target::None, none),
    ("listRecurringGifts", Access::Staff(&[Treasurer]), Target::None, none),
    ("getRecurringGift", Access::Special([404, 404, 200, 404], &[]), Target::RecurringGift, none),
    ("changeRecurringGift", Access::Special([404, 404, 200, 404], &[]), Target::RecurringGift, |_| Some(json!({"amount": 51}))),
    ("pauseRecurringGift", Access::Special([404, 404, 200, 404], &[]), Target::RecurringGift, none),
    // The owner's gift is active: resuming it is a conflict.
    ("resumeRecurringGift", Access::Special([404, 404, 409, 404], &[]), Target::RecurringGift, none),
    ("cancelRecurringGift", Access::Special([404, 404, 200, 404], &[]), Target::RecurringGift, none),
    ("startRecurringGiftCardSetup", Access::Special([404, 404, 200, 404], &[]), Target::RecurringGift, none),
    // The sandbox's card form has no card for Stripe's step to read: 400 for the owner.
    ("saveRecurringGiftCard", Access::Special([404, 404, 400, 404], &[]), Target::RecurringGift, |f| {
        Some(json!({"setupIntentId": f.gift_setup_id, "clientSecret": f.gift_setup_secret}))
    }),
    ("saveRecurringGiftTestCard", Access::Special([404, 404, 200, 404], &[]), Target::RecurringGift, |f| {
        Some(
            json!({"setupIntentId": f.gift_setup_id, "clientSecret": f.gift_setup_secret, "outcome": "succeeded", "last4": "4242", "expMonth": 12, "expYear": 2031}),
        )
    }),
    ("listPledges", Access::Staff(&[Treasurer]), Target::None, none),
    ("sendPledgeReminders", Access::Staff(&[Treasurer]), Target::None, |_| Some(json!({}))),
    // The fixture's counter gift counts toward its pledge already: counting it again is the same.
    ("assignPledgeGift", Access::Staff(&[Treasurer]), Target::Pledge, |f| Some(json!({"receiptNumber": f.pledge_gift_receipt}))),
    ("unassignPledgeGift", Access::Staff(&[Treasurer]), Target::Pledge, none),
    ("createFund", Access::Staff(&[Treasurer]), Target::None, |_| Some(json!({"name": unique_name("Matrix fund"), "goal": "1000"}))),
    ("updateFund", Access::Staff(&[Treasurer]), Target::Fund, |_| Some(json!({"description": "Changed"}))),
    // payment methods
    ("listActivePaymentMethods", Access::Public, Target::None, none),
    ("listPaymentMethods", Access::Staff(&[Treasurer]), Target::None, none),
    ("createPaymentMethod", Access::Staff(&[Treasurer]), Target::None, |_| {
        Some(json!({"name": unique_name("matrix"), "displayName": "Matrix method", "sortOrder": 5}))
    }),
    ("updatePaymentMethod", Access::Staff(&[Treasurer]), Target::PaymentMethod, |_| Some(json!({"isActive": false}))),
    ("deletePaymentMethod", Access::Staff(&[Treasurer]), Target::PaymentMethod, none),
    // payments
    ("createPaymentIntent", Access::Public, Target::None, |_| Some(intent_body())),
    ("confirmSandboxPayment", Access::Public, Target::None, |f| {
        Some(json!({"paymentIntentId": f.intent_id, "clientSecret": f.intent_secret, "outcome": "succeeded"}))
    }),
    ("getIntentPayment", Access::Public, Target::Intent, none),
    ("confirmZellePayment", Access::Public, Target::None, |_| Some(zelle_body(None))),
    ("handleStripeWebhook", Access::Special([400, 400, 400, 400], &[]), Target::None, |_| Some(json!({"id": "evt_1", "type": "ping"}))),
    ("listMyPayments", Access::Member, Target::None, none),
    ("getMyYearTotals", Access::Member, Target::None, none),
    ("exportMyPayments", Access::Member, Target::None, none),
    ("listPayments", Access::Staff(&[Treasurer]), Target::None, none),
    ("getPaymentLedger", Access::Staff(&[Treasurer]), Target::None, none),
    ("exportPaymentLedger", Access::Staff(&[Treasurer]), Target::None, none),
    ("getPaymentAudit", Access::Staff(&[Treasurer]), Target::Payment, none),
    // Before `setPaymentStatus`: the payment is still pending, so an admin's resend is a conflict.
    ("resendReceipt", Access::Special([401, 403, 403, 409], &[Treasurer]), Target::Payment, none),
    ("listReceiptEmails", Access::Staff(&[Treasurer]), Target::Payment, none),
    // No such receipt: everyone alike (roles and signatures: receipts.rs).
    ("getReceipt", Access::Special([404, 404, 404, 404], &[]), Target::None, none),
    ("printReceipt", Access::Special([404, 404, 404, 404], &[]), Target::None, none),
    // A Zelle payment: only completed card payments are refunded, so an admin gets a conflict
    // (refunds themselves: ledger.rs).
    ("refundPayment", Access::Special([401, 403, 403, 409], &[Treasurer]), Target::Payment, |_| Some(json!({"amount": 1}))),
    ("setPaymentStatus", Access::Staff(&[Treasurer]), Target::Payment, |_| Some(json!({"status": "completed"}))),
    ("getPaymentTotals", Access::Staff(&[Treasurer]), Target::None, none),
    // year-end statements (of the current year: sending and progress: statements.rs)
    ("sendStatements", Access::Staff(&[Treasurer]), Target::None, none),
    ("getStatementProgress", Access::Staff(&[Treasurer]), Target::None, none),
    ("getMyStatement", Access::Member, Target::None, none),
    ("printStatements", Access::Staff(&[Treasurer]), Target::None, none),
    ("printMyStatement", Access::Member, Target::None, none),
    // recurring services
    ("listServices", Access::Public, Target::None, none),
    ("listServiceOccurrences", Access::Public, Target::None, none),
    // the panchangam
    ("getPanchangam", Access::Public, Target::None, none),
    ("listFestivals", Access::Public, Target::None, none),
    ("getFestivalCalendar", Access::Public, Target::None, none),
    ("workOutBirthStar", Access::Public, Target::None, |_| {
        Some(json!({"birthDate": "1990-08-15", "birthTime": "05:30", "birthZone": "Asia/Kolkata"}))
    }),
    ("listFestivalRules", Access::Staff(&[Editor]), Target::None, none),
    ("createFestivalRule", Access::Staff(&[Editor]), Target::None, |_| Some(festival_body("Matrix festival"))),
    ("updateFestivalRule", Access::Staff(&[Editor]), Target::Festival, |_| Some(festival_body("Changed festival"))),
    ("deleteFestivalRule", Access::Staff(&[Editor]), Target::Festival, none),
    ("previewFestivalEvents", Access::Staff(&[Editor]), Target::Festival, none),
    ("createFestivalEvents", Access::Staff(&[Editor]), Target::Festival, |_| {
        Some(json!({"time": "18:00", "location": "Main hall", "description": "Festival puja, bhajans and prasadam"}))
    }),
    ("createService", Access::Staff(&[Editor]), Target::None, |_| Some(service_body("Matrix service"))),
    ("updateService", Access::Staff(&[Editor]), Target::Service, |_| Some(service_body("Changed service"))),
    ("deleteService", Access::Staff(&[Editor]), Target::Service, none),
    // priests
    ("listPriests", Access::Public, Target::None, none),
    ("createPriest", Access::Staff(&[Editor]), Target::None, |_| Some(json!({"name": "Matrix Priest", "photo": PNG}))),
    ("updatePriest", Access::Staff(&[Editor]), Target::Priest, |_| Some(json!({"name": "Changed Priest"}))),
    ("deletePriest", Access::Staff(&[Editor]), Target::Priest, none),
    ("reorderPriests", Access::Staff(&[Editor]), Target::None, |f| Some(json!({"ids": f.priests}))),
    ("getPriestPhoto", Access::Public, Target::Priest, none),
    // sevas
    ("listSevas", Access::Public, Target::None, none),
    ("createSeva", Access::Staff(&[]), Target::None, |_| Some(seva_body("Matrix seva", 1100))),
    ("getSeva", Access::Public, Target::Seva, none),
    ("updateSeva", Access::Staff(&[]), Target::Seva, |_| Some(seva_body("Changed seva", 1500))),
    ("deleteSeva", Access::Staff(&[]), Target::EmptySeva, none),
    ("getSevaImage", Access::Public, Target::Seva, none),
    ("getSevaAvailability", Access::Public, Target::Seva, none),
    ("getSevaSettings", Access::Public, Target::None, none),
    ("updateSevaSettings", Access::Staff(&[]), Target::None, |_| {
        Some(json!({"zellePendingConfirms": false, "cancellationPolicy": "Matrix"}))
    }),
    ("bookSeva", Access::Member, Target::Seva, |_| Some(seva_booking_body())),
    ("listMySevaBookings", Access::Member, Target::None, none),
    ("getSevaBooking", Access::OwnerOrStaff(404, &[FrontDesk]), Target::HeldBooking, none),
    ("paySevaBooking", Access::Own, Target::HeldBooking, |_| Some(json!({"method": "card"}))),
    ("cancelSevaBooking", Access::OwnerOrStaff(404, &[FrontDesk]), Target::HeldBooking, none),
    ("assignSevaPriest", Access::Staff(&[FrontDesk]), Target::HeldBooking, |f| Some(json!({"priestId": f.priest}))),
    // The priest's own day: the priest's account and the admin's are each linked to a priest.
    ("listMyAssignedSevas", Access::Staff(&[Priest]), Target::None, none),
    ("completeSevaBooking", Access::Staff(&[FrontDesk, Priest]), Target::ConfirmedBooking, none),
    ("getSevaSchedule", Access::Staff(&[FrontDesk]), Target::None, none),
    ("exportSevaSchedule", Access::Staff(&[FrontDesk]), Target::None, none),
    // family members
    ("listFamilyMembers", Access::Member, Target::None, none),
    ("createFamilyMember", Access::Member, Target::None, |_| Some(json!({"name": "Matrix Relative", "relation": "Brother"}))),
    ("updateFamilyMember", Access::Own, Target::FamilyMember, |_| Some(json!({"name": "Changed Relative"}))),
    ("deleteFamilyMember", Access::Own, Target::FamilyMember, none),
    // star birthdays: the owner's family member's, recorded by the fixture
    ("listStarBirthdays", Access::Member, Target::None, none),
    ("putStarBirthday", Access::Own, Target::FamilyMember, |_| Some(json!({"nakshatra": 4, "remind": true}))),
    ("deleteStarBirthday", Access::Own, Target::FamilyMember, none),
    // admin
    ("listStaff", Access::Staff(&[]), Target::None, none),
    ("setStaffRoles", Access::Staff(&[]), Target::None, |f| Some(json!({"email": f.bystander_email, "roles": ["editor"]}))),
    ("linkPriestAccount", Access::Staff(&[]), Target::Priest, |_| Some(json!({"email": null}))),
    ("listStaffInvitations", Access::Staff(&[]), Target::None, none),
    ("inviteStaff", Access::Staff(&[]), Target::None, |_| Some(json!({"email": unique_email("invited"), "roles": ["editor"]}))),
    ("withdrawStaffInvitation", Access::Staff(&[]), Target::Invitation, none),
    // the counter
    ("findCounterPeople", Access::Staff(&[Treasurer, FrontDesk]), Target::None, none),
    ("getWalkInStatement", Access::Staff(&[FrontDesk]), Target::WalkIn, none),
    ("createCounterSale", Access::Staff(&[FrontDesk]), Target::None, |_| Some(counter_sale_body())),
    ("getCounterSale", Access::Staff(&[FrontDesk]), Target::CounterSale, none),
    ("voidCounterSale", Access::Staff(&[Treasurer]), Target::CounterSale, |_| Some(json!({"reason": "Matrix void"}))),
    ("createCardCharge", Access::Staff(&[FrontDesk]), Target::None, |_| {
        Some(json!({"saleKey": format!("matrix-sale-{}", uuid::Uuid::new_v4().simple()), "amount": 10}))
    }),
    ("getCardCharge", Access::Staff(&[FrontDesk]), Target::CardCharge, none),
    // "processing" leaves the charge as it is, whoever asks first.
    ("confirmSandboxCardCharge", Access::Staff(&[FrontDesk]), Target::CardCharge, |f| {
        Some(json!({"clientSecret": f.card_secret, "outcome": "processing"}))
    }),
    // The first refund gives the charge back; later ones answer it as it is.
    ("refundCardCharge", Access::Staff(&[FrontDesk]), Target::CardCharge, none),
    ("createCheckBatch", Access::Staff(&[Treasurer]), Target::None, |_| {
        Some(
            json!({"channel": "mail", "checks": [{"donor": {"name": "Matrix Check"}, "lines": [{"donationTypeId": "custom", "amount": 25, "name": "General donation"}], "check": {"amount": 25, "checkNumber": "1001", "bank": "Golden 1", "checkDate": "2026-11-20"}}]}),
        )
    }),
    // the cash office
    ("listCollections", Access::Staff(&[Treasurer]), Target::None, none),
    ("createCollection", Access::Staff(&[Treasurer]), Target::None, |_| Some(collection_body())),
    ("getCollection", Access::Staff(&[Treasurer]), Target::Collection, none),
    ("updateCollection", Access::Staff(&[Treasurer]), Target::Collection, |_| Some(collection_body())),
    ("deleteCollection", Access::Staff(&[Treasurer]), Target::Collection, none),
    ("confirmCollection", Access::Staff(&[Treasurer]), Target::Collection, |_| Some(json!({"revision": 1}))),
    ("getDrawer", Access::Staff(&[FrontDesk]), Target::None, none),
    ("closeDrawer", Access::Staff(&[FrontDesk]), Target::None, |f| {
        Some(json!({"expected": f.drawer_expected, "counted": f.drawer_expected}))
    }),
    ("listDrawerCloses", Access::Staff(&[FrontDesk]), Target::None, none),
    ("listUndeposited", Access::Staff(&[Treasurer]), Target::None, none),
    ("listDeposits", Access::Staff(&[Treasurer]), Target::None, none),
    ("createDeposit", Access::Staff(&[Treasurer]), Target::None, |f| Some(json!({"collectionIds": [f.locked_collection]}))),
    ("getDeposit", Access::Staff(&[Treasurer]), Target::Deposit, none),
    ("clearDeposit", Access::Staff(&[Treasurer]), Target::Deposit, none),
    ("deleteDeposit", Access::Staff(&[Treasurer]), Target::Deposit, none),
    ("getDailyReport", Access::Staff(&[Treasurer, FrontDesk]), Target::None, none),
    // An unknown token: the same for everyone (the link's page, ADR 0128).
    ("previewStaffInvitation", Access::Special([400, 400, 400, 400], &[]), Target::None, |_| Some(json!({"token": "unknown"}))),
    ("acceptStaffInvitation", Access::Special([400, 400, 400, 400], &[]), Target::None, |_| Some(json!({"token": "unknown"}))),
    // imports (admins)
    ("inspectImportFile", Access::Staff(&[]), Target::None, |_| Some(import_file())),
    ("dryRunImport", Access::Staff(&[]), Target::None, |_| Some(import_file())),
    ("importReportCsv", Access::Staff(&[]), Target::None, |_| Some(import_file())),
    ("runImport", Access::Staff(&[]), Target::None, |_| Some(import_file())),
    ("listImports", Access::Staff(&[]), Target::None, none),
    ("undoImport", Access::Staff(&[]), Target::Import, none),
    ("listImportMappings", Access::Staff(&[]), Target::None, none),
    ("saveImportMapping", Access::Staff(&[]), Target::None, |_| {
        Some(json!({"kind": "gifts", "name": "Matrix mapping", "mapping": {"date": "Date", "amount": "Amount", "method": "Method"}}))
    }),
    ("deleteImportMapping", Access::Staff(&[]), Target::ImportMapping, none),
    // the reports (treasurers)
    ("getGivingReport", Access::Staff(&[Treasurer]), Target::None, none),
    ("getActivityReport", Access::Staff(&[Treasurer]), Target::None, none),
    ("exportGivingReport", Access::Staff(&[Treasurer]), Target::None, none),
    ("exportActivityReport", Access::Staff(&[Treasurer]), Target::None, none),
    // the books (treasurers)
    ("listLedgerAccounts", Access::Staff(&[Treasurer]), Target::None, none),
    ("createLedgerAccount", Access::Staff(&[Treasurer]), Target::None, |_| {
        let unique = uuid::Uuid::new_v4().simple().to_string();
        Some(json!({"code": format!("M{}", &unique[..8]), "name": format!("Matrix {unique}"), "kind": "income"}))
    }),
    ("updateLedgerAccount", Access::Staff(&[Treasurer]), Target::LedgerAccount, |_| {
        Some(json!({"name": format!("Program income {}", uuid::Uuid::new_v4().simple())}))
    }),
    ("getAccountMappings", Access::Staff(&[Treasurer]), Target::None, none),
    ("setAccountMapping", Access::Staff(&[Treasurer]), Target::None, |_| {
        Some(json!({"subject": "method", "subjectId": "paypal", "accountId": "acct-checking"}))
    }),
    ("previewAccountingExport", Access::Staff(&[Treasurer]), Target::None, none),
    ("createAccountingExport", Access::Staff(&[Treasurer]), Target::None, |_| {
        Some(json!({"from": "2026-03-01", "to": "2026-03-31", "format": "iif", "again": true}))
    }),
    ("listAccountingExports", Access::Staff(&[Treasurer]), Target::None, none),
    ("downloadAccountingExport", Access::Staff(&[Treasurer]), Target::AccountingExport, none),
    // card fees and payouts (treasurers)
    ("listPayouts", Access::Staff(&[Treasurer]), Target::None, none),
    ("getPayout", Access::Staff(&[Treasurer]), Target::Payout, none),
    ("reconcilePayouts", Access::Staff(&[Treasurer]), Target::None, none),
    ("listAudit", Access::Staff(&[]), Target::None, none),
    ("exportAudit", Access::Staff(&[]), Target::None, none),
    ("grantAdmin", Access::Staff(&[]), Target::None, |f| Some(json!({"email": f.bystander_email}))),
    ("revokeAdmin", Access::Staff(&[]), Target::None, |f| Some(json!({"email": f.spare_admin_email}))),
    ("listJobs", Access::Staff(&[]), Target::None, none),
    ("listMembers", Access::Staff(&[Treasurer, FrontDesk]), Target::None, none),
    ("exportMembers", Access::Staff(&[]), Target::None, none),
    ("getMember", Access::Staff(&[Treasurer, FrontDesk]), Target::Member, none),
    ("listMemberPayments", Access::Staff(&[Treasurer]), Target::Member, none),
    // site
    ("getSite", Access::Public, Target::None, none),
    ("updateSite", Access::Staff(&[Editor]), Target::None, |_| {
        Some(json!({"templeName": "Matrix Temple", "weekdayMorning": "9:00 AM - 11:00 AM"}))
    }),
    ("listNotices", Access::Staff(&[Editor]), Target::None, none),
    ("createNotice", Access::Staff(&[Editor]), Target::None, |_| Some(notice_body())),
    ("updateNotice", Access::Staff(&[Editor]), Target::Notice, |_| Some(notice_body())),
    ("deleteNotice", Access::Staff(&[Editor]), Target::Notice, none),
    // calendars (ADR 0105): an unknown personal feed token is not found, whoever asks
    ("getEventCalendar", Access::Public, Target::Event, none),
    ("getTempleCalendar", Access::Public, Target::None, none),
    ("getPersonalCalendar", Access::Special([404, 404, 404, 404], &[]), Target::None, none),
    // account settings (ADR 0107); the password-checked operations with a wrong password, so no
    // caller's session or account changes (their flows: account.rs)
    ("getAccountSettings", Access::Member, Target::None, none),
    // texting (ADR 0148): a number that is not one, a code never asked for; replies come from the
    // provider as a form (here the development folder's, which has no signature): none is a 400
    ("getTexting", Access::Member, Target::None, none),
    ("sendTextCode", Access::Special([401, 400, 400, 400], &[]), Target::None, |_| Some(json!({"phone": "555"}))),
    ("confirmTextCode", Access::Special([401, 400, 400, 400], &[]), Target::None, |_| {
        Some(json!({"code": "123456", "timeZone": "America/Los_Angeles"}))
    }),
    ("updateTexting", Access::Member, Target::None, |_| Some(json!({"kinds": [], "timeZone": "America/Los_Angeles"}))),
    ("removeTexting", Access::Member, Target::None, none),
    ("handleInboundText", Access::Special([400, 400, 400, 400], &[]), Target::None, none),
    ("getTextingOverview", Access::Staff(&[]), Target::None, none),
    ("setTextingCap", Access::Staff(&[]), Target::None, |_| Some(json!({"monthlyCap": 500}))),
    ("setReminders", Access::Member, Target::None, |_| Some(json!({"enabled": false}))),
    ("setLanguage", Access::Member, Target::None, |_| Some(json!({"language": "te"}))),
    ("changePassword", Access::Special([401, 400, 400, 400], &[]), Target::None, |_| {
        Some(json!({"currentPassword": "not-the-password", "newPassword": "another1"}))
    }),
    ("changeEmail", Access::Special([401, 400, 400, 400], &[]), Target::None, |_| {
        Some(json!({"newEmail": unique_email("moved"), "currentPassword": "not-the-password"}))
    }),
    ("confirmEmailChange", Access::Public, Target::None, none),
    ("newCalendarFeed", Access::Member, Target::None, none),
    ("stopCalendarFeed", Access::Member, Target::None, none),
    ("exportAccount", Access::Member, Target::None, none),
    ("deleteAccount", Access::Special([401, 400, 400, 400], &[]), Target::None, |_| Some(json!({"currentPassword": "not-the-password"}))),
    // setup: admins exist here, so every setup link is refused, whoever sends it
    ("checkSetup", Access::Special([404, 404, 404, 404], &[]), Target::None, |_| Some(json!({"token": "unknown"}))),
    ("completeSetup", Access::Special([404, 404, 404, 404], &[]), Target::None, |_| {
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

/// A one-member file to import, with its mapping (a new address at every call).
fn import_file() -> Value {
    use base64::Engine as _;
    let text = format!("First name,Last name,Email\nMatrix,Member,{}\n", unique_email("imported"));
    json!({
        "kind": "members",
        "fileName": "members.csv",
        "content": base64::engine::general_purpose::STANDARD.encode(text),
        "mapping": {"firstName": "First name", "lastName": "Last name", "email": "Email"},
    })
}

fn festival_body(name: &str) -> Value {
    json!({"name": name, "lunarMonth": 11, "tithi": 7, "moment": "sunrise", "source": "Matrix"})
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

fn recurring_body() -> Value {
    let start = (chrono::Utc::now() + chrono::Duration::days(2)).date_naive().to_string();
    json!({"amount": 25, "frequency": "monthly", "fundId": mandir_domain::fund::GENERAL_FUND_ID, "startOn": start, "name": "Guest Donor", "email": "guest@example.org"})
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
    /// A walk-in at `event`'s door.
    door_walk_in: String,
    /// The owner's registration's confirmation code.
    attendee_code: String,
    volunteer: String,
    payment: String,
    intent_id: String,
    intent_secret: String,
    donation_type: String,
    payment_method: String,
    bystander_email: String,
    spare_admin_email: String,
    notice: String,
    invitation: String,
    service: String,
    priest: String,
    /// Every priest's id, in order.
    priests: Vec<String>,
    seva: String,
    empty_seva: String,
    held_booking: String,
    confirmed_booking: String,
    family_member: String,
    pledge: String,
    counter_sale: String,
    walk_in: String,
    /// A counter card charge, not yet paid, and its client secret.
    card_charge: String,
    card_secret: String,
    collection: String,
    /// A count confirmed by two people, in no deposit.
    locked_collection: String,
    deposit: String,
    festival: String,
    import: String,
    import_mapping: String,
    accounting_export: String,
    /// A payout recorded (written straight to the table: the sandbox pays out days later).
    payout: String,
    /// What the drawer holds now ("11.00").
    drawer_expected: String,
    sent_invitation: String,
    received_invitation: String,
    /// A walk-in's counter gift to the pledge's fund, counted toward the owner's pledge by hand.
    pledge_gift_payment: String,
    pledge_gift_receipt: String,
    recurring_gift: String,
    /// The card form of `recurring_gift`.
    gift_setup_id: String,
    gift_setup_secret: String,
    volunteer_role: String,
    shift: String,
    empty_shift: String,
    shift_signup: String,
    /// A shift's start and end near the owner's event (RFC 3339).
    shift_times: (String, String),
}

/// The staff accounts of the matrix, each holding one role, and the priest's profile linked to
/// the priest's account (the admin's account is linked to another, so both have a day).
struct Staff {
    admin: TestUser,
    roles: Vec<(Role, TestUser)>,
    linked_priest: String,
    /// A member whose household invites the owner, and the other member (neither has a role).
    inviter: TestUser,
    other: TestUser,
}

async fn staff(app: &TestApp) -> Staff {
    let admin = app.admin().await;
    let mut roles = Vec::new();
    for role in [Treasurer, FrontDesk, Priest, Editor, VolunteerCoordinator] {
        roles.push((role, app.staff(&admin, &[role.as_str()]).await));
    }
    app.set_roles(&admin, &admin.email, &["admin", "priest"]).await;
    let mut linked = Vec::new();
    for (name, email) in [("Matrix Priest", roles[2].1.email.clone()), ("Matrix Admin Priest", admin.email.clone())] {
        let priest: Value =
            expect_status(app.post("/api/priests", Some(&admin.token), json!({"name": name})).await, StatusCode::CREATED).await;
        let id = priest["id"].as_str().expect("id").to_owned();
        let link = app.put(&format!("/api/priests/{id}/account"), Some(&admin.token), json!({"email": email})).await;
        expect_status::<Value>(link, StatusCode::OK).await;
        linked.push(id);
    }
    let (inviter, other) = (app.member().await, app.member().await);
    Staff { admin, roles, linked_priest: linked.swap_remove(0), inviter, other }
}

async fn fixture(app: &TestApp, staff: &Staff, owner: &TestUser) -> Fixture {
    let admin = &staff.admin;
    let event: Value =
        expect_status(app.post("/api/events", Some(&admin.token), event_body("Owner's event")).await, StatusCode::CREATED).await;
    let event = event["id"].as_str().expect("id").to_owned();
    // A day after the owner's event: the places its one-step offers make do not overlap the shifts there.
    let empty_event = app.create_event(admin, "Empty event", 21, None).await["id"].as_str().expect("id").to_owned();
    let register = app.post(&format!("/api/events/{event}/register"), Some(&owner.token), json!({"numberOfFamilyMembers": 0})).await;
    let attendee: Value = expect_status(register, StatusCode::CREATED).await;
    let door_walk_in = app
        .post(&format!("/api/events/{event}/walk-ins"), Some(&admin.token), json!({"firstName": "Walk", "lastName": "In", "people": 1}))
        .await;
    let door_walk_in: Value = expect_status(door_walk_in, StatusCode::CREATED).await;
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
    let invited = json!({"email": unique_email("invited"), "roles": ["treasurer"]});
    let invitation: Value =
        expect_status(app.post("/api/admin/staff/invitations", Some(&admin.token), invited).await, StatusCode::CREATED).await;
    let service: Value =
        expect_status(app.post("/api/services", Some(&admin.token), service_body("Fixture service")).await, StatusCode::CREATED).await;
    // Before the sale: the deposit takes the drawer closed now, and the sale stays voidable.
    let cash_office = cash_office_fixture(app, staff).await;
    let (sent_invitation, received_invitation) = household_fixture(app, staff, owner).await;
    let sold = app
        .client
        .post(app.url("/api/counter/sales"))
        .bearer_auth(&admin.token)
        .header("Idempotency-Key", format!("matrix-{}", uuid::Uuid::new_v4().simple()))
        .json(&counter_sale_body())
        .send()
        .await
        .expect("sent");
    let counter_sale: Value = expect_status(sold, StatusCode::CREATED).await;
    let card = json!({"saleKey": "matrix-card-sale", "amount": 10});
    let card: Value =
        expect_status(app.post_with_key(admin, "/api/counter/card-charges", "matrix-card-0001", &card).await, StatusCode::CREATED).await;
    let found: Vec<Value> =
        expect_status(app.get("/api/counter/people?q=matrix%20walk-in", Some(&admin.token)).await, StatusCode::OK).await;
    let walk_in = found[0]["walkIn"]["id"].as_str().expect("the sale's walk-in").to_owned();
    // Before the drawer is read: its cash gift is in what the drawer expects.
    let (pledge_gift_payment, pledge_gift_receipt, pledge) = pledge_fixture(app, admin, owner).await;
    let drawer: Value = expect_status(app.get("/api/counter/drawer", Some(&admin.token)).await, StatusCode::OK).await;
    let drawer_expected = drawer["expected"].as_str().expect("expected").to_owned();
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
    // So are their confirmed ones: the priest assigned to each would otherwise have two at once.
    for held in mine.iter().filter(|b| b["status"] == "held" || b["status"] == "confirmed") {
        let id = held["id"].as_str().expect("id");
        expect_status::<Value>(app.post(&format!("/api/seva-bookings/{id}/cancel"), Some(&owner.token), json!({})).await, StatusCode::OK)
            .await;
    }
    let held_booking = book(seva.clone()).await;
    let confirmed_booking = book(free_seva).await;
    // The priest's own seva: they may mark it done.
    let assign = app
        .put(&format!("/api/seva-bookings/{confirmed_booking}/priest"), Some(&admin.token), json!({"priestId": staff.linked_priest}))
        .await;
    expect_status::<Value>(assign, StatusCode::OK).await;
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
    // The family member's birth star (deleting it needs one).
    let star = format!("/api/users/me/stars/{}", family["id"].as_str().expect("id"));
    expect_status::<Value>(app.put(&star, Some(&owner.token), json!({"nakshatra": 22})).await, StatusCode::OK).await;
    let festival: Value =
        expect_status(app.post("/api/admin/festivals", Some(&admin.token), festival_body("Fixture festival")).await, StatusCode::CREATED)
            .await;
    let import: Value = expect_status(app.post("/api/admin/imports", Some(&admin.token), import_file()).await, StatusCode::CREATED).await;
    let import_mapping: Value = expect_status(
        app.put(
            "/api/admin/import-mappings",
            Some(&admin.token),
            json!({"kind": "members", "name": uuid::Uuid::new_v4().to_string(), "mapping": {"firstName": "First name"}}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let books_export: Value = expect_status(
        app.post(
            "/api/admin/accounting/exports",
            Some(&admin.token),
            json!({"from": "2026-03-01", "to": "2026-03-31", "format": "gl_csv", "again": true}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let payout = format!("po_matrix_{}", uuid::Uuid::new_v4().simple());
    app.db
        .execute_raw(&format!(
            "INSERT INTO payouts (id, provider, amount_cents, arrival_date, status, provider_created_at, gross_cents, fees_cents, \
             net_cents, charges, refunds, unmatched, problems, recorded_at) VALUES ('{payout}', 'sandbox', 0, '2026-03-02', \
             'paid', '2026-03-01T00:00:00+00:00', 0, 0, 0, 0, 0, 0, '', '2026-03-01T00:00:00+00:00')"
        ))
        .await
        .expect("a payout");
    let (recurring_gift, gift_setup_id, gift_setup_secret) = recurring_fixture(app, owner).await;
    let shifts = shifts_fixture(app, admin, owner, &event).await;
    Fixture {
        volunteer_role: shifts.role,
        shift: shifts.shift,
        empty_shift: shifts.empty_shift,
        shift_signup: shifts.signup,
        shift_times: shifts.times,
        recurring_gift,
        gift_setup_id,
        gift_setup_secret,
        pledge_gift_payment,
        pledge_gift_receipt,
        owner: owner.clone(),
        event,
        empty_event,
        full_event,
        attendee: attendee["id"].as_str().expect("id").to_owned(),
        door_walk_in: door_walk_in["id"].as_str().expect("id").to_owned(),
        attendee_code: attendee["confirmationCode"].as_str().expect("code").to_owned(),
        volunteer: volunteer["id"].as_str().expect("id").to_owned(),
        payment: zelle["payment"]["id"].as_str().expect("id").to_owned(),
        intent_id: intent["paymentIntentId"].as_str().expect("id").to_owned(),
        intent_secret: intent["clientSecret"].as_str().expect("secret").to_owned(),
        donation_type: donation_type["id"].as_str().expect("id").to_owned(),
        payment_method: payment_method["id"].as_str().expect("id").to_owned(),
        bystander_email,
        spare_admin_email,
        notice: notice["id"].as_str().expect("id").to_owned(),
        invitation: invitation["id"].as_str().expect("id").to_owned(),
        service: service["id"].as_str().expect("id").to_owned(),
        priest: priest["id"].as_str().expect("id").to_owned(),
        priests,
        seva,
        empty_seva,
        held_booking,
        confirmed_booking,
        family_member: family["id"].as_str().expect("id").to_owned(),
        pledge: pledge["id"].as_str().expect("id").to_owned(),
        festival: festival["id"].as_str().expect("id").to_owned(),
        import: import["import"]["id"].as_str().expect("id").to_owned(),
        import_mapping: import_mapping["id"].as_str().expect("id").to_owned(),
        accounting_export: books_export["id"].as_str().expect("id").to_owned(),
        payout,
        counter_sale: counter_sale["id"].as_str().expect("id").to_owned(),
        walk_in,
        card_charge: card["paymentIntentId"].as_str().expect("intent").to_owned(),
        card_secret: card["clientSecret"].as_str().expect("secret").to_owned(),
        collection: cash_office.collection,
        locked_collection: cash_office.locked_collection,
        deposit: cash_office.deposit,
        drawer_expected,
        sent_invitation,
        received_invitation,
    }
}

struct ShiftsFixture {
    role: String,
    shift: String,
    empty_shift: String,
    signup: String,
    times: (String, String),
}

/// The owner's event's volunteer plan: a role with the owner's shift (four hours after the event
/// starts, after the one-step offers' shift the owner's offer made) and an empty one later that
/// day, and a second role with no shifts. The owner's sign-ups of earlier fixtures are dropped
/// first (their shifts are at about the same time), but not the places of their offers: dropping
/// one takes back its offer.
async fn shifts_fixture(app: &TestApp, admin: &TestUser, owner: &TestUser, event: &str) -> ShiftsFixture {
    let year = chrono::Datelike::year(&chrono::Utc::now());
    for year in [year, year + 1] {
        let mine: Value =
            expect_status(app.get(&format!("/api/account/volunteer-shifts?year={year}"), Some(&owner.token)).await, StatusCode::OK).await;
        for signup in mine["signups"].as_array().into_iter().flatten().filter(|signup| signup["roleName"] != "Volunteers") {
            let id = signup["id"].as_str().expect("id");
            expect_status::<Value>(app.delete(&format!("/api/shift-signups/{id}"), Some(&owner.token)).await, StatusCode::NO_CONTENT).await;
        }
    }
    let found: Value = expect_status(app.get(&format!("/api/events/{event}"), None).await, StatusCode::OK).await;
    let date = chrono::DateTime::parse_from_rfc3339(found["eventDate"].as_str().expect("date")).expect("date");
    let at = |hours: i64| (date + chrono::Duration::hours(hours)).to_rfc3339();
    let post = |path: String, body: Value| async move {
        let created: Value = expect_status(app.post(&path, Some(&admin.token), body).await, StatusCode::CREATED).await;
        created["id"].as_str().expect("id").to_owned()
    };
    let role = post(format!("/api/events/{event}/volunteer-roles"), json!({"name": "Kitchen", "reportTo": "Back door"})).await;
    let spare = post(format!("/api/events/{event}/volunteer-roles"), json!({"name": "Spare role"})).await;
    let shift = post(format!("/api/volunteer-roles/{role}/shifts"), json!({"startsAt": at(4), "endsAt": at(6), "needed": 2})).await;
    let empty_shift = post(format!("/api/volunteer-roles/{role}/shifts"), json!({"startsAt": at(7), "endsAt": at(9), "needed": 2})).await;
    let signed: Value = expect_status(
        app.post(&format!("/api/volunteer-shifts/{shift}/signups"), Some(&owner.token), json!({})).await,
        StatusCode::CREATED,
    )
    .await;
    ShiftsFixture { role: spare, shift, empty_shift, signup: signed["id"].as_str().expect("id").to_owned(), times: (at(10), at(12)) }
}

/// The owner's monthly gift with its sandbox card saved: its id and card form.
async fn recurring_fixture(app: &TestApp, owner: &TestUser) -> (String, String, String) {
    let started: Value =
        expect_status(app.post("/api/recurring-gifts", Some(&owner.token), recurring_body()).await, StatusCode::CREATED).await;
    let id = started["gift"]["id"].as_str().expect("id").to_owned();
    let setup_id = started["setup"]["setupIntentId"].as_str().expect("setup").to_owned();
    let secret = started["setup"]["clientSecret"].as_str().expect("secret").to_owned();
    let card = json!({"setupIntentId": setup_id, "clientSecret": secret, "outcome": "succeeded", "last4": "4242", "expMonth": 12, "expYear": 2031});
    let saved: Value =
        expect_status(app.post(&format!("/api/recurring-gifts/{id}/card/sandbox"), Some(&owner.token), card).await, StatusCode::OK).await;
    assert_eq!(saved["status"], "active", "{saved}");
    (id, setup_id, secret)
}

/// `member`'s household, formed now when they have none.
async fn household_of(app: &TestApp, member: &TestUser) -> Value {
    let mine: Value = expect_status(app.get("/api/household", Some(&member.token)).await, StatusCode::OK).await;
    if !mine["household"].is_null() {
        return mine["household"].clone();
    }
    expect_status(app.post("/api/household", Some(&member.token), json!({"name": "Matrix household"})).await, StatusCode::CREATED).await
}

/// Households as the matrix expects them: nobody but the owner and the inviter has one; the
/// owner's has a waiting invitation (answered first), and the inviter's invites the owner's address.
async fn household_fixture(app: &TestApp, staff: &Staff, owner: &TestUser) -> (String, String) {
    for who in std::iter::once(&staff.other).chain(std::iter::once(&staff.admin)).chain(staff.roles.iter().map(|(_, u)| u)) {
        let left = app.post("/api/household/leave", Some(&who.token), json!({})).await.status();
        assert!(left == StatusCode::NO_CONTENT || left == StatusCode::NOT_FOUND, "leaving: {left}");
    }
    let mut own = household_of(app, owner).await;
    if own["invitations"].as_array().is_none_or(Vec::is_empty) {
        let email = format!("matrix-invitee-{}@example.org", uuid::Uuid::new_v4().simple());
        let invite = app.post("/api/household/invitations", Some(&owner.token), json!({"email": email})).await;
        own = expect_status(invite, StatusCode::CREATED).await;
    }
    let mut theirs = household_of(app, &staff.inviter).await;
    let to_owner = |h: &Value| {
        h["invitations"].as_array().and_then(|list| list.iter().find(|i| i["email"] == owner.email.to_lowercase().as_str()).cloned())
    };
    if to_owner(&theirs).is_none() {
        let invite = app.post("/api/household/invitations", Some(&staff.inviter.token), json!({"email": owner.email})).await;
        theirs = expect_status(invite, StatusCode::CREATED).await;
    }
    let sent = own["invitations"][0]["id"].as_str().expect("sent invitation").to_owned();
    let received = to_owner(&theirs).expect("the owner's invitation")["id"].as_str().expect("id").to_owned();
    (sent, received)
}

/// The owner's pledge to a fund of its own, and a walk-in's cash gift at the counter to that fund
/// counted toward it by hand: `(the gift's payment id, its receipt number, the pledge)`.
async fn pledge_fixture(app: &TestApp, admin: &TestUser, owner: &TestUser) -> (String, String, Value) {
    let pledge_fund: Value = expect_status(
        app.post("/api/funds", Some(&admin.token), json!({"name": unique_name("Matrix pledges")})).await,
        StatusCode::CREATED,
    )
    .await;
    let mut pledge = pledge_body();
    pledge["fundId"] = pledge_fund["id"].clone();
    let pledge: Value = expect_status(app.post("/api/pledges/mine", Some(&owner.token), pledge).await, StatusCode::CREATED).await;
    let gift = json!({
        "donor": {"name": "Matrix Pledger"},
        "lines": [{"donationTypeId": "custom", "amount": 25, "name": "Bricks", "fundId": pledge_fund["id"]}],
        "tenders": [{"method": "cash", "amount": 25}],
    });
    let key = format!("matrix-{}", uuid::Uuid::new_v4().simple());
    let gift: Value = expect_status(app.post_with_key(admin, "/api/counter/sales", &key, &gift).await, StatusCode::CREATED).await;
    let pledge_gift_receipt = gift["payment"]["receiptNumber"].as_str().expect("receipt").to_owned();
    let pledge_id = pledge["id"].as_str().expect("id");
    let counted =
        app.post(&format!("/api/pledges/{pledge_id}/gifts"), Some(&admin.token), json!({"receiptNumber": pledge_gift_receipt})).await;
    expect_status::<Value>(counted, StatusCode::OK).await;
    (gift["payment"]["id"].as_str().expect("id").to_owned(), pledge_gift_receipt, pledge)
}

struct CashOffice {
    collection: String,
    locked_collection: String,
    deposit: String,
}

/// A fresh count, a count locked by the admin's and the treasurer's confirmations, a deposit of
/// the drawer closed now.
async fn cash_office_fixture(app: &TestApp, staff: &Staff) -> CashOffice {
    let admin = &staff.admin;
    let treasurer = &staff.roles.iter().find(|(r, _)| *r == Treasurer).expect("treasurer").1;
    let count = || async {
        let made: Value =
            expect_status(app.post("/api/collections", Some(&admin.token), collection_body()).await, StatusCode::CREATED).await;
        made["id"].as_str().expect("id").to_owned()
    };
    let collection = count().await;
    let locked_collection = count().await;
    for who in [admin, treasurer] {
        let confirm = app.post(&format!("/api/collections/{locked_collection}/confirm"), Some(&who.token), json!({"revision": 1})).await;
        expect_status::<Value>(confirm, StatusCode::OK).await;
    }
    let drawer: Value = expect_status(app.get("/api/counter/drawer", Some(&admin.token)).await, StatusCode::OK).await;
    let expected = drawer["expected"].clone();
    let closed = app
        .client
        .post(app.url("/api/counter/drawer/close"))
        .bearer_auth(&admin.token)
        .header("Idempotency-Key", format!("matrix-{}", uuid::Uuid::new_v4().simple()))
        .json(&json!({"expected": expected, "counted": expected}))
        .send()
        .await
        .expect("sent");
    let close: Value = expect_status(closed, StatusCode::CREATED).await;
    let deposit: Value =
        expect_status(app.post("/api/deposits", Some(&admin.token), json!({"drawerCloseIds": [close["id"]]})).await, StatusCode::CREATED)
            .await;
    CashOffice { collection, locked_collection, deposit: deposit["deposit"]["id"].as_str().expect("id").to_owned() }
}

fn collection_body() -> Value {
    json!({"boxName": "Matrix hundi", "countedOn": "2026-01-04", "counts": [{"denomination": "bill_20", "pieces": 3}]})
}

fn counter_sale_body() -> Value {
    json!({
        "donor": {"name": "Matrix Walk-in"},
        "lines": [{"donationTypeId": "custom", "amount": 11, "name": "Archana"}],
        "tenders": [{"method": "cash", "amount": 11, "tendered": 20}],
    })
}

/// A pledge to the General fund over the current year and the next (a fixture's goes to a fund
/// of its own: the owner's second pledge to a fund for these days would be refused).
fn pledge_body() -> Value {
    let year = chrono::Datelike::year(&chrono::Utc::now());
    json!({"fundId": mandir_domain::fund::GENERAL_FUND_ID, "amount": 101, "startsOn": format!("{year}-01-01"), "endsOn": format!("{}-12-31", year + 1)})
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
        Target::Fund => mandir_domain::fund::GENERAL_FUND_ID,
        Target::PaymentMethod => &f.payment_method,
        Target::Payment => &f.payment,
        Target::Intent => &f.intent_id,
        Target::Notice => &f.notice,
        Target::Invitation => &f.invitation,
        Target::Service => &f.service,
        Target::Priest => &f.priest,
        Target::Seva => &f.seva,
        Target::EmptySeva => &f.empty_seva,
        Target::HeldBooking => &f.held_booking,
        Target::ConfirmedBooking => &f.confirmed_booking,
        Target::FamilyMember => &f.family_member,
        Target::Pledge => &f.pledge,
        Target::CounterSale => &f.counter_sale,
        Target::CardCharge => &f.card_charge,
        Target::WalkIn => &f.walk_in,
        Target::Collection => &f.collection,
        Target::Deposit => &f.deposit,
        Target::Festival => &f.festival,
        Target::SentInvitation => &f.sent_invitation,
        Target::ReceivedInvitation => &f.received_invitation,
        Target::RecurringGift => &f.recurring_gift,
        Target::VolunteerRole => &f.volunteer_role,
        Target::Shift => &f.shift,
        Target::EmptyShift => &f.empty_shift,
        Target::ShiftSignup => &f.shift_signup,
        Target::Import => &f.import,
        Target::ImportMapping => &f.import_mapping,
        Target::LedgerAccount => "acct-program-income",
        Target::AccountingExport => &f.accounting_export,
        Target::Payout => &f.payout,
    };
    let mut path = template
        .replace("{id}", id)
        .replace("{userId}", &f.owner.id)
        .replace("{volunteerId}", &f.volunteer)
        .replace("{attendeeId}", &f.attendee)
        .replace("{walkInId}", &f.door_walk_in)
        .replace("{person}", &f.family_member)
        .replace("{gotramId}", "1")
        .replace("{receiptNumber}", "AUTO-1-1")
        .replace("{paymentId}", &f.pledge_gift_payment)
        .replace("{token}", "0123456789abcdef")
        .replace("{year}", &chrono::Datelike::year(&chrono::Utc::now()).to_string());
    assert!(!path.contains('{'), "no fixture for a parameter of {template}");
    match target {
        Target::Intent => path.push_str(&format!("?clientSecret={}", f.intent_secret)),
        _ if template == "/api/auth/verify-email" || template == "/api/account/confirm-email" => path.push_str("?token=unknown"),
        _ if template == "/api/services/occurrences"
            || template == "/api/admin/accounting/preview"
            || template == "/api/admin/payouts"
            || template.starts_with("/api/admin/reports/") =>
        {
            path.push_str("?from=2026-03-01&to=2026-03-31");
        }
        _ if template == "/api/sevas/{id}/availability" => path.push_str(&format!("?from={0}&to={0}", seva_date())),
        _ if template.starts_with("/api/admin/sevas/schedule") => path.push_str(&format!("?date={}", seva_date())),
        // The revision a correction was made against (a fresh count's).
        _ if template == "/api/collections/{id}" => path.push_str("?revision=1"),
        _ => {}
    }
    path
}

/// Who calls: a visitor, a member who owns nothing involved, the owner of the records, an account
/// holding one staff role, or an admin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caller {
    Visitor,
    OtherMember,
    Owner,
    Staff(Role),
    Admin,
}

impl std::fmt::Display for Caller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Visitor => f.write_str("visitor"),
            Self::OtherMember => f.write_str("other member"),
            Self::Owner => f.write_str("owner"),
            Self::Staff(role) => write!(f, "{role}"),
            Self::Admin => f.write_str("admin"),
        }
    }
}

const CALLERS: [Caller; 9] = [
    Caller::Visitor,
    Caller::OtherMember,
    Caller::Owner,
    Caller::Staff(Treasurer),
    Caller::Staff(FrontDesk),
    Caller::Staff(Priest),
    Caller::Staff(Editor),
    Caller::Staff(VolunteerCoordinator),
    Caller::Admin,
];

/// What `caller` should get: `None` for a success (2xx or 3xx), `Some(status)` otherwise.
fn expected(access: Access, caller: Caller) -> Option<u16> {
    let holds = |roles: &[Role]| match caller {
        Caller::Admin => true,
        Caller::Staff(role) => roles.contains(&role),
        _ => false,
    };
    match (access, caller) {
        (Access::Public, _) => None,
        (Access::Member | Access::Session | Access::Own | Access::OwnerOrStaff(..) | Access::Staff(_), Caller::Visitor) => Some(401),
        (Access::Member | Access::Session, _) => None,
        (Access::Own, Caller::Owner) => None,
        (Access::Own, _) => Some(404),
        (Access::OwnerOrStaff(_, roles), _) if caller == Caller::Owner || holds(roles) => None,
        (Access::OwnerOrStaff(other, _), _) => Some(other),
        (Access::Staff(roles), _) => {
            if holds(roles) {
                None
            } else {
                Some(403)
            }
        }
        (Access::Special(statuses, roles), _) => Some(match caller {
            Caller::Visitor => statuses[0],
            Caller::Owner => statuses[2],
            _ if holds(roles) => statuses[3],
            _ => statuses[1],
        }),
    }
}

/// The roles besides admin that the document names for an operation.
fn document_roles(op: &Value) -> Vec<String> {
    op["security"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["bearer"].as_array())
        .flatten()
        .filter_map(|r| r.as_str().map(str::to_owned))
        .filter(|r| r != "admin")
        .collect()
}

#[tokio::test]
async fn every_operation_answers_each_role_as_the_roles_table_says() {
    let doc = serde_json::to_value(mandir_http::api_doc()).expect("document");
    let mut operations = Vec::new();
    let mut stated = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            let id = op["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no operationId")).to_owned();
            stated.push((
                id.clone(),
                document_roles(op),
                op["security"].as_array().is_some_and(|s| s.iter().any(|r| r["bearer"].as_array().is_some_and(|r| !r.is_empty()))),
            ));
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
    // The roles the document states are the table's.
    for (id, roles, staff_only) in &stated {
        let (_, access, ..) = ACCESS.iter().find(|(name, ..)| name == id).expect("checked above");
        // A special case naming roles is a staff operation with an answer of its own (a conflict).
        let table: Option<Vec<String>> = match access {
            Access::Staff(roles) => Some(roles.iter().map(|r| r.as_str().to_owned()).collect()),
            Access::Special([_, 403, 403, _], roles) if !roles.is_empty() => Some(roles.iter().map(|r| r.as_str().to_owned()).collect()),
            _ => None,
        };
        match table {
            Some(table) => {
                assert!(staff_only, "{id}: the table says staff only, the document does not");
                assert_eq!(&table, roles, "{id}: the document's roles differ from the table's");
            }
            None => assert!(!staff_only, "{id}: the document says staff only, the table does not"),
        }
    }

    let app = spawn_app().await;
    let staff = staff(&app).await;
    let other = &staff.other;
    let owner = app.member().await;
    let token_of = |caller: Caller| -> Option<&str> {
        match caller {
            Caller::Visitor => None,
            Caller::OtherMember => Some(other.token.as_str()),
            Caller::Owner => Some(&owner.token),
            Caller::Staff(role) => staff.roles.iter().find(|(r, _)| *r == role).map(|(_, user)| user.token.as_str()),
            Caller::Admin => Some(&staff.admin.token),
        }
    };
    let mut failures = Vec::new();
    let mut current: Option<Fixture> = None;
    for (id, method, path) in &operations {
        let (_, access, target, body) = ACCESS.iter().find(|(name, ..)| name == id).expect("checked above");
        let method = Method::from_bytes(method.as_bytes()).expect("method");
        for caller in CALLERS {
            let want = expected(*access, caller);
            // Fresh records after any call that may have changed them: a write that went through.
            // A refused call changes nothing (were it to, the call itself fails the test).
            let f = match current.take() {
                Some(f) => f,
                None => fixture(&app, &staff, &owner).await,
            };
            let url = fill(path, *target, &f);
            // Operations that end the caller's sessions run with a throwaway account of its kind.
            let throwaway = match (access, caller) {
                (Access::Session, Caller::Admin) => Some(app.admin().await.token),
                (Access::Session, Caller::Staff(role)) => Some(app.staff(&staff.admin, &[role.as_str()]).await.token),
                (Access::Session, Caller::OtherMember | Caller::Owner) => Some(app.member().await.token),
                _ => None,
            };
            let token = throwaway.as_deref().or(token_of(caller));
            // Every call carries a fresh Idempotency-Key (the counter's sales need one; elsewhere
            // a new key is the same as none).
            let mut request = app
                .client
                .request(method.clone(), app.url(&url))
                .header("Idempotency-Key", format!("matrix-{}", uuid::Uuid::new_v4().simple()));
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            if let Some(body) = body(&f) {
                request = request.json(&body);
            }
            let response = request.send().await.expect("request sent");
            let got = response.status();
            if method == Method::GET || !got.is_success() {
                current = Some(f);
            }
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

//! The roles the outside world plays. One file per port.

pub mod account_repository;
pub mod accounting_repository;
pub mod almanac;
pub mod attendee_repository;
pub mod audit_log;
pub mod cash_office_repository;
pub mod change_notifier;
pub mod checkout;
pub mod clock;
pub mod counter_repository;
pub mod documents;
pub mod donation_type_repository;
pub mod door_repository;
pub mod event_repository;
pub mod family_member_repository;
pub mod festival_repository;
pub mod fund_repository;
pub mod gotram_repository;
pub mod health;
pub mod household_repository;
pub mod image_transcoder;
pub mod import_repository;
pub mod job_store;
pub mod mailer;
pub mod member_outbox;
pub mod outbox;
pub mod page_renderer;
pub mod password_hasher;
pub mod payment_audit_repository;
pub mod payment_gateway;
pub mod payment_method_repository;
pub mod payment_repository;
pub mod pledge_repository;
pub mod priest_repository;
pub mod qr_code;
pub mod rate_limit_store;
pub mod receipt_outbox;
pub mod recurring_gift_repository;
pub mod recurring_service_repository;
pub mod report_repository;
pub mod settlements;
pub mod setup_repository;
pub mod seva_booking_repository;
pub mod seva_repository;
pub mod shift_repository;
pub mod site_repository;
pub mod staff_invitations;
pub mod star_birthday_repository;
pub mod statement_store;
pub mod table_reader;
pub mod temple_zone;
pub mod texting;
pub mod token_issuer;
pub mod user_repository;
pub mod volunteer_repository;
pub mod webhook_verifier;

pub use account_repository::{AccountRepository, AccountSettings, EmailChanged};
pub use accounting_repository::AccountingRepository;
pub use almanac::{Almanac, AlmanacError};
pub use attendee_repository::{AdmissionError, AttendeeRepository, NewAttendeeRecord, NewWaitlistRecord};
pub use audit_log::{AuditLog, AuditSearch};
pub use cash_office_repository::{
    BookedSeva, CashOfficeRepository, CheckRecord, CollectionRecord, ConfirmStep, Confirmation, DayActivity, DepositRecord, DepositRef,
    DepositRefused, DepositSummary, DrawerCloseRecord, DrawerClosed, NewCollection, NewDeposit, NewDrawerClose, OpenDrawer, Undeposited,
};
pub use change_notifier::{ChangeListener, ChangeNotifier, LocalChangeBus, Topic, TopicWatch};
pub use checkout::Checkout;
pub use clock::{Clock, SystemClock};
pub use counter_repository::{
    BatchRecorded, CardCharge, CardRefund, CounterRepository, CounterSaleRecord, NewCounterSale, NewDonor, SaleDonor, SaleRecorded,
    SaleRegistration, SaleVoid, Voided,
};
pub use documents::Documents;
pub use donation_type_repository::{DonationTypeChanges, DonationTypeRecord, DonationTypeRepository};
pub use door_repository::{CheckedIn, DoorRecord, DoorRepository, DoorState, NewWalkIn, WalkInError};
pub use event_repository::{EventPicture, EventRepository, RelatedRecords, StoredImage};
pub use family_member_repository::FamilyMemberRepository;
pub use festival_repository::{FestivalEvent, FestivalRepository};
pub use fund_repository::{FundRecord, FundRepository};
pub use gotram_repository::GotramRepository;
pub use health::{HealthProbe, NotReady, PaymentCount, PoolUsage};
pub use household_repository::{HouseholdRepository, Joining, NewHousehold, NewInvitation};
pub use image_transcoder::{ImageTranscoder, PictureRefusal};
pub use import_repository::{BatchCounts, ImportRepository, ImportSummary, ImportedGift, MemberRef, NewImport, SavedMapping, Undo};
pub use job_store::{Finish, JobRun, JobState, JobStore, Progress, RunOutcome};
pub use mailer::{Attachment, MailError, Mailer, OutgoingEmail};
pub use member_outbox::{EventNotice, MemberEmail, MemberEmailKind, MemberOutbox, PledgeNotice, ShiftNotice, StarDayNotice};
pub use outbox::Outbox;
pub use page_renderer::{PageRenderer, RenderedPage, RendererScript};
pub use password_hasher::{HashError, PasswordHasher};
pub use payment_audit_repository::{PaymentAuditRepository, RefundChange};
pub use payment_gateway::{
    GatewayError, GatewayIntent, GatewayRefund, GatewaySetup, IntentRequest, IntentStatus, PaymentGateway, SavedCard, SavedCharge,
    SetupRequest, TestCard,
};
pub use payment_method_repository::{PaymentMethodRecord, PaymentMethodRepository};
pub use payment_repository::{EventFilter, NewPayment, PaymentFilter, PaymentRepository, StatusChange, WebhookOutcome, WebhookRecord};
pub use pledge_repository::{AssignedGift, Assignment, PledgeRecord, PledgeRepository, PledgeView};
pub use priest_repository::{PhotoChange, PriestFields, PriestRepository};
pub use qr_code::QrCodePainter;
pub use rate_limit_store::{Hit, RateLimitStore};
pub use receipt_outbox::{LinkSigner, OutboxWake, ReceiptEmail, ReceiptOutbox, ReceiptReason};
pub use recurring_gift_repository::{
    FinishedCharge, GiftEmail, GiftEmailKind, GiftEmailNew, GiftUpdate, NewRecurringGift, RecurringGiftRepository,
};
pub use recurring_service_repository::RecurringServiceRepository;
pub use report_repository::ReportRepository;
pub use settlements::{SettlementGateway, SettlementRepository, UnsettledCharge};
pub use setup_repository::{SetupCompletion, SetupRepository};
pub use seva_booking_repository::{BookingAdmission, NewBookingRecord, SevaBookingRepository};
pub use seva_repository::{SevaFields, SevaRepository};
pub use shift_repository::{
    DoorDuty, DoorStaffer, NewShiftSignup, PlacementError, PlanView, Promoted, ShiftContext, ShiftRepository, SignupView,
};
pub use site_repository::SiteRepository;
pub use staff_invitations::{Accepted, Acceptor, StaffInvitation, StaffInvitationRepository};
pub use star_birthday_repository::{StarBirthdayRepository, StarReminderTarget};
pub use statement_store::{StatementCounts, StatementDonor, StatementSend, StatementStore};
pub use table_reader::TableReader;
pub use temple_zone::{FixedTempleZone, TempleName, TemplePlace, TempleZone};
pub use texting::{NewText, OutgoingText, SentText, TextError, TextMessage, TextMessenger, TextRecord, TextRepository, TextSettings};
pub use token_issuer::{IssuedToken, TokenError, TokenIssuer, TokenSubject, VerifiedToken};
pub use user_repository::{AdminRemoval, LockedOut, MemberSearch, NewUserRecord, RolesChanged, UserCredentials, UserRepository};
pub use volunteer_repository::{NewVolunteerRecord, OfferError, VolunteerRepository};
pub use webhook_verifier::{ProviderEvent, ProviderEventKind, WebhookError, WebhookVerifier};

use crate::BoxError;

/// What a repository can answer besides its value.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("record not found")]
    NotFound,
    /// A unique or foreign-key constraint refused the write; the text names it.
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("database failure")]
    Unexpected(#[source] BoxError),
}

impl RepoError {
    pub fn unexpected(error: impl Into<BoxError>) -> Self {
        Self::Unexpected(error.into())
    }
}

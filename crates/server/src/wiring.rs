//! Builds the adapters from the configuration and hands them to the services. The only place
//! that knows every concrete adapter.

use std::sync::Arc;

use anyhow::Context;
use mandir_application::ports::{
    AuditLog, ChangeListener, ChangeNotifier, Clock, LinkSigner, LocalChangeBus, Mailer, OutboxWake, PasswordHasher, PaymentGateway,
    SystemClock, TempleName, TempleZone, TextMessenger, TokenIssuer, Topic, TopicWatch, WebhookVerifier,
};
use mandir_application::services::account::{AccountDeps, AccountService};
use mandir_application::services::admin::AdminService;
use mandir_application::services::audit::{AuditService, Recorder};
use mandir_application::services::auth::{AuthDeps, AuthService, AuthSettings};
use mandir_application::services::calendar::{CalendarDeps, CalendarService};
use mandir_application::services::cash_office::{CashOfficeDeps, CashOfficeService};
use mandir_application::services::counter::{CounterDeps, CounterService};
use mandir_application::services::counter_card::RefundUnusedCounterCards;
use mandir_application::services::counter_search::CounterSearch;
use mandir_application::services::donation_types::DonationTypeService;
use mandir_application::services::door_desk::{DoorDeps, DoorDeskService};
use mandir_application::services::door_index::DoorIndex;
use mandir_application::services::events::EventService;
use mandir_application::services::family_members::FamilyMemberService;
use mandir_application::services::festivals::FestivalService;
use mandir_application::services::funds::FundService;
use mandir_application::services::gotrams::GotramService;
use mandir_application::services::households::{HouseholdDeps, HouseholdService};
use mandir_application::services::images::ImageVariants;
use mandir_application::services::imports::{ImportPorts, ImportService};
use mandir_application::services::jobs::{ExpireAbandonedCardPayments, PurgeExpired, Scheduler};
use mandir_application::services::member_mail::{MemberMailDeps, MemberMailService, QueueReminders, SendMemberEmails};
use mandir_application::services::panchangam::PanchangamService;
use mandir_application::services::payment_methods::PaymentMethodService;
use mandir_application::services::payments::{PaymentDeps, PaymentService};
use mandir_application::services::pledges::{PledgeDeps, PledgeService};
use mandir_application::services::priests::PriestService;
use mandir_application::services::profile::ProfileService;
use mandir_application::services::rate_limits::{RateLimitPolicy, RateLimiter};
use mandir_application::services::receipts::{ReceiptDeps, ReceiptService, SendReceipts};
use mandir_application::services::recurring_gifts::{ChargeRecurringGifts, RecurringGiftDeps, RecurringGiftService};
use mandir_application::services::recurring_services::RecurringServiceService;
use mandir_application::services::registrations::RegistrationService;
use mandir_application::services::settlements::{ReconcilePayouts, SettlementService};
use mandir_application::services::setup::{SetupDeps, SetupService};
use mandir_application::services::seva_bookings::{BookingDeps, ExpireSevaHolds, SevaBookingService};
use mandir_application::services::sevas::SevaService;
use mandir_application::services::site::SiteService;
use mandir_application::services::staff::StaffService;
use mandir_application::services::staff_invites::{StaffInviteDeps, StaffInviteService};
use mandir_application::services::star_birthdays::{QueueStarReminders, StarBirthdayService};
use mandir_application::services::statements::{SendStatements, StatementDeps, StatementService};
use mandir_application::services::texting::{SendTextsJob, TextNotices, TextingDeps, TextingService};
use mandir_application::services::volunteer_shifts::{ShiftDeps, VolunteerShiftService};
use mandir_application::services::volunteers::VolunteerService;
use mandir_domain::payment::PaymentProvider;
use mandir_domain::site::SiteSettings;
use mandir_http::{AppState, PublicConfig};
use mandir_imaging::WebpTranscoder;
use mandir_mail::{BackgroundMailer, OutboxMailer, SmtpMailer};
use mandir_panchangam::AstronomicalAlmanac;
use mandir_persistence::{
    Database, DatabaseKind, PgChangeNotifier, SeaOrmAccountRepository, SeaOrmAttendeeRepository, SeaOrmAuditLog,
    SeaOrmDonationTypeRepository, SeaOrmEventRepository, SeaOrmFamilyMemberRepository, SeaOrmFestivalRepository, SeaOrmGotramRepository,
    SeaOrmJobStore, SeaOrmMemberOutbox, SeaOrmPaymentMethodRepository, SeaOrmPriestRepository, SeaOrmRateLimitStore, SeaOrmReceiptOutbox,
    SeaOrmRecurringServiceRepository, SeaOrmSetupRepository, SeaOrmSevaBookingRepository, SeaOrmSevaRepository, SeaOrmSiteRepository,
    SeaOrmStarBirthdayRepository, SeaOrmUserRepository, SeaOrmVolunteerRepository,
};
use mandir_security::{Argon2PasswordHasher, HmacLinkSigner, JwtTokenIssuer};

use crate::config::{Config, HashingCost, TextProvider};

/// Everything `serve` and the commands need.
pub struct Built {
    pub state: AppState,
    pub db: Database,
    pub users: Arc<SeaOrmUserRepository>,
    pub events: Arc<SeaOrmEventRepository>,
    pub site: Arc<SeaOrmSiteRepository>,
    pub recurring_services: Arc<SeaOrmRecurringServiceRepository>,
    pub priests: Arc<SeaOrmPriestRepository>,
    pub sevas: Arc<SeaOrmSevaRepository>,
    /// Volunteer shifts' storage: the demo records past shifts' attendance through it.
    pub shifts: Arc<mandir_persistence::SeaOrmShiftRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    /// On PostgreSQL, the notifier whose relay `serve` starts so this process hears the others'
    /// changes; `None` on SQLite (one process).
    pub pg_notifier: Option<Arc<PgChangeNotifier>>,
    /// The background jobs, driven by `serve`.
    pub scheduler: Scheduler,
    /// Sends receipt and member e-mails right after the change that wrote them, driven by `serve`.
    pub email_sender: EmailSender,
}

/// Wakes the receipt sender: a permit is kept when it is busy, so no wake-up is lost.
#[derive(Default)]
pub struct NotifyWake(tokio::sync::Notify);

impl OutboxWake for NotifyWake {
    fn wake(&self) {
        self.0.notify_one();
    }
}

/// Wakes the sender when events change, so the notices an event's change or deletion wrote
/// (ADR 0106) go out at once; on PostgreSQL, other processes' changes wake it too. Registration
/// confirmations go with the `send-member-emails` job (every minute by default), so a
/// registration's request and the reads after it share the database with no delivery.
struct WakeOnEventChanges(Arc<NotifyWake>);

impl ChangeListener for WakeOnEventChanges {
    fn changed(&self, topic: Topic) {
        if topic == Topic::Events {
            self.0.wake();
        }
    }
}

/// Sends every e-mail of the outboxes right after the change that wrote it: due receipt e-mails
/// each time a payment completes (ADR 0091), due member e-mails each
/// time events or registrations change (ADR 0106), and year-end statements right after an admin
/// asks for them (ADR 0103); the `send-receipts`, `send-member-emails` and `send-statements` jobs
/// cover what this misses.
pub struct EmailSender {
    pub receipts: ReceiptService,
    pub members: MemberMailService,
    pub statements: StatementService,
    pub recurring: RecurringGiftService,
    /// Texts (ADR 0148), after the e-mails that queue some.
    pub texts: TextingService,
    pub wake: Arc<NotifyWake>,
}

impl EmailSender {
    /// Runs until `stopped` turns true.
    pub async fn run(self, mut stopped: tokio::sync::watch::Receiver<bool>) {
        loop {
            tokio::select! {
                _ = stopped.wait_for(|stop| *stop) => return,
                () = self.wake.0.notified() => {}
            }
            if let Err(error) = self.receipts.deliver_due().await {
                tracing::warn!(error = ?error, "sending receipts failed; the send-receipts job retries");
            }
            if let Err(error) = self.members.deliver_due().await {
                tracing::warn!(error = ?error, "sending member e-mails failed; the send-member-emails job retries");
            }
            if let Err(error) = self.recurring.deliver_due().await {
                tracing::warn!(error = ?error, "sending recurring gift e-mails failed; the charge-recurring-gifts job retries");
            }
            if let Err(error) = self.texts.deliver_due().await {
                tracing::warn!(error = ?error, "sending texts failed; the send-texts job retries");
            }
            // A round sends a batch; the sender goes on while statements are left.
            match self.statements.deliver_due().await {
                Ok(0) => {}
                Ok(_) => self.wake.0.notify_one(),
                Err(error) => tracing::warn!(error = ?error, "sending statements failed; the send-statements job retries"),
            }
        }
    }
}

pub fn hasher_for(cost: HashingCost) -> Arc<dyn PasswordHasher> {
    match cost {
        HashingCost::Owasp => Arc::new(Argon2PasswordHasher::owasp()),
        HashingCost::TestOnlyFast => Arc::new(Argon2PasswordHasher::with_params(1024, 1, 1)),
    }
}

/// Connects and migrates the database, then builds the services.
pub async fn build(config: &Config) -> anyhow::Result<Built> {
    let db = Database::connect(&config.database_url).await.context("connecting to the database")?;
    db.migrate().await.context("running migrations")?;

    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let users = Arc::new(SeaOrmUserRepository::new(db.clone()));
    let gotrams = Arc::new(SeaOrmGotramRepository::new(db.clone()));
    let events = Arc::new(SeaOrmEventRepository::new(db.clone()));
    let hasher = hasher_for(config.hashing);
    let tokens: Arc<dyn TokenIssuer> = Arc::new(JwtTokenIssuer::new(config.jwt_secret.expose().as_bytes(), chrono::Duration::days(7)));
    let mailer: Arc<dyn Mailer> = match &config.smtp_url {
        Some(url) => Arc::new(SmtpMailer::new(url.expose(), &config.mail_from).context("MANDIR_SMTP_URL")?),
        None => Arc::new(OutboxMailer::new(&config.mail_outbox, &config.mail_from).context("MANDIR_MAIL_FROM")?),
    };
    // Receipts are marked sent once the mail server took them: they use the mailer directly.
    let direct_mailer = mailer.clone();
    // Requests never wait for the mail server (forgot-password answers alike for any address).
    let mailer: Arc<dyn Mailer> = Arc::new(BackgroundMailer::new(mailer));
    // Counted in the database: every process on it enforces the same limits.
    let limiter =
        RateLimiter::new(Arc::new(SeaOrmRateLimitStore::new(db.clone())), RateLimitPolicy::default().scaled(config.rate_limit_scale));

    // Changes reach this process's caches at once; on PostgreSQL also every other process's
    // (LISTEN/NOTIFY, docs/decisions/0060-change-notifications-across-processes.md).
    let local = Arc::new(LocalChangeBus::default());
    let pg_notifier = (db.kind() == DatabaseKind::Postgres).then(|| Arc::new(PgChangeNotifier::new(db.clone(), local.clone())));
    let changes: Arc<dyn ChangeNotifier> = match &pg_notifier {
        Some(notifier) => notifier.clone(),
        None => local.clone(),
    };
    let seva_mailer = mailer.clone();
    // The one recorder of staff actions (docs/decisions/0127-audit-log.md).
    let audit_log: Arc<dyn AuditLog> = Arc::new(SeaOrmAuditLog::new(db.clone()));
    let recorder = Recorder::new(audit_log.clone(), clock.clone());
    let site_repository = Arc::new(SeaOrmSiteRepository::new(db.clone()));
    let site = SiteService::new(site_repository.clone(), clock.clone(), changes.clone(), site_seed(config), recorder.clone());
    local.subscribe(site.cache());
    // The zone and name of the site settings (seeded by MANDIR_TEMPLE_TIME_ZONE and MANDIR_TEMPLE_NAME).
    let temple_zone: Arc<dyn TempleZone> = Arc::new(site.clone());
    let temple_name: Arc<dyn TempleName> = Arc::new(site.clone());
    // Wakes the sender of e-mails and texts after a change wrote some.
    let wake: Arc<NotifyWake> = Arc::default();
    let (messenger, texting_off) = text_messenger(config)?;
    let text_repository = Arc::new(mandir_persistence::SeaOrmTextRepository::new(db.clone()));
    let texting = TextingService::new(TextingDeps {
        texts: text_repository.clone(),
        outbox: text_repository,
        messenger,
        off_reason: texting_off,
        users: users.clone(),
        hasher: hasher.clone(),
        limiter: limiter.clone(),
        temple: temple_name.clone(),
        zone: temple_zone.clone(),
        clock: clock.clone(),
        wake: wake.clone(),
        recorder: recorder.clone(),
        public_url: config.public_url.clone(),
    });
    let texts: Arc<dyn TextNotices> = Arc::new(texting.clone());
    let panchangam = PanchangamService::new(Arc::new(site.clone()), Arc::new(AstronomicalAlmanac::default()), clock.clone());
    let auth = AuthService::new(
        AuthDeps {
            users: users.clone(),
            gotrams: gotrams.clone(),
            hasher: hasher.clone(),
            tokens: tokens.clone(),
            mailer: mailer.clone(),
            temple: temple_name.clone(),
            clock: clock.clone(),
            limiter: limiter.clone(),
            changes: changes.clone(),
        },
        AuthSettings { public_url: config.public_url.clone() },
    );
    let donation_types = Arc::new(SeaOrmDonationTypeRepository::new(db.clone()));
    let funds = Arc::new(mandir_persistence::SeaOrmFundRepository::new(db.clone()));
    let (funds_for_imports, donation_types_for_imports) = (funds.clone(), donation_types.clone());
    let (funds_for_books, donation_types_for_books) = (funds.clone(), donation_types.clone());
    let funds_for_reports = funds.clone();
    let link_signer: Arc<dyn LinkSigner> = Arc::new(HmacLinkSigner::new(config.jwt_secret.expose().as_bytes(), "mandir-receipt-links"));
    // One repository for the gifts, their e-mails' outbox and the receipts' links to them.
    let recurring_gifts_repository = Arc::new(mandir_persistence::SeaOrmRecurringGiftRepository::new(db.clone()));
    let receipts = ReceiptService::new(ReceiptDeps {
        payments: Arc::new(mandir_persistence::SeaOrmPaymentRepository::new(db.clone())),
        outbox: Arc::new(SeaOrmReceiptOutbox::new(db.clone())),
        receipt_emails: Arc::new(SeaOrmReceiptOutbox::new(db.clone())),
        site: site_repository.clone(),
        mailer: direct_mailer.clone(),
        signer: link_signer.clone(),
        recurring: recurring_gifts_repository.clone(),
        documents: Arc::new(mandir_documents::PdfStatements),
        clock: clock.clone(),
        public_url: config.public_url.clone(),
        seed: site_seed(config),
        sandbox: config.payment_provider.is_test(),
        texts: texts.clone(),
        users: users.clone(),
    });
    let attendees = Arc::new(SeaOrmAttendeeRepository::new(db.clone()));
    let recurring_services = Arc::new(SeaOrmRecurringServiceRepository::new(db.clone()));
    let accounts = Arc::new(SeaOrmAccountRepository::new(db.clone()));
    let calendar = CalendarService::new(CalendarDeps {
        events: events.clone(),
        attendees: attendees.clone(),
        services: recurring_services.clone(),
        accounts: accounts.clone(),
        zone: temple_zone.clone(),
        temple: temple_name.clone(),
        clock: clock.clone(),
        public_url: config.public_url.clone(),
        panchangam: panchangam.clone(),
    });
    let sevas = Arc::new(SeaOrmSevaRepository::new(db.clone()));
    let member_outbox = Arc::new(SeaOrmMemberOutbox::new(db.clone()));
    let shift_repository = Arc::new(mandir_persistence::SeaOrmShiftRepository::new(db.clone()));
    let member_mail = MemberMailService::new(MemberMailDeps {
        outbox: member_outbox.clone(),
        queue: member_outbox.clone(),
        users: users.clone(),
        events: events.clone(),
        attendees: attendees.clone(),
        calendar: calendar.clone(),
        temple: temple_name.clone(),
        zone: temple_zone.clone(),
        sevas: sevas.clone(),
        shifts: shift_repository.clone(),
        qr: Arc::new(mandir_imaging::PngQrCodes),
        mailer: direct_mailer.clone(),
        clock: clock.clone(),
        public_url: config.public_url.clone(),
        texts: texts.clone(),
    });
    let family_member_repository = Arc::new(SeaOrmFamilyMemberRepository::new(db.clone()));
    let star_birthdays = StarBirthdayService::new(
        Arc::new(SeaOrmStarBirthdayRepository::new(db.clone())),
        family_member_repository.clone(),
        users.clone(),
        member_outbox.clone(),
        panchangam.clone(),
        clock.clone(),
    );
    let festivals = FestivalService::new(
        Arc::new(SeaOrmFestivalRepository::new(db.clone())),
        panchangam.clone(),
        temple_name.clone(),
        clock.clone(),
        changes.clone(),
        recorder.clone(),
        config.public_url.clone(),
    );
    let account = AccountService::new(AccountDeps {
        users: users.clone(),
        accounts,
        attendees: attendees.clone(),
        events: events.clone(),
        payments: Arc::new(mandir_persistence::SeaOrmPaymentRepository::new(db.clone())),
        hasher: hasher.clone(),
        tokens: tokens.clone(),
        mailer: mailer.clone(),
        temple: temple_name.clone(),
        clock: clock.clone(),
        limiter: limiter.clone(),
        changes: changes.clone(),
        public_url: config.public_url.clone(),
    });
    let staff_invites = StaffInviteService::new(StaffInviteDeps {
        invitations: Arc::new(mandir_persistence::SeaOrmStaffInvitationRepository::new(db.clone())),
        users: users.clone(),
        hasher: hasher.clone(),
        tokens: tokens.clone(),
        mailer: mailer.clone(),
        temple: temple_name.clone(),
        clock: clock.clone(),
        changes: changes.clone(),
        audit: recorder.clone(),
        public_url: config.public_url.clone(),
    });
    let counter_sales = Arc::new(mandir_persistence::SeaOrmCounterRepository::new(db.clone()));
    let households: Arc<dyn mandir_application::ports::HouseholdRepository> =
        Arc::new(mandir_persistence::SeaOrmHouseholdRepository::new(db.clone()));
    let household_service = HouseholdService::new(HouseholdDeps {
        households: households.clone(),
        mailer: mailer.clone(),
        temple: temple_name.clone(),
        limiter: limiter.clone(),
        clock: clock.clone(),
        public_url: config.public_url.clone(),
    });
    let statements = StatementService::new(StatementDeps {
        users: users.clone(),
        payments: Arc::new(mandir_persistence::SeaOrmPaymentRepository::new(db.clone())),
        store: Arc::new(mandir_persistence::SeaOrmStatementStore::new(db.clone())),
        outbox: Arc::new(mandir_persistence::SeaOrmStatementStore::new(db.clone())),
        site: site_repository.clone(),
        funds: funds.clone(),
        documents: Arc::new(mandir_documents::PdfStatements),
        donors: counter_sales.clone(),
        households: households.clone(),
        mailer: direct_mailer.clone(),
        clock: clock.clone(),
        wake: wake.clone(),
        public_url: config.public_url.clone(),
        seed: site_seed(config),
        sandbox: config.payment_provider.is_test(),
        recorder: recorder.clone(),
    });
    let (gateway, webhooks) = payment_gateway(config)?;
    let recurring_gifts = RecurringGiftService::new(RecurringGiftDeps {
        users: users.clone(),
        gifts: recurring_gifts_repository.clone(),
        outbox: recurring_gifts_repository,
        gateway: gateway.clone(),
        funds: funds.clone(),
        zone: temple_zone.clone(),
        clock: clock.clone(),
        limiter: limiter.clone(),
        mailer: direct_mailer.clone(),
        temple: temple_name.clone(),
        signer: link_signer.clone(),
        wake: wake.clone(),
        public_url: config.public_url.clone(),
        max_failures: config.jobs.recurring_gift_max_failures,
    });
    let email_sender = EmailSender {
        receipts: receipts.clone(),
        members: member_mail.clone(),
        statements: statements.clone(),
        recurring: recurring_gifts.clone(),
        texts: texting.clone(),
        wake,
    };
    local.subscribe(Arc::new(WakeOnEventChanges(email_sender.wake.clone())));
    let counter_search = Arc::new(CounterSearch::new(users.clone(), counter_sales.clone()));
    local.subscribe(counter_search.clone());
    let counter = CounterService::new(CounterDeps {
        sales: counter_sales,
        users: users.clone(),
        donation_types: donation_types.clone(),
        funds: funds.clone(),
        sevas: Arc::new(SeaOrmSevaRepository::new(db.clone())),
        events: events.clone(),
        zone: temple_zone.clone(),
        clock: clock.clone(),
        receipts: email_sender.wake.clone(),
        changes: changes.clone(),
        gateway: gateway.clone(),
        recorder: recorder.clone(),
    });
    let cash_office = CashOfficeService::new(CashOfficeDeps {
        office: Arc::new(mandir_persistence::SeaOrmCashOfficeRepository::new(db.clone())),
        users: users.clone(),
        donation_types: donation_types.clone(),
        zone: temple_zone.clone(),
        clock: clock.clone(),
        recorder: recorder.clone(),
    });
    let payments = PaymentService::new(PaymentDeps {
        payments: Arc::new(mandir_persistence::SeaOrmPaymentRepository::new(db.clone())),
        events: events.clone(),
        donation_types: donation_types.clone(),
        funds: funds.clone(),
        gateway,
        webhooks,
        clock: clock.clone(),
        limiter,
        audit: Arc::new(mandir_persistence::SeaOrmPaymentAuditRepository::new(db.clone())),
        zone: temple_zone.clone(),
        receipts: email_sender.wake.clone(),
        recorder: recorder.clone(),
    });
    local.subscribe(auth.session_cache());
    // One picture adapter checks uploads and makes copies, so its bound on decodes at once holds.
    let pictures = Arc::new(WebpTranscoder::default());
    let event_service = EventService::new(events.clone(), clock.clone(), changes.clone(), pictures.clone(), recorder.clone())
        .with_list_ttl(config.events_cache_ttl);
    local.subscribe(event_service.list_cache());
    let priests = Arc::new(SeaOrmPriestRepository::new(db.clone()));
    let seva_bookings = SevaBookingService::new(BookingDeps {
        sevas: sevas.clone(),
        bookings: Arc::new(SeaOrmSevaBookingRepository::new(db.clone())),
        payments: Arc::new(mandir_persistence::SeaOrmPaymentRepository::new(db.clone())),
        priests: priests.clone(),
        users: users.clone(),
        checkout: Arc::new(payments.clone()),
        zone: temple_zone.clone(),
        clock: clock.clone(),
        mailer: seva_mailer,
        site: site_repository.clone(),
        seed: site_seed(config),
        public_url: config.public_url.clone(),
        recorder: recorder.clone(),
        texts,
    });
    let settlements = settlement_service(config, &db, clock.clone(), recorder.clone())?;
    let holder = format!("pid{}-{}", std::process::id(), &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let scheduler = Scheduler::new(Arc::new(SeaOrmJobStore::new(db.clone())), clock.clone(), holder, config.jobs.lease)
        .with_job(Arc::new(PurgeExpired(auth.clone())), config.jobs.purge_every)
        .with_job(
            Arc::new(ExpireAbandonedCardPayments { payments: payments.clone(), max_age: config.jobs.card_payment_max_age }),
            config.jobs.expire_card_payments_every,
        )
        .with_job(Arc::new(SendReceipts(receipts.clone())), config.jobs.send_receipts_every)
        .with_job(Arc::new(ChargeRecurringGifts(recurring_gifts.clone())), config.jobs.charge_recurring_gifts_every)
        .with_job(Arc::new(ExpireSevaHolds(seva_bookings.clone())), config.jobs.expire_seva_holds_every)
        .with_job(Arc::new(SendMemberEmails(member_mail.clone())), config.jobs.send_member_emails_every)
        .with_job(Arc::new(QueueReminders(member_mail.clone())), config.jobs.queue_reminders_every)
        .with_job(Arc::new(QueueStarReminders { stars: star_birthdays.clone(), mail: member_mail }), config.jobs.queue_star_reminders_every)
        .with_job(Arc::new(SendStatements(statements.clone())), config.jobs.send_statements_every)
        .with_job(Arc::new(RefundUnusedCounterCards(counter.clone())), config.jobs.expire_card_payments_every)
        .with_job(Arc::new(ReconcilePayouts(settlements.clone())), config.jobs.reconcile_payouts_every)
        .with_job(Arc::new(SendTextsJob(texting.clone())), config.jobs.send_texts_every);

    let setup = SetupService::new(SetupDeps {
        setup: Arc::new(SeaOrmSetupRepository::new(db.clone())),
        users: users.clone(),
        hasher: hasher.clone(),
        clock: clock.clone(),
        changes: changes.clone(),
        site: site.clone(),
    });
    let volunteer_repository: Arc<SeaOrmVolunteerRepository> = Arc::new(SeaOrmVolunteerRepository::new(db.clone()));
    let pledges = PledgeService::new(PledgeDeps {
        pledges: Arc::new(mandir_persistence::SeaOrmPledgeRepository::new(db.clone())),
        payments: Arc::new(mandir_persistence::SeaOrmPaymentRepository::new(db.clone())),
        funds: funds.clone(),
        zone: temple_zone.clone(),
        clock: clock.clone(),
        outbox: member_outbox.clone(),
        wake: email_sender.wake.clone(),
        recorder: recorder.clone(),
    });
    // The check-in desks wait for the door's changes, this process's and the others'.
    let door_watch = Arc::new(TopicWatch::new(Topic::Door));
    local.subscribe(door_watch.clone());
    let door_repository: Arc<dyn mandir_application::ports::DoorRepository> =
        Arc::new(mandir_persistence::SeaOrmDoorRepository::new(db.clone()));
    // The desks search a copy of each event's registrations, read again when names change.
    let door_index = Arc::new(DoorIndex::new(door_repository.clone()));
    local.subscribe(door_index.clone());
    let door = DoorDeskService::new(DoorDeps {
        door: door_repository,
        index: door_index,
        attendees: attendees.clone(),
        events: events.clone(),
        clock: clock.clone(),
        changes: changes.clone(),
        watch: door_watch,
        audit: recorder.clone(),
    });
    let state = AppState {
        texting,
        auth,
        profile: ProfileService::new(users.clone(), gotrams.clone(), clock.clone(), changes.clone()),
        gotrams: GotramService::new(gotrams.clone()),
        events: event_service,
        registrations: RegistrationService::new(
            attendees,
            events.clone(),
            clock.clone(),
            changes.clone(),
            email_sender.wake.clone(),
            recorder.clone(),
        ),
        volunteers: VolunteerService::new(
            volunteer_repository,
            events.clone(),
            clock.clone(),
            changes.clone(),
            email_sender.wake.clone(),
            recorder.clone(),
        ),
        door,
        volunteer_shifts: VolunteerShiftService::new(ShiftDeps {
            shifts: shift_repository.clone(),
            events: events.clone(),
            family: family_member_repository.clone(),
            users: users.clone(),
            outbox: member_outbox.clone(),
            wake: email_sender.wake.clone(),
            zone: temple_zone.clone(),
            clock: clock.clone(),
            audit: recorder.clone(),
        }),
        donation_types: DonationTypeService::new(donation_types, funds.clone(), clock.clone(), changes.clone(), recorder.clone()),
        funds: FundService::new(funds, temple_zone.clone(), clock.clone(), recorder.clone()),
        pledges,
        households: household_service,
        recurring_gifts,
        payment_methods: PaymentMethodService::new(
            Arc::new(SeaOrmPaymentMethodRepository::new(db.clone())),
            clock.clone(),
            changes.clone(),
            recorder.clone(),
        ),
        site,
        setup,
        recurring_services: RecurringServiceService::new(
            recurring_services.clone(),
            temple_zone.clone(),
            clock.clone(),
            changes.clone(),
            recorder.clone(),
            panchangam.clone(),
        ),
        priests: PriestService::new(priests.clone(), clock.clone(), changes.clone(), pictures.clone(), recorder.clone()),
        sevas: SevaService::new(sevas.clone(), temple_zone.clone(), clock.clone(), pictures.clone(), recorder.clone()),
        seva_bookings,
        family_members: FamilyMemberService::new(family_member_repository, temple_zone.clone(), clock.clone(), changes.clone()),
        calendar,
        account,
        payments,
        receipts,
        statements,
        admin: AdminService::new(users.clone(), recorder.clone()),
        imports: ImportService::new(
            ImportPorts {
                reader: Arc::new(mandir_tabular::SpreadsheetTableReader),
                imports: Arc::new(mandir_persistence::SeaOrmImportRepository::new(db.clone())),
                gotrams: gotrams.clone(),
                funds: funds_for_imports,
                types: donation_types_for_imports,
                zone: temple_zone.clone(),
                clock: clock.clone(),
                changes: changes.clone(),
            },
            recorder.clone(),
        ),
        accounting: mandir_application::services::accounting::AccountingService::new(
            Arc::new(mandir_persistence::SeaOrmAccountingRepository::new(db.clone())),
            Arc::new(mandir_persistence::SeaOrmSettlementRepository::new(db.clone())),
            funds_for_books,
            donation_types_for_books,
            temple_zone.clone(),
            clock.clone(),
            recorder.clone(),
        ),
        settlements,
        reports: mandir_application::services::reports::ReportService::new(
            Arc::new(mandir_persistence::SeaOrmReportRepository::new(db.clone())),
            funds_for_reports,
            temple_zone.clone(),
        ),
        staff: StaffService::new(users.clone(), priests.clone(), clock.clone(), changes, recorder.clone()),
        staff_invites,
        counter,
        cash_office,
        panchangam,
        festivals,
        star_birthdays,
        counter_search,
        audit: AuditService::new(audit_log, temple_zone.clone(), recorder),
        jobs: scheduler.clone(),
        health: Arc::new(db.clone()),
        config: PublicConfig {
            production: config.production,
            staging: config.staging(),
            public_url: config.public_url.clone(),
            payment_provider: config.payment_provider,
            // The browser loads Stripe only when Stripe is the provider.
            stripe_publishable_key: config.stripe_publishable_key.clone().filter(|_| config.payment_provider == PaymentProvider::Stripe),
        },
        events_json: Arc::default(),
        pages: config
            .render_pages
            .then(|| Arc::new(mandir_render::QuickJsRenderer::default()) as Arc<dyn mandir_application::ports::PageRenderer>),
        image_variants: Arc::new(ImageVariants::new(pictures)),
        trust_proxy: config.trust_proxy,
    };
    Ok(Built {
        state,
        db,
        users,
        events,
        site: site_repository,
        recurring_services,
        priests,
        sevas,
        shifts: shift_repository,
        hasher,
        pg_notifier,
        scheduler,
        email_sender,
    })
}

/// The settings until an admin saves some: the temple's name and Zelle details from the
/// environment (`MANDIR_TEMPLE_NAME`, `MANDIR_ZELLE_RECIPIENT`, `MANDIR_ZELLE_MEMO`). Stored
/// settings always win.
fn site_seed(config: &Config) -> SiteSettings {
    SiteSettings {
        temple_name: config.temple_name.clone(),
        time_zone: config.temple_time_zone.name().to_owned(),
        zelle_recipient: config.zelle_recipient.clone(),
        zelle_memo: config.zelle_memo.clone(),
        ..SiteSettings::default()
    }
}

/// The card gateway and, when a webhook signing secret is set, the webhook verifier.
type CardProvider = (Arc<dyn PaymentGateway>, Option<Arc<dyn WebhookVerifier>>);

/// The card provider from the configuration (the offline sandbox by default, or Stripe) and the
/// webhook verifier when a signing secret is set.
/// Card fees and payouts from the configured provider: Stripe's balance transactions and payouts,
/// or the sandbox's simulation of them (ADR 0146).
fn settlement_service(config: &Config, db: &Database, clock: Arc<dyn Clock>, recorder: Recorder) -> anyhow::Result<SettlementService> {
    use mandir_application::ports::{SettlementGateway, SettlementRepository};
    use mandir_payment::{SandboxSettlements, StripePaymentGateway};

    let store: Arc<dyn SettlementRepository> = Arc::new(mandir_persistence::SeaOrmSettlementRepository::new(db.clone()));
    let gateway: Arc<dyn SettlementGateway> = if config.payment_provider == PaymentProvider::Stripe {
        let key = config.stripe_secret_key.as_ref().context("MANDIR_PAYMENT_PROVIDER=stripe needs MANDIR_STRIPE_SECRET_KEY")?;
        Arc::new(StripePaymentGateway::new(key.expose(), &config.stripe_api_base).context("building the Stripe client")?)
    } else {
        Arc::new(SandboxSettlements::new(store.clone(), clock.clone()))
    };
    Ok(SettlementService::new(gateway, store, clock, recorder))
}

/// A text provider, or why there is none.
type TextSetup = (Option<Arc<dyn TextMessenger>>, Option<String>);

/// The text provider the configuration names, or why texting is off (ADR 0148).
fn text_messenger(config: &Config) -> anyhow::Result<TextSetup> {
    Ok(match &config.texting {
        TextProvider::Off(why) => {
            tracing::info!(why = %why, "texting is off");
            (None, Some(why.clone()))
        }
        TextProvider::Folder(dir) => (Some(Arc::new(mandir_texting::FolderMessenger::new(dir.clone()))), None),
        TextProvider::Twilio(twilio) => {
            let messenger = mandir_texting::TwilioMessenger::new(mandir_texting::TwilioConfig {
                api_base: twilio.api_base.clone(),
                account_sid: twilio.account_sid.clone(),
                auth_token: twilio.auth_token.expose().to_owned(),
                from: twilio.from.clone(),
                whatsapp_from: twilio.whatsapp_from.clone(),
            })
            .context("the Twilio client")?;
            (Some(Arc::new(messenger)), None)
        }
    })
}

fn payment_gateway(config: &Config) -> anyhow::Result<CardProvider> {
    use mandir_payment::{SandboxPaymentGateway, StripePaymentGateway, StripeWebhookVerifier};

    let gateway: Arc<dyn PaymentGateway> = if config.payment_provider == PaymentProvider::Stripe {
        let key = config.stripe_secret_key.as_ref().context("MANDIR_PAYMENT_PROVIDER=stripe needs MANDIR_STRIPE_SECRET_KEY")?;
        if config.stripe_publishable_key.is_none() {
            tracing::warn!("MANDIR_STRIPE_PUBLISHABLE_KEY is not set: the card form cannot load Stripe");
        }
        if config.stripe_webhook_secret.is_none() {
            tracing::warn!(
                "MANDIR_STRIPE_WEBHOOK_SECRET is not set: card payments complete only when the donor returns to the confirmation page"
            );
        }
        Arc::new(StripePaymentGateway::new(key.expose(), &config.stripe_api_base).context("building the Stripe client")?)
    } else {
        if config.production {
            // `mandir serve` refuses this unless MANDIR_ALLOW_SANDBOX_PAYMENTS=1 (a staging site).
            tracing::warn!("staging site: the payment provider is the offline sandbox, card donations are simulated");
        }
        // Keyed by the server secret, so every process serving the database agrees on secrets.
        Arc::new(SandboxPaymentGateway::new(format!("mandir-sandbox-payments:{}", config.jwt_secret.expose()).into_bytes()))
    };
    let webhooks = config
        .stripe_webhook_secret
        .as_ref()
        .map(|secret| Arc::new(StripeWebhookVerifier::new(secret.expose())) as Arc<dyn WebhookVerifier>);
    Ok((gateway, webhooks))
}

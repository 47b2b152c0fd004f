use std::sync::Arc;

use mandir_application::ports::HealthProbe;
use mandir_application::services::account::AccountService;
use mandir_application::services::admin::AdminService;
use mandir_application::services::auth::AuthService;
use mandir_application::services::calendar::CalendarService;
use mandir_application::services::donation_types::DonationTypeService;
use mandir_application::services::events::EventService;
use mandir_application::services::family_members::FamilyMemberService;
use mandir_application::services::gotrams::GotramService;
use mandir_application::services::jobs::Scheduler;
use mandir_application::services::payment_methods::PaymentMethodService;
use mandir_application::services::payments::PaymentService;
use mandir_application::services::priests::PriestService;
use mandir_application::services::profile::ProfileService;
use mandir_application::services::receipts::ReceiptService;
use mandir_application::services::recurring_services::RecurringServiceService;
use mandir_application::services::registrations::RegistrationService;
use mandir_application::services::setup::SetupService;
use mandir_application::services::seva_bookings::SevaBookingService;
use mandir_application::services::sevas::SevaService;
use mandir_application::services::site::SiteService;
use mandir_application::services::statements::StatementService;
use mandir_application::services::volunteers::VolunteerService;

/// What the frontend needs to know about this installation (`GET /api/config`).
#[derive(Debug, Clone)]
pub struct PublicConfig {
    /// `MANDIR_ENV=production`.
    pub production: bool,
    /// A production site whose card payments are simulated (the sandbox, allowed by
    /// `MANDIR_ALLOW_SANDBOX_PAYMENTS=1`).
    pub staging: bool,
    /// `MANDIR_PUBLIC_URL`; an `https` URL turns on HSTS.
    pub public_url: String,
    /// The card payments' provider: the sandbox or Stripe.
    pub payment_provider: mandir_domain::payment::PaymentProvider,
    pub stripe_publishable_key: Option<String>,
}

/// The JSON of the events list, kept while the service hands back the same list (the very same
/// `Arc`); needs no clearing of its own.
#[derive(Default)]
pub struct EventsJson(std::sync::Mutex<Option<(Arc<Vec<mandir_domain::event::Event>>, actix_web::web::Bytes)>>);

impl EventsJson {
    /// The JSON of `events` as `render` writes it, rendered once per list.
    pub fn body_for(
        &self,
        events: Arc<Vec<mandir_domain::event::Event>>,
        render: impl FnOnce(&[mandir_domain::event::Event]) -> serde_json::Result<Vec<u8>>,
    ) -> serde_json::Result<actix_web::web::Bytes> {
        let cached = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        match cached {
            Some((list, body)) if Arc::ptr_eq(&list, &events) => Ok(body),
            _ => {
                let body = actix_web::web::Bytes::from(render(&events)?);
                *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some((events, body.clone()));
                Ok(body)
            }
        }
    }
}

/// The services the handlers call, built once by the server.
#[derive(Clone)]
pub struct AppState {
    pub auth: AuthService,
    pub profile: ProfileService,
    pub gotrams: GotramService,
    pub events: EventService,
    pub admin: AdminService,
    pub donation_types: DonationTypeService,
    pub payment_methods: PaymentMethodService,
    pub payments: PaymentService,
    /// Receipts: the printable page and the admin's resend.
    pub receipts: ReceiptService,
    /// Year-end statements: the admin's sending and the members' own.
    pub statements: StatementService,
    pub registrations: RegistrationService,
    pub volunteers: VolunteerService,
    /// This process's background jobs (read by admins).
    pub jobs: Scheduler,
    /// The temple's settings and notices (also the name and Zelle details of `GET /api/config`).
    pub site: SiteService,
    pub setup: SetupService,
    pub recurring_services: RecurringServiceService,
    pub priests: PriestService,
    pub sevas: SevaService,
    pub seva_bookings: SevaBookingService,
    pub family_members: FamilyMemberService,
    /// iCalendar files and feeds.
    pub calendar: CalendarService,
    /// Account Settings.
    pub account: AccountService,
    pub health: Arc<dyn HealthProbe>,
    pub config: PublicConfig,
    pub events_json: Arc<EventsJson>,
    /// `MANDIR_TRUST_PROXY=1`: the client address is the right-most `X-Forwarded-For` entry
    /// (see [`crate::client`]).
    pub trust_proxy: bool,
}

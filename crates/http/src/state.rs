use std::sync::Arc;

use mandir_application::ports::HealthProbe;
use mandir_application::services::admin::AdminService;
use mandir_application::services::auth::AuthService;
use mandir_application::services::donation_types::DonationTypeService;
use mandir_application::services::events::EventService;
use mandir_application::services::gotrams::GotramService;
use mandir_application::services::payment_methods::PaymentMethodService;
use mandir_application::services::payments::PaymentService;
use mandir_application::services::profile::ProfileService;
use mandir_application::services::registrations::RegistrationService;
use mandir_application::services::volunteers::VolunteerService;

/// What the frontend needs to know about this installation (`GET /api/config`).
#[derive(Debug, Clone)]
pub struct PublicConfig {
    pub temple_name: String,
    pub payment_provider: String,
    pub stripe_publishable_key: Option<String>,
    pub zelle_recipient: String,
    pub zelle_memo: String,
}

/// The JSON of the events list, kept while the service hands back the same cached list.
pub type EventsJson = std::sync::Mutex<Option<(Arc<Vec<mandir_domain::event::Event>>, actix_web::web::Bytes)>>;

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
    pub registrations: RegistrationService,
    pub volunteers: VolunteerService,
    pub health: Arc<dyn HealthProbe>,
    pub config: PublicConfig,
    pub events_json: Arc<EventsJson>,
}

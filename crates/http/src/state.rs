use std::collections::HashMap;
use std::sync::Arc;

use actix_web::web::Bytes;

use mandir_application::ports::HealthProbe;
use mandir_application::services::account::AccountService;
use mandir_application::services::admin::AdminService;
use mandir_application::services::audit::AuditService;
use mandir_application::services::auth::AuthService;
use mandir_application::services::calendar::CalendarService;
use mandir_application::services::cash_office::CashOfficeService;
use mandir_application::services::counter::CounterService;
use mandir_application::services::counter_search::CounterSearch;
use mandir_application::services::donation_types::DonationTypeService;
use mandir_application::services::events::EventService;
use mandir_application::services::family_members::FamilyMemberService;
use mandir_application::services::festivals::FestivalService;
use mandir_application::services::funds::FundService;
use mandir_application::services::gotrams::GotramService;
use mandir_application::services::jobs::Scheduler;
use mandir_application::services::panchangam::PanchangamService;
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
use mandir_application::services::staff::StaffService;
use mandir_application::services::staff_invites::StaffInviteService;
use mandir_application::services::star_birthdays::StarBirthdayService;
use mandir_application::services::statements::StatementService;
use mandir_application::services::volunteers::VolunteerService;
use mandir_domain::EventId;
use mandir_domain::event::Event;

use crate::dto::EventDto;

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

/// The JSON of the events list and of each of its events, rendered once per list and kept while
/// the service hands back the same list (the very same `Arc`); needs no clearing of its own.
#[derive(Default)]
pub struct EventsJson(std::sync::Mutex<Option<RenderedEvents>>);

#[derive(Clone)]
struct RenderedEvents {
    events: Arc<Vec<Event>>,
    list: Bytes,
    by_id: Arc<HashMap<EventId, Bytes>>,
}

impl EventsJson {
    /// `GET /api/events`'s body for `events`.
    pub fn list_body(&self, events: Arc<Vec<Event>>) -> serde_json::Result<Bytes> {
        Ok(self.rendered(events)?.list)
    }

    /// `GET /api/events/{id}`'s body when `events` holds the event.
    pub fn event_body(&self, events: Arc<Vec<Event>>, id: &EventId) -> serde_json::Result<Option<Bytes>> {
        Ok(self.rendered(events)?.by_id.get(id).cloned())
    }

    fn rendered(&self, events: Arc<Vec<Event>>) -> serde_json::Result<RenderedEvents> {
        let cached = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        if let Some(rendered) = cached.filter(|rendered| Arc::ptr_eq(&rendered.events, &events)) {
            return Ok(rendered);
        }
        // Each event once; the list is the same objects in a JSON array, as serde_json writes a
        // `Vec` of them.
        let mut list = Vec::with_capacity(events.len() * 512 + 2);
        let mut by_id = HashMap::with_capacity(events.len());
        list.push(b'[');
        for (i, event) in events.iter().enumerate() {
            let body = serde_json::to_vec(&EventDto::from(event.clone()))?;
            if i > 0 {
                list.push(b',');
            }
            list.extend_from_slice(&body);
            by_id.insert(event.id.clone(), Bytes::from(body));
        }
        list.push(b']');
        let rendered = RenderedEvents { events, list: Bytes::from(list), by_id: Arc::new(by_id) };
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(rendered.clone());
        Ok(rendered)
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
    /// Staff roles (admins).
    pub staff: StaffService,
    /// Inviting staff by e-mail (admins), and accepting an invitation.
    pub staff_invites: StaffInviteService,
    /// The counter's sales (front desk) and their voids (treasurers).
    pub counter: CounterService,
    /// Hundi counts, the drawer's close, deposits and the daily report.
    pub cash_office: CashOfficeService,
    pub panchangam: PanchangamService,
    pub festivals: FestivalService,
    pub star_birthdays: StarBirthdayService,
    /// The counter's search of the members, kept in memory.
    pub counter_search: std::sync::Arc<CounterSearch>,
    /// The audit log of staff actions (admins).
    pub audit: AuditService,
    pub donation_types: DonationTypeService,
    pub funds: FundService,
    pub imports: mandir_application::services::imports::ImportService,
    pub accounting: mandir_application::services::accounting::AccountingService,
    pub reports: mandir_application::services::reports::ReportService,
    /// Card fees and payouts (ADR 0146).
    pub settlements: mandir_application::services::settlements::SettlementService,
    pub pledges: mandir_application::services::pledges::PledgeService,
    pub households: mandir_application::services::households::HouseholdService,
    pub recurring_gifts: mandir_application::services::recurring_gifts::RecurringGiftService,
    pub payment_methods: PaymentMethodService,
    /// Text messages: members' numbers and consent, replies, the admin's cap (ADR 0148).
    pub texting: mandir_application::services::texting::TextingService,
    pub payments: PaymentService,
    /// Receipts: the printable page and the admin's resend.
    pub receipts: ReceiptService,
    /// Year-end statements: the admin's sending and the members' own.
    pub statements: StatementService,
    pub registrations: RegistrationService,
    pub volunteers: VolunteerService,
    /// Festival volunteering: plans of roles and shifts, sign-ups, the coordinator's board.
    pub volunteer_shifts: mandir_application::services::volunteer_shifts::VolunteerShiftService,
    /// The check-in desk: search, check-ins, walk-ins and the desks' changes.
    pub door: mandir_application::services::door_desk::DoorDeskService,
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
    /// The public pages rendered with their data (docs/decisions/0120-public-pages-rendered-per-request.md);
    /// `None` (`MANDIR_RENDER_PAGES=0`): they are sent as prerendered at build time.
    pub pages: Option<Arc<dyn mandir_application::ports::PageRenderer>>,
    /// Uploaded event pictures' WebP copies at the `srcset` widths (docs/decisions/0121-responsive-event-images.md).
    pub image_variants: Arc<mandir_application::services::images::ImageVariants>,
    /// `MANDIR_TRUST_PROXY=1`: the client address is the right-most `X-Forwarded-For` entry
    /// (see [`crate::client`]).
    pub trust_proxy: bool,
}

#[cfg(test)]
mod tests {
    use mandir_domain::testing::event;

    use super::*;

    fn json_of<T: serde::Serialize>(value: &T) -> Bytes {
        Bytes::from(serde_json::to_vec(value).expect("json"))
    }

    #[test]
    fn the_list_and_each_event_are_the_json_serde_writes_rendered_once_per_list() {
        let mut described = event("b", 3);
        described.description = Some("Lamps \"and\" sweets\n".into());
        described.capacity = Some(40);
        let events = Arc::new(vec![event("a", 1), described.clone()]);
        let cache = EventsJson::default();

        let dtos: Vec<EventDto> = events.iter().cloned().map(EventDto::from).collect();
        assert_eq!(cache.list_body(events.clone()).expect("list"), json_of(&dtos));
        assert_eq!(cache.event_body(events.clone(), &"b".into()).expect("event"), Some(json_of(&EventDto::from(described))));
        assert_eq!(cache.event_body(events.clone(), &"missing".into()).expect("event"), None);
        assert_eq!(EventsJson::default().list_body(Arc::new(Vec::new())).expect("empty"), Bytes::from_static(b"[]"));

        // A new list (another `Arc`) is rendered again, even with equal contents.
        let first = cache.list_body(events.clone()).expect("list");
        let changed = Arc::new(vec![event("c", 2)]);
        assert_ne!(cache.list_body(changed.clone()).expect("list"), first);
        assert_eq!(cache.event_body(changed, &"a".into()).expect("event"), None);
    }
}

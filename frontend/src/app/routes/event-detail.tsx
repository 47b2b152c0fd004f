import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EventDetailPage } from '@/features/events/components/event-detail-page';
import { useHydrated } from '@/lib/use-hydrated';
import { EventPanel } from '../flows/event-panel';

// Staff tools load only for staff (the page renders the slot for accounts holding an event permission).
const EventAdminPanel = lazy(() =>
  import('@/features/event-management/components/event-admin-panel').then((m) => ({ default: m.EventAdminPanel })),
);

// The festival's volunteer shifts, in a chunk of their own loaded once the page is hydrated: never in
// the entry (docs/architecture.md#budgets), nor in the markup the server renders (a lazy part would
// suspend there, ADR 0120). It shows nothing until it knows the event has shifts.
const ShiftSignupSection = lazy(() =>
  import('@/features/volunteer-shifts/components/shift-signup-section').then((m) => ({ default: m.ShiftSignupSection })),
);

function VolunteerShifts({ eventId }: { eventId: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ShiftSignupSection eventId={eventId} />
    </Suspense>
  );
}

export default function EventDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <EventDetailPage
      eventId={id}
      panel={(event) => <EventPanel event={event} />}
      more={(event) => <VolunteerShifts eventId={event.id} />}
      adminSlot={(event) => (
        <Suspense fallback={null}>
          <EventAdminPanel event={event} onDeleted={() => navigate(paths.events.getHref(), { replace: true })} />
        </Suspense>
      )}
    />
  );
}

import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EventDetailPage } from '@/features/events/components/event-detail-page';
import { EventPanel } from '../flows/event-panel';

// Staff tools load only for staff (the page renders the slot for accounts holding an event permission).
const EventAdminPanel = lazy(() =>
  import('@/features/event-management/components/event-admin-panel').then((m) => ({ default: m.EventAdminPanel })),
);

export default function EventDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <EventDetailPage
      eventId={id}
      panel={(event) => <EventPanel event={event} />}
      adminSlot={(event) => (
        <Suspense fallback={null}>
          <EventAdminPanel event={event} onDeleted={() => navigate(paths.events.getHref(), { replace: true })} />
        </Suspense>
      )}
    />
  );
}

import { lazy, Suspense } from 'react';
import { EventsPage } from '@/features/events/components/events-page';

// The 'Create Event' button (and its modal) load only for accounts that may edit events.
const CreateEventButton = lazy(() =>
  import('@/features/event-management/components/create-event-button').then((m) => ({ default: m.CreateEventButton })),
);

export default function EventsRoute() {
  return (
    <EventsPage
      adminActions={
        <Suspense fallback={null}>
          <CreateEventButton />
        </Suspense>
      }
    />
  );
}

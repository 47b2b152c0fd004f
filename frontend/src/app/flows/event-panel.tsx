import { lazy, Suspense, useState } from 'react';
import { EventRegistrationPanel } from '@/features/events/components/event-registration-panel';
import type { Event } from '@/types/api';
import type { EventDialogKind } from './event-dialogs';

const EventDialogs = lazy(() => import('./event-dialogs'));

/** The 'Event Registration' panel wired to the register/join, donate and volunteer dialogs. */
export function EventPanel({ event }: { event: Event }) {
  const [dialog, setDialog] = useState<{ kind: EventDialogKind; open: boolean; session: number } | null>(null);
  const open = (kind: EventDialogKind) => setDialog((d) => ({ kind, open: true, session: (d?.session ?? 0) + 1 }));
  return (
    <EventRegistrationPanel
      event={event}
      onRegister={() => open('register')}
      onJoin={() => open('update')}
      onDonate={() => open('donate')}
      onVolunteer={() => open('volunteer')}
    >
      {dialog ? (
        <Suspense fallback={null}>
          <EventDialogs
            key={dialog.session}
            event={event}
            kind={dialog.kind}
            open={dialog.open}
            onClose={() => setDialog((d) => (d ? { ...d, open: false } : d))}
          />
        </Suspense>
      ) : null}
    </EventRegistrationPanel>
  );
}

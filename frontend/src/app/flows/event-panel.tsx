import { lazy, Suspense, useState } from 'react';
import { EventRegistrationPanel } from '@/features/events/components/event-registration-panel';
import { useMyAttendee, useMyWaitlistEntry } from '@/features/registrations/api/registrations';
import { useMyVolunteer, useVolunteerCount } from '@/features/volunteers/api/volunteers';
import { useAuth } from '@/lib/auth';
import type { Event } from '@/types/api';
import type { EventDialogKind } from './event-dialogs';

const EventDialogs = lazy(() => import('./event-dialogs'));

/**
 * The 'Event Registration' panel with the member's registration and volunteer record, wired to
 * the register/join, donate and volunteer dialogs.
 */
export function EventPanel({ event }: { event: Event }) {
  const signedIn = useAuth().user !== null;
  const registration = useMyAttendee(event.id, signedIn);
  // Only a full event has a waitlist worth asking about.
  const waitlist = useMyWaitlistEntry(event.id, signedIn && event.capacity !== null && !registration.attendee);
  const volunteering = useMyVolunteer(event.id, signedIn);
  const volunteerCount = useVolunteerCount(event.id);
  const [dialog, setDialog] = useState<{ kind: EventDialogKind; open: boolean; session: number } | null>(null);
  const open = (kind: EventDialogKind) => setDialog((d) => ({ kind, open: true, session: (d?.session ?? 0) + 1 }));
  return (
    <EventRegistrationPanel
      event={event}
      volunteerCount={volunteerCount}
      status={{
        attendee: registration.attendee,
        attendeeLoading: registration.isLoading,
        attendeeError: registration.error,
        volunteer: volunteering.volunteer,
        volunteerLoading: volunteering.isLoading,
        waitlistEntry: waitlist.entry,
      }}
      onRegister={() => open('register')}
      onJoin={() => open('update')}
      onDonate={() => open('donate')}
      onVolunteer={() => open('volunteer')}
      onCancelRegistration={() => open('cancel')}
      onJoinWaitlist={() => open('waitlist')}
      onLeaveWaitlist={() => open('leave-waitlist')}
      onLeaveVolunteer={() => open('leave-volunteer')}
    >
      {dialog ? (
        <Suspense fallback={null}>
          <EventDialogs
            key={dialog.session}
            event={event}
            kind={dialog.kind}
            volunteer={volunteering.volunteer ?? null}
            open={dialog.open}
            onClose={() => setDialog((d) => (d ? { ...d, open: false } : d))}
          />
        </Suspense>
      ) : null}
    </EventRegistrationPanel>
  );
}

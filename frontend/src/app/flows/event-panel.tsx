import { lazy, Suspense, useState } from 'react';
import { EventRegistrationPanel } from '@/features/events/components/event-registration-panel';
import { useMyAttendee, useMyWaitlistEntry } from '@/features/registrations/api/registrations';
import { useVolunteerPlan } from '@/features/volunteer-shifts/api/volunteer-plan';
import { VOLUNTEER_SHIFTS_ID } from '@/features/volunteer-shifts/lib/anchor';
import { useMyVolunteer, useVolunteerCount } from '@/features/volunteers/api/volunteers';
import { useAuth } from '@/lib/auth';
import type { Event } from '@/types/api';
import type { EventDialogKind } from './event-dialogs';

const EventDialogs = lazy(() => import('./event-dialogs'));

/** Takes the reader (and the focus) to the event's volunteer shifts. */
function showShifts() {
  document.getElementById(VOLUNTEER_SHIFTS_ID)?.focus();
}

/**
 * The 'Event Registration' panel with the member's registration and volunteer record, wired to
 * the register/join, donate and volunteer dialogs. An event with a volunteer plan (roles and
 * shifts) is volunteered for by shift: 'Volunteer for Event' leads to its shifts instead of the
 * one-step offer (a member who made one still manages it), and the volunteers counted are the
 * places filled as well. The role the one-step offers are placed in (`oneStep`) is no plan.
 */
export function EventPanel({ event }: { event: Event }) {
  const signedIn = useAuth().user !== null;
  const registration = useMyAttendee(event.id, signedIn);
  // Only a full event has a waitlist worth asking about.
  const waitlist = useMyWaitlistEntry(event.id, signedIn && event.capacity !== null && !registration.attendee);
  const volunteering = useMyVolunteer(event.id, signedIn);
  const oneStepCount = useVolunteerCount(event.id);
  const { plan } = useVolunteerPlan(event.id);
  // The one-step offers' role holds the offers counted above; only a plan's own roles lead to shifts.
  const shifts = plan?.roles.filter((r) => !r.oneStep).flatMap((r) => r.shifts) ?? [];
  const byShift = shifts.length > 0 && !volunteering.volunteer;
  const volunteerCount = oneStepCount === undefined ? undefined : oneStepCount + shifts.reduce((n, s) => n + s.filled, 0);
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
      onVolunteer={byShift ? showShifts : () => open('volunteer')}
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

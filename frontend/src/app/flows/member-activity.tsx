// A member's registrations and volunteering for the admins' member directory, composed from the
// events and volunteers features.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useUserEvents } from '@/features/events/api/get-user-events';
import { useUserVolunteering } from '@/features/volunteers/api/volunteers';
import { formatDate } from '@/lib/format';

function Section({ title, loading, failed, empty, children }: { title: string; loading: boolean; failed: boolean; empty: string | null; children: ReactNode }) {
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {loading ? (
        <Skeleton variant="rounded" height={40} />
      ) : failed ? (
        <Typography color="error">This could not be loaded.</Typography>
      ) : empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        children
      )}
    </Box>
  );
}

export function MemberActivity({ userId }: { userId: string }) {
  const registrations = useUserEvents(userId);
  const volunteering = useUserVolunteering(userId);
  const events = registrations.userEvents ?? [];
  const records = volunteering.volunteering ?? [];
  return (
    <>
      <Section
        title="Registrations"
        loading={registrations.isLoading}
        failed={Boolean(registrations.error)}
        empty={events.length === 0 ? 'No registrations.' : null}
      >
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {events.map(({ event, attendee }) => (
            <li key={attendee.id}>
              {formatDate(event.eventDate)} · {event.name} · {attendee.numberOfFamilyMembers + 1}{' '}
              {attendee.numberOfFamilyMembers === 0 ? 'person' : 'people'}
            </li>
          ))}
        </Box>
      </Section>
      <Section
        title="Volunteering"
        loading={volunteering.isLoading}
        failed={Boolean(volunteering.error)}
        empty={records.length === 0 ? 'No volunteering.' : null}
      >
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {records.map(({ event, volunteer }) => (
            <li key={volunteer.id}>
              {formatDate(event.eventDate)} · {event.name}
            </li>
          ))}
        </Box>
      </Section>
    </>
  );
}

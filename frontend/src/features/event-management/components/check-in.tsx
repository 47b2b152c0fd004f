import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import type { DoorEntry, Event } from '@/types/api';
import { useCheckIn, useDoorList } from '../api/events-admin';
import { LoadingRegion } from '@/components/ui/loading-region';

/** What the door needs of a registration (the admins' attendee list has it too). */
type Party = Pick<DoorEntry, 'id' | 'firstName' | 'lastName' | 'numberOfFamilyMembers' | 'checkedInAt'>;

const people = (a: Party) => a.numberOfFamilyMembers + 1;
const nameOf = (a: Party) => [a.firstName, a.lastName].filter(Boolean).join(' ') || 'Member';

/** The arrived and expected people of an event's registrations. */
export function arrivalCount(list: readonly Party[]): { arrived: number; expected: number; parties: number; partiesArrived: number } {
  const arrivedList = list.filter((a) => a.checkedInAt !== null);
  return {
    arrived: arrivedList.reduce((n, a) => n + people(a), 0),
    expected: list.reduce((n, a) => n + people(a), 0),
    parties: list.length,
    partiesArrived: arrivedList.length,
  };
}

/**
 * Check-in at the door, made for a phone, for the admins and the event's volunteers: search a
 * name, tap the row to mark the party arrived (tap again to undo). The count refreshes every few
 * seconds, so several people can check in at once. Someone else gets the server's refusal.
 */
export function CheckIn({ event }: { event: Event }) {
  const { entries: attendees, error, isLoading, reload } = useDoorList(event.id);
  const checkIn = useCheckIn(event.id);
  const { toast } = useToast();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<string | null>(null);

  async function toggle(a: DoorEntry) {
    setPending(a.id);
    const arriving = a.checkedInAt === null;
    try {
      await checkIn(a.id, arriving);
      toast({ title: arriving ? 'Checked in' : 'Check-in undone', description: `${nameOf(a)} (${people(a)} ${people(a) === 1 ? 'person' : 'people'})` });
    } catch (err) {
      toast({ title: 'Check-in failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  }

  const q = query.trim().toLowerCase();
  const shown = (attendees ?? []).filter((a) => !q || nameOf(a).toLowerCase().includes(q));
  const count = arrivalCount(attendees ?? []);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 4 } }}>
      <Button component={RouterLink} to={paths.eventDetail.getHref(event.id)} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        Back to event
      </Button>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
        Check-in: {event.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {formatDate(event.eventDate)} · {formatTime(event.eventDate)} · {event.location}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, position: 'sticky', top: 8, zIndex: 1 }}>
        <Typography component="p" variant="h5" role="status" aria-live="polite" data-testid="arrival-count">
          {count.arrived} of {count.expected} people arrived
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count.partiesArrived} of {count.parties} registrations checked in
        </Typography>
        <LinearProgress
          variant="determinate"
          value={count.expected ? (100 * count.arrived) / count.expected : 0}
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
          aria-label="Arrivals"
        />
        <TextField
          label="Find a name"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchOutlined /></InputAdornment> } }}
        />
      </Paper>
      {error && !attendees ? (
        error instanceof ApiError && error.status === 403 ? (
          <Alert severity="warning">{errorMessage(error, 'Only admins and this event\u2019s volunteers can check people in')}</Alert>
        ) : (
          <RetryAlert onRetry={reload}>The attendees could not be loaded.</RetryAlert>
        )
      ) : null}
      {isLoading ? (
        <LoadingRegion label="Loading attendees" sx={{ display: 'grid', gap: 1 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </LoadingRegion>
      ) : null}
      {attendees && attendees.length === 0 ? <Typography color="text.secondary">Nobody has registered yet.</Typography> : null}
      {attendees && attendees.length > 0 && shown.length === 0 ? <Typography color="text.secondary">No attendee matches "{query}".</Typography> : null}
      <Box component="ul" aria-label="Attendees" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {shown.map((a) => {
          const arrived = a.checkedInAt !== null;
          return (
            <li key={a.id}>
              <Button
                fullWidth
                variant={arrived ? 'contained' : 'outlined'}
                color={arrived ? 'success' : 'inherit'}
                onClick={() => void toggle(a)}
                disabled={pending === a.id}
                aria-pressed={arrived}
                // Contains all the button shows, in its order (WCAG 2.5.3, label in name).
                aria-label={`${nameOf(a)}, ${people(a)} ${people(a) === 1 ? 'person' : 'people'}${arrived ? ` · arrived ${formatTime(a.checkedInAt!)}` : ': not arrived'}`}
                startIcon={arrived ? <CheckCircle /> : <RadioButtonUnchecked />}
                sx={{ justifyContent: 'flex-start', textAlign: 'left', py: 1.5, textTransform: 'none' }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{nameOf(a)}</Typography>{' '}
                  <Typography variant="body2" sx={{ opacity: 0.85 }}>
                    {people(a)} {people(a) === 1 ? 'person' : 'people'}
                    {arrived ? ` · arrived ${formatTime(a.checkedInAt!)}` : ''}
                  </Typography>
                </Box>
              </Button>
            </li>
          );
        })}
      </Box>
    </Container>
  );
}

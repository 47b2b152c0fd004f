import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDoorStaff } from '../api/volunteer-board';

/**
 * The door of this event: its live count (`liveCount`, given by the page's composer) with the way
 * to the check-in desk, and door duty: the members a coordinator puts on its door may open its
 * check-in page and check families in, for this event only (the front desk and coordinators run
 * every door).
 */
export function DoorTab({ eventId, liveCount }: { eventId: string; liveCount?: ReactNode }) {
  const { staff, error, isLoading, refresh, grant, revoke } = useDoorStaff(eventId);
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();
  const countHeadingId = useId();
  const fieldId = useId();

  async function add(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!email.trim()) {
      setProblem('Enter the e-mail address of the member to put on the door');
      return;
    }
    setBusy('add');
    try {
      await grant(email.trim());
      toast({ title: 'On the door', description: `${email.trim()} can now check families in for this event.`, variant: 'success' });
      setEmail('');
    } catch (err) {
      setProblem(err instanceof ApiError ? (err.fieldErrors.email ?? errorMessage(err, 'Please try again.')) : 'Please try again.');
    } finally {
      setBusy(null);
    }
  }

  async function remove(userId: string, name: string) {
    setBusy(userId);
    try {
      await revoke(userId);
      toast({ title: 'Taken off the door', description: name });
    } catch (err) {
      toast({ title: 'Not taken off', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  let list;
  if (isLoading) {
    list = (
      <LoadingRegion label="Loading the door staff">
        <Skeleton variant="rounded" height={56} />
      </LoadingRegion>
    );
  } else if (error && !staff) {
    list = <RetryAlert onRetry={() => void refresh()}>The door staff could not be loaded.</RetryAlert>;
  } else if (!staff || staff.length === 0) {
    list = <Typography color="text.secondary">Nobody is on this event's door yet besides the front desk and the coordinators.</Typography>;
  } else {
    list = (
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {staff.map((s) => (
          <Box component="li" key={s.userId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {s.email}
              </Typography>
            </Box>
            <Button size="small" color="error" startIcon={<PersonRemoveOutlined />} disabled={busy !== null} onClick={() => void remove(s.userId, s.name)} aria-label={`Take ${s.name} off the door`}>
              Take off
            </Button>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper component="section" variant="outlined" aria-labelledby={countHeadingId} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Typography id={countHeadingId} component="h2" variant="h6">
          At the door now
        </Typography>
        {liveCount}
        <Box>
          <Button component={RouterLink} to={paths.eventCheckIn.getHref(eventId)} variant="contained" startIcon={<HowToRegOutlined />} sx={{ minHeight: 44 }}>
            Open the check-in desk
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography id={headingId} component="h2" variant="h6">
            Door duty
          </Typography>
          <Typography color="text.secondary">
            Members you put on the door can open{' '}
            <Link component={RouterLink} to={paths.eventCheckIn.getHref(eventId)}>
              this event's check-in
            </Link>{' '}
            and check families in, for this event only.
          </Typography>
        </Box>
        {list}
        <Box component="form" noValidate onSubmit={(e) => void add(e)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            id={fieldId}
            label="Member's e-mail"
            type="email"
            size="small"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={problem !== null}
            helperText={problem ?? 'A verified member of the temple'}
            sx={{ flex: '1 1 240px' }}
          />
          <Button type="submit" variant="contained" disabled={busy !== null}>
            {busy === 'add' ? 'Adding…' : 'Put on the door'}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

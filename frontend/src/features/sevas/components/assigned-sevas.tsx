import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSite } from '@/lib/site';
import type { AssignedSeva } from '@/types/api';
import { useAssignedSevas, useMarkSevaDone } from '../api/assigned';
import { addDays, formatLocalDate, todayIn } from '../lib/sankalpam';
import { AssignedSevaCard } from './assigned-seva-card';

type Span = 'today' | 'week';

/** The sevas by day, in the order the server gave them (time order). */
function byDay(sevas: AssignedSeva[]): [string, AssignedSeva[]][] {
  const days = new Map<string, AssignedSeva[]>();
  for (const s of sevas) days.set(s.date, [...(days.get(s.date) ?? []), s]);
  return [...days.entries()];
}

/**
 * A priest's own sevas, made for a phone: today's or this week's (today and the six days after),
 * each with the people of its sankalpam, and 'Mark done' once performed.
 */
export function AssignedSevas() {
  const { settings } = useSite();
  const { toast } = useToast();
  const [span, setSpan] = useState<Span>('today');
  const [marking, setMarking] = useState<string | null>(null);
  const today = todayIn(settings?.timeZone || 'America/Los_Angeles');
  const last = span === 'today' ? today : addDays(today, 6);
  const { sevas, error, isLoading, refresh } = useAssignedSevas(today, last);
  const markDone = useMarkSevaDone();

  async function done(seva: AssignedSeva) {
    setMarking(seva.id);
    try {
      await markDone(seva.id);
      toast({ title: 'Seva marked done', description: `${seva.slotLabel} · ${seva.sevaName}` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The seva could not be marked done. Please try again.'), variant: 'destructive' });
    } finally {
      setMarking(null);
    }
  }

  const card = (s: AssignedSeva, heading: 'h2' | 'h3') => (
    <AssignedSevaCard key={s.id} seva={s} busy={marking === s.id} onDone={() => void done(s)} heading={heading} />
  );

  let content: ReactNode;
  if (isLoading) {
    content = (
      <LoadingRegion label="Loading your sevas" sx={{ display: 'grid', gap: 2 }}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={160} />
        ))}
      </LoadingRegion>
    );
  } else if (error instanceof ApiError && error.status === 409) {
    content = <Alert severity="info">{errorMessage(error, 'No priest profile is linked to your account yet.')}</Alert>;
  } else if (error || !sevas) {
    content = <RetryAlert onRetry={() => void refresh()}>Your sevas could not be loaded.</RetryAlert>;
  } else if (sevas.length === 0) {
    content = <Typography color="text.secondary">{span === 'today' ? 'No sevas assigned to you today.' : 'No sevas assigned to you this week.'}</Typography>;
  } else if (span === 'today') {
    content = <Box sx={{ display: 'grid', gap: 2 }}>{sevas.map((s) => card(s, 'h2'))}</Box>;
  } else {
    content = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {byDay(sevas).map(([day, list]) => (
          <Box component="section" key={day} aria-labelledby={`sevas-${day}`} sx={{ display: 'grid', gap: 1.5 }}>
            <Typography id={`sevas-${day}`} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {day === today ? `Today, ${formatLocalDate(day)}` : formatLocalDate(day)}
            </Typography>
            {list.map((s) => card(s, 'h3'))}
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        My Sevas
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {span === 'today' ? formatLocalDate(today) : `${formatLocalDate(today)} to ${formatLocalDate(last)}`}
      </Typography>
      <ToggleButtonGroup
        value={span}
        exclusive
        fullWidth
        color="primary"
        onChange={(_, v: Span | null) => v && setSpan(v)}
        aria-label="Days shown"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="today">Today</ToggleButton>
        <ToggleButton value="week">This week</ToggleButton>
      </ToggleButtonGroup>
      {content}
    </Container>
  );
}

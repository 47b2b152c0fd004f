import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { SimpleTabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatLongDate, formatTime } from '@/lib/format';
import type { Event } from '@/types/api';
import { useVolunteerBoard } from '../api/volunteer-board';
import { summaryLine } from '../lib/board';
import { BoardTab } from './board-tab';
import { DoorTab } from './door-tab';
import { PlanTab } from './plan-tab';
import { SignInSheet } from './sign-in-sheet';

type EventInfo = Pick<Event, 'id' | 'name' | 'eventDate' | 'location'>;

function Loading() {
  return (
    <LoadingRegion label="Loading the volunteer board" sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={48} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={220} />
        ))}
      </Box>
    </LoadingRegion>
  );
}

/**
 * A festival's volunteering for its coordinators (`manage_volunteers`): the plan (roles and their
 * shifts, the drop cut-off) and the board (who is on each shift, the gaps, moves, attendance, drop
 * requests, messages and sign-in sheets). `?sheet={shiftId}` shows a shift's printable sign-in sheet.
 * `doorCount`: the door's live count, shown on the Door tab (composed by the route: the door desk
 * is a feature of its own).
 */
export function VolunteerBoardPage({ event, doorCount }: { event: EventInfo; doorCount?: ReactNode }) {
  const { board, error, isLoading, refresh } = useVolunteerBoard(event.id);
  const [params] = useSearchParams();
  const sheet = params.get('sheet');

  if (sheet && board) return <SignInSheet board={board} shiftId={sheet} />;

  let body;
  if (isLoading) body = <Loading />;
  else if (error && !board) {
    body =
      error instanceof ApiError && error.status === 403 ? (
        <Alert severity="warning">{errorMessage(error, 'Only volunteer coordinators and admins can see the volunteer board.')}</Alert>
      ) : (
        <RetryAlert onRetry={() => void refresh()}>The volunteer board could not be loaded.</RetryAlert>
      );
  } else if (board) {
    body = (
      <SimpleTabs
        id="volunteer-board"
        label="Volunteer plan and board"
        initial={board.roles.length > 0 ? 'board' : 'plan'}
        items={[
          { value: 'plan', label: 'Plan', content: <PlanTab event={event} board={board} /> },
          { value: 'board', label: 'Board', content: <BoardTab board={board} /> },
          { value: 'door', label: 'Door', content: <DoorTab eventId={event.id} liveCount={doorCount} /> },
        ]}
      />
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Button component={RouterLink} to={paths.eventDetail.getHref(event.id)} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        Back to event
      </Button>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, overflowWrap: 'anywhere' }}>
        Volunteers — {board?.eventName ?? event.name}
      </Typography>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {formatLongDate(event.eventDate)} · {formatTime(event.eventDate)} · {event.location}
      </Typography>
      {board ? (
        <Typography role="status" sx={{ mt: 1, fontWeight: 600 }} data-testid="volunteer-summary">
          {summaryLine(board)}
        </Typography>
      ) : null}
      <Box sx={{ mt: 2 }}>{body}</Box>
    </Container>
  );
}

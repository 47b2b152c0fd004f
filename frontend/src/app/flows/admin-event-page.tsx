// A page for running one event's day (check-in, sign-in sheet): the guard (staff holding the
// page's permission; the server decides) and the event's loading, error and not-found states,
// around the page's content.
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { ApiError } from '@/lib/api-client';
import { eventStaffPermissions, useAuth } from '@/lib/auth';
import type { Event, Permission } from '@/types/api';

function Loaded({ id, children }: { id: string; children: (event: Event) => ReactNode }) {
  const { event, error, isLoading, mutate } = useEvent(id);
  if (isLoading) return <PageSpinner />;
  if (error || !event) {
    return (
      <Container sx={{ py: 4 }}>
        {error instanceof ApiError && error.status === 404 ? (
          <Alert severity="warning">Event not found</Alert>
        ) : (
          <RetryAlert onRetry={() => void mutate()}>The event could not be loaded.</RetryAlert>
        )}
      </Container>
    );
  }
  return <>{children(event)}</>;
}

type Props = {
  /**
   * Who may open the page: accounts holding any of these (default: any permission of an event's
   * staff work); anyone else goes home.
   */
  allow?: readonly Permission[];
  /** Also let in: a member given this page for this event alone (a coordinator put them on its door). */
  granted?: boolean;
  /** Whether `granted` is still being asked: the page waits rather than sending them home. */
  pending?: boolean;
  children: (event: Event) => ReactNode;
};

export function AdminEventPage({ allow = eventStaffPermissions, granted = false, pending = false, children }: Props) {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { user, loading, can } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(pathname)} replace />;
  if (!granted && !allow.some(can)) return pending ? <PageSpinner /> : <Navigate to={paths.home.getHref()} replace />;
  return <Loaded id={id}>{children}</Loaded>;
}

import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { ApiError } from '@/lib/api-client';
import { useDoorLive } from '../api/changes';
import { useDoorSearch } from '../api/search';
import { doorErrorMessage } from '../lib/door';
import { currentCount } from '../lib/live';
import { DoorCountBar } from './count-bar';

/**
 * The door's live count alone (for the volunteer coordinator): the latest check-ins' answer gives
 * the first count and change number, the changes feed keeps it current while shown.
 */
export function DoorCount({ eventId }: { eventId: string }) {
  const { results, error, isLoading, reload } = useDoorSearch(eventId, '');
  const { live, status } = useDoorLive(eventId, results);
  const count = currentCount(results, live);
  if (count) return <DoorCountBar count={count} status={status} />;
  if (isLoading) {
    return (
      <LoadingRegion label="Loading the door count">
        <Skeleton variant="rounded" height={48} />
      </LoadingRegion>
    );
  }
  if (error instanceof ApiError && error.status === 403) {
    return <Alert severity="warning">{doorErrorMessage(error, 'Only staff on door duty can see the door count.')}</Alert>;
  }
  if (error) return <RetryAlert onRetry={reload}>The door count could not be loaded.</RetryAlert>;
  return null;
}

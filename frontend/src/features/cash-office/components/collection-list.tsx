import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { formatUSD } from '@/lib/format';
import { useCollections } from '../api/collections';
import { formatDay } from '../lib/dates';
import { CountStateBadge } from './count-state-badge';
import { LinkList, LinkRow } from './link-list';

/** The latest hundi counts, newest first: box, day, fund, where each stands and its total; each opens its page. */
export function CollectionList({ hrefOf }: { hrefOf: (id: string) => string }) {
  const { collections, error, isLoading, refresh } = useCollections();
  if (isLoading) {
    return (
      <LoadingRegion label="Loading the hundi counts" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </LoadingRegion>
    );
  }
  if (error || !collections) return <RetryAlert onRetry={() => void refresh()}>The hundi counts could not be loaded.</RetryAlert>;
  if (collections.length === 0) return <Typography color="text.secondary">No hundi counts yet. Record the first with New count.</Typography>;
  return (
    <LinkList label="Hundi counts">
      {collections.map((c) => (
        <LinkRow key={c.id} to={hrefOf(c.id)} columns={{ xs: '1fr auto', md: '1.4fr 1fr 1.8fr 7rem' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.boxName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDay(c.countedOn)}
            </Typography>
          </Box>
          <Typography sx={{ gridColumn: { xs: 2, md: 4 }, gridRow: { xs: 1, md: 'auto' }, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatUSD(c.total)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', md: 2 }, gridRow: { md: 1 } }}>
            {c.fundName}
          </Typography>
          <Typography variant="body2" sx={{ gridColumn: { xs: '1 / -1', md: 3 }, gridRow: { md: 1 } }}>
            <CountStateBadge count={c} />
          </Typography>
        </LinkRow>
      ))}
    </LinkList>
  );
}

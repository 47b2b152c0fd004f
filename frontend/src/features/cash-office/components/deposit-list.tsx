import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { formatDate, formatUSD } from '@/lib/format';
import { useDeposits } from '../api/deposits';
import { LinkList, LinkRow } from './link-list';

/** The latest deposits, newest first: number, day, total, cleared or not; each opens its slip. */
export function DepositList() {
  const { deposits, error, isLoading, refresh } = useDeposits();
  if (isLoading) {
    return (
      <LoadingRegion label="Loading the deposits" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </LoadingRegion>
    );
  }
  if (error || !deposits) return <RetryAlert onRetry={() => void refresh()}>The deposits could not be loaded.</RetryAlert>;
  if (deposits.length === 0) return <Typography color="text.secondary">No deposits yet.</Typography>;
  return (
    <LinkList label="Deposits">
      {deposits.map((d) => (
        <LinkRow key={d.id} to={paths.depositSlip.getHref(d.id)} columns={{ xs: '1fr auto', md: '1.3fr 1.7fr 1.3fr 7rem' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, fontFamily: 'monospace' }}>{d.number}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDate(d.createdAt)}
            </Typography>
          </Box>
          <Typography sx={{ gridColumn: { xs: 2, md: 4 }, gridRow: { xs: 1, md: 'auto' }, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatUSD(d.total)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', md: 2 }, gridRow: { md: 1 } }}>
            {`Cash ${formatUSD(d.cash)} · ${d.checkCount === 1 ? '1 check' : `${d.checkCount} checks`} ${formatUSD(d.checks)}`}
          </Typography>
          <Typography variant="body2" sx={{ gridColumn: { xs: '1 / -1', md: 3 }, gridRow: { md: 1 }, fontWeight: d.clearedAt ? 400 : 600 }}>
            {d.clearedAt ? `Cleared ${formatDate(d.clearedAt)}` : 'Not cleared yet'}
          </Typography>
        </LinkRow>
      ))}
    </LinkList>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '@/components/ui/retry-alert';
import { formatDate, formatTime, formatUSD } from '@/lib/format';
import { type DrawerClose, useDrawerCloses } from '../api/drawer';
import { serverCents, signedUSD } from '../lib/drawer';

/** How many of the latest closes are listed after a close. */
const LISTED = 10;

/** 'Nov 25, 2026 6:00 PM', in the temple's time zone. */
export function closedWhen(at: string): string {
  return `${formatDate(at)} ${formatTime(at)}`;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** The latest closes of the drawer, newest first: when and by whom, the count against the expected cash, the note. */
function LastCloses() {
  const { closes, error, isLoading, refresh } = useDrawerCloses();
  if (isLoading) return <CircularProgress aria-label="Loading the last closes" size={28} />;
  if (error) return <RetryAlert onRetry={() => void refresh()}>The last closes could not be loaded.</RetryAlert>;
  const rows = (closes ?? []).slice(0, LISTED);
  if (rows.length === 0) return <Typography color="text.secondary">No closes yet.</Typography>;
  return (
    <Box component="ol" aria-label="Last closes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((c) => (
        <Box component="li" key={c.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
          <Typography sx={{ fontWeight: 600 }}>{`${closedWhen(c.closedAt)} · ${c.closedByName}`}</Typography>
          <Typography>{`Expected ${formatUSD(c.expected)} · counted ${formatUSD(c.counted)} · difference ${signedUSD(serverCents(c.difference))}`}</Typography>
          {c.note ? <Typography color="text.secondary">{c.note}</Typography> : null}
        </Box>
      ))}
    </Box>
  );
}

/** A recorded close: what was expected and counted, the difference and its note, who closed and when; then the last closes. */
export function DrawerCloseSummary({ close }: { close: DrawerClose }) {
  const difference = serverCents(close.difference);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={difference === 0 ? 'success' : 'warning'} role="status">
        The drawer is closed.
        {difference === 0 ? ' The count matches.' : ` The count is ${difference < 0 ? 'short' : 'over'} by ${formatUSD(Math.abs(difference) / 100)}.`}
      </Alert>
      <Box component="dl" aria-label="The close" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 0.75 }}>
        <Fact label="Expected" value={`${formatUSD(close.expected)} (${close.sales} ${close.sales === 1 ? 'sale' : 'sales'})`} />
        <Fact label="Counted" value={formatUSD(close.counted)} />
        <Fact label="Difference" value={signedUSD(difference)} />
        <Fact label="Note" value={close.note ?? '—'} />
        <Fact label="Closed by" value={close.closedByName} />
        <Fact label="When" value={closedWhen(close.closedAt)} />
      </Box>
      <Typography component="h3" variant="h6">
        Last closes
      </Typography>
      <LastCloses />
    </Box>
  );
}

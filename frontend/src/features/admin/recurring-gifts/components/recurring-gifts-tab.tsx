import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { dateLabel } from '@/lib/dates';
import { formatDate, formatUSD } from '@/lib/format';
import { frequencyLabels, giftStatus } from '@/lib/recurring-gifts';
import type { RecurringGift, RecurringGiftStatus } from '@/types/recurring-gifts';
import { hideOnPhones } from '../../components/catalogue-tab';
import { useRecurringGifts } from '../api/recurring-gifts';

type Filter = RecurringGiftStatus | 'all';

const filters: { value: Filter; label: string; empty: string }[] = [
  { value: 'paused', label: 'Paused', empty: 'No recurring gift is paused.' },
  { value: 'active', label: 'Active', empty: 'No recurring gift is active.' },
  { value: 'setup', label: 'Waiting for a card', empty: 'No recurring gift is waiting for its card.' },
  { value: 'canceled', label: 'Canceled', empty: 'No recurring gift was canceled.' },
  { value: 'all', label: 'All', empty: 'No recurring gifts yet.' },
];

/** Where the gift stands in time: paused since when (and by whom), its next gift, or when it ended. */
function When({ gift }: { gift: RecurringGift }) {
  const status = giftStatus(gift);
  let text: string;
  if (gift.status === 'paused') {
    // The chip says a pause after failed charges; one by the donor is said here.
    const since = gift.pausedAt ? `Since ${formatDate(gift.pausedAt)}` : '';
    const by = gift.pausedBy === 'donor' ? 'by the donor' : '';
    text = [since, by].filter(Boolean).join(', ') || '—';
    text = text.charAt(0).toUpperCase() + text.slice(1);
  } else if (gift.status === 'canceled') {
    text = gift.canceledAt ? `Canceled ${formatDate(gift.canceledAt)}` : 'Canceled';
  } else if (gift.status === 'setup') {
    text = `Created ${formatDate(gift.createdAt)}`;
  } else if (gift.retryOn) {
    text = `Retry ${dateLabel(gift.retryOn)}`;
  } else {
    text = gift.nextChargeOn ? `Next ${dateLabel(gift.nextChargeOn)}` : '—';
  }
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Chip size="small" label={status.label} color={status.color} variant={status.variant} />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
    </Box>
  );
}

type Column = { header: string; align?: 'right'; wide?: boolean; cell: (g: RecurringGift) => ReactNode };

const columns: Column[] = [
  {
    header: 'Donor',
    cell: (g) => (
      <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{g.donorName}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {g.donorEmail}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {g.member ? 'Member' : 'Guest'}
        </Typography>
        {/* Phones have no Frequency or Fund column. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {`${frequencyLabels[g.frequency]} · ${g.fundName}`}
        </Typography>
      </Box>
    ),
  },
  { header: 'Amount', align: 'right', cell: (g) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatUSD(g.amount)}</Box> },
  { header: 'Frequency', wide: true, cell: (g) => frequencyLabels[g.frequency] },
  { header: 'Fund', wide: true, cell: (g) => g.fundName },
  { header: 'Failures', align: 'right', wide: true, cell: (g) => (g.failures > 0 ? `${g.failures} of ${g.maxFailures}` : '0') },
  {
    header: 'Last error',
    cell: (g) => (
      <Box sx={{ minWidth: { sm: 160 }, overflowWrap: 'anywhere' }}>
        {g.lastError ?? '—'}
        {g.lastError && g.retryOn && g.status === 'active' ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {`Tried again ${dateLabel(g.retryOn)}`}
          </Typography>
        ) : null}
      </Box>
    ),
  },
  { header: 'Paused since / next gift', cell: (g) => <When gift={g} /> },
];

/**
 * Admin → Recurring Gifts (`read_ledger`: treasurers and admins; the server decides): the gifts by
 * card of every donor, the paused ones first shown (those whose charges failed, and those the
 * donor paused), with each one's failures and last error.
 */
export function RecurringGiftsTab() {
  const [filter, setFilter] = useState<Filter>('paused');
  const { gifts, error, isLoading, refresh } = useRecurringGifts(filter === 'all' ? null : filter);
  const chosen = filters.find((f) => f.value === filter) ?? filters[0];

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading recurring gifts" />
      </Box>
    );
  } else if (error) {
    body = <RetryAlert onRetry={() => void refresh()}>Failed to load recurring gifts. Please try again.</RetryAlert>;
  } else if (!gifts || gifts.length === 0) {
    body = <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{chosen.empty}</Typography>;
  } else {
    body = (
      <TableContainer>
        <Table aria-label="Recurring gifts" sx={{ minWidth: { sm: 880 } }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={c.wide ? hideOnPhones : undefined}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {gifts.map((g) => (
              <TableRow key={g.id} hover>
                {columns.map((c) => (
                  <TableCell key={c.header} align={c.align} sx={c.wide ? hideOnPhones : undefined}>
                    {c.cell(g)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="recurring-gifts-heading">
      <Box sx={{ mb: 2 }}>
        <Typography id="recurring-gifts-heading" component="h2" variant="h6">
          Recurring Gifts
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Gifts by card every month, quarter or year. After failed charges in a row a gift pauses, and its donor is e-mailed a link to
          update the card; donors pause, change and cancel their own gifts.
        </Typography>
      </Box>
      <TextField
        select
        id="recurring-gifts-status"
        label="Status"
        value={filter}
        onChange={(e) => setFilter(e.target.value as Filter)}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      >
        {filters.map((f) => (
          <MenuItem key={f.value} value={f.value}>
            {f.label}
          </MenuItem>
        ))}
      </TextField>
      {body}
    </Paper>
  );
}

import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatUSD } from '@/lib/format';
import { isFulfilled, pledgePeriod } from '@/lib/pledges';
import type { PledgeWithMember } from '@/types/api';
import { hideOnPhones } from '../../components/catalogue-tab';
import { useAllFunds } from '../../funds/api/funds';
import { usePledges, useSendPledgeReminders } from '../api/pledges';
import { pledgeTotalsLine, theFund } from '../lib/totals';
import { CounterGiftsDialog } from './counter-gifts-dialog';

const REMINDER_RULE =
  'Members with an active pledge that still has an amount to give get a polite e-mail. Each pledge is reminded at most once a day.';

function StatusChip({ pledge }: { pledge: PledgeWithMember }) {
  if (pledge.status === 'cancelled') return <Chip size="small" variant="outlined" label="Cancelled" />;
  if (isFulfilled(pledge)) return <Chip size="small" color="success" variant="outlined" label="Fulfilled" />;
  return <Chip size="small" color="success" label="Active" />;
}

type Column = { header: string; align?: 'right'; wide?: boolean; cell: (p: PledgeWithMember) => ReactNode };

const columns: Column[] = [
  {
    header: 'Member',
    cell: (p) => (
      <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.memberName}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {p.memberEmail}
        </Typography>
        {/* Phones have no Fund, Period or Status column. */}
        <Box sx={{ display: { xs: 'grid', sm: 'none' }, gap: 0.5, justifyItems: 'start', mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {p.fundName} · {pledgePeriod(p.startsOn, p.endsOn)}
          </Typography>
          {p.status === 'cancelled' ? <StatusChip pledge={p} /> : null}
        </Box>
      </Box>
    ),
  },
  { header: 'Fund', wide: true, cell: (p) => p.fundName },
  { header: 'Pledged', align: 'right', wide: true, cell: (p) => formatUSD(p.amount) },
  {
    header: 'Given',
    align: 'right',
    cell: (p) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>
        {formatUSD(p.fulfilled)}
        {/* Phones have no Pledged or Remaining column. */}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {`of ${formatUSD(p.amount)}`}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {isFulfilled(p) ? 'Fulfilled' : `${formatUSD(p.remaining)} to go`}
        </Typography>
      </Box>
    ),
  },
  { header: 'Remaining', align: 'right', wide: true, cell: (p) => formatUSD(p.remaining) },
  { header: 'Period', wide: true, cell: (p) => <Box sx={{ whiteSpace: 'nowrap' }}>{pledgePeriod(p.startsOn, p.endsOn)}</Box> },
  { header: 'Status', wide: true, cell: (p) => <StatusChip pledge={p} /> },
  { header: 'Last reminded', wide: true, cell: (p) => (p.lastRemindedAt ? formatDate(p.lastRemindedAt) : '—') },
];

/**
 * Admin → Pledges (`read_ledger`; sending reminders `manage_funds`): every member's pledges, of all
 * funds or of one, with what was given toward each; reminders e-mailed on request, to the pledges
 * of the fund chosen (or of every fund).
 */
export function PledgesTab() {
  const { can } = useAuth();
  const { toast } = useToast();
  const [fundId, setFundId] = useState('');
  const { funds, error: fundsError } = useAllFunds();
  const { pledges, error, isLoading, refresh } = usePledges(fundId || null);
  const sendReminders = useSendPledgeReminders();
  const [confirming, setConfirming] = useState(false);
  // The pledge whose counter gifts are open (treasurers and admins).
  const [gifts, setGifts] = useState<PledgeWithMember | null>(null);
  const manage = can('manage_funds');
  const shown: Column[] = manage
    ? [
        ...columns,
        {
          header: 'Counter gifts',
          cell: (p) =>
            p.status === 'active' || p.assignedGifts.length > 0 ? (
              <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setGifts(p)} aria-label={`Counter gifts for ${p.memberName}’s pledge to ${p.fundName}`}>
                {p.assignedGifts.length > 0 ? `Counted: ${p.assignedGifts.length}` : 'Count a gift'}
              </Button>
            ) : null,
        },
      ]
    : columns;
  const [sending, setSending] = useState(false);
  const fund = funds?.find((f) => f.id === fundId) ?? null;
  const scope = fund ? `for ${theFund(fund.name)}` : 'for every fund';

  async function send() {
    setSending(true);
    try {
      const { queued } = await sendReminders(fundId || null);
      toast({ title: queued > 0 ? `Reminders queued: ${queued}` : 'No pledge needed a reminder today.' });
      setConfirming(false);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The reminders could not be sent'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading pledges" />
      </Box>
    );
  } else if (error) {
    body = <RetryAlert onRetry={() => void refresh()}>Failed to load pledges. Please try again.</RetryAlert>;
  } else if (!pledges || pledges.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {fund ? `No pledges to ${theFund(fund.name)} yet.` : 'No pledges yet.'}
      </Typography>
    );
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="pledge-totals">
          {pledgeTotalsLine(pledges)}
        </Typography>
        <TableContainer>
          <Table aria-label="Pledges" sx={{ minWidth: { sm: 880 } }}>
            <TableHead>
              <TableRow>
                {shown.map((c) => (
                  <TableCell key={c.header} align={c.align} sx={c.wide ? hideOnPhones : undefined}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {pledges.map((p) => (
                <TableRow key={p.id} hover>
                  {shown.map((c) => (
                    <TableCell key={c.header} align={c.align} sx={c.wide ? hideOnPhones : undefined}>
                      {c.cell(p)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="pledges-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Typography id="pledges-heading" component="h2" variant="h6">
            Pledges
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What members promised to give to a fund over a period. Their gifts to that fund in the period count toward it, net of refunds.
          </Typography>
        </Box>
        {manage ? (
          <Button variant="contained" startIcon={<ForwardToInboxOutlined />} onClick={() => setConfirming(true)}>
            Send reminders
          </Button>
        ) : null}
      </Box>
      <TextField
        select
        id="pledges-fund"
        label="Fund"
        value={fundId}
        onChange={(e) => setFundId(e.target.value)}
        helperText={fundsError ? 'The funds could not be loaded: every fund is shown.' : undefined}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All funds</MenuItem>
        {(funds ?? []).map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.isActive ? f.name : `${f.name} (inactive)`}
          </MenuItem>
        ))}
      </TextField>
      {body}
      <ConfirmDialog
        open={confirming}
        title={`Send reminders ${scope}?`}
        confirmLabel="Send reminders"
        busyLabel="Sending..."
        busy={sending}
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      >
        {REMINDER_RULE}
      </ConfirmDialog>
      {gifts ? <CounterGiftsDialog key={gifts.id} pledge={gifts} onClose={() => setGifts(null)} /> : null}
    </Paper>
  );
}

import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDay, formatUSD } from '@/lib/format';
import { usePayout, usePayouts, useReconcile, type Payout, type PayoutLine } from '../api/books';
import { daysBefore, isDay } from '../lib/period';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

const PROBLEMS: Record<Payout['problems'][number], string> = {
  sum_differs: "its lines don't add up to what reached the bank",
  unmatched_lines: 'it carries payments the ledger does not have',
  amount_differs: 'a charge differs from its payment',
};

const KINDS: Record<PayoutLine['kind'], string> = { charge: 'Charge', refund: 'Refund', other: 'Other' };

/** "Matches", or what is wrong with a payout, for its row and its dialog. */
function PayoutState({ payout }: { payout: Payout }) {
  if (payout.problems.length === 0) return <Chip size="small" color="success" variant="outlined" label="Matches" />;
  return <Chip size="small" color="warning" label="Check" />;
}

function problemText(p: Payout): string {
  const parts = p.problems.map((x) => PROBLEMS[x]);
  const difference = Number(p.difference) !== 0 ? ` The lines' net differs from the payout by ${formatUSD(p.difference)}.` : '';
  return `This payout needs checking: ${parts.join('; ')}.${difference}`;
}

function LineRow({ line }: { line: PayoutLine }) {
  const flag = line.unmatched ? 'Not in the ledger' : line.amountDiffers ? `Ledger: ${formatUSD(line.ledgerAmount)}` : null;
  return (
    <TableRow>
      <TableCell>{KINDS[line.kind]}</TableCell>
      <TableCell>{line.receiptNumber ?? (line.paymentId ? 'No receipt' : (line.description ?? line.balanceTransactionId))}</TableCell>
      <TableCell>{line.donor ?? ''}</TableCell>
      <TableCell align="right" sx={num}>
        {formatUSD(line.gross)}
      </TableCell>
      <TableCell align="right" sx={num}>
        {formatUSD(line.fee)}
      </TableCell>
      <TableCell align="right" sx={num}>
        {formatUSD(line.net)}
      </TableCell>
      <TableCell>{flag ? <Chip size="small" color="warning" label={flag} /> : null}</TableCell>
    </TableRow>
  );
}

/** A payout's lines, each with the receipt and donor of the payment it matched. */
function PayoutDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { detail, error, isLoading, refresh } = usePayout(id);
  const payout = detail?.payout;
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="payout-dialog-title">
      <DialogTitle id="payout-dialog-title">{payout ? `Payout of ${formatUSD(payout.amount)} on ${formatDay(payout.arrivalDate)}` : 'Payout'}</DialogTitle>
      <DialogContent>
        {error ? (
          <RetryAlert onRetry={refresh}>{errorMessage(error, 'The payout could not be loaded.')}</RetryAlert>
        ) : isLoading || !detail || !payout ? (
          <LoadingRegion label="Loading the payout">
            <Skeleton variant="rounded" height={160} />
          </LoadingRegion>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography sx={num}>
              {payout.id} · gross {formatUSD(payout.gross)} · fees {formatUSD(payout.fees)} · net {formatUSD(payout.net)}
            </Typography>
            {payout.problems.length > 0 ? <Alert severity="warning">{problemText(payout)}</Alert> : null}
            <TableContainer role="region" aria-label="The payout's lines, scrollable" tabIndex={0} sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="The payout's lines" sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Type</TableCell>
                    <TableCell>Receipt</TableCell>
                    <TableCell>Donor</TableCell>
                    <TableCell align="right">Gross</TableCell>
                    <TableCell align="right">Fee</TableCell>
                    <TableCell align="right">Net</TableCell>
                    <TableCell>Ledger</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.lines.map((line) => (
                    <LineRow key={line.balanceTransactionId} line={line} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function PayoutTable({ payouts, onOpen }: { payouts: Payout[]; onOpen: (id: string) => void }) {
  return (
    <TableContainer role="region" aria-label="Payouts, scrollable" tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Payouts" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>Arrives</TableCell>
            <TableCell align="right">Payments</TableCell>
            <TableCell align="right">Gross</TableCell>
            <TableCell align="right">Fees</TableCell>
            <TableCell align="right">Paid out</TableCell>
            <TableCell>State</TableCell>
            <TableCell align="right">Lines</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payouts.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{formatDay(p.arrivalDate)}</TableCell>
              <TableCell align="right" sx={num}>
                {p.charges}
                {p.refunds > 0 ? ` (${p.refunds} ${p.refunds === 1 ? 'refund' : 'refunds'})` : ''}
              </TableCell>
              <TableCell align="right" sx={num}>
                {formatUSD(p.gross)}
              </TableCell>
              <TableCell align="right" sx={num}>
                {formatUSD(p.fees)}
              </TableCell>
              <TableCell align="right" sx={num}>
                {formatUSD(p.amount)}
              </TableCell>
              <TableCell>
                <PayoutState payout={p} />
              </TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => onOpen(p.id)} aria-label={`Show the payments of the payout arriving ${formatDay(p.arrivalDate)}`}>
                  Show
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The Payouts tab: the card provider's payouts of a period, each with its payments and fees, flagged when it does not match the ledger. */
export function PayoutsTab({ today }: { today: string }) {
  const { can } = useAuth();
  const [from, setFrom] = useState(daysBefore(today, 90));
  const [to, setTo] = useState(today);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = isDay(from) && isDay(to) && from <= to;
  const { list, error, isLoading, refresh } = usePayouts(valid ? from : null, valid ? to : null);
  const reconcile = useReconcile();
  const { toast } = useToast();

  const run = async () => {
    setBusy(true);
    try {
      const done = await reconcile();
      const flagged = done.flagged > 0 ? `, ${done.flagged} to check` : '';
      toast({
        title: 'Reconciled',
        description: `${done.fees} ${done.fees === 1 ? 'fee' : 'fees'} and ${done.payouts} ${done.payouts === 1 ? 'payout' : 'payouts'} recorded${flagged}`,
        variant: done.flagged > 0 ? 'warning' : 'success',
      });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The card provider could not be reached. Try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const rangeError = isDay(from) && isDay(to) && from > to ? 'To must be on or after From' : undefined;
  const flagged = list?.payouts.filter((p) => p.problems.length > 0).length ?? 0;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography color="text.secondary">
        {list?.provider === 'sandbox'
          ? 'Simulated payouts: card payments here go through the sandbox, which charges Stripe’s list fee and pays out two days later.'
          : 'Stripe’s payouts to the bank, each with the card payments and refunds it carries and Stripe’s fees.'}{' '}
        They are recorded every hour{list?.newest ? `; the newest was made ${formatDate(list.newest)}` : ''}.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, alignItems: 'start' }}>
        <TextField label="Arriving from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(rangeError)}
          helperText={rangeError}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        {can('reconcile_payments') ? (
          <Button variant="outlined" startIcon={<SyncOutlined />} onClick={() => void run()} disabled={busy} sx={{ mt: { sm: 1 } }}>
            {busy ? 'Reconciling…' : 'Reconcile now'}
          </Button>
        ) : null}
      </Box>
      <Box role="status" aria-live="polite">
        {flagged > 0 ? (
          <Alert severity="warning">
            {flagged} {flagged === 1 ? 'payout does' : 'payouts do'} not match the ledger: open {flagged === 1 ? 'it' : 'each'} to see why.
          </Alert>
        ) : null}
      </Box>
      {error ? (
        <RetryAlert onRetry={refresh}>{errorMessage(error, 'The payouts could not be loaded.')}</RetryAlert>
      ) : !valid ? null : isLoading || !list ? (
        <LoadingRegion label="Loading payouts">
          <Skeleton variant="rounded" height={160} />
        </LoadingRegion>
      ) : list.payouts.length === 0 ? (
        <Typography color="text.secondary">No payouts arrived in this period.</Typography>
      ) : (
        <PayoutTable payouts={list.payouts} onOpen={setOpen} />
      )}
      <PayoutDialog id={open} onClose={() => setOpen(null)} />
    </Box>
  );
}

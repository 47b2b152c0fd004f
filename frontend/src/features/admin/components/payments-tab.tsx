import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import useSWR from 'swr';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { formatDate, formatTime, formatUSD } from '@/lib/format';
import type { Event, Payment, PaymentStatus } from '@/types/api';
import {
  setPaymentStatus,
  useAdminPayments,
  usePaymentTotals,
  type PaymentFilters,
  type PaymentTotals,
} from '../api/admin-payments';

const statusOptions: { value: PaymentStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
];

const methodLabels: Record<Payment['paymentMethod'], string> = {
  credit_card: 'Card',
  zelle: 'Zelle',
  paypal: 'PayPal',
  cash: 'Cash',
  check: 'Check',
};

const statusColor: Record<PaymentStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
  refunded: 'info',
};

// Filter selects show their 'All' option and keep the label up.
const allSlot = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const emptyFilters: PaymentFilters = { status: '', method: '', eventId: '', from: '', to: '' };

/** Total of the completed payments (pending, failed and refunded ones are not money received). */
function completedTotal(payments: Payment[]): number {
  return payments.filter((p) => p.status === 'completed').reduce((s, p) => s + (Number.parseFloat(p.amount) || 0), 0);
}

function TotalsTable({ title, rows }: { title: string; rows: { key: string; label: string; amount: string | number; count: number }[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No payments yet.
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Payments</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell>{r.label}</TableCell>
                <TableCell align="right">{r.count}</TableCell>
                <TableCell align="right">{formatUSD(r.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

function Totals({ totals }: { totals: PaymentTotals }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' }, mb: 3 }}>
      <TotalsTable
        title="Totals by donation type"
        rows={(totals.byDonationType ?? []).map((t) => ({ key: t.name, label: t.name, amount: t.amount, count: t.count }))}
      />
      <TotalsTable
        title="Totals by event"
        rows={(totals.byEvent ?? []).map((t) => ({
          key: t.eventId ?? 'direct',
          label: t.eventName ?? 'Direct donations',
          amount: t.amount,
          count: t.count,
        }))}
      />
    </Box>
  );
}

/** Payments tab: filtered payment list, Zelle confirmation and totals. */
export function PaymentsTab() {
  const { toast } = useToast();
  const [filters, setFilters] = useState<PaymentFilters>(emptyFilters);
  const { payments, error, isLoading, isValidating, refresh } = useAdminPayments(filters);
  const { totals, error: totalsError, refresh: refreshTotals } = usePaymentTotals();
  const { data: events } = useSWR<Event[]>(apiKeys.events);
  const [updating, setUpdating] = useState<string | null>(null);

  const set = <K extends keyof PaymentFilters>(k: K, v: PaymentFilters[K]) => setFilters((f) => ({ ...f, [k]: v }));

  async function mark(p: Payment, status: 'completed' | 'failed') {
    setUpdating(p.id);
    try {
      await setPaymentStatus(p.id, status);
      toast({
        title: status === 'completed' ? 'Payment marked as received' : 'Payment marked as failed',
        description: `${formatUSD(p.amount)}${p.receiptNumber ? ` · ${p.receiptNumber}` : ''}`,
      });
      await Promise.all([refresh(), refreshTotals()]);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to update payment status'), variant: 'destructive' });
    } finally {
      setUpdating(null);
    }
  }

  const filtered = Object.values(filters).some(Boolean);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="payments-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2 }}>
        <Box>
          <Typography id="payments-heading" component="h2" variant="h6">
            Payments
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Zelle payments stay pending until you confirm the transfer arrived.
          </Typography>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton
              aria-label="Refresh payments"
              onClick={() => void Promise.all([refresh(), refreshTotals()])}
              disabled={isValidating}
            >
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
      </Box>

      {totals ? <Totals totals={totals} /> : totalsError ? <Alert severity="warning" sx={{ mb: 3 }}>Totals could not be loaded.</Alert> : null}

      <Box
        role="group"
        aria-label="Filters"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr) auto' }, mb: 2, alignItems: 'start' }}
      >
        <TextField select size="small" label="Status" slotProps={allSlot} value={filters.status} onChange={(e) => set('status', e.target.value as PaymentFilters['status'])}>
          <MenuItem value="">All</MenuItem>
          {statusOptions.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Method" slotProps={allSlot} value={filters.method} onChange={(e) => set('method', e.target.value as PaymentFilters['method'])}>
          <MenuItem value="">All</MenuItem>
          {Object.entries(methodLabels).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Event"
          slotProps={allSlot}
          value={filters.eventId}
          onChange={(e) => set('eventId', e.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        >
          <MenuItem value="">All events</MenuItem>
          {(events ?? []).map((ev) => (
            <MenuItem key={ev.id} value={ev.id}>
              {ev.name} ({formatDate(ev.eventDate)})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={filters.from}
          onChange={(e) => set('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={filters.to}
          onChange={(e) => set('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
        />
        <Button onClick={() => setFilters(emptyFilters)} disabled={!filtered} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          Clear filters
        </Button>
      </Box>

      {isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading payments" />
        </Box>
      ) : error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refresh()}>
              Retry
            </Button>
          }
        >
          Payments could not be loaded. Please try again.
        </Alert>
      ) : !payments || payments.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filtered ? 'No payments match these filters.' : 'No payments yet.'}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {payments.length} {payments.length === 1 ? 'payment' : 'payments'}, {formatUSD(completedTotal(payments))} completed
          </Typography>
          <TableContainer>
            <Table size="small" aria-label="Payments" sx={{ minWidth: 820 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Donor</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>Method</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status and receipt</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {payments.map((p) => (
                  <TableRow key={p.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(p.paymentDate)}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {formatTime(p.paymentDate)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ minWidth: 180 }}>
                      {p.donorName || 'Guest'}
                      {p.donorEmail ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {p.donorEmail}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {p.eventName ?? 'Direct donation'}
                      {p.donationDetails?.length ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {p.donationDetails.map((d) => d.name).join(', ')}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {methodLabels[p.paymentMethod] ?? p.paymentMethod}
                      {p.provider === 'sandbox' ? (
                        <Chip size="small" label="Test" variant="outlined" sx={{ ml: 0.75 }} />
                      ) : null}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {formatUSD(p.amount)}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={statusOptions.find((s) => s.value === p.status)?.label ?? p.status}
                        color={statusColor[p.status] ?? 'default'}
                      />
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', mt: 0.5 }}
                      >
                        {p.receiptNumber ?? 'No receipt number'}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {p.status === 'pending' && p.paymentMethod === 'zelle' ? (
                        <Box sx={{ display: 'inline-flex', gap: 1 }}>
                          <Button size="small" variant="contained" color="success" onClick={() => void mark(p, 'completed')} disabled={updating === p.id}>
                            Mark received
                          </Button>
                          <Button size="small" color="error" onClick={() => void mark(p, 'failed')} disabled={updating === p.id}>
                            Mark failed
                          </Button>
                        </Box>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Paper>
  );
}

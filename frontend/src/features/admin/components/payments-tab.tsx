import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import { formatDate, formatUSD } from '@/lib/format';
import type { DonationType, Event, Payment } from '@/types/api';
import {
  downloadLedgerCsv,
  emptyFilters,
  useLedger,
  usePaymentTotals,
  useRefundPayment,
  useResendReceipt,
  useSetPaymentStatus,
  type AdminStatus,
  type PaymentFilters,
} from '../api/admin-payments';
import { PageSpinner } from '@/components/ui/page-spinner';
import { AuditDialog, ReopenDialog } from './payment-dialogs';
import { methodLabels, statusOptions } from './payment-labels';
import { PaymentRow } from './payment-row';
import { LedgerSummary, Totals } from './payment-totals';
import { RefundDialog } from './refund-dialog';
import { StatementsSection } from './statements-section';
import { RetryAlert } from '@/components/ui/retry-alert';

// Filter selects show their 'All' option and keep the label up.
const allSlot = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const pageSizes = [10, 25, 50, 100];

/**
 * Payments tab: the treasurer's ledger (filters, pages, totals, CSV), Zelle reconciliation and
 * history. Reconciling, refunds, the CSV and the statements show only to accounts allowed them.
 */
export function PaymentsTab() {
  const { toast } = useToast();
  const { can } = useAuth();
  const reconcile = can('reconcile_payments');
  const [filters, setFilters] = useState<PaymentFilters>(emptyFilters);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const { ledger, error, isLoading, isValidating, refresh } = useLedger(filters, page + 1, pageSize);
  const { totals, error: totalsError, refresh: refreshTotals } = usePaymentTotals();
  const { data: events } = useSWR<Event[]>(apiKeys.events);
  const { data: donationTypes } = useSWR<DonationType[]>(apiKeys.donationTypes);
  const [updating, setUpdating] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [history, setHistory] = useState<Payment | null>(null);
  const [reopening, setReopening] = useState<Payment | null>(null);
  const setPaymentStatus = useSetPaymentStatus();
  const resendReceipt = useResendReceipt();
  const refundPayment = useRefundPayment();
  const [refunding, setRefunding] = useState<Payment | null>(null);

  async function resend(p: Payment) {
    setUpdating(p.id);
    try {
      await resendReceipt(p.id);
      toast({ title: 'Receipt sent again', description: `${p.receiptNumber ?? ''} to ${p.donorEmail ?? 'the donor'}` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The receipt could not be sent'), variant: 'destructive' });
    } finally {
      setUpdating(null);
    }
  }

  const set = <K extends keyof PaymentFilters>(k: K, v: PaymentFilters[K]) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPage(0);
  };

  // The search applies once typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setFilters((f) => (f.q === search ? f : { ...f, q: search }));
      setPage(0);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search]);

  async function mark(p: Payment, status: AdminStatus, note?: string) {
    setUpdating(p.id);
    try {
      await setPaymentStatus(p.id, status, note);
      const titles: Record<AdminStatus, string> = {
        completed: 'Payment marked as received',
        failed: 'Payment marked as failed',
        pending: 'Payment reopened',
      };
      toast({ title: titles[status], description: `${formatUSD(p.amount)}${p.receiptNumber ? ` · ${p.receiptNumber}` : ''}` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to update payment status'), variant: 'destructive' });
    } finally {
      setUpdating(null);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadLedgerCsv(filters);
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err, 'The CSV could not be downloaded'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  const filtered = search !== '' || JSON.stringify(filters) !== JSON.stringify(emptyFilters);
  const payments = ledger?.items ?? [];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="payments-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2 }}>
        <Box>
          <Typography id="payments-heading" component="h2" variant="h6">
            Payments
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {reconcile
              ? 'Zelle payments stay pending until you confirm the transfer arrived.'
              : 'Every payment with its history; Zelle payments stay pending until the treasurer confirms the transfer arrived.'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {can('export_finances') ? (
            <Button startIcon={<Download />} variant="outlined" onClick={() => void exportCsv()} disabled={exporting}>
              Export CSV
            </Button>
          ) : null}
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
      </Box>

      {can('send_statements') ? <StatementsSection /> : null}
      {totals ? <Totals totals={totals} /> : totalsError ? <Alert severity="warning" sx={{ mb: 3 }}>Totals could not be loaded.</Alert> : null}

      <Box
        role="group"
        aria-label="Filters"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2, alignItems: 'start' }}
      >
        <TextField
          size="small"
          label="Search donor or receipt"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
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
        <TextField select size="small" label="Event" slotProps={allSlot} value={filters.eventId} onChange={(e) => set('eventId', e.target.value)}>
          <MenuItem value="">All events</MenuItem>
          <MenuItem value="direct-donation">Direct donations</MenuItem>
          {(events ?? []).map((ev) => (
            <MenuItem key={ev.id} value={ev.id}>
              {ev.name} ({formatDate(ev.eventDate)})
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Purpose" slotProps={allSlot} value={filters.purpose} onChange={(e) => set('purpose', e.target.value)}>
          <MenuItem value="">All purposes</MenuItem>
          {(donationTypes ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
            </MenuItem>
          ))}
          <MenuItem value="custom">Other (custom)</MenuItem>
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
        <FormControlLabel
          control={<Checkbox checked={filters.includeExpired} onChange={(e) => set('includeExpired', e.target.checked)} />}
          label="Show expired card attempts"
        />
        <Button
          onClick={() => {
            setSearch('');
            setFilters(emptyFilters);
            setPage(0);
          }}
          disabled={!filtered}
        >
          Clear filters
        </Button>
      </Box>

      {isLoading && !ledger ? (
        <PageSpinner label="Loading payments" />
      ) : error ? (
        <RetryAlert onRetry={() => void refresh()}>
        Payments could not be loaded. Please try again.
        </RetryAlert>
      ) : !ledger || ledger.total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filtered ? 'No payments match these filters.' : 'No payments yet.'}
        </Typography>
      ) : (
        <>
          <LedgerSummary totals={ledger.totals} />
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
                  <PaymentRow
                    key={p.id}
                    payment={p}
                    busy={updating === p.id}
                    onMark={(status) => void mark(p, status)}
                    onReopen={() => setReopening(p)}
                    onRefund={() => setRefunding(p)}
                    onResend={() => void resend(p)}
                    onHistory={() => setHistory(p)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={ledger.total}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={pageSizes}
            onRowsPerPageChange={(e) => {
              setPageSize(Number.parseInt(e.target.value, 10));
              setPage(0);
            }}
          />
        </>
      )}
      <AuditDialog payment={history} onClose={() => setHistory(null)} />
      {refunding ? (
        <RefundDialog
          key={refunding.id}
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefund={async (p, amount, note) => {
            const updated = await refundPayment(p.id, amount, note);
            setRefunding(null);
            toast({
              title: updated.status === 'refunded' ? 'Payment refunded' : 'Part of the payment refunded',
              description: `${formatUSD(amount)}${p.receiptNumber ? ` · ${p.receiptNumber}` : ''}`,
            });
          }}
        />
      ) : null}
      <ReopenDialog
        key={reopening?.id ?? 'none'}
        payment={reopening}
        onClose={() => setReopening(null)}
        onReopen={async (p, note) => {
          await mark(p, 'pending', note);
          setReopening(null);
        }}
      />
    </Paper>
  );
}

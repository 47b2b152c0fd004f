import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
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
import { Link as RouterLink } from 'react-router';
import useSWR from 'swr';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { formatDate, formatTime, formatUSD } from '@/lib/format';
import type { DonationType, Event, LedgerTotals, Payment, PaymentTotals } from '@/types/api';
import {
  downloadLedgerCsv,
  emptyFilters,
  isTestPayment,
  useLedger,
  usePaymentAudit,
  usePaymentTotals,
  useReceiptEmails,
  useRefundPayment,
  useResendReceipt,
  useSetPaymentStatus,
  type AdminStatus,
  type PaymentFilters,
  type PaymentMethodKind,
  type PaymentStatus,
} from '../api/admin-payments';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RefundDialog } from './refund-dialog';
import { StatementsSection } from './statements-section';
import { RetryAlert } from '@/components/ui/retry-alert';

const statusOptions: { value: PaymentStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'expired', label: 'Expired' },
];

const methodLabels: Partial<Record<string, string>> & Record<PaymentMethodKind, string> = {
  credit_card: 'Card',
  zelle: 'Zelle',
  paypal: 'PayPal',
  cash: 'Cash',
  check: 'Check',
};

const statusColor: Partial<Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'>> &
  Record<PaymentStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
  refunded: 'info',
  expired: 'default',
};

// Filter selects show their 'All' option and keep the label up.
const allSlot = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const pageSizes = [10, 25, 50, 100];

function statusLabel(status: string): string {
  return statusOptions.find((s) => s.value === status)?.label ?? status;
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

/** The totals of everything the filters match (every page). */
function LedgerSummary({ totals }: { totals: LedgerTotals }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="ledger-totals">
      {totals.count} {totals.count === 1 ? 'payment' : 'payments'} · {formatUSD(totals.received)} received ({totals.receivedCount}) ·{' '}
      {formatUSD(totals.pending)} pending · {formatUSD(totals.refunded)} refunded
      {Number.parseFloat(totals.test) > 0 ? ` · ${formatUSD(totals.test)} in test payments, not counted` : null}
    </Typography>
  );
}

/** The admins' changes to a payment, oldest first. */
/** Each receipt e-mail of a completed payment: why, when, sent or not. */
function ReceiptEmails({ payment }: { payment: Payment }) {
  const { emails, error, isLoading } = useReceiptEmails(payment.id);
  if (isLoading) return <CircularProgress size={20} aria-label="Loading receipt e-mails" />;
  if (error) return <Alert severity="error">The receipt e-mails could not be loaded.</Alert>;
  if (!emails || emails.length === 0) return <Typography color="text.secondary">No receipt e-mails.</Typography>;
  return (
    <Table size="small" aria-label="Receipt e-mails">
      <TableHead>
        <TableRow>
          <TableCell>Asked</TableCell>
          <TableCell>Why</TableCell>
          <TableCell>Sent</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {emails.map((e, i) => (
          <TableRow key={i}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(e.createdAt)} {formatTime(e.createdAt)}
            </TableCell>
            <TableCell>{e.reason === 'resend' ? 'Resent by an admin' : 'Payment completed'}</TableCell>
            <TableCell>
              {e.sentAt ? `${formatDate(e.sentAt)} ${formatTime(e.sentAt)}` : e.lastError ? `Not sent: ${e.lastError}` : 'Waiting'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AuditDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { trail, error, isLoading } = usePaymentAudit(payment?.id ?? null);
  return (
    <Dialog open={payment !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="audit-title">
      <DialogTitle id="audit-title">History of {payment?.receiptNumber ?? 'the payment'}</DialogTitle>
      <DialogContent>
        {isLoading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading history" />
          </Box>
        ) : error ? (
          <Alert severity="error">The history could not be loaded.</Alert>
        ) : !trail || trail.length === 0 ? (
          <Typography color="text.secondary">No admin changes yet.</Typography>
        ) : (
          <Table size="small" aria-label="Payment history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Change</TableCell>
                <TableCell>Note</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {trail.map((e) => (
                <TableRow key={e.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(e.at)} {formatTime(e.at)}
                  </TableCell>
                  <TableCell>{e.actorEmail}</TableCell>
                  <TableCell>
                    {statusLabel(e.from)} → {statusLabel(e.to)}
                  </TableCell>
                  <TableCell>{e.note ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {payment && (payment.status === 'completed' || payment.status === 'refunded') ? (
          <Box sx={{ mt: 3 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Receipt e-mails
            </Typography>
            <ReceiptEmails payment={payment} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks for an optional note, then reopens a Zelle payment marked failed (back to pending). */
function ReopenDialog({
  payment,
  onClose,
  onReopen,
}: {
  payment: Payment | null;
  onClose: () => void;
  onReopen: (p: Payment, note: string) => Promise<void>;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={payment !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reopen-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!payment) return;
          setBusy(true);
          void onReopen(payment, note).finally(() => setBusy(false));
        }}
      >
        <DialogTitle id="reopen-title">Reopen {payment?.receiptNumber ?? 'payment'}?</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The payment goes back to pending, so you can mark it received. The change is kept in its history.
          </Typography>
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Reopen
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Payments tab: the treasurer's ledger (filters, pages, totals, CSV), Zelle reconciliation and history. */
export function PaymentsTab() {
  const { toast } = useToast();
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
            Zelle payments stay pending until you confirm the transfer arrived.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button startIcon={<Download />} variant="outlined" onClick={() => void exportCsv()} disabled={exporting}>
            Export CSV
          </Button>
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

      <StatementsSection />
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
                      {isTestPayment(p) ? (
                        <Chip size="small" label="Test" color="warning" variant="outlined" sx={{ ml: 0.75 }} />
                      ) : null}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {formatUSD(p.amount)}
                      {Number(p.refundedAmount) > 0 ? (
                        <Typography variant="caption" color="warning.main" component="div" sx={{ fontWeight: 400 }}>
                          {`${formatUSD(p.refundedAmount)} refunded`}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={statusLabel(p.status)} color={statusColor[p.status] ?? 'default'} />
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', mt: 0.5 }}
                      >
                        {p.receiptNumber && p.status === 'completed' ? (
                          <Link component={RouterLink} to={paths.receipt.getHref(p.receiptNumber)}>
                            {p.receiptNumber}
                          </Link>
                        ) : (
                          (p.receiptNumber ?? 'No receipt number')
                        )}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Box sx={{ display: 'inline-flex', gap: 1 }}>
                        {p.status === 'pending' && p.paymentMethod === 'zelle' ? (
                          <>
                            <Button size="small" variant="contained" color="success" onClick={() => void mark(p, 'completed')} disabled={updating === p.id}>
                              Mark received
                            </Button>
                            <Button size="small" color="error" onClick={() => void mark(p, 'failed')} disabled={updating === p.id}>
                              Mark failed
                            </Button>
                          </>
                        ) : null}
                        {p.status === 'failed' && p.paymentMethod === 'zelle' ? (
                          <Button size="small" onClick={() => setReopening(p)} disabled={updating === p.id}>
                            Reopen
                          </Button>
                        ) : null}
                        {p.status === 'completed' && p.paymentMethod === 'credit_card' ? (
                          <Button
                            size="small"
                            color="warning"
                            onClick={() => setRefunding(p)}
                            aria-label={`Refund ${p.receiptNumber ?? 'payment'}`}
                          >
                            Refund
                          </Button>
                        ) : null}
                        {p.status === 'completed' && p.donorEmail ? (
                          <Button
                            size="small"
                            onClick={() => void resend(p)}
                            disabled={updating === p.id}
                            aria-label={`Resend receipt ${p.receiptNumber ?? ''}`.trim()}
                          >
                            Resend receipt
                          </Button>
                        ) : null}
                        <Button size="small" onClick={() => setHistory(p)} aria-label={`History of ${p.receiptNumber ?? 'payment'}`}>
                          History
                        </Button>
                      </Box>
                    </TableCell>
                  </TableRow>
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

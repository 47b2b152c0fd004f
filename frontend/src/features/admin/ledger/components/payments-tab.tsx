import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { downloadLedgerCsv, useLedger, usePaymentTotals } from '../api/admin-payments';
import { usePaymentActions } from './payment-actions';
import { Totals } from './payment-totals';
import { PaymentsFilters, useLedgerQuery } from './payments-filters';
import { PaymentsTable } from './payments-table';
import { StatementsSection } from './statements-section';

/**
 * Payments tab: the treasurer's ledger (filters, pages, totals, CSV), Zelle reconciliation and
 * history. Reconciling, refunds, the CSV and the statements show only to accounts allowed them.
 */
export function PaymentsTab() {
  const { toast } = useToast();
  const { can } = useAuth();
  const reconcile = can('reconcile_payments');
  const query = useLedgerQuery();
  const { ledger, error, isLoading, isValidating, refresh } = useLedger(query.filters, query.page + 1, query.pageSize);
  const { totals, error: totalsError, refresh: refreshTotals } = usePaymentTotals();
  const actions = usePaymentActions();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadLedgerCsv(query.filters);
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err, 'The CSV could not be downloaded'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

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

      <PaymentsFilters query={query} />
      <PaymentsTable
        ledger={ledger}
        error={error}
        isLoading={isLoading}
        onRetry={() => void refresh()}
        filtered={query.filtered}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={query.setPage}
        onPageSizeChange={query.setPageSize}
        busyId={actions.busyId}
        actionsOf={actions.actionsOf}
      />
      {actions.dialogs}
    </Paper>
  );
}

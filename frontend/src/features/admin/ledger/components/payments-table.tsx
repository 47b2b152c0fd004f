import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { LedgerPage, Payment } from '@/types/api';
import { PaymentRow, type PaymentRowActions } from './payment-row';
import { LedgerSummary } from './payment-totals';

const pageSizes = [10, 25, 50, 100];

type Props = {
  ledger: LedgerPage | undefined;
  error: Error | undefined;
  isLoading: boolean;
  onRetry: () => void;
  /** A filter is set: an empty page says nothing matches rather than that there are no payments. */
  filtered: boolean;
  /** The page shown, 0-based, and its size. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The payment whose change is being saved. */
  busyId: string | null;
  actionsOf: (payment: Payment) => PaymentRowActions;
};

/** The ledger's page: the totals of what matches, the payments with their actions and the pager. */
export function PaymentsTable({ ledger, error, isLoading, onRetry, filtered, page, pageSize, onPageChange, onPageSizeChange, busyId, actionsOf }: Props) {
  if (isLoading && !ledger) return <PageSpinner label="Loading payments" />;
  if (error) return <RetryAlert onRetry={onRetry}>Payments could not be loaded. Please try again.</RetryAlert>;
  if (!ledger || ledger.total === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {filtered ? 'No payments match these filters.' : 'No payments yet.'}
      </Typography>
    );
  }
  return (
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
            {ledger.items.map((p) => (
              <PaymentRow key={p.id} payment={p} busy={busyId === p.id} {...actionsOf(p)} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={ledger.total}
        page={page}
        onPageChange={(_, next) => onPageChange(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizes}
        onRowsPerPageChange={(e) => onPageSizeChange(Number.parseInt(e.target.value, 10))}
      />
    </>
  );
}

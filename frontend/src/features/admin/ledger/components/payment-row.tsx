import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDate, formatTime, formatUSD } from '@/lib/format';
import type { Payment } from '@/types/api';
import { isTestPayment, type AdminStatus } from '../api/admin-payments';
import { channelLabels, methodLabels, statusColor, statusLabel } from './payment-labels';

/** What a row's buttons do. */
export type PaymentRowActions = {
  onMark: (status: AdminStatus) => void;
  onReopen: () => void;
  onRefund: () => void;
  onResend: () => void;
  onHistory: () => void;
};

type Props = PaymentRowActions & {
  payment: Payment;
  /** While a change of this payment is saved. */
  busy: boolean;
};

/** One payment of the ledger with the actions the account may take on it. */
export function PaymentRow({ payment: p, busy, onMark, onReopen, onRefund, onResend, onHistory }: Props) {
  const { can } = useAuth();
  return (
    <TableRow hover>
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
        {p.channel !== 'online' ? <Chip size="small" label={channelLabels[p.channel]} variant="outlined" sx={{ ml: 0.75 }} /> : null}
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
          {can('reconcile_payments') && p.status === 'pending' && p.paymentMethod === 'zelle' ? (
            <>
              <Button size="small" variant="contained" color="success" onClick={() => onMark('completed')} disabled={busy}>
                Mark received
              </Button>
              <Button size="small" color="error" onClick={() => onMark('failed')} disabled={busy}>
                Mark failed
              </Button>
            </>
          ) : null}
          {can('reconcile_payments') && p.status === 'failed' && p.paymentMethod === 'zelle' ? (
            <Button size="small" onClick={onReopen} disabled={busy}>
              Reopen
            </Button>
          ) : null}
          {can('refund') && p.status === 'completed' && p.paymentMethod === 'credit_card' ? (
            <Button
              size="small"
              color="warning"
              onClick={onRefund}
              aria-label={`Refund ${p.receiptNumber ?? 'payment'}`}
            >
              Refund
            </Button>
          ) : null}
          {p.status === 'completed' && p.donorEmail ? (
            <Button
              size="small"
              onClick={onResend}
              disabled={busy}
              aria-label={`Resend receipt ${p.receiptNumber ?? ''}`.trim()}
            >
              Resend receipt
            </Button>
          ) : null}
          <Button size="small" onClick={onHistory} aria-label={`History of ${p.receiptNumber ?? 'payment'}`}>
            History
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

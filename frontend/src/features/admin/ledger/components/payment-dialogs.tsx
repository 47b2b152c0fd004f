import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate, formatTime } from '@/lib/format';
import type { Payment } from '@/types/api';
import { usePaymentAudit, useReceiptEmails } from '../api/admin-payments';
import { statusLabel } from './payment-labels';

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

/** The admins' changes to a payment, oldest first, and its receipt e-mails. */
export function AuditDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
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
export function ReopenDialog({
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


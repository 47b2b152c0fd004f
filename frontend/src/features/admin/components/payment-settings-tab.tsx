import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AccountBalance from '@mui/icons-material/AccountBalance';
import AttachMoney from '@mui/icons-material/AttachMoney';
import Business from '@mui/icons-material/Business';
import CreditCard from '@mui/icons-material/CreditCard';
import Payments from '@mui/icons-material/Payments';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { PaymentMethod, PaymentMethodIcon } from '@/types/api';
import { deletePaymentMethod, updatePaymentMethod, usePaymentMethods } from '../api/payment-methods';
import { PaymentMethodDialog } from './payment-method-dialog';

const icons: Record<PaymentMethodIcon, ReactNode> = {
  'credit-card': <CreditCard />,
  dollar: <AttachMoney />,
  cash: <Payments />,
  bank: <AccountBalance />,
  building: <Business />,
};

const hideOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

function reason(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

/** Payment Settings tab: methods with an inline active switch, create/edit and delete. */
export function PaymentSettingsTab() {
  const { paymentMethods, error, isLoading, refresh } = usePaymentMethods();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const [editor, setEditor] = useState<{ session: number; open: boolean; method: PaymentMethod | null }>({
    session: 0,
    open: false,
    method: null,
  });
  const [toDelete, setToDelete] = useState<PaymentMethod | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);

  const openEditor = (method: PaymentMethod | null) => setEditor((e) => ({ session: e.session + 1, open: true, method }));
  const refreshAll = () => Promise.all([mutate(apiKeys.paymentMethods), mutate(apiKeys.activePaymentMethods)]);

  async function toggle(method: PaymentMethod, isActive: boolean) {
    setToggling(method.id);
    try {
      await updatePaymentMethod(method.id, { isActive });
      toast({
        title: 'Payment method status updated',
        description: `${method.displayName} is now ${isActive ? 'active' : 'inactive'}.`,
      });
      await refreshAll();
    } catch (err) {
      toast({ title: 'Error', description: `Failed to update payment method status: ${reason(err)}`, variant: 'destructive' });
    } finally {
      setToggling(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deletePaymentMethod(toDelete.id);
      toast({ title: 'Payment method deleted successfully', description: toDelete.displayName });
      await refreshAll();
      setToDelete(null);
    } catch (err) {
      toast({ title: 'Error', description: `Failed to delete payment method: ${reason(err)}`, variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading payment methods" />
      </Box>
    );
  } else if (error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refresh()}>
            Retry
          </Button>
        }
      >
        Payment methods could not be loaded. Please try again.
      </Alert>
    );
  } else if (!paymentMethods || paymentMethods.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No payment methods found
      </Typography>
    );
  } else {
    const sorted = [...paymentMethods].sort((a, b) => a.sortOrder - b.sortOrder);
    body = (
      <TableContainer>
        <Table aria-label="Payment methods" sx={{ minWidth: { sm: 600 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={hideOnPhones}>Order</TableCell>
              <TableCell>Method</TableCell>
              <TableCell sx={hideOnPhones}>Description</TableCell>
              <TableCell>Active</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((m) => (
              <TableRow key={m.id} hover>
                <TableCell sx={hideOnPhones}>{m.sortOrder}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                    <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
                      {m.icon ? icons[m.icon] : <CreditCard sx={{ opacity: 0.4 }} />}
                    </Box>
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{m.displayName}</Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                        {m.name}
                      </Typography>
                    </Box>
                  </Box>
                </TableCell>
                <TableCell sx={{ ...hideOnPhones, color: 'text.secondary', maxWidth: 300 }}>{m.description || '—'}</TableCell>
                <TableCell>
                  <Switch
                    checked={m.isActive}
                    onChange={(_, checked) => void toggle(m, checked)}
                    disabled={toggling === m.id}
                    slotProps={{ input: { 'aria-label': `${m.displayName} active` } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton aria-label={`Edit ${m.displayName}`} onClick={() => openEditor(m)}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton aria-label={`Delete ${m.displayName}`} color="error" onClick={() => setToDelete(m)}>
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="payment-settings-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Typography id="payment-settings-heading" component="h2" variant="h6">
            Payment Settings
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Active methods are offered to donors in this order. The names stripe and zelle open the card and Zelle screens.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => openEditor(null)}>
          Add Payment Method
        </Button>
      </Box>
      {body}
      {editor.session > 0 ? (
        <PaymentMethodDialog
          key={editor.session}
          open={editor.open}
          method={editor.method}
          onClose={() => setEditor((e) => ({ ...e, open: false }))}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Payment Method"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        <DialogContentText>
          Delete <strong>{toDelete?.displayName}</strong>? Donors will no longer be able to choose it.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>
          Payments already made with this method keep their records and still reference it. To hide it only for now,
          switch it off instead.
        </DialogContentText>
      </ConfirmDialog>
    </Paper>
  );
}

import AccountBalance from '@mui/icons-material/AccountBalance';
import AttachMoney from '@mui/icons-material/AttachMoney';
import Business from '@mui/icons-material/Business';
import CreditCard from '@mui/icons-material/CreditCard';
import Payments from '@mui/icons-material/Payments';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import type { PaymentMethod, PaymentMethodIcon } from '@/types/api';
import { CatalogueTab, useCatalogueState, type CatalogueColumn } from '../../components/catalogue-tab';
import { useDeletePaymentMethod, usePaymentMethods, useSavePaymentMethod } from '../api/payment-methods';
import { PaymentMethodDialog } from './payment-method-dialog';

const icons: Record<PaymentMethodIcon, ReactNode> = {
  'credit-card': <CreditCard />,
  dollar: <AttachMoney />,
  cash: <Payments />,
  bank: <AccountBalance />,
  building: <Business />,
};

function reason(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

/** Payment Settings tab: methods with an inline active switch, create/edit and delete. */
export function PaymentSettingsTab() {
  const { paymentMethods, error, isLoading, refresh } = usePaymentMethods();
  const savePaymentMethod = useSavePaymentMethod();
  const deletePaymentMethod = useDeletePaymentMethod();
  const { toast } = useToast();
  const state = useCatalogueState<PaymentMethod>();
  const { toDelete } = state;
  const [toggling, setToggling] = useState<string | null>(null);

  async function toggle(method: PaymentMethod, isActive: boolean) {
    setToggling(method.id);
    try {
      await savePaymentMethod(method.id, { isActive });
      toast({
        title: 'Payment method status updated',
        description: `${method.displayName} is now ${isActive ? 'active' : 'inactive'}.`,
      });
    } catch (err) {
      toast({ title: 'Error', description: `Failed to update payment method status: ${reason(err)}`, variant: 'destructive' });
    } finally {
      setToggling(null);
    }
  }

  const confirmDelete = () =>
    state.confirmDelete(
      (item) => deletePaymentMethod(item.id),
      (item) => ({ title: 'Payment method deleted successfully', description: item.displayName }),
      (err) => `Failed to delete payment method: ${reason(err)}`,
    );

  const columns: CatalogueColumn<PaymentMethod>[] = [
    { header: 'Order', wide: true, cell: (m) => m.sortOrder },
    {
      header: 'Method',
      cell: (m) => (
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
      ),
    },
    { header: 'Description', wide: true, sx: { color: 'text.secondary', maxWidth: 300 }, cell: (m) => m.description || '—' },
    {
      header: 'Active',
      cell: (m) => (
        <Switch
          checked={m.isActive}
          onChange={(_, checked) => void toggle(m, checked)}
          disabled={toggling === m.id}
          slotProps={{ input: { 'aria-label': `${m.displayName} active` } }}
        />
      ),
    },
  ];

  return (
    <CatalogueTab
      title="Payment Settings"
      headingId="payment-settings-heading"
      intro="Active methods are offered to donors in this order. The names stripe and zelle open the card and Zelle screens."
      addLabel="Add Payment Method"
      onAdd={() => state.openEditor(null)}
      items={paymentMethods && [...paymentMethods].sort((a, b) => a.sortOrder - b.sortOrder)}
      isLoading={isLoading}
      error={error}
      onRetry={() => void refresh()}
      loadingLabel="Loading payment methods"
      errorText="Payment methods could not be loaded. Please try again."
      emptyText="No payment methods found"
      tableLabel="Payment methods"
      minWidth={600}
      columns={columns}
      nameOf={(m) => m.displayName}
      onEdit={state.openEditor}
      onDelete={state.setToDelete}
    >
      {state.editor.session > 0 ? (
        <PaymentMethodDialog
          key={state.editor.session}
          open={state.editor.open}
          method={state.editor.item}
          onClose={state.closeEditor}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Payment Method"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={state.deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => state.setToDelete(null)}
      >
        <DialogContentText>
          Delete <strong>{toDelete?.displayName}</strong>? Donors will no longer be able to choose it.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>
          Payments already made with this method keep their records and still reference it. To hide it only for now,
          switch it off instead.
        </DialogContentText>
      </ConfirmDialog>
    </CatalogueTab>
  );
}

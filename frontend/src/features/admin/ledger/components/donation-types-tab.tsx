import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import type { DonationType, Fund } from '@/types/api';
import { CatalogueTab, useCatalogueState, type CatalogueColumn } from '../../components/catalogue-tab';
import { useAllFunds } from '../../funds/api/funds';
import { useAllDonationTypes, useDeleteDonationType } from '../api/donation-types';
import { DonationTypeDialog } from './donation-type-dialog';

/** The name of a type's fund: none is the General fund; '—' while the funds load or when they failed to. */
export function fundName(fundId: string | null, funds: Fund[] | undefined): string {
  if (fundId === null) return funds?.find((f) => f.isGeneral)?.name ?? 'General';
  return funds?.find((f) => f.id === fundId)?.name ?? '—';
}

const columns = (funds: Fund[] | undefined): CatalogueColumn<DonationType>[] => [
  {
    header: 'Name',
    sx: { fontWeight: 600 },
    cell: (t) => (
      <>
        {t.name}
        {t.description ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' }, fontWeight: 400 }}>
            {t.description}
          </Typography>
        ) : null}
        {/* Phones have no Fund column. */}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' }, fontWeight: 400 }}>
          Fund: {fundName(t.fundId, funds)}
        </Typography>
      </>
    ),
  },
  { header: 'Description', wide: true, sx: { color: 'text.secondary', maxWidth: 320 }, cell: (t) => t.description || '—' },
  { header: 'Fund', wide: true, cell: (t) => fundName(t.fundId, funds) },
  { header: 'Default amount', align: 'right', cell: (t) => (t.defaultAmount ? formatUSD(t.defaultAmount) : '—') },
  {
    header: 'Status',
    cell: (t) => (
      <Chip
        size="small"
        label={t.isActive ? 'Active' : 'Inactive'}
        color={t.isActive ? 'success' : 'default'}
        variant={t.isActive ? 'filled' : 'outlined'}
      />
    ),
  },
];

/** Donation Types tab: table, create/edit dialog and delete confirmation. */
export function DonationTypesTab() {
  const { donationTypes, error, isLoading, refresh } = useAllDonationTypes();
  const { funds } = useAllFunds();
  const deleteDonationType = useDeleteDonationType();
  const state = useCatalogueState<DonationType>();
  const { toDelete } = state;

  const confirmDelete = () =>
    state.confirmDelete(
      (item) => deleteDonationType(item.id),
      (item) => ({ title: 'Donation type deleted', description: item.name }),
      (err) => errorMessage(err, 'Failed to delete donation type'),
    );

  return (
    <CatalogueTab
      title="Donation Types"
      headingId="donation-types-heading"
      intro="The purposes donors can choose, each giving to a fund. Inactive types are hidden from donors."
      addLabel="Add Donation Type"
      onAdd={() => state.openEditor(null)}
      items={donationTypes}
      isLoading={isLoading}
      error={error}
      onRetry={() => void refresh()}
      loadingLabel="Loading donation types"
      errorText="Failed to load donation types. Please try again."
      emptyText="No donation types found. Create your first one!"
      tableLabel="Donation types"
      minWidth={640}
      columns={columns(funds)}
      nameOf={(t) => t.name}
      onEdit={state.openEditor}
      onDelete={state.setToDelete}
    >
      {state.editor.session > 0 ? (
        <DonationTypeDialog
          key={state.editor.session}
          open={state.editor.open}
          donationType={state.editor.item}
          onClose={state.closeEditor}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Donation Type"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={state.deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => state.setToDelete(null)}
      >
        <DialogContentText>
          Delete <strong>{toDelete?.name}</strong>? This permanently removes the donation type and cannot be undone.
        </DialogContentText>
        {toDelete?.isActive ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            This donation type is active and may be in use by donors right now. Consider marking it inactive instead.
          </Alert>
        ) : null}
      </ConfirmDialog>
    </CatalogueTab>
  );
}

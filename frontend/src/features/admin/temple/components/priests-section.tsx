import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Priest } from '@/types/api';
import { CatalogueTab, useCatalogueState, type CatalogueColumn } from '../../components/catalogue-tab';
import { useAllPriests, useDeletePriest, useReorderPriests } from '../api/temple';
import { PriestDialog } from './priest-dialog';

/** Priests: the list in the home page's order (move up/down), the add/edit dialog with photo upload, and delete confirmation. */
export function PriestsSection() {
  const { priests, error, isLoading, refresh } = useAllPriests();
  const deletePriest = useDeletePriest();
  const reorderPriests = useReorderPriests();
  const { toast } = useToast();
  const state = useCatalogueState<Priest>();
  const [moving, setMoving] = useState(false);
  const { toDelete } = state;
  const list = priests ?? [];

  async function move(index: number, delta: -1 | 1) {
    const ids = list.map((p) => p.id);
    [ids[index], ids[index + delta]] = [ids[index + delta], ids[index]];
    setMoving(true);
    try {
      await reorderPriests(ids);
      toast({ title: 'Order saved', description: list[index].name });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to change the order'), variant: 'destructive' });
    } finally {
      setMoving(false);
    }
  }

  const confirmDelete = () =>
    state.confirmDelete(
      (item) => deletePriest(item.id),
      (item) => ({ title: 'Priest removed', description: item.name }),
      (err) => errorMessage(err, 'Failed to remove priest'),
    );

  const columns: CatalogueColumn<Priest>[] = [
    {
      header: 'Priest',
      cell: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={p.photoUrl ?? undefined} alt={p.photoUrl ? `Photo of ${p.name}` : undefined} sx={{ width: 40, height: 40 }}>
            {p.name.replace(/^Sri\s+/, '').charAt(0)}
          </Avatar>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
            {p.title ? (
              <Typography variant="caption" color="text.secondary">
                {p.title}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ),
    },
    { header: 'Specialties', wide: true, sx: { color: 'text.secondary', maxWidth: 280 }, cell: (p) => p.specialties.join(', ') || '—' },
    {
      header: 'Order',
      cell: (p) => {
        const i = list.findIndex((x) => x.id === p.id);
        return (
          <Box sx={{ display: 'flex' }}>
            <IconButton size="small" aria-label={`Move ${p.name} up`} disabled={moving || i <= 0} onClick={() => void move(i, -1)}>
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move ${p.name} down`}
              disabled={moving || i < 0 || i >= list.length - 1}
              onClick={() => void move(i, 1)}
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
          </Box>
        );
      },
    },
  ];

  return (
    <CatalogueTab
      title="Priests"
      headingId="priests-heading"
      intro="Shown on the home page in this order, with their photo, title, bio and specialties."
      addLabel="Add Priest"
      onAdd={() => state.openEditor(null)}
      items={priests}
      isLoading={isLoading}
      error={error}
      onRetry={() => void refresh()}
      loadingLabel="Loading priests"
      errorText="Failed to load priests. Please try again."
      emptyText="No priests yet. The home page hides the section until you add one."
      tableLabel="Priests"
      minWidth={480}
      columns={columns}
      nameOf={(p) => p.name}
      onEdit={state.openEditor}
      onDelete={state.setToDelete}
    >
      {state.editor.session > 0 ? (
        <PriestDialog key={state.editor.session} open={state.editor.open} priest={state.editor.item} onClose={state.closeEditor} />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Remove Priest"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={state.deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => state.setToDelete(null)}
      >
        <DialogContentText>
          Remove <strong>{toDelete?.name}</strong> and their photo from the site?
        </DialogContentText>
      </ConfirmDialog>
    </CatalogueTab>
  );
}

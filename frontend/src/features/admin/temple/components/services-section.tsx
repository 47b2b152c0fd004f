import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import type { RecurringService } from '@/types/api';
import { CatalogueTab, useCatalogueState, type CatalogueColumn } from '../../components/catalogue-tab';
import { useAllServices, useDeleteService } from '../api/temple';
import { ServiceDialog } from './service-dialog';

function nextLabel(s: RecurringService): string {
  const next = s.nextOccurrence;
  if (!next) return 'Ended';
  const [y, m, d] = next.date.split('-').map(Number);
  const day = new Date(y, m - 1, d).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  return `${day} · ${next.timeLabel}`;
}

const columns: CatalogueColumn<RecurringService>[] = [
  {
    header: 'Name',
    sx: { fontWeight: 600 },
    cell: (s) => (
      <>
        {s.name}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 400 }}>
          {s.schedule}
        </Typography>
      </>
    ),
  },
  { header: 'Next', wide: true, sx: { color: 'text.secondary', whiteSpace: 'nowrap' }, cell: nextLabel },
];

/** Recurring services: the list with each one's schedule and next date, the add/edit dialog and delete confirmation. */
export function ServicesSection() {
  const { services, error, isLoading, refresh } = useAllServices();
  const deleteService = useDeleteService();
  const state = useCatalogueState<RecurringService>();
  const { toDelete } = state;

  const confirmDelete = () =>
    state.confirmDelete(
      (item) => deleteService(item.id),
      (item) => ({ title: 'Service deleted', description: item.name }),
      (err) => errorMessage(err, 'Failed to delete service'),
    );

  return (
    <CatalogueTab
      title="Recurring services"
      headingId="recurring-services-heading"
      intro="Daily, weekly, monthly and yearly services, or by the lunar calendar: every Ekadashi, Pournami or a chosen nakshatra. The home page and the events calendar show their next dates in the temple's time zone."
      addLabel="Add Service"
      onAdd={() => state.openEditor(null)}
      items={services}
      isLoading={isLoading}
      error={error}
      onRetry={() => void refresh()}
      loadingLabel="Loading services"
      errorText="Failed to load services. Please try again."
      emptyText="No recurring services yet. The home page hides the list until you add one."
      tableLabel="Recurring services"
      minWidth={480}
      columns={columns}
      nameOf={(s) => s.name}
      onEdit={state.openEditor}
      onDelete={state.setToDelete}
    >
      {state.editor.session > 0 ? (
        <ServiceDialog key={state.editor.session} open={state.editor.open} service={state.editor.item} onClose={state.closeEditor} />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Service"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={state.deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => state.setToDelete(null)}
      >
        <DialogContentText>
          Delete <strong>{toDelete?.name}</strong>? It disappears from the home page and the calendar.
        </DialogContentText>
      </ConfirmDialog>
    </CatalogueTab>
  );
}

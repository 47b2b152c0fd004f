import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Event } from '@/types/api';
import { useDeleteEvent } from '../api/events-admin';

export type DeleteEventDialogProps = {
  open: boolean;
  onClose: () => void;
  event: Pick<Event, 'id' | 'name'>;
  /** After the event is gone (e.g. navigate to /events). */
  onDeleted: () => void;
  /** window.confirm by default; replaceable in tests. */
  confirmForce?: (message: string) => boolean;
};

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Delete an event. When the server refuses (409: it has registrations, volunteers or payments), or
 * when the admin chooses it, a force delete removes the event with all related data after a
 * browser confirmation.
 */
export function DeleteEventDialog({ open, onClose, event, onDeleted, confirmForce = (m) => window.confirm(m) }: DeleteEventDialogProps) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const deleteEvent = useDeleteEvent((result) => {
    const r = result?.relatedRecords;
    toast({
      title: 'Event Deleted',
      description: r
        ? `${event.name} was deleted with ${plural(r.attendees, 'attendee', 'attendees')} and ${plural(
            r.volunteers,
            'volunteer',
            'volunteers',
          )}; ${plural(r.payments, 'payment was', 'payments were')} kept in the payment records.`
        : `${event.name} has been deleted.`,
    });
    onClose();
    onDeleted();
  });

  async function handleDelete() {
    setBusy(true);
    try {
      await deleteEvent(event.id, { force: false });
    } catch (err) {
      console.error('Delete event failed', err);
      const message = errorMessage(err, 'Failed to delete event');
      if (err instanceof ApiError && err.status === 409) setConflict(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
      setBusy(false);
    }
  }

  async function handleForce() {
    const ok = confirmForce(
      `Force delete "${event.name}"? This permanently removes the event together with all its registrations and volunteer records. Its payments stay in the temple's records, no longer linked to the event. This cannot be undone.`,
    );
    if (!ok) return;
    setBusy(true);
    try {
      await deleteEvent(event.id, { force: true });
    } catch (err) {
      console.error('Force delete failed', err);
      toast({ title: 'Error', description: errorMessage(err, 'Failed to delete event'), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Delete Event"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      destructive
      onConfirm={() => void handleDelete()}
      onClose={onClose}
      extraActions={
        <Button color="error" variant={conflict ? 'contained' : 'text'} onClick={() => void handleForce()} disabled={busy} sx={{ mr: 'auto' }}>
          Force Delete
        </Button>
      }
    >
      <DialogContentText>
        Delete <strong>{event.name}</strong>? This cannot be undone.
      </DialogContentText>
      <DialogContentText sx={{ mt: 1.5 }}>
        An event with registrations, volunteers or payments can only be removed with Force Delete, which also deletes its
        registrations and volunteer records. Payments are never deleted: they stay in the temple's records.
      </DialogContentText>
      {conflict ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {conflict}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

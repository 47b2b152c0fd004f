import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Event } from '@/types/api';
import { useCancelRegistration } from '../api/registrations';

type Props = {
  open: boolean;
  onClose: () => void;
  event: Pick<Event, 'id' | 'name'>;
  /** Called after the registration is cancelled (before onClose). */
  onCancelled?: () => void;
};

/** Asks before cancelling the member's own registration for an event, then cancels it. */
export function CancelRegistrationDialog({ open, onClose, event, onCancelled }: Props) {
  const cancelRegistration = useCancelRegistration();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await cancelRegistration(event.id);
      toast({ title: 'Registration cancelled', description: `You are no longer registered for ${event.name}.` });
      onCancelled?.();
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to cancel your registration. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Cancel Registration"
      confirmLabel="Yes, Cancel Registration"
      cancelLabel="Keep Registration"
      busyLabel="Cancelling..."
      busy={busy}
      destructive
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        Cancel your registration for <strong>{event.name}</strong>? Your spots go to the next family on the waitlist, if
        there is one.
      </DialogContentText>
    </ConfirmDialog>
  );
}

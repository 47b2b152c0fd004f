import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Event } from '@/types/api';
import { useLeaveWaitlist } from '../api/registrations';

type Props = { open: boolean; onClose: () => void; event: Pick<Event, 'id' | 'name'> };

/** Asks before taking the member off an event's waitlist, then does. */
export function LeaveWaitlistDialog({ open, onClose, event }: Props) {
  const leaveWaitlist = useLeaveWaitlist();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await leaveWaitlist(event.id);
      toast({ title: 'Left the waitlist', description: `You are no longer waiting for ${event.name}.` });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to leave the waitlist. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Leave the Waitlist"
      confirmLabel="Yes, Leave"
      cancelLabel="Keep My Place"
      busyLabel="Leaving..."
      busy={busy}
      destructive
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        Give up your place on the waitlist for <strong>{event.name}</strong>? If you join again later, you go to the end of the
        line.
      </DialogContentText>
    </ConfirmDialog>
  );
}

import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Event, Volunteer } from '@/types/api';
import { useCancelVolunteer } from '../api/volunteers';

type Props = {
  open: boolean;
  onClose: () => void;
  event: Pick<Event, 'id' | 'name'>;
  volunteer: Pick<Volunteer, 'id'>;
};

/** Asks before withdrawing the member's volunteer record for an event, then withdraws it. */
export function LeaveVolunteerDialog({ open, onClose, event, volunteer }: Props) {
  const cancelVolunteer = useCancelVolunteer();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await cancelVolunteer(event.id, volunteer.id);
      toast({ title: 'Volunteer registration cancelled', description: `You are no longer volunteering for ${event.name}.` });
      onClose();
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to cancel volunteer registration. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Leave as Volunteer"
      confirmLabel="Yes, Leave"
      cancelLabel="Keep Volunteering"
      busyLabel="Leaving..."
      busy={busy}
      destructive
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        Stop volunteering for <strong>{event.name}</strong>? The coordinators will no longer count on your help.
      </DialogContentText>
    </ConfirmDialog>
  );
}

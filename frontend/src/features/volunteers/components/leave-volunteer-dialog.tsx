import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Event, Volunteer } from '@/types/api';
import { useCancelVolunteer } from '../api/volunteers';
import { t } from '../i18n';

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
      toast({ title: t('volunteers.cancelled'), description: t('volunteers.cancelledText', { name: event.name }) });
      onClose();
    } catch (err) {
      toast({
        title: t('volunteers.error'),
        description: errorMessage(err, t('volunteers.cancelFailed')),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={t('volunteers.leave')}
      confirmLabel={t('volunteers.leaveDialog.confirm')}
      cancelLabel={t('volunteers.keepVolunteering')}
      busyLabel={t('volunteers.leaveDialog.busy')}
      busy={busy}
      destructive
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        {t.rich('volunteers.leaveDialog.question', { name: event.name, b: (chunks) => <strong>{chunks}</strong> })}
      </DialogContentText>
    </ConfirmDialog>
  );
}

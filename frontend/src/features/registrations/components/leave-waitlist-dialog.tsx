import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Event } from '@/types/api';
import { useLeaveWaitlist } from '../api/registrations';
import { t } from '../i18n';

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
      toast({ title: t('registrations.leaveWaitlist.done'), description: t('registrations.leaveWaitlist.doneText', { name: event.name }) });
      onClose();
    } catch (err) {
      toast({ title: t('registrations.error'), description: errorMessage(err, t('registrations.leaveWaitlist.failed')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={t('registrations.leaveWaitlist.title')}
      confirmLabel={t('registrations.leaveWaitlist.confirm')}
      cancelLabel={t('registrations.leaveWaitlist.keep')}
      busyLabel={t('registrations.leaveWaitlist.busy')}
      busy={busy}
      destructive
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        {t.rich('registrations.leaveWaitlist.question', { name: event.name, b: (chunks) => <strong>{chunks}</strong> })}
      </DialogContentText>
    </ConfirmDialog>
  );
}

import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Event } from '@/types/api';
import { useCancelRegistration } from '../api/registrations';
import { t } from '../i18n';

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
      toast({ title: t('registrations.cancel.done'), description: t('registrations.cancel.doneText', { name: event.name }) });
      onCancelled?.();
      onClose();
    } catch (err) {
      toast({ title: t('registrations.error'), description: errorMessage(err, t('registrations.cancel.failed')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={t('registrations.cancel.title')}
      confirmLabel={t('registrations.cancel.confirm')}
      cancelLabel={t('registrations.cancel.keep')}
      busyLabel={t('registrations.cancel.busy')}
      busy={busy}
      destructive
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        {t.rich('registrations.cancel.question', { name: event.name, b: (chunks) => <strong>{chunks}</strong> })}
      </DialogContentText>
    </ConfirmDialog>
  );
}

import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { useId, type ReactNode } from 'react';
import type { Event } from '@/types/api';
import type { DonationSelection } from './donation-step';
import { t } from '../i18n';
import { DonationFlow } from './donation-flow';

type Props = {
  open: boolean;
  onClose: () => void;
  event: Pick<Event, 'id' | 'name'>;
  renderPayment: (selection: DonationSelection) => ReactNode;
};

/** 'Make a Donation' for an event. */
export function DonationDialog({ open, onClose, event, renderPayment }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {t('donations.dialog.title')}
        <IconButton aria-label={t('donations.dialog.close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('donations.dialog.intro', { event: event.name })}</DialogContentText>
        <DonationFlow renderPayment={renderPayment} />
      </DialogContent>
    </Dialog>
  );
}

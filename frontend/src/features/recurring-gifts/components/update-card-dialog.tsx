import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useToast } from '@/components/ui/toast';
import type { CardSetup, RecurringGift } from '@/types/recurring-gifts';
import { t } from '../i18n';
import { cardLabel, summaryText } from '../lib/gift-text';
import type { CardStep } from '../types';
import { GiftCardStep } from './gift-card-step';

type Props = {
  gift: RecurringGift;
  token?: string | null;
  /** The card form made for this change (`card-setup`). */
  setup: CardSetup;
  cardStep: CardStep;
  open: boolean;
  onClose: () => void;
};

/**
 * A new card for a gift: the card step on the card form made for it. A gift retrying or paused
 * after failed charges is tried at once with the new card (the server says how that went).
 */
export function UpdateCardDialog({ gift, token, setup, cardStep, open, onClose }: Props) {
  const titleId = useId();
  const introId = useId();
  const { toast } = useToast();

  function saved(next: RecurringGift) {
    const card = next.card ? cardLabel(next.card) : t('recurring.yourCard');
    if (next.failures > 0) {
      toast({ title: t('recurring.cardDeclined'), description: next.lastError ?? card, variant: 'destructive' });
    } else {
      toast({ title: t('recurring.cardUpdated'), description: card });
    }
    onClose();
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{gift.card ? t('recurring.updateCardTitle') : t('recurring.addCardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {t('recurring.cardIntro', {
            summary: summaryText(gift),
            replaces: gift.card ? 'yes' : 'no',
            card: gift.card ? cardLabel(gift.card) : '',
            retry: gift.failures > 0 ? 'yes' : 'no',
          })}
        </DialogContentText>
        <GiftCardStep
          giftId={gift.id}
          token={token}
          setup={setup}
          submitLabel={t('recurring.saveCard')}
          billing={{ name: gift.donorName, email: gift.donorEmail }}
          cardStep={cardStep}
          onSaved={saved}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('recurring.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

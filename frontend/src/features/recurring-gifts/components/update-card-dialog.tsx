import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useToast } from '@/components/ui/toast';
import { cardText, giftSummary } from '@/lib/recurring-gifts';
import type { CardSetup, RecurringGift } from '@/types/recurring-gifts';
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
    const card = next.card ? cardText(next.card) : 'Your card';
    if (next.failures > 0) {
      toast({ title: 'Card saved, but the gift was declined', description: next.lastError ?? card, variant: 'destructive' });
    } else {
      toast({ title: 'Card updated', description: card });
    }
    onClose();
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{gift.card ? 'Update your card' : 'Add your card'}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {`For your gift of ${giftSummary(gift)}.`}
          {gift.card ? ` It replaces the ${cardText(gift.card)}.` : null}
          {gift.failures > 0 ? ' The gift is tried again with the new card at once.' : null}
        </DialogContentText>
        <GiftCardStep
          giftId={gift.id}
          token={token}
          setup={setup}
          submitLabel="Save card"
          billing={{ name: gift.donorName, email: gift.donorEmail }}
          cardStep={cardStep}
          onSaved={saved}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

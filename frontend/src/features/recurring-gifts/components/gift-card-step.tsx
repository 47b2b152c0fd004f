import type { CardSetup, RecurringGift } from '@/types/recurring-gifts';
import { useRecurringGiftActions } from '../api/recurring-gifts';
import type { CardStep } from '../types';

type Props = {
  giftId: string;
  /** The gift's signed link's token (a guest's). */
  token?: string | null;
  setup: CardSetup;
  submitLabel: string;
  billing: { name: string; email?: string };
  cardStep: CardStep;
  /** The gift as it is once its card is saved (maybe charged at once, or its charge declined). */
  onSaved: (gift: RecurringGift) => void;
};

/** The card step of a gift: its card form, saving the card on the gift (`/card/sandbox` or `/card`). */
export function GiftCardStep({ giftId, token, setup, submitLabel, billing, cardStep, onSaved }: Props) {
  const actions = useRecurringGiftActions(giftId, token);
  const form = { setupIntentId: setup.setupIntentId, clientSecret: setup.clientSecret };
  return cardStep({
    setup,
    submitLabel,
    billing,
    saveTestCard: async (card) => onSaved(await actions.saveTestCard({ ...form, ...card })),
    saveConfirmedCard: async () => onSaved(await actions.saveCard(form)),
  });
}

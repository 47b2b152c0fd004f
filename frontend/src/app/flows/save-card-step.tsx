// The recurring gifts' card step, composed from the payments feature's card form (which saves a
// card for later gifts) and the recurring gifts feature (which says what saving it does).
import { SaveCardForm } from '@/features/payments/components/save-card-form';
import type { CardStep } from '@/features/recurring-gifts/types';

/** Draws the card step of a recurring gift: the sandbox's TEST MODE form or Stripe's Payment Element. */
export const saveCardStep: CardStep = (props) => <SaveCardForm {...props} />;

import type { ReactNode } from 'react';
import type { CardSetup } from '@/types/recurring-gifts';

/** What the card step is given: the card form to confirm, and how to save the card on the gift. */
export type CardStepProps = {
  setup: CardSetup;
  /** The button's label: "Start my monthly gift", "Save card". */
  submitLabel: string;
  /** The donor's name and e-mail, the card's billing details. */
  billing: { name: string; email?: string };
  /** The sandbox's form: the card's last four digits and expiry, and the tester's outcome. */
  saveTestCard: (card: { outcome: 'succeeded' | 'failed'; last4: string; expMonth: number; expYear: number }) => Promise<unknown>;
  /** Stripe's form: the setup was confirmed in the browser. */
  saveConfirmedCard: () => Promise<unknown>;
};

/**
 * Draws the card step (the payments feature's card form, composed in src/app): this feature only
 * says which card form to confirm and what saving the card does.
 */
export type CardStep = (props: CardStepProps) => ReactNode;

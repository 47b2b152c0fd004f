// Recurring gifts by card (issue 30, ADR 0136): the generated shapes (api.gen.ts, from the
// server's OpenAPI document), with the texts the server writes narrowed to their values, and the
// request bodies as the forms send them.
import type { components } from './api.gen';

type Schemas = components['schemas'];

export type RecurringFrequency = 'monthly' | 'quarterly' | 'yearly';
/** `setup`: waiting for its card to be saved (never charged yet). */
export type RecurringGiftStatus = 'setup' | 'active' | 'paused' | 'canceled';
/** `each`: a receipt e-mailed for each gift; `statement`: only the year-end statement. */
export type RecurringReceipts = 'each' | 'statement';

/** The saved card as the donor sees it (never its number). `brand` as the provider names it: `visa`. */
export type SavedCard = Schemas['CardDto'];

/** One charge of a gift: a payment of the ledger, with its signed receipt page (`receiptUrl`). */
export type RecurringCharge = Schemas['GiftChargeDto'];

export type RecurringGift = Omit<Schemas['RecurringGiftDto'], 'status' | 'pausedBy' | 'frequency' | 'receipts'> & {
  status: RecurringGiftStatus;
  pausedBy: 'donor' | 'failures' | null;
  frequency: RecurringFrequency;
  receipts: RecurringReceipts;
};

/** A card form for the browser: Stripe's SetupIntent, or the sandbox's. */
export type CardSetup = Omit<Schemas['CardSetupDto'], 'provider'> & { provider: 'sandbox' | 'stripe' };

/** `POST /api/recurring-gifts`: a guest gives `name` and `email`; a member's come from the account. */
export type RecurringGiftBody = {
  amount: string;
  frequency: RecurringFrequency;
  fundId: string;
  startOn: string;
  receipts: RecurringReceipts;
  name?: string;
  email?: string;
};

/** The answer of `POST /api/recurring-gifts`: the gift (waiting for its card), its card form and its signed link (an app path). */
export type StartedRecurringGift = Omit<Schemas['StartedGiftDto'], 'gift' | 'setup'> & { gift: RecurringGift; setup: CardSetup };

/** `PATCH /api/recurring-gifts/{id}`: only what changes. */
export type RecurringGiftChanges = Partial<Pick<RecurringGift, 'amount' | 'fundId' | 'frequency' | 'receipts'>> & { nextChargeOn?: string };

/** `POST /api/recurring-gifts/{id}/card/sandbox`: the sandbox's card form, its outcome and what it was given. */
export type SandboxCardBody = {
  setupIntentId: string;
  clientSecret: string;
  outcome: 'succeeded' | 'failed';
  last4: string;
  expMonth: number;
  expYear: number;
};

/** `POST /api/recurring-gifts/{id}/card`: the card form Stripe confirmed in the browser. */
export type ConfirmedCardBody = { setupIntentId: string; clientSecret: string };

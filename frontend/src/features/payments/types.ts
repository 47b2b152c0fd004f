import type { DonationDetail, PaymentIntentResponse, ZelleConfirmResponse } from '@/types/api';

/** What is being paid: the total, its split over donation types, and the event (none = direct donation). */
export type PaymentRequest = {
  amount: number;
  donationDetails: DonationDetail[];
  /** The event's id; undefined for a direct donation from /donate. */
  eventId?: string;
  /** Optional note from the donor (sent as metadata). */
  notes?: string;
  /**
   * Pays through another endpoint than the donation ones (a seva booking links its payment to the
   * booking): creates the card intent, and records the Zelle payment. `attemptKey` is the attempt's
   * idempotency key.
   */
  source?: {
    createIntent: (attemptKey: string) => Promise<PaymentIntentResponse>;
    recordZelle: () => Promise<Pick<ZelleConfirmResponse, 'receiptNumber' | 'payment'>>;
  };
  /** Who gives: a guest's name and e-mail (required by the server), optional address and line. */
  donor?: DonorFields;
  /** The name the card's billing details carry (the donor's). */
  billingName?: string;
  /** The e-mail the card's billing details carry (the donor's). */
  billingEmail?: string;
};

/** The donor fields of a donation as the API takes them (docs/product.md#donor-identity). */
export type DonorFields = {
  donorName?: string;
  donorEmail?: string;
  donorAddress?: string;
  inHonorOf?: string;
};

/** The donor fields with blank values left out. */
export function donorBody(donor: DonorFields | undefined): DonorFields {
  const body: DonorFields = {};
  for (const key of ['donorName', 'donorEmail', 'donorAddress', 'inHonorOf'] as const) {
    const value = donor?.[key]?.trim();
    if (value) body[key] = value;
  }
  return body;
}

export type PaymentOutcome = 'succeeded' | 'failed' | 'processing';

/** Reported when a payment attempt has finished on this page. */
export type PaymentCompletion = {
  method: 'card' | 'zelle';
  /** The method's display name, e.g. 'Credit Card' or 'Zelle'. */
  methodName: string;
  amount: number;
  status: PaymentOutcome;
  /** Where the donor goes next: /payment-confirmation with the provider's query parameters. */
  redirectUrl: string;
};

/** Saved in localStorage under 'zellePaymentInfo' for the confirmation page. */
export type ZellePaymentInfo = {
  receiptNumber: string;
  amount: number;
  eventId: string | null;
  donationDetails: DonationDetail[];
  recordedAt: string;
  status: string;
};

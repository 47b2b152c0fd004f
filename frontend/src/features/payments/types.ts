import type { DonationDetail } from '@/types/api';

/** What is being paid: the total, its split over donation types, and the event (none = direct donation). */
export type PaymentRequest = {
  amount: number;
  donationDetails: DonationDetail[];
  /** The event's id; undefined for a direct donation from /donate. */
  eventId?: string;
  /** Optional note from the donor (sent as metadata). */
  notes?: string;
};

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

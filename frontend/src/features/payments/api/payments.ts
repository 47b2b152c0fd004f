import { api } from '@/lib/api-client';
import type { Payment } from '@/types/api';
import type { PaymentOutcome } from '../types';

export type CreatePaymentIntentBody = {
  amount: number;
  metadata: { eventId: string; donationDetails: string; notes?: string };
};

export type PaymentIntentResponse = {
  clientSecret: string;
  paymentIntentId: string;
  provider: 'sandbox' | 'stripe';
  message?: string;
};

/** POST /api/payments/create-payment-intent, with an Idempotency-Key per attempt. */
export function createPaymentIntent(body: CreatePaymentIntentBody, idempotencyKey: string): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>('/api/payments/create-payment-intent', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/payments/sandbox/confirm: the offline provider's confirm step. */
export function confirmSandboxPayment(body: {
  paymentIntentId: string;
  clientSecret: string;
  outcome: PaymentOutcome;
}): Promise<{ redirectUrl: string }> {
  return api.post<{ redirectUrl: string }>('/api/payments/sandbox/confirm', body);
}

export type ZelleConfirmBody = {
  amount: number;
  donationDetails: string;
  receiptNumber: string;
  status: 'success';
  eventId?: string;
  notes?: string;
};

export type ZelleConfirmResponse = { receiptNumber: string; message: string; payment?: Payment };

/** POST /api/payments/zelle-confirm. */
export function confirmZellePayment(body: ZelleConfirmBody): Promise<ZelleConfirmResponse> {
  return api.post<ZelleConfirmResponse>('/api/payments/zelle-confirm', body);
}

/** GET /api/payments/intent/{id}?clientSecret=S: the server's record of a card payment. */
export function getPaymentByIntent(paymentIntentId: string, clientSecret: string): Promise<Payment> {
  const q = new URLSearchParams({ clientSecret }).toString();
  return api.get<Payment>(`/api/payments/intent/${encodeURIComponent(paymentIntentId)}?${q}`);
}

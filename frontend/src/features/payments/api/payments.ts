import { api } from '@/lib/api-client';
import type {
  CreatePaymentIntentBody,
  Payment,
  PaymentIntentResponse,
  SandboxConfirmBody,
  SandboxConfirmResponse,
  ZelleConfirmBody,
  ZelleConfirmResponse,
} from '@/types/api';

/** POST /api/payments/create-payment-intent, with an Idempotency-Key per attempt. */
export function createPaymentIntent(body: CreatePaymentIntentBody, idempotencyKey: string): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>('/api/payments/create-payment-intent', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/payments/sandbox/confirm: the offline provider's confirm step. */
export function confirmSandboxPayment(body: SandboxConfirmBody): Promise<SandboxConfirmResponse> {
  return api.post<SandboxConfirmResponse>('/api/payments/sandbox/confirm', body);
}

/** POST /api/payments/zelle-confirm. */
export function confirmZellePayment(body: ZelleConfirmBody): Promise<ZelleConfirmResponse> {
  return api.post<ZelleConfirmResponse>('/api/payments/zelle-confirm', body);
}

/** GET /api/payments/intent/{id}?clientSecret=S: the server's record of a card payment. */
export function getPaymentByIntent(paymentIntentId: string, clientSecret: string): Promise<Payment> {
  const q = new URLSearchParams({ clientSecret }).toString();
  return api.get<Payment>(`/api/payments/intent/${encodeURIComponent(paymentIntentId)}?${q}`);
}

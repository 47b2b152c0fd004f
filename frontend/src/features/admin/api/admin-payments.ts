import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { Payment, PaymentStatus } from '@/types/api';

export type PaymentFilters = {
  status: PaymentStatus | '';
  method: Payment['paymentMethod'] | '';
  eventId: string;
  /** yyyy-MM-dd (inclusive, the admin's local day) */
  from: string;
  /** yyyy-MM-dd (inclusive, the admin's local day) */
  to: string;
};

export type PaymentTotals = {
  byDonationType: { name: string; amount: string | number; count: number }[];
  byEvent: { eventId: string | null; eventName: string | null; amount: string | number; count: number }[];
};

export const ADMIN_PAYMENTS_PATH = '/api/admin/payments';
export const ADMIN_PAYMENT_TOTALS_PATH = '/api/admin/payments/totals';

/** The list URL for a set of filters; dates become the start and end of the chosen local days. */
export function adminPaymentsKey(filters: PaymentFilters): string {
  const q = new URLSearchParams();
  if (filters.status) q.set('status', filters.status);
  if (filters.method) q.set('method', filters.method);
  if (filters.eventId) q.set('eventId', filters.eventId);
  if (filters.from) q.set('from', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) q.set('to', new Date(`${filters.to}T23:59:59.999`).toISOString());
  const s = q.toString();
  return s ? `${ADMIN_PAYMENTS_PATH}?${s}` : ADMIN_PAYMENTS_PATH;
}

/** GET /api/admin/payments?status=&method=&eventId=&from=&to= (newest first). */
export function useAdminPayments(filters: PaymentFilters) {
  const key = adminPaymentsKey(filters);
  const { data, error, isLoading, isValidating, mutate } = useSWR<Payment[]>(key);
  return { payments: data, error: error as Error | undefined, isLoading, isValidating, refresh: () => mutate(), key };
}

/** GET /api/admin/payments/totals */
export function usePaymentTotals() {
  const { data, error, isLoading, mutate } = useSWR<PaymentTotals>(ADMIN_PAYMENT_TOTALS_PATH);
  return { totals: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** POST /api/admin/payments/{id}/status: a pending Zelle payment received (completed) or failed. */
export function setPaymentStatus(id: string, status: 'completed' | 'failed'): Promise<Payment> {
  return api.post<Payment>(`${ADMIN_PAYMENTS_PATH}/${id}/status`, { status });
}

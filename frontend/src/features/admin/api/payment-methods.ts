import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { PaymentMethod, PaymentMethodIcon } from '@/types/api';

export type PaymentMethodBody = {
  name: string;
  displayName: string;
  description: string | null;
  isActive: boolean;
  sortOrder: number;
  icon: PaymentMethodIcon | null;
};

/** GET /api/payment-methods (admin: active and inactive, by sortOrder). */
export function usePaymentMethods() {
  const { data, error, isLoading, mutate } = useSWR<PaymentMethod[]>(apiKeys.paymentMethods);
  return { paymentMethods: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

export function createPaymentMethod(body: PaymentMethodBody): Promise<PaymentMethod> {
  return api.post<PaymentMethod>(apiKeys.paymentMethods, body);
}

export function updatePaymentMethod(id: string, body: Partial<PaymentMethodBody>): Promise<PaymentMethod> {
  return api.patch<PaymentMethod>(`${apiKeys.paymentMethods}/${id}`, body);
}

export function deletePaymentMethod(id: string): Promise<void> {
  return api.delete(`${apiKeys.paymentMethods}/${id}`);
}

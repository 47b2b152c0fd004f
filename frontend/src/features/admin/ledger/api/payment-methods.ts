import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { PaymentMethod, PaymentMethodBody, PaymentMethodChanges } from '@/types/api';

/** GET /api/payment-methods (admin: active and inactive, by sortOrder). */
export function usePaymentMethods() {
  const { data, error, isLoading, mutate } = useSWR<PaymentMethod[]>(apiKeys.paymentMethods);
  return { paymentMethods: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

export function createPaymentMethod(body: PaymentMethodBody): Promise<PaymentMethod> {
  return api.post<PaymentMethod>(apiKeys.paymentMethods, body);
}

export function updatePaymentMethod(id: string, body: PaymentMethodChanges): Promise<PaymentMethod> {
  return api.patch<PaymentMethod>(`${apiKeys.paymentMethods}/${id}`, body);
}

export function deletePaymentMethod(id: string): Promise<void> {
  return api.delete(`${apiKeys.paymentMethods}/${id}`);
}

/** Reloads the admin list and the donors' active list. */
function useReloadPaymentMethods() {
  const { mutate } = useSWRConfig();
  return () => Promise.all([mutate(apiKeys.paymentMethods), mutate(apiKeys.activePaymentMethods)]);
}

/** Creates (id null) or updates a payment method (all or some fields), then reloads both lists. */
export function useSavePaymentMethod() {
  const reload = useReloadPaymentMethods();
  // A new method needs the full body (name and displayName are required); an update may be partial.
  function save(id: null, body: PaymentMethodBody): Promise<PaymentMethod>;
  function save(id: string | null, body: PaymentMethodBody): Promise<PaymentMethod>;
  function save(id: string, body: PaymentMethodChanges): Promise<PaymentMethod>;
  async function save(id: string | null, body: PaymentMethodBody | PaymentMethodChanges): Promise<PaymentMethod> {
    const saved = id === null ? await createPaymentMethod(body as PaymentMethodBody) : await updatePaymentMethod(id, body);
    await reload();
    return saved;
  }
  return save;
}

/** Deletes a payment method, then reloads both lists. */
export function useDeletePaymentMethod() {
  const reload = useReloadPaymentMethods();
  return async (id: string): Promise<void> => {
    await deletePaymentMethod(id);
    await reload();
  };
}

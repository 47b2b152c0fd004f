import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { activePaymentMethodsSWRConfig } from '@/lib/swr';
import type { PaymentMethod } from '@/types/api';
import { t } from '../i18n';

function serverText(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? (err.bodyText || err.statusText);
  return err instanceof Error ? err.message : String(err);
}

/**
 * GET /api/payment-methods/active. A failure throws 'Failed to fetch payment methods: {server text}';
 * an empty list only logs a warning (docs/product.md#error-texts).
 */
export async function getActivePaymentMethods(tolerate401 = false): Promise<PaymentMethod[]> {
  let list: PaymentMethod[] | null;
  try {
    list = await api.get<PaymentMethod[] | null>(apiKeys.activePaymentMethods, {
      on401: tolerate401 ? 'returnNull' : 'throw',
    });
  } catch (err) {
    throw new Error(t('payments.methods.fetchFailed', { message: serverText(err) }), { cause: err });
  }
  const methods = Array.isArray(list) ? list : [];
  if (methods.length === 0) console.warn('No active payment methods are configured');
  return [...methods].sort((a, b) => a.sortOrder - b.sortOrder);
}

/** Active methods: stale after 5 s and refetched on window focus (the one exception to the SWR defaults). */
export function useActivePaymentMethods(tolerate401 = false) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<PaymentMethod[]>(
    apiKeys.activePaymentMethods,
    () => getActivePaymentMethods(tolerate401),
    activePaymentMethodsSWRConfig,
  );
  return { methods: data, error: error as Error | undefined, isLoading, isValidating, refresh: () => mutate() };
}

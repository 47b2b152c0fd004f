import type { SWRConfiguration } from 'swr';
import { api } from '@/lib/api-client';

/** Default read: GET on the first element of the key, JSON parsed (spec section 7). */
export function defaultFetcher<T = unknown>(key: string | readonly [string, ...unknown[]]): Promise<T> {
  const path = typeof key === 'string' ? key : key[0];
  return api.get<T>(path);
}

/** Read that answers null instead of failing on 401 (the donate page's reads). */
export function nullOn401Fetcher<T = unknown>(key: string | readonly [string, ...unknown[]]): Promise<T | null> {
  const path = typeof key === 'string' ? key : key[0];
  return api.get<T | null>(path, { on401: 'returnNull' });
}

/** Spec section 9: no retries, no focus revalidation, no polling, data never stale. */
export const swrConfig: SWRConfiguration = {
  fetcher: defaultFetcher,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  revalidateIfStale: false,
  dedupingInterval: 2000,
};

/** The one exception: the active payment-methods list is stale after 5 s and refetched on focus. */
export const activePaymentMethodsSWRConfig: SWRConfiguration = {
  revalidateOnFocus: true,
  revalidateIfStale: true,
  dedupingInterval: 5000,
  focusThrottleInterval: 5000,
};

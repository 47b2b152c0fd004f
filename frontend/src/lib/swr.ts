import type { SWRConfiguration } from 'swr';
import { api } from '@/lib/api-client';
import { takeSeeded } from '@/lib/initial-data';

/**
 * Default read: GET on the first element of the key, JSON parsed (docs/product.md#api-calls). On a
 * hydrated prerendered page, a key's first read is answered by the page's data block instead.
 */
export function defaultFetcher<T = unknown>(key: string | readonly [string, ...unknown[]]): Promise<T> {
  const seeded = typeof key === 'string' ? takeSeeded(key) : undefined;
  if (seeded) return Promise.resolve(seeded.value as T);
  const path = typeof key === 'string' ? key : key[0];
  return api.get<T>(path);
}

/** The key of a read by `nullOn401Fetcher`: its own cache entry, apart from the plain GET's. */
export function nullOn401Key(path: string): readonly [string, 'null-on-401'] {
  return [path, 'null-on-401'];
}

/** Read that answers null instead of failing on 401 (the donate page's reads); key: `nullOn401Key`. */
export function nullOn401Fetcher<T = unknown>(key: string | readonly [string, ...unknown[]]): Promise<T | null> {
  const path = typeof key === 'string' ? key : key[0];
  return api.get<T | null>(path, { on401: 'returnNull' });
}

/** docs/product.md#data-fetching: no retries, no focus revalidation, no polling, data never stale. */
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

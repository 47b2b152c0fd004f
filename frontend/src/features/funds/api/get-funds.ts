import useSWR from 'swr';
import type { Fund } from '@/types/api';

/**
 * The public funds' SWR keys, their API paths: the server writes their answers into the funds
 * pages' data block under the same keys (lib/initial-data.ts). The admin area refreshes them by path.
 */
export const fundKeys = {
  /** The active funds, General first, then by name. */
  list: '/api/funds',
  one: (id: string) => `/api/funds/${encodeURIComponent(id)}`,
} as const;

/** GET /api/funds: the active funds with what each has raised. */
export function useFunds() {
  const { data, error, isLoading, mutate } = useSWR<Fund[]>(fundKeys.list);
  // Loading means no data yet: data seeded from the page stays on screen while it revalidates.
  return { funds: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/funds/{id}: one fund with what it has raised; a 404 shows the 'Fund not found' state. */
export function useFund(id: string) {
  const { data, error, isLoading, mutate } = useSWR<Fund>(id ? fundKeys.one(id) : null);
  return { fund: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

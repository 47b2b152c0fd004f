import useSWR from 'swr';
import type { Fund, FundMonths } from '@/types/api';

/**
 * The public funds' SWR keys, their API paths: the server writes their answers into the funds
 * pages' data block under the same keys (lib/initial-data.ts). The admin area refreshes them by path.
 */
export const fundKeys = {
  /** The active funds, General first, then by name. */
  list: '/api/funds',
  one: (id: string) => `/api/funds/${encodeURIComponent(id)}`,
  /** A fund's gifts month by month (its page's chart); never in the page's data block. */
  months: (id: string) => `/api/funds/${encodeURIComponent(id)}/months`,
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

/**
 * GET /api/funds/{id}/months: what the fund received each month, oldest first. `id` null asks
 * nothing: the fund's page asks only once hydrated, so the server's render never waits on it.
 */
export function useFundMonths(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<FundMonths>(id ? fundKeys.months(id) : null);
  return { months: data?.months, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import { defaultFetcher, nullOn401Fetcher, nullOn401Key } from '@/lib/swr';
import type { DonationType } from '@/types/api';

/**
 * GET /api/donation-types (all types, by name). `tolerate401` makes a 401 answer an empty list
 * (the donate page works for guests and with an expired session).
 */
export function useDonationTypes({ tolerate401 = false, activeOnly = true, enabled = true } = {}) {
  // Each fetcher has its own key: SWR keeps one cache entry, and one fetcher, per key.
  const { data, error, isLoading, mutate } = useSWR<DonationType[] | null>(
    enabled ? (tolerate401 ? nullOn401Key(apiKeys.donationTypes) : apiKeys.donationTypes) : null,
    tolerate401 ? nullOn401Fetcher<DonationType[]> : defaultFetcher<DonationType[]>,
  );
  const all = Array.isArray(data) ? data : [];
  const donationTypes = activeOnly ? all.filter((t) => t.isActive) : all;
  return { donationTypes, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { Festival } from '@/types/api';

/**
 * GET /api/festivals?year=: the festivals of a Gregorian year ("YYYY") on their days at the
 * temple, in date order. The panchangam page's data block carries the shown month's year.
 */
export function useFestivals(year: string) {
  const { data, error, isLoading, mutate } = useSWR<Festival[]>(apiKeys.festivals(year));
  return { festivals: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => void mutate() };
}
